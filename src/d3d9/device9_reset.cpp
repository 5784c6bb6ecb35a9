// IDirect3DDevice9Ex: Reset. On a plain device the program must have released what lives in
// D3DPOOL_DEFAULT (and its state blocks and extra swap chains) first; then the back buffer and
// the automatic depth buffer are made anew for the new presentation parameters, and every state
// goes back to its default, in the front end's state cache and in the driver's context alike.
// Shaders, declarations, managed and system-memory resources survive. A D3D9Ex device keeps
// its state and resources: only the implicit surfaces change (keepStateThroughReset).
#include "d3d9/device9.h"

#include <algorithm>

#include "d3d9/buffer9.h"
#include "d3d9/caps9.h"
#include "d3d9/present_parameters.h"
#include "d3d9/surface9.h"

namespace ddivk::d3d9 {

HRESULT STDMETHODCALLTYPE Device9::Reset(D3DPRESENT_PARAMETERS* parameters) {
    return resetDevice(parameters);
}

HRESULT STDMETHODCALLTYPE Device9::ResetEx(D3DPRESENT_PARAMETERS* parameters, D3DDISPLAYMODEEX* mode) {
    if (!parameters) return D3DERR_INVALIDCALL;
    // As CreateDeviceEx: a full-screen device names its display mode, a windowed one must not.
    if (!parameters->Windowed != (mode != nullptr)) return D3DERR_INVALIDCALL;
    if (mode && !fullScreenModeMatches(*parameters, *mode)) return D3DERR_INVALIDCALL;
    return resetDevice(parameters);
}

HRESULT Device9::resetDevice(D3DPRESENT_PARAMETERS* parameters) {
    if (!parameters) return D3DERR_INVALIDCALL;
    auto guard = lock();
    // While focus is away a (non-Ex) device stays lost: Reset only once focus is back.
    if (focusLost_.load() && !creation_.extended) return D3DERR_DEVICELOST;
    const HRESULT hr = applyReset(parameters);
    if (SUCCEEDED(hr)) focusLost_.store(false);
    watchFocus();
    // D3D9: after a failed Reset "the only valid methods are Reset, TestCooperativeLevel and
    // Release": the device answers D3DERR_DEVICENOTRESET until a Reset succeeds. D3D9Ex devices
    // are not lost that way.
    notReset_.store(FAILED(hr) && !creation_.extended);
    return hr;
}

HRESULT Device9::applyReset(D3DPRESENT_PARAMETERS* parameters) {
    // Back to windowed: the desktop and the window first, so that a size of 0 takes the
    // windowed client area.
    if (parameters->Windowed) fullScreen_.leave();
    D3DPRESENT_PARAMETERS checked = *parameters;
    if (HRESULT hr =
            checkPresentParameters(*creation_.adapter, creation_.focusWindow, creation_.extended, checked);
        FAILED(hr))
        return hr;
    // A D3D9Ex device keeps its state and bindings through a Reset, and default-pool resources
    // do not stop it (Wine's d3d9ex.c test_reset, test_reset_ex and test_reset_resources record
    // Windows): only the implicit surfaces change.
    const bool keepState = creation_.extended;
    // Otherwise the device's bindings go first: what only they hold is released, and does not
    // stop the Reset (Wine's test_reset_resources: bound render targets and depth surfaces the
    // program released). A Reset that fails leaves a device that only takes another.
    if (!keepState) releaseBindings();
    // The implicit surfaces the program still holds: they stop a Reset, except on a D3D9Ex
    // device, where they outlive it, detached (Wine's test_reset and test_backbuffer_resize
    // record Windows).
    std::vector<Surface9*> held;
    for (Surface9* s : backBuffers_)
        if (s->publicReferences() > 0) held.push_back(s);
    if (autoDepth_ && autoDepth_->publicReferences() > 0) held.push_back(autoDepth_);
    if (!held.empty() && !creation_.extended) {
        DDIVK_WARN("d3d9: Reset refused: the program still holds %zu back buffer or depth surfaces",
                   held.size());
        return D3DERR_INVALIDCALL;
    }
    if (const int live = defaultPoolObjects_.load(); live > 0 && !keepState) {
        DDIVK_WARN("d3d9: Reset refused: %d D3DPOOL_DEFAULT resources or state blocks are still alive", live);
        return D3DERR_INVALIDCALL;
    }
    // The new display mode before the surfaces: a mode the display refuses changes nothing.
    const bool keepWindow = (creation_.flags & D3DCREATE_NOWINDOWCHANGES) != 0;
    if (!checked.Windowed)
        if (HRESULT hr = fullScreen_.enter(checked, keepWindow); FAILED(hr)) return hr;
    // A later failure puts the display back as it was.
    auto restoreDisplay = [&] {
        if (creation_.present.Windowed)
            fullScreen_.leave();
        else
            fullScreen_.enter(creation_.present, keepWindow);
    };
    std::vector<Surface9*> backs;
    Surface9* depth = nullptr;
    if (HRESULT hr = createBackBuffers(checked, backs); FAILED(hr)) {
        restoreDisplay();
        return hr;
    }
    auto deleteBacks = [&] {
        for (Surface9* s : backs)
            delete s;
    };
    if (checked.EnableAutoDepthStencil) {
        if (HRESULT hr = createDriverSurface(checked.BackBufferWidth, checked.BackBufferHeight,
                                             checked.AutoDepthStencilFormat, D3DUSAGE_DEPTHSTENCIL, true,
                                             &depth, checked.MultiSampleType, checked.MultiSampleQuality);
            FAILED(hr)) {
            deleteBacks();
            restoreDisplay();
            return hr;
        }
        if (checked.Flags & D3DPRESENTFLAG_DISCARD_DEPTHSTENCIL) depth->setDiscardable();
    }
    if (keepState) return keepStateThroughReset(checked, backs, depth, held, parameters);
    ddivk::HRESULT reset = D3DERR_INVALIDCALL;
    stream_->call(
        [&] { reset = ddivk_context_reset(context_, backs[0]->handle(), depth ? depth->handle() : 0); });
    if (reset != S_OK) {
        deleteBacks();
        delete depth;
        restoreDisplay();
        return D3DERR_INVALIDCALL;
    }

    // The front end's side: no bindings (released above), default state, the new implicit
    // surfaces.
    std::swap(backBuffers_, backs);
    deleteBacks(); // the old ones (the program holds none: checked above)
    delete autoDepth_;
    autoDepth_ = depth;
    creation_.present = checked;
    writeBackParameters(*parameters, checked);
    state_.reset(defaults());
    reszPointSize_ = false;
    state_.setRenderTarget(0, backBuffers_[0]->handle());
    state_.setDepthStencil(depth ? depth->handle() : 0);
    renderTargets_[0].reset(backBuffers_[0]);
    depthStencil_.reset(depth);
    inScene_ = false;
    // The windows' swapchains are made again at the next Present (new size or interval).
    dropWindowChains();
    deviceLost_.store(false);
    return D3D_OK;
}

// A D3D9Ex Reset: the new implicit surfaces are bound through the setters (render target 0, the
// depth buffer), which reset the viewport and scissor to the new back buffer; the viewport keeps
// its depth range (Wine's test_reset); the other render targets are unbound. Everything else
// the program set stays, an open scene included.
HRESULT Device9::keepStateThroughReset(const D3DPRESENT_PARAMETERS& checked, std::vector<Surface9*>& backs,
                                       Surface9* depth, const std::vector<Surface9*>& held,
                                       D3DPRESENT_PARAMETERS* parameters) {
    ::D3DVIEWPORT9 viewport{};
    GetViewport(&viewport);
    std::swap(backBuffers_, backs);
    Surface9* oldDepth = autoDepth_;
    autoDepth_ = depth;
    creation_.present = checked;
    writeBackParameters(*parameters, checked);
    SetRenderTarget(0, backBuffers_[0]);
    // The other render targets are unbound (Wine's test_reset_resources: GetRenderTarget of 1 to
    // 3 answers D3DERR_NOTFOUND after the Reset).
    for (DWORD i = 1; i < simultaneousTargets(*creation_.adapter); ++i)
        if (renderTargets_[i].get()) SetRenderTarget(i, nullptr);
    SetDepthStencilSurface(depth);
    ::D3DVIEWPORT9 full{};
    GetViewport(&full);
    full.MinZ = viewport.MinZ;
    full.MaxZ = viewport.MaxZ;
    SetViewport(&full);
    // The old surfaces, now unbound, go unless the program holds them.
    auto isHeld = [&](Surface9* s) { return std::find(held.begin(), held.end(), s) != held.end(); };
    for (Surface9* s : held)
        s->disown(); // the program's last Release deletes it
    for (Surface9* s : backs)
        if (!isHeld(s)) delete s;
    if (oldDepth && !isHeld(oldDepth)) delete oldDepth;
    dropWindowChains();
    deviceLost_.store(false);
    return D3D_OK;
}

void Device9::releaseBindings() {
    for (auto& t : renderTargets_)
        t.reset(nullptr);
    depthStencil_.reset(nullptr);
    for (auto& s : streams_)
        s.reset(nullptr);
    indices_.reset(nullptr);
    releaseBoundTextures();  // textures
    shaderBindings_.reset(); // declaration and shaders
    recordingHolds_.clear();
}

} // namespace ddivk::d3d9

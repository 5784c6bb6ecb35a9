// IDirect3DDevice9Ex: presentation. Present posts the back buffer's presentation to the
// worker after the frame's commands and hands the batch over, so the program goes on recording
// the next frame; the worker presents through the driver's swapchain of the window (one per
// window and interval, made at its first Present while the program waits). The program runs at
// most the maximum frame latency ahead of the GPU (device9_frame_latency.cpp).
#include "d3d9/device9.h"

#include "d3d9/surface9.h"
#include "d3d9/swap_chain9.h"

#include <algorithm>
#include <thread>
#include <utility>

namespace ddivk::d3d9 {
namespace {

// The swapchain interval of a D3DPRESENT_INTERVAL_* value: 0 at once, else vertical blanks.
uint32_t intervalOf(UINT presentationInterval) {
    switch (presentationInterval) {
    case D3DPRESENT_INTERVAL_IMMEDIATE:
        return 0;
    case D3DPRESENT_INTERVAL_TWO:
        return 2;
    case D3DPRESENT_INTERVAL_THREE:
        return 3;
    case D3DPRESENT_INTERVAL_FOUR:
        return 4;
    default: // DEFAULT and ONE
        return 1;
    }
}

} // namespace

HRESULT Device9::presentFrame(const RECT* source, const RECT* dest, HWND window, DWORD flags) {
    HRESULT hr = D3D_OK;
    FramePacer::Clock::time_point due{};
    {
        auto guard = lock();
        hr = presentSurface(creation_.present, backBuffers_, source, dest, window, flags, presentedGamma());
        if (hr == D3D_OK && framePacer_.active()) due = framePacer_.due(FramePacer::Clock::now());
    }
    // DDIVK_MAX_FRAME_RATE: the program waits here, as for a vertical blank, outside the
    // device's lock so that its other threads go on.
    if (framePacer_.active()) std::this_thread::sleep_until(due);
    return hr;
}

HRESULT Device9::presentSurface(const D3DPRESENT_PARAMETERS& p, const std::vector<Surface9*>& ring,
                                const RECT* source, const RECT* dest, HWND window, DWORD flags,
                                std::shared_ptr<const D3DGAMMARAMP> gamma) {
    auto guard = lock();
    if (focusLost_.load() && creation_.extended) return S_PRESENT_OCCLUDED; // nothing shown
    if (deviceLost_.load() || notReset_.load() || focusLost_.load()) return D3DERR_DEVICELOST;
    // Rectangles are for D3DSWAPEFFECT_COPY only.
    if ((source || dest) && p.SwapEffect != D3DSWAPEFFECT_COPY) return D3DERR_INVALIDCALL;
    const ddivk_rect none{};
    const ddivk_rect from =
        source ? ddivk_rect{source->left, source->top, source->right, source->bottom} : none;
    const ddivk_rect to = dest ? ddivk_rect{dest->left, dest->top, dest->right, dest->bottom} : none;
    if ((source && (from.right <= from.left || from.bottom <= from.top)) ||
        (dest && (to.right <= to.left || to.bottom <= to.top)))
        return D3DERR_INVALIDCALL;
    HWND target = window ? window : p.hDeviceWindow ? p.hDeviceWindow : creation_.focusWindow;
    // An Ex device's presentation area is occluded while its window is minimised: nothing is
    // shown and the back buffer stays as drawn (the program may go on drawing, or wait).
    if (creation_.extended && target && IsIconic(target)) return S_PRESENT_OCCLUDED;
    const uint32_t interval = (flags & D3DPRESENT_FORCEIMMEDIATE) ? 0 : intervalOf(p.PresentationInterval);
    // D3DPRESENT_DONOTWAIT: "if the presentation would block", D3DERR_WASSTILLDRAWING and
    // nothing presented; here it would block while the frame latency is reached.
    if ((flags & D3DPRESENT_DONOTWAIT) && !frameSlotFree()) return D3DERR_WASSTILLDRAWING;
    if (target) ensureWindowChain(target, interval);
    ++presentCount_;
    const ddivk::HANDLE marker = markFrameEnd();
    const uint32_t surface = ring[0]->handle();
    stream_->post([this, target, interval, surface, from, to, hasFrom = source != nullptr,
                   hasTo = dest != nullptr, gamma = std::move(gamma)] {
        presentOnWorker(target, interval, surface, hasFrom ? &from : nullptr, hasTo ? &to : nullptr, gamma);
    });
    stream_->flush(); // the frame's work and its presentation go to the worker now
    rotateBackBuffers(ring);
    throttleFrames(marker);
    return D3D_OK;
}

void Device9::presentOnWorker(HWND window, uint32_t interval, uint32_t surface, const ddivk_rect* source,
                              const ddivk_rect* dest, const std::shared_ptr<const D3DGAMMARAMP>& gamma) {
    if (!window) {
        DDIVK_WARN_ONCE("d3d9: Present without a window: the frame is rendered, not shown");
        return;
    }
    WindowChain* chain = &windowChainOn(window, interval);
    if (!chain->chain) return;
    if (chain->gamma != gamma) {
        // D3DGAMMARAMP and ddivk_gamma_ramp share their layout: 256 WORDs per channel.
        static_assert(sizeof(D3DGAMMARAMP) == sizeof(ddivk_gamma_ramp));
        const ddivk::HRESULT set = ddivk_swapchain_set_gamma(
            driver_, chain->chain, reinterpret_cast<const ddivk_gamma_ramp*>(gamma.get()));
        if (set != S_OK)
            DDIVK_WARN_ONCE("d3d9: the gamma ramp cannot be applied: frames are shown without it");
        chain->gamma = gamma;
    }
    const ddivk::HRESULT hr = ddivk_swapchain_present(driver_, chain->chain, surface, source, dest);
    if (hr == D3DERR_DEVICELOST) deviceLost_.store(true);
}

// Under Wine a window's surface and swapchain are made and destroyed by X11 calls on the display
// connection that GDI shares, and libX11 1.8 can deadlock when such a call meets an X error
// while the program waits there for a reply of its own (GetPixel, say). So the worker makes and
// destroys them while the program waits, never beside its next GDI call
// (tests/wine/window_chains_test.cpp).
void Device9::ensureWindowChain(HWND window, uint32_t interval) {
    const std::pair<HWND, uint32_t> key{window, interval};
    if (std::find(windowChainKeys_.begin(), windowChainKeys_.end(), key) != windowChainKeys_.end()) return;
    // The swapchains of windows destroyed since (each holds a presenter thread) go in the same
    // wait, so a program presenting to a window of the moment does not gather them.
    std::vector<HWND> gone;
    for (const auto& known : windowChainKeys_)
        if (!IsWindow(known.first) && std::find(gone.begin(), gone.end(), known.first) == gone.end())
            gone.push_back(known.first);
    std::erase_if(windowChainKeys_, [&](const std::pair<HWND, uint32_t>& k) {
        return std::find(gone.begin(), gone.end(), k.first) != gone.end();
    });
    stream_->call([&] {
        for (HWND w : gone)
            destroyWindowChainsOf(w);
        windowChainOn(window, interval);
    });
    windowChainKeys_.push_back(key);
}

Device9::WindowChain& Device9::windowChainOn(HWND window, uint32_t interval) {
    for (WindowChain& c : windowChains_)
        if (c.window == window && c.interval == interval) return c;
    WindowChain made{window, interval, nullptr, nullptr};
    ddivk_swapchain_desc desc{window, interval};
    if (ddivk_swapchain_create(driver_, &desc, &made.chain) != S_OK)
        DDIVK_WARN_ONCE("d3d9: cannot present to the window (see the error above): frames are rendered, "
                        "not shown");
    windowChains_.push_back(made);
    return windowChains_.back();
}

void Device9::destroyWindowChainsOf(HWND window) {
    for (size_t i = windowChains_.size(); i-- > 0;) {
        if (windowChains_[i].window != window) continue;
        if (windowChains_[i].chain) ddivk_swapchain_destroy(driver_, windowChains_[i].chain);
        windowChains_.erase(windowChains_.begin() + ptrdiff_t(i));
    }
}

void Device9::forgetWindowChains(HWND window) {
    auto guard = lock();
    std::erase_if(windowChainKeys_,
                  [window](const std::pair<HWND, uint32_t>& k) { return k.first == window; });
    stream_->call([&] { destroyWindowChainsOf(window); });
}

void Device9::dropWindowChains() {
    windowChainKeys_.clear();
    stream_->call([this] { destroyWindowChains(); });
}

void Device9::waitForWindowPresents() {
    for (WindowChain& c : windowChains_)
        if (c.chain && ddivk_swapchain_wait(driver_, c.chain) == D3DERR_DEVICELOST) deviceLost_.store(true);
}

void Device9::destroyWindowChains() {
    for (WindowChain& c : windowChains_)
        if (c.chain) ddivk_swapchain_destroy(driver_, c.chain);
    windowChains_.clear();
}

HRESULT STDMETHODCALLTYPE Device9::Present(const RECT* source, const RECT* dest, HWND window,
                                           const RGNDATA* dirty) {
    (void)dirty; // a hint: the whole rectangle is presented
    return presentFrame(source, dest, window, 0);
}

HRESULT STDMETHODCALLTYPE Device9::PresentEx(const RECT* source, const RECT* dest, HWND window,
                                             const RGNDATA* dirty, DWORD flags) {
    (void)dirty;
    return presentFrame(source, dest, window, flags);
}

HRESULT STDMETHODCALLTYPE Device9::GetSwapChain(UINT index, IDirect3DSwapChain9** swapchain) {
    if (!swapchain) return D3DERR_INVALIDCALL;
    *swapchain = nullptr;
    if (index != 0) return D3DERR_INVALIDCALL;
    auto guard = lock();
    swapChain_->AddRef();
    *swapchain = swapChain_;
    return D3D_OK;
}

IDirect3DSwapChain9* Device9::implicitChainOf(const Surface9* surface) {
    auto guard = lock();
    for (const Surface9* s : backBuffers_)
        if (s == surface) return swapChain_;
    return nullptr;
}

// Vulkan does not expose the scan-out position: it is estimated from the time within the
// display's refresh period, so programs that wait for a blank or a scan line make progress.
HRESULT STDMETHODCALLTYPE Device9::GetRasterStatus(UINT swapchain, D3DRASTER_STATUS* status) {
    if (!status || swapchain != 0) return D3DERR_INVALIDCALL;
    D3DDISPLAYMODE mode{};
    if (FAILED(GetDisplayMode(0, &mode))) return D3DERR_INVALIDCALL;
    const UINT rate = mode.RefreshRate ? mode.RefreshRate : 60;
    LARGE_INTEGER now{}, frequency{};
    QueryPerformanceCounter(&now);
    QueryPerformanceFrequency(&frequency);
    const double period = 1.0 / rate;
    const double seconds = double(now.QuadPart) / double(frequency.QuadPart);
    const double phase = (seconds - period * static_cast<long long>(seconds / period)) / period;
    // The last ~5% of a period is the vertical blank (as on a typical display timing).
    const UINT lines = mode.Height + mode.Height / 20;
    const UINT line = static_cast<UINT>(phase * lines);
    status->InVBlank = line >= mode.Height;
    status->ScanLine = status->InVBlank ? 0 : line;
    return D3D_OK;
}

} // namespace ddivk::d3d9

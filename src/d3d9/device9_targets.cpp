// IDirect3DDevice9Ex: surfaces and render targets: the back buffer, render-target, depth-stencil
// and offscreen plain surfaces, binding them, and GetRenderTargetData.
// Driver headers before <d3d9.h>: device9.h first.
#include "d3d9/device9.h"

#include "d3d9/caps9.h"

#include "ddivk/ddivk.h"
#include "draw/format_table.h"
#include "util/unimplemented.h"

#include <cstring>

#include "d3d9/format_support.h"
#include "d3d9/present_parameters.h"
#include "d3d9/surface9.h"

namespace ddivk::d3d9 {
namespace {

Surface9* surfaceOf(IDirect3DSurface9* s) {
    return static_cast<Surface9*>(s);
}

template <class T> HRESULT handOut(T* object, T** out) {
    if (object) object->AddRef();
    *out = object;
    return object ? D3D_OK : D3DERR_NOTFOUND;
}

} // namespace

HRESULT STDMETHODCALLTYPE Device9::GetBackBuffer(UINT swapchain, UINT index, D3DBACKBUFFER_TYPE type,
                                                 IDirect3DSurface9** backbuffer) {
    if (!backbuffer) return D3DERR_INVALIDCALL;
    *backbuffer = nullptr;
    auto guard = lock();
    // One implicit swap chain, presented as one: any type gives the MONO back buffer (Wine's
    // test_swapchain records Windows taking LEFT, RIGHT and 0xdeadbeef).
    (void)type;
    if (swapchain != 0 || index >= creation_.present.BackBufferCount) return D3DERR_INVALIDCALL;
    backBuffers_[index]->AddRef();
    *backbuffer = backBuffers_[index];
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Device9::CreateRenderTarget(UINT width, UINT height, D3DFORMAT format,
                                                      D3DMULTISAMPLE_TYPE multisample, DWORD quality,
                                                      WINBOOL lockable, IDirect3DSurface9** surface,
                                                      HANDLE* shared) {
    if (!surface) return D3DERR_INVALIDCALL;
    *surface = nullptr;
    if (shared || width == 0 || height == 0) return D3DERR_INVALIDCALL;
    // D3DFMT_NULL: a target without memory, for depth-only passes (CheckDeviceFormat offers it).
    const bool noMemory = uint32_t(format) == D3DFMT_NULL;
    // A format the device does not render to, or a sample count CheckDeviceMultiSampleType
    // does not offer, is D3DERR_INVALIDCALL here (Wine's test_create_rt_ds_fail and
    // test_multisample_init record Windows). (A lockable multisampled target is made; its
    // LockRect fails, as D3D9's does.)
    if (!noMemory && !rendersTo(*creation_.adapter, format)) return D3DERR_INVALIDCALL;
    if (FAILED(checkMultisample(*creation_.adapter, format, multisample, quality))) return D3DERR_INVALIDCALL;
    auto guard = lock();
    Surface9* s = nullptr;
    if (HRESULT hr = createDriverSurface(width, height, format, D3DUSAGE_RENDERTARGET, false, &s, multisample,
                                         quality);
        FAILED(hr))
        return hr;
    if (lockable) s->setLockable();
    *surface = s;
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Device9::CreateDepthStencilSurface(UINT width, UINT height, D3DFORMAT format,
                                                             D3DMULTISAMPLE_TYPE multisample, DWORD quality,
                                                             WINBOOL discard, IDirect3DSurface9** surface,
                                                             HANDLE* shared) {
    if (!surface) return D3DERR_INVALIDCALL;
    *surface = nullptr;
    if (shared || width == 0 || height == 0) return D3DERR_INVALIDCALL;
    // Formats and sample counts the device has not: D3DERR_INVALIDCALL, as CreateRenderTarget.
    if (FAILED(checkDeviceFormat(*creation_.adapter, ::D3DFMT_X8R8G8B8, D3DUSAGE_DEPTHSTENCIL,
                                 D3DRTYPE_SURFACE, format)))
        return D3DERR_INVALIDCALL;
    // Without multisampling the quality is ignored (Wine's test_multisample_mismatch: Windows
    // makes a D24X8 surface of quality 1 and draws with it).
    if (multisample == ::D3DMULTISAMPLE_NONE) quality = 0;
    if (FAILED(checkMultisample(*creation_.adapter, format, multisample, quality))) return D3DERR_INVALIDCALL;
    auto guard = lock();
    Surface9* s = nullptr;
    if (HRESULT hr = createDriverSurface(width, height, format, D3DUSAGE_DEPTHSTENCIL, false, &s, multisample,
                                         quality);
        FAILED(hr))
        return hr;
    if (discard) s->setDiscardable(); // (its contents after a Present are kept all the same)
    *surface = s;
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Device9::CreateOffscreenPlainSurface(UINT width, UINT height, D3DFORMAT format,
                                                               D3DPOOL pool, IDirect3DSurface9** surface,
                                                               HANDLE* shared) {
    if (!surface) return D3DERR_INVALIDCALL;
    *surface = nullptr;
    if (shared || width == 0 || height == 0) return D3DERR_INVALIDCALL;
    if (pool == D3DPOOL_MANAGED)
        return D3DERR_INVALIDCALL; // D3D9: offscreen plain surfaces are never managed
    if (pool == D3DPOOL_DEFAULT) {
        // A driver surface (the driver's colour kind) with no usage: a source and destination of
        // copies and ColorFill, lockable, never bound as a render target. Formats the driver
        // cannot render to are held as a one-level texture instead.
        if (!rendersTo(*creation_.adapter, format)) {
            // A format the device has no surface of (D3DFMT_UNKNOWN, depth formats):
            // D3DERR_INVALIDCALL, as Windows answers (Wine's test_format_unknown).
            const HRESULT hr = createTexelSurface(width, height, format, surface);
            return hr == D3DERR_NOTAVAILABLE ? D3DERR_INVALIDCALL : hr;
        }
        auto guard = lock();
        Surface9* s = nullptr;
        if (HRESULT hr = createDriverSurface(width, height, format, 0, false, &s); FAILED(hr)) return hr;
        s->setLockable();
        *surface = s;
        return D3D_OK;
    }
    if (pool != D3DPOOL_SYSTEMMEM && pool != D3DPOOL_SCRATCH) return D3DERR_INVALIDCALL;
    const draw::FormatInfo* info = draw::findFormat(static_cast<uint32_t>(format));
    // No depth formats either: CheckDeviceFormat has no plain depth surfaces, and Windows makes
    // none in any pool (Wine's test_resource_access).
    if (!info || info->bytesPerPixel == 0 || info->depthStencil || !sizeFitsBlocks(format, width, height))
        return D3DERR_INVALIDCALL;
    // Rows of blocks (4x4 for DXT), padded to 4 bytes as D3D9's system-memory surfaces are.
    const uint32_t block = info->blockSize;
    const uint32_t pitch = ((width + block - 1) / block * info->bytesPerPixel + 3) & ~3u;
    D3DSURFACE_DESC d{};
    d.Format = format;
    d.Type = D3DRTYPE_SURFACE;
    d.Pool = pool;
    d.MultiSampleType = D3DMULTISAMPLE_NONE;
    d.Width = width;
    d.Height = height;
    *surface = new Surface9(*this, d, pitch, info->bytesPerPixel, block);
    return D3D_OK;
}

// A default-pool offscreen plain surface of a format the driver samples but does not render to
// (YUY2 frames a video player StretchRects to the back buffer, DXT, luminance): the one level of a
// texture resource, which locks, copies and fills as a texture's level does.
HRESULT Device9::createTexelSurface(UINT width, UINT height, D3DFORMAT format, IDirect3DSurface9** surface) {
    if (FAILED(checkDeviceFormat(*creation_.adapter, ::D3DFMT_X8R8G8B8, 0, ::D3DRTYPE_SURFACE, format)))
        return D3DERR_NOTAVAILABLE;
    if (!sizeFitsBlocks(format, width, height)) return D3DERR_INVALIDCALL; // DXT: whole blocks
    TextureShape shape;
    shape.width = width;
    shape.height = height;
    shape.levels = 1;
    shape.format = format;
    shape.pool = ::D3DPOOL_DEFAULT;
    auto texels = std::make_unique<TextureStorage>(*this, shape);
    auto guard = lock();
    if (HRESULT hr = texels->create(); FAILED(hr)) return hr == E_OUTOFMEMORY ? D3DERR_OUTOFVIDEOMEMORY : hr;
    *surface = new Surface9(*this, std::move(texels), shape.levelDesc(0));
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Device9::GetRenderTargetData(IDirect3DSurface9* renderTarget,
                                                       IDirect3DSurface9* destination) {
    if (!renderTarget || !destination) return D3DERR_INVALIDCALL;
    Surface9* from = surfaceOf(renderTarget);
    Surface9* to = surfaceOf(destination);
    const D3DSURFACE_DESC& a = from->desc();
    const D3DSURFACE_DESC& b = to->desc();
    // A render target into a system-memory surface of its size and format; a multisampled one
    // is resolved first (StretchRect), as D3D9 requires.
    if (!(a.Usage & D3DUSAGE_RENDERTARGET) || !from->handle() || a.MultiSampleType != D3DMULTISAMPLE_NONE ||
        b.Pool != D3DPOOL_SYSTEMMEM || a.Width != b.Width || a.Height != b.Height || a.Format != b.Format)
        return D3DERR_INVALIDCALL;
    auto guard = lock();
    if (to->container()) return readTargetIntoLevel(*from, *to);
    std::vector<uint8_t>& pixels = to->memory();
    ddivk::HRESULT hr = D3DERR_INVALIDCALL;
    stream_->call(
        [&] { hr = ddivk_surface_read(driver_, from->handle(), pixels.data(), to->pitch(), pixels.size()); });
    return hr == S_OK ? D3D_OK : D3DERR_INVALIDCALL;
}

// A level of a system-memory texture is the driver's memory: the target is read back into a
// copy, then written into the level under its lock (the texture's Lock through the door).
HRESULT Device9::readTargetIntoLevel(Surface9& from, Surface9& to) {
    const D3DSURFACE_DESC& d = from.desc();
    const draw::FormatInfo* info = draw::findFormat(static_cast<uint32_t>(d.Format));
    if (!info || info->bytesPerPixel == 0 || info->blockSize > 1) return D3DERR_INVALIDCALL;
    const uint32_t rowBytes = d.Width * info->bytesPerPixel;
    std::vector<uint8_t> pixels(size_t{rowBytes} * d.Height);
    ddivk::HRESULT hr = D3DERR_INVALIDCALL;
    stream_->call(
        [&] { hr = ddivk_surface_read(driver_, from.handle(), pixels.data(), rowBytes, pixels.size()); });
    if (hr != S_OK) return D3DERR_INVALIDCALL;
    D3DLOCKED_RECT locked{};
    if (FAILED(to.LockRect(&locked, nullptr, 0))) return D3DERR_INVALIDCALL;
    for (UINT y = 0; y < d.Height; ++y)
        std::memcpy(static_cast<uint8_t*>(locked.pBits) + size_t(y) * locked.Pitch,
                    pixels.data() + size_t(y) * rowBytes, rowBytes);
    return SUCCEEDED(to.UnlockRect()) ? D3D_OK : D3DERR_INVALIDCALL;
}

void Device9::recordRenderTarget(DWORD index) {
    D3DHAL_DP2SETRENDERTARGET2 t{};
    t.RTIndex = index;
    t.hRenderTarget = renderTargets_[index].get() ? renderTargets_[index].get()->handle() : 0;
    stream_->token(D3DDP2OP_SETRENDERTARGET2, t);
}

void Device9::recordDepthStencil() {
    D3DHAL_DP2SETDEPTHSTENCIL d{};
    d.hZBuffer = depthStencil_.get() ? depthStencil_.get()->handle() : 0;
    stream_->token(D3DDP2OP_SETDEPTHSTENCIL, d);
}

HRESULT STDMETHODCALLTYPE Device9::SetRenderTarget(DWORD index, IDirect3DSurface9* renderTarget) {
    if (index >= simultaneousTargets(*creation_.adapter) || (index == 0 && !renderTarget))
        return D3DERR_INVALIDCALL;
    Surface9* s = surfaceOf(renderTarget);
    // Another device's surface is refused (Wine's test_render_target_device_mismatch records
    // Windows doing so): its handle means nothing to this device's driver.
    if (s && (!(s->desc().Usage & D3DUSAGE_RENDERTARGET) || !ownedHere(*s))) return D3DERR_INVALIDCALL;
    auto guard = lock();
    // A texture level drawn into is written once it is no longer the target: an AUTOGENMIPMAP
    // texture makes its levels below from it then (before the binding, which may hold the last
    // reference, lets go).
    if (Surface9* previous = renderTargets_[index].get(); previous && previous != s) previous->noteWritten();
    renderTargets_[index].reset(s);
    state_.setRenderTarget(index, s ? s->handle() : 0);
    recordRenderTarget(index);
    if (index == 0) {
        // D3D9: a new render target 0 resets the viewport and the scissor rectangle to cover it,
        // on the device even while a block is recorded, which does not take the reset (Wine's
        // test_set_rt_vp_scissor).
        const bool suspended = suspendRecording();
        ::D3DVIEWPORT9 viewport{0, 0, s->desc().Width, s->desc().Height, 0.0f, 1.0f};
        SetViewport(&viewport);
        const RECT scissor{0, 0, LONG(s->desc().Width), LONG(s->desc().Height)};
        SetScissorRect(&scissor);
        if (suspended) resumeRecording();
    }
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Device9::GetRenderTarget(DWORD index, IDirect3DSurface9** renderTarget) {
    if (!renderTarget) return D3DERR_INVALIDCALL;
    *renderTarget = nullptr;
    if (index >= simultaneousTargets(*creation_.adapter)) return D3DERR_INVALIDCALL;
    auto guard = lock();
    IDirect3DSurface9* s = renderTargets_[index].get();
    return handOut(s, renderTarget);
}

HRESULT STDMETHODCALLTYPE Device9::SetDepthStencilSurface(IDirect3DSurface9* depthStencil) {
    Surface9* s = surfaceOf(depthStencil);
    if (s && (!(s->desc().Usage & D3DUSAGE_DEPTHSTENCIL) || !ownedHere(*s))) return D3DERR_INVALIDCALL;
    auto guard = lock();
    depthStencil_.reset(s);
    state_.setDepthStencil(s ? s->handle() : 0);
    recordDepthStencil();
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Device9::GetDepthStencilSurface(IDirect3DSurface9** depthStencil) {
    if (!depthStencil) return D3DERR_INVALIDCALL;
    *depthStencil = nullptr;
    auto guard = lock();
    IDirect3DSurface9* s = depthStencil_.get();
    return handOut(s, depthStencil);
}

} // namespace ddivk::d3d9

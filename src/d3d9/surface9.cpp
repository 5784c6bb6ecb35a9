// Driver headers before <d3d9.h>: device9.h first.
#include "d3d9/device9.h"

#include "ddivk/ddivk.h"
#include "draw/format_table.h"

#include "d3d9/format_support.h"
#include "d3d9/surface9.h"

#include <algorithm>

namespace ddivk::d3d9 {

namespace {

// A lock rectangle: not empty, inside the surface.
bool insideSurface(const RECT& r, const D3DSURFACE_DESC& d) {
    return r.left >= 0 && r.top >= 0 && r.left < r.right && r.top < r.bottom && UINT(r.right) <= d.Width &&
           UINT(r.bottom) <= d.Height;
}

} // namespace

// No surface keeps a priority: stand-alone ones are never managed (D3DPOOL_MANAGED is refused
// for them) and a managed texture's priority is the texture's, not its levels'.
constexpr bool kKeepsPriority = false;

Surface9::Surface9(Device9& device, bool ownedByDevice, uint32_t handle, const D3DSURFACE_DESC& desc)
    : ResourceChild(&device, ownedByDevice, kKeepsPriority), owner_(device), handle_(handle), desc_(desc),
      countedForReset_(!ownedByDevice) {
    if (countedForReset_) {
        owner_.defaultPoolObjectCreated();
        const draw::FormatInfo* info = draw::findFormat(uint32_t(desc.Format));
        videoMemoryBytes_ = info ? int64_t{desc.Width} * desc.Height * info->bytesPerPixel *
                                       std::max<int64_t>(desc.MultiSampleType, 1)
                                 : 0;
        owner_.videoMemoryTaken(videoMemoryBytes_);
    }
}

Surface9::Surface9(Device9& device, const D3DSURFACE_DESC& desc, uint32_t pitch, uint32_t bytesPerBlock,
                   uint32_t blockSize)
    : ResourceChild(&device, false, kKeepsPriority), owner_(device), desc_(desc), pitch_(pitch),
      bytesPerBlock_(bytesPerBlock), blockSize_(blockSize) {
    const uint32_t rows = (desc.Height + blockSize - 1) / blockSize;
    memory_.assign(size_t{pitch} * rows, 0);
}

// Its storage counts it among the default-pool objects Reset waits for.
Surface9::Surface9(Device9& device, std::unique_ptr<TextureStorage> texels, const D3DSURFACE_DESC& desc)
    : ResourceChild(&device, false, kKeepsPriority), owner_(device), texels_(std::move(texels)),
      textureHandle_(texels_->handle()), desc_(desc) {}

Surface9::Surface9(Device9& device, SurfaceContainer& container, uint32_t textureHandle, uint32_t subresource,
                   uint32_t handle, const D3DSURFACE_DESC& desc)
    : ResourceChild(&device, true, kKeepsPriority), owner_(device), container_(&container),
      textureHandle_(textureHandle), subresource_(subresource), handle_(handle), desc_(desc) {}

Surface9::~Surface9() {
    if (countedForReset_) {
        owner_.defaultPoolObjectDestroyed();
        owner_.videoMemoryTaken(-videoMemoryBytes_);
    }
    if (!handle_ || container_) return; // a texture level's surface goes with its texture
    // After every recorded use of the surface: the destruction is in the device's stream.
    auto lock = owner_.lock();
    owner_.stream().call([&] { ddivk_surface_destroy(owner_.driver(), handle_); });
}

// A texture level's container is its texture, a back buffer's its swap chain (the implicit
// one's too: Wine's test_refcount and test_backbuffer_resize record Windows answering the
// chain, and E_NOINTERFACE for the device); a stand-alone surface has none but the device
// (D3D9: GetContainer asks the device).
HRESULT Surface9::GetContainer(REFIID riid, void** container) {
    if (!container) return D3DERR_INVALIDCALL;
    if (container_) return container_->containerQueryInterface(riid, container);
    if (IDirect3DSwapChain9* chain = owner_.implicitChainOf(this))
        return chain->QueryInterface(riid, container);
    return device_->QueryInterface(riid, container);
}

void Surface9::rotateDriverSurfaces(const std::vector<Surface9*>& ring) {
    if (ring.size() < 2) return;
    const uint32_t firstHandle = ring.front()->handle_;
    const uint32_t firstTexture = ring.front()->textureHandle_;
    for (size_t i = 0; i + 1 < ring.size(); ++i) {
        ring[i]->handle_ = ring[i + 1]->handle_;
        ring[i]->textureHandle_ = ring[i + 1]->textureHandle_;
    }
    ring.back()->handle_ = firstHandle;
    ring.back()->textureHandle_ = firstTexture;
}

HRESULT Surface9::GetDesc(D3DSURFACE_DESC* desc) {
    if (!desc) return D3DERR_INVALIDCALL;
    *desc = desc_;
    return D3D_OK;
}

HRESULT Surface9::LockRect(D3DLOCKED_RECT* locked, const RECT* rect, DWORD flags) {
    if (!locked || dc_) return D3DERR_INVALIDCALL; // GetDC's DC is a lock until ReleaseDC
    if (container_) return container_->lockLevel(subresource_, locked, rect, flags);
    if (handle_) return lockDriverSurface(locked, rect, flags);
    if (texels_) {
        if (rect && !insideSurface(*rect, desc_)) return D3DERR_INVALIDCALL;
        D3DBOX box{};
        if (rect) box = {UINT(rect->left), UINT(rect->top), UINT(rect->right), UINT(rect->bottom), 0, 1};
        D3DLOCKED_BOX out{};
        if (HRESULT hr = texels_->lock(0, rect ? &box : nullptr, flags, &out); FAILED(hr)) return hr;
        locked->pBits = out.pBits;
        locked->Pitch = out.RowPitch;
        return D3D_OK;
    }
    if (locked_) return D3DERR_INVALIDCALL;
    uint32_t x = 0, y = 0;
    if (rect) {
        if (!insideSurface(*rect, desc_) && !locksAnyRectangle(desc_.Format, desc_.Pool))
            return D3DERR_INVALIDCALL;
        // Part of a block locks too (D3D9's scratch and system-memory surfaces): the pointer is
        // the block that holds the rectangle's first texel.
        const POINT corner = lockCorner(*rect, desc_.Width, desc_.Height);
        x = uint32_t(corner.x) / blockSize_;
        y = uint32_t(corner.y) / blockSize_;
    }
    (void)flags; // system memory: READONLY, DISCARD and NOOVERWRITE change nothing
    locked->pBits = memory_.data() + size_t{y} * pitch_ + size_t{x} * bytesPerBlock_;
    locked->Pitch = static_cast<INT>(pitch_);
    locked_ = true;
    return D3D_OK;
}

HRESULT Surface9::UnlockRect() {
    if (dc_) return D3DERR_INVALIDCALL; // ReleaseDC ends GetDC's lock
    if (container_) return container_->unlockLevel(subresource_);
    if (texels_) return texels_->unlock(0);
    if (!locked_) return D3DERR_INVALIDCALL;
    if (handle_ && uint32_t(desc_.Format) != D3DFMT_NULL) {
        // The driver writes the copy back (unless READONLY), ordered before later work.
        auto guard = owner_.lock();
        D3DDDIARG_UNLOCK args{reinterpret_cast<HANDLE>(uintptr_t{handle_}), 0, 0};
        ddivk::HRESULT hr = D3DERR_INVALIDCALL;
        owner_.stream().call([&] {
            hr = ddivk_umd_draw_functions()->pfnUnlock(reinterpret_cast<HANDLE>(owner_.context()), &args);
        });
        if (hr != S_OK) return hr;
    }
    locked_ = false;
    return D3D_OK;
}

// A lockable render target or depth surface: the driver reads it back after the work recorded
// before the lock (device_surface_lock.cpp) into a copy the program sees.
HRESULT Surface9::lockDriverSurface(D3DLOCKED_RECT* locked, const RECT* rect, DWORD flags) {
    // Multisampled surfaces have no CPU layout (the driver refuses them too).
    if (!lockable_ || locked_ || desc_.MultiSampleType != D3DMULTISAMPLE_NONE) return D3DERR_INVALIDCALL;
    if (uint32_t(desc_.Format) == D3DFMT_NULL) {
        // No pixels anywhere: Windows still gives memory and a pitch (Wine's
        // test_surface_format_null), which the program may write and nothing reads.
        if (rect && !insideSurface(*rect, desc_)) return D3DERR_INVALIDCALL;
        pitch_ = desc_.Width * 4;
        memory_.resize(size_t{pitch_} * desc_.Height);
        locked->pBits = memory_.data() + (rect ? size_t(rect->top) * pitch_ + size_t(rect->left) * 4 : 0);
        locked->Pitch = INT(pitch_);
        locked_ = true;
        return D3D_OK;
    }
    auto guard = owner_.lock();
    D3DDDIARG_LOCK args{};
    args.hResource = reinterpret_cast<HANDLE>(uintptr_t{handle_});
    uint32_t ddiFlags = 0;
    if (rect) {
        if (!insideSurface(*rect, desc_)) return D3DERR_INVALIDCALL;
        ddiFlags |= D3DDDI_LOCK_AREAVALID;
        args.Area = {rect->left, rect->top, rect->right, rect->bottom};
    }
    if (flags & D3DLOCK_READONLY) ddiFlags |= D3DDDI_LOCK_READONLY;
    if (flags & D3DLOCK_DONOTWAIT) ddiFlags |= D3DDDI_LOCK_DONOTWAIT;
    args.Flags.Value = ddiFlags;
    ddivk::HRESULT hr = D3DERR_INVALIDCALL;
    owner_.stream().call(
        [&] { hr = ddivk_umd_draw_functions()->pfnLock(reinterpret_cast<HANDLE>(owner_.context()), &args); });
    if (hr != S_OK) return D3DERR_INVALIDCALL;
    locked->pBits = args.pSurfData;
    locked->Pitch = INT(args.Pitch);
    locked_ = true;
    return D3D_OK;
}

} // namespace ddivk::d3d9

// Driver headers before <d3d9.h>: device9.h first.
#include "d3d9/device9.h"

#include "ddivk/ddivk.h"

#include "d3d9/buffer9.h"

namespace ddivk::d3d9 {
namespace {

HANDLE contextHandle(Device9& device) {
    return reinterpret_cast<HANDLE>(device.context());
}

} // namespace

HRESULT BufferStorage::create(Device9& device, UINT size, DWORD usage, ::D3DFORMAT format, bool vertices,
                              ::D3DPOOL pool, uint32_t* handle) {
    D3DDDI_SURFACEINFO surface{};
    surface.Width = size;
    surface.Height = 1;
    surface.Depth = 1;
    D3DDDIARG_CREATERESOURCE args{};
    args.Format = static_cast<uint32_t>(format);
    args.Pool = pool == ::D3DPOOL_SYSTEMMEM ? D3DDDIPOOL_SYSTEMMEM : D3DDDIPOOL_VIDEOMEMORY;
    args.pSurfList = &surface;
    args.SurfCount = 1;
    args.MipLevels = 1;
    uint32_t flags = vertices ? D3DDDI_RESOURCE_VERTEXBUFFER : D3DDDI_RESOURCE_INDEXBUFFER;
    if (usage & D3DUSAGE_DYNAMIC) flags |= D3DDDI_RESOURCE_DYNAMIC;
    if (usage & D3DUSAGE_WRITEONLY) flags |= D3DDDI_RESOURCE_WRITEONLY;
    if (usage & D3DUSAGE_POINTS) flags |= D3DDDI_RESOURCE_POINTS;
    args.Flags.Value = flags;
    ddivk::HRESULT hr = D3DERR_INVALIDCALL;
    device.stream().call(
        [&] { hr = ddivk_umd_draw_functions()->pfnCreateResource(contextHandle(device), &args); });
    if (hr != S_OK) return hr;
    *handle = static_cast<uint32_t>(reinterpret_cast<uintptr_t>(args.hResource));
    return D3D_OK;
}

BufferStorage::BufferStorage(Device9& device, uint32_t handle, UINT size, ::D3DPOOL pool)
    : device_(device), handle_(handle), size_(size), countedForReset_(pool == ::D3DPOOL_DEFAULT),
      discardRenames_(pool == ::D3DPOOL_DEFAULT && !device.processesVerticesInSoftware()) {
    if (countedForReset_) {
        device_.defaultPoolObjectCreated();
        device_.videoMemoryTaken(size_);
    }
}

BufferStorage::~BufferStorage() {
    if (countedForReset_) {
        device_.defaultPoolObjectDestroyed();
        device_.videoMemoryTaken(-int64_t{size_});
    }
    auto lock = device_.lock();
    device_.stream().call([&] {
        ddivk_umd_draw_functions()->pfnDestroyResource(contextHandle(device_),
                                                       reinterpret_cast<HANDLE>(uintptr_t{handle_}));
    });
}

HRESULT BufferStorage::lock(UINT offset, UINT size, void** data, DWORD flags) {
    if (!data) return D3DERR_INVALIDCALL;
    *data = nullptr;
    // D3D9: offset and size 0 lock the whole buffer; a range past the end is refused.
    if (offset > size_ || (size && size > size_ - offset)) return D3DERR_INVALIDCALL;
    auto guard = device_.lock();
    if (locks_ > 0) {
        // D3D9 allows nested locks: the memory is mapped already.
        ++locks_;
        *data = mapped_ + offset;
        return D3D_OK;
    }
    // DISCARD gives new memory only to a default-pool buffer of a device that processes vertices
    // in hardware: Windows keeps a managed or system-memory buffer's pointer and contents, and a
    // software device's (Wine's test_pinned_buffers). READONLY | DISCARD is a read-only lock, as
    // Windows XP took it (Windows 7 refuses it; Wine's test_vb_lock_flags accepts both), and
    // NOOVERWRITE | DISCARD a NOOVERWRITE lock: the memory stays, unsynchronised with the draws
    // reading it (Wine's test_map_synchronisation).
    if (!discardRenames_ || (flags & (D3DLOCK_READONLY | D3DLOCK_NOOVERWRITE)))
        flags &= ~DWORD(D3DLOCK_DISCARD);
    D3DDDIARG_LOCK args{};
    args.hResource = reinterpret_cast<HANDLE>(uintptr_t{handle_});
    uint32_t ddiFlags = 0;
    if (flags & D3DLOCK_READONLY) ddiFlags |= D3DDDI_LOCK_READONLY;
    if (flags & D3DLOCK_DISCARD) ddiFlags |= D3DDDI_LOCK_DISCARD;
    if (flags & D3DLOCK_NOOVERWRITE) ddiFlags |= D3DDDI_LOCK_NOOVERWRITE;
    if (flags & D3DLOCK_DONOTWAIT) ddiFlags |= D3DDDI_LOCK_DONOTWAIT;
    args.Flags.Value = ddiFlags;
    ddivk::HRESULT hr = D3DERR_INVALIDCALL;
    device_.stream().call([&] { hr = ddivk_umd_draw_functions()->pfnLock(contextHandle(device_), &args); });
    if (hr != S_OK) return hr;
    locks_ = 1;
    mapped_ = static_cast<uint8_t*>(args.pSurfData);
    *data = mapped_ + offset;
    return D3D_OK;
}

HRESULT BufferStorage::unlock() {
    auto guard = device_.lock();
    if (locks_ == 0) return D3DERR_INVALIDCALL;
    if (--locks_ > 0) return D3D_OK;
    D3DDDIARG_UNLOCK args{reinterpret_cast<HANDLE>(uintptr_t{handle_}), 0, 0};
    ddivk::HRESULT hr = D3DERR_INVALIDCALL;
    device_.stream().call([&] { hr = ddivk_umd_draw_functions()->pfnUnlock(contextHandle(device_), &args); });
    return hr == S_OK ? D3D_OK : hr;
}

} // namespace ddivk::d3d9

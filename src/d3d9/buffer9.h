// IDirect3DVertexBuffer9 and IDirect3DIndexBuffer9: a buffer resource of the driver's UMD door
// (CreateResource with VERTEXBUFFER or INDEXBUFFER), locked through the door's Lock / Unlock.
// A lock runs on the device's worker after everything recorded before it, so the driver's
// DISCARD and NOOVERWRITE rules see the draws in the program's order.
#pragma once

#include <cstdint>
#include <type_traits>

#include "d3d9/object_registry.h"
#include "d3d9/resource_child.h"

namespace ddivk::d3d9 {

class Device9;

// What the two buffer interfaces share: the driver resource and its locks.
class BufferStorage {
  public:
    // `pool`: a D3DPOOL_DEFAULT buffer must be released before the device's Reset.
    BufferStorage(Device9& device, uint32_t handle, UINT size, ::D3DPOOL pool);
    ~BufferStorage();
    // Creates the driver resource: `flags` are D3DDDI_RESOURCE_*, `format` D3DFMT_VERTEXDATA,
    // INDEX16 or INDEX32.
    static HRESULT create(Device9& device, UINT size, DWORD usage, ::D3DFORMAT format, bool vertices,
                          ::D3DPOOL pool, uint32_t* handle);
    HRESULT lock(UINT offset, UINT size, void** data, DWORD flags);
    HRESULT unlock();
    uint32_t handle() const { return handle_; }
    UINT size() const { return size_; }

  private:
    Device9& device_;
    uint32_t handle_;
    UINT size_;
    unsigned locks_ = 0;        // D3D9 allows nested locks of a buffer
    uint8_t* mapped_ = nullptr; // the driver's memory while locked
    bool countedForReset_;
    bool discardRenames_; // lock()
};

template <class Interface, class Desc> class Buffer9 final : public ResourceChild<Interface> {
  public:
    Buffer9(Device9& device, IDirect3DDevice9Ex* iface, uint32_t handle, const Desc& desc)
        : ResourceChild<Interface>(iface, false, desc.Pool == ::D3DPOOL_MANAGED),
          storage_(device, handle, desc.Size, desc.Pool), desc_(desc),
          registration_(registryOf(device), kKind, handle, this) {}

    HRESULT STDMETHODCALLTYPE Lock(UINT offset, UINT size, void** data, DWORD flags) override {
        return storage_.lock(offset, size, data, flags);
    }
    HRESULT STDMETHODCALLTYPE Unlock() override { return storage_.unlock(); }
    HRESULT STDMETHODCALLTYPE GetDesc(Desc* desc) override {
        if (!desc) return D3DERR_INVALIDCALL;
        *desc = desc_;
        return D3D_OK;
    }

    uint32_t handle() const { return storage_.handle(); }
    const Desc& desc() const { return desc_; }

  private:
    BufferStorage storage_;
    Desc desc_;
    // The handle space of this buffer kind: state blocks and re-binding find buffers here.
    static constexpr ObjectKind kKind = std::is_same_v<Interface, IDirect3DVertexBuffer9>
                                            ? ObjectKind::VertexBuffer
                                            : ObjectKind::IndexBuffer;
    Registration<Buffer9> registration_; // last: leaves the registry first
};

using VertexBuffer9 = Buffer9<IDirect3DVertexBuffer9, D3DVERTEXBUFFER_DESC>;
using IndexBuffer9 = Buffer9<IDirect3DIndexBuffer9, D3DINDEXBUFFER_DESC>;

} // namespace ddivk::d3d9

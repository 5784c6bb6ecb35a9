// What D3D9's resources share, written once: the private data of IDirect3DResource9 (which
// IDirect3DVolume9 has too), the priority, PreLoad and GetType. Buffers, textures and surfaces
// derive from ResourceChild, volumes from PrivateDataChild; QueryInterface is DeviceChild's,
// with IDirect3DResource9 among the interfaces answered.
#pragma once

#include <type_traits>

#include "d3d9/device_child.h"
#include "d3d9/private_data.h"

namespace ddivk::d3d9 {

// GetType's answer for each resource interface.
template <class Interface> constexpr ::D3DRESOURCETYPE resourceTypeOf() {
    if constexpr (std::is_same_v<Interface, IDirect3DSurface9>)
        return ::D3DRTYPE_SURFACE;
    else if constexpr (std::is_same_v<Interface, IDirect3DTexture9>)
        return ::D3DRTYPE_TEXTURE;
    else if constexpr (std::is_same_v<Interface, IDirect3DCubeTexture9>)
        return ::D3DRTYPE_CUBETEXTURE;
    else if constexpr (std::is_same_v<Interface, IDirect3DVolumeTexture9>)
        return ::D3DRTYPE_VOLUMETEXTURE;
    else if constexpr (std::is_same_v<Interface, IDirect3DVertexBuffer9>)
        return ::D3DRTYPE_VERTEXBUFFER;
    else {
        static_assert(std::is_same_v<Interface, IDirect3DIndexBuffer9>, "not a D3D9 resource interface");
        return ::D3DRTYPE_INDEXBUFFER;
    }
}

// SetPrivateData / GetPrivateData / FreePrivateData (private_data.h holds their rules).
template <class Interface, class... Also> class PrivateDataChild : public DeviceChild<Interface, Also...> {
  public:
    using DeviceChild<Interface, Also...>::DeviceChild;

    HRESULT STDMETHODCALLTYPE SetPrivateData(REFGUID guid, const void* data, DWORD size,
                                             DWORD flags) override {
        return privateData_.set(guid, data, size, flags);
    }
    HRESULT STDMETHODCALLTYPE GetPrivateData(REFGUID guid, void* data, DWORD* size) override {
        return privateData_.get(guid, data, size);
    }
    HRESULT STDMETHODCALLTYPE FreePrivateData(REFGUID guid) override { return privateData_.free(guid); }

  private:
    PrivateData privateData_; // dropped (its interfaces released) with the object
};

// IDirect3DResource9. `Also`: the interfaces between IDirect3DResource9 and Interface.
template <class Interface, class... Also>
class ResourceChild : public PrivateDataChild<Interface, IDirect3DResource9, Also...> {
  public:
    // `keepsPriority`: D3D9 gives priorities to managed resources only ("This method returns 0
    // on non-managed resources"), so it is `pool == D3DPOOL_MANAGED`.
    ResourceChild(IDirect3DDevice9Ex* device, bool ownedByDevice, bool keepsPriority)
        : PrivateDataChild<Interface, IDirect3DResource9, Also...>(device, ownedByDevice),
          keepsPriority_(keepsPriority) {}

    // The previous priority; 0, and nothing kept, for the others.
    DWORD STDMETHODCALLTYPE SetPriority(DWORD priority) override {
        if (!keepsPriority_) return 0;
        const DWORD old = priority_;
        priority_ = priority;
        return old;
    }
    DWORD STDMETHODCALLTYPE GetPriority() override { return priority_; }
    // The driver's resources live in video memory (its own copy beside managed ones): nothing to load.
    void STDMETHODCALLTYPE PreLoad() override {}
    ::D3DRESOURCETYPE STDMETHODCALLTYPE GetType() override { return resourceTypeOf<Interface>(); }

  private:
    bool keepsPriority_;
    DWORD priority_ = 0;
};

} // namespace ddivk::d3d9

// IDirect3DVolume9: a level of a volume texture. Its references, locks and container are its
// texture's (D3D9: a level's AddRef / Release count on the texture).
#pragma once

#include <cstdint>

#include "d3d9/resource_child.h"

namespace ddivk::d3d9 {

class Device9;

// What a volume asks its texture.
class VolumeContainer {
  public:
    virtual ULONG containerAddRef() = 0;
    virtual ULONG containerRelease() = 0;
    virtual HRESULT containerQueryInterface(REFIID riid, void** object) = 0;
    virtual HRESULT lockVolume(uint32_t level, D3DLOCKED_BOX* locked, const D3DBOX* box, DWORD flags) = 0;
    virtual HRESULT unlockVolume(uint32_t level) = 0;

  protected:
    ~VolumeContainer() = default;
};

// IDirect3DVolume9 is no IDirect3DResource9, but it has private data.
class Volume9 final : public PrivateDataChild<IDirect3DVolume9> {
  public:
    Volume9(IDirect3DDevice9Ex* device, VolumeContainer& container, uint32_t level,
            const D3DVOLUME_DESC& desc)
        : PrivateDataChild(device, true), container_(container), level_(level), desc_(desc) {}

    ULONG STDMETHODCALLTYPE AddRef() override { return container_.containerAddRef(); }
    ULONG STDMETHODCALLTYPE Release() override { return container_.containerRelease(); }
    HRESULT STDMETHODCALLTYPE GetContainer(REFIID riid, void** container) override {
        if (!container) return D3DERR_INVALIDCALL;
        return container_.containerQueryInterface(riid, container);
    }
    HRESULT STDMETHODCALLTYPE GetDesc(D3DVOLUME_DESC* desc) override {
        if (!desc) return D3DERR_INVALIDCALL;
        *desc = desc_;
        return D3D_OK;
    }
    HRESULT STDMETHODCALLTYPE LockBox(D3DLOCKED_BOX* locked, const D3DBOX* box, DWORD flags) override {
        return container_.lockVolume(level_, locked, box, flags);
    }
    HRESULT STDMETHODCALLTYPE UnlockBox() override { return container_.unlockVolume(level_); }

  private:
    VolumeContainer& container_;
    uint32_t level_;
    D3DVOLUME_DESC desc_;
};

} // namespace ddivk::d3d9

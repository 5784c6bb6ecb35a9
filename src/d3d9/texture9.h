// IDirect3DTexture9, IDirect3DCubeTexture9 and IDirect3DVolumeTexture9 (texture9_base.h holds
// what they share). Level l of face f is the driver's subresource f * levels + l.
#pragma once

#include <memory>
#include <vector>

#include "d3d9/texture9_base.h"
#include "d3d9/volume9.h"

namespace ddivk::d3d9 {

class Texture9 final : public TextureBase<IDirect3DTexture9> {
  public:
    // Creates the driver resource and the level surfaces; the driver's error on failure.
    static HRESULT create(Device9& device, IDirect3DDevice9Ex* iface, const TextureShape& shape,
                          Texture9** out);

    HRESULT STDMETHODCALLTYPE GetLevelDesc(UINT level, D3DSURFACE_DESC* desc) override;
    HRESULT STDMETHODCALLTYPE GetSurfaceLevel(UINT level, IDirect3DSurface9** surface) override;
    HRESULT STDMETHODCALLTYPE LockRect(UINT level, D3DLOCKED_RECT* locked, const RECT* rect,
                                       DWORD flags) override;
    HRESULT STDMETHODCALLTYPE UnlockRect(UINT level) override;
    HRESULT STDMETHODCALLTYPE AddDirtyRect(const RECT* rect) override;

    // The level's surface (no reference added).
    Surface9* level(UINT index) const { return surfaces_[index].get(); }

  private:
    using TextureBase::TextureBase;
};

class CubeTexture9 final : public TextureBase<IDirect3DCubeTexture9> {
  public:
    static HRESULT create(Device9& device, IDirect3DDevice9Ex* iface, const TextureShape& shape,
                          CubeTexture9** out);

    HRESULT STDMETHODCALLTYPE GetLevelDesc(UINT level, D3DSURFACE_DESC* desc) override;
    HRESULT STDMETHODCALLTYPE GetCubeMapSurface(D3DCUBEMAP_FACES face, UINT level,
                                                IDirect3DSurface9** surface) override;
    HRESULT STDMETHODCALLTYPE LockRect(D3DCUBEMAP_FACES face, UINT level, D3DLOCKED_RECT* locked,
                                       const RECT* rect, DWORD flags) override;
    HRESULT STDMETHODCALLTYPE UnlockRect(D3DCUBEMAP_FACES face, UINT level) override;
    HRESULT STDMETHODCALLTYPE AddDirtyRect(D3DCUBEMAP_FACES face, const RECT* rect) override;

  private:
    using TextureBase::TextureBase;
    // The subresource of (face, level), or ~0u when either is out of range.
    uint32_t subresource(D3DCUBEMAP_FACES face, UINT level) const;
};

class VolumeTexture9 final : public TextureBase<IDirect3DVolumeTexture9>, public VolumeContainer {
  public:
    static HRESULT create(Device9& device, IDirect3DDevice9Ex* iface, const TextureShape& shape,
                          VolumeTexture9** out);

    HRESULT STDMETHODCALLTYPE GetLevelDesc(UINT level, D3DVOLUME_DESC* desc) override;
    HRESULT STDMETHODCALLTYPE GetVolumeLevel(UINT level, IDirect3DVolume9** volume) override;
    HRESULT STDMETHODCALLTYPE LockBox(UINT level, D3DLOCKED_BOX* locked, const D3DBOX* box,
                                      DWORD flags) override;
    HRESULT STDMETHODCALLTYPE UnlockBox(UINT level) override;
    HRESULT STDMETHODCALLTYPE AddDirtyBox(const D3DBOX* box) override;

    // VolumeContainer
    ULONG containerAddRef() override { return AddRef(); }
    ULONG containerRelease() override { return Release(); }
    HRESULT containerQueryInterface(REFIID riid, void** object) override {
        return QueryInterface(riid, object);
    }
    HRESULT lockVolume(uint32_t level, D3DLOCKED_BOX* locked, const D3DBOX* box, DWORD flags) override {
        return LockBox(level, locked, box, flags);
    }
    HRESULT unlockVolume(uint32_t level) override { return UnlockBox(level); }

  private:
    using TextureBase::TextureBase;
    std::vector<std::unique_ptr<Volume9>> volumes_;
};

} // namespace ddivk::d3d9

// What IDirect3DTexture9, IDirect3DCubeTexture9 and IDirect3DVolumeTexture9 share: the
// IDirect3DBaseTexture9 methods (ResourceChild has IDirect3DResource9's), the storage
// (texture9_storage.h), and what SetTexture binds (TextureBinding). Their levels (Surface9,
// Volume9) count their references on the texture, as D3D9's do.
#pragma once

#include <memory>

#include "d3d9/object_registry.h"
#include "d3d9/resource_child.h"
#include "d3d9/surface9.h"
#include "d3d9/texture9_storage.h"

namespace ddivk::d3d9 {

// What the device binds to a sampler and copies between (SetTexture, UpdateTexture).
class TextureBinding {
  public:
    virtual void addPrivateReference() = 0;
    virtual void releasePrivateReference() = 0;
    virtual IDirect3DBaseTexture9* baseInterface() = 0;
    const TextureShape& shape() const { return shape_; }
    uint32_t handle() const { return storage_.handle(); }
    // Automatic mipmaps: after the top level of an AUTOGENMIPMAP texture was written (a lock, a
    // copy, a draw into it), the driver makes the levels below from it, with the texture's
    // SetAutoGenFilterType filter. Nothing for other textures.
    void generateLevels() { storage_.generateLevels(autoGenFilter_); }
    // UpdateTexture: the source's dirty region, which becomes clean (TextureStorage::takeDirty).
    bool takeDirty(D3DBOX& region) { return storage_.takeDirty(region); }

  protected:
    TextureBinding(Device9& device, const TextureShape& shape) : shape_(shape), storage_(device, shape) {}
    ~TextureBinding() = default;

    TextureShape shape_;
    TextureStorage storage_;
    D3DTEXTUREFILTERTYPE autoGenFilter_ = ::D3DTEXF_LINEAR;
};

// The texture of `registry`'s device a D3D9 base-texture pointer is, or null (another device's,
// a scratch texture, or not a texture of ours).
TextureBinding* textureOf(const ObjectRegistry& registry, IDirect3DBaseTexture9* texture);

template <class Interface>
class TextureBase : public ResourceChild<Interface, IDirect3DBaseTexture9>,
                    public TextureBinding,
                    public SurfaceContainer {
    using Resource = ResourceChild<Interface, IDirect3DBaseTexture9>;

  public:
    TextureBase(IDirect3DDevice9Ex* iface, Device9& device, const TextureShape& shape)
        : Resource(iface, false, shape.pool == ::D3DPOOL_MANAGED), TextureBinding(device, shape) {}

    // IDirect3DBaseTexture9
    // D3D9: the LOD of managed textures only; 0 (and nothing set) for the others.
    DWORD STDMETHODCALLTYPE SetLOD(DWORD lod) override {
        if (shape_.pool != ::D3DPOOL_MANAGED) return 0;
        const DWORD old = lod_;
        lod_ = lod < shape_.levels ? lod : shape_.levels - 1;
        if (lod_ != old) storage_.setLod(lod_); // draws sample from that level on
        return old;
    }
    DWORD STDMETHODCALLTYPE GetLOD() override { return lod_; }
    DWORD STDMETHODCALLTYPE GetLevelCount() override { return shape_.levels; }
    // D3D9: D3DERR_INVALIDCALL for D3DTEXF_NONE. Textures without AUTOGENMIPMAP take a filter
    // too (Wine's test_generate_mipmap: Windows succeeds for a render-target texture).
    HRESULT STDMETHODCALLTYPE SetAutoGenFilterType(D3DTEXTUREFILTERTYPE filter) override {
        if (filter == ::D3DTEXF_NONE || filter > ::D3DTEXF_GAUSSIANQUAD) return D3DERR_INVALIDCALL;
        autoGenFilter_ = filter;
        return D3D_OK;
    }
    D3DTEXTUREFILTERTYPE STDMETHODCALLTYPE GetAutoGenFilterType() override { return autoGenFilter_; }
    // Automatic mipmaps: the levels below the top made now (they are also made after each write
    // of the top: levelWritten).
    void STDMETHODCALLTYPE GenerateMipSubLevels() override { generateLevels(); }

    // TextureBinding: a binding keeps the texture alive.
    void addPrivateReference() override { Resource::addPrivateReference(); }
    void releasePrivateReference() override { Resource::releasePrivateReference(); }
    IDirect3DBaseTexture9* baseInterface() override { return this; }
    // SurfaceContainer: the levels' references are the texture's.
    ULONG containerAddRef() override { return this->AddRef(); }
    ULONG containerRelease() override { return this->Release(); }
    void containerAddPrivateReference() override { addPrivateReference(); }
    void containerReleasePrivateReference() override { releasePrivateReference(); }
    HRESULT containerQueryInterface(REFIID riid, void** object) override {
        return this->QueryInterface(riid, object);
    }
    HRESULT lockLevel(uint32_t subresource, D3DLOCKED_RECT* locked, const RECT* rect, DWORD flags) override {
        if (!locked) return D3DERR_INVALIDCALL;
        D3DLOCKED_BOX out{};
        if (HRESULT hr = lockLevelRect(subresource, rect, flags, &out); FAILED(hr)) return hr;
        locked->pBits = out.pBits;
        locked->Pitch = out.RowPitch;
        return D3D_OK;
    }
    HRESULT unlockLevel(uint32_t subresource) override {
        if (subresource >= shape_.subresources()) return D3DERR_INVALIDCALL;
        // Windows answers D3D_OK to unlocking a 2D texture's level that is not locked, through
        // the texture or the level's surface (Wine's test_lockrect_invalid); a cube face's
        // surface and a volume answer D3DERR_INVALIDCALL.
        // A level that never locks (default pool, not dynamic; targets) answers
        // D3DERR_INVALIDCALL (test_resource_access).
        if (shape_.kind == TextureKind::Plain && !storage_.locked(subresource))
            return locksAt(subresource) ? D3D_OK : D3DERR_INVALIDCALL;
        if (HRESULT hr = storage_.unlock(subresource); FAILED(hr)) return hr;
        levelWritten(subresource);
        return D3D_OK;
    }
    void levelWritten(uint32_t subresource) override {
        if (shape_.generatesLevels() && shape_.levelOf(subresource) == 0) generateLevels();
    }
    bool levelLocked(uint32_t subresource) const override {
        return subresource < shape_.subresources() && storage_.locked(subresource);
    }

    // Makes the driver resource (or scratch memory), and registers the texture by its handle
    // (state blocks find what they bind there).
    HRESULT createStorage(Device9& device) {
        if (HRESULT hr = storage_.create(); FAILED(hr)) return hr;
        registration_ = std::make_unique<Registration<TextureBinding>>(
            registryOf(device), ObjectKind::Texture, handle(), this,
            static_cast<IDirect3DBaseTexture9*>(static_cast<Interface*>(this)));
        return D3D_OK;
    }

  protected:
    // AddDirtyRect's rectangle (null: all) of level 0 (dirtyRectInside checked it).
    void markDirty(const RECT* rect) {
        if (!rect) return storage_.markDirty(nullptr);
        const D3DBOX box{UINT(rect->left), UINT(rect->top), UINT(rect->right), UINT(rect->bottom), 0, 1};
        storage_.markDirty(&box);
    }
    // D3D9: only lockable textures lock: not render-target or depth textures, and in the default
    // pool only dynamic ones.
    bool locksAt(uint32_t subresource) const {
        return subresource < shape_.subresources() &&
               !(shape_.usage & (D3DUSAGE_RENDERTARGET | D3DUSAGE_DEPTHSTENCIL)) &&
               (shape_.pool != ::D3DPOOL_DEFAULT || (shape_.usage & D3DUSAGE_DYNAMIC));
    }
    HRESULT lockSubresource(uint32_t subresource, const D3DBOX* box, DWORD flags, D3DLOCKED_BOX* locked) {
        if (!locksAt(subresource)) return D3DERR_INVALIDCALL;
        return storage_.lock(subresource, box, flags, locked);
    }
    HRESULT lockLevelRect(uint32_t subresource, const RECT* rect, DWORD flags, D3DLOCKED_BOX* locked) {
        if (!locksAt(subresource)) return D3DERR_INVALIDCALL;
        return rect ? storage_.lockRect(subresource, *rect, flags, locked)
                    : storage_.lock(subresource, nullptr, flags, locked);
    }
    // The level surfaces of 2D and cube textures, made once the driver resource exists.
    void makeSurfaces(Device9& device) {
        for (uint32_t i = 0; i < shape_.subresources(); ++i) {
            const bool target = (shape_.usage & (D3DUSAGE_RENDERTARGET | D3DUSAGE_DEPTHSTENCIL)) != 0;
            // Levels of render-target and depth textures are the driver surfaces h + 1 + i
            // (src/device/device_target_textures.cpp).
            surfaces_.push_back(std::make_unique<Surface9>(device, *this, handle(), i,
                                                           target ? handle() + 1 + i : 0,
                                                           shape_.levelDesc(shape_.levelOf(i))));
        }
    }
    HRESULT surface(uint32_t subresource, IDirect3DSurface9** out) {
        if (!out) return D3DERR_INVALIDCALL;
        *out = nullptr;
        if (subresource >= surfaces_.size()) return D3DERR_INVALIDCALL;
        surfaces_[subresource]->AddRef();
        *out = surfaces_[subresource].get();
        return D3D_OK;
    }

    std::vector<std::unique_ptr<Surface9>> surfaces_;

  private:
    DWORD lod_ = 0;
    std::unique_ptr<Registration<TextureBinding>> registration_; // last: leaves the registry first
};

} // namespace ddivk::d3d9

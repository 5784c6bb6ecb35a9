// IDirect3DSurface9: a render target or depth-stencil surface of the driver (named by the
// handle ddivk_surface_create gave it), an offscreen plain surface in system memory that
// the program locks and GetRenderTargetData copies into, a default-pool offscreen plain surface
// of a format the driver cannot render to (YUY2 video frames, DXT, luminance) held as a
// one-level texture of the driver's, or a level (of a face) of a texture, whose references,
// locks and container are its texture's (texture9.h).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "d3d9/resource_child.h"
#include "d3d9/texture9_storage.h"

namespace ddivk::d3d9 {

class Device9;

// What a texture level surface asks its texture (D3D9: a level's AddRef / Release count on
// its container, and it is locked through it).
class SurfaceContainer {
  public:
    virtual ULONG containerAddRef() = 0;
    virtual ULONG containerRelease() = 0;
    virtual void containerAddPrivateReference() = 0;
    virtual void containerReleasePrivateReference() = 0;
    virtual HRESULT containerQueryInterface(REFIID riid, void** object) = 0;
    virtual HRESULT lockLevel(uint32_t subresource, D3DLOCKED_RECT* locked, const RECT* rect,
                              DWORD flags) = 0;
    virtual HRESULT unlockLevel(uint32_t subresource) = 0;
    virtual bool levelLocked(uint32_t subresource) const = 0;
    // The level was written by a copy, a fill or draws (the device calls it after recording
    // them): an AUTOGENMIPMAP texture makes its levels below the top again.
    virtual void levelWritten(uint32_t) {}

  protected:
    ~SurfaceContainer() = default;
};

class Surface9 final : public ResourceChild<IDirect3DSurface9> {
  public:
    // A driver surface (D3DUSAGE_RENDERTARGET or D3DUSAGE_DEPTHSTENCIL, D3DPOOL_DEFAULT).
    Surface9(Device9& device, bool ownedByDevice, uint32_t handle, const D3DSURFACE_DESC& desc);
    // A system-memory surface (D3DPOOL_SYSTEMMEM or SCRATCH) of rows `pitch` bytes apart, each
    // a row of blocks (`blockSize` 4 for DXT formats) of `bytesPerBlock`.
    Surface9(Device9& device, const D3DSURFACE_DESC& desc, uint32_t pitch, uint32_t bytesPerBlock,
             uint32_t blockSize);
    // A default-pool offscreen plain surface whose texels are the one level of `texels` (created):
    // locked through it, named by its handle in BLT and COLORFILL.
    Surface9(Device9& device, std::unique_ptr<TextureStorage> texels, const D3DSURFACE_DESC& desc);
    // Level `subresource` of a texture (the driver's subresource index; `handle` the driver
    // surface of a render-target or depth texture's level, else 0). Owned by the texture.
    Surface9(Device9& device, SurfaceContainer& container, uint32_t textureHandle, uint32_t subresource,
             uint32_t handle, const D3DSURFACE_DESC& desc);
    ~Surface9() override;

    // IUnknown
    ULONG STDMETHODCALLTYPE AddRef() override {
        return container_ ? container_->containerAddRef() : ResourceChild::AddRef();
    }
    ULONG STDMETHODCALLTYPE Release() override {
        return container_ ? container_->containerRelease() : ResourceChild::Release();
    }
    // A binding of a texture level (SetRenderTarget) keeps the texture alive.
    void addPrivateReference() {
        if (container_)
            container_->containerAddPrivateReference();
        else
            ResourceChild::addPrivateReference();
    }
    void releasePrivateReference() {
        if (container_)
            container_->containerReleasePrivateReference();
        else
            ResourceChild::releasePrivateReference();
    }
    // IDirect3DSurface9
    HRESULT STDMETHODCALLTYPE GetContainer(REFIID riid, void** container) override;
    HRESULT STDMETHODCALLTYPE GetDesc(D3DSURFACE_DESC* desc) override;
    HRESULT STDMETHODCALLTYPE LockRect(D3DLOCKED_RECT* locked, const RECT* rect, DWORD flags) override;
    HRESULT STDMETHODCALLTYPE UnlockRect() override;
    HRESULT STDMETHODCALLTYPE GetDC(HDC* dc) override;
    HRESULT STDMETHODCALLTYPE ReleaseDC(HDC dc) override;

    // The driver's surface handle; 0 for a system-memory surface and one held as a texture.
    uint32_t handle() const { return handle_; }
    const D3DSURFACE_DESC& desc() const { return desc_; }
    // System-memory pixels and their pitch (empty for driver surfaces).
    std::vector<uint8_t>& memory() { return memory_; }
    uint32_t pitch() const { return pitch_; }
    // How DP2 BLT / TEXBLT name it: a driver surface (level 0), or a texture and the level's
    // subresource index; handle 0 for system-memory surfaces.
    uint32_t blitHandle() const { return container_ || texels_ ? textureHandle_ : handle_; }
    uint32_t blitLevel() const { return container_ ? subresource_ : 0; }
    // The texture it is a level of (null for a stand-alone surface).
    SurfaceContainer* container() const { return container_; }
    // After a copy, fill or draws into it: its texture hears of it (SurfaceContainer::levelWritten).
    void noteWritten() {
        if (container_) container_->levelWritten(subresource_);
    }
    // Locked by LockRect (through the surface or its texture) and not unlocked yet.
    bool isLocked() const {
        return container_ ? container_->levelLocked(subresource_) : texels_ ? texels_->locked(0) : locked_;
    }
    // A driver surface the program may lock: a lockable render target (CreateRenderTarget's
    // Lockable, D3DPRESENTFLAG_LOCKABLE_BACKBUFFER) or a depth surface of a _LOCKABLE format.
    void setLockable() { lockable_ = true; }
    // A depth-stencil surface made with Discard (or D3DPRESENTFLAG_DISCARD_DEPTHSTENCIL): its
    // contents do not outlive a Present, and StretchRect refuses it.
    void setDiscardable() { discardable_ = true; }
    bool discardable() const { return discardable_; }
    // Present's rotation of a swap chain's surfaces (back buffers, then a FLIP chain's front
    // buffer): each object takes the driver surface of the one after it, the last the first's,
    // so the objects the program holds stay while their contents move (device9_back_buffers.cpp).
    static void rotateDriverSurfaces(const std::vector<Surface9*>& ring);

  private:
    HRESULT lockDriverSurface(D3DLOCKED_RECT* locked, const RECT* rect, DWORD flags);
    // GetDC's device context: a DIB section holding a copy of the locked pixels
    // (surface9_dc.cpp); null while no DC is out.
    struct GdiContext;
    struct GdiContextDeleter {
        void operator()(GdiContext* context) const;
    };
    std::unique_ptr<GdiContext, GdiContextDeleter> dc_;

    Device9& owner_;
    SurfaceContainer* container_ = nullptr;
    std::unique_ptr<TextureStorage> texels_; // a default-pool plain surface held as a texture
    uint32_t textureHandle_ = 0;
    uint32_t subresource_ = 0;
    uint32_t handle_ = 0;
    D3DSURFACE_DESC desc_{};
    std::vector<uint8_t> memory_;
    uint32_t pitch_ = 0;
    uint32_t bytesPerBlock_ = 0;
    uint32_t blockSize_ = 1;
    bool locked_ = false;
    int64_t videoMemoryBytes_ = 0; // a program's driver surface's share of Device9::videoMemoryTaken
    bool lockable_ = false;
    bool discardable_ = false;
    bool countedForReset_ = false; // a D3DPOOL_DEFAULT surface of the program's: Reset waits for it
};

} // namespace ddivk::d3d9

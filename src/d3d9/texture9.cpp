// Driver headers before <d3d9.h>: device9.h first.
#include "d3d9/device9.h"

#include "d3d9/texture9.h"

namespace ddivk::d3d9 {
namespace {

// Creates a texture of type T and its driver resource; `levels(t)` makes its level objects.
template <class T, class Levels> HRESULT createTexture(Device9& device, T* texture, T** out, Levels levels) {
    if (HRESULT hr = texture->createStorage(device); FAILED(hr)) {
        texture->Release(); // also gives back the device's reference
        return hr;
    }
    levels(texture);
    *out = texture;
    return D3D_OK;
}

// Every unlock uploads what it wrote, so a dirty rectangle adds nothing to upload; one outside
// level 0 or empty is refused, as Windows does (Wine's add_dirty_rect_test).
bool dirtyRectInside(const RECT* rect, const TextureShape& shape) {
    return !rect ||
           (rect->left >= 0 && rect->top >= 0 && rect->left < rect->right && rect->top < rect->bottom &&
            UINT(rect->right) <= shape.width && UINT(rect->bottom) <= shape.height);
}

bool validLevel(UINT level, const TextureShape& shape) {
    return level < shape.levels;
}

} // namespace

TextureBinding* textureOf(const ObjectRegistry& registry, IDirect3DBaseTexture9* texture) {
    return texture ? registry.findByInterface<TextureBinding>(texture) : nullptr;
}

// ---- IDirect3DTexture9 ----

HRESULT Texture9::create(Device9& device, IDirect3DDevice9Ex* iface, const TextureShape& shape,
                         Texture9** out) {
    return createTexture(device, new Texture9(iface, device, shape), out,
                         [&](Texture9* t) { t->makeSurfaces(device); });
}

HRESULT Texture9::GetLevelDesc(UINT level, D3DSURFACE_DESC* desc) {
    if (!desc || !validLevel(level, shape_)) return D3DERR_INVALIDCALL;
    *desc = shape_.levelDesc(level);
    return D3D_OK;
}

HRESULT Texture9::GetSurfaceLevel(UINT level, IDirect3DSurface9** out) {
    if (out && !validLevel(level, shape_)) *out = nullptr;
    return validLevel(level, shape_) ? surface(level, out) : D3DERR_INVALIDCALL;
}

HRESULT Texture9::LockRect(UINT level, D3DLOCKED_RECT* locked, const RECT* rect, DWORD flags) {
    if (!validLevel(level, shape_)) return D3DERR_INVALIDCALL;
    return lockLevel(level, locked, rect, flags);
}

HRESULT Texture9::UnlockRect(UINT level) {
    if (!validLevel(level, shape_)) return D3DERR_INVALIDCALL;
    return unlockLevel(level);
}

// Every lock uploads what it wrote (the driver's CPU copy): dirty regions add nothing.
HRESULT Texture9::AddDirtyRect(const RECT* rect) {
    if (!dirtyRectInside(rect, shape_)) return D3DERR_INVALIDCALL;
    markDirty(rect);
    return D3D_OK;
}

// ---- IDirect3DCubeTexture9 ----

HRESULT CubeTexture9::create(Device9& device, IDirect3DDevice9Ex* iface, const TextureShape& shape,
                             CubeTexture9** out) {
    return createTexture(device, new CubeTexture9(iface, device, shape), out,
                         [&](CubeTexture9* t) { t->makeSurfaces(device); });
}

uint32_t CubeTexture9::subresource(D3DCUBEMAP_FACES face, UINT level) const {
    if (UINT(face) >= 6 || !validLevel(level, shape_)) return ~0u;
    return uint32_t(face) * shape_.storedLevels() + level;
}

HRESULT CubeTexture9::GetLevelDesc(UINT level, D3DSURFACE_DESC* desc) {
    if (!desc || !validLevel(level, shape_)) return D3DERR_INVALIDCALL;
    *desc = shape_.levelDesc(level);
    return D3D_OK;
}

HRESULT CubeTexture9::GetCubeMapSurface(D3DCUBEMAP_FACES face, UINT level, IDirect3DSurface9** out) {
    return surface(subresource(face, level), out);
}

HRESULT CubeTexture9::LockRect(D3DCUBEMAP_FACES face, UINT level, D3DLOCKED_RECT* locked, const RECT* rect,
                               DWORD flags) {
    const uint32_t index = subresource(face, level);
    if (index == ~0u) return D3DERR_INVALIDCALL;
    return lockLevel(index, locked, rect, flags);
}

HRESULT CubeTexture9::UnlockRect(D3DCUBEMAP_FACES face, UINT level) {
    const uint32_t index = subresource(face, level);
    if (index == ~0u) return D3DERR_INVALIDCALL;
    // Through the cube texture, a level that is not locked unlocks with D3D_OK as a 2D
    // texture's does (Wine's test_lockrect_invalid; through the face's surface it is refused).
    if (!levelLocked(index)) return D3D_OK;
    return unlockLevel(index);
}

HRESULT CubeTexture9::AddDirtyRect(D3DCUBEMAP_FACES face, const RECT* rect) {
    if (UINT(face) >= 6 || !dirtyRectInside(rect, shape_)) return D3DERR_INVALIDCALL;
    markDirty(rect); // (one region for every face)
    return D3D_OK;
}

// ---- IDirect3DVolumeTexture9 ----

HRESULT VolumeTexture9::create(Device9& device, IDirect3DDevice9Ex* iface, const TextureShape& shape,
                               VolumeTexture9** out) {
    return createTexture(device, new VolumeTexture9(iface, device, shape), out, [&](VolumeTexture9* t) {
        for (UINT l = 0; l < shape.levels; ++l) {
            D3DVOLUME_DESC d{};
            t->GetLevelDesc(l, &d);
            t->volumes_.push_back(std::make_unique<Volume9>(iface, *t, l, d));
        }
    });
}

HRESULT VolumeTexture9::GetLevelDesc(UINT level, D3DVOLUME_DESC* desc) {
    if (!desc || !validLevel(level, shape_)) return D3DERR_INVALIDCALL;
    *desc = D3DVOLUME_DESC{};
    desc->Format = shape_.format;
    desc->Type = D3DRTYPE_VOLUME;
    desc->Usage = shape_.usage;
    desc->Pool = shape_.pool;
    desc->Width = shape_.levelWidth(level);
    desc->Height = shape_.levelHeight(level);
    desc->Depth = shape_.levelDepth(level);
    return D3D_OK;
}

HRESULT VolumeTexture9::GetVolumeLevel(UINT level, IDirect3DVolume9** out) {
    if (!out) return D3DERR_INVALIDCALL;
    *out = nullptr;
    if (!validLevel(level, shape_)) return D3DERR_INVALIDCALL;
    volumes_[level]->AddRef();
    *out = volumes_[level].get();
    return D3D_OK;
}

HRESULT VolumeTexture9::LockBox(UINT level, D3DLOCKED_BOX* locked, const D3DBOX* box, DWORD flags) {
    if (!locked) return D3DERR_INVALIDCALL;
    const HRESULT hr =
        validLevel(level, shape_) ? lockSubresource(level, box, flags, locked) : D3DERR_INVALIDCALL;
    if (FAILED(hr)) locked->pBits = nullptr; // Windows leaves no pointer (Wine's test_volume_locking)
    return hr;
}

HRESULT VolumeTexture9::UnlockBox(UINT level) {
    if (!validLevel(level, shape_)) return D3DERR_INVALIDCALL;
    return unlockLevel(level);
}

HRESULT VolumeTexture9::AddDirtyBox(const D3DBOX* box) {
    if (!box) {
        storage_.markDirty(nullptr);
        return D3D_OK;
    }
    const bool inside = box->Left < box->Right && box->Top < box->Bottom && box->Front < box->Back &&
                        box->Right <= shape_.width && box->Bottom <= shape_.height &&
                        box->Back <= shape_.depth;
    if (!inside) return D3DERR_INVALIDCALL;
    storage_.markDirty(box);
    return D3D_OK;
}

} // namespace ddivk::d3d9

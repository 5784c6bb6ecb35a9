// IDirect3DDevice9Ex: creating textures (2D, cube, volume) and binding them to samplers. Each
// Create method checks its arguments as D3D9 does (D3DERR_INVALIDCALL, the one error the
// documentation gives for arguments and formats the device cannot create), then makes the
// driver resource (texture9_storage.h). SetTexture records DP2 TEXTURESTAGESTATE with
// D3DTSS_TEXTUREMAP and the texture's handle; the device keeps bound textures alive.
// Driver headers before <d3d9.h>: device9.h first.
#include "d3d9/device9.h"

#include "ddivk/d3d9_enums.h"
#include "ddivk/dp2_payloads.h"
#include "draw/format_table.h"

#include "d3d9/format_support.h"
#include "d3d9/texture9.h"

namespace ddivk::d3d9 {
namespace {

constexpr DWORD kTargetUsage = D3DUSAGE_RENDERTARGET | D3DUSAGE_DEPTHSTENCIL;

// D3D9's rules for a new texture; fills in the level count (Levels 0: the full chain; textures
// with AUTOGENMIPMAP show one level, and have the full chain generated where the format allows). `type` is
// the resource type CheckDeviceFormat is asked.
HRESULT checkShape(const Adapter& adapter, TextureShape& s, ::D3DRESOURCETYPE type) {
    if (s.width == 0 || s.height == 0 || s.depth == 0) return D3DERR_INVALIDCALL;
    if (s.pool != ::D3DPOOL_DEFAULT && s.pool != ::D3DPOOL_MANAGED && s.pool != ::D3DPOOL_SYSTEMMEM &&
        s.pool != ::D3DPOOL_SCRATCH)
        return D3DERR_INVALIDCALL;
    // WRITEONLY is for buffers: Windows refuses it for textures in the managed, system-memory
    // and scratch pools (Wine's test_lockrect_invalid, test_lockbox_invalid), and so do we in
    // the default pool, whose textures no program reads back through a lock either.
    if (s.usage & D3DUSAGE_WRITEONLY) return D3DERR_INVALIDCALL;
    // Render-target and depth textures are in the default pool and never dynamic (Wine's
    // test_resource_access records Windows refusing DYNAMIC with either); dynamic ones are never
    // managed, and dynamic volumes never scratch either (test_volume_locking).
    if ((s.usage & kTargetUsage) == kTargetUsage ||
        ((s.usage & kTargetUsage) && (s.pool != ::D3DPOOL_DEFAULT || (s.usage & D3DUSAGE_DYNAMIC))) ||
        ((s.usage & D3DUSAGE_DYNAMIC) && s.pool == ::D3DPOOL_MANAGED) ||
        ((s.usage & D3DUSAGE_DYNAMIC) && s.pool == ::D3DPOOL_SCRATCH && s.kind == TextureKind::Volume))
        return D3DERR_INVALIDCALL;
    const UINT full = s.fullChain();
    if (s.usage & D3DUSAGE_AUTOGENMIPMAP) {
        // D3D9: Levels 0 or 1, never in system memory; the program sees one level, and the driver
        // makes the full chain below it where the format generates (CheckDeviceFormat D3D_OK).
        if (s.levels > 1 || s.pool == ::D3DPOOL_SYSTEMMEM || s.kind == TextureKind::Volume)
            return D3DERR_INVALIDCALL;
        s.levels = 1;
        if (s.pool != ::D3DPOOL_SCRATCH &&
            checkDeviceFormat(adapter, ::D3DFMT_X8R8G8B8, s.usage & (kTargetUsage | D3DUSAGE_AUTOGENMIPMAP),
                              type, s.format) == D3D_OK)
            s.generatedLevels = full;
    }
    if (s.levels > full) return D3DERR_INVALIDCALL;
    if (s.levels == 0) s.levels = full;
    // DXT textures are whole blocks at level 0 (their small levels are not; a volume's depth is
    // not checked).
    if (!sizeFitsBlocks(s.format, s.width, s.height)) return D3DERR_INVALIDCALL;
    if (s.pool == ::D3DPOOL_SCRATCH) {
        // Scratch resources are CPU memory, not bound by what the device can sample.
        const draw::FormatInfo* info = draw::findFormat(static_cast<uint32_t>(s.format));
        return info && info->bytesPerPixel ? D3D_OK : D3DERR_INVALIDCALL;
    }
    const HRESULT format = checkDeviceFormat(adapter, ::D3DFMT_X8R8G8B8,
                                             s.usage & (kTargetUsage | D3DUSAGE_DYNAMIC), type, s.format);
    return FAILED(format) ? D3DERR_INVALIDCALL : D3D_OK;
}

} // namespace

HRESULT STDMETHODCALLTYPE Device9::CreateTexture(UINT width, UINT height, UINT levels, DWORD usage,
                                                 D3DFORMAT format, D3DPOOL pool, IDirect3DTexture9** texture,
                                                 HANDLE* shared) {
    if (!texture) return D3DERR_INVALIDCALL;
    *texture = nullptr;
    if (shared) return D3DERR_INVALIDCALL; // shared resources are IDirect3D9Ex's, not done
    if (creation_.extended && pool == D3DPOOL_MANAGED) return D3DERR_INVALIDCALL; // (no managed pool in Ex)
    TextureShape shape{TextureKind::Plain, width, height, 1, levels, usage, format, pool};
    if (HRESULT hr = checkShape(*creation_.adapter, shape, ::D3DRTYPE_TEXTURE); FAILED(hr)) return hr;
    auto guard = lock();
    Texture9* t = nullptr;
    if (HRESULT hr = Texture9::create(*this, this, shape, &t); FAILED(hr)) return hr;
    *texture = t;
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Device9::CreateCubeTexture(UINT edge, UINT levels, DWORD usage, D3DFORMAT format,
                                                     D3DPOOL pool, IDirect3DCubeTexture9** texture,
                                                     HANDLE* shared) {
    if (!texture) return D3DERR_INVALIDCALL;
    *texture = nullptr;
    if (shared) return D3DERR_INVALIDCALL;
    if (creation_.extended && pool == D3DPOOL_MANAGED) return D3DERR_INVALIDCALL;
    TextureShape shape{TextureKind::Cube, edge, edge, 1, levels, usage, format, pool};
    if (HRESULT hr = checkShape(*creation_.adapter, shape, ::D3DRTYPE_CUBETEXTURE); FAILED(hr)) return hr;
    auto guard = lock();
    CubeTexture9* t = nullptr;
    if (HRESULT hr = CubeTexture9::create(*this, this, shape, &t); FAILED(hr)) return hr;
    *texture = t;
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Device9::CreateVolumeTexture(UINT width, UINT height, UINT depth, UINT levels,
                                                       DWORD usage, D3DFORMAT format, D3DPOOL pool,
                                                       IDirect3DVolumeTexture9** texture, HANDLE* shared) {
    if (!texture) return D3DERR_INVALIDCALL;
    *texture = nullptr;
    // Volumes are never render targets or depth buffers.
    if (shared || (usage & kTargetUsage)) return D3DERR_INVALIDCALL;
    if (creation_.extended && pool == D3DPOOL_MANAGED) return D3DERR_INVALIDCALL;
    TextureShape shape{TextureKind::Volume, width, height, depth, levels, usage, format, pool};
    if (HRESULT hr = checkShape(*creation_.adapter, shape, ::D3DRTYPE_VOLUMETEXTURE); FAILED(hr)) return hr;
    auto guard = lock();
    VolumeTexture9* t = nullptr;
    if (HRESULT hr = VolumeTexture9::create(*this, this, shape, &t); FAILED(hr)) return hr;
    *texture = t;
    return D3D_OK;
}

// Samplers 0-15, D3DDMAPSAMPLER and D3DVERTEXTEXTURESAMPLER0-3. Scratch textures are never
// bound (D3DERR_INVALIDCALL).
HRESULT STDMETHODCALLTYPE Device9::SetTexture(DWORD sampler, IDirect3DBaseTexture9* texture) {
    const uint32_t index = state::samplerIndex(sampler);
    if (index == state::kInvalidIndex) return D3DERR_INVALIDCALL;
    TextureBinding* t = textureOf(*registry_, texture);
    if (texture && (!t || t->shape().pool == ::D3DPOOL_SCRATCH)) return D3DERR_INVALIDCALL;
    auto guard = lock();
    const uint32_t handle = t ? t->handle() : 0;
    if (!state_.recording() && textures_[index].get() == t && state_.texture(sampler) == handle)
        return D3D_OK;
    if (state_.setDdiTextureStageState(sampler, ddivk::D3DTSS_TEXTUREMAP, handle) != S_OK)
        return D3DERR_INVALIDCALL;
    bindOrHold(textures_[index], t, ObjectKind::Texture, handle);
    D3DHAL_DP2TEXTURESTAGESTATE tss{};
    tss.wStage = uint16_t(sampler);
    tss.TSState = ddivk::D3DTSS_TEXTUREMAP;
    tss.dwValue = handle;
    stream_->token(D3DDP2OP_TEXTURESTAGESTATE, tss);
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Device9::GetTexture(DWORD sampler, IDirect3DBaseTexture9** texture) {
    if (!texture) return D3DERR_INVALIDCALL;
    *texture = nullptr;
    const uint32_t index = state::samplerIndex(sampler);
    if (index == state::kInvalidIndex) return D3DERR_INVALIDCALL;
    auto guard = lock();
    if (TextureBinding* t = textures_[index].get()) {
        *texture = t->baseInterface();
        (*texture)->AddRef();
    }
    return D3D_OK; // D3D9: an empty sampler gives NULL and D3D_OK
}

void Device9::releaseBoundTextures() {
    for (auto& t : textures_)
        t.reset(nullptr);
}

void Device9::rebindTextures() {
    for (uint32_t i = 0; i < state::kSamplerCount; ++i)
        textures_[i].reset(
            registry_->find<TextureBinding>(ObjectKind::Texture, state_.texture(state::samplerNumber(i))));
}

} // namespace ddivk::d3d9

// IDirect3DDevice9Ex: render, texture stage and sampler states, transforms, viewport, scissor,
// material, lights and clip planes. Each setter is checked by the device's own state cache (the
// driver's StateCache class: the same rules the driver applies), and only what it accepts is
// recorded as a DP2 token. A value equal to the current one records nothing.
// Driver headers before <d3d9.h>: device9.h first.
#include "d3d9/device9.h"

#include "ddivk/dp2_payloads.h"
#include "util/unimplemented.h"

#include "d3d9/surface9.h"

#include <algorithm>
#include <cstring>

namespace ddivk::d3d9 {
namespace {

// The Windows and the driver spelling of a D3D9 struct have one layout: copy between them.
template <class To, class From> To sameLayout(const From& from) {
    static_assert(sizeof(To) == sizeof(From));
    To to;
    std::memcpy(&to, &from, sizeof to);
    return to;
}

// The DP2 TEXTURESTAGESTATE number that stands for a D3DSAMP_* value (d3dhal.h's mapping), or 0.
uint32_t tssForSamplerState(uint32_t samplerState) {
    for (const TssSamplerMapping& m : kTssToSamplerState)
        if (m.sampler == samplerState) return m.tss;
    return 0;
}

} // namespace

HRESULT STDMETHODCALLTYPE Device9::SetRenderState(D3DRENDERSTATETYPE type, DWORD value) {
    auto guard = lock();
    // RESZ is a command the state cache does not store; GetRenderState answers its code until
    // POINTSIZE is set again, as Windows' runtime does (Wine's resz_test).
    if (type == ::D3DRS_POINTSIZE && !state_.recording()) reszPointSize_ = value == state::kReszCode;
    if (!state_.recording() && type < state::kRenderStateCount && state_.renderState(type) == value)
        return D3D_OK;
    if (state_.setRenderState(type, value) != S_OK) return D3DERR_INVALIDCALL;
    D3DHAL_DP2RENDERSTATE rs{};
    rs.RenderState = type;
    rs.dwState = value;
    stream_->token(D3DDP2OP_RENDERSTATE, rs);
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Device9::GetRenderState(D3DRENDERSTATETYPE type, DWORD* value) {
    if (!value || type >= state::kRenderStateCount) return D3DERR_INVALIDCALL;
    auto guard = lock();
    *value = type == ::D3DRS_POINTSIZE && reszPointSize_ ? state::kReszCode : state_.renderState(type);
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Device9::SetTextureStageState(DWORD stage, D3DTEXTURESTAGESTATETYPE type,
                                                        DWORD value) {
    // Only real stage states: sampler states have their own method in D3D9.
    if (stage >= state::kTextureStages || type >= state::kTextureStageStateCount ||
        !state::isTextureStageState(type))
        return D3DERR_INVALIDCALL;
    auto guard = lock();
    if (!state_.recording() && state_.textureStageState(stage, type) == value) return D3D_OK;
    if (state_.setTextureStageState(stage, type, value) != S_OK) return D3DERR_INVALIDCALL;
    D3DHAL_DP2TEXTURESTAGESTATE t{};
    t.wStage = static_cast<uint16_t>(stage);
    t.TSState = static_cast<uint16_t>(type);
    t.dwValue = value;
    stream_->token(D3DDP2OP_TEXTURESTAGESTATE, t);
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Device9::GetTextureStageState(DWORD stage, D3DTEXTURESTAGESTATETYPE type,
                                                        DWORD* value) {
    if (!value || stage >= state::kTextureStages || type >= state::kTextureStageStateCount)
        return D3DERR_INVALIDCALL;
    auto guard = lock();
    *value = state_.textureStageState(stage, type);
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Device9::SetSamplerState(DWORD sampler, D3DSAMPLERSTATETYPE type, DWORD value) {
    const uint32_t tss = tssForSamplerState(type);
    if (state::samplerIndex(sampler) == state::kInvalidIndex || tss == 0) return D3DERR_INVALIDCALL;
    auto guard = lock();
    if (!state_.recording() && state_.samplerState(sampler, type) == value) return D3D_OK;
    if (state_.setSamplerState(sampler, type, value) != S_OK) return D3DERR_INVALIDCALL;
    // DP2 carries sampler states as texture stage states of the sampler's number.
    D3DHAL_DP2TEXTURESTAGESTATE t{};
    t.wStage = static_cast<uint16_t>(sampler);
    t.TSState = static_cast<uint16_t>(tss);
    t.dwValue = value;
    stream_->token(D3DDP2OP_TEXTURESTAGESTATE, t);
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Device9::GetSamplerState(DWORD sampler, D3DSAMPLERSTATETYPE type, DWORD* value) {
    if (!value || state::samplerIndex(sampler) == state::kInvalidIndex || type >= state::kSamplerStateCount)
        return D3DERR_INVALIDCALL;
    auto guard = lock();
    *value = state_.samplerState(sampler, type);
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Device9::SetTransform(D3DTRANSFORMSTATETYPE type, const D3DMATRIX* matrix) {
    if (!matrix || state::transformIndex(type) == state::kInvalidIndex) return D3DERR_INVALIDCALL;
    auto guard = lock();
    const auto m = sameLayout<ddivk::D3DMATRIX>(*matrix);
    if (state_.setTransform(type, m) != S_OK) return D3DERR_INVALIDCALL;
    D3DHAL_DP2SETTRANSFORM t{};
    t.xfrmType = type;
    t.matrix = m;
    stream_->token(D3DDP2OP_SETTRANSFORM, t);
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Device9::GetTransform(D3DTRANSFORMSTATETYPE type, D3DMATRIX* matrix) {
    if (!matrix || state::transformIndex(type) == state::kInvalidIndex) return D3DERR_INVALIDCALL;
    auto guard = lock();
    *matrix = sameLayout<::D3DMATRIX>(state_.transform(type));
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Device9::MultiplyTransform(D3DTRANSFORMSTATETYPE type, const D3DMATRIX* matrix) {
    if (!matrix || state::transformIndex(type) == state::kInvalidIndex) return D3DERR_INVALIDCALL;
    auto guard = lock();
    const auto m = sameLayout<ddivk::D3DMATRIX>(*matrix);
    if (state_.multiplyTransform(type, m) != S_OK) return D3DERR_INVALIDCALL;
    D3DHAL_DP2MULTIPLYTRANSFORM t{};
    t.xfrmType = type;
    t.matrix = m;
    stream_->token(D3DDP2OP_MULTIPLYTRANSFORM, t);
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Device9::SetViewport(const D3DVIEWPORT9* viewport) {
    if (!viewport) return D3DERR_INVALIDCALL;
    auto guard = lock();
    // A viewport reaching past render target 0 is taken, as Windows takes it (Wine's
    // test_clear_different_size_surfaces sets 640 x 640 on a 1 x 1 target): draws and clears
    // stop at each surface's edge. An empty one is refused.
    if (viewport->Width == 0 || viewport->Height == 0) return D3DERR_INVALIDCALL;
    if (state_.setViewport(sameLayout<ddivk::D3DVIEWPORT9>(*viewport)) != S_OK) return D3DERR_INVALIDCALL;
    D3DHAL_DP2VIEWPORTINFO rect{viewport->X, viewport->Y, viewport->Width, viewport->Height};
    stream_->token(D3DDP2OP_VIEWPORTINFO, rect);
    D3DHAL_DP2ZRANGE z{viewport->MinZ, viewport->MaxZ};
    stream_->token(D3DDP2OP_ZRANGE, z);
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Device9::GetViewport(D3DVIEWPORT9* viewport) {
    if (!viewport) return D3DERR_INVALIDCALL;
    auto guard = lock();
    *viewport = sameLayout<::D3DVIEWPORT9>(state_.viewport());
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Device9::SetScissorRect(const RECT* rect) {
    if (!rect) return D3DERR_INVALIDCALL;
    auto guard = lock();
    const ddivk::D3DRECT r{rect->left, rect->top, rect->right, rect->bottom};
    if (state_.setScissorRect(r) != S_OK) return D3DERR_INVALIDCALL;
    const ddivk::RECT token{rect->left, rect->top, rect->right, rect->bottom};
    stream_->token(D3DDP2OP_SETSCISSORRECT, token);
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Device9::GetScissorRect(RECT* rect) {
    if (!rect) return D3DERR_INVALIDCALL;
    auto guard = lock();
    const ddivk::D3DRECT r = state_.scissorRect();
    *rect = RECT{LONG(r.x1), LONG(r.y1), LONG(r.x2), LONG(r.y2)};
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Device9::SetMaterial(const D3DMATERIAL9* material) {
    if (!material) return D3DERR_INVALIDCALL;
    auto guard = lock();
    if (state_.setMaterial(sameLayout<ddivk::D3DMATERIAL9>(*material)) != S_OK) return D3DERR_INVALIDCALL;
    stream_->token(D3DDP2OP_SETMATERIAL, sameLayout<D3DHAL_DP2SETMATERIAL>(*material));
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Device9::GetMaterial(D3DMATERIAL9* material) {
    if (!material) return D3DERR_INVALIDCALL;
    auto guard = lock();
    *material = sameLayout<::D3DMATERIAL9>(state_.material());
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Device9::SetLight(DWORD index, const D3DLIGHT9* light) {
    if (!light) return D3DERR_INVALIDCALL;
    if (light->Type != ::D3DLIGHT_POINT && light->Type != ::D3DLIGHT_SPOT &&
        light->Type != ::D3DLIGHT_DIRECTIONAL)
        return D3DERR_INVALIDCALL;
    auto guard = lock();
    if (state_.setLight(index, sameLayout<ddivk::D3DLIGHT9>(*light)) != S_OK) return D3DERR_INVALIDCALL;
    // SETLIGHT with D3DHAL_SETLIGHT_DATA is followed by the light (D3DLIGHT7: D3DLIGHT9's layout).
    D3DHAL_DP2SETLIGHT header{index, D3DHAL_SETLIGHT_DATA};
    const auto data = sameLayout<ddivk::D3DLIGHT7>(*light);
    stream_->token(D3DDP2OP_SETLIGHT, &header, 1, sizeof data);
    stream_->append(&data, sizeof data);
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Device9::GetLight(DWORD index, D3DLIGHT9* light) {
    if (!light) return D3DERR_INVALIDCALL;
    auto guard = lock();
    const state::LightEntry* entry = state_.light(index);
    if (!entry) return D3DERR_INVALIDCALL;
    *light = sameLayout<::D3DLIGHT9>(entry->light);
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Device9::LightEnable(DWORD index, WINBOOL enable) {
    auto guard = lock();
    if (state_.enableLight(index, enable != FALSE) != S_OK) return D3DERR_INVALIDCALL;
    D3DHAL_DP2SETLIGHT header{index, enable ? D3DHAL_SETLIGHT_ENABLE : D3DHAL_SETLIGHT_DISABLE};
    stream_->token(D3DDP2OP_SETLIGHT, header);
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Device9::GetLightEnable(DWORD index, WINBOOL* enable) {
    if (!enable) return D3DERR_INVALIDCALL;
    auto guard = lock();
    const state::LightEntry* entry = state_.light(index);
    if (!entry) return D3DERR_INVALIDCALL;
    // An enabled light reads 128, not TRUE, as on Windows (Wine's stateblock test records it).
    *enable = entry->enabled ? 128 : FALSE;
    return D3D_OK;
}

// An index past the last plane names the last one, for Set and Get alike (Wine's
// test_clip_planes_limits records Windows: indices up to 63 take and give the plane at
// MaxUserClipPlanes - 1).
static DWORD clipPlaneSlot(DWORD index) {
    return std::min<DWORD>(index, state::kMaxClipPlanes - 1);
}

HRESULT STDMETHODCALLTYPE Device9::SetClipPlane(DWORD index, const float* plane) {
    if (!plane) return D3DERR_INVALIDCALL;
    index = clipPlaneSlot(index);
    auto guard = lock();
    if (state_.setClipPlane(index, plane) != S_OK) return D3DERR_INVALIDCALL;
    D3DHAL_DP2SETCLIPPLANE c{};
    c.dwIndex = index;
    std::memcpy(c.plane, plane, sizeof c.plane);
    stream_->token(D3DDP2OP_SETCLIPPLANE, c);
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Device9::GetClipPlane(DWORD index, float* plane) {
    if (!plane) return D3DERR_INVALIDCALL;
    auto guard = lock();
    const state::Vec4f p = state_.clipPlane(clipPlaneSlot(index));
    std::memcpy(plane, p.v, sizeof p.v);
    return D3D_OK;
}

} // namespace ddivk::d3d9

// IDirect3DDevice9::ValidateDevice: whether the device can draw the current texture-stage and
// sampler state in one pass. The checks are the caps we report (caps9.cpp: TextureOpCaps,
// TextureFilterCaps) and the format rules of CheckDeviceFormat (D3DUSAGE_QUERY_FILTER), with
// the errors D3D9 documents for this method.
// Driver headers before <d3d9.h>: device9.h first.
#include "d3d9/device9.h"

#include "d3d9/caps9.h"
#include "d3d9/format_support.h"
#include "d3d9/texture9_base.h"

namespace ddivk::d3d9 {
namespace {

// D3DTA_* selectors (low four bits) the pixel stage reads: DIFFUSE .. CONSTANT; the only
// modifiers are COMPLEMENT and ALPHAREPLICATE.
bool supportedArgument(DWORD argument) {
    return (argument & D3DTA_SELECTMASK) <= D3DTA_CONSTANT &&
           (argument & ~(D3DTA_SELECTMASK | D3DTA_COMPLEMENT | D3DTA_ALPHAREPLICATE)) == 0;
}

// D3DTEXOPCAPS_* has bit (op - 1) for each D3DTOP_* op.
bool supportedOperation(DWORD op, DWORD opCaps) {
    return op >= D3DTOP_DISABLE && op <= D3DTOP_LERP && (opCaps & (1u << (op - 1)));
}

bool threeArguments(DWORD op) {
    return op == D3DTOP_MULTIPLYADD || op == D3DTOP_LERP;
}

// The error of one stage's colour or alpha half (D3DTSS_COLOROP.. or D3DTSS_ALPHAOP..).
HRESULT validateHalf(DWORD op, DWORD arg0, DWORD arg1, DWORD arg2, DWORD opCaps, HRESULT badOp,
                     HRESULT badArg) {
    if (!supportedOperation(op, opCaps)) return badOp;
    if (op == D3DTOP_DISABLE) return D3D_OK;
    if (!supportedArgument(arg1) || !supportedArgument(arg2) ||
        (threeArguments(op) && !supportedArgument(arg0)))
        return badArg;
    return D3D_OK;
}

::D3DRESOURCETYPE resourceType(TextureKind kind) {
    switch (kind) {
    case TextureKind::Cube:
        return ::D3DRTYPE_CUBETEXTURE;
    case TextureKind::Volume:
        return ::D3DRTYPE_VOLUMETEXTURE;
    default:
        return ::D3DRTYPE_TEXTURE;
    }
}

} // namespace

// The fixed-function stages up to the first whose COLOROP is DISABLE; a pixel shader replaces
// them, and then they are not checked.
HRESULT Device9::validateTextureStages() const {
    if (state_.pixelShader()) return D3D_OK;
    const DWORD opCaps = deviceCaps(*creation_.adapter, creation_.adapterOrdinal).TextureOpCaps;
    for (uint32_t stage = 0; stage < state::kTextureStages; ++stage) {
        auto tss = [&](DWORD type) { return state_.textureStageState(stage, type); };
        const DWORD colourOp = tss(D3DTSS_COLOROP);
        if (colourOp == D3DTOP_DISABLE) break;
        HRESULT hr =
            validateHalf(colourOp, tss(D3DTSS_COLORARG0), tss(D3DTSS_COLORARG1), tss(D3DTSS_COLORARG2),
                         opCaps, D3DERR_UNSUPPORTEDCOLOROPERATION, D3DERR_UNSUPPORTEDCOLORARG);
        if (FAILED(hr)) return hr;
        hr = validateHalf(tss(D3DTSS_ALPHAOP), tss(D3DTSS_ALPHAARG0), tss(D3DTSS_ALPHAARG1),
                          tss(D3DTSS_ALPHAARG2), opCaps, D3DERR_UNSUPPORTEDALPHAOPERATION,
                          D3DERR_UNSUPPORTEDALPHAARG);
        if (FAILED(hr)) return hr;
    }
    return D3D_OK;
}

// Every sampler with a texture bound: MIN / MAG filters the caps name (POINT, LINEAR,
// ANISOTROPIC when reported), MIP NONE / POINT / LINEAR, and no linear or anisotropic filter
// on a format that cannot be filtered.
HRESULT Device9::validateSamplers() const {
    const DWORD filterCaps = deviceCaps(*creation_.adapter, creation_.adapterOrdinal).TextureFilterCaps;
    auto filterOk = [&](DWORD filter, DWORD pointCap, DWORD linearCap, DWORD anisoCap) {
        return (filter == D3DTEXF_POINT && (filterCaps & pointCap)) ||
               (filter == D3DTEXF_LINEAR && (filterCaps & linearCap)) ||
               (filter == D3DTEXF_ANISOTROPIC && (filterCaps & anisoCap));
    };
    for (uint32_t index = 0; index < state::kSamplerCount; ++index) {
        const TextureBinding* texture = textures_[index].get();
        if (!texture) continue;
        const uint32_t sampler = state::samplerNumber(index);
        const DWORD minFilter = state_.samplerState(sampler, D3DSAMP_MINFILTER);
        const DWORD magFilter = state_.samplerState(sampler, D3DSAMP_MAGFILTER);
        const DWORD mipFilter = state_.samplerState(sampler, D3DSAMP_MIPFILTER);
        if (!filterOk(minFilter, D3DPTFILTERCAPS_MINFPOINT, D3DPTFILTERCAPS_MINFLINEAR,
                      D3DPTFILTERCAPS_MINFANISOTROPIC) ||
            !filterOk(magFilter, D3DPTFILTERCAPS_MAGFPOINT, D3DPTFILTERCAPS_MAGFLINEAR,
                      D3DPTFILTERCAPS_MAGFANISOTROPIC) ||
            mipFilter > D3DTEXF_LINEAR)
            return D3DERR_UNSUPPORTEDTEXTUREFILTER;
        const bool filtered =
            minFilter != D3DTEXF_POINT || magFilter != D3DTEXF_POINT || mipFilter == D3DTEXF_LINEAR;
        const TextureShape& shape = texture->shape();
        if (filtered && checkDeviceFormat(*creation_.adapter, ::D3DFMT_X8R8G8B8, D3DUSAGE_QUERY_FILTER,
                                          resourceType(shape.kind), shape.format) != D3D_OK)
            return D3DERR_UNSUPPORTEDTEXTUREFILTER;
    }
    return D3D_OK;
}

// D3D9: *passes is the number of passes the state needs: 1 whenever we can draw it.
HRESULT STDMETHODCALLTYPE Device9::ValidateDevice(DWORD* passes) {
    if (!passes) return D3DERR_INVALIDCALL;
    auto guard = lock();
    *passes = 0;
    if (deviceLost_) return D3DERR_DEVICELOST;
    if (HRESULT hr = validateTextureStages(); FAILED(hr)) return hr;
    if (HRESULT hr = validateSamplers(); FAILED(hr)) return hr;
    *passes = 1;
    return D3D_OK;
}

} // namespace ddivk::d3d9

// IDirect3DDevice9Ex: the small device methods whose features the device reports as absent
// (docs/d3d9-dll.md, "Other device methods"): clip status, N-patch mode, the patch methods, the
// monochrome convolution kernel and ComposeRects. Each checks its arguments as D3D9 documents
// and does what the caps we report allow.
// Driver headers before <d3d9.h>: device9.h first.
#include "d3d9/device9.h"

#include "util/unimplemented.h"

#include "d3d9/surface9.h"

#include <cstring>

namespace ddivk::d3d9 {
namespace {

// d3d9.h values MinGW's header lacks: the kernel sizes ("ranging from 1 - 7") and the
// rectangle count of ComposeRects ("0 to 0xFFFF").
constexpr UINT kConvolutionMonoMaxWidth = 7;
constexpr UINT kConvolutionMonoMaxHeight = 7;
constexpr UINT kComposeRectsMaxRects = 0xFFFF;

} // namespace

// D3D9: ClipUnion is the OR and ClipIntersection the AND of the clip codes of processed
// vertices. Only ProcessVertices processes vertices on the CPU here; draws run on the GPU and
// leave the status as the program set it (hardware vertex processing computes none).
HRESULT STDMETHODCALLTYPE Device9::SetClipStatus(const D3DCLIPSTATUS9* status) {
    if (!status) return D3DERR_INVALIDCALL;
    auto guard = lock();
    clipStatus_ = *status;
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Device9::GetClipStatus(D3DCLIPSTATUS9* status) {
    if (!status) return D3DERR_INVALIDCALL;
    auto guard = lock();
    *status = clipStatus_;
    return D3D_OK;
}

// SetNPatchMode reaches the driver as D3DRS_PATCHSEGMENTS (d3dhal.h), so state blocks keep it.
// We report no N-patch caps (MaxNpatchTessellationLevel 0): drawing ignores it.
HRESULT STDMETHODCALLTYPE Device9::SetNPatchMode(float segments) {
    DWORD bits;
    std::memcpy(&bits, &segments, sizeof bits);
    return SetRenderState(static_cast<D3DRENDERSTATETYPE>(ddivk::D3DRS_PATCHSEGMENTS), bits);
}

float STDMETHODCALLTYPE Device9::GetNPatchMode() {
    auto guard = lock();
    const uint32_t bits = state_.renderState(ddivk::D3DRS_PATCHSEGMENTS);
    float segments;
    std::memcpy(&segments, &bits, sizeof segments);
    return segments;
}

// The caps report no D3DDEVCAPS_RTPATCHES, NPATCHES or QUINTICRTPATCHES: no patch can be drawn
// or cached, so D3D9's one documented failure, D3DERR_INVALIDCALL, answers every call.
HRESULT STDMETHODCALLTYPE Device9::DrawRectPatch(UINT, const float*, const D3DRECTPATCH_INFO*) {
    DDIVK_WARN_ONCE("d3d9: DrawRectPatch refused: the device reports no patch caps");
    return D3DERR_INVALIDCALL;
}

HRESULT STDMETHODCALLTYPE Device9::DrawTriPatch(UINT, const float*, const D3DTRIPATCH_INFO*) {
    DDIVK_WARN_ONCE("d3d9: DrawTriPatch refused: the device reports no patch caps");
    return D3DERR_INVALIDCALL;
}

// No patch is ever cached under a handle, so there is none to delete.
HRESULT STDMETHODCALLTYPE Device9::DeletePatch(UINT) {
    return D3DERR_INVALIDCALL;
}

// D3D9Ex: a kernel of 1..D3DCONVOLUTIONMONO_MAXWIDTH x 1..MAXHEIGHT, weights NULL (all 1.0).
// Kept; no sampler filters with it, as no D3DTEXF_CONVOLUTIONMONO filter cap is reported.
HRESULT STDMETHODCALLTYPE Device9::SetConvolutionMonoKernel(UINT width, UINT height, float* rows,
                                                            float* columns) {
    if (width < 1 || width > kConvolutionMonoMaxWidth || height < 1 || height > kConvolutionMonoMaxHeight ||
        rows || columns)
        return D3DERR_INVALIDCALL;
    auto guard = lock();
    convolutionWidth_ = width;
    convolutionHeight_ = height;
    return D3D_OK;
}

// D3D9Ex's rules: two different unlocked D3DFMT_A1 surfaces (the source made with
// D3DUSAGE_TEXTAPI), descriptor buffers, at most D3DCOMPOSERECTS_MAXNUMRECTS rectangles, an
// operation of D3DCOMPOSERECTSOP. The device creates no D3DFMT_A1 surface (CheckDeviceFormat
// refuses the format), so no pair of surfaces passes and nothing is composed.
HRESULT STDMETHODCALLTYPE Device9::ComposeRects(IDirect3DSurface9* source, IDirect3DSurface9* destination,
                                                IDirect3DVertexBuffer9* sourceRects, UINT count,
                                                IDirect3DVertexBuffer9* destinationRects,
                                                D3DCOMPOSERECTSOP operation, INT, INT) {
    if (!source || !destination || source == destination || !sourceRects || !destinationRects ||
        count > kComposeRectsMaxRects || operation < D3DCOMPOSERECTS_COPY || operation > D3DCOMPOSERECTS_NEG)
        return D3DERR_INVALIDCALL;
    const auto* from = static_cast<Surface9*>(source);
    const auto* to = static_cast<Surface9*>(destination);
    if (from->desc().Format != ::D3DFMT_A1 || to->desc().Format != ::D3DFMT_A1) return D3DERR_INVALIDCALL;
    // Unreachable while no A1 surface exists; say so rather than pretend to compose.
    DDIVK_UNIMPLEMENTED("IDirect3DDevice9Ex::ComposeRects of D3DFMT_A1 surfaces");
    return D3DERR_INVALIDCALL;
}

} // namespace ddivk::d3d9

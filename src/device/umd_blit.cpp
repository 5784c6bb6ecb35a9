// The UMD door for blits and fills (include/ddivk/umd_blit.h). Each entry point turns its
// argument struct into the item of the equivalent DP2 token and calls the Context method that
// token calls (context_blits.cpp, context_buffer_blit.cpp), under the device lock: the same
// checks, errors and ordering with the draws as through DP2. What this door adds: HANDLEs wider
// than the tokens' DWORDs (a handle above 32 bits names nothing), the flags of its structs, and
// the refusal of what the DP2 readings cannot express (docs/draw-translator.md).
#include <utility>

#include "ddivk/ddivk.h"
#include "ddivk/umd_blit.h"
#include "device/umd_call.h"

using namespace ddivk;

namespace {

using device::umdHandle32;
using device::umdItem;
using Context = device::Context;

// The body with hDevice's context, under the device lock.
template <class Body> HRESULT withContext(HANDLE hDevice, const char* what, Body&& body) {
    return device::umdCall(device::umdHandle(hDevice), what, std::forward<Body>(body));
}

// --- Blt ------------------------------------------------------------------------------------------

// The D3DDDI_BLTFLAGS bits D3D9 defines; the rest are reserved.
constexpr uint32_t kKnownBltFlags = (D3DDDI_BLT_ENDPRESENTTODWM << 1) - 1;
// Filters map onto DP2BLT_POINT / DP2BLT_LINEAR (the same bits).
constexpr uint32_t kFilterFlags = D3DDDI_BLT_POINT | D3DDDI_BLT_LINEAR;
static_assert(D3DDDI_BLT_POINT == DP2BLT_POINT && D3DDDI_BLT_LINEAR == DP2BLT_LINEAR);

// StretchRect's blit: the subresource indices are BLT's levels (a texture's subresource index,
// as Lock numbers them). Colour keys, mirroring, rotation, sRGB conversion and presentation to
// DWM have no DP2 equivalent and are not implemented: E_NOTIMPL (logged once), nothing changed.
HRESULT DDIVK_APIENTRY blt(HANDLE hDevice, const D3DDDIARG_BLT* a) {
    if (!a || (a->Flags.Value & ~kKnownBltFlags)) return D3DERR_INVALIDCALL;
    if (a->Flags.Value & ~kFilterFlags) {
        DDIVK_WARN_ONCE("Blt flags 0x%x: not implemented (answering E_NOTIMPL)",
                        a->Flags.Value & ~kFilterFlags);
        return E_NOTIMPL;
    }
    return withContext(hDevice, "Blt", [&](Context& c) {
        return c.blt(umdItem(D3DHAL_DP2BLT{umdHandle32(a->hSrcResource), a->SrcRect, a->SrcSubResourceIndex,
                                           umdHandle32(a->hDstResource), a->DstRect, a->DstSubResourceIndex,
                                           a->Flags.Value & kFilterFlags}));
    });
}

// --- ColorFill -------------------------------------------------------------------------------------

// COLORFILL names a surface or a texture by handle; SubResourceIndex picks the texture's level
// (subresource i of a render-target texture is its own surface, Device::textureSurface).
// Surfaces have one subresource. PresentToDwm changes nothing about the fill; other bits are
// reserved.
HRESULT DDIVK_APIENTRY colorFill(HANDLE hDevice, const D3DDDIARG_COLORFILL* a) {
    if (!a || (a->Flags.Value & ~D3DDDI_COLORFILL_PRESENTTODWM)) return D3DERR_INVALIDCALL;
    return withContext(hDevice, "ColorFill", [&](Context& c) -> HRESULT {
        return c.colorFillLevel(D3DHAL_DP2COLORFILL{umdHandle32(a->hResource), a->DstRect, a->Color},
                                a->SubResourceIndex);
    });
}

// --- TexBlt, VolBlt, BufBlt ------------------------------------------------------------------------

// UpdateTexture: TEXBLT copies SrcRect on every common level; of a cube map, the face
// CubeMapFace names (D3DCUBEMAP_FACES order).
HRESULT DDIVK_APIENTRY texBlt(HANDLE hDevice, const D3DDDIARG_TEXBLT* a) {
    if (!a || a->CubeMapFace > D3DDDI_CUBEMAP_FACE_NEGATIVE_Z) return D3DERR_INVALIDCALL;
    return withContext(hDevice, "TexBlt", [&](Context& c) -> HRESULT {
        const uint32_t src = umdHandle32(a->hSrcResource), dst = umdHandle32(a->hDstResource);
        const device::Resource* r = c.device().findResource(src);
        const bool cube = r && r->kind() == device::ResourceKind::CubeTexture;
        return c.texBltFace(D3DHAL_DP2TEXBLT{dst, src, a->DstPoint, a->SrcRect, 0},
                            cube ? a->CubeMapFace : 0);
    });
}

HRESULT DDIVK_APIENTRY volBlt(HANDLE hDevice, const D3DDDIARG_VOLUMEBLT* a) {
    if (!a) return D3DERR_INVALIDCALL;
    return withContext(hDevice, "VolBlt", [&](Context& c) {
        const D3DBOX box{a->SrcBox.Left,   a->SrcBox.Top,   a->SrcBox.Right,
                         a->SrcBox.Bottom, a->SrcBox.Front, a->SrcBox.Back};
        return c.volumeBlt(umdItem(D3DHAL_DP2VOLUMEBLT{
            umdHandle32(a->hDstResource), umdHandle32(a->hSrcResource), a->DstX, a->DstY, a->DstZ, box, 0}));
    });
}

HRESULT DDIVK_APIENTRY bufBlt(HANDLE hDevice, const D3DDDIARG_BUFFERBLT* a) {
    if (!a) return D3DERR_INVALIDCALL;
    return withContext(hDevice, "BufBlt", [&](Context& c) {
        return c.bufferBlt(
            umdItem(D3DHAL_DP2BUFFERBLT{umdHandle32(a->hDstResource), umdHandle32(a->hSrcResource), a->Offset,
                                        D3DRANGE{a->SrcRange.Offset, a->SrcRange.Size}, 0}));
    });
}

constexpr DDIVK_D3DDDI_BLITFUNCS kFunctions = {
    blt,       // -> Context::blt (BLT), filters only
    colorFill, // -> Context::colorFillLevel (COLORFILL of a level)
    texBlt,    // -> Context::texBltFace (TEXBLT of one cube face)
    volBlt,    // -> Context::volumeBlt (VOLUMEBLT)
    bufBlt,    // -> Context::bufferBlt (BUFFERBLT)
};

} // namespace

extern "C" const DDIVK_D3DDDI_BLITFUNCS* ddivk_umd_blit_functions(void) {
    return &kFunctions;
}

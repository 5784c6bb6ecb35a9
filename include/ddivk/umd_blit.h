// The D3D9 user-mode driver (UMD) door for blits and fills, shaped after d3dumddi.h: Blt,
// ColorFill, TexBlt, VolBlt and BufBlt with their argument structs. Layouts are d3dumddi.h's,
// pinned below for Windows x64 / LP64. The table comes from ddivk_umd_blit_functions()
// (ddivk/ddivk.h); hDevice is a DP2 context handle, as for the other UMD doors. Each entry
// point calls the context method the equivalent DP2 token calls (BLT, COLORFILL, TEXBLT,
// VOLUMEBLT, BUFFERBLT); what this door cannot express is listed in docs/draw-translator.md
// ("The UMD door's blits").
#pragma once

#include <cstddef>
#include <cstdint>

#include "ddivk/d3d9_types.h"
#include "ddivk/dp2_payloads.h"
#include "ddivk/umd_draw.h"
#include "ddivk/umd_query.h"

namespace ddivk {

// D3DDDI_BLTFLAGS: the bit fields of its Value, in d3dumddi.h's order.
enum : uint32_t {
    D3DDDI_BLT_POINT = 1u << 0,
    D3DDDI_BLT_LINEAR = 1u << 1,
    D3DDDI_BLT_SRCCOLORKEY = 1u << 2,
    D3DDDI_BLT_DSTCOLORKEY = 1u << 3,
    D3DDDI_BLT_MIRRORLEFTRIGHT = 1u << 4,
    D3DDDI_BLT_MIRRORUPDOWN = 1u << 5,
    D3DDDI_BLT_LINEARTOSRGB = 1u << 6,
    D3DDDI_BLT_ROTATE = 1u << 7,
    D3DDDI_BLT_BEGINPRESENTTODWM = 1u << 8,
    D3DDDI_BLT_CONTINUEPRESENTTODWM = 1u << 9,
    D3DDDI_BLT_ENDPRESENTTODWM = 1u << 10,
};
struct D3DDDI_BLTFLAGS {
    uint32_t Value;
};

// D3DDDI_COLORFILLFLAGS: PresentToDwm only.
enum : uint32_t { D3DDDI_COLORFILL_PRESENTTODWM = 1u << 0 };
struct D3DDDI_COLORFILLFLAGS {
    uint32_t Value;
};

// D3DDDI_CUBEMAP_FACES (TexBlt's CubeMapFace): +X, -X, +Y, -Y, +Z, -Z.
enum : uint32_t {
    D3DDDI_CUBEMAP_FACE_POSITIVE_X = 0,
    D3DDDI_CUBEMAP_FACE_NEGATIVE_Z = 5,
};

// StretchRect / UpdateSurface: a rectangle of one subresource to a rectangle of another.
struct D3DDDIARG_BLT {
    HANDLE hSrcResource;
    uint32_t SrcSubResourceIndex;
    RECT SrcRect;
    HANDLE hDstResource;
    uint32_t DstSubResourceIndex;
    RECT DstRect;
    uint32_t ColorKey; // with SrcColorKey / DstColorKey
    D3DDDI_BLTFLAGS Flags;
};

// ColorFill: a rectangle of one subresource filled with an A8R8G8B8 colour.
struct D3DDDIARG_COLORFILL {
    HANDLE hResource;
    uint32_t SubResourceIndex;
    RECT DstRect;
    D3DCOLOR Color;
    D3DDDI_COLORFILLFLAGS Flags;
};

// UpdateTexture: SrcRect of the source's levels (of one cube face) to DstPoint.
struct D3DDDIARG_TEXBLT {
    HANDLE hDstResource; // null: preload the source (nothing to do)
    HANDLE hSrcResource;
    uint32_t CubeMapFace; // D3DDDI_CUBEMAP_FACES, for cube textures
    POINT DstPoint;
    RECT SrcRect;
};

// UpdateTexture of volume textures: SrcBox to (DstX, DstY, DstZ).
struct D3DDDIARG_VOLUMEBLT {
    HANDLE hDstResource;
    HANDLE hSrcResource;
    uint32_t DstX, DstY, DstZ;
    D3DDDIBOX SrcBox;
};

// A byte range of a vertex or index buffer to Offset bytes into another.
struct D3DDDIARG_BUFFERBLT {
    HANDLE hDstResource;
    HANDLE hSrcResource;
    uint32_t Offset; // into the destination, in bytes
    D3DDDIRANGE SrcRange;
};

using PFND3DDDI_BLT = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice, const D3DDDIARG_BLT*);
using PFND3DDDI_COLORFILL = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice, const D3DDDIARG_COLORFILL*);
using PFND3DDDI_TEXBLT = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice, const D3DDDIARG_TEXBLT*);
using PFND3DDDI_VOLBLT = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice, const D3DDDIARG_VOLUMEBLT*);
using PFND3DDDI_BUFBLT = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice, const D3DDDIARG_BUFFERBLT*);

// The blit and fill entry points of D3DDDI_DEVICEFUNCS that this door offers.
struct DDIVK_D3DDDI_BLITFUNCS {
    PFND3DDDI_BLT pfnBlt;
    PFND3DDDI_COLORFILL pfnColorFill;
    PFND3DDDI_TEXBLT pfnTexBlt;
    PFND3DDDI_VOLBLT pfnVolBlt;
    PFND3DDDI_BUFBLT pfnBufBlt;
};

static_assert(sizeof(D3DDDI_BLTFLAGS) == 4 && sizeof(D3DDDI_COLORFILLFLAGS) == 4);
#if UINTPTR_MAX == UINT64_MAX
static_assert(sizeof(D3DDDIARG_BLT) == 72 && offsetof(D3DDDIARG_BLT, SrcSubResourceIndex) == 8 &&
              offsetof(D3DDDIARG_BLT, SrcRect) == 12 && offsetof(D3DDDIARG_BLT, hDstResource) == 32 &&
              offsetof(D3DDDIARG_BLT, DstSubResourceIndex) == 40 && offsetof(D3DDDIARG_BLT, DstRect) == 44 &&
              offsetof(D3DDDIARG_BLT, ColorKey) == 60 && offsetof(D3DDDIARG_BLT, Flags) == 64);
static_assert(sizeof(D3DDDIARG_COLORFILL) == 40 && offsetof(D3DDDIARG_COLORFILL, SubResourceIndex) == 8 &&
              offsetof(D3DDDIARG_COLORFILL, DstRect) == 12 && offsetof(D3DDDIARG_COLORFILL, Color) == 28 &&
              offsetof(D3DDDIARG_COLORFILL, Flags) == 32);
static_assert(sizeof(D3DDDIARG_TEXBLT) == 48 && offsetof(D3DDDIARG_TEXBLT, hSrcResource) == 8 &&
              offsetof(D3DDDIARG_TEXBLT, CubeMapFace) == 16 && offsetof(D3DDDIARG_TEXBLT, DstPoint) == 20 &&
              offsetof(D3DDDIARG_TEXBLT, SrcRect) == 28);
static_assert(sizeof(D3DDDIARG_VOLUMEBLT) == 56 && offsetof(D3DDDIARG_VOLUMEBLT, hSrcResource) == 8 &&
              offsetof(D3DDDIARG_VOLUMEBLT, DstX) == 16 && offsetof(D3DDDIARG_VOLUMEBLT, DstZ) == 24 &&
              offsetof(D3DDDIARG_VOLUMEBLT, SrcBox) == 28);
static_assert(sizeof(D3DDDIARG_BUFFERBLT) == 32 && offsetof(D3DDDIARG_BUFFERBLT, hSrcResource) == 8 &&
              offsetof(D3DDDIARG_BUFFERBLT, Offset) == 16 && offsetof(D3DDDIARG_BUFFERBLT, SrcRange) == 20);
static_assert(sizeof(DDIVK_D3DDDI_BLITFUNCS) == 5 * 8);
#elif UINTPTR_MAX == UINT32_MAX
// 32-bit Windows (the i686 d3d9.dll): 4-byte handles, everything 4-byte aligned.
static_assert(sizeof(D3DDDIARG_BLT) == 56 && offsetof(D3DDDIARG_BLT, SrcSubResourceIndex) == 4 &&
              offsetof(D3DDDIARG_BLT, SrcRect) == 8 && offsetof(D3DDDIARG_BLT, hDstResource) == 24 &&
              offsetof(D3DDDIARG_BLT, DstSubResourceIndex) == 28 && offsetof(D3DDDIARG_BLT, DstRect) == 32 &&
              offsetof(D3DDDIARG_BLT, ColorKey) == 48 && offsetof(D3DDDIARG_BLT, Flags) == 52);
static_assert(sizeof(D3DDDIARG_COLORFILL) == 32 && offsetof(D3DDDIARG_COLORFILL, SubResourceIndex) == 4 &&
              offsetof(D3DDDIARG_COLORFILL, DstRect) == 8 && offsetof(D3DDDIARG_COLORFILL, Color) == 24 &&
              offsetof(D3DDDIARG_COLORFILL, Flags) == 28);
static_assert(sizeof(D3DDDIARG_TEXBLT) == 36 && offsetof(D3DDDIARG_TEXBLT, hSrcResource) == 4 &&
              offsetof(D3DDDIARG_TEXBLT, CubeMapFace) == 8 && offsetof(D3DDDIARG_TEXBLT, DstPoint) == 12 &&
              offsetof(D3DDDIARG_TEXBLT, SrcRect) == 20);
static_assert(sizeof(D3DDDIARG_VOLUMEBLT) == 44 && offsetof(D3DDDIARG_VOLUMEBLT, hSrcResource) == 4 &&
              offsetof(D3DDDIARG_VOLUMEBLT, DstX) == 8 && offsetof(D3DDDIARG_VOLUMEBLT, DstZ) == 16 &&
              offsetof(D3DDDIARG_VOLUMEBLT, SrcBox) == 20);
static_assert(sizeof(D3DDDIARG_BUFFERBLT) == 20 && offsetof(D3DDDIARG_BUFFERBLT, hSrcResource) == 4 &&
              offsetof(D3DDDIARG_BUFFERBLT, Offset) == 8 && offsetof(D3DDDIARG_BUFFERBLT, SrcRange) == 12);
static_assert(sizeof(DDIVK_D3DDDI_BLITFUNCS) == 5 * 4);
#endif

} // namespace ddivk

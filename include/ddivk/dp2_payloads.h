// Payload structs of the DrawPrimitives2 opcodes (d3dhal.h, DX9 DDK) and the small Win32/D3D
// value types they embed. Portable mirrors with the DDK's names and layouts; no pointers, so
// the layout is the same for x86 and x64 Windows. static_asserts at the end pin every size
// and offset; tests/unit/dp2/layout_test.cpp checks them again from the DDK documentation.
#pragma once

#include <cstddef>
#include <cstdint>

#include "ddivk/d3d9_types.h"

namespace ddivk {

// --- Win32 and D3D value types used by the payloads -------------------------------------

struct POINT {
    int32_t x, y;
};
struct RECT {
    int32_t left, top, right, bottom;
};
using RECTL = RECT;

struct D3DBOX {
    uint32_t Left, Top, Right, Bottom, Front, Back;
};
struct D3DRANGE {
    uint32_t Offset, Size;
};
struct D3DVERTEXELEMENT9 {
    uint16_t Stream;
    uint16_t Offset;
    uint8_t Type;
    uint8_t Method;
    uint8_t Usage;
    uint8_t UsageIndex;
};
struct D3DRECTPATCH_INFO {
    uint32_t StartVertexOffsetWidth, StartVertexOffsetHeight;
    uint32_t Width, Height, Stride;
    uint32_t Basis;  // D3DBASISTYPE
    uint32_t Degree; // D3DDEGREETYPE
};
struct D3DTRIPATCH_INFO {
    uint32_t StartVertexOffset, NumVertices;
    uint32_t Basis;  // D3DBASISTYPE
    uint32_t Degree; // D3DDEGREETYPE
};

// DX7 names for the material and light carried by SETMATERIAL / SETLIGHT. Same layouts as
// D3DMATERIAL9 / D3DLIGHT9.
struct D3DMATERIAL7 {
    D3DCOLORVALUE dcvDiffuse, dcvAmbient, dcvSpecular, dcvEmissive;
    float dvPower;
};
struct D3DLIGHT7 {
    uint32_t dltType; // D3DLIGHTTYPE
    D3DCOLORVALUE dcvDiffuse, dcvSpecular, dcvAmbient;
    D3DVECTOR dvPosition, dvDirection;
    float dvRange, dvFalloff;
    float dvAttenuation0, dvAttenuation1, dvAttenuation2;
    float dvTheta, dvPhi;
};

// D3DCLEAR_* flags of D3DHAL_DP2CLEAR::dwFlags.
constexpr uint32_t D3DCLEAR_TARGET = 0x00000001;
constexpr uint32_t D3DCLEAR_ZBUFFER = 0x00000002;
constexpr uint32_t D3DCLEAR_STENCIL = 0x00000004;
constexpr uint32_t D3DCLEAR_COMPUTERECTS = 0x00000008; // d3dhal.h: cull rects against the viewport

// --- Legacy (DX7) primitives: draw from the DP2 vertex buffer or immediate vertices ----------

struct D3DHAL_DP2POINTS {
    uint16_t wCount, wVStart;
};
struct D3DHAL_DP2STARTVERTEX {
    uint16_t wVStart;
};
struct D3DHAL_DP2LINELIST {
    uint16_t wVStart;
};
struct D3DHAL_DP2INDEXEDLINELIST {
    uint16_t wV1, wV2;
};
struct D3DHAL_DP2LINESTRIP {
    uint16_t wVStart;
};
struct D3DHAL_DP2INDEXEDLINESTRIP {
    uint16_t wV[2]; // really wPrimitiveCount + 1 indices, after a D3DHAL_DP2STARTVERTEX
};
struct D3DHAL_DP2TRIANGLELIST {
    uint16_t wVStart;
};
struct D3DHAL_DP2INDEXEDTRIANGLELIST {
    uint16_t wV1, wV2, wV3, wFlags;
};
struct D3DHAL_DP2INDEXEDTRIANGLELIST2 {
    uint16_t wV1, wV2, wV3;
};
struct D3DHAL_DP2TRIANGLESTRIP {
    uint16_t wVStart;
};
struct D3DHAL_DP2INDEXEDTRIANGLESTRIP {
    uint16_t wV[3]; // really wPrimitiveCount + 2 indices, after a D3DHAL_DP2STARTVERTEX
};
struct D3DHAL_DP2TRIANGLEFAN {
    uint16_t wVStart;
};
struct D3DHAL_DP2INDEXEDTRIANGLEFAN {
    uint16_t wV[3]; // really wPrimitiveCount + 2 indices, after a D3DHAL_DP2STARTVERTEX
};
// TRIANGLEFAN_IMM: this struct, then wPrimitiveCount + 2 vertices at the next DWORD boundary.
struct D3DHAL_DP2TRIANGLEFAN_IMM {
    uint32_t dwEdgeFlags;
};
// LINELIST_IMM has no payload struct: wPrimitiveCount * 2 vertices follow the command at the
// next DWORD boundary. After both IMM opcodes the next command starts on a DWORD boundary.

// --- State ----------------------------------------------------------------------------------

struct D3DHAL_DP2RENDERSTATE {
    uint32_t RenderState; // D3DRENDERSTATETYPE
    union {
        float dvState;
        uint32_t dwState;
    };
};
struct D3DHAL_DP2TEXTURESTAGESTATE {
    uint16_t wStage;
    uint16_t TSState; // D3DTEXTURESTAGESTATETYPE
    uint32_t dwValue;
};
struct D3DHAL_DP2VIEWPORTINFO {
    uint32_t dwX, dwY, dwWidth, dwHeight;
};
struct D3DHAL_DP2WINFO {
    float dvWNear, dvWFar;
};
struct D3DHAL_DP2SETPALETTE {
    uint32_t dwPaletteHandle, dwPaletteFlags, dwSurfaceHandle;
};
// UPDATEPALETTE: exactly one of these, then wNumEntries DWORD palette entries.
struct D3DHAL_DP2UPDATEPALETTE {
    uint32_t dwPaletteHandle;
    uint16_t wStartIndex, wNumEntries;
};
struct D3DHAL_DP2ZRANGE {
    float dvMinZ, dvMaxZ;
};
using D3DHAL_DP2SETMATERIAL = D3DMATERIAL7;

// D3DHAL_DP2SETLIGHT::dwDataType. With D3DHAL_SETLIGHT_DATA a D3DLIGHT7 follows the struct.
constexpr uint32_t D3DHAL_SETLIGHT_ENABLE = 0;
constexpr uint32_t D3DHAL_SETLIGHT_DISABLE = 1;
constexpr uint32_t D3DHAL_SETLIGHT_DATA = 2;
struct D3DHAL_DP2SETLIGHT {
    uint32_t dwIndex, dwDataType;
};
struct D3DHAL_DP2CREATELIGHT {
    uint32_t dwIndex;
};
struct D3DHAL_DP2SETTRANSFORM {
    uint32_t xfrmType; // D3DTRANSFORMSTATETYPE
    D3DMATRIX matrix;
};
struct D3DHAL_DP2MULTIPLYTRANSFORM {
    uint32_t xfrmType; // D3DTRANSFORMSTATETYPE
    D3DMATRIX matrix;
};
struct D3DHAL_DP2SETCLIPPLANE {
    uint32_t dwIndex;
    float plane[4];
};
struct D3DHAL_DP2EXT {
    uint32_t dwExtToken, dwSize;
};

// D3DHAL_DP2STATESET: dwOperation is a D3DHAL_STATESETOP (d3d9_enums.h).
struct D3DHAL_DP2STATESET {
    uint32_t dwOperation;
    uint32_t dwParam;
    uint32_t sbType; // D3DSTATEBLOCKTYPE
};

// --- Resources, targets, clears, blits ---------------------------------------------------

struct D3DHAL_DP2TEXBLT {
    uint32_t dwDDDestSurface, dwDDSrcSurface;
    POINT pDest;
    RECTL rSrc;
    uint32_t dwFlags;
};
struct D3DHAL_DP2SETPRIORITY {
    uint32_t dwDDSurface, dwPriority;
};
struct D3DHAL_DP2SETRENDERTARGET {
    uint32_t hRenderTarget, hZBuffer;
};
// CLEAR: wStateCount is the number of RECTs; the header is followed by exactly that many.
struct D3DHAL_DP2CLEAR {
    uint32_t dwFlags; // D3DCLEAR_*
    uint32_t dwFillColor;
    float dvFillDepth;
    uint32_t dwFillStencil;
    RECT Rects[1];
};
struct D3DHAL_DP2SETTEXLOD {
    uint32_t dwDDSurface, dwLOD;
};
struct D3DHAL_DP2VOLUMEBLT {
    uint32_t dwDDDestSurface, dwDDSrcSurface;
    uint32_t dwDestX, dwDestY, dwDestZ;
    D3DBOX srcBox;
    uint32_t dwFlags;
};
struct D3DHAL_DP2BUFFERBLT {
    uint32_t dwDDDestSurface, dwDDSrcSurface;
    uint32_t dwOffset; // bytes into the destination
    D3DRANGE rSrc;
    uint32_t dwFlags;
};
struct D3DHAL_DP2ADDDIRTYRECT {
    uint32_t dwSurface;
    RECTL rDirtyArea;
};
struct D3DHAL_DP2ADDDIRTYBOX {
    uint32_t dwSurface;
    D3DBOX DirtyBox;
};
using D3DHAL_DP2SETSCISSORRECT = RECT;

constexpr uint32_t DP2BLT_POINT = 0x00000001;
constexpr uint32_t DP2BLT_LINEAR = 0x00000002;
struct D3DHAL_DP2BLT {
    uint32_t dwSource;
    RECTL rSource;
    uint32_t dwSourceMipLevel;
    uint32_t dwDest;
    RECTL rDest;
    uint32_t dwDestMipLevel;
    uint32_t Flags; // DP2BLT_*
};
struct D3DHAL_DP2COLORFILL {
    uint32_t dwSurface;
    RECTL rRect;
    D3DCOLOR Color;
};
struct D3DHAL_DP2SURFACEBLT {
    uint32_t dwSource;
    RECTL rSource;
    uint32_t dwSourceMipLevel;
    uint32_t dwDest;
    RECTL rDest;
    uint32_t dwDestMipLevel;
    uint32_t Flags;
};
struct D3DHAL_DP2SETRENDERTARGET2 {
    uint32_t RTIndex, hRenderTarget;
};
struct D3DHAL_DP2SETDEPTHSTENCIL {
    uint32_t hZBuffer;
};
struct D3DHAL_DP2GENERATEMIPSUBLEVELS {
    uint32_t hSurface;
    uint32_t Filter; // D3DTEXTUREFILTERTYPE
};

// SETCONVOLUTIONKERNELMONO: followed by dwWidth floats if D3DHAL_ROW_WEIGHTS, then dwHeight
// floats if D3DHAL_COL_WEIGHTS.
constexpr uint32_t D3DHAL_ROW_WEIGHTS = 1;
constexpr uint32_t D3DHAL_COL_WEIGHTS = 2;
struct D3DHAL_DP2SETCONVOLUTIONKERNELMONO {
    uint32_t dwWidth, dwHeight, dwFlags;
};
struct D3DHAL_DP2COMPOSERECTS {
    uint32_t SrcSurfaceHandle, DstSurfaceHandle;
    uint32_t SrcRectDescsVBHandle;
    uint32_t NumRects;
    uint32_t DstRectDescsVBHandle;
    uint32_t Operation; // D3DCOMPOSERECTSOP
    int32_t XOffset, YOffset;
};

// --- Shaders and constants -------------------------------------------------------------------

// SET/DELETE VERTEXSHADER, VERTEXSHADERDECL, VERTEXSHADERFUNC.
struct D3DHAL_DP2VERTEXSHADER {
    uint32_t dwHandle;
};
// CREATEVERTEXSHADER (DX8): dwDeclSize bytes of declaration, then dwCodeSize bytes of code.
struct D3DHAL_DP2CREATEVERTEXSHADER {
    uint32_t dwHandle, dwDeclSize, dwCodeSize;
};
// CREATEVERTEXSHADERDECL: dwNumVertexElements D3DVERTEXELEMENT9 follow.
struct D3DHAL_DP2CREATEVERTEXSHADERDECL {
    uint32_t dwHandle, dwNumVertexElements;
};
// CREATEVERTEXSHADERFUNC: dwSize bytes of shader code follow.
struct D3DHAL_DP2CREATEVERTEXSHADERFUNC {
    uint32_t dwHandle, dwSize;
};
// Constants: dwCount registers of data follow: 4 floats (CONST), 4 ints (CONSTI) or one BOOL
// (CONSTB, a DWORD) per register.
struct D3DHAL_DP2SETVERTEXSHADERCONST {
    uint32_t dwRegister, dwCount;
};
using D3DHAL_DP2SETVERTEXSHADERCONSTI = D3DHAL_DP2SETVERTEXSHADERCONST;
using D3DHAL_DP2SETVERTEXSHADERCONSTB = D3DHAL_DP2SETVERTEXSHADERCONST;
struct D3DHAL_DP2PIXELSHADER {
    uint32_t dwHandle;
};
// CREATEPIXELSHADER: dwCodeSize bytes of shader code follow.
struct D3DHAL_DP2CREATEPIXELSHADER {
    uint32_t dwHandle, dwCodeSize;
};
struct D3DHAL_DP2SETPIXELSHADERCONST {
    uint32_t dwRegister, dwCount;
};
using D3DHAL_DP2SETPIXELSHADERCONSTI = D3DHAL_DP2SETPIXELSHADERCONST;
using D3DHAL_DP2SETPIXELSHADERCONSTB = D3DHAL_DP2SETPIXELSHADERCONST;

// --- Streams and DX8+ draws ----------------------------------------------------------------

struct D3DHAL_DP2SETSTREAMSOURCE {
    uint32_t dwStream, dwVBHandle, dwStride;
};
// User-memory stream: the vertices are the DP2 call's lpVertices data.
struct D3DHAL_DP2SETSTREAMSOURCEUM {
    uint32_t dwStream, dwStride;
};
struct D3DHAL_DP2SETSTREAMSOURCE2 {
    uint32_t dwStream, dwVBHandle, dwOffset, dwStride;
};
struct D3DHAL_DP2SETSTREAMSOURCEFREQ {
    uint32_t dwStream, dwDivider;
};
struct D3DHAL_DP2SETINDICES {
    uint32_t dwVBHandle, dwStride;
};
struct D3DHAL_DP2DRAWPRIMITIVE {
    D3DPRIMITIVETYPE primType;
    uint32_t VStart, PrimitiveCount;
};
struct D3DHAL_DP2DRAWINDEXEDPRIMITIVE {
    D3DPRIMITIVETYPE primType;
    int32_t BaseVertexIndex;
    uint32_t MinIndex, NumVertices, StartIndex, PrimitiveCount;
};
struct D3DHAL_CLIPPEDTRIANGLEFAN {
    uint32_t FirstVertexOffset; // bytes into stream 0
    uint32_t dwEdgeFlags;
    uint32_t PrimitiveCount;
};
struct D3DHAL_DP2DRAWPRIMITIVE2 {
    D3DPRIMITIVETYPE primType;
    uint32_t FirstVertexOffset; // bytes into stream 0
    uint32_t PrimitiveCount;
};
struct D3DHAL_DP2DRAWINDEXEDPRIMITIVE2 {
    D3DPRIMITIVETYPE primType;
    int32_t BaseVertexOffset; // bytes into stream 0 of index 0
    uint32_t MinIndex, NumVertices;
    uint32_t StartIndexOffset; // bytes into the index buffer
    uint32_t PrimitiveCount;
};

// DRAWRECTPATCH / DRAWTRIPATCH: each struct is followed by 4 (rect) or 3 (tri) floats of
// segment counts if RTPATCHFLAG_HASSEGS, then a D3DRECTPATCH_INFO / D3DTRIPATCH_INFO if
// RTPATCHFLAG_HASINFO.
constexpr uint32_t RTPATCHFLAG_HASSEGS = 0x00000001;
constexpr uint32_t RTPATCHFLAG_HASINFO = 0x00000002;
struct D3DHAL_DP2DRAWRECTPATCH {
    uint32_t Handle, Flags;
};
struct D3DHAL_DP2DRAWTRIPATCH {
    uint32_t Handle, Flags;
};

// --- Queries and responses -----------------------------------------------------------------

struct D3DHAL_DP2CREATEQUERY {
    uint32_t dwQueryID;
    uint32_t QueryType; // D3DQUERYTYPE
};
struct D3DHAL_DP2DELETEQUERY {
    uint32_t dwQueryID;
};
struct D3DHAL_DP2ISSUEQUERY {
    uint32_t dwQueryID;
    uint32_t dwFlags; // D3DISSUE_BEGIN / D3DISSUE_END
};
// Response buffers (driver to runtime).
struct D3DHAL_DP2RESPONSE {
    uint8_t bCommand;
    uint8_t bReserved;
    uint16_t wStateCount;
    uint32_t dwTotalSize;
};
struct D3DHAL_DP2RESPONSEQUERY {
    uint32_t dwQueryID, dwSize;
};

// --- Layout pins (Windows layout; identical on x86 and x64) --------------------------------

#define DDIVK_PIN(T, size, align) static_assert(sizeof(T) == (size) && alignof(T) == (align), #T)
DDIVK_PIN(POINT, 8, 4);
DDIVK_PIN(RECT, 16, 4);
DDIVK_PIN(D3DBOX, 24, 4);
DDIVK_PIN(D3DRANGE, 8, 4);
DDIVK_PIN(D3DVERTEXELEMENT9, 8, 2);
DDIVK_PIN(D3DRECTPATCH_INFO, 28, 4);
DDIVK_PIN(D3DTRIPATCH_INFO, 16, 4);
DDIVK_PIN(D3DMATERIAL7, 68, 4);
DDIVK_PIN(D3DLIGHT7, 104, 4);
DDIVK_PIN(D3DHAL_DP2POINTS, 4, 2);
DDIVK_PIN(D3DHAL_DP2STARTVERTEX, 2, 2);
DDIVK_PIN(D3DHAL_DP2LINELIST, 2, 2);
DDIVK_PIN(D3DHAL_DP2INDEXEDLINELIST, 4, 2);
DDIVK_PIN(D3DHAL_DP2LINESTRIP, 2, 2);
DDIVK_PIN(D3DHAL_DP2INDEXEDLINESTRIP, 4, 2);
DDIVK_PIN(D3DHAL_DP2TRIANGLELIST, 2, 2);
DDIVK_PIN(D3DHAL_DP2INDEXEDTRIANGLELIST, 8, 2);
DDIVK_PIN(D3DHAL_DP2INDEXEDTRIANGLELIST2, 6, 2);
DDIVK_PIN(D3DHAL_DP2TRIANGLESTRIP, 2, 2);
DDIVK_PIN(D3DHAL_DP2INDEXEDTRIANGLESTRIP, 6, 2);
DDIVK_PIN(D3DHAL_DP2TRIANGLEFAN, 2, 2);
DDIVK_PIN(D3DHAL_DP2INDEXEDTRIANGLEFAN, 6, 2);
DDIVK_PIN(D3DHAL_DP2TRIANGLEFAN_IMM, 4, 4);
DDIVK_PIN(D3DHAL_DP2RENDERSTATE, 8, 4);
DDIVK_PIN(D3DHAL_DP2TEXTURESTAGESTATE, 8, 4);
DDIVK_PIN(D3DHAL_DP2VIEWPORTINFO, 16, 4);
DDIVK_PIN(D3DHAL_DP2WINFO, 8, 4);
DDIVK_PIN(D3DHAL_DP2SETPALETTE, 12, 4);
DDIVK_PIN(D3DHAL_DP2UPDATEPALETTE, 8, 4);
DDIVK_PIN(D3DHAL_DP2ZRANGE, 8, 4);
DDIVK_PIN(D3DHAL_DP2SETLIGHT, 8, 4);
DDIVK_PIN(D3DHAL_DP2CREATELIGHT, 4, 4);
DDIVK_PIN(D3DHAL_DP2SETTRANSFORM, 68, 4);
DDIVK_PIN(D3DHAL_DP2MULTIPLYTRANSFORM, 68, 4);
DDIVK_PIN(D3DHAL_DP2SETCLIPPLANE, 20, 4);
DDIVK_PIN(D3DHAL_DP2EXT, 8, 4);
DDIVK_PIN(D3DHAL_DP2STATESET, 12, 4);
DDIVK_PIN(D3DHAL_DP2TEXBLT, 36, 4);
DDIVK_PIN(D3DHAL_DP2SETPRIORITY, 8, 4);
DDIVK_PIN(D3DHAL_DP2SETRENDERTARGET, 8, 4);
DDIVK_PIN(D3DHAL_DP2CLEAR, 32, 4);
DDIVK_PIN(D3DHAL_DP2SETTEXLOD, 8, 4);
DDIVK_PIN(D3DHAL_DP2VOLUMEBLT, 48, 4);
DDIVK_PIN(D3DHAL_DP2BUFFERBLT, 24, 4);
DDIVK_PIN(D3DHAL_DP2ADDDIRTYRECT, 20, 4);
DDIVK_PIN(D3DHAL_DP2ADDDIRTYBOX, 28, 4);
DDIVK_PIN(D3DHAL_DP2BLT, 52, 4);
DDIVK_PIN(D3DHAL_DP2COLORFILL, 24, 4);
DDIVK_PIN(D3DHAL_DP2SURFACEBLT, 52, 4);
DDIVK_PIN(D3DHAL_DP2SETRENDERTARGET2, 8, 4);
DDIVK_PIN(D3DHAL_DP2SETDEPTHSTENCIL, 4, 4);
DDIVK_PIN(D3DHAL_DP2GENERATEMIPSUBLEVELS, 8, 4);
DDIVK_PIN(D3DHAL_DP2SETCONVOLUTIONKERNELMONO, 12, 4);
DDIVK_PIN(D3DHAL_DP2COMPOSERECTS, 32, 4);
DDIVK_PIN(D3DHAL_DP2VERTEXSHADER, 4, 4);
DDIVK_PIN(D3DHAL_DP2CREATEVERTEXSHADER, 12, 4);
DDIVK_PIN(D3DHAL_DP2CREATEVERTEXSHADERDECL, 8, 4);
DDIVK_PIN(D3DHAL_DP2CREATEVERTEXSHADERFUNC, 8, 4);
DDIVK_PIN(D3DHAL_DP2SETVERTEXSHADERCONST, 8, 4);
DDIVK_PIN(D3DHAL_DP2PIXELSHADER, 4, 4);
DDIVK_PIN(D3DHAL_DP2CREATEPIXELSHADER, 8, 4);
DDIVK_PIN(D3DHAL_DP2SETPIXELSHADERCONST, 8, 4);
DDIVK_PIN(D3DHAL_DP2SETSTREAMSOURCE, 12, 4);
DDIVK_PIN(D3DHAL_DP2SETSTREAMSOURCEUM, 8, 4);
DDIVK_PIN(D3DHAL_DP2SETSTREAMSOURCE2, 16, 4);
DDIVK_PIN(D3DHAL_DP2SETSTREAMSOURCEFREQ, 8, 4);
DDIVK_PIN(D3DHAL_DP2SETINDICES, 8, 4);
DDIVK_PIN(D3DHAL_DP2DRAWPRIMITIVE, 12, 4);
DDIVK_PIN(D3DHAL_DP2DRAWINDEXEDPRIMITIVE, 24, 4);
DDIVK_PIN(D3DHAL_CLIPPEDTRIANGLEFAN, 12, 4);
DDIVK_PIN(D3DHAL_DP2DRAWPRIMITIVE2, 12, 4);
DDIVK_PIN(D3DHAL_DP2DRAWINDEXEDPRIMITIVE2, 24, 4);
DDIVK_PIN(D3DHAL_DP2DRAWRECTPATCH, 8, 4);
DDIVK_PIN(D3DHAL_DP2DRAWTRIPATCH, 8, 4);
DDIVK_PIN(D3DHAL_DP2CREATEQUERY, 8, 4);
DDIVK_PIN(D3DHAL_DP2DELETEQUERY, 4, 4);
DDIVK_PIN(D3DHAL_DP2ISSUEQUERY, 8, 4);
DDIVK_PIN(D3DHAL_DP2RESPONSE, 8, 4);
DDIVK_PIN(D3DHAL_DP2RESPONSEQUERY, 8, 4);
#undef DDIVK_PIN

static_assert(offsetof(D3DVERTEXELEMENT9, Type) == 4 && offsetof(D3DVERTEXELEMENT9, UsageIndex) == 7);
static_assert(offsetof(D3DMATERIAL7, dvPower) == 64);
static_assert(offsetof(D3DLIGHT7, dvPosition) == 52 && offsetof(D3DLIGHT7, dvRange) == 76 &&
              offsetof(D3DLIGHT7, dvPhi) == 100);
static_assert(offsetof(D3DHAL_DP2UPDATEPALETTE, wStartIndex) == 4 &&
              offsetof(D3DHAL_DP2UPDATEPALETTE, wNumEntries) == 6);
static_assert(offsetof(D3DHAL_DP2INDEXEDTRIANGLELIST, wFlags) == 6);
static_assert(offsetof(D3DHAL_DP2RENDERSTATE, dwState) == 4 && offsetof(D3DHAL_DP2RENDERSTATE, dvState) == 4);
static_assert(offsetof(D3DHAL_DP2TEXTURESTAGESTATE, TSState) == 2 &&
              offsetof(D3DHAL_DP2TEXTURESTAGESTATE, dwValue) == 4);
static_assert(offsetof(D3DHAL_DP2SETTRANSFORM, matrix) == 4);
static_assert(offsetof(D3DHAL_DP2MULTIPLYTRANSFORM, matrix) == 4);
static_assert(offsetof(D3DHAL_DP2SETCLIPPLANE, plane) == 4);
static_assert(offsetof(D3DHAL_DP2TEXBLT, pDest) == 8 && offsetof(D3DHAL_DP2TEXBLT, rSrc) == 16 &&
              offsetof(D3DHAL_DP2TEXBLT, dwFlags) == 32);
static_assert(offsetof(D3DHAL_DP2CLEAR, dvFillDepth) == 8 && offsetof(D3DHAL_DP2CLEAR, Rects) == 16);
static_assert(offsetof(D3DHAL_DP2VOLUMEBLT, dwDestZ) == 16 && offsetof(D3DHAL_DP2VOLUMEBLT, srcBox) == 20 &&
              offsetof(D3DHAL_DP2VOLUMEBLT, dwFlags) == 44);
static_assert(offsetof(D3DHAL_DP2BUFFERBLT, dwOffset) == 8 && offsetof(D3DHAL_DP2BUFFERBLT, rSrc) == 12 &&
              offsetof(D3DHAL_DP2BUFFERBLT, dwFlags) == 20);
static_assert(offsetof(D3DHAL_DP2ADDDIRTYRECT, rDirtyArea) == 4);
static_assert(offsetof(D3DHAL_DP2ADDDIRTYBOX, DirtyBox) == 4);
static_assert(offsetof(D3DHAL_DP2BLT, rSource) == 4 && offsetof(D3DHAL_DP2BLT, dwSourceMipLevel) == 20 &&
              offsetof(D3DHAL_DP2BLT, dwDest) == 24 && offsetof(D3DHAL_DP2BLT, rDest) == 28 &&
              offsetof(D3DHAL_DP2BLT, dwDestMipLevel) == 44 && offsetof(D3DHAL_DP2BLT, Flags) == 48);
static_assert(offsetof(D3DHAL_DP2SURFACEBLT, rDest) == 28 && offsetof(D3DHAL_DP2SURFACEBLT, Flags) == 48);
static_assert(offsetof(D3DHAL_DP2COLORFILL, rRect) == 4 && offsetof(D3DHAL_DP2COLORFILL, Color) == 20);
static_assert(offsetof(D3DHAL_DP2COMPOSERECTS, NumRects) == 12 &&
              offsetof(D3DHAL_DP2COMPOSERECTS, XOffset) == 24);
static_assert(offsetof(D3DHAL_DP2SETSTREAMSOURCE2, dwOffset) == 8 &&
              offsetof(D3DHAL_DP2SETSTREAMSOURCE2, dwStride) == 12);
static_assert(offsetof(D3DHAL_DP2DRAWINDEXEDPRIMITIVE, BaseVertexIndex) == 4 &&
              offsetof(D3DHAL_DP2DRAWINDEXEDPRIMITIVE, StartIndex) == 16 &&
              offsetof(D3DHAL_DP2DRAWINDEXEDPRIMITIVE, PrimitiveCount) == 20);
static_assert(offsetof(D3DHAL_DP2DRAWINDEXEDPRIMITIVE2, StartIndexOffset) == 16 &&
              offsetof(D3DHAL_DP2DRAWINDEXEDPRIMITIVE2, PrimitiveCount) == 20);
static_assert(offsetof(D3DHAL_DP2RESPONSE, wStateCount) == 2 &&
              offsetof(D3DHAL_DP2RESPONSE, dwTotalSize) == 4);

} // namespace ddivk

// Struct layouts of the DP2 DDI, computed here from the member lists of the DDK documentation
// (learn.microsoft.com d3dhal / d3d9types pages) with the Windows C layout rules (natural
// alignment, no packing pragma), and compared with our headers' offsetof/sizeof. Independent
// of the static_asserts in the headers, which state the same facts as literals.
#include <gtest/gtest.h>

#include <initializer_list>
#include <string>
#include <vector>

#include "ddivk/dp2.h"
#include "ddivk/dp2_payloads.h"
#include "ddivk/umd.h"

namespace ddivk::test {
namespace {

// A documented member type: size and alignment on Windows.
struct Type {
    size_t size, align;
};
constexpr Type BYTE_{1, 1}, WORD_{2, 2}, DWORD_{4, 4}, LONG_{4, 4}, FLOAT_{4, 4}, ENUM_{4, 4};
constexpr Type POINT_{8, 4}, RECT_{16, 4}, D3DMATRIX_{64, 4}, D3DBOX_{24, 4}, D3DRANGE_{8, 4};
constexpr Type D3DCOLORVALUE_{16, 4}, D3DVECTOR_{12, 4}, D3DCOLOR_{4, 4};
constexpr Type PTR_{sizeof(void*), alignof(void*)}; // pointers and ULONG_PTR

struct Member {
    const char* name;
    Type type;
    size_t actualOffset;
};

// Lays `members` out like MSVC does and checks offsets and the total size.
void checkLayout(const char* structName, size_t actualSize, std::initializer_list<Member> members) {
    size_t offset = 0, align = 1;
    for (const Member& m : members) {
        offset = (offset + m.type.align - 1) / m.type.align * m.type.align;
        EXPECT_EQ(m.actualOffset, offset) << structName << "::" << m.name;
        offset += m.type.size;
        align = std::max(align, m.type.align);
    }
    const size_t size = (offset + align - 1) / align * align;
    EXPECT_EQ(actualSize, size) << "sizeof(" << structName << ")";
}

#define M(S, field, type)                                                                                    \
    Member {                                                                                                 \
#field, type, offsetof(S, field)                                                                     \
    }
#define LAYOUT(S, ...) checkLayout(#S, sizeof(S), {__VA_ARGS__})

TEST(DP2Layout, DrawPrimitives2DataMatchesTheDdk) {
    using S = D3DHAL_DRAWPRIMITIVES2DATA;
    // Unions: dwVertexSize/ddrval share one DWORD; lpDDVertex/lpVertices one pointer.
    LAYOUT(S, M(S, dwhContext, PTR_), M(S, dwFlags, DWORD_), M(S, dwVertexType, DWORD_),
           M(S, lpDDCommands, PTR_), M(S, dwCommandOffset, DWORD_), M(S, dwCommandLength, DWORD_),
           M(S, lpDDVertex, PTR_), M(S, dwVertexOffset, DWORD_), M(S, dwVertexLength, DWORD_),
           M(S, dwReqVertexBufSize, DWORD_), M(S, dwReqCommandBufSize, DWORD_), M(S, lpdwRStates, PTR_),
           M(S, dwVertexSize, DWORD_), M(S, dwErrorOffset, DWORD_));
    EXPECT_EQ(offsetof(S, lpVertices), offsetof(S, lpDDVertex));
    EXPECT_EQ(offsetof(S, ddrval), offsetof(S, dwVertexSize));
    EXPECT_EQ(sizeof(S), sizeof(void*) == 8 ? 72u : 56u);
}

TEST(DP2Layout, CommandTokenMatchesTheDdk) {
    using S = D3DHAL_DP2COMMAND;
    LAYOUT(S, M(S, bCommand, BYTE_), M(S, bReserved, BYTE_), M(S, wPrimitiveCount, WORD_));
    EXPECT_EQ(offsetof(S, wStateCount), offsetof(S, wPrimitiveCount));
}

TEST(DP2Layout, LegacyPrimitiveStructsMatchTheDdk) {
    {
        using S = D3DHAL_DP2POINTS;
        LAYOUT(S, M(S, wCount, WORD_), M(S, wVStart, WORD_));
    }
    {
        using S = D3DHAL_DP2STARTVERTEX;
        LAYOUT(S, M(S, wVStart, WORD_));
    }
    {
        using S = D3DHAL_DP2LINELIST;
        LAYOUT(S, M(S, wVStart, WORD_));
    }
    {
        using S = D3DHAL_DP2INDEXEDLINELIST;
        LAYOUT(S, M(S, wV1, WORD_), M(S, wV2, WORD_));
    }
    {
        using S = D3DHAL_DP2LINESTRIP;
        LAYOUT(S, M(S, wVStart, WORD_));
    }
    {
        using S = D3DHAL_DP2INDEXEDLINESTRIP;
        LAYOUT(S, M(S, wV, (Type{4, 2})));
    }
    {
        using S = D3DHAL_DP2TRIANGLELIST;
        LAYOUT(S, M(S, wVStart, WORD_));
    }
    {
        using S = D3DHAL_DP2INDEXEDTRIANGLELIST;
        LAYOUT(S, M(S, wV1, WORD_), M(S, wV2, WORD_), M(S, wV3, WORD_), M(S, wFlags, WORD_));
    }
    {
        using S = D3DHAL_DP2INDEXEDTRIANGLELIST2;
        LAYOUT(S, M(S, wV1, WORD_), M(S, wV2, WORD_), M(S, wV3, WORD_));
    }
    {
        using S = D3DHAL_DP2TRIANGLESTRIP;
        LAYOUT(S, M(S, wVStart, WORD_));
    }
    {
        using S = D3DHAL_DP2INDEXEDTRIANGLESTRIP;
        LAYOUT(S, M(S, wV, (Type{6, 2})));
    }
    {
        using S = D3DHAL_DP2TRIANGLEFAN;
        LAYOUT(S, M(S, wVStart, WORD_));
    }
    {
        using S = D3DHAL_DP2INDEXEDTRIANGLEFAN;
        LAYOUT(S, M(S, wV, (Type{6, 2})));
    }
    {
        using S = D3DHAL_DP2TRIANGLEFAN_IMM;
        LAYOUT(S, M(S, dwEdgeFlags, DWORD_));
    }
}

TEST(DP2Layout, StatePayloadsMatchTheDdk) {
    {
        using S = D3DHAL_DP2RENDERSTATE;
        LAYOUT(S, M(S, RenderState, ENUM_), M(S, dwState, DWORD_));
    }
    {
        using S = D3DHAL_DP2TEXTURESTAGESTATE;
        LAYOUT(S, M(S, wStage, WORD_), M(S, TSState, WORD_), M(S, dwValue, DWORD_));
    }
    {
        using S = D3DHAL_DP2VIEWPORTINFO;
        LAYOUT(S, M(S, dwX, DWORD_), M(S, dwY, DWORD_), M(S, dwWidth, DWORD_), M(S, dwHeight, DWORD_));
    }
    {
        using S = D3DHAL_DP2WINFO;
        LAYOUT(S, M(S, dvWNear, FLOAT_), M(S, dvWFar, FLOAT_));
    }
    {
        using S = D3DHAL_DP2ZRANGE;
        LAYOUT(S, M(S, dvMinZ, FLOAT_), M(S, dvMaxZ, FLOAT_));
    }
    {
        using S = D3DHAL_DP2SETPALETTE;
        LAYOUT(S, M(S, dwPaletteHandle, DWORD_), M(S, dwPaletteFlags, DWORD_), M(S, dwSurfaceHandle, DWORD_));
    }
    {
        using S = D3DHAL_DP2UPDATEPALETTE;
        LAYOUT(S, M(S, dwPaletteHandle, DWORD_), M(S, wStartIndex, WORD_), M(S, wNumEntries, WORD_));
    }
    {
        using S = D3DHAL_DP2SETLIGHT;
        LAYOUT(S, M(S, dwIndex, DWORD_), M(S, dwDataType, DWORD_));
    }
    {
        using S = D3DHAL_DP2CREATELIGHT;
        LAYOUT(S, M(S, dwIndex, DWORD_));
    }
    {
        using S = D3DHAL_DP2SETTRANSFORM;
        LAYOUT(S, M(S, xfrmType, ENUM_), M(S, matrix, D3DMATRIX_));
    }
    {
        using S = D3DHAL_DP2MULTIPLYTRANSFORM;
        LAYOUT(S, M(S, xfrmType, ENUM_), M(S, matrix, D3DMATRIX_));
    }
    {
        using S = D3DHAL_DP2SETCLIPPLANE;
        LAYOUT(S, M(S, dwIndex, DWORD_), M(S, plane, (Type{16, 4})));
    }
    {
        using S = D3DHAL_DP2STATESET;
        LAYOUT(S, M(S, dwOperation, DWORD_), M(S, dwParam, DWORD_), M(S, sbType, ENUM_));
    }
    {
        using S = D3DMATERIAL7;
        LAYOUT(S, M(S, dcvDiffuse, D3DCOLORVALUE_), M(S, dcvAmbient, D3DCOLORVALUE_),
               M(S, dcvSpecular, D3DCOLORVALUE_), M(S, dcvEmissive, D3DCOLORVALUE_), M(S, dvPower, FLOAT_));
    }
    {
        using S = D3DLIGHT7;
        LAYOUT(S, M(S, dltType, ENUM_), M(S, dcvDiffuse, D3DCOLORVALUE_), M(S, dcvSpecular, D3DCOLORVALUE_),
               M(S, dcvAmbient, D3DCOLORVALUE_), M(S, dvPosition, D3DVECTOR_), M(S, dvDirection, D3DVECTOR_),
               M(S, dvRange, FLOAT_), M(S, dvFalloff, FLOAT_), M(S, dvAttenuation0, FLOAT_),
               M(S, dvAttenuation1, FLOAT_), M(S, dvAttenuation2, FLOAT_), M(S, dvTheta, FLOAT_),
               M(S, dvPhi, FLOAT_));
    }
}

TEST(DP2Layout, ResourcePayloadsMatchTheDdk) {
    {
        using S = D3DHAL_DP2TEXBLT;
        LAYOUT(S, M(S, dwDDDestSurface, DWORD_), M(S, dwDDSrcSurface, DWORD_), M(S, pDest, POINT_),
               M(S, rSrc, RECT_), M(S, dwFlags, DWORD_));
    }
    {
        using S = D3DHAL_DP2SETPRIORITY;
        LAYOUT(S, M(S, dwDDSurface, DWORD_), M(S, dwPriority, DWORD_));
    }
    {
        using S = D3DHAL_DP2SETRENDERTARGET;
        LAYOUT(S, M(S, hRenderTarget, DWORD_), M(S, hZBuffer, DWORD_));
    }
    {
        using S = D3DHAL_DP2CLEAR;
        LAYOUT(S, M(S, dwFlags, DWORD_), M(S, dwFillColor, DWORD_), M(S, dvFillDepth, FLOAT_),
               M(S, dwFillStencil, DWORD_), M(S, Rects, RECT_));
    }
    {
        using S = D3DHAL_DP2SETTEXLOD;
        LAYOUT(S, M(S, dwDDSurface, DWORD_), M(S, dwLOD, DWORD_));
    }
    {
        using S = D3DHAL_DP2VOLUMEBLT;
        LAYOUT(S, M(S, dwDDDestSurface, DWORD_), M(S, dwDDSrcSurface, DWORD_), M(S, dwDestX, DWORD_),
               M(S, dwDestY, DWORD_), M(S, dwDestZ, DWORD_), M(S, srcBox, D3DBOX_), M(S, dwFlags, DWORD_));
    }
    {
        using S = D3DHAL_DP2BUFFERBLT;
        LAYOUT(S, M(S, dwDDDestSurface, DWORD_), M(S, dwDDSrcSurface, DWORD_), M(S, dwOffset, DWORD_),
               M(S, rSrc, D3DRANGE_), M(S, dwFlags, DWORD_));
    }
    {
        using S = D3DHAL_DP2ADDDIRTYRECT;
        LAYOUT(S, M(S, dwSurface, DWORD_), M(S, rDirtyArea, RECT_));
    }
    {
        using S = D3DHAL_DP2ADDDIRTYBOX;
        LAYOUT(S, M(S, dwSurface, DWORD_), M(S, DirtyBox, D3DBOX_));
    }
    {
        using S = D3DHAL_DP2BLT;
        LAYOUT(S, M(S, dwSource, DWORD_), M(S, rSource, RECT_), M(S, dwSourceMipLevel, DWORD_),
               M(S, dwDest, DWORD_), M(S, rDest, RECT_), M(S, dwDestMipLevel, DWORD_), M(S, Flags, DWORD_));
    }
    {
        using S = D3DHAL_DP2SURFACEBLT;
        LAYOUT(S, M(S, dwSource, DWORD_), M(S, rSource, RECT_), M(S, dwSourceMipLevel, DWORD_),
               M(S, dwDest, DWORD_), M(S, rDest, RECT_), M(S, dwDestMipLevel, DWORD_), M(S, Flags, DWORD_));
    }
    {
        using S = D3DHAL_DP2COLORFILL;
        LAYOUT(S, M(S, dwSurface, DWORD_), M(S, rRect, RECT_), M(S, Color, D3DCOLOR_));
    }
    {
        using S = D3DHAL_DP2SETRENDERTARGET2;
        LAYOUT(S, M(S, RTIndex, DWORD_), M(S, hRenderTarget, DWORD_));
    }
    {
        using S = D3DHAL_DP2SETDEPTHSTENCIL;
        LAYOUT(S, M(S, hZBuffer, DWORD_));
    }
    {
        using S = D3DHAL_DP2GENERATEMIPSUBLEVELS;
        LAYOUT(S, M(S, hSurface, DWORD_), M(S, Filter, ENUM_));
    }
    {
        using S = D3DHAL_DP2SETCONVOLUTIONKERNELMONO;
        LAYOUT(S, M(S, dwWidth, DWORD_), M(S, dwHeight, DWORD_), M(S, dwFlags, DWORD_));
    }
    {
        using S = D3DHAL_DP2COMPOSERECTS;
        LAYOUT(S, M(S, SrcSurfaceHandle, DWORD_), M(S, DstSurfaceHandle, DWORD_),
               M(S, SrcRectDescsVBHandle, DWORD_), M(S, NumRects, DWORD_), M(S, DstRectDescsVBHandle, DWORD_),
               M(S, Operation, ENUM_), M(S, XOffset, LONG_), M(S, YOffset, LONG_));
    }
    EXPECT_EQ(sizeof(D3DHAL_DP2SETSCISSORRECT), RECT_.size);
}

TEST(DP2Layout, ShaderAndStreamPayloadsMatchTheDdk) {
    {
        using S = D3DHAL_DP2VERTEXSHADER;
        LAYOUT(S, M(S, dwHandle, DWORD_));
    }
    {
        using S = D3DHAL_DP2CREATEVERTEXSHADER;
        LAYOUT(S, M(S, dwHandle, DWORD_), M(S, dwDeclSize, DWORD_), M(S, dwCodeSize, DWORD_));
    }
    {
        using S = D3DHAL_DP2CREATEVERTEXSHADERDECL;
        LAYOUT(S, M(S, dwHandle, DWORD_), M(S, dwNumVertexElements, DWORD_));
    }
    {
        using S = D3DHAL_DP2CREATEVERTEXSHADERFUNC;
        LAYOUT(S, M(S, dwHandle, DWORD_), M(S, dwSize, DWORD_));
    }
    {
        using S = D3DHAL_DP2SETVERTEXSHADERCONST;
        LAYOUT(S, M(S, dwRegister, DWORD_), M(S, dwCount, DWORD_));
    }
    {
        using S = D3DHAL_DP2PIXELSHADER;
        LAYOUT(S, M(S, dwHandle, DWORD_));
    }
    {
        using S = D3DHAL_DP2CREATEPIXELSHADER;
        LAYOUT(S, M(S, dwHandle, DWORD_), M(S, dwCodeSize, DWORD_));
    }
    {
        using S = D3DHAL_DP2SETPIXELSHADERCONST;
        LAYOUT(S, M(S, dwRegister, DWORD_), M(S, dwCount, DWORD_));
    }
    {
        using S = D3DHAL_DP2SETSTREAMSOURCE;
        LAYOUT(S, M(S, dwStream, DWORD_), M(S, dwVBHandle, DWORD_), M(S, dwStride, DWORD_));
    }
    {
        using S = D3DHAL_DP2SETSTREAMSOURCEUM;
        LAYOUT(S, M(S, dwStream, DWORD_), M(S, dwStride, DWORD_));
    }
    {
        using S = D3DHAL_DP2SETSTREAMSOURCE2;
        LAYOUT(S, M(S, dwStream, DWORD_), M(S, dwVBHandle, DWORD_), M(S, dwOffset, DWORD_),
               M(S, dwStride, DWORD_));
    }
    {
        using S = D3DHAL_DP2SETSTREAMSOURCEFREQ;
        LAYOUT(S, M(S, dwStream, DWORD_), M(S, dwDivider, DWORD_));
    }
    {
        using S = D3DHAL_DP2SETINDICES;
        LAYOUT(S, M(S, dwVBHandle, DWORD_), M(S, dwStride, DWORD_));
    }
    {
        using S = D3DHAL_DP2DRAWPRIMITIVE;
        LAYOUT(S, M(S, primType, ENUM_), M(S, VStart, DWORD_), M(S, PrimitiveCount, DWORD_));
    }
    {
        using S = D3DHAL_DP2DRAWINDEXEDPRIMITIVE;
        LAYOUT(S, M(S, primType, ENUM_), M(S, BaseVertexIndex, LONG_), M(S, MinIndex, DWORD_),
               M(S, NumVertices, DWORD_), M(S, StartIndex, DWORD_), M(S, PrimitiveCount, DWORD_));
    }
    {
        using S = D3DHAL_CLIPPEDTRIANGLEFAN;
        LAYOUT(S, M(S, FirstVertexOffset, DWORD_), M(S, dwEdgeFlags, DWORD_), M(S, PrimitiveCount, DWORD_));
    }
    {
        using S = D3DHAL_DP2DRAWPRIMITIVE2;
        LAYOUT(S, M(S, primType, ENUM_), M(S, FirstVertexOffset, DWORD_), M(S, PrimitiveCount, DWORD_));
    }
    {
        using S = D3DHAL_DP2DRAWINDEXEDPRIMITIVE2;
        LAYOUT(S, M(S, primType, ENUM_), M(S, BaseVertexOffset, LONG_), M(S, MinIndex, DWORD_),
               M(S, NumVertices, DWORD_), M(S, StartIndexOffset, DWORD_), M(S, PrimitiveCount, DWORD_));
    }
    {
        using S = D3DHAL_DP2DRAWRECTPATCH;
        LAYOUT(S, M(S, Handle, DWORD_), M(S, Flags, DWORD_));
    }
    {
        using S = D3DHAL_DP2DRAWTRIPATCH;
        LAYOUT(S, M(S, Handle, DWORD_), M(S, Flags, DWORD_));
    }
    {
        using S = D3DHAL_DP2CREATEQUERY;
        LAYOUT(S, M(S, dwQueryID, DWORD_), M(S, QueryType, ENUM_));
    }
    {
        using S = D3DHAL_DP2DELETEQUERY;
        LAYOUT(S, M(S, dwQueryID, DWORD_));
    }
    {
        using S = D3DHAL_DP2ISSUEQUERY;
        LAYOUT(S, M(S, dwQueryID, DWORD_), M(S, dwFlags, DWORD_));
    }
    {
        using S = D3DHAL_DP2RESPONSE;
        LAYOUT(S, M(S, bCommand, BYTE_), M(S, bReserved, BYTE_), M(S, wStateCount, WORD_),
               M(S, dwTotalSize, DWORD_));
    }
    {
        using S = D3DHAL_DP2RESPONSEQUERY;
        LAYOUT(S, M(S, dwQueryID, DWORD_), M(S, dwSize, DWORD_));
    }
    {
        using S = D3DVERTEXELEMENT9;
        LAYOUT(S, M(S, Stream, WORD_), M(S, Offset, WORD_), M(S, Type, BYTE_), M(S, Method, BYTE_),
               M(S, Usage, BYTE_), M(S, UsageIndex, BYTE_));
    }
    {
        using S = D3DRECTPATCH_INFO;
        LAYOUT(S, M(S, StartVertexOffsetWidth, DWORD_), M(S, StartVertexOffsetHeight, DWORD_),
               M(S, Width, DWORD_), M(S, Height, DWORD_), M(S, Stride, DWORD_), M(S, Basis, ENUM_),
               M(S, Degree, ENUM_));
    }
    {
        using S = D3DTRIPATCH_INFO;
        LAYOUT(S, M(S, StartVertexOffset, DWORD_), M(S, NumVertices, DWORD_), M(S, Basis, ENUM_),
               M(S, Degree, ENUM_));
    }
    {
        using S = D3DDDIARG_SETSTREAMSOURCEFREQ;
        LAYOUT(S, M(S, Stream, DWORD_), M(S, Divider, DWORD_));
    }
}

TEST(DP2Layout, OpcodeAndFlagValuesMatchTheDdk) {
    EXPECT_EQ(D3DDP2OP_POINTS, 1u);
    EXPECT_EQ(D3DDP2OP_RENDERSTATE, 8u);
    EXPECT_EQ(D3DDP2OP_TRIANGLEFAN_IMM, 23u);
    EXPECT_EQ(D3DDP2OP_TEXBLT, 38u);
    EXPECT_EQ(D3DDP2OP_SETCLIPPLANE, 44u);
    EXPECT_EQ(D3DDP2OP_ADDDIRTYBOX, 67u);
    EXPECT_EQ(D3DDP2OP_CREATEVERTEXSHADERDECL, 71u);
    EXPECT_EQ(D3DDP2OP_SETSCISSORRECT, 79u);
    EXPECT_EQ(D3DDP2OP_ISSUEQUERY, 91u);
    EXPECT_EQ(D3DDP2OP_SETPIXELSHADERCONSTI, 93u);
    EXPECT_EQ(D3DDP2OP_SURFACEBLT, 96u);
    EXPECT_EQ(D3DHALDP2_USERMEMVERTICES, 0x1u);
    EXPECT_EQ(D3DHALDP2_REQCOMMANDBUFSIZE, 0x20u);
    EXPECT_EQ(D3DHALDP2_VIDMEMCOMMANDBUF, 0x80u);
    EXPECT_EQ(D3DSTREAMSOURCE_INDEXEDDATA, 0x40000000u);
    EXPECT_EQ(D3DSTREAMSOURCE_INSTANCEDATA, 0x80000000u);
    EXPECT_EQ(static_cast<uint32_t>(D3DERR_COMMAND_UNPARSED), 0x88760BB8u);
}

} // namespace
} // namespace ddivk::test

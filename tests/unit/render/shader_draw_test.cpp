// Draws with translated vertex and pixel shaders through the DP2 door: shaders and a vertex
// declaration created by tokens, vertices from the user-memory stream, constants from
// SET*SHADERCONST; pixels compared with the reference rasteriser (reference_raster.h) given
// the screen positions the D3D9 viewport transform yields.
#include <gtest/gtest.h>

#include <cstring>

#include "ddivk/d3d9_decl.h"
#include "device/context.h"
#include "device/handles.h"
#include "unit/render/reference_raster.h"
#include "unit/render/render_fixture.h"

namespace ddivk::test {
namespace {

constexpr uint32_t kBackground = 0xFF102030;

// Position in clip space (w = 1) and a D3DCOLOR.
struct ShaderVertex {
    float x, y, z, w;
    uint32_t color;
};

class ShaderDraw : public RenderTest {
  protected:
    // Clip-space vertex landing on screen position (sx, sy) of the target (D3D9's viewport
    // transform: pixel centres on integers, y down).
    static ShaderVertex at(float sx, float sy, uint32_t color) {
        return {2.0f * sx / kWidth - 1.0f, 1.0f - 2.0f * sy / kHeight, 0.5f, 1.0f, color};
    }

    // Creates vs 1 / ps 2 / declaration 3 from `vs` and `ps` and sets them.
    void setShaders(CommandStream& s, const char* vs, const char* ps) {
        setShaderProgram(s, vs, ps,
                         {{0, 0, D3DDECLTYPE_FLOAT4, 0, D3DDECLUSAGE_POSITION, 0},
                          {0, 16, D3DDECLTYPE_D3DCOLOR, 0, D3DDECLUSAGE_COLOR, 0}});
        userStream(s, sizeof(ShaderVertex));
    }

    static RefVertex refAt(float sx, float sy, uint32_t color) {
        return {sx,
                sy,
                float((color >> 16) & 0xFF) / 255.0f,
                float((color >> 8) & 0xFF) / 255.0f,
                float(color & 0xFF) / 255.0f,
                1.0f};
    }
};

constexpr const char* kPassThroughVs = R"(vs_3_0
dcl_position v0
dcl_color v1
dcl_position o0
dcl_color o1
mov o0, v0
mov o1, v1
)";

TEST_F(ShaderDraw, Shader30TriangleMatchesTheReferenceRasteriser) {
    CommandStream s;
    clear(s, D3DCLEAR_TARGET, kBackground);
    setShaders(s, kPassThroughVs, "ps_3_0\ndcl_color v0\nmov oC0, v0\n");
    s.cmd(D3DDP2OP_DRAWPRIMITIVE, 1).put(D3DHAL_DP2DRAWPRIMITIVE{D3DPT_TRIANGLELIST, 0, 1});
    const std::vector<ShaderVertex> v = {at(6.5f, 4.25f, 0xFFFF0000), at(58.0f, 10.0f, 0xFF00FF00),
                                         at(20.0f, 44.5f, 0xFF0000FF)};
    ASSERT_EQ(execute(s, v), S_OK);
    ReferenceTarget want(kWidth, kHeight, kBackground);
    want.triangle(refAt(6.5f, 4.25f, 0xFFFF0000), refAt(58.0f, 10.0f, 0xFF00FF00), refAt(20.0f, 44.5f, 0xFF0000FF));
    // Colour interpolation may round differently by one step.
    EXPECT_TRUE(matches(readTarget(), want, 1));
}

// A stream the declaration names and nobody bound reads zeros (D3D9 draws it: Wine's
// test_null_stream, test_default_diffuse): the colour from stream 1 is (0, 0, 0, 0).
TEST_F(ShaderDraw, AStreamNobodyBoundReadsZeros) {
    CommandStream s;
    clear(s, D3DCLEAR_TARGET, kBackground);
    setShaderProgram(s, kPassThroughVs, "ps_3_0\ndcl_color v0\nmov oC0, v0\n",
                     {{0, 0, D3DDECLTYPE_FLOAT4, 0, D3DDECLUSAGE_POSITION, 0},
                      {1, 0, D3DDECLTYPE_D3DCOLOR, 0, D3DDECLUSAGE_COLOR, 0}});
    userStream(s, sizeof(ShaderVertex));
    s.cmd(D3DDP2OP_DRAWPRIMITIVE, 1).put(D3DHAL_DP2DRAWPRIMITIVE{D3DPT_TRIANGLELIST, 0, 1});
    const std::vector<ShaderVertex> v = {at(6.5f, 4.25f, 0xFFFF0000), at(58.0f, 10.0f, 0xFF00FF00),
                                         at(20.0f, 44.5f, 0xFF0000FF)};
    ASSERT_EQ(execute(s, v), S_OK);
    ReferenceTarget want(kWidth, kHeight, kBackground);
    want.triangle(refAt(6.5f, 4.25f, 0), refAt(58.0f, 10.0f, 0), refAt(20.0f, 44.5f, 0));
    EXPECT_TRUE(matches(readTarget(), want));
}

TEST_F(ShaderDraw, ConstantsReachBothShaders) {
    // The vertex shader offsets x by c0.x (in clip units); the pixel shader outputs c2. The
    // vertex shader's oD0 and oT0, which the pixel shader does not read, are dropped (no
    // validation message about unconsumed outputs).
    CommandStream s;
    clear(s, D3DCLEAR_TARGET, kBackground);
    setShaders(s, "vs_2_0\ndcl_position v0\nadd oPos, v0, c0\nmov oD0, v0\nmov oT0, c0\n", "ps_2_0\nmov oC0, c2\n");
    const float vsConst[4] = {2.0f * 16.0f / kWidth, 0, 0, 0}; // 16 pixels right
    s.cmd(D3DDP2OP_SETVERTEXSHADERCONST, 1).put(D3DHAL_DP2SETVERTEXSHADERCONST{0, 1}).put(vsConst);
    const float psConst[4] = {1.0f, 0.5f, 0.0f, 1.0f};
    s.cmd(D3DDP2OP_SETPIXELSHADERCONST, 1).put(D3DHAL_DP2SETPIXELSHADERCONST{2, 1}).put(psConst);
    s.cmd(D3DDP2OP_DRAWPRIMITIVE, 1).put(D3DHAL_DP2DRAWPRIMITIVE{D3DPT_TRIANGLELIST, 0, 1});
    const std::vector<ShaderVertex> v = {at(2, 2, 0), at(30, 2, 0), at(2, 30, 0)};
    ASSERT_EQ(execute(s, v), S_OK);
    ReferenceTarget want(kWidth, kHeight, kBackground);
    // c2 = (1, 0.5, 0, 1): 0xFFFF8000 after UNORM rounding of 0.5 (127.5 -> 128).
    const uint32_t orange = 0xFFFF8000;
    want.triangle(refAt(18, 2, orange), refAt(46, 2, orange), refAt(18, 30, orange));
    EXPECT_TRUE(matches(readTarget(), want, 1));
}

TEST_F(ShaderDraw, AlphaTestDiscardsThroughTheTranslatedPixelShader) {
    // Alpha 0x40 fails ALPHAFUNC GREATER with ALPHAREF 0x80: nothing is drawn.
    CommandStream s;
    clear(s, D3DCLEAR_TARGET, kBackground);
    setShaders(s, kPassThroughVs, "ps_3_0\ndcl_color v0\nmov oC0, v0\n");
    renderState(s, D3DRS_ALPHATESTENABLE, 1);
    renderState(s, D3DRS_ALPHAFUNC, D3DCMP_GREATER);
    renderState(s, D3DRS_ALPHAREF, 0x80);
    s.cmd(D3DDP2OP_DRAWPRIMITIVE, 1).put(D3DHAL_DP2DRAWPRIMITIVE{D3DPT_TRIANGLELIST, 0, 1});
    const std::vector<ShaderVertex> v = {at(2, 2, 0x40FFFFFF), at(40, 2, 0x40FFFFFF), at(2, 40, 0x40FFFFFF)};
    ASSERT_EQ(execute(s, v), S_OK);
    EXPECT_TRUE(matches(readTarget(), ReferenceTarget(kWidth, kHeight, kBackground)));
}

TEST_F(ShaderDraw, RepeatedDrawsCreateNoNewPipeline) {
    const std::vector<ShaderVertex> v = {at(2, 2, 0xFFFFFFFF), at(40, 2, 0xFFFFFFFF), at(2, 40, 0xFFFFFFFF)};
    CommandStream first;
    setShaders(first, kPassThroughVs, "ps_3_0\ndcl_color v0\nmov oC0, v0\n");
    first.cmd(D3DDP2OP_DRAWPRIMITIVE, 1).put(D3DHAL_DP2DRAWPRIMITIVE{D3DPT_TRIANGLELIST, 0, 1});
    ASSERT_EQ(execute(first, v), S_OK);
    const uint64_t created = driverDevice().programPipelines()->createdCount();
    for (int frame = 0; frame < 3; ++frame) {
        CommandStream s;
        s.cmd(D3DDP2OP_SETSTREAMSOURCEUM, 1).put(D3DHAL_DP2SETSTREAMSOURCEUM{0, sizeof(ShaderVertex)});
        s.cmd(D3DDP2OP_DRAWPRIMITIVE, 1).put(D3DHAL_DP2DRAWPRIMITIVE{D3DPT_TRIANGLELIST, 0, 1});
        ASSERT_EQ(execute(s, v), S_OK);
    }
    EXPECT_EQ(driverDevice().programPipelines()->createdCount(), created);
}

TEST_F(ShaderDraw, DrawPastTheVertexDataIsRejected) {
    CommandStream s;
    setShaders(s, kPassThroughVs, "ps_3_0\ndcl_color v0\nmov oC0, v0\n");
    const size_t bad = s.size();
    s.cmd(D3DDP2OP_DRAWPRIMITIVE, 1).put(D3DHAL_DP2DRAWPRIMITIVE{D3DPT_TRIANGLELIST, 1, 1});
    const std::vector<ShaderVertex> v = {at(2, 2, 0), at(40, 2, 0), at(2, 40, 0)};
    EXPECT_EQ(execute(s, v), D3DERR_INVALIDCALL);
    EXPECT_EQ(errorOffset(), bad);
}

TEST_F(ShaderDraw, EmptyViewportAndOutOfRangeDepthDrawNothingOrClamp) {
    // A viewport of zero width draws nothing (Vulkan forbids such a viewport); a depth range
    // outside 0..1 is clamped. Either way no validation message.
    const std::vector<ShaderVertex> v = {at(2, 2, 0xFFFFFFFF), at(40, 2, 0xFFFFFFFF), at(2, 40, 0xFFFFFFFF)};
    CommandStream s;
    clear(s, D3DCLEAR_TARGET, kBackground);
    setShaders(s, kPassThroughVs, "ps_3_0\ndcl_color v0\nmov oC0, v0\n");
    s.cmd(D3DDP2OP_VIEWPORTINFO, 1).put(D3DHAL_DP2VIEWPORTINFO{0, 0, 0, kHeight});
    s.cmd(D3DDP2OP_DRAWPRIMITIVE, 1).put(D3DHAL_DP2DRAWPRIMITIVE{D3DPT_TRIANGLELIST, 0, 1});
    ASSERT_EQ(execute(s, v), S_OK);
    EXPECT_TRUE(matches(readTarget(), ReferenceTarget(kWidth, kHeight, kBackground)));

    CommandStream z;
    z.cmd(D3DDP2OP_VIEWPORTINFO, 1).put(D3DHAL_DP2VIEWPORTINFO{0, 0, kWidth, kHeight});
    z.cmd(D3DDP2OP_ZRANGE, 1).put(D3DHAL_DP2ZRANGE{-1.0f, 2.0f});
    z.cmd(D3DDP2OP_SETSTREAMSOURCEUM, 1).put(D3DHAL_DP2SETSTREAMSOURCEUM{0, sizeof(ShaderVertex)});
    z.cmd(D3DDP2OP_DRAWPRIMITIVE, 1).put(D3DHAL_DP2DRAWPRIMITIVE{D3DPT_TRIANGLELIST, 0, 1});
    ASSERT_EQ(execute(z, v), S_OK);
    ReferenceTarget want(kWidth, kHeight, kBackground);
    want.triangle(refAt(2, 2, 0xFFFFFFFF), refAt(40, 2, 0xFFFFFFFF), refAt(2, 40, 0xFFFFFFFF));
    EXPECT_TRUE(matches(readTarget(), want, 1));
}

TEST_F(ShaderDraw, ChangingTheAlphaTestBetweenDrawsSwitchesTranslations) {
    // Same shader objects, three draws: test off (drawn), on with GREATER 0x80 (alpha 0x40:
    // nothing), off again (drawn): each draw uses the translation of its own key.
    const std::vector<ShaderVertex> v = {at(2, 2, 0x40FF0000), at(40, 2, 0x40FF0000), at(2, 40, 0x40FF0000)};
    ReferenceTarget drawn(kWidth, kHeight, kBackground);
    drawn.triangle(refAt(2, 2, 0xFFFF0000), refAt(40, 2, 0xFFFF0000), refAt(2, 40, 0xFFFF0000));
    const ReferenceTarget empty(kWidth, kHeight, kBackground);
    CommandStream setup;
    setShaders(setup, kPassThroughVs, "ps_3_0\ndcl_color v0\nmov oC0, v0\n");
    renderState(setup, D3DRS_ALPHAFUNC, D3DCMP_GREATER);
    renderState(setup, D3DRS_ALPHAREF, 0x80);
    ASSERT_EQ(execute(setup, v), S_OK);
    for (const bool alphaTest : {false, true, false}) {
        CommandStream s;
        clear(s, D3DCLEAR_TARGET, kBackground);
        renderState(s, D3DRS_ALPHATESTENABLE, alphaTest ? 1 : 0);
        s.cmd(D3DDP2OP_SETSTREAMSOURCEUM, 1).put(D3DHAL_DP2SETSTREAMSOURCEUM{0, sizeof(ShaderVertex)});
        s.cmd(D3DDP2OP_DRAWPRIMITIVE, 1).put(D3DHAL_DP2DRAWPRIMITIVE{D3DPT_TRIANGLELIST, 0, 1});
        ASSERT_EQ(execute(s, v), S_OK);
        // The X8R8G8B8 target keeps alpha at 0xFF whatever the shader writes.
        EXPECT_TRUE(matches(readTarget(), alphaTest ? empty : drawn, 1)) << "alpha test " << alphaTest;
    }
}

} // namespace
} // namespace ddivk::test

// Rasterisation states through the DP2 door: FILLMODE, the scissor test (dynamic state), and the
// dynamic values (blend factor, stencil reference) in draws with shaders, which bind their own
// pipelines.
#include <gtest/gtest.h>

#include "ddivk/d3d9_decl.h"
#include "unit/render/render_states_fixture.h"

namespace ddivk::test {
namespace {

constexpr uint32_t kBlack = 0xFF000000, kWhite = 0xFFFFFFFF;

class RasterStates : public RenderStatesTest {};

// D3DFILL_WIREFRAME draws a triangle's edges as lines: the quad's outline (and its diagonal) is
// set, its inside is not, and the bottom edge, which a solid fill leaves out, is drawn.
TEST_F(RasterStates, WireframeDrawsTheEdgesOnly) {
    CommandStream s;
    clear(s, D3DCLEAR_TARGET, kBlack);
    renderState(s, D3DRS_CULLMODE, D3DCULL_NONE);
    renderState(s, D3DRS_FILLMODE, D3DFILL_WIREFRAME);
    draw(s, {{8, 8, 56, 40}, kWhite});
    ASSERT_EQ(run(s), S_OK);
    const std::vector<uint32_t> got = readTarget();
    auto at = [&](uint32_t x, uint32_t y) { return got[y * kWidth + x]; };
    for (uint32_t x = 12; x < 52; ++x) {
        EXPECT_EQ(at(x, 8), kWhite) << "top edge at x " << x;
        EXPECT_EQ(at(x, 40), kWhite) << "bottom edge at x " << x;
    }
    for (uint32_t y = 12; y < 36; ++y)
        EXPECT_EQ(at(8, y), kWhite) << "left edge at y " << y;
    // Inside, well away from the diagonal from (56, 8) to (8, 40).
    for (uint32_t y = 12; y < 20; ++y)
        for (uint32_t x = 12; x < 20; ++x)
            EXPECT_EQ(at(x, y), kBlack) << x << "," << y;
    for (uint32_t y = 30; y < 37; ++y)
        for (uint32_t x = 44; x < 52; ++x)
            EXPECT_EQ(at(x, y), kBlack) << x << "," << y;
}

TEST_F(RasterStates, SolidFillModeFillsTheQuad) {
    CommandStream s;
    clear(s, D3DCLEAR_TARGET, kBlack);
    renderState(s, D3DRS_CULLMODE, D3DCULL_NONE);
    renderState(s, D3DRS_FILLMODE, D3DFILL_WIREFRAME);
    renderState(s, D3DRS_FILLMODE, D3DFILL_SOLID);
    const Box box{8, 8, 56, 40};
    draw(s, {box, kWhite});
    ASSERT_EQ(run(s), S_OK);
    std::vector<uint32_t> want(size_t(kWidth) * kHeight, kBlack);
    for (uint32_t y = 0; y < kHeight; ++y)
        for (uint32_t x = 0; x < kWidth; ++x)
            if (box.contains(x, y)) want[y * kWidth + x] = kWhite;
    EXPECT_TRUE(samePixels(readTarget(), want));
}

// With D3DRS_SCISSORTESTENABLE draws stay inside the scissor rectangle; moving the rectangle
// creates no pipeline (it is dynamic state).
TEST_F(RasterStates, ScissorRectLimitsDrawsWithoutNewPipelines) {
    const RECT rects[] = {{4, 6, 20, 30}, {30, 2, 60, 12}};
    CommandStream s;
    clear(s, D3DCLEAR_TARGET, kBlack);
    renderState(s, D3DRS_CULLMODE, D3DCULL_NONE);
    renderState(s, D3DRS_SCISSORTESTENABLE, 1);
    s.cmd(D3DDP2OP_SETSCISSORRECT, 1).put(rects[0]);
    draw(s, {kWhole, kWhite});
    ASSERT_EQ(run(s), S_OK);
    const uint64_t created = pipelinesCreated();
    CommandStream second;
    second.cmd(D3DDP2OP_SETSCISSORRECT, 1).put(rects[1]);
    draw(second, {kWhole, kWhite});
    ASSERT_EQ(run(second), S_OK);
    EXPECT_EQ(pipelinesCreated(), created);
    std::vector<uint32_t> want(size_t(kWidth) * kHeight, kBlack);
    for (const RECT& r : rects)
        for (int32_t y = r.top; y < r.bottom; ++y)
            for (int32_t x = r.left; x < r.right; ++x)
                want[size_t(y) * kWidth + size_t(x)] = kWhite;
    EXPECT_TRUE(samePixels(readTarget(), want));
}

// Draws with shaders bind pipelines of their own cache; they record the same dynamic state.
class ShaderDrawStates : public RenderStatesTest {
  protected:
    ShaderDrawStates() { depthFormat_ = D3DFMT_D24S8; }

    // The whole target in clip space, as two triangles.
    static std::vector<ClipVertex> wholeTarget(uint32_t color) {
        return {{-1, 1, 0.5f, 1, color}, {1, 1, 0.5f, 1, color},  {-1, -1, 0.5f, 1, color},
                {1, 1, 0.5f, 1, color},  {1, -1, 0.5f, 1, color}, {-1, -1, 0.5f, 1, color}};
    }
};

// Blend factor 0x80 (0.502) on white: 0x80 per channel; then the stencil written by that draw
// (REPLACE with ref 7) is what a pre-transformed STENCILFUNC EQUAL draw finds.
TEST_F(ShaderDrawStates, ShaderDrawsUseTheBlendFactorAndStencilReference) {
    CommandStream s;
    clear(s, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER | D3DCLEAR_STENCIL, kBlack);
    setPassThroughProgram(s);
    renderState(s, D3DRS_CULLMODE, D3DCULL_NONE);
    renderState(s, D3DRS_ALPHABLENDENABLE, 1);
    renderState(s, D3DRS_SRCBLEND, D3DBLEND_BLENDFACTOR);
    renderState(s, D3DRS_DESTBLEND, D3DBLEND_ZERO);
    renderState(s, D3DRS_BLENDFACTOR, 0x80808080);
    renderState(s, D3DRS_STENCILENABLE, 1);
    renderState(s, D3DRS_STENCILPASS, D3DSTENCILOP_REPLACE);
    renderState(s, D3DRS_STENCILREF, 7);
    s.cmd(D3DDP2OP_DRAWPRIMITIVE, 1).put(D3DHAL_DP2DRAWPRIMITIVE{D3DPT_TRIANGLELIST, 0, 2});
    const std::vector<ClipVertex> v = wholeTarget(kWhite);
    ASSERT_EQ(execute(s, v), S_OK);
    EXPECT_TRUE(samePixels(readTarget(), std::vector<uint32_t>(size_t(kWidth) * kHeight, 0xFF808080)));

    // Back to pre-transformed draws (no vertex shader) to read the stencil.
    CommandStream back;
    back.cmd(D3DDP2OP_SETVERTEXSHADERFUNC, 1).put(D3DHAL_DP2VERTEXSHADER{0});
    back.cmd(D3DDP2OP_SETPIXELSHADER, 1).put(D3DHAL_DP2PIXELSHADER{0});
    back.cmd(D3DDP2OP_SETVERTEXSHADERDECL, 1).put(D3DHAL_DP2VERTEXSHADER{0});
    back.cmd(D3DDP2OP_SETVERTEXSHADER, 1).put(D3DHAL_DP2VERTEXSHADER{kTLVertexFvf});
    back.cmd(D3DDP2OP_SETSTREAMSOURCEUM, 1).put(D3DHAL_DP2SETSTREAMSOURCEUM{0, sizeof(TLVertex)});
    ASSERT_EQ(execute(back), S_OK);
    for (int value : stencilByDrawing())
        ASSERT_EQ(value, 7);
}

} // namespace
} // namespace ddivk::test

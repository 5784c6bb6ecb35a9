// OCCLUSION and pixels that never reach the target: killed by the pixel shader (texkill), by the
// alpha test (fixed-function pixel stage and translated pixel shaders) or by the stencil test.
// Spec (d3d10ddi-query.md, OCCLUSION): the count is of samples that pass "the depth and stencil
// tests"; "disabled depth tests or stencil tests should behave as if the multisamples pass";
// pixels the shader discards are not written and do not count. Each expected count is the
// area of the scene's rectangles that survives, computed here from the geometry.
#include <gtest/gtest.h>

#include <algorithm>

#include "unit/query/query_fixture.h"

namespace ddivk::test {
namespace {

constexpr uint32_t kBackground = 0xFF000000; // cleared to black; everything drawn is brighter

// Position in clip space (w = 1), a D3DCOLOR and texture coordinate 0.
struct ShaderVertex {
    float x, y, z, w;
    uint32_t color;
    float u, v, s, t;
};

// An axis-aligned rectangle of pixels [x0, x1) x [y0, y1).
struct Box {
    int x0, y0, x1, y1;
    int area() const { return std::max(0, x1 - x0) * std::max(0, y1 - y0); }
    Box intersect(const Box& o) const {
        return {std::max(x0, o.x0), std::max(y0, o.y0), std::min(x1, o.x1), std::min(y1, o.y1)};
    }
    bool contains(int x, int y) const { return x >= x0 && x < x1 && y >= y0 && y < y1; }
};

// Pixels of the read-back target that are not the background.
int drawnPixels(const std::vector<uint32_t>& pixels) {
    return int(std::count_if(pixels.begin(), pixels.end(), [](uint32_t p) { return p != kBackground; }));
}

class OcclusionDiscard : public QueryTest {
  protected:
    // Clip-space vertex on screen position (sx, sy) (D3D9's viewport transform: pixel centres
    // on integers, y down).
    static ShaderVertex at(float sx, float sy, uint32_t color, float u) {
        return {
            2.0f * sx / kWidth - 1.0f, 1.0f - 2.0f * sy / kHeight, 0.5f, 1.0f, color, u, 1.0f, 1.0f, 1.0f};
    }

    // Creates and sets vs 1, ps 2 (from text) and the declaration 3 of ShaderVertex.
    static void setShaders(CommandStream& s, const char* vs, const char* ps) {
        setShaderProgram(s, vs, ps,
                         {{0, 0, D3DDECLTYPE_FLOAT4, 0, D3DDECLUSAGE_POSITION, 0},
                          {0, 16, D3DDECLTYPE_D3DCOLOR, 0, D3DDECLUSAGE_COLOR, 0},
                          {0, 20, D3DDECLTYPE_FLOAT4, 0, D3DDECLUSAGE_TEXCOORD, 0}});
        userStream(s, sizeof(ShaderVertex));
    }

    // Appends a DRAWPRIMITIVE of box b; texture coordinate u runs from u0 at x0 to u1 at x1.
    static void shaderRect(CommandStream& s, std::vector<ShaderVertex>& v, Box b, uint32_t color,
                           float u0 = 1.0f, float u1 = 1.0f) {
        s.cmd(D3DDP2OP_DRAWPRIMITIVE, 1)
            .put(D3DHAL_DP2DRAWPRIMITIVE{D3DPT_TRIANGLELIST, uint32_t(v.size()), 2});
        const float x0 = float(b.x0), y0 = float(b.y0), x1 = float(b.x1), y1 = float(b.y1);
        for (ShaderVertex p : {at(x0, y0, color, u0), at(x1, y0, color, u1), at(x0, y1, color, u0),
                               at(x1, y0, color, u1), at(x1, y1, color, u1), at(x0, y1, color, u0)})
            v.push_back(p);
    }

    // The fixed-function pixel stage passing the diffuse colour and alpha through.
    static void diffuseOnly(CommandStream& s) {
        s.cmd(D3DDP2OP_TEXTURESTAGESTATE, 4);
        s.put(D3DHAL_DP2TEXTURESTAGESTATE{0, uint16_t(D3DTSS_COLOROP), D3DTOP_SELECTARG1});
        s.put(D3DHAL_DP2TEXTURESTAGESTATE{0, uint16_t(D3DTSS_COLORARG1), D3DTA_DIFFUSE});
        s.put(D3DHAL_DP2TEXTURESTAGESTATE{0, uint16_t(D3DTSS_ALPHAOP), D3DTOP_SELECTARG1});
        s.put(D3DHAL_DP2TEXTURESTAGESTATE{0, uint16_t(D3DTSS_ALPHAARG1), D3DTA_DIFFUSE});
    }

    // ALPHAFUNC GREATER against ALPHAREF 0x80: alpha 0xC0 passes, 0x40 fails.
    static void alphaGreaterThanHalf(CommandStream& s) {
        renderState(s, D3DRS_ALPHATESTENABLE, 1);
        renderState(s, D3DRS_ALPHAFUNC, D3DCMP_GREATER);
        renderState(s, D3DRS_ALPHAREF, 0x80);
    }

    // Runs `s` inside one D3D10 OCCLUSION query; its count.
    template <class V> uint64_t countOf(CommandStream& s, const std::vector<V>& v) {
        D3D10DDI_HQUERY q = create10(D3D10DDI_QUERY_OCCLUSION);
        begin10(q);
        EXPECT_EQ(execute(s, v), S_OK);
        end10(q);
        return wait10<uint64_t>(q);
    }

    // The read-back target is drawn exactly over `box`, the background everywhere else.
    void expectDrawnExactly(const Box& box) {
        const std::vector<uint32_t> pixels = readTarget();
        EXPECT_EQ(drawnPixels(pixels), box.area());
        for (int y = 0; y < int(kHeight); ++y)
            for (int x = 0; x < int(kWidth); ++x)
                ASSERT_EQ(pixels[y * kWidth + x] != kBackground, box.contains(x, y)) << x << "," << y;
    }

    void clearToBackground() {
        CommandStream c = scene();
        clear(c, D3DCLEAR_TARGET, kBackground);
        ASSERT_EQ(execute(c), S_OK);
    }
};

constexpr const char* kVs20 = "vs_2_0\ndcl_position v0\ndcl_color v1\ndcl_texcoord0 v2\n"
                              "mov oPos, v0\nmov oD0, v1\nmov oT0, v2\n";

// texkill: "Cancels rendering of the current pixel if any of the first three components (UVW)
// of the texture coordinates is less than zero." u = x - (k - 0.5) at D3D9 pixel centre x:
// pixels left of column k have u <= -0.5 and are killed, the rest have u >= 0.5.
TEST_F(OcclusionDiscard, OcclusionExcludesPixelsTheShaderKills) {
    clearToBackground();
    const Box box{4, 3, 36, 21};
    const int k = 13; // first surviving column
    CommandStream s = scene();
    setShaders(s, kVs20, "ps_2_0\ndcl t0\ndcl v0\ntexkill t0\nmov oC0, v0\n");
    std::vector<ShaderVertex> v;
    shaderRect(s, v, box, 0xFFFFFFFF, float(box.x0) - (k - 0.5f), float(box.x1) - (k - 0.5f));
    const Box survives{k, box.y0, box.x1, box.y1};
    EXPECT_EQ(countOf(s, v), uint64_t(survives.area()));
    expectDrawnExactly(survives);
}

// The same shader with every coordinate non-negative kills nothing: the count is the box.
TEST_F(OcclusionDiscard, OcclusionCountsEveryPixelTexkillKeeps) {
    const Box box{4, 3, 36, 21};
    CommandStream s = scene();
    setShaders(s, kVs20, "ps_2_0\ndcl t0\ndcl v0\ntexkill t0\nmov oC0, v0\n");
    std::vector<ShaderVertex> v;
    shaderRect(s, v, box, 0xFFFFFFFF, 0.5f, 40.0f);
    EXPECT_EQ(countOf(s, v), uint64_t(box.area()));
}

// D3DRS_ALPHATESTENABLE with the fixed-function pixel stage: pixels whose alpha fails
// ALPHAFUNC are not written and not counted.
TEST_F(OcclusionDiscard, OcclusionExcludesPixelsFailingTheAlphaTestInFixedFunction) {
    clearToBackground();
    const Box fails{2, 2, 20, 12}, passes{24, 5, 50, 30};
    CommandStream s = scene();
    diffuseOnly(s);
    alphaGreaterThanHalf(s);
    std::vector<TLVertex> v;
    rect(s, v, float(fails.x0), float(fails.y0), float(fails.x1), float(fails.y1), 0.5f, 0x40FFFFFF);
    rect(s, v, float(passes.x0), float(passes.y0), float(passes.x1), float(passes.y1), 0.5f, 0xC0FFFFFF);
    EXPECT_EQ(countOf(s, v), uint64_t(passes.area()));
    expectDrawnExactly(passes);
}

// The alpha test applied to a translated pixel shader's oC0.
TEST_F(OcclusionDiscard, OcclusionExcludesPixelsFailingTheAlphaTestWithAPixelShader) {
    clearToBackground();
    const Box fails{2, 2, 20, 12}, passes{24, 5, 50, 30};
    CommandStream s = scene();
    setShaders(s, kVs20, "ps_2_0\ndcl v0\nmov oC0, v0\n");
    alphaGreaterThanHalf(s);
    std::vector<ShaderVertex> v;
    shaderRect(s, v, fails, 0x40FFFFFF);
    shaderRect(s, v, passes, 0xC0FFFFFF);
    EXPECT_EQ(countOf(s, v), uint64_t(passes.area()));
    expectDrawnExactly(passes);
}

// The same scene with the alpha test disabled counts both boxes.
TEST_F(OcclusionDiscard, OcclusionWithTheAlphaTestDisabledCountsEveryPixel) {
    const Box fails{2, 2, 20, 12}, passes{24, 5, 50, 30};
    CommandStream s = scene();
    diffuseOnly(s);
    alphaGreaterThanHalf(s);
    renderState(s, D3DRS_ALPHATESTENABLE, 0);
    std::vector<TLVertex> v;
    rect(s, v, float(fails.x0), float(fails.y0), float(fails.x1), float(fails.y1), 0.5f, 0x40FFFFFF);
    rect(s, v, float(passes.x0), float(passes.y0), float(passes.x1), float(passes.y1), 0.5f, 0xC0FFFFFF);
    EXPECT_EQ(countOf(s, v), uint64_t(fails.area() + passes.area()));
}

// --- The stencil test (a D24S8 depth-stencil surface) --------------------------------------------

class OcclusionStencil : public OcclusionDiscard {
  protected:
    void SetUp() override {
        depthFormat_ = D3DFMT_D24S8;
        OcclusionDiscard::SetUp();
    }
    // Clears colour to the background, depth to 1 and stencil to 0, `marked` to stencil 1; then
    // counts a white box `drawn` with STENCILENABLE `enable` and STENCILFUNC `func` against
    // reference 1 (nothing written to the stencil).
    uint64_t countStencilled(const Box& marked, bool enable, uint32_t func, const Box& drawn) {
        CommandStream c = scene();
        clear(c, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER | D3DCLEAR_STENCIL, kBackground, {}, 1.0f, 0);
        clear(c, D3DCLEAR_STENCIL, 0, {RECT{marked.x0, marked.y0, marked.x1, marked.y1}}, 1.0f, 1);
        EXPECT_EQ(execute(c), S_OK);
        CommandStream s = scene();
        renderState(s, D3DRS_STENCILENABLE, enable);
        renderState(s, D3DRS_STENCILFUNC, func);
        renderState(s, D3DRS_STENCILREF, 1);
        renderState(s, D3DRS_STENCILPASS, D3DSTENCILOP_KEEP);
        std::vector<TLVertex> v;
        rect(s, v, float(drawn.x0), float(drawn.y0), float(drawn.x1), float(drawn.y1), 0.5f, 0xFFFFFFFF);
        return countOf(s, v);
    }
};

// "OCCLUSION ... the number of samples that passed the depth and stencil tests": a stencil
// test that fails everywhere counts nothing and draws nothing.
TEST_F(OcclusionStencil, OcclusionIsZeroWhenTheStencilTestFailsEverywhere) {
    const Box marked{8, 8, 24, 20}, drawn{0, 0, 40, 30};
    EXPECT_EQ(countStencilled(marked, true, D3DCMP_NEVER, drawn), 0u);
    EXPECT_EQ(drawnPixels(readTarget()), 0);
}

// Only the pixels whose stencil value passes (EQUAL 1: the marked box) count.
TEST_F(OcclusionStencil, OcclusionCountsOnlyPixelsPassingTheStencilTest) {
    const Box marked{8, 8, 24, 20}, drawn{16, 4, 40, 30};
    const Box passes = drawn.intersect(marked);
    EXPECT_EQ(countStencilled(marked, true, D3DCMP_EQUAL, drawn), uint64_t(passes.area()));
    expectDrawnExactly(passes);
}

// "Disabled depth tests or stencil tests should behave as if the multisamples pass": a
// stencil function that would fail everywhere, with STENCILENABLE off, counts every pixel.
TEST_F(OcclusionStencil, OcclusionWithTheStencilTestDisabledCountsAsPassing) {
    const Box marked{8, 8, 24, 20}, drawn{0, 0, 40, 30};
    EXPECT_EQ(countStencilled(marked, false, D3DCMP_NEVER, drawn), uint64_t(drawn.area()));
    expectDrawnExactly(drawn);
}

} // namespace
} // namespace ddivk::test

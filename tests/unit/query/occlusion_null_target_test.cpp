// OCCLUSION with no render target bound: D3D9 always has a render target 0, so a depth-only pass
// (a shadow map) renders to a surface of the vendors' FOURCC format NULL, which has no memory
// (docs/draw-translator.md). Counts are the pixels that pass the depth test, computed here from
// the scene's rectangles; what the depth buffer holds afterwards is read through a second pass
// into a real colour target.
#include <gtest/gtest.h>

#include <algorithm>

#include "ddivk/d3d9_formats.h"
#include "unit/query/query_fixture.h"

namespace ddivk::test {
namespace {

class OcclusionNullTarget : public QueryTest {
  protected:
    void SetUp() override {
        targetFormat_ = D3DFMT_NULL;
        QueryTest::SetUp();
    }

    // Runs `s` inside one D3D10 OCCLUSION query; its count.
    uint64_t countOf(CommandStream& s, const std::vector<TLVertex>& v) {
        D3D10DDI_HQUERY q = create10(D3D10DDI_QUERY_OCCLUSION);
        begin10(q);
        EXPECT_EQ(execute(s, v), S_OK);
        end10(q);
        return wait10<uint64_t>(q);
    }
};

class OcclusionNullTargetDepth : public OcclusionNullTarget {
  protected:
    void SetUp() override {
        depthFormat_ = D3DFMT_D24S8;
        OcclusionNullTarget::SetUp();
    }
};

// The occluder of the depth tests: 10 x 10 pixels at depth 0.2.
constexpr int kOccluderArea = 10 * 10;

// A depth-only pass through a NULL render target counts the pixels passing the depth test: the
// occluder all of its pixels, a box behind it (15 x 4) those outside it.
TEST_F(OcclusionNullTargetDepth, OcclusionWithANullRenderTargetCountsPixelsPassingTheDepthTest) {
    CommandStream c = scene();
    clear(c, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xFFFFFFFF, {}, 1.0f); // the colour part does nothing
    ASSERT_EQ(execute(c), S_OK);
    std::vector<TLVertex> v;
    CommandStream occluder = scene();
    rect(occluder, v, 0, 0, 10, 10, 0.2f);
    EXPECT_EQ(countOf(occluder, v), uint64_t(kOccluderArea));
    v.clear();
    CommandStream behind = scene();
    rect(behind, v, 5, 0, 20, 4, 0.6f);
    EXPECT_EQ(countOf(behind, v), uint64_t(15 * 4 - 5 * 4));
    // The depth buffer holds the occluder: a full-target box at 0.4 passes everywhere else
    // (LESSEQUAL; the box behind wrote 0.6 where it was visible).
    v.clear();
    CommandStream probe = scene();
    renderState(probe, D3DRS_ZWRITEENABLE, 0);
    rect(probe, v, 0, 0, kWidth, kHeight, 0.4f);
    EXPECT_EQ(countOf(probe, v), uint64_t(kWidth * kHeight - kOccluderArea));
}

// The depth written through the NULL target is the scene's: drawn again into a real colour
// target over the same depth buffer (EQUAL at each box's depth), the pixels read back are
// exactly where each box was visible.
TEST_F(OcclusionNullTargetDepth, DepthWrittenThroughANullRenderTargetHoldsTheScene) {
    std::vector<TLVertex> v;
    CommandStream shadow = scene();
    clear(shadow, D3DCLEAR_ZBUFFER, 0, {}, 1.0f);
    rect(shadow, v, 0, 0, 10, 10, 0.2f);
    rect(shadow, v, 5, 0, 20, 4, 0.6f);
    ASSERT_EQ(execute(shadow, v), S_OK);

    uint32_t color = 0;
    ddivk_surface_desc desc{kWidth, kHeight, D3DFMT_X8R8G8B8, DDIVK_SURFACE_RENDERTARGET};
    ASSERT_EQ(ddivk_surface_create(device_, &desc, &color), S_OK);
    v.clear();
    CommandStream s = scene();
    s.cmd(D3DDP2OP_SETRENDERTARGET, 1).put(D3DHAL_DP2SETRENDERTARGET{color, depth_});
    clear(s, D3DCLEAR_TARGET, 0xFF000000);
    renderState(s, D3DRS_ZWRITEENABLE, 0);
    renderState(s, D3DRS_ZFUNC, D3DCMP_EQUAL);
    rect(s, v, 0, 0, kWidth, kHeight, 0.2f, 0xFFFF0000);
    rect(s, v, 0, 0, kWidth, kHeight, 0.6f, 0xFF00FF00);
    EXPECT_EQ(countOf(s, v), uint64_t(kOccluderArea + 15 * 4 - 5 * 4));
    std::vector<uint32_t> pixels(size_t(kWidth) * kHeight);
    ASSERT_EQ(ddivk_surface_read(device_, color, pixels.data(), kWidth * 4, pixels.size() * 4), S_OK);
    for (int y = 0; y < int(kHeight); ++y)
        for (int x = 0; x < int(kWidth); ++x) {
            const bool occluder = x < 10 && y < 10, behind = !occluder && x >= 5 && x < 20 && y < 4;
            const uint32_t want = occluder ? 0xFFFF0000 : behind ? 0xFF00FF00 : 0xFF000000;
            ASSERT_EQ(pixels[y * kWidth + x], want) << x << "," << y;
        }
    EXPECT_EQ(ddivk_surface_destroy(device_, color), S_OK);
}

// The alpha test discards through a NULL target too (a depth-only pass of cut-out foliage).
TEST_F(OcclusionNullTargetDepth, OcclusionWithANullRenderTargetExcludesAlphaTestedPixels) {
    std::vector<TLVertex> v;
    CommandStream s = scene();
    s.cmd(D3DDP2OP_TEXTURESTAGESTATE, 2);
    s.put(D3DHAL_DP2TEXTURESTAGESTATE{0, uint16_t(D3DTSS_ALPHAOP), D3DTOP_SELECTARG1});
    s.put(D3DHAL_DP2TEXTURESTAGESTATE{0, uint16_t(D3DTSS_ALPHAARG1), D3DTA_DIFFUSE});
    renderState(s, D3DRS_ALPHATESTENABLE, 1);
    renderState(s, D3DRS_ALPHAFUNC, D3DCMP_GREATER);
    renderState(s, D3DRS_ALPHAREF, 0x80);
    rect(s, v, 0, 0, 12, 9, 0.5f, 0x40FFFFFF);    // fails
    rect(s, v, 20, 10, 33, 17, 0.5f, 0xC0FFFFFF); // passes
    EXPECT_EQ(countOf(s, v), uint64_t(13 * 7));
}

// With no depth buffer either, every covered pixel passes: overlapping boxes count twice, and
// a box reaching past the NULL surface's edge counts only the pixels on it (the render area is
// the NULL surface's size).
TEST_F(OcclusionNullTarget, OcclusionWithANullRenderTargetAndNoDepthBufferCountsEveryCoveredPixel) {
    std::vector<TLVertex> v;
    CommandStream s = scene();
    rect(s, v, 0, 0, 10, 10);
    rect(s, v, 5, 5, 25, 15);
    rect(s, v, float(kWidth) - 4, float(kHeight) - 8, float(kWidth) + 6, float(kHeight) + 2);
    EXPECT_EQ(countOf(s, v), uint64_t(10 * 10 + 20 * 10 + 4 * 8));
}

// A colour clear of a NULL target has nothing to clear: it succeeds and records nothing that
// counts or fails.
TEST_F(OcclusionNullTarget, ColourClearsOfANullRenderTargetDoNothing) {
    CommandStream s = scene();
    clear(s, D3DCLEAR_TARGET, 0xFFFFFFFF);
    clear(s, D3DCLEAR_TARGET, 0xFF00FF00, {RECT{1, 1, 5, 5}});
    std::vector<TLVertex> v;
    rect(s, v, 0, 0, 3, 2);
    EXPECT_EQ(countOf(s, v), uint64_t(3 * 2));
}

} // namespace
} // namespace ddivk::test

namespace ddivk::test {
namespace {

// PIPELINESTATS: "when a NULL pixel shader is bound to the pipeline, the value in PSInvocations
// does not increment". A depth-only pass through a NULL render target with the fixed-function
// pixel stage has no fragment shader; the alpha test needs one (it discards), and so does a
// pixel shader of the program's own.
TEST_F(OcclusionNullTargetDepth, ANullPixelStageRunsNoPixelShaderInvocations) {
    auto psInvocations = [&](uint32_t alphaTest) {
        D3D10DDI_HQUERY stats = create10(D3D10DDI_QUERY_PIPELINESTATS);
        D3D10DDI_HQUERY occlusion = create10(D3D10DDI_QUERY_OCCLUSION);
        CommandStream c = scene();
        clear(c, D3DCLEAR_ZBUFFER, 0, {}, 1.0f);
        renderState(c, D3DRS_ALPHATESTENABLE, alphaTest);
        // GREATEREQUAL 0 passes every pixel but can discard: with ALWAYS a compiler may remove the
        // test, and with it the whole fragment stage (NVIDIA's then counts no invocations).
        renderState(c, D3DRS_ALPHAFUNC, D3DCMP_GREATEREQUAL);
        renderState(c, D3DRS_ALPHAREF, 0);
        EXPECT_EQ(execute(c), S_OK);
        begin10(stats);
        begin10(occlusion);
        std::vector<TLVertex> v;
        CommandStream s = scene();
        rect(s, v, 0, 0, 12, 6, 0.5f);
        EXPECT_EQ(execute(s, v), S_OK);
        end10(occlusion);
        end10(stats);
        EXPECT_EQ(wait10<uint64_t>(occlusion), 72u) << "depth still passes and counts";
        return wait10<D3D10_DDI_QUERY_DATA_PIPELINE_STATISTICS>(stats).PSInvocations;
    };
    EXPECT_EQ(psInvocations(0), 0u);
    EXPECT_GE(psInvocations(1), 72u) << "the alpha test runs the fixed-function pixel stage";
}

} // namespace
} // namespace ddivk::test

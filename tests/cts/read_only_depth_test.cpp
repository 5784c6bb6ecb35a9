// A depth texture (INTZ) sampled while it is still the depth buffer. D3D9 drivers allow it when
// the draw writes no depth and no stencil (ZWRITEENABLE FALSE, or Z off; stencil off or a zero
// write mask): the vendors' INTZ notes use it for soft particles and deferred lighting, with the
// depth test still on. ddivk holds the depth attachment read-only for such draws
// (docs/draw-translator.md, "Render-target and depth textures"). A draw that could write depth
// keeps the feedback rule: its samplers read (0, 0, 0, 1).
#include "cts/target_textures_fixture.h"

namespace ddivk::test {
namespace {

// Depths k / 255 drawn at pixels (1..3, 1) of the fixture's 64 x 48 target; the rest holds 1.
constexpr uint32_t kDepths[3] = {51, 100, 200};

class ReadOnlyDepth : public TargetTextures {
  protected:
    // An INTZ depth buffer the size of the target, bound, holding kDepths at (1..3, 1).
    uint32_t depthWithPoints() {
        std::vector<DepthPoint> points;
        for (uint32_t i = 0; i < 3; ++i) points.push_back({float(1 + i), 1, float(kDepths[i]) / 255.0f, 0xFFFFFFFF});
        return depthTextureWithPoints(D3DFMT_INTZ, points);
    }
    // Points at z 0.5 (setPixelToClip) at `at`, each sampling texel `texel` of the depth texture.
    void drawSamples(uint32_t depth, const std::vector<std::pair<std::pair<int, int>, std::pair<int, int>>>& at) {
        setProgram(door(), kTexPointVs, kSamplePs, texPointDeclaration());
        setPixelToClip(door());
        bind(0, depth);
        std::vector<TexPoint> samples;
        for (const auto& [pixel, texel] : at)
            samples.push_back({float(pixel.first), float(pixel.second), (float(texel.first) + 0.5f) / kWidth,
                               (float(texel.second) + 0.5f) / kHeight, 0, 0});
        setStream(door(), 0, createBuffer(samples), 0, sizeof(TexPoint));
        ASSERT_EQ(drawPrimitive(door(), D3DPT_POINTLIST, 0, uint32_t(samples.size())), S_OK);
    }
    static uint32_t grey(uint32_t k) { return 0xFF000000u | k << 16 | k << 8 | k; } // X8R8G8B8 target
};

// With depth writes off the draw samples the depth buffer it is tested against: texels
// (0..3, 1) read 1 and kDepths into pixels (10..13, 20) (cleared depth 1 there: the test passes);
// a sample point at (2, 1), behind the stored 100 / 255, fails the depth test and draws nothing.
TEST_P(ReadOnlyDepth, ADrawThatWritesNoDepthSamplesTheDepthBufferItTestsAgainst) {
    const uint32_t depth = depthWithPoints();
    ASSERT_EQ(setRenderState(door(), D3DRS_ZWRITEENABLE, 0), S_OK);
    drawSamples(depth, {{{10, 20}, {0, 1}}, {{11, 20}, {1, 1}}, {{12, 20}, {2, 1}}, {{13, 20}, {3, 1}},
                        {{2, 1}, {2, 1}}});
    expectScene({{{10, 20}, 0xFFFFFFFF}, {{11, 20}, grey(51)}, {{12, 20}, grey(100)}, {{13, 20}, grey(200)}}, 1);
    // The depth buffer is unchanged, and writable again for the next draw that writes depth.
    ASSERT_EQ(setRenderState(door(), D3DRS_ZWRITEENABLE, 1), S_OK);
    ASSERT_EQ(setRenderState(door(), D3DRS_ZFUNC, D3DCMP_ALWAYS), S_OK);
    setProgram(door(), kColorPointVs, kColorPointPs, kDepthDecl);
    mapPixels(kWidth, kHeight, 1.0f, 0.0f);
    const std::vector<DepthPoint> over = {{5, 1, 0.25f, 0xFF00FF00}};
    setStream(door(), 0, createBuffer(over), 0, sizeof(DepthPoint));
    ASSERT_EQ(drawPrimitive(door(), D3DPT_POINTLIST, 0, 1), S_OK);
    ASSERT_EQ(setRenderState(door(), D3DRS_ZWRITEENABLE, 0), S_OK);
    ASSERT_EQ(setRenderState(door(), D3DRS_ZFUNC, D3DCMP_LESSEQUAL), S_OK);
    drawSamples(depth, {{{14, 20}, {5, 1}}});
    expectScene({{{10, 20}, 0xFFFFFFFF},
                 {{11, 20}, grey(51)},
                 {{12, 20}, grey(100)},
                 {{13, 20}, grey(200)},
                 {{5, 1}, 0xFF00FF00},
                 {{14, 20}, grey(64)}}, // 0.25 * 255 = 63.75
                1);
}

// A draw that could write depth (ZWRITEENABLE TRUE) or stencil does not sample its own depth
// buffer: the feedback rule, (0, 0, 0, 1) from the sampler.
TEST_P(ReadOnlyDepth, ADrawThatMayWriteDepthOrStencilReadsNothingFromIt) {
    const uint32_t depth = depthWithPoints();
    drawSamples(depth, {{{10, 20}, {1, 1}}}); // ZWRITEENABLE is still TRUE
    ASSERT_EQ(setRenderState(door(), D3DRS_ZWRITEENABLE, 0), S_OK);
    ASSERT_EQ(setRenderState(door(), D3DRS_STENCILENABLE, 1), S_OK);
    ASSERT_EQ(setRenderState(door(), D3DRS_STENCILWRITEMASK, 0xFF), S_OK);
    drawSamples(depth, {{{11, 20}, {1, 1}}});
    ASSERT_EQ(setRenderState(door(), D3DRS_STENCILWRITEMASK, 0), S_OK);
    drawSamples(depth, {{{12, 20}, {1, 1}}}); // stencil on, nothing written: read-only again
    ASSERT_EQ(setRenderState(door(), D3DRS_STENCILENABLE, 0), S_OK);
    ASSERT_EQ(setRenderState(door(), D3DRS_STENCILWRITEMASK, 0xFF), S_OK);
    expectScene({{{10, 20}, 0xFF000000}, {{11, 20}, 0xFF000000}, {{12, 20}, grey(51)}}, 1);
}

INSTANTIATE_TEST_SUITE_P(Doors, ReadOnlyDepth, ::testing::Values(Door::Dp2, Door::Umd),
                         [](const auto& p) { return std::string(doorName(p.param)); });

} // namespace
} // namespace ddivk::test

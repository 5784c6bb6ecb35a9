// Shadow maps: 2D depth textures of D16, D24X8 and D24S8 (docs/draw-translator.md, "Render-target
// and depth textures"). As D3D9 drivers define them, a pixel shader's lookup in one compares the
// coordinate's z (z / w with texldp) with the stored depth: 1 where z <= depth, else 0, and a
// linear filter averages the comparisons of the texels it reads (percentage-closer filtering).
// Every expected pixel is worked out here from the depths the test drew.
#include "cts/target_textures_fixture.h"

namespace ddivk::test {
namespace {

constexpr const char* kCompareTexld = "ps_2_0\ndcl t0\ndcl_2d s0\ntexld r0, t0, s0\nmov oC0, r0\n";
constexpr const char* kCompareTexldp = "ps_2_0\ndcl t0\ndcl_2d s0\ntexldp r0, t0, s0\nmov oC0, r0\n";
constexpr uint32_t kLit = 0xFFFFFFFF, kShadowed = 0xFF000000; // 1 and 0 in every channel

// Depths drawn at texels (1..3, 1) of a target-sized shadow map; every other texel holds 1.
constexpr float kDepths[3] = {0.2f, 0.5f, 0.8f};

class ShadowMaps : public TargetTextures {
  protected:
    // A shadow map of `format` the size of the target with kDepths drawn in, left bound as the
    // depth buffer with depth writes on (the caller unbinds it for plain sampling).
    uint32_t shadowMap(uint32_t format) {
        std::vector<DepthPoint> points;
        for (uint32_t i = 0; i < 3; ++i)
            points.push_back({float(1 + i), 1, kDepths[i], 0xFFFFFFFF});
        return depthTextureWithPoints(format, points);
    }
    void unbindDepth() {
        ASSERT_EQ(setDepth(0), S_OK);
        ASSERT_EQ(setRenderState(door(), D3DRS_ZENABLE, D3DZB_FALSE), S_OK);
    }
    void filter(uint32_t sampler, uint32_t f) {
        CommandStream s;
        s.cmd(D3DDP2OP_TEXTURESTAGESTATE, 2)
            .put(D3DHAL_DP2TEXTURESTAGESTATE{uint16_t(sampler), D3DTSS_MAGFILTER, f})
            .put(D3DHAL_DP2TEXTURESTAGESTATE{uint16_t(sampler), D3DTSS_MINFILTER, f});
        run(s);
    }
    // A sample at pixel `at` of texel coordinate (u, v) (in texels) against reference `z`;
    // projected: the coordinate and the reference scaled by w = 2, as texldp divides them.
    struct Lookup {
        int x, y;
        float u, v, z;
    };
    // ps nullptr: the program of the previous call, kept as it is.
    void drawLookups(uint32_t map, const char* ps, const std::vector<Lookup>& lookups,
                     bool projected = false) {
        if (ps) {
            setProgram(door(), kTexPointVs, ps, texPointDeclaration());
            setPixelToClip(door());
        }
        bind(0, map);
        const float w = projected ? 2.0f : 1.0f;
        std::vector<TexPoint> points;
        for (const Lookup& l : lookups)
            points.push_back({float(l.x), float(l.y), w * l.u / kWidth, w * l.v / kHeight, w * l.z, w});
        setStream(door(), 0, createBuffer(points), 0, sizeof(TexPoint));
        ASSERT_EQ(drawPrimitive(door(), D3DPT_POINTLIST, 0, uint32_t(points.size())), S_OK);
    }
    // Lookups at the centres of texels (1..3, 1) and of the cleared texel (5, 1), a little in
    // front of and a little behind each stored depth, at pixels (x0.., y0) and (x0.., y0 + 1).
    std::vector<Lookup> aroundEachDepth(int x0, int y0) const {
        std::vector<Lookup> lookups;
        const float depths[4] = {kDepths[0], kDepths[1], kDepths[2], 1.0f};
        const float texels[4] = {1.5f, 2.5f, 3.5f, 5.5f};
        for (int i = 0; i < 4; ++i) {
            lookups.push_back({x0 + i, y0, texels[i], 1.5f, depths[i] - 0.05f});
            if (i < 3) lookups.push_back({x0 + i, y0 + 1, texels[i], 1.5f, depths[i] + 0.05f});
        }
        return lookups;
    }
    // What aroundEachDepth's lookups read: in front passes, behind fails.
    static void expectAroundEachDepth(Pixels& scene, int x0, int y0) {
        for (int i = 0; i < 4; ++i)
            scene[{x0 + i, y0}] = kLit;
        for (int i = 0; i < 3; ++i)
            scene[{x0 + i, y0 + 1}] = kShadowed;
    }
    // aroundEachDepth's lookups by program `first` at (10, 20) and by `second` at (20, 20), and
    // what they must read.
    void expectComparisons(uint32_t map, const char* first, const char* second, bool secondProjected) {
        drawLookups(map, first, aroundEachDepth(10, 20));
        drawLookups(map, second, aroundEachDepth(20, 20), secondProjected);
        Pixels scene;
        expectAroundEachDepth(scene, 10, 20);
        expectAroundEachDepth(scene, 20, 20);
        expectScene(scene);
    }
};

// texld and texldp compare the coordinate's z, divided by w for texldp, with each texel's depth.
TEST_P(ShadowMaps, LookupsCompareTheCoordinateZWithTheStoredDepth) {
    for (const uint32_t format : {uint32_t(D3DFMT_D16), uint32_t(D3DFMT_D24X8), uint32_t(D3DFMT_D24S8)}) {
        SCOPED_TRACE(format);
        clearTarget(door());
        const uint32_t map = shadowMap(format);
        unbindDepth();
        expectComparisons(map, kCompareTexld, kCompareTexldp, true);
    }
}

// ps_1_x lookups, whose samplers name no texture type (the bound texture decides), compare too:
// ps_1_1's tex and ps_1_4's texld.
TEST_P(ShadowMaps, Ps1xLookupsCompareToo) {
    const uint32_t map = shadowMap(D3DFMT_D16);
    unbindDepth();
    expectComparisons(map, "ps_1_1\ntex t0\nmov r0, t0\n", "ps_1_4\ntexld r0, t0\n", false);
}

// A fixed-function stage compares as a pixel shader does: the coordinate's z, divided by its w
// with D3DTTFF_PROJECTED (COUNT4), against the depth, the result in every channel.
TEST_P(ShadowMaps, FixedFunctionStagesCompareToo) {
    const uint32_t map = shadowMap(D3DFMT_D16);
    unbindDepth();
    setProgram(door(), kTexPointVs, nullptr, texPointDeclaration());
    setPixelToClip(door());
    auto stageState = [&](uint32_t state, uint32_t value) {
        CommandStream s;
        s.cmd(D3DDP2OP_TEXTURESTAGESTATE, 1).put(D3DHAL_DP2TEXTURESTAGESTATE{0, uint16_t(state), value});
        run(s);
    };
    stageState(D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    stageState(D3DTSS_COLORARG1, D3DTA_TEXTURE);
    drawLookups(map, nullptr, aroundEachDepth(10, 20));
    stageState(D3DTSS_TEXTURETRANSFORMFLAGS, D3DTTFF_COUNT4 | D3DTTFF_PROJECTED);
    drawLookups(map, nullptr, aroundEachDepth(20, 20), true);
    Pixels scene;
    expectAroundEachDepth(scene, 10, 20);
    expectAroundEachDepth(scene, 20, 20);
    expectScene(scene);
}

// A linear filter compares each texel it reads and averages the results: halfway between texel
// (1, 1) (depth 0.2) and the cleared (0, 1) with z 0.5, one comparison of two passes (0.5); a
// quarter of the way from (3, 1) (0.8) to (4, 1) (1) with z 0.9, the nearer fails, 0.25 passes.
TEST_P(ShadowMaps, ALinearFilterAveragesTheComparisons) {
    const uint32_t map = shadowMap(D3DFMT_D16);
    unbindDepth();
    filter(0, D3DTEXF_LINEAR);
    drawLookups(map, kCompareTexld, {{10, 20, 1.0f, 1.5f, 0.5f}, {11, 20, 3.75f, 1.5f, 0.9f}});
    auto grey = [](double f) {
        const uint32_t k = uint32_t(f * 255.0 + 0.5);
        return 0xFF000000u | k << 16 | k << 8 | k;
    };
    expectScene({{{10, 20}, grey(0.5)}, {{11, 20}, grey(0.25)}}, 2);
}

// The same program, set once, reads a colour texture as ever once it replaces the shadow map at
// the sampler, and compares again when the shadow map comes back (the draw's translation follows
// what is bound, not only what the program and render states say).
TEST_P(ShadowMaps, AColourTextureAtTheSamplerIsSampledNotCompared) {
    const uint32_t map = shadowMap(D3DFMT_D16);
    unbindDepth();
    const uint32_t colour = targetTexture(0, D3DFMT_A8R8G8B8, 8, 8, 1);
    ASSERT_EQ(setTarget(colour, 0), S_OK);
    mapPixels(8, 8);
    ASSERT_EQ(clearWith(door(), D3DCLEAR_TARGET, 0xFF336699), S_OK);
    restoreTarget();
    drawLookups(map, kCompareTexld, {{10, 20, 2.5f, 1.5f, 0.45f}, {11, 20, 2.5f, 1.5f, 0.55f}});
    drawLookups(colour, nullptr, {{12, 20, 2.5f, 1.5f, 0.55f}});
    drawLookups(map, nullptr, {{13, 20, 2.5f, 1.5f, 0.55f}});
    expectScene({{{10, 20}, kLit}, {{11, 20}, kShadowed}, {{12, 20}, 0xFF336699}, {{13, 20}, kShadowed}});
}

// While the shadow map is also the depth buffer: a draw that writes no depth compares with it
// (read-only depth); one that could write depth compares with a map holding 1 instead (the
// feedback rule), so every z up to 1 passes.
TEST_P(ShadowMaps, ItsOwnDepthBufferIsComparedOnlyWhileDepthWritesAreOff) {
    const uint32_t map = shadowMap(D3DFMT_D24S8);
    ASSERT_EQ(setRenderState(door(), D3DRS_ZFUNC, D3DCMP_ALWAYS), S_OK);
    ASSERT_EQ(setRenderState(door(), D3DRS_ZWRITEENABLE, 0), S_OK);
    drawLookups(map, kCompareTexld, {{10, 20, 2.5f, 1.5f, 0.45f}, {11, 20, 2.5f, 1.5f, 0.55f}});
    ASSERT_EQ(setRenderState(door(), D3DRS_ZWRITEENABLE, 1), S_OK);
    drawLookups(map, kCompareTexld, {{12, 20, 2.5f, 1.5f, 0.45f}, {13, 20, 2.5f, 1.5f, 0.55f}});
    expectScene({{{10, 20}, kLit}, {{11, 20}, kShadowed}, {{12, 20}, kLit}, {{13, 20}, kLit}});
}

INSTANTIATE_TEST_SUITE_P(Doors, ShadowMaps, ::testing::Values(Door::Dp2, Door::Umd),
                         [](const auto& p) { return std::string(doorName(p.param)); });

// A lockable depth format is no depth texture; D16 is (cube shadow maps: render_target_textures_test).
class ShadowMapRules : public Cts {};

TEST_F(ShadowMapRules, OnlyTheShadowFormatsMakeShadowMaps) {
    uint32_t h = 0;
    EXPECT_EQ(createResource(D3DFMT_D32F_LOCKABLE, D3DDDI_RESOURCE_TEXTURE | D3DDDI_RESOURCE_ZBUFFER,
                             {{4, 4, 1, nullptr, 0, 0}}, 1, &h),
              D3DERR_NOTAVAILABLE);
    EXPECT_EQ(h, 0u);
    EXPECT_EQ(createResource(D3DFMT_D16, D3DDDI_RESOURCE_TEXTURE | D3DDDI_RESOURCE_ZBUFFER,
                             {{4, 4, 1, nullptr, 0, 0}}, 1, &h),
              S_OK);
    EXPECT_NE(h, 0u);
}

} // namespace
} // namespace ddivk::test

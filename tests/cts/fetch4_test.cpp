// AMD's FETCH4 (state/vendor_states.h, draw/fetch4.h): with D3DSAMP_MIPMAPLODBIAS = GET4 on a
// sampler whose MAGFILTER is POINT, a pixel shader's lookup into a single-channel 2D texture
// returns the 2x2 texels whose top-left (x, y) is the texel point sampling picks, their red values
// in R = (x+1, y), G = (x, y+1), B = (x+1, y+1), A = (x, y). The texture is 4x4 R32F (or a depth
// texture) with a value of its own in each texel; the test samples chosen texels and compares the
// four channels with the texel values (wrapping at the edge, D3D9's default address mode).
#include <array>

#include "cts/target_textures_fixture.h"
#include "state/vendor_states.h"

namespace ddivk::test {
namespace {

constexpr uint32_t kSize = 4;
// Texel (x, y) holds k / 255 with k = 15 * (4y + x + 1): exact in 8-bit output, all distinct.
uint32_t texelLevel(uint32_t x, uint32_t y) {
    return 15 * (4 * (y % kSize) + (x % kSize) + 1);
}

uint32_t rgb(uint32_t r, uint32_t g, uint32_t b) {
    return 0xFF000000u | r << 16 | g << 8 | b; // X8R8G8B8 target
}

class Fetch4 : public TargetTextures {
  protected:
    uint32_t valueTexture() {
        std::vector<float> texels;
        for (uint32_t y = 0; y < kSize; ++y)
            for (uint32_t x = 0; x < kSize; ++x)
                texels.push_back(float(texelLevel(x, y)) / 255.0f);
        return created(D3DFMT_R32F, D3DDDI_RESOURCE_TEXTURE, {{kSize, kSize, 1, texels.data(), 0, 0}});
    }
    void samplerState(uint32_t state, uint32_t value) {
        ASSERT_EQ(setTextureStageState(door(), 0, state, value), S_OK);
    }
    // Samples texture coordinates `uv` with `ps`, one pixel each from (10, row) on.
    void drawSamples(const std::vector<std::array<float, 2>>& uv, int row, const char* ps = kSamplePs) {
        restoreTarget();
        setProgram(door(), kTexPointVs, ps, texPointDeclaration());
        setPixelToClip(door());
        std::vector<TexPoint> points;
        for (size_t i = 0; i < uv.size(); ++i)
            points.push_back({float(10 + i), float(row), uv[i][0], uv[i][1], 0, 0});
        setStream(door(), 0, createBuffer(points), 0, sizeof(TexPoint));
        ASSERT_EQ(drawPrimitive(door(), D3DPT_POINTLIST, 0, uint32_t(points.size())), S_OK);
    }
    // What FETCH4 returns for point-sampled texel (x, y): R, G, B at `row`, A (as red) at row + 1.
    static void expectFetch4(Pixels& scene, int column, int row, uint32_t x, uint32_t y) {
        scene[{column, row}] = rgb(texelLevel(x + 1, y), texelLevel(x, y + 1), texelLevel(x + 1, y + 1));
        scene[{column, row + 1}] = rgb(texelLevel(x, y), texelLevel(x, y + 1), texelLevel(x + 1, y + 1));
    }
    static std::array<float, 2> centre(uint32_t x, uint32_t y) {
        return {(float(x) + 0.5f) / kSize, (float(y) + 0.5f) / kSize};
    }
};

// Texel centres, a wrapping corner (3, 3), and a coordinate in the top-left part of texel (1, 2):
// the footprint starts at the texel point sampling picks, not at the bilinear footprint's.
TEST_P(Fetch4, ReturnsTheFourTexelsFromThePointSampledOne) {
    bind(0, valueTexture());
    samplerState(D3DTSS_MIPMAPLODBIAS, state::kFetch4On);
    const std::vector<std::array<float, 2>> uv = {
        centre(0, 0), centre(1, 1), centre(2, 0), centre(3, 3), {1.1f / kSize, 2.1f / kSize}};
    drawSamples(uv, 20);
    drawSamples(uv, 21, kAlphaToRedPs);
    Pixels scene;
    expectFetch4(scene, 10, 20, 0, 0);
    expectFetch4(scene, 11, 20, 1, 1);
    expectFetch4(scene, 12, 20, 2, 0);
    expectFetch4(scene, 13, 20, 3, 3);
    expectFetch4(scene, 14, 20, 1, 2);
    expectScene(scene);
}

// Without FETCH4 the lookup is the texel itself (R32F: green, blue and alpha read 1): after GET1,
// with MAGFILTER LINEAR (at texel centres a linear filter reads the texel), and for a texture of
// a format with more than one channel.
TEST_P(Fetch4, OnlyPointFilteredSingleChannelTexturesWhileSwitchedOn) {
    const uint32_t values = valueTexture();
    bind(0, values);
    const std::vector<std::array<float, 2>> uv = {centre(1, 1), centre(2, 3)};
    auto plain = [](Pixels& scene, int column, int row, uint32_t x, uint32_t y) {
        scene[{column, row}] = rgb(texelLevel(x, y), 255, 255);
    };
    Pixels scene;
    samplerState(D3DTSS_MIPMAPLODBIAS, state::kFetch4On);
    samplerState(D3DTSS_MAGFILTER, D3DTEXF_LINEAR);
    drawSamples(uv, 20);
    plain(scene, 10, 20, 1, 1);
    plain(scene, 11, 20, 2, 3);
    samplerState(D3DTSS_MAGFILTER, D3DTEXF_POINT);
    drawSamples(uv, 21);
    expectFetch4(scene, 10, 21, 1, 1);
    expectFetch4(scene, 11, 21, 2, 3);
    scene.erase({10, 22}); // (expectFetch4's alpha row, not drawn here)
    scene.erase({11, 22});
    samplerState(D3DTSS_MIPMAPLODBIAS, state::kFetch4Off);
    drawSamples(uv, 23);
    plain(scene, 10, 23, 1, 1);
    plain(scene, 11, 23, 2, 3);

    // A8R8G8B8 with GET4: sampled as ever.
    std::vector<uint32_t> colours(kSize * kSize);
    for (uint32_t i = 0; i < colours.size(); ++i)
        colours[i] = 0xFF000000u | (i * 16) << 16 | 0x40 << 8 | 0x80;
    bind(0, created(D3DFMT_A8R8G8B8, D3DDDI_RESOURCE_TEXTURE, {{kSize, kSize, 1, colours.data(), 0, 0}}));
    samplerState(D3DTSS_MIPMAPLODBIAS, state::kFetch4On);
    drawSamples({centre(1, 1)}, 24);
    scene[{10, 24}] = colours[5];
    expectScene(scene);
}

// One program drawn three times, only the sampler's states changing between the draws: off,
// GET4, then MAGFILTER LINEAR. Each draw reads what its states say.
TEST_P(Fetch4, FollowsTheSamplerStatesBetweenDrawsOfOneProgram) {
    bind(0, valueTexture());
    setProgram(door(), kTexPointVs, kSamplePs, texPointDeclaration());
    setPixelToClip(door());
    const std::array<float, 2> uv = centre(1, 2);
    std::vector<TexPoint> points;
    for (int row = 20; row < 23; ++row)
        points.push_back({10, float(row), uv[0], uv[1], 0, 0});
    setStream(door(), 0, createBuffer(points), 0, sizeof(TexPoint));
    ASSERT_EQ(drawPrimitive(door(), D3DPT_POINTLIST, 0, 1), S_OK);
    samplerState(D3DTSS_MIPMAPLODBIAS, state::kFetch4On);
    ASSERT_EQ(drawPrimitive(door(), D3DPT_POINTLIST, 1, 1), S_OK);
    samplerState(D3DTSS_MAGFILTER, D3DTEXF_LINEAR);
    ASSERT_EQ(drawPrimitive(door(), D3DPT_POINTLIST, 2, 1), S_OK);
    expectScene({{{10, 20}, rgb(texelLevel(1, 2), 255, 255)},
                 {{10, 21}, rgb(texelLevel(2, 2), texelLevel(1, 3), texelLevel(2, 3))},
                 {{10, 22}, rgb(texelLevel(1, 2), 255, 255)}});
}

// The switch belongs to its sampler: GET4 on sampler 1 leaves sampler 0's lookups alone.
TEST_P(Fetch4, IsPerSampler) {
    bind(0, valueTexture());
    ASSERT_EQ(setTextureStageState(door(), 1, D3DTSS_MIPMAPLODBIAS, state::kFetch4On), S_OK);
    drawSamples({centre(2, 1)}, 20);
    expectScene({{{10, 20}, rgb(texelLevel(2, 1), 255, 255)}});
}

// The vendors' use: a depth texture (DF24 here, INTZ alike) drawn into as the depth buffer,
// then read with FETCH4 for percentage-closer filtering in the shader. Depth k / 255 at texels
// (1..3, 1), the rest cleared to 1; sampled at texel (1, 1) the four are (2,1), (1,2), (2,2), (1,1).
TEST_P(Fetch4, ReadsFourDepthsOfADepthTexture) {
    for (uint32_t format : {D3DFMT_DF24, D3DFMT_INTZ, D3DFMT_DF16}) {
        SCOPED_TRACE(format);
        const uint32_t depth = depthTextureWithPoints(format, {{1, 1, 51 / 255.0f, 0xFFFFFFFF},
                                                               {2, 1, 102 / 255.0f, 0xFFFFFFFF},
                                                               {3, 1, 204 / 255.0f, 0xFFFFFFFF}});
        ASSERT_EQ(setDepth(0), S_OK);
        ASSERT_EQ(setRenderState(door(), D3DRS_ZENABLE, D3DZB_FALSE), S_OK);
        clearTarget(door());
        bind(0, depth);
        samplerState(D3DTSS_MIPMAPLODBIAS, state::kFetch4On);
        const std::vector<std::array<float, 2>> uv = {{1.5f / kWidth, 1.5f / kHeight},
                                                      {2.5f / kWidth, 1.5f / kHeight}};
        drawSamples(uv, 20);
        drawSamples(uv, 21, kAlphaToRedPs);
        expectScene({{{10, 20}, rgb(102, 255, 255)},
                     {{10, 21}, rgb(51, 255, 255)},
                     {{11, 20}, rgb(204, 255, 255)},
                     {{11, 21}, rgb(102, 255, 255)}},
                    1);
        samplerState(D3DTSS_MIPMAPLODBIAS, state::kFetch4Off);
    }
}

INSTANTIATE_TEST_SUITE_P(Doors, Fetch4, ::testing::Values(Door::Dp2, Door::Umd),
                         [](const auto& p) { return std::string(doorName(p.param)); });

} // namespace
} // namespace ddivk::test

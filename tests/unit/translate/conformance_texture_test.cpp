// Per-instruction conformance of the texture instructions of ps_2_0 on (texld, texldp, texldb,
// texldl, texldd, texkill, shadow compares), vs_3_0 texldl and the ps_1_x texture-coordinate
// pipeline (tex, texcoord, texcrd, ps_1_4 texld, texkill). Textures hold known texels; lookups
// are NEAREST at texel centres where the value must be exact, LINEAR against the analytic
// blend where filtering or the level of detail is the point.
#include <cstring>
#include <string>
#include <tuple>

#include "unit/translate/conformance.h"

namespace ddivk::shader::test {
namespace {

using ddivk::test::RunTexture;

constexpr float kExact = 1e-6f;

std::vector<uint8_t> bytesOf(const void* data, size_t size) {
    std::vector<uint8_t> bytes(size);
    std::memcpy(bytes.data(), data, size);
    return bytes;
}

// The texel at (x, y, z) of the pattern textures: distinct for coordinates below 8.
Float4 texel(uint32_t x, uint32_t y, uint32_t z = 0) {
    return {0.125f * float(x), 0.125f * float(y), 0.125f * float(z), 0.5f + 0.0625f * float(x + y)};
}

// A w x h x d RGBA32F texture of texel() at `binding` (2D when d is 1, else 3D).
RunTexture patternTexture(uint32_t binding, uint32_t w, uint32_t h, uint32_t d = 1) {
    std::vector<Float4> texels;
    for (uint32_t z = 0; z < d; ++z)
        for (uint32_t y = 0; y < h; ++y)
            for (uint32_t x = 0; x < w; ++x)
                texels.push_back(texel(x, y, z));
    RunTexture t;
    t.binding = binding;
    t.viewType = d == 1 ? VK_IMAGE_VIEW_TYPE_2D : VK_IMAGE_VIEW_TYPE_3D;
    t.width = w;
    t.height = h;
    t.depth = d;
    t.data = bytesOf(texels.data(), texels.size() * sizeof(Float4));
    return t;
}

// The colour of every texel of mip level `level` in mipTexture().
Float4 levelColor(uint32_t level) {
    return {0.25f * float(level), 1.0f - 0.25f * float(level), 0.5f, 1.0f};
}

// A 16 x 16 RGBA32F texture with all five levels, each one colour (levelColor).
constexpr uint32_t kMipSize = 16, kMipLevels = 5;
RunTexture mipTexture(uint32_t binding, VkSamplerMipmapMode mode = VK_SAMPLER_MIPMAP_MODE_NEAREST) {
    std::vector<Float4> texels;
    for (uint32_t level = 0; level < kMipLevels; ++level) {
        const uint32_t size = kMipSize >> level;
        texels.insert(texels.end(), size * size, levelColor(level));
    }
    RunTexture t;
    t.binding = binding;
    t.width = t.height = kMipSize;
    t.mipLevels = kMipLevels;
    t.mipmapMode = mode;
    t.data = bytesOf(texels.data(), texels.size() * sizeof(Float4));
    return t;
}

Float4 mix(const Float4& a, const Float4& b, float t) {
    Float4 r;
    for (int c = 0; c < 4; ++c)
        r[c] = a[c] + (b[c] - a[c]) * t;
    return r;
}

float centre(uint32_t i, uint32_t size) {
    return (float(i) + 0.5f) / float(size);
}

constexpr uint32_t kPs0 = abi::kPsSamplerBinding0;

// ---- ps_2_0 texld ----

TEST(TranslateConformance, TexldSamples2DTextureAtTexelCentres) {
    PixelInputs in;
    in.texcoords.resize(1);
    std::vector<Float4> expected;
    for (uint32_t y = 0; y < 4; ++y)
        for (uint32_t x = 0; x < 4; ++x) {
            in.texcoords[0].push_back({centre(x, 4), centre(y, 4), 0.0f, 1.0f});
            expected.push_back(texel(x, y));
        }
    const auto out =
        runPixelShader("ps_2_0\ndcl t0.xy\ndcl_2d s0\ntexld r0, t0, s0\nmov oC0, r0\n", in, expected.size(),
                       [](ShaderRun& run) { run.textures.push_back(patternTexture(kPs0, 4, 4)); });
    ASSERT_EQ(out.size(), expected.size());
    for (size_t i = 0; i < expected.size(); ++i)
        EXPECT_TRUE(near(out[i], expected[i], kExact, i));
}

TEST(TranslateConformance, TexldSamplesCubeFaceOfTheMajorAxis) {
    // Faces +X, -X, +Y, -Y, +Z, -Z (Vulkan layer order, D3DCUBEMAP_FACES order) of one texel each.
    std::vector<Float4> faces;
    for (uint32_t f = 0; f < 6; ++f)
        faces.push_back({0.125f * float(f), 1.0f - 0.125f * float(f), 0.25f, 1.0f});
    PixelInputs in;
    in.texcoords = {{{1.0f, 0.2f, -0.3f, 1.0f},
                     {-2.0f, 0.5f, 0.4f, 1.0f},
                     {0.1f, 3.0f, -0.2f, 1.0f},
                     {0.3f, -0.9f, 0.5f, 1.0f},
                     {-0.4f, 0.3f, 0.8f, 1.0f},
                     {0.2f, -0.1f, -5.0f, 1.0f}}};
    const auto out = runPixelShader("ps_2_0\ndcl t0.xyz\ndcl_cube s0\ntexld r0, t0, s0\nmov oC0, r0\n", in, 6,
                                    [&](ShaderRun& run) {
                                        RunTexture t;
                                        t.binding = kPs0;
                                        t.viewType = VK_IMAGE_VIEW_TYPE_CUBE;
                                        t.data = bytesOf(faces.data(), faces.size() * sizeof(Float4));
                                        run.textures.push_back(t);
                                    });
    ASSERT_EQ(out.size(), 6u);
    for (size_t f = 0; f < 6; ++f)
        EXPECT_TRUE(near(out[f], faces[f], kExact, f));
}

TEST(TranslateConformance, TexldSamplesVolumeTextureAtTexelCentres) {
    PixelInputs in;
    in.texcoords.resize(1);
    std::vector<Float4> expected;
    for (uint32_t z = 0; z < 2; ++z)
        for (uint32_t y = 0; y < 2; ++y)
            for (uint32_t x = 0; x < 4; ++x) {
                in.texcoords[0].push_back({centre(x, 4), centre(y, 2), centre(z, 2), 1.0f});
                expected.push_back(texel(x, y, z));
            }
    const auto out = runPixelShader(
        "ps_2_0\ndcl t0.xyz\ndcl_volume s0\ntexld r0, t0, s0\nmov oC0, r0\n", in, expected.size(),
        [](ShaderRun& run) { run.textures.push_back(patternTexture(kPs0, 4, 2, 2)); });
    ASSERT_EQ(out.size(), expected.size());
    for (size_t i = 0; i < expected.size(); ++i)
        EXPECT_TRUE(near(out[i], expected[i], kExact, i));
}

TEST(TranslateConformance, TexldpDividesCoordinateByW) {
    const float ws[] = {2.0f, 0.5f, 4.0f, -1.0f};
    PixelInputs in;
    in.texcoords.resize(1);
    std::vector<Float4> expected;
    for (uint32_t i = 0; i < 4; ++i) {
        const uint32_t x = (i * 3 + 1) % 4, y = 3 - i;
        const float w = ws[i];
        in.texcoords[0].push_back({centre(x, 4) * w, centre(y, 4) * w, 0.0f, w});
        expected.push_back(texel(x, y));
    }
    const auto out =
        runPixelShader("ps_2_0\ndcl t0\ndcl_2d s0\ntexldp r0, t0, s0\nmov oC0, r0\n", in, 4,
                       [](ShaderRun& run) { run.textures.push_back(patternTexture(kPs0, 4, 4)); });
    ASSERT_EQ(out.size(), 4u);
    for (size_t i = 0; i < 4; ++i)
        EXPECT_TRUE(near(out[i], expected[i], kExact, i));
}

TEST(TranslateConformance, TexldBilinearFilterBlendsTheFourNearestTexels) {
    // u, v a quarter and three quarters of the way between the texel centres of a 2 x 2 texture.
    PixelInputs in;
    in.texcoords = {{{0.25f + 0.5f * 0.25f, 0.25f + 0.5f * 0.75f, 0.0f, 1.0f}, {0.5f, 0.5f, 0.0f, 1.0f}}};
    const auto out = runPixelShader("ps_2_0\ndcl t0.xy\ndcl_2d s0\ntexld r0, t0, s0\nmov oC0, r0\n", in, 2,
                                    [](ShaderRun& run) {
                                        RunTexture t = patternTexture(kPs0, 2, 2);
                                        t.filter = VK_FILTER_LINEAR;
                                        run.textures.push_back(t);
                                    });
    ASSERT_EQ(out.size(), 2u);
    auto bilinear = [](float a, float b) {
        return mix(mix(texel(0, 0), texel(1, 0), a), mix(texel(0, 1), texel(1, 1), a), b);
    };
    EXPECT_TRUE(near(out[0], bilinear(0.25f, 0.75f), 4e-3f, 0));
    EXPECT_TRUE(near(out[1], bilinear(0.5f, 0.5f), 4e-3f, 1));
}

// ---- Level of detail: implicit, bias, explicit, gradients ----

// Over an 8 x 8 quad TEXCOORD0 is (x, y) at pixel (x, y): scaled by c0 it moves c0.x texture
// widths a pixel, so the implicit level is log2(c0.x * 16) on the 16 x 16 mipTexture().
TEST(TranslateConformance, TexldImplicitLodFollowsCoordinateDerivatives) {
    for (uint32_t level = 0; level < 4; ++level) {
        const float scale = float(1u << level) / float(kMipSize);
        const auto out = runPixelShaderOverQuad(
            "ps_2_0\ndcl t0\ndcl_2d s0\nmul r0, t0, c0\ntexld r0, r0, s0\nmov oC0, r0\n", 8, 8,
            [&](ShaderRun& run) {
                run.psConstants.f[0][0] = run.psConstants.f[0][1] = scale;
                run.textures.push_back(mipTexture(kPs0));
            });
        ASSERT_EQ(out.size(), 64u);
        for (size_t i = 0; i < out.size(); ++i)
            EXPECT_TRUE(near(out[i], levelColor(level), kExact, i)) << "level " << level;
    }
}

TEST(TranslateConformance, TexldbAddsTheBiasInWToTheImplicitLod) {
    // Level 0 without bias; row y adds a bias of y, clamped to the last level.
    const auto out = runPixelShaderOverQuad(
        "ps_2_0\ndcl t0\ndcl_2d s0\nmul r0, t0, c0\nmov r0.w, t0.y\ntexldb r0, r0, s0\nmov oC0, r0\n", 8, 8,
        [&](ShaderRun& run) {
            run.psConstants.f[0][0] = run.psConstants.f[0][1] = 1.0f / float(kMipSize);
            run.textures.push_back(mipTexture(kPs0));
        });
    ASSERT_EQ(out.size(), 64u);
    for (uint32_t y = 0; y < 8; ++y)
        for (uint32_t x = 0; x < 8; ++x)
            EXPECT_TRUE(near(out[y * 8 + x], levelColor(std::min(y, kMipLevels - 1)), kExact, y * 8 + x));
}

// A swizzle on the sampler (ps_3_0, and vs_3_0's texldl) reorders the lookup's result, as it
// does on Windows (Wine's fetch4_test reads s0.yzwx) and in other D3D9 layers: component i of
// the result is component swizzle[i] of the texel.
TEST(TranslateConformance, SamplerSwizzleReordersTheResult) {
    PixelInputs in;
    in.texcoords = {{{centre(1, 4), centre(2, 4), 0.0f, 0.0f}}};
    const Float4 t = texel(1, 2);
    for (const auto& [op, swizzle, want] : {std::tuple{"texld", "yzwx", Float4{t[1], t[2], t[3], t[0]}},
                                            std::tuple{"texldl", "wzyx", Float4{t[3], t[2], t[1], t[0]}},
                                            std::tuple{"texldp", "xxyy", Float4{t[0], t[0], t[1], t[1]}}}) {
        SCOPED_TRACE(op);
        // (texldp divides by w: 1 here.)
        PixelInputs rowIn = in;
        rowIn.texcoords[0][0][3] = std::string(op) == "texldl" ? 0.0f : 1.0f;
        const std::string text = std::string("ps_3_0\ndcl_texcoord0 v0\ndcl_2d s0\n") + op + " r0, v0, s0." +
                                 swizzle + "\nmov oC0, r0\n";
        const auto out = runPixelShader(
            text, rowIn, 1, [](ShaderRun& run) { run.textures.push_back(patternTexture(kPs0, 4, 4)); });
        ASSERT_EQ(out.size(), 1u);
        EXPECT_TRUE(near(out[0], want, kExact, 0));
    }
}

TEST(TranslateConformance, TexldlSelectsTheLevelInW) {
    const float lods[] = {0.0f, 1.0f, 2.0f, 3.0f, 4.0f, 9.0f, -2.0f, 0.4f, 1.6f};
    const uint32_t levels[] = {0, 1, 2, 3, 4, 4, 0, 0, 2};
    PixelInputs in;
    in.texcoords.resize(1);
    for (float lod : lods)
        in.texcoords[0].push_back({0.3f, 0.6f, 0.0f, lod});
    const auto out =
        runPixelShader("ps_3_0\ndcl_texcoord0 v0\ndcl_2d s0\ntexldl r0, v0, s0\nmov oC0, r0\n", in,
                       std::size(lods), [](ShaderRun& run) { run.textures.push_back(mipTexture(kPs0)); });
    ASSERT_EQ(out.size(), std::size(lods));
    for (size_t i = 0; i < out.size(); ++i)
        EXPECT_TRUE(near(out[i], levelColor(levels[i]), kExact, i));
}

TEST(TranslateConformance, TexldlWithLinearMipmapBlendsTheTwoLevels) {
    const float lods[] = {1.5f, 2.25f};
    PixelInputs in;
    in.texcoords = {{{0.3f, 0.6f, 0.0f, lods[0]}, {0.7f, 0.2f, 0.0f, lods[1]}}};
    const auto out = runPixelShader(
        "ps_3_0\ndcl_texcoord0 v0\ndcl_2d s0\ntexldl r0, v0, s0\nmov oC0, r0\n", in, 2,
        [](ShaderRun& run) { run.textures.push_back(mipTexture(kPs0, VK_SAMPLER_MIPMAP_MODE_LINEAR)); });
    ASSERT_EQ(out.size(), 2u);
    EXPECT_TRUE(near(out[0], mix(levelColor(1), levelColor(2), 0.5f), 1e-2f, 0));
    EXPECT_TRUE(near(out[1], mix(levelColor(2), levelColor(3), 0.25f), 1e-2f, 1));
}

TEST(TranslateConformance, TexldlInVertexShaderReadsTheVertexTextureBinding) {
    // s2 of a vertex shader is D3DVERTEXTEXTURESAMPLER2, at kVsSamplerBinding0 + 2.
    const std::vector<std::vector<Float4>> rows = {
        {{0.3f, 0.6f, 0.0f, 0.0f}}, {{0.3f, 0.6f, 0.0f, 1.0f}}, {{0.9f, 0.1f, 0.0f, 3.0f}}};
    const auto out = runVertexShader(
        R"(vs_3_0
dcl_position v0
dcl_texcoord0 v1
dcl_2d s2
dcl_position o0
dcl_texcoord0 o1
mov o0, v0
texldl o1, v1, s2
)",
        rows, [](ShaderRun& run) { run.textures.push_back(mipTexture(abi::kVsSamplerBinding0 + 2)); });
    ASSERT_EQ(out.size(), rows.size());
    EXPECT_TRUE(near(out[0], levelColor(0), kExact, 0));
    EXPECT_TRUE(near(out[1], levelColor(1), kExact, 1));
    EXPECT_TRUE(near(out[2], levelColor(3), kExact, 2));
}

TEST(TranslateConformance, TexlddGradientsChooseTheLevel) {
    // The level is log2 of the longer gradient in texels (Vulkan's rho = max of both).
    struct Row {
        Float4 dx, dy;
        uint32_t level;
    };
    const float t = 1.0f / float(kMipSize);
    const Row rows[] = {
        {{t, 0, 0, 0}, {0, t, 0, 0}, 0},         {{2 * t, 0, 0, 0}, {0, 2 * t, 0, 0}, 1},
        {{0, 4 * t, 0, 0}, {4 * t, 0, 0, 0}, 2}, {{8 * t, 0, 0, 0}, {0, 8 * t, 0, 0}, 3},
        {{t, 0, 0, 0}, {0, 4 * t, 0, 0}, 2},     {{0, 0, 0, 0}, {0, 0, 0, 0}, 0},
    };
    PixelInputs in;
    in.texcoords.resize(3);
    for (const Row& r : rows) {
        in.texcoords[0].push_back({0.4f, 0.7f, 0.0f, 1.0f});
        in.texcoords[1].push_back(r.dx);
        in.texcoords[2].push_back(r.dy);
    }
    const auto out =
        runPixelShader(R"(ps_3_0
dcl_texcoord0 v0
dcl_texcoord1 v1
dcl_texcoord2 v2
dcl_2d s0
texldd r0, v0, s0, v1, v2
mov oC0, r0
)",
                       in, std::size(rows), [](ShaderRun& run) { run.textures.push_back(mipTexture(kPs0)); });
    ASSERT_EQ(out.size(), std::size(rows));
    for (size_t i = 0; i < out.size(); ++i)
        EXPECT_TRUE(near(out[i], levelColor(rows[i].level), kExact, i));
}

// ---- texkill: a killed pixel keeps the clear colour ----

constexpr Float4 kClear{0.125f, 0.25f, 0.375f, 0.5f};
constexpr Float4 kDrawn{1.0f, 0.5f, 0.25f, 1.0f};

struct KillRow {
    Float4 coord;
    bool killed;
};

void expectKills(const std::string& ps, const std::vector<KillRow>& rows) {
    PixelInputs in;
    in.texcoords.resize(1);
    for (const KillRow& r : rows)
        in.texcoords[0].push_back(r.coord);
    const auto out = runPixelShader(ps, in, rows.size(), [](ShaderRun& run) { run.clearColor = kClear; });
    ASSERT_EQ(out.size(), rows.size());
    for (size_t i = 0; i < rows.size(); ++i)
        EXPECT_TRUE(near(out[i], rows[i].killed ? kClear : kDrawn, kExact, i));
}

TEST(TranslateConformance, TexkillPs20KillsWhenAnyOfXyzwIsNegative) {
    expectKills("ps_2_0\ndcl t0\ndef c0, 1, 0.5, 0.25, 1\nmov r0, t0\ntexkill r0\nmov oC0, c0\n",
                {{{0, 0, 0, 0}, false},
                 {{0.5f, 1, 2, 3}, false},
                 {{-0.0f, -0.0f, -0.0f, -0.0f}, false},
                 {{-0.01f, 1, 1, 1}, true},
                 {{1, -1, 1, 1}, true},
                 {{1, 1, -1, 1}, true},
                 {{1, 1, 1, -0.5f}, true}});
}

TEST(TranslateConformance, TexkillPs11TestsXyzOfTheTextureCoordinates) {
    expectKills("ps_1_1\ndef c0, 1, 0.5, 0.25, 1\ntexkill t0\nmov r0, c0\n",
                {{{0.5f, 0.5f, 0.5f, -1}, false},
                 {{0, 0, 0, 0}, false},
                 {{-0.5f, 0.5f, 0.5f, 1}, true},
                 {{0.5f, -0.5f, 0.5f, 1}, true},
                 {{0.5f, 0.5f, -0.5f, 1}, true}});
}

TEST(TranslateConformance, TexkillPs14TestsXyzOfTheRegister) {
    expectKills(
        "ps_1_4\ndef c0, 1, 0.5, 0.25, 1\ntexkill t0\nmov r0, c0\n",
        {{{0.5f, 0.5f, 0.5f, -1}, false}, {{-0.5f, 0.5f, 0.5f, 1}, true}, {{0.5f, 0.5f, -2, 1}, true}});
}

// ---- Shadow compares: depth textures compare the coordinate's z (LESS_OR_EQUAL) ----

RunTexture depthTexture() {
    const float depths[] = {0.25f, 0.75f};
    RunTexture t;
    t.binding = kPs0;
    t.format = VK_FORMAT_D32_SFLOAT;
    t.width = 2;
    t.compare = true;
    t.data = bytesOf(depths, sizeof(depths));
    return t;
}

TEST(TranslateConformance, TexldOnShadowSamplerComparesZWithTheDepth) {
    struct Row {
        uint32_t x;
        float dref;
        float pass;
    };
    const Row rows[] = {{0, 0.1f, 1}, {0, 0.25f, 1}, {0, 0.5f, 0}, {1, 0.5f, 1}, {1, 0.9f, 0}};
    PixelInputs in;
    in.texcoords.resize(1);
    for (const Row& r : rows)
        in.texcoords[0].push_back({centre(r.x, 2), 0.5f, r.dref, 1.0f});
    TranslationKey key;
    key.shadowSamplers = 1;
    const auto out = runPixelShader(
        "ps_2_0\ndcl t0\ndcl_2d s0\ntexld r0, t0, s0\nmov oC0, r0\n", in, std::size(rows),
        [](ShaderRun& run) { run.textures.push_back(depthTexture()); }, key);
    ASSERT_EQ(out.size(), std::size(rows));
    for (size_t i = 0; i < out.size(); ++i) {
        const float p = rows[i].pass;
        EXPECT_TRUE(near(out[i], {p, p, p, p}, kExact, i));
    }
}

TEST(TranslateConformance, TexldpOnShadowSamplerDividesZByWBeforeTheCompare) {
    PixelInputs in;
    in.texcoords = {{{centre(0, 2) * 2, 1.0f, 0.2f * 2, 2.0f},
                     {centre(0, 2) * 2, 1.0f, 0.3f * 2, 2.0f},
                     {centre(1, 2) * 4, 2.0f, 0.7f * 4, 4.0f},
                     {centre(1, 2) * 4, 2.0f, 0.8f * 4, 4.0f}}};
    TranslationKey key;
    key.shadowSamplers = 1;
    const auto out = runPixelShader(
        "ps_2_0\ndcl t0\ndcl_2d s0\ntexldp r0, t0, s0\nmov oC0, r0\n", in, 4,
        [](ShaderRun& run) { run.textures.push_back(depthTexture()); }, key);
    ASSERT_EQ(out.size(), 4u);
    const float pass[] = {1, 0, 1, 0};
    for (size_t i = 0; i < 4; ++i)
        EXPECT_TRUE(near(out[i], {pass[i], pass[i], pass[i], pass[i]}, kExact, i));
}

// ---- ps_1_x: tex, texcoord, texcrd, ps_1_4 texld ----

TEST(TranslateConformance, Ps11TexSamplesTheStageOfItsRegister) {
    // t0 samples stage 0 at TEXCOORD0, t1 stage 1 at TEXCOORD1.
    PixelInputs in;
    in.texcoords = {{{centre(1, 4), centre(2, 4), 0, 1}, {centre(3, 4), centre(0, 4), 0, 1}},
                    {{centre(0, 2), centre(1, 2), 0, 1}, {centre(1, 2), centre(1, 2), 0, 1}}};
    const auto out =
        runPixelShader("ps_1_1\ntex t0\ntex t1\nmad r0, t1, c0, t0\n", in, 2, [](ShaderRun& run) {
            run.psConstants.f[0][0] = run.psConstants.f[0][1] = run.psConstants.f[0][2] =
                run.psConstants.f[0][3] = 0.5f;
            run.textures.push_back(patternTexture(kPs0, 4, 4));
            run.textures.push_back(patternTexture(kPs0 + 1, 2, 2));
        });
    ASSERT_EQ(out.size(), 2u);
    auto expected = [](const Float4& t0, const Float4& t1) {
        Float4 r;
        for (int c = 0; c < 4; ++c)
            r[c] = t1[c] * 0.5f + t0[c];
        return r;
    };
    EXPECT_TRUE(near(out[0], expected(texel(1, 2), texel(0, 1)), kExact, 0));
    EXPECT_TRUE(near(out[1], expected(texel(3, 0), texel(1, 1)), kExact, 1));
}

TEST(TranslateConformance, Ps11TexDividesByWOnlyWhenTheStageIsProjected) {
    PixelInputs in;
    in.texcoords = {
        {{centre(1, 4) * 3, centre(3, 4) * 3, 0, 3}, {centre(2, 4) * 0.5f, centre(0, 4) * 0.5f, 0, 0.5f}}};
    TranslationKey projected;
    projected.projectedDivisors = 3; // stage 0 divides by w (COUNT4 | PROJECTED)
    auto setup = [](ShaderRun& run) { run.textures.push_back(patternTexture(kPs0, 4, 4)); };
    const auto divided = runPixelShader("ps_1_1\ntex t0\nmov r0, t0\n", in, 2, setup, projected);
    ASSERT_EQ(divided.size(), 2u);
    EXPECT_TRUE(near(divided[0], texel(1, 3), kExact, 0));
    EXPECT_TRUE(near(divided[1], texel(2, 0), kExact, 1));
    // Not projected: (3 * centre) clamps to the last texel, (0.5 * centre) is a texel nearer 0.
    const auto plain = runPixelShader("ps_1_1\ntex t0\nmov r0, t0\n", in, 2, setup);
    ASSERT_EQ(plain.size(), 2u);
    EXPECT_TRUE(near(plain[0], texel(3, 3), kExact, 0));
    EXPECT_TRUE(near(plain[1], texel(1, 0), kExact, 1));
}

TEST(TranslateConformance, Ps11TexcoordClampsToZeroOneAndSetsWToOne) {
    PixelInputs in;
    in.texcoords = {{{-0.5f, 0.25f, 1.5f, 7}, {0.75f, 2, -3, -1}}};
    const auto out = runPixelShader("ps_1_1\ntexcoord t0\nmov r0, t0\n", in, 2);
    ASSERT_EQ(out.size(), 2u);
    EXPECT_TRUE(near(out[0], {0, 0.25f, 1, 1}, kExact, 0));
    EXPECT_TRUE(near(out[1], {0.75f, 1, 0, 1}, kExact, 1));
}

TEST(TranslateConformance, Ps14TexldWithDwDividesXyByW) {
    PixelInputs in;
    in.texcoords = {{{centre(1, 4) * 2, centre(2, 4) * 2, 0.9f, 2},
                     {centre(3, 4) * 0.25f, centre(0, 4) * 0.25f, 5, 0.25f}}};
    const auto out = runPixelShader("ps_1_4\ntexld r0, t0_dw.xyw\n", in, 2, [](ShaderRun& run) {
        run.textures.push_back(patternTexture(kPs0, 4, 4));
    });
    ASSERT_EQ(out.size(), 2u);
    EXPECT_TRUE(near(out[0], texel(1, 2), kExact, 0));
    EXPECT_TRUE(near(out[1], texel(3, 0), kExact, 1));
}

TEST(TranslateConformance, Ps14TexcrdCopiesCoordinatesUnclampedAndDzDividesXyByZ) {
    PixelInputs in;
    in.texcoords = {{{2, 1, 4, 9}, {-3, 1.5f, -0.5f, 1}}, {{-1.5f, 2.5f, 0.75f, 3}, {7, -7, 0, 1}}};
    const auto out = runPixelShader(
        "ps_1_4\ntexcrd r0.rg, t0_dz.xyz\ntexcrd r1.rgb, t1\nphase\nadd r0.b, r1.b, r1.r\nmov r0.a, r1.g\n",
        in, 2);
    ASSERT_EQ(out.size(), 2u);
    // r0 = (t0.x / t0.z, t0.y / t0.z, t1.z + t1.x, t1.y)
    EXPECT_TRUE(near(out[0], {0.5f, 0.25f, -0.75f, 2.5f}, kExact, 0));
    EXPECT_TRUE(near(out[1], {6, -3, 7, -7}, kExact, 1));
}

TEST(TranslateConformance, Ps11TexWithCount3ProjectedDividesByZ) {
    // D3DTTFF_COUNT3 | D3DTTFF_PROJECTED: x and y are divided by the third coordinate.
    PixelInputs in;
    in.texcoords = {{{centre(1, 4) * 2, centre(3, 4) * 2, 2, 100}}};
    TranslationKey key;
    key.projectedDivisors = 2; // stage 0: by z
    auto setup = [](ShaderRun& run) { run.textures.push_back(patternTexture(kPs0, 4, 4)); };
    const auto out = runPixelShader("ps_1_1\ntex t0\nmov r0, t0\n", in, 1, setup, key);
    ASSERT_EQ(out.size(), 1u);
    EXPECT_TRUE(near(out[0], texel(1, 3), kExact, 0));
}

} // namespace
} // namespace ddivk::shader::test

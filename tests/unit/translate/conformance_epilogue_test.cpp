// What a translated pixel shader does after the program: the alpha test and the fixed-function
// fog of pre-3.0 pixel shaders (TranslationKey::alphaFunc, ::fog), against CPU-computed results.
#include <cmath>

#include "unit/translate/conformance.h"

namespace ddivk::shader::test {
namespace {

constexpr Float4 kClear{0.125f, 0.25f, 0.375f, 0.5f};

TEST(TranslateConformance, AlphaTestKeepsPixelsThatPassAtEightBits) {
    // Alpha from TEXCOORD0.w; reference 128/255. Each function keeps the pixels for which
    // round(alpha * 255) <func> 128.
    const float alphas[] = {0.0f, 127.0f / 255, 128.0f / 255, 128.4f / 255, 129.0f / 255, 1.0f};
    const std::pair<uint8_t, bool (*)(int, int)> funcs[] = {
        {1, [](int, int) { return false; }},         {2, [](int a, int r) { return a < r; }},
        {3, [](int a, int r) { return a == r; }},    {4, [](int a, int r) { return a <= r; }},
        {5, [](int a, int r) { return a > r; }},     {6, [](int a, int r) { return a != r; }},
        {7, [](int a, int r) { return a >= r; }},    {8, [](int, int) { return true; }},
    };
    PixelInputs in;
    in.texcoords.resize(1);
    for (float a : alphas) in.texcoords[0].push_back({0.25f, 0.5f, 0.75f, a});
    for (const auto& [func, pass] : funcs) {
        TranslationKey key;
        key.alphaFunc = func;
        const auto out = runPixelShader("ps_2_0\ndcl t0\nmov oC0, t0\n", in, std::size(alphas),
                                        [](ShaderRun& run) {
                                            run.clearColor = kClear;
                                            run.psSystem.alphaRef[0] = 128.0f / 255.0f;
                                        },
                                        key);
        ASSERT_EQ(out.size(), std::size(alphas));
        for (size_t i = 0; i < std::size(alphas); ++i) {
            const int a = int(std::floor(alphas[i] * 255.0f + 0.5f));
            const Float4 expected = pass(a, 128) ? in.texcoords[0][i] : kClear;
            EXPECT_TRUE(near(out[i], expected, 1e-6f, i)) << "D3DCMP " << int(func);
        }
    }
}

TEST(TranslateConformance, VertexFogBlendsTowardsTheFogColour) {
    PixelInputs in;
    in.texcoords = {{{1, 0, 0.5f, 0.75f}, {0, 1, 1, 1}, {0.2f, 0.4f, 0.6f, 0.8f}}};
    in.fog = {1.0f, 0.0f, 0.25f};
    TranslationKey key;
    key.fog = PixelFog::Vertex;
    const Float4 fogColor{0.5f, 0.25f, 1.0f, 0.0f};
    const auto out = runPixelShader("ps_2_0\ndcl t0\nmov oC0, t0\n", in, 3,
                                    [&](ShaderRun& run) {
                                        for (int c = 0; c < 4; ++c) run.psSystem.fogColor[c] = fogColor[c];
                                    },
                                    key);
    ASSERT_EQ(out.size(), 3u);
    for (size_t i = 0; i < 3; ++i) {
        // colour = f * colour + (1 - f) * fog colour; alpha unchanged.
        const float f = in.fog[i];
        Float4 e = in.texcoords[0][i];
        for (int c = 0; c < 3; ++c) e[c] = f * e[c] + (1 - f) * fogColor[c];
        EXPECT_TRUE(near(out[i], e, 1e-6f, i));
    }
}

TEST(TranslateConformance, TableFogUsesDepthWithEachFormula) {
    // Points at depth 0.5 (the harness's z): linear (end - z) / (end - start), exp e^(-d z),
    // exp2 e^(-(d z)^2).
    const float z = 0.5f, start = 0.25f, end = 1.0f, density = 2.0f;
    const std::pair<PixelFog, float> modes[] = {
        {PixelFog::Linear, (end - z) / (end - start)},
        {PixelFog::Exp, std::exp(-density * z)},
        {PixelFog::Exp2, std::exp(-(density * z) * (density * z))},
    };
    PixelInputs in;
    in.texcoords = {{{1, 1, 1, 1}}};
    for (const auto& [mode, f] : modes) {
        TranslationKey key;
        key.fog = mode;
        const auto out = runPixelShader("ps_2_0\ndcl t0\nmov oC0, t0\n", in, 1,
                                        [&](ShaderRun& run) {
                                            run.psSystem.fogParams[0] = start;
                                            run.psSystem.fogParams[1] = end;
                                            run.psSystem.fogParams[2] = density;
                                        },
                                        key);
        ASSERT_EQ(out.size(), 1u);
        EXPECT_TRUE(near(out[0], {f, f, f, 1}, 1e-5f)) << int(mode);
    }
}

TEST(TranslateConformance, OutputMaskLinksAnyVertexShaderWithThePixelShader) {
    // The vertex shader writes TEXCOORD0, TEXCOORD1 and COLOR0; the pixel shader reads TEXCOORD0
    // and TEXCOORD3. With vsOutputLocations = {0, 3} the pair links without a validation
    // message: TEXCOORD1 and COLOR0 are dropped, TEXCOORD3 reads zero.
    const Translation ps = translateText("ps_3_0\ndcl_texcoord0 v0\ndcl_texcoord3 v1\nadd oC0, v0, v1\n");
    TranslationKey key;
    key.vsOutputLocations = 1u << 0 | 1u << 3;
    const Translation vs = translateText(R"(vs_3_0
dcl_position v0
dcl_texcoord0 v1
dcl_position o0
dcl_texcoord0 o1
dcl_texcoord1 o2
dcl_color o3
mov o0, v0
mov o1, v1
mov o2, c0
mov o3, c0
)",
                                         key);
    ASSERT_FALSE(vs.spirv.empty());
    ShaderRun run;
    run.vertexSpirv = vs.spirv;
    run.fragmentSpirv = ps.spirv;
    run.width = 2;
    run.vertexCount = 2;
    run.attributes.push_back(ddivk::test::VertexAttribute::floats(
        0, {ddivk::test::pointCentre(0, 0, 2, 1), ddivk::test::pointCentre(1, 0, 2, 1)}));
    run.attributes.push_back(ddivk::test::VertexAttribute::floats(1, {{1, 2, 3, 4}, {5, 6, 7, 8}}));
    run.vsConstants.f[0][0] = 100.0f;
    const auto result = ddivk::test::runShaders(run);
    EXPECT_TRUE(near(result.pixel(0), {1, 2, 3, 4}, 0.0f));
    EXPECT_TRUE(near(result.pixel(1), {5, 6, 7, 8}, 0.0f));
    for (const InterfaceSlot& s : vs.outputs) EXPECT_TRUE(s.location == kBuiltInLocation || s.location == 0 || s.location == 3);
}

} // namespace
} // namespace ddivk::shader::test

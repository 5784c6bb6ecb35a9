// The fixed-function pixel pipeline on the GPU: shaders/ff_pixel.frag (through ffPixelSpirv and
// packFfPixelState) draws one point per pixel with varied inputs, and every pixel is compared
// with the CPU model of the D3D9 formulas (ff_pixel_reference.cpp). Test names follow the rules
// of docs/fixed-function.md ("Pixel pipeline").
//
// Tolerance: the target is R32G32B32A32_SFLOAT and the textures are float texels sampled at
// their centres, so only float rounding (operation order, fused multiply-adds) separates the
// two: 1e-5 absolute; fog with exp() gets 2e-5.
#include "ff_pixel_reference.h"

#include "shader/ff/ff_pixel_state.h"
#include "shader/ff/ff_pixel_variant.h"
#include "shader/spirv/varying_trim.h"
#include "support/shader_runner.h"

#include "ff_pixel_test_vert.spv.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <random>
#include <string>

using namespace ddivk;
using namespace ddivk::shader::ff;
using test::Float4;
using test::ffpixel::PixelInputs;
using test::ffpixel::ReferenceOptions;
using test::ffpixel::Texture;

namespace {

constexpr float kTolerance = 1e-5f;
constexpr float kFogTolerance = 2e-5f;
const Float4 kDiscarded{-1.0f, -1.0f, -1.0f, -1.0f}; // clear colour: the alpha test rejected the pixel
constexpr uint32_t kPixels = 16;
constexpr uint32_t kTexSize = 4; // 2D textures are kTexSize x kTexSize

uint32_t bits(float f) {
    return std::bit_cast<uint32_t>(f);
}

// Everything one draw needs: D3D9 state, the texture of each stage, the inputs of each pixel.
struct Scene {
    state::DeviceState state;
    std::array<Texture, 8> textures;
    std::vector<PixelInputs> pixels;
    FfPixelOptions options;

    Scene() { state::setDefaults(state, {}); }
    uint32_t& tss(uint32_t stage, uint32_t type) { return state.textureStageStates[stage][type]; }
    uint32_t& rs(uint32_t type) { return state.renderStates[type]; }
};

std::mt19937& rng() {
    static std::mt19937 generator(20240611);
    return generator;
}

float random01() {
    return std::uniform_real_distribution<float>(0.0f, 1.0f)(rng());
}

Float4 randomColor() {
    return {random01(), random01(), random01(), random01()};
}

Texture random2D(uint32_t size = kTexSize) {
    Texture t;
    t.type = FfTextureType::Tex2D;
    t.width = t.height = size;
    for (uint32_t i = 0; i < size * size; ++i)
        t.texels.push_back(randomColor());
    return t;
}

// Coordinate of the centre of a random texel of a texture `size` texels wide.
float texelCentre(uint32_t size) {
    return (float(rng()() % size) + 0.5f) / float(size);
}

// kPixels pixels with random colours, fog factor, depth, and texture coordinates on texel centres.
Scene randomScene() {
    Scene scene;
    for (uint32_t i = 0; i < kPixels; ++i) {
        PixelInputs p;
        p.diffuse = randomColor();
        p.specular = randomColor();
        p.fog = random01();
        for (Float4& c : p.texCoords)
            c = {texelCentre(kTexSize), texelCentre(kTexSize), random01(), 1.0f};
        p.z = random01();
        p.w = 0.5f + 4.0f * random01();
        scene.pixels.push_back(p);
    }
    return scene;
}

template <size_t N> std::vector<uint32_t> spirv(const uint32_t (&words)[N]) {
    return {words, words + N};
}

// The test vertex stage writing exactly the varyings the variant for `key` reads, as the
// device's fixed-function vertex stage does.
std::vector<uint32_t> vertexStageFor(const FfPixelKey& key) {
    shader::spirv::VaryingTrim trim;
    trim.storage = shader::spirv::StorageClass::Output;
    trim.keepLocations = ffPixelInputLocations(key);
    return shader::spirv::withoutVaryings(spirv(spv_ff_pixel_test_vert), trim);
}

test::RunTexture runTexture(uint32_t stage, const Texture& t) {
    test::RunTexture out;
    out.binding = ffPixelSamplerBinding(stage);
    std::vector<Float4> texels = t.texels;
    switch (t.type) {
    case FfTextureType::Cube:
        out.viewType = VK_IMAGE_VIEW_TYPE_CUBE;
        out.width = out.height = t.width;
        break;
    case FfTextureType::Volume:
        out.viewType = VK_IMAGE_VIEW_TYPE_3D;
        out.width = t.width;
        out.height = t.height;
        out.depth = t.depth;
        break;
    case FfTextureType::Tex2D:
        out.width = t.width;
        out.height = t.height;
        break;
    case FfTextureType::None:
        // The dummy view of a stage without a texture; never sampled, so a colour that would show.
        texels = {{0.25f, 0.5f, 0.75f, 0.125f}};
        break;
    }
    out.data.resize(texels.size() * sizeof(Float4));
    std::memcpy(out.data.data(), texels.data(), out.data.size());
    return out;
}

ReferenceOptions referenceOptions(const FfPixelOptions& o) {
    return {o.texCoords == FfTexCoordSource::TexCoordIndex, o.tableFogDepth == FfFogDepth::W};
}

// Draws the scene, one point per pixel of row 0, and returns what each pixel holds.
test::ShaderRunResult draw(const Scene& scene) {
    FfStageTextures types;
    for (uint32_t s = 0; s < 8; ++s)
        types[s] = scene.textures[s].type;

    test::ShaderRun run;
    const FfPixelKey key = ffPixelKey(scene.state, types, scene.options);
    run.vertexSpirv = vertexStageFor(key);
    run.fragmentSpirv = ffPixelSpirv(key);
    const auto n = uint32_t(scene.pixels.size());
    run.width = n;
    run.height = 1;
    run.vertexCount = n;
    run.clearColor = kDiscarded;

    std::vector<Float4> position, diffuse, specular, fog;
    std::array<std::vector<Float4>, 8> texCoords;
    for (uint32_t i = 0; i < n; ++i) {
        const PixelInputs& p = scene.pixels[i];
        const Float4 c = test::pointCentre(i, 0, n, 1);
        position.push_back({c[0] * p.w, c[1] * p.w, p.z * p.w, p.w});
        diffuse.push_back(p.diffuse);
        specular.push_back(p.specular);
        fog.push_back({p.fog, 0, 0, 0});
        for (uint32_t t = 0; t < 8; ++t)
            texCoords[t].push_back(p.texCoords[t]);
    }
    run.attributes.push_back(test::VertexAttribute::floats(0, position));
    run.attributes.push_back(test::VertexAttribute::floats(1, diffuse));
    run.attributes.push_back(test::VertexAttribute::floats(2, specular));
    run.attributes.push_back(test::VertexAttribute::floats(3, fog));
    for (uint32_t t = 0; t < 8; ++t)
        run.attributes.push_back(test::VertexAttribute::floats(4 + t, texCoords[t]));

    const FfPixelState block = packFfPixelState(scene.state, types, scene.options);
    run.ffPixelState.resize(sizeof(block));
    std::memcpy(run.ffPixelState.data(), &block, sizeof(block));
    for (uint32_t s = 0; s < 8; ++s)
        run.textures.push_back(runTexture(s, scene.textures[s]));
    return test::runShaders(run);
}

std::string str(const Float4& v) {
    return "(" + std::to_string(v[0]) + ", " + std::to_string(v[1]) + ", " + std::to_string(v[2]) + ", " +
           std::to_string(v[3]) + ")";
}

bool near(const Float4& a, const Float4& b, float tolerance = kTolerance) {
    for (int c = 0; c < 4; ++c)
        if (!(std::fabs(a[c] - b[c]) <= tolerance)) return false;
    return true;
}

// Draws the scene and expects every pixel to match the reference.
void expectMatchesReference(const Scene& scene, float tolerance = kTolerance) {
    const test::ShaderRunResult result = draw(scene);
    for (uint32_t i = 0; i < scene.pixels.size(); ++i) {
        const Float4 expected = test::ffpixel::referencePixel(scene.state, scene.textures, scene.pixels[i],
                                                              referenceOptions(scene.options))
                                    .value_or(kDiscarded);
        const Float4& got = result.pixel(i);
        EXPECT_TRUE(near(got, expected, tolerance))
            << "pixel " << i << ": got " << str(got) << ", expected " << str(expected);
    }
}

// Scenes whose stage 0 combines a texture with the diffuse and specular colours and whose stage
// 1 passes the result on (with a texture of its own, which PREMODULATE reads).
Scene twoStageScene() {
    Scene scene = randomScene();
    scene.textures[0] = random2D();
    scene.textures[1] = random2D();
    scene.rs(D3DRS_TEXTUREFACTOR) = 0x9933cc66;
    scene.tss(0, D3DTSS_COLORARG0) = D3DTA_SPECULAR;
    scene.tss(0, D3DTSS_COLORARG1) = D3DTA_TEXTURE;
    scene.tss(0, D3DTSS_COLORARG2) = D3DTA_DIFFUSE;
    scene.tss(0, D3DTSS_ALPHAARG0) = D3DTA_SPECULAR;
    scene.tss(0, D3DTSS_ALPHAARG1) = D3DTA_TEXTURE;
    scene.tss(0, D3DTSS_ALPHAARG2) = D3DTA_DIFFUSE;
    scene.tss(1, D3DTSS_COLOROP) = D3DTOP_SELECTARG2;
    scene.tss(1, D3DTSS_ALPHAOP) = D3DTOP_SELECTARG2;
    return scene;
}

struct OpName {
    uint32_t op;
    const char* name;
};
// The D3DTEXTUREOPs that combine arguments (DISABLE and the bump ops have tests of their own).
const OpName kCombiningOps[] = {
    {D3DTOP_SELECTARG1, "SELECTARG1"},
    {D3DTOP_SELECTARG2, "SELECTARG2"},
    {D3DTOP_MODULATE, "MODULATE"},
    {D3DTOP_MODULATE2X, "MODULATE2X"},
    {D3DTOP_MODULATE4X, "MODULATE4X"},
    {D3DTOP_ADD, "ADD"},
    {D3DTOP_ADDSIGNED, "ADDSIGNED"},
    {D3DTOP_ADDSIGNED2X, "ADDSIGNED2X"},
    {D3DTOP_SUBTRACT, "SUBTRACT"},
    {D3DTOP_ADDSMOOTH, "ADDSMOOTH"},
    {D3DTOP_BLENDDIFFUSEALPHA, "BLENDDIFFUSEALPHA"},
    {D3DTOP_BLENDTEXTUREALPHA, "BLENDTEXTUREALPHA"},
    {D3DTOP_BLENDFACTORALPHA, "BLENDFACTORALPHA"},
    {D3DTOP_BLENDTEXTUREALPHAPM, "BLENDTEXTUREALPHAPM"},
    {D3DTOP_BLENDCURRENTALPHA, "BLENDCURRENTALPHA"},
    {D3DTOP_PREMODULATE, "PREMODULATE"},
    {D3DTOP_MODULATEALPHA_ADDCOLOR, "MODULATEALPHA_ADDCOLOR"},
    {D3DTOP_MODULATECOLOR_ADDALPHA, "MODULATECOLOR_ADDALPHA"},
    {D3DTOP_MODULATEINVALPHA_ADDCOLOR, "MODULATEINVALPHA_ADDCOLOR"},
    {D3DTOP_MODULATEINVCOLOR_ADDALPHA, "MODULATEINVCOLOR_ADDALPHA"},
    {D3DTOP_DOTPRODUCT3, "DOTPRODUCT3"},
    {D3DTOP_MULTIPLYADD, "MULTIPLYADD"},
    {D3DTOP_LERP, "LERP"},
};

void PrintTo(const OpName& op, std::ostream* os) {
    *os << op.name;
}

std::string opName(const testing::TestParamInfo<OpName>& info) {
    return info.param.name;
}

std::string countName(const testing::TestParamInfo<uint32_t>& info) {
    return "COUNT" + std::to_string(info.param);
}

std::string cmpName(const testing::TestParamInfo<uint32_t>& info) {
    const char* names[] = {"",        "NEVER",    "LESS",         "EQUAL", "LESSEQUAL",
                           "GREATER", "NOTEQUAL", "GREATEREQUAL", "ALWAYS"};
    return names[info.param];
}

// D3DTEXTUREOP, each as the colour operation of stage 0.
class FfPixelColorOp : public testing::TestWithParam<OpName> {};
TEST_P(FfPixelColorOp, MatchesReference) {
    Scene scene = twoStageScene();
    scene.tss(0, D3DTSS_COLOROP) = GetParam().op;
    expectMatchesReference(scene);
}
INSTANTIATE_TEST_SUITE_P(D3DTOP, FfPixelColorOp, testing::ValuesIn(kCombiningOps), opName);

// D3DTEXTUREOP, each as the alpha operation of stage 0.
class FfPixelAlphaOp : public testing::TestWithParam<OpName> {};
TEST_P(FfPixelAlphaOp, MatchesReference) {
    Scene scene = twoStageScene();
    scene.tss(0, D3DTSS_COLOROP) = D3DTOP_MODULATE;
    scene.tss(0, D3DTSS_ALPHAOP) = GetParam().op;
    expectMatchesReference(scene);
}
INSTANTIATE_TEST_SUITE_P(D3DTOP, FfPixelAlphaOp, testing::ValuesIn(kCombiningOps), opName);

// D3DTA_* selectors with their modifiers, read by stage 1 after stage 0 wrote TEMP (so CURRENT,
// TEMP and DIFFUSE all differ).
struct ArgCase {
    uint32_t arg;
    std::string name;
};
void PrintTo(const ArgCase& c, std::ostream* os) {
    *os << c.name;
}

std::vector<ArgCase> argCases() {
    const std::pair<uint32_t, const char*> selectors[] = {
        {D3DTA_DIFFUSE, "DIFFUSE"},  {D3DTA_CURRENT, "CURRENT"},   {D3DTA_TEXTURE, "TEXTURE"},
        {D3DTA_TFACTOR, "TFACTOR"},  {D3DTA_SPECULAR, "SPECULAR"}, {D3DTA_TEMP, "TEMP"},
        {D3DTA_CONSTANT, "CONSTANT"}};
    const std::pair<uint32_t, const char*> modifiers[] = {{0, ""},
                                                          {D3DTA_COMPLEMENT, "_COMPLEMENT"},
                                                          {D3DTA_ALPHAREPLICATE, "_ALPHAREPLICATE"},
                                                          {D3DTA_COMPLEMENT | D3DTA_ALPHAREPLICATE, "_BOTH"}};
    std::vector<ArgCase> out;
    for (const auto& [sel, sname] : selectors)
        for (const auto& [mod, mname] : modifiers)
            out.push_back({sel | mod, std::string(sname) + mname});
    return out;
}

Scene argumentScene(uint32_t arg1, uint32_t arg2) {
    Scene scene = randomScene();
    scene.textures[0] = random2D();
    scene.textures[1] = random2D();
    scene.rs(D3DRS_TEXTUREFACTOR) = 0x5a17e3b4;
    scene.tss(0, D3DTSS_COLOROP) = D3DTOP_MODULATE; // TEXTURE * CURRENT(diffuse) -> TEMP
    scene.tss(0, D3DTSS_ALPHAOP) = D3DTOP_ADD;
    scene.tss(0, D3DTSS_ALPHAARG2) = D3DTA_SPECULAR;
    scene.tss(0, D3DTSS_RESULTARG) = D3DTA_TEMP;
    scene.tss(1, D3DTSS_CONSTANT) = 0x7f1e90c3;
    scene.tss(1, D3DTSS_COLOROP) = D3DTOP_SELECTARG1;
    scene.tss(1, D3DTSS_COLORARG1) = arg1;
    scene.tss(1, D3DTSS_ALPHAOP) = D3DTOP_SELECTARG2;
    scene.tss(1, D3DTSS_ALPHAARG2) = arg2;
    return scene;
}

class FfPixelArgument : public testing::TestWithParam<ArgCase> {};
TEST_P(FfPixelArgument, ColorArgMatchesReference) {
    expectMatchesReference(argumentScene(GetParam().arg, D3DTA_DIFFUSE));
}
TEST_P(FfPixelArgument, AlphaArgMatchesReference) {
    expectMatchesReference(argumentScene(D3DTA_DIFFUSE, GetParam().arg));
}
std::string argName(const testing::TestParamInfo<ArgCase>& info) {
    return info.param.name;
}
INSTANTIATE_TEST_SUITE_P(D3DTA, FfPixelArgument, testing::ValuesIn(argCases()), argName);

// The modifiers on known values, independent of the reference: COMPLEMENT 1 - x,
// ALPHAREPLICATE x.aaaa.
TEST(FfPixel, ArgumentModifiersOnKnownValues) {
    Scene scene;
    PixelInputs p;
    p.diffuse = {0.25f, 0.5f, 0.75f, 0.125f};
    scene.pixels = {p, p, p};
    scene.tss(0, D3DTSS_COLOROP) = D3DTOP_SELECTARG1;
    scene.tss(0, D3DTSS_COLORARG1) = D3DTA_DIFFUSE | D3DTA_COMPLEMENT;
    scene.tss(0, D3DTSS_ALPHAOP) = D3DTOP_SELECTARG1;
    scene.tss(0, D3DTSS_ALPHAARG1) = D3DTA_DIFFUSE | D3DTA_COMPLEMENT;
    const Float4 complement = draw(scene).pixel(0);
    EXPECT_EQ(complement, (Float4{0.75f, 0.5f, 0.25f, 0.875f}));
    scene.tss(0, D3DTSS_COLORARG1) = D3DTA_DIFFUSE | D3DTA_ALPHAREPLICATE;
    scene.tss(0, D3DTSS_ALPHAARG1) = D3DTA_DIFFUSE | D3DTA_ALPHAREPLICATE;
    EXPECT_EQ(draw(scene).pixel(0), (Float4{0.125f, 0.125f, 0.125f, 0.125f}));
}

// D3DRS_TEXTUREFACTOR is a D3DCOLOR (0xAARRGGBB).
TEST(FfPixel, TextureFactorIsArgbColor) {
    Scene scene;
    scene.pixels.resize(2);
    scene.rs(D3DRS_TEXTUREFACTOR) = 0x40ff8000;
    scene.tss(0, D3DTSS_COLOROP) = D3DTOP_SELECTARG1;
    scene.tss(0, D3DTSS_COLORARG1) = D3DTA_TFACTOR;
    scene.tss(0, D3DTSS_ALPHAARG1) = D3DTA_TFACTOR;
    EXPECT_EQ(draw(scene).pixel(1), (Float4{1.0f, 128.0f / 255.0f, 0.0f, 64.0f / 255.0f}));
}

// D3DTOP_DISABLE as the colour op of stage 0: the diffuse colour passes.
TEST(FfPixel, DisabledStageZeroOutputsDiffuse) {
    Scene scene = twoStageScene();
    scene.tss(0, D3DTSS_COLOROP) = D3DTOP_DISABLE;
    expectMatchesReference(scene);
    const test::ShaderRunResult result = draw(scene);
    for (uint32_t i = 0; i < scene.pixels.size(); ++i)
        EXPECT_TRUE(near(result.pixel(i), scene.pixels[i].diffuse)) << "pixel " << i;
}

// D3DTOP_DISABLE "disables output from this texture stage and all stages with a higher index".
TEST(FfPixel, StageProcessingStopsAtFirstDisabledColorOp) {
    Scene scene = twoStageScene();
    scene.tss(0, D3DTSS_COLOROP) = D3DTOP_MODULATE;
    scene.tss(1, D3DTSS_COLOROP) = D3DTOP_DISABLE;
    scene.textures[2] = random2D();
    scene.tss(2, D3DTSS_COLOROP) = D3DTOP_ADD;
    scene.tss(2, D3DTSS_ALPHAOP) = D3DTOP_ADD;
    expectMatchesReference(scene);
}

// An alpha op of D3DTOP_DISABLE under an enabled colour op is undefined in D3D9; ours keeps the
// result register's alpha.
TEST(FfPixel, DisabledAlphaOpKeepsAlpha) {
    Scene scene = twoStageScene();
    scene.tss(0, D3DTSS_COLOROP) = D3DTOP_MODULATE;
    scene.tss(0, D3DTSS_ALPHAOP) = D3DTOP_DISABLE;
    expectMatchesReference(scene);
}

// D3DTSS_RESULTARG D3DTA_TEMP: the stage writes the temporary register, CURRENT is untouched;
// TEMP starts at 0.
TEST(FfPixel, ResultArgTempWritesTempRegister) {
    Scene scene = randomScene();
    for (uint32_t s = 0; s < 3; ++s)
        scene.textures[s] = random2D();
    scene.tss(0, D3DTSS_COLOROP) = D3DTOP_ADD; // TEMP(0) + TEXTURE -> TEMP
    scene.tss(0, D3DTSS_COLORARG2) = D3DTA_TEMP;
    scene.tss(0, D3DTSS_ALPHAOP) = D3DTOP_SELECTARG1;
    scene.tss(0, D3DTSS_RESULTARG) = D3DTA_TEMP;
    scene.tss(1, D3DTSS_COLOROP) = D3DTOP_MODULATE; // TEXTURE * CURRENT(diffuse) -> CURRENT
    scene.tss(1, D3DTSS_ALPHAOP) = D3DTOP_SELECTARG2;
    scene.tss(2, D3DTSS_COLOROP) = D3DTOP_LERP; // lerp(TEMP, CURRENT, TEXTURE) -> CURRENT
    scene.tss(2, D3DTSS_COLORARG0) = D3DTA_TEMP;
    scene.tss(2, D3DTSS_COLORARG1) = D3DTA_CURRENT;
    scene.tss(2, D3DTSS_COLORARG2) = D3DTA_TEXTURE;
    scene.tss(2, D3DTSS_ALPHAOP) = D3DTOP_MODULATE;
    scene.tss(2, D3DTSS_ALPHAARG1) = D3DTA_TEMP;
    expectMatchesReference(scene);
}

// D3DRS_SPECULARENABLE adds the specular colour (rgb) after the texture stages.
TEST(FfPixel, SpecularAddAfterStages) {
    Scene scene = twoStageScene();
    scene.tss(0, D3DTSS_COLOROP) = D3DTOP_MODULATE;
    expectMatchesReference(scene);
    scene.rs(D3DRS_SPECULARENABLE) = 1;
    expectMatchesReference(scene);
}

// Eight stages, each combining its own texture with the result so far.
TEST(FfPixel, EightStagesCascade) {
    Scene scene = randomScene();
    const uint32_t ops[8] = {D3DTOP_MODULATE2X, D3DTOP_ADDSIGNED, D3DTOP_BLENDTEXTUREALPHA, D3DTOP_ADDSMOOTH,
                             D3DTOP_MODULATE,   D3DTOP_LERP,      D3DTOP_SUBTRACT,          D3DTOP_ADD};
    for (uint32_t s = 0; s < 8; ++s) {
        scene.textures[s] = random2D();
        scene.tss(s, D3DTSS_COLOROP) = ops[s];
        scene.tss(s, D3DTSS_COLORARG0) = D3DTA_DIFFUSE;
        scene.tss(s, D3DTSS_ALPHAOP) = ops[7 - s];
        scene.tss(s, D3DTSS_ALPHAARG0) = D3DTA_SPECULAR;
    }
    scene.tss(6, D3DTSS_COLORARG1) = D3DTA_CURRENT; // current - texture
    scene.tss(6, D3DTSS_COLORARG2) = D3DTA_TEXTURE | D3DTA_COMPLEMENT;
    expectMatchesReference(scene);
}

// D3DTOP_BUMPENVMAP: stage 0's texel (du, dv) moves stage 1's coordinates by the stage 0
// matrix: u += M00 du + M10 dv, v += M01 du + M11 dv.
Scene bumpScene(uint32_t op) {
    Scene scene = randomScene();
    Texture bump;
    bump.type = FfTextureType::Tex2D;
    bump.width = bump.height = kTexSize;
    const float steps[] = {-1.0f, 0.0f, 1.0f, 2.0f};
    for (uint32_t i = 0; i < kTexSize * kTexSize; ++i)
        bump.texels.push_back({steps[rng()() % 4], steps[rng()() % 4], random01(), random01()});
    scene.textures[0] = bump;
    scene.textures[1] = random2D(8);
    // Offsets land on whole texels of the 8x8 environment map: (du, dv) in {-1, 0, 1, 2} x 1/8.
    scene.tss(0, D3DTSS_COLOROP) = op;
    scene.tss(0, D3DTSS_BUMPENVMAT00) = bits(0.125f);
    scene.tss(0, D3DTSS_BUMPENVMAT01) = bits(0.0f);
    scene.tss(0, D3DTSS_BUMPENVMAT10) = bits(-0.125f);
    scene.tss(0, D3DTSS_BUMPENVMAT11) = bits(0.125f);
    scene.tss(0, D3DTSS_BUMPENVLSCALE) = bits(0.75f);
    scene.tss(0, D3DTSS_BUMPENVLOFFSET) = bits(0.125f);
    scene.tss(0, D3DTSS_ALPHAOP) = D3DTOP_SELECTARG2; // diffuse alpha
    scene.tss(1, D3DTSS_COLOROP) = D3DTOP_MODULATE;   // env texel * current
    scene.tss(1, D3DTSS_ALPHAOP) = D3DTOP_SELECTARG1;
    for (PixelInputs& p : scene.pixels) {
        p.texCoords[1][0] = (float(2 + rng()() % 4) + 0.5f) / 8.0f;
        p.texCoords[1][1] = (float(2 + rng()() % 4) + 0.5f) / 8.0f;
    }
    return scene;
}

TEST(FfPixel, BumpEnvMapPerturbsNextStage) {
    expectMatchesReference(bumpScene(D3DTOP_BUMPENVMAP));
}

// A bump-mapping stage writes nothing, alpha included: its alpha op is ignored (Wine's
// test_texture_blending on Windows: SELECTARG1 of the bump texture, of TEMP, ADD or MODULATE2X
// of the stage constant all leave the diffuse alpha). Stage 1 passes CURRENT's alpha on.
TEST(FfPixel, BumpStagesIgnoreTheirAlphaOp) {
    for (const uint32_t alphaOp :
         {uint32_t(D3DTOP_SELECTARG1), uint32_t(D3DTOP_ADD), uint32_t(D3DTOP_MODULATE2X)}) {
        Scene scene = bumpScene(D3DTOP_BUMPENVMAP);
        scene.tss(0, D3DTSS_ALPHAOP) = alphaOp;
        scene.tss(0, D3DTSS_ALPHAARG1) = D3DTA_TEXTURE;
        scene.tss(0, D3DTSS_ALPHAARG2) = D3DTA_CONSTANT;
        scene.tss(0, D3DTSS_CONSTANT) = 0x40FFFFFF;
        scene.tss(1, D3DTSS_ALPHAARG1) = D3DTA_CURRENT;
        expectMatchesReference(scene);
        const test::ShaderRunResult result = draw(scene);
        for (uint32_t i = 0; i < scene.pixels.size(); ++i)
            EXPECT_NEAR(result.pixel(i)[3], scene.pixels[i].diffuse[3], kTolerance) << "pixel " << i;
    }
}

// D3DTOP_BUMPENVMAPLUMINANCE also scales the next stage's texel by
// saturate(l * BUMPENVLSCALE + BUMPENVLOFFSET).
TEST(FfPixel, BumpEnvMapLuminanceScalesNextTexel) {
    expectMatchesReference(bumpScene(D3DTOP_BUMPENVMAPLUMINANCE));
}

// D3DTTFF_PROJECTED divides the coordinates by the last of the D3DTTFF_COUNTn ones.
class FfPixelProjected : public testing::TestWithParam<uint32_t> {};
TEST_P(FfPixelProjected, DividesByLastCoordinate) {
    Scene scene = randomScene();
    scene.textures[0] = random2D();
    scene.tss(0, D3DTSS_COLOROP) = D3DTOP_SELECTARG1;
    scene.tss(0, D3DTSS_TEXTURETRANSFORMFLAGS) = GetParam() | D3DTTFF_PROJECTED;
    const uint32_t count = GetParam();
    const uint32_t q = count >= 2 && count <= 4 ? count - 1 : 3;
    for (PixelInputs& p : scene.pixels) {
        Float4& c = p.texCoords[0];
        const float divisor = (rng()() % 2) ? 2.0f : 4.0f;
        c = {c[0] * divisor, c[1] * divisor, 7.0f, 9.0f};
        c[q] = divisor;
    }
    expectMatchesReference(scene);
}
INSTANTIATE_TEST_SUITE_P(D3DTTFF, FfPixelProjected, testing::Values(0u, 2u, 3u, 4u), countName);

// D3DTSS_TEXCOORDINDEX is vertex state: by default stage n reads TEXCOORDn; with
// FfTexCoordSource::TexCoordIndex it reads the set the index names.
TEST(FfPixel, TexCoordIndexSelectsSetWhenAsked) {
    Scene scene = randomScene();
    scene.textures[0] = random2D();
    scene.tss(0, D3DTSS_COLOROP) = D3DTOP_SELECTARG1;
    scene.tss(0, D3DTSS_TEXCOORDINDEX) = 5;
    expectMatchesReference(scene);
    scene.options.texCoords = FfTexCoordSource::TexCoordIndex;
    expectMatchesReference(scene);
}

// A stage without a texture reads (0, 0, 0, 1); with COLORARG1 = D3DTA_TEXTURE the stage is
// disabled instead (the reference rasterizer's rules).
TEST(FfPixel, MissingTextureReadsOpaqueBlack) {
    Scene scene = randomScene();
    scene.tss(0, D3DTSS_COLOROP) = D3DTOP_ADD;
    scene.tss(0, D3DTSS_COLORARG1) = D3DTA_DIFFUSE;
    scene.tss(0, D3DTSS_COLORARG2) = D3DTA_TEXTURE | D3DTA_COMPLEMENT;
    scene.tss(0, D3DTSS_ALPHAOP) = D3DTOP_MODULATE;
    scene.tss(0, D3DTSS_ALPHAARG1) = D3DTA_DIFFUSE;
    scene.tss(0, D3DTSS_ALPHAARG2) = D3DTA_TEXTURE;
    expectMatchesReference(scene);
}

TEST(FfPixel, MissingTextureAsColorArg1DisablesStage) {
    Scene scene = randomScene(); // stage 0: MODULATE TEXTURE, CURRENT; no texture
    const test::ShaderRunResult result = draw(scene);
    for (uint32_t i = 0; i < scene.pixels.size(); ++i)
        EXPECT_TRUE(near(result.pixel(i), scene.pixels[i].diffuse)) << "pixel " << i;
}

// Cube and volume textures: the variant declares each stage's sampler with the bound type.
TEST(FfPixel, CubeAndVolumeTexturesSample) {
    Scene scene = randomScene();
    Texture cube;
    cube.type = FfTextureType::Cube;
    cube.width = cube.height = 2;
    for (int i = 0; i < 6 * 4; ++i)
        cube.texels.push_back(randomColor());
    Texture volume;
    volume.type = FfTextureType::Volume;
    volume.width = volume.height = volume.depth = kTexSize;
    for (uint32_t i = 0; i < kTexSize * kTexSize * kTexSize; ++i)
        volume.texels.push_back(randomColor());
    scene.textures[0] = cube;
    scene.textures[1] = random2D();
    scene.textures[2] = volume;
    scene.tss(0, D3DTSS_COLOROP) = D3DTOP_SELECTARG1;
    scene.tss(1, D3DTSS_COLOROP) = D3DTOP_ADD;
    scene.tss(2, D3DTSS_COLOROP) = D3DTOP_MODULATE;
    scene.tss(2, D3DTSS_ALPHAOP) = D3DTOP_ADD;
    for (PixelInputs& p : scene.pixels) {
        // A direction with a clear major axis, pointing at a texel centre of its face.
        Float4 d{0, 0, 0, 0};
        const uint32_t axis = rng()() % 3;
        d[axis] = (rng()() % 2) ? 1.0f : -1.0f;
        d[(axis + 1) % 3] = (rng()() % 2) ? 0.5f : -0.5f;
        d[(axis + 2) % 3] = (rng()() % 2) ? 0.5f : -0.5f;
        p.texCoords[0] = d;
        p.texCoords[2][2] = texelCentre(kTexSize);
    }
    expectMatchesReference(scene);
}

// Alpha test (Alpha Testing State): the pixel is kept when "alpha FUNC ALPHAREF", compared at
// 8 bits; D3DRS_ALPHATESTENABLE off keeps everything.
class FfPixelAlphaTest : public testing::TestWithParam<uint32_t> {};
TEST_P(FfPixelAlphaTest, DiscardsFailingPixels) {
    Scene scene;
    scene.tss(0, D3DTSS_COLOROP) = D3DTOP_SELECTARG1;
    scene.tss(0, D3DTSS_COLORARG1) = D3DTA_DIFFUSE;
    scene.tss(0, D3DTSS_ALPHAARG1) = D3DTA_DIFFUSE;
    scene.rs(D3DRS_ALPHATESTENABLE) = 1;
    scene.rs(D3DRS_ALPHAFUNC) = GetParam();
    scene.rs(D3DRS_ALPHAREF) = 128;
    for (uint32_t a : {0u, 1u, 100u, 127u, 128u, 129u, 200u, 254u, 255u}) {
        PixelInputs p;
        p.diffuse = {0.5f, 0.25f, 0.75f, float(a) / 255.0f};
        scene.pixels.push_back(p);
    }
    expectMatchesReference(scene);
    scene.rs(D3DRS_ALPHATESTENABLE) = 0;
    const test::ShaderRunResult all = draw(scene);
    for (uint32_t i = 0; i < scene.pixels.size(); ++i)
        EXPECT_TRUE(near(all.pixel(i), scene.pixels[i].diffuse)) << "pixel " << i;
}
INSTANTIATE_TEST_SUITE_P(D3DCMP, FfPixelAlphaTest,
                         testing::Values(D3DCMP_NEVER, D3DCMP_LESS, D3DCMP_EQUAL, D3DCMP_LESSEQUAL,
                                         D3DCMP_GREATER, D3DCMP_NOTEQUAL, D3DCMP_GREATEREQUAL, D3DCMP_ALWAYS),
                         cmpName);

// Fog Formulas: C = f Ci + (1 - f) Cfog, f from the vertex (FOGTABLEMODE NONE) or per pixel
// from depth (LINEAR (end - d) / (end - start), EXP 1 / e^(d density), EXP2 1 / e^((d density)^2)).
struct FogCase {
    uint32_t tableMode;
    FfFogDepth depth;
    float start, end, density;
    const char* name;
};
void PrintTo(const FogCase& c, std::ostream* os) {
    *os << c.name;
}

std::string fogName(const testing::TestParamInfo<FogCase>& info) {
    return info.param.name;
}
class FfPixelFog : public testing::TestWithParam<FogCase> {};
TEST_P(FfPixelFog, BlendsTowardsFogColor) {
    const FogCase& c = GetParam();
    Scene scene = twoStageScene();
    scene.tss(0, D3DTSS_COLOROP) = D3DTOP_MODULATE;
    scene.rs(D3DRS_SPECULARENABLE) = 1;
    scene.rs(D3DRS_FOGENABLE) = 1;
    scene.rs(D3DRS_FOGCOLOR) = 0x20c04080;
    scene.rs(D3DRS_FOGTABLEMODE) = c.tableMode;
    scene.rs(D3DRS_FOGSTART) = bits(c.start);
    scene.rs(D3DRS_FOGEND) = bits(c.end);
    scene.rs(D3DRS_FOGDENSITY) = bits(c.density);
    scene.options.tableFogDepth = c.depth;
    scene.pixels[0].fog = -0.5f; // vertex fog factors are clamped
    scene.pixels[1].fog = 1.5f;
    expectMatchesReference(scene, kFogTolerance);
}
INSTANTIATE_TEST_SUITE_P(
    D3DFOG, FfPixelFog,
    testing::Values(FogCase{D3DFOG_NONE, FfFogDepth::Z, 0, 1, 1, "Vertex"},
                    FogCase{D3DFOG_LINEAR, FfFogDepth::Z, 0.25f, 0.75f, 1, "TableLinearZ"},
                    FogCase{D3DFOG_EXP, FfFogDepth::Z, 0, 1, 2.5f, "TableExpZ"},
                    FogCase{D3DFOG_EXP2, FfFogDepth::Z, 0, 1, 1.5f, "TableExp2Z"},
                    FogCase{D3DFOG_LINEAR, FfFogDepth::W, 1.0f, 4.0f, 1, "TableLinearW"},
                    FogCase{D3DFOG_EXP, FfFogDepth::W, 0, 1, 0.5f, "TableExpW"},
                    FogCase{D3DFOG_EXP2, FfFogDepth::W, 0, 1, 0.375f, "TableExp2W"},
                    FogCase{D3DFOG_LINEAR, FfFogDepth::Z, 0.5f, 0.5f, 1, "TableLinearStartIsEnd"}),
    fogName);

TEST(FfPixel, FogDisabledLeavesColor) {
    Scene scene = twoStageScene();
    scene.tss(0, D3DTSS_COLOROP) = D3DTOP_MODULATE;
    scene.rs(D3DRS_FOGTABLEMODE) = D3DFOG_LINEAR;
    scene.rs(D3DRS_FOGCOLOR) = 0xffffffff;
    expectMatchesReference(scene);
}

// D3DRS_SHADEMODE D3DSHADE_FLAT: COLOR0 and COLOR1 take the provoking (first) vertex's value.
TEST(FfPixel, FlatShadingUsesFirstVertexColor) {
    for (uint32_t mode : {uint32_t{D3DSHADE_GOURAUD}, uint32_t{D3DSHADE_FLAT}}) {
        SCOPED_TRACE(mode == D3DSHADE_FLAT ? "flat" : "gouraud");
        state::DeviceState s;
        state::setDefaults(s, {});
        s.renderStates[D3DRS_SHADEMODE] = mode;
        s.textureStageStates[0][D3DTSS_COLOROP] = D3DTOP_DISABLE;
        FfStageTextures types;
        types.fill(FfTextureType::None);

        test::ShaderRun run;
        const FfPixelKey key = ffPixelKey(s, types);
        run.vertexSpirv = vertexStageFor(key);
        run.fragmentSpirv = ffPixelSpirv(key);
        run.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
        run.width = run.height = 8;
        run.vertexCount = 3;
        run.clearColor = kDiscarded;
        const std::vector<Float4> colors = {{1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1}};
        run.attributes.push_back(
            test::VertexAttribute::floats(0, {{-1, -1, 0.5f, 1}, {3, -1, 0.5f, 1}, {-1, 3, 0.5f, 1}}));
        run.attributes.push_back(test::VertexAttribute::floats(1, colors));
        run.attributes.push_back(test::VertexAttribute::floats(2, colors));
        run.attributes.push_back(
            test::VertexAttribute::floats(3, {{1, 0, 0, 0}, {1, 0, 0, 0}, {1, 0, 0, 0}}));
        for (uint32_t t = 0; t < 8; ++t)
            run.attributes.push_back(
                test::VertexAttribute::floats(4 + t, {{0, 0, 0, 1}, {0, 0, 0, 1}, {0, 0, 0, 1}}));
        const FfPixelState block = packFfPixelState(s, types);
        run.ffPixelState.resize(sizeof(block));
        std::memcpy(run.ffPixelState.data(), &block, sizeof(block));
        Scene dummies;
        for (uint32_t st = 0; st < 8; ++st)
            run.textures.push_back(runTexture(st, dummies.textures[st]));

        const test::ShaderRunResult result = test::runShaders(run);
        uint32_t covered = 0, first = 0;
        for (uint32_t y = 0; y < 8; ++y)
            for (uint32_t x = 0; x < 8; ++x) {
                const Float4& px = result.pixel(x, y);
                if (px == kDiscarded) continue;
                ++covered;
                first += px == colors[0] ? 1 : 0;
            }
        EXPECT_EQ(covered, 64u); // the triangle covers the whole target
        if (mode == D3DSHADE_FLAT)
            EXPECT_EQ(first, covered);
        else
            EXPECT_LT(first, covered);
    }
}

} // namespace

// Per-instruction conformance of the ps_1_1..1_4 texture-register instructions (texbem,
// texbeml, bem, texreg2ar/gb/rgb, texm3x2*, texm3x3*, texdp3*, texm3x2depth, texdepth): each
// runs on the device and is compared with the D3D9 reference page's math computed here, the
// lookup it ends in done here too (NEAREST, coordinates kept away from texel edges).
#include <algorithm>
#include <cmath>
#include <cstring>
#include <sstream>

#include "shader/tables.h"
#include "unit/translate/conformance.h"
#include "unit/translate/translate_util.h"

namespace ddivk::shader::test {
namespace {

using ddivk::test::RunTexture;
using Float3 = std::array<float, 3>;

constexpr float kExact = 1e-6f;
constexpr uint32_t kPs0 = abi::kPsSamplerBinding0;

// ---- Textures and their lookups done here ----

// The texel at (x, y, z) of the pattern textures: distinct for coordinates below 8.
Float4 texel(uint32_t x, uint32_t y, uint32_t z = 0) {
    return {0.125f * float(x), 0.125f * float(y), 0.125f * float(z), 0.5f + 0.0625f * float(x + y)};
}

RunTexture dataTexture(uint32_t binding, uint32_t w, uint32_t h, uint32_t d,
                       const std::vector<Float4>& texels) {
    RunTexture t;
    t.binding = binding;
    t.viewType = d == 1 ? VK_IMAGE_VIEW_TYPE_2D : VK_IMAGE_VIEW_TYPE_3D;
    t.width = w;
    t.height = h;
    t.depth = d;
    t.data.resize(texels.size() * sizeof(Float4));
    std::memcpy(t.data.data(), texels.data(), t.data.size());
    return t;
}

// A w x h x d RGBA32F texture of texel() (2D when d is 1, else 3D).
RunTexture patternTexture(uint32_t binding, uint32_t w, uint32_t h, uint32_t d = 1) {
    std::vector<Float4> texels;
    for (uint32_t z = 0; z < d; ++z)
        for (uint32_t y = 0; y < h; ++y)
            for (uint32_t x = 0; x < w; ++x)
                texels.push_back(texel(x, y, z));
    return dataTexture(binding, w, h, d, texels);
}

// The texel NEAREST picks for coordinate u over `size` texels (clamp to edge); fails the test
// when u lies too near a texel edge for the pick to be certain.
uint32_t nearest(float u, uint32_t size) {
    const float t = u * float(size);
    if (t > 0.0f && t < float(size)) {
        const float f = t - std::floor(t);
        EXPECT_TRUE(f > 1e-3f && f < 1.0f - 1e-3f) << "coordinate " << u << " lies on a texel edge";
    }
    return uint32_t(std::clamp(std::floor(t), 0.0f, float(size - 1)));
}

Float4 lookup2D(float u, float v, uint32_t w, uint32_t h) {
    return texel(nearest(u, w), nearest(v, h));
}

Float4 lookup3D(const Float3& c, uint32_t size) {
    return texel(nearest(c[0], size), nearest(c[1], size), nearest(c[2], size));
}

// Cube faces +X, -X, +Y, -Y, +Z, -Z of one texel each, and the face a direction picks.
Float4 faceColor(uint32_t face) {
    return {0.125f * float(face), 1.0f - 0.125f * float(face), 0.25f, 1.0f};
}

RunTexture cubeTexture(uint32_t binding) {
    std::vector<Float4> faces;
    for (uint32_t f = 0; f < 6; ++f)
        faces.push_back(faceColor(f));
    RunTexture t = dataTexture(binding, 1, 1, 1, faces);
    t.viewType = VK_IMAGE_VIEW_TYPE_CUBE;
    return t;
}

Float4 lookupCube(const Float3& d) {
    uint32_t axis = 0;
    for (uint32_t a = 1; a < 3; ++a)
        if (std::fabs(d[a]) > std::fabs(d[axis])) axis = a;
    return faceColor(axis * 2 + (d[axis] < 0 ? 1 : 0));
}

// TranslationKey::samplerDims for stage n: 1 cube, 2 volume.
uint32_t dims(uint32_t stage, uint32_t kind) {
    return kind << (2 * stage);
}

// ---- Vector math of the reference pages ----

float dot3(const Float4& a, const Float3& b) {
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

// _bx2 of a texcoord value already clamped to 0..1 (texcoord t#).
Float3 bx2(const Float4& t) {
    auto c = [](float x) { return 2.0f * std::clamp(x, 0.0f, 1.0f) - 1.0f; };
    return {c(t[0]), c(t[1]), c(t[2])};
}

// 2 * (N.E / N.N) * N - E ("texm3x3spec - ps").
Float3 reflect(const Float3& n, const Float3& e) {
    const float ne = n[0] * e[0] + n[1] * e[1] + n[2] * e[2];
    const float nn = n[0] * n[0] + n[1] * n[1] + n[2] * n[2];
    const float s = 2.0f * ne / nn;
    return {s * n[0] - e[0], s * n[1] - e[1], s * n[2] - e[2]};
}

Float4 scaled(const Float4& v, float s) {
    return {v[0] * s, v[1] * s, v[2] * s, v[3] * s};
}

// ---- Bump mapping: texbem, texbeml, bem ----

// Perturbations (du, dv, luminance) in the stage-0 texture, one texel per row; the matrix moves
// TEXCOORD1 by whole texels of the 8 x 8 stage-1 texture.
const Float4 kBumps[] = {
    {0, 0, 0.5f, 1}, {0.25f, 0, 1, 1}, {0.25f, 0.25f, 0.25f, 1}, {-0.25f, 0.25f, 0.75f, 1}};
constexpr Float4 kBumpMatrix{1.0f, 0.5f, -0.5f, 1.0f}; // BUMPENVMAT00, 01, 10, 11

PixelInputs bumpInputs() {
    PixelInputs in;
    in.texcoords.resize(2);
    for (uint32_t i = 0; i < std::size(kBumps); ++i) {
        in.texcoords[0].push_back({(float(i) + 0.5f) / 4.0f, 0.5f, 0, 1});
        in.texcoords[1].push_back({3.5f / 8.0f, 3.5f / 8.0f, 0, 1});
    }
    return in;
}

// u' = u + M00 du + M10 dv, v' = v + M01 du + M11 dv ("texbem - ps").
Float4 bumpLookup(const Float4& base, const Float4& bump, const Float4& m) {
    const float u = base[0] + m[0] * bump[0] + m[2] * bump[1];
    const float v = base[1] + m[1] * bump[0] + m[3] * bump[1];
    return lookup2D(u, v, 8, 8);
}

void setupBump(ShaderRun& run) {
    run.textures.push_back(
        dataTexture(kPs0, 4, 1, 1, std::vector<Float4>(std::begin(kBumps), std::end(kBumps))));
    run.textures.push_back(patternTexture(kPs0 + 1, 8, 8));
    std::memcpy(run.psSystem.bumpEnvMat[1], kBumpMatrix.data(), sizeof(kBumpMatrix));
}

TEST(TranslateConformance, Ps11TexbemPerturbsTheCoordinatesByTheBumpMatrixOfItsStage) {
    const PixelInputs in = bumpInputs();
    const auto out =
        runPixelShader("ps_1_1\ntex t0\ntexbem t1, t0\nmov r0, t1\n", in, std::size(kBumps), setupBump);
    ASSERT_EQ(out.size(), std::size(kBumps));
    for (size_t i = 0; i < out.size(); ++i)
        EXPECT_TRUE(near(out[i], bumpLookup(in.texcoords[1][i], kBumps[i], kBumpMatrix), kExact, i));
}

// A projected stage (here by w, COUNT4 | PROJECTED) divides TEXCOORD1 before the offset is added:
// coordinates scaled by w pick the texels unscaled ones do (Wine's texbem_test on Windows).
TEST(TranslateConformance, Ps11ProjectedTexbemDividesTheCoordinatesBeforeAddingTheOffset) {
    PixelInputs in = bumpInputs();
    const PixelInputs unscaled = in;
    for (Float4& c : in.texcoords[1])
        c = {c[0] * 4, c[1] * 4, 0, 4};
    TranslationKey key;
    key.projectedDivisors = 3 << 2; // stage 1: by w
    const auto out =
        runPixelShader("ps_1_1\ntex t0\ntexbem t1, t0\nmov r0, t1\n", in, std::size(kBumps), setupBump, key);
    ASSERT_EQ(out.size(), std::size(kBumps));
    for (size_t i = 0; i < out.size(); ++i)
        EXPECT_TRUE(near(out[i], bumpLookup(unscaled.texcoords[1][i], kBumps[i], kBumpMatrix), kExact, i));
}

TEST(TranslateConformance, Ps11TexbemlScalesByLuminanceTimesScalePlusOffsetClamped) {
    const PixelInputs in = bumpInputs();
    const float scale = 1.2f, offset = -0.1f;
    const auto out = runPixelShader("ps_1_1\ntex t0\ntexbeml t1, t0\nmov r0, t1\n", in, std::size(kBumps),
                                    [&](ShaderRun& run) {
                                        setupBump(run);
                                        run.psSystem.bumpEnvLum[1][0] = scale;
                                        run.psSystem.bumpEnvLum[1][1] = offset;
                                    });
    ASSERT_EQ(out.size(), std::size(kBumps));
    for (size_t i = 0; i < out.size(); ++i) {
        const float factor = std::clamp(kBumps[i][2] * scale + offset, 0.0f, 1.0f);
        const Float4 e = scaled(bumpLookup(in.texcoords[1][i], kBumps[i], kBumpMatrix), factor);
        EXPECT_TRUE(near(out[i], e, 1e-5f, i));
    }
}

TEST(TranslateConformance, Ps14BemAddsTheBumpMatrixOfTheDestinationStageTimesSrc1) {
    // bem r2.rg, r0, r1: r0 + BUMPENVMAT(stage 2) * r1.rg; the dependent texld r2, r2 in
    // phase 2 samples stage 2 there.
    PixelInputs in;
    in.texcoords.resize(2);
    const Float4 m{0.5f, -0.5f, 1.0f, 0.5f}; // whole texels for the perturbations of kBumps
    for (const Float4& bump : kBumps) {
        in.texcoords[0].push_back({3.5f / 8.0f, 2.5f / 8.0f, 0, 1});
        in.texcoords[1].push_back(bump);
    }
    auto setup = [&](ShaderRun& run) {
        run.textures.push_back(patternTexture(kPs0 + 2, 8, 8));
        std::memcpy(run.psSystem.bumpEnvMat[2], m.data(), sizeof(m));
    };
    const auto values =
        runPixelShader("ps_1_4\ntexcrd r0.rgb, t0\ntexcrd r1.rgb, t1\nbem r2.rg, r0, r1\nphase\nmov r0, r2\n",
                       in, std::size(kBumps), setup);
    const auto looked = runPixelShader(
        "ps_1_4\ntexcrd r0.rgb, t0\ntexcrd r1.rgb, t1\nbem r2.rg, r0, r1\nphase\ntexld r2, r2\nmov r0, r2\n",
        in, std::size(kBumps), setup);
    ASSERT_EQ(values.size(), std::size(kBumps));
    ASSERT_EQ(looked.size(), std::size(kBumps));
    for (size_t i = 0; i < values.size(); ++i) {
        const Float4& base = in.texcoords[0][i];
        const Float4& b = kBumps[i];
        const float u = base[0] + m[0] * b[0] + m[2] * b[1];
        const float v = base[1] + m[1] * b[0] + m[3] * b[1];
        EXPECT_NEAR(values[i][0], u, kExact) << "row " << i;
        EXPECT_NEAR(values[i][1], v, kExact) << "row " << i;
        EXPECT_TRUE(near(looked[i], lookup2D(u, v, 8, 8), kExact, i));
    }
}

// ---- Dependent reads: texreg2ar, texreg2gb, texreg2rgb ----

// Stage-0 texels whose components are coordinates away from texel edges (of 8 or of 4 texels).
const Float4 kRegData[] = {{0.3f, 0.6f, 0.9f, 0.1f}, {0.8f, 0.05f, 0.45f, 0.55f}, {0.2f, 0.7f, 0.35f, 0.95f}};

PixelInputs regInputs() {
    PixelInputs in;
    in.texcoords.resize(1);
    for (uint32_t i = 0; i < std::size(kRegData); ++i)
        in.texcoords[0].push_back({(float(i) + 0.5f) / 3.0f, 0.5f, 0, 1});
    return in;
}

std::vector<Float4> runReg(const std::string& ps, const RunTexture& stage1, const TranslationKey& key = {}) {
    return runPixelShader(
        ps, regInputs(), std::size(kRegData),
        [&](ShaderRun& run) {
            run.textures.push_back(
                dataTexture(kPs0, 3, 1, 1, std::vector<Float4>(std::begin(kRegData), std::end(kRegData))));
            run.textures.push_back(stage1);
        },
        key);
}

TEST(TranslateConformance, Ps11Texreg2arSamplesAtAlphaRed) {
    const auto out = runReg("ps_1_1\ntex t0\ntexreg2ar t1, t0\nmov r0, t1\n", patternTexture(kPs0 + 1, 8, 8));
    ASSERT_EQ(out.size(), std::size(kRegData));
    for (size_t i = 0; i < out.size(); ++i)
        EXPECT_TRUE(near(out[i], lookup2D(kRegData[i][3], kRegData[i][0], 8, 8), kExact, i));
}

TEST(TranslateConformance, Ps11Texreg2gbSamplesAtGreenBlue) {
    const auto out = runReg("ps_1_1\ntex t0\ntexreg2gb t1, t0\nmov r0, t1\n", patternTexture(kPs0 + 1, 8, 8));
    ASSERT_EQ(out.size(), std::size(kRegData));
    for (size_t i = 0; i < out.size(); ++i)
        EXPECT_TRUE(near(out[i], lookup2D(kRegData[i][1], kRegData[i][2], 8, 8), kExact, i));
}

TEST(TranslateConformance, Ps12Texreg2rgbSamplesAVolumeAtRedGreenBlue) {
    TranslationKey key;
    key.samplerDims = dims(1, 2);
    const auto out =
        runReg("ps_1_2\ntex t0\ntexreg2rgb t1, t0\nmov r0, t1\n", patternTexture(kPs0 + 1, 4, 4, 4), key);
    ASSERT_EQ(out.size(), std::size(kRegData));
    for (size_t i = 0; i < out.size(); ++i)
        EXPECT_TRUE(near(out[i], lookup3D({kRegData[i][0], kRegData[i][1], kRegData[i][2]}, 4), kExact, i));
}

// ---- Matrix rows: texm3x2*, texm3x3*, texdp3* ----

// Per row: TEXCOORD0 (the vector, through texcoord t0 and _bx2) and the matrix rows in
// TEXCOORD1..3 (w: the texm3x3vspec eye vector).
struct MatrixRow {
    Float4 vector;
    Float4 rows[3];
};
const MatrixRow kMatrixRows[] = {
    {{1.0f, 0.5f, 0.75f, 1}, {{0.3f, 0.9f, 0.2f, 0.6f}, {0.1f, 0.5f, 0.6f, 0.2f}, {0.6f, 0.1f, 0.1f, 0.7f}}},
    {{0.75f, 0.75f, 1.0f, 1},
     {{0.2f, 0.1f, 0.3f, -0.3f}, {0.5f, 0.2f, 0.1f, 0.4f}, {0.1f, 0.4f, 0.35f, 0.9f}}},
    {{0.5f, 1.0f, 0.5f, 1},
     {{0.9f, 0.35f, 0.1f, 0.3f}, {0.0f, 0.65f, 0.4f, 0.5f}, {0.3f, 0.15f, 0.8f, 0.1f}}},
};

PixelInputs matrixInputs(uint32_t rowCount) {
    PixelInputs in;
    in.texcoords.resize(1 + rowCount);
    for (const MatrixRow& r : kMatrixRows) {
        in.texcoords[0].push_back(r.vector);
        for (uint32_t k = 0; k < rowCount; ++k)
            in.texcoords[1 + k].push_back(r.rows[k]);
    }
    return in;
}

// The matrix times the _bx2 vector: (u', v', w') of the reference pages.
Float3 product(const MatrixRow& r) {
    const Float3 n = bx2(r.vector);
    return {dot3(r.rows[0], n), dot3(r.rows[1], n), dot3(r.rows[2], n)};
}

TEST(TranslateConformance, Ps11Texm3x2texSamplesAtTheTwoRowProducts) {
    const auto out =
        runPixelShader("ps_1_1\ntexcoord t0\ntexm3x2pad t1, t0_bx2\ntexm3x2tex t2, t0_bx2\nmov r0, t2\n",
                       matrixInputs(2), std::size(kMatrixRows),
                       [](ShaderRun& run) { run.textures.push_back(patternTexture(kPs0 + 2, 8, 8)); });
    ASSERT_EQ(out.size(), std::size(kMatrixRows));
    for (size_t i = 0; i < out.size(); ++i) {
        const Float3 p = product(kMatrixRows[i]);
        EXPECT_TRUE(near(out[i], lookup2D(p[0], p[1], 8, 8), kExact, i));
    }
}

TEST(TranslateConformance, Ps11Texm3x3texSamplesAVolumeAtTheMatrixProduct) {
    TranslationKey key;
    key.samplerDims = dims(3, 2);
    const auto out = runPixelShader(
        "ps_1_1\ntexcoord t0\ntexm3x3pad t1, t0_bx2\ntexm3x3pad t2, t0_bx2\ntexm3x3tex t3, t0_bx2\nmov r0, "
        "t3\n",
        matrixInputs(3), std::size(kMatrixRows),
        [](ShaderRun& run) { run.textures.push_back(patternTexture(kPs0 + 3, 4, 4, 4)); }, key);
    ASSERT_EQ(out.size(), std::size(kMatrixRows));
    for (size_t i = 0; i < out.size(); ++i)
        EXPECT_TRUE(near(out[i], lookup3D(product(kMatrixRows[i]), 4), kExact, i));
}

TEST(TranslateConformance, Ps12Texm3x3WritesTheMatrixProductWithWOne) {
    const auto out = runPixelShader(
        "ps_1_2\ntexcoord t0\ntexm3x3pad t1, t0_bx2\ntexm3x3pad t2, t0_bx2\ntexm3x3 t3, t0_bx2\nmov r0, t3\n",
        matrixInputs(3), std::size(kMatrixRows));
    ASSERT_EQ(out.size(), std::size(kMatrixRows));
    for (size_t i = 0; i < out.size(); ++i) {
        const Float3 p = product(kMatrixRows[i]);
        EXPECT_TRUE(near(out[i], {p[0], p[1], p[2], 1.0f}, 1e-6f, i));
    }
}

TEST(TranslateConformance, Ps11Texm3x3specReflectsTheConstantEyeVector) {
    const Float3 eye{0.2f, 0.3f, 0.4f};
    TranslationKey key;
    key.samplerDims = dims(3, 2);
    const auto out = runPixelShader(
        "ps_1_1\ndef c0, 0.2, 0.3, 0.4, 0\ntexcoord t0\ntexm3x3pad t1, t0_bx2\ntexm3x3pad t2, t0_bx2\n"
        "texm3x3spec t3, t0_bx2, c0\nmov r0, t3\n",
        matrixInputs(3), std::size(kMatrixRows),
        [](ShaderRun& run) { run.textures.push_back(patternTexture(kPs0 + 3, 4, 4, 4)); }, key);
    ASSERT_EQ(out.size(), std::size(kMatrixRows));
    for (size_t i = 0; i < out.size(); ++i)
        EXPECT_TRUE(near(out[i], lookup3D(reflect(product(kMatrixRows[i]), eye), 4), kExact, i));
}

TEST(TranslateConformance, Ps11Texm3x3vspecReflectsTheEyeVectorInTheRowsW) {
    TranslationKey key;
    key.samplerDims = dims(3, 2);
    const std::string ps = "ps_1_1\ntexcoord t0\ntexm3x3pad t1, t0_bx2\ntexm3x3pad t2, t0_bx2\n"
                           "texm3x3vspec t3, t0_bx2\nmov r0, t3\n";
    const auto out = runPixelShader(
        ps, matrixInputs(3), std::size(kMatrixRows),
        [](ShaderRun& run) { run.textures.push_back(patternTexture(kPs0 + 3, 4, 4, 4)); }, key);
    ASSERT_EQ(out.size(), std::size(kMatrixRows));
    for (size_t i = 0; i < out.size(); ++i) {
        const MatrixRow& r = kMatrixRows[i];
        const Float3 eye{r.rows[0][3], r.rows[1][3], r.rows[2][3]};
        EXPECT_TRUE(near(out[i], lookup3D(reflect(product(r), eye), 4), kExact, i));
    }
    // The usual target, a cube map: the reflected vector picks the face.
    key.samplerDims = dims(3, 1);
    const auto cube = runPixelShader(
        ps, matrixInputs(3), std::size(kMatrixRows),
        [](ShaderRun& run) { run.textures.push_back(cubeTexture(kPs0 + 3)); }, key);
    ASSERT_EQ(cube.size(), std::size(kMatrixRows));
    for (size_t i = 0; i < cube.size(); ++i) {
        const MatrixRow& r = kMatrixRows[i];
        const Float3 eye{r.rows[0][3], r.rows[1][3], r.rows[2][3]};
        EXPECT_TRUE(near(cube[i], lookupCube(reflect(product(r), eye)), kExact, i));
    }
}

TEST(TranslateConformance, Ps12Texdp3WritesTheDotProductToEveryComponent) {
    const auto out = runPixelShader("ps_1_2\ntexcoord t0\ntexdp3 t1, t0_bx2\nmov r0, t1\n", matrixInputs(1),
                                    std::size(kMatrixRows));
    ASSERT_EQ(out.size(), std::size(kMatrixRows));
    for (size_t i = 0; i < out.size(); ++i) {
        const float d = product(kMatrixRows[i])[0];
        EXPECT_TRUE(near(out[i], {d, d, d, d}, 1e-6f, i));
    }
}

TEST(TranslateConformance, Ps12Texdp3texSamplesAtTheDotProductAndZero) {
    const auto out = runPixelShader(
        "ps_1_2\ntexcoord t0\ntexdp3tex t1, t0_bx2\nmov r0, t1\n", matrixInputs(1), std::size(kMatrixRows),
        [](ShaderRun& run) { run.textures.push_back(patternTexture(kPs0 + 1, 8, 2)); });
    ASSERT_EQ(out.size(), std::size(kMatrixRows));
    for (size_t i = 0; i < out.size(); ++i)
        EXPECT_TRUE(near(out[i], lookup2D(product(kMatrixRows[i])[0], 0.0f, 8, 2), kExact, i));
}

// ---- Depth replacement: texm3x2depth, texdepth ----

// Runs a pixel shader over one point per row with a depth target; returns each row's depth.
// TEXCOORDn of row i is texcoords[n][i].
std::vector<float> runForDepth(const std::string& psText, const std::vector<std::vector<Float4>>& texcoords) {
    const Translation ps = translateText(psText);
    if (ps.spirv.empty()) return {};
    EXPECT_TRUE(ps.writesDepth);
    std::ostringstream vs, moves;
    vs << "vs_3_0\ndcl_position v0\ndcl_position o0\n";
    moves << "mov o0, v0\n";
    std::vector<uint32_t> sets;
    for (const InterfaceSlot& s : ps.inputs) {
        if (s.location == kBuiltInLocation) continue;
        const uint32_t k = uint32_t(sets.size()) + 1;
        vs << "dcl_texcoord" << unsigned(s.usageIndex) << " v" << k << "\ndcl_texcoord"
           << unsigned(s.usageIndex) << " o" << k << "\n";
        moves << "mov o" << k << ", v" << k << "\n";
        sets.push_back(s.usageIndex);
    }
    const Translation vsT = translateText(vs.str() + moves.str());
    const uint32_t rows = uint32_t(texcoords[0].size());
    ShaderRun run;
    run.vertexSpirv = vsT.spirv;
    run.fragmentSpirv = ps.spirv;
    run.width = rows;
    run.vertexCount = rows;
    run.depthTarget = true;
    std::vector<Float4> positions;
    for (uint32_t i = 0; i < rows; ++i)
        positions.push_back(ddivk::test::pointCentre(i, 0, rows, 1));
    run.attributes.push_back(ddivk::test::VertexAttribute::floats(0, positions));
    for (uint32_t k = 0; k < sets.size(); ++k)
        run.attributes.push_back(ddivk::test::VertexAttribute::floats(k + 1, texcoords.at(sets[k])));
    const auto result = ddivk::test::runShaders(run);
    return result.depth;
}

TEST(TranslateConformance, Ps13Texm3x2depthWritesZOverWOrOneWhenWIsZero) {
    // z = TEXCOORD1.xyz . t0, w = TEXCOORD2.xyz . t0 with t0 = (1, 1, 1) from texcoord.
    struct Row {
        float z, w, depth;
    };
    const Row rows[] = {{0.25f, 0.5f, 0.5f},
                        {0.3f, 0.4f, 0.75f},
                        {0.6f, 0.0f, 1.0f},
                        {0.9f, 0.3f, 1.0f},
                        {-0.2f, 0.5f, 0.0f}};
    std::vector<std::vector<Float4>> coords(3);
    for (const Row& r : rows) {
        coords[0].push_back({1, 1, 1, 1});
        coords[1].push_back({r.z * 0.5f, r.z * 0.25f, r.z * 0.25f, 0});
        coords[2].push_back({r.w * 0.25f, r.w * 0.25f, r.w * 0.5f, 0});
    }
    const auto depth =
        runForDepth("ps_1_3\ntexcoord t0\ntexm3x2pad t1, t0\ntexm3x2depth t2, t0\nmov r0, t0\n", coords);
    ASSERT_EQ(depth.size(), std::size(rows));
    for (size_t i = 0; i < depth.size(); ++i)
        EXPECT_NEAR(depth[i], rows[i].depth, 1e-6f) << "row " << i;
}

TEST(TranslateConformance, Ps14TexdepthWritesROverGOrOneWhenGIsZero) {
    struct Row {
        float r, g, depth;
    };
    const Row rows[] = {{0.3f, 0.6f, 0.5f}, {0.1f, 0.8f, 0.125f}, {0.2f, 0.0f, 1.0f}, {0.9f, 0.45f, 1.0f}};
    std::vector<std::vector<Float4>> coords(1);
    for (const Row& r : rows)
        coords[0].push_back({r.r, r.g, 0.7f, 1});
    const auto depth = runForDepth(
        "ps_1_4\ndef c0, 1, 0, 0, 1\ntexcrd r5.rgb, t0\nphase\ntexdepth r5\nmov r0, c0\n", coords);
    ASSERT_EQ(depth.size(), std::size(rows));
    for (size_t i = 0; i < depth.size(); ++i)
        EXPECT_NEAR(depth[i], rows[i].depth, 1e-6f) << "row " << i;
}

// ---- Malformed sequences ----

TEST(TranslateConformance, Ps11MatrixInstructionsWithoutTheirPadsAreErrors) {
    for (const char* text : {"ps_1_1\ntexcoord t0\ntexm3x3tex t3, t0\n",
                             "ps_1_1\ntexcoord t0\ntexm3x2pad t1, t0\ntexm3x3tex t3, t0\n",
                             "ps_1_1\ntexcoord t0\ntexm3x2pad t1, t0\ntexm3x2pad t2, t0\n"}) {
        EXPECT_FALSE(translate(programFrom(text))) << text;
    }
}

} // namespace
} // namespace ddivk::shader::test

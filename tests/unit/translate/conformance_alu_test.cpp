// Per-instruction conformance of arithmetic instructions: each runs on the device over several
// inputs (edge values included) and is compared with the value computed here on the CPU. The
// D3D9 rules that differ from IEEE are listed, with their sources, in docs/shader-semantics.md;
// each test named there pins its rule.
//
// Tolerances: kExact (0) where the GPU does what the CPU does (moves, selects, compares, exact
// products); kRounding (1e-6, relative above 1) where a few float roundings may differ (fused
// multiply-add, sums of products, division); kTranscendental (1e-5) for exp2/log2/sin/cos/pow,
// well inside what D3D9 requires of them (21 bits for exp/log, 15 for pow, 0.002 for sincos).
#include <algorithm>
#include <bit>
#include <cfloat>
#include <cmath>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "unit/translate/conformance.h"

namespace ddivk::shader::test {
namespace {

constexpr float kExact = 0.0f;
constexpr float kRounding = 1e-6f;
constexpr float kTranscendental = 1e-5f;
constexpr float kInf = INFINITY;
constexpr float kPi = 3.14159265f;

using Rows = std::vector<std::vector<Float4>>; // [row][k]: v(k+1) of a vertex shader, t#/v# of a pixel shader
using Expect = std::function<Float4(const std::vector<Float4>&)>;

Float4 splat(float v) {
    return {v, v, v, v};
}

// The vector whose component c is f(c).
template <typename F> Float4 each(F f) {
    return {f(0), f(1), f(2), f(3)};
}

// vs_3_0 with v1..vN as inputs and the result in o1 (TEXCOORD0).
std::string vs30(size_t inputs, const std::string& body) {
    std::string s = "vs_3_0\ndcl_position v0\n";
    for (size_t k = 1; k <= inputs; ++k)
        s += "dcl_texcoord" + std::to_string(k) + " v" + std::to_string(k) + "\n";
    return s + "dcl_position o0\ndcl_texcoord0 o1\nmov o0, v0\n" + body;
}

// vs_1_1 / vs_2_0 with v1..vN as inputs and the result in oT0.
std::string vsOld(const std::string& version, size_t inputs, const std::string& body) {
    std::string s = version + "\ndcl_position v0\n";
    for (size_t k = 1; k <= inputs; ++k)
        s += "dcl_texcoord" + std::to_string(k) + " v" + std::to_string(k) + "\n";
    return s + "mov oPos, v0\n" + body;
}

// Texture coordinate sets n = 0.. of a pixel shader from rows ([row][n] -> [n][row]).
PixelInputs texcoords(const Rows& rows) {
    PixelInputs in;
    for (size_t i = 0; i < rows.size(); ++i)
        for (size_t n = 0; n < rows[i].size(); ++n) {
            if (in.texcoords.size() <= n) in.texcoords.resize(n + 1);
            in.texcoords[n].push_back(rows[i][n]);
        }
    return in;
}

// Colour inputs v0, v1 of a pixel shader from rows ([row][n] -> [n][row]).
PixelInputs colors(const Rows& rows) {
    PixelInputs in;
    for (size_t i = 0; i < rows.size(); ++i)
        for (size_t n = 0; n < rows[i].size(); ++n) {
            if (in.colors.size() <= n) in.colors.resize(n + 1);
            in.colors[n].push_back(rows[i][n]);
        }
    return in;
}

void expectRows(const std::vector<Float4>& out, const Rows& rows, const Expect& expect, float tolerance,
                const std::string& what = {}) {
    ASSERT_EQ(out.size(), rows.size()) << what;
    for (size_t i = 0; i < rows.size(); ++i)
        EXPECT_TRUE(near(out[i], expect(rows[i]), tolerance, i)) << what;
}

// Runs a vs_3_0 body over the rows and compares with `expect`.
void checkVs30(const std::string& body, const Rows& rows, const Expect& expect, float tolerance,
               const TranslationKey& key = {}, const std::function<void(ShaderRun&)>& setup = {}) {
    const auto out = runVertexShader(vs30(rows.at(0).size(), body), rows, setup, key);
    expectRows(out, rows, expect, tolerance, body);
}

// D3D9's multiply: 0 times anything (infinity and NaN included) is +0.
float legacyMul(float a, float b) {
    return a == 0.0f || b == 0.0f ? 0.0f : a * b;
}

float legacyDot(const Float4& a, const Float4& b, int n) {
    float sum = legacyMul(a[0], b[0]);
    for (int c = 1; c < n; ++c)
        sum += legacyMul(a[c], b[c]);
    return sum;
}

// ---- Moves, adds and multiplies ----

TEST(TranslateConformance, AddInVertexShader30) {
    const std::vector<std::vector<Float4>> rows = {
        {{1, 2, 3, 4}, {10, 20, 30, 40}},
        {{-1, 0.5f, 0, -0}, {1, -0.5f, 0, 0}},
        {{1e30f, -1e30f, 0.25f, 8}, {1e30f, 1e30f, 0.125f, -8}},
    };
    const auto out = runVertexShader(R"(vs_3_0
dcl_position v0
dcl_texcoord0 v1
dcl_texcoord1 v2
dcl_position o0
dcl_texcoord0 o1
mov o0, v0
add o1, v1, v2
)",
                                     rows);
    ASSERT_EQ(out.size(), rows.size());
    for (size_t i = 0; i < rows.size(); ++i) {
        Float4 e;
        for (int c = 0; c < 4; ++c)
            e[c] = rows[i][0][c] + rows[i][1][c];
        EXPECT_TRUE(near(out[i], e, 1e-6f, i));
    }
}

TEST(TranslateConformance, MulInPixelShader20) {
    PixelInputs in;
    in.texcoords = {{{1, 2, 3, 4}, {0, 0, 5, -1}}, {{2, 2, 2, 2}, {INFINITY, 3, 0, 0.5f}}};
    const auto out = runPixelShader("ps_2_0\ndcl t0\ndcl t1\nmul r0, t0, t1\nmov oC0, r0\n", in, 2);
    ASSERT_EQ(out.size(), 2u);
    EXPECT_TRUE(near(out[0], {2, 4, 6, 8}, 1e-6f, 0));
    // 0 * infinity is 0 with the legacy multiply.
    EXPECT_TRUE(near(out[1], {0, 0, 0, -0.5f}, 1e-6f, 1));
}

TEST(TranslateConformance, MovCopiesInfinitiesNegativeZeroAndLargeValues) {
    const Rows rows = {{{kInf, -kInf, -0.0f, 1e38f}}, {{-1, 0.5f, 3e-38f, -7}}};
    const auto out = runVertexShader(vs30(1, "mov o1, v1\n"), rows);
    expectRows(
        out, rows, [](const auto& r) { return r[0]; }, kExact);
}

TEST(TranslateConformance, SubInVertexShader) {
    const Rows rows = {{{1, 2, 3, 4}, {4, 3, 2, 1}}, {{kInf, 0, -0.0f, 1e30f}, {1, -0.0f, 0, -1e30f}}};
    checkVs30(
        "sub o1, v1, v2\n", rows,
        [](const auto& r) { return each([&](int c) { return r[0][c] - r[1][c]; }); }, kExact);
}

TEST(TranslateConformance, MadMultipliesThenAdds) {
    const Rows rows = {{{1, 2, 3, 4}, {0.5f, -2, 3, 0.25f}, {1, 1, -9, 0}},
                       {{0, kInf, -3, 1e20f}, {kInf, 0, -0.5f, 1e20f}, {2, 3, 0, -1e38f}}};
    checkVs30(
        "mad o1, v1, v2, v3\n", rows,
        [](const auto& r) { return each([&](int c) { return legacyMul(r[0][c], r[1][c]) + r[2][c]; }); },
        kRounding);
}

// ---- The legacy multiply (TranslationKey::legacyZeroMul) ----

TEST(TranslateConformance, LegacyMultiplyGivesZeroForZeroTimesInfinityOrNaN) {
    const Rows rows = {{{0, kInf, -0.0f, 2}, {kInf, 0, NAN, 3}, {1, 1, 1, 1}},
                       {{0, 0, 5, -0.0f}, {NAN, -kInf, 2, -kInf}, {-1, 0, 0, 0}}};
    // Every multiplying instruction goes through the legacy multiply.
    checkVs30(
        "mul o1, v1, v2\n", rows,
        [](const auto& r) {
            return Float4{legacyMul(r[0][0], r[1][0]), legacyMul(r[0][1], r[1][1]),
                          legacyMul(r[0][2], r[1][2]), legacyMul(r[0][3], r[1][3])};
        },
        kExact);
    checkVs30(
        "mad o1, v1, v2, v3\n", rows,
        [](const auto& r) { return each([&](int c) { return legacyMul(r[0][c], r[1][c]) + r[2][c]; }); },
        kExact);
    checkVs30(
        "dp3 o1, v1, v2\n", rows, [](const auto& r) { return splat(legacyDot(r[0], r[1], 3)); }, kExact);
    checkVs30(
        "dp4 o1, v1, v2\n", rows, [](const auto& r) { return splat(legacyDot(r[0], r[1], 4)); }, kExact);
}

TEST(TranslateConformance, LegacyMultiplyZeroIsPositive) {
    // Constants straight to the target: interpolated inputs would lose the sign of zero.
    const auto setup = [](ShaderRun& run) {
        const float c0[4] = {-0.0f, 0.0f, -0.0f, 5.0f}, c1[4] = {5.0f, -5.0f, -kInf, -0.0f};
        std::memcpy(run.psConstants.f[0], c0, sizeof(c0));
        std::memcpy(run.psConstants.f[1], c1, sizeof(c1));
    };
    const PixelInputs none;
    const auto control = runPixelShader("ps_3_0\nmov oC0, c0\n", none, 1, setup);
    ASSERT_EQ(control.size(), 1u);
    EXPECT_TRUE(std::signbit(control[0][0])) << "the path to the target keeps -0";
    const auto legacy = runPixelShader("ps_3_0\nmul oC0, c0, c1\n", none, 1, setup);
    ASSERT_EQ(legacy.size(), 1u);
    for (int c = 0; c < 4; ++c)
        EXPECT_EQ(std::bit_cast<uint32_t>(legacy[0][c]), 0u) << "xyzw"[c];
    TranslationKey key;
    key.legacyZeroMul = false;
    const auto ieee = runPixelShader("ps_3_0\nmul oC0, c0, c1\n", none, 1, setup, key);
    ASSERT_EQ(ieee.size(), 1u);
    EXPECT_TRUE(std::signbit(ieee[0][0]) && std::signbit(ieee[0][1]) && std::isnan(ieee[0][2]) &&
                std::signbit(ieee[0][3]));
}

TEST(TranslateConformance, IeeeMultiplyWhenLegacyZeroMulIsOff) {
    TranslationKey key;
    key.legacyZeroMul = false;
    const Rows rows = {{{0, kInf, 2, -0.0f}, {kInf, 0, 3, 4}, {1, 1, 1, 1}}};
    const float nan = NAN;
    checkVs30(
        "mul o1, v1, v2\n", rows,
        [&](const auto&) {
            return Float4{nan, nan, 6, -0.0f};
        },
        kExact, key);
    checkVs30(
        "mad o1, v1, v2, v3\n", rows,
        [&](const auto&) {
            return Float4{nan, nan, 7, 1};
        },
        kExact, key);
    checkVs30(
        "dp3 o1, v1, v2\n", rows, [&](const auto&) { return splat(nan); }, kExact, key);
    // Without a zero factor the result does not depend on the key.
    checkVs30(
        "dp4 o1, v1, v2\n", {{{1, 2, 3, 4}, {4, 3, 2, 1}}}, [](const auto&) { return splat(20); }, kExact,
        key);
}

// ---- Scalar instructions: rcp, rsq, exp, log, expp, logp ----

TEST(TranslateConformance, RcpOfZeroIsPlusInfinity) {
    // One value per row in .x (the replicate swizzle); -0 gives +infinity as well (the rcp page's
    // code compares with 0), and 1 must give exactly 1.
    const float in[] = {0.0f, -0.0f, 1.0f, 2.0f, -4.0f, 1e30f, kInf, -kInf, 3.0f};
    Rows rows;
    for (float v : in)
        rows.push_back({{v, 0, 0, 0}});
    checkVs30(
        "rcp o1, v1.x\n", rows, [](const auto& r) { return splat(r[0][0] == 0 ? kInf : 1.0f / r[0][0]); },
        kRounding);
    // Pixel shader 2.0, source component other than x.
    Rows zRows;
    for (float v : in)
        zRows.push_back({{0, 0, v, 0}});
    const auto out =
        runPixelShader("ps_2_0\ndcl t0\nrcp r0, t0.z\nmov oC0, r0\n", texcoords(zRows), zRows.size());
    ASSERT_EQ(out.size(), std::size(in));
    for (size_t i = 0; i < out.size(); ++i)
        EXPECT_TRUE(near(out[i], splat(in[i] == 0 ? kInf : 1.0f / in[i]), kRounding, i));
    EXPECT_EQ(out[2][0], 1.0f) << "rcp(1) is exactly 1";
}

TEST(TranslateConformance, RsqUsesAbsoluteValueAndRsqOfZeroIsPlusInfinity) {
    const float in[] = {0.0f, -0.0f, 1.0f, 4.0f, -4.0f, 16.0f, -0.25f, kInf, 2.0f};
    Rows rows;
    for (float v : in)
        rows.push_back({{0, v, 0, 0}});
    const auto out = runVertexShader(vs30(1, "rsq o1, v1.y\n"), rows);
    expectRows(
        out, rows,
        [](const auto& r) {
            const float a = std::fabs(r[0][1]);
            return splat(a == 0 ? kInf : 1.0f / std::sqrt(a));
        },
        kRounding);
    ASSERT_EQ(out.size(), rows.size());
    EXPECT_EQ(out[2][0], 1.0f) << "rsq(1) is exactly 1";
}

TEST(TranslateConformance, ExpIsFullPrecisionPowerOfTwo) {
    const float in[] = {0.0f, 1.0f, -1.0f, 10.0f, 0.5f, -126.0f, 200.0f, -kInf, 3.3f};
    Rows rows;
    for (float v : in)
        rows.push_back({{0, 0, 0, v}});
    checkVs30(
        "exp o1, v1.w\n", rows, [](const auto& r) { return splat(std::exp2(r[0][3])); }, kTranscendental);
    checkVs30(
        "mov r0, v1\nexp o1.xz, r0.w\nmov o1.yw, r0.x\n", rows,
        [](const auto& r) {
            const float e = std::exp2(r[0][3]);
            return Float4{e, 0, e, 0};
        },
        kTranscendental);
}

TEST(TranslateConformance, LogUsesAbsoluteValueAndLogOfZeroIsMinusInfinity) {
    const float in[] = {0.0f, -0.0f, 1.0f, -8.0f, 0.25f, 3.0f, -1e30f, kInf, 1e-30f};
    Rows rows;
    for (float v : in)
        rows.push_back({{v, 0, 0, 0}});
    const Expect expect = [](const auto& r) {
        const float a = std::fabs(r[0][0]);
        return splat(a == 0 ? -kInf : std::log2(a));
    };
    checkVs30("log o1, v1.x\n", rows, expect, kTranscendental);
    const auto out =
        runPixelShader("ps_2_0\ndcl t0\nlog r0, t0.x\nmov oC0, r0\n", texcoords(rows), rows.size());
    expectRows(out, rows, expect, kTranscendental, "ps_2_0 log");
}

// logp in vs_1_1: exponent, mantissa in [1, 2), log2 and 1 (the DirectX 8 logp page); of 0:
// (-inf, 1, -inf, 1).
TEST(TranslateConformance, LogpInVertexShader11WritesExponentMantissaLogAndOne) {
    const float in[] = {8.0f, 6.0f, -0.75f, 1.0f, 0.0f, 1e-20f, -3e30f, 0.5f};
    Rows rows;
    for (float v : in)
        rows.push_back({{0, 0, 0, v}});
    const auto out = runVertexShader(vsOld("vs_1_1", 1, "logp r0, v1.w\nmov oT0, r0\n"), rows);
    expectRows(
        out, rows,
        [](const auto& r) -> Float4 {
            const float a = std::fabs(r[0][3]);
            if (a == 0) return {-kInf, 1, -kInf, 1};
            int e = 0;
            const float m = std::frexp(a, &e); // a = m * 2^e, m in [0.5, 1)
            return {float(e - 1), 2 * m, std::log2(a), 1};
        },
        kTranscendental);
}

TEST(TranslateConformance, LogpInVertexShader20IsLogReplicated) {
    const float in[] = {8.0f, -6.0f, 0.0f, 0.3f};
    Rows rows;
    for (float v : in)
        rows.push_back({{v, 0, 0, 0}});
    const auto out = runVertexShader(vsOld("vs_2_0", 1, "logp r0, v1.x\nmov oT0, r0\n"), rows);
    expectRows(
        out, rows,
        [](const auto& r) {
            const float a = std::fabs(r[0][0]);
            return splat(a == 0 ? -kInf : std::log2(a));
        },
        kTranscendental);
}

// expp in vs_1_1: (2^floor(v), v - floor(v), 2^v, 1) (the expp page).
TEST(TranslateConformance, ExppInVertexShader11WritesWholeFractionPowerAndOne) {
    const float in[] = {2.5f, 0.0f, -1.25f, 3.0f, 10.75f, -0.5f};
    Rows rows;
    for (float v : in)
        rows.push_back({{0, v, 0, 0}});
    const auto out = runVertexShader(vsOld("vs_1_1", 1, "expp r0, v1.y\nmov oT0, r0\n"), rows);
    expectRows(
        out, rows,
        [](const auto& r) {
            const float v = r[0][1], f = std::floor(v);
            return Float4{std::exp2(f), v - f, std::exp2(v), 1};
        },
        kTranscendental);
}

TEST(TranslateConformance, ExppInVertexShader20IsPowerOfTwoReplicated) {
    const float in[] = {2.5f, 0.0f, -1.25f, -20.0f};
    Rows rows;
    for (float v : in)
        rows.push_back({{0, 0, v, 0}});
    const auto out = runVertexShader(vsOld("vs_2_0", 1, "expp r0, v1.z\nmov oT0, r0\n"), rows);
    expectRows(
        out, rows, [](const auto& r) { return splat(std::exp2(r[0][2])); }, kTranscendental);
}

// ---- Vector instructions ----

TEST(TranslateConformance, Dp3IgnoresWAndDp4SumsAllFour) {
    const Rows rows = {{{1, 2, 3, 4}, {5, 6, 7, 8}}, {{-1, 0.5f, 0, 1e30f}, {2, -4, 1e30f, 1}}};
    checkVs30(
        "dp3 o1, v1, v2\n", rows, [](const auto& r) { return splat(legacyDot(r[0], r[1], 3)); }, kRounding);
    checkVs30(
        "dp4 o1, v1, v2\n", rows, [](const auto& r) { return splat(legacyDot(r[0], r[1], 4)); }, kRounding);
}

TEST(TranslateConformance, MinAndMaxPerComponent) {
    const Rows rows = {{{1, -2, kInf, 0.5f}, {2, -3, 7, -kInf}},
                       {{1e30f, -1e30f, 4, 4}, {-1e30f, 1e30f, 4, 5}}};
    checkVs30(
        "min o1, v1, v2\n", rows,
        [](const auto& r) { return each([&](int c) { return std::min(r[0][c], r[1][c]); }); }, kExact);
    checkVs30(
        "max o1, v1, v2\n", rows,
        [](const auto& r) { return each([&](int c) { return std::max(r[0][c], r[1][c]); }); }, kExact);
}

TEST(TranslateConformance, SltAndSgeGiveOneOrZeroPerComponent) {
    // Equal values, -0 against 0 (equal), infinities.
    const Rows rows = {{{1, -0.0f, -1, kInf}, {1, 0, 2, 5}}, {{0.5f, -kInf, 3, -2}, {0.25f, -kInf, 3, -3}}};
    checkVs30(
        "slt o1, v1, v2\n", rows,
        [](const auto& r) { return each([&](int c) { return r[0][c] < r[1][c] ? 1.0f : 0.0f; }); }, kExact);
    checkVs30(
        "sge o1, v1, v2\n", rows,
        [](const auto& r) { return each([&](int c) { return r[0][c] >= r[1][c] ? 1.0f : 0.0f; }); }, kExact);
}

// lit (the lit page): (1, max(x, 0), x > 0 && y > 0 ? y^power : 0, 1) with the power src.w
// clamped to +-127.9961.
TEST(TranslateConformance, LitClampsThePowerAndGatesTheSpecularTerm) {
    const Rows rows = {
        {{0.5f, 0.5f, 9, 2}},      // plain: y^2
        {{-0.5f, 0.5f, 9, 2}},     // N.L <= 0: no diffuse, no specular
        {{0.5f, -0.5f, 9, 2}},     // N.H <= 0: no specular
        {{0.5f, 0, 9, 2}},         // N.H = 0
        {{0, 0.5f, 9, 2}},         // N.L = 0
        {{0.8f, 0.99f, 9, 200}},   // power clamped to 127.9961
        {{0.8f, 0.99f, 9, -200}},  // power clamped to -127.9961
        {{0.25f, 0.7f, 9, 0}},     // y^0 = 1
        {{0.25f, 0.7f, 9, -1.5f}}, // negative power
        {{0.25f, kInf, 9, 0}},     // infinity^0 = 1
    };
    for (bool legacy : {true, false}) {
        TranslationKey key;
        key.legacyZeroMul = legacy; // lit's power does not depend on the multiply rule
        const auto out = runVertexShader(vsOld("vs_1_1", 1, "lit r0, v1\nmov oT0, r0\n"), rows, {}, key);
        expectRows(
            out, rows,
            [](const auto& r) {
                const float x = r[0][0], y = r[0][1];
                const float power = std::clamp(r[0][3], -127.9961f, 127.9961f);
                return Float4{1, x > 0 ? x : 0, x > 0 && y > 0 ? std::pow(y, power) : 0, 1};
            },
            kTranscendental, legacy ? "legacy multiply" : "IEEE multiply");
    }
}

TEST(TranslateConformance, DstBuildsTheDistanceVector) {
    // dst = (1, src0.y * src1.y, src0.z, src1.w)
    const Rows rows = {{{9, 2, 4, 9}, {9, 0.5f, 9, 0.25f}}, {{9, 0, -3, 9}, {9, kInf, 9, -1}}};
    const auto out = runVertexShader(vsOld("vs_1_1", 2, "dst r0, v1, v2\nmov oT0, r0\n"), rows);
    expectRows(
        out, rows,
        [](const auto& r) {
            return Float4{1, legacyMul(r[0][1], r[1][1]), r[0][2], r[1][3]};
        },
        kExact);
}

TEST(TranslateConformance, LrpInterpolatesBetweenTheLastTwoSources) {
    // lrp = src0 * (src1 - src2) + src2
    const Rows rows = {{{0.25f, 0, 1, 0.5f}, {4, 4, 4, 4}, {8, 8, 8, -8}},
                       {{2, -1, 0.75f, 0}, {1, 1, -2, kInf}, {0, 0, 2, 3}}};
    const auto out = runVertexShader(vsOld("vs_2_0", 3, "lrp r0, v1, v2, v3\nmov oT0, r0\n"), rows);
    expectRows(
        out, rows,
        [](const auto& r) {
            return each([&](int c) { return legacyMul(r[0][c], r[1][c] - r[2][c]) + r[2][c]; });
        },
        kRounding);
}

TEST(TranslateConformance, FrcIsTheFractionAboveTheFloor) {
    const Rows rows = {{{2.75f, -0.25f, -3, 0}}, {{1e20f, -1e20f, 0.5f, -2.5f}}};
    checkVs30(
        "frc o1, v1\n", rows,
        [](const auto& r) { return each([&](int c) { return r[0][c] - std::floor(r[0][c]); }); }, kExact);
}

TEST(TranslateConformance, MatrixInstructionsDotWithConsecutiveConstants) {
    // c4..c7 are the rows, with an infinity in c7.x that a zero v1.x cancels.
    float rowsC[4][4];
    for (int r = 0; r < 4; ++r)
        for (int k = 0; k < 4; ++k)
            rowsC[r][k] = float(r * 4 + k + 1) * (k % 2 ? -0.5f : 1.0f);
    rowsC[3][0] = kInf;
    const auto setup = [&](ShaderRun& run) { std::memcpy(run.vsConstants.f[4], rowsC, sizeof(rowsC)); };
    const Rows rows = {{{0, 2, 3, 4}}, {{0, 0.5f, -2, 1}}, {{0, 0, 0, 0}}};
    struct Case {
        const char* op;
        const char* mask;
        int size, count;
    };
    for (const Case& c : {Case{"m4x4", "", 4, 4}, Case{"m4x3", ".xyz", 4, 3}, Case{"m3x4", "", 3, 4},
                          Case{"m3x3", ".xyz", 3, 3}, Case{"m3x2", ".xy", 3, 2}}) {
        const std::string body =
            std::string("mov r0, c100\n") + c.op + " r0" + c.mask + ", v1, c4\nmov o1, r0\n";
        checkVs30(
            body, rows,
            [&](const auto& r) {
                Float4 e = {0, 0, 0, 0}; // components outside the mask keep c100 (0)
                for (int k = 0; k < c.count; ++k) {
                    Float4 m = {rowsC[k][0], rowsC[k][1], rowsC[k][2], rowsC[k][3]};
                    e[k] = legacyDot(r[0], m, c.size);
                }
                return e;
            },
            kRounding, {}, setup);
    }
}

TEST(TranslateConformance, MatrixRowsFromDefOverrideTheConstantBlock) {
    const std::string body = "def c4, 1, 0, 0, 5\ndef c5, 0, 2, 0, 6\ndef c6, 0, 0, 3, 7\n"
                             "mov r0, c9\nm3x3 r0.xyz, v1, c4\nmov o1, r0\n";
    const Rows rows = {{{1, 1, 1, 1}}, {{-2, 0.5f, 4, 9}}};
    checkVs30(
        body, rows,
        [](const auto& r) {
            return Float4{r[0][0], 2 * r[0][1], 3 * r[0][2], 42};
        },
        kRounding, {},
        [](ShaderRun& run) {
            for (int n = 4; n <= 6; ++n)
                for (int k = 0; k < 4; ++k)
                    run.vsConstants.f[n][k] = 100.0f; // hidden by the defs
            run.vsConstants.f[9][3] = 42.0f;
        });
}

// pow = |src0|^src1 (the pow page), with the C pow's values at 0: 0^0 = 1, 0^-y = +inf.
TEST(TranslateConformance, PowRaisesTheAbsoluteValueOfTheBase) {
    const std::pair<float, float> in[] = {{2, 3},    {-2, 3},      {0, 2},     {0, 0}, {-0.0f, 0}, {0, -1},
                                          {4, 0.5f}, {-0.25f, -2}, {1, 1e30f}, {3, 0}, {10, -3}};
    Rows rows;
    for (auto [x, y] : in)
        rows.push_back({{x, 0, 0, 0}, {0, y, 0, 0}});
    const Expect expect = [](const auto& r) { return splat(std::pow(std::fabs(r[0][0]), r[1][1])); };
    for (bool legacy : {true, false}) {
        TranslationKey key;
        key.legacyZeroMul = legacy; // pow's definition does not depend on the multiply rule
        checkVs30("pow o1, v1.x, v2.y\n", rows, expect, kTranscendental, key);
    }
    const auto out = runPixelShader("ps_2_0\ndcl t0\ndcl t1\npow r0, t0.x, t1.y\nmov oC0, r0\n",
                                    texcoords(rows), rows.size());
    expectRows(out, rows, expect, kTranscendental, "ps_2_0 pow");
}

TEST(TranslateConformance, CrsIsTheCrossProductOfXyz) {
    const Rows rows = {{{1, 0, 0, 9}, {0, 1, 0, 9}}, {{1, 2, 3, 9}, {-4, 0.5f, 2, 9}}};
    const auto out = runVertexShader(vsOld("vs_2_0", 2, "mov r0, c0\ncrs r0.xyz, v1, v2\nmov oT0, r0\n"),
                                     rows, [](ShaderRun& run) { run.vsConstants.f[0][3] = 7.0f; });
    expectRows(
        out, rows,
        [](const auto& r) {
            const Float4 &a = r[0], &b = r[1];
            return Float4{a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0], 7};
        },
        kRounding);
}

TEST(TranslateConformance, SgnGivesMinusOneZeroOrOne) {
    const Rows rows = {{{3, -2, 0, -0.0f}}, {{kInf, -kInf, 1e-30f, -1e-30f}}};
    const auto out = runVertexShader(vsOld("vs_2_0", 1, "sgn r0, v1, r1, r2\nmov oT0, r0\n"), rows);
    expectRows(
        out, rows,
        [](const auto& r) {
            return each([&](int c) { return r[0][c] > 0 ? 1.0f : (r[0][c] < 0 ? -1.0f : 0.0f); });
        },
        kExact);
}

TEST(TranslateConformance, AbsClearsTheSign) {
    const Rows rows = {{{-3, 2, -0.0f, -kInf}}};
    const auto out = runVertexShader(vsOld("vs_2_0", 1, "abs r0, v1\nmov oT0, r0\n"), rows);
    expectRows(
        out, rows,
        [](const auto&) {
            return Float4{3, 2, 0, kInf};
        },
        kExact);
}

// nrm (the nrm page): every component times 1/length(xyz); a zero xyz uses FLT_MAX for the
// reciprocal, so xyz stay 0 and w is w * FLT_MAX.
TEST(TranslateConformance, NrmOfZeroVectorIsZero) {
    const Rows rows = {
        {{3, 4, 0, 10}}, {{0, 0, 0, 0}}, {{-1, 1, 1, 0.5f}}, {{0, 0, 0, 1e-30f}}, {{0, -2, 0, 0}}};
    const Expect expect = [](const auto& r) {
        const Float4& s = r[0];
        const float lengthSquared = s[0] * s[0] + s[1] * s[1] + s[2] * s[2];
        const float f = lengthSquared == 0 ? FLT_MAX : 1.0f / std::sqrt(lengthSquared);
        return Float4{legacyMul(s[0], f), legacyMul(s[1], f), legacyMul(s[2], f), legacyMul(s[3], f)};
    };
    for (bool legacy : {true, false}) {
        TranslationKey key;
        key.legacyZeroMul = legacy; // 0 * FLT_MAX is 0 either way
        const auto out = runVertexShader(vsOld("vs_2_0", 1, "nrm r0, v1\nmov oT0, r0\n"), rows, {}, key);
        expectRows(out, rows, expect, kRounding, legacy ? "legacy multiply" : "IEEE multiply");
    }
    const auto out =
        runPixelShader("ps_2_0\ndcl t0\nnrm r0, t0\nmov oC0, r0\n", texcoords(rows), rows.size());
    expectRows(out, rows, expect, kRounding, "ps_2_0 nrm");
}

// sincos writes cos to x and sin to y; z is undefined after it and w untouched (the sincos
// pages), so z is not compared.
void checkSincos(const std::vector<Float4>& out, const std::vector<float>& angles, float marker) {
    ASSERT_EQ(out.size(), angles.size());
    for (size_t i = 0; i < angles.size(); ++i) {
        const Float4 e = {std::cos(angles[i]), std::sin(angles[i]), out[i][2], marker};
        EXPECT_TRUE(near(out[i], e, kTranscendental, i)) << "angle " << angles[i];
    }
}

// Angles within [-pi, pi], the range the sincos pages require.
const std::vector<float> kAngles = {0.0f, kPi / 2, -kPi, kPi, 1.0f, -0.5f, 2.5f, -3.0f};

TEST(TranslateConformance, SincosShaderModel2ThreeSourceForm) {
    // The constants the runtime requires in src1 and src2 (D3DSINCOSCONST1, D3DSINCOSCONST2).
    const std::string defs = "def c0, -1.5500992e-006, -2.1701389e-005, 0.0026041667, 0.00026041668\n"
                             "def c1, -0.020833334, -0.125, 1, 0.5\ndef c2, 5, 6, 7, 8\n";
    Rows rows;
    for (float a : kAngles)
        rows.push_back({{0, a, 0, 0}});
    const auto vs = runVertexShader(
        vsOld("vs_2_0", 1, defs + "mov r0, c2\nsincos r0.xy, v1.y, c0, c1\nmov oT0, r0\n"), rows);
    checkSincos(vs, kAngles, 8);
    const auto ps =
        runPixelShader("ps_2_0\ndcl t0\n" + defs + "mov r0, c2\nsincos r0.xy, t0.y, c0, c1\nmov oC0, r0\n",
                       texcoords(rows), rows.size());
    checkSincos(ps, kAngles, 8);
}

TEST(TranslateConformance, SincosShaderModel3OneSourceForm) {
    Rows rows;
    for (float a : kAngles)
        rows.push_back({{0, 0, 0, a}});
    const auto vs =
        runVertexShader(vs30(1, "def c0, 5, 6, 7, 8\nmov r0, c0\nsincos r0.xy, v1.w\nmov o1, r0\n"), rows);
    checkSincos(vs, kAngles, 8);
    const auto ps = runPixelShader(
        "ps_3_0\ndcl_texcoord0 v0\ndef c0, 5, 6, 7, 8\nmov r0, c0\nsincos r0.xy, v0.w\nmov oC0, r0\n",
        texcoords(rows), rows.size());
    checkSincos(ps, kAngles, 8);
    // A single-component mask writes only that component.
    const auto sinOnly =
        runVertexShader(vs30(1, "def c0, 5, 6, 7, 8\nmov r0, c0\nsincos r0.y, v1.w\nmov o1, r0\n"), rows);
    ASSERT_EQ(sinOnly.size(), rows.size());
    for (size_t i = 0; i < rows.size(); ++i)
        EXPECT_NEAR(sinOnly[i][1], std::sin(kAngles[i]), kTranscendental) << "angle " << kAngles[i];
}

// ---- The address register ----

void setIndexedConstants(ShaderRun& run) {
    for (int n = 0; n < 16; ++n) {
        run.vsConstants.f[n][0] = float(n);
        run.vsConstants.f[n][1] = float(n) * 10.0f;
        run.vsConstants.f[n][2] = -float(n);
        run.vsConstants.f[n][3] = 1.0f;
    }
}

TEST(TranslateConformance, MovaRoundsToNearestBeforeRelativeConstantRead) {
    // Halves round away from zero (0.5 -> 1, -1.5 -> -2, 2.5 -> 3).
    const float in[] = {1.4f, 1.6f, -1.4f, -1.6f, 2.0f, 0.49f, 7.51f, 0.5f, -1.5f, 2.5f};
    Rows rows;
    for (float v : in)
        rows.push_back({{v, 0, 0, 0}});
    const auto out = runVertexShader(vsOld("vs_2_0", 1, "mova a0.x, v1.x\nmov oT0, c[a0.x + 2]\n"), rows,
                                     setIndexedConstants);
    expectRows(
        out, rows,
        [](const auto& r) {
            const float n = std::round(r[0][0]) + 2;
            return Float4{n, n * 10, -n, 1};
        },
        kExact);
}

TEST(TranslateConformance, Vs11MovToAddressRegisterFloors) {
    const float in[] = {1.6f, -0.4f, -1.6f, 2.0f, 0.99f, 9.5f};
    Rows rows;
    for (float v : in)
        rows.push_back({{v, 0, 0, 0}});
    const auto out = runVertexShader(vsOld("vs_1_1", 1, "mov a0.x, v1.x\nmov oT0, c[a0.x + 3]\n"), rows,
                                     setIndexedConstants);
    expectRows(
        out, rows,
        [](const auto& r) {
            const float n = std::floor(r[0][0]) + 3;
            return Float4{n, n * 10, -n, 1};
        },
        kExact);
}

// ---- Pixel shader selects: cnd, cmp, dp2add ----

TEST(TranslateConformance, CndPs14ComparesEachComponentWithOneHalf) {
    // r1 from TEXCOORD0 (texcrd is unclamped); 0.5 itself selects src2.
    const Rows rows = {{{0.5f, 0.50001f, 0, 1}}, {{-3, 0.6f, 0.4999f, 2}}};
    const auto out =
        runPixelShader("ps_1_4\ndef c0, 1, 1, 1, 1\ndef c1, -1, -1, -1, -1\ntexcrd r1.rgb, t0.xyw\n"
                       "cnd r0, r1, c0, c1\n",
                       texcoords(rows), rows.size());
    // texcrd writes rgb; the .xyw selector puts w in blue; r1.a stays 0.
    expectRows(
        out, rows,
        [](const auto& r) {
            const float s[4] = {r[0][0], r[0][1], r[0][3], 0};
            return each([&](int c) { return s[c] > 0.5f ? 1.0f : -1.0f; });
        },
        kExact);
}

TEST(TranslateConformance, CndPs11SelectsOnR0Alpha) {
    // v0.a decides for every component: > 0.5 takes v1, otherwise c0.
    const Rows rows = {{{0.1f, 0.2f, 0.3f, 0.75f}, {0.9f, 0.8f, 0.7f, 0.6f}},
                       {{0.1f, 0.2f, 0.3f, 0.5f}, {0.9f, 0.8f, 0.7f, 0.6f}},
                       {{0.1f, 0.2f, 0.3f, 0.25f}, {0.9f, 0.8f, 0.7f, 0.6f}}};
    const auto out = runPixelShader("ps_1_1\ndef c0, 0, 0.25, 0.5, 1\nmov r0, v0\ncnd r0, r0.a, v1, c0\n",
                                    colors(rows), rows.size());
    expectRows(
        out, rows,
        [](const auto& r) {
            return r[0][3] > 0.5f ? r[1] : Float4{0, 0.25f, 0.5f, 1};
        },
        kExact);
}

TEST(TranslateConformance, CmpSelectsOnGreaterOrEqualZeroIncludingNegativeZero) {
    const Rows rows = {{{-0.0f, 0, -1e-30f, kInf}, {1, 2, 3, 4}, {-1, -2, -3, -4}},
                       {{-kInf, 0.5f, -2, 1e-30f}, {1, 2, 3, 4}, {-1, -2, -3, -4}}};
    const Expect expect = [](const auto& r) {
        return each([&](int c) { return r[0][c] >= 0 ? r[1][c] : r[2][c]; });
    };
    const auto ps20 = runPixelShader("ps_2_0\ndcl t0\ndcl t1\ndcl t2\ncmp r0, t0, t1, t2\nmov oC0, r0\n",
                                     texcoords(rows), rows.size());
    expectRows(ps20, rows, expect, kExact, "ps_2_0");
    const auto ps14 =
        runPixelShader("ps_1_4\ntexcrd r0.rgb, t0.xyz\ntexcrd r1.rgb, t1.xyz\ntexcrd r2.rgb, t2.xyz\n"
                       "cmp r0.rgb, r0, r1, r2\n",
                       texcoords(rows), rows.size());
    expectRows(
        ps14, rows,
        [&](const auto& r) {
            Float4 e = expect(r);
            e[3] = 0; // texcrd wrote rgb only
            return e;
        },
        kExact, "ps_1_4");
}

TEST(TranslateConformance, Dp2addAddsTheReplicatedThirdSource) {
    const Rows rows = {{{1, 2, 9, 9}, {3, 4, 9, 9}, {0, 0, 0.5f, 0}},
                       {{0, -1, 9, 9}, {kInf, 2, 9, 9}, {0, 0, -3, 0}}};
    const auto out = runPixelShader("ps_2_0\ndcl t0\ndcl t1\ndcl t2\ndp2add r0, t0, t1, t2.z\nmov oC0, r0\n",
                                    texcoords(rows), rows.size());
    expectRows(
        out, rows, [](const auto& r) { return splat(legacyDot(r[0], r[1], 2) + r[2][2]); }, kRounding);
}

// ---- Derivatives ----

// Over the quad TEXCOORD0 = (x, y) at pixel (x, y). Derivatives are differences within a 2x2
// pixel quad: d(x*x)/dx at any pixel of the quad whose left column is x0 is (x0+1)^2 - x0^2,
// whether the device computes them coarse (per quad) or fine (per row or column).
TEST(TranslateConformance, DsxAndDsyAreScreenSpaceDifferencesWithinAQuad) {
    const uint32_t width = 8, height = 6;
    const auto out =
        runPixelShaderOverQuad("ps_3_0\ndcl_texcoord0 v0\nmul r0, v0.x, v0.x\nmul r1, v0.y, v0.y\n"
                               "dsx r2.x, r0.x\ndsy r2.y, r1.x\ndsx r2.z, v0.y\ndsy r2.w, v0.x\n"
                               "mad r3, v0.x, c0.x, v0.y\ndsx r4, r3\ndsy r5, r3\n"
                               "add r2.zw, r2, r4.xyxy\nadd r2.w, r2.w, r5.x\nmov oC0, r2\n",
                               width, height, [](ShaderRun& run) { run.psConstants.f[0][0] = 3.0f; });
    ASSERT_EQ(out.size(), size_t(width * height));
    for (uint32_t y = 0; y < height; ++y)
        for (uint32_t x = 0; x < width; ++x) {
            const float x0 = float(x & ~1u), y0 = float(y & ~1u);
            // z: d(y)/dx + d(3x + y)/dx = 0 + 3; w: d(x)/dy + d(3x + y)/dx + d(3x + y)/dy = 0 + 3 + 1.
            const Float4 e = {2 * x0 + 1, 2 * y0 + 1, 3, 4};
            EXPECT_TRUE(near(out[y * width + x], e, 1e-4f, y * width + x)) << "pixel " << x << ", " << y;
        }
}

// ---- setp and predicated writes ----

TEST(TranslateConformance, SetpComparesEachComponentEachWay) {
    struct Case {
        const char* op;
        bool (*test)(float, float);
    };
    const Case cases[] = {
        {"gt", [](float a, float b) { return a > b; }},  {"eq", [](float a, float b) { return a == b; }},
        {"ge", [](float a, float b) { return a >= b; }}, {"lt", [](float a, float b) { return a < b; }},
        {"ne", [](float a, float b) { return a != b; }}, {"le", [](float a, float b) { return a <= b; }},
    };
    const Rows rows = {{{1, -0.0f, -1, kInf}, {1, 0, 2, 5}},
                       {{0.5f, -kInf, 3, -2}, {0.25f, -kInf, 3, -3}},
                       {{1e30f, 0, -1e-30f, 7}, {kInf, -0.0f, 0, 7}}};
    for (const Case& c : cases) {
        const std::string text =
            std::string("ps_3_0\ndcl_texcoord0 v0\ndcl_texcoord1 v1\ndef c0, 0, 0, 0, 0\n"
                        "def c1, 1, 1, 1, 1\nmov r0, c0\nsetp_") +
            c.op + " p0, v0, v1\n(p0) mov r0, c1\nmov oC0, r0\n";
        const auto out = runPixelShader(text, texcoords(rows), rows.size());
        expectRows(
            out, rows,
            [&](const auto& r) {
                return each([&](int k) { return c.test(r[0][k], r[1][k]) ? 1.0f : 0.0f; });
            },
            kExact, std::string("setp_") + c.op);
    }
}

TEST(TranslateConformance, PredicatedMovWithReplicatedAndNegatedPredicate) {
    // p0 = v0 > 0 per component; (p0.x) writes xy when p0.x holds, (!p0) writes zw where the
    // component's own predicate does not hold; setp with a mask keeps the other predicate bits.
    const std::string text = "ps_3_0\ndcl_texcoord0 v0\ndef c0, 0, 0, 0, 0\ndef c1, 1, 2, 3, 4\n"
                             "def c2, -1, -1, -1, -1\nsetp_gt p0, v0, c0\nsetp_lt p0.w, c2, c0\n"
                             "mov r0, c0\n(p0.x) mov r0.xy, c1\n(!p0) mov r0.zw, c2\nmov oC0, r0\n";
    const Rows rows = {{{1, -1, 1, -1}}, {{-1, 1, -1, 1}}, {{0, 0, 0, 0}}, {{2, 2, -0.5f, -0.5f}}};
    const auto out = runPixelShader(text, texcoords(rows), rows.size());
    expectRows(
        out, rows,
        [](const auto& r) {
            const bool px = r[0][0] > 0, pz = r[0][2] > 0, pw = true; // p0.w: -1 < 0 set by the second setp
            return Float4{px ? 1.0f : 0.0f, px ? 2.0f : 0.0f, pz ? 0.0f : -1.0f, pw ? 0.0f : -1.0f};
        },
        kExact);
}

// ---- Source modifiers ----

TEST(TranslateConformance, NegateAndAbsoluteSourceModifiers) {
    const Rows rows = {{{-3, 2, -0.0f, kInf}, {1, -1, -5, 0.5f}}};
    checkVs30(
        "add o1, -v1, v2_abs\n", rows,
        [](const auto& r) { return each([&](int c) { return -r[0][c] + std::fabs(r[1][c]); }); }, kExact);
    checkVs30(
        "mov o1, -v1_abs\n", rows,
        [](const auto&) {
            return Float4{-3, -2, 0, -kInf};
        },
        kExact);
}

TEST(TranslateConformance, Ps1SourceModifiersBiasSignedScaleInvertAndNegate) {
    // Colours are 0..1, the range these modifiers are meant for.
    const Rows rows = {{{0, 0.25f, 0.5f, 1}}, {{0.75f, 1, 0.125f, 0.6f}}};
    struct Case {
        const char* src;
        float (*f)(float);
    };
    const Case cases[] = {
        {"v0_bias", [](float v) { return v - 0.5f; }}, {"-v0_bias", [](float v) { return 0.5f - v; }},
        {"v0_bx2", [](float v) { return 2 * v - 1; }}, {"-v0_bx2", [](float v) { return 1 - 2 * v; }},
        {"1-v0", [](float v) { return 1 - v; }},       {"-v0", [](float v) { return -v; }},
    };
    for (const Case& c : cases) {
        const auto out =
            runPixelShader(std::string("ps_1_1\nmov r0, ") + c.src + "\n", colors(rows), rows.size());
        expectRows(
            out, rows, [&](const auto& r) { return each([&](int k) { return c.f(r[0][k]); }); }, kExact,
            c.src);
    }
    // Replicate selectors, with a modifier.
    const auto out =
        runPixelShader("ps_1_1\nmov r0, 1-v0.b\nadd r0.a, r0.a, v0.a\n", colors(rows), rows.size());
    expectRows(
        out, rows,
        [](const auto& r) {
            const float b = 1 - r[0][2];
            return Float4{b, b, b, b + r[0][3]};
        },
        kRounding, "1-v0.b");
}

TEST(TranslateConformance, Ps14ScaleByTwoSourceModifier) {
    const Rows rows = {{{0.25f, -1.5f, 3, 9}}};
    const auto out =
        runPixelShader("ps_1_4\ntexcrd r1.rgb, t0.xyz\nmov r0, r1_x2\nmov r2, -r1_x2\nadd r0.a, r2.g, c0.a\n",
                       texcoords(rows), rows.size());
    // r0 = 2 * (0.25, -1.5, 3, 0); then r0.a = -2 * -1.5 + 0.
    expectRows(
        out, rows,
        [](const auto&) {
            return Float4{0.5f, -3, 6, 3};
        },
        kExact);
}

TEST(TranslateConformance, Ps14TexcrdDwDividesXyByW) {
    const Rows rows = {{{2, 1, 4, 8}}, {{-3, 1.5f, -0.5f, -0.5f}}};
    const auto out = runPixelShader("ps_1_4\ntexcrd r0.rgb, t0_dw.xyw\n", texcoords(rows), rows.size());
    // x/w, y/w; the third component (w) is undefined by D3D9, here it stays w.
    expectRows(
        out, rows,
        [](const auto& r) {
            return Float4{r[0][0] / r[0][3], r[0][1] / r[0][3], r[0][3], 0};
        },
        kExact);
}

// The ps_1_4 texld/texcrd modifier page: x' = y' = 1 when the divisor is 0. Disabled until
// Emitter::applyModifier (registers.cpp) implements it; it divides by zero today.
TEST(TranslateConformance, Ps14TexcrdDzByZeroGivesOne) {
    const Rows rows = {{{2, -3, 0, 8}}};
    const auto out = runPixelShader("ps_1_4\ntexcrd r0.rg, t0_dz.xyz\n", texcoords(rows), rows.size());
    expectRows(
        out, rows,
        [](const auto&) {
            return Float4{1, 1, 0, 0};
        },
        kExact);
}

// ---- Destination modifiers, write masks, swizzles ----

TEST(TranslateConformance, SaturateClampsToZeroOne) {
    const Rows rows = {{{-0.5f, 1.5f, 0.25f, kInf}}, {{-kInf, 1, 0, -0.0f}}};
    const Expect expect = [](const auto& r) {
        return each([&](int c) { return std::clamp(r[0][c], 0.0f, 1.0f); });
    };
    checkVs30("mov_sat o1, v1\n", rows, expect, kExact);
    const auto ps =
        runPixelShader("ps_2_0\ndcl t0\nmov_sat r0, t0\nmov oC0, r0\n", texcoords(rows), rows.size());
    expectRows(ps, rows, expect, kExact, "ps_2_0");
}

TEST(TranslateConformance, Ps1DestinationShiftsScaleBeforeSaturate) {
    const Rows rows = {{{0.1f, 0.3f, 0.6f, 1}}};
    struct Case {
        const char* version;
        const char* mnemonic;
        float scale;
        bool saturate;
    };
    const Case cases[] = {{"ps_1_1", "mov_x2", 2, false},     {"ps_1_1", "mov_x4", 4, false},
                          {"ps_1_1", "mov_d2", 0.5f, false},  {"ps_1_1", "mov_x2_sat", 2, true},
                          {"ps_1_4", "mov_x8", 8, false},     {"ps_1_4", "mov_d4", 0.25f, false},
                          {"ps_1_4", "mov_d8", 0.125f, false}};
    for (const Case& c : cases) {
        const std::string text = std::string(c.version) + "\n" + c.mnemonic + " r0, v0\n";
        const auto out = runPixelShader(text, colors(rows), rows.size());
        expectRows(
            out, rows,
            [&](const auto& r) {
                return each([&](int k) {
                    return c.saturate ? std::min(r[0][k] * c.scale, 1.0f) : r[0][k] * c.scale;
                });
            },
            kExact, c.mnemonic);
    }
}

TEST(TranslateConformance, WriteMaskKeepsTheOtherComponents) {
    const Rows rows = {{{1, 2, 3, 4}, {5, 6, 7, 8}}};
    checkVs30(
        "mov r0, v1\nmov r0.yw, v2\nadd r0.x, r0.x, v2.x\nmov o1, r0\n", rows,
        [](const auto&) {
            return Float4{6, 6, 3, 8};
        },
        kExact);
}

TEST(TranslateConformance, SwizzlesSelectAndReplicate) {
    const Rows rows = {{{1, 2, 3, 4}}};
    checkVs30(
        "mov o1, v1.wzyx\n", rows,
        [](const auto&) {
            return Float4{4, 3, 2, 1};
        },
        kExact);
    checkVs30(
        "mov o1, v1.y\n", rows, [](const auto&) { return splat(2); }, kExact);
    checkVs30(
        "mov o1, v1.xz\n", rows,
        [](const auto&) {
            return Float4{1, 3, 3, 3};
        },
        kExact);
    checkVs30(
        "mov r0, v1\nmov r0.xw, r0.yyzx\nmov o1, r0\n", rows,
        [](const auto&) {
            return Float4{2, 2, 3, 1};
        },
        kExact);
}

// ---- ps_1_x pairs and ranges ----

TEST(TranslateConformance, CoIssuedPairReadsSourcesBeforeEitherWrites) {
    // The alpha half reads r0.r and r0.b as they were before the pair; written one after the
    // other it would see v1's values.
    const Rows rows = {{{0.1f, 0.2f, 0.3f, 0.4f}, {0.9f, 0.8f, 0.7f, 0.6f}}};
    const auto out = runPixelShader("ps_1_1\nmov r0, v0\nmov r0.rgb, v1\n+add r0.a, r0.r, r0.b\n",
                                    colors(rows), rows.size());
    expectRows(
        out, rows,
        [](const auto& r) {
            return Float4{r[1][0], r[1][1], r[1][2], r[0][0] + r[0][2]};
        },
        kRounding);
    // ps_1_4, with the colour half reading what the alpha half writes.
    const auto ps14 = runPixelShader("ps_1_4\nmov r0, v0\nmov r1, v1\nmov r0.rgb, r1.a\n+mov r1.a, r0.g\n"
                                     "add r0.a, r1.a, r0.a\n",
                                     colors(rows), rows.size());
    expectRows(
        ps14, rows,
        [](const auto& r) {
            const float a = r[1][3];
            return Float4{a, a, a, r[0][1] + r[0][3]};
        },
        kRounding, "ps_1_4");
}

TEST(TranslateConformance, Ps1ConstantsAreClampedToMinusOneOne) {
    // From the constant block and from def, in ps_1_1 and ps_1_4; ps_2_0 does not clamp.
    const auto setup = [](ShaderRun& run) {
        const float c0[4] = {3, -3, 0.25f, 1.5f};
        std::memcpy(run.psConstants.f[0], c0, sizeof(c0));
    };
    const Rows one = {{{0, 0, 0, 0}}};
    for (const char* version : {"ps_1_1", "ps_1_4"}) {
        auto out = runPixelShader(std::string(version) + "\nmov r0, c0\n", colors(one), 1, setup);
        expectRows(
            out, one,
            [](const auto&) {
                return Float4{1, -1, 0.25f, 1};
            },
            kExact, version);
        out =
            runPixelShader(std::string(version) + "\ndef c1, 4, -0.75, -8, 1\nmov r0, c1\n", colors(one), 1);
        expectRows(
            out, one,
            [](const auto&) {
                return Float4{1, -0.75f, -1, 1};
            },
            kExact, version);
    }
    const auto ps20 = runPixelShader("ps_2_0\nmov oC0, c0\n", colors(one), 1, setup);
    expectRows(
        ps20, one,
        [](const auto&) {
            return Float4{3, -3, 0.25f, 1.5f};
        },
        kExact, "ps_2_0");
}

TEST(TranslateConformance, Ps2ColourInputsAreSaturated) {
    const Rows rows = {{{-0.5f, 1.5f, 0.25f, 2}}, {{1, 0, kInf, -kInf}}};
    const auto ps20 = runPixelShader("ps_2_0\ndcl v0\nmov oC0, v0\n", colors(rows), rows.size());
    expectRows(
        ps20, rows,
        [](const auto& r) { return each([&](int c) { return std::clamp(r[0][c], 0.0f, 1.0f); }); }, kExact,
        "ps_2_0");
    // ps_3_0 inputs are full-range, whatever their semantic.
    const auto ps30 = runPixelShader("ps_3_0\ndcl_color0 v0\nmov oC0, v0\n", colors(rows), rows.size());
    expectRows(
        ps30, rows, [](const auto& r) { return r[0]; }, kExact, "ps_3_0");
}

} // namespace
} // namespace ddivk::shader::test

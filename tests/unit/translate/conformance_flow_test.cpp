// Conformance of flow control, predicates and relative addressing: each shader runs on the
// device with constants chosen per row, and the result is compared with what the D3D9 rules
// give (computed here).
#include <cmath>

#include "unit/translate/conformance.h"

namespace ddivk::shader::test {
namespace {

// vs_2_x / vs_3_0 boilerplate: v0 is the position, the result goes to TEXCOORD0.
std::string vs30(const std::string& body) {
    return "vs_3_0\ndcl_position v0\ndcl_texcoord0 v1\ndcl_position o0\ndcl_texcoord0 o1\nmov o0, v0\n" + body;
}

// Runs a vs_3_0 body once (one row, v1 = `in`) with integer/bool/float constants set by `setup`.
Float4 runOnce(const std::string& body, const std::function<void(ShaderRun&)>& setup = {}, Float4 in = {0, 0, 0, 0}) {
    const auto out = runVertexShader(vs30(body), {{in}}, setup);
    return out.empty() ? Float4{NAN, NAN, NAN, NAN} : out[0];
}

void setInt(ShaderRun& run, uint32_t n, int x, int y, int z, int w = 0) {
    run.vsConstants.i[n][0] = x;
    run.vsConstants.i[n][1] = y;
    run.vsConstants.i[n][2] = z;
    run.vsConstants.i[n][3] = w;
}

TEST(TranslateConformance, IfElseFollowsBooleanConstants) {
    const std::string body = "if b3\nmov o1, c0.x\nelse\nmov o1, c0.y\nendif\n";
    for (bool value : {false, true}) {
        const Float4 r = runOnce(body, [&](ShaderRun& run) {
            run.vsConstants.f[0][0] = 1.0f;
            run.vsConstants.f[0][1] = 2.0f;
            run.vsConstants.bools = value ? 1u << 3 : 0u;
        });
        const float e = value ? 1.0f : 2.0f;
        EXPECT_TRUE(near(r, {e, e, e, e}, 0.0f)) << "b3 = " << value;
    }
}

TEST(TranslateConformance, DefbOverridesTheConstantBlock) {
    const std::string body = "defb b0, true\nmov o1, c0.y\nif b0\nmov o1, c0.x\nendif\n";
    const Float4 r = runOnce(body, [](ShaderRun& run) {
        run.vsConstants.f[0][0] = 5.0f;
        run.vsConstants.bools = 0; // the block says false; the def says true
    });
    EXPECT_TRUE(near(r, {5, 5, 5, 5}, 0.0f));
}

TEST(TranslateConformance, IfcComparesEachWay) {
    struct Case {
        const char* op;
        bool (*expect)(float, float);
    };
    const Case cases[] = {
        {"gt", [](float a, float b) { return a > b; }}, {"eq", [](float a, float b) { return a == b; }},
        {"ge", [](float a, float b) { return a >= b; }}, {"lt", [](float a, float b) { return a < b; }},
        {"ne", [](float a, float b) { return a != b; }}, {"le", [](float a, float b) { return a <= b; }},
    };
    const std::pair<float, float> operands[] = {{1, 2}, {2, 2}, {3, 2}, {-0.0f, 0.0f}};
    for (const Case& c : cases) {
        const std::string body = std::string("mov o1, c1.y\nifc_") + c.op + " v1.x, v1.y\nmov o1, c1.x\nendif\n";
        std::vector<std::vector<Float4>> rows;
        for (auto [a, b] : operands) rows.push_back({{a, b, 0, 0}});
        const auto out = runVertexShader(vs30(body), rows, [](ShaderRun& run) {
            run.vsConstants.f[1][0] = 1.0f;
            run.vsConstants.f[1][1] = 0.0f;
        });
        ASSERT_EQ(out.size(), rows.size());
        for (size_t i = 0; i < rows.size(); ++i) {
            const float e = c.expect(operands[i].first, operands[i].second) ? 1.0f : 0.0f;
            EXPECT_EQ(out[i][0], e) << "ifc_" << c.op << " " << operands[i].first << ", " << operands[i].second;
        }
    }
}

TEST(TranslateConformance, LoopCountsFromStartByStepInAL) {
    // Sums aL over the iterations through c[aL]: c[k] = k * 10, so the sum is known.
    const std::string body = "mov r0, c200.x\nloop aL, i2\nadd r0, r0, c[aL]\nadd r0.y, r0.y, c200.y\nendloop\n"
                             "mov o1, r0\n";
    struct Case {
        int count, start, step;
    };
    for (const Case& c : {Case{4, 0, 1}, Case{3, 5, 2}, Case{0, 1, 1}, Case{5, 20, -3}}) {
        const Float4 r = runOnce(body, [&](ShaderRun& run) {
            for (int k = 0; k < 100; ++k) run.vsConstants.f[k][0] = float(k) * 10.0f;
            run.vsConstants.f[200][0] = 0.0f;
            run.vsConstants.f[200][1] = 1.0f;
            setInt(run, 2, c.count, c.start, c.step);
        });
        float sum = 0.0f;
        for (int k = 0; k < c.count; ++k) sum += float(c.start + k * c.step) * 10.0f;
        EXPECT_EQ(r[0], sum) << c.count << " iterations from " << c.start << " by " << c.step;
        EXPECT_EQ(r[1], float(c.count)) << "iterations";
    }
}

TEST(TranslateConformance, NestedLoopsRestoreTheOuterAL) {
    // After the inner loop, aL is the outer loop's again: the outer adds c[aL] with aL = 1, 2.
    const std::string body = "mov r0, c200.x\nloop aL, i0\nloop aL, i1\nadd r0.y, r0.y, c[aL].x\nendloop\n"
                             "add r0.x, r0.x, c[aL].x\nendloop\nmov o1, r0\n";
    const Float4 r = runOnce(body, [](ShaderRun& run) {
        for (int k = 0; k < 100; ++k) run.vsConstants.f[k][0] = float(k);
        setInt(run, 0, 2, 1, 1);  // outer: aL = 1, 2
        setInt(run, 1, 3, 50, 1); // inner: aL = 50, 51, 52
    });
    EXPECT_EQ(r[0], 1.0f + 2.0f);
    EXPECT_EQ(r[1], 2.0f * (50.0f + 51.0f + 52.0f));
}

TEST(TranslateConformance, RepCountIsClampedTo255) {
    const std::string body = "mov r0, c200.x\nrep i0\nadd r0, r0, c200.y\nendrep\nmov o1, r0\n";
    for (int count : {0, 1, 7, 255, 1000, -4}) {
        const Float4 r = runOnce(body, [&](ShaderRun& run) {
            run.vsConstants.f[200][0] = 0.0f;
            run.vsConstants.f[200][1] = 1.0f;
            setInt(run, 0, count, 0, 0);
        });
        const float e = float(std::clamp(count, 0, 255));
        EXPECT_EQ(r[0], e) << "rep " << count;
    }
}

TEST(TranslateConformance, BreakBreakcAndBreakpLeaveTheLoop) {
    // Each loop would run 10 times; the break conditions stop it after 3.
    const std::string common = "mov r0, c200.x\nrep i0\nadd r0, r0, c200.y\n";
    const std::string bodies[] = {
        common + "if b0\nifc_ge r0.x, c200.z\nbreak\nendif\nendif\nendrep\nmov o1, r0\n",
        common + "breakc_ge r0.x, c200.z\nendrep\nmov o1, r0\n",
        common + "setp_ge p0.x, r0.x, c200.z\nbreakp p0.x\nendrep\nmov o1, r0\n",
        common + "setp_lt p0.y, r0.x, c200.z\nbreakp !p0.y\nendrep\nmov o1, r0\n",
    };
    for (const std::string& body : bodies) {
        const Float4 r = runOnce(body, [](ShaderRun& run) {
            run.vsConstants.f[200][0] = 0.0f;
            run.vsConstants.f[200][1] = 1.0f;
            run.vsConstants.f[200][2] = 3.0f;
            run.vsConstants.bools = 1;
            setInt(run, 0, 10, 0, 0);
        });
        EXPECT_EQ(r[0], 3.0f) << body;
    }
}

TEST(TranslateConformance, CallCallnzAndEarlyReturn) {
    const std::string body = "mov r0, c200.x\n"
                             "call l1\n"           // r0 += 1
                             "callnz l2, b0\n"     // r0 *= 10 when b0
                             "callnz l2, !b1\n"    // r0 *= 10 when !b1
                             "call l3\n"           // returns early when b2
                             "mov o1, r0\n"
                             "ret\n"
                             "label l1\nadd r0, r0, c200.y\nret\n"
                             "label l2\nmul r0, r0, c200.z\nret\n"
                             "label l3\nif b2\nret\nendif\nadd r0, r0, c200.w\nret\n";
    struct Case {
        uint32_t bools;
        float expect;
    };
    for (const Case& c : {Case{0, 10 + 1000}, Case{1, 100 + 1000}, Case{2, 1 + 1000}, Case{7, 10}}) {
        const Float4 r = runOnce(body, [&](ShaderRun& run) {
            run.vsConstants.f[200][0] = 0.0f;
            run.vsConstants.f[200][1] = 1.0f;
            run.vsConstants.f[200][2] = 10.0f;
            run.vsConstants.f[200][3] = 1000.0f;
            run.vsConstants.bools = c.bools;
        });
        EXPECT_EQ(r[0], c.expect) << "bools " << c.bools;
    }
}

TEST(TranslateConformance, RetInsideIfOfMainSkipsTheRest) {
    // main's ret returns from the program; the outputs written so far still reach the next stage.
    const std::string body = "mov o1, c200.x\nif b0\nret\nendif\nmov o1, c200.y\n";
    for (uint32_t bools : {0u, 1u}) {
        const Float4 r = runOnce(body, [&](ShaderRun& run) {
            run.vsConstants.f[200][0] = 1.0f;
            run.vsConstants.f[200][1] = 2.0f;
            run.vsConstants.bools = bools;
        });
        EXPECT_EQ(r[0], bools ? 1.0f : 2.0f);
    }
}

// Code after an unconditional ret or break is dead, yet it stays inside its loop or if; the
// translation must still be valid SPIR-V (the fuzzer found ret inside a loop refused) and skip it.
TEST(TranslateConformance, CodeAfterUnconditionalRetOrBreakIsSkipped) {
    struct Case {
        const char* body;
        float expect;
    };
    // c200 = (0, 1, 10, 100); i0 runs the loop 3 times.
    const Case cases[] = {
        // ret in the first iteration ends the program: o1 keeps what was written before.
        {"mov o1, c200.x\nmov r0, c200.y\nloop aL, i0\nmov o1, r0\nret\nadd r0, r0, c200.z\nendloop\n"
         "mov o1, c200.w\n",
         1.0f},
        // rep with ret after a write of the counter.
        {"mov r0, c200.x\nrep i0\nadd r0, r0, c200.y\nmov o1, r0\nret\nmov o1, c200.w\nendrep\n", 1.0f},
        // break leaves the loop; the add after it never runs, the code after the loop does.
        {"mov r0, c200.x\nloop aL, i0\nadd r0, r0, c200.y\nbreak\nadd r0, r0, c200.z\nendloop\n"
         "add o1, r0, c200.w\n",
         101.0f},
        // ret inside an if, then more code in the same arm.
        {"mov o1, c200.y\nif b0\nret\nmov o1, c200.z\nendif\nmov o1, c200.w\n", 1.0f},
        // break inside an if inside a loop, then more code in the arm.
        {"mov r0, c200.x\nrep i0\nadd r0, r0, c200.y\nif b0\nbreak\nadd r0, r0, c200.z\nendif\nendrep\n"
         "mov o1, r0\n",
         1.0f},
    };
    for (const Case& c : cases) {
        const Float4 r = runOnce(c.body, [](ShaderRun& run) {
            run.vsConstants.f[200][0] = 0.0f;
            run.vsConstants.f[200][1] = 1.0f;
            run.vsConstants.f[200][2] = 10.0f;
            run.vsConstants.f[200][3] = 100.0f;
            run.vsConstants.bools = 1;
            setInt(run, 0, 3, 0, 1);
        });
        EXPECT_EQ(r[0], c.expect) << c.body;
    }
}

TEST(TranslateConformance, PredicatedWritesPerComponent) {
    // setp compares per component; (p0) writes only where true, (!p0) where false.
    const std::string body = "mov r0, c200.x\nsetp_gt p0, v1, c200.x\n(p0) mov r0, c200.y\n(!p0) add r0, r0, c200.z\n"
                             "mov o1, r0\n";
    const Float4 in = {1, -1, 0, 2};
    const Float4 r = runOnce(
        body,
        [](ShaderRun& run) {
            run.vsConstants.f[200][0] = 0.0f;
            run.vsConstants.f[200][1] = 5.0f;
            run.vsConstants.f[200][2] = 7.0f;
        },
        in);
    EXPECT_TRUE(near(r, {5, 7, 7, 5}, 0.0f));
}

TEST(TranslateConformance, PredicateSwizzleReplicates) {
    const std::string body = "mov r0, c200.x\nsetp_gt p0, v1, c200.x\n(p0.y) mov r0, c200.y\nif p0.w\n"
                             "add r0.w, r0.w, c200.z\nendif\nmov o1, r0\n";
    const Float4 r = runOnce(
        body,
        [](ShaderRun& run) {
            run.vsConstants.f[200][0] = 0.0f;
            run.vsConstants.f[200][1] = 5.0f;
            run.vsConstants.f[200][2] = 7.0f;
        },
        {-1, 1, -1, 1});
    EXPECT_TRUE(near(r, {5, 5, 5, 12}, 0.0f));
}

TEST(TranslateConformance, RelativeConstantsOutOfRangeReadZeroAndDefsWin) {
    // c[a0.x + 2] for a0.x from the input: in range reads the block, def'd registers read the
    // def, out of range reads 0.
    const std::string body = "def c5, 50, 51, 52, 53\nmova a0.x, v1.x\nmov o1, c[a0.x + 2]\n";
    const std::vector<std::vector<Float4>> rows = {{{0, 0, 0, 0}}, {{3, 0, 0, 0}}, {{253, 0, 0, 0}},
                                                   {{254, 0, 0, 0}}, {{-3, 0, 0, 0}}, {{1.6f, 0, 0, 0}}};
    const auto out = runVertexShader(vs30(body), rows, [](ShaderRun& run) {
        for (int k = 0; k < 256; ++k) run.vsConstants.f[k][0] = run.vsConstants.f[k][1] = float(k);
    });
    ASSERT_EQ(out.size(), rows.size());
    EXPECT_EQ(out[0][0], 2.0f);
    EXPECT_EQ(out[1][0], 50.0f); // c5 is def'd
    EXPECT_EQ(out[2][0], 255.0f);
    EXPECT_EQ(out[3][0], 0.0f); // c256: out of range
    EXPECT_EQ(out[4][0], 0.0f); // c-1
    EXPECT_EQ(out[5][0], 4.0f); // mova rounds 1.6 to 2
}

TEST(TranslateConformance, RelativeInputsAndOutputsThroughAL) {
    // vs_3_0: v[aL] reads inputs by number, o[aL] writes outputs by number.
    const std::string text = R"(vs_3_0
dcl_position v0
dcl_texcoord1 v1
dcl_texcoord2 v2
dcl_texcoord3 v3
dcl_position o0
dcl_texcoord0 o1
dcl_texcoord5 o2
dcl_texcoord6 o3
defi i0, 3, 1, 1, 0
mov o0, v0
mov r0, c0.x
loop aL, i0
add r0, r0, v[aL]
mov o[aL + 1], v[aL]
endloop
mov o1, r0
)";
    const std::vector<std::vector<Float4>> rows = {{{1, 2, 3, 4}, {10, 20, 30, 40}, {100, 200, 300, 400}}};
    const auto out = runVertexShader(text, rows);
    ASSERT_EQ(out.size(), 1u);
    EXPECT_TRUE(near(out[0], {111, 222, 333, 444}, 0.0f));
}

TEST(TranslateConformance, PixelShaderLoopWithTexcoordInputs) {
    // ps_3_0: a loop with aL-relative input reads and breakc.
    const std::string text = R"(ps_3_0
dcl_texcoord0 v0
dcl_texcoord1 v1
dcl_texcoord2 v2
defi i0, 3, 0, 1, 0
def c0, 0, 1, 100, 0
mov r0, c0.x
loop aL, i0
add r0, r0, v[aL]
breakc_gt r0.x, c0.z
endloop
mov oC0, r0
)";
    PixelInputs in;
    in.texcoords = {{{1, 1, 1, 1}, {60, 0, 0, 0}}, {{2, 2, 2, 2}, {60, 0, 0, 0}}, {{4, 4, 4, 4}, {60, 0, 0, 0}}};
    const auto out = runPixelShader(text, in, 2);
    ASSERT_EQ(out.size(), 2u);
    EXPECT_TRUE(near(out[0], {7, 7, 7, 7}, 0.0f, 0));
    EXPECT_TRUE(near(out[1], {120, 0, 0, 0}, 0.0f, 1)); // 60 + 60 > 100: breaks before v2
}

TEST(TranslateConformance, VFaceAndVPos) {
    // vPos is the pixel's integer coordinate (D3D9 pixel centres), vFace +1 on front faces
    // (clockwise on screen, as the harness's front face).
    const auto out = runPixelShaderOverQuad(R"(ps_3_0
dcl_texcoord0 v0
dcl vPos.xy
dcl vFace
mov r0.xy, vPos
mov r0.z, vFace
mov r0.w, v0.x
mov oC0, r0
)",
                                            4, 3);
    ASSERT_EQ(out.size(), 12u);
    for (uint32_t y = 0; y < 3; ++y)
        for (uint32_t x = 0; x < 4; ++x) {
            const Float4& p = out[y * 4 + x];
            EXPECT_EQ(p[0], float(x));
            EXPECT_EQ(p[1], float(y));
            EXPECT_EQ(std::fabs(p[2]), 1.0f);
        }
}

} // namespace
} // namespace ddivk::shader::test

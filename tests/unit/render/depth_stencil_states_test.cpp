// Stencil and depth bias through the DP2 door: every D3DSTENCILOP, the fail / zfail / pass
// paths, two-sided stencil by winding, the stencil masks, and DEPTHBIAS / SLOPESCALEDEPTHBIAS
// deciding between coplanar triangles. Stencil values are read back by drawing
// (stencilByDrawing) and expected values derived by hand from the ops.
#include <gtest/gtest.h>

#include <cstring>

#include "unit/render/render_states_fixture.h"

namespace ddivk::test {
namespace {

class StencilStates : public RenderStatesTest {
  protected:
    StencilStates() { depthFormat_ = D3DFMT_D24S8; }

    // Stencil on, depth and colour writes off: draws change only the stencil buffer.
    static void stencilOnly(CommandStream& s) {
        renderState(s, D3DRS_CULLMODE, D3DCULL_NONE);
        renderState(s, D3DRS_ZENABLE, D3DZB_FALSE);
        renderState(s, D3DRS_COLORWRITEENABLE, 0);
        renderState(s, D3DRS_STENCILENABLE, 1);
    }

    // Expects the stencil value want(x, y) at every pixel.
    template <class F> void expectStencil(F want) {
        const std::vector<int> got = stencilByDrawing();
        size_t bad = 0;
        for (uint32_t y = 0; y < kHeight; ++y)
            for (uint32_t x = 0; x < kWidth; ++x)
                if (got[y * kWidth + x] != int(want(x, y)) && bad++ < 5)
                    ADD_FAILURE() << "stencil at (" << x << "," << y << ") is " << got[y * kWidth + x]
                                  << ", want " << int(want(x, y));
        EXPECT_EQ(bad, 0u);
    }
};

// What each D3DSTENCILOP makes of stored value v (the D3DSTENCILOP reference page): SAT ops clamp
// to 0..255, INCR / DECR wrap.
uint32_t applyStencilOp(uint32_t op, uint32_t v, uint32_t ref) {
    switch (op) {
    case D3DSTENCILOP_KEEP:
        return v;
    case D3DSTENCILOP_ZERO:
        return 0;
    case D3DSTENCILOP_REPLACE:
        return ref;
    case D3DSTENCILOP_INCRSAT:
        return v == 255 ? 255 : v + 1;
    case D3DSTENCILOP_DECRSAT:
        return v == 0 ? 0 : v - 1;
    case D3DSTENCILOP_INVERT:
        return ~v & 0xFF;
    case D3DSTENCILOP_INCR:
        return (v + 1) & 0xFF;
    case D3DSTENCILOP_DECR:
        return (v - 1) & 0xFF;
    }
    ADD_FAILURE() << "no rule for D3DSTENCILOP " << op;
    return v;
}

// Columns: the eight ops; rows: stored 0x00, 0xFF and 0x5A (written with REPLACE first).
TEST_F(StencilStates, EveryStencilOpMatchesD3D9) {
    constexpr uint32_t kStart[] = {0x00, 0xFF, 0x5A};
    constexpr uint32_t kRef = 0x33, kColumn = 8, kRow = 16;
    CommandStream s;
    clear(s, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER | D3DCLEAR_STENCIL, 0xFF000000);
    stencilOnly(s);
    renderState(s, D3DRS_STENCILFUNC, D3DCMP_ALWAYS);
    renderState(s, D3DRS_STENCILPASS, D3DSTENCILOP_REPLACE);
    for (uint32_t row = 0; row < 3; ++row) {
        renderState(s, D3DRS_STENCILREF, kStart[row]);
        draw(s, {{0, row * kRow, kWidth, (row + 1) * kRow}});
    }
    renderState(s, D3DRS_STENCILREF, kRef);
    for (uint32_t op = D3DSTENCILOP_KEEP; op <= D3DSTENCILOP_DECR; ++op) {
        renderState(s, D3DRS_STENCILPASS, op);
        const uint32_t x = (op - D3DSTENCILOP_KEEP) * kColumn;
        draw(s, {{x, 0, x + kColumn, kHeight}});
    }
    ASSERT_EQ(run(s), S_OK);
    expectStencil([&](uint32_t x, uint32_t y) {
        return applyStencilOp(D3DSTENCILOP_KEEP + x / kColumn, kStart[y / kRow], kRef);
    });
}

// STENCILFAIL runs where the stencil test fails, STENCILZFAIL where it passes and the depth test
// fails, STENCILPASS where both pass.
TEST_F(StencilStates, FailZFailAndPassOpsFollowTheTestOutcome) {
    CommandStream s;
    clear(s, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER | D3DCLEAR_STENCIL, 0xFF000000, {}, 0.5f, 0x10);
    renderState(s, D3DRS_CULLMODE, D3DCULL_NONE);
    renderState(s, D3DRS_ZWRITEENABLE, 0);
    renderState(s, D3DRS_STENCILENABLE, 1);
    renderState(s, D3DRS_STENCILFAIL, D3DSTENCILOP_ZERO);
    renderState(s, D3DRS_STENCILZFAIL, D3DSTENCILOP_INCR);
    renderState(s, D3DRS_STENCILPASS, D3DSTENCILOP_INVERT);
    renderState(s, D3DRS_STENCILFUNC, D3DCMP_NEVER);
    draw(s, {{0, 0, 16, kHeight}, 0xFFFFFFFF, 0.2f, 0.2f}); // stencil fails: 0
    renderState(s, D3DRS_STENCILFUNC, D3DCMP_ALWAYS);
    draw(s, {{16, 0, 32, kHeight}, 0xFFFFFFFF, 0.8f, 0.8f}); // depth fails: 0x11
    draw(s, {{32, 0, 48, kHeight}, 0xFFFFFFFF, 0.2f, 0.2f}); // both pass: ~0x10 = 0xEF
    ASSERT_EQ(run(s), S_OK);
    expectStencil([](uint32_t x, uint32_t) {
        constexpr uint32_t kColumns[] = {0x00, 0x11, 0xEF, 0x10};
        return kColumns[x / 16];
    });
}

// With TWOSIDEDSTENCILMODE the CCW_STENCIL* states apply to counter-clockwise triangles and the
// STENCIL* states to clockwise ones. The counter-clockwise quad fails CCW_STENCILFUNC NEVER and
// runs CCW_STENCILFAIL REPLACE (5); the clockwise one passes and increments.
TEST_F(StencilStates, TwoSidedModeAppliesTheCcwStatesToCounterClockwiseTriangles) {
    const Box ccw{24, 8, 64, 40}, cw{0, 0, 40, 32};
    CommandStream s;
    clear(s, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER | D3DCLEAR_STENCIL, 0xFF000000);
    stencilOnly(s);
    renderState(s, D3DRS_TWOSIDEDSTENCILMODE, 1);
    renderState(s, D3DRS_STENCILREF, 5);
    renderState(s, D3DRS_STENCILFUNC, D3DCMP_ALWAYS);
    renderState(s, D3DRS_STENCILPASS, D3DSTENCILOP_INCR);
    renderState(s, D3DRS_STENCILFAIL, D3DSTENCILOP_ZERO);
    renderState(s, D3DRS_CCW_STENCILFUNC, D3DCMP_NEVER);
    renderState(s, D3DRS_CCW_STENCILFAIL, D3DSTENCILOP_REPLACE);
    renderState(s, D3DRS_CCW_STENCILPASS, D3DSTENCILOP_ZERO);
    draw(s, {.box = ccw, .counterClockwise = true});
    draw(s, {.box = cw});
    ASSERT_EQ(run(s), S_OK);
    expectStencil([&](uint32_t x, uint32_t y) {
        uint32_t v = 0;
        if (ccw.contains(x, y)) v = 5;
        if (cw.contains(x, y)) v += 1;
        return v;
    });
}

// Without it, both windings use the STENCIL* states (the CCW_* ones would write 0x77).
TEST_F(StencilStates, WithoutTwoSidedModeBothWindingsUseTheClockwiseStates) {
    const Box ccw{24, 8, 64, 40}, cw{0, 0, 40, 32};
    CommandStream s;
    clear(s, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER | D3DCLEAR_STENCIL, 0xFF000000);
    stencilOnly(s);
    renderState(s, D3DRS_STENCILREF, 0x77);
    renderState(s, D3DRS_STENCILPASS, D3DSTENCILOP_INCR);
    renderState(s, D3DRS_CCW_STENCILPASS, D3DSTENCILOP_REPLACE);
    draw(s, {.box = ccw, .counterClockwise = true});
    draw(s, {.box = cw});
    ASSERT_EQ(run(s), S_OK);
    expectStencil([&](uint32_t x, uint32_t y) { return uint32_t(ccw.contains(x, y)) + cw.contains(x, y); });
}

// STENCILMASK masks both sides of the comparison; STENCILWRITEMASK selects the bits written.
// Stored: 0x3C everywhere.
TEST_F(StencilStates, CompareAndWriteMasksSelectTheBitsUsed) {
    CommandStream s;
    clear(s, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER | D3DCLEAR_STENCIL, 0xFF000000, {}, 1.0f, 0x3C);
    stencilOnly(s);
    renderState(s, D3DRS_STENCILFUNC, D3DCMP_EQUAL);
    renderState(s, D3DRS_STENCILREF, 0xAC);
    renderState(s, D3DRS_STENCILFAIL, D3DSTENCILOP_ZERO);
    renderState(s, D3DRS_STENCILPASS, D3DSTENCILOP_INVERT);
    renderState(s, D3DRS_STENCILMASK, 0x0F);
    draw(s, {{0, 0, 32, 24}}); // 0xAC & 0x0F == 0x3C & 0x0F: passes, inverts to 0xC3
    renderState(s, D3DRS_STENCILMASK, 0xFF);
    draw(s, {{32, 0, 64, 24}}); // 0xAC != 0x3C: fails, zero
    renderState(s, D3DRS_STENCILFUNC, D3DCMP_ALWAYS);
    renderState(s, D3DRS_STENCILPASS, D3DSTENCILOP_REPLACE);
    renderState(s, D3DRS_STENCILREF, 0xFF);
    renderState(s, D3DRS_STENCILWRITEMASK, 0x0F);
    draw(s, {{0, 24, 32, 48}}); // low bits from 0xFF, high bits kept: 0x3F
    renderState(s, D3DRS_STENCILPASS, D3DSTENCILOP_INVERT);
    renderState(s, D3DRS_STENCILWRITEMASK, 0xF0);
    draw(s, {{32, 24, 64, 48}}); // high bits of ~0x3C (0xC0), low bits kept (0x0C): 0xCC
    ASSERT_EQ(run(s), S_OK);
    expectStencil([](uint32_t x, uint32_t y) {
        constexpr uint32_t kQuarters[2][2] = {{0xC3, 0x00}, {0x3F, 0xCC}};
        return kQuarters[y / 24][x / 32];
    });
}

// STENCILREF, STENCILMASK and STENCILWRITEMASK are dynamic state: no pipeline per value.
TEST_F(StencilStates, StencilReferenceAndMaskChangesCreateNoPipeline) {
    CommandStream first;
    clear(first, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER | D3DCLEAR_STENCIL, 0xFF000000);
    stencilOnly(first);
    renderState(first, D3DRS_STENCILPASS, D3DSTENCILOP_REPLACE);
    renderState(first, D3DRS_STENCILREF, 1);
    draw(first, {{0, 0, 16, kHeight}});
    ASSERT_EQ(run(first), S_OK);
    const uint64_t created = pipelinesCreated();
    CommandStream s;
    for (uint32_t i = 1; i < 4; ++i) {
        renderState(s, D3DRS_STENCILREF, 1 + i);
        renderState(s, D3DRS_STENCILMASK, 0xFF >> i);
        renderState(s, D3DRS_STENCILWRITEMASK, 0xFF >> (i - 1));
        draw(s, {{i * 16, 0, i * 16 + 16, kHeight}});
    }
    ASSERT_EQ(run(s), S_OK);
    EXPECT_EQ(pipelinesCreated(), created);
    expectStencil([](uint32_t x, uint32_t) { return x / 16 + 1; });
}

// Depth bias, on each depth format's own scale (dynamic_state.cpp converts D3D9's depth-range
// units). Green quads are drawn first; red quads over them pass ZFUNC LESS only when their
// biased depth is nearer.
class DepthBias : public RenderStatesTest, public ::testing::WithParamInterface<uint32_t> {
  protected:
    DepthBias() { depthFormat_ = GetParam(); }

    static constexpr uint32_t kGreen = 0xFF00FF00, kRed = 0xFFFF0000;

    // Clears, sets ZFUNC LESS and draws green `bands` (the boxes the red quads will cover, so
    // both rasterise the same triangles and meet the same interpolated depths).
    void start(CommandStream& s, const std::vector<Box>& bands, float zLeft, float zRight) {
        clear(s, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xFF000000);
        renderState(s, D3DRS_CULLMODE, D3DCULL_NONE);
        renderState(s, D3DRS_ZFUNC, D3DCMP_LESS);
        for (const Box& b : bands)
            draw(s, {b, kGreen, zLeft, zRight});
    }

    static std::vector<Box> columns(uint32_t n) {
        std::vector<Box> boxes;
        for (uint32_t i = 0; i < n; ++i)
            boxes.push_back({i * kWidth / n, 0, (i + 1) * kWidth / n, kHeight});
        return boxes;
    }

    static std::vector<Box> rows(uint32_t n) {
        std::vector<Box> boxes;
        for (uint32_t i = 0; i < n; ++i)
            boxes.push_back({0, i * kHeight / n, kWidth, (i + 1) * kHeight / n});
        return boxes;
    }

    static uint32_t asBits(float f) {
        uint32_t u;
        std::memcpy(&u, &f, 4);
        return u;
    }

    // Expects the target in equal bands of these colours: columns left to right, or rows top
    // to bottom.
    void expectBands(const std::vector<uint32_t>& colours, bool columns) {
        std::vector<uint32_t> want(size_t(kWidth) * kHeight);
        const uint32_t span = (columns ? kWidth : kHeight) / uint32_t(colours.size());
        for (uint32_t y = 0; y < kHeight; ++y)
            for (uint32_t x = 0; x < kWidth; ++x)
                want[y * kWidth + x] = colours[(columns ? x : y) / span];
        EXPECT_TRUE(samePixels(readTarget(), want));
    }
};

// Columns: no bias (the coplanar red quad loses), -0.01 (wins), z 0.515 with -0.02 (wins: the
// bias is more than 3/4 of its D3D9 size), z 0.525 with -0.02 (loses: less than 1.25 times it).
// D3D9's bias is in depth-range units, Windows' drivers apply it as given (Wine's
// test_depthbias); Vulkan scales it by the driver's r, which for a UNORM format may be 2^-n or
// twice that (dynamic_state.cpp).
TEST_P(DepthBias, ConstantBiasIsAppliedAtItsD3D9Size) {
    const std::vector<Box> bands = columns(4);
    CommandStream s;
    start(s, bands, 0.5f, 0.5f);
    const struct {
        float z, bias;
    } cases[] = {{0.5f, 0.0f}, {0.5f, -0.01f}, {0.515f, -0.02f}, {0.525f, -0.02f}};
    for (uint32_t i = 0; i < 4; ++i) {
        renderState(s, D3DRS_DEPTHBIAS, asBits(cases[i].bias));
        draw(s, {bands[i], kRed, cases[i].z, cases[i].z});
    }
    ASSERT_EQ(run(s), S_OK);
    expectBands({kGreen, kRed, kRed, kGreen}, true);
}

// A positive bias pushes a quad away: with ZFUNC LESSEQUAL the coplanar quad wins without it
// and loses with it.
TEST_P(DepthBias, PositiveBiasPushesAQuadBehind) {
    const std::vector<Box> bands = columns(2);
    CommandStream s;
    start(s, bands, 0.5f, 0.5f);
    renderState(s, D3DRS_ZFUNC, D3DCMP_LESSEQUAL);
    draw(s, {bands[0], kRed});
    renderState(s, D3DRS_DEPTHBIAS, asBits(0.01f));
    draw(s, {bands[1], kRed});
    ASSERT_EQ(run(s), S_OK);
    expectBands({kRed, kGreen}, true);
}

// SLOPESCALEDEPTHBIAS multiplies the largest depth slope: 0.6 / 64 per pixel along x here.
// Rows: no bias (loses), scale -1 (wins), raised by 0.004 with -1 (wins), raised by 0.015 with
// -1 (loses): the slope bias is about 0.0094.
TEST_P(DepthBias, SlopeScaledBiasFollowsTheDepthSlope) {
    const std::vector<Box> bands = rows(4);
    CommandStream s;
    start(s, bands, 0.2f, 0.8f);
    const struct {
        float raise, scale;
    } cases[] = {{0.0f, 0.0f}, {0.0f, -1.0f}, {0.004f, -1.0f}, {0.015f, -1.0f}};
    for (uint32_t i = 0; i < 4; ++i) {
        renderState(s, D3DRS_SLOPESCALEDEPTHBIAS, asBits(cases[i].scale));
        draw(s, {bands[i], kRed, 0.2f + cases[i].raise, 0.8f + cases[i].raise});
    }
    ASSERT_EQ(run(s), S_OK);
    expectBands({kGreen, kRed, kRed, kGreen}, false);
}

INSTANTIATE_TEST_SUITE_P(Formats, DepthBias,
                         ::testing::Values(uint32_t(D3DFMT_D16), uint32_t(D3DFMT_D24S8),
                                           uint32_t(D3DFMT_D24X8), uint32_t(D3DFMT_D32F_LOCKABLE)),
                         [](const auto& p) {
                             return p.param == D3DFMT_D16     ? "D16"
                                    : p.param == D3DFMT_D24S8 ? "D24S8"
                                    : p.param == D3DFMT_D24X8 ? "D24X8"
                                                              : "D32F";
                         });

} // namespace
} // namespace ddivk::test

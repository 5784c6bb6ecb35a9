// Blending and colour writes through the DP2 door: every D3DBLEND factor and D3DBLENDOP, the
// BOTHSRCALPHA shorthands, separate alpha blending, the blend factor (dynamic state) and
// COLORWRITEENABLE. Expected pixels come from the D3D9 formulas evaluated here on the CPU
// ("D3DBLEND" and "D3DBLENDOP" reference pages), on an A8R8G8B8 target so alpha is visible.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "unit/render/render_states_fixture.h"

namespace ddivk::test {
namespace {

// r, g, b, a in 0..1.
struct Rgba {
    double c[4];
};

Rgba unpack(uint32_t argb) {
    return {{double((argb >> 16) & 0xFF) / 255.0, double((argb >> 8) & 0xFF) / 255.0,
             double(argb & 0xFF) / 255.0, double(argb >> 24) / 255.0}};
}

uint32_t pack(const Rgba& v) {
    auto q = [](double c) { return uint32_t(std::lround(std::clamp(c, 0.0, 1.0) * 255.0)); };
    return q(v.c[3]) << 24 | q(v.c[0]) << 16 | q(v.c[1]) << 8 | q(v.c[2]);
}

Rgba all(double x) {
    return {{x, x, x, x}};
}

Rgba inverse(const Rgba& v) {
    return {{1 - v.c[0], 1 - v.c[1], 1 - v.c[2], 1 - v.c[3]}};
}

// The blend render states a case sets (D3D9 defaults unless given).
struct BlendStates {
    uint32_t src = D3DBLEND_ONE, dst = D3DBLEND_ZERO, op = D3DBLENDOP_ADD;
    uint32_t separate = 0;
    uint32_t srcAlpha = D3DBLEND_ONE, dstAlpha = D3DBLEND_ZERO, opAlpha = D3DBLENDOP_ADD;
    uint32_t factor = 0xFFFFFFFF; // D3DRS_BLENDFACTOR
};

// The D3DBLEND reference page, row by row.
Rgba factorOf(uint32_t blend, const Rgba& s, const Rgba& d, const Rgba& f) {
    switch (blend) {
    case D3DBLEND_ZERO:
        return all(0);
    case D3DBLEND_ONE:
        return all(1);
    case D3DBLEND_SRCCOLOR:
        return s;
    case D3DBLEND_INVSRCCOLOR:
        return inverse(s);
    case D3DBLEND_SRCALPHA:
        return all(s.c[3]);
    case D3DBLEND_INVSRCALPHA:
        return all(1 - s.c[3]);
    case D3DBLEND_DESTALPHA:
        return all(d.c[3]);
    case D3DBLEND_INVDESTALPHA:
        return all(1 - d.c[3]);
    case D3DBLEND_DESTCOLOR:
        return d;
    case D3DBLEND_INVDESTCOLOR:
        return inverse(d);
    case D3DBLEND_SRCALPHASAT: {
        const double x = std::min(s.c[3], 1 - d.c[3]);
        return {{x, x, x, 1}};
    }
    case D3DBLEND_BLENDFACTOR:
        return f;
    case D3DBLEND_INVBLENDFACTOR:
        return inverse(f);
    }
    ADD_FAILURE() << "no formula for D3DBLEND " << blend;
    return all(0);
}

// The D3DBLENDOP reference page: MIN and MAX ignore the factors.
double applyOp(uint32_t op, double s, double fs, double d, double fd) {
    switch (op) {
    case D3DBLENDOP_ADD:
        return s * fs + d * fd;
    case D3DBLENDOP_SUBTRACT:
        return s * fs - d * fd;
    case D3DBLENDOP_REVSUBTRACT:
        return d * fd - s * fs;
    case D3DBLENDOP_MIN:
        return std::min(s, d);
    case D3DBLENDOP_MAX:
        return std::max(s, d);
    }
    ADD_FAILURE() << "no formula for D3DBLENDOP " << op;
    return 0;
}

// What D3D9 stores when src blends over dst under b.
uint32_t d3d9Blend(const BlendStates& b, uint32_t src, uint32_t dst) {
    const Rgba s = unpack(src), d = unpack(dst), f = unpack(b.factor);
    Rgba out{};
    // Channels [first, last) under one equation; BOTH* source factors set both factors.
    auto blend = [&](uint32_t sf, uint32_t df, uint32_t op, int first, int last) {
        if (sf == D3DBLEND_BOTHSRCALPHA) {
            sf = D3DBLEND_SRCALPHA;
            df = D3DBLEND_INVSRCALPHA;
        } else if (sf == D3DBLEND_BOTHINVSRCALPHA) {
            sf = D3DBLEND_INVSRCALPHA;
            df = D3DBLEND_SRCALPHA;
        }
        const Rgba fs = factorOf(sf, s, d, f), fd = factorOf(df, s, d, f);
        for (int i = first; i < last; ++i)
            out.c[i] = applyOp(op, s.c[i], fs.c[i], d.c[i], fd.c[i]);
    };
    if (b.separate) {
        blend(b.src, b.dst, b.op, 0, 3);
        blend(b.srcAlpha, b.dstAlpha, b.opAlpha, 3, 4);
    } else {
        blend(b.src, b.dst, b.op, 0, 4);
    }
    return pack(out);
}

constexpr uint32_t kSrc = 0x9C5AB43C; // a 0.61, r 0.35, g 0.71, b 0.24
constexpr uint32_t kDst = 0x80C8503A; // a 0.50, r 0.78, g 0.31, b 0.23
constexpr uint32_t kFactor = 0x5A7F30E0;
constexpr uint32_t kCell = 8; // cases draw into 8x8 cells, row by row

class BlendStatesTest : public RenderStatesTest {
  protected:
    BlendStatesTest() { targetFormat_ = D3DFMT_A8R8G8B8; }

    static void setBlendStates(CommandStream& s, const BlendStates& b) {
        renderState(s, D3DRS_ALPHABLENDENABLE, 1);
        renderState(s, D3DRS_SRCBLEND, b.src);
        renderState(s, D3DRS_DESTBLEND, b.dst);
        renderState(s, D3DRS_BLENDOP, b.op);
        renderState(s, D3DRS_SEPARATEALPHABLENDENABLE, b.separate);
        renderState(s, D3DRS_SRCBLENDALPHA, b.srcAlpha);
        renderState(s, D3DRS_DESTBLENDALPHA, b.dstAlpha);
        renderState(s, D3DRS_BLENDOPALPHA, b.opAlpha);
        renderState(s, D3DRS_BLENDFACTOR, b.factor);
    }

    static Box cell(size_t i) {
        const uint32_t x = uint32_t(i % (kWidth / kCell)) * kCell, y = uint32_t(i / (kWidth / kCell)) * kCell;
        return {x, y, x + kCell, y + kCell};
    }

    // Draws kSrc over kDst in one cell per case; every pixel must be the D3D9 result (one step
    // of rounding allowed) in its case's cell and kDst elsewhere.
    void expectBlendCases(const std::vector<BlendStates>& cases) {
        ASSERT_LE(cases.size(), size_t(kWidth / kCell) * (kHeight / kCell));
        CommandStream s;
        clear(s, D3DCLEAR_TARGET, kDst);
        renderState(s, D3DRS_CULLMODE, D3DCULL_NONE);
        std::vector<uint32_t> want(size_t(kWidth) * kHeight, kDst);
        for (size_t i = 0; i < cases.size(); ++i) {
            setBlendStates(s, cases[i]);
            draw(s, {cell(i), kSrc});
            const Box b = cell(i);
            for (uint32_t y = b.y0; y < b.y1; ++y)
                for (uint32_t x = b.x0; x < b.x1; ++x)
                    want[y * kWidth + x] = d3d9Blend(cases[i], kSrc, kDst);
        }
        ASSERT_EQ(run(s), S_OK);
        EXPECT_TRUE(samePixels(readTarget(), want, 1));
    }
};

constexpr uint32_t kFactors[] = {
    D3DBLEND_ZERO,           D3DBLEND_ONE,          D3DBLEND_SRCCOLOR,    D3DBLEND_INVSRCCOLOR,
    D3DBLEND_SRCALPHA,       D3DBLEND_INVSRCALPHA,  D3DBLEND_DESTALPHA,   D3DBLEND_INVDESTALPHA,
    D3DBLEND_DESTCOLOR,      D3DBLEND_INVDESTCOLOR, D3DBLEND_SRCALPHASAT, D3DBLEND_BLENDFACTOR,
    D3DBLEND_INVBLENDFACTOR,
};

TEST_F(BlendStatesTest, EveryBlendFactorFollowsItsD3D9Formula) {
    std::vector<BlendStates> cases;
    for (uint32_t f : kFactors) {
        cases.push_back({.src = f, .dst = D3DBLEND_ZERO, .factor = kFactor});
        cases.push_back({.src = D3DBLEND_ZERO, .dst = f, .factor = kFactor});
    }
    expectBlendCases(cases);
}

TEST_F(BlendStatesTest, EveryBlendOpFollowsItsD3D9Formula) {
    std::vector<BlendStates> cases;
    for (uint32_t op = D3DBLENDOP_ADD; op <= D3DBLENDOP_MAX; ++op) {
        cases.push_back({.src = D3DBLEND_SRCALPHA, .dst = D3DBLEND_INVSRCALPHA, .op = op});
        cases.push_back({.src = D3DBLEND_ONE, .dst = D3DBLEND_ONE, .op = op});
    }
    expectBlendCases(cases);
}

// D3DBLEND_BOTHSRCALPHA: "source (As, As, As, As), destination (1-As, ...); the destination blend
// selection is overridden" (and BOTHINVSRCALPHA the other way round).
TEST_F(BlendStatesTest, BothSrcAlphaOverridesTheDestinationFactor) {
    expectBlendCases({
        {.src = D3DBLEND_BOTHSRCALPHA, .dst = D3DBLEND_ONE},
        {.src = D3DBLEND_BOTHSRCALPHA, .dst = D3DBLEND_ZERO},
        {.src = D3DBLEND_BOTHINVSRCALPHA, .dst = D3DBLEND_ONE},
        {.src = D3DBLEND_BOTHINVSRCALPHA, .dst = D3DBLEND_DESTCOLOR},
    });
}

TEST_F(BlendStatesTest, SeparateAlphaBlendGivesAlphaItsOwnEquation) {
    // The first case sets the alpha states without SEPARATEALPHABLENDENABLE: they are ignored.
    const BlendStates classic{.src = D3DBLEND_SRCALPHA, .dst = D3DBLEND_INVSRCALPHA};
    auto with = [&](uint32_t separate, uint32_t srcAlpha, uint32_t dstAlpha, uint32_t opAlpha) {
        BlendStates b = classic;
        b.separate = separate;
        b.srcAlpha = srcAlpha;
        b.dstAlpha = dstAlpha;
        b.opAlpha = opAlpha;
        return b;
    };
    expectBlendCases({
        with(0, D3DBLEND_ZERO, D3DBLEND_ONE, D3DBLENDOP_ADD),
        with(1, D3DBLEND_ZERO, D3DBLEND_ONE, D3DBLENDOP_ADD),
        with(1, D3DBLEND_ONE, D3DBLEND_ONE, D3DBLENDOP_REVSUBTRACT),
        with(1, D3DBLEND_DESTCOLOR, D3DBLEND_SRCCOLOR, D3DBLENDOP_ADD),
        with(1, D3DBLEND_ONE, D3DBLEND_ONE, D3DBLENDOP_MIN),
        with(1, D3DBLEND_INVBLENDFACTOR, D3DBLEND_ONE, D3DBLENDOP_SUBTRACT),
    });
}

// D3DRS_BLENDFACTOR is dynamic state: changing it between draws creates no pipeline.
TEST_F(BlendStatesTest, BlendFactorChangesCreateNoPipeline) {
    const uint32_t factors[] = {0x80FF4000, 0x20408060, 0xFF00C0FF};
    std::vector<uint32_t> want(size_t(kWidth) * kHeight, kDst);
    uint64_t created = 0;
    for (size_t i = 0; i < std::size(factors); ++i) {
        const BlendStates b{
            .src = D3DBLEND_BLENDFACTOR, .dst = D3DBLEND_INVBLENDFACTOR, .factor = factors[i]};
        CommandStream s;
        if (i == 0) clear(s, D3DCLEAR_TARGET, kDst);
        renderState(s, D3DRS_CULLMODE, D3DCULL_NONE);
        setBlendStates(s, b);
        draw(s, {cell(i), kSrc});
        ASSERT_EQ(run(s), S_OK);
        if (i == 0) created = pipelinesCreated();
        const Box c = cell(i);
        for (uint32_t y = c.y0; y < c.y1; ++y)
            for (uint32_t x = c.x0; x < c.x1; ++x)
                want[y * kWidth + x] = d3d9Blend(b, kSrc, kDst);
    }
    EXPECT_EQ(pipelinesCreated(), created);
    EXPECT_TRUE(samePixels(readTarget(), want, 1));
}

// On a device with extended dynamic state, blending, colour writes and the cull mode are
// dynamic state (draw/dynamic_state.h): draws that differ only in them share the first draw's
// pipeline. With DDIVK_DYNAMIC_PIPELINE_STATE=0 (the render-static-state run) or without the
// extensions each combination is a pipeline of its own. The pixels are the same either way.
TEST_F(BlendStatesTest, BlendAndCullChangesShareOnePipelineWhereTheDeviceHasDynamicState) {
    struct Case {
        bool blend;
        BlendStates states;
        uint32_t cull;
        bool counterClockwise;
        uint32_t writeMask;
    };
    constexpr uint32_t kAll = 0xF;
    const Case cases[] = {
        {false, {}, D3DCULL_NONE, false, kAll},
        {true, {.src = D3DBLEND_ONE, .dst = D3DBLEND_ONE}, D3DCULL_CCW, false, kAll},
        {true, {.src = D3DBLEND_SRCALPHA, .dst = D3DBLEND_INVSRCALPHA}, D3DCULL_CW, true, kAll},
        {false, {}, D3DCULL_CW, false, kAll}, // culled: clockwise under CULL_CW
        {true,
         {.src = D3DBLEND_DESTCOLOR, .dst = D3DBLEND_ZERO, .op = D3DBLENDOP_REVSUBTRACT},
         D3DCULL_NONE,
         true,
         kAll},
        {false, {}, D3DCULL_CCW, true, kAll}, // culled: counter-clockwise under CULL_CCW
        {true,
         {.src = D3DBLEND_ONE, .dst = D3DBLEND_ONE, .op = D3DBLENDOP_MAX},
         D3DCULL_NONE,
         false,
         D3DCOLORWRITEENABLE_RED | D3DCOLORWRITEENABLE_ALPHA},
    };
    std::vector<uint32_t> want(size_t(kWidth) * kHeight, kDst);
    uint64_t afterFirst = 0;
    for (size_t i = 0; i < std::size(cases); ++i) {
        const Case& c = cases[i];
        CommandStream s;
        if (i == 0) clear(s, D3DCLEAR_TARGET, kDst);
        if (c.blend) setBlendStates(s, c.states);
        renderState(s, D3DRS_ALPHABLENDENABLE, c.blend ? 1 : 0);
        renderState(s, D3DRS_CULLMODE, c.cull);
        renderState(s, D3DRS_COLORWRITEENABLE, c.writeMask);
        draw(s, {.box = cell(i), .color = kSrc, .counterClockwise = c.counterClockwise});
        ASSERT_EQ(run(s), S_OK);
        if (i == 0) afterFirst = pipelinesCreated();
        const bool culled =
            (c.cull == D3DCULL_CW && !c.counterClockwise) || (c.cull == D3DCULL_CCW && c.counterClockwise);
        if (culled) continue;
        uint32_t colour = c.blend ? d3d9Blend(c.states, kSrc, kDst) : kSrc;
        uint32_t kept = 0; // D3DCOLORWRITEENABLE_RED 1, GREEN 2, BLUE 4, ALPHA 8 over A8R8G8B8's bytes
        for (auto [bit, mask] :
             {std::pair{1u, 0x00FF0000u}, {2u, 0x0000FF00u}, {4u, 0x000000FFu}, {8u, 0xFF000000u}})
            kept |= (c.writeMask & bit) ? mask : 0;
        colour = (colour & kept) | (kDst & ~kept);
        const Box b = cell(i);
        for (uint32_t y = b.y0; y < b.y1; ++y)
            for (uint32_t x = b.x0; x < b.x1; ++x)
                want[y * kWidth + x] = colour;
    }
    EXPECT_TRUE(samePixels(readTarget(), want, 1));
    const draw::DynamicSupport dynamic = driverDevice().dynamicSupport();
    if (dynamic.depthStencil && dynamic.blend)
        EXPECT_EQ(pipelinesCreated(), afterFirst);
    else
        EXPECT_GT(pipelinesCreated(), afterFirst);
}

// D3DCOLORWRITEENABLE_* select the channels a draw writes (here green and alpha).
TEST_F(BlendStatesTest, ColorWriteEnableWritesOnlyTheChosenChannels) {
    CommandStream s;
    clear(s, D3DCLEAR_TARGET, 0x40102030);
    renderState(s, D3DRS_CULLMODE, D3DCULL_NONE);
    renderState(s, D3DRS_COLORWRITEENABLE, D3DCOLORWRITEENABLE_GREEN | D3DCOLORWRITEENABLE_ALPHA);
    draw(s, {kWhole, 0xC0FFFFFF});
    ASSERT_EQ(run(s), S_OK);
    EXPECT_TRUE(samePixels(readTarget(), std::vector<uint32_t>(size_t(kWidth) * kHeight, 0xC010FF30)));
}

class ColorWriteXrgb : public RenderStatesTest {};

// On an X8R8G8B8 target alpha stays 1 whatever the mask says.
TEST_F(ColorWriteXrgb, RedAndBlueOnlyKeepGreen) {
    CommandStream s;
    clear(s, D3DCLEAR_TARGET, 0xFF102030);
    renderState(s, D3DRS_CULLMODE, D3DCULL_NONE);
    renderState(s, D3DRS_COLORWRITEENABLE,
                D3DCOLORWRITEENABLE_RED | D3DCOLORWRITEENABLE_BLUE | D3DCOLORWRITEENABLE_ALPHA);
    draw(s, {kWhole, 0x00FFFFFF});
    ASSERT_EQ(run(s), S_OK);
    EXPECT_TRUE(samePixels(readTarget(), std::vector<uint32_t>(size_t(kWidth) * kHeight, 0xFFFF20FF)));
}

} // namespace
} // namespace ddivk::test

// Multiple render targets (docs/draw-translator.md, "Multiple render targets"): render targets
// 1 to 3 set through either door (DP2 SETRENDERTARGET2's RTIndex, UMD SetRenderTarget's
// RenderTargetIndex) are drawn and cleared with target 0. The D3D9 rules checked: a clear fills
// every bound target; oCn lands in target n; a target whose register the pixel stage does not
// write keeps its pixels (Wine's multiple_rendertargets_test records Windows doing so); blending
// applies the same state to each target with its own oCn; D3DRS_COLORWRITEENABLE1..3 mask
// targets 1..3 (D3DPMISCCAPS_INDEPENDENTWRITEMASKS); targets may differ in format
// (D3DPMISCCAPS_MRTINDEPENDENTBITDEPTHS). Every expected pixel is computed here from the
// colours drawn.
#include <algorithm>
#include <array>
#include <cmath>

#include "cts/target_textures_fixture.h"
#include "ddivk/d3d9_formats.h"

namespace ddivk::test {
namespace {

constexpr uint32_t kSize = 8;
constexpr uint32_t kCleared = 0xFF102030;

// oC0 = v0, oC1 = v0.zxyw, oC2 = v0.yzxw, oC3 = 1 - v0: a different colour per target.
constexpr const char* kFourOutputsPs = R"(ps_3_0
def c0, 1, 1, 1, 1
dcl_color v0
mov oC0, v0
mov oC1, v0.zxyw
mov oC2, v0.yzxw
add oC3, c0, -v0
)";

// What kFourOutputsPs writes into target `n` for a vertex colour (D3DCOLOR: a r g b).
uint32_t outputFor(uint32_t n, uint32_t argb) {
    const uint32_t a = argb >> 24, r = argb >> 16 & 0xFF, g = argb >> 8 & 0xFF, b = argb & 0xFF;
    auto pack = [](uint32_t pa, uint32_t pr, uint32_t pg, uint32_t pb) {
        return pa << 24 | pr << 16 | pg << 8 | pb;
    };
    switch (n) {
    case 0:
        return argb;
    case 1:
        return pack(a, b, r, g);
    case 2:
        return pack(a, g, b, r);
    default:
        return pack(255 - a, 255 - r, 255 - g, 255 - b);
    }
}

// Per channel: `write`'s bits (D3DCOLORWRITEENABLE_RED = 1 ... ALPHA = 8) take `drawn`, the
// others keep `kept`.
uint32_t masked(uint32_t kept, uint32_t drawn, uint32_t write) {
    uint32_t out = 0;
    const int shifts[4] = {16, 8, 0, 24}; // red, green, blue, alpha
    for (int c = 0; c < 4; ++c)
        out |= ((write >> c & 1) ? drawn : kept) & 0xFFu << shifts[c];
    return out;
}

// ONE + ONE blending, saturated per channel.
uint32_t added(uint32_t x, uint32_t y) {
    uint32_t out = 0;
    for (int shift = 0; shift < 32; shift += 8)
        out |= std::min(255u, (x >> shift & 0xFF) + (y >> shift & 0xFF)) << shift;
    return out;
}

class MultipleTargets : public TargetTextures {
  protected:
    // Render target `index` = level 0 of `texture` (0: none), through the door.
    HRESULT setTargetAt(uint32_t index, uint32_t texture) {
        if (door() == Door::Umd) {
            D3DDDIARG_SETRENDERTARGET a{index, reinterpret_cast<HANDLE>(uintptr_t(texture)), 0};
            return umdState().pfnSetRenderTarget(dev(), &a);
        }
        CommandStream s;
        s.cmd(D3DDP2OP_SETRENDERTARGET2, 1).put(D3DHAL_DP2SETRENDERTARGET2{index, texture ? texture + 1 : 0});
        return execute(s, nullptr, 0, 0, 0);
    }
    // Four kSize x kSize A8R8G8B8 target textures (or `formats`), bound as targets 0..3, with a
    // viewport and pixel mapping for them.
    std::array<uint32_t, 4> bindFour(std::array<uint32_t, 4> formats = {D3DFMT_A8R8G8B8, D3DFMT_A8R8G8B8,
                                                                        D3DFMT_A8R8G8B8, D3DFMT_A8R8G8B8}) {
        std::array<uint32_t, 4> textures{};
        for (uint32_t i = 0; i < 4; ++i) {
            textures[i] = targetTexture(0, formats[i], kSize, kSize, 1);
            EXPECT_EQ(setTargetAt(i, textures[i]), S_OK);
        }
        mapPixels(kSize, kSize);
        return textures;
    }
    std::vector<uint32_t> texels(uint32_t texture) {
        std::vector<uint32_t> pixels(kSize * kSize);
        EXPECT_EQ(ddivk_surface_read(device_, texture + 1, pixels.data(), kSize * 4, kSize * kSize * 4),
                  S_OK);
        return pixels;
    }
    void drawPoints(const char* ps, const std::vector<PixelVertex>& points) {
        setProgram(door(), kColorPointVs, ps, colorPointDeclaration());
        setStream(door(), 0, createBuffer(points), 0, sizeof(PixelVertex));
        ASSERT_EQ(drawPrimitive(door(), D3DPT_POINTLIST, 0, uint32_t(points.size())), S_OK);
    }
    // A level of `background` with each point's pixel set to f(point colour).
    template <class F>
    static std::vector<uint32_t> scene(uint32_t background, const std::vector<PixelVertex>& points, F f) {
        std::vector<uint32_t> pixels(kSize * kSize, background);
        for (const PixelVertex& p : points)
            pixels[size_t(p.y) * kSize + size_t(p.x)] = f(p.color);
        return pixels;
    }
};

const std::vector<PixelVertex> kPoints = {{1, 1, indexColor(1)}, {6, 2, indexColor(2)}, {3, 7, 0x80FF0010}};

// A clear fills every bound target, in the viewport and the rectangles given; a target texture
// not bound keeps its contents (a new texture holds 0).
TEST_P(MultipleTargets, ClearFillsEveryBoundTarget) {
    const std::array<uint32_t, 4> t = bindFour();
    ASSERT_EQ(setTargetAt(2, 0), S_OK);
    ASSERT_EQ(clearWith(door(), D3DCLEAR_TARGET, kCleared), S_OK);
    const RECT rect{2, 3, 5, 6};
    ASSERT_EQ(clearWith(door(), D3DCLEAR_TARGET, 0xFFC0B0A0, {rect}), S_OK);
    std::vector<uint32_t> want(kSize * kSize, kCleared);
    for (int y = rect.top; y < rect.bottom; ++y)
        for (int x = rect.left; x < rect.right; ++x)
            want[y * kSize + x] = 0xFFC0B0A0;
    EXPECT_EQ(texels(t[0]), want);
    EXPECT_EQ(texels(t[1]), want);
    EXPECT_EQ(texels(t[2]), std::vector<uint32_t>(kSize * kSize, 0u));
    EXPECT_EQ(texels(t[3]), want);
}

// oCn lands in target n. A pixel shader writing oC0 alone, and the fixed-function pixel stage
// (which writes only target 0), leave targets 1..3 as they were.
TEST_P(MultipleTargets, EachOutputLandsInItsTargetAndUnwrittenTargetsKeepTheirPixels) {
    const std::array<uint32_t, 4> t = bindFour();
    ASSERT_EQ(clearWith(door(), D3DCLEAR_TARGET, kCleared), S_OK);
    drawPoints(kFourOutputsPs, kPoints);
    const std::vector<PixelVertex> onlyFirst = {{5, 5, indexColor(5)}};
    drawPoints(kColorPointPs, onlyFirst);
    // (The fixed-function stage passes the diffuse colour on.)
    ASSERT_EQ(setTextureStageState(door(), 0, D3DTSS_COLORARG1, D3DTA_DIFFUSE), S_OK);
    ASSERT_EQ(setTextureStageState(door(), 0, D3DTSS_COLOROP, D3DTOP_SELECTARG1), S_OK);
    ASSERT_EQ(setTextureStageState(door(), 0, D3DTSS_ALPHAARG1, D3DTA_DIFFUSE), S_OK);
    ASSERT_EQ(setTextureStageState(door(), 0, D3DTSS_ALPHAOP, D3DTOP_SELECTARG1), S_OK);
    const std::vector<PixelVertex> fixedFunction = {{0, 6, indexColor(6)}};
    drawPoints(nullptr, fixedFunction);

    for (uint32_t n = 0; n < 4; ++n) {
        SCOPED_TRACE(n);
        std::vector<uint32_t> want = scene(kCleared, kPoints, [n](uint32_t c) { return outputFor(n, c); });
        if (n == 0) {
            want[5 * kSize + 5] = indexColor(5);
            want[6 * kSize + 0] = indexColor(6);
        }
        EXPECT_EQ(texels(t[n]), want);
    }
}

// COLORWRITEENABLE masks target 0, COLORWRITEENABLE1..3 targets 1..3, each on its own; ONE + ONE
// blending adds each target's own oCn to it.
TEST_P(MultipleTargets, WriteMasksAreIndependentAndBlendingAppliesToEachTarget) {
    const std::array<uint32_t, 4> t = bindFour();
    ASSERT_EQ(clearWith(door(), D3DCLEAR_TARGET, kCleared), S_OK);
    const uint32_t masks[4] = {0xF, D3DCOLORWRITEENABLE_RED, 0,
                               D3DCOLORWRITEENABLE_BLUE | D3DCOLORWRITEENABLE_ALPHA};
    const uint32_t states[4] = {D3DRS_COLORWRITEENABLE, D3DRS_COLORWRITEENABLE1, D3DRS_COLORWRITEENABLE2,
                                D3DRS_COLORWRITEENABLE3};
    for (uint32_t n = 0; n < 4; ++n)
        ASSERT_EQ(setRenderState(door(), states[n], masks[n]), S_OK);
    drawPoints(kFourOutputsPs, {kPoints[0]});
    ASSERT_EQ(setRenderState(door(), D3DRS_ALPHABLENDENABLE, 1), S_OK);
    ASSERT_EQ(setRenderState(door(), D3DRS_SRCBLEND, D3DBLEND_ONE), S_OK);
    ASSERT_EQ(setRenderState(door(), D3DRS_DESTBLEND, D3DBLEND_ONE), S_OK);
    drawPoints(kFourOutputsPs, {kPoints[1], kPoints[2]});

    for (uint32_t n = 0; n < 4; ++n) {
        SCOPED_TRACE(n);
        std::vector<uint32_t> want(kSize * kSize, kCleared);
        want[1 * kSize + 1] = masked(kCleared, outputFor(n, kPoints[0].color), masks[n]);
        for (const PixelVertex& p : {kPoints[1], kPoints[2]})
            want[size_t(p.y) * kSize + size_t(p.x)] =
                masked(kCleared, added(kCleared, outputFor(n, p.color)), masks[n]);
        EXPECT_EQ(texels(t[n]), want);
    }
}

// Targets of different formats and sizes of pixel in one pass (D3DPMISCCAPS_MRTINDEPENDENTBITDEPTHS):
// R5G6B5 takes what is written to it and a clear's D3DCOLOR rounded to its bits; X8R8G8B8 keeps
// its alpha at 0xFF.
TEST_P(MultipleTargets, TargetsOfDifferentFormatsDrawTogether) {
    const std::array<uint32_t, 4> t =
        bindFour({D3DFMT_A8R8G8B8, D3DFMT_R5G6B5, D3DFMT_X8R8G8B8, D3DFMT_A8R8G8B8});
    ASSERT_EQ(clearWith(door(), D3DCLEAR_TARGET, 0x80336699), S_OK);
    drawPoints("ps_3_0\ndef c0, 1, 0, 1, 0\ndcl_color v0\nmov oC0, v0\nmov oC1, c0\nmov oC2, v0\n", kPoints);

    EXPECT_EQ(texels(t[0]), scene(0x80336699, kPoints, [](uint32_t c) { return c; }));
    // 0x33 / 255 = 0.2 -> 6 of 31, 0x66 -> 25 of 63, 0x99 -> 19 of 31 (Vulkan rounds to nearest).
    const uint16_t cleared = 6 << 11 | 25 << 5 | 19;
    std::vector<uint16_t> want565(kSize * kSize, cleared);
    for (const PixelVertex& p : kPoints)
        want565[size_t(p.y) * kSize + size_t(p.x)] = 0xF81F; // (1, 0, 1)
    std::vector<uint16_t> got565(kSize * kSize);
    ASSERT_EQ(ddivk_surface_read(device_, t[1] + 1, got565.data(), kSize * 2, kSize * kSize * 2), S_OK);
    EXPECT_EQ(got565, want565);
    EXPECT_EQ(texels(t[2]), scene(0xFF336699, kPoints, [](uint32_t c) { return c | 0xFF000000u; }));
    EXPECT_EQ(texels(t[3]), std::vector<uint32_t>(kSize * kSize, 0x80336699u)); // oC3 not written
}

// A texture bound as a target and sampled by the same draw is not read (D3D9 leaves that
// undefined; Vulkan forbids the loop): its samples are (0, 0, 0, 1), for target 1 as for
// target 0.
TEST_P(MultipleTargets, ATargetSampledByTheDrawReadsBlack) {
    const std::array<uint32_t, 4> t = bindFour();
    ASSERT_EQ(clearWith(door(), D3DCLEAR_TARGET, kCleared), S_OK);
    bind(0, t[1]);
    setProgram(door(), kTexPointVs, "ps_3_0\ndcl_texcoord v0\ndcl_2d s0\ntexldl oC0, v0, s0\nmov oC1, v0\n",
               texPointDeclaration());
    const std::vector<TexPoint> points = {{2, 2, 0.25f, 0.75f, 1, 1}};
    setStream(door(), 0, createBuffer(points), 0, sizeof(TexPoint));
    ASSERT_EQ(drawPrimitive(door(), D3DPT_POINTLIST, 0, 1), S_OK);
    std::vector<uint32_t> want(kSize * kSize, kCleared);
    want[2 * kSize + 2] = 0xFF000000;
    EXPECT_EQ(texels(t[0]), want);
    want[2 * kSize + 2] = 0xFF40BFFF; // (u, v, w, lod) = (0.25, 0.75, 1, 1)
    EXPECT_EQ(texels(t[1]), want);
}

// A target destroyed while bound is dropped from the pass: later draws and clears go on into the
// others.
TEST_P(MultipleTargets, ADestroyedTargetLeavesTheOthersDrawn) {
    const std::array<uint32_t, 4> t = bindFour();
    ASSERT_EQ(clearWith(door(), D3DCLEAR_TARGET, kCleared), S_OK);
    drawPoints(kFourOutputsPs, {kPoints[0]});
    ASSERT_EQ(umd().pfnDestroyResource(dev(), reinterpret_cast<HANDLE>(uintptr_t(t[1]))), S_OK);
    drawPoints(kFourOutputsPs, {kPoints[1]});
    ASSERT_EQ(clearWith(door(), D3DCLEAR_TARGET, 0xFF445566, {RECT{0, 7, 1, 8}}), S_OK);
    for (uint32_t n : {0u, 2u, 3u}) {
        SCOPED_TRACE(n);
        std::vector<uint32_t> want =
            scene(kCleared, {kPoints[0], kPoints[1]}, [n](uint32_t c) { return outputFor(n, c); });
        want[7 * kSize + 0] = 0xFF445566;
        EXPECT_EQ(texels(t[n]), want);
    }
}

// Surfaces of different sizes under a viewport that reaches past all of them (D3D9 takes one:
// Wine's test_clear_different_size_surfaces): a clear fills each surface whole, as far as it
// reaches, the depth buffer too.
TEST_P(MultipleTargets, AClearFillsEachSurfaceAsFarAsItReaches) {
    const uint32_t small = targetTexture(0, D3DFMT_A8R8G8B8, 1, 1, 1);
    const uint32_t tall = targetTexture(0, D3DFMT_A8R8G8B8, 1, 2, 1);
    uint32_t depth = 0;
    const D3DDDI_SURFACEINFO level{4, 4, 1, nullptr, 0, 0};
    ASSERT_EQ(createResource(D3DFMT_D16_LOCKABLE, D3DDDI_RESOURCE_ZBUFFER, {level}, 1, &depth), S_OK);
    ASSERT_EQ(setTargetAt(0, small), S_OK);
    ASSERT_EQ(setTargetAt(1, tall), S_OK);
    ASSERT_EQ(setDepth(0), S_OK);
    CommandStream s;
    s.cmd(D3DDP2OP_SETDEPTHSTENCIL, 1).put(D3DHAL_DP2SETDEPTHSTENCIL{depth});
    run(s);
    ASSERT_EQ(setViewport(door(), 0, 0, 640, 640), S_OK);
    ASSERT_EQ(clearWith(door(), D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xFFFF0000, {}, 0.5f), S_OK);
    std::vector<uint32_t> pixels(2);
    ASSERT_EQ(ddivk_surface_read(device_, small + 1, pixels.data(), 4, 4), S_OK);
    EXPECT_EQ(pixels[0], 0xFFFF0000u);
    ASSERT_EQ(ddivk_surface_read(device_, tall + 1, pixels.data(), 4, 8), S_OK);
    EXPECT_EQ(pixels, (std::vector<uint32_t>{0xFFFF0000u, 0xFFFF0000u}));
    std::vector<uint16_t> depths(16);
    ASSERT_EQ(ddivk_surface_read(device_, depth, depths.data(), 8, 32), S_OK);
    for (uint16_t d : depths)
        EXPECT_NEAR(d, 0x7FFF, 2); // 0.5 of 65535
}

// With D3DRS_SRGBWRITEENABLE a clear encodes its colour to sRGB in every target, as a draw's
// output would be (Wine's clear_test: 0x7f clears to 0xbb); alpha stays linear.
TEST_P(MultipleTargets, ClearWithSrgbWriteEncodesTheColour) {
    const std::array<uint32_t, 4> t = bindFour();
    ASSERT_EQ(setRenderState(door(), D3DRS_SRGBWRITEENABLE, 1), S_OK);
    ASSERT_EQ(clearWith(door(), D3DCLEAR_TARGET, 0x7F7F7F7F), S_OK);
    ASSERT_EQ(setRenderState(door(), D3DRS_SRGBWRITEENABLE, 0), S_OK);
    const double linear = 127.0 / 255.0;
    const int encoded = int(std::lround((1.055 * std::pow(linear, 1.0 / 2.4) - 0.055) * 255.0)); // 188
    for (uint32_t n = 0; n < 4; ++n) {
        SCOPED_TRACE(n);
        for (uint32_t p : texels(t[n])) {
            EXPECT_EQ(p >> 24, 0x7Fu);
            for (int shift : {0, 8, 16})
                EXPECT_NEAR(int(p >> shift & 0xFF), encoded, 1);
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Doors, MultipleTargets, ::testing::Values(Door::Dp2, Door::Umd),
                         [](const auto& p) { return std::string(doorName(p.param)); });

} // namespace
} // namespace ddivk::test

// Multisampled targets end to end through the DP2 door: a 4-sample target and depth buffer
// (every Vulkan device has 4 samples for these formats), triangles drawn into them, and their
// resolve (ddivk_surface_read, BLT into a plain surface) compared with coverage computed here
// at Vulkan's standard 4-sample positions, which D3D's standard pattern shares.
#include <gtest/gtest.h>

#include <array>
#include <bit>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "unit/render/render_fixture.h"

namespace ddivk::test {
namespace {

// Offsets of samples 0..3 from a pixel's top-left corner.
constexpr std::array<std::array<float, 2>, 4> kSamplePositions{
    {{0.375f, 0.125f}, {0.875f, 0.375f}, {0.125f, 0.625f}, {0.625f, 0.875f}}};

// The samples of pixel (x, y) inside the triangle, as a mask (bit i: sample i). D3D9 pixel
// (x, y) spans [x - 0.5, x + 0.5). The test's triangles put no sample on an edge (checked), so
// fill conventions do not matter.
uint32_t coveredSamples(const TLVertex (&t)[3], uint32_t x, uint32_t y) {
    auto edge = [](const TLVertex& a, const TLVertex& b, float px, float py) {
        return (b.x - a.x) * (py - a.y) - (b.y - a.y) * (px - a.x);
    };
    const float area = edge(t[0], t[1], t[2].x, t[2].y);
    uint32_t mask = 0;
    for (uint32_t i = 0; i < 4; ++i) {
        const float px = float(x) - 0.5f + kSamplePositions[i][0];
        const float py = float(y) - 0.5f + kSamplePositions[i][1];
        const float w[3] = {edge(t[1], t[2], px, py), edge(t[2], t[0], px, py), edge(t[0], t[1], px, py)};
        bool inside = true;
        for (float e : w) {
            EXPECT_GT(std::fabs(e), 1e-3f) << "sample " << i << " of " << x << "," << y << " lies on an edge";
            inside = inside && (area > 0 ? e > 0 : e < 0);
        }
        if (inside) mask |= 1u << i;
    }
    return mask;
}

// A white triangle over black, resolved: each channel 255 * (samples written) / 4.
uint32_t resolvedGrey(uint32_t samplesWritten) {
    const uint32_t c = uint32_t(std::lround(255.0 * samplesWritten / 4.0));
    return 0xFF000000u | c << 16 | c << 8 | c;
}

// Every channel within one step of the reference (resolves may round either way).
::testing::AssertionResult nearlyMatches(const std::vector<uint32_t>& got, const std::vector<uint32_t>& want,
                                         uint32_t width) {
    for (size_t i = 0; i < want.size(); ++i)
        for (int shift = 0; shift < 32; shift += 8) {
            const int g = int(got[i] >> shift & 0xFF), w = int(want[i] >> shift & 0xFF);
            if (std::abs(g - w) > 1) {
                char text[80];
                std::snprintf(text, sizeof text, "pixel %zu,%zu: got 0x%08X, want 0x%08X", i % width,
                              i / width, got[i], want[i]);
                return ::testing::AssertionFailure() << text;
            }
        }
    return ::testing::AssertionSuccess();
}

class Multisample : public RenderTest {
  protected:
    Multisample() {
        targetSamples_ = 4;
        depthFormat_ = D3DFMT_D24S8;
    }

    // Corners on a 1/16 grid: exact in every device's sub-pixel precision, so the coverage
    // computed here is the device's.
    static constexpr TLVertex kTriangle[3] = {{3.3125f, 2.6875f, 0.5f, 1.0f, 0xFFFFFFFF},
                                              {57.0625f, 11.3125f, 0.5f, 1.0f, 0xFFFFFFFF},
                                              {17.875f, 44.5625f, 0.5f, 1.0f, 0xFFFFFFFF}};

    // Clears to black and draws the white triangle (masked by D3DRS_MULTISAMPLEMASK `mask`).
    void drawTriangle(uint32_t mask = 0xFFFFFFFF) {
        CommandStream s;
        clear(s, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xFF000000);
        renderState(s, D3DRS_CULLMODE, D3DCULL_NONE);
        renderState(s, D3DRS_ZENABLE, D3DZB_TRUE);
        renderState(s, D3DRS_MULTISAMPLEMASK, mask);
        s.cmd(D3DDP2OP_TRIANGLELIST, 1).put(D3DHAL_DP2TRIANGLELIST{0});
        ASSERT_EQ(execute(s, std::vector<TLVertex>(std::begin(kTriangle), std::end(kTriangle))), S_OK);
    }

    // The resolved target the triangle should give, with samples outside `mask` unwritten.
    static std::vector<uint32_t> expected(uint32_t mask = 0xF) {
        std::vector<uint32_t> want(size_t(kWidth) * kHeight);
        for (uint32_t y = 0; y < kHeight; ++y)
            for (uint32_t x = 0; x < kWidth; ++x)
                want[y * kWidth + x] =
                    resolvedGrey(uint32_t(std::popcount(coveredSamples(kTriangle, x, y) & mask)));
        return want;
    }

    uint32_t createSurface(uint32_t format, uint32_t usage, uint32_t samples) {
        ddivk_surface_desc desc{kWidth, kHeight, format, usage, samples};
        uint32_t handle = 0;
        EXPECT_EQ(ddivk_surface_create(device_, &desc, &handle), S_OK);
        return handle;
    }
    std::vector<uint32_t> read(uint32_t surface) {
        std::vector<uint32_t> pixels(size_t(kWidth) * kHeight);
        EXPECT_EQ(ddivk_surface_read(device_, surface, pixels.data(), kWidth * 4, pixels.size() * 4), S_OK);
        return pixels;
    }
    // The target BLT whole into a new X8R8G8B8 surface of `samples`, read back (resolved).
    std::vector<uint32_t> bltAndRead(uint32_t samples) {
        const uint32_t copy = createSurface(D3DFMT_X8R8G8B8, DDIVK_SURFACE_RENDERTARGET, samples);
        CommandStream s;
        s.cmd(D3DDP2OP_BLT, 1).put(wholeBlt(target_, copy));
        EXPECT_EQ(execute(s), S_OK);
        std::vector<uint32_t> pixels = read(copy);
        EXPECT_EQ(ddivk_surface_destroy(device_, copy), S_OK);
        return pixels;
    }
    static D3DHAL_DP2BLT wholeBlt(uint32_t from, uint32_t to) {
        return {from, {0, 0, int32_t(kWidth), int32_t(kHeight)}, 0,
                to,   {0, 0, int32_t(kWidth), int32_t(kHeight)}, 0,
                0};
    }
};

TEST_F(Multisample, EdgePixelsResolveToTheirCoverage) {
    drawTriangle();
    const std::vector<uint32_t> want = expected();
    // The reference has partly covered pixels, which a single-sampled target cannot give.
    size_t partial = 0;
    for (uint32_t p : want)
        partial += (p & 0xFF) != 0 && (p & 0xFF) != 0xFF;
    ASSERT_GT(partial, 40u);
    EXPECT_TRUE(nearlyMatches(readTarget(), want, kWidth));
}

TEST_F(Multisample, SampleMaskLimitsTheSamplesWritten) {
    drawTriangle(0xFFFFFFF5); // samples 0 and 2 (the bits above the count are ignored)
    EXPECT_TRUE(nearlyMatches(readTarget(), expected(0x5), kWidth));
}

TEST_F(Multisample, BltIntoAPlainSurfaceResolves) {
    drawTriangle();
    EXPECT_TRUE(nearlyMatches(bltAndRead(1), expected(), kWidth));
}

TEST_F(Multisample, BltBetweenMultisampledSurfacesCopiesTheSamples) {
    drawTriangle();
    EXPECT_TRUE(nearlyMatches(bltAndRead(4), expected(), kWidth));
}

// D3D9's StretchRect writes a multisampled surface from a single-sampled one, scaled or not:
// every sample of each pixel in the rectangle takes the copied colour. The plain surface's left
// half is red and its right half blue; halved into the rectangle (4,4)-(36,28), point sampling
// reads texel 2 * (x - 4) + 1 for pixel x, so x < 20 is red. The triangle's partly covered pixels
// under the rectangle would resolve to a mix if any of their samples kept its colour.
TEST_F(Multisample, BltIntoAMultisampledSurfaceFromAPlainOneWritesEverySample) {
    drawTriangle();
    const uint32_t plain = createSurface(D3DFMT_X8R8G8B8, DDIVK_SURFACE_RENDERTARGET, 1);
    CommandStream s;
    s.cmd(D3DDP2OP_COLORFILL, 2)
        .put(D3DHAL_DP2COLORFILL{plain, {0, 0, int32_t(kWidth / 2), int32_t(kHeight)}, 0xFFFF0000})
        .put(D3DHAL_DP2COLORFILL{
            plain, {int32_t(kWidth / 2), 0, int32_t(kWidth), int32_t(kHeight)}, 0xFF0000FF});
    s.cmd(D3DDP2OP_BLT, 1)
        .put(D3DHAL_DP2BLT{
            plain, {0, 0, int32_t(kWidth), int32_t(kHeight)}, 0, target_, {4, 4, 36, 28}, 0, 0});
    ASSERT_EQ(execute(s), S_OK);
    std::vector<uint32_t> want = expected();
    for (uint32_t y = 4; y < 28; ++y)
        for (uint32_t x = 4; x < 36; ++x)
            want[y * kWidth + x] = x < 20 ? 0xFFFF0000 : 0xFF0000FF;
    EXPECT_TRUE(nearlyMatches(readTarget(), want, kWidth));
    EXPECT_EQ(ddivk_surface_destroy(device_, plain), S_OK);
}

// A scaled BLT between multisampled surfaces reads the source's resolve: doubled with point
// sampling, pixel (x, y) of the copy is the resolved pixel (x / 2, y / 2) of the triangle.
TEST_F(Multisample, ScaledBltBetweenMultisampledSurfacesStretchesTheResolve) {
    drawTriangle();
    const uint32_t copy = createSurface(D3DFMT_X8R8G8B8, DDIVK_SURFACE_RENDERTARGET, 4);
    CommandStream s;
    s.cmd(D3DDP2OP_BLT, 1)
        .put(D3DHAL_DP2BLT{target_,
                           {0, 0, int32_t(kWidth / 2), int32_t(kHeight / 2)},
                           0,
                           copy,
                           {0, 0, int32_t(kWidth), int32_t(kHeight)},
                           0,
                           DP2BLT_POINT});
    ASSERT_EQ(execute(s), S_OK);
    const std::vector<uint32_t> source = expected();
    std::vector<uint32_t> want(source.size());
    for (uint32_t y = 0; y < kHeight; ++y)
        for (uint32_t x = 0; x < kWidth; ++x)
            want[y * kWidth + x] = source[(y / 2) * kWidth + x / 2];
    EXPECT_TRUE(nearlyMatches(read(copy), want, kWidth));
    EXPECT_EQ(ddivk_surface_destroy(device_, copy), S_OK);
}

// A multisampled depth buffer BLT whole into a single-sampled one of its format resolves: each
// pixel takes sample 0's depth. A quad at z = 0.75 then passes a LESS test only where sample 0
// of the pixel lay outside the triangle (z = 0.5) and kept the cleared 1.0.
TEST_F(Multisample, BltOfAMultisampledDepthBufferIntoAPlainOneResolvesIt) {
    drawTriangle();
    const uint32_t plain = createSurface(D3DFMT_X8R8G8B8, DDIVK_SURFACE_RENDERTARGET, 1);
    const uint32_t plainDepth = createSurface(D3DFMT_D24S8, DDIVK_SURFACE_DEPTHSTENCIL, 1);
    CommandStream s;
    s.cmd(D3DDP2OP_BLT, 1).put(wholeBlt(depth_, plainDepth));
    s.cmd(D3DDP2OP_SETRENDERTARGET, 1).put(D3DHAL_DP2SETRENDERTARGET{plain, plainDepth});
    clear(s, D3DCLEAR_TARGET, 0xFF000000);
    renderState(s, D3DRS_ZFUNC, D3DCMP_LESS);
    renderState(s, D3DRS_ZWRITEENABLE, 0);
    s.cmd(D3DDP2OP_TRIANGLELIST, 1).put(D3DHAL_DP2TRIANGLELIST{0});
    s.cmd(D3DDP2OP_TRIANGLELIST, 1).put(D3DHAL_DP2TRIANGLELIST{3});
    const float w = float(kWidth), h = float(kHeight);
    const std::vector<TLVertex> quad = {vtx(0, 0, 0xFFFFFFFF, 0.75f), vtx(w, 0, 0xFFFFFFFF, 0.75f),
                                        vtx(0, h, 0xFFFFFFFF, 0.75f), vtx(w, 0, 0xFFFFFFFF, 0.75f),
                                        vtx(w, h, 0xFFFFFFFF, 0.75f), vtx(0, h, 0xFFFFFFFF, 0.75f)};
    ASSERT_EQ(execute(s, quad), S_OK);
    std::vector<uint32_t> want(size_t(kWidth) * kHeight);
    for (uint32_t y = 0; y < kHeight; ++y)
        for (uint32_t x = 0; x < kWidth; ++x)
            want[y * kWidth + x] = coveredSamples(kTriangle, x, y) & 1 ? 0xFF000000 : 0xFFFFFFFF;
    EXPECT_TRUE(nearlyMatches(read(plain), want, kWidth));
    CommandStream back;
    back.cmd(D3DDP2OP_SETRENDERTARGET, 1).put(D3DHAL_DP2SETRENDERTARGET{target_, depth_});
    ASSERT_EQ(execute(back), S_OK);
    EXPECT_EQ(ddivk_surface_destroy(device_, plainDepth), S_OK);
    EXPECT_EQ(ddivk_surface_destroy(device_, plain), S_OK);
}

// A single-sampled depth buffer cannot be copied into a multisampled one: refused, and the
// target keeps its triangle.
TEST_F(Multisample, BltOfAPlainDepthBufferIntoAMultisampledOneIsRefused) {
    drawTriangle();
    const uint32_t plainDepth = createSurface(D3DFMT_D24S8, DDIVK_SURFACE_DEPTHSTENCIL, 1);
    CommandStream s;
    s.cmd(D3DDP2OP_BLT, 1).put(wholeBlt(plainDepth, depth_));
    EXPECT_EQ(execute(s), D3DERR_INVALIDCALL);
    EXPECT_EQ(errorOffset(), 0u);
    EXPECT_TRUE(nearlyMatches(readTarget(), expected(), kWidth));
    EXPECT_EQ(ddivk_surface_destroy(device_, plainDepth), S_OK);
}

TEST_F(Multisample, ColorFillWritesEverySample) {
    drawTriangle();
    CommandStream s;
    s.cmd(D3DDP2OP_COLORFILL, 1).put(D3DHAL_DP2COLORFILL{target_, {4, 4, 40, 30}, 0xFFFF0000});
    ASSERT_EQ(execute(s), S_OK);
    std::vector<uint32_t> want = expected();
    for (uint32_t y = 4; y < 30; ++y)
        for (uint32_t x = 4; x < 40; ++x)
            want[y * kWidth + x] = 0xFFFF0000;
    EXPECT_TRUE(nearlyMatches(readTarget(), want, kWidth));
}

// D3D9 leaves a depth buffer of another sample count undefined; Vulkan cannot render with one:
// the draw goes without depth (the cleared depth of 0 would reject everything).
TEST_F(Multisample, ADepthBufferOfAnotherSampleCountIsLeftOut) {
    const uint32_t plainDepth = createSurface(D3DFMT_D24S8, DDIVK_SURFACE_DEPTHSTENCIL, 1);
    CommandStream s;
    s.cmd(D3DDP2OP_SETRENDERTARGET, 1).put(D3DHAL_DP2SETRENDERTARGET{target_, plainDepth});
    clear(s, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xFF000000, {}, 0.0f);
    renderState(s, D3DRS_CULLMODE, D3DCULL_NONE);
    renderState(s, D3DRS_ZENABLE, D3DZB_TRUE);
    s.cmd(D3DDP2OP_TRIANGLELIST, 1).put(D3DHAL_DP2TRIANGLELIST{0});
    ASSERT_EQ(execute(s, std::vector<TLVertex>(std::begin(kTriangle), std::end(kTriangle))), S_OK);
    EXPECT_TRUE(nearlyMatches(readTarget(), expected(), kWidth));
    CommandStream back;
    back.cmd(D3DDP2OP_SETRENDERTARGET, 1).put(D3DHAL_DP2SETRENDERTARGET{target_, depth_});
    ASSERT_EQ(execute(back), S_OK);
    EXPECT_EQ(ddivk_surface_destroy(device_, plainDepth), S_OK);
}

TEST_F(Multisample, CountsTheDeviceDoesNotHaveAreNotAvailable) {
    ddivk_surface_desc three{16, 16, D3DFMT_X8R8G8B8, DDIVK_SURFACE_RENDERTARGET, 3};
    uint32_t handle = 0;
    EXPECT_EQ(ddivk_surface_create(device_, &three, &handle), D3DERR_NOTAVAILABLE);
    EXPECT_EQ(handle, 0u);
    // A NULL render target takes a count too: it sizes passes with a multisampled depth buffer.
    ddivk_surface_desc null{kWidth, kHeight, D3DFMT_NULL, DDIVK_SURFACE_RENDERTARGET, 4};
    ASSERT_EQ(ddivk_surface_create(device_, &null, &handle), S_OK);
    EXPECT_EQ(ddivk_surface_destroy(device_, handle), S_OK);
}

// The vendors' alpha-to-coverage (state/vendor_states.h) acts on multisampled targets only. With
// NVIDIA's ATOC and an alpha test that fails alpha 0x80, a half-alpha white square covers part
// of each pixel's samples on the 4-sample target and is discarded on a single-sampled surface.
// Nothing but the target changes between the draws, through the fixed-function pixel stage and
// a pixel shader: the draw must notice the sample count, not only render-state changes.
TEST_F(Multisample, AlphaToCoverageActsOnMultisampledTargetsOnly) {
    const uint32_t plain = createSurface(D3DFMT_X8R8G8B8, DDIVK_SURFACE_RENDERTARGET, 1);
    constexpr uint32_t kHalfWhite = 0x80FFFFFF;
    // The square covers pixels 8..23 whole (its edges lie on pixel borders).
    const std::vector<TLVertex> square = {vtx(7.5f, 7.5f, kHalfWhite),   vtx(23.5f, 7.5f, kHalfWhite),
                                          vtx(7.5f, 23.5f, kHalfWhite),  vtx(23.5f, 7.5f, kHalfWhite),
                                          vtx(23.5f, 23.5f, kHalfWhite), vtx(7.5f, 23.5f, kHalfWhite)};
    auto clip = [](const TLVertex& v) {
        return ClipVertex{2.0f * v.x / kWidth - 1.0f, 1.0f - 2.0f * v.y / kHeight, 0.5f, 1.0f, v.diffuse};
    };
    std::vector<ClipVertex> clipSquare;
    for (const TLVertex& v : square)
        clipSquare.push_back(clip(v));

    // Within the square every channel reads `lo`..`hi`; elsewhere black.
    auto expectSquare = [](const std::vector<uint32_t>& pixels, int lo, int hi) {
        int wrong = 0;
        for (uint32_t y = 0; y < kHeight; ++y)
            for (uint32_t x = 0; x < kWidth; ++x) {
                const bool inside = x >= 8 && x <= 23 && y >= 8 && y <= 23;
                const uint32_t got = pixels[y * kWidth + x];
                for (int shift = 0; shift < 24; shift += 8) {
                    const int v = int(got >> shift & 0xFF);
                    if (inside ? (v < lo || v > hi) : v != 0) {
                        if (++wrong <= 4)
                            ADD_FAILURE() << "pixel " << x << "," << y << ": 0x" << std::hex << got;
                        break;
                    }
                }
            }
        EXPECT_EQ(wrong, 0);
    };

    for (const bool shaders : {false, true}) {
        SCOPED_TRACE(shaders ? "pixel shader" : "fixed function");
        CommandStream states;
        renderState(states, D3DRS_CULLMODE, D3DCULL_NONE);
        renderState(states, D3DRS_ALPHATESTENABLE, 1);
        renderState(states, D3DRS_ALPHAFUNC, D3DCMP_GREATEREQUAL);
        renderState(states, D3DRS_ALPHAREF, 0xC0);
        renderState(states, D3DRS_ADAPTIVETESS_Y, D3DFMT_ATOC);
        if (shaders) setPassThroughProgram(states);
        ASSERT_EQ(execute(states), S_OK);
        for (const uint32_t surface : {target_, plain, target_}) {
            CommandStream s;
            s.cmd(D3DDP2OP_SETRENDERTARGET, 1).put(D3DHAL_DP2SETRENDERTARGET{surface, 0});
            clear(s, D3DCLEAR_TARGET, 0xFF000000);
            if (shaders) {
                s.cmd(D3DDP2OP_DRAWPRIMITIVE, 1).put(D3DHAL_DP2DRAWPRIMITIVE{D3DPT_TRIANGLELIST, 0, 2});
                ASSERT_EQ(execute(s, clipSquare), S_OK);
            } else {
                s.cmd(D3DDP2OP_TRIANGLELIST, 1).put(D3DHAL_DP2TRIANGLELIST{0});
                s.cmd(D3DDP2OP_TRIANGLELIST, 1).put(D3DHAL_DP2TRIANGLELIST{3});
                ASSERT_EQ(execute(s, square), S_OK);
            }
            // Half alpha: one to three of four samples (Vulkan leaves the count to the device).
            if (surface == target_)
                expectSquare(readTarget(), 63, 192);
            else
                expectSquare(read(plain), 0, 0);
        }
    }
    CommandStream back;
    back.cmd(D3DDP2OP_SETRENDERTARGET, 1).put(D3DHAL_DP2SETRENDERTARGET{target_, depth_});
    ASSERT_EQ(execute(back), S_OK);
    EXPECT_EQ(ddivk_surface_destroy(device_, plain), S_OK);
}

} // namespace
} // namespace ddivk::test

// Render-target formats beyond A8R8G8B8, X8R8G8B8 and R5G6B5 (docs/draw-translator.md,
// "Render-target formats"): the 10-bit, 16-bit and floating-point formats HDR and deferred
// renderers draw into, and the other 8-bit and 5-bit orders. Each is made as a render-target
// surface and as a render-target texture through the UMD door, set as the target through
// either door, cleared, drawn into by a ps_3_0 writing a constant, and read back as bytes that
// this test packs itself from the channel layout D3D9 documents for the format. Floating-point
// targets keep values outside [0, 1] (D3D9 clamps only fixed-point targets) and blend unclamped.
#include <bit>
#include <cstring>
#include <string>

#include "cts/target_textures_fixture.h"
#include "ddivk/d3d9_formats.h"

namespace ddivk::test {
namespace {

constexpr uint32_t kSize = 4;

// A channel's place in a little-endian pixel (bits 0: the format has none).
struct Channel {
    uint32_t shift, bits;
};
struct TargetFormat {
    uint32_t format;
    const char* name;
    uint32_t bytes;         // per pixel
    Channel r, g, b, a;     // fixed-point layouts
    uint32_t floatChannels; // floating point: 1, 2 or 4 channels (r, g, b, a order), else 0
    uint32_t floatBits;     // 16 or 32
    bool alphaIsX = false;  // X formats: alpha stored as all ones
};

const TargetFormat kFormats[] = {
    {D3DFMT_A8B8G8R8, "A8B8G8R8", 4, {0, 8}, {8, 8}, {16, 8}, {24, 8}, 0, 0},
    {D3DFMT_X8B8G8R8, "X8B8G8R8", 4, {0, 8}, {8, 8}, {16, 8}, {24, 8}, 0, 0, true},
    {D3DFMT_A1R5G5B5, "A1R5G5B5", 2, {10, 5}, {5, 5}, {0, 5}, {15, 1}, 0, 0},
    {D3DFMT_X1R5G5B5, "X1R5G5B5", 2, {10, 5}, {5, 5}, {0, 5}, {15, 1}, 0, 0, true},
    {D3DFMT_A2R10G10B10, "A2R10G10B10", 4, {20, 10}, {10, 10}, {0, 10}, {30, 2}, 0, 0},
    {D3DFMT_A2B10G10R10, "A2B10G10R10", 4, {0, 10}, {10, 10}, {20, 10}, {30, 2}, 0, 0},
    {D3DFMT_G16R16, "G16R16", 4, {0, 16}, {16, 16}, {0, 0}, {0, 0}, 0, 0},
    {D3DFMT_A16B16G16R16, "A16B16G16R16", 8, {0, 16}, {16, 16}, {32, 16}, {48, 16}, 0, 0},
    {D3DFMT_R16F, "R16F", 2, {}, {}, {}, {}, 1, 16},
    {D3DFMT_G16R16F, "G16R16F", 4, {}, {}, {}, {}, 2, 16},
    {D3DFMT_A16B16G16R16F, "A16B16G16R16F", 8, {}, {}, {}, {}, 4, 16},
    {D3DFMT_R32F, "R32F", 4, {}, {}, {}, {}, 1, 32},
    {D3DFMT_G32R32F, "G32R32F", 8, {}, {}, {}, {}, 2, 32},
    {D3DFMT_A32B32G32R32F, "A32B32G32R32F", 16, {}, {}, {}, {}, 4, 32},
};

// IEEE half of a float that one holds exactly (a normal number or 0).
uint16_t half(float f) {
    const uint32_t bits = std::bit_cast<uint32_t>(f);
    const uint32_t sign = bits >> 16 & 0x8000;
    if ((bits & 0x7FFFFFFF) == 0) return uint16_t(sign);
    const int exponent = int(bits >> 23 & 0xFF) - 127 + 15;
    return uint16_t(sign | uint32_t(exponent) << 10 | (bits >> 13 & 0x3FF));
}

// The bytes of one pixel of `f` holding (r, g, b, a): fixed-point channels take 0 or 1 only here
// (exact in every width).
std::vector<uint8_t> pixel(const TargetFormat& f, const float (&v)[4]) {
    std::vector<uint8_t> out(f.bytes);
    if (f.floatChannels) {
        for (uint32_t c = 0; c < f.floatChannels; ++c) {
            if (f.floatBits == 16) {
                const uint16_t h = half(v[c]);
                std::memcpy(out.data() + 2 * c, &h, 2);
            } else {
                std::memcpy(out.data() + 4 * c, &v[c], 4);
            }
        }
        return out;
    }
    uint64_t bits = 0;
    const Channel channels[4] = {f.r, f.g, f.b, f.a};
    for (int c = 0; c < 4; ++c) {
        const uint64_t full = (uint64_t(1) << channels[c].bits) - 1;
        const float value = c == 3 && f.alphaIsX ? 1.0f : v[c];
        if (channels[c].bits) bits |= (value >= 1.0f ? full : 0) << channels[c].shift;
    }
    std::memcpy(out.data(), &bits, f.bytes);
    return out;
}

class TargetFormats : public TargetTextures {
  protected:
    // Target `index` = `handle` (a surface's handle), through the door.
    HRESULT setTargetHandle(uint32_t handle, uint32_t index = 0) {
        if (door() == Door::Umd) {
            D3DDDIARG_SETRENDERTARGET a{index, reinterpret_cast<HANDLE>(uintptr_t(handle)), 0};
            return umdState().pfnSetRenderTarget(dev(), &a);
        }
        CommandStream s;
        s.cmd(D3DDP2OP_SETRENDERTARGET2, 1).put(D3DHAL_DP2SETRENDERTARGET2{index, handle});
        return execute(s, nullptr, 0, 0, 0);
    }
    void drawPoint(float x, float y, const float (&value)[4]) {
        const std::string ps = "ps_3_0\ndef c0, " + std::to_string(value[0]) + ", " +
                               std::to_string(value[1]) + ", " + std::to_string(value[2]) + ", " +
                               std::to_string(value[3]) + "\nmov oC0, c0\n";
        const std::vector<PixelVertex> points = {{x, y, 0xFFFFFFFF}};
        setProgram(door(), kColorPointVs, ps.c_str(), colorPointDeclaration());
        setStream(door(), 0, createBuffer(points), 0, sizeof(PixelVertex));
        ASSERT_EQ(drawPrimitive(door(), D3DPT_POINTLIST, 0, 1), S_OK);
    }
    // Clears `surface` (bound as target 0) to (0, 1, 0, 1), draws `drawn` at (1, 2) and, with
    // ONE + ONE blending, `blended` at (2, 1); reads it back against pixel() of each.
    void drawAndCompare(const TargetFormat& f, uint32_t surface) {
        ASSERT_EQ(setTargetHandle(surface), S_OK);
        mapPixels(kSize, kSize);
        ASSERT_EQ(clearWith(door(), D3DCLEAR_TARGET, 0xFF00FF00), S_OK);
        const bool floats = f.floatChannels != 0;
        const float drawn[4] = {floats ? 0.25f : 1.0f, floats ? -2.5f : 0.0f, floats ? 3.0f : 1.0f,
                                floats ? 100.0f : 0.0f};
        drawPoint(1, 2, drawn);
        ASSERT_EQ(setRenderState(door(), D3DRS_ALPHABLENDENABLE, 1), S_OK);
        ASSERT_EQ(setRenderState(door(), D3DRS_SRCBLEND, D3DBLEND_ONE), S_OK);
        ASSERT_EQ(setRenderState(door(), D3DRS_DESTBLEND, D3DBLEND_ONE), S_OK);
        drawPoint(2, 1, drawn);
        ASSERT_EQ(setRenderState(door(), D3DRS_ALPHABLENDENABLE, 0), S_OK);

        const float cleared[4] = {0, 1, 0, 1};
        // Fixed point saturates the sum: (1, 1, 1, 1); floating point keeps it.
        const float sum[4] = {drawn[0], floats ? drawn[1] + 1 : 1.0f, drawn[2], floats ? drawn[3] + 1 : 1.0f};
        std::vector<uint8_t> want;
        for (uint32_t y = 0; y < kSize; ++y)
            for (uint32_t x = 0; x < kSize; ++x) {
                const std::vector<uint8_t> p = pixel(f, x == 1 && y == 2   ? drawn
                                                        : x == 2 && y == 1 ? sum
                                                                           : cleared);
                want.insert(want.end(), p.begin(), p.end());
            }
        std::vector<uint8_t> got(want.size());
        ASSERT_EQ(ddivk_surface_read(device_, surface, got.data(), kSize * f.bytes, uint64_t(got.size())),
                  S_OK);
        EXPECT_EQ(got, want);
    }
};

TEST_P(TargetFormats, SurfacesAndTexturesOfEachFormatClearDrawAndBlend) {
    for (const TargetFormat& f : kFormats) {
        SCOPED_TRACE(f.name);
        uint32_t surface = 0;
        const D3DDDI_SURFACEINFO level{kSize, kSize, 1, nullptr, 0, 0};
        ASSERT_EQ(createResource(f.format, D3DDDI_RESOURCE_RENDERTARGET, {level}, 1, &surface), S_OK);
        drawAndCompare(f, surface);
        const uint32_t texture = targetTexture(0, f.format, kSize, kSize, 1);
        ASSERT_NE(texture, 0u);
        drawAndCompare(f, texture + 1);
    }
}

// A floating-point target and an 8-bit one in one pass (D3DPMISCCAPS_MRTINDEPENDENTBITDEPTHS):
// each takes its own output, the float one unclamped.
TEST_P(TargetFormats, AFloatTargetBesideAnEightBitOne) {
    const uint32_t color = targetTexture(0, D3DFMT_A8R8G8B8, kSize, kSize, 1);
    const uint32_t depths = targetTexture(0, D3DFMT_R32F, kSize, kSize, 1);
    ASSERT_EQ(setTargetHandle(color + 1), S_OK);
    ASSERT_EQ(setTargetHandle(depths + 1, 1), S_OK);
    mapPixels(kSize, kSize);
    ASSERT_EQ(clearWith(door(), D3DCLEAR_TARGET, 0xFF0000FF), S_OK);
    setProgram(door(), kColorPointVs,
               "ps_3_0\ndef c0, 1234.5, 0, 0, 0\ndcl_color v0\nmov oC0, v0\nmov oC1, c0\n",
               colorPointDeclaration());
    const std::vector<PixelVertex> points = {{3, 0, 0xFF102030}};
    setStream(door(), 0, createBuffer(points), 0, sizeof(PixelVertex));
    ASSERT_EQ(drawPrimitive(door(), D3DPT_POINTLIST, 0, 1), S_OK);
    std::vector<uint32_t> pixels(kSize * kSize);
    ASSERT_EQ(ddivk_surface_read(device_, color + 1, pixels.data(), kSize * 4, kSize * kSize * 4), S_OK);
    std::vector<uint32_t> want(kSize * kSize, 0xFF0000FF);
    want[3] = 0xFF102030;
    EXPECT_EQ(pixels, want);
    std::vector<float> floats(kSize * kSize);
    ASSERT_EQ(ddivk_surface_read(device_, depths + 1, floats.data(), kSize * 4, kSize * kSize * 4), S_OK);
    std::vector<float> wantFloats(kSize * kSize, 0.0f); // the clear's red, 0
    wantFloats[3] = 1234.5f;
    EXPECT_EQ(floats, wantFloats);
}

// An X1R5G5B5 target keeps alpha at one whatever a lock writes into the X bit: a later draw
// blending with DESTALPHA reads 1 (SRCBLEND DESTALPHA, DESTBLEND ZERO leaves the source as is).
TEST_P(TargetFormats, AnXTargetsLockCannotClearItsAlpha) {
    uint32_t surface = 0;
    const D3DDDI_SURFACEINFO level{kSize, kSize, 1, nullptr, 0, 0};
    ASSERT_EQ(createResource(D3DFMT_X1R5G5B5, D3DDDI_RESOURCE_RENDERTARGET, {level}, 1, &surface), S_OK);
    D3DDDIARG_LOCK lock{};
    lock.hResource = reinterpret_cast<HANDLE>(uintptr_t(surface));
    ASSERT_EQ(umd().pfnLock(dev(), &lock), S_OK);
    for (uint32_t y = 0; y < kSize; ++y)
        std::memset(static_cast<uint8_t*>(lock.pSurfData) + y * lock.Pitch, 0, kSize * 2);
    D3DDDIARG_UNLOCK unlock{lock.hResource, 0, 0};
    ASSERT_EQ(umd().pfnUnlock(dev(), &unlock), S_OK);
    ASSERT_EQ(setTargetHandle(surface), S_OK);
    mapPixels(kSize, kSize);
    ASSERT_EQ(setRenderState(door(), D3DRS_ALPHABLENDENABLE, 1), S_OK);
    ASSERT_EQ(setRenderState(door(), D3DRS_SRCBLEND, D3DBLEND_DESTALPHA), S_OK);
    ASSERT_EQ(setRenderState(door(), D3DRS_DESTBLEND, D3DBLEND_ZERO), S_OK);
    drawPoint(0, 0, {1, 1, 1, 1});
    std::vector<uint16_t> pixels(kSize * kSize);
    ASSERT_EQ(ddivk_surface_read(device_, surface, pixels.data(), kSize * 2, kSize * kSize * 2), S_OK);
    std::vector<uint16_t> want(kSize * kSize, 0x8000);
    want[0] = 0xFFFF;
    EXPECT_EQ(pixels, want);
}

INSTANTIATE_TEST_SUITE_P(Doors, TargetFormats, ::testing::Values(Door::Dp2, Door::Umd),
                         [](const auto& p) { return std::string(doorName(p.param)); });

} // namespace
} // namespace ddivk::test

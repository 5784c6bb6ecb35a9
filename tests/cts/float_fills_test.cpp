// D3DHAL_DP2COLORFILL into floating-point formats (R16F, G16R16F, A16B16G16R16F, R32F, G32R32F,
// A32B32G32R32F): each channel of the D3DCOLOR as a 0..1 float, in the format's channels (red
// first in memory). Windows stores halves truncated toward zero (Wine's color_fill_test records
// 0xbe / 255 as 0x39f5, not the nearer 0x39f6): the CPU copies of textures are written that way,
// exactly; a GPU surface is cleared by the Vulkan device, which may round to nearest instead, one
// unit of the half's last place away.
#include <bit>
#include <cstdlib>
#include <cstring>

#include "cts/blits_fixture.h"

namespace ddivk::test {
namespace {

// A channel value k / 255 as a half, truncated toward zero (k > 0: a normal half).
uint16_t truncatedHalf(uint32_t k) {
    if (k == 0) return 0;
    const uint32_t bits = std::bit_cast<uint32_t>(float(k) / 255.0f);
    return uint16_t((((bits >> 23 & 0xFF) - 127 + 15) << 10) | (bits >> 13 & 0x3FF));
}

struct FloatFormat {
    uint32_t format;
    uint32_t channels; // r, g, b, a in memory order, this many
    uint32_t bits;     // 16 or 32
};
constexpr FloatFormat kFormats[] = {{D3DFMT_R16F, 1, 16},          {D3DFMT_G16R16F, 2, 16},
                                    {D3DFMT_A16B16G16R16F, 4, 16}, {D3DFMT_R32F, 1, 32},
                                    {D3DFMT_G32R32F, 2, 32},       {D3DFMT_A32B32G32R32F, 4, 32}};
constexpr D3DCOLOR kColour = 0xDEADBEEF;

// The colour's channels in memory order: r, g, b, a.
uint32_t channel(uint32_t c) {
    const uint32_t shifts[4] = {16, 8, 0, 24};
    return kColour >> shifts[c] & 0xFF;
}

// The bytes of `pixels` pixels of `f` filled with kColour.
std::vector<uint8_t> filled(const FloatFormat& f, uint32_t pixels) {
    std::vector<uint8_t> one;
    for (uint32_t c = 0; c < f.channels; ++c) {
        if (f.bits == 16) {
            const uint16_t h = truncatedHalf(channel(c));
            one.push_back(uint8_t(h));
            one.push_back(uint8_t(h >> 8));
        } else {
            const uint32_t w = std::bit_cast<uint32_t>(float(channel(c)) / 255.0f);
            for (int i = 0; i < 4; ++i)
                one.push_back(uint8_t(w >> (8 * i)));
        }
    }
    std::vector<uint8_t> out;
    for (uint32_t p = 0; p < pixels; ++p)
        out.insert(out.end(), one.begin(), one.end());
    return out;
}

using FloatFills = Blits;

// A texture's CPU copy takes exactly Windows' values, in the rectangle alone.
TEST_F(FloatFills, TexturesTakeTheColourAsTruncatedHalvesOrFloats) {
    for (const FloatFormat& f : kFormats) {
        SCOPED_TRACE(f.format);
        const uint32_t tex = createTexture(4, 2, 1, f.format, true);
        ASSERT_NE(tex, 0u);
        CommandStream s;
        colorFill(s, tex, rect(1, 1, 3, 2), kColour);
        run(s);
        const uint32_t bpp = f.channels * f.bits / 8;
        std::vector<uint8_t> want(size_t(bpp) * 4, 0); // row 0 untouched
        const std::vector<uint8_t> row1 = filled(f, 2);
        want.insert(want.end(), bpp, 0);
        want.insert(want.end(), row1.begin(), row1.end());
        want.insert(want.end(), bpp, 0);
        EXPECT_EQ(lockRead<uint8_t>(tex, 0, 4 * bpp, 2), want);
    }
}

// A render-target surface is cleared on the GPU: the whole surface and a rectangle of it.
TEST_F(FloatFills, RenderTargetsTakeTheColour) {
    for (const FloatFormat& f : kFormats) {
        SCOPED_TRACE(f.format);
        uint32_t surface = 0;
        const D3DDDI_SURFACEINFO level{4, 2, 1, nullptr, 0, 0};
        ASSERT_EQ(createResource(f.format, D3DDDI_RESOURCE_RENDERTARGET, {level}, 1, &surface), S_OK);
        CommandStream s;
        colorFill(s, surface, rect(0, 0, 4, 2), kColour);
        colorFill(s, surface, rect(3, 1, 4, 2), 0); // a rectangle: black
        run(s);
        const uint32_t bpp = f.channels * f.bits / 8;
        std::vector<uint8_t> got(size_t(bpp) * 8);
        ASSERT_EQ(ddivk_surface_read(device_, surface, got.data(), 4 * bpp, got.size()), S_OK);
        std::vector<uint8_t> want = filled(f, 8);
        std::fill(want.end() - bpp, want.end(), uint8_t(0));
        for (size_t i = 0; i < got.size(); i += f.bits / 8) {
            if (f.bits == 32) {
                EXPECT_EQ(std::memcmp(&got[i], &want[i], 4), 0) << "byte " << i;
            } else {
                const int g = got[i] | got[i + 1] << 8, w = want[i] | want[i + 1] << 8;
                EXPECT_LE(std::abs(g - w), 1) << "byte " << i; // truncated or rounded to nearest
            }
        }
    }
}

} // namespace
} // namespace ddivk::test

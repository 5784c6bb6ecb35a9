// D3DHAL_DP2COLORFILL into textures whose texels come in blocks: YUY2 / UYVY pixel pairs and DXT
// 4x4 blocks. A fill covers whole blocks (the last ones may be cut by the level's edge) or fails
// at its token and changes nothing. The expected bytes come from the formats' definitions: the
// BT.601 studio-range matrix as Rec. 601 tabulates it, and the DXT block layouts (D3D9's
// "Compressed Texture Resources" pages).
#include <cmath>
#include <cstdlib>

#include "cts/blits_fixture.h"

namespace ddivk::test {
namespace {

// Y, Cb, Cr of an 8-bit RGB colour: Rec. 601's coefficients for 8-bit studio-range values.
struct Ycbcr {
    uint8_t y, cb, cr;
};
Ycbcr rec601(D3DCOLOR c) {
    const double r = ((c >> 16) & 0xFF) / 255.0, g = ((c >> 8) & 0xFF) / 255.0, b = (c & 0xFF) / 255.0;
    auto byte = [](double v) { return uint8_t(std::lround(v)); };
    return {byte(16 + 65.481 * r + 128.553 * g + 24.966 * b), byte(128 - 37.797 * r - 74.203 * g + 112.0 * b),
            byte(128 + 112.0 * r - 93.786 * g - 18.214 * b)};
}

bool near(uint32_t got, uint32_t want, int tolerance) {
    for (int shift = 0; shift < 32; shift += 8)
        if (std::abs(int((got >> shift) & 0xFF) - int((want >> shift) & 0xFF)) > tolerance) return false;
    return true;
}

using BlockFills = Blits;

// A pixel pair holds the colour's Y twice and its Cb and Cr once, in the format's byte order;
// the pairs outside the rectangle stay zero. Half a pair fails at the token. Copied to the render
// target, a filled level shows the colour again.
TEST_F(BlockFills, VideoPairsHoldTheColoursBt601Values) {
    constexpr D3DCOLOR kColours[] = {0xFFFF0000, 0xFF00FF00, 0xFF0000FF, 0xFFFFFFFF, 0xFF000000, 0xFF808080};
    for (const bool yuy2 : {true, false}) {
        const uint32_t format = yuy2 ? D3DFMT_YUY2 : D3DFMT_UYVY;
        for (const D3DCOLOR colour : kColours) {
            const uint32_t tex = createTexture(6, 2, 1, format, true);
            ASSERT_NE(tex, 0u);
            CommandStream s;
            colorFill(s, tex, rect(2, 1, 6, 2), colour);
            run(s);
            const Ycbcr v = rec601(colour);
            const std::vector<uint8_t> pair = yuy2 ? std::vector<uint8_t>{v.y, v.cb, v.y, v.cr}
                                                   : std::vector<uint8_t>{v.cb, v.y, v.cr, v.y};
            const std::vector<uint8_t> bytes = lockRead<uint8_t>(tex, 0, 12, 2);
            for (uint32_t i = 0; i < bytes.size(); ++i) {
                const bool filled = i >= 12 + 4; // row 1, pairs 1 and 2
                EXPECT_EQ(bytes[i], filled ? pair[i % 4] : 0) << format << " " << colour << " byte " << i;
            }
        }
        const uint32_t tex = createTexture(4, 2, 1, format, true);
        CommandStream half;
        colorFill(half, tex, rect(1, 0, 3, 1), 0xFFFFFFFF);
        expectFailsAtLastToken(half);
        EXPECT_EQ(lockRead<uint8_t>(tex, 0, 8, 2), std::vector<uint8_t>(16, 0));
        CommandStream shown;
        colorFill(shown, tex, rect(0, 0, 4, 2), 0xFFC08040);
        blt(shown, tex, rect(0, 0, 4, 2), target_, rect(0, 0, 4, 2));
        run(shown);
        const std::vector<uint32_t> target = readTarget();
        // Y, Cb and Cr each rounded to 8 bits, then R, G and B.
        EXPECT_TRUE(near(target[kWidth + 3], 0xFFC08040, 3)) << std::hex << target[kWidth + 3];
    }
}

// R8G8_B8G8 and G8R8_G8B8 pairs: the colour's red and blue once and its green twice, as they
// are (8 bits each), in the format's byte order; half a pair fails at the token.
TEST_F(BlockFills, RgbPairsHoldTheColour) {
    for (const bool greenFirst : {true, false}) {
        const uint32_t format = greenFirst ? D3DFMT_R8G8_B8G8 : D3DFMT_G8R8_G8B8;
        const uint32_t tex = createTexture(4, 1, 1, format, true);
        ASSERT_NE(tex, 0u);
        CommandStream s;
        colorFill(s, tex, rect(2, 0, 4, 1), 0xFF123456);
        run(s);
        const std::vector<uint8_t> pair = greenFirst ? std::vector<uint8_t>{0x34, 0x12, 0x34, 0x56}
                                                     : std::vector<uint8_t>{0x12, 0x34, 0x56, 0x34};
        std::vector<uint8_t> want(4, 0);
        want.insert(want.end(), pair.begin(), pair.end());
        EXPECT_EQ(lockRead<uint8_t>(tex, 0, 8, 1), want) << format;
        CommandStream half;
        colorFill(half, tex, rect(0, 0, 1, 1), 0xFFFFFFFF);
        expectFailsAtLastToken(half);
        EXPECT_EQ(lockRead<uint8_t>(tex, 0, 8, 1), want) << format;
    }
}

// DXT blocks of one colour: both endpoints the colour as R5G6B5 and every index 0. Alpha: DXT1's
// transparent block below one half, DXT2 / DXT3's 4-bit texels, DXT4 / DXT5's endpoints. Only
// the blocks the rectangle covers change; a rectangle across a block fails at its token.
TEST_F(BlockFills, DxtBlocksHoldOneColour) {
    struct Case {
        uint32_t format;
        D3DCOLOR colour;
        std::vector<uint8_t> block;
    };
    const Case cases[] = {
        // Green: R5G6B5 0x07E0; red: 0xF800.
        {D3DFMT_DXT1, 0xFF00FF00, {0xE0, 0x07, 0xE0, 0x07, 0, 0, 0, 0}},
        {D3DFMT_DXT1, 0x00FF0000, {0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF}},
        {D3DFMT_DXT3,
         0x80FF0000,
         {0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x00, 0xF8, 0x00, 0xF8, 0, 0, 0, 0}},
        {D3DFMT_DXT5, 0x40FF0000, {0x40, 0x40, 0, 0, 0, 0, 0, 0, 0x00, 0xF8, 0x00, 0xF8, 0, 0, 0, 0}},
    };
    for (const Case& c : cases) {
        const uint32_t size = uint32_t(c.block.size());
        const uint32_t tex = createTexture(8, 8, 1, c.format, true);
        ASSERT_NE(tex, 0u);
        CommandStream s;
        colorFill(s, tex, rect(4, 4, 8, 8), c.colour);
        run(s);
        const std::vector<uint8_t> rows = lockRead<uint8_t>(tex, 0, 2 * size, 2);
        for (uint32_t i = 0; i < rows.size(); ++i)
            EXPECT_EQ(rows[i], i >= 3 * size ? c.block[i % size] : 0) << c.format << " byte " << i;
        CommandStream across;
        colorFill(across, tex, rect(2, 2, 6, 6), c.colour);
        expectFailsAtLastToken(across);
        EXPECT_EQ(lockRead<uint8_t>(tex, 0, 2 * size, 2), rows);
    }
    // Sampled through a copy to the render target: the block shows the colour exactly (R5G6B5's
    // full green is 255).
    const uint32_t tex = createTexture(4, 4, 1, D3DFMT_DXT1, true);
    CommandStream shown;
    colorFill(shown, tex, rect(0, 0, 4, 4), 0xFF00FF00);
    blt(shown, tex, rect(0, 0, 4, 4), target_, rect(8, 8, 12, 12));
    run(shown);
    EXPECT_EQ(readTarget()[9 * kWidth + 10], 0xFF00FF00u);
}

} // namespace
} // namespace ddivk::test

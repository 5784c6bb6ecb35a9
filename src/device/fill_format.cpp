#include "device/fill_format.h"

#include <cmath>
#include <cstring>

#include "ddivk/d3d9_formats.h"

namespace ddivk::device {
namespace {

constexpr FillFormat kFillFormats[] = {
    {D3DFMT_A8R8G8B8, {16, 8}, {8, 8}, {0, 8}, {24, 8}, false},
    {D3DFMT_X8R8G8B8, {16, 8}, {8, 8}, {0, 8}, {24, 8}, true},
    {D3DFMT_A8B8G8R8, {0, 8}, {8, 8}, {16, 8}, {24, 8}, false},
    {D3DFMT_X8B8G8R8, {0, 8}, {8, 8}, {16, 8}, {24, 8}, true},
    {D3DFMT_R5G6B5, {11, 5}, {5, 6}, {0, 5}, {0, 0}, false},
    {D3DFMT_X1R5G5B5, {10, 5}, {5, 5}, {0, 5}, {15, 1}, true},
    {D3DFMT_A1R5G5B5, {10, 5}, {5, 5}, {0, 5}, {15, 1}, false},
    {D3DFMT_A4R4G4B4, {8, 4}, {4, 4}, {0, 4}, {12, 4}, false},
    {D3DFMT_A2R10G10B10, {20, 10}, {10, 10}, {0, 10}, {30, 2}, false},
    {D3DFMT_A2B10G10R10, {0, 10}, {10, 10}, {20, 10}, {30, 2}, false},
    {D3DFMT_G16R16, {0, 16}, {16, 16}, {0, 0}, {0, 0}, false},
    {D3DFMT_A16B16G16R16, {0, 16}, {16, 16}, {32, 16}, {48, 16}, false},
    {D3DFMT_A8, {0, 0}, {0, 0}, {0, 0}, {0, 8}, false},
};

uint32_t maxOf(ChannelBits c) {
    return (1u << c.bits) - 1;
}
// An 8-bit channel value scaled to `c`'s width, rounded to nearest.
uint32_t scaleChannel(uint32_t v8, ChannelBits c) {
    return (v8 * maxOf(c) + 127) / 255;
}

// A 2x1 block: two pixels each with its own `each` (Y, or green) sharing `first` and `second`
// (U and V, or red and blue), in YUY2's order (each first: YUY2, R8G8_B8G8) or UYVY's (UYVY,
// G8R8_G8B8).
BlockFill pixelPair(bool eachFirst, uint8_t each, uint8_t first, uint8_t second) {
    BlockFill f{2, 1, 4, {}};
    const uint8_t eachFirstPair[4] = {each, first, each, second};
    const uint8_t sharedFirstPair[4] = {first, each, second, each};
    std::memcpy(f.bytes.data(), eachFirst ? eachFirstPair : sharedFirstPair, 4);
    return f;
}

// A pixel pair of YUY2 (Y0 U Y1 V) or UYVY (U Y0 V Y1) of one colour.
BlockFill videoPair(bool yuy2, D3DCOLOR color) {
    const double r = ((color >> 16) & 0xFF) / 255.0, g = ((color >> 8) & 0xFF) / 255.0,
                 b = (color & 0xFF) / 255.0;
    const double luma = 0.299 * r + 0.587 * g + 0.114 * b; // BT.601's Kr and Kb
    auto byte = [](double v) { return uint8_t(std::lround(v < 0 ? 0 : v > 255 ? 255 : v)); };
    const uint8_t y = byte(16 + 219 * luma);
    const uint8_t u = byte(128 + 224 * (b - luma) / 1.772); // 1.772 = 2 (1 - Kb)
    const uint8_t v = byte(128 + 224 * (r - luma) / 1.402); // 1.402 = 2 (1 - Kr)
    return pixelPair(yuy2, y, u, v);
}

// A DXT block of one colour: both endpoints the colour as R5G6B5 and every index 0, which
// selects endpoint 0 in either of DXT1's modes. DXT1 fills with alpha below one half as its
// transparent texel (index 3 with endpoint 0 not above endpoint 1); DXT2 / DXT3 store alpha in
// explicit 4-bit texels, DXT4 / DXT5 as both alpha endpoints with every index 0.
BlockFill dxtBlock(uint32_t format, D3DCOLOR color) {
    const uint32_t a = color >> 24;
    const uint16_t rgb565 =
        uint16_t(scaleChannel((color >> 16) & 0xFF, {11, 5}) << 11 |
                 scaleChannel((color >> 8) & 0xFF, {5, 6}) << 5 | scaleChannel(color & 0xFF, {0, 5}));
    BlockFill f{4, 4, 16, {}};
    uint8_t* colour = f.bytes.data() + 8; // after the alpha half
    if (format == D3DFMT_DXT1) {
        f.size = 8;
        colour = f.bytes.data();
        if (a < 0x80) {
            std::memset(colour + 4, 0xFF, 4); // index 3 everywhere; endpoints 0 and 0
            return f;
        }
    } else if (format == D3DFMT_DXT2 || format == D3DFMT_DXT3) {
        const uint8_t nibbles = uint8_t(scaleChannel(a, {0, 4}) * 0x11);
        std::memset(f.bytes.data(), nibbles, 8);
    } else {
        f.bytes[0] = f.bytes[1] = uint8_t(a);
    }
    colour[0] = colour[2] = uint8_t(rgb565 & 0xFF);
    colour[1] = colour[3] = uint8_t(rgb565 >> 8);
    return f;
}

} // namespace

const FillFormat* findFillFormat(uint32_t d3dFormat) {
    for (const FillFormat& f : kFillFormats)
        if (f.d3dFormat == d3dFormat) return &f;
    return nullptr;
}

FillValue fillValue(const FillFormat& f, D3DCOLOR color) {
    return {scaleChannel((color >> 16) & 0xFF, f.r), scaleChannel((color >> 8) & 0xFF, f.g),
            scaleChannel(color & 0xFF, f.b), f.alphaIsX ? maxOf(f.a) : scaleChannel(color >> 24, f.a)};
}

uint64_t packPixel(const FillFormat& f, const FillValue& v) {
    auto put = [](uint32_t value, ChannelBits c) { return c.bits ? uint64_t(value) << c.shift : 0; };
    return put(v.r, f.r) | put(v.g, f.g) | put(v.b, f.b) | put(v.a, f.a);
}

std::optional<BlockFill> blockFill(uint32_t d3dFormat, D3DCOLOR color) {
    switch (d3dFormat) {
    case D3DFMT_YUY2:
    case D3DFMT_UYVY:
        return videoPair(d3dFormat == D3DFMT_YUY2, color);
    case D3DFMT_R8G8_B8G8:
    case D3DFMT_G8R8_G8B8:
        // R8G8_B8G8: G0 R G1 B; G8R8_G8B8: R G0 B G1.
        return pixelPair(d3dFormat == D3DFMT_R8G8_B8G8, uint8_t(color >> 8), uint8_t(color >> 16),
                         uint8_t(color));
    case D3DFMT_DXT1:
    case D3DFMT_DXT2:
    case D3DFMT_DXT3:
    case D3DFMT_DXT4:
    case D3DFMT_DXT5:
        return dxtBlock(d3dFormat, color);
    default:
        return std::nullopt;
    }
}

namespace {

constexpr FloatFill kFloatFills[] = {
    {D3DFMT_R16F, 1, 16}, {D3DFMT_G16R16F, 2, 16}, {D3DFMT_A16B16G16R16F, 4, 16},
    {D3DFMT_R32F, 1, 32}, {D3DFMT_G32R32F, 2, 32}, {D3DFMT_A32B32G32R32F, 4, 32},
};

// k / 255 as a half truncated toward zero: 0, or a normal half (k / 255 >= 2^-8).
uint16_t truncatedHalf(uint32_t k) {
    if (k == 0) return 0;
    uint32_t bits;
    const float f = float(k) / 255.0f;
    std::memcpy(&bits, &f, 4);
    return uint16_t((((bits >> 23 & 0xFF) - 127 + 15) << 10) | (bits >> 13 & 0x3FF));
}

// The colour's channels in memory order: r, g, b, a.
uint32_t floatChannel(D3DCOLOR color, uint32_t c) {
    constexpr uint32_t kShifts[4] = {16, 8, 0, 24};
    return color >> kShifts[c] & 0xFF;
}

} // namespace

const FloatFill* findFloatFill(uint32_t d3dFormat) {
    for (const FloatFill& f : kFloatFills)
        if (f.d3dFormat == d3dFormat) return &f;
    return nullptr;
}

std::array<uint8_t, 16> packFloatPixel(const FloatFill& f, D3DCOLOR color) {
    std::array<uint8_t, 16> bytes{};
    for (uint32_t c = 0; c < f.channels; ++c) {
        const uint32_t k = floatChannel(color, c);
        if (f.bits == 16) {
            const uint16_t h = truncatedHalf(k);
            std::memcpy(bytes.data() + 2 * c, &h, 2);
        } else {
            const float v = float(k) / 255.0f;
            std::memcpy(bytes.data() + 4 * c, &v, 4);
        }
    }
    return bytes;
}

VkClearColorValue floatClearValue(D3DCOLOR color) {
    VkClearColorValue v{};
    for (uint32_t c = 0; c < 4; ++c)
        v.float32[c] = float(floatChannel(color, c)) / 255.0f;
    return v;
}

bool colorFillable(uint32_t d3dFormat) {
    return findFillFormat(d3dFormat) || findFloatFill(d3dFormat) || blockFill(d3dFormat, 0).has_value();
}

void setXAlphaBits(uint32_t d3dFormat, uint32_t bytesPerPixel, uint8_t* pixels, size_t bytes) {
    const FillFormat* f = findFillFormat(d3dFormat);
    if (!f || !f->alphaIsX || f->a.bits == 0 || bytesPerPixel == 0 || bytesPerPixel > 8) return;
    const uint64_t ones = ((uint64_t(1) << f->a.bits) - 1) << f->a.shift;
    for (size_t at = 0; at + bytesPerPixel <= bytes; at += bytesPerPixel) {
        uint64_t p = 0;
        std::memcpy(&p, pixels + at, bytesPerPixel);
        p |= ones;
        std::memcpy(pixels + at, &p, bytesPerPixel);
    }
}

VkClearColorValue clearValue(const FillFormat& f, const FillValue& v) {
    auto norm = [](uint32_t value, ChannelBits c) { return c.bits ? float(value) / float(maxOf(c)) : 1.0f; };
    VkClearColorValue c{};
    c.float32[0] = norm(v.r, f.r);
    c.float32[1] = norm(v.g, f.g);
    c.float32[2] = norm(v.b, f.b);
    c.float32[3] = norm(v.a, f.a);
    return c;
}

} // namespace ddivk::device

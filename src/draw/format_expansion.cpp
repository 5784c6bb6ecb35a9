#include "draw/format_expansion.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace ddivk::draw {
namespace {

uint8_t clampByte(float v) {
    return uint8_t(std::clamp(std::lround(v), 0L, 255L));
}

// One pixel of BT.601 studio-range YUV as B8G8R8A8.
void putYuv(uint8_t* out, int y, int u, int v) {
    const float c = 1.164383f * float(y - 16), d = float(u - 128), e = float(v - 128);
    out[0] = clampByte(c + 2.017232f * d);                 // blue
    out[1] = clampByte(c - 0.391762f * d - 0.812968f * e); // green
    out[2] = clampByte(c + 1.596027f * e);                 // red
    out[3] = 255;
}

// Two pixels per four bytes; `y0`, `u`, `y1`, `v` are the byte positions in the pair. A row of
// odd width has two bytes a pixel: its last pixel's pair is cut short, and a chroma byte past
// the row reads as 128 (no colour).
void expandPairs(const uint8_t* in, uint8_t* out, uint32_t width, int y0, int u, int y1, int v) {
    const size_t rowBytes = size_t(width) * 2;
    auto at = [&](size_t i) { return i < rowBytes ? in[i] : uint8_t{128}; };
    for (uint32_t x = 0; x < width; ++x) {
        const size_t pair = size_t(x / 2) * 4;
        putYuv(out + x * 4, at(pair + size_t((x & 1) ? y1 : y0)), at(pair + size_t(u)), at(pair + size_t(v)));
    }
}

// Two pixels per four bytes sharing red and blue; `g0`, `r`, `g1`, `b` are the byte positions in
// the pair. A row of odd width cuts its last pair short: a byte past the row reads 0.
void expandRgbPairs(const uint8_t* in, uint8_t* out, uint32_t width, int g0, int r, int g1, int b) {
    const size_t rowBytes = size_t(width) * 2;
    auto at = [&](size_t i) { return i < rowBytes ? in[i] : uint8_t{0}; };
    for (uint32_t x = 0; x < width; ++x) {
        const size_t pair = size_t(x / 2) * 4;
        uint8_t* p = out + x * 4;
        p[0] = at(pair + size_t(b));
        p[1] = at(pair + size_t((x & 1) ? g1 : g0));
        p[2] = at(pair + size_t(r));
        p[3] = 255;
    }
}

// Bits [shift, shift + bits) of `word` as an unsigned channel repeated into 8 bits.
uint8_t widen(uint32_t word, int shift, int bits) {
    const uint32_t v = (word >> shift) & ((1u << bits) - 1);
    return uint8_t(std::lround(float(v) * 255.0f / float((1u << bits) - 1)));
}

void putRgb332(uint8_t* out, uint8_t rgb, uint8_t alpha) {
    out[0] = widen(rgb, 0, 2);
    out[1] = widen(rgb, 2, 3);
    out[2] = widen(rgb, 5, 3);
    out[3] = alpha;
}

// Bits [shift, shift + bits) of `word` as a signed or unsigned normalized value.
float snorm(uint32_t word, int shift, int bits) {
    const int32_t raw = int32_t(word << (32 - shift - bits)) >> (32 - bits);
    return std::max(-1.0f, float(raw) / float((1 << (bits - 1)) - 1));
}
float unorm(uint32_t word, int shift, int bits) {
    return float((word >> shift) & ((1u << bits) - 1)) / float((1u << bits) - 1);
}

// IEEE half of a value in [-1, 1], rounded to nearest even.
uint16_t toHalf(float f) {
    uint32_t bits;
    std::memcpy(&bits, &f, 4);
    const uint16_t sign = uint16_t((bits >> 16) & 0x8000u);
    const float a = std::fabs(f);
    if (a < 6.103515625e-05f) // below the smallest normal half: a multiple of 2^-24
        return uint16_t(sign | uint16_t(std::nearbyint(a * 16777216.0f)));
    int exponent;
    const float mantissa = std::frexp(a, &exponent); // a = mantissa * 2^exponent, mantissa in [0.5, 1)
    uint32_t m = uint32_t(std::nearbyint((mantissa * 2.0f - 1.0f) * 1024.0f));
    int e = exponent - 1 + 15;
    if (m == 1024) { // rounded up into the next power of two
        m = 0;
        ++e;
    }
    return uint16_t(sign | uint16_t(e << 10) | uint16_t(m));
}

void putHalves(uint8_t* out, float a, float b, float c, float d) {
    const uint16_t h[4] = {toHalf(a), toHalf(b), toHalf(c), toHalf(d)};
    std::memcpy(out, h, sizeof h);
}

uint32_t load16(const uint8_t* p) {
    return uint32_t(p[0]) | uint32_t(p[1]) << 8;
}
uint32_t load32(const uint8_t* p) {
    return load16(p) | load16(p + 2) << 16;
}

} // namespace

void expandYuy2(const uint8_t* d3dRow, uint8_t* vkRow, uint32_t width) {
    expandPairs(d3dRow, vkRow, width, 0, 1, 2, 3);
}

void expandUyvy(const uint8_t* d3dRow, uint8_t* vkRow, uint32_t width) {
    expandPairs(d3dRow, vkRow, width, 1, 0, 3, 2);
}

void expandR8G8B8G8(const uint8_t* d3dRow, uint8_t* vkRow, uint32_t width) {
    expandRgbPairs(d3dRow, vkRow, width, 0, 1, 2, 3);
}

void expandG8R8G8B8(const uint8_t* d3dRow, uint8_t* vkRow, uint32_t width) {
    expandRgbPairs(d3dRow, vkRow, width, 1, 0, 3, 2);
}

void expandR3G3B2(const uint8_t* d3dRow, uint8_t* vkRow, uint32_t width) {
    for (uint32_t x = 0; x < width; ++x)
        putRgb332(vkRow + x * 4, d3dRow[x], 255);
}

void expandA8R3G3B2(const uint8_t* d3dRow, uint8_t* vkRow, uint32_t width) {
    for (uint32_t x = 0; x < width; ++x)
        putRgb332(vkRow + x * 4, d3dRow[2 * x], d3dRow[2 * x + 1]);
}

void expandA4L4(const uint8_t* d3dRow, uint8_t* vkRow, uint32_t width) {
    for (uint32_t x = 0; x < width; ++x) {
        vkRow[2 * x] = widen(d3dRow[x], 0, 4);
        vkRow[2 * x + 1] = widen(d3dRow[x], 4, 4);
    }
}

void expandL6V5U5(const uint8_t* d3dRow, uint8_t* vkRow, uint32_t width) {
    for (uint32_t x = 0; x < width; ++x) {
        const uint32_t t = load16(d3dRow + 2 * x);
        putHalves(vkRow + 8 * x, snorm(t, 0, 5), snorm(t, 5, 5), unorm(t, 10, 6), 1.0f);
    }
}

void expandX8L8V8U8(const uint8_t* d3dRow, uint8_t* vkRow, uint32_t width) {
    for (uint32_t x = 0; x < width; ++x) {
        const uint32_t t = load32(d3dRow + 4 * x);
        putHalves(vkRow + 8 * x, snorm(t, 0, 8), snorm(t, 8, 8), unorm(t, 16, 8), 1.0f);
    }
}

void expandA2W10V10U10(const uint8_t* d3dRow, uint8_t* vkRow, uint32_t width) {
    for (uint32_t x = 0; x < width; ++x) {
        const uint32_t t = load32(d3dRow + 4 * x);
        putHalves(vkRow + 8 * x, snorm(t, 0, 10), snorm(t, 10, 10), snorm(t, 20, 10), unorm(t, 30, 2));
    }
}

void expandCxV8U8(const uint8_t* d3dRow, uint8_t* vkRow, uint32_t width) {
    for (uint32_t x = 0; x < width; ++x) {
        const uint32_t t = load16(d3dRow + 2 * x);
        const float u = snorm(t, 0, 8), v = snorm(t, 8, 8);
        putHalves(vkRow + 8 * x, u, v, std::sqrt(std::max(0.0f, 1.0f - u * u - v * v)), 1.0f);
    }
}

} // namespace ddivk::draw

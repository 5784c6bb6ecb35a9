#include "capture/pixels.h"

#include "ddivk/d3d9_formats.h"

namespace ddivk::capture {
namespace {

// One row per format with a conversion: bytes per pixel and a function from one pixel's bytes.
struct Conversion {
    uint32_t format;
    uint32_t bytesPerPixel;
    void (*convert)(const uint8_t* in, uint8_t* out);
};

uint8_t widen5(uint32_t v) {
    return uint8_t(v << 3 | v >> 2);
}
uint8_t widen6(uint32_t v) {
    return uint8_t(v << 2 | v >> 4);
}
uint32_t load16(const uint8_t* p) {
    return uint32_t(p[0]) | uint32_t(p[1]) << 8;
}

void fromBgra(const uint8_t* in, uint8_t* out) {
    out[0] = in[2], out[1] = in[1], out[2] = in[0], out[3] = in[3];
}
void fromBgrx(const uint8_t* in, uint8_t* out) {
    out[0] = in[2], out[1] = in[1], out[2] = in[0], out[3] = 255;
}
void fromRgba(const uint8_t* in, uint8_t* out) {
    out[0] = in[0], out[1] = in[1], out[2] = in[2], out[3] = in[3];
}
void fromRgbx(const uint8_t* in, uint8_t* out) {
    out[0] = in[0], out[1] = in[1], out[2] = in[2], out[3] = 255;
}
void fromR5G6B5(const uint8_t* in, uint8_t* out) {
    const uint32_t v = load16(in);
    out[0] = widen5(v >> 11 & 31), out[1] = widen6(v >> 5 & 63), out[2] = widen5(v & 31), out[3] = 255;
}
void fromX1R5G5B5(const uint8_t* in, uint8_t* out) {
    const uint32_t v = load16(in);
    out[0] = widen5(v >> 10 & 31), out[1] = widen5(v >> 5 & 31), out[2] = widen5(v & 31), out[3] = 255;
}
void fromA1R5G5B5(const uint8_t* in, uint8_t* out) {
    fromX1R5G5B5(in, out);
    out[3] = (load16(in) & 0x8000) ? 255 : 0;
}

constexpr Conversion kConversions[] = {
    {D3DFMT_A8R8G8B8, 4, fromBgra},     {D3DFMT_X8R8G8B8, 4, fromBgrx}, {D3DFMT_A8B8G8R8, 4, fromRgba},
    {D3DFMT_X8B8G8R8, 4, fromRgbx},     {D3DFMT_R5G6B5, 2, fromR5G6B5}, {D3DFMT_X1R5G5B5, 2, fromX1R5G5B5},
    {D3DFMT_A1R5G5B5, 2, fromA1R5G5B5},
};

} // namespace

uint64_t fnv1a64(std::span<const uint8_t> bytes, uint64_t hash) {
    for (uint8_t b : bytes)
        hash = (hash ^ b) * kFnv1a64Prime;
    return hash;
}

bool toRgba8(uint32_t format, uint32_t width, uint32_t height, std::span<const uint8_t> pixels,
             std::vector<uint8_t>& rgba) {
    for (const Conversion& c : kConversions) {
        if (c.format != format) continue;
        const uint64_t count = uint64_t(width) * height;
        if (pixels.size() != count * c.bytesPerPixel) return false;
        rgba.resize(count * 4);
        for (uint64_t i = 0; i < count; ++i)
            c.convert(pixels.data() + i * c.bytesPerPixel, rgba.data() + i * 4);
        return true;
    }
    return false;
}

} // namespace ddivk::capture

#include "device/fill_format.h"

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

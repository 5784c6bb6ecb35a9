// COLORFILL's colour conversion: a D3DCOLOR written into the bits of a surface format (for the
// CPU copies of textures) or as the clear value that stores the same bits (for images).
#pragma once

#include <volk.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>

#include "ddivk/d3d9_types.h"

namespace ddivk::device {

// Where a channel sits in a little-endian pixel; bits 0: the format has no such channel.
struct ChannelBits {
    uint8_t shift, bits;
};
// How a D3DCOLOR is written into a format: each channel's 8 bits scaled to its width, rounded to
// nearest (what a Vulkan clear of the same colour stores). X formats get all ones in the alpha
// bits, as they keep alpha at one (Device::createSurface).
struct FillFormat {
    uint32_t d3dFormat;
    ChannelBits r, g, b, a;
    bool alphaIsX;
};
// The D3DCOLOR's channels in the format's integer scale.
struct FillValue {
    uint32_t r, g, b, a;
};

// nullptr: COLORFILL does not convert to this format.
const FillFormat* findFillFormat(uint32_t d3dFormat);
FillValue fillValue(const FillFormat& f, D3DCOLOR color);
// The pixel's bytes (little-endian, the low bytesPerPixel of the value).
uint64_t packPixel(const FillFormat& f, const FillValue& v);
// The clear value that stores `v` (UNORM formats; absent channels read 1).
VkClearColorValue clearValue(const FillFormat& f, const FillValue& v);

// The floating-point formats COLORFILL writes (R16F, G16R16F, A16B16G16R16F, R32F, G32R32F,
// A32B32G32R32F): each channel of the D3DCOLOR as a 0..1 float, red first in memory, in halves
// truncated toward zero (Windows' values in Wine's color_fill_test) or in floats.
struct FloatFill {
    uint32_t d3dFormat;
    uint8_t channels; // r, g, b, a in memory order, this many
    uint8_t bits;     // 16 or 32
};
// nullptr: not a floating-point format COLORFILL writes.
const FloatFill* findFloatFill(uint32_t d3dFormat);
// One pixel's bytes (channels * bits / 8 of them).
std::array<uint8_t, 16> packFloatPixel(const FloatFill& f, D3DCOLOR color);
// The clear value of the colour for a floating-point image (the device converts to halves).
VkClearColorValue floatClearValue(D3DCOLOR color);

// Whether COLORFILL converts a D3DCOLOR into the format at all (pixel layouts, floating-point
// formats, or whole blocks of a texture's CPU copy).
bool colorFillable(uint32_t d3dFormat);

// X formats (X8R8G8B8, X8B8G8R8, X1R5G5B5...) keep alpha at one in their images: sets the X bits
// of every pixel of `pixels` (`bytes` of whole pixels of the format); nothing for other formats.
void setXAlphaBits(uint32_t d3dFormat, uint32_t bytesPerPixel, uint8_t* pixels, size_t bytes);

// Formats COLORFILL writes in whole blocks, which no channel layout above describes (texture
// CPU copies only): YUY2 and UYVY pixel pairs (2x1) sharing U and V, converted by ITU-R BT.601's
// studio-range matrix as their textures sample (draw/format_expansion.h), R8G8_B8G8 and
// G8R8_G8B8 pairs sharing red and blue, and DXT1-5 4x4 blocks of one colour. A fill of part of a
// block has no meaning: the rectangle must cover whole ones.
struct BlockFill {
    uint32_t width, height; // pixels a block covers
    uint32_t size;          // its bytes
    std::array<uint8_t, 16> bytes;
};
// Nothing for formats filled pixel by pixel (findFillFormat) or not at all.
std::optional<BlockFill> blockFill(uint32_t d3dFormat, D3DCOLOR color);

} // namespace ddivk::device

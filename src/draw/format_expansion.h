// D3D9 formats no Vulkan format stores bit for bit (YUY2, UYVY, R3G3B2, A8R3G3B2, A4L4 and the
// mixed signed / unsigned bump formats): a texture upload expands each row of D3D9 texels into
// texels of a wider Vulkan format that samples as D3D9 defines (format_table.cpp names which).
#pragma once

#include <cstdint>

namespace ddivk::draw {

// Writes `width` texels of one row: from the D3D9 bytes at `d3dRow` into the Vulkan format's
// bytes at `vkRow`.
using RowExpansion = void (*)(const uint8_t* d3dRow, uint8_t* vkRow, uint32_t width);

// Into B8G8R8A8_UNORM. YUY2 (Y0 U Y1 V) and UYVY (U Y0 V Y1): two pixels per four bytes sharing
// U and V, converted with ITU-R BT.601's studio-range matrix (Y 16-235, U and V 16-240), the
// encoding of D3D9's video surfaces; alpha 1.
void expandYuy2(const uint8_t* d3dRow, uint8_t* vkRow, uint32_t width);
void expandUyvy(const uint8_t* d3dRow, uint8_t* vkRow, uint32_t width);
// Into B8G8R8A8_UNORM: R3G3B2 (alpha 1) and A8R3G3B2, each channel's bits repeated downwards.
void expandR3G3B2(const uint8_t* d3dRow, uint8_t* vkRow, uint32_t width);
void expandA8R3G3B2(const uint8_t* d3dRow, uint8_t* vkRow, uint32_t width);
// Into R8G8_UNORM (luminance, alpha): A4L4, luminance in the low four bits.
void expandA4L4(const uint8_t* d3dRow, uint8_t* vkRow, uint32_t width);
// Into R16G16B16A16_SFLOAT (U, V, L or W, A): the bump formats whose channels mix signed and
// unsigned values. Signed channels of n bits read v / (2^(n-1) - 1), the most negative -1.
void expandL6V5U5(const uint8_t* d3dRow, uint8_t* vkRow, uint32_t width);      // (U, V, L, 1)
void expandX8L8V8U8(const uint8_t* d3dRow, uint8_t* vkRow, uint32_t width);    // (U, V, L, 1)
void expandA2W10V10U10(const uint8_t* d3dRow, uint8_t* vkRow, uint32_t width); // (U, V, W, A)

} // namespace ddivk::draw

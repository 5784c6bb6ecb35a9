// D3D9 formats no Vulkan format stores bit for bit (YUY2, UYVY, the packed 4:2:2 RGB formats,
// R3G3B2, A8R3G3B2, A4L4, CxV8U8 and the mixed signed / unsigned bump formats): a texture upload
// expands each row of D3D9 texels into texels of a wider Vulkan format that samples as D3D9
// defines (format_table.cpp names which).
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
// Into B8G8R8A8_UNORM. R8G8_B8G8 (G0 R G1 B) and G8R8_G8B8 (R G0 B G1): two pixels per four
// bytes, each its own green and both the pair's red and blue; alpha 1.
void expandR8G8B8G8(const uint8_t* d3dRow, uint8_t* vkRow, uint32_t width);
void expandG8R8G8B8(const uint8_t* d3dRow, uint8_t* vkRow, uint32_t width);
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
// CxV8U8 (V8U8's bits): (U, V, C, 1) with C = sqrt(1 - U^2 - V^2), 0 where U^2 + V^2 > 1. D3D9's
// sampler derives C after filtering; here it is derived per texel, the same at texel centres.
void expandCxV8U8(const uint8_t* d3dRow, uint8_t* vkRow, uint32_t width);

} // namespace ddivk::draw

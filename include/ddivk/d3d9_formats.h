// D3DFORMAT values (d3d9types.h). The draw translator maps them to Vulkan formats; this
// header only names them.
#pragma once

#include <cstdint>

namespace ddivk {

enum D3DFORMAT : uint32_t {
    D3DFMT_UNKNOWN = 0,
    D3DFMT_R8G8B8 = 20,
    D3DFMT_A8R8G8B8 = 21,
    D3DFMT_X8R8G8B8 = 22,
    D3DFMT_R5G6B5 = 23,
    D3DFMT_X1R5G5B5 = 24,
    D3DFMT_A1R5G5B5 = 25,
    D3DFMT_A4R4G4B4 = 26,
    D3DFMT_R3G3B2 = 27,
    D3DFMT_A8 = 28,
    D3DFMT_A8R3G3B2 = 29,
    D3DFMT_X4R4G4B4 = 30,
    D3DFMT_A2B10G10R10 = 31,
    D3DFMT_A8B8G8R8 = 32,
    D3DFMT_X8B8G8R8 = 33,
    D3DFMT_G16R16 = 34,
    D3DFMT_A2R10G10B10 = 35,
    D3DFMT_A16B16G16R16 = 36,
    D3DFMT_L8 = 50,
    D3DFMT_A8L8 = 51,
    D3DFMT_A4L4 = 52,
    D3DFMT_V8U8 = 60,
    D3DFMT_L6V5U5 = 61,
    D3DFMT_X8L8V8U8 = 62,
    D3DFMT_Q8W8V8U8 = 63,
    D3DFMT_V16U16 = 64,
    D3DFMT_A2W10V10U10 = 67,
    D3DFMT_D16_LOCKABLE = 70,
    D3DFMT_D32 = 71,
    D3DFMT_D24S8 = 75,
    D3DFMT_D24X8 = 77,
    D3DFMT_D16 = 80,
    D3DFMT_L16 = 81,
    D3DFMT_D32F_LOCKABLE = 82,
    D3DFMT_D24FS8 = 83,
    D3DFMT_VERTEXDATA = 100, // buffers
    D3DFMT_INDEX16 = 101,
    D3DFMT_INDEX32 = 102,
    D3DFMT_Q16W16V16U16 = 110,
    D3DFMT_R16F = 111,
    D3DFMT_G16R16F = 112,
    D3DFMT_A16B16G16R16F = 113,
    D3DFMT_R32F = 114,
    D3DFMT_G32R32F = 115,
    D3DFMT_A32B32G32R32F = 116,
    D3DFMT_CxV8U8 = 117, // V8U8 whose sampler adds C = sqrt(1 - U^2 - V^2)
};

// Four-character-code formats.
constexpr uint32_t makeFourCC(char a, char b, char c, char d) {
    return uint32_t(uint8_t(a)) | uint32_t(uint8_t(b)) << 8 | uint32_t(uint8_t(c)) << 16 |
           uint32_t(uint8_t(d)) << 24;
}
constexpr uint32_t D3DFMT_DXT1 = makeFourCC('D', 'X', 'T', '1');
constexpr uint32_t D3DFMT_DXT2 = makeFourCC('D', 'X', 'T', '2');
constexpr uint32_t D3DFMT_DXT3 = makeFourCC('D', 'X', 'T', '3');
constexpr uint32_t D3DFMT_DXT4 = makeFourCC('D', 'X', 'T', '4');
constexpr uint32_t D3DFMT_DXT5 = makeFourCC('D', 'X', 'T', '5');
// AMD's 3Dc block formats, 4x4 blocks like DXT: ATI1 is BC4 (one channel, read as red), ATI2
// is BC5 (two channels: the first block D3D9's green, the second its red).
constexpr uint32_t D3DFMT_ATI1 = makeFourCC('A', 'T', 'I', '1');
constexpr uint32_t D3DFMT_ATI2 = makeFourCC('A', 'T', 'I', '2');
// 4:2:2 video: two pixels per four bytes, Y0 U Y1 V (YUY2) or U Y0 V Y1 (UYVY).
constexpr uint32_t D3DFMT_YUY2 = makeFourCC('Y', 'U', 'Y', '2');
constexpr uint32_t D3DFMT_UYVY = makeFourCC('U', 'Y', 'V', 'Y');
// Packed RGB at 4:2:2, two pixels per four bytes sharing red and blue: G0 R G1 B (R8G8_B8G8, as
// YUY2) or R G0 B G1 (G8R8_G8B8, as UYVY); DXGI's G8R8_G8B8 and R8G8_B8G8 respectively.
constexpr uint32_t D3DFMT_R8G8_B8G8 = makeFourCC('R', 'G', 'B', 'G');
constexpr uint32_t D3DFMT_G8R8_G8B8 = makeFourCC('G', 'R', 'G', 'B');
constexpr uint32_t D3DFMT_INTZ = makeFourCC('I', 'N', 'T', 'Z');
// AMD's depth textures (draw::samplesDepth): 16- and 24-bit depth buffers whose texels sample
// the depth itself in red, not a comparison; green and blue read 0, alpha 1. Programs take
// CheckDeviceFormat(..., D3DUSAGE_DEPTHSTENCIL, D3DRTYPE_TEXTURE, DF24) as the sign of FETCH4.
constexpr uint32_t D3DFMT_DF16 = makeFourCC('D', 'F', '1', '6');
constexpr uint32_t D3DFMT_DF24 = makeFourCC('D', 'F', '2', '4');
// The vendors' render-target format without memory (depth-only passes such as shadow maps):
// colour writes go nowhere.
constexpr uint32_t D3DFMT_NULL = makeFourCC('N', 'U', 'L', 'L');
// The vendors' alpha-to-coverage switches, codes that are render-state values rather than
// formats (state/vendor_states.h). NVIDIA: D3DRS_ADAPTIVETESS_Y = ATOC turns it on (acting
// with the alpha test), 0 off; CheckDeviceFormat(..., D3DRTYPE_SURFACE, ATOC) advertises it.
// AMD: D3DRS_POINTSIZE = A2M1 on, A2M0 off.
constexpr uint32_t D3DFMT_ATOC = makeFourCC('A', 'T', 'O', 'C');
constexpr uint32_t D3DFMT_A2M0 = makeFourCC('A', '2', 'M', '0');
constexpr uint32_t D3DFMT_A2M1 = makeFourCC('A', '2', 'M', '1');
// RESZ, the vendors' depth-buffer copy into an INTZ texture: CheckDeviceFormat(...,
// D3DUSAGE_RENDERTARGET, D3DRTYPE_SURFACE, RESZ) advertises it; the command itself is a
// D3DRS_POINTSIZE value (state/vendor_states.h).
constexpr uint32_t D3DFMT_RESZ = makeFourCC('R', 'E', 'S', 'Z');

} // namespace ddivk

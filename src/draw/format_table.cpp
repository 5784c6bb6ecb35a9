#include "draw/format_table.h"

#include "ddivk/d3d9_formats.h"

namespace ddivk::draw {
namespace {

constexpr VkComponentSwizzle I = VK_COMPONENT_SWIZZLE_IDENTITY;
constexpr VkComponentSwizzle R = VK_COMPONENT_SWIZZLE_R;
constexpr VkComponentSwizzle G = VK_COMPONENT_SWIZZLE_G;
constexpr VkComponentSwizzle B = VK_COMPONENT_SWIZZLE_B;
constexpr VkComponentSwizzle A = VK_COMPONENT_SWIZZLE_A;
constexpr VkComponentSwizzle ONE = VK_COMPONENT_SWIZZLE_ONE;
constexpr VkComponentSwizzle ZERO = VK_COMPONENT_SWIZZLE_ZERO;
constexpr VkComponentMapping kIdentity{I, I, I, I};
constexpr VkComponentMapping kOpaque{I, I, I, ONE};     // X formats
constexpr VkComponentMapping kRedOnly{R, ONE, ONE, ONE}; // R16F, R32F: missing channels read 1
constexpr VkComponentMapping kRedGreen{R, G, ONE, ONE};  // G16R16*, G32R32F, V8U8
constexpr VkFormat NONE = VK_FORMAT_UNDEFINED;

// D3D names channels from the most significant bit down and stores little-endian, so
// D3DFMT_A8R8G8B8 is bytes B, G, R, A: Vulkan's B8G8R8A8; packed formats keep their bit order
// (A1R5G5B5 is Vulkan's A1R5G5B5_UNORM_PACK16). Channel defaults: "Texture Formats" in the SDK
// (missing colour channels of float and two-channel formats read 1, A8 reads 0 colour).
// renderTarget / depthStencil: the formats surfaces and target textures are made in. Render
// targets are those whose Vulkan format holds D3D9's channels where an attachment writes them
// (no swizzle or expansion in between): the 8-bit, 5-bit, 10-bit and 16-bit orders and the
// floating-point formats; A4R4G4B4 (stored swizzled), A8 and the luminance formats are not.
constexpr FormatInfo kFormats[] = {
    {D3DFMT_A8R8G8B8, "D3DFMT_A8R8G8B8", VK_FORMAT_B8G8R8A8_UNORM, NONE, 4, true, false, false, kIdentity, 1},
    {D3DFMT_X8R8G8B8, "D3DFMT_X8R8G8B8", VK_FORMAT_B8G8R8A8_UNORM, NONE, 4, true, false, true, kOpaque, 1},
    {D3DFMT_A8B8G8R8, "D3DFMT_A8B8G8R8", VK_FORMAT_R8G8B8A8_UNORM, NONE, 4, true, false, false, kIdentity, 1},
    {D3DFMT_X8B8G8R8, "D3DFMT_X8B8G8R8", VK_FORMAT_R8G8B8A8_UNORM, NONE, 4, true, false, true, kOpaque, 1},
    {D3DFMT_R5G6B5, "D3DFMT_R5G6B5", VK_FORMAT_R5G6B5_UNORM_PACK16, NONE, 2, true, false, false, kIdentity,
     1},
    {D3DFMT_X1R5G5B5, "D3DFMT_X1R5G5B5", VK_FORMAT_A1R5G5B5_UNORM_PACK16, NONE, 2, true, false, true, kOpaque,
     1},
    {D3DFMT_A1R5G5B5, "D3DFMT_A1R5G5B5", VK_FORMAT_A1R5G5B5_UNORM_PACK16, NONE, 2, true, false, false,
     kIdentity, 1},
    // A4R4G4B4: bits A 15-12, R 11-8, G 7-4, B 3-0. B4G4R4A4 (sampling it is required of every
    // Vulkan device) reads those as b, g, r, a: D3D's red is its g, green its r, blue its a,
    // alpha its b.
    {D3DFMT_A4R4G4B4,
     "D3DFMT_A4R4G4B4",
     VK_FORMAT_B4G4R4A4_UNORM_PACK16,
     NONE,
     2,
     false,
     false,
     false,
     {G, R, A, B},
     1},
    // X4R4G4B4: A4R4G4B4's layout with alpha unused (reads 1).
    {D3DFMT_X4R4G4B4,
     "D3DFMT_X4R4G4B4",
     VK_FORMAT_B4G4R4A4_UNORM_PACK16,
     NONE,
     2,
     false,
     false,
     true,
     {G, R, A, ONE},
     1},
    // Expanded on upload (format_expansion.h): R3G3B2, A8R3G3B2 into B8G8R8A8; A4L4 into R8G8.
    {D3DFMT_R3G3B2, "D3DFMT_R3G3B2", VK_FORMAT_B8G8R8A8_UNORM, NONE, 1, false, false, false, kIdentity, 1,
     expandR3G3B2, 4},
    {D3DFMT_A8R3G3B2, "D3DFMT_A8R3G3B2", VK_FORMAT_B8G8R8A8_UNORM, NONE, 2, false, false, false, kIdentity, 1,
     expandA8R3G3B2, 4},
    {D3DFMT_A4L4,
     "D3DFMT_A4L4",
     VK_FORMAT_R8G8_UNORM,
     NONE,
     1,
     false,
     false,
     false,
     {R, R, R, G},
     1,
     expandA4L4,
     2},
    {D3DFMT_A8, "D3DFMT_A8", VK_FORMAT_R8_UNORM, NONE, 1, false, false, false, {ZERO, ZERO, ZERO, R}, 1},
    {D3DFMT_L8, "D3DFMT_L8", VK_FORMAT_R8_UNORM, NONE, 1, false, false, false, {R, R, R, ONE}, 1},
    {D3DFMT_A8L8, "D3DFMT_A8L8", VK_FORMAT_R8G8_UNORM, NONE, 2, false, false, false, {R, R, R, G}, 1},
    {D3DFMT_V8U8, "D3DFMT_V8U8", VK_FORMAT_R8G8_SNORM, NONE, 2, false, false, false, kRedGreen, 1},
    {D3DFMT_Q8W8V8U8, "D3DFMT_Q8W8V8U8", VK_FORMAT_R8G8B8A8_SNORM, NONE, 4, false, false, false, kIdentity,
     1},
    // The bump formats mixing signed and unsigned channels, expanded into half floats.
    {D3DFMT_L6V5U5, "D3DFMT_L6V5U5", VK_FORMAT_R16G16B16A16_SFLOAT, NONE, 2, false, false, false, kIdentity,
     1, expandL6V5U5, 8},
    {D3DFMT_X8L8V8U8, "D3DFMT_X8L8V8U8", VK_FORMAT_R16G16B16A16_SFLOAT, NONE, 4, false, false, false,
     kIdentity, 1, expandX8L8V8U8, 8},
    {D3DFMT_A2W10V10U10, "D3DFMT_A2W10V10U10", VK_FORMAT_R16G16B16A16_SFLOAT, NONE, 4, false, false, false,
     kIdentity, 1, expandA2W10V10U10, 8},
    // YUY2, UYVY: 4:2:2 video, two pixels per four bytes, converted to RGB on upload.
    {D3DFMT_YUY2, "D3DFMT_YUY2", VK_FORMAT_B8G8R8A8_UNORM, NONE, 2, false, false, false, kIdentity, 1,
     expandYuy2, 4},
    {D3DFMT_UYVY, "D3DFMT_UYVY", VK_FORMAT_B8G8R8A8_UNORM, NONE, 2, false, false, false, kIdentity, 1,
     expandUyvy, 4},
    {D3DFMT_CxV8U8, "D3DFMT_CxV8U8", VK_FORMAT_R16G16B16A16_SFLOAT, NONE, 2, false, false, false, kIdentity,
     1, expandCxV8U8, 8},
    // R8G8_B8G8, G8R8_G8B8: RGB at 4:2:2, two pixels per four bytes sharing red and blue.
    {D3DFMT_R8G8_B8G8, "D3DFMT_R8G8_B8G8", VK_FORMAT_B8G8R8A8_UNORM, NONE, 2, false, false, false, kIdentity,
     1, expandR8G8B8G8, 4},
    {D3DFMT_G8R8_G8B8, "D3DFMT_G8R8_G8B8", VK_FORMAT_B8G8R8A8_UNORM, NONE, 2, false, false, false, kIdentity,
     1, expandG8R8G8B8, 4},
    {D3DFMT_V16U16, "D3DFMT_V16U16", VK_FORMAT_R16G16_SNORM, NONE, 4, false, false, false, kRedGreen, 1},
    {D3DFMT_Q16W16V16U16, "D3DFMT_Q16W16V16U16", VK_FORMAT_R16G16B16A16_SNORM, NONE, 8, false, false, false,
     kIdentity, 1},
    {D3DFMT_L16, "D3DFMT_L16", VK_FORMAT_R16_UNORM, NONE, 2, false, false, false, {R, R, R, ONE}, 1},
    {D3DFMT_A2R10G10B10, "D3DFMT_A2R10G10B10", VK_FORMAT_A2R10G10B10_UNORM_PACK32, NONE, 4, true, false,
     false, kIdentity, 1},
    {D3DFMT_A2B10G10R10, "D3DFMT_A2B10G10R10", VK_FORMAT_A2B10G10R10_UNORM_PACK32, NONE, 4, true, false,
     false, kIdentity, 1},
    {D3DFMT_G16R16, "D3DFMT_G16R16", VK_FORMAT_R16G16_UNORM, NONE, 4, true, false, false, kRedGreen, 1},
    {D3DFMT_A16B16G16R16, "D3DFMT_A16B16G16R16", VK_FORMAT_R16G16B16A16_UNORM, NONE, 8, true, false, false,
     kIdentity, 1},
    {D3DFMT_R16F, "D3DFMT_R16F", VK_FORMAT_R16_SFLOAT, NONE, 2, true, false, false, kRedOnly, 1},
    {D3DFMT_G16R16F, "D3DFMT_G16R16F", VK_FORMAT_R16G16_SFLOAT, NONE, 4, true, false, false, kRedGreen, 1},
    {D3DFMT_A16B16G16R16F, "D3DFMT_A16B16G16R16F", VK_FORMAT_R16G16B16A16_SFLOAT, NONE, 8, true, false, false,
     kIdentity, 1},
    {D3DFMT_R32F, "D3DFMT_R32F", VK_FORMAT_R32_SFLOAT, NONE, 4, true, false, false, kRedOnly, 1},
    {D3DFMT_G32R32F, "D3DFMT_G32R32F", VK_FORMAT_R32G32_SFLOAT, NONE, 8, true, false, false, kRedGreen, 1},
    {D3DFMT_A32B32G32R32F, "D3DFMT_A32B32G32R32F", VK_FORMAT_R32G32B32A32_SFLOAT, NONE, 16, true, false,
     false, kIdentity, 1},
    // DXT: BC1 with its 1-bit alpha; DXT2/DXT4 hold premultiplied colour in the same layouts.
    {D3DFMT_DXT1, "D3DFMT_DXT1", VK_FORMAT_BC1_RGBA_UNORM_BLOCK, NONE, 8, false, false, false, kIdentity, 4},
    {D3DFMT_DXT2, "D3DFMT_DXT2", VK_FORMAT_BC2_UNORM_BLOCK, NONE, 16, false, false, false, kIdentity, 4},
    {D3DFMT_DXT3, "D3DFMT_DXT3", VK_FORMAT_BC2_UNORM_BLOCK, NONE, 16, false, false, false, kIdentity, 4},
    {D3DFMT_DXT4, "D3DFMT_DXT4", VK_FORMAT_BC3_UNORM_BLOCK, NONE, 16, false, false, false, kIdentity, 4},
    {D3DFMT_DXT5, "D3DFMT_DXT5", VK_FORMAT_BC3_UNORM_BLOCK, NONE, 16, false, false, false, kIdentity, 4},
    // ATI1, ATI2: AMD's 3Dc, stored as BC4 / BC5. ATI2's first block is D3D9's green and its
    // second block its red, the reverse of BC5's order (every vendor agrees). What ATI1 returns
    // beyond red differs by vendor (Wine's test_3dc_formats accepts four answers); red with
    // green and blue 0, alpha 1 is NVIDIA's since the GeForce 8, and DXVK's.
    {D3DFMT_ATI1,
     "D3DFMT_ATI1",
     VK_FORMAT_BC4_UNORM_BLOCK,
     NONE,
     8,
     false,
     false,
     false,
     {R, ZERO, ZERO, ONE},
     4},
    {D3DFMT_ATI2,
     "D3DFMT_ATI2",
     VK_FORMAT_BC5_UNORM_BLOCK,
     NONE,
     16,
     false,
     false,
     false,
     {G, R, ONE, ONE},
     4},
    {D3DFMT_D16, "D3DFMT_D16", VK_FORMAT_D16_UNORM, NONE, 2, false, true, false, kIdentity, 1},
    // D24 formats: not every GPU renders to D24S8 (AMD lacks it); D32F+S8 keeps the stencil.
    {D3DFMT_D24S8, "D3DFMT_D24S8", VK_FORMAT_D24_UNORM_S8_UINT, VK_FORMAT_D32_SFLOAT_S8_UINT, 4, false, true,
     false, kIdentity, 1},
    {D3DFMT_D24X8, "D3DFMT_D24X8", VK_FORMAT_X8_D24_UNORM_PACK32, VK_FORMAT_D32_SFLOAT, 4, false, true, false,
     kIdentity, 1},
    // D16_LOCKABLE, D32F_LOCKABLE: the depth surfaces programs lock, as 16-bit integers and
    // 32-bit floats.
    {D3DFMT_D16_LOCKABLE, "D3DFMT_D16_LOCKABLE", VK_FORMAT_D16_UNORM, NONE, 2, false, true, false, kIdentity,
     1},
    {D3DFMT_D32F_LOCKABLE, "D3DFMT_D32F_LOCKABLE", VK_FORMAT_D32_SFLOAT, NONE, 4, false, true, false,
     kIdentity, 1},
    // D24FS8: a floating-point depth with stencil; D32F holds every 24-bit float depth exactly.
    {D3DFMT_D24FS8, "D3DFMT_D24FS8", VK_FORMAT_D32_SFLOAT_S8_UINT, NONE, 4, false, true, false, kIdentity, 1},
    // INTZ: a D24S8 depth buffer that samples its depth into every channel.
    {D3DFMT_INTZ,
     "D3DFMT_INTZ",
     VK_FORMAT_D24_UNORM_S8_UINT,
     VK_FORMAT_D32_SFLOAT_S8_UINT,
     4,
     false,
     true,
     false,
     {R, R, R, R},
     1},
    // DF16, DF24: AMD's depth textures, the depth in red (green and blue 0, alpha 1).
    {D3DFMT_DF16, "D3DFMT_DF16", VK_FORMAT_D16_UNORM, NONE, 2, false, true, false, {R, ZERO, ZERO, ONE}, 1},
    {D3DFMT_DF24,
     "D3DFMT_DF24",
     VK_FORMAT_D24_UNORM_S8_UINT,
     VK_FORMAT_D32_SFLOAT_S8_UINT,
     4,
     false,
     true,
     false,
     {R, ZERO, ZERO, ONE},
     1},
    // NULL: render targets without memory (hasStorage false), for depth-only passes.
    {D3DFMT_NULL, "D3DFMT_NULL", NONE, NONE, 0, true, false, false, kIdentity, 1},
};

} // namespace

std::span<const FormatInfo> formatTable() {
    return kFormats;
}

const FormatInfo* findFormat(uint32_t d3dFormat) {
    for (const FormatInfo& f : kFormats)
        if (f.d3dFormat == d3dFormat) return &f;
    return nullptr;
}

bool sameTexels(uint32_t a, uint32_t b) {
    if (a == b) return true;
    auto xTwin = [](uint32_t f) -> uint32_t {
        switch (f) {
        case D3DFMT_A8R8G8B8:
            return D3DFMT_X8R8G8B8;
        case D3DFMT_A8B8G8R8:
            return D3DFMT_X8B8G8R8;
        case D3DFMT_A1R5G5B5:
            return D3DFMT_X1R5G5B5;
        case D3DFMT_A4R4G4B4:
            return D3DFMT_X4R4G4B4;
        default:
            return 0;
        }
    };
    return (xTwin(a) && xTwin(a) == b) || (xTwin(b) && xTwin(b) == a);
}

VkFormat srgbTwin(VkFormat format) {
    switch (format) {
    case VK_FORMAT_B8G8R8A8_UNORM: return VK_FORMAT_B8G8R8A8_SRGB;
    case VK_FORMAT_R8G8B8A8_UNORM: return VK_FORMAT_R8G8B8A8_SRGB;
    case VK_FORMAT_BC1_RGBA_UNORM_BLOCK: return VK_FORMAT_BC1_RGBA_SRGB_BLOCK;
    case VK_FORMAT_BC2_UNORM_BLOCK: return VK_FORMAT_BC2_SRGB_BLOCK;
    case VK_FORMAT_BC3_UNORM_BLOCK: return VK_FORMAT_BC3_SRGB_BLOCK;
    default: return VK_FORMAT_UNDEFINED;
    }
}

} // namespace ddivk::draw

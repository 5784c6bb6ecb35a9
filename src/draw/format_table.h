// D3DFORMAT to Vulkan, one row per format: the Vulkan format that stores the same bits, the view
// swizzle that makes sampling return D3D9's channel values (missing channels read 1, A8 reads
// black with alpha, L8 replicates luminance), and what the format can be used as.
#pragma once

#include <volk.h>

#include <cstdint>
#include <span>

#include "ddivk/d3d9_formats.h"
#include "draw/format_expansion.h"

namespace ddivk::draw {

// How a D3DFORMAT is stored in Vulkan.
struct FormatInfo {
    uint32_t d3dFormat;     // D3DFORMAT
    const char* name;       // "D3DFMT_X8R8G8B8"
    VkFormat vkFormat;      // preferred storage
    VkFormat vkFallback;    // when vkFormat lacks the needed features, else VK_FORMAT_UNDEFINED
    uint32_t bytesPerPixel; // of the D3D format as a program locks it; per 4x4 block for DXT and ATI
    bool renderTarget;      // the device creates render-target surfaces of it today
    bool depthStencil;      // the device creates depth-stencil surfaces of it today
    bool ignoresAlpha;      // X formats: alpha reads as 1, writes are dropped
    VkComponentMapping swizzle; // of sampled views: D3D9's channels from the Vulkan format's
    uint8_t blockSize;          // 1, or 4 for the block-compressed DXT and ATI formats
    // Formats Vulkan does not store bit for bit: the upload expands rows of D3D9 texels
    // (bytesPerPixel each) into vkFormat texels of expandedBytes (format_expansion.h). The CPU
    // copy stays the truth: BLT into their images only copies from a texture of the same format,
    // whose CPU rows it copies too, and COLORFILL writes the CPU copy (YUY2 / UYVY / the packed
    // 4:2:2 RGB pairs) or refuses them.
    RowExpansion expand = nullptr;
    uint8_t expandedBytes = 0;
};

// Whether the format has memory at all: every row but D3DFMT_NULL, the render-target format of
// depth-only passes whose surfaces have a size and no image (colour writes go nowhere).
inline bool hasStorage(const FormatInfo& f) {
    return f.vkFormat != VK_FORMAT_UNDEFINED;
}

// Whether the upload expands the format's texels (FormatInfo::expand).
inline bool isExpanded(const FormatInfo& f) {
    return f.expand != nullptr;
}

// A depth format whose textures sample the depth itself, not a comparison: INTZ (the depth in
// every channel) and AMD's DF16 and DF24 (the depth in red).
inline bool samplesDepth(const FormatInfo& f) {
    return f.d3dFormat == D3DFMT_INTZ || f.d3dFormat == D3DFMT_DF16 || f.d3dFormat == D3DFMT_DF24;
}

// A depth format whose 2D textures are shadow maps, as D3D9 drivers make them (D16, D24X8,
// D24S8): a pixel shader's lookup compares the coordinate's z with the stored depth and returns
// 1 where z <= depth, else 0, filtered over the texels a linear filter reads.
inline bool comparesDepth(const FormatInfo& f) {
    return f.d3dFormat == D3DFMT_D16 || f.d3dFormat == D3DFMT_D24X8 || f.d3dFormat == D3DFMT_D24S8;
}

// Every row, for tests that walk the table.
std::span<const FormatInfo> formatTable();

// The sRGB format storing the same bits as `format` (B8G8R8A8, R8G8B8A8, BC1-3), or
// VK_FORMAT_UNDEFINED: what D3DSAMP_SRGBTEXTURE reads through.
VkFormat srgbTwin(VkFormat format);

// Whether texels of format `a` copy into format `b` unchanged: the same format, or a format and its
// X twin (A8R8G8B8 / X8R8G8B8, A8B8G8R8 / X8B8G8R8, A1R5G5B5 / X1R5G5B5, A4R4G4B4 / X4R4G4B4),
// whose bytes are the same and whose X side ignores alpha. UpdateTexture takes such pairs on
// Windows (Wine's test_updatetexture), and TEXBLT / VOLUMEBLT with them.
bool sameTexels(uint32_t a, uint32_t b);

// The row for a D3DFORMAT, or nullptr when we do not support it.
const FormatInfo* findFormat(uint32_t d3dFormat);

} // namespace ddivk::draw

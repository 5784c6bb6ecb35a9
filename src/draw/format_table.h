// D3DFORMAT to Vulkan, one row per format (the draw translator grows this table for
// textures; the foundation needs render targets and depth-stencil surfaces).
#pragma once

#include <volk.h>

#include <cstdint>
#include <span>

namespace ddivk::draw {

// How a D3DFORMAT is stored in Vulkan.
struct FormatInfo {
    uint32_t d3dFormat;     // D3DFORMAT
    const char* name;       // "D3DFMT_X8R8G8B8"
    VkFormat vkFormat;      // preferred storage
    VkFormat vkFallback;    // when vkFormat lacks the needed features, else VK_FORMAT_UNDEFINED
    uint32_t bytesPerPixel; // of the D3D format, as a program locks or reads it
    bool renderTarget;      // usable as a colour render target
    bool depthStencil;      // usable as a depth-stencil surface
    bool ignoresAlpha;      // X formats: alpha reads as 1, writes are dropped
};

// Every row, for tests that walk the table.
std::span<const FormatInfo> formatTable();

// The row for a D3DFORMAT, or nullptr when we do not support it.
const FormatInfo* findFormat(uint32_t d3dFormat);

} // namespace ddivk::draw

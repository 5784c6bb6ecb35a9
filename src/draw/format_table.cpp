#include "draw/format_table.h"

#include "ddivk/d3d9_formats.h"

namespace ddivk::draw {
namespace {

// D3D names channels from the most significant bit down and stores little-endian, so
// D3DFMT_A8R8G8B8 is bytes B, G, R, A: Vulkan's B8G8R8A8. R5G6B5 packs red in the top bits,
// as VK_FORMAT_R5G6B5_UNORM_PACK16 does.
constexpr FormatInfo kFormats[] = {
    {D3DFMT_A8R8G8B8, "D3DFMT_A8R8G8B8", VK_FORMAT_B8G8R8A8_UNORM, VK_FORMAT_UNDEFINED, 4, true, false,
     false},
    {D3DFMT_X8R8G8B8, "D3DFMT_X8R8G8B8", VK_FORMAT_B8G8R8A8_UNORM, VK_FORMAT_UNDEFINED, 4, true, false, true},
    {D3DFMT_R5G6B5, "D3DFMT_R5G6B5", VK_FORMAT_R5G6B5_UNORM_PACK16, VK_FORMAT_UNDEFINED, 2, true, false,
     false},
    {D3DFMT_D16, "D3DFMT_D16", VK_FORMAT_D16_UNORM, VK_FORMAT_UNDEFINED, 2, false, true, false},
    // D24 formats: not every GPU renders to D24S8 (AMD lacks it); D32F+S8 keeps the stencil.
    {D3DFMT_D24S8, "D3DFMT_D24S8", VK_FORMAT_D24_UNORM_S8_UINT, VK_FORMAT_D32_SFLOAT_S8_UINT, 4, false, true,
     false},
    {D3DFMT_D24X8, "D3DFMT_D24X8", VK_FORMAT_X8_D24_UNORM_PACK32, VK_FORMAT_D32_SFLOAT, 4, false, true,
     false},
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

} // namespace ddivk::draw

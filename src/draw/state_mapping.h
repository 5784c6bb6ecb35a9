// D3D9 render-state values to Vulkan, as tables (one row per value, walked by tests).
#pragma once

#include <volk.h>

#include <cstdint>
#include <optional>

namespace ddivk::draw {

// D3DCMPFUNC -> VkCompareOp; nullopt for a value outside the enum.
std::optional<VkCompareOp> toVkCompareOp(uint32_t d3dCmpFunc);

// D3DBLEND -> VkBlendFactor (BOTHSRCALPHA / BOTHINVSRCALPHA are resolved by the caller, as
// they set the destination factor too); nullopt for a value outside the enum.
std::optional<VkBlendFactor> toVkBlendFactor(uint32_t d3dBlend);

// D3DBLENDOP -> VkBlendOp.
std::optional<VkBlendOp> toVkBlendOp(uint32_t d3dBlendOp);

// D3DSTENCILOP -> VkStencilOp; nullopt for a value outside the enum.
std::optional<VkStencilOp> toVkStencilOp(uint32_t d3dStencilOp);

// D3DFILLMODE -> VkPolygonMode; nullopt for a value outside the enum.
std::optional<VkPolygonMode> toVkPolygonMode(uint32_t d3dFill);

// D3DCULL -> the Vulkan cull mode, with front faces declared clockwise (see the .cpp).
VkCullModeFlags toVkCullMode(uint32_t d3dCull);

} // namespace ddivk::draw

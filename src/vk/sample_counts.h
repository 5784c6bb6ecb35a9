// Multisampled render targets and depth buffers: which sample counts a surface of a Vulkan
// format can have, and how a D3D multisample type and quality (D3DMULTISAMPLE_TYPE,
// D3DDDIMULTISAMPLE_TYPE: the same values) name one of them. The driver (CreateResource,
// ddivk_surface_create) and d3d9.dll (CheckDeviceMultiSampleType) answer from the same rule.
#pragma once

#include <volk.h>

#include <cstdint>

namespace ddivk::vk {

// The sample counts above one that an optimally tiled 2D image of `format` can have as a
// colour (or depth-stencil) attachment that is also copied from and to: the driver's surfaces.
// Only the counts D3D can name (2, 4, 8, 16); 0 when the format has none.
VkSampleCountFlags surfaceSampleCounts(VkPhysicalDevice physical, VkFormat format, bool depthStencil);

// D3D's multisample type 1: NONMASKABLE, whose quality level picks the count.
constexpr uint32_t kNonMaskableSamples = 1;

// The quality levels of `type` among `counts` (surfaceSampleCounts): one for a count it has;
// for NONMASKABLE one per count it has (level q is the (q+1)-th smallest). 0: not available.
uint32_t qualityLevels(VkSampleCountFlags counts, uint32_t type);

// The sample count of `type` and `quality`: 1 for type 0 (NONE, quality 0); 0 when `counts`
// does not have it or the quality is out of range.
uint32_t sampleCountOf(VkSampleCountFlags counts, uint32_t type, uint32_t quality);

} // namespace ddivk::vk

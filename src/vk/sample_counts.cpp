#include "vk/sample_counts.h"

#include <bit>

namespace ddivk::vk {

VkSampleCountFlags surfaceSampleCounts(VkPhysicalDevice physical, VkFormat format, bool depthStencil) {
    if (format == VK_FORMAT_UNDEFINED) return 0;
    const VkImageUsageFlags usage =
        VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT |
        (depthStencil ? VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT : VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT);
    VkImageFormatProperties props{};
    if (vkGetPhysicalDeviceImageFormatProperties(physical, format, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL,
                                                 usage, 0, &props) != VK_SUCCESS)
        return 0;
    return props.sampleCounts &
           (VK_SAMPLE_COUNT_2_BIT | VK_SAMPLE_COUNT_4_BIT | VK_SAMPLE_COUNT_8_BIT | VK_SAMPLE_COUNT_16_BIT);
}

uint32_t qualityLevels(VkSampleCountFlags counts, uint32_t type) {
    if (type == 0) return 1;
    if (type == kNonMaskableSamples) return uint32_t(std::popcount(counts));
    // VkSampleCountFlagBits values are the counts themselves.
    return type <= 16 && std::has_single_bit(type) && (counts & type) ? 1 : 0;
}

uint32_t sampleCountOf(VkSampleCountFlags counts, uint32_t type, uint32_t quality) {
    if (quality >= qualityLevels(counts, type)) return 0;
    if (type == 0) return 1;
    if (type != kNonMaskableSamples) return type;
    for (VkSampleCountFlags left = counts; left; left &= left - 1)
        if (quality-- == 0) return uint32_t(left & -left);
    return 0;
}

} // namespace ddivk::vk

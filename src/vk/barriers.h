// Image layout transitions: the stages and accesses of each layout come from one table, and
// the barrier is recorded with synchronization2 when the device has it, else a classic one.
#pragma once

#include <volk.h>

namespace ddivk::vk {

class Device;
class Image;

// Records a barrier moving `range` of `image` from oldLayout to newLayout: waits for the
// writes the old layout implies, before the accesses the new layout implies. UNDEFINED as
// oldLayout discards the contents.
void transitionImage(const Device& device, VkCommandBuffer commandBuffer, VkImage image,
                     const VkImageSubresourceRange& range, VkImageLayout oldLayout, VkImageLayout newLayout);
// Every mip, layer and aspect of `image`.
void transitionImage(const Device& device, VkCommandBuffer commandBuffer, const Image& image,
                     VkImageLayout oldLayout, VkImageLayout newLayout);

// The pipeline stages and access types a layout is used with (classic flag values, which
// synchronization2 shares).
struct LayoutUse {
    VkPipelineStageFlags stages;
    VkAccessFlags access;
};
LayoutUse layoutUse(VkImageLayout layout);

} // namespace ddivk::vk

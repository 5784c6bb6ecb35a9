#include "vk/barriers.h"

#include "vk/device.h"
#include "vk/resources.h"

namespace ddivk::vk {
namespace {

constexpr VkAccessFlags kWriteAccess = VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT |
                                       VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT |
                                       VK_ACCESS_TRANSFER_WRITE_BIT | VK_ACCESS_HOST_WRITE_BIT |
                                       VK_ACCESS_MEMORY_WRITE_BIT;

struct LayoutRow {
    VkImageLayout layout;
    LayoutUse use;
};
constexpr VkPipelineStageFlags kShaders = VK_PIPELINE_STAGE_VERTEX_SHADER_BIT |
                                          VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT |
                                          VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT;
constexpr VkPipelineStageFlags kDepthTests =
    VK_PIPELINE_STAGE_EARLY_FRAGMENT_TESTS_BIT | VK_PIPELINE_STAGE_LATE_FRAGMENT_TESTS_BIT;
constexpr LayoutRow kLayouts[] = {
    {VK_IMAGE_LAYOUT_UNDEFINED, {VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, 0}},
    {VK_IMAGE_LAYOUT_PREINITIALIZED, {VK_PIPELINE_STAGE_HOST_BIT, VK_ACCESS_HOST_WRITE_BIT}},
    {VK_IMAGE_LAYOUT_GENERAL,
     {VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT}},
    {VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
     {VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
      VK_ACCESS_COLOR_ATTACHMENT_READ_BIT | VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT}},
    {VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL,
     {kDepthTests,
      VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_READ_BIT | VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT}},
    {VK_IMAGE_LAYOUT_DEPTH_STENCIL_READ_ONLY_OPTIMAL,
     {kDepthTests | kShaders, VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_READ_BIT | VK_ACCESS_SHADER_READ_BIT}},
    {VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL, {kShaders, VK_ACCESS_SHADER_READ_BIT}},
    {VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, {VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_READ_BIT}},
    {VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, {VK_PIPELINE_STAGE_TRANSFER_BIT, VK_ACCESS_TRANSFER_WRITE_BIT}},
    {VK_IMAGE_LAYOUT_PRESENT_SRC_KHR, {VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, 0}},
};

} // namespace

LayoutUse layoutUse(VkImageLayout layout) {
    for (const LayoutRow& row : kLayouts)
        if (row.layout == layout) return row.use;
    // Any other layout: the most conservative use.
    return {VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT};
}

void transitionImage(const Device& device, VkCommandBuffer cmd, VkImage image,
                     const VkImageSubresourceRange& range, VkImageLayout oldLayout, VkImageLayout newLayout) {
    const LayoutUse src = layoutUse(oldLayout);
    const LayoutUse dst = layoutUse(newLayout);
    const VkAccessFlags srcAccess = src.access & kWriteAccess; // reads need no availability
    if (const auto barrier2 = device.functions().cmdPipelineBarrier2) {
        VkImageMemoryBarrier2 b{VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2};
        // TOP/BOTTOM_OF_PIPE map to NONE in synchronization2.
        b.srcStageMask =
            src.stages == VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT ? VK_PIPELINE_STAGE_2_NONE : src.stages;
        b.srcAccessMask = srcAccess;
        b.dstStageMask =
            dst.stages == VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT ? VK_PIPELINE_STAGE_2_NONE : dst.stages;
        b.dstAccessMask = dst.access;
        b.oldLayout = oldLayout;
        b.newLayout = newLayout;
        b.srcQueueFamilyIndex = b.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
        b.image = image;
        b.subresourceRange = range;
        VkDependencyInfo dep{VK_STRUCTURE_TYPE_DEPENDENCY_INFO};
        dep.imageMemoryBarrierCount = 1;
        dep.pImageMemoryBarriers = &b;
        barrier2(cmd, &dep);
        return;
    }
    VkImageMemoryBarrier b{VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER};
    b.srcAccessMask = srcAccess;
    b.dstAccessMask = dst.access;
    b.oldLayout = oldLayout;
    b.newLayout = newLayout;
    b.srcQueueFamilyIndex = b.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    b.image = image;
    b.subresourceRange = range;
    vkCmdPipelineBarrier(cmd, src.stages, dst.stages, 0, 0, nullptr, 0, nullptr, 1, &b);
}

void transitionImage(const Device& device, VkCommandBuffer cmd, const Image& image, VkImageLayout oldLayout,
                     VkImageLayout newLayout) {
    transitionImage(device, cmd, image.handle(), image.fullRange(), oldLayout, newLayout);
}

} // namespace ddivk::vk

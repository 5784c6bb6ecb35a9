// Multisampled surfaces are drawn into as they are and read through their resolve: a
// single-sampled twin of the same format that vkCmdResolveImage fills (each pixel the average
// of its samples), made on the first read and kept with the surface.
#include "device/device.h"

#include "vk/barriers.h"

namespace ddivk::device {

Surface* Device::resolve(Surface& surface) {
    if (surface.samples() <= 1) return &surface;
    if (surface.isDepthStencil() || !surface.hasImage()) return nullptr;
    if (!surface.resolved()) {
        vk::ImageDesc desc = surface.image().desc();
        desc.samples = VK_SAMPLE_COUNT_1_BIT;
        desc.alternateViewFormat = VK_FORMAT_UNDEFINED;
        // A resolve writes a colour attachment's format; blits and copies read the twin.
        desc.usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT |
                     VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT;
        surface.setResolved(std::make_unique<Surface>(0, surface.format(), surface.vkFormat(),
                                                      surface.usage(),
                                                      vk::Image::create(vulkan_->allocator(), desc)));
    }
    Surface& twin = *surface.resolved();
    commands_->endRendering();
    VkCommandBuffer cb = commands_->commands();
    // Barriers even where the layouts stay: the draws before this, and the reads of the twin
    // by the previous resolve's users, come first.
    vk::transitionImage(*vulkan_, cb, surface.image(), surface.layout(),
                        VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
    surface.setLayout(VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
    vk::transitionImage(*vulkan_, cb, twin.image(), twin.layout(), VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
    VkImageResolve region{};
    region.srcSubresource = surface.layers(VK_IMAGE_ASPECT_COLOR_BIT);
    region.dstSubresource = twin.layers(VK_IMAGE_ASPECT_COLOR_BIT);
    region.extent = {surface.width(), surface.height(), 1};
    vkCmdResolveImage(cb, surface.image().handle(), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                      twin.image().handle(), VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region);
    vk::transitionImage(*vulkan_, cb, twin.image(), VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                        VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
    twin.setLayout(VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
    return &twin;
}

} // namespace ddivk::device

// Presents through a gamma ramp: the surface is blitted into an 8-bit RGBA frame of its size
// (converting its format as the present's own blit would), the ramp is applied to the frame in
// place (vk::GammaPass), and the present blits the frame instead of the surface.
#include "device/device.h"

#include "vk/barriers.h"
#include "vk/queue.h"

namespace ddivk::device {

vk::Image& Device::applyGamma(Surface& surface, PresentGamma& gamma) {
    if (!gammaPass_) gammaPass_ = std::make_unique<vk::GammaPass>(*vulkan_);
    const VkExtent3D size{surface.width(), surface.height(), 1};
    const VkExtent3D had = gamma.frame ? gamma.frame.extent() : VkExtent3D{};
    if (had.width != size.width || had.height != size.height) {
        // Earlier presents may still read the frame it replaces (all submitted: each present
        // submits its work).
        if (gamma.frame) vulkan_->queue().drain();
        vk::ImageDesc desc;
        desc.format = VK_FORMAT_R8G8B8A8_UNORM;
        desc.extent = size;
        desc.usage =
            VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT;
        gamma.frame = vk::Image::create(vulkan_->allocator(), desc);
        gamma.frameLayout = VK_IMAGE_LAYOUT_UNDEFINED;
    }
    VkCommandBuffer cb = commands_->commands();
    commands_->transition(surface, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
    // From the layout the last present left, so its blit out of the frame is done first.
    vk::transitionImage(*vulkan_, cb, gamma.frame, gamma.frameLayout, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
    VkImageBlit blit{};
    blit.srcSubresource = surface.layers(VK_IMAGE_ASPECT_COLOR_BIT);
    blit.srcOffsets[1] = {int32_t(size.width), int32_t(size.height), 1};
    blit.dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
    blit.dstOffsets[1] = blit.srcOffsets[1];
    vkCmdBlitImage(cb, surface.image().handle(), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, gamma.frame.handle(),
                   VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &blit, VK_FILTER_NEAREST);
    vk::transitionImage(*vulkan_, cb, gamma.frame, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                        VK_IMAGE_LAYOUT_GENERAL);
    gammaPass_->record(cb, commands_->uploads(), gamma.frame, gamma.ramp);
    vk::transitionImage(*vulkan_, cb, gamma.frame, VK_IMAGE_LAYOUT_GENERAL,
                        VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
    gamma.frameLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
    return gamma.frame;
}

} // namespace ddivk::device

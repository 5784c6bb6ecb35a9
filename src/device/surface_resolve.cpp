// Multisampled surfaces are drawn into as they are and read through their resolve: a
// single-sampled twin of the same format that vkCmdResolveImage fills (each pixel the average
// of its samples), made on the first read and kept with the surface. Copies into their samples
// are staged in the twin and drawn from it into every sample (vk::SampleCopyPass). Depth
// surfaces have no twin; RESZ and BLT resolve one into a plain depth surface (copyDepth).
#include "device/device.h"

#include "vk/barriers.h"
#include "vk/resources.h"

namespace ddivk::device {
namespace {

// A barrier into `layout`, even where the layout stays: the work before it comes first.
void enter(const vk::Device& vulkan, VkCommandBuffer cb, Surface& s, VkImageLayout layout) {
    vk::transitionImage(vulkan, cb, s.image(), s.layout(), layout);
    s.setLayout(layout);
}

} // namespace

Surface& Device::twin(Surface& surface) {
    if (!surface.resolved()) {
        vk::ImageDesc desc = surface.image().desc();
        desc.samples = VK_SAMPLE_COUNT_1_BIT;
        desc.alternateViewFormat = VK_FORMAT_UNDEFINED;
        // A resolve writes a colour attachment's format; blits and copies read the twin, and
        // write it to stage a copy into the samples, which samples it.
        desc.usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT |
                     VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT;
        if (writesSamples(desc.format)) desc.usage |= VK_IMAGE_USAGE_SAMPLED_BIT;
        surface.setResolved(std::make_unique<Surface>(0, surface.format(), surface.vkFormat(),
                                                      surface.usage(),
                                                      vk::Image::create(vulkan_->allocator(), desc)));
    }
    return *surface.resolved();
}

Surface* Device::resolve(Surface& surface) {
    if (surface.samples() <= 1) return &surface;
    if (surface.isDepthStencil() || !surface.hasImage()) return nullptr;
    Surface& twin = this->twin(surface);
    commands_->endRendering();
    VkCommandBuffer cb = commands_->commands();
    // Barriers even where the layouts stay: the draws before this, and the reads of the twin
    // by the previous resolve's users, come first.
    enter(*vulkan_, cb, surface, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
    enter(*vulkan_, cb, twin, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
    VkImageResolve region{};
    region.srcSubresource = surface.layers(VK_IMAGE_ASPECT_COLOR_BIT);
    region.dstSubresource = twin.layers(VK_IMAGE_ASPECT_COLOR_BIT);
    region.extent = {surface.width(), surface.height(), 1};
    vkCmdResolveImage(cb, surface.image().handle(), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                      twin.image().handle(), VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region);
    enter(*vulkan_, cb, twin, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
    return &twin;
}

bool Device::writesSamples(VkFormat format) const {
    if (!vk::SampleCopyPass::supported(*vulkan_)) return false;
    VkFormatProperties props{};
    vkGetPhysicalDeviceFormatProperties(vulkan_->physicalDevice(), format, &props);
    return props.optimalTilingFeatures & VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT;
}

void Device::writeSamplesFromTwin(Surface& surface, const VkRect2D& area) {
    Surface& source = twin(surface);
    if (!sampleCopyPass_) sampleCopyPass_ = std::make_unique<vk::SampleCopyPass>(*vulkan_);
    commands_->endRendering();
    VkCommandBuffer cb = commands_->commands();
    enter(*vulkan_, cb, source, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL);
    enter(*vulkan_, cb, surface, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
    sampleCopyPass_->record(cb, source.view(), surface.view(), surface.vkFormat(),
                            surface.image().desc().samples, area);
    // The draw path's bindings no longer hold: it binds its pipeline and descriptors again.
    commands_->setBinder(nullptr);
}

void Device::copyDepth(Surface& source, Surface& dest) {
    commands_->endRendering();
    VkCommandBuffer cb = commands_->commands();
    const VkImageAspectFlags aspects = vk::formatAspects(source.vkFormat());
    if (source.samples() == 1) {
        enter(*vulkan_, cb, source, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
        enter(*vulkan_, cb, dest, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
        VkImageCopy region{};
        region.srcSubresource = source.layers(aspects);
        region.dstSubresource = dest.layers(aspects);
        region.extent = {source.width(), source.height(), 1};
        vkCmdCopyImage(cb, source.image().handle(), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                       dest.image().handle(), VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region);
        return;
    }
    // Vulkan resolves depth only at the end of a pass: an empty pass that loads the source and
    // resolves it into the destination (SAMPLE_ZERO, which every Vulkan 1.2 device has for depth
    // and stencil alike).
    enter(*vulkan_, cb, source, VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL);
    enter(*vulkan_, cb, dest, VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL);
    VkRenderingAttachmentInfo attachment{VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO};
    attachment.imageView = source.view();
    attachment.imageLayout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL;
    attachment.resolveMode = VK_RESOLVE_MODE_SAMPLE_ZERO_BIT;
    attachment.resolveImageView = dest.view();
    attachment.resolveImageLayout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL;
    attachment.loadOp = VK_ATTACHMENT_LOAD_OP_LOAD;
    attachment.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
    VkRenderingInfo info{VK_STRUCTURE_TYPE_RENDERING_INFO};
    info.renderArea = {{0, 0}, {source.width(), source.height()}};
    info.layerCount = 1;
    info.pDepthAttachment = &attachment;
    if (aspects & VK_IMAGE_ASPECT_STENCIL_BIT) info.pStencilAttachment = &attachment;
    vulkan_->functions().cmdBeginRendering(cb, &info);
    vulkan_->functions().cmdEndRendering(cb);
}

} // namespace ddivk::device

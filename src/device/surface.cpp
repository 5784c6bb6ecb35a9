#include "device/surface.h"

#include "util/log.h"
#include "vk/error.h"

namespace ddivk::device {

Surface* passDepth(Surface* color, Surface* depth) {
    if (!color || !depth || color->samples() == depth->samples()) return depth;
    DDIVK_WARN_ONCE(
        "a depth buffer of %u samples per pixel with a render target of %u: drawing without depth",
        depth->samples(), color->samples());
    return nullptr;
}

Surface::Surface(uint32_t handle, uint32_t usage, Resource& texture, uint32_t index, VkDevice device)
    : handle_(handle), format_(texture.format()), vkFormat_(texture.image().format()), usage_(usage),
      width_(texture.subresource(index).width), height_(texture.subresource(index).height),
      texture_(&texture), subresource_(index), mip_(texture.subresource(index).mip),
      layer_(texture.subresource(index).layer), device_(device) {
    VkImageViewCreateInfo info{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
    info.image = texture.image().handle();
    info.viewType = VK_IMAGE_VIEW_TYPE_2D;
    info.format = vkFormat_;
    info.subresourceRange = range(); // attachments take every aspect, identity swizzle
    vk::check(vkCreateImageView(device_, &info, nullptr, &view_), "vkCreateImageView");
    // The texture's second format (its sRGB twin) where the device also renders to it.
    if (const VkFormat srgb = texture.image().desc().alternateViewFormat;
        srgb != VK_FORMAT_UNDEFINED && texture.srgbRenderable()) {
        info.format = srgb;
        VkResult result = vkCreateImageView(device_, &info, nullptr, &srgbView_);
        if (result != VK_SUCCESS) vkDestroyImageView(device_, view_, nullptr);
        vk::check(result, "vkCreateImageView");
        srgbFormat_ = srgb;
    }
}

Surface::~Surface() {
    if (srgbView_) vkDestroyImageView(device_, srgbView_, nullptr);
    if (view_) vkDestroyImageView(device_, view_, nullptr);
}

VkImageSubresourceRange Surface::range() const {
    return {vk::formatAspects(vkFormat_), mip_, 1, layer_, 1};
}

VkImageSubresourceLayers Surface::layers(VkImageAspectFlags aspects) const {
    return {aspects, mip_, layer_, 1};
}

void Surface::setLayout(VkImageLayout layout) {
    if (texture_)
        texture_->setLayout(layout);
    else
        layout_ = layout;
}

} // namespace ddivk::device

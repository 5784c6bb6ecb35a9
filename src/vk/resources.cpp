#include "vk/resources.h"

#include "vk/error.h"

#include <utility>

namespace ddivk::vk {

VkImageAspectFlags formatAspects(VkFormat format) {
    switch (format) {
    case VK_FORMAT_D16_UNORM:
    case VK_FORMAT_X8_D24_UNORM_PACK32:
    case VK_FORMAT_D32_SFLOAT:
        return VK_IMAGE_ASPECT_DEPTH_BIT;
    case VK_FORMAT_S8_UINT:
        return VK_IMAGE_ASPECT_STENCIL_BIT;
    case VK_FORMAT_D16_UNORM_S8_UINT:
    case VK_FORMAT_D24_UNORM_S8_UINT:
    case VK_FORMAT_D32_SFLOAT_S8_UINT:
        return VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT;
    default:
        return VK_IMAGE_ASPECT_COLOR_BIT;
    }
}

// ---- Buffer ----

Buffer Buffer::create(Allocator& allocator, VkDeviceSize size, VkBufferUsageFlags usage, MemoryUsage memory) {
    Buffer b;
    b.device_ = allocator.device();
    b.size_ = size;
    VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
    info.size = size;
    info.usage = usage;
    info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
    check(vkCreateBuffer(b.device_, &info, nullptr, &b.buffer_), "vkCreateBuffer");
    b.allocation_ = allocator.allocateForBuffer(b.buffer_, memory); // on throw, ~Buffer cleans up
    return b;
}

Buffer::Buffer(Buffer&& other) noexcept {
    *this = std::move(other);
}

Buffer& Buffer::operator=(Buffer&& other) noexcept {
    if (this != &other) {
        reset();
        // VkDevice is a pointer: on 32-bit targets VK_NULL_HANDLE is 0ULL, which it cannot take.
        device_ = std::exchange(other.device_, nullptr);
        buffer_ = std::exchange(other.buffer_, VK_NULL_HANDLE);
        size_ = std::exchange(other.size_, 0);
        allocation_ = std::move(other.allocation_);
    }
    return *this;
}

void Buffer::reset() {
    if (buffer_) vkDestroyBuffer(device_, buffer_, nullptr);
    buffer_ = VK_NULL_HANDLE;
    allocation_.reset();
    size_ = 0;
}

// ---- Image ----

Image Image::create(Allocator& allocator, const ImageDesc& desc) {
    Image img;
    img.device_ = allocator.device();
    img.desc_ = desc;
    VkImageCreateInfo info{VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
    info.flags = desc.flags | (desc.alternateViewFormat != VK_FORMAT_UNDEFINED ? VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT : 0);
    info.imageType = desc.type;
    info.format = desc.format;
    info.extent = desc.extent;
    info.mipLevels = desc.mipLevels;
    info.arrayLayers = desc.arrayLayers;
    info.samples = desc.samples;
    info.tiling = desc.tiling;
    info.usage = desc.usage;
    info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
    info.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
    check(vkCreateImage(img.device_, &info, nullptr, &img.image_), "vkCreateImage");
    img.allocation_ =
        allocator.allocateForImage(img.image_, MemoryUsage::GpuOnly, desc.tiling == VK_IMAGE_TILING_LINEAR);

    constexpr VkImageUsageFlags kViewUsages =
        VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
        VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT | VK_IMAGE_USAGE_INPUT_ATTACHMENT_BIT;
    if (!(desc.usage & kViewUsages)) return img; // a transfer-only image cannot have a view

    VkImageViewCreateInfo view{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
    view.image = img.image_;
    view.format = desc.format;
    view.components = desc.swizzle;
    view.subresourceRange = img.fullRange();
    if (desc.viewAspects) view.subresourceRange.aspectMask = desc.viewAspects;
    switch (desc.type) {
    case VK_IMAGE_TYPE_1D:
        view.viewType = desc.arrayLayers > 1 ? VK_IMAGE_VIEW_TYPE_1D_ARRAY : VK_IMAGE_VIEW_TYPE_1D;
        break;
    case VK_IMAGE_TYPE_3D:
        view.viewType = VK_IMAGE_VIEW_TYPE_3D;
        break;
    default:
        if ((desc.flags & VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT) && desc.arrayLayers % 6 == 0)
            view.viewType = desc.arrayLayers > 6 ? VK_IMAGE_VIEW_TYPE_CUBE_ARRAY : VK_IMAGE_VIEW_TYPE_CUBE;
        else
            view.viewType = desc.arrayLayers > 1 ? VK_IMAGE_VIEW_TYPE_2D_ARRAY : VK_IMAGE_VIEW_TYPE_2D;
        break;
    }
    check(vkCreateImageView(img.device_, &view, nullptr, &img.view_), "vkCreateImageView");
    if (desc.alternateViewFormat != VK_FORMAT_UNDEFINED) {
        view.format = desc.alternateViewFormat;
        check(vkCreateImageView(img.device_, &view, nullptr, &img.alternateView_), "vkCreateImageView");
    }
    return img;
}

Image::Image(Image&& other) noexcept {
    *this = std::move(other);
}

Image& Image::operator=(Image&& other) noexcept {
    if (this != &other) {
        reset();
        device_ = std::exchange(other.device_, nullptr);
        image_ = std::exchange(other.image_, VK_NULL_HANDLE);
        view_ = std::exchange(other.view_, VK_NULL_HANDLE);
        alternateView_ = std::exchange(other.alternateView_, VK_NULL_HANDLE);
        desc_ = other.desc_;
        allocation_ = std::move(other.allocation_);
    }
    return *this;
}

void Image::reset() {
    if (alternateView_) vkDestroyImageView(device_, alternateView_, nullptr);
    if (view_) vkDestroyImageView(device_, view_, nullptr);
    if (image_) vkDestroyImage(device_, image_, nullptr);
    view_ = alternateView_ = VK_NULL_HANDLE;
    image_ = VK_NULL_HANDLE;
    allocation_.reset();
}

VkImageAspectFlags Image::aspects() const {
    return formatAspects(desc_.format);
}

VkImageSubresourceRange Image::fullRange() const {
    return {aspects(), 0, desc_.mipLevels, 0, desc_.arrayLayers};
}

} // namespace ddivk::vk

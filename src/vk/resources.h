// RAII buffers and images with their memory. Destroying one frees it at once: the owner keeps
// it alive until the GPU is done (timeline value), e.g. by retiring it after completion.
#pragma once

#include "vk/memory.h"

#include <volk.h>

namespace ddivk::vk {

class Buffer {
  public:
    Buffer() = default;
    // Throws vk::Error on failure. Upload and Readback buffers are persistently mapped.
    static Buffer create(Allocator& allocator, VkDeviceSize size, VkBufferUsageFlags usage,
                         MemoryUsage memory);
    Buffer(Buffer&& other) noexcept;
    Buffer& operator=(Buffer&& other) noexcept;
    ~Buffer() { reset(); }
    void reset();

    explicit operator bool() const { return buffer_ != VK_NULL_HANDLE; }
    VkBuffer handle() const { return buffer_; }
    VkDeviceSize size() const { return size_; }
    void* mapped() const { return allocation_.mapped(); } // nullptr unless host visible
    template <class T> T* data() const { return static_cast<T*>(mapped()); }
    const Allocation& allocation() const { return allocation_; }

  private:
    VkDevice device_ = VK_NULL_HANDLE;
    VkBuffer buffer_ = VK_NULL_HANDLE;
    VkDeviceSize size_ = 0;
    Allocation allocation_;
};

// What an image is; defaults make a single-sampled 2D image with one mip and layer.
struct ImageDesc {
    VkFormat format = VK_FORMAT_R8G8B8A8_UNORM;
    VkExtent3D extent{1, 1, 1};
    VkImageUsageFlags usage = VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;
    VkImageType type = VK_IMAGE_TYPE_2D;
    uint32_t mipLevels = 1;
    uint32_t arrayLayers = 1;
    VkSampleCountFlagBits samples = VK_SAMPLE_COUNT_1_BIT;
    VkImageCreateFlags flags = 0; // CUBE_COMPATIBLE makes the default view a cube
    VkImageTiling tiling = VK_IMAGE_TILING_OPTIMAL;
    VkComponentMapping swizzle{}; // of the default view (identity by default)
    // The aspects of the default view; 0: every aspect of the format. (A sampled view of a
    // depth-stencil image must have one aspect.)
    VkImageAspectFlags viewAspects = 0;
    // A second view like the default one in this format (e.g. the sRGB twin of the format, for
    // D3DSAMP_SRGBTEXTURE); makes the image MUTABLE_FORMAT. UNDEFINED: none.
    VkFormat alternateViewFormat = VK_FORMAT_UNDEFINED;
};

class Image {
  public:
    Image() = default;
    // Creates the image (layout UNDEFINED), binds GPU-only memory and makes the default view:
    // every mip and layer, every aspect of the format. Throws vk::Error on failure.
    static Image create(Allocator& allocator, const ImageDesc& desc);
    Image(Image&& other) noexcept;
    Image& operator=(Image&& other) noexcept;
    ~Image() { reset(); }
    void reset();

    explicit operator bool() const { return image_ != VK_NULL_HANDLE; }
    VkImage handle() const { return image_; }
    VkImageView view() const { return view_; } // null when the usage allows no view (transfer only)
    VkImageView alternateView() const { return alternateView_; } // null without alternateViewFormat
    VkFormat format() const { return desc_.format; }
    VkExtent3D extent() const { return desc_.extent; }
    const ImageDesc& desc() const { return desc_; }
    VkImageAspectFlags aspects() const;
    // Every mip and layer, every aspect.
    VkImageSubresourceRange fullRange() const;
    const Allocation& allocation() const { return allocation_; }

  private:
    VkDevice device_ = VK_NULL_HANDLE;
    VkImage image_ = VK_NULL_HANDLE;
    VkImageView view_ = VK_NULL_HANDLE;
    VkImageView alternateView_ = VK_NULL_HANDLE;
    ImageDesc desc_;
    Allocation allocation_;
};

// The aspects of a format: COLOR, DEPTH, STENCIL or DEPTH|STENCIL. (Sampling a combined
// depth-stencil image needs a view of one aspect; make it beside the default view.)
VkImageAspectFlags formatAspects(VkFormat format);

} // namespace ddivk::vk

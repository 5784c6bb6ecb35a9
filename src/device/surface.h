// A surface the DP2 door can name by handle: a render target or a depth-stencil surface, with
// the Vulkan image behind it and the layout it was last left in by recorded commands. A render
// target of D3DFMT_NULL has a size and no image (draw::hasStorage): passes open on it with no
// colour attachment.
//
// A surface is either its own image or one subresource (mip level of a face) of a render-target
// or depth texture (Resource::gpuOnly): then it has views of that subresource alone, and shares
// the texture's layout tracking (layouts move the whole image; one pass renders into one
// subresource while the texture is not sampled).
#pragma once

#include <volk.h>

#include <cstdint>
#include <memory>

#include "ddivk/d3d9_formats.h"
#include "ddivk/ddivk.h"
#include "device/resource.h"
#include "draw/format_table.h"
#include "vk/resources.h"

namespace ddivk::device {

// The depth formats D3D9 lets programs lock (and read): D16_LOCKABLE as 16-bit integers,
// D32F_LOCKABLE as 32-bit floats (each its Vulkan depth aspect's own layout).
inline bool lockableDepth(const draw::FormatInfo& format) {
    return format.d3dFormat == D3DFMT_D16_LOCKABLE || format.d3dFormat == D3DFMT_D32F_LOCKABLE;
}

class Surface;

// The depth surface a pass on `color` takes: `depth`, unless their sample counts differ. D3D9
// leaves such a pair undefined and Vulkan forbids it: the pass goes without depth (a warning
// says so once).
Surface* passDepth(Surface* color, Surface* depth);

class Surface {
  public:
    Surface(uint32_t handle, const draw::FormatInfo& format, VkFormat vkFormat, uint32_t usage,
            vk::Image image)
        : handle_(handle), format_(&format), vkFormat_(vkFormat), usage_(usage), width_(image.extent().width),
          height_(image.extent().height), image_(std::move(image)) {}
    // A render target without memory (D3DFMT_NULL): vkFormat() is VK_FORMAT_UNDEFINED. Its
    // sample count is the passes' it sizes.
    Surface(uint32_t handle, const draw::FormatInfo& format, uint32_t width, uint32_t height,
            uint32_t samples = 1)
        : handle_(handle), format_(&format), vkFormat_(VK_FORMAT_UNDEFINED),
          usage_(DDIVK_SURFACE_RENDERTARGET), width_(width), height_(height), nullSamples_(samples) {}
    // Subresource `index` of `texture` (a render-target or depth texture that outlives it).
    // Throws vk::Error when a view cannot be made.
    Surface(uint32_t handle, uint32_t usage, Resource& texture, uint32_t index, VkDevice device);
    ~Surface();
    Surface(const Surface&) = delete;
    Surface& operator=(const Surface&) = delete;

    uint32_t handle() const { return handle_; }
    const draw::FormatInfo& format() const { return *format_; }
    VkFormat vkFormat() const { return vkFormat_; }
    uint32_t usage() const { return usage_; } // DDIVK_SURFACE_*
    uint32_t width() const { return width_; }
    uint32_t height() const { return height_; }
    bool isDepthStencil() const { return format_->depthStencil; }
    // Samples per pixel (1: a plain surface; texture subresources always).
    uint32_t samples() const {
        return texture_ ? 1u : image_ ? uint32_t(image_.desc().samples) : nullSamples_;
    }
    // The single-sampled twin that Device::resolve fills (null until the first resolve).
    Surface* resolved() const { return resolved_.get(); }
    void setResolved(std::unique_ptr<Surface> twin) { resolved_ = std::move(twin); }
    // False for D3DFMT_NULL: nothing to read, lock, blit, clear or attach.
    bool hasImage() const { return texture_ || bool(image_); }
    // The whole image (the texture's, for a texture subresource).
    vk::Image& image() { return texture_ ? texture_->image() : image_; }
    // The texture this surface is a subresource of (nullptr: its own image), and which one.
    Resource* texture() const { return texture_; }
    uint32_t subresource() const { return subresource_; }

    // Views of this surface's subresource: for attachments, and in the sRGB twin of the format
    // (D3DRS_SRGBWRITEENABLE; null where there is none).
    VkImageView view() { return texture_ ? view_ : image_.view(); }
    VkImageView srgbView() { return texture_ ? srgbView_ : image_.alternateView(); }
    VkFormat srgbFormat() const { return srgbFormat_ ? srgbFormat_ : image_.desc().alternateViewFormat; }
    // This surface's subresource, every aspect; as copy layers with the given aspects.
    VkImageSubresourceRange range() const;
    VkImageSubresourceLayers layers(VkImageAspectFlags aspects) const;

    // The layout the last recorded command left the image in (recording is serial per device).
    VkImageLayout layout() const { return texture_ ? texture_->layout() : layout_; }
    void setLayout(VkImageLayout layout);

    // Timeline value of the submission that completes the latest flip of this surface (0: none).
    uint64_t flipValue() const { return flipValue_; }
    void setFlipValue(uint64_t value) { flipValue_ = value; }

  private:
    uint32_t handle_;
    const draw::FormatInfo* format_;
    VkFormat vkFormat_;
    uint32_t usage_;
    uint32_t width_, height_;
    vk::Image image_;
    VkImageLayout layout_ = VK_IMAGE_LAYOUT_UNDEFINED;
    uint64_t flipValue_ = 0;
    uint32_t nullSamples_ = 1;
    std::unique_ptr<Surface> resolved_;

    Resource* texture_ = nullptr;
    uint32_t subresource_ = 0;
    uint32_t mip_ = 0, layer_ = 0;
    VkDevice device_ = VK_NULL_HANDLE;
    VkImageView view_ = VK_NULL_HANDLE;
    VkImageView srgbView_ = VK_NULL_HANDLE;
    VkFormat srgbFormat_ = VK_FORMAT_UNDEFINED;
};

} // namespace ddivk::device

// A surface the DP2 door can name by handle: a render target or a depth-stencil surface, with
// the Vulkan image behind it and the layout it was last left in by recorded commands. A render
// target of D3DFMT_NULL has a size and no image (draw::hasStorage): passes open on it with no
// colour attachment.
#pragma once

#include <volk.h>

#include <cstdint>

#include "ddivk/ddivk.h"
#include "draw/format_table.h"
#include "vk/resources.h"

namespace ddivk::device {

class Surface {
  public:
    Surface(uint32_t handle, const draw::FormatInfo& format, VkFormat vkFormat, uint32_t usage,
            vk::Image image)
        : handle_(handle), format_(&format), vkFormat_(vkFormat), usage_(usage), width_(image.extent().width),
          height_(image.extent().height), image_(std::move(image)) {}
    // A render target without memory (D3DFMT_NULL): vkFormat() is VK_FORMAT_UNDEFINED.
    Surface(uint32_t handle, const draw::FormatInfo& format, uint32_t width, uint32_t height)
        : handle_(handle), format_(&format), vkFormat_(VK_FORMAT_UNDEFINED),
          usage_(DDIVK_SURFACE_RENDERTARGET), width_(width), height_(height) {}

    uint32_t handle() const { return handle_; }
    const draw::FormatInfo& format() const { return *format_; }
    VkFormat vkFormat() const { return vkFormat_; }
    uint32_t usage() const { return usage_; } // DDIVK_SURFACE_*
    uint32_t width() const { return width_; }
    uint32_t height() const { return height_; }
    bool isDepthStencil() const { return format_->depthStencil; }
    // False for D3DFMT_NULL: nothing to read, lock, blit, clear or attach.
    bool hasImage() const { return bool(image_); }
    vk::Image& image() { return image_; }

    // The layout the last recorded command left the image in (recording is serial per device).
    VkImageLayout layout() const { return layout_; }
    void setLayout(VkImageLayout layout) { layout_ = layout; }

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
};

} // namespace ddivk::device

// What the blit files share (context_blits.cpp, context_level_copies.cpp): the two sides of a
// copy (a render-target or depth surface, or one texture subresource), their layouts, and the
// recording of one checked BLT (a GPU copy or scaled blit between two sides).
#pragma once

#include <volk.h>

#include <cstdint>
#include <optional>

#include "ddivk/dp2_payloads.h"
#include "device/device.h"
#include "device/resource.h"
#include "device/surface.h"
#include "vk/resources.h"

namespace ddivk::device::blits {

// One side of a blit or fill: a render-target or depth surface, or one texture subresource.
struct Side {
    Surface* surface = nullptr;
    Resource* texture = nullptr;
    uint32_t subresource = 0;
    uint32_t width = 0, height = 0;
    const draw::FormatInfo* format = nullptr;
    VkFormat vkFormat = VK_FORMAT_UNDEFINED;

    VkImage image() const { return surface ? surface->image().handle() : texture->image().handle(); }
    bool depth() const { return surface && surface->isDepthStencil(); }
    uint32_t samples() const { return surface ? surface->samples() : 1; }
    VkImageSubresourceLayers layers() const {
        if (surface) return surface->layers(vk::formatAspects(vkFormat));
        const SubresourceLayout& s = texture->subresource(subresource);
        return {VK_IMAGE_ASPECT_COLOR_BIT, s.mip, s.layer, 1};
    }
};

// The surface or texture subresource a DP2 handle and level name (context_blits.cpp).
std::optional<Side> findSide(Device& device, uint32_t handle, uint32_t level);
// Moves the side's whole image to `layout` with a barrier. Outside a rendering pass.
void enter(CommandContext& cmds, const vk::Device& vulkan, const Side& side, VkImageLayout layout);

// The format's optimal-tiling features (vkGetPhysicalDeviceFormatProperties).
VkFormatFeatureFlags formatFeatures(const vk::Device& vulkan, VkFormat format);

bool inside(const RECT& r, uint32_t width, uint32_t height);
uint32_t rectWidth(const RECT& r);
uint32_t rectHeight(const RECT& r);

// One checked BLT / SURFACEBLT item.
struct BltPlan {
    Side src, dst;
    RECT from, to;
    bool copy = false; // unscaled, same storage: vkCmdCopyImage (exact); else vkCmdBlitImage
    VkFilter filter = VK_FILTER_NEAREST;
    // A multisampled source the copy or blit reads through its resolve (Device::resolve), made
    // when the plan is recorded; for a depth source, a resolve into the destination
    // (Device::copyDepth).
    bool resolveSource = false;
    // A multisampled colour destination the copy or blit writes through its twin, which a draw
    // then writes into every sample (Device::writeSamplesFromTwin).
    bool writeSamples = false;
};

// Records a checked plan after the work recorded before it (ends the rendering pass); marks a
// texture destination's CPU copy stale.
void recordBlt(Device& device, const BltPlan& p);

} // namespace ddivk::device::blits

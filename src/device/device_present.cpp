// Presentation to a window (ddivk_swapchain_present): the surface is copied into the acquired
// swapchain image, scaled when the sizes differ, after every draw recorded before it; the copy
// waits for the acquire and signals the present. The surface keeps its contents, which is what
// each of D3D9's swap effects allows. A multisampled surface is resolved first; a gamma ramp is
// applied to a copy of it (present_gamma.cpp).
#include "device/device.h"

#include "vk/barriers.h"
#include "vk/queue.h"

namespace ddivk::device {
namespace {

VkOffset3D corner(int32_t x, int32_t y) {
    return {x, y, 0};
}

} // namespace

HRESULT Device::present(vk::Swapchain& swapchain, uint32_t handle, const VkRect2D* source,
                        const VkRect2D* dest, PresentGamma* gamma) {
    Surface* surface = findSurface(handle);
    if (!surface || !surface->hasImage() || surface->isDepthStencil()) return D3DERR_INVALIDCALL;
    const VkRect2D whole{{0, 0}, {surface->width(), surface->height()}};
    const VkRect2D from = source ? *source : whole;
    if (from.extent.width == 0 || from.extent.height == 0 || from.offset.x < 0 || from.offset.y < 0 ||
        uint64_t(from.offset.x) + from.extent.width > surface->width() ||
        uint64_t(from.offset.y) + from.extent.height > surface->height())
        return D3DERR_INVALIDCALL;

    vk::Swapchain::Frame frame;
    if (!swapchain.acquire(frame)) {
        // No window area to show it in: the frame's work still runs.
        commands_->flush();
        return S_OK;
    }
    const VkExtent2D extent = swapchain.extent();
    VkRect2D to = dest ? *dest : VkRect2D{{0, 0}, extent};

    // The frame's work is submitted on its own, so that the copy's barriers open a command
    // buffer. A CPU driver (lavapipe) carries out a barrier inside a command buffer by waiting
    // until everything recorded before it is drawn, which made every frame wait once.
    commands_->flush(); // (which also ends the open pass)
    VkCommandBuffer cb = commands_->commands();
    surface = resolve(*surface); // a multisampled back buffer shows its resolve
    commands_->transition(*surface, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
    VkImage shown = surface->image().handle();
    VkImageSubresourceLayers shownLayers = surface->layers(VK_IMAGE_ASPECT_COLOR_BIT);
    if (gamma) {
        shown = applyGamma(*surface, *gamma).handle();
        shownLayers = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
    }
    const VkImageSubresourceRange color{VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
    vk::transitionImage(*vulkan_, cb, frame.image, color, VK_IMAGE_LAYOUT_UNDEFINED,
                        VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
    const bool coversAll = to.offset.x <= 0 && to.offset.y <= 0 &&
                           int64_t(to.offset.x) + to.extent.width >= extent.width &&
                           int64_t(to.offset.y) + to.extent.height >= extent.height;
    if (!coversAll) {
        // Outside the destination rectangle the window shows black, not stale images.
        const VkClearColorValue black{};
        vkCmdClearColorImage(cb, frame.image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &black, 1, &color);
        vk::transitionImage(*vulkan_, cb, frame.image, color, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                            VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
    }
    VkImageBlit blit{};
    blit.srcSubresource = shownLayers;
    blit.srcOffsets[0] = corner(from.offset.x, from.offset.y);
    blit.srcOffsets[1] = {int32_t(from.offset.x + from.extent.width),
                          int32_t(from.offset.y + from.extent.height), 1};
    blit.dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
    blit.dstOffsets[0] = corner(to.offset.x, to.offset.y);
    blit.dstOffsets[1] = {int32_t(to.offset.x + to.extent.width), int32_t(to.offset.y + to.extent.height), 1};
    const bool scaled = from.extent.width != to.extent.width || from.extent.height != to.extent.height;
    vkCmdBlitImage(cb, shown, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, frame.image,
                   VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &blit,
                   scaled ? VK_FILTER_LINEAR : VK_FILTER_NEAREST);
    vk::transitionImage(*vulkan_, cb, frame.image, color, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                        VK_IMAGE_LAYOUT_PRESENT_SRC_KHR);

    const vk::SemaphoreWait wait{frame.acquired, 0, VK_PIPELINE_STAGE_TRANSFER_BIT};
    const vk::SemaphoreSignal signal{frame.rendered, 0};
    const uint64_t value = commands_->flush({&wait, 1}, {&signal, 1});
    swapchain.submitted(frame, value);
    swapchain.present(frame);
    // No flip in progress for the surface (unlike ddivk_surface_flip): later draws into it are
    // ordered after the copy by the queue. Marking one made every DP2 batch that drew into the
    // back buffer before the GPU had finished the copy fail with DDERR_WASSTILLDRAWING.
    return S_OK;
}

} // namespace ddivk::device

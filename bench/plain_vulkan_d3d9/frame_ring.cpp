#include "frame_ring.h"

#include <cstring>

namespace ddivk::bench::plain {

namespace {

void imageBarrier(VkCommandBuffer cb, VkImage image, VkImageAspectFlags aspect, VkImageLayout from,
                  VkImageLayout to, VkPipelineStageFlags srcStage, VkAccessFlags srcAccess,
                  VkPipelineStageFlags dstStage, VkAccessFlags dstAccess) {
    VkImageMemoryBarrier barrier{VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER};
    barrier.srcAccessMask = srcAccess;
    barrier.dstAccessMask = dstAccess;
    barrier.oldLayout = from;
    barrier.newLayout = to;
    barrier.srcQueueFamilyIndex = barrier.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    barrier.image = image;
    barrier.subresourceRange = {aspect, 0, 1, 0, 1};
    vkCmdPipelineBarrier(cb, srcStage, dstStage, 0, 0, nullptr, 0, nullptr, 1, &barrier);
}

} // namespace

FrameRing::FrameRing(Context& context, uint32_t size) : context_(context), size_(size) {
    VkDevice device = context.device();
    for (Slot& slot : slots_) {
        slot.colour = context.createImage(
            kColourFormat, {size, size},
            VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT, VK_IMAGE_ASPECT_COLOR_BIT);
        slot.depth =
            context.createImage(context.depthFormat(), {size, size},
                                VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT, VK_IMAGE_ASPECT_DEPTH_BIT);
        const VkCommandPoolCreateInfo pool{.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
                                           .flags = VK_COMMAND_POOL_CREATE_TRANSIENT_BIT,
                                           .queueFamilyIndex = context.queueFamily()};
        check(vkCreateCommandPool(device, &pool, nullptr, &slot.pool), "vkCreateCommandPool");
        const VkCommandBufferAllocateInfo commands{.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
                                                   .commandPool = slot.pool,
                                                   .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
                                                   .commandBufferCount = 1};
        check(vkAllocateCommandBuffers(device, &commands, &slot.commands), "vkAllocateCommandBuffers");
        // Signalled: the first begin() of each slot has nothing to wait for.
        const VkFenceCreateInfo fence{.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO,
                                      .flags = VK_FENCE_CREATE_SIGNALED_BIT};
        check(vkCreateFence(device, &fence, nullptr, &slot.done), "vkCreateFence");
    }
    readBack_ = context.createBuffer(VkDeviceSize(size) * size * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT);
}

FrameRing::~FrameRing() {
    waitIdle();
    for (Slot& slot : slots_) {
        vkDestroyFence(context_.device(), slot.done, nullptr);
        vkDestroyCommandPool(context_.device(), slot.pool, nullptr);
        context_.destroy(slot.colour);
        context_.destroy(slot.depth);
    }
    context_.destroy(readBack_);
}

VkCommandBuffer FrameRing::begin(int index) {
    current_ = index % kSlots;
    Slot& slot = slots_[current_];
    check(vkWaitForFences(context_.device(), 1, &slot.done, VK_TRUE, UINT64_MAX), "vkWaitForFences");
    check(vkResetCommandPool(context_.device(), slot.pool, 0), "vkResetCommandPool");
    VkCommandBuffer cb = slot.commands;
    VkCommandBufferBeginInfo beginInfo{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    beginInfo.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
    check(vkBeginCommandBuffer(cb, &beginInfo), "vkBeginCommandBuffer");
    // The fence wait ordered the slot's previous frame before this one: the old contents are
    // cleared anyway, so the layouts start from UNDEFINED.
    imageBarrier(cb, slot.colour.handle, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                 VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT, 0,
                 VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT, VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT);
    imageBarrier(cb, slot.depth.handle, VK_IMAGE_ASPECT_DEPTH_BIT, VK_IMAGE_LAYOUT_UNDEFINED,
                 VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL,
                 VK_PIPELINE_STAGE_EARLY_FRAGMENT_TESTS_BIT | VK_PIPELINE_STAGE_LATE_FRAGMENT_TESTS_BIT, 0,
                 VK_PIPELINE_STAGE_EARLY_FRAGMENT_TESTS_BIT | VK_PIPELINE_STAGE_LATE_FRAGMENT_TESTS_BIT,
                 VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_READ_BIT | VK_ACCESS_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT);
    VkRenderingAttachmentInfo colour{VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO};
    colour.imageView = slot.colour.view;
    colour.imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
    colour.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
    colour.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
    colour.clearValue.color = {{0, 0, 0, 1}}; // D3D9's 0xFF000000
    VkRenderingAttachmentInfo depth{VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO};
    depth.imageView = slot.depth.view;
    depth.imageLayout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL;
    depth.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
    depth.storeOp = VK_ATTACHMENT_STORE_OP_DONT_CARE; // D3D9 keeps it, but nothing reads it back
    depth.clearValue.depthStencil = {1.0f, 0};
    VkRenderingInfo rendering{VK_STRUCTURE_TYPE_RENDERING_INFO};
    rendering.renderArea = {{0, 0}, {size_, size_}};
    rendering.layerCount = 1;
    rendering.colorAttachmentCount = 1;
    rendering.pColorAttachments = &colour;
    rendering.pDepthAttachment = &depth;
    vkCmdBeginRendering(cb, &rendering);
    // D3D9 puts pixel centres on integer screen coordinates and y up in NDC; Vulkan centres are
    // on half-integers with y down. Half a pixel of origin and a negative height map a D3D9
    // position onto the same pixel, so the scenarios use D3D9's own numbers.
    const float s = float(size_);
    const VkViewport viewport{0.5f, s + 0.5f, s, -s, 0.0f, 1.0f};
    const VkRect2D scissor{{0, 0}, {size_, size_}};
    vkCmdSetViewport(cb, 0, 1, &viewport);
    vkCmdSetScissor(cb, 0, 1, &scissor);
    return cb;
}

void FrameRing::recordReadBack(Slot& slot) {
    VkCommandBuffer cb = slot.commands;
    imageBarrier(cb, slot.colour.handle, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                 VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT,
                 VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT,
                 VK_ACCESS_TRANSFER_READ_BIT);
    VkBufferImageCopy region{};
    region.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
    region.imageExtent = {size_, size_, 1};
    vkCmdCopyImageToBuffer(cb, slot.colour.handle, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, readBack_.handle, 1,
                           &region);
    VkBufferMemoryBarrier toHost{VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER};
    toHost.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
    toHost.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
    toHost.srcQueueFamilyIndex = toHost.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    toHost.buffer = readBack_.handle;
    toHost.size = VK_WHOLE_SIZE;
    vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 0, nullptr, 1,
                         &toHost, 0, nullptr);
}

void FrameRing::end(std::vector<uint32_t>* pixels) {
    Slot& slot = slots_[current_];
    vkCmdEndRendering(slot.commands);
    if (pixels) recordReadBack(slot);
    check(vkEndCommandBuffer(slot.commands), "vkEndCommandBuffer");
    VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO};
    submit.commandBufferCount = 1;
    submit.pCommandBuffers = &slot.commands;
    // Reset only now: a frame abandoned before its submission leaves the fence signalled.
    check(vkResetFences(context_.device(), 1, &slot.done), "vkResetFences");
    check(vkQueueSubmit(context_.queue(), 1, &submit, slot.done), "vkQueueSubmit");
    if (!pixels) return;
    check(vkWaitForFences(context_.device(), 1, &slot.done, VK_TRUE, UINT64_MAX), "vkWaitForFences");
    pixels->resize(size_t(size_) * size_);
    std::memcpy(pixels->data(), readBack_.mapped, pixels->size() * sizeof(uint32_t));
}

void FrameRing::waitIdle() {
    for (Slot& slot : slots_)
        check(vkWaitForFences(context_.device(), 1, &slot.done, VK_TRUE, UINT64_MAX), "vkWaitForFences");
}

} // namespace ddivk::bench::plain

// Layout transitions, with synchronization2 and with classic barriers: a cleared image reads
// back with the clear colour, and validation (which tracks layouts) stays silent.
#include "support/vk_test.h"
#include "vk/barriers.h"
#include "vk/resources.h"

#include <gtest/gtest.h>

#include <cstring>

using namespace ddivk;

namespace {

void clearAndReadBack(vk::Device& device) {
    vk::ImageDesc desc;
    desc.extent = {16, 8, 1};
    desc.usage =
        VK_IMAGE_USAGE_TRANSFER_DST_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_SAMPLED_BIT;
    vk::Image image = vk::Image::create(device.allocator(), desc);
    ASSERT_NE(image.view(), VK_NULL_HANDLE);
    vk::Buffer readback = vk::Buffer::create(device.allocator(), 16 * 8 * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                             vk::MemoryUsage::Readback);
    device.submitImmediate([&](VkCommandBuffer cmd) {
        vk::transitionImage(device, cmd, image, VK_IMAGE_LAYOUT_UNDEFINED,
                            VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
        VkClearColorValue colour{};
        colour.float32[0] = 1.0f;
        colour.float32[2] = 1.0f;
        colour.float32[3] = 1.0f;
        const VkImageSubresourceRange range = image.fullRange();
        vkCmdClearColorImage(cmd, image.handle(), VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &colour, 1, &range);
        vk::transitionImage(device, cmd, image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                            VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
        VkBufferImageCopy copy{};
        copy.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
        copy.imageExtent = desc.extent;
        vkCmdCopyImageToBuffer(cmd, image.handle(), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, readback.handle(),
                               1, &copy);
        vk::transitionImage(device, cmd, image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                            VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL);
    });
    readback.allocation().invalidate();
    const uint32_t* pixels = readback.data<uint32_t>();
    for (int i = 0; i < 16 * 8; ++i)
        ASSERT_EQ(pixels[i], 0xFFFF00FFu) << "pixel " << i; // ABGR in memory
}

} // namespace

TEST(Barriers, TransitionWithSynchronization2) {
    vk::Device& device = test::sharedDevice();
    if (!device.caps().synchronization2) GTEST_SKIP() << "no synchronization2";
    clearAndReadBack(device);
}

TEST(Barriers, TransitionWithClassicBarriers) {
    vk::DeviceOptions options;
    options.synchronization2 = false;
    auto device = vk::Device::create(test::sharedInstance(), options);
    ASSERT_EQ(device->functions().cmdPipelineBarrier2, nullptr);
    clearAndReadBack(*device);
}

TEST(Barriers, DepthImageTransitions) {
    vk::Device& device = test::sharedDevice();
    vk::ImageDesc desc;
    desc.format = VK_FORMAT_D32_SFLOAT;
    desc.extent = {8, 8, 1};
    desc.usage = VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT |
                 VK_IMAGE_USAGE_SAMPLED_BIT;
    vk::Image depth = vk::Image::create(device.allocator(), desc);
    EXPECT_EQ(depth.aspects(), VkImageAspectFlags(VK_IMAGE_ASPECT_DEPTH_BIT));
    device.submitImmediate([&](VkCommandBuffer cmd) {
        vk::transitionImage(device, cmd, depth, VK_IMAGE_LAYOUT_UNDEFINED,
                            VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
        VkClearDepthStencilValue value{0.5f, 0};
        const VkImageSubresourceRange range = depth.fullRange();
        vkCmdClearDepthStencilImage(cmd, depth.handle(), VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &value, 1,
                                    &range);
        vk::transitionImage(device, cmd, depth, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                            VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL);
        vk::transitionImage(device, cmd, depth, VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL,
                            VK_IMAGE_LAYOUT_DEPTH_STENCIL_READ_ONLY_OPTIMAL);
    });
}

TEST(Barriers, EveryLayoutHasAStage) {
    for (VkImageLayout layout :
         {VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_GENERAL, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
          VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL, VK_IMAGE_LAYOUT_DEPTH_STENCIL_READ_ONLY_OPTIMAL,
          VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
          VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_IMAGE_LAYOUT_PRESENT_SRC_KHR,
          VK_IMAGE_LAYOUT_PREINITIALIZED, VK_IMAGE_LAYOUT_ATTACHMENT_OPTIMAL})
        EXPECT_NE(vk::layoutUse(layout).stages, 0u) << layout;
    EXPECT_EQ(vk::formatAspects(VK_FORMAT_D24_UNORM_S8_UINT),
              VkImageAspectFlags(VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT));
    EXPECT_EQ(vk::formatAspects(VK_FORMAT_B8G8R8A8_UNORM), VkImageAspectFlags(VK_IMAGE_ASPECT_COLOR_BIT));
}

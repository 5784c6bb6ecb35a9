// The gamma pass of full-screen presentation: every 8-bit value of each channel, put through a
// ramp, reads back as the ramp's entry scaled to 8 bits (computed here), alpha untouched.
#include "support/vk_test.h"
#include "vk/barriers.h"
#include "vk/gamma_pass.h"
#include "vk/resources.h"
#include "vk/upload_ring.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

using namespace ddivk;

namespace {

constexpr uint32_t kSide = 16; // 256 texels: every value once per channel

// Texel i holds red i, green 255 - i, blue (i * 7) mod 256, alpha (i * 3) mod 256 (RGBA bytes).
uint32_t texel(uint32_t i) {
    return i | (255 - i) << 8 | (i * 7 & 0xFF) << 16 | (i * 3 & 0xFF) << 24;
}

// Three unlike curves, none a multiple of 257 throughout, so rounding is exercised too.
vk::GammaRamp testRamp() {
    vk::GammaRamp r{};
    for (uint32_t i = 0; i < 256; ++i) {
        r.red[i] = uint16_t(65535 - i * 255);                              // falling
        r.green[i] = uint16_t(i * i);                                      // convex, below 65535
        r.blue[i] = uint16_t(std::lround(65535.0 * std::sqrt(i / 255.0))); // concave
    }
    return r;
}

// A channel holding `entry` reads at 8 bits as entry scaled to 255, rounded to nearest; a
// value lying within 1 % of halfway may round either way (the shader's division is inexact).
bool reads8(int got, uint16_t entry) {
    const double exact = entry * 255.0 / 65535.0;
    if (got == int(std::lround(exact))) return true;
    const double below = std::floor(exact);
    return std::fabs(exact - below - 0.5) < 0.01 && (got == int(below) || got == int(below) + 1);
}

// Runs the pass over the test texels and reads them back.
std::vector<uint32_t> applyRamp(vk::Device& device, const vk::GammaRamp& ramp) {
    vk::ImageDesc desc;
    desc.extent = {kSide, kSide, 1};
    desc.usage =
        VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT;
    vk::Image image = vk::Image::create(device.allocator(), desc);
    const VkDeviceSize bytes = kSide * kSide * 4;
    vk::Buffer upload = vk::Buffer::create(device.allocator(), bytes, VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
                                           vk::MemoryUsage::Upload);
    for (uint32_t i = 0; i < kSide * kSide; ++i)
        upload.data<uint32_t>()[i] = texel(i);
    upload.allocation().flush();
    vk::Buffer readback = vk::Buffer::create(device.allocator(), bytes, VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                             vk::MemoryUsage::Readback);
    vk::UploadRing uploads(device.allocator(), device.queue());
    vk::GammaPass pass(device);
    VkBufferImageCopy copy{};
    copy.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
    copy.imageExtent = desc.extent;
    device.submitImmediate([&](VkCommandBuffer cb) {
        vk::transitionImage(device, cb, image, VK_IMAGE_LAYOUT_UNDEFINED,
                            VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
        vkCmdCopyBufferToImage(cb, upload.handle(), image.handle(), VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1,
                               &copy);
        vk::transitionImage(device, cb, image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_IMAGE_LAYOUT_GENERAL);
        pass.record(cb, uploads, image, ramp);
        vk::transitionImage(device, cb, image, VK_IMAGE_LAYOUT_GENERAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
        vkCmdCopyImageToBuffer(cb, image.handle(), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, readback.handle(), 1,
                               &copy);
    });
    uploads.retire(device.queue().lastSubmitted());
    readback.allocation().invalidate();
    const uint32_t* p = readback.data<uint32_t>();
    return {p, p + kSide * kSide};
}

} // namespace

TEST(GammaPass, EveryValueOfEachChannelShowsItsRampEntry) {
    vk::Device& device = test::sharedDevice();
    if (!vk::GammaPass::supported(device)) GTEST_SKIP() << "no push descriptors";
    const vk::GammaRamp ramp = testRamp();
    const std::vector<uint32_t> got = applyRamp(device, ramp);
    for (uint32_t i = 0; i < kSide * kSide; ++i) {
        const uint32_t in = texel(i);
        const uint16_t entries[3] = {ramp.red[in & 0xFF], ramp.green[in >> 8 & 0xFF],
                                     ramp.blue[in >> 16 & 0xFF]};
        for (int c = 0; c < 3; ++c) {
            const int g = int(got[i] >> (8 * c) & 0xFF);
            EXPECT_TRUE(reads8(g, entries[c]))
                << "texel " << i << " channel " << c << ": got " << g << " for the entry " << entries[c];
        }
        EXPECT_EQ(got[i] >> 24, in >> 24) << "texel " << i << ": alpha";
    }
}

TEST(GammaPass, TheIdentityRampChangesNothing) {
    vk::Device& device = test::sharedDevice();
    if (!vk::GammaPass::supported(device)) GTEST_SKIP() << "no push descriptors";
    vk::GammaRamp identity{};
    for (uint32_t i = 0; i < 256; ++i)
        identity.red[i] = identity.green[i] = identity.blue[i] = uint16_t(i * 257);
    const std::vector<uint32_t> got = applyRamp(device, identity);
    for (uint32_t i = 0; i < kSide * kSide; ++i)
        EXPECT_EQ(got[i], texel(i)) << "texel " << i;
}

// The upload ring grows instead of stalling while the GPU is busy, and recycles its chunks
// once their timeline values complete, so its memory stays bounded.
#include "support/vk_test.h"
#include "vk/command_provider.h"
#include "vk/resources.h"
#include "vk/upload_ring.h"

#include <gtest/gtest.h>

#include <cstring>

using namespace ddivk;

namespace {

constexpr VkDeviceSize kChunk = 64 << 10;

vk::UploadRingOptions smallChunks() {
    vk::UploadRingOptions options;
    options.chunkSize = kChunk;
    options.spareChunks = 2;
    return options;
}

// One frame: three 40 KiB uploads (two chunks' worth), one submission, retire.
uint64_t frame(vk::UploadRing& ring, vk::CommandProvider& provider) {
    for (int i = 0; i < 3; ++i) {
        vk::UploadSlice s = ring.allocate(40 << 10, 256);
        std::memset(s.data, i, s.size);
    }
    const uint64_t value = provider.submit(provider.begin());
    ring.retire(value);
    return value;
}

} // namespace

TEST(UploadRing, SlicesAreAlignedAndCarryTheirData) {
    vk::Device& device = test::sharedDevice();
    vk::UploadRing ring(device.allocator(), device.queue(), smallChunks());
    vk::Buffer readback = vk::Buffer::create(device.allocator(), 1 << 20, VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                             vk::MemoryUsage::Readback);
    std::vector<vk::UploadSlice> slices;
    std::vector<VkBufferCopy> copies;
    VkDeviceSize dst = 0;
    for (uint32_t i = 0; i < 40; ++i) {
        const VkDeviceSize size = 1 + (i * 7919) % 20000, alignment = i % 3 == 0 ? 12 : 256;
        vk::UploadSlice s = ring.allocate(size, alignment);
        EXPECT_EQ(s.offset % alignment, 0u);
        EXPECT_EQ(s.size, size);
        std::memset(s.data, static_cast<int>(i + 1), size);
        slices.push_back(s);
        copies.push_back({s.offset, dst, size});
        dst += size;
    }
    device.submitImmediate([&](VkCommandBuffer cmd) {
        for (size_t i = 0; i < slices.size(); ++i)
            vkCmdCopyBuffer(cmd, slices[i].buffer, readback.handle(), 1, &copies[i]);
    });
    ring.retire(device.queue().lastSubmitted());
    readback.allocation().invalidate();
    for (size_t i = 0; i < slices.size(); ++i) {
        const uint8_t* p = readback.data<uint8_t>() + copies[i].dstOffset;
        for (VkDeviceSize k = 0; k < copies[i].size; ++k)
            if (p[k] != i + 1) {
                ADD_FAILURE() << "slice " << i << " byte " << k;
                break;
            }
    }
}

TEST(UploadRing, GrowsInsteadOfStallingWhileTheQueueIsHeld) {
    vk::Device& device = test::sharedDevice();
    vk::UploadRing ring(device.allocator(), device.queue(), smallChunks());
    vk::CommandProvider provider(device.handle(), device.queue());
    uint64_t last = 0;
    {
        test::ScopedQueueHold hold(device.queue());
        for (int i = 0; i < 10; ++i)
            last = frame(ring, provider);
        EXPECT_FALSE(device.queue().isComplete(last)); // the GPU never ran: nothing was waited for
        EXPECT_GE(ring.chunkCount(), 20u);             // every frame took fresh chunks
    }
    ASSERT_TRUE(device.queue().wait(last));
    const size_t grown = ring.chunkCount();

    // Released and kept up with: chunks are reused and the spares given back.
    for (int i = 0; i < 50; ++i)
        device.queue().wait(frame(ring, provider));
    EXPECT_LE(ring.chunkCount(), 5u);
    EXPECT_LT(ring.chunkCount(), grown);
}

TEST(UploadRing, MemoryStaysBoundedWhenTheGpuKeepsUp) {
    vk::Device& device = test::sharedDevice();
    vk::UploadRing ring(device.allocator(), device.queue(), smallChunks());
    vk::CommandProvider provider(device.handle(), device.queue());
    std::vector<uint64_t> values;
    size_t most = 0;
    for (int i = 0; i < 300; ++i) {
        values.push_back(frame(ring, provider));
        if (values.size() > 2) device.queue().wait(values[values.size() - 3]); // two frames in flight
        most = std::max(most, ring.chunkCount());
    }
    device.queue().wait(values.back());
    EXPECT_LE(most, 10u);
    EXPECT_LE(ring.reservedBytes(), 10 * kChunk);
}

TEST(UploadRing, OversizedAllocationGetsItsOwnChunkThenGoesBack) {
    vk::Device& device = test::sharedDevice();
    vk::UploadRing ring(device.allocator(), device.queue(), smallChunks());
    vk::UploadSlice big = ring.allocate(3 * kChunk);
    EXPECT_EQ(big.size, 3 * kChunk);
    std::memset(big.data, 0xAB, big.size);
    ring.retire(device.queue().submit(VK_NULL_HANDLE));
    device.queue().waitIdle();
    ring.allocate(kChunk); // moves on, gives back the completed oversized chunk
    EXPECT_EQ(ring.reservedBytes(), kChunk);
    ring.retire(device.queue().submit(VK_NULL_HANDLE));
}

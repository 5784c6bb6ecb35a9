// The suballocator: alignment, no overlap, bufferImageGranularity, free and reuse, dedicated
// allocations, mapping, and data moving through the GPU.
#include "support/vk_test.h"
#include "vk/memory.h"
#include "vk/resources.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <map>
#include <random>

using namespace ddivk;
using vk::MemoryUsage;

namespace {

constexpr VkBufferUsageFlags kBufferUsage =
    VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT | VK_BUFFER_USAGE_VERTEX_BUFFER_BIT |
    VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT;

vk::Allocator smallBlocks(const vk::Device& device, VkDeviceSize blockSize = 1 << 20) {
    return vk::Allocator(device.handle(), device.physicalDevice(), {blockSize});
}

struct Span {
    VkDeviceSize begin, end;
    bool image;
};

// No two spans of one VkDeviceMemory overlap, and an optimal image never shares a
// bufferImageGranularity page with a buffer.
void expectDisjoint(std::map<VkDeviceMemory, std::vector<Span>>& byMemory, VkDeviceSize granularity) {
    for (auto& [memory, spans] : byMemory) {
        std::sort(spans.begin(), spans.end(), [](const Span& a, const Span& b) { return a.begin < b.begin; });
        for (size_t i = 1; i < spans.size(); ++i) {
            const Span& a = spans[i - 1];
            const Span& b = spans[i];
            EXPECT_LE(a.end, b.begin) << "overlapping allocations";
            if (a.image != b.image) {
                EXPECT_LT((a.end - 1) / granularity, b.begin / granularity) << "shared page";
            }
        }
    }
}

} // namespace

TEST(Memory, MemoryTypesMatchUsage) {
    vk::Allocator& allocator = test::sharedDevice().allocator();
    const auto& props = allocator.memoryProperties();
    for (uint32_t t : allocator.memoryTypesFor(~0u, MemoryUsage::Upload)) {
        const VkMemoryPropertyFlags f = props.memoryTypes[t].propertyFlags;
        EXPECT_TRUE((f & VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT) && (f & VK_MEMORY_PROPERTY_HOST_COHERENT_BIT));
    }
    for (uint32_t t : allocator.memoryTypesFor(~0u, MemoryUsage::Readback))
        EXPECT_TRUE(props.memoryTypes[t].propertyFlags & VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT);
    const uint32_t best = allocator.memoryTypesFor(~0u, MemoryUsage::GpuOnly).front();
    EXPECT_TRUE(props.memoryTypes[best].propertyFlags & VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
}

TEST(Memory, ManyAllocationsAreAlignedAndDisjoint) {
    vk::Device& device = test::sharedDevice();
    vk::Allocator allocator = smallBlocks(device);
    std::mt19937 rng(7);
    std::vector<vk::Buffer> buffers;
    std::vector<vk::Image> images;
    for (int i = 0; i < 300; ++i) {
        if (i % 10 == 0) {
            vk::ImageDesc desc;
            desc.extent = {1u + uint32_t(rng() % 64), 1u + uint32_t(rng() % 64), 1};
            images.push_back(vk::Image::create(allocator, desc));
            continue;
        }
        const MemoryUsage usage = static_cast<MemoryUsage>(rng() % 3);
        buffers.push_back(vk::Buffer::create(allocator, 1 + rng() % 20000, kBufferUsage, usage));
        if (usage != MemoryUsage::GpuOnly) {
            EXPECT_NE(buffers.back().mapped(), nullptr);
        }
    }
    std::map<VkDeviceMemory, std::vector<Span>> byMemory;
    for (const vk::Buffer& b : buffers) {
        VkMemoryRequirements req;
        vkGetBufferMemoryRequirements(device.handle(), b.handle(), &req);
        EXPECT_EQ(b.allocation().offset() % req.alignment, 0u);
        EXPECT_GE(b.allocation().size(), req.size);
        byMemory[b.allocation().memory()].push_back(
            {b.allocation().offset(), b.allocation().offset() + req.size, false});
    }
    for (const vk::Image& img : images) {
        VkMemoryRequirements req;
        vkGetImageMemoryRequirements(device.handle(), img.handle(), &req);
        EXPECT_EQ(img.allocation().offset() % req.alignment, 0u);
        byMemory[img.allocation().memory()].push_back(
            {img.allocation().offset(), img.allocation().offset() + req.size, true});
    }
    expectDisjoint(byMemory, allocator.bufferImageGranularity());
    EXPECT_GT(allocator.stats().blocks, 1u); // 1 MiB blocks: several were needed

    // Host-visible buffers hold their own bytes (no aliasing between mappings).
    uint8_t tag = 1;
    for (vk::Buffer& b : buffers)
        if (b.mapped()) std::memset(b.mapped(), tag++, b.size());
    tag = 1;
    for (vk::Buffer& b : buffers)
        if (b.mapped()) {
            const uint8_t* p = b.data<uint8_t>();
            EXPECT_TRUE(std::all_of(p, p + b.size(), [&](uint8_t v) { return v == tag; }));
            ++tag;
        }
}

TEST(Memory, FreedMemoryIsReusedAndBlocksGoBack) {
    vk::Device& device = test::sharedDevice();
    vk::Allocator allocator = smallBlocks(device);
    std::vector<vk::Buffer> buffers;
    for (int i = 0; i < 64; ++i)
        buffers.push_back(vk::Buffer::create(allocator, 64 << 10, kBufferUsage, MemoryUsage::GpuOnly));
    const vk::AllocatorStats full = allocator.stats();
    EXPECT_EQ(full.allocations, 64u);
    EXPECT_GE(full.blocks, 4u);

    // Free every other buffer, then allocate as many again: the holes take them.
    const VkDeviceMemory firstMemory = buffers[0].allocation().memory();
    const VkDeviceSize firstOffset = buffers[0].allocation().offset();
    for (size_t i = 0; i < buffers.size(); i += 2)
        buffers[i].reset();
    for (size_t i = 0; i < buffers.size(); i += 2)
        buffers[i] = vk::Buffer::create(allocator, 64 << 10, kBufferUsage, MemoryUsage::GpuOnly);
    EXPECT_EQ(allocator.stats().blocks, full.blocks);
    EXPECT_EQ(allocator.stats().reserved, full.reserved);
    EXPECT_EQ(buffers[0].allocation().memory(), firstMemory);
    EXPECT_EQ(buffers[0].allocation().offset(), firstOffset);

    buffers.clear();
    const vk::AllocatorStats empty = allocator.stats();
    EXPECT_EQ(empty.allocations, 0u);
    EXPECT_EQ(empty.used, 0u);
    EXPECT_LE(empty.blocks, 1u); // one spare kept per memory type
}

TEST(Memory, LargeImagesGetDedicatedMemory) {
    vk::Device& device = test::sharedDevice();
    vk::Allocator allocator = smallBlocks(device, 8 << 20);
    vk::ImageDesc desc;
    desc.extent = {1024, 1024, 1}; // 4 MiB >= a quarter of the block
    vk::Image big = vk::Image::create(allocator, desc);
    EXPECT_TRUE(big.allocation().dedicated());
    EXPECT_EQ(big.allocation().offset(), 0u);
    desc.extent = {64, 64, 1};
    vk::Image small = vk::Image::create(allocator, desc);
    EXPECT_FALSE(small.allocation().dedicated());
    EXPECT_EQ(allocator.stats().dedicated, 1u);
    big.reset();
    EXPECT_EQ(allocator.stats().dedicated, 0u);
}

TEST(Memory, DataRoundTripsThroughTheGpu) {
    vk::Device& device = test::sharedDevice();
    const VkDeviceSize size = 1 << 16;
    vk::Buffer upload = vk::Buffer::create(device.allocator(), size, kBufferUsage, MemoryUsage::Upload);
    vk::Buffer gpu = vk::Buffer::create(device.allocator(), size, kBufferUsage, MemoryUsage::GpuOnly);
    vk::Buffer readback = vk::Buffer::create(device.allocator(), size, kBufferUsage, MemoryUsage::Readback);
    for (VkDeviceSize i = 0; i < size / 4; ++i)
        upload.data<uint32_t>()[i] = static_cast<uint32_t>(i * 2654435761u);
    device.submitImmediate([&](VkCommandBuffer cmd) {
        VkBufferCopy copy{0, 0, size};
        vkCmdCopyBuffer(cmd, upload.handle(), gpu.handle(), 1, &copy);
        VkMemoryBarrier barrier{VK_STRUCTURE_TYPE_MEMORY_BARRIER, nullptr, VK_ACCESS_TRANSFER_WRITE_BIT,
                                VK_ACCESS_TRANSFER_READ_BIT};
        vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1,
                             &barrier, 0, nullptr, 0, nullptr);
        vkCmdCopyBuffer(cmd, gpu.handle(), readback.handle(), 1, &copy);
    });
    readback.allocation().invalidate();
    EXPECT_EQ(std::memcmp(upload.mapped(), readback.mapped(), size), 0);
}

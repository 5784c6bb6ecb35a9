#include "query/query_pool.h"

#include "vk/error.h"
#include "vk/memory.h"

namespace ddivk::query {

QueryChunk::QueryChunk(vk::Device& device, VkQueryType type, VkQueryPipelineStatisticFlags statistics,
                       uint32_t capacity, uint32_t resultWords)
    : device_(device), capacity_(capacity), resultWords_(resultWords) {
    VkQueryPoolCreateInfo info{VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO};
    info.queryType = type;
    info.queryCount = capacity;
    info.pipelineStatistics = statistics;
    vk::check(vkCreateQueryPool(device.handle(), &info, nullptr, &pool_), "vkCreateQueryPool");
    try {
        results_ = vk::Buffer::create(device.allocator(), VkDeviceSize(capacity) * resultWords * 8,
                                      VK_BUFFER_USAGE_TRANSFER_DST_BIT, vk::MemoryUsage::Readback);
    } catch (...) {
        vkDestroyQueryPool(device.handle(), pool_, nullptr);
        throw;
    }
}

QueryChunk::~QueryChunk() {
    results_.reset();
    vkDestroyQueryPool(device_.handle(), pool_, nullptr);
}

std::span<const uint64_t> QueryChunk::results(uint32_t index) const {
    results_.allocation().invalidate();
    return {results_.data<const uint64_t>() + size_t(index) * resultWords_, resultWords_};
}

ChunkAllocator::ChunkAllocator(vk::Device& device, VkQueryType type, VkQueryPipelineStatisticFlags statistics,
                               uint32_t resultWords, uint32_t chunkCapacity)
    : device_(device), type_(type), statistics_(statistics), resultWords_(resultWords),
      capacity_(chunkCapacity) {
    // Core in Vulkan 1.2, else VK_EXT_host_query_reset (same signature).
    resetQueryPool_ =
        reinterpret_cast<PFN_vkResetQueryPool>(vkGetDeviceProcAddr(device.handle(), "vkResetQueryPool"));
    if (!resetQueryPool_)
        resetQueryPool_ = reinterpret_cast<PFN_vkResetQueryPool>(
            vkGetDeviceProcAddr(device.handle(), "vkResetQueryPoolEXT"));
    if (!resetQueryPool_ || !device.caps().hostQueryReset)
        throw vk::Error(VK_ERROR_FEATURE_NOT_PRESENT, "query pools need hostQueryReset");
}

ChunkAllocator::~ChunkAllocator() = default;

void ChunkAllocator::reset(QueryChunk& chunk) {
    resetQueryPool_(device_.handle(), chunk.pool_, 0, chunk.capacity_);
    chunk.next_ = 0;
}

QuerySlot ChunkAllocator::allocate() {
    if (!current_ || current_->next_ == current_->capacity_) {
        if (!free_.empty()) {
            current_ = free_.back();
            free_.pop_back();
        } else {
            chunks_.push_back(
                std::make_unique<QueryChunk>(device_, type_, statistics_, capacity_, resultWords_));
            current_ = chunks_.back().get();
            reset(*current_);
        }
    }
    ++current_->outstanding_;
    return {current_, current_->next_++};
}

void ChunkAllocator::release(QuerySlot slot) {
    QueryChunk& chunk = *slot.chunk;
    --chunk.outstanding_;
    // A chunk is recycled once fully handed out and fully read; the GPU is done with every
    // slot then (a slot is released only after the submission that used it completed).
    if (chunk.outstanding_ == 0 && chunk.next_ == chunk.capacity_) {
        if (&chunk == current_) current_ = nullptr;
        reset(chunk);
        free_.push_back(&chunk);
    }
}

void copyRun(VkCommandBuffer cb, QuerySlot first, uint32_t count) {
    QueryChunk& chunk = *first.chunk;
    vkCmdCopyQueryPoolResults(cb, chunk.pool(), first.index, count, chunk.buffer(),
                              VkDeviceSize(first.index) * chunk.stride(), chunk.stride(),
                              VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT);
}

void resultsToHost(VkCommandBuffer cb) {
    VkMemoryBarrier toHost{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
    toHost.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
    toHost.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
    vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &toHost, 0,
                         nullptr, 0, nullptr);
}

} // namespace ddivk::query

// Vulkan queries in chunks: a QueryChunk is one VkQueryPool with a host-visible buffer its
// results are copied into (vkCmdCopyQueryPoolResults), a ChunkAllocator hands out slots of one
// query type and recycles a chunk once every slot it handed out has been read: the chunk is
// reset on the host (hostQueryReset) and reused, so the number of pools follows the number of
// queries in flight, not the number ever issued.
#pragma once

#include <volk.h>

#include <cstdint>
#include <iterator>
#include <memory>
#include <span>
#include <vector>

#include "vk/device.h"
#include "vk/resources.h"

namespace ddivk::query {

class QueryChunk {
  public:
    QueryChunk(vk::Device& device, VkQueryType type, VkQueryPipelineStatisticFlags statistics,
               uint32_t capacity, uint32_t resultWords);
    ~QueryChunk();
    QueryChunk(const QueryChunk&) = delete;
    QueryChunk& operator=(const QueryChunk&) = delete;

    VkQueryPool pool() const { return pool_; }
    VkBuffer buffer() const { return results_.handle(); }
    uint32_t stride() const { return resultWords_ * 8; } // bytes per query in the buffer
    // The copied results of slot `index` (resultWords 64-bit values), valid once the
    // submission that copied them completed; invalidates non-coherent memory first.
    std::span<const uint64_t> results(uint32_t index) const;

  private:
    friend class ChunkAllocator;
    vk::Device& device_;
    VkQueryPool pool_ = VK_NULL_HANDLE;
    vk::Buffer results_;
    uint32_t capacity_;
    uint32_t resultWords_;
    uint32_t next_ = 0;        // slots handed out since the last reset
    uint32_t outstanding_ = 0; // slots handed out and not yet released
};

// A slot: query `index` of `chunk`.
struct QuerySlot {
    QueryChunk* chunk = nullptr;
    uint32_t index = 0;
};

class ChunkAllocator {
  public:
    // resultWords: 64-bit values per query (1, or the number of statistics).
    ChunkAllocator(vk::Device& device, VkQueryType type, VkQueryPipelineStatisticFlags statistics,
                   uint32_t resultWords, uint32_t chunkCapacity = 256);
    ~ChunkAllocator();

    // A reset slot, ready for vkCmdBeginQuery / vkCmdWriteTimestamp.
    QuerySlot allocate();
    // The slot's result was read (or is no longer wanted) and its submission completed.
    void release(QuerySlot slot);

    uint32_t resultWords() const { return resultWords_; }
    // Pools created so far and alive (for the memory-stays-flat test).
    size_t chunkCount() const { return chunks_.size(); }

  private:
    void reset(QueryChunk& chunk);

    vk::Device& device_;
    VkQueryType type_;
    VkQueryPipelineStatisticFlags statistics_;
    uint32_t resultWords_;
    uint32_t capacity_;
    PFN_vkResetQueryPool resetQueryPool_ = nullptr;
    std::vector<std::unique_ptr<QueryChunk>> chunks_;
    std::vector<QueryChunk*> free_;
    QueryChunk* current_ = nullptr;
};

// Records a copy of `count` consecutive slots' results (64-bit, waiting for them) into their
// chunk's buffer.
void copyRun(VkCommandBuffer cb, QuerySlot first, uint32_t count);
// Makes the copied results visible to host reads once the submission completed.
void resultsToHost(VkCommandBuffer cb);

// Copies the results of every item's slot (slotOf(item)), one copy per run of consecutive
// slots, then one barrier to the host: the last commands of a command buffer before submit.
template <class Items, class SlotOf> void copyResults(VkCommandBuffer cb, const Items& items, SlotOf slotOf) {
    const size_t n = std::size(items);
    for (size_t i = 0; i < n;) {
        const QuerySlot first = slotOf(items[i]);
        uint32_t count = 1;
        for (; i + count < n; ++count) {
            const QuerySlot next = slotOf(items[i + count]);
            if (next.chunk != first.chunk || next.index != first.index + count) break;
        }
        copyRun(cb, first, count);
        i += count;
    }
    if (n != 0) resultsToHost(cb);
}

} // namespace ddivk::query

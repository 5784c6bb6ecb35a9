// Command buffers for one recording thread: begin() hands out a buffer in the recording state,
// submit() ends and submits it. Each buffer has its own VkCommandPool, reset and reused once
// the timeline value of its submission has completed; begin() never waits: when nothing has
// completed it creates a new pool. Not thread-safe: one provider per recording thread.
// Each pool records into its own CommandArena (command_arena.h) unless the provider is made
// with HostMemory::System (the driver's own allocator, as a plain program has it).
#pragma once

#include "vk/command_arena.h"
#include "vk/queue.h"

#include <volk.h>

#include <deque>
#include <memory>
#include <vector>

namespace ddivk::vk {

class CommandProvider {
  public:
    enum class HostMemory { Arena, System };
    CommandProvider(VkDevice device, Queue& queue, HostMemory memory = HostMemory::Arena);
    ~CommandProvider(); // waits for its submissions, then destroys the pools
    CommandProvider(const CommandProvider&) = delete;
    CommandProvider& operator=(const CommandProvider&) = delete;

    // A primary command buffer, begun with ONE_TIME_SUBMIT.
    VkCommandBuffer begin();
    // Ends `commandBuffer` (from begin()) and submits it; returns the timeline value it signals.
    uint64_t submit(VkCommandBuffer commandBuffer, std::span<const SemaphoreWait> waits = {},
                    std::span<const SemaphoreSignal> signals = {});

    Queue& queue() const { return queue_; }
    // Pools created so far (bounded when the GPU keeps up), and those free for reuse now.
    size_t poolCount() const { return poolCount_; }
    size_t freeCount() const { return free_.size(); }
    // Bytes the pools' arenas hold for recording (0 with HostMemory::System).
    size_t recordingMemoryBytes() const;

  private:
    struct Entry {
        VkCommandPool pool = VK_NULL_HANDLE;
        VkCommandBuffer commandBuffer = VK_NULL_HANDLE;
        uint64_t value = 0; // submission value, while pending
        std::unique_ptr<CommandArena> arena; // null: the driver's allocator
    };
    void recycleCompleted();
    void resetPool(Entry& e); // its commands freed, its arena reused
    void destroyPool(Entry& e);

    VkDevice device_;
    Queue& queue_;
    HostMemory memory_;
    std::vector<Entry> free_;
    std::vector<Entry> recording_;
    std::deque<Entry> pending_; // in submission order
    size_t poolCount_ = 0;
};

} // namespace ddivk::vk

// Short-lived upload memory (staging copies, dynamic vertex/index/constant data): allocate()
// hands out host-visible, coherent, persistently mapped ranges from fixed-size chunks; retire()
// tags everything handed out since the previous retire with the timeline value of the
// submission that reads it. A full chunk waits for its value while allocation moves on to a
// completed chunk or, when none has completed, a new one: the ring grows instead of stalling,
// and gives spare chunks back, so memory stays bounded when the GPU keeps up.
// Not thread-safe: one ring per recording thread.
#pragma once

#include "vk/queue.h"
#include "vk/resources.h"

#include <volk.h>

#include <deque>
#include <memory>
#include <vector>

namespace ddivk::vk {

// A range of upload memory, valid until the value it is retired with completes.
struct UploadSlice {
    VkBuffer buffer = VK_NULL_HANDLE;
    VkDeviceSize offset = 0; // within buffer
    VkDeviceSize size = 0;
    void* data = nullptr; // CPU address of offset
};

struct UploadRingOptions {
    VkDeviceSize chunkSize = 4ull << 20;
    size_t spareChunks = 2; // completed chunks kept for reuse beyond the one in use
    VkBufferUsageFlags usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_VERTEX_BUFFER_BIT |
                               VK_BUFFER_USAGE_INDEX_BUFFER_BIT | VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT |
                               VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
};

class UploadRing {
  public:
    UploadRing(Allocator& allocator, Queue& queue, const UploadRingOptions& options = {});
    ~UploadRing(); // waits for the last retired value
    UploadRing(const UploadRing&) = delete;
    UploadRing& operator=(const UploadRing&) = delete;

    // `size` bytes at a multiple of `alignment` (any value >= 1). Larger than a chunk: a chunk
    // of its own, freed once retired and complete. Never waits for the GPU.
    UploadSlice allocate(VkDeviceSize size, VkDeviceSize alignment = 16);
    // Everything allocated since the previous retire() is in use until `timelineValue` (of the
    // ring's queue) completes.
    void retire(uint64_t timelineValue);

    size_t chunkCount() const { return chunks_.size(); }
    VkDeviceSize reservedBytes() const;

  private:
    struct Chunk {
        Buffer buffer;
        VkDeviceSize used = 0;
        uint64_t value = 0;     // latest retire() covering allocations in it
        bool unretired = false; // allocations since the last retire()
    };
    Chunk* newChunk(VkDeviceSize size);
    bool reusable(const Chunk& chunk, uint64_t completed) const {
        return !chunk.unretired && chunk.value <= completed;
    }
    void trimSpares(uint64_t completed);

    Allocator& allocator_;
    Queue& queue_;
    UploadRingOptions options_;
    std::vector<std::unique_ptr<Chunk>> chunks_; // all chunks; current_ is one of them
    Chunk* current_ = nullptr;
    uint64_t lastRetired_ = 0;
};

} // namespace ddivk::vk

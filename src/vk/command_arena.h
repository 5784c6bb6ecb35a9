// Host memory of one command pool, handed to vkCreateCommandPool as its VkAllocationCallbacks.
// lavapipe records every command, with copies of its arguments, in memory from the pool's
// allocator, and frees it again piece by piece when the pool is reset: with the system
// allocator those malloc/free pairs cost about a third of a small draw's CPU time
// (ddivk-bench BM_Draws2000). The arena hands out recording memory by bumping a pointer
// through chunks it keeps, frees nothing one by one, and starts over at reset() once every
// allocation of the recording has been freed (so memory the driver still holds is never
// reused). What the pool keeps across resets (the pool and command buffer objects) is
// allocated while persistent() is set, from the system allocator.
// One recording thread (as CommandProvider); frees may come from any thread.
#pragma once

#include <volk.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace ddivk::vk {

class CommandArena {
  public:
    CommandArena();
    ~CommandArena();
    CommandArena(const CommandArena&) = delete;
    CommandArena& operator=(const CommandArena&) = delete;

    const VkAllocationCallbacks* callbacks() const { return &callbacks_; }
    // While set, allocations come from the system allocator (objects that outlive a reset).
    void setPersistent(bool on) { persistent_ = on; }
    // Called after vkResetCommandPool: the chunks are reused when nothing allocated from them
    // is still alive. Otherwise (a driver keeping recording memory across resets) the arena
    // keeps its chunks and serves every later allocation from the system allocator; false.
    bool reset();

    // (On the recording thread.)
    size_t liveAllocations() const { return allocated_ - freed_.load(std::memory_order_acquire); }
    size_t chunkBytes() const;

  private:
    struct Chunk {
        std::byte* data = nullptr;
        size_t size = 0;
    };
    static void* VKAPI_PTR allocateFn(void* self, size_t size, size_t alignment, VkSystemAllocationScope);
    static void* VKAPI_PTR reallocateFn(void* self, void* old, size_t size, size_t alignment,
                                        VkSystemAllocationScope);
    static void VKAPI_PTR freeFn(void* self, void* memory);
    void* allocate(size_t size, size_t alignment);
    void* fromChunks(size_t size, size_t alignment);
    static void* fromSystem(size_t size, size_t alignment);
    static void release(CommandArena* arena, void* memory);

    VkAllocationCallbacks callbacks_{};
    std::vector<Chunk> chunks_;
    size_t chunk_ = 0;  // the chunk being filled
    size_t cursor_ = 0; // its first free byte
    bool persistent_ = false;
    bool systemOnly_ = false; // a reset found live memory: no more recycling
    // Chunk allocations made and freed since the arena began. Only the recording thread
    // allocates, so its count is plain: an atomic add per allocation waited, as locked
    // instructions do, for the command stores before it to reach the cache (a tenth of a
    // small draw's recording time, BM_Draws2000). Frees may come from any thread.
    size_t allocated_ = 0;
    std::atomic<size_t> freed_{0};
};

} // namespace ddivk::vk

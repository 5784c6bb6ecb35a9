// DP2 command and vertex buffers (DDIVK_DP2BUFFER): the runtime creates and destroys them
// here, and the executor renames their memory on D3DHALDP2_SWAP*BUFFER. Renaming never
// stalls: the device copies what it needs during DrawPrimitives2, so the old memory is free
// on return and goes back to a small free list (docs/dp2.md). Thread-safe.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "ddivk/dp2.h"
#include "ddivk/hresult.h"
#include "util/sync.h"

namespace ddivk::dp2 {

class Dp2BufferPool {
  public:
    // How many free memory blocks the pool keeps for reuse.
    static constexpr size_t kMaxFreeBlocks = 8;
    // Memory alignment of every buffer.
    static constexpr size_t kAlignment = 64;

    Dp2BufferPool() = default;
    Dp2BufferPool(const Dp2BufferPool&) = delete;
    Dp2BufferPool& operator=(const Dp2BufferPool&) = delete;
    ~Dp2BufferPool();

    // A buffer of at least `bytes` bytes (dwSize tells how many); nullptr when out of memory.
    // `flags`: DDIVK_DP2BUFFER_COMMANDS or _VERTICES.
    DDIVK_DP2BUFFER* create(uint32_t bytes, uint32_t flags);
    // Frees a buffer from create(); nullptr is ignored.
    void destroy(DDIVK_DP2BUFFER* buffer);

    // Renames the buffer's memory: gives it a fresh block of at least max(minBytes, dwSize)
    // bytes and recycles the old one. On failure the buffer is untouched:
    // D3DERR_INVALIDCALL when `buffer` was not made by this pool, E_OUTOFMEMORY.
    HRESULT rename(DDIVK_DP2BUFFER& buffer, uint32_t minBytes);

    // True when `buffer` came from create() of this pool and is still alive.
    bool owns(const DDIVK_DP2BUFFER& buffer) const;

    size_t freeBlockCount() const;

  private:
    struct Block {
        std::byte* memory = nullptr;
        uint32_t size = 0;
        const Dp2BufferPool* owner = nullptr;
    };

    Block* takeBlock(uint32_t minBytes); // caller holds mutex_
    void recycle(Block* block);          // caller holds mutex_
    static void freeBlock(Block* block);

    mutable util::Mutex mutex_;
    std::vector<Block*> free_;
    size_t liveBuffers_ = 0;
};

} // namespace ddivk::dp2

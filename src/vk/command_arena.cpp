#include "vk/command_arena.h"

#include "util/log.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <new>

namespace ddivk::vk {
namespace {

constexpr size_t kChunkBytes = 256 * 1024;
constexpr size_t kMinAlignment = 16;

// In front of every allocation: its size (for reallocations) and where it came from.
struct Header {
    uint64_t size;
    uint32_t rawOffset; // system allocations: from the block's start to the allocation
    uint32_t fromSystem;
};
static_assert(sizeof(Header) == kMinAlignment);

Header* headerOf(void* memory) {
    return reinterpret_cast<Header*>(static_cast<std::byte*>(memory) - sizeof(Header));
}

size_t alignUp(size_t v, size_t a) {
    return (v + a - 1) & ~(a - 1);
}

// Windows' C runtime has no aligned_alloc; its aligned blocks need _aligned_free.
std::byte* alignedAlloc(size_t alignment, size_t bytes) {
#ifdef _WIN32
    return static_cast<std::byte*>(_aligned_malloc(bytes, alignment));
#else
    return static_cast<std::byte*>(std::aligned_alloc(alignment, bytes));
#endif
}

void alignedFree(void* block) {
#ifdef _WIN32
    _aligned_free(block);
#else
    std::free(block);
#endif
}

} // namespace

CommandArena::CommandArena() {
    callbacks_.pUserData = this;
    callbacks_.pfnAllocation = allocateFn;
    callbacks_.pfnReallocation = reallocateFn;
    callbacks_.pfnFree = freeFn;
}

CommandArena::~CommandArena() {
    for (const Chunk& c : chunks_) alignedFree(c.data);
}

size_t CommandArena::chunkBytes() const {
    size_t bytes = 0;
    for (const Chunk& c : chunks_) bytes += c.size;
    return bytes;
}

bool CommandArena::reset() {
    if (systemOnly_) return false;
    if (liveAllocations() != 0) {
        DDIVK_WARN_ONCE("command pool memory still in use after a reset: recycling of recording memory is off");
        systemOnly_ = true;
        return false;
    }
    chunk_ = 0;
    cursor_ = 0;
    return true;
}

void* CommandArena::fromSystem(size_t size, size_t alignment) {
    const size_t a = std::max(alignment, kMinAlignment);
    auto* raw = alignedAlloc(a, alignUp(a + size, a));
    if (!raw) return nullptr;
    void* memory = raw + a;
    *headerOf(memory) = {size, uint32_t(a), 1};
    return memory;
}

void* CommandArena::fromChunks(size_t size, size_t alignment) {
    const size_t a = std::max(alignment, kMinAlignment);
    for (;;) {
        if (chunk_ < chunks_.size()) {
            const Chunk& c = chunks_[chunk_];
            const size_t start = alignUp(cursor_ + sizeof(Header), a);
            if (start + size <= c.size) {
                cursor_ = start + size;
                void* memory = c.data + start;
                *headerOf(memory) = {size, 0, 0};
                ++allocated_;
                return memory;
            }
            if (chunk_ + 1 < chunks_.size()) { // the next chunk kept from earlier recordings
                ++chunk_;
                cursor_ = 0;
                continue;
            }
        }
        // A new chunk, large enough for this allocation.
        const size_t bytes = std::max(kChunkBytes, alignUp(size + sizeof(Header) + a, 4096));
        auto* data = alignedAlloc(4096, bytes);
        if (!data) return nullptr;
        chunks_.push_back({data, bytes});
        chunk_ = chunks_.size() - 1;
        cursor_ = 0;
    }
}

void* CommandArena::allocate(size_t size, size_t alignment) {
    // Drivers ask for zero bytes (a command's empty array) and take NULL for out of memory.
    size = std::max<size_t>(size, 1);
    if (persistent_ || systemOnly_) return fromSystem(size, alignment);
    return fromChunks(size, alignment);
}

void CommandArena::release(CommandArena* arena, void* memory) {
    if (!memory) return;
    const Header h = *headerOf(memory);
    if (h.fromSystem)
        alignedFree(static_cast<std::byte*>(memory) - h.rawOffset);
    else
        arena->freed_.fetch_add(1, std::memory_order_release);
}

void* VKAPI_PTR CommandArena::allocateFn(void* self, size_t size, size_t alignment, VkSystemAllocationScope) {
    return static_cast<CommandArena*>(self)->allocate(size, alignment);
}

void* VKAPI_PTR CommandArena::reallocateFn(void* self, void* old, size_t size, size_t alignment,
                                            VkSystemAllocationScope) {
    auto* arena = static_cast<CommandArena*>(self);
    if (!old) return arena->allocate(size, alignment);
    if (size == 0) {
        release(arena, old);
        return nullptr;
    }
    void* memory = arena->allocate(size, alignment);
    if (!memory) return nullptr; // the old allocation stays valid, as the callback requires
    std::memcpy(memory, old, std::min<size_t>(size, headerOf(old)->size));
    release(arena, old);
    return memory;
}

void VKAPI_PTR CommandArena::freeFn(void* self, void* memory) {
    release(static_cast<CommandArena*>(self), memory);
}

} // namespace ddivk::vk

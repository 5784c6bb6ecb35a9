#include "dp2/buffer_pool.h"

#include <algorithm>
#include <new>

#include "util/log.h"

namespace ddivk::dp2 {

namespace {
// Rounded up so renamed buffers settle on a few sizes and the free list gets hits.
constexpr uint32_t kGranularity = 4096;

uint32_t roundedSize(uint32_t bytes) {
    const uint64_t rounded = (uint64_t{bytes} + kGranularity - 1) / kGranularity * kGranularity;
    return static_cast<uint32_t>(std::min<uint64_t>(std::max<uint64_t>(rounded, kGranularity), UINT32_MAX));
}
} // namespace

Dp2BufferPool::~Dp2BufferPool() {
    for (Block* block : free_)
        freeBlock(block);
    if (liveBuffers_ != 0)
        DDIVK_WARN("dp2: buffer pool destroyed with %llu live buffers",
                   static_cast<unsigned long long>(liveBuffers_));
}

void Dp2BufferPool::freeBlock(Block* block) {
    ::operator delete (block->memory, std::align_val_t{kAlignment});
    delete block;
}

Dp2BufferPool::Block* Dp2BufferPool::takeBlock(uint32_t minBytes) {
    // Smallest free block that fits.
    auto best = free_.end();
    for (auto it = free_.begin(); it != free_.end(); ++it)
        if ((*it)->size >= minBytes && (best == free_.end() || (*it)->size < (*best)->size)) best = it;
    if (best != free_.end()) {
        Block* block = *best;
        free_.erase(best);
        return block;
    }
    const uint32_t size = roundedSize(minBytes);
    auto* block = new (std::nothrow) Block;
    if (!block) return nullptr;
    block->memory =
        static_cast<std::byte*>(::operator new (size, std::align_val_t{kAlignment}, std::nothrow));
    if (!block->memory) {
        delete block;
        return nullptr;
    }
    block->size = size;
    block->owner = this;
    return block;
}

void Dp2BufferPool::recycle(Block* block) {
    if (free_.size() < kMaxFreeBlocks) {
        free_.push_back(block);
        return;
    }
    // Full: drop the smallest, keep the larger blocks for future requests.
    auto smallest = std::min_element(free_.begin(), free_.end(),
                                     [](const Block* a, const Block* b) { return a->size < b->size; });
    if ((*smallest)->size < block->size) std::swap(*smallest, block);
    freeBlock(block);
}

DDIVK_DP2BUFFER* Dp2BufferPool::create(uint32_t bytes, uint32_t flags) {
    std::lock_guard lock(mutex_);
    Block* block = takeBlock(bytes);
    if (!block) return nullptr;
    auto* buffer = new (std::nothrow) DDIVK_DP2BUFFER{};
    if (!buffer) {
        recycle(block);
        return nullptr;
    }
    buffer->lpMemory = block->memory;
    buffer->dwSize = block->size;
    buffer->dwFlags = flags;
    buffer->lpDriverReserved = block;
    ++liveBuffers_;
    return buffer;
}

void Dp2BufferPool::destroy(DDIVK_DP2BUFFER* buffer) {
    if (!buffer) return;
    std::lock_guard lock(mutex_);
    auto* block = static_cast<Block*>(buffer->lpDriverReserved);
    if (block && block->owner == this) recycle(block);
    delete buffer;
    --liveBuffers_;
}

bool Dp2BufferPool::owns(const DDIVK_DP2BUFFER& buffer) const {
    const auto* block = static_cast<const Block*>(buffer.lpDriverReserved);
    return block && block->owner == this && block->memory == buffer.lpMemory;
}

HRESULT Dp2BufferPool::rename(DDIVK_DP2BUFFER& buffer, uint32_t minBytes) {
    std::lock_guard lock(mutex_);
    if (!owns(buffer)) return D3DERR_INVALIDCALL;
    auto* old = static_cast<Block*>(buffer.lpDriverReserved);
    Block* fresh = takeBlock(std::max(minBytes, old->size));
    if (!fresh) return E_OUTOFMEMORY;
    buffer.lpMemory = fresh->memory;
    buffer.dwSize = fresh->size;
    buffer.lpDriverReserved = fresh;
    recycle(old);
    return S_OK;
}

size_t Dp2BufferPool::freeBlockCount() const {
    std::lock_guard lock(mutex_);
    return free_.size();
}

} // namespace ddivk::dp2

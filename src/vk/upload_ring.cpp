#include "vk/upload_ring.h"

#include "util/log.h"

#include <algorithm>
#include <stdexcept>

namespace ddivk::vk {

UploadRing::UploadRing(Allocator& allocator, Queue& queue, const UploadRingOptions& options)
    : allocator_(allocator), queue_(queue), options_(options) {}

UploadRing::~UploadRing() {
    try {
        queue_.wait(lastRetired_);
    } catch (const std::exception& e) {
        DDIVK_ERROR("vk upload ring destroyed while its memory is in use (%s); leaking it", e.what());
        for (auto& chunk : chunks_)
            (void)chunk.release();
    }
}

VkDeviceSize UploadRing::reservedBytes() const {
    VkDeviceSize total = 0;
    for (const auto& chunk : chunks_)
        total += chunk->buffer.size();
    return total;
}

UploadRing::Chunk* UploadRing::newChunk(VkDeviceSize size) {
    auto chunk = std::make_unique<Chunk>();
    chunk->buffer = Buffer::create(allocator_, size, options_.usage, MemoryUsage::Upload);
    chunks_.push_back(std::move(chunk));
    return chunks_.back().get();
}

UploadSlice UploadRing::allocate(VkDeviceSize size, VkDeviceSize alignment) {
    if (size == 0) size = 1;
    if (alignment == 0) alignment = 1;
    if (current_) {
        const VkDeviceSize offset = alignUp(current_->used, alignment);
        if (offset + size <= current_->buffer.size()) {
            current_->used = offset + size;
            current_->unretired = true;
            return {current_->buffer.handle(), offset, size, current_->buffer.data<char>() + offset};
        }
    }

    // The current chunk is full: it keeps its allocations until their value completes, and
    // may be reused (or given back) like any other once it has.
    current_ = nullptr;
    const uint64_t completed = queue_.completedValue();
    trimSpares(completed);
    Chunk* next = nullptr;
    if (size <= options_.chunkSize) {
        for (auto& chunk : chunks_)
            if (chunk->buffer.size() == options_.chunkSize && reusable(*chunk, completed)) {
                next = chunk.get();
                break;
            }
    }
    if (!next) next = newChunk(std::max(size, options_.chunkSize));
    next->used = size;
    next->unretired = true;
    current_ = next;
    return {next->buffer.handle(), 0, size, next->buffer.data<char>()};
}

void UploadRing::retire(uint64_t timelineValue) {
    for (auto& chunk : chunks_)
        if (chunk->unretired) {
            chunk->unretired = false;
            chunk->value = std::max(chunk->value, timelineValue);
        }
    lastRetired_ = std::max(lastRetired_, timelineValue);
}

// Gives back oversized chunks that completed, and standard ones beyond the spare count.
void UploadRing::trimSpares(uint64_t completed) {
    size_t spares = 0;
    std::erase_if(chunks_, [&](const std::unique_ptr<Chunk>& chunk) {
        if (!reusable(*chunk, completed)) return false;
        if (chunk->buffer.size() != options_.chunkSize) return true;
        return ++spares > options_.spareChunks + 1; // +1: the one about to become current
    });
}

} // namespace ddivk::vk

#include "vk/range_allocator.h"

#include <cassert>
#include <iterator>

namespace ddivk::vk {

RangeAllocator::RangeAllocator(uint64_t capacity) : capacity_(capacity) {
    if (capacity) free_.emplace(0, capacity);
}

std::optional<uint64_t> RangeAllocator::allocate(uint64_t size, uint64_t alignment) {
    if (size == 0) size = 1;
    for (auto it = free_.begin(); it != free_.end(); ++it) {
        const uint64_t start = it->first;
        const uint64_t end = start + it->second;
        const uint64_t aligned = alignUp(start, alignment);
        if (aligned > end || end - aligned < size) continue;
        free_.erase(it);
        if (aligned > start) free_.emplace(start, aligned - start);
        if (aligned + size < end) free_.emplace(aligned + size, end - aligned - size);
        used_ += size;
        return aligned;
    }
    return std::nullopt;
}

void RangeAllocator::free(uint64_t offset, uint64_t size) {
    if (size == 0) size = 1;
    assert(offset + size <= capacity_ && used_ >= size);
    used_ -= size;
    auto next = free_.lower_bound(offset);
    assert(next == free_.end() || next->first >= offset + size);
    uint64_t start = offset;
    uint64_t end = offset + size;
    if (next != free_.begin()) {
        auto prev = std::prev(next);
        assert(prev->first + prev->second <= offset);
        if (prev->first + prev->second == offset) {
            start = prev->first;
            free_.erase(prev);
        }
    }
    if (next != free_.end() && next->first == end) {
        end += next->second;
        free_.erase(next);
    }
    free_.emplace(start, end - start);
}

} // namespace ddivk::vk

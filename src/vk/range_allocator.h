// First-fit allocation of [offset, offset + size) ranges inside one memory block, with
// alignment; freed ranges coalesce with their neighbours. Pure bookkeeping, no Vulkan.
#pragma once

#include <cstdint>
#include <map>
#include <optional>

namespace ddivk::vk {

class RangeAllocator {
  public:
    explicit RangeAllocator(uint64_t capacity);

    // Lowest offset, a multiple of `alignment` (any value >= 1), where `size` bytes fit.
    std::optional<uint64_t> allocate(uint64_t size, uint64_t alignment);
    // Returns a range obtained from allocate (same offset and size).
    void free(uint64_t offset, uint64_t size);

    uint64_t capacity() const { return capacity_; }
    uint64_t used() const { return used_; }
    bool empty() const { return used_ == 0; }
    // Number of free ranges (fragmentation, for tests).
    size_t freeRangeCount() const { return free_.size(); }

  private:
    uint64_t capacity_;
    uint64_t used_ = 0;
    std::map<uint64_t, uint64_t> free_; // offset -> size, disjoint, never adjacent
};

// Rounds `value` up to a multiple of `alignment` (>= 1, not necessarily a power of two).
constexpr uint64_t alignUp(uint64_t value, uint64_t alignment) {
    return alignment <= 1 ? value : (value + alignment - 1) / alignment * alignment;
}

} // namespace ddivk::vk

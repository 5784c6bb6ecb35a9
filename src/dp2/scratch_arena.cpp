#include "dp2/scratch_arena.h"

#include <algorithm>

namespace ddivk::dp2 {

namespace {
constexpr size_t kMinBlock = 16 * 1024;
} // namespace

void ScratchArena::rewind() {
    current_ = 0;
    memory_ = blocks_[0].get();
    size_ = sizes_[0];
}

// The next block of a warm arena, or a new one at least twice the size of the last, so a
// warm arena stops growing.
void* ScratchArena::allocateSlow(size_t bytes, size_t align) {
    while (memory_ && current_ + 1 < blocks_.size()) {
        ++current_;
        memory_ = blocks_[current_].get();
        size_ = sizes_[current_];
        used_ = 0;
        if (bytes <= size_) {
            used_ = bytes;
            return memory_;
        }
    }
    (void)align; // a fresh block starts at an alignment suitable for any fundamental type
    if (bytes > SIZE_MAX / 2 - kMinBlock) throw std::bad_alloc();
    size_t size = std::max(kMinBlock, bytes);
    if (!sizes_.empty()) size = std::max(size, sizes_.back() * 2);
    blocks_.push_back(std::make_unique_for_overwrite<std::byte[]>(size));
    sizes_.push_back(size);
    current_ = blocks_.size() - 1;
    memory_ = blocks_.back().get();
    size_ = size;
    used_ = bytes;
    return memory_;
}

} // namespace ddivk::dp2

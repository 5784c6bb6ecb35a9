// Scratch memory for one DP2 token: aligned copies of misaligned payloads and the item arrays
// (LegacyDraw, LightUpdate, ConstantBlock...) handed to the target. Reset per token; blocks
// are kept, so a warm arena does not allocate. Pointers stay valid until the next reset.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <vector>

namespace ddivk::dp2 {

class ScratchArena {
  public:
    // Forget every allocation; keep the memory.
    void reset() {
        used_ = 0;
        if (current_ != 0) rewind();
    }

    // `bytes` bytes aligned to `align` (a power of two, at most alignof(std::max_align_t)).
    // Throws std::bad_alloc when memory runs out.
    void* allocate(size_t bytes, size_t align) {
        const size_t start = (used_ + align - 1) & ~(align - 1);
        if (start <= size_ && bytes <= size_ - start) { // fast path: room in the current block
            used_ = start + bytes;
            return memory_ + start;
        }
        return allocateSlow(bytes, align);
    }

    template <class T> T* allocateArray(size_t count) {
        if (count > SIZE_MAX / sizeof(T)) throw std::bad_alloc();
        T* items = static_cast<T*>(allocate(count * sizeof(T), alignof(T)));
        std::uninitialized_default_construct_n(items, count);
        return items;
    }

  private:
    void rewind();
    void* allocateSlow(size_t bytes, size_t align);

    // new[]: aligned for any fundamental type.
    std::vector<std::unique_ptr<std::byte[]>> blocks_;
    std::vector<size_t> sizes_;
    size_t current_ = 0;          // index of the block in use
    std::byte* memory_ = nullptr; // blocks_[current_], or null before the first allocation
    size_t size_ = 0;             // its size
    size_t used_ = 0;             // bytes used in it
};

} // namespace ddivk::dp2

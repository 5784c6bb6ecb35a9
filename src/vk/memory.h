// Device memory: an Allocator that suballocates blocks (64 MiB by default) per memory type,
// first fit inside a block, honouring alignment, bufferImageGranularity and nonCoherentAtomSize;
// large or driver-preferred resources get a dedicated allocation. Allocation is the RAII handle.
#pragma once

#include "util/sync.h"
#include "vk/range_allocator.h"

#include <volk.h>

#include <cstdint>
#include <memory>
#include <vector>

namespace ddivk::vk {

// What the memory is for; decides the memory type.
enum class MemoryUsage {
    GpuOnly,  // device local, never mapped
    Upload,   // host visible + coherent, persistently mapped; written by the CPU, read by the GPU
    Readback, // host visible, cached when possible, persistently mapped; written by the GPU
};

class Allocator;
struct MemoryBlock;

// A range of device memory; returns itself to its Allocator on destruction. Move-only.
class Allocation {
  public:
    Allocation() = default;
    Allocation(Allocation&& other) noexcept;
    Allocation& operator=(Allocation&& other) noexcept;
    ~Allocation() { reset(); }

    void reset(); // frees now (the caller guarantees the GPU is done with it)
    explicit operator bool() const { return block_ != nullptr; }

    VkDeviceMemory memory() const;
    VkDeviceSize offset() const { return offset_; }
    VkDeviceSize size() const { return size_; }
    void* mapped() const; // nullptr unless host visible
    uint32_t memoryType() const;
    bool dedicated() const;
    bool hostCoherent() const;

    // Make CPU writes visible to the GPU / GPU writes visible to the CPU; no-ops when coherent.
    void flush() const;
    void invalidate() const;

  private:
    friend class Allocator;
    VkMappedMemoryRange mappedRange() const;
    Allocator* owner_ = nullptr;
    MemoryBlock* block_ = nullptr;
    VkDeviceSize offset_ = 0;
    VkDeviceSize size_ = 0; // as reserved (may exceed the request after rounding)
};

struct AllocatorOptions {
    VkDeviceSize blockSize = 64ull << 20; // capped at 1/8 of the smallest heap it serves
};

struct AllocatorStats {
    uint32_t blocks = 0;       // shared blocks
    uint32_t dedicated = 0;    // dedicated allocations
    uint32_t allocations = 0;  // live Allocations
    VkDeviceSize reserved = 0; // bytes of VkDeviceMemory held
    VkDeviceSize used = 0;     // bytes handed out
};

// Thread-safe. Destroy every Buffer, Image and Allocation before the Allocator.
class Allocator {
  public:
    Allocator(VkDevice device, VkPhysicalDevice physicalDevice, const AllocatorOptions& options = {});
    ~Allocator();
    Allocator(const Allocator&) = delete;
    Allocator& operator=(const Allocator&) = delete;

    // Allocates and binds memory for a buffer or an image. Throws vk::Error when out of memory.
    Allocation allocateForBuffer(VkBuffer buffer, MemoryUsage usage);
    Allocation allocateForImage(VkImage image, MemoryUsage usage, bool linearTiling = false);

    // The memory type index for `usage` among `typeBits`, best first; throws when none fits.
    std::vector<uint32_t> memoryTypesFor(uint32_t typeBits, MemoryUsage usage) const;

    AllocatorStats stats() const;
    VkDevice device() const { return device_; }
    VkDeviceSize blockSize() const { return options_.blockSize; }
    VkDeviceSize bufferImageGranularity() const { return granularity_; }
    const VkPhysicalDeviceMemoryProperties& memoryProperties() const { return memory_; }

  private:
    friend class Allocation;
    struct Request;
    Allocation allocate(const Request& request);
    // A block of `size` bytes; ownMemory: it serves one allocation (dedicatedFor: the
    // resource named in VkMemoryDedicatedAllocateInfo, when the driver asked for one).
    MemoryBlock* createBlock(uint32_t type, VkDeviceSize size, bool ownMemory, const Request* dedicatedFor);
    void free(Allocation& allocation);
    void destroyBlock(MemoryBlock* block);

    VkDevice device_;
    AllocatorOptions options_;
    VkPhysicalDeviceMemoryProperties memory_{};
    VkDeviceSize granularity_ = 1;
    VkDeviceSize atom_ = 1;
    mutable util::Mutex mutex_;
    std::vector<std::unique_ptr<MemoryBlock>> blocks_; // shared and dedicated, guarded by mutex_
    uint32_t allocations_ = 0;
};

} // namespace ddivk::vk

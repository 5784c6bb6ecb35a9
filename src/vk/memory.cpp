#include "vk/memory.h"

#include "util/log.h"
#include "vk/error.h"

#include <algorithm>
#include <bit>
#include <utility>

namespace ddivk::vk {

struct MemoryBlock {
    VkDeviceMemory memory = VK_NULL_HANDLE;
    uint32_t type = 0;
    VkDeviceSize size = 0;
    void* mapped = nullptr;
    bool dedicated = false;
    bool coherent = false;
    RangeAllocator ranges{0};
};

struct Allocator::Request {
    VkMemoryRequirements requirements{};
    MemoryUsage usage = MemoryUsage::GpuOnly;
    bool optimalImage = false; // shares bufferImageGranularity pages with nothing
    bool dedicated = false;    // preferred or required by the driver, or large
    VkBuffer buffer = VK_NULL_HANDLE;
    VkImage image = VK_NULL_HANDLE;
};

namespace {

// One row per usage: flags a type must have, flags worth 4 points each, flags costing 2, and a
// 1-point tie-break. Types with flags in kNever are never chosen.
struct UsageRule {
    VkMemoryPropertyFlags required, preferred, avoided, tieBreak;
};
constexpr UsageRule kRules[] = {
    /* GpuOnly  */ {0, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT, 0},
    /* Upload   */
    {VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT, 0,
     VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, 0},
    /* Readback */
    {VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT, VK_MEMORY_PROPERTY_HOST_CACHED_BIT,
     VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, VK_MEMORY_PROPERTY_HOST_COHERENT_BIT},
};
constexpr VkMemoryPropertyFlags kNever =
    VK_MEMORY_PROPERTY_PROTECTED_BIT | VK_MEMORY_PROPERTY_LAZILY_ALLOCATED_BIT |
    VK_MEMORY_PROPERTY_DEVICE_COHERENT_BIT_AMD | VK_MEMORY_PROPERTY_DEVICE_UNCACHED_BIT_AMD;

int score(const UsageRule& rule, VkMemoryPropertyFlags flags) {
    return 4 * std::popcount(flags & rule.preferred) - 2 * std::popcount(flags & rule.avoided) +
           std::popcount(flags & rule.tieBreak);
}

} // namespace

// ---- Allocation ----

Allocation::Allocation(Allocation&& other) noexcept {
    *this = std::move(other);
}

Allocation& Allocation::operator=(Allocation&& other) noexcept {
    if (this != &other) {
        reset();
        owner_ = std::exchange(other.owner_, nullptr);
        block_ = std::exchange(other.block_, nullptr);
        offset_ = std::exchange(other.offset_, 0);
        size_ = std::exchange(other.size_, 0);
    }
    return *this;
}

void Allocation::reset() {
    if (block_) owner_->free(*this);
    owner_ = nullptr;
    block_ = nullptr;
    offset_ = size_ = 0;
}

VkDeviceMemory Allocation::memory() const {
    return block_ ? block_->memory : VK_NULL_HANDLE;
}
void* Allocation::mapped() const {
    return block_ && block_->mapped ? static_cast<char*>(block_->mapped) + offset_ : nullptr;
}
uint32_t Allocation::memoryType() const {
    return block_ ? block_->type : 0;
}
bool Allocation::dedicated() const {
    return block_ && block_->dedicated;
}
bool Allocation::hostCoherent() const {
    return block_ && block_->coherent;
}

// Suballocations in non-coherent memory are atom aligned in offset and size; a dedicated
// block is flushed whole (its size need not be a multiple of the atom).
VkMappedMemoryRange Allocation::mappedRange() const {
    return {VK_STRUCTURE_TYPE_MAPPED_MEMORY_RANGE, nullptr, block_->memory, block_->dedicated ? 0 : offset_,
            block_->dedicated ? VK_WHOLE_SIZE : size_};
}

void Allocation::flush() const {
    if (!block_ || block_->coherent || !block_->mapped) return;
    const VkMappedMemoryRange range = mappedRange();
    check(vkFlushMappedMemoryRanges(owner_->device_, 1, &range), "vkFlushMappedMemoryRanges");
}

void Allocation::invalidate() const {
    if (!block_ || block_->coherent || !block_->mapped) return;
    const VkMappedMemoryRange range = mappedRange();
    check(vkInvalidateMappedMemoryRanges(owner_->device_, 1, &range), "vkInvalidateMappedMemoryRanges");
}

// ---- Allocator ----

Allocator::Allocator(VkDevice device, VkPhysicalDevice physicalDevice, const AllocatorOptions& options)
    : device_(device), options_(options) {
    vkGetPhysicalDeviceMemoryProperties(physicalDevice, &memory_);
    VkPhysicalDeviceProperties props;
    vkGetPhysicalDeviceProperties(physicalDevice, &props);
    granularity_ = std::max<VkDeviceSize>(1, props.limits.bufferImageGranularity);
    atom_ = std::max<VkDeviceSize>(1, props.limits.nonCoherentAtomSize);
}

Allocator::~Allocator() {
    std::lock_guard lock(mutex_);
    if (allocations_) DDIVK_WARN("vk allocator destroyed with %u live allocations", allocations_);
    for (auto& block : blocks_) {
        if (block->mapped) vkUnmapMemory(device_, block->memory);
        vkFreeMemory(device_, block->memory, nullptr);
    }
}

std::vector<uint32_t> Allocator::memoryTypesFor(uint32_t typeBits, MemoryUsage usage) const {
    const UsageRule& rule = kRules[static_cast<int>(usage)];
    std::vector<uint32_t> types;
    for (uint32_t i = 0; i < memory_.memoryTypeCount; ++i) {
        const VkMemoryPropertyFlags flags = memory_.memoryTypes[i].propertyFlags;
        if ((typeBits & (1u << i)) && (flags & rule.required) == rule.required && !(flags & kNever))
            types.push_back(i);
    }
    std::stable_sort(types.begin(), types.end(), [&](uint32_t a, uint32_t b) {
        return score(rule, memory_.memoryTypes[a].propertyFlags) >
               score(rule, memory_.memoryTypes[b].propertyFlags);
    });
    if (types.empty())
        throw Error(VK_ERROR_OUT_OF_DEVICE_MEMORY, "no memory type fits the resource and its usage");
    return types;
}

Allocation Allocator::allocateForBuffer(VkBuffer buffer, MemoryUsage usage) {
    VkMemoryDedicatedRequirements dedicated{VK_STRUCTURE_TYPE_MEMORY_DEDICATED_REQUIREMENTS};
    VkMemoryRequirements2 reqs{VK_STRUCTURE_TYPE_MEMORY_REQUIREMENTS_2, &dedicated};
    VkBufferMemoryRequirementsInfo2 info{VK_STRUCTURE_TYPE_BUFFER_MEMORY_REQUIREMENTS_INFO_2, nullptr,
                                         buffer};
    vkGetBufferMemoryRequirements2(device_, &info, &reqs);
    Request r;
    r.requirements = reqs.memoryRequirements;
    r.usage = usage;
    r.dedicated = dedicated.prefersDedicatedAllocation || dedicated.requiresDedicatedAllocation;
    r.buffer = buffer;
    Allocation a = allocate(r);
    check(vkBindBufferMemory(device_, buffer, a.memory(), a.offset()), "vkBindBufferMemory");
    return a;
}

Allocation Allocator::allocateForImage(VkImage image, MemoryUsage usage, bool linearTiling) {
    VkMemoryDedicatedRequirements dedicated{VK_STRUCTURE_TYPE_MEMORY_DEDICATED_REQUIREMENTS};
    VkMemoryRequirements2 reqs{VK_STRUCTURE_TYPE_MEMORY_REQUIREMENTS_2, &dedicated};
    VkImageMemoryRequirementsInfo2 info{VK_STRUCTURE_TYPE_IMAGE_MEMORY_REQUIREMENTS_INFO_2, nullptr, image};
    vkGetImageMemoryRequirements2(device_, &info, &reqs);
    Request r;
    r.requirements = reqs.memoryRequirements;
    r.usage = usage;
    r.optimalImage = !linearTiling;
    // Large images get their own memory: they would fragment the blocks.
    r.dedicated = dedicated.prefersDedicatedAllocation || dedicated.requiresDedicatedAllocation ||
                  r.requirements.size >= options_.blockSize / 4;
    r.image = image;
    Allocation a = allocate(r);
    check(vkBindImageMemory(device_, image, a.memory(), a.offset()), "vkBindImageMemory");
    return a;
}

Allocation Allocator::allocate(const Request& r) {
    const std::vector<uint32_t> types = memoryTypesFor(r.requirements.memoryTypeBits, r.usage);
    std::lock_guard lock(mutex_);
    for (uint32_t type : types) {
        const VkMemoryType& mt = memory_.memoryTypes[type];
        const bool coherent = mt.propertyFlags & VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
        const bool hostVisible = mt.propertyFlags & VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT;
        VkDeviceSize alignment = std::max<VkDeviceSize>(1, r.requirements.alignment);
        VkDeviceSize size = r.requirements.size;
        if (r.optimalImage) { // alone on its bufferImageGranularity pages
            alignment = std::max(alignment, granularity_);
            size = alignUp(size, granularity_);
        }
        if (hostVisible && !coherent) { // flush/invalidate ranges must be atom aligned
            alignment = std::max(alignment, atom_);
            size = alignUp(size, atom_);
        }
        const VkDeviceSize blockSize =
            std::min(options_.blockSize, memory_.memoryHeaps[mt.heapIndex].size / 8);

        Allocation a;
        a.owner_ = this;
        if (r.dedicated || size > blockSize / 2) {
            a.block_ = createBlock(type, r.requirements.size, true, r.dedicated ? &r : nullptr);
            if (!a.block_) continue;
            a.size_ = r.requirements.size;
        } else {
            for (auto& block : blocks_) {
                if (block->type != type || block->dedicated) continue;
                if (auto offset = block->ranges.allocate(size, alignment)) {
                    a.block_ = block.get();
                    a.offset_ = *offset;
                    break;
                }
            }
            if (!a.block_) {
                MemoryBlock* block = createBlock(type, blockSize, false, nullptr);
                if (!block) continue;
                a.block_ = block;
                a.offset_ = *block->ranges.allocate(size, alignment);
            }
            a.size_ = size;
        }
        ++allocations_;
        return a;
    }
    throw Error(VK_ERROR_OUT_OF_DEVICE_MEMORY,
                "out of device memory for " + std::to_string(r.requirements.size) + " bytes");
}

// Returns nullptr when the driver is out of memory for this type (the caller tries the next).
MemoryBlock* Allocator::createBlock(uint32_t type, VkDeviceSize size, bool ownMemory,
                                    const Request* dedicatedFor) {
    VkMemoryDedicatedAllocateInfo dedicatedInfo{VK_STRUCTURE_TYPE_MEMORY_DEDICATED_ALLOCATE_INFO};
    VkMemoryAllocateInfo info{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    info.allocationSize = size;
    info.memoryTypeIndex = type;
    if (dedicatedFor) {
        dedicatedInfo.buffer = dedicatedFor->buffer;
        dedicatedInfo.image = dedicatedFor->image;
        info.pNext = &dedicatedInfo;
    }
    auto block = std::make_unique<MemoryBlock>();
    VkResult result = vkAllocateMemory(device_, &info, nullptr, &block->memory);
    if (result == VK_ERROR_OUT_OF_DEVICE_MEMORY || result == VK_ERROR_OUT_OF_HOST_MEMORY) {
        DDIVK_WARN("vk allocator: memory type %u out of memory for %llu bytes; trying the next type", type,
                   static_cast<unsigned long long>(size));
        return nullptr;
    }
    check(result, "vkAllocateMemory");
    const VkMemoryPropertyFlags flags = memory_.memoryTypes[type].propertyFlags;
    block->type = type;
    block->size = size;
    block->coherent = flags & VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
    block->dedicated = ownMemory;
    if (!block->dedicated) block->ranges = RangeAllocator(size);
    if (flags & VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT) {
        result = vkMapMemory(device_, block->memory, 0, VK_WHOLE_SIZE, 0, &block->mapped);
        if (result != VK_SUCCESS) {
            vkFreeMemory(device_, block->memory, nullptr);
            check(result, "vkMapMemory");
        }
    }
    blocks_.push_back(std::move(block));
    return blocks_.back().get();
}

void Allocator::free(Allocation& a) {
    std::lock_guard lock(mutex_);
    --allocations_;
    MemoryBlock* block = a.block_;
    if (block->dedicated) {
        destroyBlock(block);
        return;
    }
    block->ranges.free(a.offset_, a.size_);
    if (!block->ranges.empty()) return;
    // Keep one empty block per type as a spare; give the others back.
    for (auto& other : blocks_)
        if (other.get() != block && other->type == block->type && !other->dedicated &&
            other->ranges.empty()) {
            destroyBlock(block);
            return;
        }
}

void Allocator::destroyBlock(MemoryBlock* block) {
    if (block->mapped) vkUnmapMemory(device_, block->memory);
    vkFreeMemory(device_, block->memory, nullptr);
    std::erase_if(blocks_, [&](const std::unique_ptr<MemoryBlock>& b) { return b.get() == block; });
}

AllocatorStats Allocator::stats() const {
    std::lock_guard lock(mutex_);
    AllocatorStats s;
    s.allocations = allocations_;
    for (const auto& block : blocks_) {
        (block->dedicated ? s.dedicated : s.blocks)++;
        s.reserved += block->size;
        s.used += block->dedicated ? block->size : block->ranges.used();
    }
    return s;
}

} // namespace ddivk::vk

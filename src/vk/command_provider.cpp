#include "vk/command_provider.h"

#include "util/log.h"
#include "vk/error.h"

#include <algorithm>
#include <stdexcept>

namespace ddivk::vk {

CommandProvider::CommandProvider(VkDevice device, Queue& queue, HostMemory memory)
    : device_(device), queue_(queue), memory_(memory) {}

CommandProvider::~CommandProvider() {
    if (!pending_.empty()) {
        try {
            queue_.wait(pending_.back().value);
        } catch (const std::exception& e) {
            // Never destroy pools the GPU may still use: leak them instead.
            DDIVK_ERROR("vk command provider destroyed with pending work (%s); leaking %zu pools", e.what(),
                        pending_.size());
            pending_.clear();
        }
    }
    for (Entry& e : free_) destroyPool(e);
    for (Entry& e : recording_) destroyPool(e);
    for (Entry& e : pending_) destroyPool(e);
}

size_t CommandProvider::recordingMemoryBytes() const {
    size_t bytes = 0;
    auto add = [&](const Entry& e) { bytes += e.arena ? e.arena->chunkBytes() : 0; };
    std::for_each(free_.begin(), free_.end(), add);
    std::for_each(recording_.begin(), recording_.end(), add);
    std::for_each(pending_.begin(), pending_.end(), add);
    return bytes;
}

void CommandProvider::destroyPool(Entry& e) {
    vkDestroyCommandPool(device_, e.pool, e.arena ? e.arena->callbacks() : nullptr);
    e.pool = VK_NULL_HANDLE;
}

void CommandProvider::resetPool(Entry& e) {
    check(vkResetCommandPool(device_, e.pool, 0), "vkResetCommandPool");
    if (e.arena) e.arena->reset();
}

void CommandProvider::recycleCompleted() {
    if (pending_.empty()) return;
    const uint64_t completed = queue_.completedValue();
    while (!pending_.empty() && pending_.front().value <= completed) {
        Entry e = std::move(pending_.front());
        pending_.pop_front();
        try {
            resetPool(e);
        } catch (...) {
            (void)e.arena.release(); // the pool is leaked: its allocator must outlive it
            throw;
        }
        e.value = 0;
        free_.push_back(std::move(e));
    }
}

VkCommandBuffer CommandProvider::begin() {
    recycleCompleted();
    Entry e;
    if (!free_.empty()) {
        e = std::move(free_.back());
        free_.pop_back();
    } else {
        if (memory_ == HostMemory::Arena) e.arena = std::make_unique<CommandArena>();
        const VkAllocationCallbacks* callbacks = e.arena ? e.arena->callbacks() : nullptr;
        // The pool and its command buffer live across resets: not from the arena's chunks.
        if (e.arena) e.arena->setPersistent(true);
        VkCommandPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
        poolInfo.flags = VK_COMMAND_POOL_CREATE_TRANSIENT_BIT;
        poolInfo.queueFamilyIndex = queue_.family();
        check(vkCreateCommandPool(device_, &poolInfo, callbacks, &e.pool), "vkCreateCommandPool");
        VkCommandBufferAllocateInfo alloc{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
        alloc.commandPool = e.pool;
        alloc.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
        alloc.commandBufferCount = 1;
        VkResult result = vkAllocateCommandBuffers(device_, &alloc, &e.commandBuffer);
        if (result != VK_SUCCESS) destroyPool(e);
        check(result, "vkAllocateCommandBuffers");
        if (e.arena) e.arena->setPersistent(false);
        ++poolCount_;
    }
    VkCommandBufferBeginInfo beginInfo{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    beginInfo.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
    VkResult result = vkBeginCommandBuffer(e.commandBuffer, &beginInfo);
    const VkCommandBuffer commandBuffer = e.commandBuffer;
    if (result != VK_SUCCESS) free_.push_back(std::move(e));
    check(result, "vkBeginCommandBuffer");
    recording_.push_back(std::move(e));
    return commandBuffer;
}

uint64_t CommandProvider::submit(VkCommandBuffer commandBuffer, std::span<const SemaphoreWait> waits,
                                 std::span<const SemaphoreSignal> signals) {
    auto it = std::find_if(recording_.begin(), recording_.end(),
                           [&](const Entry& e) { return e.commandBuffer == commandBuffer; });
    if (it == recording_.end())
        throw std::logic_error("vk::CommandProvider::submit: command buffer not from begin()");
    Entry e = std::move(*it);
    recording_.erase(it);
    try {
        check(vkEndCommandBuffer(commandBuffer), "vkEndCommandBuffer");
        e.value = queue_.submit(commandBuffer, waits, signals);
    } catch (...) {
        if (vkResetCommandPool(device_, e.pool, 0) == VK_SUCCESS && e.arena) e.arena->reset();
        free_.push_back(std::move(e));
        throw;
    }
    pending_.push_back(std::move(e));
    return pending_.back().value;
}

} // namespace ddivk::vk

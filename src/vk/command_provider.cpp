#include "vk/command_provider.h"

#include "util/log.h"
#include "vk/error.h"

#include <algorithm>
#include <stdexcept>

namespace ddivk::vk {

CommandProvider::CommandProvider(VkDevice device, Queue& queue) : device_(device), queue_(queue) {}

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
    for (const Entry& e : free_)
        vkDestroyCommandPool(device_, e.pool, nullptr);
    for (const Entry& e : recording_)
        vkDestroyCommandPool(device_, e.pool, nullptr);
    for (const Entry& e : pending_)
        vkDestroyCommandPool(device_, e.pool, nullptr);
}

void CommandProvider::recycleCompleted() {
    if (pending_.empty()) return;
    const uint64_t completed = queue_.completedValue();
    while (!pending_.empty() && pending_.front().value <= completed) {
        Entry e = pending_.front();
        pending_.pop_front();
        check(vkResetCommandPool(device_, e.pool, 0), "vkResetCommandPool");
        e.value = 0;
        free_.push_back(e);
    }
}

VkCommandBuffer CommandProvider::begin() {
    recycleCompleted();
    Entry e;
    if (!free_.empty()) {
        e = free_.back();
        free_.pop_back();
    } else {
        VkCommandPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
        poolInfo.flags = VK_COMMAND_POOL_CREATE_TRANSIENT_BIT;
        poolInfo.queueFamilyIndex = queue_.family();
        check(vkCreateCommandPool(device_, &poolInfo, nullptr, &e.pool), "vkCreateCommandPool");
        VkCommandBufferAllocateInfo alloc{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
        alloc.commandPool = e.pool;
        alloc.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
        alloc.commandBufferCount = 1;
        VkResult result = vkAllocateCommandBuffers(device_, &alloc, &e.commandBuffer);
        if (result != VK_SUCCESS) vkDestroyCommandPool(device_, e.pool, nullptr);
        check(result, "vkAllocateCommandBuffers");
        ++poolCount_;
    }
    VkCommandBufferBeginInfo beginInfo{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    beginInfo.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
    VkResult result = vkBeginCommandBuffer(e.commandBuffer, &beginInfo);
    if (result != VK_SUCCESS) free_.push_back(e);
    check(result, "vkBeginCommandBuffer");
    recording_.push_back(e);
    return e.commandBuffer;
}

uint64_t CommandProvider::submit(VkCommandBuffer commandBuffer, std::span<const SemaphoreWait> waits,
                                 std::span<const SemaphoreSignal> signals) {
    auto it = std::find_if(recording_.begin(), recording_.end(),
                           [&](const Entry& e) { return e.commandBuffer == commandBuffer; });
    if (it == recording_.end())
        throw std::logic_error("vk::CommandProvider::submit: command buffer not from begin()");
    Entry e = *it;
    recording_.erase(it);
    try {
        check(vkEndCommandBuffer(commandBuffer), "vkEndCommandBuffer");
        e.value = queue_.submit(commandBuffer, waits, signals);
    } catch (...) {
        vkResetCommandPool(device_, e.pool, 0);
        free_.push_back(e);
        throw;
    }
    pending_.push_back(e);
    return e.value;
}

} // namespace ddivk::vk

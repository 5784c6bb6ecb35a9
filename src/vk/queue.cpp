#include "vk/queue.h"

#include "util/log.h"
#include "vk/error.h"

#include <stdexcept>
#include <vector>

namespace ddivk::vk {

VkSemaphore createTimelineSemaphore(VkDevice device, uint64_t initialValue) {
    VkSemaphoreTypeCreateInfo type{VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO};
    type.semaphoreType = VK_SEMAPHORE_TYPE_TIMELINE;
    type.initialValue = initialValue;
    VkSemaphoreCreateInfo info{VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO, &type};
    VkSemaphore semaphore = VK_NULL_HANDLE;
    check(vkCreateSemaphore(device, &info, nullptr, &semaphore), "vkCreateSemaphore(timeline)");
    return semaphore;
}

Queue::Queue(VkDevice device, VkQueue queue, uint32_t family)
    : device_(device), queue_(queue), family_(family), timeline_(createTimelineSemaphore(device)) {}

Queue::~Queue() {
    if (heldForTesting()) {
        DDIVK_WARN("vk queue destroyed while held for testing; releasing it");
        releaseQueueForTesting();
    }
    wait(lastSubmitted());
    vkDestroySemaphore(device_, timeline_, nullptr);
    if (gate_) vkDestroySemaphore(device_, gate_, nullptr);
}

uint64_t Queue::submit(VkCommandBuffer commandBuffer, std::span<const SemaphoreWait> waits,
                       std::span<const SemaphoreSignal> signals) {
    if (commandBuffer == VK_NULL_HANDLE) return submit(std::span<const VkCommandBuffer>{}, waits, signals);
    return submit(std::span<const VkCommandBuffer>(&commandBuffer, 1), waits, signals);
}

uint64_t Queue::submit(std::span<const VkCommandBuffer> commandBuffers, std::span<const SemaphoreWait> waits,
                       std::span<const SemaphoreSignal> signals) {
    std::lock_guard queueLock(queueMutex_);
    std::unique_lock lock(mutex_);
    const uint64_t value = lastSubmitted_ + 1;

    std::vector<VkSemaphore> waitSemaphores;
    std::vector<uint64_t> waitValues;
    std::vector<VkPipelineStageFlags> waitStages;
    for (const SemaphoreWait& w : waits) {
        waitSemaphores.push_back(w.semaphore);
        waitValues.push_back(w.value);
        waitStages.push_back(w.stages);
    }
    if (held_) {
        waitSemaphores.push_back(gate_);
        waitValues.push_back(gateValue_);
        waitStages.push_back(VK_PIPELINE_STAGE_ALL_COMMANDS_BIT);
    }
    std::vector<VkSemaphore> signalSemaphores{timeline_};
    std::vector<uint64_t> signalValues{value};
    for (const SemaphoreSignal& s : signals) {
        signalSemaphores.push_back(s.semaphore);
        signalValues.push_back(s.value);
    }

    VkTimelineSemaphoreSubmitInfo timeline{VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO};
    timeline.waitSemaphoreValueCount = static_cast<uint32_t>(waitValues.size());
    timeline.pWaitSemaphoreValues = waitValues.data();
    timeline.signalSemaphoreValueCount = static_cast<uint32_t>(signalValues.size());
    timeline.pSignalSemaphoreValues = signalValues.data();
    VkSubmitInfo info{VK_STRUCTURE_TYPE_SUBMIT_INFO, &timeline};
    info.waitSemaphoreCount = static_cast<uint32_t>(waitSemaphores.size());
    info.pWaitSemaphores = waitSemaphores.data();
    info.pWaitDstStageMask = waitStages.data();
    info.commandBufferCount = static_cast<uint32_t>(commandBuffers.size());
    info.pCommandBuffers = commandBuffers.data();
    info.signalSemaphoreCount = static_cast<uint32_t>(signalSemaphores.size());
    info.pSignalSemaphores = signalSemaphores.data();
    lock.unlock(); // (submits are serialised by queueMutex_: the value stays ours)
    check(vkQueueSubmit(queue_, 1, &info, VK_NULL_HANDLE), "vkQueueSubmit");

    lock.lock();
    lastSubmitted_ = value;
    if (held_ && !firstHeld_) firstHeld_ = value;
    return value;
}

VkResult Queue::present(const VkPresentInfoKHR& info) {
    std::lock_guard lock(queueMutex_);
    return vkQueuePresentKHR(queue_, &info);
}

void Queue::drain() {
    std::lock_guard lock(queueMutex_);
    vkQueueWaitIdle(queue_);
}

uint64_t Queue::lastSubmitted() const {
    std::lock_guard lock(mutex_);
    return lastSubmitted_;
}

uint64_t Queue::completedValue() const {
    uint64_t value = 0;
    check(vkGetSemaphoreCounterValue(device_, timeline_, &value), "vkGetSemaphoreCounterValue");
    return value;
}

bool Queue::wait(uint64_t value, uint64_t timeoutNs) const {
    if (value == 0) return true;
    if (timeoutNs == UINT64_MAX) {
        std::lock_guard lock(mutex_);
        if (held_ && firstHeld_ && value >= firstHeld_)
            throw std::logic_error("vk::Queue::wait forever on a submission held by holdQueueForTesting");
    }
    VkSemaphoreWaitInfo info{VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO};
    info.semaphoreCount = 1;
    info.pSemaphores = &timeline_;
    info.pValues = &value;
    VkResult result = vkWaitSemaphores(device_, &info, timeoutNs);
    if (result == VK_TIMEOUT) return false;
    check(result, "vkWaitSemaphores");
    return true;
}

void Queue::holdQueueForTesting() {
    std::lock_guard lock(mutex_);
    if (held_) return;
    if (!gate_) gate_ = createTimelineSemaphore(device_);
    ++gateValue_;
    held_ = true;
    firstHeld_ = 0;
}

void Queue::releaseQueueForTesting() {
    std::lock_guard lock(mutex_);
    if (!held_) return;
    VkSemaphoreSignalInfo info{VK_STRUCTURE_TYPE_SEMAPHORE_SIGNAL_INFO};
    info.semaphore = gate_;
    info.value = gateValue_;
    check(vkSignalSemaphore(device_, &info), "vkSignalSemaphore(test gate)");
    held_ = false;
    firstHeld_ = 0;
}

bool Queue::heldForTesting() const {
    std::lock_guard lock(mutex_);
    return held_;
}

} // namespace ddivk::vk

// Submission on one VkQueue with a timeline semaphore: every submit signals the next value,
// so "is the GPU done with X" is one comparison against completedValue(). Thread-safe: presents
// may run on another thread than submissions (vk::Swapchain's presenter).
#pragma once

#include <volk.h>

#include <cstdint>
#include <span>

#include "util/sync.h"

namespace ddivk::vk {

// An extra semaphore to wait for before the submission runs (value ignored for binary ones).
struct SemaphoreWait {
    VkSemaphore semaphore = VK_NULL_HANDLE;
    uint64_t value = 0;
    VkPipelineStageFlags stages = VK_PIPELINE_STAGE_ALL_COMMANDS_BIT;
};

// An extra semaphore to signal when the submission completes (value ignored for binary ones).
struct SemaphoreSignal {
    VkSemaphore semaphore = VK_NULL_HANDLE;
    uint64_t value = 0;
};

class Queue {
  public:
    Queue(VkDevice device, VkQueue queue, uint32_t family);
    ~Queue(); // waits for everything submitted (releasing a test hold first)
    Queue(const Queue&) = delete;
    Queue& operator=(const Queue&) = delete;

    VkQueue handle() const { return queue_; }
    uint32_t family() const { return family_; }
    VkSemaphore timeline() const { return timeline_; }

    // Submits the command buffers (none: a signal only) and returns the timeline value that
    // the submission signals when it completes. Values grow by one per submission.
    uint64_t submit(std::span<const VkCommandBuffer> commandBuffers,
                    std::span<const SemaphoreWait> waits = {}, std::span<const SemaphoreSignal> signals = {});
    uint64_t submit(VkCommandBuffer commandBuffer, std::span<const SemaphoreWait> waits = {},
                    std::span<const SemaphoreSignal> signals = {});

    // vkQueuePresentKHR, serialised with submissions (the VkQueue is externally synchronised).
    // lastSubmitted, completedValue and wait do not wait for a present in progress.
    VkResult present(const VkPresentInfoKHR& info);
    // vkQueueWaitIdle: also waits for presents, which the timeline does not track.
    void drain();

    // The value of the latest submission (0 before the first).
    uint64_t lastSubmitted() const;
    // The value the GPU has reached: every submission up to it has completed.
    uint64_t completedValue() const;
    bool isComplete(uint64_t value) const { return value <= completedValue(); }
    // Waits until `value` completes or the timeout (ns) passes; true when it completed. Waiting
    // forever on a submission held by holdQueueForTesting throws std::logic_error (a deadlock).
    bool wait(uint64_t value, uint64_t timeoutNs = UINT64_MAX) const;
    void waitIdle() const { wait(lastSubmitted()); }

    // TEST ONLY. After holdQueueForTesting, every submission also waits for a timeline value
    // that only releaseQueueForTesting signals from the host (wait-before-signal is valid for
    // timeline semaphores), so a test sees "GPU still busy" deterministically. Production code
    // never calls these.
    void holdQueueForTesting();
    void releaseQueueForTesting();
    bool heldForTesting() const;

  private:
    VkDevice device_;
    VkQueue queue_;
    uint32_t family_;
    VkSemaphore timeline_ = VK_NULL_HANDLE;

    // The VkQueue itself (submits, presents, waits for idle). A present may hold it while the
    // driver waits for the frame, so nothing that only reads the fields below takes it.
    util::Mutex queueMutex_;
    mutable util::Mutex mutex_; // the fields below
    uint64_t lastSubmitted_ = 0;

    // Test gate.
    VkSemaphore gate_ = VK_NULL_HANDLE; // created on first hold
    uint64_t gateValue_ = 0;            // what held submissions wait for
    bool held_ = false;
    uint64_t firstHeld_ = 0; // first submission value made while held
};

// A new timeline semaphore at `initialValue`. Throws vk::Error.
VkSemaphore createTimelineSemaphore(VkDevice device, uint64_t initialValue = 0);

} // namespace ddivk::vk

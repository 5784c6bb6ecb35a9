// Shared helpers for tests that touch Vulkan. Every test executable linking
// ddivk_test_support_dep gets its main() from here, with a listener that fails any test during
// which a validation error or warning arrived (and prints the messages).
#pragma once

#include "vk/device.h"
#include "vk/instance.h"
#include "vk/queue.h"

#include <cstdint>
#include <memory>
#include <string>

namespace ddivk::test {

// One instance and one device for the whole process (instance creation is slow on lavapipe),
// created on first use with the default options (DDIVK_VALIDATION, DDIVK_DEVICE apply).
std::shared_ptr<vk::Instance> sharedInstance();
vk::Device& sharedDevice();
// Destroys the shared device and instance (main() does, after the tests).
void destroySharedDevice();
// Whether the shared device exists (the listener only inspects it then).
bool sharedDeviceCreated();

// In a scope where a test provokes validation messages on purpose: at the end of the scope,
// expects at least one message (whose id or text contains `substring`, when given) and
// discounts the messages of the scope so that the listener does not fail the test.
class ExpectValidationMessages {
  public:
    explicit ExpectValidationMessages(std::string substring = {});
    ~ExpectValidationMessages();
    ExpectValidationMessages(const ExpectValidationMessages&) = delete;
    ExpectValidationMessages& operator=(const ExpectValidationMessages&) = delete;

    // Errors and warnings received in the scope so far.
    uint64_t errors() const;
    uint64_t warnings() const;

  private:
    std::string substring_;
    uint64_t errors_, warnings_, sequence_;
};

// Holds `queue` with the test gate for the scope (released on exit, also when an assertion
// returns early).
class ScopedQueueHold {
  public:
    explicit ScopedQueueHold(vk::Queue& queue) : queue_(queue) { queue_.holdQueueForTesting(); }
    ~ScopedQueueHold() { queue_.releaseQueueForTesting(); }
    void release() { queue_.releaseQueueForTesting(); }
    ScopedQueueHold(const ScopedQueueHold&) = delete;
    ScopedQueueHold& operator=(const ScopedQueueHold&) = delete;

  private:
    vk::Queue& queue_;
};

// True when the device is Mesa's lavapipe, whose facts (LAVAPIPE.md) tests may check.
bool isLavapipe(const vk::Device& device);

} // namespace ddivk::test

// Timeline submission: values, completion, waits, and the test gate.
#include "support/vk_test.h"
#include "vk/command_provider.h"
#include "vk/queue.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <thread>

using namespace ddivk;

TEST(Queue, SubmitReturnsIncreasingValues) {
    vk::Queue& queue = test::sharedDevice().queue();
    const uint64_t a = queue.submit(VK_NULL_HANDLE);
    const uint64_t b = queue.submit(VK_NULL_HANDLE);
    EXPECT_EQ(b, a + 1);
    EXPECT_EQ(queue.lastSubmitted(), b);
    EXPECT_TRUE(queue.wait(b));
    EXPECT_GE(queue.completedValue(), b);
    EXPECT_TRUE(queue.isComplete(a));
}

TEST(Queue, CommandBufferSubmitCompletes) {
    vk::Device& device = test::sharedDevice();
    vk::CommandProvider provider(device.handle(), device.queue());
    VkCommandBuffer cmd = provider.begin();
    const uint64_t value = provider.submit(cmd);
    EXPECT_TRUE(device.queue().wait(value, 5'000'000'000ull));
    EXPECT_TRUE(device.queue().isComplete(value));
}

TEST(Queue, HeldQueueStaysBusyUntilReleased) {
    vk::Queue& queue = test::sharedDevice().queue();
    queue.waitIdle();
    test::ScopedQueueHold hold(queue);
    const uint64_t value = queue.submit(VK_NULL_HANDLE);
    EXPECT_FALSE(queue.wait(value, 20'000'000)); // 20 ms: still held
    EXPECT_LT(queue.completedValue(), value);
    EXPECT_THROW(queue.wait(value), std::logic_error); // forever would deadlock
    hold.release();
    EXPECT_TRUE(queue.wait(value));
    EXPECT_GE(queue.completedValue(), value);
}

TEST(Queue, HoldCanBeRepeated) {
    vk::Queue& queue = test::sharedDevice().queue();
    for (int i = 0; i < 3; ++i) {
        test::ScopedQueueHold hold(queue);
        const uint64_t value = queue.submit(VK_NULL_HANDLE);
        EXPECT_FALSE(queue.isComplete(value));
        hold.release();
        EXPECT_TRUE(queue.wait(value));
    }
}

TEST(Queue, ConcurrentSubmissionsGetDistinctValues) {
    vk::Queue& queue = test::sharedDevice().queue();
    const uint64_t before = queue.lastSubmitted();
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t)
        threads.emplace_back([&] {
            for (int i = 0; i < 50; ++i)
                queue.submit(VK_NULL_HANDLE);
        });
    for (auto& t : threads)
        t.join();
    EXPECT_EQ(queue.lastSubmitted(), before + 200);
    EXPECT_TRUE(queue.wait(queue.lastSubmitted()));
}

TEST(Queue, ImmediateSubmitWaits) {
    vk::Device& device = test::sharedDevice();
    bool recorded = false;
    device.submitImmediate([&](VkCommandBuffer cmd) { recorded = cmd != VK_NULL_HANDLE; });
    EXPECT_TRUE(recorded);
    EXPECT_TRUE(device.queue().isComplete(device.queue().lastSubmitted()));
}

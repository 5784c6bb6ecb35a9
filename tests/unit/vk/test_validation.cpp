// A deliberate validation error reaches the counters; ExpectValidationMessages keeps the
// listener from failing the test that provoked it.
#include "support/vk_test.h"
#include "util/log.h"
#include "vk/error.h"
#include "vk/validation.h"

#include <gtest/gtest.h>

#include <cstdlib>

using namespace ddivk;

TEST(Validation, DeliberateErrorIsCounted) {
    vk::Device& device = test::sharedDevice();
    if (!device.instance().validationEnabled()) GTEST_SKIP() << "validation is off (DDIVK_VALIDATION)";
    const uint64_t before = vk::validation::errorCount();
    {
        test::ExpectValidationMessages expect("VUID-VkBufferCreateInfo-usage");
        VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
        info.size = 16;
        info.usage = 0; // invalid: at least one usage bit is required
        VkBuffer buffer = VK_NULL_HANDLE;
        vkCreateBuffer(device.handle(), &info, nullptr, &buffer);
        EXPECT_GE(expect.errors(), 1u);
        EXPECT_GT(vk::validation::errorCount(), before);
        const auto messages = vk::validation::messagesAfter(0);
        ASSERT_FALSE(messages.empty());
        EXPECT_TRUE(messages.back().error);
        if (buffer) vkDestroyBuffer(device.handle(), buffer, nullptr);
    }
    EXPECT_EQ(vk::validation::errorCount(), before); // discounted at the end of the scope
}

TEST(Validation, CleanTestLeavesCountersAlone) {
    vk::Device& device = test::sharedDevice();
    const uint64_t errors = vk::validation::errorCount(), warnings = vk::validation::warningCount();
    VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
    info.size = 16;
    info.usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT;
    VkBuffer buffer = VK_NULL_HANDLE;
    ASSERT_EQ(vkCreateBuffer(device.handle(), &info, nullptr, &buffer), VK_SUCCESS);
    vkDestroyBuffer(device.handle(), buffer, nullptr);
    EXPECT_EQ(vk::validation::errorCount(), errors);
    EXPECT_EQ(vk::validation::warningCount(), warnings);
}

// Validation requested but the layer missing: a clear failure, never a run without it.
TEST(Validation, MissingLayerFailsInstanceCreation) {
    const char* old = std::getenv("VK_LAYER_PATH");
    const std::string saved = old ? old : "";
    setenv("VK_LAYER_PATH", "/nonexistent-ddivk-layer-path", 1);
    const log::Level level = log::level();
    log::setLevel(log::Level::None); // the error log line is expected here
    vk::InstanceOptions options;
    options.validation = true;
    try {
        vk::Instance::create(options);
        ADD_FAILURE() << "an instance was created without the validation layer";
    } catch (const vk::Error& e) {
        EXPECT_EQ(e.result(), VK_ERROR_LAYER_NOT_PRESENT);
        EXPECT_NE(std::string(e.what()).find("VK_LAYER_KHRONOS_validation"), std::string::npos) << e.what();
    }
    log::setLevel(level);
    if (old)
        setenv("VK_LAYER_PATH", saved.c_str(), 1);
    else
        unsetenv("VK_LAYER_PATH");
}

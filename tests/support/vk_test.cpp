#include "vk_test.h"

#include "vk/validation.h"

#include <gtest/gtest.h>

#include <mutex>

namespace ddivk::test {
namespace {

std::mutex g_mutex;
std::shared_ptr<vk::Instance> g_instance;
std::unique_ptr<vk::Device> g_device;

} // namespace

std::shared_ptr<vk::Instance> sharedInstance() {
    std::lock_guard lock(g_mutex);
    if (!g_instance) g_instance = vk::Instance::create();
    return g_instance;
}

vk::Device& sharedDevice() {
    auto instance = sharedInstance();
    std::lock_guard lock(g_mutex);
    if (!g_device) g_device = vk::Device::create(instance);
    return *g_device;
}

void destroySharedDevice() {
    std::lock_guard lock(g_mutex);
    g_device.reset();
    g_instance.reset();
}

bool sharedDeviceCreated() {
    std::lock_guard lock(g_mutex);
    return g_device != nullptr;
}

bool isLavapipe(const vk::Device& device) {
    return device.caps().deviceName.find("llvmpipe") != std::string::npos;
}

ExpectValidationMessages::ExpectValidationMessages(std::string substring)
    : substring_(std::move(substring)), errors_(vk::validation::errorCount()),
      warnings_(vk::validation::warningCount()), sequence_(vk::validation::lastSequence()) {}

uint64_t ExpectValidationMessages::errors() const {
    return vk::validation::errorCount() - errors_;
}
uint64_t ExpectValidationMessages::warnings() const {
    return vk::validation::warningCount() - warnings_;
}

ExpectValidationMessages::~ExpectValidationMessages() {
    const uint64_t errors = this->errors();
    const uint64_t warnings = this->warnings();
    EXPECT_GT(errors + warnings, 0u) << "expected a validation message, none arrived";
    if (!substring_.empty()) {
        bool found = false;
        for (const auto& m : vk::validation::messagesAfter(sequence_))
            found = found || m.id.find(substring_) != std::string::npos ||
                    m.text.find(substring_) != std::string::npos;
        EXPECT_TRUE(found) << "no validation message mentions \"" << substring_ << "\"";
    }
    vk::validation::discount(errors, warnings);
}

} // namespace ddivk::test

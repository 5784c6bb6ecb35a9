// gtest main for every test executable: installs the validation listener (a test fails when
// validation errors or warnings arrived while it ran), and checks teardown of the shared
// device the same way.
#include "vk_test.h"

#include "vk/validation.h"

#include <gtest/gtest.h>

#include <cstdio>

namespace {

using namespace ddivk;

std::string describe(uint64_t afterSequence) {
    std::string out;
    for (const auto& m : vk::validation::messagesAfter(afterSequence))
        out += std::string("\n  ") + (m.error ? "error " : "warning ") + "[" + m.id + "] " + m.text;
    return out;
}

class ValidationListener : public ::testing::EmptyTestEventListener {
    void OnTestStart(const ::testing::TestInfo&) override {
        errors_ = vk::validation::errorCount();
        warnings_ = vk::validation::warningCount();
        sequence_ = vk::validation::lastSequence();
    }

    // Runs before the result printer's OnTestEnd (end events go to listeners in reverse order),
    // so the failure is part of the test's result.
    void OnTestEnd(const ::testing::TestInfo&) override {
        if (test::sharedDeviceCreated() && test::sharedDevice().queue().heldForTesting()) {
            test::sharedDevice().queue().releaseQueueForTesting();
            ADD_FAILURE() << "the test left the shared queue held (holdQueueForTesting); released it";
        }
        const uint64_t errors = vk::validation::errorCount() - errors_;
        const uint64_t warnings = vk::validation::warningCount() - warnings_;
        if (errors || warnings)
            ADD_FAILURE() << "Vulkan validation reported " << errors << " error(s) and " << warnings
                          << " warning(s) during this test:" << describe(sequence_);
    }

    uint64_t errors_ = 0, warnings_ = 0, sequence_ = 0;
};

} // namespace

int main(int argc, char** argv) {
    ::testing::InitGoogleTest(&argc, argv);
    ::testing::UnitTest::GetInstance()->listeners().Append(new ValidationListener);
    int result = RUN_ALL_TESTS();

    const uint64_t errors = vk::validation::errorCount();
    const uint64_t warnings = vk::validation::warningCount();
    const uint64_t sequence = vk::validation::lastSequence();
    test::destroySharedDevice();
    if (vk::validation::errorCount() != errors || vk::validation::warningCount() != warnings) {
        std::fprintf(stderr, "FAILED: Vulkan validation messages while destroying the shared device:%s\n",
                     describe(sequence).c_str());
        result = 1;
    }
    return result;
}

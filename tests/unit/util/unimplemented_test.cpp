// The count of calls to unimplemented methods (util/unimplemented.h).
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "util/unimplemented.h"

namespace ddivk {
namespace {

// Sets the log level for the scope (the process's log goes to stderr, captured by the test).
class CapturedWarnings {
  public:
    CapturedWarnings() : old_(log::level()) {
        log::setLevel(log::Level::Warn);
        testing::internal::CaptureStderr();
    }
    ~CapturedWarnings() {
        if (!done_) testing::internal::GetCapturedStderr();
        log::setLevel(old_);
    }
    std::string text() {
        done_ = true;
        return testing::internal::GetCapturedStderr();
    }

  private:
    log::Level old_;
    bool done_ = false;
};

size_t occurrences(const std::string& text, const std::string& what) {
    size_t n = 0;
    for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
        ++n;
    return n;
}

TEST(Unimplemented, EveryCallIsCountedAndOnlyTheFirstOfACallSiteWarns) {
    if (std::getenv("DDIVK_LOG_PATH")) GTEST_SKIP() << "the log goes to a file";
    const uint64_t before = unimplemented::total();
    CapturedWarnings log;
    for (int i = 0; i < 3; ++i)
        DDIVK_UNIMPLEMENTED("Test::Three");
    DDIVK_UNIMPLEMENTED("Test::Other");
    EXPECT_EQ(unimplemented::total(), before + 4);
    const std::string text = log.text();
    EXPECT_EQ(occurrences(text, "ddivk warn: Test::Three is not implemented\n"), 1u) << text;
    EXPECT_EQ(occurrences(text, "ddivk warn: Test::Other is not implemented\n"), 1u) << text;
}

TEST(Unimplemented, CountIsThreadSafe) {
    const uint64_t before = unimplemented::total();
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t)
        threads.emplace_back([] {
            for (int i = 0; i < 10000; ++i)
                unimplemented::count();
        });
    for (std::thread& t : threads)
        t.join();
    EXPECT_EQ(unimplemented::total(), before + 40000);
}

TEST(Unimplemented, LogTotalWritesTheCountAtWarnLevel) {
    if (std::getenv("DDIVK_LOG_PATH")) GTEST_SKIP() << "the log goes to a file";
    unimplemented::count();
    const uint64_t n = unimplemented::total();
    CapturedWarnings log;
    unimplemented::logTotal();
    EXPECT_EQ(log.text(),
              "ddivk warn: " + std::to_string(n) + " calls to unimplemented methods in this process\n");
}

TEST(Unimplemented, LogTotalIsSilentBelowWarnLevel) {
    if (std::getenv("DDIVK_LOG_PATH")) GTEST_SKIP() << "the log goes to a file";
    unimplemented::count();
    CapturedWarnings log;
    log::setLevel(log::Level::Error);
    unimplemented::logTotal();
    EXPECT_EQ(log.text(), "");
}

} // namespace
} // namespace ddivk

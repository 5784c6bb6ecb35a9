// Config from explicit inputs: precedence of the three places, DDIVK_CONFIG's entries, and the
// option names (docs/configuration.md).
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "config_test_support.h"
#include "util/config.h"

namespace ddivk::config {
namespace {

TEST(Config, EnvironmentOverridesInlineWhichOverridesTheFile) {
    FakeEnv env{{"DDIVK_DEVICE", "from-env"}};
    const std::string file = "DDIVK_DEVICE = from-file\nDDIVK_CAPTURE = file-capture\n"
                             "DDIVK_LOG_PATH = file-log\n";
    Config config(env.lookup(), "DDIVK_DEVICE=inline-device;DDIVK_CAPTURE=inline-capture", "ddivk.conf",
                  file);
    EXPECT_STREQ(config.get("DDIVK_DEVICE"), "from-env");
    EXPECT_STREQ(config.get("DDIVK_CAPTURE"), "inline-capture");
    EXPECT_STREQ(config.get("DDIVK_LOG_PATH"), "file-log");
    EXPECT_EQ(config.get("DDIVK_VALIDATION"), nullptr);
    EXPECT_TRUE(config.messages().empty());
}

TEST(Config, AnEmptyValueCountsAsUnsetSoTheNextPlaceApplies) {
    FakeEnv env{{"DDIVK_DEVICE", ""}, {"DDIVK_LOG_PATH", ""}};
    Config config(env.lookup(), "DDIVK_DEVICE=;DDIVK_LOG_PATH=inline-log", "ddivk.conf",
                  "DDIVK_DEVICE = file-device\nDDIVK_CAPTURE =\n");
    EXPECT_STREQ(config.get("DDIVK_DEVICE"), "file-device");
    EXPECT_STREQ(config.get("DDIVK_LOG_PATH"), "inline-log");
    EXPECT_EQ(config.get("DDIVK_CAPTURE"), nullptr);
}

TEST(Config, TheEnvironmentIsAskedAtEveryCall) {
    FakeEnv env;
    Config config(env.lookup(), "", "ddivk.conf", "DDIVK_DEVICE = file\n");
    EXPECT_STREQ(config.get("DDIVK_DEVICE"), "file");
    env.set("DDIVK_DEVICE", "later");
    EXPECT_STREQ(config.get("DDIVK_DEVICE"), "later");
}

TEST(Config, AnyNameIsLookedUpInTheEnvironment) {
    FakeEnv env{{"DDIVK_SOMETHING_NEW", "yes"}};
    Config config(env.lookup(), "", "", "");
    EXPECT_STREQ(config.get("DDIVK_SOMETHING_NEW"), "yes");
}

TEST(ConfigInline, EntriesAreSeparatedBySemicolonsAndTrimmed) {
    Config config(nullptr, " DDIVK_LOG_LEVEL = info ;; DDIVK_DEVICE=llvmpipe ; ", "", "");
    EXPECT_STREQ(config.get("DDIVK_LOG_LEVEL"), "info");
    EXPECT_STREQ(config.get("DDIVK_DEVICE"), "llvmpipe");
    EXPECT_TRUE(config.messages().empty());
}

TEST(ConfigInline, BadEntriesAreReportedByNumberAndSkipped) {
    Config config(nullptr, "DDIVK_DEVICE=a;LOG_LEVEL;DDIVK_NOPE=1;DDIVK_CAPTURE=c", "", "");
    EXPECT_STREQ(config.get("DDIVK_DEVICE"), "a");
    EXPECT_STREQ(config.get("DDIVK_CAPTURE"), "c");
    ASSERT_EQ(config.messages().size(), 2u);
    EXPECT_EQ(config.messages()[0].level, log::Level::Warn);
    EXPECT_EQ(config.messages()[0].text, "DDIVK_CONFIG entry 2: no '=' in \"LOG_LEVEL\" (skipped)");
    EXPECT_EQ(config.messages()[1].text, "DDIVK_CONFIG entry 3: unknown option \"DDIVK_NOPE\" (skipped)");
}

TEST(ConfigNames, ThePrefixIsOptionalAndCaseDoesNotMatter) {
    EXPECT_EQ(canonicalName("DDIVK_LOG_LEVEL"), "DDIVK_LOG_LEVEL");
    EXPECT_EQ(canonicalName("log_level"), "DDIVK_LOG_LEVEL");
    EXPECT_EQ(canonicalName("Ddivk_Device"), "DDIVK_DEVICE");
    EXPECT_EQ(canonicalName("LOG_LEVELS"), "");
    EXPECT_EQ(canonicalName(""), "");
    // The file's own location is chosen in the environment only.
    EXPECT_EQ(canonicalName("DDIVK_CONFIG_FILE"), "");
    EXPECT_EQ(canonicalName("DDIVK_CONFIG"), "");
}

TEST(ConfigNames, EveryKnownOptionIsItsOwnCanonicalName) {
    for (const char* name : knownOptions())
        EXPECT_EQ(canonicalName(name), name);
}

} // namespace
} // namespace ddivk::config

// The config file: its format, and which file loadConfig reads (docs/configuration.md).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "config_test_support.h"
#include "util/config.h"

namespace ddivk::config {
namespace fs = std::filesystem;
namespace {

// A fresh directory under the system's temporary directory, removed at the end.
class TempDir {
  public:
    TempDir() {
        const auto* info = testing::UnitTest::GetInstance()->current_test_info();
        path_ = fs::temp_directory_path() / (std::string("ddivk-config-") + info->name() + "-" +
                                             std::to_string(reinterpret_cast<uintptr_t>(this)));
        fs::remove_all(path_);
        fs::create_directories(path_);
    }
    ~TempDir() { fs::remove_all(path_); }
    const fs::path& path() const { return path_; }
    fs::path write(const std::string& name, const std::string& text) const {
        std::ofstream(path_ / name, std::ios::binary) << text;
        return path_ / name;
    }

  private:
    fs::path path_;
};

TEST(ConfigFile, CommentsBlankLinesAndSpacesAroundNameAndValueAreIgnored) {
    const std::string text = "# ddivk options\n"
                             "\n"
                             "   DDIVK_LOG_LEVEL   =   debug   \n"
                             "\t# indented comment = not an option\n"
                             "DDIVK_LOG_PATH=C:\\logs\\a b#1.txt\n"
                             "   \n";
    Config config(nullptr, "", "ddivk.conf", text);
    EXPECT_STREQ(config.get("DDIVK_LOG_LEVEL"), "debug");
    // '#' after the start of a line is part of the value; spaces inside it stay.
    EXPECT_STREQ(config.get("DDIVK_LOG_PATH"), "C:\\logs\\a b#1.txt");
    EXPECT_TRUE(config.messages().empty());
}

TEST(ConfigFile, MalformedLinesAreReportedWithTheirLineNumberAndSkipped) {
    const std::string text = "DDIVK_DEVICE = lavapipe\n"
                             "just some words\n"
                             "DDIVK_COLOUR = blue\n"
                             "= value\n"
                             "DDIVK_CAPTURE = out.cap\n";
    Config config(nullptr, "", "/games/x/ddivk.conf", text);
    EXPECT_STREQ(config.get("DDIVK_DEVICE"), "lavapipe");
    EXPECT_STREQ(config.get("DDIVK_CAPTURE"), "out.cap");
    ASSERT_EQ(config.messages().size(), 3u);
    for (const Message& m : config.messages())
        EXPECT_EQ(m.level, log::Level::Warn);
    EXPECT_EQ(config.messages()[0].text, "/games/x/ddivk.conf:2: no '=' in \"just some words\" (skipped)");
    EXPECT_EQ(config.messages()[1].text, "/games/x/ddivk.conf:3: unknown option \"DDIVK_COLOUR\" (skipped)");
    EXPECT_EQ(config.messages()[2].text, "/games/x/ddivk.conf:4: no option name in \"= value\" (skipped)");
}

TEST(ConfigFile, NamesWithoutThePrefixAndInAnyCaseAreAccepted) {
    Config config(nullptr, "", "ddivk.conf", "log_level = info\nDevice = llvmpipe\n");
    EXPECT_STREQ(config.get("DDIVK_LOG_LEVEL"), "info");
    EXPECT_STREQ(config.get("DDIVK_DEVICE"), "llvmpipe");
}

TEST(ConfigFile, ALaterLineReplacesAnEarlierOne) {
    Config config(nullptr, "", "ddivk.conf", "DDIVK_DEVICE = first\nDDIVK_DEVICE = second\n");
    EXPECT_STREQ(config.get("DDIVK_DEVICE"), "second");
}

TEST(ConfigFile, WindowsLineEndsAndAByteOrderMarkAreIgnored) {
    Config config(nullptr, "", "ddivk.conf",
                  "\xEF\xBB\xBF"
                  "DDIVK_DEVICE = one\r\n# c\r\nDDIVK_CAPTURE = two\r\n");
    EXPECT_STREQ(config.get("DDIVK_DEVICE"), "one");
    EXPECT_STREQ(config.get("DDIVK_CAPTURE"), "two");
    EXPECT_TRUE(config.messages().empty());
}

TEST(ConfigFile, ALastLineWithoutNewlineIsRead) {
    Config config(nullptr, "", "ddivk.conf", "DDIVK_DEVICE = last");
    EXPECT_STREQ(config.get("DDIVK_DEVICE"), "last");
}

TEST(LoadConfig, DdivkConfBesideTheProgramIsRead) {
    TempDir dir;
    dir.write("ddivk.conf", "DDIVK_DEVICE = beside\n");
    FakeEnv env;
    Config config = loadConfig(env.lookup(), dir.path());
    EXPECT_STREQ(config.get("DDIVK_DEVICE"), "beside");
    EXPECT_TRUE(config.messages().empty());
}

TEST(LoadConfig, NoDdivkConfBesideTheProgramIsNotAnError) {
    TempDir dir;
    FakeEnv env;
    Config config = loadConfig(env.lookup(), dir.path());
    EXPECT_EQ(config.get("DDIVK_DEVICE"), nullptr);
    EXPECT_TRUE(config.messages().empty());
}

TEST(LoadConfig, DdivkConfigFileNamesTheFileInsteadOfDdivkConf) {
    TempDir dir;
    dir.write("ddivk.conf", "DDIVK_DEVICE = beside\nDDIVK_CAPTURE = beside\n");
    const fs::path named = dir.write("other.conf", "DDIVK_DEVICE = named\n");
    FakeEnv env{{"DDIVK_CONFIG_FILE", named.string()}};
    Config config = loadConfig(env.lookup(), dir.path());
    EXPECT_STREQ(config.get("DDIVK_DEVICE"), "named");
    EXPECT_EQ(config.get("DDIVK_CAPTURE"), nullptr); // ddivk.conf is not read as well
}

TEST(LoadConfig, ADdivkConfigFileThatCannotBeReadIsOneError) {
    TempDir dir;
    dir.write("ddivk.conf", "DDIVK_DEVICE = beside\n");
    const fs::path missing = dir.path() / "missing.conf";
    FakeEnv env{{"DDIVK_CONFIG_FILE", missing.string()}, {"DDIVK_CONFIG", "DDIVK_CAPTURE=x"}};
    Config config = loadConfig(env.lookup(), dir.path());
    ASSERT_EQ(config.messages().size(), 1u);
    EXPECT_EQ(config.messages()[0].level, log::Level::Error);
    EXPECT_EQ(config.messages()[0].text, "DDIVK_CONFIG_FILE " + missing.string() + " cannot be read");
    EXPECT_EQ(config.get("DDIVK_DEVICE"), nullptr); // no fallback to ddivk.conf
    EXPECT_STREQ(config.get("DDIVK_CAPTURE"), "x"); // the rest still works
}

TEST(LoadConfig, DdivkConfigGivesTheInlineOptionsAboveTheFile) {
    TempDir dir;
    dir.write("ddivk.conf", "DDIVK_DEVICE = file\nDDIVK_CAPTURE = file\n");
    FakeEnv env{{"DDIVK_CONFIG", "DDIVK_DEVICE=inline"}, {"DDIVK_LOG_PATH", "env"}};
    Config config = loadConfig(env.lookup(), dir.path());
    EXPECT_STREQ(config.get("DDIVK_DEVICE"), "inline");
    EXPECT_STREQ(config.get("DDIVK_CAPTURE"), "file");
    EXPECT_STREQ(config.get("DDIVK_LOG_PATH"), "env");
}

} // namespace
} // namespace ddivk::config

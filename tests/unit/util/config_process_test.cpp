// The process's configuration: config::get, the program's directory, the log reading its options
// through it, and the table of options against what the sources read (docs/configuration.md).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include <unistd.h>

#include "util/config.h"
#include "util/unimplemented.h"

namespace ddivk::config {
namespace fs = std::filesystem;
namespace {

std::string readText(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

TEST(ProgramDirectory, IsTheDirectoryOfTheRunningProgram) {
    const fs::path argv0 = testing::internal::GetArgvs().at(0);
    EXPECT_EQ(programDirectory(), fs::canonical(argv0).parent_path());
}

TEST(ProcessConfig, TheEnvironmentIsReadAtEveryCall) {
    const char* old = std::getenv("DDIVK_CAPTURE");
    const std::string saved = old ? old : "";
    setenv("DDIVK_CAPTURE", "first", 1);
    EXPECT_STREQ(get("DDIVK_CAPTURE"), "first");
    setenv("DDIVK_CAPTURE", "second", 1);
    EXPECT_STREQ(get("DDIVK_CAPTURE"), "second");
    if (old)
        setenv("DDIVK_CAPTURE", saved.c_str(), 1);
    else
        unsetenv("DDIVK_CAPTURE");
}

// Run by ProcessConfig.AFileNamedByDdivkConfigFileConfiguresTheLog in a child process whose
// configuration comes from that file alone; skipped in an ordinary run.
TEST(ProcessConfigChild, LogsThroughTheConfiguration) {
    if (!std::getenv("DDIVK_UTIL_TEST_CHILD")) GTEST_SKIP() << "run by its parent test";
    unimplemented::logTotal(); // nothing counted yet: no line
    DDIVK_INFO("child info line");
    for (int i = 0; i < 2; ++i)
        DDIVK_UNIMPLEMENTED("Child::Method");
    unimplemented::logTotal();
}

// The whole chain in a fresh process: the file sets the log's level and path, its bad line is
// logged once (after loading, through the log that the file configured), and the count of
// unimplemented calls ends the log.
TEST(ProcessConfig, AFileNamedByDdivkConfigFileConfiguresTheLog) {
    const fs::path dir = fs::temp_directory_path() / ("ddivk-config-child-" + std::to_string(getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    const fs::path conf = dir / "child.conf", log = dir / "out.log";
    std::ofstream(conf) << "DDIVK_LOG_LEVEL = info\nDDIVK_LOG_PATH = " << log.string()
                        << "\nnot an option line\n";
    const std::string command =
        "env -u DDIVK_LOG_LEVEL -u DDIVK_LOG_PATH -u DDIVK_CONFIG DDIVK_UTIL_TEST_CHILD=1 "
        "DDIVK_CONFIG_FILE='" +
        conf.string() + "' timeout 60 '" + fs::read_symlink("/proc/self/exe").string() +
        "' --gtest_filter=ProcessConfigChild.LogsThroughTheConfiguration >/dev/null";
    EXPECT_EQ(std::system(command.c_str()), 0) << command;
    EXPECT_EQ(readText(log), "ddivk warn: config: " + conf.string() +
                                 ":3: no '=' in \"not an option line\" (skipped)\n"
                                 "ddivk info: child info line\n"
                                 "ddivk warn: Child::Method is not implemented\n"
                                 "ddivk warn: 2 calls to unimplemented methods in this process\n");
    fs::remove_all(dir);
}

// Every option the sources read through config::get is one the file and DDIVK_CONFIG accept, and
// none is read with getenv behind the configuration's back.
TEST(KnownOptions, EveryOptionTheSourcesReadIsKnownAndReadThroughConfig) {
    const std::set<std::string> known(knownOptions().begin(), knownOptions().end());
    // Plain string search: GCC 12's <regex> trips -Wmaybe-uninitialized in the sanitizer build.
    // The readers: config::get, and the numeric ones over it (util/config_values.h).
    const std::string reads[] = {"config::get(\"", "config::getNumber(\"", "config::getHex(\""};
    const std::string bypass = "getenv(\"DDIVK_";
    std::set<std::string> seen;
    for (const auto& entry : fs::recursive_directory_iterator(DDIVK_SOURCE_DIR)) {
        const std::string ext = entry.path().extension().string();
        if (ext != ".cpp" && ext != ".h") continue;
        const std::string text = readText(entry.path());
        for (const std::string& read : reads) {
            for (size_t at = text.find(read); at != std::string::npos; at = text.find(read, at + 1)) {
                const size_t begin = at + read.size(), end = text.find('"', begin);
                if (end == std::string::npos) break;
                const std::string name = text.substr(begin, end - begin);
                // Names only: config::get("...") in comments of other shapes is not a read.
                if (name.empty() ||
                    name.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") != std::string::npos)
                    continue;
                EXPECT_TRUE(known.contains(name)) << name << " in " << entry.path();
                seen.insert(name);
            }
        }
        if (entry.path().filename() != "config.cpp") {
            EXPECT_EQ(text.find(bypass), std::string::npos)
                << entry.path() << " reads DDIVK_ options with getenv";
        }
    }
    for (const std::string& name : known)
        EXPECT_TRUE(seen.contains(name)) << name << " is listed but nothing reads it";
}

} // namespace
} // namespace ddivk::config

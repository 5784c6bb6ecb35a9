// The pipeline cache kept on disk: a round trip through the file, files that must be ignored
// (truncated, corrupt, another device's), DDIVK_PIPELINE_CACHE, and save errors that only log.
#include "support/vk_test.h"
#include "util/log.h"
#include "vk/pipeline_cache_file.h"

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include <unistd.h>

using namespace ddivk;
namespace fs = std::filesystem;

namespace {

// A fresh directory under /tmp, removed with everything in it at the end of the test.
class TempDir {
  public:
    TempDir() {
        std::string pattern = (fs::temp_directory_path() / "ddivk-pipeline-cache-XXXXXX").string();
        path_ = mkdtemp(pattern.data());
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(path_, ec);
    }
    const fs::path& path() const { return path_; }

  private:
    fs::path path_;
};

// Sets an environment variable for the scope, restoring the previous value.
class ScopedEnv {
  public:
    ScopedEnv(const char* name, const std::string& value) : name_(name) {
        if (const char* old = std::getenv(name)) old_ = old;
        setenv(name, value.c_str(), 1);
    }
    ~ScopedEnv() {
        if (old_)
            setenv(name_, old_->c_str(), 1);
        else
            unsetenv(name_);
    }

  private:
    const char* name_;
    std::optional<std::string> old_;
};

// Sets the log level for the scope.
class ScopedLogLevel {
  public:
    explicit ScopedLogLevel(log::Level l) : old_(log::level()) { log::setLevel(l); }
    ~ScopedLogLevel() { log::setLevel(old_); }

  private:
    log::Level old_;
};

std::vector<uint8_t> readBytes(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void writeBytes(const fs::path& path, const std::vector<uint8_t>& bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
}

// Replaces the 16-byte trailer of a cache file's bytes: "ddivkPC1" and the FNV-1a hash of the
// data before it.
void withTrailer(std::vector<uint8_t>& file) {
    file.resize(file.size() - 16);
    uint64_t h = 1469598103934665603ull;
    for (uint8_t b : file)
        h = (h ^ b) * 1099511628211ull;
    const char magic[8] = {'d', 'd', 'i', 'v', 'k', 'P', 'C', '1'};
    file.insert(file.end(), magic, magic + 8);
    const auto* p = reinterpret_cast<const uint8_t*>(&h);
    file.insert(file.end(), p, p + 8);
}

// Bytes the driver reports for the cache.
size_t cacheDataSize(VkPipelineCache cache) {
    size_t size = 0;
    vkGetPipelineCacheData(test::sharedDevice().handle(), cache, &size, nullptr);
    return size;
}

// Creates (and destroys) an empty compute pipeline through `cache`, which may then hold it.
void createPipeline(VkPipelineCache cache) {
    // void main() {} with local size 1 1 1, hand-assembled SPIR-V 1.0.
    // clang-format off
    static constexpr uint32_t kEmptyCompute[] = {
        0x07230203, 0x00010000, 0, 5, 0,                 // header, id bound 5
        0x00020011, 1,                                   // OpCapability Shader
        0x0003000E, 0, 1,                                // OpMemoryModel Logical GLSL450
        0x0005000F, 5, 3, 0x6E69616D, 0,                 // OpEntryPoint GLCompute %3 "main"
        0x00060010, 3, 17, 1, 1, 1,                      // OpExecutionMode %3 LocalSize 1 1 1
        0x00020013, 1,                                   // %1 = OpTypeVoid
        0x00030021, 2, 1,                                // %2 = OpTypeFunction %1
        0x00050036, 1, 3, 0, 2,                          // %3 = OpFunction %1 None %2
        0x000200F8, 4,                                   // %4 = OpLabel
        0x000100FD, 0x00010038,                          // OpReturn, OpFunctionEnd
    };
    // clang-format on
    VkDevice device = test::sharedDevice().handle();
    VkShaderModuleCreateInfo moduleInfo{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
    moduleInfo.codeSize = sizeof(kEmptyCompute);
    moduleInfo.pCode = kEmptyCompute;
    VkShaderModule module = VK_NULL_HANDLE;
    ASSERT_EQ(vkCreateShaderModule(device, &moduleInfo, nullptr, &module), VK_SUCCESS);
    VkPipelineLayoutCreateInfo layoutInfo{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
    VkPipelineLayout layout = VK_NULL_HANDLE;
    ASSERT_EQ(vkCreatePipelineLayout(device, &layoutInfo, nullptr, &layout), VK_SUCCESS);
    VkComputePipelineCreateInfo info{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
    info.stage = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO};
    info.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
    info.stage.module = module;
    info.stage.pName = "main";
    info.layout = layout;
    VkPipeline pipeline = VK_NULL_HANDLE;
    EXPECT_EQ(vkCreateComputePipelines(device, cache, 1, &info, nullptr, &pipeline), VK_SUCCESS);
    vkDestroyPipeline(device, pipeline, nullptr);
    vkDestroyPipelineLayout(device, layout, nullptr);
    vkDestroyShaderModule(device, module, nullptr);
}

// Whether a cache file at `path` exists with a header naming the shared device.
bool holdsThisDevice(const fs::path& path) {
    const std::vector<uint8_t> bytes = readBytes(path);
    return !vk::validCacheData(bytes, test::sharedDevice().properties()).empty();
}

// Whatever the log says in a scope, at info level, when the log goes to stderr.
class CapturedLog {
  public:
    CapturedLog() : level_(log::Level::Info) { testing::internal::CaptureStderr(); }
    std::string text() {
        return done_ ? text_ : (done_ = true, text_ = testing::internal::GetCapturedStderr());
    }
    ~CapturedLog() { text(); }

  private:
    ScopedLogLevel level_;
    bool done_ = false;
    std::string text_;
};

} // namespace

TEST(PipelineCacheFile, RoundTripThroughTheFile) {
    TempDir dir;
    const fs::path file = dir.path() / "sub" / "cache.bin"; // the directory is created on save
    size_t saved = 0;
    {
        vk::PipelineCacheFile cache(test::sharedDevice(), file);
        EXPECT_NE(cache.handle(), VK_NULL_HANDLE);
        EXPECT_FALSE(cache.loaded());
        createPipeline(cache.handle());
        saved = cacheDataSize(cache.handle());
        EXPECT_TRUE(cache.save());
        EXPECT_TRUE(holdsThisDevice(file));
    }
    EXPECT_EQ(fs::file_size(file), saved + 16);
    vk::PipelineCacheFile again(test::sharedDevice(), file);
    EXPECT_TRUE(again.loaded());
    EXPECT_GE(cacheDataSize(again.handle()), saved); // what was saved came back
    // Nothing but the file itself is left behind (no temporary files).
    EXPECT_EQ(std::distance(fs::directory_iterator(file.parent_path()), fs::directory_iterator()), 1);
}

TEST(PipelineCacheFile, TheDestructorSaves) {
    TempDir dir;
    const fs::path file = dir.path() / "cache.bin";
    { vk::PipelineCacheFile cache(test::sharedDevice(), file); }
    EXPECT_TRUE(holdsThisDevice(file));
}

TEST(PipelineCacheFile, CorruptTruncatedAndForeignFilesAreIgnoredThenReplaced) {
    TempDir dir;
    const fs::path file = dir.path() / "cache.bin";
    { vk::PipelineCacheFile cache(test::sharedDevice(), file); }
    const std::vector<uint8_t> good = readBytes(file);
    ASSERT_GE(good.size(), 48u);      // the Vulkan header (32 bytes) and the trailer (16)
    std::vector<uint8_t> same = good; // the file format: Vulkan's data, then the trailer
    withTrailer(same);
    EXPECT_EQ(same, good);

    std::vector<uint8_t> corrupt = good;
    corrupt[corrupt.size() / 2] ^= 0x40; // somewhere in the data or the trailer
    std::vector<uint8_t> truncated(good.begin(), good.begin() + good.size() / 2);
    std::vector<uint8_t> foreign = good; // another UUID, with a trailer that checks
    foreign[offsetof(VkPipelineCacheHeaderVersionOne, pipelineCacheUUID)] ^= 0xFF;
    withTrailer(foreign);
    std::vector<uint8_t> garbage(100, 0xAB);

    auto check = [&](const std::vector<uint8_t>& bytes, const char* what) {
        writeBytes(file, bytes);
        {
            vk::PipelineCacheFile cache(test::sharedDevice(), file);
            EXPECT_FALSE(cache.loaded()) << what;
            EXPECT_NE(cache.handle(), VK_NULL_HANDLE) << what;
            EXPECT_GT(cacheDataSize(cache.handle()), 0u) << what;
        }
        EXPECT_TRUE(holdsThisDevice(file)) << what << ": replaced on save";
    };
    check(corrupt, "corrupt");
    check(truncated, "truncated");
    check(garbage, "garbage");
    check({}, "empty");
    check(foreign, "another device's");

    // The header names the device: UUID, vendor and device id.
    const VkPhysicalDeviceProperties& mine = test::sharedDevice().properties();
    EXPECT_FALSE(vk::validCacheData(good, mine).empty());
    for (auto change : {+[](VkPhysicalDeviceProperties& p) { p.pipelineCacheUUID[15] ^= 1; },
                        +[](VkPhysicalDeviceProperties& p) { p.deviceID ^= 1; },
                        +[](VkPhysicalDeviceProperties& p) { p.vendorID ^= 1; }}) {
        VkPhysicalDeviceProperties other = mine;
        change(other);
        EXPECT_TRUE(vk::validCacheData(good, other).empty());
    }
}

TEST(PipelineCacheFile, AnIgnoredFileLogsOneInfoLine) {
    if (std::getenv("DDIVK_LOG_PATH")) GTEST_SKIP() << "the log goes to a file";
    TempDir dir;
    const fs::path file = dir.path() / "cache.bin";
    writeBytes(file, std::vector<uint8_t>(100, 0xAB));
    CapturedLog log;
    { vk::PipelineCacheFile cache(test::sharedDevice(), file); }
    const std::string text = log.text();
    EXPECT_NE(text.find("ddivk info: pipeline cache " + file.string() + " ignored: corrupt"),
              std::string::npos)
        << text;
    size_t lines = 0;
    for (size_t at = text.find("ddivk "); at != std::string::npos; at = text.find("ddivk ", at + 1))
        ++lines;
    EXPECT_EQ(lines, 1u) << text; // the save that replaces the file says nothing
}

TEST(PipelineCacheFile, EnvironmentChoosesThePath) {
    const vk::Device& device = test::sharedDevice();
    const auto& uuid = device.properties().pipelineCacheUUID;
    char hex[2 * VK_UUID_SIZE + 1];
    for (uint32_t i = 0; i < VK_UUID_SIZE; ++i)
        std::snprintf(hex + 2 * i, 3, "%02x", uuid[i]);
    const std::string name = std::string("pipelines-") + hex + ".bin";
    TempDir dir;
    {
        ScopedEnv env("DDIVK_PIPELINE_CACHE", (dir.path() / "mine.bin").string());
        EXPECT_EQ(vk::pipelineCachePath(uuid), dir.path() / "mine.bin");
    }
    {
        ScopedEnv env("DDIVK_PIPELINE_CACHE", dir.path().string()); // a directory: the name inside
        EXPECT_EQ(vk::pipelineCachePath(uuid), dir.path() / name);
    }
    for (const char* off : {"0", "off", "OFF"}) {
        ScopedEnv env("DDIVK_PIPELINE_CACHE", off);
        EXPECT_TRUE(vk::pipelineCachePath(uuid).empty()) << off;
    }
    {
        ScopedEnv env("DDIVK_PIPELINE_CACHE", "");
        ScopedEnv xdg("XDG_CACHE_HOME", (dir.path() / "xdg").string());
        EXPECT_EQ(vk::pipelineCachePath(uuid), dir.path() / "xdg" / "ddivk" / name);
    }
    {
        ScopedEnv env("DDIVK_PIPELINE_CACHE", "");
        ScopedEnv xdg("XDG_CACHE_HOME", "relative/is/ignored");
        ScopedEnv home("HOME", (dir.path() / "home").string());
        EXPECT_EQ(vk::pipelineCachePath(uuid), dir.path() / "home" / ".cache" / "ddivk" / name);
    }
}

TEST(PipelineCacheFile, OffWritesNothing) {
    TempDir dir;
    ScopedEnv env("DDIVK_PIPELINE_CACHE", "off");
    ScopedEnv xdg("XDG_CACHE_HOME", dir.path().string());
    ScopedEnv home("HOME", dir.path().string());
    {
        vk::PipelineCacheFile cache(test::sharedDevice());
        EXPECT_TRUE(cache.path().empty());
        EXPECT_NE(cache.handle(), VK_NULL_HANDLE);
        EXPECT_FALSE(cache.save());
    }
    EXPECT_TRUE(fs::is_empty(dir.path()));
}

TEST(PipelineCacheFile, TheDefaultPathIsUsedAndCreated) {
    TempDir dir;
    ScopedEnv env("DDIVK_PIPELINE_CACHE", "");
    ScopedEnv xdg("XDG_CACHE_HOME", dir.path().string());
    fs::path file;
    {
        vk::PipelineCacheFile cache(test::sharedDevice());
        file = cache.path();
        EXPECT_EQ(file.parent_path(), dir.path() / "ddivk");
    }
    EXPECT_TRUE(holdsThisDevice(file));
}

TEST(PipelineCacheFile, AnUnwritablePlaceLogsOnceAndDoesNotThrow) {
    if (std::getenv("DDIVK_LOG_PATH")) GTEST_SKIP() << "the log goes to a file";
    TempDir dir;
    writeBytes(dir.path() / "a-file", {1, 2, 3});
    // A directory that cannot exist: its parent is a regular file (also holds for root).
    const fs::path file = dir.path() / "a-file" / "sub" / "cache.bin";
    CapturedLog log;
    {
        vk::PipelineCacheFile cache(test::sharedDevice(), file);
        EXPECT_FALSE(cache.save());
        EXPECT_FALSE(cache.save());
    } // the destructor saves and fails again
    const std::string text = log.text();
    const std::string warning = "ddivk warn: pipeline cache not saved: cannot create";
    const size_t first = text.find(warning);
    EXPECT_NE(first, std::string::npos) << text;
    EXPECT_EQ(text.find(warning, first + 1), std::string::npos) << "one warning: " << text;
    EXPECT_FALSE(fs::exists(file));
}

#include "vk/pipeline_cache_file.h"

#include <atomic>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#ifdef _WIN32
#include <process.h>
#else
#include <unistd.h>
#endif

#include "util/config.h"
#include "util/log.h"
#include "vk/device.h"
#include "vk/error.h"

namespace ddivk::vk {
namespace fs = std::filesystem;
namespace {

// After the Vulkan data: kMagic, then the FNV-1a hash of the data (little-endian host order).
constexpr char kMagic[8] = {'d', 'd', 'i', 'v', 'k', 'P', 'C', '1'};
constexpr size_t kTrailerSize = 16;

uint64_t hashBytes(std::span<const uint8_t> data) {
    uint64_t h = 1469598103934665603ull;
    for (uint8_t b : data)
        h = (h ^ b) * 1099511628211ull;
    return h;
}

std::string uuidHex(const uint8_t (&uuid)[VK_UUID_SIZE]) {
    static constexpr char digits[] = "0123456789abcdef";
    std::string s;
    for (uint8_t b : uuid) {
        s += digits[b >> 4];
        s += digits[b & 15];
    }
    return s;
}

// The per-user cache directory, or empty when the environment names none.
fs::path userCacheDirectory() {
#ifdef _WIN32
    const char* local = std::getenv("LOCALAPPDATA");
    return local && *local ? fs::path(local) : fs::path();
#else
    const char* xdg = std::getenv("XDG_CACHE_HOME");
    if (xdg && *xdg == '/') return fs::path(xdg); // the XDG spec ignores relative values
    const char* home = std::getenv("HOME");
    return home && *home ? fs::path(home) / ".cache" : fs::path();
#endif
}

bool isOff(const char* value) {
    std::string v(value);
    for (char& c : v)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return v == "0" || v == "off";
}

// Why `file` cannot seed this device's cache, or nullptr when it can.
const char* rejectReason(std::span<const uint8_t> file, const VkPhysicalDeviceProperties& device) {
    VkPipelineCacheHeaderVersionOne header;
    if (file.size() < sizeof(header) + kTrailerSize) return "truncated";
    const auto data = file.first(file.size() - kTrailerSize);
    const uint8_t* trailer = file.data() + data.size();
    uint64_t hash;
    std::memcpy(&hash, trailer + sizeof(kMagic), sizeof(hash));
    if (std::memcmp(trailer, kMagic, sizeof(kMagic)) != 0 || hash != hashBytes(data)) return "corrupt";
    std::memcpy(&header, data.data(), sizeof(header));
    if (header.headerSize < sizeof(header) || header.headerSize > data.size() ||
        header.headerVersion != VK_PIPELINE_CACHE_HEADER_VERSION_ONE)
        return "unknown header";
    if (header.vendorID != device.vendorID || header.deviceID != device.deviceID ||
        std::memcmp(header.pipelineCacheUUID, device.pipelineCacheUUID, VK_UUID_SIZE) != 0)
        return "written by another device or driver";
    return nullptr;
}

std::vector<uint8_t> readFile(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return {};
    return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// Writes data + trailer to a temporary file beside `path`, then renames it over `path`.
// Returns an error text, or an empty string.
std::string writeAtomically(const fs::path& path, std::span<const uint8_t> data) {
    std::error_code ec;
    if (path.has_parent_path()) fs::create_directories(path.parent_path(), ec);
    if (ec) return "cannot create " + path.parent_path().string() + ": " + ec.message();
    static std::atomic<uint32_t> counter{0};
#ifdef _WIN32
    const int pid = _getpid();
#else
    const int pid = int(getpid());
#endif
    fs::path temporary = path;
    temporary += ".tmp." + std::to_string(pid) + "." + std::to_string(counter++);
    FILE* f = std::fopen(temporary.string().c_str(), "wb");
    if (!f) return "cannot create " + temporary.string() + ": " + std::strerror(errno);
    const uint64_t hash = hashBytes(data);
    bool ok = std::fwrite(data.data(), 1, data.size(), f) == data.size();
    ok = ok && std::fwrite(kMagic, 1, sizeof(kMagic), f) == sizeof(kMagic);
    ok = ok && std::fwrite(&hash, 1, sizeof(hash), f) == sizeof(hash);
    ok = (std::fclose(f) == 0) && ok;
    if (ok) fs::rename(temporary, path, ec);
    if (!ok || ec) {
        fs::remove(temporary, ec);
        return "cannot write " + path.string();
    }
    return {};
}

} // namespace

fs::path pipelineCachePath(const uint8_t (&uuid)[VK_UUID_SIZE]) {
    const std::string name = "pipelines-" + uuidHex(uuid) + ".bin";
    if (const char* env = config::get("DDIVK_PIPELINE_CACHE"); env && *env) {
        if (isOff(env)) return {};
        std::error_code ec;
        return fs::is_directory(env, ec) ? fs::path(env) / name : fs::path(env);
    }
    const fs::path base = userCacheDirectory();
    if (base.empty()) {
        DDIVK_INFO("pipeline cache: no user cache directory (HOME, XDG_CACHE_HOME), kept in memory only");
        return {};
    }
    return base / "ddivk" / name;
}

std::span<const uint8_t> validCacheData(std::span<const uint8_t> file,
                                        const VkPhysicalDeviceProperties& device) {
    if (rejectReason(file, device)) return {};
    return file.first(file.size() - kTrailerSize);
}

PipelineCacheFile::PipelineCacheFile(const Device& device)
    : PipelineCacheFile(device, pipelineCachePath(device.properties().pipelineCacheUUID)) {}

PipelineCacheFile::PipelineCacheFile(const Device& device, fs::path path)
    : device_(device), path_(std::move(path)) {
    std::vector<uint8_t> file;
    std::span<const uint8_t> data;
    if (!path_.empty()) {
        file = readFile(path_);
        if (const char* reason = file.empty() ? "absent or empty" : rejectReason(file, device.properties()))
            DDIVK_INFO("pipeline cache %s ignored: %s", path_.string().c_str(), reason);
        else
            data = validCacheData(file, device.properties());
    }
    VkPipelineCacheCreateInfo info{VK_STRUCTURE_TYPE_PIPELINE_CACHE_CREATE_INFO};
    info.initialDataSize = data.size();
    info.pInitialData = data.data();
    if (!data.empty() && vkCreatePipelineCache(device.handle(), &info, nullptr, &cache_) == VK_SUCCESS) {
        loaded_ = true;
        savedHash_ = hashBytes(data);
        return;
    }
    if (!data.empty()) DDIVK_INFO("pipeline cache %s ignored: the driver refused it", path_.string().c_str());
    info.initialDataSize = 0;
    info.pInitialData = nullptr;
    check(vkCreatePipelineCache(device.handle(), &info, nullptr, &cache_), "vkCreatePipelineCache");
}

PipelineCacheFile::~PipelineCacheFile() {
    save();
    vkDestroyPipelineCache(device_.handle(), cache_, nullptr);
}

bool PipelineCacheFile::save() noexcept {
    if (path_.empty()) return false;
    try {
        std::vector<uint8_t> data;
        VkResult result;
        do { // the cache may grow between the two calls
            size_t size = 0;
            check(vkGetPipelineCacheData(device_.handle(), cache_, &size, nullptr), "vkGetPipelineCacheData");
            data.resize(size);
            result = vkGetPipelineCacheData(device_.handle(), cache_, &size, data.data());
            data.resize(size);
        } while (result == VK_INCOMPLETE);
        check(result, "vkGetPipelineCacheData");
        const uint64_t hash = hashBytes(data);
        if (hash == savedHash_) return true;
        if (std::string error = writeAtomically(path_, data); !error.empty())
            return saveFailed(error.c_str());
        savedHash_ = hash;
        return true;
    } catch (const std::exception& e) {
        return saveFailed(e.what());
    }
}

bool PipelineCacheFile::saveFailed(const char* why) noexcept {
    if (warned_)
        DDIVK_DEBUG("pipeline cache not saved: %s", why);
    else
        DDIVK_WARN("pipeline cache not saved: %s", why);
    warned_ = true;
    return false;
}

} // namespace ddivk::vk

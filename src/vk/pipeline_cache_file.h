// The Vulkan pipeline cache, kept on disk between runs. The file is what vkGetPipelineCacheData
// returns followed by a 16-byte trailer (magic and a hash of the data), written to a temporary
// file and renamed over the old one. A missing, truncated, corrupt or foreign file (another
// device or driver: the VkPipelineCacheHeaderVersionOne fields) is ignored with one info log.
//
// Where (pipelineCachePath): DDIVK_PIPELINE_CACHE when set ("0" or "off": memory only; an
// existing directory: the default file name inside it); else the user's cache directory
// ($XDG_CACHE_HOME or ~/.cache; %LOCALAPPDATA% on Windows) /ddivk/pipelines-<UUID hex>.bin.
#pragma once

#include <volk.h>

#include <cstdint>
#include <filesystem>
#include <span>

namespace ddivk::vk {

class Device;

// The file for a device with this pipelineCacheUUID; empty when the disk is off or no cache
// directory is known.
std::filesystem::path pipelineCachePath(const uint8_t (&uuid)[VK_UUID_SIZE]);

// The Vulkan cache data inside `file` (the file's bytes) when the trailer checks and the header
// names this device; an empty span otherwise.
std::span<const uint8_t> validCacheData(std::span<const uint8_t> file,
                                        const VkPhysicalDeviceProperties& device);

class PipelineCacheFile {
  public:
    // The file from pipelineCachePath().
    explicit PipelineCacheFile(const Device& device);
    // An explicit file; empty: memory only. Throws vk::Error only when vkCreatePipelineCache fails.
    PipelineCacheFile(const Device& device, std::filesystem::path path);
    ~PipelineCacheFile(); // saves, then destroys the cache: destroy it before the Device
    PipelineCacheFile(const PipelineCacheFile&) = delete;
    PipelineCacheFile& operator=(const PipelineCacheFile&) = delete;

    VkPipelineCache handle() const { return cache_; }
    const std::filesystem::path& path() const { return path_; }
    // Whether the cache started from the file's data.
    bool loaded() const { return loaded_; }

    // Writes the cache to the file unless it holds the same data already. Errors log a warning
    // (the first; later ones at debug level); returns whether the file now holds the cache.
    // Never throws. One thread at a time; pipeline creation may go on meanwhile.
    bool save() noexcept;

  private:
    bool saveFailed(const char* why) noexcept; // logs; returns false

    const Device& device_;
    std::filesystem::path path_;
    VkPipelineCache cache_ = VK_NULL_HANDLE;
    bool loaded_ = false;
    uint64_t savedHash_ = 0; // hash of the data the file holds (0: unknown)
    bool warned_ = false;    // a save failed and said so
};

} // namespace ddivk::vk

// D3D9 sampler states (D3DSAMP_*) to Vulkan samplers: a padding-free key computed from the
// state of one sampler, and a cache that creates each distinct VkSampler once.
// D3DSAMP_SRGBTEXTURE is not part of the key: it selects the image view's format, not the sampler.
#pragma once

#include "draw/byte_hash.h"

#include <volk.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <unordered_map>

#include "state/device_state.h"

namespace ddivk::vk {
class Device;
}

namespace ddivk::draw {

// What the device lets a sampler use (from vk::Caps and the limits; samplerSupport()).
struct SamplerSupport {
    bool mirrorClampToEdge = false; // VK_KHR_sampler_mirror_clamp_to_edge: D3DTADDRESS_MIRRORONCE
    bool customBorderColor = false; // VK_EXT_custom_border_color, usable without a format
    float maxAnisotropy = 0.0f;     // 0: samplerAnisotropy is not enabled
    float maxLodBias = 0.0f;        // VkPhysicalDeviceLimits::maxSamplerLodBias
    uint32_t maxSamplers = 4000;    // VkPhysicalDeviceLimits::maxSamplerAllocationCount
    uint32_t maxCustomBorderSamplers = 0;
    // DDIVK_SAMPLER_ANISOTROPY (1-16; 0: unset): the anisotropy of every filtered texture
    // (minification LINEAR or ANISOTROPIC) in place of the program's, a player's quality choice.
    float forcedAnisotropy = 0.0f;
};
// The device's support, and DDIVK_SAMPLER_ANISOTROPY (read here, when a device is made).
SamplerSupport samplerSupport(const vk::Device& device);

// Everything that selects a VkSampler. Vulkan enum values; compares and hashes as bytes.
struct SamplerKey {
    uint8_t addressU = VK_SAMPLER_ADDRESS_MODE_REPEAT; // VkSamplerAddressMode
    uint8_t addressV = VK_SAMPLER_ADDRESS_MODE_REPEAT;
    uint8_t addressW = VK_SAMPLER_ADDRESS_MODE_REPEAT;
    uint8_t magFilter = VK_FILTER_NEAREST; // VkFilter
    uint8_t minFilter = VK_FILTER_NEAREST;
    uint8_t mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST; // VkSamplerMipmapMode
    uint8_t anisotropyEnable = 0;
    // Set by the caller, not by sampler states: the bound texture is a depth format that D3D9
    // samples as a shadow map (the translator's shadowSamplers): compare LESS_OR_EQUAL.
    uint8_t depthCompare = 0;
    uint32_t borderColor = VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK; // VkBorderColor
    uint32_t customBorder = 0; // the D3DCOLOR when borderColor is FLOAT_CUSTOM_EXT, else 0
    float mipLodBias = 0.0f;
    float minLod = 0.0f;
    float maxLod = 0.0f;
    float maxAnisotropy = 1.0f; // 1 unless anisotropyEnable

    bool operator==(const SamplerKey& o) const { return std::memcmp(this, &o, sizeof(*this)) == 0; }
};
static_assert(sizeof(SamplerKey) == 32, "SamplerKey must stay padding-free: it hashes as bytes");

// FNV-1a over the key's bytes.
struct SamplerKeyHash {
    size_t operator()(const SamplerKey& k) const {
        return hashBytes(k);
    }
};

// The key for sampler `index` (a dense index into DeviceState::samplerStates: state::samplerIndex
// of the API's sampler number). Values out of range read as the D3D9 default; what the device
// lacks falls back (MIRRORONCE to MIRROR, the nearest built-in border colour) with one warning.
SamplerKey samplerKey(const state::DeviceState& state, uint32_t index, const SamplerSupport& support,
                      uint32_t textureLod = 0);

// D3DSAMP_SRGBTEXTURE of sampler `index`: the image view reads the texture as sRGB.
bool samplerReadsSrgb(const state::DeviceState& state, uint32_t index);

// The built-in Vulkan border colour nearest to a D3DCOLOR (transparent black, opaque black,
// opaque white), or FLOAT_CUSTOM_EXT when `custom` and the colour is none of those.
VkBorderColor borderColorFor(uint32_t d3dColor, bool custom);

// VkSamplers by key, created on first use and destroyed with the cache.
// Limits: past kTrimThreshold samplers, trimIfFull() (called by the owner when the GPU uses no
// sampler of this cache, e.g. after a full wait) destroys them all. Should a program reach the
// device's allocation limit before that, get() answers the latest sampler with one warning;
// past the custom-border-colour limit, new custom colours take the nearest built-in one.
// One cache per VkDevice (the limits are the device's); not synchronised.
class SamplerCache {
  public:
    static constexpr uint32_t kTrimThreshold = 2048;

    SamplerCache(VkDevice device, const SamplerSupport& support);
    ~SamplerCache();
    SamplerCache(const SamplerCache&) = delete;
    SamplerCache& operator=(const SamplerCache&) = delete;

    // The sampler for key, created on first use. Throws vk::Error when creation fails.
    VkSampler get(const SamplerKey& key);
    // Destroys every sampler when more than kTrimThreshold exist; the GPU must be done with them.
    bool trimIfFull();

    uint32_t size() const { return uint32_t(samplers_.size()); }
    // Samplers created so far (not lookups), trims included.
    uint64_t createdCount() const { return created_; }

  private:
    VkSampler create(const SamplerKey& key) const;
    void destroyAll();
    VkSampler remember(const SamplerKey& requested, VkSampler sampler);

    // The last samplers answered, by requested key: a draw asks for each bound texture's
    // sampler and most frames use a few, so get() compares with these first, a sixth of the
    // cost of hashing and probing the map (BM_SamplerLookup). Cleared with the map.
    struct Recent {
        SamplerKey key;
        VkSampler sampler = VK_NULL_HANDLE;
    };
    std::array<Recent, 4> recent_{};
    uint32_t nextRecent_ = 0;

    VkDevice device_;
    SamplerSupport support_;
    uint32_t hardLimit_; // samplers this cache may hold at once
    uint32_t customBorders_ = 0;
    std::unordered_map<SamplerKey, VkSampler, SamplerKeyHash> samplers_;
    VkSampler last_ = VK_NULL_HANDLE;
    uint64_t created_ = 0;
};

} // namespace ddivk::draw

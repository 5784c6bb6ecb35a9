#include "draw/sampler_state.h"

#include <algorithm>
#include <cmath>

#include "util/config_values.h"
#include "util/log.h"
#include "vk/device.h"
#include "vk/error.h"

namespace ddivk::draw {
namespace {

constexpr uint32_t kNoRow = ~0u;

// D3DTEXTUREADDRESS -> VkSamplerAddressMode ("D3DTEXTUREADDRESS enumeration"). MIRRORONCE
// mirrors once about zero, then clamps: MIRROR_CLAMP_TO_EDGE where the device has it.
constexpr uint32_t kAddressModes[] = {
    kNoRow,                                       // 0: invalid
    VK_SAMPLER_ADDRESS_MODE_REPEAT,               // D3DTADDRESS_WRAP
    VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT,      // D3DTADDRESS_MIRROR
    VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,        // D3DTADDRESS_CLAMP
    VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER,      // D3DTADDRESS_BORDER
    VK_SAMPLER_ADDRESS_MODE_MIRROR_CLAMP_TO_EDGE, // D3DTADDRESS_MIRRORONCE
};

// D3DTEXTUREFILTERTYPE as MAGFILTER/MINFILTER -> VkFilter. ANISOTROPIC is linear plus
// anisotropy; the quad and cubic kernels have no Vulkan equivalent: linear, the nearest.
constexpr uint32_t kFilters[] = {
    kNoRow,            // D3DTEXF_NONE: not a magnification or minification filter
    VK_FILTER_NEAREST, // D3DTEXF_POINT
    VK_FILTER_LINEAR,  // D3DTEXF_LINEAR
    VK_FILTER_LINEAR,  // D3DTEXF_ANISOTROPIC
    VK_FILTER_LINEAR,  // D3DTEXF_FLATCUBIC
    VK_FILTER_LINEAR,  // D3DTEXF_GAUSSIANCUBIC
    VK_FILTER_LINEAR,  // D3DTEXF_PYRAMIDALQUAD
    VK_FILTER_LINEAR,  // D3DTEXF_GAUSSIANQUAD
};

// D3DTEXTUREFILTERTYPE as MIPFILTER -> VkSamplerMipmapMode; kNoMips: D3DTEXF_NONE, the lod is
// clamped to the top level. Smoothing filters blend levels, as LINEAR does.
constexpr uint32_t kNoMips = 0xFFFF;
constexpr uint32_t kMipFilters[] = {
    kNoMips,                        // D3DTEXF_NONE
    VK_SAMPLER_MIPMAP_MODE_NEAREST, // D3DTEXF_POINT
    VK_SAMPLER_MIPMAP_MODE_LINEAR,  // D3DTEXF_LINEAR
    VK_SAMPLER_MIPMAP_MODE_LINEAR,  // D3DTEXF_ANISOTROPIC
    VK_SAMPLER_MIPMAP_MODE_LINEAR,  // D3DTEXF_FLATCUBIC
    VK_SAMPLER_MIPMAP_MODE_LINEAR,  // D3DTEXF_GAUSSIANCUBIC
    VK_SAMPLER_MIPMAP_MODE_LINEAR,  // D3DTEXF_PYRAMIDALQUAD
    VK_SAMPLER_MIPMAP_MODE_LINEAR,  // D3DTEXF_GAUSSIANQUAD
};

// D3D9 textures have at most 15 levels (16384 texels); deeper MAXMIPLEVEL values read the same.
constexpr uint32_t kMaxMipLevel = 15;

// Row `value` of `table`, or the row of `fallback` (the D3D9 default) when out of range.
template <size_t N> uint32_t lookup(const uint32_t (&table)[N], uint32_t value, uint32_t fallback) {
    if (value < N && table[value] != kNoRow) return table[value];
    return table[fallback];
}

uint8_t addressMode(uint32_t value, const SamplerSupport& support) {
    const uint32_t mode = lookup(kAddressModes, value, D3DTADDRESS_WRAP);
    if (mode == VK_SAMPLER_ADDRESS_MODE_MIRROR_CLAMP_TO_EDGE && !support.mirrorClampToEdge) {
        DDIVK_WARN_ONCE("D3DTADDRESS_MIRRORONCE without VK_KHR_sampler_mirror_clamp_to_edge: mirrored "
                        "repeat instead");
        return VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT;
    }
    return uint8_t(mode);
}

float bitsToFloat(uint32_t bits) {
    float f;
    std::memcpy(&f, &bits, sizeof(f));
    return f;
}

// D3DCOLOR (A8R8G8B8) channel `shift` as 0..1.
float channel(uint32_t color, int shift) {
    return float((color >> shift) & 0xFF) / 255.0f;
}

} // namespace

SamplerSupport samplerSupport(const vk::Device& device) {
    const vk::Caps& caps = device.caps();
    SamplerSupport s;
    s.mirrorClampToEdge = caps.samplerMirrorClampToEdge;
    s.customBorderColor = caps.customBorderColor && caps.customBorderColorWithoutFormat;
    s.maxAnisotropy = caps.coreFeatures.samplerAnisotropy ? device.limits().maxSamplerAnisotropy : 0.0f;
    s.maxLodBias = device.limits().maxSamplerLodBias;
    s.maxSamplers = device.limits().maxSamplerAllocationCount;
    s.maxCustomBorderSamplers = s.customBorderColor ? caps.maxCustomBorderColorSamplers : 0;
    s.forcedAnisotropy = float(std::round(config::getNumber("DDIVK_SAMPLER_ANISOTROPY", 0, 16).value_or(0)));
    return s;
}

VkBorderColor borderColorFor(uint32_t d3dColor, bool custom) {
    struct Builtin {
        uint32_t d3dColor;
        VkBorderColor vk;
    };
    static constexpr Builtin builtins[] = {{0x00000000u, VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK},
                                           {0xFF000000u, VK_BORDER_COLOR_FLOAT_OPAQUE_BLACK},
                                           {0xFFFFFFFFu, VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE}};
    for (const Builtin& b : builtins)
        if (b.d3dColor == d3dColor) return b.vk;
    if (custom) return VK_BORDER_COLOR_FLOAT_CUSTOM_EXT;
    // Nearest in RGBA (squared distance).
    auto distance = [&](uint32_t other) {
        float sum = 0;
        for (int shift : {0, 8, 16, 24}) {
            const float d = channel(d3dColor, shift) - channel(other, shift);
            sum += d * d;
        }
        return sum;
    };
    const Builtin* best = &builtins[0];
    for (const Builtin& b : builtins)
        if (distance(b.d3dColor) < distance(best->d3dColor)) best = &b;
    return best->vk;
}

SamplerKey samplerKey(const state::DeviceState& state, uint32_t index, const SamplerSupport& support,
                      uint32_t textureLod) {
    const auto& s = state.samplerStates[index];
    SamplerKey k;
    k.addressU = addressMode(s[D3DSAMP_ADDRESSU], support);
    k.addressV = addressMode(s[D3DSAMP_ADDRESSV], support);
    k.addressW = addressMode(s[D3DSAMP_ADDRESSW], support);
    if (k.addressU == VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER ||
        k.addressV == VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER ||
        k.addressW == VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER) { // else the colour is unused: keep keys equal
        const uint32_t color = s[D3DSAMP_BORDERCOLOR];
        k.borderColor = borderColorFor(color, support.customBorderColor);
        if (k.borderColor == VK_BORDER_COLOR_FLOAT_CUSTOM_EXT)
            k.customBorder = color;
        else if (borderColorFor(color, true) == VK_BORDER_COLOR_FLOAT_CUSTOM_EXT)
            DDIVK_WARN_ONCE("D3DSAMP_BORDERCOLOR 0x%08x without VK_EXT_custom_border_color: the nearest of "
                            "transparent black, opaque black and opaque white instead",
                            color);
    }

    k.magFilter = uint8_t(lookup(kFilters, s[D3DSAMP_MAGFILTER], D3DTEXF_POINT));
    k.minFilter = uint8_t(lookup(kFilters, s[D3DSAMP_MINFILTER], D3DTEXF_POINT));
    // DDIVK_SAMPLER_ANISOTROPY applies to filtered textures only: POINT minification stays sharp
    // (pixel art, text).
    const bool forced = support.forcedAnisotropy > 0.0f && (s[D3DSAMP_MINFILTER] == D3DTEXF_LINEAR ||
                                                            s[D3DSAMP_MINFILTER] == D3DTEXF_ANISOTROPIC);
    const bool anisotropic =
        forced || s[D3DSAMP_MAGFILTER] == D3DTEXF_ANISOTROPIC || s[D3DSAMP_MINFILTER] == D3DTEXF_ANISOTROPIC;
    if (anisotropic && support.maxAnisotropy >= 1.0f) {
        const float wanted =
            forced ? support.forcedAnisotropy : float(std::max(s[D3DSAMP_MAXANISOTROPY], 1u));
        k.maxAnisotropy = std::clamp(wanted, 1.0f, support.maxAnisotropy);
        k.anisotropyEnable = k.maxAnisotropy > 1.0f; // one sample: plain linear, one sampler less
        if (!k.anisotropyEnable) k.maxAnisotropy = 1.0f;
    }

    // The most detailed level used: the texture's LOD (SetLOD) and MAXMIPLEVEL, the larger of
    // them. MIPFILTER NONE samples the LOD's level only: Windows ignores MAXMIPLEVEL there
    // (Wine's maxmip_test).
    const uint32_t mips = lookup(kMipFilters, s[D3DSAMP_MIPFILTER], D3DTEXF_NONE);
    const uint32_t maxMip = mips == kNoMips ? 0u : s[D3DSAMP_MAXMIPLEVEL];
    const float top = float(std::min(std::max(maxMip, textureLod), kMaxMipLevel));
    k.minLod = top;
    if (mips == kNoMips) {
        k.mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST;
        k.maxLod = top;
    } else {
        k.mipmapMode = uint8_t(mips);
        k.maxLod = VK_LOD_CLAMP_NONE;
    }
    const float bias = bitsToFloat(s[D3DSAMP_MIPMAPLODBIAS]);
    k.mipLodBias = std::isfinite(bias) ? std::clamp(bias, -support.maxLodBias, support.maxLodBias) : 0.0f;
    if (k.mipLodBias == 0.0f) k.mipLodBias = 0.0f; // -0 and +0: one key
    return k;
}

bool samplerReadsSrgb(const state::DeviceState& state, uint32_t index) {
    return state.samplerStates[index][D3DSAMP_SRGBTEXTURE] != 0;
}

SamplerCache::SamplerCache(VkDevice device, const SamplerSupport& support)
    : device_(device), support_(support), hardLimit_(std::max(support.maxSamplers / 4 * 3, 1u)) {}

SamplerCache::~SamplerCache() {
    destroyAll();
}

VkSampler SamplerCache::get(const SamplerKey& requested) {
    for (const Recent& r : recent_)
        if (r.sampler != VK_NULL_HANDLE && r.key == requested) return last_ = r.sampler;
    SamplerKey key = requested;
    if (key.borderColor == VK_BORDER_COLOR_FLOAT_CUSTOM_EXT &&
        customBorders_ >= support_.maxCustomBorderSamplers && !samplers_.count(key)) {
        DDIVK_WARN_ONCE("more than %u custom border colours: the nearest built-in colour instead",
                        support_.maxCustomBorderSamplers);
        key.borderColor = borderColorFor(key.customBorder, false);
        key.customBorder = 0;
    }
    auto it = samplers_.find(key);
    if (it != samplers_.end()) return remember(requested, it->second);
    if (samplers_.size() >= hardLimit_ && last_ != VK_NULL_HANDLE) {
        DDIVK_WARN_ONCE("%u distinct samplers in use before the GPU went idle: reusing the latest one",
                        hardLimit_);
        return last_;
    }
    VkSampler sampler = create(key); // may throw: nothing recorded
    samplers_.emplace(key, sampler);
    if (key.borderColor == VK_BORDER_COLOR_FLOAT_CUSTOM_EXT) ++customBorders_;
    ++created_;
    return remember(requested, sampler);
}

// (Not the device-limit answer above: another key's sampler, for as long as the limit holds.)
VkSampler SamplerCache::remember(const SamplerKey& requested, VkSampler sampler) {
    recent_[nextRecent_++ % recent_.size()] = {requested, sampler};
    return last_ = sampler;
}

bool SamplerCache::trimIfFull() {
    if (samplers_.size() <= kTrimThreshold) return false;
    DDIVK_INFO("sampler cache: %zu samplers, destroying them all", samplers_.size());
    destroyAll();
    return true;
}

void SamplerCache::destroyAll() {
    for (auto& [key, sampler] : samplers_)
        vkDestroySampler(device_, sampler, nullptr);
    samplers_.clear();
    customBorders_ = 0;
    last_ = VK_NULL_HANDLE;
    recent_ = {};
}

VkSampler SamplerCache::create(const SamplerKey& k) const {
    VkSamplerCreateInfo info{VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO};
    info.magFilter = VkFilter(k.magFilter);
    info.minFilter = VkFilter(k.minFilter);
    info.mipmapMode = VkSamplerMipmapMode(k.mipmapMode);
    info.addressModeU = VkSamplerAddressMode(k.addressU);
    info.addressModeV = VkSamplerAddressMode(k.addressV);
    info.addressModeW = VkSamplerAddressMode(k.addressW);
    info.mipLodBias = k.mipLodBias;
    info.anisotropyEnable = k.anisotropyEnable ? VK_TRUE : VK_FALSE;
    info.maxAnisotropy = k.maxAnisotropy;
    info.compareEnable = k.depthCompare ? VK_TRUE : VK_FALSE;
    info.compareOp = k.depthCompare ? VK_COMPARE_OP_LESS_OR_EQUAL : VK_COMPARE_OP_NEVER;
    info.minLod = k.minLod;
    info.maxLod = k.maxLod;
    info.borderColor = VkBorderColor(k.borderColor);
    VkSamplerCustomBorderColorCreateInfoEXT custom{
        VK_STRUCTURE_TYPE_SAMPLER_CUSTOM_BORDER_COLOR_CREATE_INFO_EXT};
    if (k.borderColor == VK_BORDER_COLOR_FLOAT_CUSTOM_EXT) {
        custom.customBorderColor.float32[0] = channel(k.customBorder, 16);
        custom.customBorderColor.float32[1] = channel(k.customBorder, 8);
        custom.customBorderColor.float32[2] = channel(k.customBorder, 0);
        custom.customBorderColor.float32[3] = channel(k.customBorder, 24);
        custom.format = VK_FORMAT_UNDEFINED; // customBorderColorWithoutFormat (samplerSupport)
        info.pNext = &custom;
    }
    VkSampler sampler = VK_NULL_HANDLE;
    vk::check(vkCreateSampler(device_, &info, nullptr, &sampler), "vkCreateSampler");
    return sampler;
}

} // namespace ddivk::draw

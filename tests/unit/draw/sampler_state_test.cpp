// D3D9 sampler states to Vulkan samplers: every D3D value to its Vulkan value, the defaults,
// what the device may lack, the cache on the real device, and the texels each address mode
// picks, sampled on the GPU against D3D9's rules computed here.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <set>
#include <tuple>
#include <vector>

#include "draw/sampler_state.h"
#include "shader/assembler.h"
#include "shader/decoder.h"
#include "shader/translate/translator.h"
#include "support/shader_runner.h"
#include "support/vk_test.h"
#include "util/log.h"

namespace ddivk::draw {
namespace {

// A device with everything, and one with nothing optional.
SamplerSupport fullSupport() {
    SamplerSupport s;
    s.mirrorClampToEdge = true;
    s.customBorderColor = true;
    s.maxAnisotropy = 16.0f;
    s.maxLodBias = 15.0f;
    s.maxSamplers = 4000;
    s.maxCustomBorderSamplers = 4000;
    return s;
}
SamplerSupport bareSupport() {
    SamplerSupport s = fullSupport();
    s.mirrorClampToEdge = s.customBorderColor = false;
    s.maxAnisotropy = 0.0f;
    s.maxCustomBorderSamplers = 0;
    return s;
}

state::DeviceState defaults() {
    state::DeviceState s;
    state::setDefaults(s, {});
    return s;
}

uint32_t floatBits(float f) {
    uint32_t u;
    std::memcpy(&u, &f, 4);
    return u;
}

// The key of sampler 0 after setting one sampler state.
SamplerKey keyWith(uint32_t type, uint32_t value, const SamplerSupport& support = fullSupport()) {
    state::DeviceState s = defaults();
    s.samplerStates[0][type] = value;
    return samplerKey(s, 0, support);
}

TEST(SamplerState, DefaultStateGivesTheDefaultKey) {
    const state::DeviceState s = defaults();
    for (uint32_t i = 0; i < state::kSamplerCount; ++i) {
        const SamplerKey k = samplerKey(s, i, fullSupport());
        EXPECT_EQ(k, SamplerKey{}) << "sampler " << i;
        EXPECT_EQ(k.addressU, VK_SAMPLER_ADDRESS_MODE_REPEAT);
        EXPECT_EQ(k.magFilter, VK_FILTER_NEAREST);
        EXPECT_EQ(k.minFilter, VK_FILTER_NEAREST);
        EXPECT_EQ(k.minLod, 0.0f); // MIPFILTER NONE: level 0 only
        EXPECT_EQ(k.maxLod, 0.0f);
        EXPECT_EQ(k.anisotropyEnable, 0);
        EXPECT_EQ(k.borderColor, uint32_t(VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK));
        EXPECT_FALSE(samplerReadsSrgb(s, i));
    }
}

TEST(SamplerState, AddressModesMapEveryD3DValue) {
    const std::pair<uint32_t, VkSamplerAddressMode> rows[] = {
        {D3DTADDRESS_WRAP, VK_SAMPLER_ADDRESS_MODE_REPEAT},
        {D3DTADDRESS_MIRROR, VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT},
        {D3DTADDRESS_CLAMP, VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE},
        {D3DTADDRESS_BORDER, VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER},
        {D3DTADDRESS_MIRRORONCE, VK_SAMPLER_ADDRESS_MODE_MIRROR_CLAMP_TO_EDGE},
        {0, VK_SAMPLER_ADDRESS_MODE_REPEAT}, // out of range: the default, WRAP
        {6, VK_SAMPLER_ADDRESS_MODE_REPEAT},
        {0xFFFFFFFFu, VK_SAMPLER_ADDRESS_MODE_REPEAT},
    };
    for (const auto& [d3d, vk] : rows) {
        const SamplerKey u = keyWith(D3DSAMP_ADDRESSU, d3d), v = keyWith(D3DSAMP_ADDRESSV, d3d),
                         w = keyWith(D3DSAMP_ADDRESSW, d3d);
        EXPECT_EQ(u.addressU, vk) << d3d;
        EXPECT_EQ(v.addressV, vk) << d3d;
        EXPECT_EQ(w.addressW, vk) << d3d;
        // Each coordinate is its own state.
        EXPECT_EQ(u.addressV, VK_SAMPLER_ADDRESS_MODE_REPEAT);
        EXPECT_EQ(v.addressW, VK_SAMPLER_ADDRESS_MODE_REPEAT);
        EXPECT_EQ(w.addressU, VK_SAMPLER_ADDRESS_MODE_REPEAT);
    }
}

TEST(SamplerState, MirrorOnceWithoutTheExtensionMirrors) {
    const log::Level level = log::level();
    log::setLevel(log::Level::None); // the fallback's warning is expected
    EXPECT_EQ(keyWith(D3DSAMP_ADDRESSU, D3DTADDRESS_MIRRORONCE, bareSupport()).addressU,
              VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT);
    log::setLevel(level);
}

TEST(SamplerState, FiltersMapEveryD3DValue) {
    const std::pair<uint32_t, VkFilter> rows[] = {
        {D3DTEXF_POINT, VK_FILTER_NEAREST},
        {D3DTEXF_LINEAR, VK_FILTER_LINEAR},
        {D3DTEXF_ANISOTROPIC, VK_FILTER_LINEAR},
        {D3DTEXF_FLATCUBIC, VK_FILTER_LINEAR},
        {D3DTEXF_GAUSSIANCUBIC, VK_FILTER_LINEAR},
        {D3DTEXF_PYRAMIDALQUAD, VK_FILTER_LINEAR},
        {D3DTEXF_GAUSSIANQUAD, VK_FILTER_LINEAR},
        {D3DTEXF_NONE, VK_FILTER_NEAREST}, // invalid: POINT
        {8, VK_FILTER_NEAREST},
        {0xFFFFFFFFu, VK_FILTER_NEAREST},
    };
    for (const auto& [d3d, vk] : rows) {
        EXPECT_EQ(keyWith(D3DSAMP_MAGFILTER, d3d).magFilter, vk) << d3d;
        EXPECT_EQ(keyWith(D3DSAMP_MINFILTER, d3d).minFilter, vk) << d3d;
        EXPECT_EQ(keyWith(D3DSAMP_MAGFILTER, d3d).minFilter, VK_FILTER_NEAREST) << d3d;
    }
}

TEST(SamplerState, AnisotropyIsClampedToTheDevice) {
    auto key = [](uint32_t filterType, uint32_t filter, uint32_t maxAnisotropy,
                  const SamplerSupport& support) {
        state::DeviceState s = defaults();
        s.samplerStates[0][filterType] = filter;
        s.samplerStates[0][D3DSAMP_MAXANISOTROPY] = maxAnisotropy;
        return samplerKey(s, 0, support);
    };
    const SamplerKey eight = key(D3DSAMP_MINFILTER, D3DTEXF_ANISOTROPIC, 8, fullSupport());
    EXPECT_EQ(eight.anisotropyEnable, 1);
    EXPECT_EQ(eight.maxAnisotropy, 8.0f);
    EXPECT_EQ(eight.minFilter, VK_FILTER_LINEAR);
    EXPECT_EQ(key(D3DSAMP_MAGFILTER, D3DTEXF_ANISOTROPIC, 8, fullSupport()).anisotropyEnable, 1);
    EXPECT_EQ(key(D3DSAMP_MINFILTER, D3DTEXF_ANISOTROPIC, 64, fullSupport()).maxAnisotropy, 16.0f);
    SamplerSupport four = fullSupport();
    four.maxAnisotropy = 4.0f;
    EXPECT_EQ(key(D3DSAMP_MINFILTER, D3DTEXF_ANISOTROPIC, 8, four).maxAnisotropy, 4.0f);
    // One sample (or 0, read as 1) is plain linear filtering.
    for (uint32_t one : {0u, 1u}) {
        const SamplerKey k = key(D3DSAMP_MINFILTER, D3DTEXF_ANISOTROPIC, one, fullSupport());
        EXPECT_EQ(k.anisotropyEnable, 0);
        EXPECT_EQ(k.maxAnisotropy, 1.0f);
    }
    // Only the ANISOTROPIC filter asks for it; a device without samplerAnisotropy never has it.
    EXPECT_EQ(key(D3DSAMP_MINFILTER, D3DTEXF_LINEAR, 8, fullSupport()).anisotropyEnable, 0);
    const SamplerKey bare = key(D3DSAMP_MINFILTER, D3DTEXF_ANISOTROPIC, 8, bareSupport());
    EXPECT_EQ(bare.anisotropyEnable, 0);
    EXPECT_EQ(bare.maxAnisotropy, 1.0f);
    EXPECT_EQ(bare.minFilter, VK_FILTER_LINEAR);
}

// DDIVK_SAMPLER_ANISOTROPY: every texture minified with LINEAR or ANISOTROPIC gets the player's
// anisotropy, clamped to the device; POINT minification and devices without anisotropy keep theirs.
TEST(SamplerState, ForcedAnisotropyFiltersEveryFilteredTexture) {
    auto key = [](uint32_t minFilter, uint32_t maxAnisotropy, float forced, float deviceMax) {
        state::DeviceState s = defaults();
        s.samplerStates[0][D3DSAMP_MINFILTER] = minFilter;
        s.samplerStates[0][D3DSAMP_MAXANISOTROPY] = maxAnisotropy;
        SamplerSupport support = fullSupport();
        support.maxAnisotropy = deviceMax;
        support.forcedAnisotropy = forced;
        return samplerKey(s, 0, support);
    };
    const SamplerKey linear = key(D3DTEXF_LINEAR, 1, 16, 16);
    EXPECT_EQ(linear.anisotropyEnable, 1);
    EXPECT_EQ(linear.maxAnisotropy, 16.0f);
    EXPECT_EQ(linear.minFilter, VK_FILTER_LINEAR);
    EXPECT_EQ(key(D3DTEXF_ANISOTROPIC, 2, 16, 16).maxAnisotropy, 16.0f); // the player's, not the program's
    EXPECT_EQ(key(D3DTEXF_LINEAR, 1, 4, 16).maxAnisotropy, 4.0f);
    EXPECT_EQ(key(D3DTEXF_LINEAR, 1, 16, 8).maxAnisotropy, 8.0f); // the device's limit
    // 1: one sample, so no anisotropy even where the program asked for it.
    const SamplerKey one = key(D3DTEXF_ANISOTROPIC, 8, 1, 16);
    EXPECT_EQ(one.anisotropyEnable, 0);
    EXPECT_EQ(one.maxAnisotropy, 1.0f);
    const SamplerKey point = key(D3DTEXF_POINT, 1, 16, 16);
    EXPECT_EQ(point.anisotropyEnable, 0);
    EXPECT_EQ(point.minFilter, VK_FILTER_NEAREST);
    EXPECT_EQ(key(D3DTEXF_LINEAR, 1, 16, 0).anisotropyEnable, 0); // no samplerAnisotropy
    // Unset: the program's own filtering.
    EXPECT_EQ(key(D3DTEXF_LINEAR, 1, 0, 16).anisotropyEnable, 0);
    EXPECT_EQ(key(D3DTEXF_ANISOTROPIC, 2, 0, 16).maxAnisotropy, 2.0f);
}

// The option is read with the device's support; a value outside 0-16 is ignored.
TEST(SamplerState, ForcedAnisotropyComesFromTheOption) {
    ::setenv("DDIVK_SAMPLER_ANISOTROPY", "8", 1);
    EXPECT_EQ(samplerSupport(test::sharedDevice()).forcedAnisotropy, 8.0f);
    ::setenv("DDIVK_SAMPLER_ANISOTROPY", "32", 1);
    EXPECT_EQ(samplerSupport(test::sharedDevice()).forcedAnisotropy, 0.0f);
    ::unsetenv("DDIVK_SAMPLER_ANISOTROPY");
    EXPECT_EQ(samplerSupport(test::sharedDevice()).forcedAnisotropy, 0.0f);
}

// MIPFILTER NONE samples one level: the texture's LOD (SetLOD), whatever MAXMIPLEVEL says
// (Wine's maxmip_test records Windows drawing level 0 at MAXMIPLEVEL 0 to 3, level 1 at LOD 1).
TEST(SamplerState, MipFilterNoneSamplesTheTexturesLodLevelOnly) {
    state::DeviceState s = defaults();
    s.samplerStates[0][D3DSAMP_MAXMIPLEVEL] = 2;
    for (uint32_t none : {uint32_t(D3DTEXF_NONE), 8u, 0xFFFFFFFFu}) { // out of range: NONE
        s.samplerStates[0][D3DSAMP_MIPFILTER] = none;
        for (const uint32_t lod : {0u, 1u, 3u}) {
            const SamplerKey k = samplerKey(s, 0, fullSupport(), lod);
            EXPECT_EQ(k.minLod, float(lod)) << none;
            EXPECT_EQ(k.maxLod, float(lod)) << none;
            EXPECT_EQ(k.mipmapMode, VK_SAMPLER_MIPMAP_MODE_NEAREST) << none;
        }
    }
}

// With mipmapping the most detailed level is the larger of MAXMIPLEVEL and the texture's LOD
// (maxmip_test: POINT, MAXMIPLEVEL 1, LOD 2 draws level 2; MAXMIPLEVEL 2, LOD 1 level 2).
TEST(SamplerState, MipmappedTexturesStartAtTheLargerOfMaxMipLevelAndLod) {
    state::DeviceState s = defaults();
    s.samplerStates[0][D3DSAMP_MIPFILTER] = D3DTEXF_POINT;
    for (const auto& [maxMip, lod, top] : {std::tuple{1u, 2u, 2.0f}, {2u, 1u, 2.0f}, {0u, 0u, 0.0f}}) {
        s.samplerStates[0][D3DSAMP_MAXMIPLEVEL] = maxMip;
        const SamplerKey k = samplerKey(s, 0, fullSupport(), lod);
        EXPECT_EQ(k.minLod, top) << maxMip << " " << lod;
        EXPECT_EQ(k.maxLod, VK_LOD_CLAMP_NONE);
    }
}

TEST(SamplerState, MipFiltersMapEveryD3DValue) {
    const std::pair<uint32_t, VkSamplerMipmapMode> rows[] = {
        {D3DTEXF_POINT, VK_SAMPLER_MIPMAP_MODE_NEAREST},
        {D3DTEXF_LINEAR, VK_SAMPLER_MIPMAP_MODE_LINEAR},
        {D3DTEXF_ANISOTROPIC, VK_SAMPLER_MIPMAP_MODE_LINEAR},
        {D3DTEXF_FLATCUBIC, VK_SAMPLER_MIPMAP_MODE_LINEAR},
        {D3DTEXF_GAUSSIANCUBIC, VK_SAMPLER_MIPMAP_MODE_LINEAR},
        {D3DTEXF_PYRAMIDALQUAD, VK_SAMPLER_MIPMAP_MODE_LINEAR},
        {D3DTEXF_GAUSSIANQUAD, VK_SAMPLER_MIPMAP_MODE_LINEAR},
    };
    for (const auto& [d3d, vk] : rows) {
        const SamplerKey k = keyWith(D3DSAMP_MIPFILTER, d3d);
        EXPECT_EQ(k.mipmapMode, vk) << d3d;
        EXPECT_EQ(k.minLod, 0.0f) << d3d;
        EXPECT_EQ(k.maxLod, VK_LOD_CLAMP_NONE) << d3d;
    }
}

TEST(SamplerState, MaxMipLevelIsTheMostDetailedLevelUsed) {
    state::DeviceState s = defaults();
    s.samplerStates[0][D3DSAMP_MIPFILTER] = D3DTEXF_LINEAR;
    for (const auto& [d3d, lod] : {std::pair{0u, 0.0f}, {3u, 3.0f}, {15u, 15.0f}, {1000u, 15.0f}}) {
        s.samplerStates[0][D3DSAMP_MAXMIPLEVEL] = d3d;
        const SamplerKey k = samplerKey(s, 0, fullSupport());
        EXPECT_EQ(k.minLod, lod) << d3d;
        EXPECT_GE(k.maxLod, k.minLod) << d3d;
    }
}

TEST(SamplerState, LodBiasIsAFloatClampedToTheDevice) {
    EXPECT_EQ(keyWith(D3DSAMP_MIPMAPLODBIAS, floatBits(1.5f)).mipLodBias, 1.5f);
    EXPECT_EQ(keyWith(D3DSAMP_MIPMAPLODBIAS, floatBits(-0.25f)).mipLodBias, -0.25f);
    EXPECT_EQ(keyWith(D3DSAMP_MIPMAPLODBIAS, floatBits(100.0f)).mipLodBias, 15.0f);
    EXPECT_EQ(keyWith(D3DSAMP_MIPMAPLODBIAS, floatBits(-100.0f)).mipLodBias, -15.0f);
    EXPECT_EQ(keyWith(D3DSAMP_MIPMAPLODBIAS, floatBits(NAN)).mipLodBias, 0.0f);
    EXPECT_EQ(keyWith(D3DSAMP_MIPMAPLODBIAS, floatBits(INFINITY)).mipLodBias, 0.0f);
    EXPECT_EQ(keyWith(D3DSAMP_MIPMAPLODBIAS, floatBits(-0.0f)), SamplerKey{}); // one key for +-0
}

TEST(SamplerState, BorderColourIsExactWithTheExtension) {
    state::DeviceState s = defaults();
    s.samplerStates[0][D3DSAMP_BORDERCOLOR] = 0x80FF4020u;
    // Unused without a BORDER address mode: the key stays the default.
    EXPECT_EQ(samplerKey(s, 0, fullSupport()), SamplerKey{});
    s.samplerStates[0][D3DSAMP_ADDRESSV] = D3DTADDRESS_BORDER;
    const SamplerKey k = samplerKey(s, 0, fullSupport());
    EXPECT_EQ(k.borderColor, uint32_t(VK_BORDER_COLOR_FLOAT_CUSTOM_EXT));
    EXPECT_EQ(k.customBorder, 0x80FF4020u);
    // The three built-in colours need no custom sampler.
    const std::pair<uint32_t, VkBorderColor> builtins[] = {
        {0x00000000u, VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK},
        {0xFF000000u, VK_BORDER_COLOR_FLOAT_OPAQUE_BLACK},
        {0xFFFFFFFFu, VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE}};
    for (const auto& [d3d, vk] : builtins) {
        s.samplerStates[0][D3DSAMP_BORDERCOLOR] = d3d;
        const SamplerKey b = samplerKey(s, 0, fullSupport());
        EXPECT_EQ(b.borderColor, uint32_t(vk)) << std::hex << d3d;
        EXPECT_EQ(b.customBorder, 0u);
    }
}

TEST(SamplerState, BorderColourTakesTheNearestBuiltInWithoutTheExtension) {
    const log::Level level = log::level();
    log::setLevel(log::Level::None); // the fallback's warning is expected
    const std::pair<uint32_t, VkBorderColor> rows[] = {
        {0xFFEEEEEEu, VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE},
        {0xFF101010u, VK_BORDER_COLOR_FLOAT_OPAQUE_BLACK},
        {0x10101010u, VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK},
        {0xC0FFFFFFu, VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE},
        {0x30000000u, VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK},
        {0xD0000000u, VK_BORDER_COLOR_FLOAT_OPAQUE_BLACK},
    };
    state::DeviceState s = defaults();
    s.samplerStates[0][D3DSAMP_ADDRESSU] = D3DTADDRESS_BORDER;
    for (const auto& [d3d, vk] : rows) {
        s.samplerStates[0][D3DSAMP_BORDERCOLOR] = d3d;
        const SamplerKey k = samplerKey(s, 0, bareSupport());
        EXPECT_EQ(k.borderColor, uint32_t(vk)) << std::hex << d3d;
        EXPECT_EQ(k.customBorder, 0u);
        EXPECT_EQ(borderColorFor(d3d, false), vk);
    }
    log::setLevel(level);
}

TEST(SamplerState, SrgbIsAViewMatterNotPartOfTheKey) {
    state::DeviceState s = defaults();
    s.samplerStates[3][D3DSAMP_SRGBTEXTURE] = 1;
    EXPECT_TRUE(samplerReadsSrgb(s, 3));
    EXPECT_FALSE(samplerReadsSrgb(s, 2));
    EXPECT_EQ(samplerKey(s, 3, fullSupport()), SamplerKey{});
}

TEST(SamplerState, EachSamplerHasItsOwnState) {
    state::DeviceState s = defaults();
    const uint32_t vertex0 = state::samplerIndex(D3DVERTEXTEXTURESAMPLER0);
    s.samplerStates[vertex0][D3DSAMP_MINFILTER] = D3DTEXF_LINEAR;
    EXPECT_EQ(samplerKey(s, vertex0, fullSupport()).minFilter, VK_FILTER_LINEAR);
    EXPECT_EQ(samplerKey(s, 0, fullSupport()).minFilter, VK_FILTER_NEAREST);
}

// Keys from a spread of states, some repeated.
std::vector<SamplerKey> variedKeys(const SamplerSupport& support) {
    std::vector<SamplerKey> keys;
    state::DeviceState s = defaults();
    auto& st = s.samplerStates[0];
    for (uint32_t address = D3DTADDRESS_WRAP; address <= D3DTADDRESS_MIRRORONCE; ++address)
        for (uint32_t filter : {D3DTEXF_POINT, D3DTEXF_LINEAR, D3DTEXF_ANISOTROPIC})
            for (uint32_t mip : {D3DTEXF_NONE, D3DTEXF_POINT, D3DTEXF_LINEAR}) {
                st[D3DSAMP_ADDRESSU] = st[D3DSAMP_ADDRESSV] = st[D3DSAMP_ADDRESSW] = address;
                st[D3DSAMP_MAGFILTER] = st[D3DSAMP_MINFILTER] = filter;
                st[D3DSAMP_MIPFILTER] = mip;
                st[D3DSAMP_MAXANISOTROPY] = 4;
                st[D3DSAMP_BORDERCOLOR] = 0x80FF4020u;
                st[D3DSAMP_MAXMIPLEVEL] = mip;
                st[D3DSAMP_MIPMAPLODBIAS] = floatBits(0.5f);
                keys.push_back(samplerKey(s, 0, support));
            }
    SamplerKey shadow = keys.front();
    shadow.depthCompare = 1;
    keys.push_back(shadow);
    return keys;
}

TEST(SamplerCache, CreatesEachSamplerOnce) {
    vk::Device& device = test::sharedDevice();
    const SamplerSupport support = samplerSupport(device);
    SamplerCache cache(device.handle(), support);
    const std::vector<SamplerKey> keys = variedKeys(support);
    std::vector<VkSampler> first;
    for (const SamplerKey& k : keys)
        first.push_back(cache.get(k));
    std::set<std::vector<uint8_t>> distinct;
    for (const SamplerKey& k : keys) {
        const auto* p = reinterpret_cast<const uint8_t*>(&k);
        distinct.insert(std::vector<uint8_t>(p, p + sizeof(k)));
    }
    EXPECT_EQ(cache.createdCount(), distinct.size());
    for (size_t i = 0; i < keys.size(); ++i) {
        EXPECT_NE(first[i], VK_NULL_HANDLE);
        EXPECT_EQ(cache.get(keys[i]), first[i]) << i;
    }
    EXPECT_EQ(cache.createdCount(), distinct.size());
    EXPECT_EQ(cache.size(), distinct.size());
}

TEST(SamplerCache, TrimDestroysEverythingPastTheThreshold) {
    vk::Device& device = test::sharedDevice();
    SamplerCache cache(device.handle(), samplerSupport(device));
    SamplerKey k;
    k.mipmapMode = VK_SAMPLER_MIPMAP_MODE_LINEAR;
    k.maxLod = VK_LOD_CLAMP_NONE;
    for (uint32_t i = 0; i < SamplerCache::kTrimThreshold; ++i) {
        k.minLod = float(i) / 256.0f; // distinct keys
        cache.get(k);
    }
    EXPECT_FALSE(cache.trimIfFull());
    k.minLod = 100.0f;
    cache.get(k);
    EXPECT_TRUE(cache.trimIfFull());
    EXPECT_EQ(cache.size(), 0u);
    EXPECT_NE(cache.get(k), VK_NULL_HANDLE); // created again
    EXPECT_EQ(cache.createdCount(), SamplerCache::kTrimThreshold + 2);
}

TEST(SamplerCache, AtTheDeviceLimitAnswersTheLatestSampler) {
    vk::Device& device = test::sharedDevice();
    SamplerSupport support = samplerSupport(device);
    support.maxSamplers = 8; // this cache may hold 6
    SamplerCache cache(device.handle(), support);
    const log::Level level = log::level();
    log::setLevel(log::Level::None); // the limit's warning is expected
    SamplerKey k;
    VkSampler latest = VK_NULL_HANDLE;
    for (uint32_t i = 0; i < 6; ++i) {
        k.minLod = k.maxLod = float(i);
        latest = cache.get(k);
    }
    k.minLod = k.maxLod = 7.0f;
    EXPECT_EQ(cache.get(k), latest);
    log::setLevel(level);
    EXPECT_EQ(cache.createdCount(), 6u);
}

TEST(SamplerCache, PastTheCustomBorderLimitTakesTheNearestBuiltIn) {
    vk::Device& device = test::sharedDevice();
    SamplerSupport support = samplerSupport(device);
    if (!support.customBorderColor) GTEST_SKIP() << "no VK_EXT_custom_border_color";
    support.maxCustomBorderSamplers = 1;
    SamplerCache cache(device.handle(), support);
    SamplerKey custom;
    custom.addressU = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER;
    custom.borderColor = VK_BORDER_COLOR_FLOAT_CUSTOM_EXT;
    custom.customBorder = 0x80FF4020u;
    const VkSampler first = cache.get(custom);
    EXPECT_EQ(cache.get(custom), first); // the one custom sampler stays usable
    SamplerKey second = custom;
    second.customBorder = 0xF0F0F0F0u;
    SamplerKey white = custom;
    white.borderColor = VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE;
    white.customBorder = 0;
    const log::Level level = log::level();
    log::setLevel(log::Level::None); // the limit's warning is expected
    const VkSampler fallback = cache.get(second);
    log::setLevel(level);
    EXPECT_EQ(fallback, cache.get(white));
    EXPECT_EQ(cache.createdCount(), 2u);
}

// The texels each address mode picks along u, point sampled: D3D9's rules, computed here.
int d3dTexel(uint32_t address, int i, int width) {
    switch (address) {
    case D3DTADDRESS_WRAP:
        return ((i % width) + width) % width;
    case D3DTADDRESS_MIRROR: {
        const int m = ((i % (2 * width)) + 2 * width) % (2 * width);
        return m < width ? m : 2 * width - 1 - m;
    }
    case D3DTADDRESS_CLAMP:
        return std::clamp(i, 0, width - 1);
    case D3DTADDRESS_BORDER:
        return i >= 0 && i < width ? i : -1; // -1: the border colour
    case D3DTADDRESS_MIRRORONCE:
        return std::min(i < 0 ? -1 - i : i, width - 1); // |u|, clamped
    }
    return -2;
}

std::vector<uint32_t> compile(const char* text) {
    auto tokens = shader::assemble(text);
    EXPECT_TRUE(tokens);
    auto program = shader::decode(*tokens);
    EXPECT_TRUE(program);
    auto t = shader::translate(*program);
    EXPECT_TRUE(t);
    return t ? t->spirv : std::vector<uint32_t>{};
}

// The shader runner takes an address mode and filter, not a VkSampler: the key's values go
// there. The border colour is the runner's (transparent black), D3D9's default BORDERCOLOR.
TEST(SamplerState, AddressModesPickD3D9sTexels) {
    const SamplerSupport support = samplerSupport(test::sharedDevice());
    constexpr int kWidth = 4, kFirst = -7, kPoints = 18; // texel centres from u = -7/4 to 11/4
    const auto vs = compile("vs_3_0\ndcl_position v0\ndcl_texcoord0 v1\ndcl_position o0\ndcl_texcoord0 o1\n"
                            "mov o0, v0\nmov o1, v1\n");
    const auto ps = compile("ps_2_0\ndcl t0\ndcl_2d s0\ntexld r0, t0, s0\nmov oC0, r0\n");
    std::vector<test::Float4> texels;
    for (int i = 0; i < kWidth; ++i)
        texels.push_back({float(i + 1), 0, 0, 1});
    for (uint32_t address = D3DTADDRESS_WRAP; address <= D3DTADDRESS_MIRRORONCE; ++address) {
        if (address == D3DTADDRESS_MIRRORONCE && !support.mirrorClampToEdge) continue;
        state::DeviceState s = defaults();
        s.samplerStates[0][D3DSAMP_ADDRESSU] = address;
        const SamplerKey key = samplerKey(s, 0, support);
        test::ShaderRun run;
        run.vertexSpirv = vs;
        run.fragmentSpirv = ps;
        run.width = run.vertexCount = kPoints;
        std::vector<test::Float4> positions, coords;
        for (int p = 0; p < kPoints; ++p) {
            positions.push_back(test::pointCentre(p, 0, kPoints, 1));
            coords.push_back({(float(kFirst + p) + 0.5f) / kWidth, 0.5f, 0, 1});
        }
        run.attributes.push_back(test::VertexAttribute::floats(0, positions));
        run.attributes.push_back(test::VertexAttribute::floats(1, coords));
        test::RunTexture texture;
        texture.width = kWidth;
        texture.data.resize(texels.size() * sizeof(test::Float4));
        std::memcpy(texture.data.data(), texels.data(), texture.data.size());
        texture.addressMode = VkSamplerAddressMode(key.addressU);
        texture.filter = VkFilter(key.magFilter);
        run.textures.push_back(texture);
        const auto result = test::runShaders(run);
        for (int p = 0; p < kPoints; ++p) {
            const int texel = d3dTexel(address, kFirst + p, kWidth);
            const float expected = texel < 0 ? 0.0f : float(texel + 1);
            EXPECT_EQ(result.pixel(p)[0], expected) << "address " << address << " texel " << kFirst + p;
        }
    }
}

} // namespace
} // namespace ddivk::draw

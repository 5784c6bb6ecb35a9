// Everything that selects a Vulkan graphics pipeline for a draw. A plain, padding-free value so
// it hashes and compares as bytes. Viewport and scissor are dynamic state, not part of the key.
#pragma once

#include <volk.h>

#include <cstdint>
#include <cstring>
#include <functional>

namespace ddivk::draw {

// Where the pre-transformed vertex layout keeps its attributes; kNoAttribute: absent, the
// shader reads the D3D default (diffuse white, specular black).
constexpr uint8_t kNoAttribute = 0xFF;

struct PipelineKey {
    // Vertex input (pre-transformed FVF path).
    uint16_t stride = 0;
    uint8_t diffuseOffset = kNoAttribute;
    uint8_t specularOffset = kNoAttribute;
    // Input assembly and rasterisation.
    uint32_t topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
    uint32_t cullMode = VK_CULL_MODE_NONE;
    // Attachments.
    uint32_t colorFormat = VK_FORMAT_UNDEFINED;
    uint32_t depthFormat = VK_FORMAT_UNDEFINED;
    // Depth.
    uint8_t depthTest = 0;
    uint8_t depthWrite = 0;
    uint8_t colorWriteMask = 0xF; // VkColorComponentFlags
    uint8_t blendEnable = 0;
    uint32_t depthCompare = VK_COMPARE_OP_ALWAYS;
    // Blending (one equation for colour and alpha until separate alpha blend lands).
    uint32_t srcBlend = VK_BLEND_FACTOR_ONE;
    uint32_t dstBlend = VK_BLEND_FACTOR_ZERO;
    uint32_t blendOp = VK_BLEND_OP_ADD;

    bool operator==(const PipelineKey& o) const { return std::memcmp(this, &o, sizeof(*this)) == 0; }
};

static_assert(sizeof(PipelineKey) == 40, "PipelineKey must stay padding-free: it hashes as bytes");

// FNV-1a over the key's bytes.
struct PipelineKeyHash {
    size_t operator()(const PipelineKey& k) const {
        const auto* p = reinterpret_cast<const uint8_t*>(&k);
        uint64_t h = 1469598103934665603ull;
        for (size_t i = 0; i < sizeof(k); ++i)
            h = (h ^ p[i]) * 1099511628211ull;
        return size_t(h);
    }
};

} // namespace ddivk::draw

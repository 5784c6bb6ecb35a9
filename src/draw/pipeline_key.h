// Everything that selects a Vulkan graphics pipeline for a draw. A plain, padding-free value so
// it hashes and compares as bytes. Viewport, scissor, blend constants, stencil reference and
// masks and the depth-bias values are dynamic state (draw/dynamic_state.h), not part of the key.
#pragma once

#include "draw/byte_hash.h"

#include <volk.h>

#include <cstdint>
#include <cstring>
#include <functional>

namespace ddivk::draw {

// One face's stencil operations (VkStencilOp, VkCompareOp).
struct StencilFaceKey {
    uint8_t failOp = VK_STENCIL_OP_KEEP;
    uint8_t passOp = VK_STENCIL_OP_KEEP;
    uint8_t depthFailOp = VK_STENCIL_OP_KEEP;
    uint8_t compareOp = VK_COMPARE_OP_ALWAYS;
};

// Cull mode, depth and stencil: the group extended dynamic state can take out of the pipeline.
// front: clockwise faces (D3DRS_STENCIL*), back: counter-clockwise (D3DRS_CCW_STENCIL* in
// two-sided mode, else the same as front).
struct DepthStencilKey {
    uint8_t cullMode = VK_CULL_MODE_NONE;
    uint8_t depthTest = 0;
    uint8_t depthWrite = 0;
    uint8_t depthCompare = VK_COMPARE_OP_ALWAYS;
    uint8_t stencilTest = 0;
    StencilFaceKey front;
    StencilFaceKey back;
};

// D3D9's simultaneous render targets: colour attachment n is render target n.
constexpr uint32_t kColorAttachments = 4;

// Blending: colour and alpha equations (alpha repeats colour unless separate alpha is on), the
// same for every attachment as D3D9 applies one blend state to all its targets, and each
// attachment's write mask (D3DRS_COLORWRITEENABLE, COLORWRITEENABLE1..3); the group extended
// dynamic state 3 can take out of the pipeline.
struct BlendKey {
    // Bit n: attachment n blends (D3DRS_ALPHABLENDENABLE, where the attachment's format can).
    uint8_t blendEnable = 0;
    uint8_t srcColorBlend = VK_BLEND_FACTOR_ONE;
    uint8_t dstColorBlend = VK_BLEND_FACTOR_ZERO;
    uint8_t colorBlendOp = VK_BLEND_OP_ADD;
    uint8_t srcAlphaBlend = VK_BLEND_FACTOR_ONE;
    uint8_t dstAlphaBlend = VK_BLEND_FACTOR_ZERO;
    uint8_t alphaBlendOp = VK_BLEND_OP_ADD;
    uint8_t colorWriteMasks[kColorAttachments] = {0xF, 0xF, 0xF, 0xF}; // VkColorComponentFlags
};

// Every Vulkan enum held in a byte below is small (core values, all under 32).
struct PipelineKey {
    // Attachments (VkFormat; extension formats need the full width). The pass has colour
    // attachments up to the last format that is not UNDEFINED; an UNDEFINED one before it is a
    // gap (no render target there, or a NULL one).
    uint32_t colorFormats[kColorAttachments] = {VK_FORMAT_UNDEFINED, VK_FORMAT_UNDEFINED, VK_FORMAT_UNDEFINED,
                                                VK_FORMAT_UNDEFINED};
    uint32_t depthFormat = VK_FORMAT_UNDEFINED;
    // Input assembly and rasterisation.
    uint8_t topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
    uint8_t polygonMode = VK_POLYGON_MODE_FILL;
    uint8_t depthBiasEnable = 0; // the bias values are dynamic
    DepthStencilKey depthStencil;
    BlendKey blend;
    // Lines: 1 draws them with VK_EXT_line_rasterization's Bresenham mode, D3D9's "diamond exit"
    // rule (first pixel lit, last not, whichever way the line runs); 0: Vulkan's default.
    uint8_t bresenhamLines = 0;
    // 1: the pipeline takes the group as dynamic state (extended dynamic state), and the key
    // holds its neutral values: depthStencil (dynamicDepthStencil), blend (dynamicBlend).
    // Draws that differ only in them share one pipeline (draw/dynamic_state.h).
    uint8_t dynamicDepthStencil = 0;
    uint8_t dynamicBlend = 0;
    // Multisampling: samples per pixel of the pass (VkSampleCountFlagBits); sampleMask below.
    uint8_t samples = 1;
    // 1: nothing is rasterised (ProcessVertices: the vertex stage runs for its captured outputs).
    uint8_t rasterizerDiscard = 0;
    // 1: the fragment's alpha limits the samples it covers (the vendors' alpha-to-coverage,
    // state/vendor_states.h); set only for multisampled passes with a colour attachment.
    uint8_t alphaToCoverage = 0;
    // 1: fragment depths are clamped to the viewport's range instead of primitives being clipped
    // at it: pre-transformed vertices, which D3D9 clamps where D3DPMISCCAPS_CLIPTLVERTS is not
    // claimed (Wine's z_range_test, zenable_test and depth_clamp_test record Windows).
    uint8_t depthClamp = 0;
    // The samples draws may write (D3DRS_MULTISAMPLEMASK, all ones for single-sampled passes).
    // (Members are ordered so that neither this key nor ProgramPipelineKey has padding: keys
    // hash as bytes.)
    uint16_t sampleMask = 0xFFFF;

    // The colour attachments of the pass (one past the last with a format).
    uint32_t colorAttachmentCount() const {
        uint32_t n = kColorAttachments;
        while (n > 0 && colorFormats[n - 1] == VK_FORMAT_UNDEFINED)
            --n;
        return n;
    }

    bool operator==(const PipelineKey& o) const { return std::memcmp(this, &o, sizeof(*this)) == 0; }
};

static_assert(sizeof(StencilFaceKey) == 4 && sizeof(DepthStencilKey) == 13 && sizeof(BlendKey) == 11);
static_assert(sizeof(PipelineKey) == 20 + 3 + 13 + 11 + 3 + 4 + 2,
              "PipelineKey must stay padding-free: it hashes as bytes");
static_assert(VK_BLEND_FACTOR_ONE_MINUS_SRC1_ALPHA < 256 && VK_BLEND_OP_MAX < 256 &&
                  VK_PRIMITIVE_TOPOLOGY_PATCH_LIST < 256 && VK_STENCIL_OP_DECREMENT_AND_WRAP < 256,
              "the key keeps these enums in bytes");

// FNV-1a over the key's bytes.
struct PipelineKeyHash {
    size_t operator()(const PipelineKey& k) const {
        return hashBytes(k);
    }
};

} // namespace ddivk::draw

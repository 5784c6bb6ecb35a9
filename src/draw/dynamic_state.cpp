#include "draw/dynamic_state.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <utility>

#include "ddivk/d3d9_enums.h"
#include "vk/device.h"

namespace ddivk::draw {
namespace {

float finiteOrZero(uint32_t bits) {
    const float f = std::bit_cast<float>(bits);
    return std::isfinite(f) ? f : 0.0f;
}

} // namespace

D3DDepthBias d3dDepthBias(const state::DeviceState& state) {
    const auto& rs = state.renderStates;
    return {finiteOrZero(rs[D3DRS_DEPTHBIAS]), finiteOrZero(rs[D3DRS_SLOPESCALEDEPTHBIAS])};
}

// D3D9 adds D3DRS_DEPTHBIAS to the fragment's depth as it is, in units of the depth range.
// Vulkan multiplies depthBiasConstantFactor by r, the format's minimum resolvable difference
// ("Depth Bias Computation"), so the factor is the D3D9 bias divided by r:
// - UNORM formats of n bits: r = 2^-n, so we multiply by 2^16 (D16) or 2^24 (D24). The spec
//   allows r up to 2 * 2^-n, and lavapipe and NVIDIA use that: there the factor is halved
//   (unormUnits 2, vk::unormDepthBiasUnitsOf), else the bias would come out at twice D3D9's
//   (Wine's test_depthbias on Windows; DepthBias.ConstantBiasIsAppliedAtItsD3D9Size).
// - D32_SFLOAT: r = 2^(e - 23), e the exponent of the primitive's largest depth, so no constant
//   factor is exact everywhere. We take e = -1 (depths in [0.5, 1), where a perspective
//   projection puts nearly all of a scene): 2^24, exact there, and below 0.5 half the D3D9 bias
//   per halving of depth, never more than it. D24 formats fall back to D32 on some GPUs
//   (format_table.cpp) and read the same way.
// VK_EXT_depth_bias_control's FLOAT representation would make every case exact; it is newer
// than the headers we build with.
float vkDepthBiasConstant(float d3dBias, VkFormat depthFormat, uint32_t unormUnits) {
    const float units = float(std::max(unormUnits, 1u));
    switch (depthFormat) {
    case VK_FORMAT_D16_UNORM:
    case VK_FORMAT_D16_UNORM_S8_UINT:
        return d3dBias * float(1u << 16) / units;
    case VK_FORMAT_X8_D24_UNORM_PACK32:
    case VK_FORMAT_D24_UNORM_S8_UINT:
        return d3dBias * float(1u << 24) / units;
    case VK_FORMAT_D32_SFLOAT:
    case VK_FORMAT_D32_SFLOAT_S8_UINT:
        return d3dBias * float(1u << 24);
    default:
        return 0.0f; // no depth attachment: nothing to bias
    }
}

DynamicState dynamicState(const state::DeviceState& state, VkFormat depthFormat,
                          uint32_t unormDepthBiasUnits) {
    const auto& rs = state.renderStates;
    DynamicState d;
    // D3DCOLOR is ARGB, 8 bits a channel.
    const uint32_t factor = rs[D3DRS_BLENDFACTOR];
    for (int i = 0; i < 3; ++i)
        d.blendConstants[i] = float((factor >> (16 - 8 * i)) & 0xFF) / 255.0f;
    d.blendConstants[3] = float(factor >> 24) / 255.0f;
    // Stencil buffers have 8 bits; the higher bits of D3D9's 32-bit values take no part.
    d.stencilReference = rs[D3DRS_STENCILREF] & 0xFF;
    d.stencilCompareMask = rs[D3DRS_STENCILMASK] & 0xFF;
    d.stencilWriteMask = rs[D3DRS_STENCILWRITEMASK] & 0xFF;
    const D3DDepthBias bias = d3dDepthBias(state);
    d.depthBiasConstant = vkDepthBiasConstant(bias.constant, depthFormat, unormDepthBiasUnits);
    d.depthBiasSlope = bias.slope; // both APIs multiply the largest depth slope by it
    return d;
}

DynamicSupport dynamicSupport(const vk::DeviceFunctions& fn) {
    DynamicSupport s;
    s.depthStencil = fn.cmdSetCullMode && fn.cmdSetDepthTestEnable && fn.cmdSetDepthWriteEnable &&
                     fn.cmdSetDepthCompareOp && fn.cmdSetStencilTestEnable && fn.cmdSetStencilOp;
    s.blend = fn.cmdSetColorBlendEnable && fn.cmdSetColorBlendEquation && fn.cmdSetColorWriteMask;
    return s;
}

void moveDynamicStates(PipelineKey& key, DynamicState& d, DynamicSupport support, uint32_t writtenTargets) {
    if (support.depthStencil) {
        d.dynamicDepthStencil = key.dynamicDepthStencil = 1;
        d.depthStencil = std::exchange(key.depthStencil, {});
    }
    // (A pipeline without a colour attachment keeps them: there is nothing to record them for.)
    if (support.blend && key.colorAttachmentCount() > 0) {
        d.dynamicBlend = key.dynamicBlend = 1;
        d.blend = std::exchange(key.blend, {});
        for (uint32_t n = 0; n < kColorAttachments; ++n)
            key.blend.colorWriteMasks[n] =
                key.colorFormats[n] != VK_FORMAT_UNDEFINED && (writtenTargets >> n & 1) ? 0xF : 0;
    }
}

namespace {

// Whether `member` of `now` differs from the same member of `was` (nullptr: nothing recorded).
template <typename Group, typename Member>
bool differs(const Group& now, const Group* was, Member Group::*member) {
    return !was || std::memcmp(&(now.*member), &(was->*member), sizeof(now.*member)) != 0;
}

// front: clockwise faces, D3D9's (the pipelines' front face is clockwise).
void recordDepthStencil(VkCommandBuffer cb, const DepthStencilKey& d, const DepthStencilKey* r,
                        const vk::DeviceFunctions& fn) {
    using K = DepthStencilKey;
    if (differs(d, r, &K::cullMode)) fn.cmdSetCullMode(cb, d.cullMode);
    if (differs(d, r, &K::depthTest)) fn.cmdSetDepthTestEnable(cb, d.depthTest);
    if (differs(d, r, &K::depthWrite)) fn.cmdSetDepthWriteEnable(cb, d.depthWrite);
    if (differs(d, r, &K::depthCompare)) fn.cmdSetDepthCompareOp(cb, VkCompareOp(d.depthCompare));
    if (differs(d, r, &K::stencilTest)) fn.cmdSetStencilTestEnable(cb, d.stencilTest);
    auto stencilOp = [&](VkStencilFaceFlags face, StencilFaceKey K::*member) {
        if (!differs(d, r, member)) return;
        const StencilFaceKey& f = d.*member;
        fn.cmdSetStencilOp(cb, face, VkStencilOp(f.failOp), VkStencilOp(f.passOp), VkStencilOp(f.depthFailOp),
                           VkCompareOp(f.compareOp));
    };
    stencilOp(VK_STENCIL_FACE_FRONT_BIT, &K::front);
    stencilOp(VK_STENCIL_FACE_BACK_BIT, &K::back);
}

// Every attachment's state is recorded, whatever the pass has: the values of attachments past
// the pass's count are not read, and the command buffer then holds a value for each pass.
void recordBlend(VkCommandBuffer cb, const BlendKey& d, const BlendKey* r, const vk::DeviceFunctions& fn) {
    using K = BlendKey;
    if (differs(d, r, &K::blendEnable)) {
        VkBool32 enables[kColorAttachments];
        for (uint32_t n = 0; n < kColorAttachments; ++n)
            enables[n] = d.blendEnable >> n & 1;
        fn.cmdSetColorBlendEnable(cb, 0, kColorAttachments, enables);
    }
    if (differs(d, r, &K::srcColorBlend) || differs(d, r, &K::dstColorBlend) ||
        differs(d, r, &K::colorBlendOp) || differs(d, r, &K::srcAlphaBlend) ||
        differs(d, r, &K::dstAlphaBlend) || differs(d, r, &K::alphaBlendOp)) {
        const VkColorBlendEquationEXT equation{VkBlendFactor(d.srcColorBlend), VkBlendFactor(d.dstColorBlend),
                                               VkBlendOp(d.colorBlendOp),      VkBlendFactor(d.srcAlphaBlend),
                                               VkBlendFactor(d.dstAlphaBlend), VkBlendOp(d.alphaBlendOp)};
        VkColorBlendEquationEXT equations[kColorAttachments];
        std::fill_n(equations, kColorAttachments, equation);
        fn.cmdSetColorBlendEquation(cb, 0, kColorAttachments, equations);
    }
    if (differs(d, r, &K::colorWriteMasks)) {
        VkColorComponentFlags masks[kColorAttachments];
        std::copy_n(d.colorWriteMasks, kColorAttachments, masks);
        fn.cmdSetColorWriteMask(cb, 0, kColorAttachments, masks);
    }
}

} // namespace

void recordDynamicState(VkCommandBuffer cb, const DynamicState& d, const DynamicState* recorded,
                        const vk::DeviceFunctions& fn) {
    // Each state is one command (one allocation in a CPU driver's command list, one state
    // update when it runs): only those whose value the command buffer does not hold yet.
    using K = DynamicState;
    if (differs(d, recorded, &K::blendConstants)) vkCmdSetBlendConstants(cb, d.blendConstants);
    if (differs(d, recorded, &K::stencilReference))
        vkCmdSetStencilReference(cb, VK_STENCIL_FACE_FRONT_AND_BACK, d.stencilReference);
    if (differs(d, recorded, &K::stencilCompareMask))
        vkCmdSetStencilCompareMask(cb, VK_STENCIL_FACE_FRONT_AND_BACK, d.stencilCompareMask);
    if (differs(d, recorded, &K::stencilWriteMask))
        vkCmdSetStencilWriteMask(cb, VK_STENCIL_FACE_FRONT_AND_BACK, d.stencilWriteMask);
    // D3D9 has no bias clamp: 0 leaves the bias unclamped.
    if (differs(d, recorded, &K::depthBiasConstant) || differs(d, recorded, &K::depthBiasSlope))
        vkCmdSetDepthBias(cb, d.depthBiasConstant, 0.0f, d.depthBiasSlope);
    // A pipeline that held a group static has left its states unset: record them all.
    if (d.dynamicDepthStencil)
        recordDepthStencil(cb, d.depthStencil,
                           recorded && recorded->dynamicDepthStencil ? &recorded->depthStencil : nullptr, fn);
    if (d.dynamicBlend)
        recordBlend(cb, d.blend, recorded && recorded->dynamicBlend ? &recorded->blend : nullptr, fn);
}

} // namespace ddivk::draw

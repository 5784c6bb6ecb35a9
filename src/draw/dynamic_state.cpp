#include "draw/dynamic_state.h"

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
//   allows r up to 2 * 2^-n; AMD and lavapipe use that, and there our bias comes out doubled
//   (DepthBias.ConstantBiasDecidesBetweenCoplanarQuads accepts one to two times D3D9's).
// - D32_SFLOAT: r = 2^(e - 23), e the exponent of the primitive's largest depth, so no constant
//   factor is exact everywhere. We take e = -1 (depths in [0.5, 1), where a perspective
//   projection puts nearly all of a scene): 2^24, exact there, and below 0.5 half the D3D9 bias
//   per halving of depth, never more than it. D24 formats fall back to D32 on some GPUs
//   (format_table.cpp) and read the same way.
// VK_EXT_depth_bias_control's FLOAT representation would make every case exact; it is newer
// than the headers we build with.
float vkDepthBiasConstant(float d3dBias, VkFormat depthFormat) {
    switch (depthFormat) {
    case VK_FORMAT_D16_UNORM:
    case VK_FORMAT_D16_UNORM_S8_UINT:
        return d3dBias * float(1u << 16);
    case VK_FORMAT_X8_D24_UNORM_PACK32:
    case VK_FORMAT_D24_UNORM_S8_UINT:
    case VK_FORMAT_D32_SFLOAT:
    case VK_FORMAT_D32_SFLOAT_S8_UINT:
        return d3dBias * float(1u << 24);
    default:
        return 0.0f; // no depth attachment: nothing to bias
    }
}

DynamicState dynamicState(const state::DeviceState& state, VkFormat depthFormat) {
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
    d.depthBiasConstant = vkDepthBiasConstant(bias.constant, depthFormat);
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

void moveDynamicStates(PipelineKey& key, DynamicState& d, DynamicSupport support) {
    const PipelineKey neutral;
    if (support.depthStencil) {
        d.dynamicDepthStencil = key.dynamicDepthStencil = 1;
        d.cullMode = key.cullMode;
        d.depthTest = key.depthTest;
        d.depthWrite = key.depthWrite;
        d.depthCompare = key.depthCompare;
        d.stencilTest = key.stencilTest;
        d.front = key.front;
        d.back = key.back;
        key.cullMode = neutral.cullMode;
        key.depthTest = neutral.depthTest;
        key.depthWrite = neutral.depthWrite;
        key.depthCompare = neutral.depthCompare;
        key.stencilTest = neutral.stencilTest;
        key.front = neutral.front;
        key.back = neutral.back;
    }
    // (A pipeline without a colour attachment keeps them: there is nothing to record them for.)
    if (support.blend && key.colorFormat != VK_FORMAT_UNDEFINED) {
        d.dynamicBlend = key.dynamicBlend = 1;
        d.blendEnable = key.blendEnable;
        d.colorWriteMask = key.colorWriteMask;
        d.srcColorBlend = key.srcColorBlend;
        d.dstColorBlend = key.dstColorBlend;
        d.colorBlendOp = key.colorBlendOp;
        d.srcAlphaBlend = key.srcAlphaBlend;
        d.dstAlphaBlend = key.dstAlphaBlend;
        d.alphaBlendOp = key.alphaBlendOp;
        key.blendEnable = neutral.blendEnable;
        key.colorWriteMask = neutral.colorWriteMask;
        key.srcColorBlend = neutral.srcColorBlend;
        key.dstColorBlend = neutral.dstColorBlend;
        key.colorBlendOp = neutral.colorBlendOp;
        key.srcAlphaBlend = neutral.srcAlphaBlend;
        key.dstAlphaBlend = neutral.dstAlphaBlend;
        key.alphaBlendOp = neutral.alphaBlendOp;
    }
}

void recordDynamicState(VkCommandBuffer cb, const DynamicState& d, const DynamicState* recorded,
                        const vk::DeviceFunctions& fn) {
    // Each state is one command (one allocation in a CPU driver's command list, one state
    // update when it runs): only those whose value the command buffer does not hold yet.
    const DynamicState* r = recorded;
    auto differs = [&](auto member) {
        return !r || std::memcmp(&(d.*member), &(r->*member), sizeof(d.*member)) != 0;
    };
    if (differs(&DynamicState::blendConstants)) vkCmdSetBlendConstants(cb, d.blendConstants);
    if (differs(&DynamicState::stencilReference))
        vkCmdSetStencilReference(cb, VK_STENCIL_FACE_FRONT_AND_BACK, d.stencilReference);
    if (differs(&DynamicState::stencilCompareMask))
        vkCmdSetStencilCompareMask(cb, VK_STENCIL_FACE_FRONT_AND_BACK, d.stencilCompareMask);
    if (differs(&DynamicState::stencilWriteMask))
        vkCmdSetStencilWriteMask(cb, VK_STENCIL_FACE_FRONT_AND_BACK, d.stencilWriteMask);
    // D3D9 has no bias clamp: 0 leaves the bias unclamped.
    if (differs(&DynamicState::depthBiasConstant) || differs(&DynamicState::depthBiasSlope))
        vkCmdSetDepthBias(cb, d.depthBiasConstant, 0.0f, d.depthBiasSlope);
    if (d.dynamicDepthStencil) {
        // A pipeline that held these states static has left them unset: record them all.
        if (r && !r->dynamicDepthStencil) r = nullptr;
        if (differs(&DynamicState::cullMode)) fn.cmdSetCullMode(cb, d.cullMode);
        if (differs(&DynamicState::depthTest)) fn.cmdSetDepthTestEnable(cb, d.depthTest);
        if (differs(&DynamicState::depthWrite)) fn.cmdSetDepthWriteEnable(cb, d.depthWrite);
        if (differs(&DynamicState::depthCompare)) fn.cmdSetDepthCompareOp(cb, VkCompareOp(d.depthCompare));
        if (differs(&DynamicState::stencilTest)) fn.cmdSetStencilTestEnable(cb, d.stencilTest);
        // front: clockwise faces, D3D9's (the pipelines' front face is clockwise).
        if (differs(&DynamicState::front))
            fn.cmdSetStencilOp(cb, VK_STENCIL_FACE_FRONT_BIT, VkStencilOp(d.front.failOp),
                               VkStencilOp(d.front.passOp), VkStencilOp(d.front.depthFailOp),
                               VkCompareOp(d.front.compareOp));
        if (differs(&DynamicState::back))
            fn.cmdSetStencilOp(cb, VK_STENCIL_FACE_BACK_BIT, VkStencilOp(d.back.failOp),
                               VkStencilOp(d.back.passOp), VkStencilOp(d.back.depthFailOp),
                               VkCompareOp(d.back.compareOp));
    }
    r = recorded;
    if (d.dynamicBlend) {
        if (r && !r->dynamicBlend) r = nullptr;
        if (differs(&DynamicState::blendEnable)) {
            const VkBool32 enable = d.blendEnable;
            fn.cmdSetColorBlendEnable(cb, 0, 1, &enable);
        }
        if (differs(&DynamicState::srcColorBlend) || differs(&DynamicState::dstColorBlend) ||
            differs(&DynamicState::colorBlendOp) || differs(&DynamicState::srcAlphaBlend) ||
            differs(&DynamicState::dstAlphaBlend) || differs(&DynamicState::alphaBlendOp)) {
            const VkColorBlendEquationEXT equation{
                VkBlendFactor(d.srcColorBlend), VkBlendFactor(d.dstColorBlend), VkBlendOp(d.colorBlendOp),
                VkBlendFactor(d.srcAlphaBlend), VkBlendFactor(d.dstAlphaBlend), VkBlendOp(d.alphaBlendOp)};
            fn.cmdSetColorBlendEquation(cb, 0, 1, &equation);
        }
        if (differs(&DynamicState::colorWriteMask)) {
            const VkColorComponentFlags mask = d.colorWriteMask;
            fn.cmdSetColorWriteMask(cb, 0, 1, &mask);
        }
    }
}

} // namespace ddivk::draw

// The render states that reach Vulkan as dynamic state rather than through the pipeline key, so
// changing them creates no pipeline: D3DRS_BLENDFACTOR (blend constants), STENCILREF,
// STENCILMASK, STENCILWRITEMASK, DEPTHBIAS and SLOPESCALEDEPTHBIAS. Every pipeline of
// createGraphicsPipeline declares these dynamic, so every draw records them after binding one.
//
// Where the device has extended dynamic state, the pipeline key's depth-stencil and blend
// states move here too (moveDynamicStates): a CPU driver such as lavapipe rebinds shaders and
// all state at every pipeline switch, and D3D9 programs change these states between most draws.
#pragma once

#include <volk.h>

#include <cstdint>

#include "draw/pipeline_key.h"
#include "state/device_state.h"

namespace ddivk::vk {
struct DeviceFunctions;
}

namespace ddivk::draw {

struct DynamicState {
    float blendConstants[4] = {1.0f, 1.0f, 1.0f, 1.0f}; // r, g, b, a
    uint32_t stencilReference = 0;                      // both faces: D3D9 has one of each
    uint32_t stencilCompareMask = 0xFF;
    uint32_t stencilWriteMask = 0xFF;
    float depthBiasConstant = 0.0f; // in Vulkan's units of the depth format (see the .cpp)
    float depthBiasSlope = 0.0f;
    // The key's groups moved here (the same flags as PipelineKey): recorded only when set.
    uint8_t dynamicDepthStencil = 0;
    uint8_t dynamicBlend = 0;
    DepthStencilKey depthStencil;
    BlendKey blend;
    uint8_t reserved[2] = {};
};
// Compared with memcmp: no padding.
static_assert(sizeof(DynamicState) == 9 * 4 + 2 + 13 + 11 + 2, "DynamicState must stay padding-free");

// Which groups of the key the device takes as dynamic state.
struct DynamicSupport {
    bool depthStencil = false; // cull mode, depth and stencil (extended dynamic state)
    bool blend = false;        // blend enable, equations, write mask (extended dynamic state 3)
};
DynamicSupport dynamicSupport(const vk::DeviceFunctions& functions);

// Moves the groups `support` names from `key` into `values`: the key keeps neutral values and
// says which groups its pipeline declares dynamic. writtenTargets (pipelineStateKey's): the
// neutral write masks are all channels for the attachments the pixel stage writes and none for
// the others, so that the pipeline tells Vulkan which attachments it leaves alone.
void moveDynamicStates(PipelineKey& key, DynamicState& values, DynamicSupport support,
                       uint32_t writtenTargets);

// D3DRS_DEPTHBIAS and D3DRS_SLOPESCALEDEPTHBIAS as D3D9 gives them (depth-range units and a
// factor of the largest depth slope); a value that is not finite reads as the default 0.
struct D3DDepthBias {
    float constant = 0.0f;
    float slope = 0.0f;
    bool enabled() const { return constant != 0.0f || slope != 0.0f; }
};
D3DDepthBias d3dDepthBias(const state::DeviceState& state);

// Vulkan's depthBiasConstantFactor for a D3D9 depth bias on a depth attachment of this format,
// on a driver whose UNORM r is unormUnits times 2^-n (vk::Caps::unormDepthBiasUnits).
float vkDepthBiasConstant(float d3dBias, VkFormat depthFormat, uint32_t unormUnits);

// The dynamic values of a draw to a depth attachment of depthFormat (UNDEFINED: none).
DynamicState dynamicState(const state::DeviceState& state, VkFormat depthFormat,
                          uint32_t unormDepthBiasUnits);

// Records the values into cb (a pipeline from createGraphicsPipeline is bound or about to be),
// the moved groups through `functions`: those that differ from `recorded`, what cb already
// holds (nullptr: nothing yet, so every value).
void recordDynamicState(VkCommandBuffer cb, const DynamicState& values, const DynamicState* recorded,
                        const vk::DeviceFunctions& functions);

} // namespace ddivk::draw

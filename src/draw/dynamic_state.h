// The render states that reach Vulkan as dynamic state rather than through the pipeline key, so
// changing them creates no pipeline: D3DRS_BLENDFACTOR (blend constants), STENCILREF,
// STENCILMASK, STENCILWRITEMASK, DEPTHBIAS and SLOPESCALEDEPTHBIAS. Every pipeline of
// createGraphicsPipeline declares these dynamic, so every draw records them after binding one.
#pragma once

#include <volk.h>

#include <cstdint>

#include "state/device_state.h"

namespace ddivk::draw {

struct DynamicState {
    float blendConstants[4] = {1.0f, 1.0f, 1.0f, 1.0f}; // r, g, b, a
    uint32_t stencilReference = 0;                      // both faces: D3D9 has one of each
    uint32_t stencilCompareMask = 0xFF;
    uint32_t stencilWriteMask = 0xFF;
    float depthBiasConstant = 0.0f; // in Vulkan's units of the depth format (see the .cpp)
    float depthBiasSlope = 0.0f;
};

// D3DRS_DEPTHBIAS and D3DRS_SLOPESCALEDEPTHBIAS as D3D9 gives them (depth-range units and a
// factor of the largest depth slope); a value that is not finite reads as the default 0.
struct D3DDepthBias {
    float constant = 0.0f;
    float slope = 0.0f;
    bool enabled() const { return constant != 0.0f || slope != 0.0f; }
};
D3DDepthBias d3dDepthBias(const state::DeviceState& state);

// Vulkan's depthBiasConstantFactor for a D3D9 depth bias on a depth attachment of this format.
float vkDepthBiasConstant(float d3dBias, VkFormat depthFormat);

// The dynamic values of a draw to a depth attachment of depthFormat (UNDEFINED: none).
DynamicState dynamicState(const state::DeviceState& state, VkFormat depthFormat);

// Records every value into cb (a pipeline from createGraphicsPipeline is bound or about to be).
void recordDynamicState(VkCommandBuffer cb, const DynamicState& values);

} // namespace ddivk::draw

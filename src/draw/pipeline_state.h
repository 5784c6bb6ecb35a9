// The pipeline key of a pre-transformed draw, read from the D3D9 render states.
#pragma once

#include <volk.h>

#include <cstdint>

#include "draw/fvf_layout.h"
#include "draw/pipeline_key.h"
#include "state/device_state.h"

namespace ddivk::draw {

// Render states in use: CULLMODE, ZENABLE, ZWRITEENABLE, ZFUNC (with a depth attachment),
// ALPHABLENDENABLE, SRCBLEND, DESTBLEND, BLENDOP, COLORWRITEENABLE. An out-of-range value
// falls back to the state's D3D9 default, as the runtime would not have passed it.
// colorIgnoresAlpha: an X format (X8R8G8B8) whose stored alpha must stay 1 for DESTALPHA.
PipelineKey pretransformedPipelineKey(const state::DeviceState& state, const PretransformedLayout& layout,
                                      uint32_t primitiveType, VkFormat colorFormat, bool colorIgnoresAlpha,
                                      VkFormat depthFormat);

} // namespace ddivk::draw

// The pipeline key of a draw, read from the D3D9 render states: rasterisation, depth, stencil,
// blending.
#pragma once

#include <volk.h>

#include <array>
#include <cstdint>

#include "draw/pipeline_key.h"
#include "state/device_state.h"

namespace ddivk::draw {

// Render states in use: CULLMODE, FILLMODE (triangles only), ZENABLE, ZWRITEENABLE, ZFUNC,
// DEPTHBIAS / SLOPESCALEDEPTHBIAS (whether biased; the values are dynamic), STENCILENABLE and the
// STENCIL* / CCW_STENCIL* operations with TWOSIDEDSTENCILMODE (with a stencil aspect),
// ALPHABLENDENABLE, SRCBLEND, DESTBLEND, BLENDOP, SEPARATEALPHABLENDENABLE, SRCBLENDALPHA,
// DESTBLENDALPHA, BLENDOPALPHA, COLORWRITEENABLE and COLORWRITEENABLE1..3. An out-of-range value
// falls back to the state's D3D9 default, as the runtime would not have passed it.
// colors: the pass's colour attachments (render targets 0..3; format UNDEFINED where there is
// none, or a NULL render target). writtenTargets: bit n, the pixel stage writes oCn; an
// attachment it does not write is masked and keeps its pixels, as Windows' drivers leave them
// (Wine's multiple_rendertargets_test).
// fillModeNonSolid: the device feature; without it POINT and WIREFRAME draw solid (logged once).
struct ColorTarget {
    VkFormat format = VK_FORMAT_UNDEFINED;
    bool ignoresAlpha = false; // an X format (X8R8G8B8) whose stored alpha must stay 1 for DESTALPHA
    // The format can blend (VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BLEND_BIT): where it cannot,
    // D3DRS_ALPHABLENDENABLE leaves it unblended (D3DUSAGE_QUERY_POSTPIXELSHADER_BLENDING says
    // so to the program), as Vulkan forbids blending it.
    bool blends = true;
    bool operator==(const ColorTarget&) const = default;
};
using ColorTargets = std::array<ColorTarget, kColorAttachments>;
PipelineKey pipelineStateKey(const state::DeviceState& state, uint32_t primitiveType,
                             const ColorTargets& colors, uint32_t writtenTargets, VkFormat depthFormat,
                             bool fillModeNonSolid);

// The pass's samples per pixel (1, or the multisampled targets' count) and D3DRS_MULTISAMPLEMASK:
// bit i lets draws write sample i. A single-sampled pass ignores the mask, as D3D9 does.
void setMultisample(PipelineKey& key, const state::DeviceState& state, uint32_t samples);

// Whether the key's lines take the Bresenham mode (line topologies, when the device has it).
inline uint8_t bresenhamLinesFor(const PipelineKey& key, bool deviceHasIt) {
    return deviceHasIt && (key.topology == VK_PRIMITIVE_TOPOLOGY_LINE_LIST || key.topology == VK_PRIMITIVE_TOPOLOGY_LINE_STRIP);
}

} // namespace ddivk::draw

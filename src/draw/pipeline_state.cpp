#include "draw/pipeline_state.h"

#include "ddivk/d3d9_enums.h"
#include "draw/primitive.h"
#include "draw/state_mapping.h"

namespace ddivk::draw {

PipelineKey pretransformedPipelineKey(const state::DeviceState& state, const PretransformedLayout& layout,
                                      uint32_t primitiveType, VkFormat colorFormat, bool colorIgnoresAlpha,
                                      VkFormat depthFormat) {
    const auto& rs = state.renderStates;
    PipelineKey key;
    key.stride = uint16_t(layout.stride);
    key.diffuseOffset = layout.diffuseOffset;
    key.specularOffset = layout.specularOffset;
    key.topology = toVkTopology(primitiveType);
    bool triangles = primitiveType >= D3DPT_TRIANGLELIST;
    key.cullMode = triangles ? toVkCullMode(rs[D3DRS_CULLMODE]) : VkCullModeFlags(VK_CULL_MODE_NONE);
    key.colorFormat = colorFormat;
    key.depthFormat = depthFormat;

    if (depthFormat != VK_FORMAT_UNDEFINED && rs[D3DRS_ZENABLE] != D3DZB_FALSE) {
        key.depthTest = 1;
        key.depthWrite = rs[D3DRS_ZWRITEENABLE] ? 1 : 0;
        key.depthCompare = toVkCompareOp(rs[D3DRS_ZFUNC]).value_or(VK_COMPARE_OP_LESS_OR_EQUAL);
    }

    key.colorWriteMask = uint8_t(rs[D3DRS_COLORWRITEENABLE] & 0xF);
    if (colorIgnoresAlpha) key.colorWriteMask &= ~VK_COLOR_COMPONENT_A_BIT;
    if (rs[D3DRS_ALPHABLENDENABLE]) {
        key.blendEnable = 1;
        uint32_t src = rs[D3DRS_SRCBLEND], dst = rs[D3DRS_DESTBLEND];
        // BOTHSRCALPHA / BOTHINVSRCALPHA as SRCBLEND set both factors and override DESTBLEND.
        if (src == D3DBLEND_BOTHSRCALPHA) {
            src = D3DBLEND_SRCALPHA;
            dst = D3DBLEND_INVSRCALPHA;
        } else if (src == D3DBLEND_BOTHINVSRCALPHA) {
            src = D3DBLEND_INVSRCALPHA;
            dst = D3DBLEND_SRCALPHA;
        }
        key.srcBlend = toVkBlendFactor(src).value_or(VK_BLEND_FACTOR_ONE);
        key.dstBlend = toVkBlendFactor(dst).value_or(VK_BLEND_FACTOR_ZERO);
        key.blendOp = toVkBlendOp(rs[D3DRS_BLENDOP]).value_or(VK_BLEND_OP_ADD);
    }
    return key;
}

} // namespace ddivk::draw

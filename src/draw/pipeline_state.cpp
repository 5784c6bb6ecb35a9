#include "draw/pipeline_state.h"

#include "ddivk/d3d9_enums.h"
#include "draw/dynamic_state.h"
#include "draw/primitive.h"
#include "draw/state_mapping.h"
#include "util/log.h"
#include "vk/resources.h"

namespace ddivk::draw {
namespace {

using RenderStates = decltype(state::DeviceState::renderStates);

// FILLMODE applies to triangles; lines and points draw as they are.
uint8_t polygonMode(const RenderStates& rs, bool triangles, bool fillModeNonSolid) {
    if (!triangles) return VK_POLYGON_MODE_FILL;
    const VkPolygonMode mode = toVkPolygonMode(rs[D3DRS_FILLMODE]).value_or(VK_POLYGON_MODE_FILL);
    if (mode != VK_POLYGON_MODE_FILL && !fillModeNonSolid) {
        DDIVK_WARN_ONCE("D3DRS_FILLMODE point or wireframe needs fillModeNonSolid, which this device lacks: "
                        "drawing solid");
        return VK_POLYGON_MODE_FILL;
    }
    return uint8_t(mode);
}

StencilFaceKey stencilFace(const RenderStates& rs, uint32_t fail, uint32_t depthFail, uint32_t pass,
                           uint32_t func) {
    auto op = [&](uint32_t state) { return uint8_t(toVkStencilOp(rs[state]).value_or(VK_STENCIL_OP_KEEP)); };
    return {op(fail), op(pass), op(depthFail),
            uint8_t(toVkCompareOp(rs[func]).value_or(VK_COMPARE_OP_ALWAYS))};
}

void setDepthStencil(PipelineKey& key, const state::DeviceState& state, VkFormat depthFormat) {
    if (depthFormat == VK_FORMAT_UNDEFINED) return;
    const RenderStates& rs = state.renderStates;
    DepthStencilKey& ds = key.depthStencil;
    if (rs[D3DRS_ZENABLE] != D3DZB_FALSE) {
        ds.depthTest = 1;
        ds.depthWrite = rs[D3DRS_ZWRITEENABLE] ? 1 : 0;
        ds.depthCompare = uint8_t(toVkCompareOp(rs[D3DRS_ZFUNC]).value_or(VK_COMPARE_OP_LESS_OR_EQUAL));
    }
    key.depthBiasEnable = d3dDepthBias(state).enabled() ? 1 : 0;
    if (!(vk::formatAspects(depthFormat) & VK_IMAGE_ASPECT_STENCIL_BIT) || !rs[D3DRS_STENCILENABLE]) return;
    ds.stencilTest = 1;
    ds.front = stencilFace(rs, D3DRS_STENCILFAIL, D3DRS_STENCILZFAIL, D3DRS_STENCILPASS, D3DRS_STENCILFUNC);
    // Two-sided stencil: the CCW_* states apply to counter-clockwise triangles, which are our
    // back faces (front faces are clockwise, see toVkCullMode).
    ds.back = rs[D3DRS_TWOSIDEDSTENCILMODE] ? stencilFace(rs, D3DRS_CCW_STENCILFAIL, D3DRS_CCW_STENCILZFAIL,
                                                          D3DRS_CCW_STENCILPASS, D3DRS_CCW_STENCILFUNC)
                                            : ds.front;
}

struct BlendEquation {
    uint8_t src, dst, op;
};

// One blend equation from its D3DRS_* source factor, destination factor and operation.
// BOTHSRCALPHA / BOTHINVSRCALPHA as the source factor set both factors, overriding the
// destination one (D3DBLEND reference).
BlendEquation blendEquation(uint32_t src, uint32_t dst, uint32_t op) {
    if (src == D3DBLEND_BOTHSRCALPHA) {
        src = D3DBLEND_SRCALPHA;
        dst = D3DBLEND_INVSRCALPHA;
    } else if (src == D3DBLEND_BOTHINVSRCALPHA) {
        src = D3DBLEND_INVSRCALPHA;
        dst = D3DBLEND_SRCALPHA;
    }
    return {uint8_t(toVkBlendFactor(src).value_or(VK_BLEND_FACTOR_ONE)),
            uint8_t(toVkBlendFactor(dst).value_or(VK_BLEND_FACTOR_ZERO)),
            uint8_t(toVkBlendOp(op).value_or(VK_BLEND_OP_ADD))};
}

// D3DRS_COLORWRITEENABLE masks render target 0, COLORWRITEENABLE1..3 targets 1..3
// (D3DPMISCCAPS_INDEPENDENTWRITEMASKS).
constexpr uint32_t kWriteMaskStates[kColorAttachments] = {D3DRS_COLORWRITEENABLE, D3DRS_COLORWRITEENABLE1,
                                                          D3DRS_COLORWRITEENABLE2, D3DRS_COLORWRITEENABLE3};

void setBlend(BlendKey& key, const RenderStates& rs, const ColorTargets& colors, uint32_t writtenTargets) {
    for (uint32_t n = 0; n < kColorAttachments; ++n) {
        // D3DCOLORWRITEENABLE_* = VK_COLOR_COMPONENT_*. An attachment the pixel stage does not
        // write keeps its pixels, and one that is not there has nothing to mask.
        uint8_t mask = uint8_t(rs[kWriteMaskStates[n]] & 0xF);
        if (colors[n].ignoresAlpha) mask &= ~VK_COLOR_COMPONENT_A_BIT;
        if (colors[n].format == VK_FORMAT_UNDEFINED || !(writtenTargets >> n & 1)) mask = 0;
        key.colorWriteMasks[n] = mask;
    }
    if (!rs[D3DRS_ALPHABLENDENABLE]) return;
    for (uint32_t n = 0; n < kColorAttachments; ++n)
        if (colors[n].format != VK_FORMAT_UNDEFINED && colors[n].blends) key.blendEnable |= uint8_t(1u << n);
    const BlendEquation color = blendEquation(rs[D3DRS_SRCBLEND], rs[D3DRS_DESTBLEND], rs[D3DRS_BLENDOP]);
    // Without SEPARATEALPHABLENDENABLE alpha blends with the colour equation.
    const BlendEquation alpha =
        rs[D3DRS_SEPARATEALPHABLENDENABLE]
            ? blendEquation(rs[D3DRS_SRCBLENDALPHA], rs[D3DRS_DESTBLENDALPHA], rs[D3DRS_BLENDOPALPHA])
            : color;
    key.srcColorBlend = color.src;
    key.dstColorBlend = color.dst;
    key.colorBlendOp = color.op;
    key.srcAlphaBlend = alpha.src;
    key.dstAlphaBlend = alpha.dst;
    key.alphaBlendOp = alpha.op;
}

} // namespace

PipelineKey pipelineStateKey(const state::DeviceState& state, uint32_t primitiveType,
                             const ColorTargets& colors, uint32_t writtenTargets, VkFormat depthFormat,
                             bool fillModeNonSolid) {
    const auto& rs = state.renderStates;
    PipelineKey key;
    key.topology = uint8_t(toVkTopology(primitiveType));
    const bool triangles = primitiveType >= D3DPT_TRIANGLELIST;
    key.depthStencil.cullMode =
        uint8_t(triangles ? toVkCullMode(rs[D3DRS_CULLMODE]) : VkCullModeFlags(VK_CULL_MODE_NONE));
    key.polygonMode = polygonMode(rs, triangles, fillModeNonSolid);
    for (uint32_t n = 0; n < kColorAttachments; ++n)
        key.colorFormats[n] = colors[n].format;
    key.depthFormat = depthFormat;
    setDepthStencil(key, state, depthFormat);
    // No colour attachment (a NULL render target alone): blending has nothing to key on.
    if (key.colorAttachmentCount() > 0) setBlend(key.blend, rs, colors, writtenTargets);
    return key;
}

void setMultisample(PipelineKey& key, const state::DeviceState& state, uint32_t samples) {
    key.samples = uint8_t(samples);
    key.sampleMask = samples > 1 ? uint16_t(state.renderStates[D3DRS_MULTISAMPLEMASK] & ((1u << samples) - 1))
                                 : uint16_t(0xFFFF);
}

} // namespace ddivk::draw

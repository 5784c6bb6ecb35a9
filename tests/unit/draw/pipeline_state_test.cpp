// Render states to the pipeline key and the dynamic state, where pixels cannot show the rule:
// every row of the stencil-op and fill-mode tables, out-of-range values falling back to the D3D9
// default, states that must not reach the key, the fillModeNonSolid fallback, and the depth-bias
// scale of each depth format.
#include <gtest/gtest.h>

#include <bit>
#include <cstring>
#include <limits>
#include <memory>

#include "ddivk/d3d9_enums.h"
#include "draw/dynamic_state.h"
#include "draw/pipeline_state.h"
#include "draw/state_mapping.h"

namespace ddivk::draw {
namespace {

constexpr VkFormat kColor = VK_FORMAT_B8G8R8A8_UNORM;
constexpr VkFormat kDepthStencil = VK_FORMAT_D24_UNORM_S8_UINT;

class PipelineState : public ::testing::Test {
  protected:
    PipelineState() : state_(std::make_unique<state::DeviceState>()) {
        state::DeviceDefaults defaults;
        defaults.autoDepthStencil = true;
        state::setDefaults(*state_, defaults);
    }

    void set(uint32_t renderState, uint32_t value) { state_->renderStates[renderState] = value; }

    PipelineKey key(uint32_t primitive = D3DPT_TRIANGLELIST, VkFormat depth = kDepthStencil,
                    bool fillModeNonSolid = true) const {
        return pipelineStateKey(*state_, primitive, {ColorTarget{kColor, false}}, 1, depth, fillModeNonSolid);
    }

    std::unique_ptr<state::DeviceState> state_;
};

TEST(StateMapping, EveryStencilOpRow) {
    const VkStencilOp want[] = {VK_STENCIL_OP_KEEP,
                                VK_STENCIL_OP_ZERO,
                                VK_STENCIL_OP_REPLACE,
                                VK_STENCIL_OP_INCREMENT_AND_CLAMP,
                                VK_STENCIL_OP_DECREMENT_AND_CLAMP,
                                VK_STENCIL_OP_INVERT,
                                VK_STENCIL_OP_INCREMENT_AND_WRAP,
                                VK_STENCIL_OP_DECREMENT_AND_WRAP};
    for (uint32_t op = D3DSTENCILOP_KEEP; op <= D3DSTENCILOP_DECR; ++op)
        EXPECT_EQ(toVkStencilOp(op), want[op - D3DSTENCILOP_KEEP]) << op;
    EXPECT_FALSE(toVkStencilOp(0));
    EXPECT_FALSE(toVkStencilOp(D3DSTENCILOP_DECR + 1));
}

TEST(StateMapping, EveryFillModeRow) {
    EXPECT_EQ(toVkPolygonMode(D3DFILL_POINT), VK_POLYGON_MODE_POINT);
    EXPECT_EQ(toVkPolygonMode(D3DFILL_WIREFRAME), VK_POLYGON_MODE_LINE);
    EXPECT_EQ(toVkPolygonMode(D3DFILL_SOLID), VK_POLYGON_MODE_FILL);
    EXPECT_FALSE(toVkPolygonMode(0));
    EXPECT_FALSE(toVkPolygonMode(4));
}

TEST_F(PipelineState, DefaultsGiveDepthTestAndNoBlendOrStencil) {
    const PipelineKey k = key();
    EXPECT_EQ(k.depthStencil.cullMode, VK_CULL_MODE_BACK_BIT);
    EXPECT_EQ(k.polygonMode, VK_POLYGON_MODE_FILL);
    EXPECT_EQ(k.depthStencil.depthTest, 1);
    EXPECT_EQ(k.depthStencil.depthWrite, 1);
    EXPECT_EQ(k.depthStencil.depthCompare, VK_COMPARE_OP_LESS_OR_EQUAL);
    EXPECT_EQ(k.depthBiasEnable, 0);
    EXPECT_EQ(k.depthStencil.stencilTest, 0);
    EXPECT_EQ(k.blend.blendEnable, 0);
    EXPECT_EQ(k.blend.colorWriteMasks[0], 0xF);
}

TEST_F(PipelineState, OutOfRangeValuesFallBackToTheD3D9Defaults) {
    set(D3DRS_STENCILENABLE, 1);
    set(D3DRS_ALPHABLENDENABLE, 1);
    set(D3DRS_SEPARATEALPHABLENDENABLE, 1);
    for (uint32_t rs : {D3DRS_FILLMODE, D3DRS_ZFUNC, D3DRS_STENCILFUNC, D3DRS_STENCILFAIL, D3DRS_STENCILZFAIL,
                        D3DRS_STENCILPASS, D3DRS_SRCBLEND, D3DRS_DESTBLEND, D3DRS_BLENDOP,
                        D3DRS_SRCBLENDALPHA, D3DRS_DESTBLENDALPHA, D3DRS_BLENDOPALPHA})
        set(rs, 0x7777);
    const PipelineKey k = key();
    EXPECT_EQ(k.polygonMode, VK_POLYGON_MODE_FILL);
    EXPECT_EQ(k.depthStencil.depthCompare, VK_COMPARE_OP_LESS_OR_EQUAL);
    EXPECT_EQ(k.depthStencil.front.compareOp, VK_COMPARE_OP_ALWAYS);
    EXPECT_EQ(k.depthStencil.front.failOp, VK_STENCIL_OP_KEEP);
    EXPECT_EQ(k.depthStencil.front.depthFailOp, VK_STENCIL_OP_KEEP);
    EXPECT_EQ(k.depthStencil.front.passOp, VK_STENCIL_OP_KEEP);
    EXPECT_EQ(k.blend.srcColorBlend, VK_BLEND_FACTOR_ONE);
    EXPECT_EQ(k.blend.dstColorBlend, VK_BLEND_FACTOR_ZERO);
    EXPECT_EQ(k.blend.colorBlendOp, VK_BLEND_OP_ADD);
    EXPECT_EQ(k.blend.srcAlphaBlend, VK_BLEND_FACTOR_ONE);
    EXPECT_EQ(k.blend.dstAlphaBlend, VK_BLEND_FACTOR_ZERO);
    EXPECT_EQ(k.blend.alphaBlendOp, VK_BLEND_OP_ADD);
}

// States a draw does not use leave the key alone, so they cannot multiply pipelines.
TEST_F(PipelineState, UnusedStatesDoNotReachTheKey) {
    const PipelineKey plain = key();
    set(D3DRS_SRCBLEND, D3DBLEND_SRCALPHA); // blending off
    set(D3DRS_SRCBLENDALPHA, D3DBLEND_DESTCOLOR);
    set(D3DRS_STENCILPASS, D3DSTENCILOP_INCR); // stencil off
    set(D3DRS_CCW_STENCILFUNC, D3DCMP_NEVER);
    set(D3DRS_BLENDFACTOR, 0x12345678); // dynamic
    set(D3DRS_STENCILREF, 9);
    set(D3DRS_STENCILMASK, 0x0F);
    set(D3DRS_STENCILWRITEMASK, 0xF0);
    EXPECT_EQ(key(), plain);
    // Separate alpha states only count with SEPARATEALPHABLENDENABLE.
    set(D3DRS_ALPHABLENDENABLE, 1);
    const PipelineKey blended = key();
    EXPECT_EQ(blended.blend.srcAlphaBlend, VK_BLEND_FACTOR_SRC_ALPHA);
    set(D3DRS_SEPARATEALPHABLENDENABLE, 1);
    EXPECT_EQ(key().blend.srcAlphaBlend, VK_BLEND_FACTOR_DST_COLOR);
    EXPECT_EQ(key().blend.srcColorBlend, VK_BLEND_FACTOR_SRC_ALPHA);
}

TEST_F(PipelineState, TwoSidedStencilFillsTheBackFaceFromTheCcwStates) {
    set(D3DRS_STENCILENABLE, 1);
    set(D3DRS_STENCILFAIL, D3DSTENCILOP_ZERO);
    set(D3DRS_STENCILZFAIL, D3DSTENCILOP_INVERT);
    set(D3DRS_STENCILPASS, D3DSTENCILOP_INCR);
    set(D3DRS_STENCILFUNC, D3DCMP_GREATER);
    set(D3DRS_CCW_STENCILFAIL, D3DSTENCILOP_REPLACE);
    set(D3DRS_CCW_STENCILZFAIL, D3DSTENCILOP_DECRSAT);
    set(D3DRS_CCW_STENCILPASS, D3DSTENCILOP_DECR);
    set(D3DRS_CCW_STENCILFUNC, D3DCMP_EQUAL);
    const StencilFaceKey cw{VK_STENCIL_OP_ZERO, VK_STENCIL_OP_INCREMENT_AND_WRAP, VK_STENCIL_OP_INVERT,
                            VK_COMPARE_OP_GREATER};
    const StencilFaceKey ccw{VK_STENCIL_OP_REPLACE, VK_STENCIL_OP_DECREMENT_AND_WRAP,
                             VK_STENCIL_OP_DECREMENT_AND_CLAMP, VK_COMPARE_OP_EQUAL};
    auto same = [](const StencilFaceKey& a, const StencilFaceKey& b) { return std::memcmp(&a, &b, 4) == 0; };
    PipelineKey k = key();
    EXPECT_EQ(k.depthStencil.stencilTest, 1);
    EXPECT_TRUE(same(k.depthStencil.front, cw));
    EXPECT_TRUE(same(k.depthStencil.back, cw)); // one-sided: both faces use the STENCIL* states
    set(D3DRS_TWOSIDEDSTENCILMODE, 1);
    k = key();
    EXPECT_TRUE(same(k.depthStencil.front, cw)); // front faces are the clockwise ones
    EXPECT_TRUE(same(k.depthStencil.back, ccw));
}

TEST_F(PipelineState, StencilNeedsAStencilAspect) {
    set(D3DRS_STENCILENABLE, 1);
    EXPECT_EQ(key(D3DPT_TRIANGLELIST, VK_FORMAT_D16_UNORM).depthStencil.stencilTest, 0);
    EXPECT_EQ(key(D3DPT_TRIANGLELIST, VK_FORMAT_UNDEFINED).depthStencil.stencilTest, 0);
    EXPECT_EQ(key(D3DPT_TRIANGLELIST, VK_FORMAT_D32_SFLOAT_S8_UINT).depthStencil.stencilTest, 1);
}

TEST_F(PipelineState, FillModeAppliesToTrianglesWithTheFeatureOnly) {
    set(D3DRS_FILLMODE, D3DFILL_WIREFRAME);
    EXPECT_EQ(key().polygonMode, VK_POLYGON_MODE_LINE);
    EXPECT_EQ(key(D3DPT_LINELIST).polygonMode, VK_POLYGON_MODE_FILL);
    EXPECT_EQ(key(D3DPT_TRIANGLELIST, kDepthStencil, false).polygonMode, VK_POLYGON_MODE_FILL); // logged once
    set(D3DRS_FILLMODE, D3DFILL_POINT);
    EXPECT_EQ(key(D3DPT_TRIANGLEFAN).polygonMode, VK_POLYGON_MODE_POINT);
}

TEST_F(PipelineState, DepthBiasIsEnabledByEitherValueWithADepthAttachment) {
    EXPECT_EQ(key().depthBiasEnable, 0);
    set(D3DRS_SLOPESCALEDEPTHBIAS, std::bit_cast<uint32_t>(-1.0f));
    EXPECT_EQ(key().depthBiasEnable, 1);
    EXPECT_EQ(key(D3DPT_TRIANGLELIST, VK_FORMAT_UNDEFINED).depthBiasEnable, 0);
    set(D3DRS_SLOPESCALEDEPTHBIAS, std::bit_cast<uint32_t>(std::numeric_limits<float>::quiet_NaN()));
    EXPECT_EQ(key().depthBiasEnable, 0); // not finite: the default 0
    set(D3DRS_DEPTHBIAS, std::bit_cast<uint32_t>(0.001f));
    EXPECT_EQ(key().depthBiasEnable, 1);
}

TEST_F(PipelineState, XFormatsNeverWriteAlpha) {
    EXPECT_EQ(
        pipelineStateKey(*state_, D3DPT_TRIANGLELIST, {ColorTarget{kColor, true}}, 1, kDepthStencil, true)
            .blend.colorWriteMasks[0],
        0x7);
    set(D3DRS_COLORWRITEENABLE, D3DCOLORWRITEENABLE_RED | D3DCOLORWRITEENABLE_ALPHA);
    EXPECT_EQ(key().blend.colorWriteMasks[0], VK_COLOR_COMPONENT_R_BIT | VK_COLOR_COMPONENT_A_BIT);
}

// Render targets 1..3 take COLORWRITEENABLE1..3 (independent write masks), each its format and
// its own X-format rule; an attachment the pixel stage does not write, or that is not there, is
// masked whole. The pass has attachments up to the last with a format.
TEST_F(PipelineState, EachTargetHasItsOwnWriteMask) {
    set(D3DRS_COLORWRITEENABLE1, D3DCOLORWRITEENABLE_GREEN | D3DCOLORWRITEENABLE_ALPHA);
    set(D3DRS_COLORWRITEENABLE2, D3DCOLORWRITEENABLE_BLUE);
    set(D3DRS_COLORWRITEENABLE3, 0xF);
    const ColorTargets targets = {ColorTarget{kColor, false}, ColorTarget{VK_FORMAT_R32_SFLOAT, true},
                                  ColorTarget{}, ColorTarget{kColor, false}};
    const PipelineKey k = pipelineStateKey(*state_, D3DPT_TRIANGLELIST, targets, 0xB, kDepthStencil, true);
    EXPECT_EQ(k.colorAttachmentCount(), 4u);
    EXPECT_EQ(k.colorFormats[1], uint32_t(VK_FORMAT_R32_SFLOAT));
    EXPECT_EQ(k.colorFormats[2], uint32_t(VK_FORMAT_UNDEFINED));
    EXPECT_EQ(k.blend.colorWriteMasks[0], 0xF);
    EXPECT_EQ(k.blend.colorWriteMasks[1], VK_COLOR_COMPONENT_G_BIT);
    EXPECT_EQ(k.blend.colorWriteMasks[2], 0);
    EXPECT_EQ(k.blend.colorWriteMasks[3], 0xF);
    // oC3 not written (bits 0 and 1 only): target 3 keeps its pixels.
    EXPECT_EQ(pipelineStateKey(*state_, D3DPT_TRIANGLELIST, targets, 0x3, kDepthStencil, true)
                  .blend.colorWriteMasks[3],
              0);
    EXPECT_EQ(key().colorAttachmentCount(), 1u);
}

// ALPHABLENDENABLE blends each attachment whose format can blend; one that cannot (its format
// lacks COLOR_ATTACHMENT_BLEND) is written unblended, and a gap has nothing to blend.
TEST_F(PipelineState, BlendingSkipsAttachmentsThatCannotBlend) {
    set(D3DRS_ALPHABLENDENABLE, 1);
    const ColorTargets targets = {ColorTarget{kColor, false, true},
                                  ColorTarget{VK_FORMAT_R32_SFLOAT, false, false}, ColorTarget{},
                                  ColorTarget{kColor, false, true}};
    EXPECT_EQ(
        pipelineStateKey(*state_, D3DPT_TRIANGLELIST, targets, 0xF, kDepthStencil, true).blend.blendEnable,
        0x9);
    set(D3DRS_ALPHABLENDENABLE, 0);
    EXPECT_EQ(
        pipelineStateKey(*state_, D3DPT_TRIANGLELIST, targets, 0xF, kDepthStencil, true).blend.blendEnable,
        0);
}

TEST_F(PipelineState, DynamicStateReadsTheBlendFactorAndStencilValues) {
    set(D3DRS_BLENDFACTOR, 0x40FF8000); // A R G B
    set(D3DRS_STENCILREF, 0x1AB);       // stencil buffers have 8 bits
    set(D3DRS_STENCILMASK, 0xFFFFFF0F);
    set(D3DRS_STENCILWRITEMASK, 0x0F0);
    set(D3DRS_SLOPESCALEDEPTHBIAS, std::bit_cast<uint32_t>(2.5f));
    const DynamicState d = dynamicState(*state_, kDepthStencil, 1);
    EXPECT_FLOAT_EQ(d.blendConstants[0], 1.0f);
    EXPECT_FLOAT_EQ(d.blendConstants[1], 128.0f / 255.0f);
    EXPECT_FLOAT_EQ(d.blendConstants[2], 0.0f);
    EXPECT_FLOAT_EQ(d.blendConstants[3], 64.0f / 255.0f);
    EXPECT_EQ(d.stencilReference, 0xABu);
    EXPECT_EQ(d.stencilCompareMask, 0x0Fu);
    EXPECT_EQ(d.stencilWriteMask, 0xF0u);
    EXPECT_FLOAT_EQ(d.depthBiasSlope, 2.5f);
    EXPECT_FLOAT_EQ(d.depthBiasConstant, 0.0f);
}

// D3D9's bias is in depth-range units; Vulkan's constant factor counts the format's r
// (dynamic_state.cpp): 2^-16 for D16, 2^-24 for D24 and, taken at depths in [0.5, 1), D32F.
TEST(DepthBiasScale, EachDepthFormatGetsItsOwnUnits) {
    EXPECT_FLOAT_EQ(vkDepthBiasConstant(1.0f / 65536, VK_FORMAT_D16_UNORM, 1), 1.0f);
    EXPECT_FLOAT_EQ(vkDepthBiasConstant(-0.5f, VK_FORMAT_D16_UNORM, 1), -32768.0f);
    EXPECT_FLOAT_EQ(vkDepthBiasConstant(1.0f / 16777216, VK_FORMAT_D24_UNORM_S8_UINT, 1), 1.0f);
    EXPECT_FLOAT_EQ(vkDepthBiasConstant(1.0f / 16777216, VK_FORMAT_X8_D24_UNORM_PACK32, 1), 1.0f);
    EXPECT_FLOAT_EQ(vkDepthBiasConstant(0.25f, VK_FORMAT_D32_SFLOAT, 1), 4194304.0f);
    EXPECT_FLOAT_EQ(vkDepthBiasConstant(0.25f, VK_FORMAT_D32_SFLOAT_S8_UINT, 1), 4194304.0f);
    EXPECT_FLOAT_EQ(vkDepthBiasConstant(0.25f, VK_FORMAT_UNDEFINED, 1), 0.0f);
}

// A driver whose UNORM r is twice 2^-n (lavapipe) takes half the factor; floats are unchanged.
TEST(DepthBiasScale, UnormUnitsOfTwoHalveTheUnormFactors) {
    EXPECT_FLOAT_EQ(vkDepthBiasConstant(1.0f / 65536, VK_FORMAT_D16_UNORM, 2), 0.5f);
    EXPECT_FLOAT_EQ(vkDepthBiasConstant(1.0f / 16777216, VK_FORMAT_D24_UNORM_S8_UINT, 2), 0.5f);
    EXPECT_FLOAT_EQ(vkDepthBiasConstant(1.0f / 16777216, VK_FORMAT_X8_D24_UNORM_PACK32, 2), 0.5f);
    EXPECT_FLOAT_EQ(vkDepthBiasConstant(0.25f, VK_FORMAT_D32_SFLOAT, 2), 4194304.0f);
}

} // namespace
} // namespace ddivk::draw

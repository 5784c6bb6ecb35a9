// recordDynamicState (draw/dynamic_state.h) records only the states whose values the command
// buffer does not hold yet, and every state of a group whose previous pipeline held it static
// (binding such a pipeline leaves the dynamic values unset). The Vulkan commands are replaced by
// fakes that log what they were given.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "draw/dynamic_state.h"
#include "vk/device.h"

namespace ddivk::draw {
namespace {

std::vector<std::string> g_log;

void log(std::string entry) {
    g_log.push_back(std::move(entry));
}

// Fakes of the core commands (volk's function pointers) and of the extended ones (DeviceFunctions).
VKAPI_ATTR void VKAPI_CALL blendConstants(VkCommandBuffer, const float c[4]) {
    log("blendConstants " + std::to_string(c[0]));
}
VKAPI_ATTR void VKAPI_CALL stencilReference(VkCommandBuffer, VkStencilFaceFlags, uint32_t v) {
    log("stencilReference " + std::to_string(v));
}
VKAPI_ATTR void VKAPI_CALL stencilCompareMask(VkCommandBuffer, VkStencilFaceFlags, uint32_t v) {
    log("stencilCompareMask " + std::to_string(v));
}
VKAPI_ATTR void VKAPI_CALL stencilWriteMask(VkCommandBuffer, VkStencilFaceFlags, uint32_t v) {
    log("stencilWriteMask " + std::to_string(v));
}
VKAPI_ATTR void VKAPI_CALL depthBias(VkCommandBuffer, float constant, float, float) {
    log("depthBias " + std::to_string(int(constant)));
}
VKAPI_ATTR void VKAPI_CALL cullMode(VkCommandBuffer, VkCullModeFlags v) {
    log("cullMode " + std::to_string(v));
}
VKAPI_ATTR void VKAPI_CALL depthTest(VkCommandBuffer, VkBool32 v) {
    log("depthTest " + std::to_string(v));
}
VKAPI_ATTR void VKAPI_CALL depthWrite(VkCommandBuffer, VkBool32 v) {
    log("depthWrite " + std::to_string(v));
}
VKAPI_ATTR void VKAPI_CALL depthCompare(VkCommandBuffer, VkCompareOp v) {
    log("depthCompare " + std::to_string(v));
}
VKAPI_ATTR void VKAPI_CALL stencilTest(VkCommandBuffer, VkBool32 v) {
    log("stencilTest " + std::to_string(v));
}
VKAPI_ATTR void VKAPI_CALL stencilOp(VkCommandBuffer, VkStencilFaceFlags face, VkStencilOp fail, VkStencilOp,
                                     VkStencilOp, VkCompareOp) {
    log(std::string(face == VK_STENCIL_FACE_FRONT_BIT ? "stencilOp front " : "stencilOp back ") +
        std::to_string(fail));
}
VKAPI_ATTR void VKAPI_CALL blendEnable(VkCommandBuffer, uint32_t, uint32_t, const VkBool32* v) {
    log("blendEnable " + std::to_string(*v));
}
VKAPI_ATTR void VKAPI_CALL blendEquation(VkCommandBuffer, uint32_t, uint32_t, const VkColorBlendEquationEXT* e) {
    log("blendEquation " + std::to_string(e->srcColorBlendFactor));
}
// Each attachment's mask, from the first.
VKAPI_ATTR void VKAPI_CALL writeMask(VkCommandBuffer, uint32_t first, uint32_t count,
                                     const VkColorComponentFlags* v) {
    std::string masks = "writeMask";
    for (uint32_t i = 0; i < count; ++i)
        masks += (i == 0 ? " " : ",") + std::to_string(v[i]);
    log(first == 0 ? masks : "writeMask from " + std::to_string(first));
}

class RecordDynamicState : public ::testing::Test {
  protected:
    void SetUp() override {
        saved_ = {vkCmdSetBlendConstants, vkCmdSetStencilReference, vkCmdSetStencilCompareMask,
                  vkCmdSetStencilWriteMask, vkCmdSetDepthBias};
        vkCmdSetBlendConstants = blendConstants;
        vkCmdSetStencilReference = stencilReference;
        vkCmdSetStencilCompareMask = stencilCompareMask;
        vkCmdSetStencilWriteMask = stencilWriteMask;
        vkCmdSetDepthBias = depthBias;
        fn_.cmdSetCullMode = cullMode;
        fn_.cmdSetDepthTestEnable = depthTest;
        fn_.cmdSetDepthWriteEnable = depthWrite;
        fn_.cmdSetDepthCompareOp = depthCompare;
        fn_.cmdSetStencilTestEnable = stencilTest;
        fn_.cmdSetStencilOp = stencilOp;
        fn_.cmdSetColorBlendEnable = blendEnable;
        fn_.cmdSetColorBlendEquation = blendEquation;
        fn_.cmdSetColorWriteMask = writeMask;
        g_log.clear();
    }
    void TearDown() override {
        vkCmdSetBlendConstants = saved_.blendConstants;
        vkCmdSetStencilReference = saved_.stencilReference;
        vkCmdSetStencilCompareMask = saved_.stencilCompareMask;
        vkCmdSetStencilWriteMask = saved_.stencilWriteMask;
        vkCmdSetDepthBias = saved_.depthBias;
    }
    // What recording `values` over `recorded` logs.
    std::vector<std::string> record(const DynamicState& values, const DynamicState* recorded) {
        g_log.clear();
        recordDynamicState(VK_NULL_HANDLE, values, recorded, fn_);
        return g_log;
    }

    vk::DeviceFunctions fn_{};

  private:
    struct {
        PFN_vkCmdSetBlendConstants blendConstants;
        PFN_vkCmdSetStencilReference stencilReference;
        PFN_vkCmdSetStencilCompareMask stencilCompareMask;
        PFN_vkCmdSetStencilWriteMask stencilWriteMask;
        PFN_vkCmdSetDepthBias depthBias;
    } saved_{};
};

// Both groups dynamic, as on a device with extended dynamic state 1 and 3.
DynamicState allDynamic() {
    DynamicState d;
    d.dynamicDepthStencil = 1;
    d.dynamicBlend = 1;
    return d;
}

TEST_F(RecordDynamicState, AFreshCommandBufferGetsEveryState) {
    const std::vector<std::string> all = record(allDynamic(), nullptr);
    EXPECT_EQ(all.size(), 15u);
    // Without the extended groups, only the five every pipeline declares dynamic.
    EXPECT_EQ(record(DynamicState{}, nullptr),
              (std::vector<std::string>{"blendConstants 1.000000", "stencilReference 0", "stencilCompareMask 255",
                                        "stencilWriteMask 255", "depthBias 0"}));
}

TEST_F(RecordDynamicState, ValuesTheCommandBufferHoldsAreNotRecordedAgain) {
    const DynamicState before = allDynamic();
    EXPECT_TRUE(record(before, &before).empty());
    DynamicState after = before;
    after.depthStencil.cullMode = VK_CULL_MODE_BACK_BIT;
    after.blend.blendEnable = 1;
    after.depthStencil.depthCompare = VK_COMPARE_OP_LESS;
    after.stencilReference = 7;
    after.depthStencil.back.failOp = VK_STENCIL_OP_INVERT;
    after.blend.srcColorBlend = VK_BLEND_FACTOR_SRC_ALPHA;
    EXPECT_EQ(record(after, &before),
              (std::vector<std::string>{"stencilReference 7", "cullMode 2", "depthCompare 1", "stencilOp back 5",
                                        "blendEnable 1", "blendEquation 6"}));
}

TEST_F(RecordDynamicState, AGroupThePreviousPipelineHeldStaticIsRecordedWhole) {
    DynamicState before = allDynamic();
    before.dynamicDepthStencil = 0; // e.g. DDIVK_DYNAMIC_PIPELINE_STATE=0 or a device without it
    before.dynamicBlend = 0;        // e.g. a pipeline without a colour attachment
    const DynamicState after = allDynamic();
    const std::vector<std::string> recorded = record(after, &before);
    EXPECT_EQ(recorded,
              (std::vector<std::string>{"cullMode 0", "depthTest 0", "depthWrite 0", "depthCompare 7",
                                        "stencilTest 0", "stencilOp front 0", "stencilOp back 0",
                                        "blendEnable 0", "blendEquation 1", "writeMask 15,15,15,15"}));
}

} // namespace
} // namespace ddivk::draw

#include "draw/graphics_pipeline.h"

#include <array>

#include "vk/error.h"
#include "vk/resources.h"

namespace ddivk::draw {

VkPipeline createGraphicsPipeline(VkDevice device, VkPipelineLayout layout, const PipelineKey& key,
                                  std::span<const VkPipelineShaderStageCreateInfo> stages,
                                  const VkPipelineVertexInputStateCreateInfo& vertexInput,
                                  VkPipelineCache cache) {
    VkPipelineInputAssemblyStateCreateInfo inputAssembly{
        VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO};
    inputAssembly.topology = VkPrimitiveTopology(key.topology);

    VkPipelineViewportStateCreateInfo viewport{VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO};
    viewport.viewportCount = 1;
    viewport.scissorCount = 1;

    VkPipelineRasterizationStateCreateInfo raster{VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO};
    raster.polygonMode = VkPolygonMode(key.polygonMode);
    raster.cullMode = key.depthStencil.cullMode;
    raster.frontFace = VK_FRONT_FACE_CLOCKWISE; // see toVkCullMode
    raster.depthBiasEnable = key.depthBiasEnable;
    raster.lineWidth = 1.0f;
    raster.rasterizerDiscardEnable = key.rasterizerDiscard;
    raster.depthClampEnable = key.depthClamp;
    VkPipelineRasterizationLineStateCreateInfoEXT lines{
        VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_LINE_STATE_CREATE_INFO_EXT};
    lines.lineRasterizationMode = VK_LINE_RASTERIZATION_MODE_BRESENHAM_EXT;
    if (key.bresenhamLines) raster.pNext = &lines;

    VkPipelineMultisampleStateCreateInfo multisample{
        VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO};
    multisample.rasterizationSamples = VkSampleCountFlagBits(key.samples);
    const VkSampleMask sampleMask = key.sampleMask;
    if (key.samples > 1) multisample.pSampleMask = &sampleMask;
    multisample.alphaToCoverageEnable = key.alphaToCoverage;

    VkPipelineDepthStencilStateCreateInfo depth{VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO};
    depth.depthTestEnable = key.depthStencil.depthTest;
    depth.depthWriteEnable = key.depthStencil.depthWrite;
    depth.depthCompareOp = VkCompareOp(key.depthStencil.depthCompare);
    depth.stencilTestEnable = key.depthStencil.stencilTest;
    auto stencilFace = [](const StencilFaceKey& f) {
        VkStencilOpState face{}; // compareMask, writeMask and reference are dynamic
        face.failOp = VkStencilOp(f.failOp);
        face.passOp = VkStencilOp(f.passOp);
        face.depthFailOp = VkStencilOp(f.depthFailOp);
        face.compareOp = VkCompareOp(f.compareOp);
        return face;
    };
    depth.front = stencilFace(key.depthStencil.front);
    depth.back = stencilFace(key.depthStencil.back);

    // One blend state for every attachment, as D3D9 has; each its own write mask.
    const uint32_t colorCount = key.colorAttachmentCount();
    std::array<VkPipelineColorBlendAttachmentState, kColorAttachments> blendAttachments{};
    for (uint32_t n = 0; n < colorCount; ++n) {
        VkPipelineColorBlendAttachmentState& a = blendAttachments[n];
        a.blendEnable = key.blend.blendEnable >> n & 1;
        a.srcColorBlendFactor = VkBlendFactor(key.blend.srcColorBlend);
        a.dstColorBlendFactor = VkBlendFactor(key.blend.dstColorBlend);
        a.colorBlendOp = VkBlendOp(key.blend.colorBlendOp);
        a.srcAlphaBlendFactor = VkBlendFactor(key.blend.srcAlphaBlend);
        a.dstAlphaBlendFactor = VkBlendFactor(key.blend.dstAlphaBlend);
        a.alphaBlendOp = VkBlendOp(key.blend.alphaBlendOp);
        a.colorWriteMask = key.blend.colorWriteMasks[n];
    }
    VkPipelineColorBlendStateCreateInfo blend{VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO};
    blend.attachmentCount = colorCount;
    blend.pAttachments = blendAttachments.data();

    // Every draw records the values of these after binding the pipeline (see dynamic_state.h).
    std::array<VkDynamicState, 7 + 6 + 3> dynamicStates{
        VK_DYNAMIC_STATE_VIEWPORT,
        VK_DYNAMIC_STATE_SCISSOR,
        VK_DYNAMIC_STATE_BLEND_CONSTANTS,
        VK_DYNAMIC_STATE_DEPTH_BIAS,
        VK_DYNAMIC_STATE_STENCIL_COMPARE_MASK,
        VK_DYNAMIC_STATE_STENCIL_WRITE_MASK,
        VK_DYNAMIC_STATE_STENCIL_REFERENCE,
    };
    uint32_t dynamicCount = 7;
    if (key.dynamicDepthStencil)
        for (VkDynamicState d : {VK_DYNAMIC_STATE_CULL_MODE, VK_DYNAMIC_STATE_DEPTH_TEST_ENABLE,
                                 VK_DYNAMIC_STATE_DEPTH_WRITE_ENABLE, VK_DYNAMIC_STATE_DEPTH_COMPARE_OP,
                                 VK_DYNAMIC_STATE_STENCIL_TEST_ENABLE, VK_DYNAMIC_STATE_STENCIL_OP})
            dynamicStates[dynamicCount++] = d;
    if (key.dynamicBlend)
        for (VkDynamicState d :
             {VK_DYNAMIC_STATE_COLOR_BLEND_ENABLE_EXT, VK_DYNAMIC_STATE_COLOR_BLEND_EQUATION_EXT,
              VK_DYNAMIC_STATE_COLOR_WRITE_MASK_EXT})
            dynamicStates[dynamicCount++] = d;
    VkPipelineDynamicStateCreateInfo dynamic{VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO};
    dynamic.dynamicStateCount = dynamicCount;
    dynamic.pDynamicStates = dynamicStates.data();

    std::array<VkFormat, kColorAttachments> colorFormats{};
    for (uint32_t n = 0; n < kColorAttachments; ++n)
        colorFormats[n] = VkFormat(key.colorFormats[n]);
    VkPipelineRenderingCreateInfo rendering{VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO};
    rendering.colorAttachmentCount = colorCount;
    rendering.pColorAttachmentFormats = colorFormats.data();
    rendering.depthAttachmentFormat = VkFormat(key.depthFormat);
    // Stencil formats carry the stencil aspect too.
    const bool hasStencil = vk::formatAspects(VkFormat(key.depthFormat)) & VK_IMAGE_ASPECT_STENCIL_BIT;
    rendering.stencilAttachmentFormat = hasStencil ? VkFormat(key.depthFormat) : VK_FORMAT_UNDEFINED;

    VkGraphicsPipelineCreateInfo info{VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO};
    info.pNext = &rendering;
    info.stageCount = uint32_t(stages.size());
    info.pStages = stages.data();
    info.pVertexInputState = &vertexInput;
    info.pInputAssemblyState = &inputAssembly;
    info.pViewportState = &viewport;
    info.pRasterizationState = &raster;
    info.pMultisampleState = &multisample;
    info.pDepthStencilState = &depth;
    info.pColorBlendState = &blend;
    info.pDynamicState = &dynamic;
    info.layout = layout;

    VkPipeline pipeline = VK_NULL_HANDLE;
    vk::check(vkCreateGraphicsPipelines(device, cache, 1, &info, nullptr, &pipeline),
              "vkCreateGraphicsPipelines");
    return pipeline;
}

} // namespace ddivk::draw

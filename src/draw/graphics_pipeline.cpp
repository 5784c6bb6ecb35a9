#include "draw/graphics_pipeline.h"

#include <array>

#include "vk/error.h"

namespace ddivk::draw {

VkPipeline createGraphicsPipeline(VkDevice device, VkPipelineLayout layout, const PipelineKey& key,
                                  std::span<const VkPipelineShaderStageCreateInfo> stages,
                                  const VkPipelineVertexInputStateCreateInfo& vertexInput) {
    VkPipelineInputAssemblyStateCreateInfo inputAssembly{
        VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO};
    inputAssembly.topology = VkPrimitiveTopology(key.topology);

    VkPipelineViewportStateCreateInfo viewport{VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO};
    viewport.viewportCount = 1;
    viewport.scissorCount = 1;

    VkPipelineRasterizationStateCreateInfo raster{VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO};
    raster.polygonMode = VK_POLYGON_MODE_FILL;
    raster.cullMode = key.cullMode;
    raster.frontFace = VK_FRONT_FACE_CLOCKWISE; // see toVkCullMode
    raster.lineWidth = 1.0f;

    VkPipelineMultisampleStateCreateInfo multisample{
        VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO};
    multisample.rasterizationSamples = VK_SAMPLE_COUNT_1_BIT;

    VkPipelineDepthStencilStateCreateInfo depth{VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO};
    depth.depthTestEnable = key.depthTest;
    depth.depthWriteEnable = key.depthWrite;
    depth.depthCompareOp = VkCompareOp(key.depthCompare);

    VkPipelineColorBlendAttachmentState blendAttachment{};
    blendAttachment.blendEnable = key.blendEnable;
    blendAttachment.srcColorBlendFactor = blendAttachment.srcAlphaBlendFactor = VkBlendFactor(key.srcBlend);
    blendAttachment.dstColorBlendFactor = blendAttachment.dstAlphaBlendFactor = VkBlendFactor(key.dstBlend);
    blendAttachment.colorBlendOp = blendAttachment.alphaBlendOp = VkBlendOp(key.blendOp);
    blendAttachment.colorWriteMask = key.colorWriteMask;
    VkPipelineColorBlendStateCreateInfo blend{VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO};
    blend.attachmentCount = key.colorFormat != VK_FORMAT_UNDEFINED ? 1 : 0;
    blend.pAttachments = &blendAttachment;

    std::array<VkDynamicState, 2> dynamicStates{VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR};
    VkPipelineDynamicStateCreateInfo dynamic{VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO};
    dynamic.dynamicStateCount = uint32_t(dynamicStates.size());
    dynamic.pDynamicStates = dynamicStates.data();

    VkFormat colorFormat = VkFormat(key.colorFormat);
    VkPipelineRenderingCreateInfo rendering{VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO};
    rendering.colorAttachmentCount = colorFormat != VK_FORMAT_UNDEFINED ? 1 : 0;
    rendering.pColorAttachmentFormats = &colorFormat;
    rendering.depthAttachmentFormat = VkFormat(key.depthFormat);
    // Stencil formats carry the stencil aspect too; stencil ops come with the draw translator.
    bool hasStencil =
        key.depthFormat == VK_FORMAT_D24_UNORM_S8_UINT || key.depthFormat == VK_FORMAT_D32_SFLOAT_S8_UINT;
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
    vk::check(vkCreateGraphicsPipelines(device, VK_NULL_HANDLE, 1, &info, nullptr, &pipeline),
              "vkCreateGraphicsPipelines");
    return pipeline;
}

} // namespace ddivk::draw

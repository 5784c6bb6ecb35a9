// One graphics pipeline from the state a PipelineKey holds (topology, cull, depth, blend,
// attachment formats) and the caller's shader stages and vertex input: what the pre-transformed
// and the shader pipeline caches share. Viewport and scissor are dynamic.
#pragma once

#include <volk.h>

#include <span>

#include "draw/pipeline_key.h"

namespace ddivk::draw {

VkPipeline createGraphicsPipeline(VkDevice device, VkPipelineLayout layout, const PipelineKey& key,
                                  std::span<const VkPipelineShaderStageCreateInfo> stages,
                                  const VkPipelineVertexInputStateCreateInfo& vertexInput);

} // namespace ddivk::draw

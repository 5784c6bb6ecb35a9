// One graphics pipeline from the state a PipelineKey holds (topology, cull, fill mode, depth,
// stencil, blend, attachment formats) and the caller's shader stages and vertex input: what the
// pre-transformed and the shader pipeline caches share. Viewport, scissor and the values of
// draw/dynamic_state.h are dynamic: a draw records them after binding the pipeline.
#pragma once

#include <volk.h>

#include <span>

#include "draw/pipeline_key.h"

namespace ddivk::draw {

VkPipeline createGraphicsPipeline(VkDevice device, VkPipelineLayout layout, const PipelineKey& key,
                                  std::span<const VkPipelineShaderStageCreateInfo> stages,
                                  const VkPipelineVertexInputStateCreateInfo& vertexInput,
                                  VkPipelineCache cache = VK_NULL_HANDLE);

} // namespace ddivk::draw

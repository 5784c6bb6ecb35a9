// Pipeline creation for d3d9-plain-vulkan-bench: every state combination a scenario uses is
// baked into its own pipeline at setup, as a hand-written renderer does; the frames only bind.
#pragma once

#include "context.h"

#include <cstddef>
#include <vector>

namespace ddivk::bench::plain {

// The state of one pipeline; viewport and scissor are dynamic (the frame ring sets them).
struct PipelineDesc {
    VkShaderModule vertexShader = VK_NULL_HANDLE;
    VkShaderModule fragmentShader = VK_NULL_HANDLE;
    const VkSpecializationInfo* vertexConstants = nullptr; // specialization constants, if any
    std::vector<VkVertexInputBindingDescription> bindings;
    std::vector<VkVertexInputAttributeDescription> attributes;
    VkPrimitiveTopology topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
    VkCullModeFlags cull = VK_CULL_MODE_NONE;
    bool depthTest = false; // with depth writes, like D3D9's ZWRITEENABLE default
    VkCompareOp depthCompare = VK_COMPARE_OP_LESS_OR_EQUAL;
    bool additiveBlend = false; // ONE, ONE on colour and alpha
};

// Front faces are clockwise on screen (D3D9's rule); the ring's viewport keeps the screen's
// orientation, so D3DCULL_CW culls VK_CULL_MODE_FRONT_BIT and D3DCULL_CCW the back.
VkPipeline createPipeline(VkDevice device, VkPipelineLayout layout, const PipelineDesc& desc,
                          VkFormat colourFormat, VkFormat depthFormat);

// A pipeline layout and the pipelines made with it for one target's formats, destroyed together.
class PipelineSet {
  public:
    PipelineSet(VkDevice device, VkPipelineLayout layout, VkFormat colourFormat, VkFormat depthFormat)
        : device_(device), layout_(layout), colourFormat_(colourFormat), depthFormat_(depthFormat) {}
    ~PipelineSet();
    PipelineSet(const PipelineSet&) = delete;
    PipelineSet& operator=(const PipelineSet&) = delete;

    VkPipelineLayout layout() const { return layout_; }
    // Makes a pipeline for `desc`; it gets the next index.
    void add(const PipelineDesc& desc) {
        pipelines_.push_back(createPipeline(device_, layout_, desc, colourFormat_, depthFormat_));
    }
    VkPipeline operator[](size_t index) const { return pipelines_[index]; }

  private:
    VkDevice device_;
    VkPipelineLayout layout_;
    VkFormat colourFormat_, depthFormat_;
    std::vector<VkPipeline> pipelines_;
};

// A vertex and a fragment shader module from build-time SPIR-V; pipelines made from them
// outlive them.
struct ShaderPair {
    template <size_t V, size_t F>
    ShaderPair(Context& context, const uint32_t (&vertexCode)[V], const uint32_t (&fragmentCode)[F])
        : device(context.device()), vertex(context.createShader(vertexCode, sizeof vertexCode)),
          fragment(context.createShader(fragmentCode, sizeof fragmentCode)) {}
    ~ShaderPair() {
        vkDestroyShaderModule(device, vertex, nullptr);
        vkDestroyShaderModule(device, fragment, nullptr);
    }
    ShaderPair(const ShaderPair&) = delete;
    ShaderPair& operator=(const ShaderPair&) = delete;

    VkDevice device;
    VkShaderModule vertex, fragment;
};

// A layout with one push-constant range (size 0: none) and the given set layouts.
VkPipelineLayout createPipelineLayout(VkDevice device, VkShaderStageFlags pushStages, uint32_t pushBytes,
                                      const std::vector<VkDescriptorSetLayout>& sets = {});

} // namespace ddivk::bench::plain

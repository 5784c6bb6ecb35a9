#include "draw/shader_pipeline.h"

#include <array>
#include <vector>

#include "draw/graphics_pipeline.h"
#include "shader/abi.h"
#include "vk/error.h"

namespace ddivk::draw {

ShaderPipelineCache::ShaderPipelineCache(VkDevice device) : device_(device) {
    namespace abi = shader::abi;
    constexpr VkShaderStageFlags kStages = VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT;
    const std::array<VkDescriptorSetLayoutBinding, 4> bindings{{
        {abi::kVsConstantsBinding, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1, kStages, nullptr},
        {abi::kPsConstantsBinding, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1, kStages, nullptr},
        {abi::kVsSystemBinding, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1, kStages, nullptr},
        {abi::kPsSystemBinding, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1, kStages, nullptr},
    }};
    VkDescriptorSetLayoutCreateInfo setInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
    setInfo.flags = VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT_KHR;
    setInfo.bindingCount = uint32_t(bindings.size());
    setInfo.pBindings = bindings.data();
    vk::check(vkCreateDescriptorSetLayout(device, &setInfo, nullptr, &setLayout_), "vkCreateDescriptorSetLayout");
    VkPipelineLayoutCreateInfo layoutInfo{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
    layoutInfo.setLayoutCount = 1;
    layoutInfo.pSetLayouts = &setLayout_;
    vk::check(vkCreatePipelineLayout(device, &layoutInfo, nullptr, &layout_), "vkCreatePipelineLayout");
}

ShaderPipelineCache::~ShaderPipelineCache() {
    for (auto& [key, pipeline] : pipelines_) vkDestroyPipeline(device_, pipeline, nullptr);
    for (auto& [translation, module] : modules_) vkDestroyShaderModule(device_, module, nullptr);
    vkDestroyPipelineLayout(device_, layout_, nullptr);
    vkDestroyDescriptorSetLayout(device_, setLayout_, nullptr);
}

VkShaderModule ShaderPipelineCache::module(const shader::Translation& t) {
    auto it = modules_.find(&t);
    if (it != modules_.end()) return it->second;
    VkShaderModuleCreateInfo info{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
    info.codeSize = t.spirv.size() * sizeof(uint32_t);
    info.pCode = t.spirv.data();
    VkShaderModule m = VK_NULL_HANDLE;
    vk::check(vkCreateShaderModule(device_, &info, nullptr, &m), "vkCreateShaderModule");
    modules_.emplace(&t, m);
    return m;
}

VkPipeline ShaderPipelineCache::get(const ShaderPipelineKey& key, const shader::Translation& vertex,
                                    const shader::Translation& pixel) {
    if (auto it = pipelines_.find(key); it != pipelines_.end()) return it->second;
    std::array<VkPipelineShaderStageCreateInfo, 2> stages{};
    stages[0] = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO};
    stages[0].stage = VK_SHADER_STAGE_VERTEX_BIT;
    stages[0].module = module(vertex);
    stages[0].pName = "main";
    stages[1] = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO};
    stages[1].stage = VK_SHADER_STAGE_FRAGMENT_BIT;
    stages[1].module = module(pixel);
    stages[1].pName = "main";

    const std::array<VkVertexInputBindingDescription, 2> bindings{{
        {0, key.stride, VK_VERTEX_INPUT_RATE_VERTEX},
        {1, 0, VK_VERTEX_INPUT_RATE_VERTEX},
    }};
    std::vector<VkVertexInputAttributeDescription> attributes;
    for (uint32_t i = 0; i < key.attributeCount; ++i) {
        const ShaderPipelineKey::Attribute& a = key.attributes[i];
        attributes.push_back({a.location, a.binding, VkFormat(a.format), a.offset});
    }
    VkPipelineVertexInputStateCreateInfo vertexInput{VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
    vertexInput.vertexBindingDescriptionCount = uint32_t(bindings.size());
    vertexInput.pVertexBindingDescriptions = bindings.data();
    vertexInput.vertexAttributeDescriptionCount = uint32_t(attributes.size());
    vertexInput.pVertexAttributeDescriptions = attributes.data();

    const VkPipeline pipeline = createGraphicsPipeline(device_, layout_, key.state, stages, vertexInput);
    pipelines_.emplace(key, pipeline);
    ++created_;
    return pipeline;
}

} // namespace ddivk::draw

#include "draw/pipeline_cache.h"

#include <array>

#include "pretransformed_vert.spv.h"
#include "vertex_colour_frag.spv.h"
#include "draw/graphics_pipeline.h"
#include "vk/error.h"

namespace ddivk::draw {
namespace {

VkShaderModule createModule(VkDevice device, const uint32_t* code, size_t bytes) {
    VkShaderModuleCreateInfo info{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
    info.codeSize = bytes;
    info.pCode = code;
    VkShaderModule module = VK_NULL_HANDLE;
    vk::check(vkCreateShaderModule(device, &info, nullptr, &module), "vkCreateShaderModule");
    return module;
}

// Binding 1 holds the D3D defaults for attributes the FVF lacks, read with stride 0:
// diffuse 0xFFFFFFFF at offset 0, specular 0 at offset 4 (see PretransformedDefaults).
constexpr uint32_t kVertexBinding = 0;
constexpr uint32_t kDefaultsBinding = 1;

} // namespace

PipelineCache::PipelineCache(VkDevice device) : device_(device) {
    vertexShader_ = createModule(device, spv_pretransformed_vert, sizeof(spv_pretransformed_vert));
    fragmentShader_ = createModule(device, spv_vertex_colour_frag, sizeof(spv_vertex_colour_frag));

    std::array<VkPushConstantRange, 2> ranges{{
        {VK_SHADER_STAGE_VERTEX_BIT, 0, 16},
        {VK_SHADER_STAGE_FRAGMENT_BIT, 16, 4},
    }};
    VkPipelineLayoutCreateInfo layoutInfo{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
    layoutInfo.pushConstantRangeCount = uint32_t(ranges.size());
    layoutInfo.pPushConstantRanges = ranges.data();
    vk::check(vkCreatePipelineLayout(device, &layoutInfo, nullptr, &layout_), "vkCreatePipelineLayout");
}

PipelineCache::~PipelineCache() {
    for (auto& [key, pipeline] : pipelines_)
        vkDestroyPipeline(device_, pipeline, nullptr);
    vkDestroyPipelineLayout(device_, layout_, nullptr);
    vkDestroyShaderModule(device_, vertexShader_, nullptr);
    vkDestroyShaderModule(device_, fragmentShader_, nullptr);
}

VkPipeline PipelineCache::get(const PipelineKey& key) {
    // Consecutive draws mostly share their state: compare with the last key before hashing.
    if (last_ != VK_NULL_HANDLE && key == lastKey_) return last_;
    auto it = pipelines_.find(key);
    if (it == pipelines_.end()) {
        it = pipelines_.emplace(key, create(key)).first; // create() may throw: nothing recorded
        ++created_;
    }
    lastKey_ = key;
    return last_ = it->second;
}

VkPipeline PipelineCache::create(const PipelineKey& key) const {
    std::array<VkPipelineShaderStageCreateInfo, 2> stages{};
    stages[0] = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO};
    stages[0].stage = VK_SHADER_STAGE_VERTEX_BIT;
    stages[0].module = vertexShader_;
    stages[0].pName = "main";
    stages[1] = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO};
    stages[1].stage = VK_SHADER_STAGE_FRAGMENT_BIT;
    stages[1].module = fragmentShader_;
    stages[1].pName = "main";

    std::array<VkVertexInputBindingDescription, 2> bindings{{
        {kVertexBinding, key.stride, VK_VERTEX_INPUT_RATE_VERTEX},
        {kDefaultsBinding, 0, VK_VERTEX_INPUT_RATE_VERTEX},
    }};
    auto colourAttribute = [&](uint32_t location, uint8_t offset, uint32_t defaultOffset) {
        return offset == kNoAttribute
                   ? VkVertexInputAttributeDescription{location, kDefaultsBinding, VK_FORMAT_B8G8R8A8_UNORM,
                                                       defaultOffset}
                   : VkVertexInputAttributeDescription{location, kVertexBinding, VK_FORMAT_B8G8R8A8_UNORM,
                                                       offset};
    };
    std::array<VkVertexInputAttributeDescription, 3> attributes{{
        {0, kVertexBinding, VK_FORMAT_R32G32B32A32_SFLOAT, 0},
        colourAttribute(1, key.diffuseOffset, 0),
        colourAttribute(2, key.specularOffset, 4),
    }};
    VkPipelineVertexInputStateCreateInfo vertexInput{
        VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
    vertexInput.vertexBindingDescriptionCount = uint32_t(bindings.size());
    vertexInput.pVertexBindingDescriptions = bindings.data();
    vertexInput.vertexAttributeDescriptionCount = uint32_t(attributes.size());
    vertexInput.pVertexAttributeDescriptions = attributes.data();

    return createGraphicsPipeline(device_, layout_, key, stages, vertexInput);
}

} // namespace ddivk::draw

#include "draw/program_pipeline.h"

#include <array>
#include <bit>
#include <vector>

#include "draw/graphics_pipeline.h"
#include "ff_pretransformed_vert.spv.h"
#include "ff_vertex_clip_vert.spv.h"
#include "ff_vertex_vert.spv.h"
#include "shader/abi.h"
#include "shader/ff/ff_pixel_variant.h"
#include "shader/spirv/varying_trim.h"
#include "vk/error.h"
#include "vk/validation.h"

namespace ddivk::draw {

namespace abi = shader::abi;

VkDescriptorType abiDescriptorType(uint32_t binding) {
    if (binding >= abi::kFetchStreamBinding0) return VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    if (binding >= abi::kVsSwFloatsBinding && binding <= abi::kVsSwBoolsBinding)
        return VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    if (binding >= abi::kPsSamplerBinding0) return VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
    return VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER;
}

VkShaderStageFlags abiDescriptorStages(uint32_t binding) {
    switch (binding) {
    case abi::kVsConstantsBinding:
    case abi::kVsSystemBinding:
    case abi::kFfVertexBinding:
    case abi::kVsFetchBinding:
    case abi::kVsSwFloatsBinding:
    case abi::kVsSwIntsBinding:
    case abi::kVsSwBoolsBinding:
        return VK_SHADER_STAGE_VERTEX_BIT;
    case abi::kPsConstantsBinding:
    case abi::kPsSystemBinding:
    case abi::kFfPixelBinding:
        return VK_SHADER_STAGE_FRAGMENT_BIT;
    default:
        return binding >= abi::kPsSamplerBinding0 && binding < abi::kPsSamplerBinding0 + abi::kPsSamplerCount
                   ? VK_SHADER_STAGE_FRAGMENT_BIT
                   : VK_SHADER_STAGE_VERTEX_BIT; // vertex samplers, fetch streams
    }
}

ProgramPipelineCache::ProgramPipelineCache(VkDevice device, VkPipelineCache pipelineCache)
    : device_(device), pipelineCache_(pipelineCache) {}

ProgramPipelineCache::~ProgramPipelineCache() {
    for (auto& [key, pipeline] : pipelines_) vkDestroyPipeline(device_, pipeline, nullptr);
    for (auto& [t, module] : translations_) {
        vk::validation::forgetModule(module);
        vkDestroyShaderModule(device_, module, nullptr);
    }
    for (auto& [bits, module] : ffPixel_) vkDestroyShaderModule(device_, module, nullptr);
    for (auto& [kind, module] : ffVertex_)
        vkDestroyShaderModule(device_, module, nullptr);
    for (auto& [mask, l] : layouts_) {
        vkDestroyPipelineLayout(device_, l.pipeline, nullptr);
        vkDestroyDescriptorSetLayout(device_, l.set, nullptr);
    }
}

VkShaderModule ProgramPipelineCache::createModule(std::span<const uint32_t> spirv) {
    VkShaderModuleCreateInfo info{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
    info.codeSize = spirv.size() * sizeof(uint32_t);
    info.pCode = spirv.data();
    VkShaderModule m = VK_NULL_HANDLE;
    vk::check(vkCreateShaderModule(device_, &info, nullptr, &m), "vkCreateShaderModule");
    return m;
}

VkShaderModule ProgramPipelineCache::translationModule(const shader::Translation& t) {
    auto it = translations_.find(&t);
    if (it != translations_.end()) return it->second;
    const VkShaderModule m = createModule(t.spirv);
    if (t.captureOnlyOutputs) vk::validation::excuseCaptureOnlyOutputs(m);
    translations_.emplace(&t, m);
    return m;
}

VkShaderModule ProgramPipelineCache::ffVertexStage(std::span<const uint32_t> spirv, uint32_t kind,
                                                   uint32_t outputLocations) {
    VkShaderModule& m = ffVertex_[uint64_t(kind) << 32 | outputLocations];
    if (!m) {
        shader::spirv::VaryingTrim trim;
        trim.storage = shader::spirv::StorageClass::Output;
        trim.keepLocations = outputLocations;
        m = createModule(shader::spirv::withoutVaryings(spirv, trim));
    }
    return m;
}

VkShaderModule ProgramPipelineCache::ffVertexModule(bool clipDistances, uint32_t outputLocations) {
    return clipDistances ? ffVertexStage(spv_ff_vertex_clip_vert, 1, outputLocations)
                         : ffVertexStage(spv_ff_vertex_vert, 0, outputLocations);
}

VkShaderModule ProgramPipelineCache::ffPretransformedModule(uint32_t outputLocations) {
    return ffVertexStage(spv_ff_pretransformed_vert, 2, outputLocations);
}

VkShaderModule ProgramPipelineCache::ffPixelModule(const shader::ff::FfPixelKey& key) {
    auto it = ffPixel_.find(key);
    if (it != ffPixel_.end()) return it->second;
    const VkShaderModule m = createModule(shader::ff::ffPixelSpirv(key));
    ffPixel_.emplace(key, m);
    return m;
}

VkPipelineLayout ProgramPipelineCache::layout(uint64_t bindingMask) {
    auto it = layouts_.find(bindingMask);
    if (it != layouts_.end()) return it->second.pipeline;
    std::vector<VkDescriptorSetLayoutBinding> bindings;
    for (uint64_t m = bindingMask; m; m &= m - 1) {
        const uint32_t b = uint32_t(std::countr_zero(m));
        bindings.push_back({b, abiDescriptorType(b), 1, abiDescriptorStages(b), nullptr});
    }
    Layout l;
    VkDescriptorSetLayoutCreateInfo setInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
    setInfo.flags = VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT_KHR;
    setInfo.bindingCount = uint32_t(bindings.size());
    setInfo.pBindings = bindings.data();
    vk::check(vkCreateDescriptorSetLayout(device_, &setInfo, nullptr, &l.set), "vkCreateDescriptorSetLayout");
    VkPipelineLayoutCreateInfo layoutInfo{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
    layoutInfo.setLayoutCount = 1;
    layoutInfo.pSetLayouts = &l.set;
    if (VkResult r = vkCreatePipelineLayout(device_, &layoutInfo, nullptr, &l.pipeline); r != VK_SUCCESS) {
        vkDestroyDescriptorSetLayout(device_, l.set, nullptr);
        vk::check(r, "vkCreatePipelineLayout");
    }
    layouts_.emplace(bindingMask, l);
    return l.pipeline;
}

VkPipeline ProgramPipelineCache::get(const ProgramPipelineKey& key) {
    if (auto it = pipelines_.find(key); it != pipelines_.end()) return it->second;

    // The fixed-function vertex stage's specialization constants: its FfVertexKey words.
    const std::array<VkSpecializationMapEntry, 2> specEntries{{
        {shader::ff::kFfVertexSpecInputs, offsetof(shader::ff::FfVertexKey, inputs), 4},
        {shader::ff::kFfVertexSpecTexCoordSizes, offsetof(shader::ff::FfVertexKey, texCoordSizes), 4},
    }};
    const VkSpecializationInfo spec{2, specEntries.data(), sizeof(key.ffVertex), &key.ffVertex};
    std::array<VkPipelineShaderStageCreateInfo, 2> stages{};
    stages[0] = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO};
    stages[0].stage = VK_SHADER_STAGE_VERTEX_BIT;
    stages[0].module = VkShaderModule(key.vertexModule);
    stages[0].pName = "main";
    stages[0].pSpecializationInfo = key.ffVertexStage ? &spec : nullptr;
    stages[1] = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO};
    stages[1].stage = VK_SHADER_STAGE_FRAGMENT_BIT;
    stages[1].module = VkShaderModule(key.pixelModule);
    stages[1].pName = "main";

    std::vector<VkVertexInputBindingDescription> bindings;
    std::vector<VkVertexInputBindingDivisorDescriptionEXT> divisors;
    for (uint32_t i = 0; i < key.bindingCount; ++i) {
        const ProgramPipelineKey::Binding& b = key.bindings[i];
        bindings.push_back({b.binding, b.stride, VkVertexInputRate(b.rate)});
        if (b.rate == VK_VERTEX_INPUT_RATE_INSTANCE && b.divisor != 1) divisors.push_back({b.binding, b.divisor});
    }
    std::vector<VkVertexInputAttributeDescription> attributes;
    for (uint32_t i = 0; i < key.attributeCount; ++i) {
        const ProgramPipelineKey::Attribute& a = key.attributes[i];
        attributes.push_back({a.location, a.binding, VkFormat(a.format), a.offset});
    }
    VkPipelineVertexInputDivisorStateCreateInfoEXT divisorInfo{
        VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_DIVISOR_STATE_CREATE_INFO_EXT};
    divisorInfo.vertexBindingDivisorCount = uint32_t(divisors.size());
    divisorInfo.pVertexBindingDivisors = divisors.data();
    VkPipelineVertexInputStateCreateInfo vertexInput{VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
    vertexInput.pNext = divisors.empty() ? nullptr : &divisorInfo;
    vertexInput.vertexBindingDescriptionCount = uint32_t(bindings.size());
    vertexInput.pVertexBindingDescriptions = bindings.data();
    vertexInput.vertexAttributeDescriptionCount = uint32_t(attributes.size());
    vertexInput.pVertexAttributeDescriptions = attributes.data();

    // pixelModule 0: no fragment stage (depth-only passes, docs/draw-translator.md).
    const std::span<const VkPipelineShaderStageCreateInfo> used(stages.data(), key.pixelModule ? 2 : 1);
    const VkPipeline pipeline =
        createGraphicsPipeline(device_, layout(key.bindingMask), key.state, used, vertexInput, pipelineCache_);
    pipelines_.emplace(key, pipeline);
    ++created_;
    return pipeline;
}

} // namespace ddivk::draw

#include "vk/gamma_pass.h"

#include "present_gamma_comp.spv.h"
#include "vk/device.h"
#include "vk/error.h"
#include "vk/resources.h"
#include "vk/upload_ring.h"

#include <algorithm>
#include <cstring>

namespace ddivk::vk {
namespace {

constexpr uint32_t kGroupSize = 8; // present_gamma.comp's local size, both ways
constexpr uint32_t kRampWords = 768;

} // namespace

bool GammaPass::supported(const Device& device) {
    return device.functions().cmdPushDescriptorSet != nullptr;
}

GammaPass::GammaPass(Device& device) : device_(device) {
    if (!supported(device))
        throw Error(VK_ERROR_FEATURE_NOT_PRESENT, "gamma ramps need VK_KHR_push_descriptor");
    const VkDevice d = device.handle();
    VkShaderModule module = VK_NULL_HANDLE;
    try {
        VkDescriptorSetLayoutBinding bindings[2]{};
        bindings[0] = {0, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE, 1, VK_SHADER_STAGE_COMPUTE_BIT, nullptr};
        bindings[1] = {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, nullptr};
        VkDescriptorSetLayoutCreateInfo setInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
        setInfo.flags = VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT_KHR;
        setInfo.bindingCount = 2;
        setInfo.pBindings = bindings;
        check(vkCreateDescriptorSetLayout(d, &setInfo, nullptr, &setLayout_), "vkCreateDescriptorSetLayout");

        VkPipelineLayoutCreateInfo layoutInfo{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
        layoutInfo.setLayoutCount = 1;
        layoutInfo.pSetLayouts = &setLayout_;
        check(vkCreatePipelineLayout(d, &layoutInfo, nullptr, &layout_), "vkCreatePipelineLayout");

        VkShaderModuleCreateInfo moduleInfo{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
        moduleInfo.codeSize = sizeof spv_present_gamma_comp;
        moduleInfo.pCode = spv_present_gamma_comp;
        check(vkCreateShaderModule(d, &moduleInfo, nullptr, &module), "vkCreateShaderModule");
        VkComputePipelineCreateInfo info{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
        info.stage = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO};
        info.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
        info.stage.module = module;
        info.stage.pName = "main";
        info.layout = layout_;
        check(vkCreateComputePipelines(d, VK_NULL_HANDLE, 1, &info, nullptr, &pipeline_),
              "vkCreateComputePipelines");
    } catch (...) {
        if (module) vkDestroyShaderModule(d, module, nullptr);
        destroy();
        throw;
    }
    vkDestroyShaderModule(d, module, nullptr);
}

GammaPass::~GammaPass() {
    destroy();
}

void GammaPass::destroy() {
    const VkDevice d = device_.handle();
    if (pipeline_) vkDestroyPipeline(d, pipeline_, nullptr);
    if (layout_) vkDestroyPipelineLayout(d, layout_, nullptr);
    if (setLayout_) vkDestroyDescriptorSetLayout(d, setLayout_, nullptr);
    pipeline_ = VK_NULL_HANDLE;
    layout_ = VK_NULL_HANDLE;
    setLayout_ = VK_NULL_HANDLE;
}

void GammaPass::record(VkCommandBuffer cb, UploadRing& uploads, Image& image, const GammaRamp& ramp) {
    const VkDeviceSize alignment =
        std::max<VkDeviceSize>(16, device_.limits().minStorageBufferOffsetAlignment);
    const UploadSlice slice = uploads.allocate(kRampWords * sizeof(uint32_t), alignment);
    auto* words = static_cast<uint32_t*>(slice.data);
    for (uint32_t i = 0; i < 256; ++i) {
        words[i] = ramp.red[i];
        words[256 + i] = ramp.green[i];
        words[512 + i] = ramp.blue[i];
    }

    const VkDescriptorImageInfo imageInfo{VK_NULL_HANDLE, image.view(), VK_IMAGE_LAYOUT_GENERAL};
    const VkDescriptorBufferInfo bufferInfo{slice.buffer, slice.offset, slice.size};
    VkWriteDescriptorSet writes[2]{};
    writes[0] = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
    writes[0].dstBinding = 0;
    writes[0].descriptorCount = 1;
    writes[0].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_IMAGE;
    writes[0].pImageInfo = &imageInfo;
    writes[1] = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
    writes[1].dstBinding = 1;
    writes[1].descriptorCount = 1;
    writes[1].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    writes[1].pBufferInfo = &bufferInfo;
    vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline_);
    device_.functions().cmdPushDescriptorSet(cb, VK_PIPELINE_BIND_POINT_COMPUTE, layout_, 0, 2, writes);
    const VkExtent3D extent = image.extent();
    vkCmdDispatch(cb, (extent.width + kGroupSize - 1) / kGroupSize,
                  (extent.height + kGroupSize - 1) / kGroupSize, 1);
}

} // namespace ddivk::vk

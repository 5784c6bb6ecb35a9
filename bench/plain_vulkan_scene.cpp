#include "plain_vulkan_scene.h"

#include <array>
#include <cstring>
#include <ctime>

#include "draw/graphics_pipeline.h"
#include "plain_frag.spv.h"
#include "plain_vert.spv.h"
#include "vk/barriers.h"
#include "vk/command_provider.h"
#include "vk/device.h"
#include "vk/queue.h"
#include "vk/resources.h"

namespace ddivk::bench {

double threadCpuSeconds() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

struct PlainVulkanScene::Impl {
    std::unique_ptr<vk::Device> device;
    std::unique_ptr<vk::CommandProvider> commands;
    vk::Image target;
    vk::Buffer vertices;
    VkShaderModule vs = VK_NULL_HANDLE, fs = VK_NULL_HANDLE;
    VkPipelineLayout layout = VK_NULL_HANDLE;
    std::array<VkPipeline, 2> pipelines{};

    ~Impl() {
        if (!device) return;
        device->queue().waitIdle();
        VkDevice d = device->handle();
        for (VkPipeline p : pipelines) vkDestroyPipeline(d, p, nullptr);
        vkDestroyPipelineLayout(d, layout, nullptr);
        vkDestroyShaderModule(d, vs, nullptr);
        vkDestroyShaderModule(d, fs, nullptr);
    }
    VkShaderModule module(const uint32_t* code, size_t bytes) {
        VkShaderModuleCreateInfo info{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
        info.codeSize = bytes;
        info.pCode = code;
        VkShaderModule m = VK_NULL_HANDLE;
        vkCreateShaderModule(device->handle(), &info, nullptr, &m);
        return m;
    }
};

PlainVulkanScene::PlainVulkanScene() : impl_(std::make_unique<Impl>()) {
    try {
        Impl& s = *impl_;
        s.device = vk::Device::create(vk::DeviceOptions{});
        // The driver's own allocator for the commands, as a plain program has it (ddivk's
        // pools record into arenas: vk/command_arena.h).
        s.commands = std::make_unique<vk::CommandProvider>(s.device->handle(), s.device->queue(),
                                                           vk::CommandProvider::HostMemory::System);
        vk::ImageDesc image;
        image.format = VK_FORMAT_B8G8R8A8_UNORM;
        image.extent = {256, 256, 1};
        image.usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT;
        s.target = vk::Image::create(s.device->allocator(), image);
        const float tri[12] = {-0.01f, -0.01f, 0.5f, 1, 0.01f, -0.01f, 0.5f, 1, -0.01f, 0.01f, 0.5f, 1};
        s.vertices = vk::Buffer::create(s.device->allocator(), sizeof tri, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT,
                                        vk::MemoryUsage::Upload);
        std::memcpy(s.vertices.mapped(), tri, sizeof tri);
        s.vs = s.module(spv_plain_vert, sizeof spv_plain_vert);
        s.fs = s.module(spv_plain_frag, sizeof spv_plain_frag);
        VkPushConstantRange range{VK_SHADER_STAGE_VERTEX_BIT, 0, 16};
        VkPipelineLayoutCreateInfo layout{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
        layout.pushConstantRangeCount = 1;
        layout.pPushConstantRanges = &range;
        vkCreatePipelineLayout(s.device->handle(), &layout, nullptr, &s.layout);
        std::array<VkPipelineShaderStageCreateInfo, 2> stages{};
        stages[0] = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, nullptr, 0, VK_SHADER_STAGE_VERTEX_BIT,
                     s.vs, "main", nullptr};
        stages[1] = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, nullptr, 0, VK_SHADER_STAGE_FRAGMENT_BIT,
                     s.fs, "main", nullptr};
        VkVertexInputBindingDescription binding{0, 16, VK_VERTEX_INPUT_RATE_VERTEX};
        VkVertexInputAttributeDescription attribute{0, 0, VK_FORMAT_R32G32B32A32_SFLOAT, 0};
        VkPipelineVertexInputStateCreateInfo input{VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
        input.vertexBindingDescriptionCount = 1;
        input.pVertexBindingDescriptions = &binding;
        input.vertexAttributeDescriptionCount = 1;
        input.pVertexAttributeDescriptions = &attribute;
        for (int blend = 0; blend < 2; ++blend) {
            draw::PipelineKey key;
            key.colorFormats[0] = VK_FORMAT_B8G8R8A8_UNORM;
            key.blend.blendEnable = uint8_t(blend);
            key.blend.srcColorBlend = VK_BLEND_FACTOR_SRC_ALPHA;
            key.blend.dstColorBlend = VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA;
            s.pipelines[blend] = draw::createGraphicsPipeline(s.device->handle(), s.layout, key, stages, input);
        }
        ok_ = true;
    } catch (...) {
        ok_ = false;
    }
}

PlainVulkanScene::~PlainVulkanScene() = default;

double PlainVulkanScene::frame(uint32_t draws, uint32_t stateEvery) {
    Impl& s = *impl_;
    const double begin = threadCpuSeconds();
    VkCommandBuffer cb = s.commands->begin();
    vk::transitionImage(*s.device, cb, s.target, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
    VkRenderingAttachmentInfo color{VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO};
    color.imageView = s.target.view();
    color.imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
    color.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
    color.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
    VkRenderingInfo info{VK_STRUCTURE_TYPE_RENDERING_INFO};
    info.renderArea = {{0, 0}, {256, 256}};
    info.layerCount = 1;
    info.colorAttachmentCount = 1;
    info.pColorAttachments = &color;
    s.device->functions().cmdBeginRendering(cb, &info);
    const VkViewport viewport{0, 0, 256, 256, 0, 1};
    const VkRect2D scissor{{0, 0}, {256, 256}};
    vkCmdSetViewport(cb, 0, 1, &viewport);
    vkCmdSetScissor(cb, 0, 1, &scissor);
    // The dynamic state every pipeline of createGraphicsPipeline declares.
    const float blend[4] = {1, 1, 1, 1};
    vkCmdSetBlendConstants(cb, blend);
    vkCmdSetStencilReference(cb, VK_STENCIL_FACE_FRONT_AND_BACK, 0);
    vkCmdSetStencilCompareMask(cb, VK_STENCIL_FACE_FRONT_AND_BACK, 0xFF);
    vkCmdSetStencilWriteMask(cb, VK_STENCIL_FACE_FRONT_AND_BACK, 0xFF);
    vkCmdSetDepthBias(cb, 0, 0, 0);
    const VkBuffer vb = s.vertices.handle();
    const VkDeviceSize zero = 0;
    vkCmdBindVertexBuffers(cb, 0, 1, &vb, &zero);
    for (uint32_t i = 0; i < draws; ++i) {
        if (i % stateEvery == 0) vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, s.pipelines[(i / stateEvery) & 1]);
        const float c[4] = {float(i & 255) / 255.0f, 0.5f, 0.25f, 1.0f};
        vkCmdPushConstants(cb, s.layout, VK_SHADER_STAGE_VERTEX_BIT, 0, 16, c);
        vkCmdDraw(cb, 3, 1, 0, 0);
    }
    s.device->functions().cmdEndRendering(cb);
    const uint64_t value = s.commands->submit(cb);
    const double cpu = threadCpuSeconds() - begin;
    s.device->queue().wait(value);
    return cpu;
}

} // namespace ddivk::bench

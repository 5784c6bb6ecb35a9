// runShaders: one draw of a vertex + fragment pair under the shader ABI, on the shared device,
// with every resource made for the run and destroyed before it returns.
#include "shader_runner.h"

#include "vk/barriers.h"
#include "vk/error.h"
#include "vk/resources.h"
#include "vk_test.h"

#include <algorithm>
#include <iterator>
#include <stdexcept>
#include <string>
#include <utility>

namespace ddivk::test {
namespace {

namespace abi = shader::abi;

constexpr VkFormat kColorFormat = VK_FORMAT_R32G32B32A32_SFLOAT;
constexpr VkFormat kDepthFormat = VK_FORMAT_D32_SFLOAT;
constexpr VkShaderStageFlags kStages = VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT;

// Bytes per texel (or per vertex element) of the formats tests upload; one row per format.
struct FormatSize {
    VkFormat format;
    uint32_t bytes;
};
constexpr FormatSize kFormatSizes[] = {
    {VK_FORMAT_R8_UNORM, 1},
    {VK_FORMAT_R8G8_UNORM, 2},
    {VK_FORMAT_R8G8_SNORM, 2},
    {VK_FORMAT_R8G8B8A8_UNORM, 4},
    {VK_FORMAT_R8G8B8A8_SNORM, 4},
    {VK_FORMAT_R8G8B8A8_UINT, 4},
    {VK_FORMAT_BC1_RGBA_UNORM_BLOCK, 8}, // per 4x4 block
    {VK_FORMAT_BC2_UNORM_BLOCK, 16},
    {VK_FORMAT_BC3_UNORM_BLOCK, 16},
    {VK_FORMAT_BC4_UNORM_BLOCK, 8},
    {VK_FORMAT_BC5_UNORM_BLOCK, 16},
    {VK_FORMAT_R8G8B8A8_USCALED, 4},
    {VK_FORMAT_R16G16_SSCALED, 4},
    {VK_FORMAT_R16G16B16A16_SSCALED, 8},
    {VK_FORMAT_A2B10G10R10_USCALED_PACK32, 4},
    {VK_FORMAT_A2B10G10R10_SNORM_PACK32, 4},
    {VK_FORMAT_R8G8B8A8_SRGB, 4},
    {VK_FORMAT_B8G8R8A8_UNORM, 4},
    {VK_FORMAT_B8G8R8A8_SRGB, 4},
    {VK_FORMAT_A2B10G10R10_UNORM_PACK32, 4},
    {VK_FORMAT_A2R10G10B10_UNORM_PACK32, 4},
    {VK_FORMAT_B5G6R5_UNORM_PACK16, 2},
    {VK_FORMAT_R5G6B5_UNORM_PACK16, 2},
    {VK_FORMAT_A1R5G5B5_UNORM_PACK16, 2},
    {VK_FORMAT_B4G4R4A4_UNORM_PACK16, 2},
    {VK_FORMAT_R16_UNORM, 2},
    {VK_FORMAT_R16_SFLOAT, 2},
    {VK_FORMAT_R16G16_UNORM, 4},
    {VK_FORMAT_R16G16_SNORM, 4},
    {VK_FORMAT_R16G16_SINT, 4},
    {VK_FORMAT_R16G16_SFLOAT, 4},
    {VK_FORMAT_R16G16B16A16_UNORM, 8},
    {VK_FORMAT_R16G16B16A16_SNORM, 8},
    {VK_FORMAT_R16G16B16A16_SINT, 8},
    {VK_FORMAT_R16G16B16A16_SFLOAT, 8},
    {VK_FORMAT_R32_SFLOAT, 4},
    {VK_FORMAT_R32_UINT, 4},
    {VK_FORMAT_R32_SINT, 4},
    {VK_FORMAT_R32G32_SFLOAT, 8},
    {VK_FORMAT_R32G32B32_SFLOAT, 12},
    {VK_FORMAT_R32G32B32A32_SFLOAT, 16},
    {VK_FORMAT_R32G32B32A32_UINT, 16},
    {VK_FORMAT_R32G32B32A32_SINT, 16},
    {VK_FORMAT_D16_UNORM, 2},
    {VK_FORMAT_D32_SFLOAT, 4},
};

bool isBlockCompressed(VkFormat format) {
    return format >= VK_FORMAT_BC1_RGB_UNORM_BLOCK && format <= VK_FORMAT_BC7_SRGB_BLOCK;
}

uint32_t formatSize(VkFormat format) {
    for (const FormatSize& row : kFormatSizes)
        if (row.format == format) return row.bytes;
    throw std::invalid_argument("runShaders: no texel size known for VkFormat " +
                                std::to_string(int(format)) + " (add it to kFormatSizes)");
}

void require(bool condition, const std::string& what) {
    if (!condition) throw std::invalid_argument("runShaders: " + what);
}

VkDeviceSize roundUp(VkDeviceSize value, VkDeviceSize multiple) {
    return (value + multiple - 1) / multiple * multiple;
}

// The Vulkan objects without a RAII type in the vk room, destroyed in reverse dependency order.
struct RunObjects {
    VkDevice device = VK_NULL_HANDLE;
    VkShaderModule vertexModule = VK_NULL_HANDLE;
    VkShaderModule fragmentModule = VK_NULL_HANDLE;
    VkDescriptorSetLayout setLayout = VK_NULL_HANDLE;
    VkPipelineLayout pipelineLayout = VK_NULL_HANDLE;
    VkPipeline pipeline = VK_NULL_HANDLE;
    VkDescriptorPool pool = VK_NULL_HANDLE; // frees its set
    std::vector<VkSampler> samplers;

    explicit RunObjects(VkDevice d) : device(d) {}
    RunObjects(const RunObjects&) = delete;
    RunObjects& operator=(const RunObjects&) = delete;
    ~RunObjects() {
        vkDestroyPipeline(device, pipeline, nullptr);
        vkDestroyDescriptorPool(device, pool, nullptr);
        vkDestroyPipelineLayout(device, pipelineLayout, nullptr);
        vkDestroyDescriptorSetLayout(device, setLayout, nullptr);
        for (VkSampler s : samplers)
            vkDestroySampler(device, s, nullptr);
        vkDestroyShaderModule(device, fragmentModule, nullptr);
        vkDestroyShaderModule(device, vertexModule, nullptr);
    }
};

VkShaderModule createModule(VkDevice device, const std::vector<uint32_t>& spirv, const char* stage) {
    require(!spirv.empty(), std::string("no ") + stage + " SPIR-V");
    VkShaderModuleCreateInfo info{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
    info.codeSize = spirv.size() * sizeof(uint32_t);
    info.pCode = spirv.data();
    VkShaderModule module = VK_NULL_HANDLE;
    vk::check(vkCreateShaderModule(device, &info, nullptr, &module), "vkCreateShaderModule");
    return module;
}

// A host-visible buffer holding `bytes`: at least 16 bytes, rounded up to 16, zero-filled past `size`.
vk::Buffer hostBuffer(vk::Device& device, const void* bytes, size_t size, VkBufferUsageFlags usage) {
    const VkDeviceSize capacity = roundUp(std::max<VkDeviceSize>(size, 16), 16);
    vk::Buffer buffer = vk::Buffer::create(device.allocator(), capacity, usage, vk::MemoryUsage::Upload);
    std::memset(buffer.mapped(), 0, capacity);
    if (size) std::memcpy(buffer.mapped(), bytes, size);
    buffer.allocation().flush();
    return buffer;
}

// ---- Textures ----

// A sampled texture with its staging data, ready to be uploaded in the run's command buffer.
struct Texture {
    vk::Image image;
    vk::Buffer staging;
    std::vector<VkBufferImageCopy> copies;
};

uint32_t mipExtent(uint32_t extent, uint32_t mip) {
    return std::max(1u, extent >> mip);
}

Texture createTexture(vk::Device& device, const RunTexture& t) {
    require(t.width && t.height && t.depth && t.mipLevels, "texture with a zero extent or no mip levels");
    vk::ImageDesc desc;
    desc.format = t.format;
    desc.extent = {t.width, t.height, 1};
    desc.mipLevels = t.mipLevels;
    desc.usage = VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;
    desc.swizzle = t.swizzle;
    switch (t.viewType) {
    case VK_IMAGE_VIEW_TYPE_2D:
        require(t.depth == 1, "a 2D texture has depth 1");
        break;
    case VK_IMAGE_VIEW_TYPE_CUBE:
        require(t.depth == 1 && t.width == t.height, "a cube texture has square faces and depth 1");
        desc.arrayLayers = 6;
        desc.flags = VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT;
        break;
    case VK_IMAGE_VIEW_TYPE_3D:
        desc.type = VK_IMAGE_TYPE_3D;
        desc.extent.depth = t.depth;
        break;
    default:
        throw std::invalid_argument("runShaders: texture view type must be 2D, CUBE or 3D");
    }

    VkFormatProperties props{};
    vkGetPhysicalDeviceFormatProperties(device.physicalDevice(), t.format, &props);
    VkFormatFeatureFlags needed = VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT | VK_FORMAT_FEATURE_TRANSFER_DST_BIT;
    if (t.filter == VK_FILTER_LINEAR || t.mipmapMode == VK_SAMPLER_MIPMAP_MODE_LINEAR)
        needed |= VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT;
    if ((props.optimalTilingFeatures & needed) != needed)
        throw vk::Error(VK_ERROR_FORMAT_NOT_SUPPORTED,
                        "runShaders: the device cannot sample (or filter) VkFormat " +
                            std::to_string(int(t.format)));

    // Layer by layer, mip by mip within a layer, tightly packed.
    Texture out;
    const uint32_t texel = formatSize(t.format);
    const VkImageAspectFlags aspect = vk::formatAspects(t.format);
    require(aspect == VK_IMAGE_ASPECT_COLOR_BIT || aspect == VK_IMAGE_ASPECT_DEPTH_BIT,
            "textures with a stencil aspect are not supported");
    VkDeviceSize offset = 0;
    for (uint32_t layer = 0; layer < desc.arrayLayers; ++layer) {
        for (uint32_t mip = 0; mip < t.mipLevels; ++mip) {
            VkBufferImageCopy copy{};
            copy.bufferOffset = offset;
            copy.imageSubresource = {aspect, mip, layer, 1};
            copy.imageExtent = {mipExtent(desc.extent.width, mip), mipExtent(desc.extent.height, mip),
                                mipExtent(desc.extent.depth, mip)};
            // Block-compressed formats: `texel` bytes per 4x4 block.
            const uint32_t block = isBlockCompressed(t.format) ? 4 : 1;
            offset += VkDeviceSize((copy.imageExtent.width + block - 1) / block) *
                      ((copy.imageExtent.height + block - 1) / block) * copy.imageExtent.depth * texel;
            out.copies.push_back(copy);
        }
    }
    require(t.data.size() == offset, "texture at binding " + std::to_string(t.binding) + " holds " +
                                         std::to_string(t.data.size()) + " bytes, its subresources " +
                                         std::to_string(offset));
    out.image = vk::Image::create(device.allocator(), desc);
    out.staging = hostBuffer(device, t.data.data(), t.data.size(), VK_BUFFER_USAGE_TRANSFER_SRC_BIT);
    return out;
}

VkSampler createSampler(VkDevice device, const RunTexture& t) {
    VkSamplerCreateInfo info{VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO};
    info.magFilter = info.minFilter = t.filter;
    info.mipmapMode = t.mipmapMode;
    info.addressModeU = info.addressModeV = info.addressModeW = t.addressMode;
    info.minLod = 0.0f;
    info.maxLod = float(t.mipLevels);
    info.compareEnable = t.compare ? VK_TRUE : VK_FALSE;
    info.compareOp = t.compare ? VK_COMPARE_OP_LESS_OR_EQUAL : VK_COMPARE_OP_ALWAYS;
    info.borderColor = VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK;
    VkSampler sampler = VK_NULL_HANDLE;
    vk::check(vkCreateSampler(device, &info, nullptr, &sampler), "vkCreateSampler");
    return sampler;
}

bool isSamplerBinding(uint32_t binding) {
    return (binding >= abi::kPsSamplerBinding0 && binding < abi::kPsSamplerBinding0 + abi::kPsSamplerCount) ||
           (binding >= abi::kVsSamplerBinding0 && binding < abi::kVsSamplerBinding0 + abi::kVsSamplerCount);
}

// ---- Pipeline ----

VkPipeline createPipeline(const vk::Device& device, const ShaderRun& run, const RunObjects& objects) {
    VkPipelineShaderStageCreateInfo stages[2]{};
    stages[0].sType = stages[1].sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
    stages[0].stage = VK_SHADER_STAGE_VERTEX_BIT;
    stages[0].module = objects.vertexModule;
    stages[0].pName = "main";
    stages[0].pSpecializationInfo = run.vertexSpecialization;
    stages[1].stage = VK_SHADER_STAGE_FRAGMENT_BIT;
    stages[1].module = objects.fragmentModule;
    stages[1].pName = "main";
    stages[1].pSpecializationInfo = run.fragmentSpecialization;

    // One vertex buffer binding per attribute.
    std::vector<VkVertexInputBindingDescription> bindings;
    std::vector<VkVertexInputAttributeDescription> attributes;
    for (uint32_t i = 0; i < run.attributes.size(); ++i) {
        const VertexAttribute& a = run.attributes[i];
        bindings.push_back({i, a.stride, VK_VERTEX_INPUT_RATE_VERTEX});
        attributes.push_back({a.location, i, a.format, 0});
    }
    VkPipelineVertexInputStateCreateInfo vertexInput{
        VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
    vertexInput.vertexBindingDescriptionCount = uint32_t(bindings.size());
    vertexInput.pVertexBindingDescriptions = bindings.data();
    vertexInput.vertexAttributeDescriptionCount = uint32_t(attributes.size());
    vertexInput.pVertexAttributeDescriptions = attributes.data();

    VkPipelineInputAssemblyStateCreateInfo assembly{
        VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO};
    assembly.topology = run.topology;

    // The ABI's D3D9 mapping: +0.5 pixel in x, y flipped (clip y = 1 is the top row).
    const VkViewport viewport{0.5f, float(run.height) + 0.5f, float(run.width), -float(run.height), 0.0f,
                              1.0f};
    const VkRect2D scissor{{0, 0}, {run.width, run.height}};
    VkPipelineViewportStateCreateInfo viewportState{VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO};
    viewportState.viewportCount = 1;
    viewportState.pViewports = &viewport;
    viewportState.scissorCount = 1;
    viewportState.pScissors = &scissor;

    VkPipelineRasterizationStateCreateInfo raster{VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO};
    raster.polygonMode = VK_POLYGON_MODE_FILL;
    raster.cullMode = VK_CULL_MODE_NONE;
    raster.frontFace = run.frontFace;
    raster.lineWidth = 1.0f;

    VkPipelineMultisampleStateCreateInfo multisample{
        VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO};
    multisample.rasterizationSamples = VK_SAMPLE_COUNT_1_BIT;

    VkPipelineDepthStencilStateCreateInfo depth{VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO};
    depth.depthTestEnable = run.depthTarget ? VK_TRUE : VK_FALSE;
    depth.depthWriteEnable = run.depthTarget ? VK_TRUE : VK_FALSE;
    depth.depthCompareOp = VK_COMPARE_OP_ALWAYS;

    std::vector<VkPipelineColorBlendAttachmentState> blends(run.colorTargets);
    for (auto& b : blends)
        b.colorWriteMask = VK_COLOR_COMPONENT_R_BIT | VK_COLOR_COMPONENT_G_BIT | VK_COLOR_COMPONENT_B_BIT |
                           VK_COLOR_COMPONENT_A_BIT;
    VkPipelineColorBlendStateCreateInfo blend{VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO};
    blend.attachmentCount = uint32_t(blends.size());
    blend.pAttachments = blends.data();

    const std::vector<VkFormat> colorFormats(run.colorTargets, kColorFormat);
    VkPipelineRenderingCreateInfo rendering{VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO};
    rendering.colorAttachmentCount = uint32_t(colorFormats.size());
    rendering.pColorAttachmentFormats = colorFormats.data();
    rendering.depthAttachmentFormat = run.depthTarget ? kDepthFormat : VK_FORMAT_UNDEFINED;

    VkGraphicsPipelineCreateInfo info{VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO};
    info.pNext = &rendering;
    info.stageCount = 2;
    info.pStages = stages;
    info.pVertexInputState = &vertexInput;
    info.pInputAssemblyState = &assembly;
    info.pViewportState = &viewportState;
    info.pRasterizationState = &raster;
    info.pMultisampleState = &multisample;
    info.pDepthStencilState = &depth;
    info.pColorBlendState = &blend;
    info.layout = objects.pipelineLayout;
    VkPipeline pipeline = VK_NULL_HANDLE;
    vk::check(vkCreateGraphicsPipelines(device.handle(), VK_NULL_HANDLE, 1, &info, nullptr, &pipeline),
              "vkCreateGraphicsPipelines");
    return pipeline;
}

} // namespace

Float4 pointCentre(uint32_t x, uint32_t y, uint32_t width, uint32_t height) {
    return {2.0f * float(x) / float(width) - 1.0f, 1.0f - 2.0f * float(y) / float(height), 0.5f, 1.0f};
}

ShaderRunResult runShaders(const ShaderRun& run) {
    vk::Device& device = sharedDevice();
    const VkDevice dev = device.handle();
    const VkPhysicalDeviceLimits& limits = device.limits();

    // Checks that catch test bugs before Vulkan (or validation) sees them.
    require(run.width && run.height, "empty target");
    require(run.colorTargets || run.depthTarget, "no colour target and no depth target");
    require(run.colorTargets <= limits.maxColorAttachments, "more colour targets than the device has");
    require(run.attributes.size() <= limits.maxVertexInputBindings, "too many vertex attributes");
    for (const VertexAttribute& a : run.attributes) {
        const uint64_t needed =
            run.vertexCount ? uint64_t(run.vertexCount - 1) * a.stride + formatSize(a.format) : 0;
        require(a.data.size() >= needed, "vertex attribute at location " + std::to_string(a.location) +
                                             " holds fewer bytes than vertexCount needs");
    }
    for (size_t i = 0; i < run.textures.size(); ++i) {
        const uint32_t binding = run.textures[i].binding;
        require(isSamplerBinding(binding),
                "texture binding " + std::to_string(binding) + " is not a sampler binding of the ABI");
        for (size_t j = 0; j < i; ++j)
            require(run.textures[j].binding != binding, "two textures at binding " + std::to_string(binding));
    }

    RunObjects objects(dev);
    objects.vertexModule = createModule(dev, run.vertexSpirv, "vertex");
    objects.fragmentModule = createModule(dev, run.fragmentSpirv, "fragment");

    // Uniform buffers 0..5, always present.
    struct UboData {
        uint32_t binding;
        const void* bytes;
        size_t size;
    };
    const UboData ubos[] = {
        {abi::kVsConstantsBinding, &run.vsConstants, sizeof(run.vsConstants)},
        {abi::kPsConstantsBinding, &run.psConstants, sizeof(run.psConstants)},
        {abi::kVsSystemBinding, &run.vsSystem, sizeof(run.vsSystem)},
        {abi::kPsSystemBinding, &run.psSystem, sizeof(run.psSystem)},
        {abi::kFfVertexBinding, run.ffVertexState.data(), run.ffVertexState.size()},
        {abi::kFfPixelBinding, run.ffPixelState.data(), run.ffPixelState.size()},
        {abi::kVsFetchBinding, &run.vsFetch, sizeof(run.vsFetch)},
    };
    std::vector<vk::Buffer> uboBuffers;
    for (const UboData& u : ubos) {
        uboBuffers.push_back(hostBuffer(device, u.bytes, u.size, VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT));
        require(uboBuffers.back().size() <= limits.maxUniformBufferRange,
                "uniform buffer " + std::to_string(u.binding) + " exceeds maxUniformBufferRange");
    }

    std::vector<Texture> textures;
    for (const RunTexture& t : run.textures) {
        textures.push_back(createTexture(device, t));
        objects.samplers.push_back(createSampler(dev, t));
    }

    // Descriptor set 0: the six uniform buffers and one combined image sampler per texture.
    std::vector<VkDescriptorSetLayoutBinding> layoutBindings;
    for (const UboData& u : ubos)
        layoutBindings.push_back({u.binding, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1, kStages, nullptr});
    for (const RunTexture& t : run.textures)
        layoutBindings.push_back({t.binding, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, kStages, nullptr});
    std::vector<vk::Buffer> storageBuffers;
    for (const ShaderRun::StorageBuffer& sb : run.storageBuffers) {
        for (const VkDescriptorSetLayoutBinding& existing : layoutBindings)
            require(existing.binding != sb.binding, "binding " + std::to_string(sb.binding) + " used twice");
        layoutBindings.push_back({sb.binding, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, kStages, nullptr});
        storageBuffers.push_back(hostBuffer(device, sb.data.data(), sb.data.size(), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT));
    }
    VkDescriptorSetLayoutCreateInfo layoutInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
    layoutInfo.bindingCount = uint32_t(layoutBindings.size());
    layoutInfo.pBindings = layoutBindings.data();
    vk::check(vkCreateDescriptorSetLayout(dev, &layoutInfo, nullptr, &objects.setLayout),
              "vkCreateDescriptorSetLayout");

    VkPipelineLayoutCreateInfo pipelineLayoutInfo{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
    pipelineLayoutInfo.setLayoutCount = 1;
    pipelineLayoutInfo.pSetLayouts = &objects.setLayout;
    vk::check(vkCreatePipelineLayout(dev, &pipelineLayoutInfo, nullptr, &objects.pipelineLayout),
              "vkCreatePipelineLayout");

    std::vector<VkDescriptorPoolSize> poolSizes{
        {VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, uint32_t(std::size(ubos))}};
    if (!run.textures.empty())
        poolSizes.push_back({VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, uint32_t(run.textures.size())});
    if (!run.storageBuffers.empty())
        poolSizes.push_back({VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, uint32_t(run.storageBuffers.size())});
    VkDescriptorPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
    poolInfo.maxSets = 1;
    poolInfo.poolSizeCount = uint32_t(poolSizes.size());
    poolInfo.pPoolSizes = poolSizes.data();
    vk::check(vkCreateDescriptorPool(dev, &poolInfo, nullptr, &objects.pool), "vkCreateDescriptorPool");
    VkDescriptorSetAllocateInfo allocInfo{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
    allocInfo.descriptorPool = objects.pool;
    allocInfo.descriptorSetCount = 1;
    allocInfo.pSetLayouts = &objects.setLayout;
    VkDescriptorSet set = VK_NULL_HANDLE;
    vk::check(vkAllocateDescriptorSets(dev, &allocInfo, &set), "vkAllocateDescriptorSets");

    std::vector<VkDescriptorBufferInfo> bufferInfos;
    for (const vk::Buffer& b : uboBuffers)
        bufferInfos.push_back({b.handle(), 0, b.size()});
    std::vector<VkDescriptorImageInfo> imageInfos;
    for (size_t i = 0; i < textures.size(); ++i)
        imageInfos.push_back(
            {objects.samplers[i], textures[i].image.view(), VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL});
    std::vector<VkWriteDescriptorSet> writes;
    for (size_t i = 0; i < bufferInfos.size(); ++i) {
        VkWriteDescriptorSet w{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
        w.dstSet = set;
        w.dstBinding = ubos[i].binding;
        w.descriptorCount = 1;
        w.descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER;
        w.pBufferInfo = &bufferInfos[i];
        writes.push_back(w);
    }
    for (size_t i = 0; i < imageInfos.size(); ++i) {
        VkWriteDescriptorSet w{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
        w.dstSet = set;
        w.dstBinding = run.textures[i].binding;
        w.descriptorCount = 1;
        w.descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
        w.pImageInfo = &imageInfos[i];
        writes.push_back(w);
    }
    std::vector<VkDescriptorBufferInfo> storageInfos;
    for (const vk::Buffer& b : storageBuffers) storageInfos.push_back({b.handle(), 0, VK_WHOLE_SIZE});
    for (size_t i = 0; i < storageInfos.size(); ++i) {
        VkWriteDescriptorSet w{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
        w.dstSet = set;
        w.dstBinding = run.storageBuffers[i].binding;
        w.descriptorCount = 1;
        w.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
        w.pBufferInfo = &storageInfos[i];
        writes.push_back(w);
    }
    vkUpdateDescriptorSets(dev, uint32_t(writes.size()), writes.data(), 0, nullptr);

    objects.pipeline = createPipeline(device, run, objects);

    // Vertex buffers, one per attribute.
    std::vector<vk::Buffer> vertexBuffers;
    std::vector<VkBuffer> vertexHandles;
    std::vector<VkDeviceSize> vertexOffsets;
    for (const VertexAttribute& a : run.attributes) {
        vertexBuffers.push_back(
            hostBuffer(device, a.data.data(), a.data.size(), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT));
        vertexHandles.push_back(vertexBuffers.back().handle());
        vertexOffsets.push_back(0);
    }

    // Targets and their readback buffers.
    const VkExtent3D extent{run.width, run.height, 1};
    const VkDeviceSize pixels = VkDeviceSize(run.width) * run.height;
    std::vector<vk::Image> colorImages;
    std::vector<vk::Buffer> colorReadbacks;
    for (uint32_t i = 0; i < run.colorTargets; ++i) {
        vk::ImageDesc desc;
        desc.format = kColorFormat;
        desc.extent = extent;
        desc.usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT;
        colorImages.push_back(vk::Image::create(device.allocator(), desc));
        colorReadbacks.push_back(vk::Buffer::create(device.allocator(), pixels * sizeof(Float4),
                                                    VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                                    vk::MemoryUsage::Readback));
    }
    vk::Image depthImage;
    vk::Buffer depthReadback;
    if (run.depthTarget) {
        vk::ImageDesc desc;
        desc.format = kDepthFormat;
        desc.extent = extent;
        desc.usage = VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT;
        depthImage = vk::Image::create(device.allocator(), desc);
        depthReadback = vk::Buffer::create(device.allocator(), pixels * sizeof(float),
                                           VK_BUFFER_USAGE_TRANSFER_DST_BIT, vk::MemoryUsage::Readback);
    }

    device.submitImmediate([&](VkCommandBuffer cmd) {
        for (Texture& t : textures) {
            vk::transitionImage(device, cmd, t.image, VK_IMAGE_LAYOUT_UNDEFINED,
                                VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
            vkCmdCopyBufferToImage(cmd, t.staging.handle(), t.image.handle(),
                                   VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, uint32_t(t.copies.size()),
                                   t.copies.data());
            vk::transitionImage(device, cmd, t.image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                                VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL);
        }
        std::vector<VkRenderingAttachmentInfo> colorAttachments;
        for (const vk::Image& image : colorImages) {
            vk::transitionImage(device, cmd, image, VK_IMAGE_LAYOUT_UNDEFINED,
                                VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
            VkRenderingAttachmentInfo a{VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO};
            a.imageView = image.view();
            a.imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
            a.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
            a.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
            std::copy(run.clearColor.begin(), run.clearColor.end(), a.clearValue.color.float32);
            colorAttachments.push_back(a);
        }
        VkRenderingAttachmentInfo depthAttachment{VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO};
        VkRenderingInfo rendering{VK_STRUCTURE_TYPE_RENDERING_INFO};
        rendering.renderArea = {{0, 0}, {run.width, run.height}};
        rendering.layerCount = 1;
        rendering.colorAttachmentCount = uint32_t(colorAttachments.size());
        rendering.pColorAttachments = colorAttachments.data();
        if (run.depthTarget) {
            vk::transitionImage(device, cmd, depthImage, VK_IMAGE_LAYOUT_UNDEFINED,
                                VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL);
            depthAttachment.imageView = depthImage.view();
            depthAttachment.imageLayout = VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL;
            depthAttachment.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
            depthAttachment.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
            depthAttachment.clearValue.depthStencil = {1.0f, 0};
            rendering.pDepthAttachment = &depthAttachment;
        }

        device.functions().cmdBeginRendering(cmd, &rendering);
        vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, objects.pipeline);
        vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, objects.pipelineLayout,
                                abi::kDescriptorSet, 1, &set, 0, nullptr);
        if (!vertexHandles.empty())
            vkCmdBindVertexBuffers(cmd, 0, uint32_t(vertexHandles.size()), vertexHandles.data(),
                                   vertexOffsets.data());
        vkCmdDraw(cmd, run.vertexCount, run.instanceCount, run.firstVertex, 0);
        device.functions().cmdEndRendering(cmd);

        for (size_t i = 0; i < colorImages.size(); ++i) {
            vk::transitionImage(device, cmd, colorImages[i], VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                                VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
            VkBufferImageCopy copy{};
            copy.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
            copy.imageExtent = extent;
            vkCmdCopyImageToBuffer(cmd, colorImages[i].handle(), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                                   colorReadbacks[i].handle(), 1, &copy);
        }
        if (run.depthTarget) {
            vk::transitionImage(device, cmd, depthImage, VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL,
                                VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
            VkBufferImageCopy copy{};
            copy.imageSubresource = {VK_IMAGE_ASPECT_DEPTH_BIT, 0, 0, 1};
            copy.imageExtent = extent;
            vkCmdCopyImageToBuffer(cmd, depthImage.handle(), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                                   depthReadback.handle(), 1, &copy);
        }
    });

    ShaderRunResult result;
    result.width = run.width;
    result.height = run.height;
    for (const vk::Buffer& b : colorReadbacks) {
        b.allocation().invalidate();
        const Float4* texels = b.data<Float4>();
        result.targets.emplace_back(texels, texels + pixels);
    }
    if (run.depthTarget) {
        depthReadback.allocation().invalidate();
        const float* texels = depthReadback.data<float>();
        result.depth.assign(texels, texels + pixels);
    }
    return result;
}

} // namespace ddivk::test

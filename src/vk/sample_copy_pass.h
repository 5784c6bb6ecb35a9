// The sample copy: Vulkan's copies and blits write no samples of a multisampled image (their
// sample counts must match), so a draw writes them. A pass on a multisampled colour image gives
// each pixel of a rectangle the texel at the same coordinates of a single-sampled image of its
// size and format, in every sample. D3D9's StretchRect into a multisampled surface blits into
// such an image first (device/surface_resolve.cpp).
#pragma once

#include <volk.h>

#include <cstdint>
#include <map>
#include <utility>

namespace ddivk::vk {

class Device;

class SampleCopyPass {
  public:
    // The pass binds its source with push descriptors: false on devices without them.
    static bool supported(const Device& device);
    // Throws vk::Error (also where !supported(device)).
    explicit SampleCopyPass(Device& device);
    ~SampleCopyPass();
    SampleCopyPass(const SampleCopyPass&) = delete;
    SampleCopyPass& operator=(const SampleCopyPass&) = delete;

    // Records, outside a rendering pass, a pass that writes texel (x, y) of `source` into every
    // sample of pixel (x, y) of `target` for the pixels of `area`. `source`: a view of a
    // single-sampled colour image of the target's size with SAMPLED usage, in
    // SHADER_READ_ONLY_OPTIMAL; `target`: a view of `format` with `samples`, in
    // COLOR_ATTACHMENT_OPTIMAL. The caller orders the writes before it with barriers. A pipeline
    // is made per format and sample count, on first use. Throws vk::Error.
    void record(VkCommandBuffer commandBuffer, VkImageView source, VkImageView target, VkFormat format,
                VkSampleCountFlagBits samples, const VkRect2D& area);

  private:
    VkPipeline pipeline(VkFormat format, VkSampleCountFlagBits samples);
    void destroy();

    Device& device_;
    VkSampler sampler_ = VK_NULL_HANDLE; // nearest, unused by texelFetch but required by the binding
    VkDescriptorSetLayout setLayout_ = VK_NULL_HANDLE;
    VkPipelineLayout layout_ = VK_NULL_HANDLE;
    VkShaderModule vertex_ = VK_NULL_HANDLE;
    VkShaderModule fragment_ = VK_NULL_HANDLE;
    std::map<std::pair<VkFormat, VkSampleCountFlagBits>, VkPipeline> pipelines_;
};

} // namespace ddivk::vk

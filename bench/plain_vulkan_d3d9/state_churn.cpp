// state_churn: 300 textured quads a frame, each with its own state. The 24 combinations of
// blending, culling and depth function are pipelines made at setup; the two textures with the
// four samplers (filter x U address) are 8 descriptor sets; a draw binds what changed.
#include "descriptors.h"
#include "pipelines.h"
#include "plain_d3d9_churn_frag.spv.h"
#include "plain_d3d9_churn_vert.spv.h"
#include "scenario.h"
#include "scenario_layout.h"

#include <array>
#include <cstddef>
#include <memory>
#include <vector>

namespace ddivk::bench::plain {

namespace {

using churn_layout::Vertex;

// churn_layout's enums as Vulkan values (front faces are clockwise: pipelines.h).
constexpr VkCullModeFlags kCullModes[] = {VK_CULL_MODE_NONE, VK_CULL_MODE_FRONT_BIT, VK_CULL_MODE_BACK_BIT};
constexpr VkCompareOp kDepthTests[] = {VK_COMPARE_OP_LESS_OR_EQUAL, VK_COMPARE_OP_ALWAYS,
                                       VK_COMPARE_OP_GREATER, VK_COMPARE_OP_LESS};
constexpr int kPipelines = 2 * 3 * 4, kSamplers = 2 * 2, kSets = 2 * kSamplers;

int pipelineIndex(const churn_layout::State& s) {
    return (s.blend ? 12 : 0) + int(s.cull) * 4 + int(s.depth);
}
int setIndex(const churn_layout::State& s) {
    return s.texture * kSamplers + (s.linearMag ? 2 : 0) + (s.wrapU ? 1 : 0);
}

class StateChurn final : public Scenario {
  public:
    StateChurn(Context& context, const FrameRing& ring) : context_(context) {
        const std::vector<Vertex> vertices = churn_layout::vertices();
        vertices_ = context.createBuffer(vertices.size() * sizeof(Vertex), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT,
                                         vertices.data());
        for (int t = 0; t < 2; ++t)
            textures_[t] = solidTexture(churn_layout::kTextureColours[t]);
        createSamplers();
        createDescriptorSets();
        createPipelines(ring.depthFormat());
    }
    ~StateChurn() override {
        VkDevice device = context_.device();
        pipelines_.reset(); // before the set layout it was made with
        sets_.reset();
        for (VkSampler s : samplers_)
            vkDestroySampler(device, s, nullptr);
        for (Image& t : textures_)
            context_.destroy(t);
        context_.destroy(vertices_);
    }
    const char* name() const override { return "state_churn"; }
    const char* unit() const override { return "draws"; }

    int64_t record(VkCommandBuffer cb, int) override {
        const VkDeviceSize zero = 0;
        vkCmdBindVertexBuffers(cb, 0, 1, &vertices_.handle, &zero);
        int boundPipeline = -1, boundSet = -1;
        for (int i = 0; i < churn_layout::kDraws; ++i) {
            const churn_layout::State state = churn_layout::state(i);
            if (const int p = pipelineIndex(state); p != boundPipeline) {
                vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, (*pipelines_)[p]);
                boundPipeline = p;
            }
            if (const int s = setIndex(state); s != boundSet) {
                vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, pipelines_->layout(), 0, 1,
                                        &(*sets_)[s], 0, nullptr);
                boundSet = s;
            }
            vkCmdDraw(cb, 6, 1, uint32_t(6 * i), 0);
        }
        return churn_layout::kDraws;
    }

  private:
    // A 4 x 4 texture of one X8R8G8B8 colour: B8G8R8A8 bytes, alpha read as one.
    Image solidTexture(uint32_t colour) {
        const std::vector<uint32_t> texels(16, colour);
        Buffer staging =
            context_.createBuffer(texels.size() * 4, VK_BUFFER_USAGE_TRANSFER_SRC_BIT, texels.data());
        const VkComponentMapping x8{VK_COMPONENT_SWIZZLE_IDENTITY, VK_COMPONENT_SWIZZLE_IDENTITY,
                                    VK_COMPONENT_SWIZZLE_IDENTITY, VK_COMPONENT_SWIZZLE_ONE};
        Image image = context_.createImage(VK_FORMAT_B8G8R8A8_UNORM, {4, 4},
                                           VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
                                           VK_IMAGE_ASPECT_COLOR_BIT, x8);
        context_.runOnce([&](VkCommandBuffer cb) {
            VkImageMemoryBarrier barrier{VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER};
            barrier.dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
            barrier.oldLayout = VK_IMAGE_LAYOUT_UNDEFINED;
            barrier.newLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
            barrier.srcQueueFamilyIndex = barrier.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
            barrier.image = image.handle;
            barrier.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
            vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0,
                                 nullptr, 0, nullptr, 1, &barrier);
            VkBufferImageCopy region{};
            region.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
            region.imageExtent = {4, 4, 1};
            vkCmdCopyBufferToImage(cb, staging.handle, image.handle, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1,
                                   &region);
            barrier.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
            barrier.dstAccessMask = VK_ACCESS_SHADER_READ_BIT;
            barrier.oldLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
            barrier.newLayout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
            vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT, 0,
                                 0, nullptr, 0, nullptr, 1, &barrier);
        });
        context_.destroy(staging);
        return image;
    }

    // D3D9's sampler defaults besides the two churned states: MINFILTER POINT, MIPFILTER NONE
    // (one level), ADDRESSV WRAP.
    void createSamplers() {
        for (int s = 0; s < kSamplers; ++s) {
            VkSamplerCreateInfo info{VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO};
            info.magFilter = s & 2 ? VK_FILTER_LINEAR : VK_FILTER_NEAREST;
            info.minFilter = VK_FILTER_NEAREST;
            info.mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST;
            info.addressModeU =
                s & 1 ? VK_SAMPLER_ADDRESS_MODE_REPEAT : VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
            info.addressModeV = info.addressModeW = VK_SAMPLER_ADDRESS_MODE_REPEAT;
            info.maxLod = 0.0f;
            check(vkCreateSampler(context_.device(), &info, nullptr, &samplers_[s]), "vkCreateSampler");
        }
    }

    void createDescriptorSets() {
        sets_ = std::make_unique<DescriptorSets>(
            context_.device(),
            std::vector<VkDescriptorSetLayoutBinding>{
                {0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, VK_SHADER_STAGE_FRAGMENT_BIT, nullptr}},
            kSets);
        for (int s = 0; s < kSets; ++s) // in setIndex()'s order
            sets_->write(s, 0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
                         {samplers_[s % kSamplers], textures_[s / kSamplers].view,
                          VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL});
    }

    void createPipelines(VkFormat depthFormat) {
        pipelines_ = std::make_unique<PipelineSet>(
            context_.device(), createPipelineLayout(context_.device(), 0, 0, {sets_->layout()}),
            FrameRing::kColourFormat, depthFormat);
        const ShaderPair shaders(context_, spv_plain_d3d9_churn_vert, spv_plain_d3d9_churn_frag);
        PipelineDesc desc;
        desc.vertexShader = shaders.vertex;
        desc.fragmentShader = shaders.fragment;
        desc.bindings = {{0, sizeof(Vertex), VK_VERTEX_INPUT_RATE_VERTEX}};
        desc.attributes = {{0, 0, VK_FORMAT_R32G32B32A32_SFLOAT, offsetof(Vertex, x)},
                           {1, 0, VK_FORMAT_B8G8R8A8_UNORM, offsetof(Vertex, colour)},
                           {2, 0, VK_FORMAT_R32G32_SFLOAT, offsetof(Vertex, u)}};
        const float toNdc[2] = {2.0f / float(kBenchSize), 2.0f / float(kBenchSize)};
        const VkSpecializationMapEntry entries[2] = {{0, 0, sizeof(float)},
                                                     {1, sizeof(float), sizeof(float)}};
        const VkSpecializationInfo constants{2, entries, sizeof toNdc, toNdc};
        desc.vertexConstants = &constants;
        desc.depthTest = true;
        for (int p = 0; p < kPipelines; ++p) { // in pipelineIndex()'s order
            desc.additiveBlend = p >= 12;
            desc.cull = kCullModes[(p / 4) % 3];
            desc.depthCompare = kDepthTests[p % 4];
            pipelines_->add(desc);
        }
    }

    Context& context_;
    Buffer vertices_;
    std::array<Image, 2> textures_;
    std::array<VkSampler, kSamplers> samplers_{};
    std::unique_ptr<DescriptorSets> sets_;   // made after the textures and samplers
    std::unique_ptr<PipelineSet> pipelines_; // made after the set layout
};

} // namespace

std::unique_ptr<Scenario> makeStateChurn(Context& context, const FrameRing& ring) {
    return std::make_unique<StateChurn>(context, ring);
}

} // namespace ddivk::bench::plain

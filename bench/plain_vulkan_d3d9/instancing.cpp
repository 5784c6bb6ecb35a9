// instancing: 4 indexed draws a frame of 10000 instances each; the per-instance stream is a
// second vertex binding at instance rate, rebound at draw d's offset before each draw.
#include "pipelines.h"
#include "plain_d3d9_colour_frag.spv.h"
#include "plain_d3d9_instancing_vert.spv.h"
#include "scenario.h"
#include "scenario_layout.h"

#include <cstddef>
#include <vector>

namespace ddivk::bench::plain {

namespace {

using instancing_layout::Instance;

class Instancing final : public Scenario {
  public:
    Instancing(Context& context, const FrameRing& ring)
        : context_(context), pipelines_(context.device(), createPipelineLayout(context.device(), 0, 0),
                                        FrameRing::kColourFormat, ring.depthFormat()) {
        float quad[16];
        instancing_layout::quad(quad);
        const std::vector<Instance> instances = instancing_layout::instances();
        quad_ = context.createBuffer(sizeof quad, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, quad);
        instances_ = context.createBuffer(instances.size() * sizeof(Instance),
                                          VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, instances.data());
        indices_ = context.createBuffer(sizeof instancing_layout::kIndices, VK_BUFFER_USAGE_INDEX_BUFFER_BIT,
                                        instancing_layout::kIndices);
        const ShaderPair shaders(context, spv_plain_d3d9_instancing_vert, spv_plain_d3d9_colour_frag);
        PipelineDesc desc;
        desc.vertexShader = shaders.vertex;
        desc.fragmentShader = shaders.fragment;
        desc.bindings = {{0, 4 * sizeof(float), VK_VERTEX_INPUT_RATE_VERTEX},
                         {1, sizeof(Instance), VK_VERTEX_INPUT_RATE_INSTANCE}};
        desc.attributes = {
            {0, 0, VK_FORMAT_R32G32B32A32_SFLOAT, 0},
            {1, 1, VK_FORMAT_R32G32_SFLOAT, offsetof(Instance, dx)},
            {2, 1, VK_FORMAT_B8G8R8A8_UNORM, offsetof(Instance, colour)}}; // D3DDECLTYPE_D3DCOLOR
        pipelines_.add(desc); // culling off (useShaders), no depth test
    }
    ~Instancing() override {
        context_.destroy(quad_);
        context_.destroy(instances_);
        context_.destroy(indices_);
    }
    const char* name() const override { return "instancing"; }
    const char* unit() const override { return "instances"; }

    int64_t record(VkCommandBuffer cb, int) override {
        using namespace instancing_layout;
        vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, pipelines_[0]);
        const VkDeviceSize zero = 0;
        vkCmdBindVertexBuffers(cb, 0, 1, &quad_.handle, &zero);
        vkCmdBindIndexBuffer(cb, indices_.handle, 0, VK_INDEX_TYPE_UINT16);
        for (int d = 0; d < kDraws; ++d) {
            const VkDeviceSize offset = VkDeviceSize(d) * kInstances * sizeof(Instance);
            vkCmdBindVertexBuffers(cb, 1, 1, &instances_.handle, &offset);
            vkCmdDrawIndexed(cb, 6, kInstances, 0, 0, 0);
        }
        return int64_t{kDraws} * kInstances;
    }

  private:
    Context& context_;
    PipelineSet pipelines_;
    Buffer quad_, instances_, indices_; // the quad, the instances of all four draws, its indices
};

} // namespace

std::unique_ptr<Scenario> makeInstancing(Context& context, const FrameRing& ring) {
    return std::make_unique<Instancing>(context, ring);
}

} // namespace ddivk::bench::plain

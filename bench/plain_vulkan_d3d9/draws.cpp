// draws: 2000 draws of the unit square a frame, each after one push of its matrix rows (the
// vertex constants c0..c3 of D3D9) and its colour (pixel constant c0): 80 bytes, one call.
#include "pipelines.h"
#include "plain_d3d9_draws_frag.spv.h"
#include "plain_d3d9_draws_vert.spv.h"
#include "scenario.h"
#include "scenario_layout.h"

namespace ddivk::bench::plain {

namespace {

struct DrawConstants {
    float rows[16];
    float colour[4];
};
constexpr VkShaderStageFlags kPushStages = VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT;

class Draws final : public Scenario {
  public:
    Draws(Context& context, const FrameRing& ring)
        : context_(context),
          pipelines_(context.device(),
                     createPipelineLayout(context.device(), kPushStages, sizeof(DrawConstants)),
                     FrameRing::kColourFormat, ring.depthFormat()) {
        quad_ = context.createBuffer(sizeof(draws_layout::kUnitSquare), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT,
                                     draws_layout::kUnitSquare);
        const ShaderPair shaders(context, spv_plain_d3d9_draws_vert, spv_plain_d3d9_draws_frag);
        PipelineDesc desc;
        desc.vertexShader = shaders.vertex;
        desc.fragmentShader = shaders.fragment;
        desc.bindings = {{0, 4 * sizeof(float), VK_VERTEX_INPUT_RATE_VERTEX}};
        desc.attributes = {{0, 0, VK_FORMAT_R32G32B32A32_SFLOAT, 0}};
        desc.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP; // culling off (useShaders), no depth test
        pipelines_.add(desc);
    }
    ~Draws() override { context_.destroy(quad_); }
    const char* name() const override { return "draws"; }
    const char* unit() const override { return "draws"; }

    int64_t record(VkCommandBuffer cb, int index) override {
        vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, pipelines_[0]);
        const VkDeviceSize zero = 0;
        vkCmdBindVertexBuffers(cb, 0, 1, &quad_.handle, &zero);
        for (int i = 0; i < draws_layout::kDraws; ++i) {
            DrawConstants constants;
            draws_layout::matrix(i, constants.rows);
            draws_layout::colour(i, index, constants.colour);
            vkCmdPushConstants(cb, pipelines_.layout(), kPushStages, 0, sizeof constants, &constants);
            vkCmdDraw(cb, 4, 1, 0, 0);
        }
        return draws_layout::kDraws;
    }

  private:
    Context& context_;
    PipelineSet pipelines_;
    Buffer quad_;
};

} // namespace

std::unique_ptr<Scenario> makeDraws(Context& context, const FrameRing& ring) {
    return std::make_unique<Draws>(context, ring);
}

} // namespace ddivk::bench::plain

// RESZ (state/vendor_states.h): with an INTZ texture of the depth buffer's size at sampler 0,
// D3DRS_POINTSIZE = 0x7fa05000 copies the depth buffer into it, sample 0 of each pixel of a
// multisampled one. Points of known depths are drawn into the depth buffer, RESZ runs, and the
// texture's texels are sampled onto the target: INTZ returns the depth in every channel.
#include "cts/target_textures_fixture.h"

#include "state/vendor_states.h"

namespace ddivk::test {
namespace {

// Depths drawn at texels (1..3, 1); the rest of the buffer is cleared to 1.
constexpr float kDepths[3] = {0.2f, 0.5f, 0.8f};

uint32_t grey(float depth) {
    const uint32_t c = uint32_t(depth * 255.0f + 0.5f);
    return 0xFF000000u | c << 16 | c << 8 | c;
}

class Resz : public TargetTextures {
  protected:
    Resz() {
        targetSamples_ = 4;
        depthFormat_ = D3DFMT_D24S8;
    }

    // The fixture's depth buffer cleared to 1 with kDepths drawn at texels (1..3, 1) (points cover
    // every sample of their pixel), depth tests off again afterwards.
    void drawDepths() {
        std::vector<DepthPoint> points;
        for (uint32_t i = 0; i < 3; ++i)
            points.push_back({float(1 + i), 1, kDepths[i], 0xFFFFFFFF});
        drawDepthPoints(points);
        ASSERT_EQ(setRenderState(door(), D3DRS_ZENABLE, D3DZB_FALSE), S_OK);
    }

    // Texels (1..3, 1) and (5, 1) of `texture` at pixels (10..13, 20) of the cleared target.
    void drawTexels(uint32_t texture) {
        clearTarget(door());
        setProgram(door(), kTexPointVs, kSamplePs, texPointDeclaration());
        setPixelToClip(door());
        bind(0, texture);
        const float texels[4] = {1.5f, 2.5f, 3.5f, 5.5f};
        std::vector<TexPoint> points;
        for (int i = 0; i < 4; ++i)
            points.push_back({float(10 + i), 20, texels[i] / kWidth, 1.5f / kHeight, 0, 0});
        setStream(door(), 0, createBuffer(points), 0, sizeof(TexPoint));
        ASSERT_EQ(drawPrimitive(door(), D3DPT_POINTLIST, 0, uint32_t(points.size())), S_OK);
    }

    // A new INTZ texture of the target's size, bound at sampler 0, RESZ run into it.
    uint32_t reszIntoNewIntz() {
        uint32_t intz = 0;
        EXPECT_EQ(createTargetTexture(D3DDDI_RESOURCE_ZBUFFER, D3DFMT_INTZ, kWidth, kHeight, 1, &intz), S_OK);
        bind(0, intz);
        EXPECT_EQ(setRenderState(door(), D3DRS_POINTSIZE, state::kReszCode), S_OK);
        return intz;
    }

    void expectDepthsCopied(uint32_t intz) {
        drawTexels(intz);
        Pixels scene;
        for (int i = 0; i < 3; ++i)
            scene[{10 + i, 20}] = grey(kDepths[i]);
        scene[{13, 20}] = grey(1.0f);
        expectScene(scene, 1);
    }
};

TEST_P(Resz, CopiesTheDepthBufferIntoTheIntzTextureAtSampler0) {
    drawDepths();
    expectDepthsCopied(reszIntoNewIntz());
}

// Nothing to copy into: the command does nothing, and the device goes on as before.
TEST_P(Resz, WithoutAnIntzTextureAtSampler0NothingHappens) {
    drawDepths();
    const uint32_t colour = targetTexture(0, D3DFMT_A8R8G8B8, kWidth, kHeight, 1);
    bind(0, colour);
    EXPECT_EQ(setRenderState(door(), D3DRS_POINTSIZE, state::kReszCode), S_OK);
    bind(0, 0);
    EXPECT_EQ(setRenderState(door(), D3DRS_POINTSIZE, state::kReszCode), S_OK);
    expectDepthsCopied(reszIntoNewIntz());
}

std::string doorOf(const ::testing::TestParamInfo<Door>& p) {
    return doorName(p.param);
}

INSTANTIATE_TEST_SUITE_P(Doors, Resz, ::testing::Values(Door::Dp2, Door::Umd), doorOf);

// A single-sampled depth buffer is copied as it is.
class ReszSingleSampled : public Resz {
  protected:
    ReszSingleSampled() { targetSamples_ = 1; }
};

TEST_P(ReszSingleSampled, CopiesTheDepthBuffer) {
    drawDepths();
    expectDepthsCopied(reszIntoNewIntz());
}

INSTANTIATE_TEST_SUITE_P(Doors, ReszSingleSampled, ::testing::Values(Door::Dp2, Door::Umd), doorOf);

} // namespace
} // namespace ddivk::test

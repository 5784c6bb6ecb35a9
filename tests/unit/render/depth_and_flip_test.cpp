// Depth testing against a depth-stencil surface, and the DP2 rule for a flip in progress.
#include <gtest/gtest.h>

#include "support/vk_test.h"
#include "unit/render/reference_raster.h"
#include "unit/render/render_fixture.h"

namespace ddivk::test {
namespace {

constexpr uint32_t kBackground = 0xFF000000;

class DepthTest : public RenderTest {
  protected:
    DepthTest() { depthFormat_ = D3DFMT_D24S8; }
};

// With a depth surface, D3DRS_ZENABLE starts TRUE and ZFUNC LESSEQUAL: the nearest triangle
// wins whatever the draw order.
TEST_F(DepthTest, NearerTrianglesHideFartherOnesWhateverTheOrder) {
    std::vector<TLVertex> v = {vtx(2.25f, 2.5f, 0xFF00FF00, 0.2f),   vtx(40.5f, 4.75f, 0xFF00FF00, 0.2f),
                               vtx(6.75f, 40.25f, 0xFF00FF00, 0.2f), vtx(12.25f, 8.5f, 0xFF0000FF, 0.5f),
                               vtx(52.5f, 10.75f, 0xFF0000FF, 0.5f), vtx(20.75f, 46.25f, 0xFF0000FF, 0.5f),
                               vtx(24.25f, 1.5f, 0xFFFF0000, 0.8f),  vtx(62.5f, 30.75f, 0xFFFF0000, 0.8f),
                               vtx(30.75f, 44.25f, 0xFFFF0000, 0.8f)};
    CommandStream s;
    clear(s, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, kBackground, {}, 1.0f);
    renderState(s, D3DRS_CULLMODE, D3DCULL_NONE);
    s.cmd(D3DDP2OP_TRIANGLELIST, 3).put(D3DHAL_DP2TRIANGLELIST{0});
    ASSERT_EQ(execute(s, v), S_OK);
    ReferenceTarget want(kWidth, kHeight, kBackground);
    for (int t : {2, 1, 0})
        want.triangle(ref(v[t * 3]), ref(v[t * 3 + 1]), ref(v[t * 3 + 2]));
    std::vector<uint32_t> got = readTarget();
    size_t bad = 0;
    for (uint32_t y = 0; y < kHeight; ++y)
        for (uint32_t x = 0; x < kWidth; ++x)
            bad += got[y * kWidth + x] != want.at(x, y);
    EXPECT_EQ(bad, 0u);
}

TEST_F(DepthTest, ZEnableFalseDrawsInSubmissionOrder) {
    std::vector<TLVertex> v = {vtx(0, 0, 0xFF00FF00, 0.2f),  vtx(64, 0, 0xFF00FF00, 0.2f),
                               vtx(0, 48, 0xFF00FF00, 0.2f), vtx(0, 0, 0xFFFF0000, 0.8f),
                               vtx(64, 0, 0xFFFF0000, 0.8f), vtx(0, 48, 0xFFFF0000, 0.8f)};
    CommandStream s;
    clear(s, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, kBackground, {}, 1.0f);
    renderState(s, D3DRS_CULLMODE, D3DCULL_NONE);
    renderState(s, D3DRS_ZENABLE, D3DZB_FALSE);
    s.cmd(D3DDP2OP_TRIANGLELIST, 2).put(D3DHAL_DP2TRIANGLELIST{0});
    ASSERT_EQ(execute(s, v), S_OK);
    EXPECT_EQ(readTarget()[5 * kWidth + 5], 0xFFFF0000u);
}

TEST_F(DepthTest, ClearingStencilOfAStencilFormatIsAccepted) {
    CommandStream s;
    clear(s, D3DCLEAR_STENCIL, 0);
    EXPECT_EQ(execute(s), S_OK);
}

class DepthOnlyTest : public RenderTest {
  protected:
    DepthOnlyTest() { depthFormat_ = D3DFMT_D16; }
};

// D3D9: clearing the stencil of a depth buffer that has none is an invalid call.
TEST_F(DepthOnlyTest, ClearingStencilOfAFormatWithoutStencilIsRejected) {
    CommandStream s;
    clear(s, D3DCLEAR_TARGET, 0xFF00FF00);
    const size_t bad = s.size();
    clear(s, D3DCLEAR_ZBUFFER | D3DCLEAR_STENCIL, 0);
    EXPECT_EQ(execute(s), D3DERR_INVALIDCALL);
    EXPECT_EQ(errorOffset(), bad);
    EXPECT_EQ(readTarget()[0], 0xFF00FF00u);
}

class FlipRule : public RenderTest {};

// Spec: "If the drawing surface is involved in a flip, the driver should set ddrval to
// DDERR_WASSTILLDRAWING and return DDHAL_DRIVER_HANDLED" -- and execute nothing.
TEST_F(FlipRule, FlipInProgressAnswersWasStillDrawingAndExecutesNothing) {
    CommandStream blue;
    clear(blue, D3DCLEAR_TARGET, 0xFF0000FF);
    ASSERT_EQ(execute(blue), S_OK);

    CommandStream red;
    clear(red, D3DCLEAR_TARGET, 0xFFFF0000);
    {
        ScopedQueueHold hold(driverDevice().vulkan().queue());
        ASSERT_EQ(ddivk_surface_flip(device_, target_), S_OK);
        EXPECT_EQ(execute(red), DDERR_WASSTILLDRAWING);
    }
    EXPECT_EQ(readTarget()[0], 0xFF0000FFu); // the refused clear did not run
    EXPECT_EQ(execute(red), S_OK);           // the flip has completed
    EXPECT_EQ(readTarget()[0], 0xFFFF0000u);
}

TEST_F(FlipRule, InvalidContextHandleIsRejected) {
    CommandStream s;
    clear(s, D3DCLEAR_TARGET, 0xFFFF0000);
    uintptr_t saved = context_;
    context_ = saved + 1000;
    EXPECT_EQ(execute(s), D3DHAL_CONTEXT_BAD);
    context_ = saved;
}

} // namespace
} // namespace ddivk::test

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

// A draw with ZENABLE FALSE neither tests nor writes depth, and the depth buffer keeps what
// earlier draws wrote for the depth-tested draws after it (on llvmpipe such a draw's pass leaves
// the depth buffer out: DrawOptions::unusedDepthOut).
TEST_F(DepthTest, DrawsWithoutDepthKeepTheDepthBufferForLaterOnes) {
    auto rect = [](float x0, float x1, uint32_t color, float z) {
        return std::vector<TLVertex>{vtx(x0, 0, color, z), vtx(x1, 0, color, z),  vtx(x0, 48, color, z),
                                     vtx(x1, 0, color, z), vtx(x1, 48, color, z), vtx(x0, 48, color, z)};
    };
    std::vector<TLVertex> v = rect(0, 32, 0xFF00FF00, 0.2f); // left half, near
    for (const std::vector<TLVertex>& r : {rect(0, 64, 0xFFFF0000, 0.9f), rect(0, 64, 0xFF0000FF, 0.5f)})
        v.insert(v.end(), r.begin(), r.end());
    CommandStream s;
    clear(s, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, kBackground, {}, 1.0f);
    renderState(s, D3DRS_CULLMODE, D3DCULL_NONE);
    s.cmd(D3DDP2OP_TRIANGLELIST, 2).put(D3DHAL_DP2TRIANGLELIST{0}); // depth 0.2 on the left
    renderState(s, D3DRS_ZENABLE, D3DZB_FALSE);
    s.cmd(D3DDP2OP_TRIANGLELIST, 2).put(D3DHAL_DP2TRIANGLELIST{6}); // red everywhere, no depth
    renderState(s, D3DRS_ZENABLE, D3DZB_TRUE);
    s.cmd(D3DDP2OP_TRIANGLELIST, 2).put(D3DHAL_DP2TRIANGLELIST{12}); // blue where 0.5 <= depth
    ASSERT_EQ(execute(s, v), S_OK);
    const std::vector<uint32_t> got = readTarget();
    size_t bad = 0;
    for (uint32_t y = 0; y < kHeight; ++y)
        for (uint32_t x = 0; x < kWidth; ++x) {
            const uint32_t want = x < 32 ? 0xFFFF0000u : 0xFF0000FFu;
            if (got[y * kWidth + x] != want && bad++ < 3)
                ADD_FAILURE() << "(" << x << "," << y << ") is " << std::hex << got[y * kWidth + x]
                              << ", want " << want;
        }
    EXPECT_EQ(bad, 0u);
}

TEST_F(DepthTest, ClearingStencilOfAStencilFormatIsAccepted) {
    CommandStream s;
    clear(s, D3DCLEAR_STENCIL, 0);
    EXPECT_EQ(execute(s), S_OK);
}

// Clears of the whole target touch only the aspects they name: a depth-only clear keeps the
// stencil, a stencil-only clear keeps the depth (and both keep the colour). Each clear comes
// first in its pass (the read-back before it ends the previous one); draws probe both values.
TEST_F(DepthTest, WholeTargetClearsOfOneAspectKeepTheOther) {
    // A 4 x 4 pixel square with its top-left corner at (x, y), of depth z.
    auto square = [](float x, float y, uint32_t color, float z) {
        return std::vector<TLVertex>{vtx(x, y, color, z), vtx(x + 4, y, color, z), vtx(x, y + 4, color, z),
                                     vtx(x + 4, y, color, z), vtx(x + 4, y + 4, color, z), vtx(x, y + 4, color, z)};
    };
    auto stencilEqual = [](CommandStream& s, uint32_t ref) {
        renderState(s, D3DRS_STENCILENABLE, 1);
        renderState(s, D3DRS_STENCILFUNC, D3DCMP_EQUAL);
        renderState(s, D3DRS_STENCILREF, ref);
    };
    {
        CommandStream s;
        clear(s, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER | D3DCLEAR_STENCIL, kBackground, {}, 1.0f, 5);
        ASSERT_EQ(execute(s), S_OK);
        EXPECT_EQ(readTarget()[0], kBackground);
    }
    {
        CommandStream s; // depth to 0.25; the stencil stays 5
        clear(s, D3DCLEAR_ZBUFFER, 0, {}, 0.25f, 9);
        renderState(s, D3DRS_CULLMODE, D3DCULL_NONE);
        renderState(s, D3DRS_ZFUNC, D3DCMP_LESS);
        s.cmd(D3DDP2OP_TRIANGLELIST, 2).put(D3DHAL_DP2TRIANGLELIST{0}); // red behind 0.25: hidden
        stencilEqual(s, 5);                                              // green in front, stencil 5: shown
        s.cmd(D3DDP2OP_TRIANGLELIST, 2).put(D3DHAL_DP2TRIANGLELIST{6});
        std::vector<TLVertex> v = square(2, 2, 0xFFFF0000, 0.5f);
        const std::vector<TLVertex> green = square(10, 2, 0xFF00FF00, 0.1f);
        v.insert(v.end(), green.begin(), green.end());
        ASSERT_EQ(execute(s, v), S_OK);
        const std::vector<uint32_t> got = readTarget();
        EXPECT_EQ(got[4 * kWidth + 4], kBackground);
        EXPECT_EQ(got[4 * kWidth + 12], 0xFF00FF00u);
    }
    {
        CommandStream s; // stencil to 7; the depth stays 0.25 (not the clear's 0)
        clear(s, D3DCLEAR_STENCIL, 0, {}, 0.0f, 7);
        renderState(s, D3DRS_ZFUNC, D3DCMP_LESS);
        stencilEqual(s, 7);
        s.cmd(D3DDP2OP_TRIANGLELIST, 2).put(D3DHAL_DP2TRIANGLELIST{0}); // blue in front of 0.25: shown
        s.cmd(D3DDP2OP_TRIANGLELIST, 2).put(D3DHAL_DP2TRIANGLELIST{6}); // white behind 0.25: hidden
        std::vector<TLVertex> v = square(18, 2, 0xFF0000FF, 0.2f);
        const std::vector<TLVertex> white = square(26, 2, 0xFFFFFFFF, 0.3f);
        v.insert(v.end(), white.begin(), white.end());
        ASSERT_EQ(execute(s, v), S_OK);
        const std::vector<uint32_t> got = readTarget();
        EXPECT_EQ(got[4 * kWidth + 20], 0xFF0000FFu);
        EXPECT_EQ(got[4 * kWidth + 28], kBackground);
        EXPECT_EQ(got[4 * kWidth + 12], 0xFF00FF00u); // the colour was not cleared
    }
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

// ddivk_context_reset (IDirect3DDevice9::Reset for a DP2 context): every state returns to its
// D3D9 default for the new targets, while shaders, declarations and resources stay. Checked by
// drawing: a state changed before the reset no longer applies after it, objects made before it
// still draw, and the vertex input is unset.
#include "cts/cts_fixture.h"

#include "ddivk/ddivk.h"
#include "ddivk/dp2_payloads.h"

namespace ddivk::test {
namespace {

struct ColorPoint {
    float x, y;
    uint32_t color;
};

class ContextReset : public Cts {
  protected:
    uint32_t points() {
        return createBuffer(std::vector<ColorPoint>{{2, 2, 0xFF00FF00}, {5, 3, 0xFFFF0000}});
    }
    void expectPoints() { expectScene({{{2, 2}, 0xFF00FF00}, {{5, 3}, 0xFFFF0000}}); }
};

TEST_F(ContextReset, StatesReturnToTheirDefaultsAndObjectsStay) {
    const Program program = setProgram(Door::Dp2, kColorPointVs, kColorPointPs, colorPointDeclaration());
    setPixelToClip();
    const uint32_t vb = points();
    // Nothing reaches the target while colour writes are off.
    ASSERT_EQ(setRenderState(Door::Dp2, D3DRS_COLORWRITEENABLE, 0), S_OK);
    setStream(Door::Dp2, 0, vb, 0, sizeof(ColorPoint));
    clearTarget();
    ASSERT_EQ(drawPrimitive(Door::Dp2, D3DPT_POINTLIST, 0, 2), S_OK);
    expectScene({});

    ASSERT_EQ(ddivk_context_reset(context_, target_, depth_), S_OK);
    // The vertex input is unset (no shader, declaration or stream): a draw puts nothing there.
    clearTarget();
    drawPrimitive(Door::Dp2, D3DPT_POINTLIST, 0, 2);
    expectScene({});

    // The objects made before the reset draw again; colour writes are back on (their default).
    CommandStream s;
    s.cmd(D3DDP2OP_SETVERTEXSHADERDECL, 1).put(D3DHAL_DP2VERTEXSHADER{program.decl});
    s.cmd(D3DDP2OP_SETVERTEXSHADERFUNC, 1).put(D3DHAL_DP2VERTEXSHADER{program.vs});
    s.cmd(D3DDP2OP_SETPIXELSHADER, 1).put(D3DHAL_DP2PIXELSHADER{program.ps});
    run(s);
    setPixelToClip();
    setStream(Door::Dp2, 0, vb, 0, sizeof(ColorPoint));
    clearTarget();
    ASSERT_EQ(drawPrimitive(Door::Dp2, D3DPT_POINTLIST, 0, 2), S_OK);
    expectPoints();
}

TEST_F(ContextReset, BadSurfacesAndContextsChangeNothing) {
    setProgram(Door::Dp2, kColorPointVs, kColorPointPs, colorPointDeclaration());
    setPixelToClip();
    setStream(Door::Dp2, 0, points(), 0, sizeof(ColorPoint));
    EXPECT_EQ(ddivk_context_reset(context_, 0, 0), D3DERR_INVALIDCALL);             // no render target
    EXPECT_EQ(ddivk_context_reset(context_, target_, target_), D3DERR_INVALIDCALL); // not a depth surface
    EXPECT_EQ(ddivk_context_reset(context_ + 1000, target_, 0), D3DHAL_CONTEXT_BAD);
    // The state set before the refused resets still draws.
    clearTarget();
    ASSERT_EQ(drawPrimitive(Door::Dp2, D3DPT_POINTLIST, 0, 2), S_OK);
    expectPoints();
}

} // namespace
} // namespace ddivk::test

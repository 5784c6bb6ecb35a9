// The DP2 rule "every command before the failing one has taken effect, none after it", down to
// the items of one token: a token with one bad item changes nothing, on the real device.
#include <gtest/gtest.h>

#include "device/context.h"
#include "device/handles.h"
#include "unit/render/render_fixture.h"

namespace ddivk::test {
namespace {

class ContextTokens : public RenderTest {
  protected:
    const state::StateCache& cache() { return device::contextOf(context_)->state(); }
};

TEST_F(ContextTokens, TextureStageStateTokenWithABadItemChangesNothing) {
    CommandStream s;
    renderState(s, D3DRS_CULLMODE, D3DCULL_NONE);
    const size_t bad = s.size();
    s.cmd(D3DDP2OP_TEXTURESTAGESTATE, 2);
    s.put(D3DHAL_DP2TEXTURESTAGESTATE{0, uint16_t(D3DTSS_COLOROP), D3DTOP_SELECTARG1});
    s.put(D3DHAL_DP2TEXTURESTAGESTATE{0, 12, 5}); // 12: no DX9 texture stage or sampler state
    EXPECT_EQ(execute(s), D3DERR_INVALIDCALL);
    EXPECT_EQ(errorOffset(), bad);
    EXPECT_EQ(cache().renderState(D3DRS_CULLMODE), uint32_t(D3DCULL_NONE)); // the token before ran
    EXPECT_EQ(cache().textureStageState(0, D3DTSS_COLOROP), uint32_t(D3DTOP_MODULATE)); // default kept
}

// A render target names a colour surface and a depth buffer a depth surface: the other kind is
// refused at its token (Vulkan could attach neither there), and the bindings stay.
TEST_F(ContextTokens, TargetTokensRefuseSurfacesOfTheOtherKind) {
    uint32_t depth = 0;
    ddivk_surface_desc desc{kWidth, kHeight, D3DFMT_D24S8, DDIVK_SURFACE_DEPTHSTENCIL};
    ASSERT_EQ(ddivk_surface_create(device_, &desc, &depth), S_OK);
    auto refused = [&](auto&& token) {
        CommandStream s;
        renderState(s, D3DRS_CULLMODE, D3DCULL_NONE);
        const size_t bad = s.size();
        token(s);
        EXPECT_EQ(execute(s), D3DERR_INVALIDCALL);
        EXPECT_EQ(errorOffset(), bad);
    };
    refused([&](CommandStream& s) {
        s.cmd(D3DDP2OP_SETRENDERTARGET2, 1).put(D3DHAL_DP2SETRENDERTARGET2{1, depth});
    });
    refused([&](CommandStream& s) {
        s.cmd(D3DDP2OP_SETRENDERTARGET2, 1).put(D3DHAL_DP2SETRENDERTARGET2{0, depth});
    });
    refused([&](CommandStream& s) {
        s.cmd(D3DDP2OP_SETRENDERTARGET, 1).put(D3DHAL_DP2SETRENDERTARGET{depth, 0});
    });
    refused([&](CommandStream& s) {
        s.cmd(D3DDP2OP_SETRENDERTARGET, 1).put(D3DHAL_DP2SETRENDERTARGET{target_, target_});
    });
    refused([&](CommandStream& s) {
        s.cmd(D3DDP2OP_SETDEPTHSTENCIL, 1).put(D3DHAL_DP2SETDEPTHSTENCIL{target_});
    });
    EXPECT_EQ(cache().renderTarget(0), target_);
    EXPECT_EQ(cache().renderTarget(1), 0u);
    EXPECT_EQ(cache().state().depthStencil, 0u);
    // The device goes on: a clear of the target still lands.
    CommandStream s;
    clear(s, D3DCLEAR_TARGET, 0xFF336699);
    ASSERT_EQ(execute(s), S_OK);
    EXPECT_EQ(readTarget()[0], 0xFF336699u);
    EXPECT_EQ(ddivk_surface_destroy(device_, depth), S_OK);
}

TEST_F(ContextTokens, RenderStateTokenWithABadStateChangesNothing) {
    CommandStream s;
    D3DHAL_DP2RENDERSTATE good{}, badState{};
    good.RenderState = D3DRS_ZFUNC;
    good.dwState = D3DCMP_ALWAYS;
    badState.RenderState = 100000;
    s.cmd(D3DDP2OP_RENDERSTATE, 2).put(good).put(badState);
    EXPECT_EQ(execute(s), D3DERR_INVALIDCALL);
    EXPECT_EQ(errorOffset(), 0u);
    EXPECT_EQ(cache().renderState(D3DRS_ZFUNC), uint32_t(D3DCMP_LESSEQUAL));
}

TEST_F(ContextTokens, ConstantTokenWithARegisterRangePastTheFileChangesNothing) {
    CommandStream s;
    const float one[4] = {1, 2, 3, 4};
    s.cmd(D3DDP2OP_SETVERTEXSHADERCONST, 2);
    s.put(D3DHAL_DP2SETVERTEXSHADERCONST{10, 1}).put(one);
    s.put(D3DHAL_DP2SETVERTEXSHADERCONST{state::kVsConstF, 1}).put(one); // one past the file
    EXPECT_EQ(execute(s), D3DERR_INVALIDCALL);
    EXPECT_EQ(cache().vsConstF(10).v[0], 0.0f);
}

// D3DHAL_STATESETBEGIN..END records the state tokens between them into the block without
// applying them (the SDK's rule, docs/state.md); EXECUTE applies them. Through the hot paths.
TEST_F(ContextTokens, RecordedStateTokensApplyOnlyWhenTheBlockExecutes) {
    const float regs[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    CommandStream s;
    s.cmd(D3DDP2OP_STATESET, 1).put(D3DHAL_DP2STATESET{D3DHAL_STATESETBEGIN, 7, 0});
    D3DHAL_DP2RENDERSTATE zfunc{};
    zfunc.RenderState = D3DRS_ZFUNC;
    zfunc.dwState = D3DCMP_GREATER;
    s.cmd(D3DDP2OP_RENDERSTATE, 1).put(zfunc);
    s.cmd(D3DDP2OP_TEXTURESTAGESTATE, 1)
        .put(D3DHAL_DP2TEXTURESTAGESTATE{1, uint16_t(D3DTSS_COLOROP), D3DTOP_ADD});
    s.cmd(D3DDP2OP_SETVERTEXSHADERCONST, 1).put(D3DHAL_DP2SETVERTEXSHADERCONST{3, 2}).put(regs);
    s.cmd(D3DDP2OP_STATESET, 1).put(D3DHAL_DP2STATESET{D3DHAL_STATESETEND, 7, 0});
    ASSERT_EQ(execute(s), S_OK);
    EXPECT_EQ(cache().renderState(D3DRS_ZFUNC), uint32_t(D3DCMP_LESSEQUAL));
    EXPECT_EQ(cache().textureStageState(1, D3DTSS_COLOROP), uint32_t(D3DTOP_DISABLE));
    EXPECT_EQ(cache().vsConstF(4).v[0], 0.0f);

    CommandStream apply;
    apply.cmd(D3DDP2OP_STATESET, 1).put(D3DHAL_DP2STATESET{D3DHAL_STATESETEXECUTE, 7, 0});
    ASSERT_EQ(execute(apply), S_OK);
    EXPECT_EQ(cache().renderState(D3DRS_ZFUNC), uint32_t(D3DCMP_GREATER));
    EXPECT_EQ(cache().textureStageState(1, D3DTSS_COLOROP), uint32_t(D3DTOP_ADD));
    EXPECT_EQ(cache().vsConstF(4).v[0], 5.0f);
}

} // namespace
} // namespace ddivk::test

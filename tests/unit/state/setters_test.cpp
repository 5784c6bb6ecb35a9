// Every setter: stores what it is given, and rejects out-of-range indices changing nothing.
#include "state_test_util.h"

#include <bit>

namespace ddivk::state {
namespace {

using test::freshCache;

D3DMATRIX matrix(float base) {
    D3DMATRIX m{};
    for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 4; ++c)
            m.m[r][c] = base + float(r * 4 + c);
    return m;
}

TEST(StateSetters, RenderState) {
    auto c = freshCache();
    EXPECT_EQ(c->setRenderState(D3DRS_CULLMODE, D3DCULL_NONE), S_OK);
    EXPECT_EQ(c->renderState(D3DRS_CULLMODE), uint32_t{D3DCULL_NONE});
    EXPECT_EQ(c->setRenderState(D3DRS_MAX, 5), S_OK);
    EXPECT_EQ(c->renderState(D3DRS_MAX), 5u);
    EXPECT_INVALID_NO_CHANGE(*c, c->setRenderState(D3DRS_MAX + 1, 1));
    EXPECT_INVALID_NO_CHANGE(*c, c->setRenderState(0xffffffffu, 1));
}

// AMD's alpha-to-coverage switch (state/vendor_states.h): a D3DRS_POINTSIZE value that is no
// point size. Through the single setter and the bulk one that DP2 RENDERSTATE tokens take.
TEST(StateSetters, PointSizeA2MValuesSwitchAlphaToMaskAndKeepThePointSize) {
    const uint32_t four = std::bit_cast<uint32_t>(4.0f), eight = std::bit_cast<uint32_t>(8.0f);
    auto c = freshCache();
    ASSERT_EQ(c->setRenderState(D3DRS_POINTSIZE, four), S_OK);
    c->takeDirty();
    EXPECT_EQ(c->setRenderState(D3DRS_POINTSIZE, D3DFMT_A2M1), S_OK);
    EXPECT_EQ(c->state().alphaToMask, 1u);
    EXPECT_EQ(c->renderState(D3DRS_POINTSIZE), four);
    DirtyState d = c->takeDirty();
    EXPECT_EQ(d.categories, DirtyState::RenderStates); // the draw looks again
    EXPECT_FALSE(d.renderStates.test(D3DRS_POINTSIZE));
    EXPECT_EQ(c->setRenderState(D3DRS_POINTSIZE, D3DFMT_A2M0), S_OK);
    EXPECT_EQ(c->state().alphaToMask, 0u);
    EXPECT_EQ(c->renderState(D3DRS_POINTSIZE), four);

    const RenderStateItem items[] = {{D3DRS_POINTSIZE, D3DFMT_A2M1}, {D3DRS_POINTSIZE, eight}};
    EXPECT_EQ(c->setRenderStates(std::span<const RenderStateItem>(items),
                                 [](const RenderStateItem& i) { return i; }),
              S_OK);
    EXPECT_EQ(c->state().alphaToMask, 1u);
    EXPECT_EQ(c->renderState(D3DRS_POINTSIZE), eight);
}

// AMD's FETCH4 switch (state/vendor_states.h): a D3DSAMP_MIPMAPLODBIAS value that is no LOD bias,
// one switch per sampler, vertex samplers included (which never fetch four).
TEST(StateSetters, MipLodBiasGetValuesSwitchFetch4AndKeepTheBias) {
    const uint32_t half = std::bit_cast<uint32_t>(0.5f);
    auto c = freshCache();
    ASSERT_EQ(c->setSamplerState(3, D3DSAMP_MIPMAPLODBIAS, half), S_OK);
    c->takeDirty();
    EXPECT_EQ(c->setSamplerState(3, D3DSAMP_MIPMAPLODBIAS, kFetch4On), S_OK);
    EXPECT_EQ(c->state().fetch4[3], 1u);
    EXPECT_EQ(c->state().fetch4[2], 0u);
    EXPECT_EQ(c->samplerState(3, D3DSAMP_MIPMAPLODBIAS), half);
    DirtyState d = c->takeDirty();
    EXPECT_EQ(d.categories, DirtyState::RenderStates); // the draw translates again
    EXPECT_EQ(d.samplers, 0u);                         // (no Vulkan sampler changes)
    // A LOD bias leaves the switch as it is; GET1 turns it off.
    EXPECT_EQ(c->setSamplerState(3, D3DSAMP_MIPMAPLODBIAS, 0), S_OK);
    EXPECT_EQ(c->state().fetch4[3], 1u);
    EXPECT_EQ(c->setSamplerState(3, D3DSAMP_MIPMAPLODBIAS, kFetch4Off), S_OK);
    EXPECT_EQ(c->state().fetch4[3], 0u);
    EXPECT_EQ(c->samplerState(3, D3DSAMP_MIPMAPLODBIAS), 0u);
    // Through the DP2 TEXTURESTAGESTATE numbering, and on a vertex sampler.
    EXPECT_EQ(c->setDdiTextureStageState(5, D3DTSS_MIPMAPLODBIAS, kFetch4On), S_OK);
    EXPECT_EQ(c->state().fetch4[5], 1u);
    EXPECT_EQ(c->setSamplerState(D3DVERTEXTEXTURESAMPLER0, D3DSAMP_MIPMAPLODBIAS, kFetch4On), S_OK);
    EXPECT_EQ(c->state().fetch4[samplerIndex(D3DVERTEXTEXTURESAMPLER0)], 1u);
    // Another sampler state with the same value is just a value.
    EXPECT_EQ(c->setSamplerState(4, D3DSAMP_MAXANISOTROPY, kFetch4On), S_OK);
    EXPECT_EQ(c->state().fetch4[4], 0u);
    EXPECT_EQ(c->samplerState(4, D3DSAMP_MAXANISOTROPY), kFetch4On);
}

// RESZ is a command, not a point size: it raises a request once, and none while recording.
TEST(StateSetters, ReszIsARequestNotAPointSize) {
    const uint32_t four = std::bit_cast<uint32_t>(4.0f);
    auto c = freshCache();
    ASSERT_EQ(c->setRenderState(D3DRS_POINTSIZE, four), S_OK);
    c->takeDirty();
    EXPECT_FALSE(c->takeDepthResolveRequest());
    EXPECT_EQ(c->setRenderState(D3DRS_POINTSIZE, kReszCode), S_OK);
    EXPECT_EQ(c->renderState(D3DRS_POINTSIZE), four);
    EXPECT_FALSE(c->dirty().any());
    EXPECT_TRUE(c->takeDepthResolveRequest());
    EXPECT_FALSE(c->takeDepthResolveRequest());
    ASSERT_EQ(c->beginStateBlock(1), S_OK);
    EXPECT_EQ(c->setRenderState(D3DRS_POINTSIZE, kReszCode), S_OK);
    ASSERT_EQ(c->endStateBlock(1), S_OK);
    EXPECT_EQ(c->stateBlock(1)->mask.count(), 0u);
    EXPECT_FALSE(c->takeDepthResolveRequest());
}

// NVIDIA's switch is a stored D3DRS_ADAPTIVETESS_Y value that acts with the alpha test.
TEST(StateSetters, AlphaToCoverageIsWantedByEitherVendorsSwitch) {
    auto c = freshCache();
    EXPECT_FALSE(wantsAlphaToCoverage(c->state()));
    ASSERT_EQ(c->setRenderState(D3DRS_ADAPTIVETESS_Y, D3DFMT_ATOC), S_OK);
    EXPECT_EQ(c->renderState(D3DRS_ADAPTIVETESS_Y), D3DFMT_ATOC);
    EXPECT_FALSE(wantsAlphaToCoverage(c->state())); // no alpha test to replace
    ASSERT_EQ(c->setRenderState(D3DRS_ALPHATESTENABLE, 1), S_OK);
    EXPECT_TRUE(wantsAlphaToCoverage(c->state()));
    ASSERT_EQ(c->setRenderState(D3DRS_ADAPTIVETESS_Y, 0), S_OK);
    EXPECT_FALSE(wantsAlphaToCoverage(c->state()));
    ASSERT_EQ(c->setRenderState(D3DRS_ALPHATESTENABLE, 0), S_OK);
    ASSERT_EQ(c->setRenderState(D3DRS_POINTSIZE, D3DFMT_A2M1), S_OK);
    EXPECT_TRUE(wantsAlphaToCoverage(c->state())); // AMD's acts without the alpha test
}

TEST(StateSetters, TextureStageState) {
    auto c = freshCache();
    EXPECT_EQ(c->setTextureStageState(7, D3DTSS_CONSTANT, 0xff00ff00u), S_OK);
    EXPECT_EQ(c->textureStageState(7, D3DTSS_CONSTANT), 0xff00ff00u);
    EXPECT_INVALID_NO_CHANGE(*c, c->setTextureStageState(8, D3DTSS_COLOROP, 1));
    EXPECT_INVALID_NO_CHANGE(*c, c->setTextureStageState(0, 0, 1)); // TEXTUREMAP is not a stage state
    EXPECT_INVALID_NO_CHANGE(*c, c->setTextureStageState(0, D3DTSS_ADDRESSU, 1));   // a sampler state number
    EXPECT_INVALID_NO_CHANGE(*c, c->setTextureStageState(0, D3DTSS_DMAPOFFSET, 1)); // a sampler state number
    EXPECT_INVALID_NO_CHANGE(*c, c->setTextureStageState(0, D3DTSS_CONSTANT + 1, 1));
}

TEST(StateSetters, SamplerState) {
    auto c = freshCache();
    EXPECT_EQ(c->setSamplerState(15, D3DSAMP_MAGFILTER, D3DTEXF_LINEAR), S_OK);
    EXPECT_EQ(c->setSamplerState(D3DDMAPSAMPLER, D3DSAMP_DMAPOFFSET, 3), S_OK);
    EXPECT_EQ(c->setSamplerState(D3DVERTEXTEXTURESAMPLER3, D3DSAMP_ADDRESSU, D3DTADDRESS_CLAMP), S_OK);
    EXPECT_EQ(c->samplerState(15, D3DSAMP_MAGFILTER), uint32_t{D3DTEXF_LINEAR});
    EXPECT_EQ(c->samplerState(D3DDMAPSAMPLER, D3DSAMP_DMAPOFFSET), 3u);
    EXPECT_EQ(c->samplerState(D3DVERTEXTEXTURESAMPLER3, D3DSAMP_ADDRESSU), uint32_t{D3DTADDRESS_CLAMP});
    EXPECT_INVALID_NO_CHANGE(*c, c->setSamplerState(16, D3DSAMP_ADDRESSU, 1));
    EXPECT_INVALID_NO_CHANGE(*c, c->setSamplerState(255, D3DSAMP_ADDRESSU, 1));
    EXPECT_INVALID_NO_CHANGE(*c, c->setSamplerState(261, D3DSAMP_ADDRESSU, 1));
    EXPECT_INVALID_NO_CHANGE(*c, c->setSamplerState(0, 0, 1));
    EXPECT_INVALID_NO_CHANGE(*c, c->setSamplerState(0, D3DSAMP_MAX + 1, 1));
}

TEST(StateSetters, Texture) {
    auto c = freshCache();
    EXPECT_EQ(c->setTexture(0, 11), S_OK);
    EXPECT_EQ(c->setTexture(D3DVERTEXTEXTURESAMPLER0, 12), S_OK);
    EXPECT_EQ(c->texture(0), 11u);
    EXPECT_EQ(c->texture(D3DVERTEXTEXTURESAMPLER0), 12u);
    EXPECT_INVALID_NO_CHANGE(*c, c->setTexture(16, 1));
    EXPECT_INVALID_NO_CHANGE(*c, c->setTexture(261, 1));
}

TEST(StateSetters, StreamsAndIndices) {
    auto c = freshCache();
    EXPECT_EQ(c->setStreamSource(15, 5, 64, 32), S_OK);
    EXPECT_EQ(c->streamSource(15), (StreamSource{5, 64, 32, 0}));
    EXPECT_EQ(c->setStreamSourceUserMemory(3, 24), S_OK);
    EXPECT_EQ(c->streamSource(3), (StreamSource{0, 0, 24, 1}));
    EXPECT_INVALID_NO_CHANGE(*c, c->setStreamSource(16, 1, 0, 4));
    EXPECT_INVALID_NO_CHANGE(*c, c->setStreamSourceUserMemory(16, 4));

    EXPECT_EQ(c->setIndices(9, 2), S_OK);
    EXPECT_EQ(c->indices(), (IndexSource{9, 2}));
    EXPECT_EQ(c->setIndices(9, 4), S_OK);
    EXPECT_EQ(c->setIndices(0, 0), S_OK);
    EXPECT_INVALID_NO_CHANGE(*c, c->setIndices(9, 3));
    EXPECT_INVALID_NO_CHANGE(*c, c->setIndices(9, 0));
}

TEST(StateSetters, DeclarationAndFvfReplaceEachOther) {
    auto c = freshCache();
    EXPECT_EQ(c->setVertexDeclaration(42), S_OK);
    EXPECT_EQ(c->vertexDeclaration(), 42u);
    EXPECT_EQ(c->setFvf(0x142), S_OK);
    EXPECT_EQ(c->fvf(), 0x142u);
    EXPECT_EQ(c->vertexDeclaration(), 0u);
    EXPECT_EQ(c->setVertexDeclaration(43), S_OK);
    EXPECT_EQ(c->fvf(), 0u);
}

TEST(StateSetters, Shaders) {
    auto c = freshCache();
    EXPECT_EQ(c->setVertexShader(3), S_OK);
    EXPECT_EQ(c->setPixelShader(4), S_OK);
    EXPECT_EQ(c->vertexShader(), 3u);
    EXPECT_EQ(c->pixelShader(), 4u);
}

TEST(StateSetters, Transforms) {
    auto c = freshCache();
    for (uint32_t t :
         {uint32_t{D3DTS_VIEW}, uint32_t{D3DTS_PROJECTION}, uint32_t{D3DTS_TEXTURE7}, 256u, 511u}) {
        EXPECT_EQ(c->setTransform(t, matrix(float(t))), S_OK);
        EXPECT_EQ(c->transform(t).m[3][3], float(t) + 15.0f);
    }
    for (uint32_t t : {0u, 1u, 4u, 15u, 24u, 255u, 512u}) {
        EXPECT_INVALID_NO_CHANGE(*c, c->setTransform(t, matrix(1)));
        EXPECT_INVALID_NO_CHANGE(*c, c->multiplyTransform(t, matrix(1)));
    }
}

// IDirect3DDevice9::MultiplyTransform: "The multiplication order is pMatrix times State."
TEST(StateSetters, MultiplyTransformIsArgumentTimesState) {
    auto c = freshCache();
    D3DMATRIX state{}, arg{};
    state.m[0][0] = 1, state.m[0][1] = 2, state.m[1][0] = 3, state.m[1][1] = 4,
    state.m[2][2] = state.m[3][3] = 1;
    arg.m[0][0] = 0, arg.m[0][1] = 1, arg.m[1][0] = 1, arg.m[1][1] = 0, arg.m[2][2] = arg.m[3][3] = 1;
    ASSERT_EQ(c->setTransform(D3DTS_WORLD, state), S_OK);
    ASSERT_EQ(c->multiplyTransform(D3DTS_WORLD, arg), S_OK);
    D3DMATRIX r = c->transform(D3DTS_WORLD);
    // arg * state swaps the rows of state.
    EXPECT_EQ(r.m[0][0], 3.0f);
    EXPECT_EQ(r.m[0][1], 4.0f);
    EXPECT_EQ(r.m[1][0], 1.0f);
    EXPECT_EQ(r.m[1][1], 2.0f);
}

TEST(StateSetters, ViewportZRangeAndWInfo) {
    auto c = freshCache();
    EXPECT_EQ(c->setViewport({1, 2, 3, 4, 0.25f, 0.75f}), S_OK);
    EXPECT_EQ(c->setViewportRect(10, 20, 30, 40), S_OK); // D3DDP2OP_VIEWPORTINFO keeps the Z range
    D3DVIEWPORT9 vp = c->viewport();
    EXPECT_EQ(vp.X, 10u);
    EXPECT_EQ(vp.Height, 40u);
    EXPECT_EQ(vp.MinZ, 0.25f);
    EXPECT_EQ(c->setZRange(0.5f, 0.6f), S_OK); // D3DDP2OP_ZRANGE keeps the rectangle
    vp = c->viewport();
    EXPECT_EQ(vp.Width, 30u);
    EXPECT_EQ(vp.MinZ, 0.5f);
    EXPECT_EQ(vp.MaxZ, 0.6f);
    EXPECT_EQ(c->setWInfo(0.1f, 100.0f), S_OK);
    EXPECT_EQ(c->wInfo().wNear, 0.1f);
    EXPECT_EQ(c->wInfo().wFar, 100.0f);
}

TEST(StateSetters, ScissorMaterialPalette) {
    auto c = freshCache();
    EXPECT_EQ(c->setScissorRect({1, 2, 3, 4}), S_OK);
    EXPECT_EQ(c->scissorRect().y2, 4);
    D3DMATERIAL9 m{};
    m.Power = 8.0f;
    m.Diffuse = {0.5f, 0.5f, 0.5f, 1.0f};
    EXPECT_EQ(c->setMaterial(m), S_OK);
    EXPECT_EQ(c->material().Power, 8.0f);
    EXPECT_EQ(c->setCurrentTexturePalette(7), S_OK);
    EXPECT_EQ(c->currentTexturePalette(), 7u);
}

TEST(StateSetters, ClipPlanes) {
    auto c = freshCache();
    const float plane[4] = {1, 2, 3, 4};
    EXPECT_EQ(c->setClipPlane(5, plane), S_OK);
    EXPECT_EQ(c->clipPlane(5).v[3], 4.0f);
    EXPECT_INVALID_NO_CHANGE(*c, c->setClipPlane(kMaxClipPlanes, plane));
    EXPECT_INVALID_NO_CHANGE(*c, c->setClipPlane(0, nullptr));
}

TEST(StateSetters, Lights) {
    auto c = freshCache();
    D3DLIGHT9 l{};
    l.Type = D3DLIGHT_POINT;
    l.Range = 10.0f;
    EXPECT_EQ(c->setLight(1000000, l), S_OK); // sparse index, created by the set
    ASSERT_NE(c->light(1000000), nullptr);
    EXPECT_EQ(c->light(1000000)->light.Range, 10.0f);
    EXPECT_FALSE(c->light(1000000)->enabled);
    EXPECT_EQ(c->enableLight(1000000, true), S_OK);
    EXPECT_TRUE(c->light(1000000)->enabled);
    EXPECT_EQ(c->createLight(3), S_OK); // D3DDP2OP_CREATELIGHT: default light, disabled
    ASSERT_NE(c->light(3), nullptr);
    EXPECT_EQ(c->light(3)->light.Type, uint32_t{D3DLIGHT_DIRECTIONAL});
    EXPECT_FALSE(c->light(3)->enabled);
    EXPECT_EQ(c->lights().size(), 2u);
    EXPECT_EQ(c->lights()[0].index, 3u); // ascending index
    l.Type = 0;
    EXPECT_INVALID_NO_CHANGE(*c, c->setLight(5, l));
    l.Type = 4;
    EXPECT_INVALID_NO_CHANGE(*c, c->setLight(1000000, l));
}

TEST(StateSetters, ShaderConstantRanges) {
    auto c = freshCache();
    float f[4 * 256] = {};
    int32_t i[4 * 16] = {};
    uint32_t b[16] = {};
    f[0] = 1.5f, f[4 * 255] = 2.5f, i[0] = -3, b[0] = 1;

    EXPECT_EQ(c->setVsConstF(0, f, 256), S_OK);
    EXPECT_EQ(c->vsConstF(255).v[0], 2.5f);
    EXPECT_EQ(c->setVsConstF(255, f, 1), S_OK);
    EXPECT_EQ(c->vsConstF(255).v[0], 1.5f);
    EXPECT_EQ(c->setVsConstI(15, i, 1), S_OK);
    EXPECT_EQ(c->vsConstI(15).v[0], -3);
    EXPECT_EQ(c->setVsConstB(15, b, 1), S_OK);
    EXPECT_EQ(c->vsConstB(15), 1u);
    EXPECT_EQ(c->setPsConstF(223, f, 1), S_OK);
    EXPECT_EQ(c->psConstF(223).v[0], 1.5f);
    EXPECT_EQ(c->setPsConstI(0, i, 16), S_OK);
    EXPECT_EQ(c->setPsConstB(0, b, 16), S_OK);
    EXPECT_EQ(c->setVsConstF(10, nullptr, 0), S_OK); // empty range: nothing to do

    EXPECT_INVALID_NO_CHANGE(*c, c->setVsConstF(255, f, 2));
    EXPECT_INVALID_NO_CHANGE(*c, c->setVsConstF(256, f, 1));
    EXPECT_INVALID_NO_CHANGE(*c, c->setVsConstF(0xffffffffu, f, 2)); // no wrap-around
    EXPECT_INVALID_NO_CHANGE(*c, c->setVsConstF(0, nullptr, 1));
    EXPECT_INVALID_NO_CHANGE(*c, c->setVsConstI(15, i, 2));
    EXPECT_INVALID_NO_CHANGE(*c, c->setVsConstB(16, b, 1));
    EXPECT_INVALID_NO_CHANGE(*c, c->setPsConstF(223, f, 2));
    EXPECT_INVALID_NO_CHANGE(*c, c->setPsConstF(224, f, 1));
    EXPECT_INVALID_NO_CHANGE(*c, c->setPsConstI(16, i, 1));
    EXPECT_INVALID_NO_CHANGE(*c, c->setPsConstB(1, b, 16));
}

// Software vertex processing's register files (SOFTWARE and MIXED devices): c0..c8191,
// i0..i2047, b0..b2047, the counts Wine's test_vertex_shader_constant records for Windows.
TEST(StateSetters, SoftwareVertexRegisterFiles) {
    auto c = std::make_unique<StateCache>(DeviceDefaults{}, kSoftwareVsRegisters);
    c->takeDirty();
    const float f[8] = {1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f, 7.0f, 8.0f};
    const int32_t i[4] = {7, -1, 2, 0};
    const uint32_t b[1] = {1};
    EXPECT_EQ(c->vsRegistersWritten(), (VsRegisterLimits{0, 0, 0}));
    EXPECT_EQ(c->setVsConstF(8191, f, 1), S_OK);
    EXPECT_EQ(c->vsConstF(8191).v[3], 4.0f);
    EXPECT_EQ(c->setVsConstF(255, f, 2), S_OK); // across the hardware file's end
    EXPECT_EQ(c->vsConstF(256).v[0], 5.0f);
    EXPECT_EQ(c->setVsConstI(2047, i, 1), S_OK);
    EXPECT_EQ(c->vsConstI(2047).v[1], -1);
    EXPECT_EQ(c->setVsConstB(2047, b, 1), S_OK);
    EXPECT_EQ(c->vsConstB(2047), 1u);
    EXPECT_EQ(c->vsRegistersWritten(), (VsRegisterLimits{8192, 2048, 2048}));
    // Registers past vs_3_0's files raise their category; the fine bits stay inside theirs.
    const DirtyState d = c->takeDirty();
    EXPECT_EQ(d.categories, DirtyState::VsConstF | DirtyState::VsConstI | DirtyState::VsConstB);
    EXPECT_EQ(d.vsConstF.count(), 1u); // register 255
    EXPECT_EQ(d.vsConstI, 0u);

    EXPECT_INVALID_NO_CHANGE(*c, c->setVsConstF(8192, f, 1));
    EXPECT_INVALID_NO_CHANGE(*c, c->setVsConstF(8191, f, 2));
    EXPECT_INVALID_NO_CHANGE(*c, c->setVsConstI(2048, i, 1));
    EXPECT_INVALID_NO_CHANGE(*c, c->setVsConstB(2047, b, 2));
    // The pixel files are the same on every device.
    EXPECT_INVALID_NO_CHANGE(*c, c->setPsConstF(224, f, 1));

    // A reset zeroes the files, so nothing is written any more.
    c->reset({});
    EXPECT_EQ(c->vsRegistersWritten(), (VsRegisterLimits{0, 0, 0}));
    EXPECT_EQ(c->vsConstF(8191).v[3], 0.0f);
}

// A hardware device's cache refuses the software registers, and they read as 0.
TEST(StateSetters, HardwareDevicesStopAtVs30Files) {
    auto c = freshCache();
    const float f[4] = {1.0f, 2.0f, 3.0f, 4.0f};
    EXPECT_INVALID_NO_CHANGE(*c, c->setVsConstF(256, f, 1));
    EXPECT_EQ(c->vsConstF(300).v[0], 0.0f);
    EXPECT_EQ(c->vsLimits(), kHardwareVsRegisters);
}

TEST(StateSetters, RenderTargets) {
    auto c = freshCache();
    EXPECT_EQ(c->setRenderTarget(3, 99), S_OK);
    EXPECT_EQ(c->renderTarget(3), 99u);
    EXPECT_EQ(c->setDepthStencil(100), S_OK);
    EXPECT_EQ(c->depthStencil(), 100u);
    EXPECT_INVALID_NO_CHANGE(*c, c->setRenderTarget(4, 1));
}

TEST(StateSetters, ResetRestoresDefaults) {
    auto c = freshCache();
    c->setRenderState(D3DRS_LIGHTING, 0);
    c->enableLight(1, true);
    ASSERT_EQ(c->createStateBlock(1, D3DSBT_ALL), S_OK);
    c->reset(DeviceDefaults{.autoDepthStencil = true});
    EXPECT_EQ(c->renderState(D3DRS_LIGHTING), 1u);
    EXPECT_EQ(c->renderState(D3DRS_ZENABLE), 1u);
    EXPECT_TRUE(c->lights().empty());
    EXPECT_EQ(c->stateBlockCount(), 0u);
    EXPECT_EQ(c->dirty().categories, DirtyState::kAllCategories);
}

} // namespace
} // namespace ddivk::state

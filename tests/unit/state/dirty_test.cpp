// Dirty tracking: what each setter marks, and that takeDirty() hands over and clears.
#include "state_test_util.h"

namespace ddivk::state {
namespace {

using test::freshCache;

TEST(StateDirty, NewCacheIsAllDirty) {
    StateCache c;
    const DirtyState& d = c.dirty();
    EXPECT_EQ(d.categories, DirtyState::kAllCategories);
    EXPECT_EQ(d.renderStates.count(), kRenderStateCount);
    EXPECT_EQ(d.textureStages, 0xffu);
    EXPECT_EQ(d.samplers, (1u << kSamplerCount) - 1);
    EXPECT_EQ(d.worldMatrices.count(), kMaxWorldMatrices);
    EXPECT_EQ(d.vsConstF.count(), kVsConstF);
    EXPECT_EQ(d.psConstF.count(), kPsConstF);
}

TEST(StateDirty, TakeDirtyHandsOverAndClears) {
    StateCache c;
    DirtyState first = c.takeDirty();
    EXPECT_TRUE(first.any());
    EXPECT_FALSE(c.dirty().any());
    EXPECT_TRUE(c.dirty() == DirtyState{});
    c.setRenderState(D3DRS_ZFUNC, D3DCMP_LESS);
    DirtyState second = c.takeDirty();
    EXPECT_EQ(second.categories, uint32_t{DirtyState::RenderStates});
    EXPECT_TRUE(second.renderStates.test(D3DRS_ZFUNC));
    EXPECT_EQ(second.renderStates.count(), 1u);
    EXPECT_FALSE(c.takeDirty().any());
}

TEST(StateDirty, FineGrainedBits) {
    auto c = freshCache();
    c->setTextureStageState(5, D3DTSS_COLOROP, D3DTOP_ADD);
    c->setSamplerState(D3DVERTEXTEXTURESAMPLER2, D3DSAMP_MINFILTER, D3DTEXF_LINEAR);
    c->setTexture(9, 1);
    c->setStreamSource(4, 1, 0, 16);
    c->setStreamSourceFreq(6, 3);
    c->setTransform(D3DTS_TEXTURE2, identityMatrix());
    c->setTransform(D3DTS_WORLDMATRIX(200), identityMatrix());
    const float plane[4] = {};
    c->setClipPlane(2, plane);
    c->setRenderTarget(1, 5);
    c->setDepthStencil(6);
    DirtyState d = c->takeDirty();
    EXPECT_EQ(d.textureStages, 1u << 5);
    EXPECT_EQ(d.samplers, 1u << samplerIndex(D3DVERTEXTEXTURESAMPLER2));
    EXPECT_EQ(d.textures, 1u << 9);
    EXPECT_EQ(d.streams, 1u << 4);
    EXPECT_EQ(d.streamFrequencies, 1u << 6);
    EXPECT_EQ(d.transforms, 1u << transformIndex(D3DTS_TEXTURE2));
    EXPECT_TRUE(d.worldMatrices.test(200));
    EXPECT_EQ(d.worldMatrices.count(), 1u);
    EXPECT_EQ(d.clipPlanes, 1u << 2);
    EXPECT_EQ(d.renderTargets, (1u << 1) | (1u << kMaxRenderTargets));
    EXPECT_EQ(d.categories, DirtyState::TextureStages | DirtyState::Samplers | DirtyState::Textures |
                                DirtyState::Streams | DirtyState::StreamFrequencies | DirtyState::Transforms |
                                DirtyState::ClipPlanes | DirtyState::RenderTargets);
    EXPECT_TRUE(d.renderStates.none());
}

TEST(StateDirty, ConstantRanges) {
    auto c = freshCache();
    float f[4 * 80] = {};
    int32_t i[4 * 3] = {};
    uint32_t b[5] = {};
    c->setVsConstF(60, f, 80); // crosses a 64-bit word
    c->setPsConstF(200, f, 24);
    c->setVsConstI(13, i, 3);
    c->setPsConstB(2, b, 5);
    DirtyState d = c->takeDirty();
    EXPECT_EQ(d.vsConstF.count(), 80u);
    EXPECT_TRUE(d.vsConstF.test(60));
    EXPECT_TRUE(d.vsConstF.test(139));
    EXPECT_FALSE(d.vsConstF.test(59));
    EXPECT_FALSE(d.vsConstF.test(140));
    EXPECT_EQ(d.psConstF.count(), 24u);
    EXPECT_TRUE(d.psConstF.test(223));
    EXPECT_EQ(d.vsConstI, 0x7u << 13);
    EXPECT_EQ(d.psConstB, 0x1fu << 2);
    EXPECT_EQ(d.vsConstB, 0u);
    EXPECT_EQ(d.categories,
              DirtyState::VsConstF | DirtyState::PsConstF | DirtyState::VsConstI | DirtyState::PsConstB);
}

TEST(StateDirty, CategoryPerSetter) {
    struct Case {
        const char* name;
        uint32_t category;
        HRESULT (*call)(StateCache&);
    };
    static const D3DLIGHT9 light = [] {
        D3DLIGHT9 l{};
        l.Type = D3DLIGHT_SPOT;
        return l;
    }();
    const Case cases[] = {
        {"indices", DirtyState::Indices, [](StateCache& c) { return c.setIndices(1, 2); }},
        {"declaration", DirtyState::VertexInput, [](StateCache& c) { return c.setVertexDeclaration(1); }},
        {"fvf", DirtyState::VertexInput, [](StateCache& c) { return c.setFvf(2); }},
        {"vs", DirtyState::VertexShader, [](StateCache& c) { return c.setVertexShader(1); }},
        {"ps", DirtyState::PixelShader, [](StateCache& c) { return c.setPixelShader(1); }},
        {"viewport", DirtyState::Viewport, [](StateCache& c) { return c.setViewportRect(0, 0, 1, 1); }},
        {"zrange", DirtyState::Viewport, [](StateCache& c) { return c.setZRange(0, 0.5f); }},
        {"winfo", DirtyState::WInfo, [](StateCache& c) { return c.setWInfo(1, 2); }},
        {"scissor", DirtyState::Scissor,
         [](StateCache& c) {
             return c.setScissorRect({0, 0, 1, 1});
         }},
        {"material", DirtyState::Material, [](StateCache& c) { return c.setMaterial({}); }},
        {"light", DirtyState::Lights, [](StateCache& c) { return c.setLight(2, light); }},
        {"enable", DirtyState::Lights, [](StateCache& c) { return c.enableLight(2, true); }},
        {"create", DirtyState::Lights, [](StateCache& c) { return c.createLight(2); }},
        {"palette", DirtyState::Palette, [](StateCache& c) { return c.setCurrentTexturePalette(1); }},
        {"multiply", DirtyState::Transforms,
         [](StateCache& c) { return c.multiplyTransform(D3DTS_VIEW, {}); }},
    };
    for (const Case& k : cases) {
        auto c = freshCache();
        ASSERT_EQ(k.call(*c), S_OK) << k.name;
        EXPECT_EQ(c->takeDirty().categories, k.category) << k.name;
    }
}

// The inline setters and the state block engine mark the same bits for the same element: apply
// a recorded block holding one setting to a clean cache and compare with setting it directly.
TEST(StateDirty, SettersAndBlockApplyAgree) {
    using Setter = HRESULT (*)(StateCache&);
    const Setter setters[] = {
        [](StateCache& c) { return c.setRenderState(D3DRS_STENCILREF, 3); },
        [](StateCache& c) { return c.setTextureStageState(6, D3DTSS_ALPHAARG0, 3); },
        [](StateCache& c) { return c.setSamplerState(D3DDMAPSAMPLER, D3DSAMP_BORDERCOLOR, 3); },
        [](StateCache& c) { return c.setTexture(12, 3); },
        [](StateCache& c) { return c.setStreamSource(2, 3, 0, 4); },
        [](StateCache& c) { return c.setStreamSourceFreq(2, 3); },
        [](StateCache& c) { return c.setTransform(D3DTS_WORLDMATRIX(7), {}); },
        [](StateCache& c) { return c.setTransform(D3DTS_PROJECTION, {}); },
        [](StateCache& c) {
            const float p[4] = {1, 0, 0, 0};
            return c.setClipPlane(4, p);
        },
        [](StateCache& c) {
            const float v[4] = {1, 2, 3, 4};
            return c.setPsConstF(100, v, 1);
        },
        [](StateCache& c) {
            const uint32_t v = 1;
            return c.setVsConstB(9, &v, 1);
        },
    };
    for (size_t i = 0; i < std::size(setters); ++i) {
        auto direct = freshCache();
        ASSERT_EQ(setters[i](*direct), S_OK);
        auto viaBlock = freshCache();
        ASSERT_EQ(viaBlock->beginStateBlock(1), S_OK);
        ASSERT_EQ(setters[i](*viaBlock), S_OK);
        ASSERT_EQ(viaBlock->endStateBlock(1), S_OK);
        ASSERT_EQ(viaBlock->executeStateBlock(1), S_OK);
        EXPECT_TRUE(direct->dirty() == viaBlock->dirty()) << "setter " << i;
        EXPECT_TRUE(test::sameState(direct->state(), viaBlock->state())) << "setter " << i;
    }
}

} // namespace
} // namespace ddivk::state

// State blocks: predefined types capture exactly their SDK lists, recording, execute, capture,
// handles. The lists below are typed again from the SDK pages, independently of
// src/state/predefined_blocks.cpp, so a wrong row in either shows up here.
#include "state_test_util.h"

#include <bit>
#include <vector>

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

D3DLIGHT9 light(float range) {
    D3DLIGHT9 l{};
    l.Type = D3DLIGHT_POINT;
    l.Range = range;
    return l;
}

// Sets every piece of state through the setters to values that depend on seed.
void scramble(StateCache& c, uint32_t seed) {
    const uint32_t v = seed << 16;
    for (uint32_t rs = 0; rs < kRenderStateCount; ++rs)
        ASSERT_EQ(c.setRenderState(rs, v + rs), S_OK);
    // AMD's alpha-to-coverage switch: on for odd seeds, off for even ones.
    ASSERT_EQ(c.setRenderState(D3DRS_POINTSIZE, seed % 2 ? D3DFMT_A2M1 : D3DFMT_A2M0), S_OK);
    for (uint32_t stage = 0; stage < kTextureStages; ++stage)
        for (uint32_t t = 0; t < kTextureStageStateCount; ++t)
            if (isTextureStageState(t)) {
                ASSERT_EQ(c.setTextureStageState(stage, t, v + stage * 64 + t), S_OK);
            }
    for (uint32_t i = 0; i < kSamplerCount; ++i) {
        for (uint32_t t = 1; t < kSamplerStateCount; ++t)
            ASSERT_EQ(c.setSamplerState(samplerNumber(i), t, v + i * 16 + t), S_OK);
        ASSERT_EQ(c.setTexture(samplerNumber(i), v + i), S_OK);
        // AMD's FETCH4 switch: on for odd seeds, off for even ones.
        ASSERT_EQ(
            c.setSamplerState(samplerNumber(i), D3DSAMP_MIPMAPLODBIAS, seed % 2 ? kFetch4On : kFetch4Off),
            S_OK);
    }
    for (uint32_t s = 0; s < kMaxStreams; ++s) {
        ASSERT_EQ(c.setStreamSource(s, v + s, 4 * s + seed, 16 + seed), S_OK);
        ASSERT_EQ(c.setStreamSourceFreq(s, seed * 16 + s + 1), S_OK);
    }
    ASSERT_EQ(c.setIndices(v + 1, seed % 2 ? 2 : 4), S_OK);
    ASSERT_EQ(c.setVertexDeclaration(v + 2), S_OK);
    ASSERT_EQ(c.setVertexShader(v + 3), S_OK);
    ASSERT_EQ(c.setPixelShader(v + 4), S_OK);
    for (uint32_t i = 0; i < kTransformCount; ++i)
        ASSERT_EQ(c.setTransform(transformType(i), matrix(float(seed * 1000 + i))), S_OK);
    ASSERT_EQ(c.setViewport({seed, seed, 100 + seed, 100 + seed, 0.1f * float(seed), 0.9f}), S_OK);
    ASSERT_EQ(c.setWInfo(float(seed), float(seed) * 10), S_OK);
    ASSERT_EQ(c.setScissorRect({int32_t(seed), int32_t(seed), int32_t(seed) + 10, int32_t(seed) + 10}), S_OK);
    D3DMATERIAL9 m{};
    m.Power = float(seed);
    ASSERT_EQ(c.setMaterial(m), S_OK);
    for (uint32_t p = 0; p < kMaxClipPlanes; ++p) {
        const float plane[4] = {float(seed), float(p), 0, 0};
        ASSERT_EQ(c.setClipPlane(p, plane), S_OK);
    }
    ASSERT_EQ(c.setCurrentTexturePalette(v + 5), S_OK);
    const VsRegisterLimits vs = c.vsLimits(); // the device's files, whole
    std::vector<float> f(4 * vs.floats);
    std::vector<int32_t> i(4 * vs.ints);
    std::vector<uint32_t> b(vs.bools);
    for (size_t k = 0; k < f.size(); ++k)
        f[k] = float(seed * 10000 + k);
    for (size_t k = 0; k < i.size(); ++k)
        i[k] = int32_t(seed * 100 + k);
    for (size_t k = 0; k < b.size(); ++k)
        b[k] = seed * 100 + uint32_t(k);
    ASSERT_EQ(c.setVsConstF(0, f.data(), vs.floats), S_OK);
    ASSERT_EQ(c.setVsConstI(0, i.data(), vs.ints), S_OK);
    ASSERT_EQ(c.setVsConstB(0, b.data(), vs.bools), S_OK);
    ASSERT_EQ(c.setPsConstF(0, f.data() + 4, kPsConstF), S_OK);
    ASSERT_EQ(c.setPsConstI(0, i.data(), kPsConstI), S_OK);
    ASSERT_EQ(c.setPsConstB(0, b.data(), kPsConstB), S_OK);
    for (uint32_t l = 0; l < 4; ++l) {
        ASSERT_EQ(c.setLight(l * 1000, light(float(seed * 10 + l))), S_OK);
        ASSERT_EQ(c.enableLight(l * 1000, (seed + l) % 2 == 0), S_OK);
    }
    for (uint32_t rt = 0; rt < kMaxRenderTargets; ++rt)
        ASSERT_EQ(c.setRenderTarget(rt, v + rt), S_OK);
    ASSERT_EQ(c.setDepthStencil(v + 9), S_OK);
}

// The bytes of one slot of a DeviceState.
std::vector<uint8_t> slotBytes(const DeviceState& s, SlotGroup g, uint32_t e) {
    const SlotGroupInfo& info = kSlotGroups[size_t(g)];
    const auto* p = reinterpret_cast<const uint8_t*>(&s) + info.offset + size_t{e} * info.stride;
    return {p, p + info.size};
}

// ---- The SDK lists, typed from the pages, with Windows' changes ----
// "Saving Pixel State With a StateBlock (Direct3D 9)", without SPECULARENABLE (29), LOCALVIEWER
// (142) and the *MATERIALSOURCE (145 to 148), which Windows' PIXELSTATE blocks leave (Wine's
// stateblock test).
const uint32_t kPixelRs[] = {7,   8,   9,   14,  15,  16,  19,  20,  23,  24,  25,  26,  36,  37,  38,  27,
                             195, 52,  53,  54,  55,  56,  57,  58,  59,  60,  128, 129, 130, 131, 132, 133,
                             134, 135, 198, 199, 200, 201, 202, 203, 204, 205, 168, 171, 174, 175, 176, 185,
                             186, 187, 188, 189, 190, 191, 192, 193, 194, 206, 207, 208, 209};
const uint32_t kPixelSamp[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
const uint32_t kPixelTss[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 22, 23, 24, 26, 27, 28};
// "Saving Vertex States With a StateBlock (Direct3D 9)", 164 = the NPatch mode segments, and
// SHADEMODE (9), FOGENABLE (28), SPECULARENABLE (29), NORMALIZENORMALS (143), which Windows'
// VERTEXSTATE blocks hold too (Wine's stateblock test).
const uint32_t kVertexRs[] = {22,  34,  35,  36,  37,  38,  48,  139, 141, 140, 136, 137, 142, 148, 147, 145,
                              146, 151, 152, 154, 155, 156, 157, 158, 159, 160, 161, 162, 163, 166, 167, 170,
                              172, 173, 178, 179, 180, 181, 182, 183, 184, 164, 9,   28,  29,  143};
const uint32_t kVertexSamp[] = {13};
const uint32_t kVertexTss[] = {11, 24};
// Render states that are commands: not even ALL holds them.
const uint32_t kCommandRs[] = {61, 62, 165, 169};

std::vector<bool> expectedSlots(uint32_t type) {
    std::vector<bool> in(kSlotCount, false);
    auto group = [&](SlotGroup g) {
        for (uint32_t e = 0; e < kSlotGroups[size_t(g)].count; ++e)
            in[slotOf(g, e)] = true;
    };
    auto lists = [&](std::span<const uint32_t> rs, std::span<const uint32_t> samp,
                     std::span<const uint32_t> tss) {
        for (uint32_t r : rs)
            in[slotOf(SlotGroup::RenderState, r)] = true;
        for (uint32_t s = 0; s < kSamplerCount; ++s)
            for (uint32_t t : samp)
                in[slotOf(SlotGroup::SamplerState, s * kSamplerStateCount + t)] = true;
        for (uint32_t st = 0; st < kTextureStages; ++st)
            for (uint32_t t : tss)
                in[slotOf(SlotGroup::TextureStageState, st * kTextureStageStateCount + t)] = true;
    };
    if (type == D3DSBT_ALL) {
        std::fill(in.begin(), in.end(), true);
        for (uint32_t r : kCommandRs)
            in[slotOf(SlotGroup::RenderState, r)] = false;
    } else if (type == D3DSBT_PIXELSTATE) {
        lists(kPixelRs, kPixelSamp, kPixelTss);
        // Not on the page: AMD's FETCH4 switch, set through D3DSAMP_MIPMAPLODBIAS (8).
        for (SlotGroup g : {SlotGroup::PixelShader, SlotGroup::PsConstF, SlotGroup::PsConstI,
                            SlotGroup::PsConstB, SlotGroup::Fetch4})
            group(g);
    } else {
        lists(kVertexRs, kVertexSamp, kVertexTss);
        // Not on the page: AMD's alpha-to-coverage switch, set through D3DRS_POINTSIZE (154).
        for (SlotGroup g :
             {SlotGroup::VertexShader, SlotGroup::VsConstF, SlotGroup::VsConstI, SlotGroup::VsConstB,
              SlotGroup::StreamFrequency, SlotGroup::VertexInput, SlotGroup::AlphaToMask})
            group(g);
    }
    return in;
}

// Set every state, create the block, change every state, apply, check which came back.
void checkPredefinedCapturesExactlyItsList(uint32_t type, bool holdsLights) {
    auto c = freshCache();
    scramble(*c, 1);
    auto a = std::make_unique<DeviceState>(c->state());
    std::vector<LightEntry> lightsA(c->lights().begin(), c->lights().end());
    ASSERT_EQ(c->createStateBlock(10, type), S_OK);
    scramble(*c, 2);
    auto b = std::make_unique<DeviceState>(c->state());
    std::vector<LightEntry> lightsB(c->lights().begin(), c->lights().end());
    c->takeDirty();
    ASSERT_EQ(c->executeStateBlock(10), S_OK);

    const std::vector<bool> expected = expectedSlots(type);
    size_t differing = 0;
    for (size_t g = 0; g < kSlotGroupCount; ++g) {
        for (uint32_t e = 0; e < kSlotGroups[g].count; ++e) {
            SlotGroup group = SlotGroup(g);
            auto before = slotBytes(*a, group, e), after = slotBytes(*b, group, e),
                 now = slotBytes(c->state(), group, e);
            differing += before != after;
            EXPECT_EQ(now, expected[slotOf(group, e)] ? before : after)
                << "type " << type << " group " << g << " element " << e;
        }
    }
    EXPECT_GT(differing, size_t{1400}); // the scramble reaches (nearly) every slot
    for (uint32_t rt = 0; rt < kMaxRenderTargets; ++rt)
        EXPECT_EQ(c->renderTarget(rt), b->renderTargets[rt]); // never in a block
    EXPECT_EQ(c->depthStencil(), b->depthStencil);

    const std::vector<LightEntry>& want = holdsLights ? lightsA : lightsB;
    ASSERT_EQ(c->lights().size(), want.size());
    for (size_t i = 0; i < want.size(); ++i) {
        EXPECT_EQ(c->lights()[i].light.Range, want[i].light.Range);
        EXPECT_EQ(c->lights()[i].enabled, want[i].enabled);
    }
    EXPECT_EQ(c->dirty().has(DirtyState::Lights), holdsLights);
}

TEST(PredefinedStateBlock, AllCapturesExactlyItsList) {
    checkPredefinedCapturesExactlyItsList(D3DSBT_ALL, true);
}
TEST(PredefinedStateBlock, PixelStateCapturesExactlyItsList) {
    checkPredefinedCapturesExactlyItsList(D3DSBT_PIXELSTATE, false);
}
TEST(PredefinedStateBlock, VertexStateCapturesExactlyItsList) {
    checkPredefinedCapturesExactlyItsList(D3DSBT_VERTEXSTATE, true);
}

// A SOFTWARE / MIXED device's ALL and VERTEXSTATE blocks hold its whole vertex register files;
// a hardware device's blocks hold vs_3_0's (its mask names nothing past them).
TEST(PredefinedStateBlock, BlocksHoldTheDevicesVertexRegisterFiles) {
    for (uint32_t type : {uint32_t(D3DSBT_ALL), uint32_t(D3DSBT_VERTEXSTATE)}) {
        auto c = std::make_unique<StateCache>(DeviceDefaults{}, kSoftwareVsRegisters);
        scramble(*c, 1);
        const Vec4f f = c->vsConstF(8191);
        const Vec4i i = c->vsConstI(2047);
        const uint32_t b = c->vsConstB(1000);
        ASSERT_EQ(c->createStateBlock(10, type), S_OK);
        scramble(*c, 2);
        ASSERT_NE(c->vsConstF(8191).v[0], f.v[0]);
        ASSERT_EQ(c->executeStateBlock(10), S_OK);
        EXPECT_EQ(c->vsConstF(8191).v[0], f.v[0]) << type;
        EXPECT_EQ(c->vsConstI(2047).v[0], i.v[0]) << type;
        EXPECT_EQ(c->vsConstB(1000), b) << type;

        auto hw = freshCache();
        ASSERT_EQ(hw->createStateBlock(10, type), S_OK);
        const StateMask& mask = hw->stateBlock(10)->mask;
        EXPECT_TRUE(mask.test(slotOf(SlotGroup::VsConstF, kVsConstF - 1)));
        EXPECT_FALSE(mask.test(slotOf(SlotGroup::VsConstF, kVsConstF)));
        EXPECT_FALSE(mask.test(slotOf(SlotGroup::VsConstI, kVsConstI)));
        EXPECT_FALSE(mask.test(slotOf(SlotGroup::VsConstB, kSwVsConstB - 1)));
    }
}

// A recording on a software device holds a register past 255; executing it writes it back,
// and the cache counts it as written (a draw uploads up to it).
TEST(RecordedStateBlock, SoftwareRegistersAreRecorded) {
    auto c = std::make_unique<StateCache>(DeviceDefaults{}, kSoftwareVsRegisters);
    const float v[4] = {9, 8, 7, 6};
    ASSERT_EQ(c->beginStateBlock(3), S_OK);
    ASSERT_EQ(c->setVsConstF(5000, v, 1), S_OK);
    ASSERT_EQ(c->endStateBlock(3), S_OK);
    EXPECT_EQ(c->vsConstF(5000).v[0], 0.0f);
    EXPECT_GE(c->vsRegistersWritten().floats, 5001u);
    c->takeDirty();
    ASSERT_EQ(c->executeStateBlock(3), S_OK);
    EXPECT_EQ(c->vsConstF(5000).v[0], 9.0f);
    EXPECT_TRUE(c->dirty().has(DirtyState::VsConstF));
}

// vertex-stream-frequency.md: "The application passes the D3DSBT_VERTEXSTATE state type in a call
// to the IDirect3DDevice9::CreateStateBlock method to capture the current vertex state."
TEST(PredefinedStateBlock, VertexStateRestoresStreamFrequencyDividers) {
    auto c = freshCache();
    ASSERT_EQ(c->setStreamSourceFreq(0, D3DSTREAMSOURCE_INDEXEDDATA | 10), S_OK);
    ASSERT_EQ(c->setStreamSourceFreq(1, D3DSTREAMSOURCE_INSTANCEDATA | 1), S_OK);
    ASSERT_EQ(c->setStreamSourceFreq(2, 3), S_OK);
    ASSERT_EQ(c->setStreamSource(1, 77, 0, 16), S_OK);
    ASSERT_EQ(c->createStateBlock(4, D3DSBT_VERTEXSTATE), S_OK);
    for (uint32_t s = 0; s < 3; ++s)
        ASSERT_EQ(c->setStreamSourceFreq(s, 1), S_OK);
    ASSERT_EQ(c->setStreamSource(1, 78, 0, 16), S_OK);
    c->takeDirty();
    ASSERT_EQ(c->executeStateBlock(4), S_OK);
    EXPECT_EQ(c->streamSourceFreq(0), D3DSTREAMSOURCE_INDEXEDDATA | 10);
    EXPECT_EQ(c->streamSourceFreq(1), D3DSTREAMSOURCE_INSTANCEDATA | 1);
    EXPECT_EQ(c->streamSourceFreq(2), 3u);
    EXPECT_EQ(c->streamSource(1).buffer, 78u); // the buffer binding is not vertex state
    DirtyState d = c->takeDirty();
    EXPECT_TRUE(d.has(DirtyState::StreamFrequencies));
    EXPECT_EQ(d.streamFrequencies, 0xffffu);
    EXPECT_FALSE(d.has(DirtyState::Streams));
}

// SDK "Recording State Blocks": BeginStateBlock "causes the system to start recording device state
// changes in a state block, rather than applying them to the device".
TEST(RecordedStateBlock, RecordedStatesAreNotAppliedUntilExecute) {
    auto c = freshCache();
    ASSERT_EQ(c->setRenderState(D3DRS_ZFUNC, D3DCMP_LESS), S_OK);
    c->takeDirty();
    auto before = std::make_unique<DeviceState>(c->state());

    const float v[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    D3DMATRIX scale{};
    scale.m[0][0] = scale.m[1][1] = scale.m[2][2] = 2, scale.m[3][3] = 1;
    ASSERT_EQ(c->beginStateBlock(5), S_OK);
    EXPECT_TRUE(c->recording());
    ASSERT_EQ(c->setRenderState(D3DRS_ZFUNC, D3DCMP_GREATER), S_OK);
    ASSERT_EQ(c->setTexture(0, 9), S_OK);
    ASSERT_EQ(c->setLight(3, light(7.0f)), S_OK);
    ASSERT_EQ(c->enableLight(4, true), S_OK);
    ASSERT_EQ(c->setVsConstF(10, v, 2), S_OK);
    ASSERT_EQ(c->multiplyTransform(D3DTS_VIEW, scale), S_OK);
    ASSERT_EQ(c->multiplyTransform(D3DTS_VIEW, scale), S_OK); // reads the recorded value
    ASSERT_EQ(c->setZRange(0.25f, 0.5f), S_OK);
    // Invalid calls stay invalid while recording and record nothing.
    EXPECT_EQ(c->setRenderState(D3DRS_MAX + 1, 0), D3DERR_INVALIDCALL);
    ASSERT_EQ(c->endStateBlock(5), S_OK);
    EXPECT_FALSE(c->recording());

    EXPECT_TRUE(test::sameState(*before, c->state()));
    EXPECT_FALSE(c->dirty().any());
    EXPECT_TRUE(c->lights().empty());

    ASSERT_EQ(c->setRenderState(D3DRS_ZFUNC, D3DCMP_EQUAL), S_OK);
    ASSERT_EQ(c->setRenderState(D3DRS_CULLMODE, D3DCULL_NONE), S_OK);
    c->takeDirty();
    ASSERT_EQ(c->executeStateBlock(5), S_OK);

    EXPECT_EQ(c->renderState(D3DRS_ZFUNC), uint32_t{D3DCMP_GREATER});
    EXPECT_EQ(c->renderState(D3DRS_CULLMODE), uint32_t{D3DCULL_NONE}); // not in the block
    EXPECT_EQ(c->texture(0), 9u);
    ASSERT_NE(c->light(3), nullptr);
    EXPECT_EQ(c->light(3)->light.Range, 7.0f);
    EXPECT_FALSE(c->light(3)->enabled);
    ASSERT_NE(c->light(4), nullptr);
    EXPECT_TRUE(c->light(4)->enabled);
    EXPECT_EQ(c->light(4)->light.Type, uint32_t{D3DLIGHT_DIRECTIONAL}); // enable only: default light
    EXPECT_EQ(c->vsConstF(11).v[3], 8.0f);
    EXPECT_EQ(c->transform(D3DTS_VIEW).m[0][0], 4.0f); // identity * 2 * 2
    EXPECT_EQ(c->viewport().MinZ, 0.25f);

    DirtyState d = c->takeDirty();
    EXPECT_EQ(d.categories, DirtyState::RenderStates | DirtyState::Textures | DirtyState::Lights |
                                DirtyState::VsConstF | DirtyState::Transforms | DirtyState::Viewport);
    EXPECT_EQ(d.renderStates.count(), 1u);
    EXPECT_TRUE(d.renderStates.test(D3DRS_ZFUNC));
    EXPECT_EQ(d.textures, 1u);
    EXPECT_EQ(d.vsConstF.count(), 2u);
    EXPECT_EQ(d.transforms, 1u);

    const StateBlock* block = c->stateBlock(5);
    ASSERT_NE(block, nullptr);
    EXPECT_EQ(block->mask.count(), 6u); // ZFUNC, texture 0, two registers, VIEW, viewport
    EXPECT_EQ(block->lights.size(), 2u);
}

// AMD's FETCH4 switch, recorded, is its sampler's slot: applying the block switches that sampler
// and leaves its LOD bias and the other samplers' switches as they are.
TEST(RecordedStateBlock, TheFetch4SwitchIsRecordedPerSamplerApartFromTheBias) {
    auto c = freshCache();
    const uint32_t half = std::bit_cast<uint32_t>(0.5f);
    ASSERT_EQ(c->setSamplerState(2, D3DSAMP_MIPMAPLODBIAS, kFetch4On), S_OK);
    ASSERT_EQ(c->beginStateBlock(7), S_OK);
    ASSERT_EQ(c->setSamplerState(1, D3DSAMP_MIPMAPLODBIAS, kFetch4On), S_OK);
    ASSERT_EQ(c->endStateBlock(7), S_OK);
    EXPECT_EQ(c->state().fetch4[1], 0u); // recorded, not applied
    const StateBlock* block = c->stateBlock(7);
    ASSERT_NE(block, nullptr);
    EXPECT_EQ(block->mask.count(), 1u);
    EXPECT_TRUE(block->mask.test(slotOf(SlotGroup::Fetch4, 1)));
    ASSERT_EQ(c->setSamplerState(1, D3DSAMP_MIPMAPLODBIAS, half), S_OK);
    ASSERT_EQ(c->setSamplerState(2, D3DSAMP_MIPMAPLODBIAS, kFetch4Off), S_OK);
    c->takeDirty();
    ASSERT_EQ(c->executeStateBlock(7), S_OK);
    EXPECT_EQ(c->state().fetch4[1], 1u);
    EXPECT_EQ(c->state().fetch4[2], 0u);
    EXPECT_EQ(c->samplerState(1, D3DSAMP_MIPMAPLODBIAS), half);
    EXPECT_TRUE(c->takeDirty().has(DirtyState::RenderStates));
}

// AMD's alpha-to-coverage switch, recorded, is its own slot: applying the block switches it
// and leaves the point size as it is.
TEST(RecordedStateBlock, TheAlphaToMaskSwitchIsRecordedApartFromThePointSize) {
    auto c = freshCache();
    const uint32_t two = std::bit_cast<uint32_t>(2.0f), three = std::bit_cast<uint32_t>(3.0f);
    ASSERT_EQ(c->setRenderState(D3DRS_POINTSIZE, two), S_OK);
    ASSERT_EQ(c->beginStateBlock(6), S_OK);
    ASSERT_EQ(c->setRenderState(D3DRS_POINTSIZE, D3DFMT_A2M1), S_OK);
    ASSERT_EQ(c->endStateBlock(6), S_OK);
    EXPECT_EQ(c->state().alphaToMask, 0u); // recorded, not applied
    const StateBlock* block = c->stateBlock(6);
    ASSERT_NE(block, nullptr);
    EXPECT_EQ(block->mask.count(), 1u);
    EXPECT_TRUE(block->mask.test(slotOf(SlotGroup::AlphaToMask)));
    ASSERT_EQ(c->setRenderState(D3DRS_POINTSIZE, three), S_OK);
    c->takeDirty();
    ASSERT_EQ(c->executeStateBlock(6), S_OK);
    EXPECT_EQ(c->state().alphaToMask, 1u);
    EXPECT_EQ(c->renderState(D3DRS_POINTSIZE), three);
    EXPECT_TRUE(c->takeDirty().has(DirtyState::RenderStates));
}

TEST(RecordedStateBlock, RenderTargetsAreNotRecorded) {
    auto c = freshCache();
    ASSERT_EQ(c->beginStateBlock(1), S_OK);
    ASSERT_EQ(c->setRenderTarget(0, 5), S_OK);
    ASSERT_EQ(c->endStateBlock(1), S_OK);
    EXPECT_EQ(c->renderTarget(0), 5u);
    EXPECT_EQ(c->stateBlock(1)->mask.count(), 0u);
}

// DDIVK_STATESETSUSPEND / RESUME: while a recording is suspended the setters change the device
// (a draw from user memory binds and unbinds stream 0 there, as the D3D9 runtime does while
// recording); what was recorded before and after stays in the block, and nothing else.
TEST(RecordedStateBlock, ASuspendedRecordingLetsSettersChangeTheDevice) {
    auto c = freshCache();
    ASSERT_EQ(c->setStreamSource(0, 3, 8, 12), S_OK);
    ASSERT_EQ(c->setIndices(4, 2), S_OK);
    c->takeDirty();
    ASSERT_EQ(c->beginStateBlock(4), S_OK);
    ASSERT_EQ(c->setStreamSource(0, 7, 0, 16), S_OK);
    ASSERT_EQ(c->suspendRecording(4), S_OK);
    EXPECT_FALSE(c->recording());
    EXPECT_TRUE(c->recordingSuspended());

    ASSERT_EQ(c->setStreamSourceUserMemory(0, 20), S_OK);
    EXPECT_EQ(c->streamSource(0).stride, 20u);
    EXPECT_EQ(c->streamSource(0).buffer, 0u);
    DirtyState d = c->takeDirty();
    EXPECT_EQ(d.streams, 1u);
    ASSERT_EQ(c->setStreamSource(0, 0, 0, 0), S_OK);
    ASSERT_EQ(c->setIndices(0, 0), S_OK);
    EXPECT_EQ(c->indices().buffer, 0u);

    // The recording is still open: no other block operation, no second suspension.
    EXPECT_EQ(c->beginStateBlock(5), D3DERR_INVALIDCALL);
    EXPECT_EQ(c->endStateBlock(4), D3DERR_INVALIDCALL);
    EXPECT_EQ(c->createStateBlock(5, D3DSBT_ALL), D3DERR_INVALIDCALL);
    EXPECT_EQ(c->suspendRecording(4), D3DERR_INVALIDCALL);
    EXPECT_EQ(c->resumeRecording(5), D3DERR_INVALIDCALL); // not the recording's handle
    EXPECT_EQ(c->stateBlockCount(), 0u);

    ASSERT_EQ(c->resumeRecording(4), S_OK);
    EXPECT_TRUE(c->recording());
    EXPECT_FALSE(c->recordingSuspended());
    ASSERT_EQ(c->setRenderState(D3DRS_ZFUNC, D3DCMP_NEVER), S_OK); // recorded again
    ASSERT_EQ(c->endStateBlock(4), S_OK);
    EXPECT_EQ(c->renderState(D3DRS_ZFUNC), uint32_t{D3DCMP_LESSEQUAL});
    EXPECT_EQ(c->streamSource(0).buffer, 0u);
    EXPECT_EQ(c->stateBlock(4)->mask.count(), 2u); // stream 0 as recorded before, ZFUNC

    ASSERT_EQ(c->executeStateBlock(4), S_OK);
    EXPECT_EQ(c->streamSource(0).buffer, 7u);
    EXPECT_EQ(c->streamSource(0).stride, 16u);
    EXPECT_EQ(c->renderState(D3DRS_ZFUNC), uint32_t{D3DCMP_NEVER});
    EXPECT_EQ(c->indices().buffer, 0u); // the unset made while suspended is not in the block

    // Nothing to suspend or resume outside a recording.
    EXPECT_INVALID_NO_CHANGE(*c, c->suspendRecording(4));
    EXPECT_INVALID_NO_CHANGE(*c, c->resumeRecording(4));
}

// D3DHAL_STATESETCAPTURE: "only states that are already in the state block are captured".
TEST(RecordedStateBlock, CaptureRefreshesOnlyWhatTheBlockHolds) {
    auto c = freshCache();
    ASSERT_EQ(c->beginStateBlock(2), S_OK);
    ASSERT_EQ(c->setRenderState(D3DRS_FOGCOLOR, 1), S_OK);
    ASSERT_EQ(c->setLight(1, light(1.0f)), S_OK);
    ASSERT_EQ(c->endStateBlock(2), S_OK);

    ASSERT_EQ(c->setRenderState(D3DRS_FOGCOLOR, 2), S_OK);
    ASSERT_EQ(c->setLight(1, light(2.0f)), S_OK);
    ASSERT_EQ(c->setRenderState(D3DRS_FOGEND, 0x1234), S_OK);
    ASSERT_EQ(c->captureStateBlock(2), S_OK);
    EXPECT_EQ(c->stateBlock(2)->mask.count(), 1u);
    EXPECT_EQ(c->stateBlock(2)->values.size(), sizeof(uint32_t));

    ASSERT_EQ(c->setRenderState(D3DRS_FOGCOLOR, 3), S_OK);
    ASSERT_EQ(c->setLight(1, light(3.0f)), S_OK);
    ASSERT_EQ(c->setRenderState(D3DRS_FOGEND, 0x5678), S_OK);
    ASSERT_EQ(c->executeStateBlock(2), S_OK);
    EXPECT_EQ(c->renderState(D3DRS_FOGCOLOR), 2u);
    EXPECT_EQ(c->light(1)->light.Range, 2.0f);
    EXPECT_EQ(c->renderState(D3DRS_FOGEND), 0x5678u);
}

TEST(PredefinedStateBlock, CaptureRefreshesAPredefinedBlock) {
    auto c = freshCache();
    ASSERT_EQ(c->createStateBlock(3, D3DSBT_PIXELSTATE), S_OK);
    ASSERT_EQ(c->setRenderState(D3DRS_ALPHAREF, 0x40), S_OK);
    ASSERT_EQ(c->setPixelShader(12), S_OK);
    ASSERT_EQ(c->captureStateBlock(3), S_OK);
    ASSERT_EQ(c->setRenderState(D3DRS_ALPHAREF, 0x80), S_OK);
    ASSERT_EQ(c->setPixelShader(13), S_OK);
    ASSERT_EQ(c->executeStateBlock(3), S_OK);
    EXPECT_EQ(c->renderState(D3DRS_ALPHAREF), 0x40u);
    EXPECT_EQ(c->pixelShader(), 12u);
}

TEST(StateBlockHandles, BadHandlesAreInvalidCalls) {
    auto c = freshCache();
    EXPECT_INVALID_NO_CHANGE(*c, c->executeStateBlock(1));
    EXPECT_INVALID_NO_CHANGE(*c, c->captureStateBlock(1));
    EXPECT_INVALID_NO_CHANGE(*c, c->deleteStateBlock(1));
    EXPECT_INVALID_NO_CHANGE(*c, c->endStateBlock(1)); // not recording
    EXPECT_INVALID_NO_CHANGE(*c, c->createStateBlock(0, D3DSBT_ALL));
    EXPECT_INVALID_NO_CHANGE(*c, c->createStateBlock(1, 0));
    EXPECT_INVALID_NO_CHANGE(*c, c->createStateBlock(1, 4));
    EXPECT_INVALID_NO_CHANGE(*c, c->beginStateBlock(0));

    ASSERT_EQ(c->createStateBlock(1, D3DSBT_ALL), S_OK);
    EXPECT_INVALID_NO_CHANGE(*c, c->createStateBlock(1, D3DSBT_PIXELSTATE)); // handle in use
    EXPECT_INVALID_NO_CHANGE(*c, c->beginStateBlock(1));                     // handle in use

    ASSERT_EQ(c->beginStateBlock(2), S_OK);
    EXPECT_EQ(c->beginStateBlock(3), D3DERR_INVALIDCALL);   // no nesting
    EXPECT_EQ(c->endStateBlock(3), D3DERR_INVALIDCALL);     // not the recording handle
    EXPECT_EQ(c->executeStateBlock(1), D3DERR_INVALIDCALL); // not while recording
    EXPECT_EQ(c->captureStateBlock(1), D3DERR_INVALIDCALL); // not while recording
    EXPECT_EQ(c->createStateBlock(3, D3DSBT_ALL), D3DERR_INVALIDCALL);
    ASSERT_EQ(c->endStateBlock(2), S_OK);

    EXPECT_EQ(c->stateBlockCount(), 2u);
    EXPECT_EQ(c->deleteStateBlock(1), S_OK);
    EXPECT_EQ(c->deleteStateBlock(1), D3DERR_INVALIDCALL);
    EXPECT_EQ(c->executeStateBlock(1), D3DERR_INVALIDCALL);
    EXPECT_EQ(c->stateBlock(1), nullptr);
    EXPECT_EQ(c->stateBlockCount(), 1u);
}

TEST(StateBlockHandles, StateSetDispatchesTheDdkOperations) {
    auto c = freshCache();
    EXPECT_EQ(c->stateSet(D3DHAL_STATESETCREATE, 7, D3DSBT_VERTEXSTATE), S_OK);
    EXPECT_EQ(c->stateBlock(7)->type, uint32_t{D3DSBT_VERTEXSTATE});
    EXPECT_EQ(c->stateSet(D3DHAL_STATESETBEGIN, 8, 0), S_OK);
    EXPECT_EQ(c->setRenderState(D3DRS_LIGHTING, 0), S_OK);
    EXPECT_EQ(c->stateSet(DDIVK_STATESETSUSPEND, 8, 0), S_OK);
    EXPECT_EQ(c->setRenderState(D3DRS_FILLMODE, D3DFILL_POINT), S_OK);
    EXPECT_EQ(c->stateSet(DDIVK_STATESETRESUME, 8, 0), S_OK);
    EXPECT_EQ(c->stateSet(D3DHAL_STATESETEND, 8, 0), S_OK);
    EXPECT_EQ(c->renderState(D3DRS_LIGHTING), 1u);
    EXPECT_EQ(c->renderState(D3DRS_FILLMODE), uint32_t{D3DFILL_POINT});
    EXPECT_EQ(c->stateSet(D3DHAL_STATESETEXECUTE, 8, 0), S_OK);
    EXPECT_EQ(c->renderState(D3DRS_LIGHTING), 0u);
    EXPECT_EQ(c->stateSet(D3DHAL_STATESETCAPTURE, 7, 0), S_OK);
    EXPECT_EQ(c->stateSet(D3DHAL_STATESETDELETE, 7, 0), S_OK);
    EXPECT_EQ(c->stateBlock(7), nullptr);
    EXPECT_INVALID_NO_CHANGE(*c, c->stateSet(6, 8, 0));
}

TEST(StateBlockHandles, BlocksAreCompact) {
    auto c = freshCache();
    ASSERT_EQ(c->createStateBlock(1, D3DSBT_PIXELSTATE), S_OK);
    ASSERT_EQ(c->createStateBlock(2, D3DSBT_ALL), S_OK);
    EXPECT_LT(c->stateBlock(1)->values.size(), sizeof(DeviceState) / 4);
    EXPECT_LT(c->stateBlock(2)->values.size(), sizeof(DeviceState)); // no render targets
    EXPECT_EQ(c->stateBlock(1)->values.size(), packedSize(c->stateBlock(1)->mask));
}

} // namespace
} // namespace ddivk::state

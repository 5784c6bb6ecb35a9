// d3d9_enums.h values and the DDI's texture-stage-state-to-sampler-state mapping, row by row.
#include "ddivk/d3d9_enums.h"
#include "state/state_cache.h"

#include <gtest/gtest.h>

namespace ddivk {
namespace {

TEST(D3D9Enums, PinnedValues) {
    EXPECT_EQ(D3DRS_MAX, 209u);
    EXPECT_EQ(D3DRS_ZENABLE, 7u);
    EXPECT_EQ(D3DRS_BLENDOPALPHA, 209u);
    EXPECT_EQ(D3DRS_PATCHSEGMENTS, 164u);
    EXPECT_EQ(D3DTSS_CONSTANT, 32u);
    EXPECT_EQ(D3DSAMP_DMAPOFFSET, 13u);
    EXPECT_EQ(D3DTS_WORLD, 256u);
    EXPECT_EQ(D3DTS_WORLDMATRIX(255), 511u);
    EXPECT_EQ(D3DSBT_ALL, 1u);
    EXPECT_EQ(D3DSBT_PIXELSTATE, 2u);
    EXPECT_EQ(D3DSBT_VERTEXSTATE, 3u);
    EXPECT_EQ(D3DHAL_STATESETBEGIN, 0u);
    EXPECT_EQ(D3DHAL_STATESETCAPTURE, 4u);
    EXPECT_EQ(D3DHAL_STATESETCREATE, 5u);
    EXPECT_EQ(D3DSTREAMSOURCE_INDEXEDDATA, 0x40000000u);
    EXPECT_EQ(D3DSTREAMSOURCE_INSTANCEDATA, 0x80000000u);
    EXPECT_EQ(D3DVERTEXTEXTURESAMPLER3, 260u);
}

// d3dhal.h (DX9 DDK): the D3DTSS_* numbers that carry D3DSAMP_* states, typed from the header.
struct Row {
    uint32_t tss, samp;
};
const Row kDdkRows[] = {{13, 1}, {14, 2},  {15, 4}, {16, 5},  {17, 6},  {18, 7}, {19, 8},
                        {20, 9}, {21, 10}, {25, 3}, {29, 11}, {30, 12}, {31, 13}};

TEST(TssToSamplerMapping, EveryRowMatchesTheDdkHeader) {
    ASSERT_EQ(std::size(kTssToSamplerState), std::size(kDdkRows));
    for (const Row& r : kDdkRows)
        EXPECT_EQ(samplerStateFromTss(r.tss), r.samp) << "D3DTSS " << r.tss;
}

TEST(TssToSamplerMapping, RealTextureStageStatesMapToNothing) {
    for (uint32_t tss = 0; tss <= 40; ++tss) {
        bool isSampler = false;
        for (const Row& r : kDdkRows)
            isSampler |= r.tss == tss;
        if (!isSampler) {
            EXPECT_EQ(samplerStateFromTss(tss), 0u) << "D3DTSS " << tss;
        }
    }
}

TEST(TssToSamplerMapping, DdiTokenSetsTheSamplerState) {
    for (const Row& r : kDdkRows) {
        for (uint32_t sampler : {0u, 15u, 256u, 260u}) {
            state::StateCache cache;
            ASSERT_EQ(cache.setDdiTextureStageState(sampler, r.tss, 0x1234), S_OK);
            EXPECT_EQ(cache.samplerState(sampler, r.samp), 0x1234u);
        }
    }
}

TEST(TssToSamplerMapping, DdiTextureMapSetsTheTexture) {
    state::StateCache cache;
    ASSERT_EQ(cache.setDdiTextureStageState(3, D3DTSS_TEXTUREMAP, 77), S_OK);
    ASSERT_EQ(cache.setDdiTextureStageState(D3DVERTEXTEXTURESAMPLER1, D3DTSS_TEXTUREMAP, 78), S_OK);
    EXPECT_EQ(cache.texture(3), 77u);
    EXPECT_EQ(cache.texture(D3DVERTEXTEXTURESAMPLER1), 78u);
}

TEST(TssToSamplerMapping, DdiStageStateSetsTheStage) {
    state::StateCache cache;
    ASSERT_EQ(cache.setDdiTextureStageState(2, D3DTSS_COLOROP, D3DTOP_ADD), S_OK);
    EXPECT_EQ(cache.textureStageState(2, D3DTSS_COLOROP), uint32_t{D3DTOP_ADD});
    // A stage state on a sampler number beyond the 8 stages is invalid.
    EXPECT_EQ(cache.setDdiTextureStageState(8, D3DTSS_COLOROP, D3DTOP_ADD), D3DERR_INVALIDCALL);
}

TEST(SamplerAndTransformIndices, RoundTrip) {
    for (uint32_t i = 0; i < state::kSamplerCount; ++i)
        EXPECT_EQ(state::samplerIndex(state::samplerNumber(i)), i);
    EXPECT_EQ(state::samplerIndex(16), state::kInvalidIndex);
    EXPECT_EQ(state::samplerIndex(255), state::kInvalidIndex);
    EXPECT_EQ(state::samplerIndex(261), state::kInvalidIndex);
    for (uint32_t i = 0; i < state::kTransformCount; ++i)
        EXPECT_EQ(state::transformIndex(state::transformType(i)), i);
    for (uint32_t t : {0u, 1u, 4u, 15u, 24u, 255u, 512u})
        EXPECT_EQ(state::transformIndex(t), state::kInvalidIndex) << t;
}

} // namespace
} // namespace ddivk

// The fixed-function pixel state on the CPU: how packFfPixelState and ffPixelKey read the D3D9
// state, and what ffPixelSpirv changes in the module (docs/fixed-function.md, "Pixel pipeline").
#include "shader/ff/ff_pixel_state.h"
#include "shader/ff/ff_pixel_variant.h"

#include "ff_pixel_cpu_support.h"

#include <gtest/gtest.h>

#include <bit>
#include <map>
#include <stdexcept>

using namespace ddivk;
using namespace ddivk::shader::ff;
using ddivk::shader::ff::test::allTextures;
using ddivk::shader::ff::test::defaults;

namespace {

uint32_t bits(float f) {
    return std::bit_cast<uint32_t>(f);
}

// Dim operand of every OpTypeImage in a module, and how many there are of each.
std::map<uint32_t, int> imageDims(const std::vector<uint32_t>& words) {
    std::map<uint32_t, int> dims;
    for (size_t at = 5; at < words.size(); at += words[at] >> 16)
        if ((words[at] & 0xffff) == 25) ++dims[words[at + 3]];
    return dims;
}

int flatDecorations(const std::vector<uint32_t>& words) {
    int n = 0;
    for (size_t at = 5; at < words.size(); at += words[at] >> 16)
        if ((words[at] & 0xffff) == 71 && words[at + 2] == 14) ++n;
    return n;
}

} // namespace

TEST(FfPixelPack, DefaultStateRunsStageZeroOnly) {
    const state::DeviceState s = defaults();
    const FfPixelState block = packFfPixelState(s, allTextures());
    EXPECT_EQ(block.control[0], 1u); // stage 1 defaults to D3DTOP_DISABLE
    EXPECT_EQ(block.stages[0].color[0], uint32_t{D3DTOP_MODULATE});
    EXPECT_EQ(block.stages[0].color[1], D3DTA_TEXTURE);
    EXPECT_EQ(block.stages[0].color[2], D3DTA_CURRENT);
    EXPECT_EQ(block.stages[0].alpha[0], uint32_t{D3DTOP_SELECTARG1});
    EXPECT_EQ(block.control[2], uint32_t{D3DCMP_ALWAYS});
    EXPECT_EQ(block.fog[0], uint32_t{kFfPixelFogNone});
    for (float c : block.textureFactor) // D3DRS_TEXTUREFACTOR defaults to 0xFFFFFFFF
        EXPECT_EQ(c, 1.0f);
}

TEST(FfPixelPack, StageProcessingStopsAtFirstDisabledColorOp) {
    state::DeviceState s = defaults();
    for (uint32_t stage = 0; stage < 8; ++stage)
        s.textureStageStates[stage][D3DTSS_COLOROP] = D3DTOP_MODULATE;
    EXPECT_EQ(ffActiveStages(s, allTextures()), 8u);
    s.textureStageStates[5][D3DTSS_COLOROP] = D3DTOP_DISABLE;
    EXPECT_EQ(ffActiveStages(s, allTextures()), 5u);
    s.textureStageStates[0][D3DTSS_COLOROP] = D3DTOP_DISABLE;
    EXPECT_EQ(packFfPixelState(s, allTextures()).control[0], 0u);
}

TEST(FfPixelPack, MissingTextureAsColorArg1DisablesTheStage) {
    state::DeviceState s = defaults();
    FfStageTextures textures = allTextures();
    textures[0] = FfTextureType::None;
    EXPECT_EQ(ffActiveStages(s, textures), 0u); // COLORARG1 defaults to D3DTA_TEXTURE
    s.textureStageStates[0][D3DTSS_COLORARG1] = D3DTA_DIFFUSE;
    s.textureStageStates[0][D3DTSS_COLORARG2] = D3DTA_TEXTURE;
    EXPECT_EQ(ffActiveStages(s, textures), 1u);
}

TEST(FfPixelPack, StageStatesAreCopied) {
    state::DeviceState s = defaults();
    auto& tss = s.textureStageStates[3];
    tss[D3DTSS_COLOROP] = D3DTOP_LERP;
    tss[D3DTSS_COLORARG0] = D3DTA_TEMP | D3DTA_COMPLEMENT;
    tss[D3DTSS_COLORARG1] = D3DTA_CONSTANT;
    tss[D3DTSS_COLORARG2] = D3DTA_SPECULAR | D3DTA_ALPHAREPLICATE;
    tss[D3DTSS_ALPHAOP] = D3DTOP_MULTIPLYADD;
    tss[D3DTSS_ALPHAARG0] = D3DTA_TFACTOR;
    tss[D3DTSS_ALPHAARG1] = D3DTA_DIFFUSE;
    tss[D3DTSS_ALPHAARG2] = D3DTA_CURRENT;
    tss[D3DTSS_CONSTANT] = 0x80ff4000;
    tss[D3DTSS_BUMPENVMAT00] = bits(0.5f);
    tss[D3DTSS_BUMPENVMAT01] = bits(-0.25f);
    tss[D3DTSS_BUMPENVMAT10] = bits(2.0f);
    tss[D3DTSS_BUMPENVMAT11] = bits(-1.0f);
    tss[D3DTSS_BUMPENVLSCALE] = bits(4.0f);
    tss[D3DTSS_BUMPENVLOFFSET] = bits(0.125f);
    tss[D3DTSS_RESULTARG] = D3DTA_TEMP;
    const FfPixelStage& st = packFfPixelState(s, allTextures()).stages[3];
    EXPECT_EQ(st.color[0], uint32_t{D3DTOP_LERP});
    EXPECT_EQ(st.color[1], D3DTA_CONSTANT);
    EXPECT_EQ(st.color[2], D3DTA_SPECULAR | D3DTA_ALPHAREPLICATE);
    EXPECT_EQ(st.color[3], D3DTA_TEMP | D3DTA_COMPLEMENT);
    EXPECT_EQ(st.alpha[0], uint32_t{D3DTOP_MULTIPLYADD});
    EXPECT_EQ(st.alpha[1], D3DTA_DIFFUSE);
    EXPECT_EQ(st.alpha[2], D3DTA_CURRENT);
    EXPECT_EQ(st.alpha[3], D3DTA_TFACTOR);
    EXPECT_EQ(st.constant[0], 1.0f);
    EXPECT_EQ(st.constant[1], 64.0f / 255.0f);
    EXPECT_EQ(st.constant[2], 0.0f);
    EXPECT_EQ(st.constant[3], 128.0f / 255.0f);
    EXPECT_EQ(st.bumpMat[0], 0.5f);
    EXPECT_EQ(st.bumpMat[1], -0.25f);
    EXPECT_EQ(st.bumpMat[2], 2.0f);
    EXPECT_EQ(st.bumpMat[3], -1.0f);
    EXPECT_EQ(st.bumpLum[0], 4.0f);
    EXPECT_EQ(st.bumpLum[1], 0.125f);
    EXPECT_EQ(st.coord[1], kFfPixelStageTexture | kFfPixelStageResultTemp);
}

TEST(FfPixelPack, TexCoordSourceIsStageUnlessAskedForTheIndex) {
    state::DeviceState s = defaults();
    s.textureStageStates[2][D3DTSS_TEXCOORDINDEX] = 6 | D3DTSS_TCI_CAMERASPACENORMAL;
    EXPECT_EQ(packFfPixelState(s, allTextures()).stages[2].coord[0], 2u);
    FfPixelOptions options;
    options.texCoords = FfTexCoordSource::TexCoordIndex;
    EXPECT_EQ(packFfPixelState(s, allTextures(), options).stages[2].coord[0], 6u);
}

TEST(FfPixelPack, ProjectedDividesByTheLastCountedCoordinate) {
    state::DeviceState s = defaults();
    auto& ttff = s.textureStageStates[0][D3DTSS_TEXTURETRANSFORMFLAGS];
    ttff = D3DTTFF_COUNT3 | D3DTTFF_PROJECTED;
    FfPixelStage st = packFfPixelState(s, allTextures()).stages[0];
    EXPECT_TRUE(st.coord[1] & kFfPixelStageProjected);
    EXPECT_EQ(st.coord[2], 2u);
    ttff = D3DTTFF_COUNT2 | D3DTTFF_PROJECTED;
    EXPECT_EQ(packFfPixelState(s, allTextures()).stages[0].coord[2], 1u);
    ttff = D3DTTFF_PROJECTED; // no count: the fourth
    EXPECT_EQ(packFfPixelState(s, allTextures()).stages[0].coord[2], 3u);
    ttff = D3DTTFF_COUNT3;
    EXPECT_FALSE(packFfPixelState(s, allTextures()).stages[0].coord[1] & kFfPixelStageProjected);
    ttff = D3DTTFF_COUNT3 | D3DTTFF_PROJECTED; // cube coordinates are a direction
    EXPECT_FALSE(packFfPixelState(s, allTextures(FfTextureType::Cube)).stages[0].coord[1] &
                 kFfPixelStageProjected);
}

// Wine's texture_transform_flags_test records Windows: without a transform count the divide is
// by the last component the vertex pipeline gave (a float3 set: z; 0xffffffff, no count 2..4,
// too), and after a vertex shader by w whatever the count.
TEST(FfPixelPack, ProjectedWithoutACountDividesByTheSourcesLastComponent) {
    state::DeviceState s = defaults();
    auto& ttff = s.textureStageStates[1][D3DTSS_TEXTURETRANSFORMFLAGS];
    FfPixelOptions options;
    options.sourceComponents = (kFourComponentSources & ~(7u << 3)) | 3u << 3; // stage 1: float3
    for (const uint32_t flags :
         {uint32_t(D3DTTFF_PROJECTED), 0xFFFFFFFFu, uint32_t(D3DTTFF_COUNT1 | D3DTTFF_PROJECTED)}) {
        ttff = flags;
        EXPECT_EQ(packFfPixelState(s, allTextures(), options).stages[1].coord[2], 2u) << flags;
    }
    ttff = D3DTTFF_COUNT4 | D3DTTFF_PROJECTED; // a count wins
    EXPECT_EQ(packFfPixelState(s, allTextures(), options).stages[1].coord[2], 3u);
    options.sourceComponents = 0; // after a vertex shader
    ttff = D3DTTFF_COUNT3 | D3DTTFF_PROJECTED;
    EXPECT_EQ(packFfPixelState(s, allTextures(), options).stages[1].coord[2], 3u);
    EXPECT_EQ(projectedDivisor(D3DTTFF_COUNT3 | D3DTTFF_PROJECTED, 0), 3u);
    EXPECT_EQ(projectedDivisor(D3DTTFF_PROJECTED, 1), 0u); // one component: nothing to divide by
    EXPECT_EQ(projectedDivisor(D3DTTFF_COUNT3, 3), 0u);
}

TEST(FfPixelPack, AlphaTestUsesFuncAndLowByteOfRef) {
    state::DeviceState s = defaults();
    s.renderStates[D3DRS_ALPHAFUNC] = D3DCMP_GREATER;
    s.renderStates[D3DRS_ALPHAREF] = 0x1234;
    EXPECT_EQ(packFfPixelState(s, allTextures()).control[2], uint32_t{D3DCMP_ALWAYS}); // test off
    s.renderStates[D3DRS_ALPHATESTENABLE] = 1;
    const FfPixelState block = packFfPixelState(s, allTextures());
    EXPECT_EQ(block.control[2], uint32_t{D3DCMP_GREATER});
    EXPECT_EQ(block.control[3], 0x34u);
}

TEST(FfPixelPack, FogModes) {
    state::DeviceState s = defaults();
    s.renderStates[D3DRS_FOGTABLEMODE] = D3DFOG_LINEAR;
    EXPECT_EQ(packFfPixelState(s, allTextures()).fog[0], uint32_t{kFfPixelFogNone}); // FOGENABLE off
    s.renderStates[D3DRS_FOGENABLE] = 1;
    EXPECT_EQ(packFfPixelState(s, allTextures()).fog[0], uint32_t{kFfPixelFogLinear});
    s.renderStates[D3DRS_FOGTABLEMODE] = D3DFOG_EXP;
    EXPECT_EQ(packFfPixelState(s, allTextures()).fog[0], uint32_t{kFfPixelFogExp});
    s.renderStates[D3DRS_FOGTABLEMODE] = D3DFOG_EXP2;
    EXPECT_EQ(packFfPixelState(s, allTextures()).fog[0], uint32_t{kFfPixelFogExp2});
    s.renderStates[D3DRS_FOGTABLEMODE] = D3DFOG_NONE;
    s.renderStates[D3DRS_FOGVERTEXMODE] = D3DFOG_LINEAR;
    EXPECT_EQ(packFfPixelState(s, allTextures()).fog[0], uint32_t{kFfPixelFogVertex});
    s.renderStates[D3DRS_FOGCOLOR] = 0x00ff8000;
    s.renderStates[D3DRS_FOGSTART] = bits(2.0f);
    s.renderStates[D3DRS_FOGEND] = bits(10.0f);
    s.renderStates[D3DRS_FOGDENSITY] = bits(0.5f);
    FfPixelOptions options;
    options.tableFogDepth = FfFogDepth::W;
    const FfPixelState block = packFfPixelState(s, allTextures(), options);
    EXPECT_EQ(block.fogColor[0], 1.0f);
    EXPECT_EQ(block.fogColor[1], 128.0f / 255.0f);
    EXPECT_EQ(block.fogParams[0], 2.0f);
    EXPECT_EQ(block.fogParams[1], 10.0f);
    EXPECT_EQ(block.fogParams[2], 0.5f);
    EXPECT_EQ(block.fog[1], 1u);
}

TEST(FfPixelPack, TableFogDepthIsZOnlyForAnAffineProjection) {
    state::DeviceState s = defaults();
    EXPECT_EQ(tableFogDepthFor(s), FfFogDepth::Z); // identity: fourth column (0, 0, 0, 1)
    D3DMATRIX& p = s.transforms[state::transformIndex(D3DTS_PROJECTION)];
    p.m[0][0] = 2.0f; // other columns do not matter
    p.m[3][2] = -0.5f;
    EXPECT_EQ(tableFogDepthFor(s), FfFogDepth::Z);
    p.m[2][3] = 1.0f; // perspective
    p.m[3][3] = 0.0f;
    EXPECT_EQ(tableFogDepthFor(s), FfFogDepth::W);
}

TEST(FfPixelPack, SpecularEnableSetsTheFlag) {
    state::DeviceState s = defaults();
    EXPECT_EQ(packFfPixelState(s, allTextures()).control[1], 0u);
    s.renderStates[D3DRS_SPECULARENABLE] = 1;
    EXPECT_EQ(packFfPixelState(s, allTextures()).control[1], kFfPixelSpecular);
}

TEST(FfPixelKeyTest, SamplerTypesAndFlatShading) {
    state::DeviceState s = defaults();
    FfStageTextures textures = allTextures(FfTextureType::None);
    FfPixelKey key = ffPixelKey(s, textures);
    for (FfTextureType t : key.samplers)
        EXPECT_EQ(t, FfTextureType::Tex2D); // a missing texture is declared 2D (dummy view)
    EXPECT_EQ(key.bits(), 0u);
    textures[1] = FfTextureType::Cube;
    textures[7] = FfTextureType::Volume;
    s.renderStates[D3DRS_SHADEMODE] = D3DSHADE_FLAT;
    key = ffPixelKey(s, textures);
    EXPECT_EQ(key.bits(), (1u << 2) | (2u << 14) | (1u << 16));
    EXPECT_TRUE(key.flatColors);
}

TEST(FfPixelVariant, SamplersTakeTheKeysDimension) {
    FfPixelKey key;
    key.samplers.fill(FfTextureType::Volume);
    const std::vector<uint32_t> volume = ffPixelSpirv(key);
    EXPECT_EQ(imageDims(volume), (std::map<uint32_t, int>{{2, 1}})); // only the declared 3D type

    key.samplers.fill(FfTextureType::Tex2D);
    key.samplers[3] = FfTextureType::Cube;
    key.samplers[5] = FfTextureType::Volume;
    const std::vector<uint32_t> mixed = ffPixelSpirv(key);
    EXPECT_EQ(imageDims(mixed), (std::map<uint32_t, int>{{1, 1}, {2, 1}, {3, 1}}));
    EXPECT_EQ(mixed[3], volume[3] + 6); // two new dimensions, three types each
    EXPECT_EQ(flatDecorations(mixed), 0);
}

// A shadow stage's sampler becomes a 2D image with Depth 1 and its lookups comparisons
// (OpImageSampleDrefImplicitLod in place of OpImageSampleImplicitLod); only 2D stages compare.
TEST(FfPixelVariant, ShadowStagesCompareTheirLookups) {
    auto count = [](const std::vector<uint32_t>& words, uint32_t opcode) {
        int n = 0;
        for (size_t at = 5; at < words.size(); at += words[at] >> 16)
            if ((words[at] & 0xffff) == opcode) ++n;
        return n;
    };
    auto depthImages = [](const std::vector<uint32_t>& words) {
        int n = 0;
        for (size_t at = 5; at < words.size(); at += words[at] >> 16)
            if ((words[at] & 0xffff) == 25 && words[at + 3] == 1 && words[at + 4] == 1) ++n;
        return n;
    };
    FfPixelKey key;
    key.samplers.fill(FfTextureType::Tex2D);
    const std::vector<uint32_t> plain = ffPixelSpirv(key);
    key.shadowStages = 1u << 2;
    const std::vector<uint32_t> shadow = ffPixelSpirv(key);
    const int compared = count(shadow, 89);
    EXPECT_GE(compared, 1);
    EXPECT_EQ(count(plain, 89), 0);
    EXPECT_EQ(count(shadow, 87), count(plain, 87) - compared);
    EXPECT_EQ(depthImages(plain), 0);
    EXPECT_EQ(depthImages(shadow), 1);
    key.samplers[2] = FfTextureType::Cube;
    EXPECT_THROW(ffPixelSpirv(key), std::logic_error);
}

TEST(FfPixelVariant, FlatColorsDecoratesColor0AndColor1) {
    FfPixelKey key;
    key.samplers.fill(FfTextureType::Tex2D);
    key.flatColors = true;
    EXPECT_EQ(flatDecorations(ffPixelSpirv(key)), 2);
}

// The stage program of the fixed-function pixel shader: which state ffPixelProgram reads into
// the key, and that ffPixelSpirv writes it into the module's specialization constants
// (docs/fixed-function.md, "The stage program"). The draws in ff_pixel_draw_test.cpp check that
// the specialized shaders compute D3D9's formulas.
#include "shader/ff/ff_pixel_state.h"
#include "shader/ff/ff_pixel_variant.h"

#include "ff_pixel_cpu_support.h"

#include <gtest/gtest.h>

#include <map>
#include <set>

using namespace ddivk;
using namespace ddivk::shader::ff;
using ddivk::shader::ff::test::allTextures;
using ddivk::shader::ff::test::defaults;

namespace {

// The value of every uint specialization constant of a module, by SpecId.
std::map<uint32_t, uint32_t> specConstants(const std::vector<uint32_t>& words) {
    std::map<uint32_t, uint32_t> idOf, valueOf, out;
    for (size_t at = 5; at < words.size(); at += words[at] >> 16) {
        const uint32_t op = words[at] & 0xffff;
        if (op == 71 && words[at + 2] == 1) idOf[words[at + 1]] = words[at + 3]; // OpDecorate SpecId
        if (op == 50) valueOf[words[at + 2]] = words[at + 3];                    // OpSpecConstant
    }
    for (const auto& [result, specId] : idOf)
        if (valueOf.count(result)) out[specId] = valueOf[result];
    return out;
}

} // namespace

TEST(FfPixelProgram, ActiveStagesOperationsAndArgumentsArePackedPerStage) {
    state::DeviceState s = defaults();
    auto& t0 = s.textureStageStates[0];
    t0[D3DTSS_COLOROP] = D3DTOP_MODULATE2X;
    t0[D3DTSS_COLORARG1] = D3DTA_TEXTURE | D3DTA_COMPLEMENT;
    t0[D3DTSS_COLORARG2] = D3DTA_DIFFUSE | D3DTA_ALPHAREPLICATE;
    t0[D3DTSS_COLORARG0] = D3DTA_TFACTOR;
    t0[D3DTSS_ALPHAOP] = D3DTOP_ADD;
    t0[D3DTSS_ALPHAARG1] = D3DTA_SPECULAR;
    t0[D3DTSS_ALPHAARG2] = D3DTA_CONSTANT;
    t0[D3DTSS_ALPHAARG0] = D3DTA_TEMP;
    t0[D3DTSS_RESULTARG] = D3DTA_TEMP;
    s.textureStageStates[1][D3DTSS_COLOROP] = D3DTOP_LERP;
    s.textureStageStates[1][D3DTSS_TEXTURETRANSFORMFLAGS] = D3DTTFF_COUNT3 | D3DTTFF_PROJECTED;
    FfStageTextures textures = allTextures();
    textures[1] = FfTextureType::None; // COLORARG1 defaults to TEXTURE: stage 1 ends the cascade...
    s.textureStageStates[1][D3DTSS_COLORARG1] = D3DTA_DIFFUSE; // ...unless it reads something else

    const FfPixelProgram p = ffPixelProgram(s, textures);
    EXPECT_EQ(p.activeStages, 2u);
    EXPECT_EQ(p.color[0], 5u | (0x12u << 8) | (0x20u << 16) | (3u << 24));
    EXPECT_EQ(p.alpha[0], 7u | (4u << 8) | (6u << 16) | (5u << 24));
    EXPECT_EQ(p.flags[0], kFfPixelStageTexture | kFfPixelStageResultTemp);
    EXPECT_EQ(p.color[1] & 0xffu, 26u);            // LERP
    // No texture: only the projection flag, and the coordinate set (stage n reads TEXCOORDn).
    EXPECT_EQ(p.flags[1], kFfPixelStageProjected | 1u << kFfPixelStageCoordShift);
    EXPECT_EQ(p.color[2], 0u); // stage 2 does not run

    // Where the vertex side passes the sets through, the set is the stage's TEXCOORDINDEX.
    s.textureStageStates[1][D3DTSS_TEXCOORDINDEX] = 5;
    FfPixelOptions options;
    options.texCoords = FfTexCoordSource::TexCoordIndex;
    EXPECT_EQ(ffPixelProgram(s, textures, options).flags[1] >> kFfPixelStageCoordShift, 5u);
    EXPECT_EQ(ffPixelProgram(s, textures).flags[1] >> kFfPixelStageCoordShift, 1u);
}

TEST(FfPixelProgram, OutOfRangeValuesKeepTheirMeaning) {
    state::DeviceState s = defaults();
    s.textureStageStates[0][D3DTSS_COLOROP] = 0x104; // no D3DTEXTUREOP: must not alias MODULATE (4)
    s.renderStates[D3DRS_ALPHATESTENABLE] = 1;
    s.renderStates[D3DRS_ALPHAFUNC] = 0x12; // no D3DCMPFUNC: compares as ALWAYS, not NEVER (2 & 0xf)
    const FfPixelProgram p = ffPixelProgram(s, allTextures());
    EXPECT_EQ(p.color[0] & 0xffu, 0xffu);
    EXPECT_EQ((p.control >> 4) & 0xfu, uint32_t{D3DCMP_ALWAYS});
}

TEST(FfPixelProgram, ControlHoldsSpecularAlphaFunctionAndFogMode) {
    state::DeviceState s = defaults();
    EXPECT_EQ(ffPixelProgram(s, allTextures()).control, uint32_t{D3DCMP_ALWAYS} << 4);
    s.renderStates[D3DRS_SPECULARENABLE] = 1;
    s.renderStates[D3DRS_ALPHATESTENABLE] = 1;
    s.renderStates[D3DRS_ALPHAFUNC] = D3DCMP_GREATEREQUAL;
    s.renderStates[D3DRS_FOGENABLE] = 1;
    s.renderStates[D3DRS_FOGTABLEMODE] = D3DFOG_EXP2;
    EXPECT_EQ(ffPixelProgram(s, allTextures()).control,
              kFfPixelSpecular | (uint32_t{D3DCMP_GREATEREQUAL} << 4) | (uint32_t{kFfPixelFogExp2} << 8));
}

TEST(FfPixelProgram, StagesThatDoNotRunMakeNoNewVariant) {
    state::DeviceState s = defaults(); // stage 1 is disabled
    const FfPixelKey before = ffPixelKey(s, allTextures());
    s.textureStageStates[3][D3DTSS_COLOROP] = D3DTOP_ADD;
    s.textureStageStates[1][D3DTSS_ALPHAOP] = D3DTOP_SUBTRACT;
    EXPECT_EQ(ffPixelKey(s, allTextures()), before);
    EXPECT_EQ(ffPixelKey(s, allTextures()).hash(), before.hash());
    s.textureStageStates[0][D3DTSS_ALPHAARG1] = D3DTA_DIFFUSE;
    EXPECT_FALSE(ffPixelKey(s, allTextures()) == before);
}

TEST(FfPixelVariant, StageProgramIsWrittenIntoTheSpecializationConstants) {
    FfPixelKey key;
    key.samplers.fill(FfTextureType::Tex2D);
    key.program.activeStages = 3;
    key.program.control = 0x4a1;
    for (uint32_t stage = 0; stage < kFfPixelStages; ++stage) {
        key.program.color[stage] = 0x01020300u + stage;
        key.program.alpha[stage] = 0x04050600u + stage;
        key.program.flags[stage] = stage % 8;
    }
    const std::map<uint32_t, uint32_t> spec = specConstants(ffPixelSpirv(key));
    EXPECT_EQ(spec.at(kFfPixelSpecActiveStages), 3u);
    EXPECT_EQ(spec.at(kFfPixelSpecControl), 0x4a1u);
    for (uint32_t stage = 0; stage < kFfPixelStages; ++stage) {
        EXPECT_EQ(spec.at(kFfPixelSpecColor0 + stage), 0x01020300u + stage) << stage;
        EXPECT_EQ(spec.at(kFfPixelSpecAlpha0 + stage), 0x04050600u + stage) << stage;
        EXPECT_EQ(spec.at(kFfPixelSpecFlags0 + stage), stage % 8) << stage;
    }
}

namespace {

// The Locations of a module's Input variables (bit n: location n), and whether it declares
// gl_PointCoord.
struct DeclaredInputs {
    uint32_t locations = 0;
    bool pointCoord = false;
};

DeclaredInputs declaredInputs(const std::vector<uint32_t>& words) {
    std::map<uint32_t, uint32_t> location, builtIn;
    std::set<uint32_t> inputs;
    for (size_t at = 5; at < words.size(); at += words[at] >> 16) {
        const uint32_t op = words[at] & 0xffff;
        if (op == 71 && words[at + 2] == 30) location[words[at + 1]] = words[at + 3]; // OpDecorate Location
        if (op == 71 && words[at + 2] == 11) builtIn[words[at + 1]] = words[at + 3];  // OpDecorate BuiltIn
        if (op == 59 && words[at + 3] == 1) inputs.insert(words[at + 2]);             // OpVariable Input
    }
    DeclaredInputs out;
    for (uint32_t v : inputs) {
        if (location.count(v)) out.locations |= 1u << location[v];
        if (builtIn.count(v) && builtIn[v] == 16) out.pointCoord = true; // PointCoord
    }
    return out;
}

} // namespace

// Lavapipe interpolates every input a fragment shader declares, so a variant declares COLOR0,
// COLOR1, FOG and only the coordinate sets its textured stages sample; ffPixelInputLocations
// says which, for the vertex side.
TEST(FfPixelVariant, DeclaresOnlyTheInputsItReads) {
    state::DeviceState s = defaults(); // stage 0 modulates its texture, stage 1 is disabled
    FfStageTextures textures{};
    textures.fill(FfTextureType::None);
    textures[0] = FfTextureType::Tex2D;
    constexpr uint32_t kColorsAndFog = 0x700; // locations 8, 9, 10
    auto check = [&](const FfPixelKey& key, uint32_t sets) {
        EXPECT_EQ(ffPixelInputLocations(key), kColorsAndFog | sets);
        const DeclaredInputs d = declaredInputs(ffPixelSpirv(key));
        EXPECT_EQ(d.locations, kColorsAndFog | sets);
        EXPECT_EQ(d.pointCoord, key.pointSprite);
    };
    check(ffPixelKey(s, textures), 1u << 0);

    // Stage 1 passes the current colour on untextured; stage 2 samples a cube map.
    s.textureStageStates[1][D3DTSS_COLOROP] = D3DTOP_SELECTARG1;
    s.textureStageStates[1][D3DTSS_COLORARG1] = D3DTA_CURRENT;
    s.textureStageStates[2][D3DTSS_COLOROP] = D3DTOP_MODULATE;
    textures[2] = FfTextureType::Cube;
    check(ffPixelKey(s, textures), 1u << 0 | 1u << 2);

    // Where the vertex side passes sets through, TEXCOORDINDEX picks them.
    s.textureStageStates[2][D3DTSS_TEXCOORDINDEX] = 5;
    FfPixelOptions options;
    options.texCoords = FfTexCoordSource::TexCoordIndex;
    check(ffPixelKey(s, textures, options), 1u << 0 | 1u << 5);

    // Point sprites' stages sample at gl_PointCoord: no set is read.
    FfPixelKey sprite = ffPixelKey(s, textures);
    sprite.pointSprite = true;
    check(sprite, 0);

    // No textured stage: colours and fog only.
    textures.fill(FfTextureType::None);
    check(ffPixelKey(s, textures), 0);
}

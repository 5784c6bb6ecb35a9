#include "shader/ff/ff_pixel_state.h"

#include <algorithm>
#include <bit>

namespace ddivk::shader::ff {
namespace {

// D3DCOLOR (0xAARRGGBB) as rgba floats.
void colorToFloats(uint32_t color, float out[4]) {
    out[0] = static_cast<float>((color >> 16) & 0xffu) / 255.0f;
    out[1] = static_cast<float>((color >> 8) & 0xffu) / 255.0f;
    out[2] = static_cast<float>(color & 0xffu) / 255.0f;
    out[3] = static_cast<float>(color >> 24) / 255.0f;
}

float asFloat(uint32_t bits) {
    return std::bit_cast<float>(bits);
}

using StageStates = std::array<uint32_t, state::kTextureStageStateCount>;

// The components the vertex side hands stage `stage` (FfPixelOptions::sourceComponents).
uint32_t sourceComponentsOf(const FfPixelOptions& options, uint32_t stage) {
    return options.sourceComponents >> (3 * stage) & 7u;
}

// Stage `stage`'s projection divisor (0: none). Cube coordinates are a direction and are not
// divided.
uint32_t stageDivisor(const StageStates& tss, uint32_t stage, FfTextureType texture,
                      const FfPixelOptions& options) {
    if (texture == FfTextureType::Cube) return 0;
    return projectedDivisor(tss[D3DTSS_TEXTURETRANSFORMFLAGS], sourceComponentsOf(options, stage));
}

uint32_t stageFlags(const StageStates& tss, uint32_t stage, FfTextureType texture,
                    const FfPixelOptions& options) {
    uint32_t flags = 0;
    if (texture != FfTextureType::None) flags |= kFfPixelStageTexture;
    if (stageDivisor(tss, stage, texture, options) != 0) flags |= kFfPixelStageProjected;
    if ((tss[D3DTSS_RESULTARG] & D3DTA_SELECTMASK) == D3DTA_TEMP) flags |= kFfPixelStageResultTemp;
    return flags;
}

// The texture coordinate set stage `stage` reads.
uint32_t coordinateSet(const StageStates& tss, uint32_t stage, const FfPixelOptions& options) {
    return options.texCoords == FfTexCoordSource::Stage ? stage : tss[D3DTSS_TEXCOORDINDEX] & 7u;
}

// FfPixelStage::coord for one stage: coordinate set, flags, projection divisor.
void packCoord(const StageStates& tss, uint32_t stage, FfTextureType texture, const FfPixelOptions& options,
               uint32_t coord[4]) {
    coord[0] = coordinateSet(tss, stage, options);
    coord[1] = stageFlags(tss, stage, texture, options);
    const uint32_t divisor = stageDivisor(tss, stage, texture, options);
    coord[2] = divisor != 0 ? divisor : 3;
    coord[3] = 0;
}

// One stage's colour or alpha operation as the shader's constant takes it (FfPixelProgram).
uint32_t packOperation(uint32_t op, uint32_t arg1, uint32_t arg2, uint32_t arg0) {
    return std::min(op, 0xffu) | (arg1 & 0x3fu) << 8 | (arg2 & 0x3fu) << 16 | (arg0 & 0x3fu) << 24;
}

uint32_t alphaFunc(const state::DeviceState& s, const FfPixelOptions& options) {
    return s.renderStates[D3DRS_ALPHATESTENABLE] != 0 && !options.alphaToCoverage
               ? s.renderStates[D3DRS_ALPHAFUNC]
               : uint32_t{D3DCMP_ALWAYS};
}

FfPixelFogMode fogMode(const state::DeviceState& s) {
    if (s.renderStates[D3DRS_FOGENABLE] == 0) return kFfPixelFogNone;
    switch (s.renderStates[D3DRS_FOGTABLEMODE]) {
    case D3DFOG_EXP:
        return kFfPixelFogExp;
    case D3DFOG_EXP2:
        return kFfPixelFogExp2;
    case D3DFOG_LINEAR:
        return kFfPixelFogLinear;
    default:
        return kFfPixelFogVertex; // D3DFOG_NONE: "vertex fog", the factor comes with the vertex
    }
}

uint32_t samplerBits(FfTextureType t) {
    switch (t) {
    case FfTextureType::Cube:
        return 1;
    case FfTextureType::Volume:
        return 2;
    default:
        return 0; // Tex2D (None is declared 2D)
    }
}

} // namespace

FfFogDepth tableFogDepthFor(const state::DeviceState& s) {
    // "Direct3D checks the fourth column of the projection matrix. If the coefficients are
    // [0,0,0,1] (for an affine projection) the system will use z-based depth values for fog."
    const D3DMATRIX& p = s.transforms[state::transformIndex(D3DTS_PROJECTION)];
    const bool affine = p.m[0][3] == 0.0f && p.m[1][3] == 0.0f && p.m[2][3] == 0.0f && p.m[3][3] == 1.0f;
    return affine ? FfFogDepth::Z : FfFogDepth::W;
}

uint32_t projectedDivisor(uint32_t textureTransformFlags, uint32_t sourceComponents) {
    if (!(textureTransformFlags & D3DTTFF_PROJECTED)) return 0;
    if (sourceComponents == 0) return 3; // after a vertex shader: w
    const uint32_t count = textureTransformFlags & 0xffu;
    const uint32_t last = count >= 2 && count <= 4 ? count : sourceComponents;
    return last >= 2 ? last - 1 : 0; // one component: nothing to divide by
}

uint32_t ffActiveStages(const state::DeviceState& s, const FfStageTextures& textures) {
    for (uint32_t stage = 0; stage < kFfPixelStages; ++stage) {
        const auto& tss = s.textureStageStates[stage];
        if (tss[D3DTSS_COLOROP] == D3DTOP_DISABLE) return stage;
        if (textures[stage] == FfTextureType::None &&
            (tss[D3DTSS_COLORARG1] & D3DTA_SELECTMASK) == D3DTA_TEXTURE)
            return stage;
    }
    return kFfPixelStages;
}

FfPixelState packFfPixelState(const state::DeviceState& s, const FfStageTextures& textures,
                              const FfPixelOptions& options) {
    FfPixelState block{};
    for (uint32_t stage = 0; stage < kFfPixelStages; ++stage) {
        const auto& tss = s.textureStageStates[stage];
        FfPixelStage& out = block.stages[stage];
        out.color[0] = tss[D3DTSS_COLOROP];
        out.color[1] = tss[D3DTSS_COLORARG1];
        out.color[2] = tss[D3DTSS_COLORARG2];
        out.color[3] = tss[D3DTSS_COLORARG0];
        out.alpha[0] = tss[D3DTSS_ALPHAOP];
        out.alpha[1] = tss[D3DTSS_ALPHAARG1];
        out.alpha[2] = tss[D3DTSS_ALPHAARG2];
        out.alpha[3] = tss[D3DTSS_ALPHAARG0];
        packCoord(tss, stage, textures[stage], options, out.coord);
        colorToFloats(tss[D3DTSS_CONSTANT], out.constant);
        out.bumpMat[0] = asFloat(tss[D3DTSS_BUMPENVMAT00]);
        out.bumpMat[1] = asFloat(tss[D3DTSS_BUMPENVMAT01]);
        out.bumpMat[2] = asFloat(tss[D3DTSS_BUMPENVMAT10]);
        out.bumpMat[3] = asFloat(tss[D3DTSS_BUMPENVMAT11]);
        out.bumpLum[0] = asFloat(tss[D3DTSS_BUMPENVLSCALE]);
        out.bumpLum[1] = asFloat(tss[D3DTSS_BUMPENVLOFFSET]);
    }

    const auto& rs = s.renderStates;
    colorToFloats(rs[D3DRS_TEXTUREFACTOR], block.textureFactor);
    colorToFloats(rs[D3DRS_FOGCOLOR], block.fogColor);
    block.fogParams[0] = asFloat(rs[D3DRS_FOGSTART]);
    block.fogParams[1] = asFloat(rs[D3DRS_FOGEND]);
    block.fogParams[2] = asFloat(rs[D3DRS_FOGDENSITY]);

    block.control[0] = ffActiveStages(s, textures);
    block.control[1] = rs[D3DRS_SPECULARENABLE] != 0 ? kFfPixelSpecular : 0;
    block.control[2] = alphaFunc(s, options);
    block.control[3] = rs[D3DRS_ALPHAREF] & 0xffu; // "a value in the range 0x00 to 0xFF"

    block.fog[0] = fogMode(s);
    block.fog[1] = options.tableFogDepth == FfFogDepth::W ? 1 : 0;
    return block;
}

uint32_t FfPixelKey::bits() const {
    uint32_t b = 0;
    for (uint32_t stage = 0; stage < kFfPixelStages; ++stage)
        b |= samplerBits(samplers[stage]) << (2 * stage);
    if (flatColors) b |= 1u << (2 * kFfPixelStages);
    if (pointSprite) b |= 1u << (2 * kFfPixelStages + 1);
    b |= uint32_t(shadowStages) << (2 * kFfPixelStages + 2);
    return b;
}

size_t FfPixelKey::hash() const {
    uint64_t h = bits();
    auto mix = [&h](uint32_t v) { h = (h ^ v) * 0x100000001B3ull; };
    mix(program.activeStages);
    mix(program.control);
    for (uint32_t stage = 0; stage < kFfPixelStages; ++stage) {
        mix(program.color[stage]);
        mix(program.alpha[stage]);
        mix(program.flags[stage]);
    }
    return size_t(h);
}

FfPixelProgram ffPixelProgram(const state::DeviceState& s, const FfStageTextures& textures,
                              const FfPixelOptions& options) {
    FfPixelProgram p;
    p.activeStages = ffActiveStages(s, textures);
    // D3DCMPFUNC values are 1..8; another value compares as ALWAYS in the shader (4 bits kept).
    const uint32_t func = alphaFunc(s, options);
    p.control = (s.renderStates[D3DRS_SPECULARENABLE] != 0 ? kFfPixelSpecular : 0) |
                (func <= 0xfu ? func : uint32_t{D3DCMP_ALWAYS}) << 4 | uint32_t(fogMode(s)) << 8;
    // Only the active stages' programs matter: the others stay 0, so that a state change in a
    // stage that does not run makes no new variant.
    for (uint32_t stage = 0; stage < p.activeStages; ++stage) {
        const auto& tss = s.textureStageStates[stage];
        p.color[stage] = packOperation(tss[D3DTSS_COLOROP], tss[D3DTSS_COLORARG1], tss[D3DTSS_COLORARG2],
                                       tss[D3DTSS_COLORARG0]);
        p.alpha[stage] = packOperation(tss[D3DTSS_ALPHAOP], tss[D3DTSS_ALPHAARG1], tss[D3DTSS_ALPHAARG2],
                                       tss[D3DTSS_ALPHAARG0]);
        p.flags[stage] = stageFlags(tss, stage, textures[stage], options) | coordinateSet(tss, stage, options)
                                                                                << kFfPixelStageCoordShift;
    }
    return p;
}

FfPixelKey ffPixelKey(const state::DeviceState& s, const FfStageTextures& textures,
                      const FfPixelOptions& options) {
    FfPixelKey key;
    key.program = ffPixelProgram(s, textures, options);
    for (uint32_t stage = 0; stage < kFfPixelStages; ++stage)
        key.samplers[stage] = textures[stage] == FfTextureType::None ? FfTextureType::Tex2D : textures[stage];
    key.flatColors = s.renderStates[D3DRS_SHADEMODE] == D3DSHADE_FLAT;
    return key;
}

} // namespace ddivk::shader::ff

// The D3D9 fixed-function pixel pipeline (shaders/ff_pixel.frag): the uniform block it reads at
// abi::kFfPixelBinding, packed from the device state, and the key of its shader variants
// (ff_pixel_variant.h). docs/fixed-function.md ("Pixel pipeline") states each rule and its
// source.
//
//   FfStageTextures textures = ...;                 // type of the texture bound to each stage
//   FfPixelState block = packFfPixelState(state, textures);
//   FfPixelKey key = ffPixelKey(state, textures);   // -> ffPixelSpirv(key), part of the pipeline key
//
// Descriptors: the shader samples stage n at abi::kPsSamplerBinding0 + n for n in 0..7, and all
// eight bindings are statically used, so all eight must be bound, each with a view of the type
// the key declares: the stage's texture, or for a stage without one (type None) a 2D dummy view,
// which the shader then never samples.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "shader/abi.h"
#include "state/device_state.h"

namespace ddivk::shader::ff {

// The type of the texture bound to a stage, as the variant declares its sampler.
enum class FfTextureType : uint8_t {
    None = 0,   // no texture: reads (0, 0, 0, 1); the sampler is declared 2D
    Tex2D = 1,  // VK_IMAGE_VIEW_TYPE_2D
    Cube = 2,   // VK_IMAGE_VIEW_TYPE_CUBE
    Volume = 3, // VK_IMAGE_VIEW_TYPE_3D
};
using FfStageTextures = std::array<FfTextureType, state::kTextureStages>;

// Number of fixed-function stages, and the sampler binding of each.
constexpr uint32_t kFfPixelStages = state::kTextureStages;
constexpr uint32_t ffPixelSamplerBinding(uint32_t stage) {
    return abi::kPsSamplerBinding0 + stage;
}

// FfPixelStage::coord[1] flags.
constexpr uint32_t kFfPixelStageTexture = 1u << 0;    // a texture is bound: sample it
constexpr uint32_t kFfPixelStageProjected = 1u << 1;  // D3DTTFF_PROJECTED: divide by coord[2]
constexpr uint32_t kFfPixelStageResultTemp = 1u << 2; // D3DTSS_RESULTARG is D3DTA_TEMP
// FfPixelProgram::flags only: bits 8-10 hold the stage's texture coordinate set (coord[0]), so
// that a variant reads, and declares, only the sets its stages sample (ff_pixel_variant.h).
constexpr uint32_t kFfPixelStageCoordShift = 8;
// FfPixelState::control[1] flags.
constexpr uint32_t kFfPixelSpecular = 1u << 0; // D3DRS_SPECULARENABLE

// FfPixelState::fog[0].
enum FfPixelFogMode : uint32_t {
    kFfPixelFogNone = 0,
    kFfPixelFogVertex = 1, // the vertex fog factor (abi::kLocFog)
    kFfPixelFogExp = 2,    // table (pixel) fog, D3DFOG_EXP
    kFfPixelFogExp2 = 3,   // table fog, D3DFOG_EXP2
    kFfPixelFogLinear = 4, // table fog, D3DFOG_LINEAR
};

// One texture stage (std140: six 16-byte rows).
struct FfPixelStage {
    uint32_t color[4]; // D3DTSS_COLOROP, COLORARG1, COLORARG2, COLORARG0 (raw values)
    uint32_t alpha[4]; // D3DTSS_ALPHAOP, ALPHAARG1, ALPHAARG2, ALPHAARG0
    uint32_t
        coord[4]; // texture coordinate set (TEXCOORDn), kFfPixelStage* flags, projection divisor component, 0
    float constant[4]; // D3DTSS_CONSTANT as rgba
    float bumpMat[4];  // D3DTSS_BUMPENVMAT00, 01, 10, 11
    float bumpLum[4];  // D3DTSS_BUMPENVLSCALE, BUMPENVLOFFSET, 0, 0
};
static_assert(sizeof(FfPixelStage) == 96);

// The FfPixel uniform block of shaders/ff_pixel.frag (std140).
struct FfPixelState {
    FfPixelStage stages[kFfPixelStages];
    float textureFactor[4]; // D3DRS_TEXTUREFACTOR as rgba
    float fogColor[4];      // D3DRS_FOGCOLOR as rgba
    float fogParams[4];     // D3DRS_FOGSTART, FOGEND, FOGDENSITY, 0
    uint32_t control[4]; // active stage count, kFfPixelSpecular flag, D3DCMP_* alpha func, alpha ref 0..255
    uint32_t fog[4];     // FfPixelFogMode, table fog depth from w (1) or z (0), 0, 0
};
static_assert(offsetof(FfPixelState, textureFactor) == 768);
static_assert(offsetof(FfPixelState, control) == 816);
static_assert(sizeof(FfPixelState) == 848);

// Where stage n finds its texture coordinates.
enum class FfTexCoordSource : uint8_t {
    // TEXCOORDn. D3DTSS_TEXCOORDINDEX "is a fixed function vertex processing state. If a
    // programmable vertex shader is used, this state is ignored" (Texture Stage States), so the
    // vertex side (the fixed-function vertex pipeline) writes stage n's coordinates there.
    Stage,
    // TEXCOORD[D3DTSS_TEXCOORDINDEX & 7]: for a vertex side that passes coordinate sets through.
    TexCoordIndex,
};

// Which depth table (pixel) fog uses.
enum class FfFogDepth : uint8_t {
    Z, // gl_FragCoord.z: the depth buffer value in [0, 1]; FOGSTART/END in those units
    W, // 1 / gl_FragCoord.w: clip w, eye-space depth for a w-friendly projection
};

// FfPixelOptions::sourceComponents of four-component coordinates at every stage.
constexpr uint32_t kFourComponentSources = 0x924924u;

struct FfPixelOptions {
    FfTexCoordSource texCoords = FfTexCoordSource::Stage;
    FfFogDepth tableFogDepth = FfFogDepth::Z;
    // The vendors' alpha-to-coverage acts (state/vendor_states.h): no alpha test, whatever
    // D3DRS_ALPHATESTENABLE says.
    bool alphaToCoverage = false;
    // ff::sourceTexCoordComponents of the fixed-function vertex pipeline; 0 after a vertex
    // shader (projections divide by w). By default four components for every stage.
    uint32_t sourceComponents = kFourComponentSources;
};

// The table fog depth D3D9 picks from the projection matrix: z when its fourth column is
// (0, 0, 0, 1) (an affine projection), else eye-relative w ("Eye-Relative vs. Z-Based Depth";
// the w then equals eye-space z only for a w-friendly matrix, whose _34 is 1).
FfFogDepth tableFogDepthFor(const state::DeviceState& s);

// D3DTTFF_PROJECTED of a stage's D3DTSS_TEXTURETRANSFORMFLAGS: 0 when not projected, else the
// component that divides the coordinates (1 y, 2 z, 3 w): "the texture coordinates are all
// divided by the last element" of the D3DTTFF_COUNTn ones (2..4). Windows divides by the last
// component the vertex pipeline provided without such a count (`sourceComponents`, this stage's
// 3 bits of sourceTexCoordComponents), and by w after a vertex shader whatever the count
// (`sourceComponents` 0; Wine's texture_transform_flags_test). The fixed-function stages and
// ps_1_1..1_3 lookups alike.
uint32_t projectedDivisor(uint32_t textureTransformFlags, uint32_t sourceComponents);

// Index of the first stage whose colour op is D3DTOP_DISABLE (8 when none): the stages the
// shader runs. A stage without a texture whose COLORARG1 is D3DTA_TEXTURE also ends the cascade
// (the reference rasterizer treats it as D3DTOP_DISABLE).
uint32_t ffActiveStages(const state::DeviceState& s, const FfStageTextures& textures);

// The uniform block for the current state.
FfPixelState packFfPixelState(const state::DeviceState& s, const FfStageTextures& textures,
                              const FfPixelOptions& options = {});

// The stage program, which the shader takes as specialization constants (ffPixelSpirv writes
// them into each variant's module): which stages run and what each computes. Everything else
// (constants, factors, coordinates, fog parameters, alpha reference) stays in the block.
constexpr uint32_t kFfPixelSpecActiveStages = 1; // constant_id in shaders/ff_pixel.frag
constexpr uint32_t kFfPixelSpecControl = 2;
constexpr uint32_t kFfPixelSpecColor0 = 8; // + stage
constexpr uint32_t kFfPixelSpecAlpha0 = 16;
constexpr uint32_t kFfPixelSpecFlags0 = 24;
struct FfPixelProgram {
    uint32_t activeStages = 0; // ffActiveStages
    uint32_t control = 0;      // kFfPixelSpecular | alpha func << 4 | FfPixelFogMode << 8
    // op | ARG1 << 8 | ARG2 << 16 | ARG0 << 24: ops above 255 as 255 (no D3DTEXTUREOP), the
    // arguments' low 6 bits (D3DTA_SELECTMASK, COMPLEMENT, ALPHAREPLICATE: all the shader reads).
    std::array<uint32_t, kFfPixelStages> color{}, alpha{};
    // kFfPixelStage* flags | coordinate set << kFfPixelStageCoordShift
    std::array<uint32_t, kFfPixelStages> flags{};
    friend bool operator==(const FfPixelProgram&, const FfPixelProgram&) = default;
};

FfPixelProgram ffPixelProgram(const state::DeviceState& s, const FfStageTextures& textures,
                              const FfPixelOptions& options = {});

// What selects the shader variant: the sampler dimension per stage, flat colour shading, point
// sprites, the stage program.
struct FfPixelKey {
    std::array<FfTextureType, kFfPixelStages> samplers{}; // None never appears: declared 2D
    // Bit n: stage n's texture is a 2D shadow map (draw::comparesDepth): its lookup compares the
    // coordinate's z with the depth, as pixel shaders' do. Set by the draw, as pointSprite.
    uint8_t shadowStages = 0;
    bool flatColors = false; // D3DRS_SHADEMODE == D3DSHADE_FLAT: COLOR0/COLOR1 are Flat
    // D3DRS_POINTSPRITEENABLE on a point list: every stage reads gl_PointCoord. Set by the draw,
    // which knows the primitive type.
    bool pointSprite = false;

    FfPixelProgram program;

    uint32_t bits() const; // 2 bits per stage, flatColors, pointSprite, shadowStages (the program aside)
    size_t hash() const;
    friend bool operator==(const FfPixelKey&, const FfPixelKey&) = default;
};
struct FfPixelKeyHash {
    size_t operator()(const FfPixelKey& k) const { return k.hash(); }
};

FfPixelKey ffPixelKey(const state::DeviceState& s, const FfStageTextures& textures,
                      const FfPixelOptions& options = {});

} // namespace ddivk::shader::ff

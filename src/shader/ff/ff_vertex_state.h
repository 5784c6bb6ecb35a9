// The fixed-function vertex pipeline's side of the shader ABI: the specialization key of
// shaders/ff_vertex.vert (which inputs the vertex format provides) and its uniform block
// (abi::kFfVertexBinding, std140), packed from the D3D9 device state.
// docs/fixed-function.md, "Vertex pipeline", lists the rules and their sources.
//
// Vertex input: the shader reads every abi::FixedFunctionInput location (0..14) as vec4 floats;
// the pipeline must provide all of them (absent ones may read any data, e.g. a zero buffer with
// stride 0), the key says which carry data. Blend indices arrive as floats 0..255
// (UBYTE4 / D3DCOLOR read as *_USCALED).
// Output: gl_Position (D3D9 clip space), gl_PointSize, gl_ClipDistance[6] (the variant built
// with DDIVK_CLIP_DISTANCES, for devices with shaderClipDistance), TEXCOORDn at abi::kLocTexCoord0 + n,
// COLOR0/1 at abi::kLocColor0/1 (clamped to [0, 1]), FOG at abi::kLocFog (x: the vertex fog
// factor), all vec4.
#pragma once

#include "ddivk/d3d9_types.h"
#include "shader/abi.h"
#include "state/device_state.h"
#include "state/lights.h"

#include <cstddef>
#include <cstdint>
#include <span>

namespace ddivk::shader::ff {

// ---- Specialization key ----

// The vertex format as the fixed-function vertex pipeline sees it, from an FVF or a vertex
// declaration. Specialization constant n of ff_vertex.vert is the uint32 at byte 4n.
struct FfVertexKey {
    uint32_t inputs = 0;        // bit n: the format carries the input at location n (FixedFunctionInput)
    uint32_t texCoordSizes = 0; // 2 bits per set from bit 2n: floats in set n - 1
    friend bool operator==(const FfVertexKey&, const FfVertexKey&) = default;

    bool has(abi::FixedFunctionInput input) const { return (inputs >> input) & 1u; }
    void add(abi::FixedFunctionInput input) { inputs |= 1u << input; }
    // Texture coordinate set `set` (0..7) with `floats` (1..4) components.
    void addTexCoord(uint32_t set, uint32_t floats);
    uint32_t texCoordFloats(uint32_t set) const { return ((texCoordSizes >> (2 * set)) & 3u) + 1; }
};
static_assert(sizeof(FfVertexKey) == 8);
constexpr uint32_t kFfVertexSpecInputs = 0;        // constant_id of FfVertexKey::inputs
constexpr uint32_t kFfVertexSpecTexCoordSizes = 1; // constant_id of FfVertexKey::texCoordSizes

// Per stage n (3 bits from bit 3n), the components of the texture coordinates the
// fixed-function vertex pipeline hands stage n before its transform: the format's set (1..4),
// 4 for a set it lacks (read as (0, 0, 0, 1)), 3 for camera-space normals, positions and
// reflections, 2 for the sphere map. A projection without a transform count divides by the
// last of them (ff::projectedDivisor).
uint32_t sourceTexCoordComponents(const state::DeviceState& s, const FfVertexKey& key);

// The key of an FVF with a transformed position (D3DFVF_XYZ, XYZW, XYZB1..5); pre-transformed
// vertices (XYZRHW) take shaders/ff_pretransformed.vert instead.
FfVertexKey ffVertexKeyFromFvf(uint32_t fvf);

// ---- Uniform block (std140, mirrored by FfVertexState in ff_vertex.vert) ----

constexpr uint32_t kFfBlendPalette = 8; // blend matrices: indexed blending reads WORLDMATRIX(0..7)
constexpr uint32_t kFfMaxLights = 8;    // D3DCAPS9::MaxActiveLights
constexpr uint32_t kFfStages = 8;

// Where a lighting color comes from (D3DRS_*MATERIALSOURCE after COLORVERTEX and the format).
enum FfColorSource : uint32_t {
    kFfSourceMaterial = 0,
    kFfSourceDiffuse = 1,  // the vertex's diffuse color (D3DMCS_COLOR1)
    kFfSourceSpecular = 2, // the vertex's specular color (D3DMCS_COLOR2)
};

struct FfLight {
    float diffuse[4];
    float specular[4];
    float ambient[4];
    float position[4];    // camera space, w unused
    float direction[4];   // camera space, unit length, the way the light travels; w unused
    float attenuation[4]; // Attenuation0, Attenuation1, Attenuation2, Range
    float spot[4];        // cos(Theta / 2), cos(Phi / 2), Falloff, unused
    uint32_t type;        // D3DLIGHTTYPE
    uint32_t pad[3];
};
static_assert(sizeof(FfLight) == 128);

struct FfVertexState {
    float worldView[kFfBlendPalette][4][4];    // WORLDMATRIX(i) * VIEW, rows as in D3DMATRIX
    float normalMatrix[kFfBlendPalette][4][4]; // inverse transpose of worldView's upper 3x3
    float projection[4][4];
    float textureMatrix[kFfStages][4][4]; // D3DTS_TEXTURE0..7
    FfLight lights[kFfMaxLights];         // the enabled lights, lowest index first
    float materialDiffuse[4];
    float materialAmbient[4];
    float materialSpecular[4];
    float materialEmissive[4];
    float globalAmbient[4];       // D3DRS_AMBIENT
    float material[4];            // Power, unused, unused, unused
    float fog[4];                 // FOGEND, 1 / (FOGEND - FOGSTART) (0 when equal), FOGDENSITY, unused
    float point[4];               // POINTSIZE, POINTSIZE_MIN, POINTSIZE_MAX, viewport height
    float pointScale[4];          // POINTSCALE_A, _B, _C, unused
    uint32_t stage[kFfStages][4]; // texcoord set, TCI mode (D3DTSS_TCI_* >> 16), transform count
                                  // (D3DTTFF_COUNTn, 0: no transform), D3DTTFF_PROJECTED set
    uint32_t lighting;            // D3DRS_LIGHTING
    uint32_t specularEnable;      // D3DRS_SPECULARENABLE
    uint32_t localViewer;         // D3DRS_LOCALVIEWER
    uint32_t normalizeNormals;    // D3DRS_NORMALIZENORMALS
    uint32_t lightCount;          // entries of `lights` in use
    uint32_t diffuseSource;       // FfColorSource
    uint32_t ambientSource;
    uint32_t specularSource;
    uint32_t emissiveSource;
    uint32_t blendMatrices; // matrices blended per vertex (1..4), from D3DRS_VERTEXBLEND
    uint32_t indexedBlend;  // D3DRS_INDEXEDVERTEXBLENDENABLE (and blending on)
    uint32_t fogMode;       // D3DRS_FOGVERTEXMODE (D3DFOGMODE)
    uint32_t rangeFog;      // D3DRS_RANGEFOGENABLE
    uint32_t pointScaleEnable;
    uint32_t clipPlaneMask; // abi::enabledClipPlanes: gl_ClipDistance[n] is 1 for the others
    uint32_t tweening;      // D3DVBF_TWEENING: POSITION1 / NORMAL1 at the blend locations
    // SetClipPlane's planes, given in world space for the fixed-function pipeline, moved to camera
    // space (dot(plane, world position) == dot(cameraPlane, camera-space position)).
    float clipPlanes[abi::kClipPlanes][4];
    float tweenFactor; // D3DRS_TWEENFACTOR
    uint32_t pad[3];
};
static_assert(offsetof(FfVertexState, normalMatrix) == 512);
static_assert(offsetof(FfVertexState, projection) == 1024);
static_assert(offsetof(FfVertexState, textureMatrix) == 1088);
static_assert(offsetof(FfVertexState, lights) == 1600);
static_assert(offsetof(FfVertexState, materialDiffuse) == 2624);
static_assert(offsetof(FfVertexState, stage) == 2768);
static_assert(offsetof(FfVertexState, lighting) == 2896);
static_assert(offsetof(FfVertexState, clipPlanes) == 2960);
static_assert(offsetof(FfVertexState, tweenFactor) == 3056);
static_assert(sizeof(FfVertexState) == 3072 && sizeof(FfVertexState) % 16 == 0);

// Fills the uniform block from the device state: transforms, the first kFfMaxLights enabled
// lights of `lights` (ascending index, as StateCache::lights() gives them), material, render
// states and texture stage states. `key` is the current vertex format.
FfVertexState packFfVertexState(const state::DeviceState& state, std::span<const state::LightEntry> lights,
                                const FfVertexKey& key);

} // namespace ddivk::shader::ff

// Where translated and fixed-function shaders meet the draw translator: descriptor bindings,
// vertex input locations, the locations that link vertex outputs to pixel inputs, and the
// uniform block layouts (std140, mirrored here for the CPU). docs/shader-abi.md explains each.
#pragma once

#include <cstdint>

namespace ddivk::shader::abi {

// Everything lives in descriptor set 0.
constexpr uint32_t kDescriptorSet = 0;

// Uniform buffers.
constexpr uint32_t kVsConstantsBinding = 0; // VsConstants: vertex shader c#, i#, b#
constexpr uint32_t kPsConstantsBinding = 1; // PsConstants: pixel shader c#, i#, b#
constexpr uint32_t kVsSystemBinding = 2;    // VsSystem: render state a vertex shader needs
constexpr uint32_t kPsSystemBinding = 3;    // PsSystem: render state a pixel shader needs
constexpr uint32_t kFfVertexBinding = 4;    // fixed-function vertex state (src/shader/ff)
constexpr uint32_t kFfPixelBinding = 5;     // fixed-function pixel state (src/shader/ff)

// Storage buffers of software vertex processing's register files, in place of
// kVsConstantsBinding (TranslationKey::softwareVertexRegisters): vec4 per float register,
// ivec4 per integer register, one bit per BOOL register (b#n: word n / 32, bit n % 32). Each
// holds registers from 0 up to the descriptor's range; a read past it is 0 (registers no
// setter has written are 0, so the draw uploads only up to the highest one written).
constexpr uint32_t kVsSwFloatsBinding = 7;
constexpr uint32_t kVsSwIntsBinding = 8;
constexpr uint32_t kVsSwBoolsBinding = 9;

// Combined image samplers: pixel samplers s0..s15 and the vertex texture samplers
// (D3DVERTEXTEXTURESAMPLER0..3).
constexpr uint32_t kPsSamplerBinding0 = 16;
constexpr uint32_t kPsSamplerCount = 16;
constexpr uint32_t kVsSamplerBinding0 = 32;
constexpr uint32_t kVsSamplerCount = 4;

// Register file sizes the constant blocks hold (the largest any version allows).
constexpr uint32_t kVsFloatConstants = 256;
// Software vertex processing's files (devices with DDIVK_DEVICE_SOFTWARE_VERTEX_REGISTERS):
// translations under TranslationKey::softwareVertexRegisters read them from storage buffers.
constexpr uint32_t kSwVsFloatConstants = 8192;
constexpr uint32_t kSwVsIntConstants = 2048;
constexpr uint32_t kSwVsBoolConstants = 2048; // one bit each, 32 to a word
constexpr uint32_t kPsFloatConstants = 224;
constexpr uint32_t kIntConstants = 16;
constexpr uint32_t kBoolConstants = 16; // one bit each in `bools`

template <uint32_t FloatCount> struct ConstantBlock {
    float f[FloatCount][4];
    int32_t i[kIntConstants][4];
    uint32_t bools; // bit n: b#n
    uint32_t pad[3];
};
using VsConstants = ConstantBlock<kVsFloatConstants>;
using PsConstants = ConstantBlock<kPsFloatConstants>;
static_assert(sizeof(VsConstants) == 256 * 16 + 16 * 16 + 16);
static_assert(sizeof(PsConstants) == 224 * 16 + 16 * 16 + 16);

// User clip planes (D3DCLIPPLANE0..5): a translated vertex shader writes gl_ClipDistance[n] =
// dot(plane n, output position) for the planes `clipPlaneMask` enables, 1 for the others
// (IDirect3DDevice9::SetClipPlane: with the programmable pipeline the planes are in clip space,
// a point is kept where the dot product is >= 0).
constexpr uint32_t kClipPlanes = 6;

// The planes that clip: D3DRS_CLIPPLANEENABLE's, none while D3DRS_CLIPPING is FALSE (the program
// promises its primitives need no clipping; D3D9 runtimes then clip against no user plane).
constexpr uint32_t enabledClipPlanes(uint32_t clipping, uint32_t clipPlaneEnable) {
    return clipping ? clipPlaneEnable & ((1u << kClipPlanes) - 1) : 0;
}

// Render state read by translated vertex shaders.
struct VsSystem {
    float pointSize; // D3DRS_POINTSIZE, written to gl_PointSize when the shader has no oPts
    float pointSizeMin;
    float pointSizeMax;
    uint32_t clipPlaneMask;           // enabledClipPlanes
    float clipPlanes[kClipPlanes][4]; // SetClipPlane, clip space
};
static_assert(sizeof(VsSystem) == 16 + kClipPlanes * 16);

// Render state read by translated pixel shaders (fog, alpha test and the ps_1_x bump-mapping
// state of the texture stages).
struct PsSystem {
    float fogColor[4];      // D3DRS_FOGCOLOR as rgba floats
    float fogParams[4];     // start, end, density, unused
    float alphaRef[4];      // x: D3DRS_ALPHAREF / 255
    float bumpEnvMat[8][4]; // stage n: BUMPENVMAT00, 01, 10, 11
    float bumpEnvLum[8][4]; // stage n: BUMPENVLSCALE, BUMPENVLOFFSET, unused, unused
    float textureFactor[4]; // D3DRS_TEXTUREFACTOR as rgba floats
};
static_assert(sizeof(PsSystem) == 16 * 20);

// Vertex fetch in the shader: the stream-frequency fallback (docs/stream-frequency.md). An input
// the key marks as fetched is read from stream s, a storage buffer of 32-bit words at binding
// kFetchStreamBinding0 + s, at the element index of the stream's mode (which the translation key
// gives, TranslationKey::FetchElement; the translated code computes that mode's index only)
//   per vertex:   VertexIndex
//   divided:      firstElement + (VertexIndex - startVertex) / divider
//                 (firstElement = startVertex / divider, divided once per draw on the CPU)
//   per instance: InstanceIndex / divider (InstanceIndex where the key says the divider is 1)
// and byte offset + index * stride + the element's offset; the shader converts the
// D3DDECLTYPE itself. An element that does not lie wholly inside the buffer reads as all-zero
// words (never a read outside it), as Vulkan's robust vertex input treats a whole attribute.
constexpr uint32_t kVsFetchBinding = 6; // VsFetch uniform block
constexpr uint32_t kFetchStreamBinding0 = 40;
constexpr uint32_t kFetchStreamCount = 16;

enum FetchMode : uint32_t { kFetchPerVertex = 0, kFetchDivided = 1, kFetchPerInstance = 2 };

struct VsFetch {
    struct Stream {
        uint32_t offset;       // bytes (StreamOffset)
        uint32_t stride;       // bytes
        uint32_t divider;      // divided and per-instance streams (at least 1)
        uint32_t firstElement; // divided streams: startVertex / divider; else 0
    } streams[kFetchStreamCount];
    uint32_t startVertex;
    uint32_t pad[3];
};
static_assert(sizeof(VsFetch) == 16 * 16 + 16);

// Vertex input: a vertex shader's input register v# reads location #. The fixed-function
// vertex pipeline reads these locations.
enum FixedFunctionInput : uint32_t {
    kFfInPosition = 0, // xyz (w = 1) or xyzrhw
    kFfInBlendWeight = 1,
    kFfInBlendIndices = 2,
    kFfInNormal = 3,
    kFfInPointSize = 4,
    kFfInDiffuse = 5,
    kFfInSpecular = 6,
    kFfInTexCoord0 = 7, // texture coordinate set n at 7 + n (n < 8)
    // D3DVBF_TWEENING: POSITION1 and NORMAL1 take the blend locations, unused then ("Tweening is
    // mutually exclusive from vertex blending with weights"), so the pipeline stays within 16.
    kFfInPosition1 = kFfInBlendWeight,
    kFfInNormal1 = kFfInBlendIndices,
};

// Vertex output to pixel input: one location per semantic (usage, index), the same in every
// shader of the process, so any vertex shader links with any pixel shader without a
// per-pair key. Pre-3.0 registers have fixed semantics: oTn/tn are TEXCOORDn, oD0/v0 COLOR0,
// oD1/v1 COLOR1, oFog FOG.
constexpr uint32_t kLocTexCoord0 = 0; // TEXCOORD0..7 at 0..7
constexpr uint32_t kLocColor0 = 8;
constexpr uint32_t kLocColor1 = 9;
constexpr uint32_t kLocFog = 10;
constexpr uint32_t kLocFirstDynamic = 11; // other semantics, handed out on first use
constexpr uint32_t kLocCount = 32;        // locations available for semantics

} // namespace ddivk::shader::abi

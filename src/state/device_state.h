// The whole D3D9 device state as one plain struct: what the state cache holds, what state
// blocks capture from and apply to (by byte offset, see slots.h), what tests inspect.
#pragma once

#include "ddivk/d3d9_enums.h"
#include "ddivk/d3d9_types.h"

#include <array>
#include <cstdint>
#include <type_traits>

namespace ddivk::state {

// Limits (D3D9 shader model 3 device).
constexpr uint32_t kRenderStateCount = D3DRS_MAX + 1;         // indexed by D3DRS_* value
constexpr uint32_t kTextureStages = 8;                        // fixed-function stages
constexpr uint32_t kTextureStageStateCount = D3DTSS_MAX + 1;  // indexed by D3DTSS_* value
constexpr uint32_t kPixelSamplers = 16;                       // ps_3_0 s0..s15
constexpr uint32_t kVertexSamplers = 4;                       // vs_3_0 s0..s3
constexpr uint32_t kDmapSamplerIndex = kPixelSamplers;        // D3DDMAPSAMPLER
constexpr uint32_t kVertexSamplerIndex0 = kPixelSamplers + 1; // D3DVERTEXTEXTURESAMPLER0
constexpr uint32_t kSamplerCount = kPixelSamplers + 1 + kVertexSamplers;
constexpr uint32_t kSamplerStateCount = D3DSAMP_MAX + 1; // indexed by D3DSAMP_* value
constexpr uint32_t kMaxStreams = 16;                     // D3DCAPS9::MaxStreams upper bound
constexpr uint32_t kMaxWorldMatrices = 256;              // D3DTS_WORLDMATRIX(0..255)
constexpr uint32_t kTransformCount = 2 + kTextureStages + kMaxWorldMatrices;
constexpr uint32_t kMaxClipPlanes = 6;                              // D3DCLIPPLANE0..5
constexpr uint32_t kVsConstF = 256, kVsConstI = 16, kVsConstB = 16; // vs_3_0 register files
// Software vertex processing's register files (devices made with SOFTWARE or MIXED vertex
// processing): what Windows' runtime takes on such devices. DeviceState has room for these; a
// device uses its VsRegisterLimits' part of them.
constexpr uint32_t kSwVsConstF = 8192, kSwVsConstI = 2048, kSwVsConstB = 2048;
constexpr uint32_t kPsConstF = 224, kPsConstI = 16, kPsConstB = 16; // ps_3_0 register files
constexpr uint32_t kMaxRenderTargets = 4;

constexpr uint32_t kInvalidIndex = ~0u;

// Sampler number as the API and the DDI spell it (0..15, D3DDMAPSAMPLER,
// D3DVERTEXTEXTURESAMPLER0..3) -> dense index into DeviceState::samplerStates, or kInvalidIndex.
constexpr uint32_t samplerIndex(uint32_t sampler) {
    if (sampler < kPixelSamplers) return sampler;
    if (sampler >= D3DDMAPSAMPLER && sampler <= D3DVERTEXTEXTURESAMPLER3)
        return kPixelSamplers + (sampler - D3DDMAPSAMPLER);
    return kInvalidIndex;
}
// Dense sampler index -> the sampler number as the API spells it.
constexpr uint32_t samplerNumber(uint32_t index) {
    return index < kPixelSamplers ? index : D3DDMAPSAMPLER + (index - kPixelSamplers);
}

// D3DTRANSFORMSTATETYPE -> dense index into DeviceState::transforms (VIEW, PROJECTION,
// TEXTURE0..7, WORLDMATRIX(0..255)), or kInvalidIndex.
constexpr uint32_t transformIndex(uint32_t type) {
    if (type == D3DTS_VIEW) return 0;
    if (type == D3DTS_PROJECTION) return 1;
    if (type >= D3DTS_TEXTURE0 && type <= D3DTS_TEXTURE7) return 2 + (type - D3DTS_TEXTURE0);
    if (type >= D3DTS_WORLDMATRIX(0) && type < D3DTS_WORLDMATRIX(kMaxWorldMatrices))
        return 2 + kTextureStages + (type - D3DTS_WORLDMATRIX(0));
    return kInvalidIndex;
}
constexpr uint32_t transformType(uint32_t index) {
    if (index == 0) return D3DTS_VIEW;
    if (index == 1) return D3DTS_PROJECTION;
    if (index < 2 + kTextureStages) return D3DTS_TEXTURE0 + (index - 2);
    return D3DTS_WORLDMATRIX(index - 2 - kTextureStages);
}

// A vertex stream: a vertex buffer handle with offset and stride, or (userMemory != 0) vertex
// data that comes with the draw (D3DDP2OP_SETSTREAMSOURCEUM), of which only the stride is state.
struct StreamSource {
    uint32_t buffer;
    uint32_t offset;
    uint32_t stride;
    uint32_t userMemory;
    friend bool operator==(const StreamSource&, const StreamSource&) = default;
};

// Index buffer handle and index size in bytes (2 or 4; 0 while unbound).
struct IndexSource {
    uint32_t buffer;
    uint32_t stride;
    friend bool operator==(const IndexSource&, const IndexSource&) = default;
};

// Vertex declaration handle or FVF code; setting one clears the other, as in D3D9.
struct VertexInput {
    uint32_t declaration;
    uint32_t fvf;
    friend bool operator==(const VertexInput&, const VertexInput&) = default;
};

// D3DDP2OP_WINFO: w range for w-buffering.
struct WInfo {
    float wNear;
    float wFar;
};

struct Vec4f {
    float v[4];
};
struct Vec4i {
    int32_t v[4];
};

struct DeviceState {
    std::array<uint32_t, kRenderStateCount> renderStates;
    std::array<std::array<uint32_t, kTextureStageStateCount>, kTextureStages> textureStageStates;
    std::array<std::array<uint32_t, kSamplerStateCount>, kSamplerCount> samplerStates;
    std::array<uint32_t, kSamplerCount> textures; // texture handle per sampler
    std::array<StreamSource, kMaxStreams> streams;
    std::array<uint32_t, kMaxStreams> streamFrequencies; // raw SetStreamSourceFreq divider
    IndexSource indices;
    VertexInput vertexInput;
    uint32_t vertexShader;
    uint32_t pixelShader;
    std::array<D3DMATRIX, kTransformCount> transforms; // see transformIndex()
    D3DVIEWPORT9 viewport;                             // MinZ/MaxZ are the ZRANGE
    WInfo wInfo;
    D3DRECT scissorRect;
    D3DMATERIAL9 material;
    std::array<Vec4f, kMaxClipPlanes> clipPlanes;
    uint32_t texturePalette; // SetCurrentTexturePalette
    // AMD's alpha-to-coverage switch (state/vendor_states.h): 1 after D3DRS_POINTSIZE = A2M1,
    // 0 after A2M0. The point size itself stays what it was.
    uint32_t alphaToMask;
    // AMD's FETCH4 switch per sampler (state/vendor_states.h): 1 after D3DSAMP_MIPMAPLODBIAS =
    // GET4, 0 after GET1. The LOD bias itself stays what it was.
    std::array<uint32_t, kSamplerCount> fetch4;
    std::array<Vec4f, kSwVsConstF> vsConstF; // [VsRegisterLimits::floats..] stay 0
    std::array<Vec4i, kSwVsConstI> vsConstI;
    std::array<uint32_t, kSwVsConstB> vsConstB;
    std::array<Vec4f, kPsConstF> psConstF;
    std::array<Vec4i, kPsConstI> psConstI;
    std::array<uint32_t, kPsConstB> psConstB;
    std::array<uint32_t, kMaxRenderTargets> renderTargets; // never part of a state block
    uint32_t depthStencil;                                 // never part of a state block
};
static_assert(std::is_standard_layout_v<DeviceState> && std::is_trivially_copyable_v<DeviceState>,
              "state blocks copy DeviceState members by offset");

// The vertex shader register files a device has (float, integer, BOOL registers).
struct VsRegisterLimits {
    uint32_t floats;
    uint32_t ints;
    uint32_t bools;
    friend bool operator==(const VsRegisterLimits&, const VsRegisterLimits&) = default;
};
constexpr VsRegisterLimits kHardwareVsRegisters{kVsConstF, kVsConstI, kVsConstB};
constexpr VsRegisterLimits kSoftwareVsRegisters{kSwVsConstF, kSwVsConstI, kSwVsConstB};

// What the defaults depend on, from device creation (D3DPRESENT_PARAMETERS and the caps).
struct DeviceDefaults {
    bool autoDepthStencil = false; // EnableAutoDepthStencil: D3DRS_ZENABLE defaults to D3DZB_TRUE
    float pointSize = 1.0f;        // D3DRS_POINTSIZE
    float pointSizeMax = 64.0f;    // D3DRS_POINTSIZE_MAX (D3DCAPS9::MaxPointSize)
    uint32_t width = 0;            // render target size: default viewport and scissor rect
    uint32_t height = 0;
};

// Fills every member with its documented D3D9 default (see defaults.cpp for the sources).
void setDefaults(DeviceState& s, const DeviceDefaults& d);

// D3DLIGHT9 that LightEnable creates for an index never set (IDirect3DDevice9::LightEnable).
D3DLIGHT9 defaultLight();

// Identity matrix.
D3DMATRIX identityMatrix();

} // namespace ddivk::state

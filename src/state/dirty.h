// What changed since the draw translator last looked: one bit per category, plus finer masks
// where the draw path wants them (which render states, stages, samplers, streams, matrices,
// constant registers). Setters only OR bits in; StateCache::takeDirty() hands it over and clears.
#pragma once

#include "state/bits.h"
#include "state/device_state.h"

#include <cstdint>

namespace ddivk::state {

struct DirtyState {
    enum Category : uint32_t {
        RenderStates = 1u << 0,
        TextureStages = 1u << 1,
        Samplers = 1u << 2, // sampler states
        Textures = 1u << 3, // texture handles per sampler
        Streams = 1u << 4,  // stream sources (buffer, offset, stride)
        StreamFrequencies = 1u << 5,
        Indices = 1u << 6,
        VertexInput = 1u << 7, // declaration or FVF
        VertexShader = 1u << 8,
        PixelShader = 1u << 9,
        Transforms = 1u << 10,
        Viewport = 1u << 11, // including the ZRANGE
        WInfo = 1u << 12,
        Scissor = 1u << 13,
        Material = 1u << 14,
        Lights = 1u << 15,
        ClipPlanes = 1u << 16,
        Palette = 1u << 17,
        VsConstF = 1u << 18,
        VsConstI = 1u << 19,
        VsConstB = 1u << 20,
        PsConstF = 1u << 21,
        PsConstI = 1u << 22,
        PsConstB = 1u << 23,
        RenderTargets = 1u << 24, // render targets and depth stencil
    };
    static constexpr uint32_t kAllCategories = (1u << 25) - 1;

    uint32_t categories = 0;
    Bits<kRenderStateCount> renderStates; // by D3DRS_* value
    uint32_t textureStages = 0;           // bit per stage
    uint32_t samplers = 0;                // bit per dense sampler index (samplerIndex())
    uint32_t textures = 0;                // bit per dense sampler index
    uint32_t streams = 0;                 // bit per stream
    uint32_t streamFrequencies = 0;       // bit per stream
    uint32_t transforms = 0;              // bit per dense index < 10: VIEW, PROJECTION, TEXTURE0..7
    Bits<kMaxWorldMatrices> worldMatrices;
    uint32_t clipPlanes = 0;
    uint32_t renderTargets = 0; // bit n: render target n; bit kMaxRenderTargets: depth stencil
    // Bit per register of vs_3_0's files: a software vertex processing register past them
    // (device_state.h) raises only its category.
    Bits<kVsConstF> vsConstF;
    uint32_t vsConstI = 0;
    uint32_t vsConstB = 0;
    Bits<kPsConstF> psConstF;
    uint32_t psConstI = 0;
    uint32_t psConstB = 0;

    bool any() const { return categories != 0; }
    friend bool operator==(const DirtyState&, const DirtyState&) = default;
    bool has(Category c) const { return (categories & c) != 0; }
};

} // namespace ddivk::state

// What a draw with vertex processing runs: the vertex stage (a translated vertex shader, or
// the fixed-function vertex pipeline with its FfVertexKey) and the pixel stage (a translated
// pixel shader, or the fixed-function variant for the bound texture types), with the textures
// each sampler reads. Chosen from the device state, the vertex declaration and the plan of the
// streams (draw/stream_plan.h) by context_program_draw.cpp.
#pragma once

#include <array>
#include <cstdint>

#include "device/draw_call.h"
#include "device/pass_targets.h"
#include "device/resource.h"
#include "device/surface.h"
#include "draw/program_pipeline.h"
#include "draw/stream_plan.h"
#include "shader/ff/ff_pixel_state.h"
#include "shader/ff/ff_vertex_state.h"
#include "shader/translate/translator.h"

namespace ddivk::device {

class StreamOutput;

// The fixed-function vertex pipeline's inputs (abi::FixedFunctionInput locations) with the
// declaration semantic that feeds each; with `tweening` (D3DVBF_TWEENING) POSITION1 and NORMAL1
// instead of the blend weights and indices.
std::array<draw::ProgramInput, 15> fixedFunctionInputs(bool tweening);

// The FfVertexKey of a declaration: the fixed-function inputs it carries, with the size of each
// texture coordinate set.
shader::ff::FfVertexKey ffVertexKeyOf(std::span<const D3DVERTEXELEMENT9> elements, bool tweening);

// The declaration holds a pre-transformed position (D3DDECLUSAGE_POSITIONT).
bool hasTransformedPosition(std::span<const D3DVERTEXELEMENT9> elements);

// Where a stream's data is for the GPU: a buffer and the byte offset of its vertex 0.
// (Left uninitialised by default, as SamplerBinding: a draw writes only the entries it uses.)
struct StreamBinding {
    VkBuffer buffer;
    VkDeviceSize offset;
};

// One sampler binding of a draw.
struct SamplerBinding {
    uint32_t binding;    // abi binding number
    uint32_t stateIndex; // dense sampler index (DeviceState::samplerStates)
    Resource* texture;   // the bound texture, or an empty one of the declared type
    bool compares;       // the shader's lookups compare: a shadow map, sampled with compareEnable
};

// Everything drawProgram decided for one draw, handed to the recording half
// (context_program_record.cpp). The sampler and source arrays hold only the entries the draw
// uses (samplerCount; the streams of the plan), the rest is left uninitialised: zeroing them
// per draw showed in profiles.
struct PreparedDraw {
    const DrawCall* call = nullptr;
    uint64_t count = 0; // vertices (or indices) per instance
    const draw::VertexInputPlan* plan = nullptr;
    draw::ProgramPipelineKey* key = nullptr; // modules and binding mask set; the rest is filled when recording
    const shader::Translation* vertex = nullptr; // null: fixed function (or pre-transformed)
    const shader::Translation* pixel = nullptr;  // null: fixed function
    bool pretransformed = false;
    shader::ff::FfVertexKey ffVertexKey{};
    uint32_t ffSourceComponents = 0; // ff::sourceTexCoordComponents; 0 after a vertex shader
    shader::ff::FfStageTextures ffTextures{};
    std::array<SamplerBinding, 24> samplers;
    uint32_t samplerCount = 0;
    std::array<StreamBinding, draw::kStreamCount> sources; // the plan's streams only
    std::array<Resource*, draw::kStreamCount> streamBuffers; // the plan's streams only; null for user memory
    Resource* indexBuffer = nullptr;      // null: indices in user memory (indexData) or none
    const std::byte* indexData = nullptr; // CPU view of the draw's indices
    uint32_t indexSize = 0;
    // The pass: render targets (colors[0] is never null) and depth buffer; readOnlyDepth set
    // when the depth buffer's texture is also sampled and the draw writes no depth or stencil.
    PassTargets targets;
    // Bit n: the pixel stage writes oCn (the other targets are masked).
    uint8_t writtenTargets = 0;
    StreamOutput* streamOutput = nullptr; // non-null: the draw captures (transform feedback)
    bool rasterizerDiscard = false;       // ProcessVertices' capture: nothing is rasterised
    // The vendors' alpha-to-coverage acts (state/vendor_states.h): the pipeline turns it on,
    // and the pixel stage has no alpha test.
    bool alphaToCoverage = false;
    // The previous draw's preparation, repeated (repeat_draw.h): the pipeline key is the
    // previous draw's, so recording skips building and comparing it.
    bool repeat = false;
};

} // namespace ddivk::device

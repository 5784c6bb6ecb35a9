// What a context's draws have bound in the current command buffer, so the next draw records
// only what changed: the pipeline, dynamic state, viewport and scissor, vertex and index
// buffers, the uniform blocks uploaded (reused while the state they hold is unchanged) and the
// descriptors pushed (pushed again only where they differ: push descriptors update
// incrementally while the layout stays). Valid while the CommandContext names this context as
// the binder of its command buffer and the recording serial is the one stored.
#pragma once

#include <volk.h>

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "draw/dynamic_state.h"
#include "draw/pipeline_state.h"
#include "draw/program_pipeline.h"

namespace ddivk::device {

struct DrawBindings {
    // ABI bindings 0..9: the uniform blocks and the storage buffers of software vertex
    // processing's register files (uploaded the same way).
    static constexpr uint32_t kUniformBlocks = 10;

    uint64_t serial = 0; // 0: nothing is known to be bound
    VkPipeline pipeline = VK_NULL_HANDLE;
    VkPipelineLayout layout = VK_NULL_HANDLE;
    bool dynamicValid = false;
    draw::DynamicState dynamic;
    bool viewportValid = false;
    VkViewport viewport{};
    VkRect2D scissor{};
    std::array<VkBuffer, 17> vertexBuffers{};
    std::array<VkDeviceSize, 17> vertexOffsets{};
    VkBuffer indexBuffer = VK_NULL_HANDLE;
    VkDeviceSize indexOffset = 0;
    VkIndexType indexType = VK_INDEX_TYPE_UINT16;
    // Uniform blocks uploaded in this recording and what produced them (a tag per block:
    // 0 invalid); reused while the tag matches and no state they hold changed.
    std::array<VkDescriptorBufferInfo, kUniformBlocks> blocks{};
    std::array<uint64_t, kUniformBlocks> blockTags{};
    // Per binding, what was pushed there (two words of identity).
    std::array<std::array<uint64_t, 2>, 64> pushed{};
    // Draw-to-draw memos: not command buffer state, so they survive reset().
    struct Memo {
        // The key the next draw builds (in place: zeroing and copying its ~500 bytes per draw
        // showed in profiles); entries past its counts stay zero, as hashing needs.
        draw::ProgramPipelineKey key{};
        // The previous draw's pipeline key, pipeline and layout (skips the caches' lookups when
        // the key repeats).
        draw::ProgramPipelineKey lastKey{};
        VkPipeline lastKeyPipeline = VK_NULL_HANDLE;
        VkPipelineLayout lastKeyLayout = VK_NULL_HANDLE;
        // The render-state part of the key and the dynamic state, with what else they were
        // made from: both read only render states, so they hold until those change.
        bool stateValid = false;
        uint32_t stateType = 0;
        draw::ColorTargets stateColors{};
        uint8_t stateWrittenTargets = 0;
        VkFormat stateDepthFormat = VK_FORMAT_UNDEFINED;
        uint32_t stateSamples = 1;
        draw::PipelineKey state{};
        draw::DynamicState dynamic{};
        // The module of the last vertex and pixel translation (modules live as long as the
        // pipeline cache, as the translations do).
        const void* vertexTranslation = nullptr;
        uint64_t vertexModule = 0;
        const void* pixelTranslation = nullptr;
        uint64_t pixelModule = 0;
        // The translations the previous draw chose (drawProgram), with what their keys were
        // made from: reused while the program object and its latest translation are the same
        // and no input of the key changed. Null: choose again.
        const void* pixelObject = nullptr;
        const void* pixel = nullptr;
        bool pixelPointSprites = false;
        bool pixelAfterShader = false; // a vertex shader feeds it (else fixed function)
        uint16_t pixelShadowMaps = 0;  // its key's shadowSamplers
        uint16_t pixelFetch4 = 0;      // its key's fetch4Samplers
        bool pixelAlphaToCoverage = false; // alpha-to-coverage took the alpha test's place
        uint8_t pixelDroppedOutputs = 0;   // its key's droppedColorOutputs
        const void* vertexObject = nullptr;
        const void* vertex = nullptr;
        uint32_t vertexOutputs = 0;   // the pixel stage's inputs it was linked to
        uint64_t vertexPlan = 0;      // PlanMemo::generation() of the plan it fetches by
        bool vertexClipDistances = false; // it writes gl_ClipDistance (a user plane enabled)
        bool vertexPointSize = false;     // it writes gl_PointSize (points are drawn)
        // The bytes of each uniform block's latest upload: a block whose state changed but
        // whose bytes did not keeps its upload and descriptor (a blend or cull change leaves
        // the fixed-function blocks as they were; a new descriptor would make the driver take
        // a new constant buffer, which a CPU driver copies). Valid for this command buffer
        // while blocks[binding] is set; `scratch` is where a block is packed to compare.
        std::array<std::vector<uint8_t>, kUniformBlocks> blockBytes;
        std::vector<uint8_t> scratch;
    } memo;

    void reset(uint64_t recording) {
        Memo kept = std::move(memo); // pipelines, layouts and modules outlive command buffers
        *this = {};
        serial = recording;
        memo = std::move(kept);
    }
};

} // namespace ddivk::device

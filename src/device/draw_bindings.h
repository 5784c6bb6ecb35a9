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

#include "draw/dynamic_state.h"
#include "draw/program_pipeline.h"

namespace ddivk::device {

struct DrawBindings {
    static constexpr uint32_t kUniformBlocks = 7; // ABI bindings 0..6

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
    // The previous draw's pipeline key, pipeline and layout (skips the caches' lookups when the
    // key repeats).
    draw::ProgramPipelineKey lastKey{};
    VkPipeline lastKeyPipeline = VK_NULL_HANDLE;
    VkPipelineLayout lastKeyLayout = VK_NULL_HANDLE;

    void reset(uint64_t recording) {
        const draw::ProgramPipelineKey key = lastKey;
        const VkPipeline keyPipeline = lastKeyPipeline;
        const VkPipelineLayout keyLayout = lastKeyLayout;
        *this = {};
        serial = recording;
        lastKey = key; // pipelines and layouts outlive command buffers
        lastKeyPipeline = keyPipeline;
        lastKeyLayout = keyLayout;
    }
};

} // namespace ddivk::device

// Pipelines of draws with vertex processing: a vertex stage (a translated vertex shader, or the
// fixed-function vertex pipeline specialised by its FfVertexKey), a pixel stage (a translated
// pixel shader, or a fixed-function pixel variant), the vertex input the draw's streams give
// (bindings with their rates and divisors, attributes), the descriptor bindings the stages use,
// and the render state a PipelineKey holds. Set 0 follows the shader ABI (shader/abi.h) and is
// pushed per draw (VK_KHR_push_descriptor); its layout holds only the bindings the stages use,
// as push-descriptor sets are limited in size. Modules, layouts and pipelines are created once.
#pragma once

#include "draw/byte_hash.h"

#include <volk.h>

#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <unordered_map>

#include "draw/pipeline_key.h"
#include "shader/ff/ff_pixel_state.h"
#include "shader/ff/ff_vertex_state.h"
#include "shader/translate/translator.h"

namespace ddivk::draw {

// The binding of the attribute defaults (stride 0) beside the 16 streams.
constexpr uint32_t kDefaultsBinding = 16;

struct ProgramPipelineKey {
    uint64_t vertexModule = 0; // VkShaderModule handles (modules live as long as the cache)
    uint64_t pixelModule = 0;
    uint64_t bindingMask = 0; // descriptor bindings the stages use (bit = binding number)
    PipelineKey state;        // the render state
    shader::ff::FfVertexKey ffVertex{}; // specialization of the fixed-function vertex stage
    uint32_t ffVertexStage = 0;         // 1: the vertex module is the fixed-function one
    uint32_t bindingCount = 0;
    uint32_t attributeCount = 0;
    uint32_t reserved = 0; // keeps the key free of padding
    struct Binding {
        uint32_t binding = 0;
        uint32_t stride = 0;
        uint32_t rate = 0;    // VkVertexInputRate
        uint32_t divisor = 1; // per-instance rate only
    } bindings[17]{};
    struct Attribute {
        uint8_t location = 0;
        uint8_t binding = 0;
        uint16_t offset = 0;
        uint32_t format = 0; // VkFormat
    } attributes[16]{};

    bool operator==(const ProgramPipelineKey& o) const { return std::memcmp(this, &o, sizeof(*this)) == 0; }
};
static_assert(sizeof(ProgramPipelineKey) == 24 + sizeof(PipelineKey) + 8 + 16 + 17 * 16 + 16 * 8,
              "must stay padding-free: it hashes as bytes");

struct ProgramPipelineKeyHash {
    size_t operator()(const ProgramPipelineKey& k) const {
        return hashBytes(k);
    }
};

class ProgramPipelineCache {
  public:
    // pipelineCache: the (disk-backed) Vulkan pipeline cache, or VK_NULL_HANDLE.
    ProgramPipelineCache(VkDevice device, VkPipelineCache pipelineCache);
    ~ProgramPipelineCache();
    ProgramPipelineCache(const ProgramPipelineCache&) = delete;
    ProgramPipelineCache& operator=(const ProgramPipelineCache&) = delete;

    VkShaderModule translationModule(const shader::Translation& t);
    // The fixed-function vertex stages, writing only the varyings at outputLocations (bit n:
    // location n; the pixel stage's inputs): shaders/ff_vertex.vert, with clipDistances the
    // variant that writes gl_ClipDistance (user clip planes; the device must have
    // shaderClipDistance), and shaders/ff_pretransformed.vert.
    VkShaderModule ffVertexModule(bool clipDistances, uint32_t outputLocations);
    VkShaderModule ffPretransformedModule(uint32_t outputLocations);
    VkShaderModule ffPixelModule(const shader::ff::FfPixelKey& key);

    // The layout of set 0 with exactly these bindings (abi.h decides each binding's type).
    VkPipelineLayout layout(uint64_t bindingMask);
    VkPipeline get(const ProgramPipelineKey& key);
    uint64_t createdCount() const { return created_; }

  private:
    VkShaderModule createModule(std::span<const uint32_t> spirv);

    struct Layout {
        VkDescriptorSetLayout set = VK_NULL_HANDLE;
        VkPipelineLayout pipeline = VK_NULL_HANDLE;
    };
    VkDevice device_;
    VkPipelineCache pipelineCache_;
    VkShaderModule ffVertexStage(std::span<const uint32_t> spirv, uint32_t kind, uint32_t outputLocations);

    // Fixed-function vertex modules by kind (0 transformed, 1 with clip distances, 2
    // pretransformed) << 32 | output locations.
    std::unordered_map<uint64_t, VkShaderModule> ffVertex_;
    std::unordered_map<const shader::Translation*, VkShaderModule> translations_;
    std::unordered_map<shader::ff::FfPixelKey, VkShaderModule, shader::ff::FfPixelKeyHash> ffPixel_;
    std::unordered_map<uint64_t, Layout> layouts_;
    std::unordered_map<ProgramPipelineKey, VkPipeline, ProgramPipelineKeyHash> pipelines_;
    uint64_t created_ = 0;
};

// The descriptor type of an ABI binding (shader/abi.h): uniform blocks, samplers, fetch streams.
VkDescriptorType abiDescriptorType(uint32_t binding);
// The one stage that reads an ABI binding: vertex (vertex-shader constants and system block,
// fixed-function vertex state, vertex samplers, fetch) or pixel (the rest). A binding visible
// to a stage that never reads it still costs a CPU driver per draw (lavapipe binds it to that
// stage too, and llvmpipe copies every pixel-stage uniform block into its scene when one changes).
VkShaderStageFlags abiDescriptorStages(uint32_t binding);

} // namespace ddivk::draw

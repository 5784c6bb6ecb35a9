// Pipelines of draws with translated shaders: a vertex and a pixel shader translation, the vertex
// input of the declaration, and the render state a PipelineKey holds. The layout follows the
// shader ABI (shader/abi.h): set 0 holds the constant and system blocks, pushed per draw
// (VK_KHR_push_descriptor). Each pipeline is created once per key and kept; each translation's
// module once.
#pragma once

#include <volk.h>

#include <cstdint>
#include <cstring>
#include <unordered_map>

#include "draw/pipeline_key.h"
#include "shader/translate/translator.h"

namespace ddivk::draw {

struct ShaderPipelineKey {
    uint64_t vertexShader = 0; // the Translation's address (translation cache entries outlive pipelines)
    uint64_t pixelShader = 0;
    PipelineKey state;         // topology, cull, depth, blend, attachments; its vertex fields stay 0
    uint32_t stride = 0;       // stream 0
    uint32_t attributeCount = 0;
    struct Attribute {
        uint8_t location = 0;
        uint8_t binding = 0; // 0: stream 0; 1: the zero-defaults binding (stride 0)
        uint16_t offset = 0;
        uint32_t format = 0; // VkFormat
    } attributes[16]{};

    bool operator==(const ShaderPipelineKey& o) const { return std::memcmp(this, &o, sizeof(*this)) == 0; }
};
static_assert(sizeof(ShaderPipelineKey) == 16 + sizeof(PipelineKey) + 8 + 16 * 8, "must stay padding-free");

struct ShaderPipelineKeyHash {
    size_t operator()(const ShaderPipelineKey& k) const {
        const auto* p = reinterpret_cast<const uint8_t*>(&k);
        uint64_t h = 1469598103934665603ull;
        for (size_t i = 0; i < sizeof(k); ++i) h = (h ^ p[i]) * 1099511628211ull;
        return size_t(h);
    }
};

class ShaderPipelineCache {
  public:
    explicit ShaderPipelineCache(VkDevice device);
    ~ShaderPipelineCache();
    ShaderPipelineCache(const ShaderPipelineCache&) = delete;
    ShaderPipelineCache& operator=(const ShaderPipelineCache&) = delete;

    VkPipeline get(const ShaderPipelineKey& key, const shader::Translation& vertex, const shader::Translation& pixel);
    VkPipelineLayout layout() const { return layout_; }
    uint64_t createdCount() const { return created_; }

  private:
    VkShaderModule module(const shader::Translation& t);

    VkDevice device_;
    VkDescriptorSetLayout setLayout_ = VK_NULL_HANDLE;
    VkPipelineLayout layout_ = VK_NULL_HANDLE;
    std::unordered_map<const shader::Translation*, VkShaderModule> modules_;
    std::unordered_map<ShaderPipelineKey, VkPipeline, ShaderPipelineKeyHash> pipelines_;
    uint64_t created_ = 0;
};

} // namespace ddivk::draw

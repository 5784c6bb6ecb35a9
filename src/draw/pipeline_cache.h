// Graphics pipelines by key: each PipelineKey is compiled once, on first use, and kept for the
// device's life. Counts creations so tests and benchmarks can prove repeated frames make none.
#pragma once

#include <volk.h>

#include <cstdint>
#include <unordered_map>

#include "draw/pipeline_key.h"

namespace ddivk::draw {

// Push-constant block shared by the pre-transformed shaders (shaders/pretransformed.vert,
// shaders/vertex_colour.frag).
struct PretransformedPushConstants {
    float scale[2];  // 2 / render-target size
    float offset[2]; // D3D pixel centres (integers) to Vulkan NDC
    uint32_t specularEnable;
};

class PipelineCache {
  public:
    explicit PipelineCache(VkDevice device);
    ~PipelineCache();
    PipelineCache(const PipelineCache&) = delete;
    PipelineCache& operator=(const PipelineCache&) = delete;

    // The pipeline for key, created on first use. Throws vk::Error when creation fails.
    VkPipeline get(const PipelineKey& key);

    VkPipelineLayout layout() const { return layout_; }
    // Pipelines created so far (not lookups).
    uint64_t createdCount() const { return created_; }

  private:
    VkPipeline create(const PipelineKey& key) const;

    VkDevice device_;
    VkShaderModule vertexShader_ = VK_NULL_HANDLE;
    VkShaderModule fragmentShader_ = VK_NULL_HANDLE;
    VkPipelineLayout layout_ = VK_NULL_HANDLE;
    std::unordered_map<PipelineKey, VkPipeline, PipelineKeyHash> pipelines_;
    PipelineKey lastKey_;                // the key of the latest get()
    VkPipeline last_ = VK_NULL_HANDLE;   // its pipeline
    uint64_t created_ = 0;
};

} // namespace ddivk::draw

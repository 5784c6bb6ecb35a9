// One driver device: a Vulkan device with its command stream, pipelines and surfaces. Contexts
// (the DP2 door's dwhContext) draw through it. Every public method takes the device lock, so
// the runtime may call from several threads; recording itself stays serial.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

#include "ddivk/ddivk.h"
#include "device/command_context.h"
#include "device/surface.h"
#include "draw/pipeline_cache.h"
#include "draw/shader_pipeline.h"
#include "query/query_engine.h"
#include "shader/translate/cache.h"
#include "vk/device.h"

namespace ddivk::device {

class Device {
  public:
    // Throws vk::Error when no usable Vulkan device exists.
    static std::unique_ptr<Device> create(const std::optional<std::string>& selector);
    ~Device();
    Device(const Device&) = delete;
    Device& operator=(const Device&) = delete;

    vk::Device& vulkan() { return *vulkan_; }
    CommandContext& commands() { return *commands_; }
    draw::PipelineCache& pipelines() { return *pipelines_; }
    // Pipelines of draws with shaders; null without VK_KHR_push_descriptor.
    draw::ShaderPipelineCache* shaderPipelines() { return shaderPipelines_.get(); }
    // The query engine every door issues its queries to (callers hold lock()).
    query::QueryEngine& queries() { return *queries_; }
    // Shader translations, shared by the device's contexts (thread-safe on its own).
    shader::TranslationCache& translations() { return translations_; }
    // Serialises everything that records or touches surfaces.
    std::mutex& lock() { return mutex_; }

    // --- Surfaces (callers hold lock()) ---------------------------------------------------
    HRESULT createSurface(const ddivk_surface_desc& desc, uint32_t* handle);
    HRESULT destroySurface(uint32_t handle);
    // nullptr for an unknown handle (or 0).
    Surface* findSurface(uint32_t handle);
    // Copies the pixels out after all recorded work (waits for the GPU).
    HRESULT readSurface(uint32_t handle, void* pixels, uint32_t pitch, uint64_t size);
    // Presents (flips) the surface: submits recorded work; the flip completes with it.
    HRESULT flip(uint32_t handle);
    // A flip of this surface has not completed on the GPU yet.
    bool flipInProgress(const Surface& surface) const;

  private:
    Device() = default;

    std::unique_ptr<vk::Device> vulkan_;
    std::unique_ptr<draw::PipelineCache> pipelines_;
    std::unique_ptr<draw::ShaderPipelineCache> shaderPipelines_;
    shader::TranslationCache translations_;
    std::unique_ptr<CommandContext> commands_;
    std::unique_ptr<query::QueryEngine> queries_;
    std::unordered_map<uint32_t, std::unique_ptr<Surface>> surfaces_;
    uint32_t nextSurfaceHandle_ = 1;
    std::mutex mutex_;
};

} // namespace ddivk::device

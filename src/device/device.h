// One driver device: a Vulkan device with its command stream, pipelines and surfaces. Contexts
// (the DP2 door's dwhContext) draw through it. Every public method takes the device lock, so
// the runtime may call from several threads; recording itself stays serial.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "ddivk/ddivk.h"
#include "ddivk/umd_draw.h"
#include "device/command_context.h"
#include "device/present_gamma.h"
#include "device/resource.h"
#include "device/stream_output.h"
#include "device/surface.h"
#include "draw/dynamic_state.h"
#include "draw/program_pipeline.h"
#include "draw/sampler_state.h"
#include "query/query_engine.h"
#include "shader/translate/cache.h"
#include "state/device_state.h"
#include "util/sync.h"
#include "vk/device.h"
#include "vk/pipeline_cache_file.h"
#include "vk/sample_copy_pass.h"
#include "vk/swapchain.h"

namespace ddivk::device {

class Device {
  public:
    // Throws vk::Error when no usable Vulkan device exists.
    // vsRegisters: the vertex shader register files every context of the device has.
    static std::unique_ptr<Device>
    create(const std::optional<std::string>& selector,
           const state::VsRegisterLimits& vsRegisters = state::kHardwareVsRegisters);
    const state::VsRegisterLimits& vsRegisters() const { return vsRegisters_; }
    ~Device();
    Device(const Device&) = delete;
    Device& operator=(const Device&) = delete;

    vk::Device& vulkan() { return *vulkan_; }
    // The largest point the Vulkan device draws (pointSizeRange, 1 without the largePoints
    // feature): every draw's upper clamp of the point size (Point Sprites: the smaller of the cap
    // and the state), and D3DRS_POINTSIZE_MAX's default, D3DCAPS9::MaxPointSize.
    float largestPoint() {
        return vulkan_->caps().coreFeatures.largePoints ? vulkan_->limits().pointSizeRange[1] : 1.0f;
    }
    CommandContext& commands() { return *commands_; }
    // Pipelines of draws with vertex processing; null without VK_KHR_push_descriptor.
    draw::ProgramPipelineCache* programPipelines() { return programPipelines_.get(); }
    draw::SamplerCache& samplers() { return *samplers_; }
    const draw::SamplerSupport& samplerSupport() const { return samplerSupport_; }
    // A texture of this kind (2D, cube, volume; 1 texel, one level) reading (0, 0, 0, 1): what
    // a sampler without a texture, or with one of another type, reads.
    Resource& emptyTexture(ResourceKind kind);
    // A 1 x 1 D16 shadow map holding depth 1 (comparisons with z <= 1 pass): what a comparing
    // sampler reads instead of a shadow map the draw also renders into.
    Resource& emptyShadowMap();
    // Zeros for a stream the declaration names and nobody bound: D3D9 draws such a stream
    // (Wine's test_null_stream, test_default_diffuse), every vertex reading zeros (stride 0).
    // Large enough for any element: offsets are 16-bit, the widest type 16 bytes.
    Resource& zeroVertexBuffer();
    // How draws treat stream frequency (read once from the environment; docs/stream-frequency.md).
    struct DrawOptions {
        bool dividerMode = true;         // DDIVK_DIVIDER_MODE=0 turns the divider mode off
        bool forceFetchFallback = false; // DDIVK_FORCE_VERTEX_FETCH_FALLBACK=1
        // DDIVK_DYNAMIC_PIPELINE_STATE=0: depth-stencil and blend states in every pipeline even
        // where the device has extended dynamic state (draw/dynamic_state.h).
        bool dynamicPipelineState = true;
        // A draw that neither tests nor writes depth or stencil leaves the depth buffer out of
        // its pass (context_program_draw.cpp). DDIVK_UNUSED_DEPTH_OUT: 1 on, 0 off; by default
        // on llvmpipe only, which runs such passes faster without it (docs/draw-translator.md).
        bool unusedDepthOut = false;
        bool dividerModeLogged = false; // the one log line per device was written
    };
    DrawOptions& drawOptions() { return drawOptions_; }
    // The pipeline states draws record as dynamic state: what the device has, unless the draw
    // options turn it off.
    draw::DynamicSupport dynamicSupport() const {
        return drawOptions_.dynamicPipelineState ? dynamicSupport_ : draw::DynamicSupport{};
    }
    // Whether colour attachments of `format` blend (COLOR_ATTACHMENT_BLEND), asked of the
    // Vulkan device once per format.
    bool formatBlends(VkFormat format);
    // The query engine every door issues its queries to (callers hold lock()).
    query::QueryEngine& queries() { return *queries_; }
    // Stream output (the D3D10 door's targets and declaration); null without
    // VK_EXT_transform_feedback (callers hold lock()).
    StreamOutput* streamOutput() { return streamOutput_.get(); }
    // ProcessVertices' own capture (Context::processVertices), apart from the D3D10 door's
    // state; null without VK_EXT_transform_feedback.
    StreamOutput* processVerticesCapture() { return processVerticesCapture_.get(); }
    // Shader translations, shared by the device's contexts (thread-safe on its own).
    shader::TranslationCache& translations() { return translations_; }
    // Serialises everything that records or touches surfaces.
    util::Mutex& lock() { return mutex_; }

    // --- Surfaces (callers hold lock()) ---------------------------------------------------
    HRESULT createSurface(const ddivk_surface_desc& desc, uint32_t* handle);
    HRESULT destroySurface(uint32_t handle);
    // nullptr for an unknown handle (or 0).
    Surface* findSurface(uint32_t handle);
    // The single-sampled resolve of a multisampled colour surface, recorded after the work
    // before it and left in TRANSFER_SRC_OPTIMAL (surface_resolve.cpp): what reads, blits and
    // presents read. The surface itself when it has one sample; nullptr for a multisampled
    // depth surface (Vulkan resolves those only at the end of a pass). Throws vk::Error.
    Surface* resolve(Surface& surface);
    // The single-sampled twin of a multisampled colour surface, made on first use and kept with
    // it: the image its resolve fills, and where a copy into its samples is staged. Throws
    // vk::Error.
    Surface& twin(Surface& surface);
    // Writes `area` of the surface's twin into every sample of the multisampled colour surface,
    // after the work recorded before it (a draw: vk::SampleCopyPass). Throws vk::Error.
    void writeSamplesFromTwin(Surface& surface, const VkRect2D& area);
    // Whether writeSamplesFromTwin can write multisampled surfaces of this format.
    bool writesSamples(VkFormat format) const;
    // Copies depth surface `source` into `dest`, a single-sampled depth surface of its size and
    // format (an INTZ texture's level): a copy, or sample 0 of each pixel of a multisampled
    // source through a pass's depth resolve. RESZ (state/vendor_states.h). Throws vk::Error.
    void copyDepth(Surface& source, Surface& dest);
    // Copies the pixels out after all recorded work (waits for the GPU).
    HRESULT readSurface(uint32_t handle, void* pixels, uint32_t pitch, uint64_t size);
    // Presents (flips) the surface: submits recorded work; the flip completes with it.
    HRESULT flip(uint32_t handle);
    // A flip of this surface has not completed on the GPU yet.
    bool flipInProgress(const Surface& surface) const;
    // Presents the colour surface in the swapchain's window (device_present.cpp): `source` of
    // the surface (null: all of it) scaled into `dest` of the window (null: all of it), through
    // `gamma`'s ramp when there is one.
    HRESULT present(vk::Swapchain& swapchain, uint32_t handle, const VkRect2D* source, const VkRect2D* dest,
                    PresentGamma* gamma = nullptr);
    // Whether presents can apply a gamma ramp (vk::GammaPass::supported).
    bool presentsGamma() const { return vk::GammaPass::supported(*vulkan_); }

    // --- Resources of the UMD door (device_resources.cpp; callers hold lock()) --------------
    // CreateResource: buffers, textures, and render-target / depth surfaces (which become
    // Surfaces). Sets args.hResource to the handle both doors name it by.
    HRESULT createResource(D3DDDIARG_CREATERESOURCE& args);
    HRESULT destroyResource(uint32_t handle); // a resource or a surface
    // nullptr for an unknown handle (or a surface).
    Resource* findResource(uint32_t handle);
    // The Surface of subresource `index` of a render-target or depth texture (gpuOnly): the
    // handle after the texture's, plus the index (device_target_textures.cpp).
    Surface* textureSurface(const Resource& texture, uint32_t index);
    HRESULT lock(D3DDDIARG_LOCK& args);
    HRESULT unlock(const D3DDDIARG_UNLOCK& args);
    // Keeps a resource no handle names (a blit's staging buffer) until the GPU has finished
    // the recording that last used it (Resource::markUsed).
    // Counts destroyed surfaces and resources: a Surface* or Resource* found earlier is still
    // the object its handle names while this stays the same (a repeated draw skips its lookups).
    uint64_t objectGeneration() const { return objectGeneration_; }
    void retireWhenDone(std::unique_ptr<Resource> r) {
        collectGraveyard();
        graveyard_.push_back(std::move(r));
    }

  private:
    Device() = default;
    void clearNewSurface(Surface& surface);
    // The Vulkan format of a surface of `info` (DDIVK_SURFACE_* usage): UNDEFINED for none.
    VkFormat chooseSurfaceFormat(const draw::FormatInfo& info, uint32_t usage);
    HRESULT lockBuffer(Resource& r, D3DDDIARG_LOCK& args);
    HRESULT lockTexture(Resource& r, D3DDDIARG_LOCK& args);
    // Locks of render targets (device_surface_lock.cpp): the pixels read back into a CPU copy
    // in D3D9's layout, written back at Unlock unless the lock was READONLY.
    HRESULT lockSurface(Surface& surface, D3DDDIARG_LOCK& args);
    HRESULT unlockSurface(Surface& surface, const D3DDDIARG_UNLOCK& args);
    // Render-target and depth textures (device_target_textures.cpp): the texture takes handle h
    // and its subresources' Surfaces h + 1 + index.
    HRESULT createTargetTexture(D3DDDIARG_CREATERESOURCE& args, ResourceKind kind, TextureUse use,
                                const draw::FormatInfo& info, VkFormat vkFormat, uint32_t levels);
    HRESULT destroyTargetTexture(uint32_t handle);
    // Frees resources destroyed while the GPU still read them, once it is done.
    void collectGraveyard();
    // Records `surface` copied into gamma.frame and put through the ramp (present_gamma.cpp);
    // the frame is left in TRANSFER_SRC_OPTIMAL for the present's blit. Throws vk::Error.
    vk::Image& applyGamma(Surface& surface, PresentGamma& gamma);

    state::VsRegisterLimits vsRegisters_ = state::kHardwareVsRegisters;
    std::unique_ptr<vk::Device> vulkan_;
    std::unique_ptr<vk::PipelineCacheFile> pipelineCache_; // on disk between runs (DDIVK_PIPELINE_CACHE)
    std::unique_ptr<draw::ProgramPipelineCache> programPipelines_;
    std::unique_ptr<draw::SamplerCache> samplers_;
    draw::SamplerSupport samplerSupport_;
    std::unique_ptr<Resource> emptyTextures_[3];
    std::unique_ptr<Resource> emptyShadowMap_;
    std::unique_ptr<Resource> zeroVertexBuffer_;
    DrawOptions drawOptions_;
    draw::DynamicSupport dynamicSupport_; // what the Vulkan device offers
    std::array<uint8_t, 256> formatBlends_{}; // per core VkFormat: 0 not asked yet, 1 no, 2 yes
    shader::TranslationCache translations_;
    std::unique_ptr<CommandContext> commands_;
    std::unique_ptr<query::QueryEngine> queries_;
    std::unique_ptr<StreamOutput> streamOutput_;
    std::unique_ptr<StreamOutput> processVerticesCapture_;
    std::unique_ptr<vk::GammaPass> gammaPass_; // made at the first present through a ramp
    std::unique_ptr<vk::SampleCopyPass> sampleCopyPass_; // made at the first copy into samples
    std::unordered_map<uint32_t, std::unique_ptr<Surface>> surfaces_;
    std::unordered_map<uint32_t, std::unique_ptr<Resource>> resources_;
    std::vector<std::unique_ptr<Resource>> graveyard_; // destroyed, the GPU may still read them
    // Surfaces locked now: the CPU copy handed out and the lock's D3DDDI_LOCK_* flags.
    struct SurfaceLock {
        std::vector<std::byte> pixels;
        uint32_t flags = 0;
    };
    std::unordered_map<uint32_t, SurfaceLock> surfaceLocks_;
    uint32_t nextSurfaceHandle_ = 1;
    uint64_t objectGeneration_ = 0;
    util::Mutex mutex_;
};

} // namespace ddivk::device

#include "device/device.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <string_view>

#include "device/fill_format.h"
#include "util/config.h"
#include "util/log.h"
#include "vk/error.h"
#include "vk/memory.h"
#include "vk/queue.h"
#include "vk/sample_counts.h"

namespace ddivk::device {
namespace {

// The Vulkan format for a D3D format used as `usage`, honouring the table's fallback when the
// device cannot render to the preferred one; VK_FORMAT_UNDEFINED when neither works.
VkFormat chooseFormat(vk::Device& device, const draw::FormatInfo& info, uint32_t usage) {
    VkFormatFeatureFlags need = usage == DDIVK_SURFACE_DEPTHSTENCIL
                                    ? VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT
                                    : VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT;
    need |= VK_FORMAT_FEATURE_TRANSFER_SRC_BIT | VK_FORMAT_FEATURE_TRANSFER_DST_BIT;
    for (VkFormat f : {info.vkFormat, info.vkFallback}) {
        if (f == VK_FORMAT_UNDEFINED) continue;
        VkFormatProperties props{};
        vkGetPhysicalDeviceFormatProperties(device.physicalDevice(), f, &props);
        if ((props.optimalTilingFeatures & need) == need) {
            if (f != info.vkFormat) DDIVK_INFO("%s: using fallback Vulkan format %d", info.name, int(f));
            return f;
        }
    }
    return VK_FORMAT_UNDEFINED;
}

Device::DrawOptions readDrawOptions(const vk::Caps& caps) {
    Device::DrawOptions o;
    const char* divider = config::get("DDIVK_DIVIDER_MODE");
    o.dividerMode = !(divider && std::string_view(divider) == "0");
    const char* force = config::get("DDIVK_FORCE_VERTEX_FETCH_FALLBACK");
    o.forceFetchFallback = force && std::string_view(force) == "1";
    const char* dynamic = config::get("DDIVK_DYNAMIC_PIPELINE_STATE");
    o.dynamicPipelineState = !(dynamic && std::string_view(dynamic) == "0");
    const char* depthOut = config::get("DDIVK_UNUSED_DEPTH_OUT");
    o.unusedDepthOut = depthOut && (std::string_view(depthOut) == "0" || std::string_view(depthOut) == "1")
                           ? std::string_view(depthOut) == "1"
                           : caps.driverId == VK_DRIVER_ID_MESA_LLVMPIPE;
    return o;
}

} // namespace

Resource& Device::emptyTexture(ResourceKind kind) {
    const int i = kind == ResourceKind::CubeTexture ? 1 : kind == ResourceKind::VolumeTexture ? 2 : 0;
    if (!emptyTextures_[i]) {
        const draw::FormatInfo& format = *draw::findFormat(D3DFMT_A8R8G8B8);
        auto r = Resource::createTexture(*vulkan_, 0, i == 0 ? ResourceKind::Texture2D : kind, format,
                                         format.vkFormat, 1, 1, 1, 1, 0);
        for (uint32_t s = 0; s < r->subresourceCount(); ++s) {
            const uint32_t opaqueBlack = 0xFF000000u; // A8R8G8B8: (0, 0, 0, 1)
            std::memcpy(r->texels(s), &opaqueBlack, 4);
            r->upload(*commands_, *vulkan_, s);
        }
        emptyTextures_[i] = std::move(r);
    }
    return *emptyTextures_[i];
}

Resource& Device::zeroVertexBuffer() {
    if (!zeroVertexBuffer_) {
        constexpr uint64_t kBytes = 65536 + 16;
        auto r = Resource::createBuffer(*vulkan_, 0, ResourceKind::VertexBuffer, kBytes, 0);
        std::memset(r->bufferData(), 0, kBytes);
        zeroVertexBuffer_ = std::move(r);
    }
    return *zeroVertexBuffer_;
}

Resource& Device::emptyShadowMap() {
    if (!emptyShadowMap_) {
        const draw::FormatInfo& format = *draw::findFormat(D3DFMT_D16);
        auto r = Resource::createTexture(*vulkan_, 0, ResourceKind::Texture2D, format, format.vkFormat, 1, 1,
                                         1, 1, 0, TextureUse::DepthStencil);
        commands_->endRendering();
        r->transition(*commands_, *vulkan_, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
        const VkClearDepthStencilValue far{1.0f, 0};
        const VkImageSubresourceRange range = r->image().fullRange();
        vkCmdClearDepthStencilImage(commands_->commands(), r->image().handle(),
                                    VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &far, 1, &range);
        r->markUsed(commands_->recordingSerial());
        emptyShadowMap_ = std::move(r);
    }
    return *emptyShadowMap_;
}

std::unique_ptr<Device> Device::create(const std::optional<std::string>& selector,
                                       const state::VsRegisterLimits& vsRegisters) {
    std::unique_ptr<Device> device(new Device());
    device->vsRegisters_ = vsRegisters;
    vk::DeviceOptions options;
    options.selector = selector;
    device->vulkan_ = vk::Device::create(options);
    device->pipelineCache_ = std::make_unique<vk::PipelineCacheFile>(*device->vulkan_);
    if (device->vulkan_->caps().pushDescriptor)
        device->programPipelines_ =
            std::make_unique<draw::ProgramPipelineCache>(device->vulkan_->handle(), device->pipelineCache_->handle());
    device->samplerSupport_ = draw::samplerSupport(*device->vulkan_);
    device->samplers_ = std::make_unique<draw::SamplerCache>(device->vulkan_->handle(), device->samplerSupport_);
    device->drawOptions_ = readDrawOptions(device->vulkan_->caps());
    device->dynamicSupport_ = draw::dynamicSupport(device->vulkan_->functions());
    if (!device->dynamicSupport_.depthStencil || !device->dynamicSupport_.blend)
        DDIVK_INFO("pipelines hold %s%s as static state (no extended dynamic state for them)",
                   device->dynamicSupport_.depthStencil ? "" : "cull, depth and stencil states ",
                   device->dynamicSupport_.blend ? "" : "blending");
    device->commands_ = std::make_unique<CommandContext>(*device->vulkan_);
    device->queries_ = std::make_unique<query::QueryEngine>(*device->vulkan_, *device->commands_);
    if (device->vulkan_->caps().transformFeedback && device->vulkan_->functions().cmdBeginTransformFeedback) {
        device->streamOutput_ = std::make_unique<StreamOutput>(*device->vulkan_);
        device->processVerticesCapture_ = std::make_unique<StreamOutput>(*device->vulkan_);
    }
    device->commands_->setQueryEngine(device->queries_.get());
    return device;
}

Device::~Device() {
    // The command stream waits for the GPU before surfaces and pipelines go away; the query
    // engine's pools go once that wait is over.
    if (commands_) {
        vulkan_->queue().wait(commands_->flush());
        commands_->setQueryEngine(nullptr);
    }
    queries_.reset();
    commands_.reset();
    graveyard_.clear();
    surfaces_.clear(); // (views of render-target textures' subresources go before the textures)
    resources_.clear();
    for (auto& t : emptyTextures_)
        t.reset();
    emptyShadowMap_.reset();
    samplers_.reset();
    programPipelines_.reset();
    pipelineCache_.reset(); // saves the pipelines to disk
}

HRESULT Device::createSurface(const ddivk_surface_desc& desc, uint32_t* handle) {
    if (!handle) return D3DERR_INVALIDCALL;
    const draw::FormatInfo* info = draw::findFormat(desc.format);
    uint32_t maxSize = vulkan_->limits().maxImageDimension2D;
    bool usageOk = (desc.usage == DDIVK_SURFACE_RENDERTARGET && info && info->renderTarget) ||
                   (desc.usage == DDIVK_SURFACE_DEPTHSTENCIL && info && info->depthStencil);
    if (!usageOk || desc.width == 0 || desc.height == 0 || desc.width > maxSize || desc.height > maxSize ||
        desc.samples > 64)
        return D3DERR_INVALIDCALL;
    const uint32_t samples = std::max(desc.samples, 1u);
    if (!draw::hasStorage(*info)) { // D3DFMT_NULL: a size, no image, nothing to clear
        if (samples > 1 && !(vulkan_->limits().framebufferNoAttachmentsSampleCounts & samples))
            return D3DERR_NOTAVAILABLE;
        const uint32_t h = nextSurfaceHandle_++;
        surfaces_.emplace(h, std::make_unique<Surface>(h, *info, desc.width, desc.height, samples));
        *handle = h;
        return S_OK;
    }
    VkFormat format = chooseSurfaceFormat(*info, desc.usage);
    if (format == VK_FORMAT_UNDEFINED) return D3DERR_NOTAVAILABLE;
    if (samples > 1 && !(vk::surfaceSampleCounts(vulkan_->physicalDevice(), format,
                                                 desc.usage == DDIVK_SURFACE_DEPTHSTENCIL) &
                         samples)) {
        DDIVK_WARN_ONCE("%s: %u samples per pixel are not available (D3DERR_NOTAVAILABLE)", info->name,
                        samples);
        return D3DERR_NOTAVAILABLE;
    }

    vk::ImageDesc image;
    image.format = format;
    image.extent = {desc.width, desc.height, 1};
    image.samples = VkSampleCountFlagBits(samples);
    // D3DRS_SRGBWRITEENABLE renders through a view in the format's sRGB twin.
    if (desc.usage == DDIVK_SURFACE_RENDERTARGET)
        if (const VkFormat srgb = draw::srgbTwin(format); srgb != VK_FORMAT_UNDEFINED) {
            VkFormatProperties props{};
            vkGetPhysicalDeviceFormatProperties(vulkan_->physicalDevice(), srgb, &props);
            if (props.optimalTilingFeatures & VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BLEND_BIT) image.alternateViewFormat = srgb;
        }
    image.usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT |
                  (desc.usage == DDIVK_SURFACE_DEPTHSTENCIL ? VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT
                                                            : VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT);
    uint32_t h = nextSurfaceHandle_++;
    auto surface = std::make_unique<Surface>(h, *info, format, desc.usage,
                                             vk::Image::create(vulkan_->allocator(), image));
    clearNewSurface(*surface);
    surfaces_.emplace(h, std::move(surface));
    *handle = h;
    return S_OK;
}

bool Device::formatBlends(VkFormat format) {
    auto ask = [&] {
        VkFormatProperties props{};
        vkGetPhysicalDeviceFormatProperties(vulkan_->physicalDevice(), format, &props);
        return (props.optimalTilingFeatures & VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BLEND_BIT) != 0;
    };
    if (uint32_t(format) >= formatBlends_.size()) return ask(); // (extension formats: none are targets)
    uint8_t& known = formatBlends_[format];
    if (!known) known = ask() ? 2 : 1;
    return known == 2;
}

VkFormat Device::chooseSurfaceFormat(const draw::FormatInfo& info, uint32_t usage) {
    return chooseFormat(*vulkan_, info, usage);
}

// D3D leaves new surface contents undefined; we start them at zero (depth 1) so that replays
// and tests are deterministic.
void Device::clearNewSurface(Surface& surface) {
    commands_->endRendering();
    commands_->transition(surface, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
    VkImageSubresourceRange range = surface.image().fullRange();
    if (surface.isDepthStencil()) {
        VkClearDepthStencilValue value{1.0f, 0};
        vkCmdClearDepthStencilImage(commands_->commands(), surface.image().handle(),
                                    VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &value, 1, &range);
    } else {
        // X formats keep alpha at 1 so that DESTALPHA blending reads it as D3D9 does.
        VkClearColorValue value{};
        value.float32[3] = surface.format().ignoresAlpha ? 1.0f : 0.0f;
        vkCmdClearColorImage(commands_->commands(), surface.image().handle(),
                             VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &value, 1, &range);
    }
}

HRESULT Device::destroySurface(uint32_t handle) {
    auto it = surfaces_.find(handle);
    // A subresource of a render-target texture goes with its texture.
    if (it == surfaces_.end() || it->second->texture()) return D3DERR_INVALIDCALL;
    // Rare: wait for the GPU rather than keep a deferred-destruction list for surfaces.
    if (commands_->renders(it->second.get())) commands_->endRendering();
    vulkan_->queue().wait(commands_->flush());
    surfaceLocks_.erase(handle);
    surfaces_.erase(it);
    ++objectGeneration_;
    return S_OK;
}

Surface* Device::findSurface(uint32_t handle) {
    auto it = surfaces_.find(handle);
    return it == surfaces_.end() ? nullptr : it->second.get();
}

HRESULT Device::readSurface(uint32_t handle, void* pixels, uint32_t pitch, uint64_t size) {
    Surface* surface = findSurface(handle);
    if (!surface || !pixels) return D3DERR_INVALIDCALL;
    // Depth formats have no defined CPU layout in D3D9 unless lockable (D16_LOCKABLE: 16-bit
    // integers, D32F_LOCKABLE: floats).
    // NULL surfaces have no pixels. Multisampled depth has no resolve to read.
    if ((surface->isDepthStencil() && (!lockableDepth(surface->format()) || surface->samples() > 1)) ||
        !surface->hasImage())
        return D3DERR_INVALIDCALL;
    const VkImageAspectFlags aspect =
        surface->isDepthStencil() ? VK_IMAGE_ASPECT_DEPTH_BIT : VK_IMAGE_ASPECT_COLOR_BIT;
    const uint32_t bpp = surface->format().bytesPerPixel;
    const uint64_t rowBytes = uint64_t(surface->width()) * bpp;
    if (pitch < rowBytes || uint64_t(pitch) * (surface->height() - 1) + rowBytes > size)
        return D3DERR_INVALIDCALL;

    vk::Buffer staging = vk::Buffer::create(vulkan_->allocator(), rowBytes * surface->height(),
                                            VK_BUFFER_USAGE_TRANSFER_DST_BIT, vk::MemoryUsage::Readback);
    commands_->endRendering();
    surface = resolve(*surface); // (a multisampled surface's pixels: its resolve)
    commands_->transition(*surface, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
    VkBufferImageCopy region{};
    region.imageSubresource = surface->layers(aspect);
    region.imageExtent = {surface->width(), surface->height(), 1};
    vkCmdCopyImageToBuffer(commands_->commands(), surface->image().handle(),
                           VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, staging.handle(), 1, &region);
    // Make the transfer write visible to the host read below.
    VkMemoryBarrier toHost{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
    toHost.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
    toHost.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
    vkCmdPipelineBarrier(commands_->commands(), VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0,
                         1, &toHost, 0, nullptr, 0, nullptr);
    vulkan_->queue().wait(commands_->flush());
    staging.allocation().invalidate();

    const auto* src = staging.data<const uint8_t>();
    auto* dst = static_cast<uint8_t*>(pixels);
    for (uint32_t y = 0; y < surface->height(); ++y) {
        uint8_t* row = dst + uint64_t(y) * pitch;
        std::memcpy(row, src + y * rowBytes, rowBytes);
        // X formats: the X bits are not part of the image; report them as opaque.
        setXAlphaBits(surface->format().d3dFormat, bpp, row, rowBytes);
    }
    return S_OK;
}

HRESULT Device::flip(uint32_t handle) {
    Surface* surface = findSurface(handle);
    if (!surface || !surface->hasImage()) return D3DERR_INVALIDCALL; // a NULL surface shows nothing
    commands_->flush();
    // Headless presentation: the flip completes when the GPU has finished everything recorded
    // before it (window-system presentation comes with the d3d9.dll front end).
    surface->setFlipValue(vulkan_->queue().submit(std::span<const VkCommandBuffer>{}));
    return S_OK;
}

bool Device::flipInProgress(const Surface& surface) const {
    return surface.flipValue() != 0 && !vulkan_->queue().isComplete(surface.flipValue());
}

} // namespace ddivk::device

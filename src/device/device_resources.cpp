// Resources of the UMD door: CreateResource, DestroyResource, Lock and Unlock (resource.h says
// how buffers and textures keep their memory). Every check runs before anything changes: a
// failing call leaves the device as it was.
#include <algorithm>
#include <cstring>

#include "device/device.h"
#include "util/log.h"
#include "vk/queue.h"
#include "vk/sample_counts.h"

namespace ddivk::device {
namespace {

constexpr uint32_t kBufferFlags = D3DDDI_RESOURCE_VERTEXBUFFER | D3DDDI_RESOURCE_INDEXBUFFER;
constexpr uint32_t kSurfaceFlags = D3DDDI_RESOURCE_RENDERTARGET | D3DDDI_RESOURCE_ZBUFFER;
constexpr uint32_t kTextureFlags = D3DDDI_RESOURCE_TEXTURE | D3DDDI_RESOURCE_CUBEMAP | D3DDDI_RESOURCE_VOLUME;

// The Vulkan format a texture of `info` samples from (and renders to, for render-target and
// depth textures): the preferred one, else the fallback.
VkFormat sampledFormat(vk::Device& device, const draw::FormatInfo& info, bool volume, TextureUse use) {
    const VkFormatFeatureFlags need =
        VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT | VK_FORMAT_FEATURE_TRANSFER_DST_BIT |
        (use == TextureUse::RenderTarget
             ? VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT | VK_FORMAT_FEATURE_TRANSFER_SRC_BIT
         : use == TextureUse::DepthStencil
             ? VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT | VK_FORMAT_FEATURE_TRANSFER_SRC_BIT
             : 0);
    for (VkFormat f : {info.vkFormat, info.vkFallback}) {
        if (f == VK_FORMAT_UNDEFINED) continue;
        VkFormatProperties props{};
        vkGetPhysicalDeviceFormatProperties(device.physicalDevice(), f, &props);
        if ((props.optimalTilingFeatures & need) != need) continue;
        if (volume) { // block-compressed 3D images are optional
            VkImageFormatProperties image{};
            if (vkGetPhysicalDeviceImageFormatProperties(device.physicalDevice(), f, VK_IMAGE_TYPE_3D,
                                                         VK_IMAGE_TILING_OPTIMAL,
                                                         VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
                                                         0, &image) != VK_SUCCESS)
                continue;
        }
        return f;
    }
    return VK_FORMAT_UNDEFINED;
}

uint32_t handleOf(HANDLE h) {
    const uintptr_t v = reinterpret_cast<uintptr_t>(h);
    return v > UINT32_MAX ? 0 : uint32_t(v);
}

} // namespace

HRESULT Device::createResource(D3DDDIARG_CREATERESOURCE& args) {
    collectGraveyard();
    const uint32_t flags = args.Flags.Value;
    if (!args.pSurfList || args.SurfCount == 0) return D3DERR_INVALIDCALL;
    if (args.MultisampleType > 16) return D3DERR_INVALIDCALL;
    const D3DDDI_SURFACEINFO& top = args.pSurfList[0];
    // Only render-target and depth surfaces (not textures, not buffers) are multisampled.
    const bool multisampled = args.MultisampleType != 0;
    if (multisampled && (!(flags & kSurfaceFlags) || (flags & (kTextureFlags | kBufferFlags))))
        return D3DERR_INVALIDCALL;
    if (!multisampled && args.MultisampleQuality != 0) return D3DERR_INVALIDCALL;

    // Buffers.
    if (flags & kBufferFlags) {
        if ((flags & kBufferFlags) == kBufferFlags || (flags & (kSurfaceFlags | kTextureFlags)) ||
            args.SurfCount != 1 || top.Width == 0)
            return D3DERR_INVALIDCALL;
        const ResourceKind kind =
            (flags & D3DDDI_RESOURCE_VERTEXBUFFER) ? ResourceKind::VertexBuffer : ResourceKind::IndexBuffer;
        const uint32_t h = nextSurfaceHandle_;
        auto r = Resource::createBuffer(*vulkan_, h, kind, top.Width, flags);
        if (top.pSysMem) std::memcpy(r->bufferData(), top.pSysMem, top.Width);
        resources_.emplace(h, std::move(r));
        ++nextSurfaceHandle_;
        args.hResource = reinterpret_cast<HANDLE>(uintptr_t(h));
        return S_OK;
    }

    if ((flags & kSurfaceFlags) == kSurfaceFlags) return D3DERR_INVALIDCALL;
    // Render targets and depth-stencil surfaces (not textures): the surfaces DP2 draws into.
    if ((flags & kSurfaceFlags) && !(flags & kTextureFlags)) {
        if (args.SurfCount != 1) return D3DERR_INVALIDCALL;
        ddivk_surface_desc desc{top.Width, top.Height, args.Format,
                                (flags & D3DDDI_RESOURCE_ZBUFFER) ? uint32_t(DDIVK_SURFACE_DEPTHSTENCIL)
                                                                  : uint32_t(DDIVK_SURFACE_RENDERTARGET),
                                1};
        if (multisampled) {
            // The type and quality name a count of the format's (NONMASKABLE: by quality).
            const draw::FormatInfo* info = draw::findFormat(args.Format);
            const VkSampleCountFlags counts =
                !info ? 0
                : draw::hasStorage(*info)
                    ? vk::surfaceSampleCounts(vulkan_->physicalDevice(),
                                              chooseSurfaceFormat(*info, desc.usage),
                                              desc.usage == DDIVK_SURFACE_DEPTHSTENCIL)
                    : vulkan_->limits().framebufferNoAttachmentsSampleCounts & ~VkSampleCountFlags(1);
            desc.samples = vk::sampleCountOf(counts, args.MultisampleType, args.MultisampleQuality);
            if (desc.samples == 0) {
                DDIVK_WARN_ONCE("CreateResource: multisample type %u quality %u of %s is not available",
                                args.MultisampleType, args.MultisampleQuality, info ? info->name : "?");
                return D3DERR_NOTAVAILABLE;
            }
        }
        uint32_t h = 0;
        HRESULT hr = createSurface(desc, &h);
        if (succeeded(hr)) args.hResource = reinterpret_cast<HANDLE>(uintptr_t(h));
        return hr;
    }

    // Textures (and plain surfaces, as one-level 2D textures), render-target and depth
    // textures among them.
    const ResourceKind kind = (flags & D3DDDI_RESOURCE_CUBEMAP)  ? ResourceKind::CubeTexture
                              : (flags & D3DDDI_RESOURCE_VOLUME) ? ResourceKind::VolumeTexture
                                                                 : ResourceKind::Texture2D;
    const TextureUse use = (flags & D3DDDI_RESOURCE_RENDERTARGET) ? TextureUse::RenderTarget
                           : (flags & D3DDDI_RESOURCE_ZBUFFER)    ? TextureUse::DepthStencil
                                                                  : TextureUse::Sampled;
    const draw::FormatInfo* info = draw::findFormat(args.Format);
    if (!info || !draw::hasStorage(*info) || info->depthStencil != (use == TextureUse::DepthStencil) ||
        (use == TextureUse::RenderTarget && !info->renderTarget) ||
        (use != TextureUse::Sampled && kind == ResourceKind::VolumeTexture))
        return D3DERR_INVALIDCALL;
    // Depth textures: INTZ samples its depth (into every channel); D16 / D24X8 / D24S8 are 2D
    // shadow maps whose lookups compare (draw::comparesDepth). Other depth formats, and cube
    // shadow maps, which D3D9 drivers do not offer either, are not textures.
    if (use == TextureUse::DepthStencil && !draw::samplesDepth(*info) &&
        !(draw::comparesDepth(*info) && kind == ResourceKind::Texture2D)) {
        DDIVK_WARN_ONCE("CreateResource: no %s depth texture of %s (INTZ and 2D D16 / D24X8 / D24S8 are)",
                        kind == ResourceKind::CubeTexture ? "cube" : "2D", info->name);
        return D3DERR_NOTAVAILABLE;
    }
    const uint32_t faces = kind == ResourceKind::CubeTexture ? 6 : 1;
    const uint32_t levels = args.MipLevels ? args.MipLevels : args.SurfCount / faces;
    if (levels == 0 || args.SurfCount != levels * faces) return D3DERR_INVALIDCALL;
    const uint32_t depth = kind == ResourceKind::VolumeTexture ? top.Depth : 1;
    const VkPhysicalDeviceLimits& limits = vulkan_->limits();
    const uint32_t maxSize = kind == ResourceKind::VolumeTexture ? limits.maxImageDimension3D
                             : kind == ResourceKind::CubeTexture ? limits.maxImageDimensionCube
                                                                 : limits.maxImageDimension2D;
    if (top.Width == 0 || top.Height == 0 || depth == 0 || top.Width > maxSize || top.Height > maxSize ||
        depth > maxSize || (kind == ResourceKind::CubeTexture && top.Width != top.Height))
        return D3DERR_INVALIDCALL;
    // Level l of a face is max(1, size >> l), as D3D9 makes its mip chains.
    if (levels > 32 || ((top.Width >> (levels - 1)) == 0 && (top.Height >> (levels - 1)) == 0 &&
                        (depth >> (levels - 1)) == 0))
        return D3DERR_INVALIDCALL;
    for (uint32_t i = 0; i < args.SurfCount; ++i) {
        const D3DDDI_SURFACEINFO& s = args.pSurfList[i];
        const uint32_t l = i % levels;
        if (s.Width != std::max(1u, top.Width >> l) || s.Height != std::max(1u, top.Height >> l) ||
            (kind == ResourceKind::VolumeTexture && s.Depth != std::max(1u, depth >> l)))
            return D3DERR_INVALIDCALL;
    }
    const VkFormat vkFormat = sampledFormat(*vulkan_, *info, kind == ResourceKind::VolumeTexture, use);
    if (vkFormat == VK_FORMAT_UNDEFINED) return D3DERR_NOTAVAILABLE;
    if (use != TextureUse::Sampled) return createTargetTexture(args, kind, use, *info, vkFormat, levels);

    const uint32_t h = nextSurfaceHandle_;
    auto r = Resource::createTexture(*vulkan_, h, kind, *info, vkFormat, top.Width, top.Height, depth, levels, flags);
    // The initial contents' pitches, all checked before anything is recorded (a failing call
    // must leave nothing behind, no copy into an image about to go).
    for (uint32_t i = 0; i < args.SurfCount; ++i) {
        const D3DDDI_SURFACEINFO& s = args.pSurfList[i];
        const SubresourceLayout& sub = r->subresource(i);
        const uint64_t pitch = s.SysMemPitch ? s.SysMemPitch : sub.pitch;
        const uint64_t slicePitch = s.SysMemSlicePitch ? s.SysMemSlicePitch : pitch * sub.rows;
        if (s.pSysMem && (pitch < sub.pitch || slicePitch < pitch * sub.rows)) return D3DERR_INVALIDCALL;
    }
    // Initial contents (row by row: the caller's pitch may be wider), then every subresource
    // goes to the image so that it is never undefined. Should recording fail half way, the
    // copies already recorded keep the image alive until the GPU is done (the graveyard).
    struct KeepRecorded {
        Device& device;
        std::unique_ptr<Resource>& resource;
        ~KeepRecorded() {
            if (resource) device.graveyard_.push_back(std::move(resource));
        }
    } keep{*this, r};
    for (uint32_t i = 0; i < args.SurfCount; ++i) {
        const D3DDDI_SURFACEINFO& s = args.pSurfList[i];
        const SubresourceLayout& sub = r->subresource(i);
        if (s.pSysMem) {
            const uint32_t pitch = s.SysMemPitch ? s.SysMemPitch : sub.pitch;
            const uint32_t slicePitch = s.SysMemSlicePitch ? s.SysMemSlicePitch : pitch * sub.rows;
            for (uint32_t z = 0; z < sub.depth; ++z)
                for (uint32_t y = 0; y < sub.rows; ++y)
                    std::memcpy(r->texels(i) + size_t(z) * sub.slicePitch + size_t(y) * sub.pitch,
                                static_cast<const std::byte*>(s.pSysMem) + size_t(z) * slicePitch + size_t(y) * pitch,
                                sub.pitch);
        }
        r->upload(*commands_, *vulkan_, i);
    }
    resources_.emplace(h, std::move(r)); // (leaves `r` empty: nothing for `keep` to park)
    ++nextSurfaceHandle_;
    args.hResource = reinterpret_cast<HANDLE>(uintptr_t(h));
    return S_OK;
}

HRESULT Device::destroyResource(uint32_t handle) {
    auto it = resources_.find(handle);
    if (it == resources_.end()) return destroySurface(handle);
    if (it->second->gpuOnly()) return destroyTargetTexture(handle);
    if (streamOutput_) streamOutput_->forget(it->second.get());
    if (processVerticesCapture_) processVerticesCapture_->forget(it->second.get());
    // The GPU may still read it (or memory a DISCARD renamed away): keep it until then, without
    // waiting.
    if (const uint64_t last = it->second->lastUseSerial(); commands_->busy(last)) {
        if (commands_->completionValue(last) == 0) commands_->flush();
        graveyard_.push_back(std::move(it->second));
    }
    resources_.erase(it);
    ++objectGeneration_;
    collectGraveyard();
    return S_OK;
}

void Device::collectGraveyard() {
    std::erase_if(graveyard_,
                  [&](const std::unique_ptr<Resource>& r) { return !commands_->busy(r->lastUseSerial()); });
}

Resource* Device::findResource(uint32_t handle) {
    auto it = resources_.find(handle);
    return it == resources_.end() ? nullptr : it->second.get();
}

HRESULT Device::lock(D3DDDIARG_LOCK& args) {
    Resource* r = findResource(handleOf(args.hResource));
    if (!r) {
        // Render targets and depth surfaces (device_surface_lock.cpp).
        if (Surface* s = findSurface(handleOf(args.hResource))) return lockSurface(*s, args);
        return D3DERR_INVALIDCALL;
    }
    const uint32_t flags = args.Flags.Value;
    // D3D9's rules: a read-only lock cannot discard; render-target and depth textures do not lock.
    if (((flags & D3DDDI_LOCK_READONLY) && (flags & D3DDDI_LOCK_DISCARD)) || r->gpuOnly())
        return D3DERR_INVALIDCALL;
    if (args.SubResourceIndex >= (r->isBuffer() ? 1u : r->subresourceCount()) ||
        r->lockFlags(args.SubResourceIndex))
        return D3DERR_INVALIDCALL;
    HRESULT hr = r->isBuffer() ? lockBuffer(*r, args) : lockTexture(*r, args);
    if (hr == S_OK) r->setLock(args.SubResourceIndex, flags);
    return hr;
}

HRESULT Device::lockBuffer(Resource& r, D3DDDIARG_LOCK& args) {
    const uint32_t flags = args.Flags.Value;
    uint64_t offset = 0;
    if (flags & D3DDDI_LOCK_RANGEVALID) {
        if (args.Range.Offset > r.size() || args.Range.Size > r.size() - args.Range.Offset) return D3DERR_INVALIDCALL;
        offset = args.Range.Offset;
    }
    if (flags & D3DDDI_LOCK_DISCARD) {
        // Rename: draws recorded so far keep reading the old memory.
        r.discard(vulkan_->allocator(), [&](uint64_t serial) { return commands_->busy(serial); });
    } else if (!(flags & D3DDDI_LOCK_NOOVERWRITE) && commands_->busy(r.useSerial())) {
        // A plain lock sees the buffer after every draw recorded before it.
        if (flags & D3DDDI_LOCK_DONOTWAIT) {
            if (commands_->completionValue(r.useSerial()) == 0) commands_->flush();
            return D3DERR_WASSTILLDRAWING;
        }
        commands_->waitFor(r.useSerial());
    }
    args.pSurfData = static_cast<std::byte*>(r.bufferData()) + offset;
    args.Pitch = args.SlicePitch = 0;
    return S_OK;
}

HRESULT Device::lockTexture(Resource& r, D3DDDIARG_LOCK& args) {
    const uint32_t flags = args.Flags.Value;
    const SubresourceLayout& s = r.subresource(args.SubResourceIndex);
    const uint32_t block = r.format()->blockSize;
    uint32_t left = 0, top = 0, front = 0;
    if (flags & (D3DDDI_LOCK_AREAVALID | D3DDDI_LOCK_BOXVALID)) {
        const bool box = (flags & D3DDDI_LOCK_BOXVALID) != 0;
        const int64_t l = box ? args.Box.Left : args.Area.left, t = box ? args.Box.Top : args.Area.top;
        const int64_t rt = box ? args.Box.Right : args.Area.right, b = box ? args.Box.Bottom : args.Area.bottom;
        const int64_t f = box ? args.Box.Front : 0, k = box ? args.Box.Back : 1;
        // Inside the subresource, not empty, and on block boundaries for DXT.
        if (l < 0 || t < 0 || l >= rt || t >= b || rt > s.width || b > s.height || f >= k || k > s.depth ||
            l % block || t % block)
            return D3DERR_INVALIDCALL;
        left = uint32_t(l);
        top = uint32_t(t);
        front = uint32_t(f);
    }
    if (r.cpuStale(args.SubResourceIndex)) {
        // A blit wrote the subresource on the GPU: read it back after the work before this lock
        // (a DISCARD lock overwrites it all, and Unlock uploads the new contents).
        if (flags & D3DDDI_LOCK_DISCARD) {
            r.setCpuStale(args.SubResourceIndex, false);
        } else if ((flags & D3DDDI_LOCK_DONOTWAIT) && commands_->busy(r.useSerial())) {
            if (commands_->completionValue(r.useSerial()) == 0) commands_->flush();
            return D3DERR_WASSTILLDRAWING;
        } else {
            r.readBack(*commands_, *vulkan_, args.SubResourceIndex);
        }
    }
    args.pSurfData = r.texels(args.SubResourceIndex) + size_t(front) * s.slicePitch + size_t(top / block) * s.pitch +
                     size_t(left / block) * r.format()->bytesPerPixel;
    args.Pitch = s.pitch;
    args.SlicePitch = s.slicePitch;
    return S_OK;
}

HRESULT Device::unlock(const D3DDDIARG_UNLOCK& args) {
    Resource* r = findResource(handleOf(args.hResource));
    if (!r) {
        if (Surface* s = findSurface(handleOf(args.hResource))) return unlockSurface(*s, args);
        return D3DERR_INVALIDCALL;
    }
    if (args.SubResourceIndex >= (r->isBuffer() ? 1u : r->subresourceCount())) return D3DERR_INVALIDCALL;
    const std::optional<uint32_t> flags = r->lockFlags(args.SubResourceIndex);
    if (!flags) return D3DERR_INVALIDCALL;
    // Buffers are coherent memory the GPU reads directly; textures copy what was written.
    if (!r->isBuffer() && !(*flags & D3DDDI_LOCK_READONLY)) {
        // The first such unlock uploads every subresource: the CPU copy lies as D3D9's managed
        // and system-memory textures do, levels packed after level 0, and a program may write
        // them all through level 0's lock before the texture's first use; Windows draws them
        // (Wine's test_mipmap_upload). Subresources locked or written on the GPU are left.
        if (!r->writtenByLock()) {
            for (uint32_t i = 0; i < r->subresourceCount(); ++i)
                if (i != args.SubResourceIndex && !r->lockFlags(i) && !r->cpuStale(i))
                    r->upload(*commands_, *vulkan_, i);
            r->noteWrittenByLock();
        }
        r->upload(*commands_, *vulkan_, args.SubResourceIndex);
    }
    r->setLock(args.SubResourceIndex, std::nullopt);
    return S_OK;
}

} // namespace ddivk::device

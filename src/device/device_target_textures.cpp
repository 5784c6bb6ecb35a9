// Render-target and depth textures: textures a program draws into, one subresource at a time,
// and then samples. Each subresource (mip level of a face) is a Surface with views of its own,
// named by handle like any render target: the texture is handle h, subresource i is h + 1 + i
// (the UMD door's SetRenderTarget(hResource, SubResourceIndex) names it for the program). Like
// D3D9's render-target textures they are never locked and keep no CPU copy; new ones start
// cleared (colour 0 with opaque alpha for X formats, depth 1, stencil 0) so that runs are
// deterministic.
#include "device/device.h"

#include "util/log.h"
#include "vk/barriers.h"

namespace ddivk::device {

Surface* Device::textureSurface(const Resource& texture, uint32_t index) {
    if (!texture.gpuOnly() || index >= texture.subresourceCount()) return nullptr;
    return findSurface(texture.handle() + 1 + index);
}

HRESULT Device::createTargetTexture(D3DDDIARG_CREATERESOURCE& args, ResourceKind kind, TextureUse use,
                                    const draw::FormatInfo& info, VkFormat vkFormat, uint32_t levels) {
    // Their contents come from the GPU only: no initial data, as for D3D9's default pool.
    for (uint32_t i = 0; i < args.SurfCount; ++i)
        if (args.pSurfList[i].pSysMem) return D3DERR_INVALIDCALL;
    const uint64_t count = uint64_t(args.SurfCount);
    if (uint64_t(nextSurfaceHandle_) + 1 + count > UINT32_MAX) return D3DERR_OUTOFVIDEOMEMORY;
    const D3DDDI_SURFACEINFO& top = args.pSurfList[0];
    const uint32_t h = nextSurfaceHandle_;
    std::unique_ptr<Resource> r = Resource::createTexture(*vulkan_, h, kind, info, vkFormat, top.Width,
                                                          top.Height, 1, levels, args.Flags.Value, use);
    std::vector<std::unique_ptr<Surface>> views;
    const uint32_t usage =
        use == TextureUse::DepthStencil ? DDIVK_SURFACE_DEPTHSTENCIL : DDIVK_SURFACE_RENDERTARGET;
    for (uint32_t i = 0; i < args.SurfCount; ++i)
        views.push_back(std::make_unique<Surface>(h + 1 + i, usage, *r, i, vulkan_->handle()));

    commands_->endRendering();
    r->transition(*commands_, *vulkan_, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
    const VkImageSubresourceRange range = r->image().fullRange();
    if (use == TextureUse::DepthStencil) {
        const VkClearDepthStencilValue value{1.0f, 0};
        vkCmdClearDepthStencilImage(commands_->commands(), r->image().handle(),
                                    VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &value, 1, &range);
    } else {
        VkClearColorValue value{};
        value.float32[3] = info.ignoresAlpha ? 1.0f : 0.0f; // X formats keep alpha at 1 (createSurface)
        vkCmdClearColorImage(commands_->commands(), r->image().handle(), VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                             &value, 1, &range);
    }
    r->markUsed(commands_->recordingSerial());
    for (auto& v : views)
        surfaces_.emplace(v->handle(), std::move(v));
    resources_.emplace(h, std::move(r));
    nextSurfaceHandle_ = h + 1 + args.SurfCount;
    args.hResource = reinterpret_cast<HANDLE>(uintptr_t(h));
    return S_OK;
}

HRESULT Device::destroyTargetTexture(uint32_t handle) {
    auto it = resources_.find(handle);
    Resource& r = *it->second;
    // Rare, as for surfaces: wait for the GPU rather than keep the views for later.
    for (uint32_t i = 0; i < r.subresourceCount(); ++i) {
        Surface* s = textureSurface(r, i);
        if (commands_->renders(s)) commands_->endRendering();
    }
    vulkan_->queue().wait(commands_->flush());
    for (uint32_t i = 0; i < r.subresourceCount(); ++i)
        surfaces_.erase(handle + 1 + i);
    resources_.erase(it);
    ++objectGeneration_;
    return S_OK;
}

} // namespace ddivk::device

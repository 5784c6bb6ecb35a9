// Context: the blit and fill half of the DP2 target. D3DDP2OP_BLT and SURFACEBLT copy (and BLT
// scales) rectangles between render targets, depth surfaces and texture subresources on the
// GPU; TEXBLT copies a rectangle of a texture's whole mip chain into another texture through
// their CPU copies; COLORFILL fills a rectangle with a D3DCOLOR. Each runs after the work
// recorded before it: the rendering pass ends, and barriers order the transfer after the draws.
//
// Textures keep a CPU copy beside the image (resource.h): operations that write the image on
// the GPU mark the subresource's CPU copy stale (the next Lock reads it back); operations that
// write the CPU copy upload it. Every item of a token is checked before any is applied, so a
// failing token changes nothing.
#include <algorithm>
#include <cstring>
#include <optional>
#include <set>
#include <vector>

#include "ddivk/d3d9_formats.h"
#include "device/context.h"
#include "device/ddi_boundary.h"
#include "device/fill_format.h"
#include "vk/barriers.h"

namespace ddivk::device {
namespace {

// --- Blit endpoints ------------------------------------------------------------------------------

// One side of a blit or fill: a render-target or depth surface, or one texture subresource.
struct Side {
    Surface* surface = nullptr;
    Resource* texture = nullptr;
    uint32_t subresource = 0;
    uint32_t width = 0, height = 0;
    const draw::FormatInfo* format = nullptr;
    VkFormat vkFormat = VK_FORMAT_UNDEFINED;

    VkImage image() const { return surface ? surface->image().handle() : texture->image().handle(); }
    bool depth() const { return surface && surface->isDepthStencil(); }
    VkImageSubresourceLayers layers() const {
        if (surface) return surface->layers(vk::formatAspects(vkFormat));
        const SubresourceLayout& s = texture->subresource(subresource);
        return {VK_IMAGE_ASPECT_COLOR_BIT, s.mip, s.layer, 1};
    }
};

// The surface or texture subresource a DP2 handle and level name. Surfaces have one level. A
// texture's level is its subresource index, as in the UMD door's Lock (for cube maps face *
// levels + mip: DP2 handles name whole resources here, not one face). Volume textures belong to
// VOLUMEBLT. A level of a render-target or depth texture is the Surface of that subresource.
// nullopt: nothing by that name.
std::optional<Side> findSide(Device& device, uint32_t handle, uint32_t level) {
    Side side;
    Surface* s = device.findSurface(handle);
    Resource* r = s ? nullptr : device.findResource(handle);
    if (r && r->gpuOnly()) {
        if (level >= r->subresourceCount()) return std::nullopt;
        s = device.textureSurface(*r, level);
        level = 0;
    }
    if (s) {
        if (level != 0 || !s->hasImage()) return std::nullopt; // NULL surfaces have no pixels
        side.surface = s;
        side.subresource = s->subresource(); // (two levels of one texture are two surfaces)
        side.width = s->width();
        side.height = s->height();
        side.format = &s->format();
        side.vkFormat = s->vkFormat();
        return side;
    }
    if (!r || r->isBuffer() || r->kind() == ResourceKind::VolumeTexture || level >= r->subresourceCount())
        return std::nullopt;
    side.texture = r;
    side.subresource = level;
    side.width = r->subresource(level).width;
    side.height = r->subresource(level).height;
    side.format = r->format();
    side.vkFormat = r->image().format();
    return side;
}

// Moves the side's whole image to `layout` with a barrier (also when it is there already, so
// that a transfer writing it waits for the transfers before it). Outside a rendering pass.
void enter(CommandContext& cmds, const vk::Device& vulkan, const Side& side, VkImageLayout layout) {
    if (side.texture) {
        side.texture->transition(cmds, vulkan, layout);
        return;
    }
    vk::transitionImage(vulkan, cmds.commands(), side.surface->image(), side.surface->layout(), layout);
    side.surface->setLayout(layout);
}

// --- Rectangles ----------------------------------------------------------------------------------

bool inside(const RECT& r, uint32_t width, uint32_t height) {
    return r.left >= 0 && r.top >= 0 && r.left < r.right && r.top < r.bottom && int64_t(r.right) <= width &&
           int64_t(r.bottom) <= height;
}
uint32_t rectWidth(const RECT& r) {
    return uint32_t(int64_t(r.right) - r.left);
}
uint32_t rectHeight(const RECT& r) {
    return uint32_t(int64_t(r.bottom) - r.top);
}
bool overlaps(const RECT& a, const RECT& b) {
    return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}
// Block-compressed formats copy whole 4x4 blocks: the rectangle starts on a block and ends on
// one or at the edge.
bool blockAligned(const RECT& r, const Side& side) {
    const uint32_t block = side.format->blockSize;
    if (block == 1) return true;
    return r.left % block == 0 && r.top % block == 0 &&
           (r.right % block == 0 || uint32_t(r.right) == side.width) &&
           (r.bottom % block == 0 || uint32_t(r.bottom) == side.height);
}

VkFormatFeatureFlags formatFeatures(const vk::Device& vulkan, VkFormat format) {
    VkFormatProperties props{};
    vkGetPhysicalDeviceFormatProperties(vulkan.physicalDevice(), format, &props);
    return props.optimalTilingFeatures;
}

// One checked BLT / SURFACEBLT item.
struct BltPlan {
    Side src, dst;
    RECT from, to;
    bool copy = false; // unscaled, same storage: vkCmdCopyImage (exact); else vkCmdBlitImage
    VkFilter filter = VK_FILTER_NEAREST;
};

// The D3D9 rules (IDirect3DDevice9::StretchRect) a BLT item must follow, checked before anything
// is recorded: both rectangles inside their surfaces; no stretching within one surface, nor
// overlapping rectangles on one subresource; depth-stencil surfaces only whole, unscaled, same
// format; formats the device can blit between when scaling or converting.
// Not handled yet: a blit from a format with alpha into an X surface (X8R8G8B8) carries the
// source's alpha into the X channel, which draws keep at one (Device::createSurface); reads
// report it as 0xFF, but DESTALPHA blending on that surface afterwards sees the copied alpha.
HRESULT planBlt(Device& device, uint32_t source, const RECT& from, uint32_t sourceLevel, uint32_t dest,
                const RECT& to, uint32_t destLevel, uint32_t flags, bool mayScale, BltPlan& plan) {
    std::optional<Side> src = findSide(device, source, sourceLevel);
    std::optional<Side> dst = findSide(device, dest, destLevel);
    if (!src || !dst) return D3DERR_INVALIDCALL;
    if (!inside(from, src->width, src->height) || !inside(to, dst->width, dst->height))
        return D3DERR_INVALIDCALL;
    if (!blockAligned(from, *src) || !blockAligned(to, *dst)) return D3DERR_INVALIDCALL;
    const bool scaled = rectWidth(from) != rectWidth(to) || rectHeight(from) != rectHeight(to);
    if (scaled && !mayScale) return D3DERR_INVALIDCALL; // SURFACEBLT never stretches
    if (src->image() == dst->image()) {
        if (scaled) return D3DERR_INVALIDCALL;
        if (src->subresource == dst->subresource && overlaps(from, to)) return D3DERR_INVALIDCALL;
    }
    if (src->depth() || dst->depth()) {
        const bool whole = from.left == 0 && from.top == 0 && rectWidth(from) == src->width &&
                           rectHeight(from) == src->height && to.left == 0 && to.top == 0;
        if (!src->depth() || !dst->depth() || src->vkFormat != dst->vkFormat || scaled || !whole ||
            src->width != dst->width || src->height != dst->height)
            return D3DERR_INVALIDCALL;
    }
    plan = {*src, *dst, from, to, false, VK_FILTER_NEAREST};
    plan.copy = !scaled && src->vkFormat == dst->vkFormat;
    if (!plan.copy) {
        const vk::Device& vulkan = device.vulkan();
        if (!(formatFeatures(vulkan, src->vkFormat) & VK_FORMAT_FEATURE_BLIT_SRC_BIT) ||
            !(formatFeatures(vulkan, dst->vkFormat) & VK_FORMAT_FEATURE_BLIT_DST_BIT)) {
            DDIVK_WARN_ONCE("BLT: the device cannot blit %s to %s (answering D3DERR_INVALIDCALL)",
                            src->format->name, dst->format->name);
            return D3DERR_INVALIDCALL;
        }
        // DP2BLT_LINEAR asks for linear filtering; POINT and 0 (the driver's choice) get point.
        if (flags & DP2BLT_LINEAR) {
            if (formatFeatures(vulkan, src->vkFormat) & VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT)
                plan.filter = VK_FILTER_LINEAR;
            else
                DDIVK_WARN_ONCE("BLT: %s cannot be filtered linearly; using point filtering",
                                src->format->name);
        }
    }
    return S_OK;
}

// A copy within one image (one surface, or two levels of one texture): through a staging
// buffer, image to buffer then buffer to image, so that the image is only ever in the transfer
// layouts (a copy within one subresource would need GENERAL). The buffer lives until the GPU
// is done with it (Device::retireWhenDone). Plans of one image are unscaled, same format.
void recordCopyWithinImage(Device& device, const BltPlan& p) {
    CommandContext& cmds = device.commands();
    const uint32_t block = p.src.format->blockSize;
    const uint32_t w = rectWidth(p.from), h = rectHeight(p.from);
    const uint64_t bytes =
        uint64_t((w + block - 1) / block) * ((h + block - 1) / block) * p.src.format->bytesPerPixel;
    std::unique_ptr<Resource> staging =
        Resource::createBuffer(device.vulkan(), 0, ResourceKind::VertexBuffer, bytes, 0);
    enter(cmds, device.vulkan(), p.src, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
    VkCommandBuffer cb = cmds.commands();
    VkBufferImageCopy region{};
    region.imageSubresource = p.src.layers();
    region.imageOffset = {p.from.left, p.from.top, 0};
    region.imageExtent = {w, h, 1};
    vkCmdCopyImageToBuffer(cb, p.src.image(), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, staging->buffer(), 1,
                           &region);
    // The buffer's contents reach the second copy (the image barrier below covers the image).
    VkMemoryBarrier written{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
    written.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
    written.dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT;
    vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &written,
                         0, nullptr, 0, nullptr);
    enter(cmds, device.vulkan(), p.dst, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
    region.imageSubresource = p.dst.layers();
    region.imageOffset = {p.to.left, p.to.top, 0};
    vkCmdCopyBufferToImage(cb, staging->buffer(), p.dst.image(), VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1,
                           &region);
    staging->markUsed(cmds.recordingSerial());
    device.retireWhenDone(std::move(staging));
}

void recordBlt(Device& device, const BltPlan& p) {
    CommandContext& cmds = device.commands();
    const vk::Device& vulkan = device.vulkan();
    cmds.endRendering();
    if (p.src.image() == p.dst.image()) {
        recordCopyWithinImage(device, p);
    } else {
        enter(cmds, vulkan, p.src, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
        enter(cmds, vulkan, p.dst, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
        VkCommandBuffer cb = cmds.commands();
        if (p.copy) {
            VkImageCopy region{};
            region.srcSubresource = p.src.layers();
            region.srcOffset = {p.from.left, p.from.top, 0};
            region.dstSubresource = p.dst.layers();
            region.dstOffset = {p.to.left, p.to.top, 0};
            region.extent = {rectWidth(p.from), rectHeight(p.from), 1};
            vkCmdCopyImage(cb, p.src.image(), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, p.dst.image(),
                           VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region);
        } else {
            VkImageBlit region{};
            region.srcSubresource = p.src.layers();
            region.srcOffsets[0] = {p.from.left, p.from.top, 0};
            region.srcOffsets[1] = {p.from.right, p.from.bottom, 1};
            region.dstSubresource = p.dst.layers();
            region.dstOffsets[0] = {p.to.left, p.to.top, 0};
            region.dstOffsets[1] = {p.to.right, p.to.bottom, 1};
            vkCmdBlitImage(cb, p.src.image(), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, p.dst.image(),
                           VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region, p.filter);
        }
    }
    const uint64_t serial = cmds.recordingSerial();
    if (p.src.texture) p.src.texture->markUsed(serial);
    if (p.dst.texture) {
        p.dst.texture->markUsed(serial);
        p.dst.texture->setCpuStale(p.dst.subresource, true); // read back by the next Lock
    }
}

template <class Item> HRESULT runBlts(Device& device, dp2::Items<Item> items, bool mayScale) {
    std::vector<BltPlan> plans(items.size());
    for (size_t i = 0; i < items.size(); ++i) {
        const Item& b = items[i];
        if (HRESULT hr = planBlt(device, b.dwSource, b.rSource, b.dwSourceMipLevel, b.dwDest, b.rDest,
                                 b.dwDestMipLevel, mayScale ? b.Flags : 0, mayScale, plans[i]);
            failed(hr))
            return hr;
    }
    // Vulkan cannot predicate copies: SetPredication decides them on the CPU.
    if (device.queries().transfersSkipped()) return S_OK;
    for (const BltPlan& p : plans)
        recordBlt(device, p);
    return S_OK;
}

// --- TEXBLT --------------------------------------------------------------------------------------

// One level of one face copied by TEXBLT (or of a volume by VOLUMEBLT), in blocks (texels for
// uncompressed formats) and slices.
struct LevelCopy {
    Resource* src;
    Resource* dst;
    uint32_t srcIndex, dstIndex;
    uint32_t sx, sy, dx, dy, w, h;
    uint32_t sz = 0, dz = 0, d = 1;
};

// `v` >> `s`, rounded up: a rectangle's far edge on a smaller level still covers its texels.
int64_t shiftUp(int64_t v, uint32_t s) {
    return (v + (int64_t(1) << s) - 1) >> s;
}

// TEXBLT and VOLUMEBLT copy through the textures' CPU copies, which render-target and depth
// textures do not keep: they answer D3DERR_NOTAVAILABLE (BLT copies their levels on the GPU).
HRESULT refuseGpuOnly(const char* what, const Resource& src, const Resource& dst) {
    if (!src.gpuOnly() && !dst.gpuOnly()) return S_OK;
    DDIVK_WARN_ONCE("%s with a render-target or depth texture: not implemented (answering "
                    "D3DERR_NOTAVAILABLE; BLT copies their levels)",
                    what);
    return D3DERR_NOTAVAILABLE;
}

// D3DHAL_DP2TEXBLT (d3dhal.h): "copy the rectangle rSrc of the source to pDest in the destination
// ... for MIP-mapped textures, all the MIP-map levels present", the region of each sublevel
// "obtained by dividing rSrc and pDest by 2 at each level"; with different level counts, "the
// common levels", the destination's top level being no larger than the source's. Our reading:
// the destination's level 0 matches the first source level of its size (level k); rSrc is in
// source level 0 coordinates and pDest in destination level 0 coordinates, so destination level
// i receives rSrc >> (i + k) at pDest >> i (far edges rounded up, clipped to the level). Cube maps
// copy every face. A destination handle of 0 asks to preload the source: nothing to do here.
// `face`: only that face of cube maps (the UMD door's TexBlt), or kEveryFace.
constexpr uint32_t kEveryFace = ~0u;
HRESULT planTexBlt(Device& device, const D3DHAL_DP2TEXBLT& t, uint32_t face, std::vector<LevelCopy>& copies) {
    Resource* src = device.findResource(t.dwDDSrcSurface);
    if (!src || src->isBuffer()) return D3DERR_INVALIDCALL;
    if (t.dwDDDestSurface == 0) return S_OK; // preload: textures live in video memory already
    Resource* dst = device.findResource(t.dwDDDestSurface);
    if (!dst || dst->isBuffer() || dst == src || dst->kind() != src->kind() ||
        src->kind() == ResourceKind::VolumeTexture || dst->format()->d3dFormat != src->format()->d3dFormat)
        return D3DERR_INVALIDCALL;
    if (HRESULT hr = refuseGpuOnly("TEXBLT", *src, *dst); failed(hr)) return hr;
    const SubresourceLayout& dstTop = dst->subresource(0);
    uint32_t k = 0;
    while (k < src->levels() &&
           (src->subresource(k).width != dstTop.width || src->subresource(k).height != dstTop.height))
        ++k;
    if (k == src->levels()) return D3DERR_INVALIDCALL;

    const SubresourceLayout& srcTop = src->subresource(0);
    const RECT& r = t.rSrc;
    if (!inside(r, srcTop.width, srcTop.height) || t.pDest.x < 0 || t.pDest.y < 0) return D3DERR_INVALIDCALL;
    const uint32_t block = src->format()->blockSize;
    if (r.left % block || r.top % block || (r.right % block && uint32_t(r.right) != srcTop.width) ||
        (r.bottom % block && uint32_t(r.bottom) != srcTop.height) || t.pDest.x % block || t.pDest.y % block)
        return D3DERR_INVALIDCALL;
    // The top level's copy must fit the destination; lower levels are clipped.
    const int64_t topWidth = shiftUp(r.right, k) - (r.left >> k),
                  topHeight = shiftUp(r.bottom, k) - (r.top >> k);
    if (t.pDest.x + topWidth > dstTop.width || t.pDest.y + topHeight > dstTop.height)
        return D3DERR_INVALIDCALL;

    const uint32_t levels = std::min(dst->levels(), src->levels() - k);
    if (face != kEveryFace && face >= src->layers()) return D3DERR_INVALIDCALL;
    for (uint32_t f = 0; f < src->layers(); ++f)
        for (uint32_t i = 0; i < levels && (face == kEveryFace || f == face); ++i) {
            const uint32_t s = i + k;
            const uint32_t srcIndex = f * src->levels() + s, dstIndex = f * dst->levels() + i;
            const SubresourceLayout& from = src->subresource(srcIndex);
            const SubresourceLayout& to = dst->subresource(dstIndex);
            // In blocks: the rectangle on source level s, the point on destination level i.
            const int64_t left = (r.left >> s) / block, top = (r.top >> s) / block;
            const int64_t right = std::min<int64_t>((shiftUp(r.right, s) + block - 1) / block,
                                                    from.pitch / src->format()->bytesPerPixel);
            const int64_t bottom = std::min<int64_t>((shiftUp(r.bottom, s) + block - 1) / block, from.rows);
            const int64_t dx = (t.pDest.x >> i) / block, dy = (t.pDest.y >> i) / block;
            const int64_t w = std::min<int64_t>(right - left, to.pitch / dst->format()->bytesPerPixel - dx);
            const int64_t h = std::min<int64_t>(bottom - top, int64_t(to.rows) - dy);
            if (w <= 0 || h <= 0) continue;
            copies.push_back({src, dst, srcIndex, dstIndex, uint32_t(left), uint32_t(top), uint32_t(dx),
                              uint32_t(dy), uint32_t(w), uint32_t(h)});
        }
    return S_OK;
}

// D3DHAL_DP2VOLUMEBLT: "a subvolume of the source volume texture", srcBox, copied to (dwDestX,
// dwDestY, dwDestZ) of the destination; its remarks send us to TEXBLT's, so the common levels
// are copied as TEXBLT copies them: the destination's level 0 matches the first source level of
// its size (k), and destination level i receives srcBox >> (i + k) at the point >> i (far edges
// rounded up, clipped to the level). Same format; DXT boxes start on a block in x and y.
HRESULT planVolumeBlt(Device& device, const D3DHAL_DP2VOLUMEBLT& v, std::vector<LevelCopy>& copies) {
    Resource* src = device.findResource(v.dwDDSrcSurface);
    Resource* dst = device.findResource(v.dwDDDestSurface);
    if (!src || !dst || src == dst || src->kind() != ResourceKind::VolumeTexture ||
        dst->kind() != ResourceKind::VolumeTexture || dst->format()->d3dFormat != src->format()->d3dFormat)
        return D3DERR_INVALIDCALL;
    const SubresourceLayout& dstTop = dst->subresource(0);
    uint32_t k = 0;
    while (k < src->levels() &&
           (src->subresource(k).width != dstTop.width || src->subresource(k).height != dstTop.height ||
            src->subresource(k).depth != dstTop.depth))
        ++k;
    if (k == src->levels()) return D3DERR_INVALIDCALL;

    const SubresourceLayout& srcTop = src->subresource(0);
    const D3DBOX& b = v.srcBox;
    if (b.Left >= b.Right || b.Top >= b.Bottom || b.Front >= b.Back || b.Right > srcTop.width ||
        b.Bottom > srcTop.height || b.Back > srcTop.depth)
        return D3DERR_INVALIDCALL;
    const uint32_t block = src->format()->blockSize;
    if (b.Left % block || b.Top % block || (b.Right % block && b.Right != srcTop.width) ||
        (b.Bottom % block && b.Bottom != srcTop.height) || v.dwDestX % block || v.dwDestY % block)
        return D3DERR_INVALIDCALL;
    // The top level's copy must fit the destination; lower levels are clipped.
    if (uint64_t(v.dwDestX) + (shiftUp(b.Right, k) - (b.Left >> k)) > dstTop.width ||
        uint64_t(v.dwDestY) + (shiftUp(b.Bottom, k) - (b.Top >> k)) > dstTop.height ||
        uint64_t(v.dwDestZ) + (shiftUp(b.Back, k) - (b.Front >> k)) > dstTop.depth)
        return D3DERR_INVALIDCALL;

    const uint32_t levels = std::min(dst->levels(), src->levels() - k);
    for (uint32_t i = 0; i < levels; ++i) {
        const uint32_t s = i + k;
        const SubresourceLayout& from = src->subresource(s);
        const SubresourceLayout& to = dst->subresource(i);
        const int64_t left = (int64_t(b.Left) >> s) / block, top = (int64_t(b.Top) >> s) / block;
        const int64_t front = int64_t(b.Front) >> s;
        const int64_t right = std::min<int64_t>((shiftUp(b.Right, s) + block - 1) / block,
                                                from.pitch / src->format()->bytesPerPixel);
        const int64_t bottom = std::min<int64_t>((shiftUp(b.Bottom, s) + block - 1) / block, from.rows);
        const int64_t back = std::min<int64_t>(shiftUp(b.Back, s), from.depth);
        const int64_t dx = (int64_t(v.dwDestX) >> i) / block, dy = (int64_t(v.dwDestY) >> i) / block;
        const int64_t dz = int64_t(v.dwDestZ) >> i;
        const int64_t w = std::min<int64_t>(right - left, to.pitch / dst->format()->bytesPerPixel - dx);
        const int64_t h = std::min<int64_t>(bottom - top, int64_t(to.rows) - dy);
        const int64_t d = std::min<int64_t>(back - front, int64_t(to.depth) - dz);
        if (w <= 0 || h <= 0 || d <= 0) continue;
        copies.push_back({src, dst, s, i, uint32_t(left), uint32_t(top), uint32_t(dx), uint32_t(dy), uint32_t(w),
                          uint32_t(h), uint32_t(front), uint32_t(dz), uint32_t(d)});
    }
    return S_OK;
}

// Runs planned level copies through the CPU copies and uploads the destination levels (the
// copies and the images stay in step; a stale CPU copy is read back first, which waits for
// the GPU).
void copyLevels(Device& device, const std::vector<LevelCopy>& copies) {
    CommandContext& cmds = device.commands();
    std::set<std::pair<Resource*, uint32_t>> written;
    for (const LevelCopy& c : copies) {
        if (c.src->cpuStale(c.srcIndex)) c.src->readBack(cmds, device.vulkan(), c.srcIndex);
        if (c.dst->cpuStale(c.dstIndex)) c.dst->readBack(cmds, device.vulkan(), c.dstIndex);
        const SubresourceLayout& from = c.src->subresource(c.srcIndex);
        const SubresourceLayout& to = c.dst->subresource(c.dstIndex);
        const uint32_t bpp = c.src->format()->bytesPerPixel;
        for (uint32_t z = 0; z < c.d; ++z)
            for (uint32_t y = 0; y < c.h; ++y)
                std::memcpy(c.dst->texels(c.dstIndex) + size_t(c.dz + z) * to.slicePitch +
                                size_t(c.dy + y) * to.pitch + size_t(c.dx) * bpp,
                            c.src->texels(c.srcIndex) + size_t(c.sz + z) * from.slicePitch +
                                size_t(c.sy + y) * from.pitch + size_t(c.sx) * bpp,
                            size_t(c.w) * bpp);
        written.emplace(c.dst, c.dstIndex);
    }
    for (const auto& [texture, index] : written)
        texture->upload(cmds, device.vulkan(), index);
}

// Plans every item (nothing changes when one fails), then copies, unless predicated (decided
// on the CPU: Vulkan cannot predicate transfers).
template <class Item, class Plan> HRESULT runLevelCopies(Device& device, dp2::Items<Item> items, Plan plan) {
    std::vector<LevelCopy> copies;
    for (const Item& item : items)
        if (HRESULT hr = plan(device, item, copies); failed(hr)) return hr;
    if (device.queries().transfersSkipped()) return S_OK;
    copyLevels(device, copies);
    return S_OK;
}

} // namespace

HRESULT Context::blt(dp2::Items<D3DHAL_DP2BLT> items) {
    return guarded("blt", [&] { return runBlts(device_, items, true); });
}

// D3DHAL_DP2SURFACEBLT: BLT's copy "never used for stretch blts or color conversion"; rectangles
// of different sizes are refused.
HRESULT Context::surfaceBlt(dp2::Items<D3DHAL_DP2SURFACEBLT> items) {
    return guarded("surfaceBlt", [&] { return runBlts(device_, items, false); });
}

// TEXBLT and VOLUMEBLT copy through the CPU copies (copyLevels).
HRESULT Context::texBlt(dp2::Items<D3DHAL_DP2TEXBLT> items) {
    return guarded("texBlt", [&] {
        return runLevelCopies(device_, items,
                              [](Device& device, const D3DHAL_DP2TEXBLT& t, std::vector<LevelCopy>& c) {
                                  return planTexBlt(device, t, kEveryFace, c);
                              });
    });
}

HRESULT Context::texBltFace(const D3DHAL_DP2TEXBLT& item, uint32_t face) {
    return guarded("texBlt", [&] {
        return runLevelCopies(device_, dp2::Items<D3DHAL_DP2TEXBLT>(&item, 1),
                              [face](Device& device, const D3DHAL_DP2TEXBLT& t, std::vector<LevelCopy>& c) {
                                  return planTexBlt(device, t, face, c);
                              });
    });
}

HRESULT Context::volumeBlt(dp2::Items<D3DHAL_DP2VOLUMEBLT> items) {
    return guarded("volumeBlt", [&] { return runLevelCopies(device_, items, planVolumeBlt); });
}

// D3DHAL_DP2COLORFILL: the rectangle of a render target, or of a texture's top level (the one
// surface a DP2 handle names), filled with the colour converted to the surface's format.
HRESULT Context::colorFill(dp2::Items<D3DHAL_DP2COLORFILL> items) {
    return guarded("colorFill", [&] { return runColorFills(items, 0); });
}

HRESULT Context::colorFillLevel(const D3DHAL_DP2COLORFILL& item, uint32_t level) {
    return guarded("colorFill",
                   [&] { return runColorFills(dp2::Items<D3DHAL_DP2COLORFILL>(&item, 1), level); });
}

// Every item's rectangle of level `level` (a texture's subresource index; 0 for surfaces).
HRESULT Context::runColorFills(dp2::Items<D3DHAL_DP2COLORFILL> items, uint32_t level) {
    {
        struct Fill {
            Side side;
            const FillFormat* format;
            RECT rect;
            D3DCOLOR color;
        };
        std::vector<Fill> fills;
        for (const D3DHAL_DP2COLORFILL& f : items) {
            std::optional<Side> side = findSide(device_, f.dwSurface, level);
            if (!side || side->depth() || !inside(f.rRect, side->width, side->height))
                return D3DERR_INVALIDCALL;
            const FillFormat* format = findFillFormat(side->format->d3dFormat);
            if (!format) {
                DDIVK_WARN_ONCE("COLORFILL of %s: not implemented (answering D3DERR_NOTAVAILABLE)",
                                side->format->name);
                return D3DERR_NOTAVAILABLE;
            }
            fills.push_back({*side, format, f.rRect, f.Color});
        }
        if (device_.queries().transfersSkipped()) return S_OK; // predicated (on the CPU)

        CommandContext& cmds = device_.commands();
        const vk::Device& vulkan = device_.vulkan();
        for (const Fill& f : fills) {
            const FillValue value = fillValue(*f.format, f.color);
            if (Resource* t = f.side.texture) {
                const uint32_t index = f.side.subresource;
                if (t->cpuStale(index)) t->readBack(cmds, vulkan, index);
                const SubresourceLayout& s = t->subresource(index);
                const uint64_t pixel = packPixel(*f.format, value);
                const uint32_t bpp = t->format()->bytesPerPixel;
                for (int32_t y = f.rect.top; y < f.rect.bottom; ++y) {
                    std::byte* row = t->texels(index) + size_t(y) * s.pitch + size_t(f.rect.left) * bpp;
                    for (int32_t x = f.rect.left; x < f.rect.right; ++x, row += bpp)
                        std::memcpy(row, &pixel, bpp); // little-endian: the low bytes
                }
                t->upload(cmds, vulkan, index);
                continue;
            }
            Surface& surface = *f.side.surface;
            const VkClearColorValue color = clearValue(*f.format, value);
            const bool whole = f.rect.left == 0 && f.rect.top == 0 &&
                               uint32_t(f.rect.right) == surface.width() &&
                               uint32_t(f.rect.bottom) == surface.height();
            if (whole) {
                cmds.endRendering();
                enter(cmds, vulkan, f.side, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
                const VkImageSubresourceRange range = surface.range();
                vkCmdClearColorImage(cmds.commands(), surface.image().handle(),
                                     VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &color, 1, &range);
            } else {
                // A rectangle: a clear inside a pass on the surface alone.
                cmds.beginRendering(&surface, nullptr);
                VkClearAttachment attachment{VK_IMAGE_ASPECT_COLOR_BIT, 0, {}};
                attachment.clearValue.color = color;
                VkClearRect rect{{{f.rect.left, f.rect.top}, {rectWidth(f.rect), rectHeight(f.rect)}}, 0, 1};
                vkCmdClearAttachments(cmds.commands(), 1, &attachment, 1, &rect);
            }
        }
        return S_OK;
    }
}

} // namespace ddivk::device

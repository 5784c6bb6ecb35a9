// Context: the blit and fill half of the DP2 target. D3DDP2OP_BLT and SURFACEBLT copy (and BLT
// scales) rectangles between render targets, depth surfaces and texture subresources on the
// GPU; COLORFILL fills a rectangle with a D3DCOLOR (TEXBLT and VOLUMEBLT, which copy whole mip
// chains: context_level_copies.cpp). Each runs after the work
// recorded before it: the rendering pass ends, and barriers order the transfer after the draws.
//
// Textures keep a CPU copy beside the image (resource.h): operations that write the image on
// the GPU mark the subresource's CPU copy stale (the next Lock reads it back); operations that
// write the CPU copy upload it. Every item of a token is checked before any is applied, so a
// failing token changes nothing.
#include <algorithm>
#include <cstring>
#include <optional>
#include <vector>

#include "ddivk/d3d9_formats.h"
#include "device/blit_sides.h"
#include "device/context.h"
#include "device/ddi_boundary.h"
#include "device/fill_format.h"
#include "vk/barriers.h"

namespace ddivk::device {
namespace blits {

// --- Blit endpoints ------------------------------------------------------------------------------

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
    // The image of an expanded format (YUY2, the mixed bump formats) holds converted texels: a
    // GPU write there could not reach the CPU copy in the program's layout. Copies from a texture
    // of the same format are taken: recordBlt copies the CPU copy's rows as well.
    if (draw::isExpanded(*dst->format) &&
        (scaled || src->format != dst->format || !src->texture || !dst->texture)) {
        DDIVK_WARN_ONCE("BLT into %s: not possible, its texels are converted on upload (D3DERR_INVALIDCALL)",
                        dst->format->name);
        return D3DERR_INVALIDCALL;
    }
    if (src->image() == dst->image()) {
        if (scaled) return D3DERR_INVALIDCALL;
        if (src->subresource == dst->subresource && overlaps(from, to)) return D3DERR_INVALIDCALL;
    }
    // Multisampled sides. Between surfaces of one sample count, an unscaled copy of one format
    // copies the samples. Otherwise a multisampled source is read through its resolve, and a
    // multisampled colour destination is written through its twin (Device::twin): the copy or
    // blit lands there, and a draw writes it into every sample. A multisampled depth surface
    // resolves into a single-sampled one (sample 0 of each pixel); nothing writes depth samples
    // but a copy between surfaces of one sample count.
    const bool sameSamples = src->samples() == dst->samples();
    const bool copiesSamples = sameSamples && !scaled && src->vkFormat == dst->vkFormat;
    const bool resolveSource = src->samples() > 1 && !copiesSamples;
    const bool writeSamples = dst->samples() > 1 && !copiesSamples;
    if (writeSamples && (dst->depth() || !device.writesSamples(dst->vkFormat))) {
        DDIVK_WARN_ONCE("BLT from %u into %u samples per pixel of %s: not possible (D3DERR_INVALIDCALL)",
                        src->samples(), dst->samples(), dst->format->name);
        return D3DERR_INVALIDCALL;
    }
    if (src->depth() || dst->depth()) {
        const bool whole = from.left == 0 && from.top == 0 && rectWidth(from) == src->width &&
                           rectHeight(from) == src->height && to.left == 0 && to.top == 0;
        if (!src->depth() || !dst->depth() || src->vkFormat != dst->vkFormat || scaled || !whole ||
            src->width != dst->width || src->height != dst->height)
            return D3DERR_INVALIDCALL;
    }
    plan = {*src, *dst, from, to, false, VK_FILTER_NEAREST, resolveSource, writeSamples};
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
    // Texels as the image stores them: expanded formats' are wider than D3D9's.
    const uint32_t texelBytes =
        draw::isExpanded(*p.src.format) ? p.src.format->expandedBytes : p.src.format->bytesPerPixel;
    const uint64_t bytes = uint64_t((w + block - 1) / block) * ((h + block - 1) / block) * texelBytes;
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

namespace {

// The rows a copy between two textures of one expanded format moved, copied between their CPU
// copies too: the destination's CPU copy cannot be read back from its converted image.
void copyCpuRows(const BltPlan& p) {
    const SubresourceLayout& from = p.src.texture->subresource(p.src.subresource);
    const SubresourceLayout& to = p.dst.texture->subresource(p.dst.subresource);
    const uint32_t bpp = p.src.format->bytesPerPixel;
    const size_t rowBytes = size_t(rectWidth(p.from)) * bpp;
    // memmove: two levels of one texture never overlap, but one level may copy within itself.
    for (uint32_t y = 0; y < rectHeight(p.from); ++y)
        std::memmove(p.dst.texture->texels(p.dst.subresource) + size_t(p.to.top + y) * to.pitch +
                         size_t(p.to.left) * bpp,
                     p.src.texture->texels(p.src.subresource) + size_t(p.from.top + y) * from.pitch +
                         size_t(p.from.left) * bpp,
                     rowBytes);
}

} // namespace

void recordBlt(Device& device, const BltPlan& planned) {
    CommandContext& cmds = device.commands();
    const vk::Device& vulkan = device.vulkan();
    cmds.endRendering();
    BltPlan p = planned;
    if (p.resolveSource && p.src.depth()) {
        device.copyDepth(*p.src.surface, *p.dst.surface); // (whole, one format: planBlt)
        return;
    }
    if (p.resolveSource) p.src.surface = device.resolve(*p.src.surface);
    // Staged in the destination's twin, which the copy below writes in place of it.
    Surface* samplesOf = p.writeSamples ? p.dst.surface : nullptr;
    if (samplesOf) p.dst.surface = &device.twin(*samplesOf);
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
    if (samplesOf)
        device.writeSamplesFromTwin(*samplesOf, {{p.to.left, p.to.top}, {rectWidth(p.to), rectHeight(p.to)}});
    const uint64_t serial = cmds.recordingSerial();
    if (p.src.texture) p.src.texture->markUsed(serial);
    if (p.dst.texture) {
        p.dst.texture->markUsed(serial);
        if (draw::isExpanded(*p.dst.format))
            copyCpuRows(p); // (a copy from a texture of its format: planBlt)
        else
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

} // namespace blits

using namespace blits;

namespace {

// A rectangle of whole blocks; the last row and column may be cut by the level's edge.
bool onBlocks(const RECT& r, const BlockFill& b, uint32_t width, uint32_t height) {
    auto edge = [](int32_t v, uint32_t step, uint32_t end) {
        return uint32_t(v) % step == 0 || uint32_t(v) == end;
    };
    return edge(r.left, b.width, width) && edge(r.top, b.height, height) && edge(r.right, b.width, width) &&
           edge(r.bottom, b.height, height);
}

// Every block the rectangle covers, in a CPU copy of rows of blocks `pitch` bytes apart.
void fillBlocks(std::byte* texels, uint32_t pitch, const RECT& r, const BlockFill& b) {
    const uint32_t left = uint32_t(r.left) / b.width, right = (uint32_t(r.right) + b.width - 1) / b.width;
    const uint32_t top = uint32_t(r.top) / b.height, bottom = (uint32_t(r.bottom) + b.height - 1) / b.height;
    for (uint32_t y = top; y < bottom; ++y)
        for (uint32_t x = left; x < right; ++x)
            std::memcpy(texels + size_t(y) * pitch + size_t(x) * b.size, b.bytes.data(), b.size);
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
            const FloatFill* floats;
            std::optional<BlockFill> block;
            RECT rect;
            D3DCOLOR color;
        };
        std::vector<Fill> fills;
        for (const D3DHAL_DP2COLORFILL& f : items) {
            std::optional<Side> side = findSide(device_, f.dwSurface, level);
            if (!side || side->depth() || !inside(f.rRect, side->width, side->height))
                return D3DERR_INVALIDCALL;
            const FillFormat* format = findFillFormat(side->format->d3dFormat);
            const FloatFill* floats = findFloatFill(side->format->d3dFormat);
            const std::optional<BlockFill> block =
                side->texture ? blockFill(side->format->d3dFormat, f.Color) : std::nullopt;
            if (block && !onBlocks(f.rRect, *block, side->width, side->height)) return D3DERR_INVALIDCALL;
            if (!format && !floats && !block) {
                DDIVK_WARN_ONCE("COLORFILL of %s: not implemented (answering D3DERR_NOTAVAILABLE)",
                                side->format->name);
                return D3DERR_NOTAVAILABLE;
            }
            fills.push_back({*side, format, floats, block, f.rRect, f.Color});
        }
        if (device_.queries().transfersSkipped()) return S_OK; // predicated (on the CPU)

        CommandContext& cmds = device_.commands();
        const vk::Device& vulkan = device_.vulkan();
        for (const Fill& f : fills) {
            if (Resource* t = f.side.texture) {
                const uint32_t index = f.side.subresource;
                if (t->cpuStale(index)) t->readBack(cmds, vulkan, index);
                const SubresourceLayout& s = t->subresource(index);
                if (f.block) {
                    fillBlocks(t->texels(index), s.pitch, f.rect, *f.block);
                } else {
                    std::array<uint8_t, 16> pixel{}; // little-endian: the low bytes
                    if (f.floats) {
                        pixel = packFloatPixel(*f.floats, f.color);
                    } else {
                        const uint64_t bits = packPixel(*f.format, fillValue(*f.format, f.color));
                        std::memcpy(pixel.data(), &bits, sizeof bits);
                    }
                    const uint32_t bpp = t->format()->bytesPerPixel;
                    for (int32_t y = f.rect.top; y < f.rect.bottom; ++y) {
                        std::byte* row = t->texels(index) + size_t(y) * s.pitch + size_t(f.rect.left) * bpp;
                        for (int32_t x = f.rect.left; x < f.rect.right; ++x, row += bpp)
                            std::memcpy(row, pixel.data(), bpp);
                    }
                }
                t->upload(cmds, vulkan, index);
                continue;
            }
            Surface& surface = *f.side.surface;
            const VkClearColorValue color =
                f.floats ? floatClearValue(f.color) : clearValue(*f.format, fillValue(*f.format, f.color));
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

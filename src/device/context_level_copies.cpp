// Context: TEXBLT and VOLUMEBLT, which copy a rectangle (a box) of a texture's whole mip chain
// into another texture. Textures with CPU copies copy through them (and upload the levels
// written); render-target textures, which keep none, copy on the GPU as BLT does. Every item of
// a token is checked before any is applied, so a failing token changes nothing.
#include <algorithm>
#include <cstring>
#include <set>
#include <vector>

#include "device/blit_sides.h"
#include "device/context.h"
#include "device/ddi_boundary.h"
#include "draw/format_table.h"

namespace ddivk::device {
namespace {

using namespace blits;

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

// Render-target textures keep no CPU copy: TEXBLT copies their levels on the GPU, as BLT does
// (copyLevels). Depth textures (INTZ) are not copied that way: D3DERR_NOTAVAILABLE.
HRESULT checkGpuCopy(const Resource& src, const Resource& dst) {
    if (!src.gpuOnly() && !dst.gpuOnly()) return S_OK;
    if (!src.format()->depthStencil && !dst.format()->depthStencil) return S_OK;
    DDIVK_WARN_ONCE("TEXBLT with a depth texture: not implemented (answering D3DERR_NOTAVAILABLE)");
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
        src->kind() == ResourceKind::VolumeTexture ||
        !draw::sameTexels(src->format()->d3dFormat, dst->format()->d3dFormat))
        return D3DERR_INVALIDCALL;
    if (HRESULT hr = checkGpuCopy(*src, *dst); failed(hr)) return hr;
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
        dst->kind() != ResourceKind::VolumeTexture ||
        !draw::sameTexels(src->format()->d3dFormat, dst->format()->d3dFormat))
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

// A level copy with a render-target texture on either side: an unscaled BLT between the two
// subresources (same format, never block-compressed: render targets are not), recorded after
// the work before it; a destination with a CPU copy has it marked stale.
void copyLevelOnGpu(Device& device, const LevelCopy& c) {
    std::optional<Side> src = findSide(device, c.src->handle(), c.srcIndex);
    std::optional<Side> dst = findSide(device, c.dst->handle(), c.dstIndex);
    if (!src || !dst) return; // (planned from these resources: cannot happen)
    const RECT from{int32_t(c.sx), int32_t(c.sy), int32_t(c.sx + c.w), int32_t(c.sy + c.h)};
    const RECT to{int32_t(c.dx), int32_t(c.dy), int32_t(c.dx + c.w), int32_t(c.dy + c.h)};
    recordBlt(device, BltPlan{*src, *dst, from, to, true, VK_FILTER_NEAREST});
}

// Runs planned level copies through the CPU copies and uploads the destination levels (the
// copies and the images stay in step; a stale CPU copy is read back first, which waits for
// the GPU).
void copyLevels(Device& device, const std::vector<LevelCopy>& copies) {
    CommandContext& cmds = device.commands();
    std::set<std::pair<Resource*, uint32_t>> written;
    for (const LevelCopy& c : copies) {
        if (c.src->gpuOnly() || c.dst->gpuOnly()) {
            copyLevelOnGpu(device, c);
            continue;
        }
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

} // namespace ddivk::device

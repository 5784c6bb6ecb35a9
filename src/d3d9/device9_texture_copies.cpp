// IDirect3DDevice9Ex: copies between textures and surfaces, and fills. UpdateTexture records DP2
// TEXBLT (VOLUMEBLT for volumes), StretchRect DP2 BLT, UpdateSurface SURFACEBLT (from a
// staging texture for offscreen plain surfaces), ColorFill DP2
// COLORFILL; each is checked as D3D9 checks it before anything is recorded (pools, types,
// formats, rectangles), so the driver never sees a copy it would refuse.
// Driver headers before <d3d9.h>: device9.h first.
#include "d3d9/device9.h"

#include "ddivk/ddivk.h"
#include "ddivk/dp2_payloads.h"
#include "device/fill_format.h"
#include "draw/format_table.h"

#include <cstring>

#include "d3d9/format_support.h"
#include "d3d9/surface9.h"
#include "d3d9/texture9.h"

namespace ddivk::d3d9 {
namespace {

Surface9* surfaceOf(IDirect3DSurface9* s) {
    return static_cast<Surface9*>(s);
}

// An offscreen plain surface in D3DPOOL_DEFAULT: a driver surface without usage, or one held as
// a texture.
bool isDefaultPlain(const Surface9& s) {
    return s.blitHandle() && !s.container() && s.desc().Pool == D3DPOOL_DEFAULT &&
           !(s.desc().Usage & (D3DUSAGE_RENDERTARGET | D3DUSAGE_DEPTHSTENCIL));
}

// Surfaces with the same samples per pixel.
bool sameSamples(const D3DSURFACE_DESC& a, const D3DSURFACE_DESC& b) {
    return a.MultiSampleType == b.MultiSampleType && a.MultiSampleQuality == b.MultiSampleQuality;
}

// `rect` (null: the whole surface) inside a surface of `desc`, not empty.
bool rectangleOf(const RECT* rect, const D3DSURFACE_DESC& desc, RECT& out) {
    out = rect ? *rect : RECT{0, 0, LONG(desc.Width), LONG(desc.Height)};
    return out.left >= 0 && out.top >= 0 && out.left < out.right && out.top < out.bottom &&
           UINT(out.right) <= desc.Width && UINT(out.bottom) <= desc.Height;
}

template <class To> void copyRect(To& to, const RECT& from) {
    to.left = from.left;
    to.top = from.top;
    to.right = from.right;
    to.bottom = from.bottom;
}

// A BLT or SURFACEBLT item from `from` of `src` to `to` of `dst`, named as DP2 names them.
template <class Item>
Item bltItem(const Surface9& src, const RECT& from, const Surface9& dst, const RECT& to) {
    Item blt{};
    blt.dwSource = src.blitHandle();
    copyRect(blt.rSource, from);
    blt.dwSourceMipLevel = src.blitLevel();
    blt.dwDest = dst.blitHandle();
    copyRect(blt.rDest, to);
    blt.dwDestMipLevel = dst.blitLevel();
    return blt;
}

} // namespace

// D3D9: a system-memory texture into a default-pool texture of the same type and format, every
// level the destination has from the source level of the destination's size down.
HRESULT STDMETHODCALLTYPE Device9::UpdateTexture(IDirect3DBaseTexture9* source,
                                                 IDirect3DBaseTexture9* destination) {
    TextureBinding* src = textureOf(*registry_, source);
    TextureBinding* dst = textureOf(*registry_, destination);
    if (!src || !dst || src == dst) return D3DERR_INVALIDCALL;
    const TextureShape& a = src->shape();
    const TextureShape& b = dst->shape();
    // The same format, or its X twin (A8R8G8B8 into X8R8G8B8...: Wine's test_updatetexture).
    if (a.kind != b.kind || a.pool != ::D3DPOOL_SYSTEMMEM || b.pool != ::D3DPOOL_DEFAULT ||
        !draw::sameTexels(uint32_t(a.format), uint32_t(b.format)))
        return D3DERR_INVALIDCALL;
    UINT k = 0;
    while (k < a.levels &&
           (a.levelWidth(k) != b.width || a.levelHeight(k) != b.height || a.levelDepth(k) != b.depth))
        ++k;
    // A destination with more levels than the source has below k takes the common ones (Wine's
    // test_updatetexture records Windows taking a one-level source into a mipmapped texture).
    if (k == a.levels) return D3DERR_INVALIDCALL;
    auto guard = lock();
    // What changed in the source since the last copy from it (locks, AddDirtyRect), which the
    // copy makes clean; nothing when clean (Wine's add_dirty_rect_test records Windows so). Its
    // place in the destination is the source's level k, the destination's top.
    D3DBOX dirty{};
    if (!src->takeDirty(dirty)) return D3D_OK;
    if (a.kind == TextureKind::Volume) {
        D3DHAL_DP2VOLUMEBLT v{};
        v.dwDDDestSurface = dst->handle();
        v.dwDDSrcSurface = src->handle();
        v.dwDestX = dirty.Left >> k;
        v.dwDestY = dirty.Top >> k;
        v.dwDestZ = dirty.Front >> k;
        v.srcBox = {dirty.Left, dirty.Top, dirty.Right, dirty.Bottom, dirty.Front, dirty.Back};
        stream_->token(D3DDP2OP_VOLUMEBLT, v);
        return D3D_OK;
    }
    D3DHAL_DP2TEXBLT t{};
    t.dwDDDestSurface = dst->handle();
    t.dwDDSrcSurface = src->handle();
    copyRect(t.rSrc, RECT{LONG(dirty.Left), LONG(dirty.Top), LONG(dirty.Right), LONG(dirty.Bottom)});
    t.pDest.x = LONG(dirty.Left >> k);
    t.pDest.y = LONG(dirty.Top >> k);
    stream_->token(D3DDP2OP_TEXBLT, t);
    dst->generateLevels(); // an AUTOGENMIPMAP destination makes its levels from the top copied
    return D3D_OK;
}

// D3D9: a rectangle of a default-pool surface (a render target, or a level of a texture) into a
// render target (or a render-target texture's level), scaled with POINT or LINEAR filtering.
HRESULT STDMETHODCALLTYPE Device9::StretchRect(IDirect3DSurface9* source, const RECT* sourceRect,
                                               IDirect3DSurface9* destination, const RECT* destinationRect,
                                               D3DTEXTUREFILTERTYPE filter) {
    Surface9* src = surfaceOf(source);
    Surface9* dst = surfaceOf(destination);
    if (!src || !dst || src == dst) return D3DERR_INVALIDCALL;
    const D3DSURFACE_DESC& a = src->desc();
    const D3DSURFACE_DESC& b = dst->desc();
    if ((a.Usage | b.Usage) & D3DUSAGE_DEPTHSTENCIL)
        return stretchDepth(*src, sourceRect, *dst, destinationRect, filter);
    // Into a render target, or into a default-pool offscreen plain surface from another one
    // without scaling (D3D9's table for DirectX 9 drivers).
    const bool plainToPlain = isDefaultPlain(*src) && isDefaultPlain(*dst);
    if (a.Pool != D3DPOOL_DEFAULT || b.Pool != D3DPOOL_DEFAULT || !src->blitHandle() ||
        !((b.Usage & D3DUSAGE_RENDERTARGET) || plainToPlain) || !dst->blitHandle())
        return D3DERR_INVALIDCALL;
    if (filter != ::D3DTEXF_NONE && filter != ::D3DTEXF_POINT && filter != ::D3DTEXF_LINEAR)
        return D3DERR_INVALIDCALL;
    RECT from{}, to{};
    if (!rectangleOf(sourceRect, a, from) || !rectangleOf(destinationRect, b, to)) return D3DERR_INVALIDCALL;
    const bool scaled =
        from.right - from.left != to.right - to.left || from.bottom - from.top != to.bottom - to.top;
    if (plainToPlain && scaled) return D3DERR_INVALIDCALL;
    // Multisampled sides are taken either way, scaled or not (Wine's test_multisample_stretch_rect):
    // a multisampled source is read through its resolve, and every sample of the destination's
    // rectangle takes the copied colour (context_blits.cpp).
    if (FAILED(checkFormatConversion(*creation_.adapter, a.Format, b.Format))) return D3DERR_INVALIDCALL;
    auto guard = lock();
    D3DHAL_DP2BLT blt = bltItem<D3DHAL_DP2BLT>(*src, from, *dst, to);
    blt.Flags = filter == ::D3DTEXF_LINEAR ? DP2BLT_LINEAR : DP2BLT_POINT;
    stream_->token(D3DDP2OP_BLT, blt);
    dst->noteWritten();
    return D3D_OK;
}

// D3D9: a rectangle of a system-memory surface to a point of a default-pool surface of the same
// format, unscaled. Sources the driver holds (levels of system-memory textures) copy with
// SURFACEBLT; offscreen plain surfaces (the front end's memory) are not done.
HRESULT STDMETHODCALLTYPE Device9::UpdateSurface(IDirect3DSurface9* source, const RECT* sourceRect,
                                                 IDirect3DSurface9* destination,
                                                 const POINT* destinationPoint) {
    Surface9* src = surfaceOf(source);
    Surface9* dst = surfaceOf(destination);
    if (!src || !dst || src == dst) return D3DERR_INVALIDCALL;
    // A locked source is refused (Wine's test_mipmap_lock); UpdateTexture does not look.
    if (src->isLocked()) return D3DERR_INVALIDCALL;
    const D3DSURFACE_DESC& a = src->desc();
    const D3DSURFACE_DESC& b = dst->desc();
    if (a.Pool != D3DPOOL_SYSTEMMEM || b.Pool != D3DPOOL_DEFAULT || a.Format != b.Format ||
        (b.Usage & D3DUSAGE_DEPTHSTENCIL) || b.MultiSampleType != D3DMULTISAMPLE_NONE)
        return D3DERR_INVALIDCALL;
    RECT from{};
    if (!rectangleOf(sourceRect, a, from)) return D3DERR_INVALIDCALL;
    const LONG x = destinationPoint ? destinationPoint->x : 0, y = destinationPoint ? destinationPoint->y : 0;
    const RECT to{x, y, x + (from.right - from.left), y + (from.bottom - from.top)};
    RECT checked{};
    if (!rectangleOf(&to, b, checked)) return D3DERR_INVALIDCALL;
    // Compressed formats copy whole blocks: each rectangle starts on a block of its level and
    // ends on one or at the level's edge (Wine's update_surface_test: a 2x2 DXT1 level into a
    // 4x4 one is refused).
    if (!coversWholeBlocks(a.Format, from, a.Width, a.Height) ||
        !coversWholeBlocks(b.Format, to, b.Width, b.Height))
        return D3DERR_INVALIDCALL;
    if (!dst->blitHandle()) return D3DERR_INVALIDCALL;
    auto guard = lock();
    if (!src->blitHandle()) {
        const HRESULT hr = updateFromPlainSurface(*src, from, *dst, to);
        if (SUCCEEDED(hr)) dst->noteWritten();
        return hr;
    }
    stream_->token(D3DDP2OP_SURFACEBLT, bltItem<D3DHAL_DP2SURFACEBLT>(*src, from, *dst, to));
    dst->noteWritten();
    return D3D_OK;
}

// D3D9's rules for depth-stencil surfaces: both plain depth-stencil surfaces (not texture
// levels), neither discardable, the whole surface, the same size and format, outside
// BeginScene / EndScene. A multisampled source may go into a single-sampled destination, which
// takes sample 0 of each pixel (Wine's multisampled_depth_buffer_test: Windows resolves it);
// otherwise the sample counts match. NONE, POINT and LINEAR filters are taken (Wine's
// depth_blit_test: Windows takes LINEAR), all a copy since nothing is scaled. The driver's BLT
// copies depth and stencil (context_blits.cpp).
HRESULT Device9::stretchDepth(Surface9& src, const RECT* sourceRect, Surface9& dst,
                              const RECT* destinationRect, D3DTEXTUREFILTERTYPE filter) {
    const D3DSURFACE_DESC& a = src.desc();
    const D3DSURFACE_DESC& b = dst.desc();
    if (!(a.Usage & D3DUSAGE_DEPTHSTENCIL) || !(b.Usage & D3DUSAGE_DEPTHSTENCIL) || src.container() ||
        dst.container() || src.discardable() || dst.discardable() || a.Format != b.Format ||
        !(sameSamples(a, b) || b.MultiSampleType == ::D3DMULTISAMPLE_NONE) || a.Width != b.Width ||
        a.Height != b.Height || filter > ::D3DTEXF_LINEAR)
        return D3DERR_INVALIDCALL;
    const RECT whole{0, 0, LONG(a.Width), LONG(a.Height)};
    auto isWhole = [&](const RECT* r) {
        return !r || (r->left == 0 && r->top == 0 && r->right == whole.right && r->bottom == whole.bottom);
    };
    if (!isWhole(sourceRect) || !isWhole(destinationRect)) return D3DERR_INVALIDCALL;
    auto guard = lock();
    if (inScene_) return D3DERR_INVALIDCALL;
    D3DHAL_DP2BLT blt = bltItem<D3DHAL_DP2BLT>(src, whole, dst, whole);
    blt.Flags = DP2BLT_POINT;
    stream_->token(D3DDP2OP_BLT, blt);
    return D3D_OK;
}

// An offscreen plain surface's pixels are the front end's memory, which the driver cannot name
// in a SURFACEBLT: they go through a one-level system-memory texture of the rectangle's size
// (the driver's, as UpdateTexture's sources are), copied in under a lock, blitted, destroyed.
HRESULT Device9::updateFromPlainSurface(Surface9& src, const RECT& from, Surface9& dst, const RECT& to) {
    const draw::FormatInfo* info = draw::findFormat(static_cast<uint32_t>(src.desc().Format));
    if (!info || info->bytesPerPixel == 0) return D3DERR_INVALIDCALL;
    // (UpdateSurface checked that compressed rectangles cover whole blocks.)
    const uint32_t block = info->blockSize ? info->blockSize : 1;
    const UINT width = UINT(from.right - from.left), height = UINT(from.bottom - from.top);
    D3DDDI_SURFACEINFO level{};
    level.Width = width;
    level.Height = height;
    level.Depth = 1;
    D3DDDIARG_CREATERESOURCE create{};
    create.Format = static_cast<uint32_t>(src.desc().Format);
    create.Pool = D3DDDIPOOL_SYSTEMMEM;
    create.pSurfList = &level;
    create.SurfCount = 1;
    create.MipLevels = 1;
    create.Flags.Value = D3DDDI_RESOURCE_TEXTURE;
    const auto* door = ddivk_umd_draw_functions();
    HANDLE device = reinterpret_cast<HANDLE>(context_);
    ddivk::HRESULT hr = D3DERR_INVALIDCALL;
    stream_->call([&] {
        if ((hr = door->pfnCreateResource(device, &create)) != S_OK) return;
        D3DDDIARG_LOCK lockArgs{};
        lockArgs.hResource = create.hResource;
        if ((hr = door->pfnLock(device, &lockArgs)) != S_OK) return;
        const uint32_t rows = (height + block - 1) / block;
        const size_t rowBytes = size_t{(width + block - 1) / block} * info->bytesPerPixel;
        const uint8_t* in = src.memory().data() + size_t(from.top / block) * src.pitch() +
                            size_t(from.left / block) * info->bytesPerPixel;
        auto* out = static_cast<uint8_t*>(lockArgs.pSurfData);
        for (uint32_t r = 0; r < rows; ++r)
            std::memcpy(out + size_t{r} * lockArgs.Pitch, in + size_t{r} * src.pitch(), rowBytes);
        const D3DDDIARG_UNLOCK unlockArgs{create.hResource, 0, 0};
        hr = door->pfnUnlock(device, &unlockArgs);
    });
    const uint32_t staging = static_cast<uint32_t>(reinterpret_cast<uintptr_t>(create.hResource));
    if (hr == S_OK) {
        D3DHAL_DP2SURFACEBLT blt{};
        blt.dwSource = staging;
        copyRect(blt.rSource, RECT{0, 0, LONG(width), LONG(height)});
        blt.dwSourceMipLevel = 0;
        blt.dwDest = dst.blitHandle();
        copyRect(blt.rDest, to);
        blt.dwDestMipLevel = dst.blitLevel();
        stream_->token(D3DDP2OP_SURFACEBLT, blt);
    }
    // After the blit: call() executes everything recorded before it first.
    if (staging) stream_->call([&] { door->pfnDestroyResource(device, create.hResource); });
    return hr == S_OK ? D3D_OK : D3DERR_INVALIDCALL;
}

// D3D9: a rectangle (null: all) of a default-pool render target, render-target texture level or
// offscreen plain surface, in whole blocks for DXT and YUY2 / UYVY surfaces.
HRESULT STDMETHODCALLTYPE Device9::ColorFill(IDirect3DSurface9* surface, const RECT* rect, D3DCOLOR colour) {
    Surface9* s = surfaceOf(surface);
    if (!s) return D3DERR_INVALIDCALL;
    const D3DSURFACE_DESC& d = s->desc();
    // (Formats the driver cannot convert a D3DCOLOR into are refused here, before the driver
    // would refuse its token with the rest of the batch.)
    if (d.Pool != D3DPOOL_DEFAULT || !((d.Usage & D3DUSAGE_RENDERTARGET) || isDefaultPlain(*s)) ||
        !s->blitHandle() || !device::colorFillable(static_cast<uint32_t>(d.Format)))
        return D3DERR_INVALIDCALL;
    RECT area{};
    if (!rectangleOf(rect, d, area) || !coversWholeBlocks(d.Format, area, d.Width, d.Height))
        return D3DERR_INVALIDCALL;
    auto guard = lock();
    D3DHAL_DP2COLORFILL fill{};
    // A render-target texture's level is a driver surface of its own; a plain surface held as a
    // texture is its texture's top level, which COLORFILL fills.
    fill.dwSurface = s->handle() ? s->handle() : s->blitHandle();
    copyRect(fill.rRect, area);
    fill.Color = colour;
    stream_->token(D3DDP2OP_COLORFILL, fill);
    s->noteWritten();
    return D3D_OK;
}

} // namespace ddivk::d3d9

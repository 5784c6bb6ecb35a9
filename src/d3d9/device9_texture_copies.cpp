// IDirect3DDevice9Ex: copies between textures and surfaces, and fills. UpdateTexture records DP2
// TEXBLT (VOLUMEBLT for volumes), StretchRect DP2 BLT, UpdateSurface SURFACEBLT, ColorFill DP2
// COLORFILL; each is checked as D3D9 checks it before anything is recorded (pools, types,
// formats, rectangles), so the driver never sees a copy it would refuse.
// Driver headers before <d3d9.h>: device9.h first.
#include "d3d9/device9.h"

#include "ddivk/dp2_payloads.h"
#include "util/unimplemented.h"

#include "d3d9/format_support.h"
#include "d3d9/surface9.h"
#include "d3d9/texture9.h"

namespace ddivk::d3d9 {
namespace {

Surface9* surfaceOf(IDirect3DSurface9* s) {
    return static_cast<Surface9*>(s);
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
    TextureBinding* src = textureOf(source);
    TextureBinding* dst = textureOf(destination);
    if (!src || !dst || src == dst) return D3DERR_INVALIDCALL;
    const TextureShape& a = src->shape();
    const TextureShape& b = dst->shape();
    if (a.kind != b.kind || a.pool != ::D3DPOOL_SYSTEMMEM || b.pool != ::D3DPOOL_DEFAULT ||
        a.format != b.format)
        return D3DERR_INVALIDCALL;
    UINT k = 0;
    while (k < a.levels &&
           (a.levelWidth(k) != b.width || a.levelHeight(k) != b.height || a.levelDepth(k) != b.depth))
        ++k;
    if (k == a.levels || a.levels - k < b.levels) return D3DERR_INVALIDCALL;
    auto guard = lock();
    if (a.kind == TextureKind::Volume) {
        D3DHAL_DP2VOLUMEBLT v{};
        v.dwDDDestSurface = dst->handle();
        v.dwDDSrcSurface = src->handle();
        v.srcBox = {0, 0, a.width, a.height, 0, a.depth};
        stream_->token(D3DDP2OP_VOLUMEBLT, v);
        return D3D_OK;
    }
    D3DHAL_DP2TEXBLT t{};
    t.dwDDDestSurface = dst->handle();
    t.dwDDSrcSurface = src->handle();
    copyRect(t.rSrc, RECT{0, 0, LONG(a.width), LONG(a.height)});
    stream_->token(D3DDP2OP_TEXBLT, t);
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
    if ((a.Usage | b.Usage) & D3DUSAGE_DEPTHSTENCIL) {
        DDIVK_UNIMPLEMENTED("IDirect3DDevice9::StretchRect of depth-stencil surfaces");
        return D3DERR_INVALIDCALL;
    }
    if (a.Pool != D3DPOOL_DEFAULT || b.Pool != D3DPOOL_DEFAULT || !src->blitHandle() ||
        !(b.Usage & D3DUSAGE_RENDERTARGET) || !dst->blitHandle())
        return D3DERR_INVALIDCALL;
    if (filter != ::D3DTEXF_NONE && filter != ::D3DTEXF_POINT && filter != ::D3DTEXF_LINEAR)
        return D3DERR_INVALIDCALL;
    RECT from{}, to{};
    if (!rectangleOf(sourceRect, a, from) || !rectangleOf(destinationRect, b, to)) return D3DERR_INVALIDCALL;
    if (FAILED(checkFormatConversion(*creation_.adapter, a.Format, b.Format))) return D3DERR_INVALIDCALL;
    auto guard = lock();
    D3DHAL_DP2BLT blt = bltItem<D3DHAL_DP2BLT>(*src, from, *dst, to);
    blt.Flags = filter == ::D3DTEXF_LINEAR ? DP2BLT_LINEAR : DP2BLT_POINT;
    stream_->token(D3DDP2OP_BLT, blt);
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
    const D3DSURFACE_DESC& a = src->desc();
    const D3DSURFACE_DESC& b = dst->desc();
    if (a.Pool != D3DPOOL_SYSTEMMEM || b.Pool != D3DPOOL_DEFAULT || a.Format != b.Format ||
        (b.Usage & D3DUSAGE_DEPTHSTENCIL))
        return D3DERR_INVALIDCALL;
    RECT from{};
    if (!rectangleOf(sourceRect, a, from)) return D3DERR_INVALIDCALL;
    const LONG x = destinationPoint ? destinationPoint->x : 0, y = destinationPoint ? destinationPoint->y : 0;
    const RECT to{x, y, x + (from.right - from.left), y + (from.bottom - from.top)};
    RECT checked{};
    if (!rectangleOf(&to, b, checked)) return D3DERR_INVALIDCALL;
    if (!src->blitHandle() || !dst->blitHandle()) {
        DDIVK_UNIMPLEMENTED("IDirect3DDevice9::UpdateSurface from an offscreen plain surface");
        return D3DERR_INVALIDCALL;
    }
    auto guard = lock();
    stream_->token(D3DDP2OP_SURFACEBLT, bltItem<D3DHAL_DP2SURFACEBLT>(*src, from, *dst, to));
    return D3D_OK;
}

// D3D9: a rectangle (null: all) of a default-pool render target or render-target texture level.
HRESULT STDMETHODCALLTYPE Device9::ColorFill(IDirect3DSurface9* surface, const RECT* rect, D3DCOLOR colour) {
    Surface9* s = surfaceOf(surface);
    if (!s) return D3DERR_INVALIDCALL;
    const D3DSURFACE_DESC& d = s->desc();
    if (d.Pool != D3DPOOL_DEFAULT || !(d.Usage & D3DUSAGE_RENDERTARGET) || !s->handle())
        return D3DERR_INVALIDCALL;
    RECT area{};
    if (!rectangleOf(rect, d, area)) return D3DERR_INVALIDCALL;
    auto guard = lock();
    D3DHAL_DP2COLORFILL fill{};
    fill.dwSurface = s->handle(); // a render-target texture's level is a driver surface of its own
    copyRect(fill.rRect, area);
    fill.Color = colour;
    stream_->token(D3DDP2OP_COLORFILL, fill);
    return D3D_OK;
}

} // namespace ddivk::d3d9

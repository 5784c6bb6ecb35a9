// IDirect3DSurface9::GetDC / ReleaseDC. GetDC locks the surface (the lock is what makes LockRect
// and a second GetDC fail until ReleaseDC, as D3D9 documents), copies the locked pixels into a
// top-down DIB section of the same layout and selects it into a memory DC; ReleaseDC flushes
// GDI, copies the DIB back and unlocks. A DIB section owns its memory, so the copy both ways is
// the price of letting GDI draw into memory the surface's lock hands out.
// Driver headers before <d3d9.h>: device9.h first.
#include "d3d9/device9.h"

#include <cstring>
#include <new>

#include "d3d9/surface9.h"

namespace ddivk::d3d9 {

struct Surface9::GdiContext {
    HDC dc = nullptr;
    HBITMAP bitmap = nullptr;
    HGDIOBJ previous = nullptr; // the DC's bitmap before ours
    void* bits = nullptr;       // the DIB's rows, top-down
    uint32_t dibPitch = 0;      // bytes a DIB row (DWORD aligned)
    uint32_t rowBytes = 0;      // bytes of pixels a row
    D3DLOCKED_RECT locked{};    // the surface's lock while the DC is out
};

void Surface9::GdiContextDeleter::operator()(GdiContext* c) const {
    if (c->dc) {
        if (c->previous) SelectObject(c->dc, c->previous);
        DeleteDC(c->dc);
    }
    if (c->bitmap) DeleteObject(c->bitmap);
    delete c;
}

namespace {

// Bits a pixel of the formats GetDC serves: Microsoft's page lists R5G6B5, X1R5G5B5, R8G8B8 and
// X8R8G8B8; Windows serves A8R8G8B8 and A1R5G5B5 too (Wine's test_getdc), their alpha kept
// where GDI draws nothing. 0 for the others.
uint32_t gdiBitsPerPixel(D3DFORMAT format) {
    switch (format) {
    case ::D3DFMT_R5G6B5:
    case ::D3DFMT_X1R5G5B5:
    case ::D3DFMT_A1R5G5B5:
        return 16;
    case ::D3DFMT_R8G8B8:
        return 24;
    case ::D3DFMT_X8R8G8B8:
    case ::D3DFMT_A8R8G8B8:
        return 32;
    default:
        return 0;
    }
}

// A DIB header with room for BI_BITFIELDS' three masks.
struct DibInfo {
    BITMAPINFOHEADER header;
    DWORD masks[3];
};

void copyRows(void* to, uint32_t toPitch, const void* from, uint32_t fromPitch, uint32_t rowBytes,
              uint32_t rows) {
    for (uint32_t y = 0; y < rows; ++y)
        std::memcpy(static_cast<char*>(to) + size_t{y} * toPitch,
                    static_cast<const char*>(from) + size_t{y} * fromPitch, rowBytes);
}

} // namespace

HRESULT Surface9::GetDC(HDC* dc) {
    if (!dc) return D3DERR_INVALIDCALL;
    const uint32_t bpp = gdiBitsPerPixel(desc_.Format);
    // One DC at a time; none for scratch surfaces. LockRect refuses the rest the rules exclude:
    // a surface already locked, a render target not made lockable, a default-pool texture
    // level that is not dynamic.
    if (dc_ || bpp == 0 || desc_.Pool == D3DPOOL_SCRATCH) return D3DERR_INVALIDCALL;
    std::unique_ptr<GdiContext, GdiContextDeleter> context(new (std::nothrow) GdiContext);
    if (!context) return E_OUTOFMEMORY;
    if (FAILED(LockRect(&context->locked, nullptr, 0))) return D3DERR_INVALIDCALL;

    DibInfo info{};
    info.header.biSize = sizeof(BITMAPINFOHEADER);
    info.header.biWidth = LONG(desc_.Width);
    info.header.biHeight = -LONG(desc_.Height); // top-down, as the surface's rows
    info.header.biPlanes = 1;
    info.header.biBitCount = WORD(bpp);
    info.header.biCompression = BI_RGB; // 16 bits: X1R5G5B5; 24 and 32: B, G, R bytes
    if (desc_.Format == ::D3DFMT_R5G6B5) {
        info.header.biCompression = BI_BITFIELDS;
        info.masks[0] = 0xF800;
        info.masks[1] = 0x07E0;
        info.masks[2] = 0x001F;
    }
    context->rowBytes = desc_.Width * (bpp / 8);
    context->dibPitch = (desc_.Width * bpp + 31) / 32 * 4;
    context->dc = CreateCompatibleDC(nullptr);
    if (context->dc)
        context->bitmap = CreateDIBSection(context->dc, reinterpret_cast<const BITMAPINFO*>(&info),
                                           DIB_RGB_COLORS, &context->bits, nullptr, 0);
    if (!context->dc || !context->bitmap || !context->bits) {
        UnlockRect();
        return D3DERR_INVALIDCALL;
    }
    context->previous = SelectObject(context->dc, context->bitmap);
    copyRows(context->bits, context->dibPitch, context->locked.pBits, uint32_t(context->locked.Pitch),
             context->rowBytes, desc_.Height);
    *dc = context->dc;
    dc_ = std::move(context);
    return D3D_OK;
}

HRESULT Surface9::ReleaseDC(HDC dc) {
    if (!dc_ || dc != dc_->dc) return D3DERR_INVALIDCALL;
    GdiFlush(); // GDI may batch drawing into the DIB
    copyRows(dc_->locked.pBits, uint32_t(dc_->locked.Pitch), dc_->bits, dc_->dibPitch, dc_->rowBytes,
             desc_.Height);
    dc_.reset();
    return UnlockRect();
}

} // namespace ddivk::d3d9

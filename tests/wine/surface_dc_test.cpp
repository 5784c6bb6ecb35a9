// IDirect3DSurface9::GetDC / ReleaseDC (docs/d3d9-dll.md, "Surface device contexts"): GDI sees
// the surface's pixels through the DC, and what GDI draws is in the surface after ReleaseDC.
// Rules from Microsoft's GetDC page: R5G6B5, X1R5G5B5, R8G8B8 and X8R8G8B8 (and, as Windows
// answers in Wine's test_getdc, A8R8G8B8 and A1R5G5B5); one DC per
// surface at a time; not while the surface is locked; not on D3DPOOL_SCRATCH surfaces; the DC
// is an implicit lock, so LockRect fails until ReleaseDC.
#include "check.h"
#include "device_support.h"
#include "texture_support.h"

#include <cstring>
#include <vector>

namespace {

IDirect3DSurface9* plainSurface(IDirect3DDevice9* device, D3DFORMAT format, D3DPOOL pool, UINT width = 8,
                                UINT height = 6) {
    IDirect3DSurface9* s = nullptr;
    if (FAILED(device->CreateOffscreenPlainSurface(width, height, format, pool, &s, nullptr))) return nullptr;
    return s;
}

// Fills a 32-bit surface with `colour` through LockRect.
bool fill32(IDirect3DSurface9* s, uint32_t colour) {
    D3DSURFACE_DESC d{};
    D3DLOCKED_RECT locked{};
    if (FAILED(s->GetDesc(&d)) || FAILED(s->LockRect(&locked, nullptr, 0))) return false;
    for (UINT y = 0; y < d.Height; ++y)
        for (UINT x = 0; x < d.Width; ++x)
            static_cast<uint32_t*>(
                static_cast<void*>(static_cast<char*>(locked.pBits) + y * locked.Pitch))[x] = colour;
    return SUCCEEDED(s->UnlockRect());
}

// The 16-bit pixel (x, y) of a surface, read through LockRect (lockedPixels reads 32-bit ones).
uint32_t pixel16(IDirect3DSurface9* s, UINT x, UINT y) {
    D3DLOCKED_RECT locked{};
    if (FAILED(s->LockRect(&locked, nullptr, D3DLOCK_READONLY))) return 0xDEADBEEF;
    uint16_t v = 0;
    std::memcpy(&v, static_cast<const char*>(locked.pBits) + y * locked.Pitch + x * 2, 2);
    s->UnlockRect();
    return v;
}

} // namespace

// GDI reads the surface's pixels through the DC (GetPixel gives COLORREF, 0x00BBGGRR), and a
// rectangle GDI fills is in the surface after ReleaseDC, exactly where GDI put it.
TEST(SurfaceDC, GdiReadsAndWritesAnX8R8G8B8Surface) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DSurface9* s = plainSurface(t.device, D3DFMT_X8R8G8B8, D3DPOOL_SYSTEMMEM);
    REQUIRE(s != nullptr);
    REQUIRE(fill32(s, 0x00102030));
    HDC dc = nullptr;
    REQUIRE(s->GetDC(&dc) == D3D_OK);
    REQUIRE(dc != nullptr);
    CHECK_EQ(GetPixel(dc, 0, 0), RGB(0x10, 0x20, 0x30));
    CHECK_EQ(GetPixel(dc, 7, 5), RGB(0x10, 0x20, 0x30));
    HBRUSH brush = CreateSolidBrush(RGB(0xC0, 0x80, 0x40));
    const RECT r{2, 1, 5, 4}; // x 2..4, y 1..3
    CHECK(FillRect(dc, &r, brush) != 0);
    DeleteObject(brush);
    CHECK_EQ(s->ReleaseDC(dc), D3D_OK);
    CHECK_EQ(mismatchedPixels(lockedPixels(s, 8, 6), 8, 6,
                              [](int x, int y) {
                                  const bool inside = x >= 2 && x < 5 && y >= 1 && y < 4;
                                  return inside ? 0xC08040u : 0x102030u;
                              }),
             0);
    s->Release();
}

// R5G6B5 through a 16-bit DIB with its masks: a pure colour GDI sets lands in the right bits.
TEST(SurfaceDC, GdiWritesAnR5G6B5Surface) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DSurface9* s = plainSurface(t.device, D3DFMT_R5G6B5, D3DPOOL_SYSTEMMEM);
    REQUIRE(s != nullptr);
    HDC dc = nullptr;
    REQUIRE(s->GetDC(&dc) == D3D_OK);
    CHECK(SetPixel(dc, 3, 2, RGB(0xFF, 0, 0)) != static_cast<COLORREF>(-1));
    CHECK(SetPixel(dc, 4, 2, RGB(0, 0xFF, 0)) != static_cast<COLORREF>(-1));
    CHECK(SetPixel(dc, 5, 2, RGB(0, 0, 0xFF)) != static_cast<COLORREF>(-1));
    CHECK_EQ(s->ReleaseDC(dc), D3D_OK);
    CHECK_EQ(pixel16(s, 3, 2), 0xF800u);
    CHECK_EQ(pixel16(s, 4, 2), 0x07E0u);
    CHECK_EQ(pixel16(s, 5, 2), 0x001Fu);
    s->Release();
}

// A lockable render target: the DC shows what the device rendered into it.
TEST(SurfaceDC, ALockableRenderTargetShowsWhatWasRendered) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DSurface9* rt = nullptr;
    REQUIRE(t->CreateRenderTarget(8, 8, D3DFMT_X8R8G8B8, D3DMULTISAMPLE_NONE, 0, TRUE, &rt, nullptr) ==
            D3D_OK);
    CHECK_EQ(t->ColorFill(rt, nullptr, D3DCOLOR_XRGB(0x11, 0x22, 0x33)), D3D_OK);
    HDC dc = nullptr;
    REQUIRE(rt->GetDC(&dc) == D3D_OK);
    CHECK_EQ(GetPixel(dc, 4, 4), RGB(0x11, 0x22, 0x33));
    CHECK_EQ(rt->ReleaseDC(dc), D3D_OK);
    rt->Release();
}

// A8R8G8B8 (Wine's test_getdc: Windows gives a DC): GDI sees the colour, and what it fills reads
// back in the surface's colour channels; the pixels GDI leaves keep their alpha.
TEST(SurfaceDC, GdiReadsAndWritesAnA8R8G8B8Surface) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DSurface9* s = plainSurface(t.device, D3DFMT_A8R8G8B8, D3DPOOL_SYSTEMMEM);
    REQUIRE(s != nullptr);
    REQUIRE(fill32(s, 0x80102030));
    HDC dc = nullptr;
    REQUIRE(s->GetDC(&dc) == D3D_OK);
    CHECK_EQ(GetPixel(dc, 3, 2), RGB(0x10, 0x20, 0x30));
    HBRUSH brush = CreateSolidBrush(RGB(0xC0, 0x80, 0x40));
    const RECT r{2, 1, 5, 4};
    CHECK(FillRect(dc, &r, brush) != 0);
    DeleteObject(brush);
    CHECK_EQ(s->ReleaseDC(dc), D3D_OK);
    const std::vector<uint32_t> pixels = lockedPixels(s, 8, 6);
    int wrong = 0;
    for (int y = 0; y < 6; ++y)
        for (int x = 0; x < 8; ++x) {
            const bool inside = x >= 2 && x < 5 && y >= 1 && y < 4;
            const uint32_t p = pixels[size_t(y) * 8 + x];
            wrong += inside ? (p & 0xFFFFFF) != 0xC08040u : p != 0x80102030u;
        }
    CHECK_EQ(wrong, 0);
    s->Release();
    IDirect3DSurface9* a1 = plainSurface(t.device, D3DFMT_A1R5G5B5, D3DPOOL_SYSTEMMEM);
    REQUIRE(a1 != nullptr);
    CHECK_EQ(a1->GetDC(&dc), D3D_OK);
    CHECK_EQ(a1->ReleaseDC(dc), D3D_OK);
    a1->Release();
}

// The documented failures, each leaving the surface usable.
TEST(SurfaceDC, RefusesWhatTheRulesRefuse) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    HDC dc = nullptr;
    // Formats GDI has no DIB for.
    IDirect3DSurface9* luminance = plainSurface(t.device, D3DFMT_L8, D3DPOOL_SYSTEMMEM);
    REQUIRE(luminance != nullptr);
    CHECK_EQ(luminance->GetDC(&dc), D3DERR_INVALIDCALL);
    luminance->Release();
    // Scratch surfaces.
    IDirect3DSurface9* scratch = plainSurface(t.device, D3DFMT_X8R8G8B8, D3DPOOL_SCRATCH);
    REQUIRE(scratch != nullptr);
    CHECK_EQ(scratch->GetDC(&dc), D3DERR_INVALIDCALL);
    scratch->Release();
    // A render target not made lockable.
    IDirect3DSurface9* rt = nullptr;
    REQUIRE(t->CreateRenderTarget(8, 8, D3DFMT_X8R8G8B8, D3DMULTISAMPLE_NONE, 0, FALSE, &rt, nullptr) ==
            D3D_OK);
    CHECK_EQ(rt->GetDC(&dc), D3DERR_INVALIDCALL);
    rt->Release();

    IDirect3DSurface9* s = plainSurface(t.device, D3DFMT_X8R8G8B8, D3DPOOL_SYSTEMMEM);
    REQUIRE(s != nullptr);
    CHECK_EQ(s->GetDC(nullptr), D3DERR_INVALIDCALL);
    // Locked: no DC.
    D3DLOCKED_RECT locked{};
    REQUIRE(s->LockRect(&locked, nullptr, 0) == D3D_OK);
    CHECK_EQ(s->GetDC(&dc), D3DERR_INVALIDCALL);
    CHECK_EQ(s->UnlockRect(), D3D_OK);
    // One DC at a time, and the DC is a lock: no LockRect or UnlockRect until ReleaseDC.
    REQUIRE(s->GetDC(&dc) == D3D_OK);
    HDC second = nullptr;
    CHECK_EQ(s->GetDC(&second), D3DERR_INVALIDCALL);
    CHECK_EQ(s->LockRect(&locked, nullptr, 0), D3DERR_INVALIDCALL);
    CHECK_EQ(s->UnlockRect(), D3DERR_INVALIDCALL);
    // Another DC is not this surface's.
    HDC other = CreateCompatibleDC(nullptr);
    CHECK_EQ(s->ReleaseDC(other), D3DERR_INVALIDCALL);
    DeleteDC(other);
    CHECK_EQ(s->ReleaseDC(dc), D3D_OK);
    CHECK_EQ(s->ReleaseDC(dc), D3DERR_INVALIDCALL); // already released
    // Usable again: a lock and a new DC.
    CHECK_EQ(s->LockRect(&locked, nullptr, 0), D3D_OK);
    CHECK_EQ(s->UnlockRect(), D3D_OK);
    CHECK_EQ(s->GetDC(&dc), D3D_OK);
    CHECK_EQ(s->ReleaseDC(dc), D3D_OK);
    s->Release();
}

// A texture level of a managed X8R8G8B8 texture: the DC reads and writes that level.
TEST(SurfaceDC, ATextureLevelOfAManagedTexture) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DTexture9* texture = nullptr;
    REQUIRE(t->CreateTexture(8, 8, 2, 0, D3DFMT_X8R8G8B8, D3DPOOL_MANAGED, &texture, nullptr) == D3D_OK);
    IDirect3DSurface9* level = nullptr;
    REQUIRE(texture->GetSurfaceLevel(1, &level) == D3D_OK);
    REQUIRE(fillLevel(texture, 1, [](int, int) { return 0x00405060u; }));
    HDC dc = nullptr;
    REQUIRE(level->GetDC(&dc) == D3D_OK);
    CHECK_EQ(GetPixel(dc, 3, 3), RGB(0x40, 0x50, 0x60));
    CHECK(SetPixel(dc, 1, 2, RGB(0x01, 0x02, 0x03)) != static_cast<COLORREF>(-1));
    CHECK_EQ(level->ReleaseDC(dc), D3D_OK);
    CHECK_EQ(mismatchedPixels(lockedPixels(level, 4, 4), 4, 4,
                              [](int x, int y) { return x == 1 && y == 2 ? 0x010203u : 0x405060u; }),
             0);
    level->Release();
    texture->Release();
}

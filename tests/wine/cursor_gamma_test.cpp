// Cursor and gamma of IDirect3DDevice9: SetCursorProperties' surface rules, the cursor made from
// the surface (its hot spot and pixels, read back through GetIconInfo), ShowCursor's previous
// visibility, SetCursorPosition in desktop coordinates; gamma ramps kept per implicit swap chain
// and not applied to a windowed device's frames.
#include "check.h"
#include "device_support.h"
#include "screen_support.h"

#include <cstring>
#include <vector>

namespace {

// A system-memory surface of `format` filled with `pixels(x, y)`.
template <class Pixel>
IDirect3DSurface9* filledSurface(IDirect3DDevice9* device, UINT width, UINT height, D3DFORMAT format,
                                 Pixel pixels) {
    IDirect3DSurface9* surface = nullptr;
    if (FAILED(
            device->CreateOffscreenPlainSurface(width, height, format, D3DPOOL_SYSTEMMEM, &surface, nullptr)))
        return nullptr;
    D3DLOCKED_RECT locked{};
    if (SUCCEEDED(surface->LockRect(&locked, nullptr, 0))) {
        for (UINT y = 0; y < height; ++y)
            for (UINT x = 0; x < width; ++x)
                reinterpret_cast<DWORD*>(static_cast<BYTE*>(locked.pBits) + y * locked.Pitch)[x] =
                    pixels(x, y);
        surface->UnlockRect();
    }
    return surface;
}

// An opaque cursor pattern: distinct colours per texel, alpha 1.
DWORD cursorTexel(UINT x, UINT y) {
    return 0xFF000000u | (x * 8) << 16 | (y * 8) << 8 | ((x ^ y) & 1 ? 0xFF : 0x00);
}

} // namespace

// "An 8888 ARGB surface ... dimensions less than the display mode, a power of two in each
// direction, not necessarily the same"; D3DERR_INVALIDCALL otherwise. Windows takes one as
// large as the mode (Wine's test_cursor_size): the largest power of two inside the mode is
// taken, twice that is not.
TEST(Cursor, PropertiesNeedAnArgbPowerOfTwoSurfaceNoLargerThanTheMode) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    D3DDISPLAYMODE mode{};
    REQUIRE(t->GetDisplayMode(0, &mode) == D3D_OK);
    UINT widest = 1, tallest = 1;
    while (widest * 2 <= mode.Width)
        widest *= 2;
    while (tallest * 2 <= mode.Height)
        tallest *= 2;
    IDirect3DSurface9* square = filledSurface(t.device, 32, 32, D3DFMT_A8R8G8B8, cursorTexel);
    IDirect3DSurface9* oblong = filledSurface(t.device, 32, 16, D3DFMT_A8R8G8B8, cursorTexel);
    IDirect3DSurface9* xrgb = filledSurface(t.device, 32, 32, D3DFMT_X8R8G8B8, cursorTexel);
    IDirect3DSurface9* notPower = filledSurface(t.device, 24, 32, D3DFMT_A8R8G8B8, cursorTexel);
    IDirect3DSurface9* largest = filledSurface(t.device, widest, tallest, D3DFMT_A8R8G8B8, cursorTexel);
    IDirect3DSurface9* wide = filledSurface(t.device, widest * 2, 16, D3DFMT_A8R8G8B8, cursorTexel);
    IDirect3DSurface9* tall = filledSurface(t.device, 16, tallest * 2, D3DFMT_A8R8G8B8, cursorTexel);
    REQUIRE(square && oblong && xrgb && notPower && largest && wide && tall);
    CHECK_EQ(t->SetCursorProperties(0, 0, nullptr), D3DERR_INVALIDCALL);
    CHECK_EQ(t->SetCursorProperties(0, 0, xrgb), D3DERR_INVALIDCALL);
    CHECK_EQ(t->SetCursorProperties(0, 0, notPower), D3DERR_INVALIDCALL);
    CHECK_EQ(t->SetCursorProperties(0, 0, wide), D3DERR_INVALIDCALL);
    CHECK_EQ(t->SetCursorProperties(0, 0, tall), D3DERR_INVALIDCALL);
    CHECK_EQ(t->SetCursorProperties(0, 0, largest), D3D_OK);
    CHECK_EQ(t->SetCursorProperties(3, 5, square), D3D_OK);
    CHECK_EQ(t->SetCursorProperties(1, 1, oblong), D3D_OK);
    for (IDirect3DSurface9* s : {square, oblong, xrgb, notPower, largest, wide, tall})
        s->Release();
}

// "TRUE if the cursor was previously visible, FALSE if not"; a device starts hidden, and stays
// so until it has a cursor image (Wine's test_cursor: Windows answers FALSE twice before
// SetCursorProperties).
TEST(Cursor, ShowCursorReturnsThePreviousVisibility) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    CHECK_EQ(t->ShowCursor(TRUE), FALSE);
    CHECK_EQ(t->ShowCursor(TRUE), FALSE);
    IDirect3DSurface9* bitmap = filledSurface(t.device, 32, 32, D3DFMT_A8R8G8B8, cursorTexel);
    REQUIRE(bitmap != nullptr);
    REQUIRE(t->SetCursorProperties(0, 0, bitmap) == D3D_OK);
    CHECK_EQ(t->ShowCursor(TRUE), FALSE);
    CHECK_EQ(t->ShowCursor(TRUE), TRUE);
    CHECK_EQ(t->ShowCursor(FALSE), TRUE);
    CHECK_EQ(t->ShowCursor(FALSE), FALSE);
    bitmap->Release();
}

// The shown cursor is made from the surface: its hot spot is the one given and its colour
// bitmap holds the surface's texels; hiding it takes it off (no cursor for the thread).
TEST(Cursor, ShownCursorIsMadeFromTheSurface) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DSurface9* bitmap = filledSurface(t.device, 32, 32, D3DFMT_A8R8G8B8, cursorTexel);
    REQUIRE(bitmap != nullptr);
    REQUIRE(t->SetCursorProperties(7, 9, bitmap) == D3D_OK);
    t->ShowCursor(TRUE);
    HCURSOR shown = GetCursor();
    REQUIRE(shown != nullptr);
    ICONINFO info{};
    REQUIRE(GetIconInfo(shown, &info));
    CHECK(!info.fIcon);
    CHECK_EQ(info.xHotspot, 7);
    CHECK_EQ(info.yHotspot, 9);
    REQUIRE(info.hbmColor != nullptr);
    BITMAPINFO header{};
    header.bmiHeader.biSize = sizeof header.bmiHeader;
    header.bmiHeader.biWidth = 32;
    header.bmiHeader.biHeight = -32;
    header.bmiHeader.biPlanes = 1;
    header.bmiHeader.biBitCount = 32;
    header.bmiHeader.biCompression = BI_RGB;
    std::vector<DWORD> texels(32 * 32);
    HDC screen = GetDC(nullptr);
    CHECK_EQ(GetDIBits(screen, info.hbmColor, 0, 32, texels.data(), &header, DIB_RGB_COLORS), 32);
    ReleaseDC(nullptr, screen);
    int wrong = 0;
    for (UINT y = 0; y < 32; ++y)
        for (UINT x = 0; x < 32; ++x)
            if ((texels[y * 32 + x] & 0xFFFFFF) != (cursorTexel(x, y) & 0xFFFFFF)) ++wrong;
    CHECK_EQ(wrong, 0);
    DeleteObject(info.hbmColor);
    if (info.hbmMask) DeleteObject(info.hbmMask);
    CHECK_EQ(t->ShowCursor(FALSE), TRUE);
    CHECK(GetCursor() == nullptr);
    bitmap->Release();
}

// "When running in windowed mode, screen space coordinates are the desktop coordinates."
TEST(Cursor, SetCursorPositionUsesDesktopCoordinatesWhenWindowed) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    t->SetCursorPosition(37, 41, 0);
    POINT at{};
    REQUIRE(GetCursorPos(&at));
    CHECK(at.x == 37 && at.y == 41);
    t->SetCursorPosition(12, 20, D3DCURSOR_IMMEDIATE_UPDATE);
    REQUIRE(GetCursorPos(&at));
    CHECK(at.x == 12 && at.y == 20);
}

// GetGammaRamp answers the ramp set for the swap chain (D3DSGR_CALIBRATE or not); a swap chain
// the device does not have takes nothing.
TEST(Gamma, GetGammaRampAnswersTheRampSet) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    D3DGAMMARAMP ramp{};
    for (int i = 0; i < 256; ++i) {
        ramp.red[i] = WORD(65535 - i * 257);
        ramp.green[i] = WORD(i * 128);
        ramp.blue[i] = WORD(i * 200);
    }
    t->SetGammaRamp(0, D3DSGR_NO_CALIBRATION, &ramp);
    D3DGAMMARAMP answered{};
    t->GetGammaRamp(0, &answered);
    CHECK(memcmp(&ramp, &answered, sizeof ramp) == 0);
    D3DGAMMARAMP other = ramp;
    other.green[10] = 1234;
    t->SetGammaRamp(1, D3DSGR_NO_CALIBRATION, &other); // no such implicit swap chain
    t->GetGammaRamp(0, &answered);
    CHECK(memcmp(&ramp, &answered, sizeof ramp) == 0);
    t->SetGammaRamp(0, D3DSGR_CALIBRATE, &other);
    t->GetGammaRamp(0, &answered);
    CHECK(memcmp(&other, &answered, sizeof other) == 0);
}

// A windowed device's frames reach the window as rendered: D3D9 applies ramps in full screen
// only (D3DCAPS2_FULLSCREENGAMMA; full_screen_test.cpp shows them applied there), and our caps
// claim no calibrator.
TEST(Gamma, WindowedFramesAreNotChangedByTheRamp) {
    TestDevice t(32, 16);
    REQUIRE(t.device != nullptr);
    D3DCAPS9 caps{};
    REQUIRE(t->GetDeviceCaps(&caps) == D3D_OK);
    CHECK((caps.Caps2 & D3DCAPS2_FULLSCREENGAMMA) != 0); // lavapipe has push descriptors
    CHECK((caps.Caps2 & D3DCAPS2_CANCALIBRATEGAMMA) == 0);
    const POINT origin = showWindowAt(t.window.hwnd, 200, 40);
    D3DGAMMARAMP inverse{};
    for (int i = 0; i < 256; ++i)
        inverse.red[i] = inverse.green[i] = inverse.blue[i] = WORD(65535 - i * 257);
    t->SetGammaRamp(0, D3DSGR_NO_CALIBRATION, &inverse);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF30C050, 1.0f, 0), D3D_OK);
    CHECK_EQ(t->Present(nullptr, nullptr, nullptr, nullptr), D3D_OK);
    CHECK(screenShows(origin.x + 16, origin.y + 8, 0x30C050));
}

// IDirect3DDevice9's cursor: SetCursorProperties, SetCursorPosition, ShowCursor. D3D9 uses "the
// operating system cursor ... when the application is running in windowed mode" (or hardware
// with D3DCURSORCAPS_COLOR at 32x32), an emulated one drawn into the frame otherwise. Our caps
// claim no hardware cursor, and full-screen devices present into their window at the desktop's
// mode, so every device uses an OS cursor: a Windows cursor made from the surface's pixels
// (CreateIconIndirect, 32-bit colour with its alpha), shown with SetCursor.
// Driver headers before <d3d9.h>: device9.h first.
#include "d3d9/device9.h"

#include <cstring>
#include <vector>

namespace ddivk::d3d9 {
namespace {

bool powerOfTwo(UINT v) {
    return v != 0 && (v & (v - 1)) == 0;
}

// A Windows cursor of the A8R8G8B8 `pixels` (rows `pitch` bytes apart); null on failure.
HCURSOR makeCursor(const uint8_t* pixels, INT pitch, UINT width, UINT height, UINT hotX, UINT hotY) {
    BITMAPINFO info{};
    info.bmiHeader.biSize = sizeof info.bmiHeader;
    info.bmiHeader.biWidth = LONG(width);
    info.bmiHeader.biHeight = -LONG(height); // top-down, as the surface's rows
    info.bmiHeader.biPlanes = 1;
    info.bmiHeader.biBitCount = 32;
    info.bmiHeader.biCompression = BI_RGB;
    void* bits = nullptr;
    HBITMAP colour = CreateDIBSection(nullptr, &info, DIB_RGB_COLORS, &bits, nullptr, 0);
    if (!colour) return nullptr;
    for (UINT y = 0; y < height; ++y)
        std::memcpy(static_cast<uint8_t*>(bits) + size_t(y) * width * 4, pixels + size_t(y) * pitch,
                    width * 4);
    GdiFlush();
    // The AND mask: all zero, the colour bitmap's alpha says what shows (rows of WORDs).
    const std::vector<uint8_t> zeros(size_t((width + 15) / 16 * 2) * height, 0);
    HBITMAP mask = CreateBitmap(int(width), int(height), 1, 1, zeros.data());
    ICONINFO icon{};
    icon.fIcon = FALSE; // a cursor: the hot spot counts
    icon.xHotspot = hotX;
    icon.yHotspot = hotY;
    icon.hbmMask = mask;
    icon.hbmColor = colour;
    HCURSOR cursor = mask ? static_cast<HCURSOR>(CreateIconIndirect(&icon)) : nullptr;
    if (mask) DeleteObject(mask);
    DeleteObject(colour);
    return cursor;
}

} // namespace

HRESULT STDMETHODCALLTYPE Device9::SetCursorProperties(UINT hotX, UINT hotY, IDirect3DSurface9* bitmap) {
    if (!bitmap) return D3DERR_INVALIDCALL;
    D3DSURFACE_DESC desc{};
    D3DDISPLAYMODE mode{};
    if (FAILED(bitmap->GetDesc(&desc)) || FAILED(GetDisplayMode(0, &mode))) return D3DERR_INVALIDCALL;
    // "An 8888 ARGB surface ... less than the dimensions of the display mode, and a power of two
    // in each direction". Windows takes a surface as large as the mode too (Wine's
    // test_cursor_size: the largest power of two inside the mode is taken, its double not).
    if (desc.Format != ::D3DFMT_A8R8G8B8 || !powerOfTwo(desc.Width) || !powerOfTwo(desc.Height) ||
        desc.Width > mode.Width || desc.Height > mode.Height)
        return D3DERR_INVALIDCALL;
    auto guard = lock();
    // The pixels are read through a lock: system-memory surfaces and lockable texture levels.
    D3DLOCKED_RECT locked{};
    if (FAILED(bitmap->LockRect(&locked, nullptr, D3DLOCK_READONLY))) {
        DDIVK_WARN("d3d9: SetCursorProperties: the cursor surface cannot be locked (not system memory)");
        return D3DERR_INVALIDCALL;
    }
    HCURSOR made = makeCursor(static_cast<const uint8_t*>(locked.pBits), locked.Pitch, desc.Width,
                              desc.Height, hotX, hotY);
    bitmap->UnlockRect();
    if (!made) return D3DERR_INVALIDCALL;
    if (cursorVisible_) ::SetCursor(made);
    if (cursor_.handle) DestroyCursor(cursor_.handle);
    cursor_.handle = made;
    return D3D_OK;
}

// "Windowed mode: screen space coordinates are the desktop coordinates"; full screen: back-buffer
// coordinates scaled to the display mode, which the device's window covers here. The OS cursor
// moves at once, so D3DCURSOR_IMMEDIATE_UPDATE's guarantee holds without the flag too.
void STDMETHODCALLTYPE Device9::SetCursorPosition(int x, int y, DWORD flags) {
    (void)flags;
    auto guard = lock();
    const D3DPRESENT_PARAMETERS& p = creation_.present;
    POINT at{x, y};
    if (!p.Windowed) {
        HWND window = p.hDeviceWindow ? p.hDeviceWindow : creation_.focusWindow;
        RECT client{};
        GetClientRect(window, &client);
        at.x = LONG(int64_t(x) * client.right / int64_t(p.BackBufferWidth));
        at.y = LONG(int64_t(y) * client.bottom / int64_t(p.BackBufferHeight));
        ClientToScreen(window, &at);
    }
    SetCursorPos(at.x, at.y);
}

// "TRUE if the cursor was previously visible". Showing puts the cursor of SetCursorProperties
// on the screen, hiding takes it off. Without a cursor image nothing changes: the cursor stays
// hidden, and ShowCursor(TRUE) keeps answering FALSE (Wine's test_cursor records Windows).
WINBOOL STDMETHODCALLTYPE Device9::ShowCursor(WINBOOL show) {
    auto guard = lock();
    const WINBOOL previous = cursorVisible_ ? TRUE : FALSE;
    if (!cursor_.handle) return previous;
    cursorVisible_ = show != FALSE;
    ::SetCursor(cursorVisible_ ? cursor_.handle : nullptr);
    return previous;
}

} // namespace ddivk::d3d9

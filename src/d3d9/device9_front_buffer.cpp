// IDirect3DDevice9::GetFrontBufferData and IDirect3DSwapChain9::GetFrontBufferData. D3D9: "for
// windowed mode, the size of the destination surface should be the size of the desktop; for
// full-screen mode ... the screen size", converted to D3DFMT_A8R8G8B8. Our full-screen devices
// present into their window at the desktop's mode too, so in both cases the front buffer is
// what the screen shows: it is read through GDI, after the worker has executed every Present
// recorded so far. Slow, as the documentation says it is by design; nothing per frame.
// Driver headers before <d3d9.h>: device9.h first.
#include "d3d9/device9.h"

#include "d3d9/adapter.h"
#include "d3d9/display_modes.h"

#include <cstring>

namespace ddivk::d3d9 {
namespace {

// The screen's pixels from (left, top) in `rows` (width x height, 0x00RRGGBB), through GDI.
bool readScreen(LONG left, LONG top, LONG width, LONG height, std::vector<uint32_t>& rows) {
    HDC screen = GetDC(nullptr);
    if (!screen) return false;
    HDC memory = CreateCompatibleDC(screen);
    BITMAPINFO info{};
    info.bmiHeader.biSize = sizeof info.bmiHeader;
    info.bmiHeader.biWidth = width;
    info.bmiHeader.biHeight = -height; // top-down, as D3D9 gives rows
    info.bmiHeader.biPlanes = 1;
    info.bmiHeader.biBitCount = 32;
    info.bmiHeader.biCompression = BI_RGB;
    void* bits = nullptr;
    HBITMAP dib = memory ? CreateDIBSection(screen, &info, DIB_RGB_COLORS, &bits, nullptr, 0) : nullptr;
    bool copied = false;
    if (dib) {
        HGDIOBJ previous = SelectObject(memory, dib);
        copied = BitBlt(memory, 0, 0, width, height, screen, left, top, SRCCOPY) != FALSE;
        GdiFlush();
        if (copied) {
            rows.resize(size_t(width) * size_t(height));
            std::memcpy(rows.data(), bits, rows.size() * sizeof(uint32_t));
        }
        SelectObject(memory, previous);
        DeleteObject(dib);
    }
    if (memory) DeleteDC(memory);
    ReleaseDC(nullptr, screen);
    return copied;
}

} // namespace

// Only implicit swap chains have an index here; additional ones answer through their interface.
HRESULT STDMETHODCALLTYPE Device9::GetFrontBufferData(UINT swapchain, IDirect3DSurface9* destination) {
    if (swapchain != 0) return D3DERR_INVALIDCALL;
    return copyFrontBuffer(destination);
}

HRESULT Device9::copyFrontBuffer(IDirect3DSurface9* destination) {
    if (!destination) return D3DERR_INVALIDCALL;
    D3DSURFACE_DESC desc{};
    D3DDISPLAYMODE mode{};
    if (FAILED(destination->GetDesc(&desc)) || FAILED(GetDisplayMode(0, &mode))) return D3DERR_INVALIDCALL;
    // A system-memory A8R8G8B8 surface of the display mode's size.
    if (desc.Format != ::D3DFMT_A8R8G8B8 || desc.Pool != D3DPOOL_SYSTEMMEM || desc.Width != mode.Width ||
        desc.Height != mode.Height)
        return D3DERR_INVALIDCALL;
    auto guard = lock();
    if (deviceLost_.load()) return D3DERR_DEVICELOST;
    // Every Present recorded so far has been handed to the window system: the worker has run
    // them, and the swapchains' own threads have presented them.
    stream_->call([this] { waitForWindowPresents(); });
    std::vector<uint32_t> screen;
    const RECT display = displayRect(creation_.adapter->display); // the adapter's monitor
    if (!readScreen(display.left, display.top, LONG(desc.Width), LONG(desc.Height), screen)) {
        DDIVK_WARN("d3d9: GetFrontBufferData: the screen cannot be read");
        return D3DERR_DRIVERINTERNALERROR;
    }
    D3DLOCKED_RECT locked{};
    if (FAILED(destination->LockRect(&locked, nullptr, 0))) return D3DERR_INVALIDCALL;
    for (UINT y = 0; y < desc.Height; ++y) {
        auto* row =
            reinterpret_cast<uint32_t*>(static_cast<uint8_t*>(locked.pBits) + size_t(y) * locked.Pitch);
        for (UINT x = 0; x < desc.Width; ++x)
            row[x] = 0xFF000000u | screen[size_t(y) * desc.Width + x]; // the screen is opaque
    }
    destination->UnlockRect();
    return D3D_OK;
}

} // namespace ddivk::d3d9

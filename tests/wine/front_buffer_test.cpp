// GetFrontBufferData: "for windowed mode, the size of the destination surface should be the
// size of the desktop", in D3DFMT_A8R8G8B8: the desktop with the last presented frame in the
// window's client area at its screen position; the destination's rules.
#include "check.h"
#include "device_support.h"
#include "screen_support.h"

namespace {

// A system-memory surface of the display mode's size (or `format`, `pool` given).
IDirect3DSurface9* modeSizedSurface(IDirect3DDevice9* device, D3DFORMAT format = D3DFMT_A8R8G8B8,
                                    D3DPOOL pool = D3DPOOL_SYSTEMMEM, UINT extraWidth = 0) {
    D3DDISPLAYMODE mode{};
    if (FAILED(device->GetDisplayMode(0, &mode))) return nullptr;
    IDirect3DSurface9* surface = nullptr;
    device->CreateOffscreenPlainSurface(mode.Width + extraWidth, mode.Height, format, pool, &surface,
                                        nullptr);
    return surface;
}

// Pixels of the client area (width x height at `origin`) in `surface` that are not 0xFF000000 |
// the expected colour: `left` in columns below `split`, `right` from it.
int wrongPixels(IDirect3DSurface9* surface, POINT origin, int width, int height, int split, DWORD left,
                DWORD right) {
    D3DLOCKED_RECT locked{};
    if (FAILED(surface->LockRect(&locked, nullptr, D3DLOCK_READONLY))) return -1;
    int wrong = 0;
    for (int y = 0; y < height; ++y) {
        const auto* row = reinterpret_cast<const DWORD*>(static_cast<const BYTE*>(locked.pBits) +
                                                         (origin.y + y) * locked.Pitch);
        for (int x = 0; x < width; ++x)
            if (row[origin.x + x] != (0xFF000000 | (x < split ? left : right))) ++wrong;
    }
    surface->UnlockRect();
    return wrong;
}

} // namespace

// The front buffer holds the presented frame where the window is on the desktop, opaque; the
// implicit swap chain's GetFrontBufferData answers the same.
TEST(FrontBuffer, HoldsTheLastPresentedFrameAtTheWindowsPlace) {
    TestDevice t(64, 32);
    REQUIRE(t.device != nullptr);
    const POINT origin = showWindowAt(t.window.hwnd, 40, 24);
    const DWORD a = 0x2080C0, b = 0xE04010;
    const D3DRECT left{0, 0, 20, 32}, right{20, 0, 64, 32};
    CHECK_EQ(t->Clear(1, &left, D3DCLEAR_TARGET, 0xFF000000 | a, 1.0f, 0), D3D_OK);
    CHECK_EQ(t->Clear(1, &right, D3DCLEAR_TARGET, 0xFF000000 | b, 1.0f, 0), D3D_OK);
    CHECK_EQ(t->Present(nullptr, nullptr, nullptr, nullptr), D3D_OK);
    // The window system shows it (asynchronously) before the front buffer is read.
    REQUIRE(screenShows(origin.x + 5, origin.y + 5, a));
    REQUIRE(screenShows(origin.x + 60, origin.y + 30, b));
    IDirect3DSurface9* front = modeSizedSurface(t.device);
    REQUIRE(front != nullptr);
    CHECK_EQ(t->GetFrontBufferData(0, front), D3D_OK);
    CHECK_EQ(wrongPixels(front, origin, 64, 32, 20, a, b), 0);
    IDirect3DSwapChain9* chain = nullptr;
    REQUIRE(t->GetSwapChain(0, &chain) == D3D_OK);
    const D3DRECT all{0, 0, 64, 32};
    CHECK_EQ(t->Clear(1, &all, D3DCLEAR_TARGET, 0xFF000000 | b, 1.0f, 0), D3D_OK);
    CHECK_EQ(chain->Present(nullptr, nullptr, nullptr, nullptr, 0), D3D_OK);
    REQUIRE(screenShows(origin.x + 5, origin.y + 5, b));
    CHECK_EQ(chain->GetFrontBufferData(front), D3D_OK);
    CHECK_EQ(wrongPixels(front, origin, 64, 32, 0, a, b), 0);
    chain->Release();
    front->Release();
}

// A system-memory A8R8G8B8 surface of the display mode's size; anything else, a null surface
// or a swap chain the device does not have is D3DERR_INVALIDCALL.
TEST(FrontBuffer, DestinationIsSystemMemoryArgbOfTheDisplaySize) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DSurface9* good = modeSizedSurface(t.device);
    IDirect3DSurface9* xrgb = modeSizedSurface(t.device, D3DFMT_X8R8G8B8);
    IDirect3DSurface9* scratch = modeSizedSurface(t.device, D3DFMT_A8R8G8B8, D3DPOOL_SCRATCH);
    IDirect3DSurface9* wider = modeSizedSurface(t.device, D3DFMT_A8R8G8B8, D3DPOOL_SYSTEMMEM, 1);
    REQUIRE(good && xrgb && scratch && wider);
    CHECK_EQ(t->GetFrontBufferData(0, nullptr), D3DERR_INVALIDCALL);
    CHECK_EQ(t->GetFrontBufferData(1, good), D3DERR_INVALIDCALL);
    CHECK_EQ(t->GetFrontBufferData(0, xrgb), D3DERR_INVALIDCALL);
    CHECK_EQ(t->GetFrontBufferData(0, scratch), D3DERR_INVALIDCALL);
    CHECK_EQ(t->GetFrontBufferData(0, wider), D3DERR_INVALIDCALL);
    CHECK_EQ(t->GetFrontBufferData(0, good), D3D_OK);
    for (IDirect3DSurface9* s : {good, xrgb, scratch, wider})
        s->Release();
}

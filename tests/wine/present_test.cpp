// Present and Reset: frames reach the window (read back from the screen), the implicit swap
// chain answers for the device, and Reset makes new implicit surfaces, returns every state to
// its default and refuses while D3DPOOL_DEFAULT resources are alive.
#include "check.h"
#include "device_support.h"
#include "screen_support.h"
#include "support.h"

#include <cstring>

// A presented frame is what the window shows: the back buffer's left and right halves, each a
// colour of its own, at their places on the screen.
TEST(Present, TheBackBufferAppearsInTheWindow) {
    TestDevice t(64, 32);
    REQUIRE(t.device != nullptr);
    SetWindowPos(t.window.hwnd, HWND_TOPMOST, 0, 0, 0, 0, SWP_NOSIZE | SWP_SHOWWINDOW);
    POINT origin{0, 0};
    ClientToScreen(t.window.hwnd, &origin);
    const D3DRECT left{0, 0, 32, 32}, right{32, 0, 64, 32};
    for (DWORD frame = 0; frame < 3; ++frame) {
        const DWORD a = 0x204060 + frame * 0x100000, b = 0xC08020 - frame * 0x10;
        CHECK_EQ(t->Clear(1, &left, D3DCLEAR_TARGET, 0xFF000000 | a, 1.0f, 0), D3D_OK);
        CHECK_EQ(t->Clear(1, &right, D3DCLEAR_TARGET, 0xFF000000 | b, 1.0f, 0), D3D_OK);
        CHECK_EQ(t->Present(nullptr, nullptr, nullptr, nullptr), D3D_OK);
        CHECK(screenShows(origin.x + 8, origin.y + 16, a));
        CHECK(screenShows(origin.x + 56, origin.y + 16, b));
    }
}

namespace {

// A windowed device on `window` with a 64 x 32 back buffer of `format`, presented at `interval`.
IDirect3DDevice9* halvesDevice(IDirect3D9* d3d, HWND window, D3DFORMAT format, UINT interval) {
    D3DPRESENT_PARAMETERS pp = windowedParameters(window, 64, 32, false);
    pp.BackBufferFormat = format;
    pp.PresentationInterval = interval;
    IDirect3DDevice9* device = nullptr;
    if (FAILED(
            d3d->CreateDevice(0, D3DDEVTYPE_HAL, window, D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp, &device)))
        return nullptr;
    return device;
}

// Clears the back buffer's left half to `left` and its right half to `right` (0xRRGGBB), presents,
// and checks the screen shows them in the middle of each half, the client area being `scale`
// times the back buffer's size from `origin`.
void presentHalves(IDirect3DDevice9* device, POINT origin, DWORD left, DWORD right, int scale = 1) {
    const D3DRECT leftHalf{0, 0, 32, 32}, rightHalf{32, 0, 64, 32};
    CHECK_EQ(device->Clear(1, &leftHalf, D3DCLEAR_TARGET, 0xFF000000 | left, 1.0f, 0), D3D_OK);
    CHECK_EQ(device->Clear(1, &rightHalf, D3DCLEAR_TARGET, 0xFF000000 | right, 1.0f, 0), D3D_OK);
    CHECK_EQ(device->Present(nullptr, nullptr, nullptr, nullptr), D3D_OK);
    CHECK(screenShows(origin.x + 8 * scale, origin.y + 16 * scale, left));
    CHECK(screenShows(origin.x + 56 * scale, origin.y + 16 * scale, right));
}

} // namespace

// A windowed 16-bit back buffer on the 32-bit desktop (CheckDeviceType answers D3D_OK for it):
// Present converts it, pure colours staying pure.
TEST(Present, A16BitBackBufferIsConvertedForTheDesktop) {
    D3D9 d3d;
    REQUIRE(d3d.d3d != nullptr);
    REQUIRE(d3d->CheckDeviceType(0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, D3DFMT_R5G6B5, TRUE) == D3D_OK);
    TestWindow window(64, 32);
    IDirect3DDevice9* device = halvesDevice(d3d.d3d, window.hwnd, D3DFMT_R5G6B5, D3DPRESENT_INTERVAL_DEFAULT);
    REQUIRE(device != nullptr);
    presentHalves(device, showWindowAt(window.hwnd, 0, 0), 0xFF0000, 0x00FFFF);
    device->Release();
}

// D3DPRESENT_INTERVAL_IMMEDIATE (what benchmarks and many games ask for) shows every frame as
// well, in either back buffer format, and the first frame presented after the window is resized
// is stretched over the new client area (before, that frame came out at the old size).
TEST(Present, ImmediateFramesAppearInTheWindowAndFollowItsSize) {
    for (const D3DFORMAT format : {D3DFMT_X8R8G8B8, D3DFMT_R5G6B5}) {
        D3D9 d3d;
        REQUIRE(d3d.d3d != nullptr);
        TestWindow window(64, 32);
        IDirect3DDevice9* device = halvesDevice(d3d.d3d, window.hwnd, format, D3DPRESENT_INTERVAL_IMMEDIATE);
        REQUIRE(device != nullptr);
        const POINT origin = showWindowAt(window.hwnd, 0, 0);
        // Pure colours, which a 16-bit back buffer keeps exactly.
        presentHalves(device, origin, 0xFF0000, 0x00FFFF);
        presentHalves(device, origin, 0x0000FF, 0xFFFF00);
        // A client area of 128 x 64: each half of the back buffer covers 64 x 64 of it.
        RECT frame{0, 0, 128, 64};
        AdjustWindowRect(&frame, DWORD(GetWindowLongW(window.hwnd, GWL_STYLE)), FALSE);
        SetWindowPos(window.hwnd, nullptr, 0, 0, frame.right - frame.left, frame.bottom - frame.top,
                     SWP_NOMOVE | SWP_NOZORDER);
        presentHalves(device, origin, 0xFFFFFF, 0x00FF00, 2);
        device->Release();
    }
}

TEST(Present, RectanglesNeedTheCopySwapEffect) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    const RECT r{0, 0, 8, 8};
    CHECK_EQ(t->Present(&r, nullptr, nullptr, nullptr), D3DERR_INVALIDCALL); // D3DSWAPEFFECT_DISCARD
    CHECK_EQ(t->Present(nullptr, &r, nullptr, nullptr), D3DERR_INVALIDCALL);
    CHECK_EQ(t->Present(nullptr, nullptr, nullptr, nullptr), D3D_OK);
}

TEST(SwapChain, TheImplicitSwapChainAnswersForTheDevice) {
    TestDevice t(24, 16);
    REQUIRE(t.device != nullptr);
    CHECK_EQ(t->GetNumberOfSwapChains(), 1);
    IDirect3DSwapChain9* chain = nullptr;
    CHECK_EQ(t->GetSwapChain(1, &chain), D3DERR_INVALIDCALL);
    REQUIRE(t->GetSwapChain(0, &chain) == D3D_OK);
    D3DPRESENT_PARAMETERS pp{};
    CHECK_EQ(chain->GetPresentParameters(&pp), D3D_OK);
    const D3DPRESENT_PARAMETERS want = windowedParameters(t.window.hwnd, 24, 16, false);
    CHECK(pp.BackBufferWidth == want.BackBufferWidth && pp.BackBufferHeight == want.BackBufferHeight);
    CHECK(pp.BackBufferFormat == want.BackBufferFormat && pp.hDeviceWindow == want.hDeviceWindow);
    IDirect3DSurface9 *fromChain = nullptr, *fromDevice = nullptr;
    CHECK_EQ(chain->GetBackBuffer(0, D3DBACKBUFFER_TYPE_MONO, &fromChain), D3D_OK);
    CHECK_EQ(t->GetBackBuffer(0, 0, D3DBACKBUFFER_TYPE_MONO, &fromDevice), D3D_OK);
    CHECK(fromChain != nullptr && fromChain == fromDevice);
    if (fromChain) fromChain->Release();
    if (fromDevice) fromDevice->Release();
    // Any type gives the back buffer (Wine's test_swapchain: LEFT, RIGHT, 0xdeadbeef); an index
    // past the chain nulls the device's output and leaves the chain's as it was.
    for (D3DBACKBUFFER_TYPE type :
         {D3DBACKBUFFER_TYPE_LEFT, D3DBACKBUFFER_TYPE_RIGHT, D3DBACKBUFFER_TYPE(0xdeadbeef)}) {
        IDirect3DSurface9* typed = nullptr;
        CHECK_EQ(t->GetBackBuffer(0, 0, type, &typed), D3D_OK);
        CHECK(typed == fromDevice);
        if (typed) typed->Release();
        typed = nullptr;
        CHECK_EQ(chain->GetBackBuffer(0, type, &typed), D3D_OK);
        CHECK(typed == fromDevice);
        if (typed) typed->Release();
    }
    // The back buffer's container is the chain, not the device (Wine's test_refcount).
    IDirect3DSurface9* back = nullptr;
    REQUIRE(t->GetBackBuffer(0, 0, D3DBACKBUFFER_TYPE_MONO, &back) == D3D_OK);
    void* container = nullptr;
    CHECK_EQ(back->GetContainer(__uuidof(IDirect3DSwapChain9), &container), D3D_OK);
    CHECK(container == chain);
    if (container) static_cast<IUnknown*>(container)->Release();
    container = reinterpret_cast<void*>(1);
    CHECK_EQ(back->GetContainer(__uuidof(IDirect3DDevice9), &container), E_NOINTERFACE);
    back->Release();
    IDirect3DSurface9* past = reinterpret_cast<IDirect3DSurface9*>(0x1234);
    CHECK_EQ(t->GetBackBuffer(0, 1, D3DBACKBUFFER_TYPE_MONO, &past), D3DERR_INVALIDCALL);
    CHECK(past == nullptr);
    past = reinterpret_cast<IDirect3DSurface9*>(0x1234);
    CHECK_EQ(chain->GetBackBuffer(1, D3DBACKBUFFER_TYPE_MONO, &past), D3DERR_INVALIDCALL);
    CHECK(past == reinterpret_cast<IDirect3DSurface9*>(0x1234));
    IDirect3DDevice9* device = nullptr;
    CHECK_EQ(chain->GetDevice(&device), D3D_OK);
    CHECK(device == t.device);
    if (device) device->Release();
    D3DRASTER_STATUS raster{};
    CHECK_EQ(chain->GetRasterStatus(&raster), D3D_OK);
    CHECK_EQ(chain->Present(nullptr, nullptr, nullptr, nullptr, 0), D3D_OK);
    chain->Release();
}

// Reset: new back buffer size, state back to defaults, rendering goes on.
TEST(Reset, MakesNewImplicitSurfacesAndRestoresTheDefaults) {
    TestDevice t(32, 32, true);
    REQUIRE(t.device != nullptr);
    CHECK_EQ(t->SetRenderState(D3DRS_CULLMODE, D3DCULL_NONE), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_ZENABLE, D3DZB_FALSE), D3D_OK);
    D3DVIEWPORT9 vp{2, 2, 8, 8, 0, 1};
    CHECK_EQ(t->SetViewport(&vp), D3D_OK);
    D3DLIGHT9 light{};
    light.Type = D3DLIGHT_POINT;
    light.Range = 10;
    CHECK_EQ(t->SetLight(0, &light), D3D_OK);
    D3DPRESENT_PARAMETERS pp = windowedParameters(t.window.hwnd, 48, 20, true);
    CHECK_EQ(t->Reset(&pp), D3D_OK);
    IDirect3DSurface9* back = nullptr;
    REQUIRE(t->GetBackBuffer(0, 0, D3DBACKBUFFER_TYPE_MONO, &back) == D3D_OK);
    D3DSURFACE_DESC desc{};
    back->GetDesc(&desc);
    CHECK(desc.Width == 48 && desc.Height == 20);
    back->Release();
    DWORD value = 0;
    CHECK_EQ(t->GetRenderState(D3DRS_CULLMODE, &value), D3D_OK);
    CHECK_EQ(value, D3DCULL_CCW);
    CHECK_EQ(t->GetRenderState(D3DRS_ZENABLE, &value), D3D_OK);
    CHECK_EQ(value, D3DZB_TRUE);
    CHECK_EQ(t->GetViewport(&vp), D3D_OK);
    CHECK(vp.X == 0 && vp.Y == 0 && vp.Width == 48 && vp.Height == 20);
    CHECK_EQ(t->GetLight(0, &light), D3DERR_INVALIDCALL); // lights are dropped

    // The driver's state was reset too: of two rectangles, the counter-clockwise one is culled
    // again (D3DCULL_CCW; NONE before the Reset), and drawing reaches the new back buffer.
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xFF000000, 1.0f, 0), D3D_OK);
    CHECK_EQ(t->SetFVF(kScreenFvf), D3D_OK);
    const std::vector<ScreenVertex> cw = screenRect(0, 0, 24, 20, 0.5f, 0xFF00FF00); // clockwise on screen
    std::vector<ScreenVertex> ccw = screenRect(24, 0, 48, 20, 0.5f, 0xFF0000FF);
    std::swap(ccw[1], ccw[2]);
    std::swap(ccw[4], ccw[5]);
    CHECK_EQ(t->DrawPrimitiveUP(D3DPT_TRIANGLELIST, 2, cw.data(), sizeof(ScreenVertex)), D3D_OK);
    CHECK_EQ(t->DrawPrimitiveUP(D3DPT_TRIANGLELIST, 2, ccw.data(), sizeof(ScreenVertex)), D3D_OK);
    const std::vector<uint32_t> pixels = readBackBuffer(t.device);
    REQUIRE(pixels.size() == 48 * 20);
    int wrong = 0;
    for (int y = 0; y < 20; ++y)
        for (int x = 0; x < 48; ++x)
            if ((pixels[y * 48 + x] & 0xFFFFFF) != (x < 24 ? 0x00FF00u : 0u)) ++wrong;
    CHECK_EQ(wrong, 0);
}

// "Before calling Reset, an application should release any ... D3DPOOL_DEFAULT resources":
// Reset fails while one is alive, and works once it is released; managed resources survive.
TEST(Reset, RefusesWhileDefaultPoolResourcesLive) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DVertexBuffer9 *defaultVb = nullptr, *managedVb = nullptr;
    REQUIRE(t->CreateVertexBuffer(6 * sizeof(ScreenVertex), 0, 0, D3DPOOL_DEFAULT, &defaultVb, nullptr) ==
            D3D_OK);
    REQUIRE(t->CreateVertexBuffer(6 * sizeof(ScreenVertex), 0, 0, D3DPOOL_MANAGED, &managedVb, nullptr) ==
            D3D_OK);
    IDirect3DSurface9* target = nullptr;
    REQUIRE(t->CreateRenderTarget(8, 8, D3DFMT_X8R8G8B8, D3DMULTISAMPLE_NONE, 0, FALSE, &target, nullptr) ==
            D3D_OK);
    D3DPRESENT_PARAMETERS pp = windowedParameters(t.window.hwnd, 16, 16, false);
    CHECK_EQ(t->Reset(&pp), D3DERR_INVALIDCALL);
    // A failed Reset leaves the device waiting for another.
    CHECK_EQ(t->TestCooperativeLevel(), D3DERR_DEVICENOTRESET);
    CHECK_EQ(t->Present(nullptr, nullptr, nullptr, nullptr), D3DERR_DEVICELOST);
    defaultVb->Release();
    CHECK_EQ(t->Reset(&pp), D3DERR_INVALIDCALL); // the render target is still alive
    target->Release();
    CHECK_EQ(t->Reset(&pp), D3D_OK);
    CHECK_EQ(t->TestCooperativeLevel(), D3D_OK);

    const std::vector<ScreenVertex> quad = screenRect(4, 4, 12, 12, 0, 0xFFFF00FF);
    void* data = nullptr;
    REQUIRE(managedVb->Lock(0, 0, &data, 0) == D3D_OK);
    memcpy(data, quad.data(), quad.size() * sizeof(ScreenVertex));
    CHECK_EQ(managedVb->Unlock(), D3D_OK);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF000000, 1.0f, 0), D3D_OK);
    CHECK_EQ(t->SetFVF(kScreenFvf), D3D_OK);
    CHECK_EQ(t->SetStreamSource(0, managedVb, 0, sizeof(ScreenVertex)), D3D_OK);
    CHECK_EQ(t->DrawPrimitive(D3DPT_TRIANGLELIST, 0, 2), D3D_OK);
    const std::vector<uint32_t> pixels = readBackBuffer(t.device);
    REQUIRE(pixels.size() == 16 * 16);
    int wrong = 0;
    for (int y = 0; y < 16; ++y)
        for (int x = 0; x < 16; ++x) {
            const bool in = x >= 4 && x < 12 && y >= 4 && y < 12;
            if ((pixels[y * 16 + x] & 0xFFFFFF) != (in ? 0xFF00FFu : 0u)) ++wrong;
        }
    CHECK_EQ(wrong, 0);
    managedVb->Release();
}

// Wine's test_reset_resources records Windows: default-pool surfaces only the device still holds
// (bound render targets, a texture's level among them, and the depth surface, the program's
// references released) do not stop Reset, which unbinds them: render target 0 is the new back
// buffer and the other targets are gone (D3DERR_NOTFOUND).
TEST(Reset, ReleasesWhatOnlyTheBindingsHold) {
    TestDevice t(16, 16, true);
    REQUIRE(t.device != nullptr);
    D3DCAPS9 caps{};
    REQUIRE(t->GetDeviceCaps(&caps) == D3D_OK);
    IDirect3DSurface9* depth = nullptr;
    REQUIRE(t->CreateDepthStencilSurface(128, 128, D3DFMT_D24S8, D3DMULTISAMPLE_NONE, 0, TRUE, &depth,
                                         nullptr) == D3D_OK);
    CHECK_EQ(t->SetDepthStencilSurface(depth), D3D_OK);
    depth->Release();
    for (DWORD i = 0; i < caps.NumSimultaneousRTs; ++i) {
        IDirect3DTexture9* texture = nullptr;
        IDirect3DSurface9* level = nullptr;
        REQUIRE(t->CreateTexture(128, 128, 1, D3DUSAGE_RENDERTARGET, D3DFMT_X8R8G8B8, D3DPOOL_DEFAULT,
                                 &texture, nullptr) == D3D_OK);
        REQUIRE(texture->GetSurfaceLevel(0, &level) == D3D_OK);
        CHECK_EQ(t->SetRenderTarget(i, level), D3D_OK);
        level->Release();
        texture->Release();
    }
    D3DPRESENT_PARAMETERS pp = windowedParameters(t.window.hwnd, 16, 16, true);
    CHECK_EQ(t->Reset(&pp), D3D_OK);
    IDirect3DSurface9 *target = nullptr, *back = nullptr;
    CHECK_EQ(t->GetBackBuffer(0, 0, D3DBACKBUFFER_TYPE_MONO, &back), D3D_OK);
    CHECK_EQ(t->GetRenderTarget(0, &target), D3D_OK);
    CHECK(target != nullptr && target == back);
    releaseAll(target, back);
    for (DWORD i = 1; i < caps.NumSimultaneousRTs; ++i) {
        target = reinterpret_cast<IDirect3DSurface9*>(1);
        CHECK_EQ(t->GetRenderTarget(i, &target), D3DERR_NOTFOUND);
        CHECK(target == nullptr);
    }
    // The device draws on (a clear of the new back buffer read back).
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF336699, 1.0f, 0), D3D_OK);
    const std::vector<uint32_t> pixels = readBackBuffer(t.device);
    REQUIRE(pixels.size() == 16 * 16);
    CHECK_EQ(pixels[8 * 16 + 8] & 0xFFFFFF, 0x336699u);
}

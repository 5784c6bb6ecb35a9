// Full-screen devices: the display mode the presentation parameters name is set, the device
// window covers the screen without its frame, frames reach the screen, and leaving full screen
// (Reset to windowed, Release) gives the desktop its mode and the window its style and place
// back. A mode the display does not list is refused and changes nothing.
// These tests change the display mode: tools/wine_tests.sh runs them on their own, in a Wine
// virtual desktop (explorer /desktop=...), whose display lists the usual modes; plain Xvfb lists
// one.
#include "check.h"
#include "device_support.h"
#include "screen_support.h"

#include <cstring>
#include <vector>

namespace {

struct Size {
    UINT width = 0, height = 0;
    bool operator==(const Size&) const = default;
};

Size desktopSize() {
    DEVMODEW dm{};
    dm.dmSize = sizeof(dm);
    if (!EnumDisplaySettingsW(nullptr, ENUM_CURRENT_SETTINGS, &dm)) return {};
    return {UINT(dm.dmPelsWidth), UINT(dm.dmPelsHeight)};
}

Size adapterModeSize(IDirect3D9* d3d) {
    D3DDISPLAYMODE mode{};
    if (FAILED(d3d->GetAdapterDisplayMode(0, &mode))) return {};
    return {mode.Width, mode.Height};
}

// Two X8R8G8B8 sizes the adapter lists, distinct and smaller than the desktop, the larger
// first; false when the display lists fewer (plain Xvfb: run in a virtual desktop).
bool twoSmallerModes(IDirect3D9* d3d, Size desktop, Size& a, Size& b) {
    std::vector<Size> sizes;
    const UINT count = d3d->GetAdapterModeCount(0, D3DFMT_X8R8G8B8);
    for (UINT i = 0; i < count; ++i) {
        D3DDISPLAYMODE m{};
        if (FAILED(d3d->EnumAdapterModes(0, D3DFMT_X8R8G8B8, i, &m))) continue;
        const Size s{m.Width, m.Height};
        if (s.width >= desktop.width || s.height >= desktop.height || s.width < 320) continue;
        bool seen = false;
        for (const Size& o : sizes)
            seen = seen || o == s;
        if (!seen) sizes.push_back(s);
    }
    if (sizes.size() < 2) return false;
    a = sizes.back(); // EnumAdapterModes lists by width, then height: the largest last
    b = sizes.front();
    return true;
}

bool sameRect(const RECT& a, const RECT& b) {
    return a.left == b.left && a.top == b.top && a.right == b.right && a.bottom == b.bottom;
}

// What each test starts from: the desktop's size, two smaller modes the adapter lists, and a
// framed, captioned window as programs make before going full screen, with its style and place.
struct Start {
    IDirect3D9* d3d;
    Size desktop, mode, other;
    TestWindow window{292, 173, WS_OVERLAPPEDWINDOW | WS_VISIBLE, 40, 30};
    LONG style = 0, exStyle = 0;
    RECT placed{}, client{};
    bool ready = false; // the modes were found and the window made

    explicit Start(IDirect3D9* direct3d) : d3d(direct3d) {
        if (!d3d || !window.hwnd) return;
        desktop = desktopSize();
        style = GetWindowLongW(window.hwnd, GWL_STYLE);
        exStyle = GetWindowLongW(window.hwnd, GWL_EXSTYLE);
        GetWindowRect(window.hwnd, &placed);
        GetClientRect(window.hwnd, &client);
        ready = twoSmallerModes(d3d, desktop, mode, other);
    }
    ~Start() {
        if (d3d) d3d->Release();
    }
    Start(const Start&) = delete;
    Start& operator=(const Start&) = delete;

    HRESULT create(D3DPRESENT_PARAMETERS& pp, IDirect3DDevice9** device, DWORD flags = 0) {
        return d3d->CreateDevice(0, D3DDEVTYPE_HAL, window.hwnd, D3DCREATE_HARDWARE_VERTEXPROCESSING | flags,
                                 &pp, device);
    }
    // The window has its windowed style and place (or its style alone).
    void checkWindowAsItWas(bool place = true) const {
        CHECK_EQ(GetWindowLongW(window.hwnd, GWL_STYLE), style);
        CHECK_EQ(GetWindowLongW(window.hwnd, GWL_EXSTYLE), exStyle);
        RECT now{};
        GetWindowRect(window.hwnd, &now);
        if (place) CHECK(sameRect(now, placed));
    }
};

// windowedParameters' X8R8G8B8 back buffer of `size`, full screen.
D3DPRESENT_PARAMETERS fullScreenParameters(HWND window, Size size) {
    D3DPRESENT_PARAMETERS pp = windowedParameters(window, size.width, size.height, false);
    pp.Windowed = FALSE;
    return pp;
}

// The window covers the screen of `size` as D3D9 leaves a full-screen window: at the origin,
// the mode's size, no caption or sizing frame, top-most.
void checkCoversTheScreen(HWND window, Size size) {
    RECT r{};
    GetWindowRect(window, &r);
    CHECK(sameRect(r, RECT{0, 0, LONG(size.width), LONG(size.height)}));
    const LONG style = GetWindowLongW(window, GWL_STYLE);
    CHECK((style & WS_POPUP) != 0);
    CHECK((style & WS_CAPTION) != WS_CAPTION);
    CHECK((style & WS_THICKFRAME) == 0);
    CHECK((GetWindowLongW(window, GWL_EXSTYLE) & WS_EX_TOPMOST) != 0);
}

// A colour cleared and presented shows at the screen's corners.
void checkFrameFillsTheScreen(IDirect3DDevice9* device, Size size, DWORD rgb) {
    CHECK_EQ(device->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF000000 | rgb, 1.0f, 0), D3D_OK);
    CHECK_EQ(device->Present(nullptr, nullptr, nullptr, nullptr), D3D_OK);
    CHECK(screenShows(0, 0, rgb));
    CHECK(screenShows(int(size.width) - 1, int(size.height) - 1, rgb));
    CHECK(screenShows(int(size.width) / 2, int(size.height) / 2, rgb));
}

} // namespace

TEST(FullScreen, CreateDeviceSetsTheModeAndReleaseRestoresTheDesktop) {
    Start t(Direct3DCreate9(D3D_SDK_VERSION));
    REQUIRE(t.ready);
    D3DPRESENT_PARAMETERS pp = fullScreenParameters(t.window.hwnd, t.mode);
    IDirect3DDevice9* device = nullptr;
    CHECK_EQ(t.create(pp, &device), D3D_OK);
    REQUIRE(device != nullptr);
    CHECK(desktopSize() == t.mode);
    CHECK(adapterModeSize(t.d3d) == t.mode);
    CHECK_EQ(GetSystemMetrics(SM_CXSCREEN), t.mode.width);
    D3DDISPLAYMODE shown{};
    CHECK_EQ(device->GetDisplayMode(0, &shown), D3D_OK);
    CHECK_EQ(shown.Width, t.mode.width);
    CHECK_EQ(shown.Format, D3DFMT_X8R8G8B8);
    checkCoversTheScreen(t.window.hwnd, t.mode);
    checkFrameFillsTheScreen(device, t.mode, 0x3080C0);
    checkFrameFillsTheScreen(device, t.mode, 0xC04010);

    device->Release();
    CHECK(desktopSize() == t.desktop);
    t.checkWindowAsItWas();
}

TEST(FullScreen, ResetMovesBetweenModesAndBackToWindowed) {
    Start t(Direct3DCreate9(D3D_SDK_VERSION));
    REQUIRE(t.ready);
    D3DPRESENT_PARAMETERS pp = windowedParameters(t.window.hwnd, 64, 48, false);
    IDirect3DDevice9* device = nullptr;
    CHECK_EQ(t.create(pp, &device), D3D_OK);
    REQUIRE(device != nullptr);
    CHECK(desktopSize() == t.desktop);

    // Windowed -> full screen -> full screen of another size.
    pp = fullScreenParameters(t.window.hwnd, t.mode);
    CHECK_EQ(device->Reset(&pp), D3D_OK);
    CHECK(desktopSize() == t.mode);
    checkCoversTheScreen(t.window.hwnd, t.mode);
    checkFrameFillsTheScreen(device, t.mode, 0x20A040);
    pp = fullScreenParameters(t.window.hwnd, t.other);
    CHECK_EQ(device->Reset(&pp), D3D_OK);
    CHECK(desktopSize() == t.other);
    checkCoversTheScreen(t.window.hwnd, t.other);
    checkFrameFillsTheScreen(device, t.other, 0x4020A0);

    // Back to windowed with a size of 0: the restored window's client area.
    pp = windowedParameters(t.window.hwnd, 0, 0, false);
    CHECK_EQ(device->Reset(&pp), D3D_OK);
    CHECK(desktopSize() == t.desktop);
    t.checkWindowAsItWas();
    CHECK_EQ(pp.BackBufferWidth, UINT(t.client.right));
    CHECK_EQ(pp.BackBufferHeight, UINT(t.client.bottom));
    device->Release();
    CHECK(desktopSize() == t.desktop);
}

TEST(FullScreen, AModeTheDisplayDoesNotListIsRefusedAndChangesNothing) {
    Start t(Direct3DCreate9(D3D_SDK_VERSION));
    REQUIRE(t.ready);
    IDirect3DDevice9* device = nullptr;
    D3DPRESENT_PARAMETERS pp = fullScreenParameters(t.window.hwnd, Size{t.mode.width + 1, t.mode.height});
    CHECK_EQ(t.create(pp, &device), D3DERR_INVALIDCALL);
    CHECK(device == nullptr);
    pp = fullScreenParameters(t.window.hwnd, t.mode);
    pp.FullScreen_RefreshRateInHz = 7; // no display runs at 7 Hz
    CHECK_EQ(t.create(pp, &device), D3DERR_INVALIDCALL);
    pp = fullScreenParameters(t.window.hwnd, t.mode);
    pp.PresentationInterval = D3DPRESENT_INTERVAL_TWO; // D3DCAPS9 lists IMMEDIATE and ONE
    CHECK_EQ(t.create(pp, &device), D3DERR_INVALIDCALL);
    CHECK(desktopSize() == t.desktop);
    t.checkWindowAsItWas();

    // A windowed device refuses the Reset and keeps the desktop's mode; as after any failed
    // Reset it waits for another (D3DERR_DEVICENOTRESET), and works again after it.
    pp = windowedParameters(t.window.hwnd, 32, 32, false);
    CHECK_EQ(t.create(pp, &device), D3D_OK);
    REQUIRE(device != nullptr);
    pp = fullScreenParameters(t.window.hwnd, Size{t.mode.width, t.mode.height + 3});
    CHECK_EQ(device->Reset(&pp), D3DERR_INVALIDCALL);
    CHECK(desktopSize() == t.desktop);
    t.checkWindowAsItWas();
    CHECK_EQ(device->TestCooperativeLevel(), D3DERR_DEVICENOTRESET);
    CHECK_EQ(device->Present(nullptr, nullptr, nullptr, nullptr), D3DERR_DEVICELOST);
    pp = windowedParameters(t.window.hwnd, 32, 32, false);
    CHECK_EQ(device->Reset(&pp), D3D_OK);
    CHECK_EQ(device->TestCooperativeLevel(), D3D_OK);
    CHECK_EQ(device->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF123456, 1.0f, 0), D3D_OK);
    const std::vector<uint32_t> pixels = readBackBuffer(device);
    REQUIRE(pixels.size() == 32u * 32u);
    CHECK_EQ(pixels[0] & 0xFFFFFF, 0x123456);
    CHECK_EQ(pixels.back() & 0xFFFFFF, 0x123456);
    device->Release();
}

TEST(FullScreen, NoWindowChangesSetsTheModeAndLeavesTheWindow) {
    Start t(Direct3DCreate9(D3D_SDK_VERSION));
    REQUIRE(t.ready);
    D3DPRESENT_PARAMETERS pp = fullScreenParameters(t.window.hwnd, t.other);
    IDirect3DDevice9* device = nullptr;
    CHECK_EQ(t.create(pp, &device, D3DCREATE_NOWINDOWCHANGES), D3D_OK);
    REQUIRE(device != nullptr);
    CHECK(desktopSize() == t.other);
    t.checkWindowAsItWas();
    device->Release();
    CHECK(desktopSize() == t.desktop);
}

namespace {

// D3D9Ex's display mode of `size` (X8R8G8B8, any rate).
D3DDISPLAYMODEEX exMode(Size size) {
    return D3DDISPLAYMODEEX{sizeof(D3DDISPLAYMODEEX),       size.width, size.height, 0, D3DFMT_X8R8G8B8,
                            D3DSCANLINEORDERING_PROGRESSIVE};
}

HRESULT createEx(IDirect3D9Ex* d3d, HWND window, D3DPRESENT_PARAMETERS& pp, D3DDISPLAYMODEEX& mode,
                 IDirect3DDevice9Ex** device) {
    return d3d->CreateDeviceEx(0, D3DDEVTYPE_HAL, window, D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp, &mode,
                               device);
}

} // namespace

// D3D9Ex names the full-screen mode beside the parameters: it must have the back buffer's size.
// A refused ResetEx does not make an Ex device wait for another.
TEST(FullScreen, ExDevicesNameTheModeOfTheBackBuffer) {
    IDirect3D9Ex* d3d = nullptr;
    REQUIRE(Direct3DCreate9Ex(D3D_SDK_VERSION, &d3d) == D3D_OK);
    Start t(d3d); // releases d3d
    REQUIRE(t.ready);
    D3DPRESENT_PARAMETERS pp = fullScreenParameters(t.window.hwnd, t.mode);
    D3DDISPLAYMODEEX named = exMode(t.other);
    IDirect3DDevice9Ex* device = nullptr;
    CHECK_EQ(createEx(d3d, t.window.hwnd, pp, named, &device), D3DERR_INVALIDCALL);
    CHECK(desktopSize() == t.desktop);
    named = exMode(t.mode);
    CHECK_EQ(createEx(d3d, t.window.hwnd, pp, named, &device), D3D_OK);
    REQUIRE(device != nullptr);
    CHECK(desktopSize() == t.mode);
    checkCoversTheScreen(t.window.hwnd, t.mode);

    pp = fullScreenParameters(t.window.hwnd, t.other);
    CHECK_EQ(device->ResetEx(&pp, &named), D3DERR_INVALIDCALL); // named is the old size
    CHECK_EQ(device->TestCooperativeLevel(), D3D_OK);
    CHECK_EQ(device->PresentEx(nullptr, nullptr, nullptr, nullptr, 0), D3D_OK); // not waiting for a Reset
    named.Width = t.other.width;
    named.Height = t.other.height;
    CHECK_EQ(device->ResetEx(&pp, &named), D3D_OK);
    CHECK(desktopSize() == t.other);
    checkFrameFillsTheScreen(device, t.other, 0x50A0F0);
    device->Release();
    CHECK(desktopSize() == t.desktop);
}

namespace {

// The program's own window procedure, counting the WM_ACTIVATEAPP it is given.
int g_activateAppSeen = 0;
LRESULT CALLBACK countingProcedure(HWND window, UINT message, WPARAM wParam, LPARAM lParam) {
    if (message == WM_ACTIVATEAPP) ++g_activateAppSeen;
    return DefWindowProcW(window, message, wParam, lParam);
}

} // namespace

// Focus loss: the desktop's mode comes back, the window is minimised and the device is lost until
// focus is back and a Reset sets the mode again. The program's window procedure still sees every
// message, and gets the window back when the device goes. A windowed device is never lost.
TEST(FullScreen, LosingFocusRestoresTheDesktopAndLosesTheDevice) {
    Start t(Direct3DCreate9(D3D_SDK_VERSION));
    REQUIRE(t.ready);
    const LONG_PTR program = reinterpret_cast<LONG_PTR>(countingProcedure);
    SetWindowLongPtrW(t.window.hwnd, GWLP_WNDPROC, program);
    g_activateAppSeen = 0;

    D3DPRESENT_PARAMETERS pp = windowedParameters(t.window.hwnd, 32, 32, false);
    IDirect3DDevice9* device = nullptr;
    CHECK_EQ(t.create(pp, &device), D3D_OK);
    REQUIRE(device != nullptr);
    CHECK_EQ(GetWindowLongPtrW(t.window.hwnd, GWLP_WNDPROC), program); // windowed: not watched
    SendMessageW(t.window.hwnd, WM_ACTIVATEAPP, FALSE, 0);
    CHECK_EQ(device->TestCooperativeLevel(), D3D_OK);
    SendMessageW(t.window.hwnd, WM_ACTIVATEAPP, TRUE, 0);

    pp = fullScreenParameters(t.window.hwnd, t.mode);
    CHECK_EQ(device->Reset(&pp), D3D_OK);
    CHECK(desktopSize() == t.mode);
    SendMessageW(t.window.hwnd, WM_ACTIVATEAPP, FALSE, 0);
    CHECK(desktopSize() == t.desktop);
    CHECK(IsIconic(t.window.hwnd));
    CHECK_EQ(device->TestCooperativeLevel(), D3DERR_DEVICELOST);
    CHECK_EQ(device->Present(nullptr, nullptr, nullptr, nullptr), D3DERR_DEVICELOST);
    CHECK_EQ(device->Reset(&pp), D3DERR_DEVICELOST);

    SendMessageW(t.window.hwnd, WM_ACTIVATEAPP, TRUE, 0);
    CHECK_EQ(device->TestCooperativeLevel(), D3DERR_DEVICENOTRESET);
    CHECK_EQ(device->Present(nullptr, nullptr, nullptr, nullptr), D3DERR_DEVICELOST);
    CHECK(desktopSize() == t.desktop);
    CHECK_EQ(device->Reset(&pp), D3D_OK);
    CHECK_EQ(device->TestCooperativeLevel(), D3D_OK);
    CHECK(desktopSize() == t.mode);
    checkCoversTheScreen(t.window.hwnd, t.mode);
    checkFrameFillsTheScreen(device, t.mode, 0x60C030);
    CHECK_EQ(g_activateAppSeen, 4);

    device->Release();
    CHECK(desktopSize() == t.desktop);
    CHECK_EQ(GetWindowLongPtrW(t.window.hwnd, GWLP_WNDPROC), program);
}

// D3D9Ex: a device losing focus is occluded, not lost, and focus regained sets its mode again.
TEST(FullScreen, AnExDeviceLosingFocusIsOccluded) {
    IDirect3D9Ex* d3d = nullptr;
    REQUIRE(Direct3DCreate9Ex(D3D_SDK_VERSION, &d3d) == D3D_OK);
    Start t(d3d); // releases d3d
    REQUIRE(t.ready);
    D3DPRESENT_PARAMETERS pp = fullScreenParameters(t.window.hwnd, t.mode);
    D3DDISPLAYMODEEX named = exMode(t.mode);
    IDirect3DDevice9Ex* device = nullptr;
    CHECK_EQ(createEx(d3d, t.window.hwnd, pp, named, &device), D3D_OK);
    REQUIRE(device != nullptr);
    // NULL asks whether a device holds full-screen ownership: this one, while it has focus
    // (Windows' answer in Wine's test_lost_device).
    CHECK_EQ(device->CheckDeviceState(nullptr), S_PRESENT_OCCLUDED);
    SendMessageW(t.window.hwnd, WM_ACTIVATEAPP, FALSE, 0);
    CHECK(desktopSize() == t.desktop);
    CHECK_EQ(device->TestCooperativeLevel(), D3D_OK);
    CHECK_EQ(device->CheckDeviceState(t.window.hwnd), S_PRESENT_OCCLUDED);
    CHECK_EQ(device->CheckDeviceState(nullptr), D3D_OK);
    CHECK_EQ(device->PresentEx(nullptr, nullptr, nullptr, nullptr, 0), S_PRESENT_OCCLUDED);

    SendMessageW(t.window.hwnd, WM_ACTIVATEAPP, TRUE, 0);
    CHECK(desktopSize() == t.mode);
    CHECK_EQ(device->CheckDeviceState(t.window.hwnd), D3D_OK);
    CHECK_EQ(device->CheckDeviceState(nullptr), S_PRESENT_OCCLUDED);
    checkCoversTheScreen(t.window.hwnd, t.mode);
    checkFrameFillsTheScreen(device, t.mode, 0x30C060);
    device->Release();
    CHECK(desktopSize() == t.desktop);
}

// SetGammaRamp in full screen: what reaches the screen is each channel put through the ramp
// (D3DCAPS2_FULLSCREENGAMMA). Entries are multiples of 257, so each maps an 8-bit value to an
// exact 8-bit one, also from a multisampled back buffer. The identity ramp, and the same device
// windowed, show frames as rendered.
TEST(FullScreen, TheGammaRampMapsWhatTheScreenShows) {
    Start t(Direct3DCreate9(D3D_SDK_VERSION));
    REQUIRE(t.ready);
    D3DPRESENT_PARAMETERS pp = fullScreenParameters(t.window.hwnd, t.mode);
    IDirect3DDevice9* device = nullptr;
    CHECK_EQ(t.create(pp, &device), D3D_OK);
    REQUIRE(device != nullptr);
    D3DCAPS9 caps{};
    CHECK_EQ(device->GetDeviceCaps(&caps), D3D_OK);
    REQUIRE((caps.Caps2 & D3DCAPS2_FULLSCREENGAMMA) != 0);

    // Red inverted, green halved, blue doubled (saturating).
    D3DGAMMARAMP ramp{};
    auto mapped = [](DWORD rgb) {
        const DWORD r = 255 - (rgb >> 16 & 0xFF), g = (rgb >> 8 & 0xFF) / 2, b = rgb & 0xFF;
        return r << 16 | g << 8 | (b * 2 > 255 ? 255 : b * 2);
    };
    for (DWORD i = 0; i < 256; ++i) {
        const DWORD out = mapped(i << 16 | i << 8 | i);
        ramp.red[i] = WORD((out >> 16 & 0xFF) * 257);
        ramp.green[i] = WORD((out >> 8 & 0xFF) * 257);
        ramp.blue[i] = WORD((out & 0xFF) * 257);
    }
    device->SetGammaRamp(0, D3DSGR_NO_CALIBRATION, &ramp);
    for (DWORD rgb : {0x3080C0u, 0x00FF7Fu, 0xFF0001u}) {
        CHECK_EQ(device->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF000000 | rgb, 1.0f, 0), D3D_OK);
        CHECK_EQ(device->Present(nullptr, nullptr, nullptr, nullptr), D3D_OK);
        CHECK(screenShows(0, 0, mapped(rgb)));
        CHECK(screenShows(int(t.mode.width) - 1, int(t.mode.height) - 1, mapped(rgb)));
    }

    D3DGAMMARAMP identity{};
    for (WORD i = 0; i < 256; ++i)
        identity.red[i] = identity.green[i] = identity.blue[i] = WORD(i * 257);
    device->SetGammaRamp(0, D3DSGR_NO_CALIBRATION, &identity);
    checkFrameFillsTheScreen(device, t.mode, 0x3080C0);

    // A 4-sample back buffer shows its resolve through the ramp.
    pp.MultiSampleType = D3DMULTISAMPLE_4_SAMPLES;
    CHECK_EQ(device->Reset(&pp), D3D_OK);
    device->SetGammaRamp(0, D3DSGR_NO_CALIBRATION, &ramp);
    CHECK_EQ(device->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF3080C0, 1.0f, 0), D3D_OK);
    CHECK_EQ(device->Present(nullptr, nullptr, nullptr, nullptr), D3D_OK);
    CHECK(screenShows(int(t.mode.width) / 2, int(t.mode.height) / 2, mapped(0x3080C0)));

    // Windowed, the ramp is kept and answered but not applied.
    pp = windowedParameters(t.window.hwnd, 0, 0, false);
    CHECK_EQ(device->Reset(&pp), D3D_OK);
    device->SetGammaRamp(0, D3DSGR_NO_CALIBRATION, &ramp);
    const POINT origin = showWindowAt(t.window.hwnd, 40, 30);
    CHECK_EQ(device->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF3080C0, 1.0f, 0), D3D_OK);
    CHECK_EQ(device->Present(nullptr, nullptr, nullptr, nullptr), D3D_OK);
    CHECK(screenShows(origin.x + 4, origin.y + 4, 0x3080C0));
    D3DGAMMARAMP kept{};
    device->GetGammaRamp(0, &kept);
    CHECK(memcmp(&kept, &ramp, sizeof ramp) == 0);
    device->Release();
}

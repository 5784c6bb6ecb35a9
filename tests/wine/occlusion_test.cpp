// Occlusion of a windowed device (docs/d3d9-dll.md, "Devices"): D3D9's device-state return
// codes say an Ex device's presentation area is occluded while its window is minimised, and that
// an occluded program's calls go on succeeding while its window is not updated. A device that is
// not Ex presents to a minimised window as to any other (no loss, nothing shown).
#include "check.h"
#include "device_support.h"
#include "screen_support.h"
#include "support.h"

namespace {

constexpr UINT kWidth = 64, kHeight = 32;

// A windowed device (Ex or not) on a window of its own, shown top-most where the test reads the
// screen.
struct OccludableDevice {
    IDirect3D9Ex* d3dEx = nullptr;
    IDirect3D9* d3d = nullptr;
    IDirect3DDevice9Ex* ex = nullptr;
    IDirect3DDevice9* device = nullptr;
    TestWindow window{int(kWidth), int(kHeight), WS_OVERLAPPEDWINDOW};
    POINT origin{};

    explicit OccludableDevice(bool extended) {
        D3DPRESENT_PARAMETERS pp = windowedParameters(window.hwnd, kWidth, kHeight, false);
        pp.PresentationInterval = D3DPRESENT_INTERVAL_IMMEDIATE;
        if (extended) {
            if (FAILED(Direct3DCreate9Ex(D3D_SDK_VERSION, &d3dEx))) return;
            if (FAILED(d3dEx->CreateDeviceEx(0, D3DDEVTYPE_HAL, window.hwnd,
                                             D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp, nullptr, &ex)))
                return;
            device = ex;
        } else {
            if (!(d3d = Direct3DCreate9(D3D_SDK_VERSION))) return;
            if (FAILED(d3d->CreateDevice(0, D3DDEVTYPE_HAL, window.hwnd, D3DCREATE_HARDWARE_VERTEXPROCESSING,
                                         &pp, &device)))
                return;
        }
        origin = showWindowAt(window.hwnd, 0, 0);
    }
    ~OccludableDevice() {
        if (device) device->Release();
        releaseAll(d3dEx, d3d);
    }
    OccludableDevice(const OccludableDevice&) = delete;
    OccludableDevice& operator=(const OccludableDevice&) = delete;

    // The back buffer cleared to `rgb`; Present's answer.
    HRESULT clearAndPresent(DWORD rgb) {
        if (device->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF000000 | rgb, 1.0f, 0) != D3D_OK) return E_FAIL;
        return device->Present(nullptr, nullptr, nullptr, nullptr);
    }
    bool windowShows(DWORD rgb) const {
        return screenShows(origin.x + int(kWidth) / 2, origin.y + int(kHeight) / 2, rgb);
    }
    void minimise() const {
        ShowWindow(window.hwnd, SW_MINIMIZE);
        pumpMessages();
    }
    void restore() {
        ShowWindow(window.hwnd, SW_RESTORE);
        pumpMessages();
        origin = showWindowAt(window.hwnd, 0, 0);
    }
    static void pumpMessages() {
        MSG msg;
        while (PeekMessageW(&msg, nullptr, 0, 0, PM_REMOVE))
            DispatchMessageW(&msg);
    }
};

} // namespace

// Minimised, an Ex device's window is occluded: CheckDeviceState for the window and every Present
// (the device's, PresentEx, the swap chain's) answer S_PRESENT_OCCLUDED and show nothing, while
// drawing goes on: the back buffer keeps the frame rendered meanwhile, and the first Present after
// the window is restored shows it. CheckDeviceState(NULL) asks about full-screen ownership only.
TEST(Occlusion, AMinimisedWindowOccludesAnExDevice) {
    OccludableDevice t(true);
    REQUIRE(t.ex != nullptr);
    CHECK_EQ(t.clearAndPresent(0x20A040), D3D_OK);
    CHECK(t.windowShows(0x20A040));
    CHECK_EQ(t.ex->CheckDeviceState(t.window.hwnd), D3D_OK);
    CHECK_EQ(t.ex->CheckDeviceState(nullptr), D3D_OK);

    t.minimise();
    REQUIRE(IsIconic(t.window.hwnd));
    CHECK_EQ(t.ex->CheckDeviceState(t.window.hwnd), S_PRESENT_OCCLUDED);
    CHECK_EQ(t.ex->CheckDeviceState(nullptr), D3D_OK);
    CHECK_EQ(t.ex->TestCooperativeLevel(), D3D_OK);
    CHECK_EQ(t.clearAndPresent(0xC03020), S_PRESENT_OCCLUDED);
    CHECK_EQ(t.ex->PresentEx(nullptr, nullptr, nullptr, nullptr, 0), S_PRESENT_OCCLUDED);
    IDirect3DSwapChain9* chain = nullptr;
    REQUIRE(t.ex->GetSwapChain(0, &chain) == D3D_OK);
    CHECK_EQ(chain->Present(nullptr, nullptr, nullptr, nullptr, 0), S_PRESENT_OCCLUDED);
    chain->Release();
    // Nothing was presented, so the back buffer is still the frame drawn while occluded.
    const std::vector<uint32_t> pixels = readBackBuffer(t.device);
    REQUIRE(pixels.size() == size_t{kWidth} * kHeight);
    CHECK_EQ(pixels[size_t{kHeight / 2} * kWidth + kWidth / 2] & 0xFFFFFF, 0xC03020u);

    t.restore();
    REQUIRE(!IsIconic(t.window.hwnd));
    CHECK_EQ(t.ex->CheckDeviceState(t.window.hwnd), D3D_OK);
    CHECK_EQ(t.ex->PresentEx(nullptr, nullptr, nullptr, nullptr, 0), D3D_OK);
    CHECK(t.windowShows(0xC03020));
}

// Presenting to a minimised window named by hDestWindowOverride is occluded too; the device's own
// window, not minimised, is not.
TEST(Occlusion, TheWindowPresentedToDecides) {
    OccludableDevice t(true);
    REQUIRE(t.ex != nullptr);
    // (Away from the device's window: without a window manager a minimised window's X window
    // may stay where it was.)
    TestWindow other(int(kWidth), int(kHeight), WS_OVERLAPPEDWINDOW, 400, 300);
    ShowWindow(other.hwnd, SW_SHOWMINNOACTIVE);
    OccludableDevice::pumpMessages();
    REQUIRE(IsIconic(other.hwnd));
    CHECK_EQ(t.ex->CheckDeviceState(other.hwnd), S_PRESENT_OCCLUDED);
    CHECK_EQ(t.ex->CheckDeviceState(t.window.hwnd), D3D_OK);
    CHECK_EQ(t.device->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF3060C0, 1.0f, 0), D3D_OK);
    CHECK_EQ(t.ex->PresentEx(nullptr, nullptr, other.hwnd, nullptr, 0), S_PRESENT_OCCLUDED);
    CHECK_EQ(t.ex->PresentEx(nullptr, nullptr, nullptr, nullptr, 0), D3D_OK);
    CHECK(t.windowShows(0x3060C0));
}

// A device that is not Ex knows no occlusion: minimised, its window is neither lost nor occluded,
// Present answers D3D_OK, and once restored the window shows the next frame.
TEST(Occlusion, ADeviceThatIsNotExPresentsToAMinimisedWindowAsBefore) {
    OccludableDevice t(false);
    REQUIRE(t.device != nullptr);
    CHECK_EQ(t.clearAndPresent(0x4080C0), D3D_OK);
    CHECK(t.windowShows(0x4080C0));
    t.minimise();
    REQUIRE(IsIconic(t.window.hwnd));
    CHECK_EQ(t.device->TestCooperativeLevel(), D3D_OK);
    CHECK_EQ(t.clearAndPresent(0xA06020), D3D_OK);
    t.restore();
    CHECK_EQ(t.clearAndPresent(0x60A020), D3D_OK);
    CHECK(t.windowShows(0x60A020));
}

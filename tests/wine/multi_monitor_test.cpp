// More than one display: each is an adapter (the primary first) with its own monitor, modes and
// full-screen place, all on the one GPU. These run on a desktop of two displays
// (tools/wine_tests.sh: Xvfb with two Xinerama screens, 640x480 and 800x600, and no RandR, so
// that Wine lists both) and fail elsewhere.
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "check.h"
#include "device_support.h"
#include "support.h"

namespace {

struct Display {
    std::string name; // "\\.\DISPLAY2"
    DEVMODEA mode;    // its current mode
};

// The displays attached to the desktop, the primary first, as Win32 lists them.
std::vector<Display> desktopDisplays() {
    std::vector<Display> out;
    DISPLAY_DEVICEA device{};
    device.cb = sizeof(device);
    for (DWORD i = 0; EnumDisplayDevicesA(nullptr, i, &device, 0); ++i) {
        if (!(device.StateFlags & DISPLAY_DEVICE_ATTACHED_TO_DESKTOP)) continue;
        Display d{device.DeviceName, {}};
        d.mode.dmSize = sizeof(d.mode);
        EnumDisplaySettingsA(device.DeviceName, ENUM_CURRENT_SETTINGS, &d.mode);
        if (device.StateFlags & DISPLAY_DEVICE_PRIMARY_DEVICE)
            out.insert(out.begin(), d);
        else
            out.push_back(d);
    }
    return out;
}

std::string monitorName(HMONITOR monitor) {
    MONITORINFOEXA info{};
    info.cbSize = sizeof(info);
    return GetMonitorInfoA(monitor, &info) ? std::string(info.szDevice) : std::string();
}

} // namespace

TEST(MultiMonitor, EachDisplayIsAnAdapterOnTheOneGpu) {
    const std::vector<Display> displays = desktopDisplays();
    REQUIRE(displays.size() >= 2); // this suite needs a desktop of two displays
    D3D9 d3d;
    REQUIRE(d3d.d3d != nullptr);
    REQUIRE(d3d->GetAdapterCount() == displays.size());
    D3DADAPTER_IDENTIFIER9 first{};
    REQUIRE(d3d->GetAdapterIdentifier(0, 0, &first) == D3D_OK);
    for (UINT i = 0; i < d3d->GetAdapterCount(); ++i) {
        D3DADAPTER_IDENTIFIER9 id{};
        CHECK_EQ(d3d->GetAdapterIdentifier(i, 0, &id), D3D_OK);
        std::printf("  adapter %u: %s on %s, %lux%lu\n", i, id.Description, id.DeviceName,
                    displays[i].mode.dmPelsWidth, displays[i].mode.dmPelsHeight);
        CHECK(displays[i].name == id.DeviceName);
        CHECK(monitorName(d3d->GetAdapterMonitor(i)) == displays[i].name);
        // One GPU behind them all.
        CHECK(std::strcmp(id.Description, first.Description) == 0);
        CHECK(std::memcmp(&id.DeviceIdentifier, &first.DeviceIdentifier, sizeof(GUID)) == 0);
        D3DDISPLAYMODE mode{};
        CHECK_EQ(d3d->GetAdapterDisplayMode(i, &mode), D3D_OK);
        CHECK_EQ(mode.Width, displays[i].mode.dmPelsWidth);
        CHECK_EQ(mode.Height, displays[i].mode.dmPelsHeight);
        // The modes are the display's own (Wine 8 lists none for a second Xinerama screen).
        if (displays[i].mode.dmPelsWidth) {
            bool listed = false;
            for (UINT m = 0; m < d3d->GetAdapterModeCount(i, D3DFMT_X8R8G8B8); ++m) {
                D3DDISPLAYMODE each{};
                CHECK_EQ(d3d->EnumAdapterModes(i, D3DFMT_X8R8G8B8, m, &each), D3D_OK);
                listed = listed || (each.Width == mode.Width && each.Height == mode.Height);
            }
            CHECK(listed);
        }
        D3DCAPS9 caps{};
        CHECK_EQ(d3d->GetDeviceCaps(i, D3DDEVTYPE_HAL, &caps), D3D_OK);
        CHECK_EQ(caps.AdapterOrdinal, i);
        CHECK_EQ(caps.MasterAdapterOrdinal, i);
        CHECK_EQ(caps.NumberOfAdaptersInGroup, 1);
    }
    CHECK(d3d->GetAdapterMonitor(0) != d3d->GetAdapterMonitor(1));
}

// A device on the second adapter renders and reports that display's mode; full screen there takes
// that display's modes (its own size is one, the first display's is not) and covers its monitor,
// where Win32 gives that display's modes.
TEST(MultiMonitor, TheSecondAdapterRendersOnItsDisplay) {
    const std::vector<Display> displays = desktopDisplays();
    REQUIRE(displays.size() >= 2);
    const DEVMODEA& second = displays[1].mode;
    D3D9 d3d;
    REQUIRE(d3d.d3d != nullptr);
    {
        TestWindow window(64, 64);
        D3DPRESENT_PARAMETERS pp = windowedParameters(window.hwnd, 64, 64, false);
        IDirect3DDevice9* device = nullptr;
        REQUIRE(d3d->CreateDevice(1, D3DDEVTYPE_HAL, window.hwnd, D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp,
                                  &device) == D3D_OK);
        D3DDEVICE_CREATION_PARAMETERS creation{};
        CHECK_EQ(device->GetCreationParameters(&creation), D3D_OK);
        CHECK_EQ(creation.AdapterOrdinal, 1);
        D3DDISPLAYMODE mode{};
        CHECK_EQ(device->GetDisplayMode(0, &mode), D3D_OK);
        CHECK_EQ(mode.Width, second.dmPelsWidth);
        CHECK_EQ(device->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF20A040u, 1.0f, 0), D3D_OK);
        const std::vector<uint32_t> pixels = readBackBuffer(device);
        REQUIRE(pixels.size() == 64 * 64);
        CHECK_EQ(pixels[0] & 0xFFFFFF, 0x20A040u);
        CHECK_EQ(pixels[64 * 64 - 1] & 0xFFFFFF, 0x20A040u);
        device->Release();
    }
    // Full screen needs the display's modes, which Wine 8 does not give for a second Xinerama
    // screen: then this part cannot run here.
    if (!second.dmPelsWidth) {
        std::printf("  (full screen on %s not tried: Win32 lists no mode for it)\n",
                    displays[1].name.c_str());
        return;
    }
    const DEVMODEA& first = displays[0].mode;
    TestWindow window(64, 64, WS_OVERLAPPEDWINDOW);
    D3DPRESENT_PARAMETERS pp = windowedParameters(window.hwnd, first.dmPelsWidth, first.dmPelsHeight, false);
    pp.Windowed = FALSE;
    IDirect3DDevice9* device = nullptr;
    if (first.dmPelsWidth != second.dmPelsWidth || first.dmPelsHeight != second.dmPelsHeight)
        CHECK_EQ(d3d->CreateDevice(1, D3DDEVTYPE_HAL, window.hwnd, D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp,
                                   &device),
                 D3DERR_INVALIDCALL);
    pp.BackBufferWidth = second.dmPelsWidth;
    pp.BackBufferHeight = second.dmPelsHeight;
    REQUIRE(d3d->CreateDevice(1, D3DDEVTYPE_HAL, window.hwnd, D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp,
                              &device) == D3D_OK);
    MONITORINFO monitor{};
    monitor.cbSize = sizeof(monitor);
    REQUIRE(GetMonitorInfoA(d3d->GetAdapterMonitor(1), &monitor));
    RECT placed{};
    CHECK(GetWindowRect(window.hwnd, &placed));
    CHECK_EQ(placed.left, monitor.rcMonitor.left);
    CHECK_EQ(placed.top, monitor.rcMonitor.top);
    CHECK_EQ(placed.right - placed.left, LONG(second.dmPelsWidth));
    CHECK_EQ(placed.bottom - placed.top, LONG(second.dmPelsHeight));
    CHECK_EQ(device->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF0000FFu, 1.0f, 0), D3D_OK);
    CHECK_EQ(device->Present(nullptr, nullptr, nullptr, nullptr), D3D_OK);
    device->Release();
}

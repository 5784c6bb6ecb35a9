#include "d3d9/display_modes.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <tuple>

namespace ddivk::d3d9 {
namespace {

D3DDISPLAYMODEEX modeOf(const DEVMODEW& dm, D3DFORMAT format) {
    D3DDISPLAYMODEEX m{};
    m.Size = sizeof(m);
    m.Width = dm.dmPelsWidth;
    m.Height = dm.dmPelsHeight;
    // 0 and 1 mean "the hardware's default rate" in DEVMODE; D3D9 reports 0 for it.
    m.RefreshRate = (dm.dmFields & DM_DISPLAYFREQUENCY) && dm.dmDisplayFrequency > 1 ? dm.dmDisplayFrequency : 0;
    m.Format = format;
    m.ScanLineOrdering = (dm.dmFields & DM_DISPLAYFLAGS) && (dm.dmDisplayFlags & DM_INTERLACED)
                             ? D3DSCANLINEORDERING_INTERLACED
                             : D3DSCANLINEORDERING_PROGRESSIVE;
    return m;
}

auto key(const D3DDISPLAYMODEEX& m) {
    return std::make_tuple(m.Width, m.Height, m.RefreshRate, uint32_t(m.ScanLineOrdering));
}

// EnumDisplayMonitors' callback (CALLBACK: stdcall on 32-bit Windows, which a lambda is not):
// stops at the monitor of search->display.
struct MonitorSearch {
    const std::wstring* display;
    HMONITOR found;
};
BOOL CALLBACK findMonitor(HMONITOR monitor, HDC, LPRECT, LPARAM data) {
    auto* search = reinterpret_cast<MonitorSearch*>(data);
    MONITORINFOEXW info{};
    info.cbSize = sizeof(info);
    if (GetMonitorInfoW(monitor, &info) && *search->display == info.szDevice) {
        search->found = monitor;
        return FALSE;
    }
    return TRUE;
}

} // namespace

const wchar_t* gdiName(const std::wstring& display) {
    return display.empty() ? nullptr : display.c_str();
}

D3DFORMAT displayFormatOfDepth(DWORD bitsPerPel) {
    switch (bitsPerPel) {
    case 32:
        return D3DFMT_X8R8G8B8;
    case 16:
        return D3DFMT_R5G6B5;
    default:
        return D3DFMT_UNKNOWN;
    }
}

std::vector<std::wstring> desktopDisplays() {
    std::vector<std::wstring> displays;
    DISPLAY_DEVICEW device{};
    device.cb = sizeof(device);
    for (DWORD i = 0; EnumDisplayDevicesW(nullptr, i, &device, 0); ++i) {
        if (!(device.StateFlags & DISPLAY_DEVICE_ATTACHED_TO_DESKTOP)) continue;
        if (device.StateFlags & DISPLAY_DEVICE_PRIMARY_DEVICE)
            displays.insert(displays.begin(), device.DeviceName);
        else
            displays.push_back(device.DeviceName);
    }
    return displays;
}

std::vector<D3DDISPLAYMODEEX> displayModes(const std::wstring& display, D3DFORMAT format) {
    std::vector<D3DDISPLAYMODEEX> modes;
    if (format == D3DFMT_UNKNOWN) return modes;
    DEVMODEW dm{};
    dm.dmSize = sizeof(dm);
    for (DWORD i = 0; EnumDisplaySettingsW(gdiName(display), i, &dm); ++i) {
        if (displayFormatOfDepth(dm.dmBitsPerPel) != format) continue;
        const D3DDISPLAYMODEEX m = modeOf(dm, format);
        // A mode listed twice (orientations, flags D3D9 does not show) is one mode.
        if (std::none_of(modes.begin(), modes.end(), [&](const D3DDISPLAYMODEEX& o) { return key(o) == key(m); }))
            modes.push_back(m);
    }
    std::sort(modes.begin(), modes.end(), [](const D3DDISPLAYMODEEX& a, const D3DDISPLAYMODEEX& b) {
        return key(a) < key(b);
    });
    return modes;
}

bool currentDisplayMode(const std::wstring& display, D3DDISPLAYMODEEX& mode, D3DDISPLAYROTATION& rotation) {
    DEVMODEW dm{};
    dm.dmSize = sizeof(dm);
    if (!EnumDisplaySettingsExW(gdiName(display), ENUM_CURRENT_SETTINGS, &dm, 0)) return false;
    mode = modeOf(dm, displayFormatOfDepth(dm.dmBitsPerPel));
    // DMDO_DEFAULT..DMDO_270 are 0..3; D3DDISPLAYROTATION_IDENTITY..270 are 1..4.
    const DWORD orientation = (dm.dmFields & DM_DISPLAYORIENTATION) ? dm.dmDisplayOrientation : DMDO_DEFAULT;
    rotation = D3DDISPLAYROTATION(D3DDISPLAYROTATION_IDENTITY + std::min<DWORD>(orientation, 3));
    return true;
}

HMONITOR displayMonitor(const std::wstring& display) {
    MonitorSearch search{&display, nullptr};
    if (!display.empty())
        EnumDisplayMonitors(nullptr, nullptr, findMonitor, reinterpret_cast<LPARAM>(&search));
    return search.found ? search.found : MonitorFromPoint(POINT{0, 0}, MONITOR_DEFAULTTOPRIMARY);
}

RECT displayRect(const std::wstring& display) {
    MONITORINFO info{};
    info.cbSize = sizeof(info);
    if (!GetMonitorInfoW(displayMonitor(display), &info)) return RECT{0, 0, 0, 0};
    return info.rcMonitor;
}

void displayDeviceName(const std::wstring& display, char (&name)[32]) {
    MONITORINFOEXA info{};
    info.cbSize = sizeof(info);
    if (GetMonitorInfoA(displayMonitor(display), &info))
        std::memcpy(name, info.szDevice, std::min(sizeof(name), sizeof(info.szDevice)));
    else
        std::strcpy(name, "\\\\.\\DISPLAY1");
    name[sizeof(name) - 1] = 0;
}

} // namespace ddivk::d3d9

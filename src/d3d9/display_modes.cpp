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

} // namespace

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

std::vector<D3DDISPLAYMODEEX> displayModes(D3DFORMAT format) {
    std::vector<D3DDISPLAYMODEEX> modes;
    if (format == D3DFMT_UNKNOWN) return modes;
    DEVMODEW dm{};
    dm.dmSize = sizeof(dm);
    for (DWORD i = 0; EnumDisplaySettingsW(nullptr, i, &dm); ++i) {
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

bool currentDisplayMode(D3DDISPLAYMODEEX& mode, D3DDISPLAYROTATION& rotation) {
    DEVMODEW dm{};
    dm.dmSize = sizeof(dm);
    if (!EnumDisplaySettingsExW(nullptr, ENUM_CURRENT_SETTINGS, &dm, 0)) return false;
    mode = modeOf(dm, displayFormatOfDepth(dm.dmBitsPerPel));
    // DMDO_DEFAULT..DMDO_270 are 0..3; D3DDISPLAYROTATION_IDENTITY..270 are 1..4.
    const DWORD orientation = (dm.dmFields & DM_DISPLAYORIENTATION) ? dm.dmDisplayOrientation : DMDO_DEFAULT;
    rotation = D3DDISPLAYROTATION(D3DDISPLAYROTATION_IDENTITY + std::min<DWORD>(orientation, 3));
    return true;
}

HMONITOR primaryMonitor() {
    return MonitorFromPoint(POINT{0, 0}, MONITOR_DEFAULTTOPRIMARY);
}

void primaryDeviceName(char (&name)[32]) {
    MONITORINFOEXA info{};
    info.cbSize = sizeof(info);
    if (GetMonitorInfoA(primaryMonitor(), &info))
        std::memcpy(name, info.szDevice, std::min(sizeof(name), sizeof(info.szDevice)));
    else
        std::strcpy(name, "\\\\.\\DISPLAY1");
    name[sizeof(name) - 1] = 0;
}

} // namespace ddivk::d3d9

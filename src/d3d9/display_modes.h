// Display modes as Wine (or Windows) reports them through EnumDisplaySettingsW: the modes of
// GetAdapterModeCount / EnumAdapterModes(Ex) and the current mode of GetAdapterDisplayMode(Ex).
// Every ddivk adapter shows on the primary display: Vulkan devices name no monitor.
#pragma once

#include <vector>

#include "d3d9/win32.h"

namespace ddivk::d3d9 {

// The D3D9 format of a display bit depth: 32 -> X8R8G8B8, 16 -> R5G6B5, else UNKNOWN.
D3DFORMAT displayFormatOfDepth(DWORD bitsPerPel);

// The distinct modes of `format` (width, height, refresh rate), sorted by width, height, refresh
// (the order D3D9 enumerates in), progressive scan-out; empty for a format no mode has.
std::vector<D3DDISPLAYMODEEX> displayModes(D3DFORMAT format);

// The current mode of the primary display; false when Windows reports none.
bool currentDisplayMode(D3DDISPLAYMODEEX& mode, D3DDISPLAYROTATION& rotation);

// The primary display's monitor and its GDI device name ("\\.\DISPLAY1").
HMONITOR primaryMonitor();
void primaryDeviceName(char (&name)[32]);

} // namespace ddivk::d3d9

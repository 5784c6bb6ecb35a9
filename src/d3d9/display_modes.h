// The displays of the desktop and their modes, as Wine (or Windows) reports them through
// EnumDisplayDevicesW and EnumDisplaySettingsW: one D3D9 adapter per display (adapter.h), the
// modes of GetAdapterModeCount / EnumAdapterModes(Ex) and the current mode of
// GetAdapterDisplayMode(Ex). A display is named by its GDI device name ("\\.\DISPLAY2"); an
// empty name is the primary display.
#pragma once

#include <string>
#include <vector>

#include "d3d9/win32.h"

namespace ddivk::d3d9 {

// The D3D9 format of a display bit depth: 32 -> X8R8G8B8, 16 -> R5G6B5, else UNKNOWN.
D3DFORMAT displayFormatOfDepth(DWORD bitsPerPel);

// The device argument of EnumDisplaySettingsW and ChangeDisplaySettingsExW for `display`: null
// for the primary display.
const wchar_t* gdiName(const std::wstring& display);

// The GDI names of the displays attached to the desktop, the primary first (D3D9's adapter 0 is
// the primary display); empty when Windows lists none.
std::vector<std::wstring> desktopDisplays();

// The distinct modes of `format` on `display` (width, height, refresh rate), sorted by width,
// height, refresh (the order D3D9 enumerates in), progressive scan-out; empty for a format no
// mode has.
std::vector<D3DDISPLAYMODEEX> displayModes(const std::wstring& display, D3DFORMAT format);

// The current mode of `display`; false when Windows reports none.
bool currentDisplayMode(const std::wstring& display, D3DDISPLAYMODEEX& mode, D3DDISPLAYROTATION& rotation);

// The monitor that shows `display` (the primary one when none does), its rectangle on the desktop,
// and its GDI device name as D3DADAPTER_IDENTIFIER9::DeviceName holds it.
HMONITOR displayMonitor(const std::wstring& display);
RECT displayRect(const std::wstring& display);
void displayDeviceName(const std::wstring& display, char (&name)[32]);

} // namespace ddivk::d3d9

// The display side of a full-screen device: the display mode its presentation parameters name,
// set with ChangeDisplaySettingsExW, and its device window made to cover the screen (as D3D9
// does: no caption or frame, top-most, at the monitor's origin with the mode's size). Leaving
// full screen (Reset to windowed, the device's release) restores the desktop's mode and the
// window as it was. docs/d3d9-dll.md, "Full screen".
#pragma once

#include <string>

#include "d3d9/win32.h"

namespace ddivk::d3d9 {

// The display format a full-screen back buffer of `format` is shown in (A8R8G8B8 on an
// X8R8G8B8 display...); D3DFMT_UNKNOWN for a format no display has.
D3DFORMAT fullScreenDisplayFormat(D3DFORMAT backBufferFormat);

// D3D_OK when the adapter lists the mode full-screen parameters ask for: the back buffer's size
// in its display format, at FullScreen_RefreshRateInHz unless that is 0 (any rate).
// D3DERR_INVALIDCALL otherwise, as D3D9 answers a mode EnumAdapterModes does not give.
HRESULT checkFullScreenMode(const std::wstring& display, const D3DPRESENT_PARAMETERS& parameters);

// D3D9Ex: the display mode CreateDeviceEx / ResetEx name for full screen has the back buffer's
// size (the rate set is FullScreen_RefreshRateInHz's).
bool fullScreenModeMatches(const D3DPRESENT_PARAMETERS& parameters, const D3DDISPLAYMODEEX& mode);

// The full-screen window's style from its windowed one: a popup without caption or frame.
LONG fullScreenStyle(LONG style);
LONG fullScreenExStyle(LONG exStyle);

class FullScreen {
  public:
    // `display`: the adapter's (display_modes.h), whose mode changes and which the window covers.
    explicit FullScreen(std::wstring display = {}) : display_(std::move(display)) {}
    FullScreen(const FullScreen&) = delete;
    FullScreen& operator=(const FullScreen&) = delete;
    ~FullScreen() { leave(); }

    // Sets the display mode of `parameters` (checked by checkFullScreenMode) and, unless
    // `keepWindow` (D3DCREATE_NOWINDOWCHANGES), makes parameters.hDeviceWindow cover the
    // screen; the window's windowed style and place are saved the first time. Again while
    // active (a Reset to another mode): the new mode and size. D3DERR_NOTAVAILABLE (logged)
    // when the display refuses the mode; nothing has changed then.
    HRESULT enter(const D3DPRESENT_PARAMETERS& parameters, bool keepWindow);
    // Back to the desktop's display mode (the registry's), and the window's saved style and
    // place, unless the program has changed its style since. Nothing when not active.
    void leave();
    bool active() const { return active_; }
    // Focus lost (full_screen stays active): the desktop's mode back, the window minimised.
    void suspend();
    // Focus regained: the window over the screen again at the mode of `parameters` (the mode
    // itself comes back with the next enter, at Reset).
    void placeWindow(const D3DPRESENT_PARAMETERS& parameters);

  private:
    // The saved style and place back on window_ (if it still exists); window_ becomes null.
    void restoreWindow();

    std::wstring display_;
    bool active_ = false;
    HWND window_ = nullptr; // the window made full-screen; null with keepWindow
    LONG style_ = 0;        // its windowed style, extended style and place
    LONG exStyle_ = 0;
    RECT rect_{};
};

} // namespace ddivk::d3d9

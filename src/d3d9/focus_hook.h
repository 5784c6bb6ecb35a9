// D3D9 watches a full-screen device's focus window for focus loss: it replaces the window's
// procedure while the device is full screen and sees WM_ACTIVATEAPP before the program does.
// A FocusHook does that for one window; every call of the procedure goes on to the program's.
#pragma once

#include <functional>

#include "d3d9/win32.h"

namespace ddivk::d3d9 {

class FocusHook {
  public:
    // Called on the window's thread with WM_ACTIVATEAPP's wParam (true: the program is active).
    using Handler = std::function<void(bool active)>;

    FocusHook() = default;
    FocusHook(const FocusHook&) = delete;
    FocusHook& operator=(const FocusHook&) = delete;
    ~FocusHook() { unhook(); }

    // Hooks `window` (after unhooking any other); again on the same window changes nothing.
    void hook(HWND window, Handler handler);
    // Gives the window its procedure back; when the program has replaced it since, ours stays
    // in the chain and only passes messages on. Waits for a handler that is running.
    void unhook();
    HWND window() const { return window_; }

  private:
    HWND window_ = nullptr;
};

} // namespace ddivk::d3d9

// IDirect3DDevice9Ex: a full-screen device losing focus. As D3D9 does (Wine's d3d9 tests record
// Windows' behaviour): WM_ACTIVATEAPP losing focus gives the desktop its mode back, minimises the
// device window (not with D3DCREATE_NOWINDOWCHANGES) and loses the device: TestCooperativeLevel,
// Present and Reset answer D3DERR_DEVICELOST. Focus regained, the window covers the screen again
// and the device waits for a Reset (D3DERR_DEVICENOTRESET), which sets the mode again. An Ex
// device is never lost that way: its Present answers S_PRESENT_OCCLUDED while focus is away, and
// focus regained sets its mode again at once.
#include "d3d9/device9.h"

namespace ddivk::d3d9 {

void Device9::watchFocus() {
    if (!fullScreen_.active()) {
        focusHook_.unhook();
        return;
    }
    HWND focus = creation_.focusWindow ? creation_.focusWindow : creation_.present.hDeviceWindow;
    focusHook_.hook(focus, [this](bool active) { onActivateApp(active); });
}

// On the focus window's thread, without the device's lock (which a Reset on another thread may
// hold while it hooks or unhooks the window: the hook's lock is taken inside it).
void Device9::onActivateApp(bool active) {
    if (!active) {
        if (!fullScreen_.active() || focusLost_.exchange(true)) return;
        fullScreen_.suspend();
        return;
    }
    if (!focusLost_.exchange(false)) return;
    if (creation_.extended) {
        fullScreen_.enter(creation_.present, (creation_.flags & D3DCREATE_NOWINDOWCHANGES) != 0);
    } else {
        notReset_.store(true);
        fullScreen_.placeWindow(creation_.present);
    }
}

} // namespace ddivk::d3d9

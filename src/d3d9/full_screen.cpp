#include "d3d9/full_screen.h"

#include "util/log.h"

#include "d3d9/display_modes.h"

namespace ddivk::d3d9 {
namespace {

DWORD bitsPerPixel(D3DFORMAT displayFormat) {
    return displayFormat == D3DFMT_R5G6B5 || displayFormat == D3DFMT_X1R5G5B5 ? 16 : 32;
}

// Whether `display` shows `wanted` now (its width, height, depth and, when set, rate).
bool displayShows(const std::wstring& display, const DEVMODEW& wanted, DWORD which) {
    DEVMODEW now{};
    now.dmSize = sizeof(now);
    if (!EnumDisplaySettingsW(gdiName(display), which, &now)) return false;
    return now.dmPelsWidth == wanted.dmPelsWidth && now.dmPelsHeight == wanted.dmPelsHeight &&
           now.dmBitsPerPel == wanted.dmBitsPerPel &&
           (!(wanted.dmFields & DM_DISPLAYFREQUENCY) || now.dmDisplayFrequency == wanted.dmDisplayFrequency);
}

// `display` back to the registry's mode (the desktop's), unless it shows it already.
void restoreDesktopMode(const std::wstring& display) {
    DEVMODEW desktop{};
    desktop.dmSize = sizeof(desktop);
    if (EnumDisplaySettingsW(gdiName(display), ENUM_REGISTRY_SETTINGS, &desktop)) {
        desktop.dmFields |= DM_DISPLAYFREQUENCY;
        if (displayShows(display, desktop, ENUM_CURRENT_SETTINGS)) return;
    }
    ChangeDisplaySettingsExW(gdiName(display), nullptr, nullptr, 0, nullptr);
}

} // namespace

D3DFORMAT fullScreenDisplayFormat(D3DFORMAT backBufferFormat) {
    switch (backBufferFormat) {
    case D3DFMT_X8R8G8B8:
    case D3DFMT_A8R8G8B8:
        return D3DFMT_X8R8G8B8;
    case D3DFMT_X1R5G5B5:
    case D3DFMT_A1R5G5B5:
        return D3DFMT_X1R5G5B5;
    case D3DFMT_R5G6B5:
        return D3DFMT_R5G6B5;
    case D3DFMT_A2R10G10B10:
        return D3DFMT_A2R10G10B10;
    default:
        return D3DFMT_UNKNOWN;
    }
}

HRESULT checkFullScreenMode(const std::wstring& adapterDisplay, const D3DPRESENT_PARAMETERS& p) {
    const D3DFORMAT display = fullScreenDisplayFormat(p.BackBufferFormat);
    for (const D3DDISPLAYMODEEX& m : displayModes(adapterDisplay, display))
        if (m.Width == p.BackBufferWidth && m.Height == p.BackBufferHeight &&
            (p.FullScreen_RefreshRateInHz == 0 || m.RefreshRate == p.FullScreen_RefreshRateInHz))
            return D3D_OK;
    DDIVK_WARN("d3d9: full screen: the display lists no %ux%u mode of format %u at %u Hz", p.BackBufferWidth,
               p.BackBufferHeight, unsigned(display), p.FullScreen_RefreshRateInHz);
    return D3DERR_INVALIDCALL;
}

bool fullScreenModeMatches(const D3DPRESENT_PARAMETERS& p, const D3DDISPLAYMODEEX& mode) {
    return mode.Width == p.BackBufferWidth && mode.Height == p.BackBufferHeight;
}

LONG fullScreenStyle(LONG style) {
    return (style | WS_POPUP | WS_SYSMENU) & ~LONG(WS_CAPTION | WS_THICKFRAME);
}

LONG fullScreenExStyle(LONG exStyle) {
    return exStyle & ~LONG(WS_EX_WINDOWEDGE | WS_EX_CLIENTEDGE);
}

HRESULT FullScreen::enter(const D3DPRESENT_PARAMETERS& p, bool keepWindow) {
    DEVMODEW mode{};
    mode.dmSize = sizeof(mode);
    mode.dmPelsWidth = p.BackBufferWidth;
    mode.dmPelsHeight = p.BackBufferHeight;
    mode.dmBitsPerPel = bitsPerPixel(fullScreenDisplayFormat(p.BackBufferFormat));
    mode.dmFields = DM_PELSWIDTH | DM_PELSHEIGHT | DM_BITSPERPEL;
    if (p.FullScreen_RefreshRateInHz) {
        mode.dmDisplayFrequency = p.FullScreen_RefreshRateInHz;
        mode.dmFields |= DM_DISPLAYFREQUENCY;
    }
    // CDS_FULLSCREEN: a temporary mode, the registry keeps the desktop's. A display that
    // shows the mode already is left alone (no flicker, and plain X servers list one mode).
    if (!displayShows(display_, mode, ENUM_CURRENT_SETTINGS)) {
        const LONG changed =
            ChangeDisplaySettingsExW(gdiName(display_), &mode, nullptr, CDS_FULLSCREEN, nullptr);
        if (changed != DISP_CHANGE_SUCCESSFUL) {
            DDIVK_ERROR(
                "d3d9: full screen: the display refused the %ux%u mode (ChangeDisplaySettingsExW: %ld)",
                p.BackBufferWidth, p.BackBufferHeight, long(changed));
            if (!active_) restoreDesktopMode(display_);
            return D3DERR_NOTAVAILABLE;
        }
    }
    HWND window = keepWindow ? nullptr : p.hDeviceWindow;
    if (window != window_) {
        restoreWindow();
        window_ = window;
        if (window_) {
            style_ = GetWindowLongW(window_, GWL_STYLE);
            exStyle_ = GetWindowLongW(window_, GWL_EXSTYLE);
            GetWindowRect(window_, &rect_);
            SetWindowLongW(window_, GWL_STYLE, fullScreenStyle(style_));
            SetWindowLongW(window_, GWL_EXSTYLE, fullScreenExStyle(exStyle_));
        }
    }
    if (window_) {
        if (IsIconic(window_)) ShowWindow(window_, SW_RESTORE); // minimised at a focus loss
        const RECT screen = displayRect(display_);
        SetWindowPos(window_, HWND_TOPMOST, screen.left, screen.top, LONG(p.BackBufferWidth),
                     LONG(p.BackBufferHeight), SWP_FRAMECHANGED | SWP_SHOWWINDOW | SWP_NOACTIVATE);
    }
    active_ = true;
    return D3D_OK;
}

void FullScreen::suspend() {
    if (!active_) return;
    restoreDesktopMode(display_);
    if (window_ && IsWindowVisible(window_)) ShowWindow(window_, SW_MINIMIZE);
}

void FullScreen::placeWindow(const D3DPRESENT_PARAMETERS& p) {
    if (!active_ || !window_) return;
    const RECT screen = displayRect(display_);
    SetWindowPos(window_, nullptr, screen.left, screen.top, LONG(p.BackBufferWidth), LONG(p.BackBufferHeight),
                 SWP_NOACTIVATE | SWP_NOZORDER);
}

void FullScreen::restoreWindow() {
    if (!window_) return;
    HWND window = window_;
    window_ = nullptr;
    if (!IsWindow(window)) return;
    // A style the program has changed since is the program's: left as it is. Visibility and
    // top-most are not compared (SetWindowPos set them) and visibility stays as it is now.
    const LONG visible = WS_VISIBLE, topMost = WS_EX_TOPMOST;
    const LONG style = GetWindowLongW(window, GWL_STYLE);
    if ((style & ~visible) == (fullScreenStyle(style_) & ~visible) &&
        (GetWindowLongW(window, GWL_EXSTYLE) & ~topMost) == (fullScreenExStyle(exStyle_) & ~topMost)) {
        SetWindowLongW(window, GWL_STYLE, (style_ & ~visible) | (style & visible));
        SetWindowLongW(window, GWL_EXSTYLE, exStyle_);
    }
    HWND order = (exStyle_ & WS_EX_TOPMOST) ? HWND_TOPMOST : HWND_NOTOPMOST;
    SetWindowPos(window, order, rect_.left, rect_.top, rect_.right - rect_.left, rect_.bottom - rect_.top,
                 SWP_FRAMECHANGED | SWP_NOACTIVATE);
}

void FullScreen::leave() {
    if (!active_) return;
    active_ = false;
    // The registry's mode: the desktop's, whatever full-screen modes came between.
    restoreDesktopMode(display_);
    restoreWindow();
}

} // namespace ddivk::d3d9

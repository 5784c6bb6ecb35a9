#include "screen_support.h"

DWORD screenPixel(int x, int y) {
    HDC screen = GetDC(nullptr);
    const COLORREF c = GetPixel(screen, x, y);
    ReleaseDC(nullptr, screen);
    return DWORD(GetRValue(c)) << 16 | DWORD(GetGValue(c)) << 8 | GetBValue(c);
}

bool screenShows(int x, int y, DWORD rgb) {
    for (int i = 0; i < 100; ++i) {
        if (screenPixel(x, y) == rgb) return true;
        Sleep(20);
    }
    return false;
}

POINT showWindowAt(HWND window, int x, int y) {
    SetWindowPos(window, HWND_TOPMOST, x, y, 0, 0, SWP_NOSIZE | SWP_SHOWWINDOW);
    POINT origin{0, 0};
    ClientToScreen(window, &origin);
    return origin;
}

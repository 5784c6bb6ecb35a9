// The screen as the window system shows it, for tests of presentation: pixels read through GDI
// (under Wine, from the X server) and windows placed where the test reads them.
#pragma once

#include "d3d9/win32.h"

// The screen's pixel at (x, y) as 0xRRGGBB.
DWORD screenPixel(int x, int y);
// Waits (up to ~2 s) until the screen shows `rgb` at (x, y): presentation is asynchronous.
bool screenShows(int x, int y, DWORD rgb);
// Shows `window` top-most at (x, y) of the screen; returns its client area's screen origin.
POINT showWindowAt(HWND window, int x, int y);

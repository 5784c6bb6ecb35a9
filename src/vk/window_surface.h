// A VkSurfaceKHR of a program's window: on Windows (the d3d9.dll under Wine or on Windows) an
// HWND through VK_KHR_win32_surface. Kept apart because its header needs <windows.h>, whose
// macros the rest of the driver must not see.
#pragma once

#include <volk.h>

namespace ddivk::vk {

class Instance;

// Whether this build can make window surfaces at all (a Windows build).
bool windowSurfacesSupported();

// The size of `window`'s client area (an HWND); 0 x 0 when it has none (minimised) or outside
// a Windows build.
VkExtent2D windowClientExtent(void* window);

// A surface of `window` (an HWND). Throws vk::Error when the instance has no surface support
// (Instance::surfaces) or the window system refuses.
VkSurfaceKHR createWindowSurface(const Instance& instance, void* window);

} // namespace ddivk::vk

#include "vk/window_surface.h"

#include "vk/error.h"
#include "vk/instance.h"

#ifdef _WIN32
#ifndef NOMINMAX
#define NOMINMAX
#endif
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <windows.h>

#include <vulkan/vulkan_win32.h>
#endif

namespace ddivk::vk {

bool windowSurfacesSupported() {
#ifdef _WIN32
    return true;
#else
    return false;
#endif
}

VkExtent2D windowClientExtent(void* window) {
#ifdef _WIN32
    RECT r{};
    if (!GetClientRect(static_cast<HWND>(window), &r) || r.right <= r.left || r.bottom <= r.top)
        return {0, 0};
    return {uint32_t(r.right - r.left), uint32_t(r.bottom - r.top)};
#else
    (void)window;
    return {0, 0};
#endif
}

VkSurfaceKHR createWindowSurface(const Instance& instance, void* window) {
    if (!instance.surfaces())
        throw Error(VK_ERROR_EXTENSION_NOT_PRESENT, "the Vulkan instance has no window surfaces");
#ifdef _WIN32
    // Loaded here rather than by volk, which would need the platform define (and <windows.h>)
    // in every file that includes it.
    auto create = reinterpret_cast<PFN_vkCreateWin32SurfaceKHR>(
        vkGetInstanceProcAddr(instance.handle(), "vkCreateWin32SurfaceKHR"));
    if (!create) throw Error(VK_ERROR_EXTENSION_NOT_PRESENT, "vkCreateWin32SurfaceKHR is missing");
    VkWin32SurfaceCreateInfoKHR info{VK_STRUCTURE_TYPE_WIN32_SURFACE_CREATE_INFO_KHR};
    info.hinstance = GetModuleHandleW(nullptr);
    info.hwnd = static_cast<HWND>(window);
    VkSurfaceKHR surface = VK_NULL_HANDLE;
    check(create(instance.handle(), &info, nullptr, &surface), "vkCreateWin32SurfaceKHR");
    return surface;
#else
    (void)window;
    throw Error(VK_ERROR_EXTENSION_NOT_PRESENT, "window surfaces exist only in the Windows build");
#endif
}

} // namespace ddivk::vk

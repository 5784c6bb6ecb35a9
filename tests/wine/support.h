// What the wine tests compare our d3d9.dll with: the Vulkan devices as the test enumerates them
// itself (through vulkan-1.dll, not through the DLL), Win32's display settings, and an
// IDirect3D9 made by Direct3DCreate9.
#pragma once

#include "d3d9/win32.h"

#include <cstdint>
#include <string>
#include <vector>

struct VulkanDevice {
    std::string name;
    uint32_t vendorId = 0, deviceId = 0, driverVersion = 0;
    uint8_t uuid[16] = {};
    uint32_t maxImageDimension2D = 0, maxImageDimensionCube = 0, maxImageDimension3D = 0;
    uint32_t maxColorAttachments = 0;
};

// Every physical device of a fresh Vulkan instance; empty when Vulkan cannot be loaded.
const std::vector<VulkanDevice>& vulkanDevices();

// The device whose name is `description`, or nullptr.
const VulkanDevice* vulkanDeviceNamed(const char* description);

// The Vulkan device that adapter `ordinal` of `d3d` names (GetAdapterIdentifier's Description),
// or nullptr; `id` receives the identifier.
const VulkanDevice* vulkanDeviceOfAdapter(IDirect3D9* d3d, UINT ordinal, D3DADAPTER_IDENTIFIER9& id);

// IDirect3D9 from Direct3DCreate9(D3D_SDK_VERSION), released at scope exit.
struct D3D9 {
    IDirect3D9* d3d = Direct3DCreate9(D3D_SDK_VERSION);
    D3D9() = default;
    D3D9(const D3D9&) = delete;
    D3D9& operator=(const D3D9&) = delete;
    ~D3D9() {
        if (d3d) d3d->Release();
    }
    IDirect3D9* operator->() const { return d3d; }
};

// The distinct (width, height, refresh) of Win32's display modes at `bitsPerPel`, refresh rates
// 0 and 1 ("hardware default") read as 0.
struct Win32Mode {
    DWORD width, height, refresh;
    bool operator==(const Win32Mode&) const = default;
};
std::vector<Win32Mode> win32Modes(DWORD bitsPerPel);

#include "support.h"

#include <volk.h>

#include <algorithm>
#include <cstring>

namespace {

std::vector<VulkanDevice> enumerate() {
    std::vector<VulkanDevice> out;
    if (volkInitialize() != VK_SUCCESS) return out;
    VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
    app.apiVersion = VK_API_VERSION_1_1;
    VkInstanceCreateInfo info{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
    info.pApplicationInfo = &app;
    VkInstance instance = VK_NULL_HANDLE;
    if (vkCreateInstance(&info, nullptr, &instance) != VK_SUCCESS) return out;
    volkLoadInstanceOnly(instance);
    uint32_t count = 0;
    vkEnumeratePhysicalDevices(instance, &count, nullptr);
    std::vector<VkPhysicalDevice> devices(count);
    vkEnumeratePhysicalDevices(instance, &count, devices.data());
    for (VkPhysicalDevice d : devices) {
        VkPhysicalDeviceIDProperties id{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ID_PROPERTIES};
        VkPhysicalDeviceProperties2 p{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, &id};
        vkGetPhysicalDeviceProperties2(d, &p);
        VulkanDevice v;
        v.name = p.properties.deviceName;
        v.vendorId = p.properties.vendorID;
        v.deviceId = p.properties.deviceID;
        v.driverVersion = p.properties.driverVersion;
        std::memcpy(v.uuid, id.deviceUUID, sizeof(v.uuid));
        v.maxImageDimension2D = p.properties.limits.maxImageDimension2D;
        v.maxImageDimensionCube = p.properties.limits.maxImageDimensionCube;
        v.maxImageDimension3D = p.properties.limits.maxImageDimension3D;
        v.maxColorAttachments = p.properties.limits.maxColorAttachments;
        out.push_back(v);
    }
    vkDestroyInstance(instance, nullptr);
    return out;
}

} // namespace

const std::vector<VulkanDevice>& vulkanDevices() {
    static const std::vector<VulkanDevice> devices = enumerate();
    return devices;
}

const VulkanDevice* vulkanDeviceNamed(const char* description) {
    for (const VulkanDevice& d : vulkanDevices())
        if (d.name == description) return &d;
    return nullptr;
}

const VulkanDevice* vulkanDeviceOfAdapter(IDirect3D9* d3d, UINT ordinal, D3DADAPTER_IDENTIFIER9& id) {
    id = {};
    if (!d3d || d3d->GetAdapterIdentifier(ordinal, 0, &id) != D3D_OK) return nullptr;
    return vulkanDeviceNamed(id.Description);
}

std::vector<Win32Mode> win32Modes(DWORD bitsPerPel) {
    std::vector<Win32Mode> modes;
    DEVMODEW dm{};
    dm.dmSize = sizeof(dm);
    for (DWORD i = 0; EnumDisplaySettingsW(nullptr, i, &dm); ++i) {
        if (dm.dmBitsPerPel != bitsPerPel) continue;
        const Win32Mode m{dm.dmPelsWidth, dm.dmPelsHeight, dm.dmDisplayFrequency > 1 ? dm.dmDisplayFrequency : 0};
        if (std::find(modes.begin(), modes.end(), m) == modes.end()) modes.push_back(m);
    }
    return modes;
}

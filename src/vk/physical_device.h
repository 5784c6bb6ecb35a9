// Choosing the physical device: DDIVK_DEVICE is an index or a case-insensitive substring of the
// device name; by default the first discrete GPU, else the first device.
#pragma once

#include <volk.h>

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ddivk::vk {

// What selection looks at, one per VkPhysicalDevice in enumeration order.
struct DeviceCandidate {
    std::string name;
    VkPhysicalDeviceType type = VK_PHYSICAL_DEVICE_TYPE_OTHER;
};

// The index chosen for `selector` (empty: the default rule, the first device of the best kind:
// discrete GPU, integrated, virtual, other, CPU). A selector of digits only is an
// index when in range, else it is matched as a name substring (e.g. "4090"). Throws vk::Error
// naming the selector and listing the candidates when nothing matches or the list is empty.
size_t selectDevice(std::span<const DeviceCandidate> candidates, std::string_view selector);

// Every physical device of the instance, with its candidate description (same order).
struct PhysicalDeviceList {
    std::vector<VkPhysicalDevice> devices;
    std::vector<DeviceCandidate> candidates;
};
PhysicalDeviceList enumeratePhysicalDevices(VkInstance instance);

// The selector from DDIVK_DEVICE ("" when unset).
std::string deviceSelectorFromEnvironment();

} // namespace ddivk::vk

#include "vk/physical_device.h"

#include "util/config.h"
#include "vk/error.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>

namespace ddivk::vk {
namespace {

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

bool allDigits(std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::string describe(std::span<const DeviceCandidate> candidates) {
    std::string out;
    for (size_t i = 0; i < candidates.size(); ++i)
        out += (i ? ", " : "") + std::to_string(i) + ": " + candidates[i].name;
    return out.empty() ? "none" : out;
}

} // namespace

size_t selectDevice(std::span<const DeviceCandidate> candidates, std::string_view selector) {
    if (candidates.empty()) throw Error(VK_ERROR_INITIALIZATION_FAILED, "no Vulkan physical device found");
    if (selector.empty()) {
        // The first of the best kind: a software rasterizer only when nothing else is there.
        auto rank = [](VkPhysicalDeviceType type) {
            switch (type) {
            case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU:
                return 0;
            case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU:
                return 1;
            case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU:
                return 2;
            case VK_PHYSICAL_DEVICE_TYPE_CPU:
                return 4;
            default:
                return 3;
            }
        };
        size_t best = 0;
        for (size_t i = 1; i < candidates.size(); ++i)
            if (rank(candidates[i].type) < rank(candidates[best].type)) best = i;
        return best;
    }
    if (allDigits(selector) && selector.size() < 6) {
        size_t index = std::stoul(std::string(selector));
        if (index < candidates.size()) return index;
    }
    const std::string needle = lower(selector);
    for (size_t i = 0; i < candidates.size(); ++i)
        if (lower(candidates[i].name).find(needle) != std::string::npos) return i;
    throw Error(VK_ERROR_INITIALIZATION_FAILED, "DDIVK_DEVICE=\"" + std::string(selector) +
                                                    "\" matches no Vulkan device (an index or a "
                                                    "name substring); devices: " +
                                                    describe(candidates));
}

PhysicalDeviceList enumeratePhysicalDevices(VkInstance instance) {
    uint32_t count = 0;
    check(vkEnumeratePhysicalDevices(instance, &count, nullptr), "vkEnumeratePhysicalDevices");
    PhysicalDeviceList list;
    list.devices.resize(count);
    check(vkEnumeratePhysicalDevices(instance, &count, list.devices.data()), "vkEnumeratePhysicalDevices");
    list.devices.resize(count);
    for (VkPhysicalDevice pd : list.devices) {
        VkPhysicalDeviceProperties props;
        vkGetPhysicalDeviceProperties(pd, &props);
        list.candidates.push_back({props.deviceName, props.deviceType});
    }
    return list;
}

std::string deviceSelectorFromEnvironment() {
    const char* s = config::get("DDIVK_DEVICE");
    return s ? s : "";
}

} // namespace ddivk::vk

#include "vk/caps.h"

#include <initializer_list>

namespace ddivk::vk {

std::string decodeDriverVersion(uint32_t vendorId, VkDriverId driverId, uint32_t v) {
    auto join = [](std::initializer_list<uint32_t> parts) {
        std::string out;
        for (uint32_t p : parts)
            out += (out.empty() ? "" : ".") + std::to_string(p);
        return out;
    };
    if (vendorId == 0x10DE) // NVIDIA: 10.8.8.6
        return join({v >> 22, (v >> 14) & 0xFF, (v >> 6) & 0xFF, v & 0x3F});
    if (vendorId == 0x8086 && driverId == VK_DRIVER_ID_INTEL_PROPRIETARY_WINDOWS) // Intel Windows: 18.14
        return join({v >> 14, v & 0x3FFF});
    return join({VK_API_VERSION_MAJOR(v), VK_API_VERSION_MINOR(v), VK_API_VERSION_PATCH(v)});
}

uint32_t unormDepthBiasUnitsOf(VkDriverId driverId) {
    return driverId == VK_DRIVER_ID_MESA_LLVMPIPE || driverId == VK_DRIVER_ID_NVIDIA_PROPRIETARY ? 2 : 1;
}

std::string apiVersionString(uint32_t v) {
    return std::to_string(VK_API_VERSION_MAJOR(v)) + "." + std::to_string(VK_API_VERSION_MINOR(v)) + "." +
           std::to_string(VK_API_VERSION_PATCH(v));
}

const char* timeDomainName(VkTimeDomainEXT domain) {
    switch (domain) {
    case VK_TIME_DOMAIN_DEVICE_EXT:
        return "DEVICE";
    case VK_TIME_DOMAIN_CLOCK_MONOTONIC_EXT:
        return "CLOCK_MONOTONIC";
    case VK_TIME_DOMAIN_CLOCK_MONOTONIC_RAW_EXT:
        return "CLOCK_MONOTONIC_RAW";
    case VK_TIME_DOMAIN_QUERY_PERFORMANCE_COUNTER_EXT:
        return "QUERY_PERFORMANCE_COUNTER";
    default:
        return "unknown";
    }
}

} // namespace ddivk::vk

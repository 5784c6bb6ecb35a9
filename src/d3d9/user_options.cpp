#include "d3d9/user_options.h"

#include "util/config_values.h"

namespace ddivk::d3d9 {

DeviceOptions readDeviceOptions() {
    DeviceOptions o;
    o.maxFrameRate = config::getNumber("DDIVK_MAX_FRAME_RATE", 0, 100000).value_or(0);
    // (1 MiB to 1 TiB: above the device's heap the option changes nothing.)
    if (const std::optional<double> mib = config::getNumber("DDIVK_MAX_AVAILABLE_MEMORY", 1, 1 << 20))
        o.maxAvailableMemory = uint64_t(*mib) << 20;
    return o;
}

AdapterIdOverrides readAdapterIdOverrides() {
    return {config::getHex("DDIVK_VENDOR_ID", 0xFFFF), config::getHex("DDIVK_DEVICE_ID", 0xFFFF)};
}

} // namespace ddivk::d3d9

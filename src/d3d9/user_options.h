// Options of d3d9.dll for players (docs/configuration.md, "Options for players"): what a D3D9
// game under Wine may need from its layer besides correct rendering. A value that is not valid is
// logged as an error and the option stays unset.
#pragma once

#include <cstdint>
#include <optional>

namespace ddivk::d3d9 {

// Read when a device is made (and kept for its life, Reset included).
struct DeviceOptions {
    // DDIVK_MAX_FRAME_RATE: presents of the device's own swap chain per second; 0: no limit.
    double maxFrameRate = 0;
    // DDIVK_MAX_AVAILABLE_MEMORY, given in MiB: the most GetAvailableTextureMem reports, in bytes.
    // Old games keep the answer in a signed 32-bit integer, and more than 2 GiB turns negative.
    std::optional<uint64_t> maxAvailableMemory;
};
DeviceOptions readDeviceOptions();

// DDIVK_VENDOR_ID and DDIVK_DEVICE_ID: the PCI IDs GetAdapterIdentifier reports instead of the
// Vulkan device's, for games that refuse an adapter they do not know or that choose their paths
// by vendor. Read at every call.
struct AdapterIdOverrides {
    std::optional<uint32_t> vendorId, deviceId;
};
AdapterIdOverrides readAdapterIdOverrides();

} // namespace ddivk::d3d9

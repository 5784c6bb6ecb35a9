// The adapters an IDirect3D9 object offers. As on Windows, a D3D9 adapter is a display of the
// desktop (a monitor), the primary display first; every one is driven by the one Vulkan device
// ddivk chooses: DDIVK_DEVICE's, else the first of the best kind (a discrete GPU before an
// integrated one, a software rasterizer such as llvmpipe last) among those vk::probeDevice
// accepts (Vulkan 1.1+, timeline semaphores, dynamic rendering, a graphics queue). A second GPU
// is not a second adapter: programs (WPF among them) take more adapters than displays for a
// display change. Read-only once built.
#pragma once

#include <volk.h>

#include <memory>
#include <string>
#include <vector>

#include "vk/caps.h"
#include "vk/instance.h"

namespace ddivk::d3d9 {

struct Adapter {
    VkPhysicalDevice physicalDevice = VK_NULL_HANDLE;
    unsigned vulkanIndex = 0; // among vkEnumeratePhysicalDevices' devices: the driver's device selector
    VkPhysicalDeviceProperties properties{};
    vk::Caps caps;
    uint8_t deviceUuid[VK_UUID_SIZE] = {}; // VkPhysicalDeviceIDProperties: stable per device and driver
    uint8_t luid[VK_LUID_SIZE] = {};       // the driver's LUID, or one allocated for this process
    // The display the adapter is (its GDI device name, "\\.\DISPLAY2"; display_modes.h); empty
    // when Windows lists no display: the primary one then.
    std::wstring display;

    // The format's optimal-tiling features, as vkGetPhysicalDeviceFormatProperties reports them.
    VkFormatFeatureFlags features(VkFormat format) const;
    // Whether `format` makes sampled, transfer-destination 3D images (volume textures).
    bool makesVolumes(VkFormat format) const;
};

class AdapterList {
  public:
    // Creates the Vulkan instance, probes every physical device, chooses one and makes an adapter
    // of it per display. Throws vk::Error when Vulkan cannot be loaded; an empty list when no
    // device qualifies.
    static std::shared_ptr<AdapterList> create();

    size_t size() const { return adapters_.size(); }
    // nullptr for an ordinal out of range: the D3DERR_INVALIDCALL of every adapter method.
    const Adapter* find(unsigned ordinal) const {
        return ordinal < adapters_.size() ? &adapters_[ordinal] : nullptr;
    }

  private:
    std::shared_ptr<vk::Instance> instance_;
    std::vector<Adapter> adapters_;
};

} // namespace ddivk::d3d9

// The adapters an IDirect3D9 object offers: the Vulkan physical devices ddivk can drive
// (vk::probeDevice accepts them: Vulkan 1.1+, timeline semaphores, dynamic rendering, a
// graphics queue), in the instance's enumeration order. Read-only once built.
#pragma once

#include <volk.h>

#include <memory>
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

    // The format's optimal-tiling features, as vkGetPhysicalDeviceFormatProperties reports them.
    VkFormatFeatureFlags features(VkFormat format) const;
    // Whether `format` makes sampled, transfer-destination 3D images (volume textures).
    bool makesVolumes(VkFormat format) const;
};

class AdapterList {
  public:
    // Creates the Vulkan instance and probes every physical device. Throws vk::Error when
    // Vulkan cannot be loaded; an empty list when no device qualifies.
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

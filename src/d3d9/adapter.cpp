#include "d3d9/adapter.h"

#include <cstring>

#include "d3d9/display_modes.h"
#include "d3d9/win32.h"
#include "util/log.h"
#include "vk/device_setup.h"
#include "vk/error.h"
#include "vk/physical_device.h"

namespace ddivk::d3d9 {
namespace {

// deviceUUID and deviceLUID (Vulkan 1.1 core). Without a driver LUID the adapter gets one
// allocated by Windows, unique in this session as GetAdapterLUID promises.
void readIdentity(Adapter& a) {
    VkPhysicalDeviceIDProperties id{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ID_PROPERTIES};
    VkPhysicalDeviceProperties2 properties{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, &id};
    vkGetPhysicalDeviceProperties2(a.physicalDevice, &properties);
    std::memcpy(a.deviceUuid, id.deviceUUID, VK_UUID_SIZE);
    if (id.deviceLUIDValid) {
        std::memcpy(a.luid, id.deviceLUID, VK_LUID_SIZE);
        return;
    }
    LUID luid{};
    if (!AllocateLocallyUniqueId(&luid)) DDIVK_WARN("d3d9: AllocateLocallyUniqueId failed, adapter LUID is 0");
    static_assert(sizeof(luid) == VK_LUID_SIZE);
    std::memcpy(a.luid, &luid, VK_LUID_SIZE);
}

} // namespace

VkFormatFeatureFlags Adapter::features(VkFormat format) const {
    if (format == VK_FORMAT_UNDEFINED) return 0;
    VkFormatProperties props{};
    vkGetPhysicalDeviceFormatProperties(physicalDevice, format, &props);
    return props.optimalTilingFeatures;
}

bool Adapter::makesVolumes(VkFormat format) const {
    VkImageFormatProperties image{};
    return vkGetPhysicalDeviceImageFormatProperties(physicalDevice, format, VK_IMAGE_TYPE_3D, VK_IMAGE_TILING_OPTIMAL,
                                                    VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT, 0,
                                                    &image) == VK_SUCCESS;
}

std::shared_ptr<AdapterList> AdapterList::create() {
    auto list = std::make_shared<AdapterList>();
    vk::InstanceOptions options;
    options.applicationName = "ddivk d3d9";
    list->instance_ = vk::Instance::create(options);
    const vk::PhysicalDeviceList devices = vk::enumeratePhysicalDevices(list->instance_->handle());
    // The devices ddivk can drive, then the one the adapters use.
    std::vector<Adapter> usable;
    std::vector<vk::DeviceCandidate> candidates;
    for (size_t i = 0; i < devices.devices.size(); ++i) {
        Adapter a;
        a.physicalDevice = devices.devices[i];
        a.vulkanIndex = static_cast<unsigned>(i);
        try {
            a.caps = vk::probeDevice(list->instance_->handle(), a.physicalDevice, list->instance_->apiVersion())->caps;
        } catch (const vk::Error& e) {
            DDIVK_INFO("d3d9: %s is no adapter: %s", devices.candidates[i].name.c_str(), e.what());
            continue;
        }
        vkGetPhysicalDeviceProperties(a.physicalDevice, &a.properties);
        usable.push_back(std::move(a));
        candidates.push_back(devices.candidates[i]);
    }
    if (usable.empty()) return list;
    size_t chosen = 0;
    const std::string selector = vk::deviceSelectorFromEnvironment();
    try {
        chosen = vk::selectDevice(candidates, selector);
    } catch (const vk::Error& e) {
        DDIVK_ERROR("d3d9: %s; using the default device instead", e.what());
        chosen = vk::selectDevice(candidates, "");
    }
    Adapter& device = usable[chosen];
    readIdentity(device);
    DDIVK_INFO("d3d9: adapters on %s", device.properties.deviceName);
    std::vector<std::wstring> displays = desktopDisplays();
    if (displays.empty()) displays.emplace_back(); // no display listed: one adapter, the primary
    for (std::wstring& display : displays) {
        Adapter a = device;
        a.display = std::move(display);
        list->adapters_.push_back(std::move(a));
    }
    return list;
}

} // namespace ddivk::d3d9

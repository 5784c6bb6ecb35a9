#include "vk/device.h"

#include "util/log.h"
#include "vk/command_provider.h"
#include "vk/cpu_driver_heap.h"
#include "vk/device_setup.h"
#include "vk/error.h"
#include "vk/memory.h"
#include "vk/physical_device.h"
#include "vk/queue.h"

namespace ddivk::vk {
namespace {

// Sets pfn to the device's entry point `name` (null where the device has none).
template <class Fn> void loadFunction(VkDevice device, Fn& pfn, const char* name) {
    pfn = reinterpret_cast<Fn>(vkGetDeviceProcAddr(device, name));
}

const char* typeName(VkPhysicalDeviceType type) {
    switch (type) {
    case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU:
        return "integrated GPU";
    case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU:
        return "discrete GPU";
    case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU:
        return "virtual GPU";
    case VK_PHYSICAL_DEVICE_TYPE_CPU:
        return "CPU";
    default:
        return "other";
    }
}

} // namespace

std::unique_ptr<Device> Device::create(const DeviceOptions& options) {
    return create(Instance::create(options.instance), options);
}

std::unique_ptr<Device> Device::create(std::shared_ptr<Instance> instance, const DeviceOptions& options) {
    std::unique_ptr<Device> self(new Device());
    self->instance_ = std::move(instance);

    const PhysicalDeviceList list = enumeratePhysicalDevices(self->instance_->handle());
    const std::string selector = options.selector.value_or(deviceSelectorFromEnvironment());
    const size_t index = selectDevice(list.candidates, selector);
    self->physicalDevice_ = list.devices[index];
    vkGetPhysicalDeviceProperties(self->physicalDevice_, &self->properties_);

    std::unique_ptr<DeviceSetup> setup =
        probeDevice(self->instance_->handle(), self->physicalDevice_, self->instance_->apiVersion(),
                    self->instance_->surfaces());
    if (!options.synchronization2) {
        setup->synchronization2.synchronization2 = VK_FALSE;
        setup->caps.synchronization2 = false;
    }
    self->caps_ = setup->caps;
    const Caps& caps = self->caps_;
    DDIVK_INFO("vulkan device %zu: %s (%s), driver %s %s, Vulkan %s%s", index, caps.deviceName.c_str(),
               typeName(caps.deviceType), caps.driverName.c_str(), caps.driverVersion.c_str(),
               apiVersionString(caps.deviceApiVersion).c_str(),
               selector.empty() ? "" : (", chosen by DDIVK_DEVICE=" + selector).c_str());

    const float priority = 1.0f;
    VkDeviceQueueCreateInfo queueInfo{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
    queueInfo.queueFamilyIndex = caps.queueFamily;
    queueInfo.queueCount = 1;
    queueInfo.pQueuePriorities = &priority;
    VkDeviceCreateInfo info{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
    info.pNext = setup->link();
    info.queueCreateInfoCount = 1;
    info.pQueueCreateInfos = &queueInfo;
    info.enabledExtensionCount = static_cast<uint32_t>(setup->extensions.size());
    info.ppEnabledExtensionNames = setup->extensions.data();
    check(vkCreateDevice(self->physicalDevice_, &info, nullptr, &self->device_), "vkCreateDevice");
    warmCpuDriverHeap(self->device_, caps);

    // (Core names from Vulkan 1.3, the extension's before.)
    const bool v13 = caps.apiVersion >= VK_API_VERSION_1_3;
    DeviceFunctions& fn = self->functions_;
    auto load = [&](auto& pfn, const char* name) { loadFunction(self->device_, pfn, name); };
    if (caps.synchronization2)
        load(fn.cmdPipelineBarrier2, v13 ? "vkCmdPipelineBarrier2" : "vkCmdPipelineBarrier2KHR");
    load(fn.cmdBeginRendering, v13 ? "vkCmdBeginRendering" : "vkCmdBeginRenderingKHR");
    load(fn.cmdEndRendering, v13 ? "vkCmdEndRendering" : "vkCmdEndRenderingKHR");
    if (caps.calibratedTimestamps != CalibratedTimestamps::None)
        load(fn.getCalibratedTimestamps, caps.calibratedTimestamps == CalibratedTimestamps::Khr
                                             ? "vkGetCalibratedTimestampsKHR"
                                             : "vkGetCalibratedTimestampsEXT");

    if (caps.pushDescriptor) load(fn.cmdPushDescriptorSet, "vkCmdPushDescriptorSetKHR");
    if (caps.transformFeedback) {
        load(fn.cmdBindTransformFeedbackBuffers, "vkCmdBindTransformFeedbackBuffersEXT");
        load(fn.cmdBeginTransformFeedback, "vkCmdBeginTransformFeedbackEXT");
        load(fn.cmdEndTransformFeedback, "vkCmdEndTransformFeedbackEXT");
        load(fn.cmdBeginQueryIndexed, "vkCmdBeginQueryIndexedEXT");
        load(fn.cmdEndQueryIndexed, "vkCmdEndQueryIndexedEXT");
    }

    if (caps.extendedDynamicState) {
        load(fn.cmdSetCullMode, v13 ? "vkCmdSetCullMode" : "vkCmdSetCullModeEXT");
        load(fn.cmdSetDepthTestEnable, v13 ? "vkCmdSetDepthTestEnable" : "vkCmdSetDepthTestEnableEXT");
        load(fn.cmdSetDepthWriteEnable, v13 ? "vkCmdSetDepthWriteEnable" : "vkCmdSetDepthWriteEnableEXT");
        load(fn.cmdSetDepthCompareOp, v13 ? "vkCmdSetDepthCompareOp" : "vkCmdSetDepthCompareOpEXT");
        load(fn.cmdSetStencilTestEnable, v13 ? "vkCmdSetStencilTestEnable" : "vkCmdSetStencilTestEnableEXT");
        load(fn.cmdSetStencilOp, v13 ? "vkCmdSetStencilOp" : "vkCmdSetStencilOpEXT");
    }
    const VkPhysicalDeviceExtendedDynamicState3FeaturesEXT& eds3 = caps.extendedDynamicState3Features;
    if (caps.extendedDynamicState3 && eds3.extendedDynamicState3ColorBlendEnable &&
        eds3.extendedDynamicState3ColorBlendEquation && eds3.extendedDynamicState3ColorWriteMask) {
        load(fn.cmdSetColorBlendEnable, "vkCmdSetColorBlendEnableEXT");
        load(fn.cmdSetColorBlendEquation, "vkCmdSetColorBlendEquationEXT");
        load(fn.cmdSetColorWriteMask, "vkCmdSetColorWriteMaskEXT");
    }

    VkQueue queue = VK_NULL_HANDLE;
    vkGetDeviceQueue(self->device_, caps.queueFamily, 0, &queue);
    self->queue_ = std::make_unique<Queue>(self->device_, queue, caps.queueFamily);
    self->allocator_ = std::make_unique<Allocator>(self->device_, self->physicalDevice_);
    self->immediate_ = std::make_unique<CommandProvider>(self->device_, *self->queue_);
    return self;
}

Device::~Device() {
    if (!device_) return;
    immediate_.reset();
    queue_.reset(); // releases a test hold and waits for its submissions
    vkDeviceWaitIdle(device_);
    allocator_.reset();
    vkDestroyDevice(device_, nullptr);
}

void Device::submitImmediate(const std::function<void(VkCommandBuffer)>& record) {
    std::lock_guard lock(immediateMutex_);
    VkCommandBuffer cmd = immediate_->begin();
    record(cmd);
    // Readback: the GPU's writes become visible to host reads after the wait.
    VkMemoryBarrier toHost{VK_STRUCTURE_TYPE_MEMORY_BARRIER, nullptr, VK_ACCESS_MEMORY_WRITE_BIT,
                           VK_ACCESS_HOST_READ_BIT};
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &toHost,
                         0, nullptr, 0, nullptr);
    queue_->wait(immediate_->submit(cmd));
}

void Device::waitIdle() const {
    queue_->waitIdle();
}

} // namespace ddivk::vk

// The Vulkan device ddivk renders with: the chosen physical device, its capabilities, one
// graphics+compute queue with timeline submission, and the memory allocator.
#pragma once

#include "util/sync.h"
#include "vk/caps.h"
#include "vk/instance.h"

#include <volk.h>

#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace ddivk::vk {

class Allocator;
class CommandProvider;
class Queue;

struct DeviceOptions {
    // Which physical device: an index or a name substring. Unset: DDIVK_DEVICE, else the first
    // discrete GPU, else the first device.
    std::optional<std::string> selector;
    // false: leave synchronization2 off even when offered (tests the classic barrier path).
    bool synchronization2 = true;
    // Used when Device::create makes its own instance.
    InstanceOptions instance;
};

// Entry points whose name depends on how the feature was enabled (core or extension).
struct DeviceFunctions {
    PFN_vkCmdPipelineBarrier2 cmdPipelineBarrier2 = nullptr; // null without synchronization2
    PFN_vkCmdBeginRendering cmdBeginRendering = nullptr;
    PFN_vkCmdEndRendering cmdEndRendering = nullptr;
    PFN_vkGetCalibratedTimestampsEXT getCalibratedTimestamps = nullptr; // null without calibration
    PFN_vkCmdPushDescriptorSetKHR cmdPushDescriptorSet = nullptr;       // null without push descriptors
    // Null without VK_EXT_transform_feedback (caps.transformFeedback).
    PFN_vkCmdBindTransformFeedbackBuffersEXT cmdBindTransformFeedbackBuffers = nullptr;
    PFN_vkCmdBeginTransformFeedbackEXT cmdBeginTransformFeedback = nullptr;
    PFN_vkCmdEndTransformFeedbackEXT cmdEndTransformFeedback = nullptr;
    PFN_vkCmdBeginQueryIndexedEXT cmdBeginQueryIndexed = nullptr;
    PFN_vkCmdEndQueryIndexedEXT cmdEndQueryIndexed = nullptr;
    // Extended dynamic state: null without it (caps.extendedDynamicState).
    PFN_vkCmdSetCullMode cmdSetCullMode = nullptr;
    PFN_vkCmdSetDepthTestEnable cmdSetDepthTestEnable = nullptr;
    PFN_vkCmdSetDepthWriteEnable cmdSetDepthWriteEnable = nullptr;
    PFN_vkCmdSetDepthCompareOp cmdSetDepthCompareOp = nullptr;
    PFN_vkCmdSetStencilTestEnable cmdSetStencilTestEnable = nullptr;
    PFN_vkCmdSetStencilOp cmdSetStencilOp = nullptr;
    // Null without VK_EXT_extended_dynamic_state3's blend enable, equation and write mask.
    PFN_vkCmdSetColorBlendEnableEXT cmdSetColorBlendEnable = nullptr;
    PFN_vkCmdSetColorBlendEquationEXT cmdSetColorBlendEquation = nullptr;
    PFN_vkCmdSetColorWriteMaskEXT cmdSetColorWriteMask = nullptr;
};

class Device {
  public:
    // Throws vk::Error with a readable message (bad DDIVK_DEVICE, missing required feature...).
    static std::unique_ptr<Device> create(const DeviceOptions& options = {});
    static std::unique_ptr<Device> create(std::shared_ptr<Instance> instance,
                                          const DeviceOptions& options = {});
    ~Device(); // waits for the GPU, then destroys everything
    Device(const Device&) = delete;
    Device& operator=(const Device&) = delete;

    VkDevice handle() const { return device_; }
    VkPhysicalDevice physicalDevice() const { return physicalDevice_; }
    Instance& instance() const { return *instance_; }
    const Caps& caps() const { return caps_; }
    const VkPhysicalDeviceProperties& properties() const { return properties_; }
    const VkPhysicalDeviceLimits& limits() const { return properties_.limits; }
    const DeviceFunctions& functions() const { return functions_; }
    uint32_t queueFamily() const { return caps_.queueFamily; }
    Queue& queue() const { return *queue_; }
    Allocator& allocator() const { return *allocator_; }

    // Records with `record`, submits, and waits for completion; the GPU's writes are then
    // visible to the host (a final barrier to HOST_READ). For setup and readback only, never
    // the draw path. Thread-safe (serialised).
    void submitImmediate(const std::function<void(VkCommandBuffer)>& record);
    void waitIdle() const;

  private:
    Device() = default;

    std::shared_ptr<Instance> instance_;
    VkPhysicalDevice physicalDevice_ = VK_NULL_HANDLE;
    VkDevice device_ = VK_NULL_HANDLE;
    Caps caps_;
    VkPhysicalDeviceProperties properties_{};
    DeviceFunctions functions_;
    std::unique_ptr<Queue> queue_;
    std::unique_ptr<Allocator> allocator_;
    util::Mutex immediateMutex_;
    std::unique_ptr<CommandProvider> immediate_; // guarded by immediateMutex_
};

} // namespace ddivk::vk

// Internal to the vk room: probes a physical device into Caps and holds the extension list and
// feature structures that VkDeviceCreateInfo will point at. Used by Device::create only.
#pragma once

#include "vk/caps.h"

#include <volk.h>

#include <memory>
#include <vector>

namespace ddivk::vk {

struct DeviceSetup {
    Caps caps;
    std::vector<const char*> extensions; // to enable, all advertised by the device

    // Feature structures: after probing, each holds what we enable (everything offered unless
    // noted). link() chains those in use and returns the head (features2).
    VkPhysicalDeviceFeatures2 features2{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
    VkPhysicalDeviceTimelineSemaphoreFeatures timeline{
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TIMELINE_SEMAPHORE_FEATURES};
    VkPhysicalDeviceHostQueryResetFeatures hostQueryReset{
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_HOST_QUERY_RESET_FEATURES};
    VkPhysicalDeviceDynamicRenderingFeatures dynamicRendering{
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DYNAMIC_RENDERING_FEATURES};
    VkPhysicalDeviceSynchronization2Features synchronization2{
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SYNCHRONIZATION_2_FEATURES};
    VkPhysicalDeviceVertexAttributeDivisorFeaturesEXT divisor{
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_ATTRIBUTE_DIVISOR_FEATURES_EXT};
    VkPhysicalDeviceTransformFeedbackFeaturesEXT transformFeedback{
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_FEATURES_EXT};
    VkPhysicalDeviceConditionalRenderingFeaturesEXT conditionalRendering{
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CONDITIONAL_RENDERING_FEATURES_EXT};
    VkPhysicalDeviceRobustness2FeaturesEXT robustness2{
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_ROBUSTNESS_2_FEATURES_EXT};
    VkPhysicalDeviceExtendedDynamicStateFeaturesEXT eds1{
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_FEATURES_EXT};
    VkPhysicalDeviceExtendedDynamicState2FeaturesEXT eds2{
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_2_FEATURES_EXT};
    VkPhysicalDeviceExtendedDynamicState3FeaturesEXT eds3{
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_EXTENDED_DYNAMIC_STATE_3_FEATURES_EXT};
    VkPhysicalDeviceCustomBorderColorFeaturesEXT customBorderColor{
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CUSTOM_BORDER_COLOR_FEATURES_EXT};
    VkPhysicalDeviceDepthClipEnableFeaturesEXT depthClipEnable{
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DEPTH_CLIP_ENABLE_FEATURES_EXT};
    VkPhysicalDeviceLineRasterizationFeaturesEXT lineRasterization{
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_LINE_RASTERIZATION_FEATURES_EXT};

    DeviceSetup() = default;
    DeviceSetup(const DeviceSetup&) = delete;
    DeviceSetup& operator=(const DeviceSetup&) = delete;

    // Chains the structures in use (for vkGetPhysicalDeviceFeatures2 or vkCreateDevice).
    VkPhysicalDeviceFeatures2* link();

    // Which structures are in the chain (their extension or core version is present).
    bool useTimeline = false, useHostQueryReset = false, useDynamicRendering = false, useSync2 = false;
    bool useDivisor = false, useTransformFeedback = false, useConditionalRendering = false;
    bool useRobustness2 = false, useEds1 = false, useEds2 = false, useEds3 = false;
    bool useCustomBorderColor = false, useDepthClipEnable = false, useLineRasterization = false;
};

// Probes `device` (API capped at instanceApiVersion): fills caps, the extensions and the
// features to enable. Throws vk::Error when a required feature or the queue family is missing.
// `swapchain`: the instance can present (Instance::surfaces), so VK_KHR_swapchain is wanted.
std::unique_ptr<DeviceSetup> probeDevice(VkInstance instance, VkPhysicalDevice device,
                                         uint32_t instanceApiVersion, bool swapchain = false);

} // namespace ddivk::vk

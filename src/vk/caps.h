// What the chosen Vulkan device offers, detected once at device creation. Every optional
// feature is enabled on the device when present and recorded here; absent ones read false and
// leave the device usable. Timeline semaphores and dynamic rendering are required.
#pragma once

#include <volk.h>

#include <cstdint>
#include <string>
#include <vector>

namespace ddivk::vk {

// Which calibrated-timestamps extension was enabled (identical entry points and enums).
enum class CalibratedTimestamps { None, Ext, Khr };

struct Caps {
    // Identity.
    std::string deviceName;
    uint32_t vendorId = 0;
    uint32_t deviceId = 0;
    VkPhysicalDeviceType deviceType = VK_PHYSICAL_DEVICE_TYPE_OTHER;
    uint32_t apiVersion = 0;       // the device's, capped at the instance's (what we may use)
    uint32_t deviceApiVersion = 0; // as reported by the driver
    uint32_t driverVersionRaw = 0;
    std::string driverVersion; // decoded per vendor (NVIDIA packs 10.8.8.6 bits)
    VkDriverId driverId = VkDriverId(0);
    std::string driverName; // VkPhysicalDeviceDriverProperties, empty when unknown
    std::string driverInfo;

    // The queue family used (graphics + compute + transfer) and its timestamp bits (0: none).
    uint32_t queueFamily = 0;
    uint32_t timestampValidBits = 0;
    float timestampPeriod = 0.0f; // nanoseconds per timestamp tick

    // VK_EXT_vertex_attribute_divisor (stream frequency / instancing).
    bool vertexAttributeDivisor = false;
    bool vertexAttributeInstanceRateDivisor = false;
    bool vertexAttributeInstanceRateZeroDivisor = false;
    uint32_t maxVertexAttribDivisor = 0;

    // VK_EXT_transform_feedback (primitive-count queries).
    bool transformFeedback = false;
    bool transformFeedbackQueries = false;
    bool geometryStreams = false;
    uint32_t maxTransformFeedbackStreams = 0;
    // Bytes per vertex transform feedback can write: to one stream, to one buffer; the largest
    // XfbStride.
    uint32_t maxTransformFeedbackStreamDataSize = 0;
    uint32_t maxTransformFeedbackBufferDataSize = 0;
    uint32_t maxTransformFeedbackBufferDataStride = 0;

    // VK_EXT_conditional_rendering (predication).
    bool conditionalRendering = false;
    bool inheritedConditionalRendering = false;

    // VK_EXT_calibrated_timestamps or VK_KHR_calibrated_timestamps.
    CalibratedTimestamps calibratedTimestamps = CalibratedTimestamps::None;
    std::vector<VkTimeDomainEXT> timeDomains; // calibrateable, as reported

    // Core or promoted features.
    bool hostQueryReset = false;
    bool timelineSemaphore = false; // required
    bool dynamicRendering = false;  // required
    bool synchronization2 = false;
    bool pipelineStatisticsQuery = false;
    bool occlusionQueryPrecise = false;
    bool geometryShader = false;

    // VK_EXT_robustness2.
    bool robustness2 = false;
    bool robustBufferAccess2 = false;
    bool robustImageAccess2 = false;
    bool nullDescriptor = false;

    // Extended dynamic state: 1 and 2 are core in Vulkan 1.3.
    bool extendedDynamicState = false;
    bool extendedDynamicState2 = false;
    bool extendedDynamicState2LogicOp = false;
    bool extendedDynamicState3 = false;
    VkPhysicalDeviceExtendedDynamicState3FeaturesEXT extendedDynamicState3Features{}; // pNext null

    // VK_EXT_custom_border_color.
    bool customBorderColor = false;
    bool customBorderColorWithoutFormat = false;
    uint32_t maxCustomBorderColorSamplers = 0;

    // VK_EXT_depth_clip_enable.
    bool depthClipEnable = false;

    // VK_KHR_sampler_mirror_clamp_to_edge (D3DTADDRESS_MIRRORONCE).
    bool samplerMirrorClampToEdge = false;

    // VK_EXT_line_rasterization's Bresenham lines: D3D9's line rule exactly.
    bool bresenhamLines = false;

    // The minimum resolvable difference r the driver applies a depth bias with on an n-bit UNORM
    // depth format, in units of 2^-n: Vulkan allows 1 or 2 ("Depth Bias Computation").
    // unormDepthBiasUnitsOf() says which drivers use 2.
    uint32_t unormDepthBiasUnits = 1;

    // VK_KHR_push_descriptor: per-draw uniform blocks of shader draws without descriptor pools.
    bool pushDescriptor = false;

    // VK_KHR_swapchain: presentation to windows (only where the instance has surfaces).
    bool swapchain = false;

    // The core VkPhysicalDeviceFeatures enabled on the device (a curated subset of those offered).
    VkPhysicalDeviceFeatures coreFeatures{};
};

// Caps::unormDepthBiasUnits of a driver: 2 for lavapipe (measured here by
// DepthBias.ConstantBiasIsAppliedAtItsD3D9Size) and NVIDIA's driver (DXVK divides D3D9's bias by
// 2^15 / 2^23 there for the same reason), 1 for the others until measured there
// (docs/draw-translator.md, "Depth bias").
uint32_t unormDepthBiasUnitsOf(VkDriverId driverId);

// "major.minor.patch" per the vendor's packing: NVIDIA 10.8.8.6 bits, Intel's Windows driver
// 18.14 bits, everyone else VK_API_VERSION_* (Mesa).
std::string decodeDriverVersion(uint32_t vendorId, VkDriverId driverId, uint32_t version);

// "1.3.230".
std::string apiVersionString(uint32_t version);

// "DEVICE", "CLOCK_MONOTONIC", "CLOCK_MONOTONIC_RAW", "QUERY_PERFORMANCE_COUNTER".
const char* timeDomainName(VkTimeDomainEXT domain);

} // namespace ddivk::vk

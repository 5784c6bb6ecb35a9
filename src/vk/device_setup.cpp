#include "vk/device_setup.h"

#include "vk/error.h"

#include <algorithm>
#include <cstring>
#include <string>

namespace ddivk::vk {
namespace {

// Newer than the 1.3.239 headers we build with; same entry points and enums as the EXT.
constexpr const char* kKhrCalibratedTimestamps = "VK_KHR_calibrated_timestamps";

class ExtensionSet {
  public:
    explicit ExtensionSet(VkPhysicalDevice device) {
        uint32_t count = 0;
        vkEnumerateDeviceExtensionProperties(device, nullptr, &count, nullptr);
        available_.resize(count);
        vkEnumerateDeviceExtensionProperties(device, nullptr, &count, available_.data());
    }
    bool has(const char* name) const {
        return std::any_of(available_.begin(), available_.end(), [&](const VkExtensionProperties& e) {
            return std::strcmp(e.extensionName, name) == 0;
        });
    }
    // Enables `name` when advertised; returns whether it is.
    bool enableIfPresent(const char* name, std::vector<const char*>& out) const {
        if (!has(name)) return false;
        if (std::find_if(out.begin(), out.end(), [&](const char* n) { return std::strcmp(n, name) == 0; }) ==
            out.end())
            out.push_back(name);
        return true;
    }

  private:
    std::vector<VkExtensionProperties> available_;
};

// Core features we enable when offered: what a D3D9 renderer can use. robustBufferAccess is
// handled apart (only with robustBufferAccess2, which requires it).
constexpr VkBool32 VkPhysicalDeviceFeatures::*kCoreFeatures[] = {
    &VkPhysicalDeviceFeatures::fullDrawIndexUint32,
    &VkPhysicalDeviceFeatures::imageCubeArray,
    &VkPhysicalDeviceFeatures::independentBlend,
    &VkPhysicalDeviceFeatures::geometryShader,
    &VkPhysicalDeviceFeatures::sampleRateShading,
    &VkPhysicalDeviceFeatures::dualSrcBlend,
    &VkPhysicalDeviceFeatures::logicOp,
    &VkPhysicalDeviceFeatures::multiDrawIndirect,
    &VkPhysicalDeviceFeatures::drawIndirectFirstInstance,
    &VkPhysicalDeviceFeatures::depthClamp,
    &VkPhysicalDeviceFeatures::depthBiasClamp,
    &VkPhysicalDeviceFeatures::fillModeNonSolid,
    &VkPhysicalDeviceFeatures::depthBounds,
    &VkPhysicalDeviceFeatures::wideLines,
    &VkPhysicalDeviceFeatures::largePoints,
    &VkPhysicalDeviceFeatures::samplerAnisotropy,
    &VkPhysicalDeviceFeatures::textureCompressionBC,
    &VkPhysicalDeviceFeatures::occlusionQueryPrecise,
    &VkPhysicalDeviceFeatures::pipelineStatisticsQuery,
    &VkPhysicalDeviceFeatures::vertexPipelineStoresAndAtomics,
    &VkPhysicalDeviceFeatures::fragmentStoresAndAtomics,
    &VkPhysicalDeviceFeatures::shaderImageGatherExtended,
    &VkPhysicalDeviceFeatures::shaderStorageImageExtendedFormats,
    &VkPhysicalDeviceFeatures::shaderClipDistance,
    &VkPhysicalDeviceFeatures::shaderCullDistance,
    &VkPhysicalDeviceFeatures::variableMultisampleRate,
    &VkPhysicalDeviceFeatures::inheritedQueries,
};

// Appends `s` (a Vulkan structure) at `tail` when `use`; tail then points at its pNext.
void append(void**& tail, bool use, void* s) {
    if (!use) return;
    *tail = s;
    tail = reinterpret_cast<void**>(&static_cast<VkBaseOutStructure*>(s)->pNext);
    *tail = nullptr;
}

uint32_t findQueueFamily(VkPhysicalDevice device, uint32_t& timestampBits) {
    uint32_t count = 0;
    vkGetPhysicalDeviceQueueFamilyProperties(device, &count, nullptr);
    std::vector<VkQueueFamilyProperties> families(count);
    vkGetPhysicalDeviceQueueFamilyProperties(device, &count, families.data());
    constexpr VkQueueFlags wanted = VK_QUEUE_GRAPHICS_BIT | VK_QUEUE_COMPUTE_BIT; // transfer implied
    for (uint32_t i = 0; i < count; ++i) {
        if ((families[i].queueFlags & wanted) == wanted && families[i].queueCount > 0) {
            timestampBits = families[i].timestampValidBits;
            return i;
        }
    }
    throw Error(VK_ERROR_FEATURE_NOT_PRESENT, "the device has no queue family with graphics and compute");
}

std::vector<VkTimeDomainEXT> queryTimeDomains(VkInstance instance, VkPhysicalDevice device, bool khr) {
    auto fn = reinterpret_cast<PFN_vkGetPhysicalDeviceCalibrateableTimeDomainsEXT>(
        vkGetInstanceProcAddr(instance, khr ? "vkGetPhysicalDeviceCalibrateableTimeDomainsKHR"
                                            : "vkGetPhysicalDeviceCalibrateableTimeDomainsEXT"));
    std::vector<VkTimeDomainEXT> domains;
    if (!fn) return domains;
    uint32_t count = 0;
    if (fn(device, &count, nullptr) != VK_SUCCESS) return domains;
    domains.resize(count);
    if (fn(device, &count, domains.data()) < 0) domains.clear();
    domains.resize(count);
    return domains;
}

} // namespace

VkPhysicalDeviceFeatures2* DeviceSetup::link() {
    void** tail = &features2.pNext;
    *tail = nullptr;
    append(tail, useTimeline, &timeline);
    append(tail, useHostQueryReset, &hostQueryReset);
    append(tail, useDynamicRendering, &dynamicRendering);
    append(tail, useSync2, &synchronization2);
    append(tail, useDivisor, &divisor);
    append(tail, useTransformFeedback, &transformFeedback);
    append(tail, useConditionalRendering, &conditionalRendering);
    append(tail, useRobustness2, &robustness2);
    append(tail, useEds1, &eds1);
    append(tail, useEds2, &eds2);
    append(tail, useEds3, &eds3);
    append(tail, useCustomBorderColor, &customBorderColor);
    append(tail, useDepthClipEnable, &depthClipEnable);
    append(tail, useLineRasterization, &lineRasterization);
    return &features2;
}

std::unique_ptr<DeviceSetup> probeDevice(VkInstance instance, VkPhysicalDevice device,
                                         uint32_t instanceApiVersion, bool swapchain) {
    auto setup = std::make_unique<DeviceSetup>();
    DeviceSetup& s = *setup;
    Caps& c = s.caps;

    VkPhysicalDeviceProperties props;
    vkGetPhysicalDeviceProperties(device, &props);
    c.deviceName = props.deviceName;
    c.vendorId = props.vendorID;
    c.deviceId = props.deviceID;
    c.deviceType = props.deviceType;
    c.deviceApiVersion = props.apiVersion;
    c.apiVersion = std::min(props.apiVersion, instanceApiVersion);
    c.driverVersionRaw = props.driverVersion;
    c.timestampPeriod = props.limits.timestampPeriod;
    if (c.apiVersion < VK_API_VERSION_1_1)
        throw Error(VK_ERROR_INCOMPATIBLE_DRIVER, c.deviceName + " offers Vulkan 1.0 only; ddivk needs 1.1");
    const bool v12 = c.apiVersion >= VK_API_VERSION_1_2;
    const bool v13 = c.apiVersion >= VK_API_VERSION_1_3;

    // Which structures and extensions: core when the version has them, else the extension.
    ExtensionSet ext(device);
    auto& e = s.extensions;
    s.useTimeline = v12 || ext.enableIfPresent(VK_KHR_TIMELINE_SEMAPHORE_EXTENSION_NAME, e);
    s.useHostQueryReset = v12 || ext.enableIfPresent(VK_EXT_HOST_QUERY_RESET_EXTENSION_NAME, e);
    if (!v12) { // VK_KHR_dynamic_rendering depends on these below 1.2
        ext.enableIfPresent(VK_KHR_CREATE_RENDERPASS_2_EXTENSION_NAME, e);
        ext.enableIfPresent(VK_KHR_DEPTH_STENCIL_RESOLVE_EXTENSION_NAME, e);
    }
    s.useDynamicRendering = v13 || ext.enableIfPresent(VK_KHR_DYNAMIC_RENDERING_EXTENSION_NAME, e);
    s.useSync2 = v13 || ext.enableIfPresent(VK_KHR_SYNCHRONIZATION_2_EXTENSION_NAME, e);
    const bool driverProps = v12 || ext.enableIfPresent(VK_KHR_DRIVER_PROPERTIES_EXTENSION_NAME, e);
    s.useDivisor = ext.enableIfPresent(VK_EXT_VERTEX_ATTRIBUTE_DIVISOR_EXTENSION_NAME, e);
    s.useTransformFeedback = ext.enableIfPresent(VK_EXT_TRANSFORM_FEEDBACK_EXTENSION_NAME, e);
    s.useConditionalRendering = ext.enableIfPresent(VK_EXT_CONDITIONAL_RENDERING_EXTENSION_NAME, e);
    s.useRobustness2 = ext.enableIfPresent(VK_EXT_ROBUSTNESS_2_EXTENSION_NAME, e);
    s.useEds1 = ext.enableIfPresent(VK_EXT_EXTENDED_DYNAMIC_STATE_EXTENSION_NAME, e);
    s.useEds2 = ext.enableIfPresent(VK_EXT_EXTENDED_DYNAMIC_STATE_2_EXTENSION_NAME, e);
    s.useEds3 = ext.enableIfPresent(VK_EXT_EXTENDED_DYNAMIC_STATE_3_EXTENSION_NAME, e);
    s.useCustomBorderColor = ext.enableIfPresent(VK_EXT_CUSTOM_BORDER_COLOR_EXTENSION_NAME, e);
    s.useDepthClipEnable = ext.enableIfPresent(VK_EXT_DEPTH_CLIP_ENABLE_EXTENSION_NAME, e);
    s.useLineRasterization = ext.enableIfPresent(VK_EXT_LINE_RASTERIZATION_EXTENSION_NAME, e);
    c.pushDescriptor = ext.enableIfPresent(VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME, e);
    c.swapchain = swapchain && ext.enableIfPresent(VK_KHR_SWAPCHAIN_EXTENSION_NAME, e);
    // Enabling the extension allows the address mode (no feature bit to chain below 1.2).
    c.samplerMirrorClampToEdge = ext.enableIfPresent(VK_KHR_SAMPLER_MIRROR_CLAMP_TO_EDGE_EXTENSION_NAME, e);
    // The EXT first when both are offered: validation layers older than the KHR (like Debian's
    // 1.3.239) warn about extensions they do not know. Same entry points and semantics.
    if (ext.enableIfPresent(VK_EXT_CALIBRATED_TIMESTAMPS_EXTENSION_NAME, e))
        c.calibratedTimestamps = CalibratedTimestamps::Ext;
    else if (ext.enableIfPresent(kKhrCalibratedTimestamps, e))
        c.calibratedTimestamps = CalibratedTimestamps::Khr;

    // Features offered.
    vkGetPhysicalDeviceFeatures2(device, s.link());

    // Properties.
    VkPhysicalDeviceDriverProperties driver{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRIVER_PROPERTIES};
    VkPhysicalDeviceVertexAttributeDivisorPropertiesEXT divisorProps{
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VERTEX_ATTRIBUTE_DIVISOR_PROPERTIES_EXT};
    VkPhysicalDeviceTransformFeedbackPropertiesEXT xfbProps{
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_PROPERTIES_EXT};
    VkPhysicalDeviceCustomBorderColorPropertiesEXT borderProps{
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CUSTOM_BORDER_COLOR_PROPERTIES_EXT};
    VkPhysicalDeviceProperties2 props2{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2};
    void** tail = &props2.pNext;
    append(tail, driverProps, &driver);
    append(tail, s.useDivisor, &divisorProps);
    append(tail, s.useTransformFeedback, &xfbProps);
    append(tail, s.useCustomBorderColor, &borderProps);
    vkGetPhysicalDeviceProperties2(device, &props2);
    if (driverProps) {
        c.driverId = driver.driverID;
        c.driverName = driver.driverName;
        c.driverInfo = driver.driverInfo;
    }
    c.driverVersion = decodeDriverVersion(c.vendorId, c.driverId, c.driverVersionRaw);
    c.unormDepthBiasUnits = unormDepthBiasUnitsOf(c.driverId);

    // Required.
    if (!s.useTimeline || !s.timeline.timelineSemaphore)
        throw Error(VK_ERROR_FEATURE_NOT_PRESENT,
                    c.deviceName + ": timeline semaphores (Vulkan 1.2 or VK_KHR_timeline_semaphore) are "
                                   "required and missing");
    if (!s.useDynamicRendering || !s.dynamicRendering.dynamicRendering)
        throw Error(VK_ERROR_FEATURE_NOT_PRESENT,
                    c.deviceName + ": dynamic rendering (Vulkan 1.3 or VK_KHR_dynamic_rendering) is "
                                   "required and missing");

    // What we enable: the curated core features, and everything the extensions offer.
    const VkPhysicalDeviceFeatures offered = s.features2.features;
    VkPhysicalDeviceFeatures enabled{};
    for (auto member : kCoreFeatures)
        enabled.*member = offered.*member;
    enabled.robustBufferAccess =
        s.useRobustness2 && s.robustness2.robustBufferAccess2 && offered.robustBufferAccess;
    if (!enabled.robustBufferAccess) s.robustness2.robustBufferAccess2 = VK_FALSE;
    s.features2.features = enabled;

    c.queueFamily = findQueueFamily(device, c.timestampValidBits);
    c.coreFeatures = enabled;
    c.pipelineStatisticsQuery = enabled.pipelineStatisticsQuery;
    c.occlusionQueryPrecise = enabled.occlusionQueryPrecise;
    c.geometryShader = enabled.geometryShader;
    c.timelineSemaphore = true;
    c.dynamicRendering = true;
    c.hostQueryReset = s.useHostQueryReset && s.hostQueryReset.hostQueryReset;
    c.synchronization2 = s.useSync2 && s.synchronization2.synchronization2;

    c.vertexAttributeDivisor = s.useDivisor;
    c.vertexAttributeInstanceRateDivisor = s.useDivisor && s.divisor.vertexAttributeInstanceRateDivisor;
    c.vertexAttributeInstanceRateZeroDivisor =
        s.useDivisor && s.divisor.vertexAttributeInstanceRateZeroDivisor;
    c.maxVertexAttribDivisor = s.useDivisor ? divisorProps.maxVertexAttribDivisor : 0;

    c.transformFeedback = s.useTransformFeedback && s.transformFeedback.transformFeedback;
    c.geometryStreams = s.useTransformFeedback && s.transformFeedback.geometryStreams;
    c.transformFeedbackQueries = s.useTransformFeedback && xfbProps.transformFeedbackQueries;
    c.maxTransformFeedbackStreams = s.useTransformFeedback ? xfbProps.maxTransformFeedbackStreams : 0;
    if (s.useTransformFeedback) {
        c.maxTransformFeedbackStreamDataSize = xfbProps.maxTransformFeedbackStreamDataSize;
        c.maxTransformFeedbackBufferDataSize = xfbProps.maxTransformFeedbackBufferDataSize;
        c.maxTransformFeedbackBufferDataStride = xfbProps.maxTransformFeedbackBufferDataStride;
    }

    c.conditionalRendering = s.useConditionalRendering && s.conditionalRendering.conditionalRendering;
    c.bresenhamLines = s.useLineRasterization && s.lineRasterization.bresenhamLines;
    c.inheritedConditionalRendering =
        s.useConditionalRendering && s.conditionalRendering.inheritedConditionalRendering;

    if (c.calibratedTimestamps != CalibratedTimestamps::None)
        c.timeDomains =
            queryTimeDomains(instance, device, c.calibratedTimestamps == CalibratedTimestamps::Khr);

    c.robustness2 = s.useRobustness2;
    c.robustBufferAccess2 = s.useRobustness2 && s.robustness2.robustBufferAccess2;
    c.robustImageAccess2 = s.useRobustness2 && s.robustness2.robustImageAccess2;
    c.nullDescriptor = s.useRobustness2 && s.robustness2.nullDescriptor;

    c.extendedDynamicState = v13 || (s.useEds1 && s.eds1.extendedDynamicState);
    c.extendedDynamicState2 = v13 || (s.useEds2 && s.eds2.extendedDynamicState2);
    c.extendedDynamicState2LogicOp = s.useEds2 && s.eds2.extendedDynamicState2LogicOp;
    c.extendedDynamicState3 = s.useEds3;
    if (s.useEds3) {
        c.extendedDynamicState3Features = s.eds3;
        c.extendedDynamicState3Features.pNext = nullptr;
    }

    c.customBorderColor = s.useCustomBorderColor && s.customBorderColor.customBorderColors;
    c.customBorderColorWithoutFormat =
        s.useCustomBorderColor && s.customBorderColor.customBorderColorWithoutFormat;
    c.maxCustomBorderColorSamplers = s.useCustomBorderColor ? borderProps.maxCustomBorderColorSamplers : 0;
    c.depthClipEnable = s.useDepthClipEnable && s.depthClipEnable.depthClipEnable;
    return setup;
}

} // namespace ddivk::vk

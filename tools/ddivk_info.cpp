// ddivk-info: the Vulkan device ddivk would choose (DDIVK_DEVICE applies) and every
// capability it detected, with the limits the query engine and draw translator depend on.
#include "query/query_engine.h"
#include "vk/caps.h"
#include "vk/device.h"
#include "vk/error.h"
#include "vk/physical_device.h"

#include <cstdio>
#include <exception>

using namespace ddivk::vk;

namespace {

void flag(const char* name, bool value) {
    std::printf("  %-40s %s\n", name, value ? "yes" : "no");
}
void number(const char* name, unsigned long long value) {
    std::printf("  %-40s %llu\n", name, value);
}

const char* calibrationName(CalibratedTimestamps c) {
    switch (c) {
    case CalibratedTimestamps::Ext:
        return "VK_EXT_calibrated_timestamps";
    case CalibratedTimestamps::Khr:
        return "VK_KHR_calibrated_timestamps";
    default:
        return "none";
    }
}

void print(const Device& device) {
    const Caps& c = device.caps();
    std::printf("device:  %s (vendor 0x%04x, device 0x%04x)\n", c.deviceName.c_str(), c.vendorId, c.deviceId);
    std::printf("driver:  %s %s (raw 0x%08x) %s\n", c.driverName.c_str(), c.driverVersion.c_str(),
                c.driverVersionRaw, c.driverInfo.c_str());
    std::printf("vulkan:  %s (using %s)\n", apiVersionString(c.deviceApiVersion).c_str(),
                apiVersionString(c.apiVersion).c_str());
    std::printf("validation: %s\n\n", device.instance().synchronizationValidationEnabled()
                                          ? "on, with synchronization"
                                      : device.instance().validationEnabled() ? "on"
                                                                              : "off");

    std::printf("queue and timestamps\n");
    number("queue family", c.queueFamily);
    number("timestampValidBits", c.timestampValidBits);
    std::printf("  %-40s %g ns (%.0f Hz)\n", "timestampPeriod", c.timestampPeriod,
                c.timestampPeriod > 0 ? 1e9 / c.timestampPeriod : 0.0);
    std::printf("  %-40s %s\n", "calibrated timestamps", calibrationName(c.calibratedTimestamps));
    std::printf("  %-40s", "calibrateable time domains");
    for (VkTimeDomainEXT d : c.timeDomains)
        std::printf(" %s", timeDomainName(d));
    std::printf("%s\n", c.timeDomains.empty() ? " none" : "");
    // What TIMESTAMPDISJOINT can see (docs/queries.md).
    const VkTimeDomainEXT host = ddivk::query::disjointHostDomain(c);
    std::printf("  %-40s %s%s\n\n", "TIMESTAMPDISJOINT detection",
                host == VK_TIME_DOMAIN_DEVICE_EXT ? "coarse (device loss only)" : "calibrated, device vs ",
                host == VK_TIME_DOMAIN_DEVICE_EXT ? "" : timeDomainName(host));

    std::printf("vertex attribute divisor\n");
    flag("VK_EXT_vertex_attribute_divisor", c.vertexAttributeDivisor);
    flag("vertexAttributeInstanceRateDivisor", c.vertexAttributeInstanceRateDivisor);
    flag("vertexAttributeInstanceRateZeroDivisor", c.vertexAttributeInstanceRateZeroDivisor);
    number("maxVertexAttribDivisor", c.maxVertexAttribDivisor);
    std::printf("transform feedback\n");
    flag("VK_EXT_transform_feedback", c.transformFeedback);
    flag("transformFeedbackQueries", c.transformFeedbackQueries);
    flag("geometryStreams", c.geometryStreams);
    number("maxTransformFeedbackStreams", c.maxTransformFeedbackStreams);
    std::printf("queries and predication\n");
    flag("VK_EXT_conditional_rendering", c.conditionalRendering);
    flag("inheritedConditionalRendering", c.inheritedConditionalRendering);
    flag("hostQueryReset", c.hostQueryReset);
    flag("pipelineStatisticsQuery", c.pipelineStatisticsQuery);
    flag("occlusionQueryPrecise", c.occlusionQueryPrecise);
    std::printf("core\n");
    flag("timelineSemaphore", c.timelineSemaphore);
    flag("dynamicRendering", c.dynamicRendering);
    flag("synchronization2", c.synchronization2);
    flag("geometryShader", c.geometryShader);
    std::printf("robustness2\n");
    flag("VK_EXT_robustness2", c.robustness2);
    flag("robustBufferAccess2", c.robustBufferAccess2);
    flag("robustImageAccess2", c.robustImageAccess2);
    flag("nullDescriptor", c.nullDescriptor);
    std::printf("dynamic state\n");
    flag("extendedDynamicState", c.extendedDynamicState);
    flag("extendedDynamicState2", c.extendedDynamicState2);
    flag("extendedDynamicState2LogicOp", c.extendedDynamicState2LogicOp);
    flag("VK_EXT_extended_dynamic_state3", c.extendedDynamicState3);
    flag("  eds3 DepthClipEnable", c.extendedDynamicState3Features.extendedDynamicState3DepthClipEnable);
    flag("  eds3 ColorBlendEnable", c.extendedDynamicState3Features.extendedDynamicState3ColorBlendEnable);
    flag("  eds3 ColorBlendEquation",
         c.extendedDynamicState3Features.extendedDynamicState3ColorBlendEquation);
    flag("  eds3 ColorWriteMask", c.extendedDynamicState3Features.extendedDynamicState3ColorWriteMask);
    flag("  eds3 PolygonMode", c.extendedDynamicState3Features.extendedDynamicState3PolygonMode);
    flag("  eds3 AlphaToCoverageEnable",
         c.extendedDynamicState3Features.extendedDynamicState3AlphaToCoverageEnable);
    std::printf("samplers and clipping\n");
    flag("VK_EXT_custom_border_color", c.customBorderColor);
    flag("customBorderColorWithoutFormat", c.customBorderColorWithoutFormat);
    number("maxCustomBorderColorSamplers", c.maxCustomBorderColorSamplers);
    flag("VK_EXT_depth_clip_enable", c.depthClipEnable);
    flag("VK_KHR_push_descriptor", c.pushDescriptor);
    std::printf("limits\n");
    const VkPhysicalDeviceLimits& l = device.limits();
    number("bufferImageGranularity", l.bufferImageGranularity);
    number("nonCoherentAtomSize", l.nonCoherentAtomSize);
    number("maxVertexInputBindings", l.maxVertexInputBindings);
    number("maxVertexInputAttributes", l.maxVertexInputAttributes);
    number("maxImageDimension2D", l.maxImageDimension2D);
    number("maxMemoryAllocationCount", l.maxMemoryAllocationCount);
}

} // namespace

int main() {
    try {
        auto instance = Instance::create();
        const PhysicalDeviceList list = enumeratePhysicalDevices(instance->handle());
        std::printf("physical devices:\n");
        for (size_t i = 0; i < list.candidates.size(); ++i)
            std::printf("  %zu: %s\n", i, list.candidates[i].name.c_str());
        std::printf("\n");
        auto device = Device::create(instance);
        print(*device);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "ddivk-info: %s\n", e.what());
        return 1;
    }
    return 0;
}

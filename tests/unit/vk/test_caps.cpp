// Device creation and capability detection; lavapipe facts (LAVAPIPE.md) only on lavapipe.
#include "support/vk_test.h"
#include "vk/caps.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace ddivk;

TEST(Device, CreatesWithRequiredFeatures) {
    vk::Device& device = test::sharedDevice();
    const vk::Caps& caps = device.caps();
    EXPECT_NE(device.handle(), VK_NULL_HANDLE);
    EXPECT_NE(device.queue().handle(), VK_NULL_HANDLE);
    EXPECT_EQ(device.queueFamily(), caps.queueFamily);
    EXPECT_TRUE(caps.timelineSemaphore);
    EXPECT_TRUE(caps.dynamicRendering);
    EXPECT_GE(caps.apiVersion, VK_API_VERSION_1_1);
    EXPECT_FALSE(caps.deviceName.empty());
    EXPECT_FALSE(caps.driverVersion.empty());
    EXPECT_GT(caps.timestampPeriod, 0.0f);
    EXPECT_NE(device.functions().cmdBeginRendering, nullptr);
    EXPECT_NE(device.functions().cmdEndRendering, nullptr);
    EXPECT_EQ(device.functions().cmdPipelineBarrier2 != nullptr, caps.synchronization2);
    EXPECT_EQ(device.instance().validationEnabled(), vk::validationRequestedByEnvironment());
}

TEST(Device, CapsAreConsistent) {
    const vk::Caps& caps = test::sharedDevice().caps();
    if (caps.vertexAttributeDivisor && caps.vertexAttributeInstanceRateDivisor) {
        EXPECT_GT(caps.maxVertexAttribDivisor, 0u);
    }
    if (!caps.vertexAttributeDivisor) {
        EXPECT_FALSE(caps.vertexAttributeInstanceRateZeroDivisor);
    }
    if (!caps.transformFeedback) {
        EXPECT_EQ(caps.maxTransformFeedbackStreams, 0u);
    }
    if (!caps.robustness2) {
        EXPECT_FALSE(caps.nullDescriptor);
    }
    if (caps.robustBufferAccess2) {
        EXPECT_TRUE(caps.coreFeatures.robustBufferAccess);
    }
    EXPECT_EQ(caps.calibratedTimestamps == vk::CalibratedTimestamps::None, caps.timeDomains.empty());
    EXPECT_EQ(caps.pipelineStatisticsQuery, bool(caps.coreFeatures.pipelineStatisticsQuery));
}

TEST(Device, LavapipeFacts) {
    vk::Device& device = test::sharedDevice();
    if (!test::isLavapipe(device)) GTEST_SKIP() << "not lavapipe: " << device.caps().deviceName;
    const vk::Caps& c = device.caps();
    EXPECT_EQ(c.deviceType, VK_PHYSICAL_DEVICE_TYPE_CPU);
    EXPECT_GE(c.deviceApiVersion, VK_MAKE_API_VERSION(0, 1, 3, 0));
    EXPECT_EQ(c.timestampValidBits, 64u);
    EXPECT_EQ(c.timestampPeriod, 1.0f);
    EXPECT_TRUE(c.vertexAttributeDivisor);
    EXPECT_TRUE(c.vertexAttributeInstanceRateDivisor);
    EXPECT_TRUE(c.vertexAttributeInstanceRateZeroDivisor);
    EXPECT_EQ(c.maxVertexAttribDivisor, 4294967295u);
    EXPECT_TRUE(c.transformFeedback);
    EXPECT_TRUE(c.transformFeedbackQueries);
    EXPECT_TRUE(c.conditionalRendering);
    EXPECT_TRUE(c.hostQueryReset);
    EXPECT_TRUE(c.pipelineStatisticsQuery);
    EXPECT_TRUE(c.occlusionQueryPrecise);
    EXPECT_TRUE(c.geometryShader);
    EXPECT_TRUE(c.synchronization2);
    EXPECT_TRUE(c.robustness2);
    EXPECT_TRUE(c.extendedDynamicState && c.extendedDynamicState2 && c.extendedDynamicState3);
    EXPECT_TRUE(c.customBorderColor);
    EXPECT_TRUE(c.depthClipEnable);
    EXPECT_NE(c.calibratedTimestamps, vk::CalibratedTimestamps::None);
    auto has = [&](VkTimeDomainEXT d) {
        return std::count(c.timeDomains.begin(), c.timeDomains.end(), d) > 0;
    };
    EXPECT_TRUE(has(VK_TIME_DOMAIN_DEVICE_EXT));
    EXPECT_TRUE(has(VK_TIME_DOMAIN_CLOCK_MONOTONIC_EXT));
}

TEST(Device, CalibratedTimestampsAreReadable) {
    vk::Device& device = test::sharedDevice();
    const vk::Caps& c = device.caps();
    if (c.calibratedTimestamps == vk::CalibratedTimestamps::None) GTEST_SKIP() << "no calibrated timestamps";
    ASSERT_NE(device.functions().getCalibratedTimestamps, nullptr);
    std::vector<VkCalibratedTimestampInfoEXT> infos;
    for (VkTimeDomainEXT d : c.timeDomains)
        infos.push_back({VK_STRUCTURE_TYPE_CALIBRATED_TIMESTAMP_INFO_EXT, nullptr, d});
    std::vector<uint64_t> stamps(infos.size());
    uint64_t maxDeviation = 0;
    ASSERT_EQ(device.functions().getCalibratedTimestamps(device.handle(), static_cast<uint32_t>(infos.size()),
                                                         infos.data(), stamps.data(), &maxDeviation),
              VK_SUCCESS);
    for (uint64_t s : stamps)
        EXPECT_GT(s, 0u);
}

TEST(DriverVersion, DecodedPerVendor) {
    // NVIDIA packs 10.8.8.6 bits: 535.104.05 -> 535.104.5.0.
    const uint32_t nvidia = (535u << 22) | (104u << 14) | (5u << 6);
    EXPECT_EQ(vk::decodeDriverVersion(0x10DE, VK_DRIVER_ID_NVIDIA_PROPRIETARY, nvidia), "535.104.5.0");
    // Intel's Windows driver packs 18.14 bits: 101.4146.
    EXPECT_EQ(vk::decodeDriverVersion(0x8086, VK_DRIVER_ID_INTEL_PROPRIETARY_WINDOWS, (101u << 14) | 4146u),
              "101.4146");
    // Mesa (also Intel on Linux) uses VK_MAKE_API_VERSION.
    EXPECT_EQ(vk::decodeDriverVersion(0x8086, VK_DRIVER_ID_INTEL_OPEN_SOURCE_MESA,
                                      VK_MAKE_API_VERSION(0, 22, 3, 6)),
              "22.3.6");
    EXPECT_EQ(vk::apiVersionString(VK_MAKE_API_VERSION(0, 1, 3, 230)), "1.3.230");
}

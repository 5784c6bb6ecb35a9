// How D3D multisample types and qualities name Vulkan sample counts (vk/sample_counts.h).
#include "support/vk_test.h"
#include "vk/sample_counts.h"

#include <gtest/gtest.h>

using namespace ddivk;

namespace {

constexpr VkSampleCountFlags kTwoFourEight =
    VK_SAMPLE_COUNT_2_BIT | VK_SAMPLE_COUNT_4_BIT | VK_SAMPLE_COUNT_8_BIT;

TEST(SampleCounts, MaskableTypesHaveOneLevelWhereTheCountExists) {
    EXPECT_EQ(vk::qualityLevels(kTwoFourEight, 0), 1u); // NONE
    EXPECT_EQ(vk::qualityLevels(kTwoFourEight, 4), 1u);
    EXPECT_EQ(vk::qualityLevels(kTwoFourEight, 16), 0u);
    EXPECT_EQ(vk::qualityLevels(kTwoFourEight, 3), 0u); // not a Vulkan count
    EXPECT_EQ(vk::qualityLevels(kTwoFourEight, 6), 0u);
    EXPECT_EQ(vk::sampleCountOf(kTwoFourEight, 8, 0), 8u);
    EXPECT_EQ(vk::sampleCountOf(kTwoFourEight, 8, 1), 0u); // beyond the levels
    EXPECT_EQ(vk::sampleCountOf(kTwoFourEight, 0, 0), 1u);
    EXPECT_EQ(vk::sampleCountOf(kTwoFourEight, 0, 1), 0u);
    EXPECT_EQ(vk::sampleCountOf(0, 2, 0), 0u);
}

TEST(SampleCounts, NonMaskableQualityPicksTheCountsInOrder) {
    EXPECT_EQ(vk::qualityLevels(kTwoFourEight, vk::kNonMaskableSamples), 3u);
    EXPECT_EQ(vk::sampleCountOf(kTwoFourEight, vk::kNonMaskableSamples, 0), 2u);
    EXPECT_EQ(vk::sampleCountOf(kTwoFourEight, vk::kNonMaskableSamples, 1), 4u);
    EXPECT_EQ(vk::sampleCountOf(kTwoFourEight, vk::kNonMaskableSamples, 2), 8u);
    EXPECT_EQ(vk::sampleCountOf(kTwoFourEight, vk::kNonMaskableSamples, 3), 0u);
    EXPECT_EQ(vk::qualityLevels(0, vk::kNonMaskableSamples), 0u);
}

// Vulkan requires 4 samples of colour and depth attachments: the device lists them, and never
// one sample or a count D3D cannot name.
TEST(SampleCounts, SurfacesOfRequiredFormatsHaveFourSamples) {
    VkPhysicalDevice physical = test::sharedDevice().physicalDevice();
    const VkSampleCountFlags color = vk::surfaceSampleCounts(physical, VK_FORMAT_B8G8R8A8_UNORM, false);
    const VkSampleCountFlags depth = vk::surfaceSampleCounts(physical, VK_FORMAT_D32_SFLOAT, true);
    EXPECT_TRUE(color & VK_SAMPLE_COUNT_4_BIT);
    EXPECT_TRUE(depth & VK_SAMPLE_COUNT_4_BIT);
    EXPECT_FALSE((color | depth) & (VK_SAMPLE_COUNT_1_BIT | VK_SAMPLE_COUNT_32_BIT | VK_SAMPLE_COUNT_64_BIT));
    EXPECT_EQ(vk::surfaceSampleCounts(physical, VK_FORMAT_UNDEFINED, false), 0u);
}

} // namespace

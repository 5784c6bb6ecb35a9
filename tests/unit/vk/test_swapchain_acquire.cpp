// Swapchain::acquire's reading of vkAcquireNextImageKHR's results (vk/swapchain.h): an image
// is used only when the call acquired one, since on VK_TIMEOUT and VK_NOT_READY the acquire
// semaphore stays unsignalled and a submission waiting on it would never run.
#include <gtest/gtest.h>

#include "vk/swapchain.h"

namespace ddivk::vk {
namespace {

TEST(SwapchainAcquire, OnlyAnAcquiredImageIsUsed) {
    EXPECT_EQ(acquireStep(VK_SUCCESS), AcquireStep::Use);
    EXPECT_EQ(acquireStep(VK_SUBOPTIMAL_KHR), AcquireStep::UseThenRebuild);
}

// Mesa's software WSI answers VK_NOT_READY at once while the window system holds every image,
// whatever the timeout; a finite timeout ends in VK_TIMEOUT. Both build the swapchain again.
TEST(SwapchainAcquire, NoImageBuildsTheSwapchainAgain) {
    EXPECT_EQ(acquireStep(VK_ERROR_OUT_OF_DATE_KHR), AcquireStep::Rebuild);
    EXPECT_EQ(acquireStep(VK_TIMEOUT), AcquireStep::Rebuild);
    EXPECT_EQ(acquireStep(VK_NOT_READY), AcquireStep::Rebuild);
}

TEST(SwapchainAcquire, ErrorsFail) {
    for (VkResult r : {VK_ERROR_SURFACE_LOST_KHR, VK_ERROR_DEVICE_LOST, VK_ERROR_OUT_OF_HOST_MEMORY,
                       VK_ERROR_FULL_SCREEN_EXCLUSIVE_MODE_LOST_EXT, VK_INCOMPLETE})
        EXPECT_EQ(acquireStep(r), AcquireStep::Fail) << r;
}

} // namespace
} // namespace ddivk::vk

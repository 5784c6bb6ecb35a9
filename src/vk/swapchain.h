// Presentation to a window: a VkSwapchainKHR on a window surface, with the semaphores of each
// acquire and present, recreated when the window's size changes or the swapchain goes out of
// date. The device records the copy into the acquired image and submits it (device_present.cpp).
#pragma once

#include <volk.h>

#include <cstdint>
#include <memory>
#include <thread>
#include <vector>

#include "util/sync.h"

namespace ddivk::vk {

class Device;

struct SwapchainDesc {
    void* window = nullptr; // an HWND
    // The interval D3D9 asks for: 0 presents at once (may tear), n >= 1 waits for vertical
    // blanking (FIFO; Vulkan has no "every n-th blank", so n > 1 is FIFO as well).
    uint32_t interval = 1;
};

// What Swapchain::acquire does with a result of vkAcquireNextImageKHR:
// - Use: the image is acquired (VK_SUCCESS);
// - UseThenRebuild: acquired, but the swapchain no longer matches the window
//   (VK_SUBOPTIMAL_KHR): this frame presents it, the next acquire builds a new swapchain;
// - Rebuild: no image (VK_ERROR_OUT_OF_DATE_KHR; VK_TIMEOUT or VK_NOT_READY, which leave the
//   semaphore unsignalled: waiting on it would stop the queue for good). Mesa's software WSI
//   answers VK_NOT_READY at once, whatever the timeout, while the window system holds every
//   image; a new swapchain has them all free;
// - Fail: an error, thrown as vk::Error.
enum class AcquireStep { Use, UseThenRebuild, Rebuild, Fail };
AcquireStep acquireStep(VkResult result);

class Swapchain {
  public:
    // Throws vk::Error when the device cannot present to the window.
    static std::unique_ptr<Swapchain> create(Device& device, const SwapchainDesc& desc);
    ~Swapchain(); // waits for the queue: presents may still use its semaphores
    Swapchain(const Swapchain&) = delete;
    Swapchain& operator=(const Swapchain&) = delete;

    // One acquired image: wait for `acquired` before writing it, signal `rendered` when done,
    // then present().
    struct Frame {
        uint32_t index = 0;
        VkImage image = VK_NULL_HANDLE;
        VkSemaphore acquired = VK_NULL_HANDLE;
        VkSemaphore rendered = VK_NULL_HANDLE;
    };
    // Acquires the next image, recreating the swapchain first when needed. False when the
    // window has no area (minimised), or no image came within kAcquireTimeoutNs twice over:
    // nothing can be presented now.
    bool acquire(Frame& frame);
    // Notes the timeline value of the submission that waits for frame.acquired, so the
    // semaphore is reused only after it.
    void submitted(const Frame& frame, uint64_t timelineValue);
    // Queues the image for presentation and returns: the presenter thread presents it (a CPU
    // driver such as lavapipe waits inside vkQueuePresentKHR until the frame is rendered, and
    // the caller records the next frame meanwhile). At most one present is pending: a second
    // waits for the first. Out-of-date and suboptimal results recreate the swapchain at the next
    // acquire; other errors (device loss included) are thrown as vk::Error by the next acquire
    // or present.
    void present(const Frame& frame);
    // Waits until every queued present has been handed to the window system.
    void waitForPresents();

    VkExtent2D extent() const { return extent_; }
    VkFormat format() const { return format_; }
    VkPresentModeKHR presentMode() const { return presentMode_; }

    // How long an acquire waits for the window system to give an image back: a present is
    // dropped, not the program stopped, when it never does.
    static constexpr uint64_t kAcquireTimeoutNs = 1'000'000'000;

  private:
    Swapchain(Device& device, VkSurfaceKHR surface, const SwapchainDesc& desc);
    // (Re)creates the swapchain for the surface's current extent; false for an empty extent.
    bool build();
    void destroyImages();

    Device& device_;
    VkSurfaceKHR surface_;
    SwapchainDesc desc_;
    VkSwapchainKHR swapchain_ = VK_NULL_HANDLE;
    VkFormat format_ = VK_FORMAT_UNDEFINED;
    VkPresentModeKHR presentMode_ = VK_PRESENT_MODE_FIFO_KHR;
    VkExtent2D extent_{};
    std::vector<VkImage> images_;
    std::vector<VkSemaphore> rendered_; // per image: signalled by the copy, waited by the present
    struct Acquire {
        VkSemaphore semaphore = VK_NULL_HANDLE;
        uint64_t waitedBy = 0; // timeline value of the submission that waited for it
    };
    std::vector<Acquire> acquires_; // a ring: images + 1, so one is always free to acquire with
    size_t nextAcquire_ = 0;
    bool stale_ = false; // out of date or suboptimal: rebuild at the next acquire
    // The window's client size when the swapchain was built: a change rebuilds it before the
    // next acquire, so the first frame after a resize already fills the new size (the surface
    // would report out of date or suboptimal only after that frame).
    VkExtent2D builtForClient_{};

    // The presenter: vkQueuePresentKHR of the pending frame on a thread of its own. The
    // swapchain is externally synchronised, so acquire, build and the destructor first wait
    // until nothing is pending.
    void presenterLoop();
    void throwPresentFailure(); // with presentMutex_ held
    util::Mutex presentMutex_;
    util::ConditionVariable presentChanged_;
    bool presentPending_ = false;          // the frame below waits for the presenter
    bool stopping_ = false;                // the destructor ends the presenter
    VkResult presentFailure_ = VK_SUCCESS; // an error of an earlier present, not yet thrown
    uint32_t presentIndex_ = 0;
    VkSemaphore presentWait_ = VK_NULL_HANDLE;
    std::thread presenter_; // started last, in the constructor
};

} // namespace ddivk::vk

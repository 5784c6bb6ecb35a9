#include "vk/swapchain.h"

#include <algorithm>

#include "util/log.h"
#include "vk/device.h"
#include "vk/error.h"
#include "vk/queue.h"
#include "vk/window_surface.h"

namespace ddivk::vk {
namespace {

VkSemaphore binarySemaphore(VkDevice device) {
    VkSemaphoreCreateInfo info{VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO};
    VkSemaphore s = VK_NULL_HANDLE;
    check(vkCreateSemaphore(device, &info, nullptr, &s), "vkCreateSemaphore");
    return s;
}

// B8G8R8A8 first (what D3D9's X8R8G8B8 / A8R8G8B8 back buffers are), then whatever is offered.
VkSurfaceFormatKHR chooseFormat(VkPhysicalDevice physical, VkSurfaceKHR surface) {
    uint32_t count = 0;
    check(vkGetPhysicalDeviceSurfaceFormatsKHR(physical, surface, &count, nullptr),
          "vkGetPhysicalDeviceSurfaceFormatsKHR");
    std::vector<VkSurfaceFormatKHR> formats(count);
    check(vkGetPhysicalDeviceSurfaceFormatsKHR(physical, surface, &count, formats.data()),
          "vkGetPhysicalDeviceSurfaceFormatsKHR");
    if (formats.empty()) throw Error(VK_ERROR_FORMAT_NOT_SUPPORTED, "the window surface offers no format");
    for (VkFormat want : {VK_FORMAT_B8G8R8A8_UNORM, VK_FORMAT_R8G8B8A8_UNORM})
        for (const VkSurfaceFormatKHR& f : formats)
            if (f.format == want && f.colorSpace == VK_COLOR_SPACE_SRGB_NONLINEAR_KHR) return f;
    return formats.front();
}

VkPresentModeKHR choosePresentMode(VkPhysicalDevice physical, VkSurfaceKHR surface, uint32_t interval) {
    if (interval != 0) return VK_PRESENT_MODE_FIFO_KHR; // always offered
    uint32_t count = 0;
    check(vkGetPhysicalDeviceSurfacePresentModesKHR(physical, surface, &count, nullptr),
          "vkGetPhysicalDeviceSurfacePresentModesKHR");
    std::vector<VkPresentModeKHR> modes(count);
    check(vkGetPhysicalDeviceSurfacePresentModesKHR(physical, surface, &count, modes.data()),
          "vkGetPhysicalDeviceSurfacePresentModesKHR");
    // D3DPRESENT_INTERVAL_IMMEDIATE: no wait for the blank; mailbox is the next best.
    for (VkPresentModeKHR want : {VK_PRESENT_MODE_IMMEDIATE_KHR, VK_PRESENT_MODE_MAILBOX_KHR})
        if (std::find(modes.begin(), modes.end(), want) != modes.end()) return want;
    return VK_PRESENT_MODE_FIFO_KHR;
}

} // namespace

AcquireStep acquireStep(VkResult result) {
    switch (result) {
    case VK_SUCCESS:
        return AcquireStep::Use;
    case VK_SUBOPTIMAL_KHR:
        return AcquireStep::UseThenRebuild;
    case VK_ERROR_OUT_OF_DATE_KHR:
    case VK_TIMEOUT:
    case VK_NOT_READY:
        return AcquireStep::Rebuild;
    default:
        return AcquireStep::Fail;
    }
}

std::unique_ptr<Swapchain> Swapchain::create(Device& device, const SwapchainDesc& desc) {
    if (!device.caps().swapchain)
        throw Error(VK_ERROR_EXTENSION_NOT_PRESENT, "the Vulkan device cannot present (no VK_KHR_swapchain)");
    VkSurfaceKHR surface = createWindowSurface(device.instance(), desc.window);
    VkBool32 supported = VK_FALSE;
    vkGetPhysicalDeviceSurfaceSupportKHR(device.physicalDevice(), device.queueFamily(), surface, &supported);
    if (!supported) {
        vkDestroySurfaceKHR(device.instance().handle(), surface, nullptr);
        throw Error(VK_ERROR_INCOMPATIBLE_DISPLAY_KHR, "the device's queue cannot present to this window");
    }
    return std::unique_ptr<Swapchain>(new Swapchain(device, surface, desc));
}

Swapchain::Swapchain(Device& device, VkSurfaceKHR surface, const SwapchainDesc& desc)
    : device_(device), surface_(surface), desc_(desc) {
    presenter_ = std::thread([this] { presenterLoop(); });
}

Swapchain::~Swapchain() {
    {
        std::unique_lock lock(presentMutex_);
        presentChanged_.wait(lock, [&] { return !presentPending_; });
        stopping_ = true;
    }
    presentChanged_.notify_all();
    presenter_.join();
    // Presents wait on semaphores the queue's timeline does not cover: drain the queue.
    device_.queue().drain();
    destroyImages();
    for (Acquire& a : acquires_)
        vkDestroySemaphore(device_.handle(), a.semaphore, nullptr);
    if (swapchain_) vkDestroySwapchainKHR(device_.handle(), swapchain_, nullptr);
    vkDestroySurfaceKHR(device_.instance().handle(), surface_, nullptr);
}

void Swapchain::destroyImages() {
    for (VkSemaphore s : rendered_)
        vkDestroySemaphore(device_.handle(), s, nullptr);
    rendered_.clear();
    images_.clear();
}

bool Swapchain::build() {
    builtForClient_ = windowClientExtent(desc_.window);
    VkSurfaceCapabilitiesKHR caps{};
    check(vkGetPhysicalDeviceSurfaceCapabilitiesKHR(device_.physicalDevice(), surface_, &caps),
          "vkGetPhysicalDeviceSurfaceCapabilitiesKHR");
    VkExtent2D extent = caps.currentExtent;
    if (extent.width == UINT32_MAX) extent = caps.minImageExtent; // the swapchain decides: any size
    if (extent.width == 0 || extent.height == 0) return false;

    // Images in flight are released by presents the queue's timeline does not track.
    device_.queue().drain();
    destroyImages();
    const VkSurfaceFormatKHR format = chooseFormat(device_.physicalDevice(), surface_);
    presentMode_ = choosePresentMode(device_.physicalDevice(), surface_, desc_.interval);
    VkSwapchainCreateInfoKHR info{VK_STRUCTURE_TYPE_SWAPCHAIN_CREATE_INFO_KHR};
    info.surface = surface_;
    info.minImageCount = std::max(caps.minImageCount, 3u);
    if (caps.maxImageCount) info.minImageCount = std::min(info.minImageCount, caps.maxImageCount);
    info.imageFormat = format.format;
    info.imageColorSpace = format.colorSpace;
    info.imageExtent = extent;
    info.imageArrayLayers = 1;
    info.imageUsage = VK_IMAGE_USAGE_TRANSFER_DST_BIT;
    info.imageSharingMode = VK_SHARING_MODE_EXCLUSIVE;
    info.preTransform = (caps.supportedTransforms & VK_SURFACE_TRANSFORM_IDENTITY_BIT_KHR)
                            ? VK_SURFACE_TRANSFORM_IDENTITY_BIT_KHR
                            : caps.currentTransform;
    // D3D9 windows are opaque: the back buffer's alpha (X8R8G8B8's undefined byte) is not shown.
    info.compositeAlpha =
        (caps.supportedCompositeAlpha & VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR)
            ? VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR
            : VkCompositeAlphaFlagBitsKHR(caps.supportedCompositeAlpha & ~(caps.supportedCompositeAlpha - 1));
    info.presentMode = presentMode_;
    info.clipped = VK_TRUE;
    info.oldSwapchain = swapchain_;
    VkSwapchainKHR created = VK_NULL_HANDLE;
    check(vkCreateSwapchainKHR(device_.handle(), &info, nullptr, &created), "vkCreateSwapchainKHR");
    if (swapchain_) vkDestroySwapchainKHR(device_.handle(), swapchain_, nullptr);
    swapchain_ = created;
    format_ = format.format;
    extent_ = extent;

    uint32_t count = 0;
    check(vkGetSwapchainImagesKHR(device_.handle(), swapchain_, &count, nullptr), "vkGetSwapchainImagesKHR");
    images_.resize(count);
    check(vkGetSwapchainImagesKHR(device_.handle(), swapchain_, &count, images_.data()),
          "vkGetSwapchainImagesKHR");
    for (uint32_t i = 0; i < count; ++i)
        rendered_.push_back(binarySemaphore(device_.handle()));
    while (acquires_.size() < count + 1)
        acquires_.push_back({binarySemaphore(device_.handle()), 0});
    stale_ = false;
    DDIVK_INFO("swapchain %ux%u, %u images, present mode %d", extent.width, extent.height, count,
               int(presentMode_));
    return true;
}

bool Swapchain::acquire(Frame& frame) {
    waitForPresents();
    const VkExtent2D client = windowClientExtent(desc_.window);
    if (client.width != builtForClient_.width || client.height != builtForClient_.height) stale_ = true;
    for (int attempt = 0; attempt < 2; ++attempt) {
        if ((!swapchain_ || stale_) && !build()) return false;
        Acquire& a = acquires_[nextAcquire_];
        // The semaphore is free once the submission that waited for it has completed.
        if (a.waitedBy) device_.queue().wait(a.waitedBy);
        uint32_t index = 0;
        const VkResult r = vkAcquireNextImageKHR(device_.handle(), swapchain_, kAcquireTimeoutNs, a.semaphore,
                                                 VK_NULL_HANDLE, &index);
        const AcquireStep step = acquireStep(r);
        if (step == AcquireStep::Fail) throw Error(r, std::string("vkAcquireNextImageKHR: ") + resultName(r));
        if (step != AcquireStep::Use) stale_ = true;
        if (step == AcquireStep::Rebuild) {
            if (r != VK_ERROR_OUT_OF_DATE_KHR) // (once: a window in that state would log every frame)
                DDIVK_WARN_ONCE("vkAcquireNextImageKHR: %s, no image; the swapchain is built again",
                                resultName(r));
            continue;
        }
        frame.index = index;
        frame.image = images_[index];
        frame.acquired = a.semaphore;
        frame.rendered = rendered_[index];
        nextAcquire_ = (nextAcquire_ + 1) % acquires_.size();
        return true;
    }
    return false;
}

void Swapchain::submitted(const Frame& frame, uint64_t timelineValue) {
    for (Acquire& a : acquires_)
        if (a.semaphore == frame.acquired) a.waitedBy = timelineValue;
}

void Swapchain::present(const Frame& frame) {
    {
        std::unique_lock lock(presentMutex_);
        presentChanged_.wait(lock, [&] { return !presentPending_; });
        throwPresentFailure();
        presentIndex_ = frame.index;
        presentWait_ = frame.rendered;
        presentPending_ = true;
    }
    presentChanged_.notify_all();
}

void Swapchain::waitForPresents() {
    std::unique_lock lock(presentMutex_);
    presentChanged_.wait(lock, [&] { return !presentPending_; });
    throwPresentFailure();
}

void Swapchain::throwPresentFailure() {
    if (presentFailure_ == VK_SUCCESS) return;
    const VkResult r = presentFailure_;
    presentFailure_ = VK_SUCCESS;
    check(r, "vkQueuePresentKHR");
}

void Swapchain::presenterLoop() {
    std::unique_lock lock(presentMutex_);
    for (;;) {
        presentChanged_.wait(lock, [&] { return stopping_ || presentPending_; });
        if (!presentPending_) return; // stopping
        VkPresentInfoKHR info{VK_STRUCTURE_TYPE_PRESENT_INFO_KHR};
        info.waitSemaphoreCount = 1;
        info.pWaitSemaphores = &presentWait_;
        info.swapchainCount = 1;
        info.pSwapchains = &swapchain_;
        info.pImageIndices = &presentIndex_;
        lock.unlock(); // (nobody touches the swapchain while a present is pending)
        const VkResult r = device_.queue().present(info);
        lock.lock();
        if (r == VK_ERROR_OUT_OF_DATE_KHR || r == VK_SUBOPTIMAL_KHR)
            stale_ = true;
        else if (r != VK_SUCCESS)
            presentFailure_ = r;
        presentPending_ = false;
        presentChanged_.notify_all();
    }
}

} // namespace ddivk::vk

// The gamma ramp a swapchain's presents apply (ddivk_swapchain_set_gamma), and the 8-bit image
// each present applies it in, kept from one present to the next (present_gamma.cpp).
#pragma once

#include <memory>

#include "vk/gamma_pass.h"
#include "vk/resources.h"

namespace ddivk::device {

struct PresentGamma {
    vk::GammaRamp ramp{};
    vk::Image frame; // R8G8B8A8_UNORM, the presented surface's size; made at the first present
    VkImageLayout frameLayout = VK_IMAGE_LAYOUT_UNDEFINED;
};

} // namespace ddivk::device

// The gamma ramp of a full-screen presentation (IDirect3DDevice9::SetGammaRamp): a compute
// pass that maps every texel of an 8-bit RGBA image through the ramp in place, as a display's
// gamma table maps what it scans out. The presenting device blits the frame into such an image,
// applies the ramp, then blits the image into the swapchain (device_present.cpp).
#pragma once

#include <volk.h>

#include <cstdint>

namespace ddivk::vk {

class Device;
class Image;
class UploadRing;

// Each colour channel's 8-bit value v shows as entry v / 65535 (D3DGAMMARAMP's layout).
struct GammaRamp {
    uint16_t red[256];
    uint16_t green[256];
    uint16_t blue[256];
};

class GammaPass {
  public:
    // The pass binds its image and ramp with push descriptors: false on devices without them.
    static bool supported(const Device& device);
    // Throws vk::Error (also where !supported(device)).
    explicit GammaPass(Device& device);
    ~GammaPass();
    GammaPass(const GammaPass&) = delete;
    GammaPass& operator=(const GammaPass&) = delete;

    // Records the ramp applied to every texel of `image`: an R8G8B8A8_UNORM 2D image with
    // STORAGE usage, in the GENERAL layout, its writes before this made visible by the caller.
    // Alpha is kept. The ramp travels in `uploads`, retired with the submission.
    void record(VkCommandBuffer commandBuffer, UploadRing& uploads, Image& image, const GammaRamp& ramp);

  private:
    void destroy();

    Device& device_;
    VkDescriptorSetLayout setLayout_ = VK_NULL_HANDLE;
    VkPipelineLayout layout_ = VK_NULL_HANDLE;
    VkPipeline pipeline_ = VK_NULL_HANDLE;
};

} // namespace ddivk::vk

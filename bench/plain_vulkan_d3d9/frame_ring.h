// The frames of d3d9-plain-vulkan-bench: a ring of two frames in flight, as a renderer with a
// two-image swapchain has. Each slot owns a 256x256 B8G8R8A8 target (the bytes of D3D9's
// X8R8G8B8), a depth image, a command pool and a fence; "present" is the slot's submission,
// and a slot is reused once its fence says the frame two back has finished.
#pragma once

#include "context.h"

#include <array>
#include <cstdint>
#include <vector>

namespace ddivk::bench::plain {

class FrameRing {
  public:
    static constexpr int kSlots = 2;
    static constexpr VkFormat kColourFormat = VK_FORMAT_B8G8R8A8_UNORM;

    FrameRing(Context& context, uint32_t size);
    ~FrameRing();
    FrameRing(const FrameRing&) = delete;
    FrameRing& operator=(const FrameRing&) = delete;

    VkFormat depthFormat() const { return context_.depthFormat(); }

    // Waits for the slot of frame `index`, begins its command buffer and a rendering instance
    // that clears the target to black and the depth to 1 (D3D9's Clear), with the viewport
    // that puts D3D9's pixel centres on Vulkan's.
    VkCommandBuffer begin(int index);
    // Ends the rendering and submits. With `pixels`, also copies the target to the host, waits
    // and returns it row by row from the top (what GetRenderTargetData gives).
    void end(std::vector<uint32_t>* pixels);
    // Waits until every submitted frame has finished.
    void waitIdle();

  private:
    struct Slot {
        Image colour, depth;
        VkCommandPool pool = VK_NULL_HANDLE;
        VkCommandBuffer commands = VK_NULL_HANDLE;
        VkFence done = VK_NULL_HANDLE;
    };
    void recordReadBack(Slot& slot);

    Context& context_;
    uint32_t size_;
    std::array<Slot, kSlots> slots_;
    Buffer readBack_;
    int current_ = 0;
};

} // namespace ddivk::bench::plain

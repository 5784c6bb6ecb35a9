// The plain Vulkan program of the draw benchmark: the same frame as the DP2 scene (small
// triangles, a colour change between draws, a blend state change every 10 draws) recorded with
// direct Vulkan calls: a push constant per draw and a pipeline bind per state change. It is
// the floor no layer can beat, measured in the same run.
#pragma once

#include <volk.h>

#include <cstdint>
#include <memory>

namespace ddivk::bench {

class PlainVulkanScene {
  public:
    PlainVulkanScene();
    ~PlainVulkanScene();
    bool ok() const { return ok_; }
    // Records and submits one frame of `draws` draws, a pipeline change every `stateEvery`;
    // waits for the GPU after recording (the wait is not part of the measured CPU time).
    // Returns the calling thread's CPU seconds spent recording and submitting.
    double frame(uint32_t draws, uint32_t stateEvery);

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
    bool ok_ = false;
};

// The calling thread's CPU time in seconds.
double threadCpuSeconds();

} // namespace ddivk::bench

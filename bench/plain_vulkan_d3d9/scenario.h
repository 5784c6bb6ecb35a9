// A scenario of d3d9-plain-vulkan-bench: the same work as the d3d9_bench scenario of the same
// name (bench/d3d9, whose data it shares through scenario_layout.h), in plain Vulkan.
#pragma once

#include "context.h"
#include "frame_ring.h"

#include <cstdint>
#include <memory>

namespace ddivk::bench::plain {

class Scenario {
  public:
    virtual ~Scenario() = default;
    virtual const char* name() const = 0;
    // What record() counts: "draws" or "instances", as d3d9_bench says.
    virtual const char* unit() const = 0;
    // Records frame `index` inside the ring's rendering instance; returns the units done.
    virtual int64_t record(VkCommandBuffer cb, int index) = 0;
};

// Each makes its buffers, textures and pipelines up front (throwing when a step fails); the
// destructor releases them and expects the ring to be idle.
std::unique_ptr<Scenario> makeDraws(Context& context, const FrameRing& ring);
std::unique_ptr<Scenario> makeInstancing(Context& context, const FrameRing& ring);
std::unique_ptr<Scenario> makeStateChurn(Context& context, const FrameRing& ring);

} // namespace ddivk::bench::plain

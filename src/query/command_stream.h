// What the query engine needs from the device's command stream (device::CommandContext
// implements it), and what the stream tells the engine back (QueryEngine's hook methods):
// command-buffer begins (counters time every command buffer from its first command),
// rendering-pass and submission boundaries, where Vulkan queries are suspended, resumed and
// copied out.
#pragma once

#include <volk.h>

#include <cstdint>

namespace ddivk::query {

class CommandStream {
  public:
    virtual ~CommandStream() = default;
    // The command buffer being recorded, begun on first use after a flush.
    virtual VkCommandBuffer commands() = 0;
    // A dynamic-rendering pass is open on commands().
    virtual bool isRendering() const = 0;
    // Closes the open pass (a no-op without one), so that transfers can be recorded.
    virtual void endRendering() = 0;
    // Submits everything recorded; returns the timeline value that completes it.
    virtual uint64_t flush() = 0;
};

} // namespace ddivk::query

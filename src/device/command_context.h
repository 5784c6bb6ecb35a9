// The device's command stream: one command buffer recorded at a time, the dynamic-rendering
// pass that is open on it, and the upload ring for per-draw data. Recording is serial (the
// device lock is held by every caller), so image layouts are tracked on the CPU as recorded.
#pragma once

#include <volk.h>

#include <cstdint>
#include <deque>
#include <memory>
#include <utility>

#include "device/pass_targets.h"
#include "device/surface.h"
#include "query/command_stream.h"
#include "vk/command_provider.h"
#include "vk/device.h"
#include "vk/upload_ring.h"

namespace ddivk::query {
class QueryEngine;
}

namespace ddivk::device {

// Command streams are submitted in pieces so that latency and upload memory stay bounded, and so
// are draws processing many vertices (instances times vertices or indices): a CPU driver starts
// on a submission only once it has all of it, so without pieces its rasterizer threads would
// wait while the frame is recorded and the frame's last part would wait for them. Where a query
// spans the draws, a cut costs it a second Vulkan query: pieces are then longer.
constexpr uint32_t kDrawsPerPiece = 128;
constexpr uint32_t kDrawsPerSubmission = 1024;
constexpr uint64_t kVerticesPerSubmission = 32768;

class CommandContext final : public query::CommandStream {
  public:
    explicit CommandContext(vk::Device& device);
    ~CommandContext() override; // submits what is recorded and waits for the GPU
    CommandContext(const CommandContext&) = delete;
    CommandContext& operator=(const CommandContext&) = delete;

    // The command buffer being recorded, begun on first use after a flush.
    VkCommandBuffer commands() override;

    // Opens a rendering pass on these attachments unless one is open on exactly them (loading
    // their contents); `targets` holds at least one surface.
    void beginRendering(const PassTargets& targets);
    // A pass on one colour surface and a depth surface; either may be null, not both.
    void beginRendering(Surface* color, Surface* depth) {
        PassTargets t;
        t.colors[0] = color;
        t.depth = depth;
        beginRendering(t);
    }
    void endRendering() override;
    bool isRendering() const override { return !rendering_.empty(); }
    // The surface is an attachment of the open pass.
    bool renders(const Surface* surface) const { return rendering_.holds(surface); }

    // Records a layout transition of the whole surface outside a rendering pass.
    void transition(Surface& surface, VkImageLayout layout);

    // Submits everything recorded so far; returns the timeline value that completes it (the
    // last submitted value when nothing was recorded).
    uint64_t flush() override;
    // The same, with semaphores to wait for before and signal after (presentation).
    uint64_t flush(std::span<const vk::SemaphoreWait> waits, std::span<const vk::SemaphoreSignal> signals);

    // The query engine told about pass and submission boundaries (null: none).
    void setQueryEngine(query::QueryEngine* engine) { queries_ = engine; }

    vk::UploadRing& uploads() { return *uploads_; }
    // A tiny buffer of attribute defaults read with stride 0: diffuse 0xFFFFFFFF at byte 0,
    // specular 0x00000000 at byte 4 (D3D9's values for colours an FVF leaves out).
    VkBuffer attributeDefaults() const { return defaults_.handle(); }

    // The serial of the command buffer being recorded (the next one after a flush): resources
    // remember the serial of the latest recording that reads them.
    uint64_t recordingSerial() const { return serial_; }
    // The timeline value that completes recording `serial`: 0 while it is still being recorded
    // (flush first); for very old serials a later value (waiting on it is still correct).
    uint64_t completionValue(uint64_t serial) const;
    // The GPU may still read what recording `serial` read (0: nothing).
    bool busy(uint64_t serial) const;
    // Waits until the GPU has finished recording `serial`, submitting it first if needed.
    void waitFor(uint64_t serial);

    // Who bound pipelines, descriptors and buffers last in the current command buffer: a
    // context's draw path skips rebinding what it bound itself (null: someone else, or nobody).
    const void* binder() const { return current_ ? binder_ : nullptr; }
    void setBinder(const void* binder) { binder_ = binder; }

    // Stream output was captured in the open pass: a barrier follows it when it ends.
    void noteTransformFeedback() { transformFeedbackWritten_ = true; }

    // Draws and the vertices they process (instances included) recorded since the last flush;
    // the device flushes long streams and large draws on its own (pieceDue).
    uint32_t draws() const { return draws_; }
    uint64_t vertexWork() const { return vertexWork_; }
    void countDraw(uint64_t vertices) {
        ++draws_;
        vertexWork_ += vertices;
    }
    // What has been recorded since the last flush should be submitted now: at
    // kDrawsPerSubmission draws or kVerticesPerSubmission vertices, and already at
    // kDrawsPerPiece draws where no query spans the draws (a cut would split it in two).
    bool pieceDue() const;

  private:
    vk::Device& device_;
    std::unique_ptr<vk::CommandProvider> provider_;
    std::unique_ptr<vk::UploadRing> uploads_;
    vk::Buffer defaults_;
    VkCommandBuffer current_ = VK_NULL_HANDLE;
    PassTargets rendering_; // the open pass's attachments (empty: none open)
    bool transformFeedbackWritten_ = false;
    uint32_t draws_ = 0;
    uint64_t vertexWork_ = 0;
    query::QueryEngine* queries_ = nullptr;
    uint64_t serial_ = 1;
    const void* binder_ = nullptr;
    // (serial, timeline value) of recent submissions, oldest first.
    std::deque<std::pair<uint64_t, uint64_t>> submitted_;
};

} // namespace ddivk::device

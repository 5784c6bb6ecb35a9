#include "device/command_context.h"

#include <algorithm>

#include "query/query_engine.h"
#include "vk/barriers.h"
#include "vk/queue.h"

namespace ddivk::device {
namespace {

// A frame of a few thousand draws uploads tens of MiB of uniform blocks: keeping that much in
// spare chunks avoids allocating (and faulting in) fresh memory every frame.
vk::UploadRingOptions ringOptions() {
    vk::UploadRingOptions o;
    o.spareChunks = 8;
    return o;
}

} // namespace

CommandContext::CommandContext(vk::Device& device)
    : device_(device), provider_(std::make_unique<vk::CommandProvider>(device.handle(), device.queue())),
      uploads_(std::make_unique<vk::UploadRing>(device.allocator(), device.queue(), ringOptions())) {
    defaults_ = vk::Buffer::create(device.allocator(), 16, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT,
                                   vk::MemoryUsage::Upload);
    uint32_t* d = defaults_.data<uint32_t>();
    d[0] = 0xFFFFFFFFu; // diffuse: opaque white
    d[1] = 0x00000000u; // specular: black
    d[2] = d[3] = 0;
    defaults_.allocation().flush();
}

CommandContext::~CommandContext() {
    uint64_t value = flush();
    device_.queue().wait(value);
}

VkCommandBuffer CommandContext::commands() {
    if (current_ == VK_NULL_HANDLE) {
        current_ = provider_->begin();
        // Counters time every command buffer from its first command.
        if (queries_) queries_->commandsBegun(current_);
    }
    return current_;
}

void CommandContext::beginRendering(const PassTargets& wanted) {
    // (Flags that change nothing do not make a new pass.)
    PassTargets targets = wanted;
    targets.readOnlyDepth = targets.readOnlyDepth && targets.depth;
    targets.srgb = targets.srgb && std::any_of(targets.colors.begin(), targets.colors.end(), [](Surface* s) {
                       return s && s->hasImage() && s->srgbView();
                   });
    if (isRendering() && rendering_ == targets) return;
    endRendering();
    VkCommandBuffer cmd = commands();
    // Always a barrier, even when the layout stays: the previous pass's attachment writes must
    // finish before this pass loads them (ordering only holds within one pass).
    auto enter = [&](Surface& s, VkImageLayout layout) {
        vk::transitionImage(device_, cmd, s.image(), s.layout(), layout);
        s.setLayout(layout);
    };
    std::array<VkRenderingAttachmentInfo, draw::kColorAttachments> colors{};
    uint32_t colorCount = 0;
    for (uint32_t n = 0; n < draw::kColorAttachments; ++n) {
        VkRenderingAttachmentInfo& a = colors[n];
        a = {VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO};
        // A NULL render target (no image) gives the pass its size and no attachment; a gap
        // before a later target is an attachment without a view.
        const VkImageView view = targets.colorView(n);
        if (view == VK_NULL_HANDLE) continue;
        enter(*targets.colors[n], VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL);
        a.imageView = view;
        a.imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
        a.loadOp = VK_ATTACHMENT_LOAD_OP_LOAD;
        a.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
        colorCount = n + 1;
    }
    Surface* depth = targets.depth;
    const VkImageLayout depthLayout = targets.readOnlyDepth
                                          ? VK_IMAGE_LAYOUT_DEPTH_STENCIL_READ_ONLY_OPTIMAL
                                          : VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL;
    if (depth) enter(*depth, depthLayout);

    VkRenderingAttachmentInfo depthAttachment{VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO};
    VkRenderingInfo info{VK_STRUCTURE_TYPE_RENDERING_INFO};
    info.layerCount = 1;
    info.renderArea = {{0, 0}, targets.extent()};
    info.colorAttachmentCount = colorCount;
    info.pColorAttachments = colors.data();
    if (depth) {
        depthAttachment.imageView = depth->view();
        depthAttachment.imageLayout = depthLayout;
        depthAttachment.loadOp = VK_ATTACHMENT_LOAD_OP_LOAD;
        depthAttachment.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
        info.pDepthAttachment = &depthAttachment;
        if (vk::formatAspects(depth->vkFormat()) & VK_IMAGE_ASPECT_STENCIL_BIT)
            info.pStencilAttachment = &depthAttachment;
    }
    device_.functions().cmdBeginRendering(cmd, &info);
    rendering_ = targets;
    // Active occlusion and statistics queries resume in the new pass.
    if (queries_) queries_->renderingBegun(cmd);
}

void CommandContext::endRendering() {
    if (!isRendering()) return;
    // Queries begun in the pass are suspended before it ends.
    if (queries_) queries_->renderingEnding(current_);
    device_.functions().cmdEndRendering(current_);
    rendering_ = {};
    if (transformFeedbackWritten_) {
        // Stream output of the pass, before anything reads the buffers or their counters
        // (draws, copies, the host after the submission, the next capture).
        VkMemoryBarrier barrier{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
        barrier.srcAccessMask =
            VK_ACCESS_TRANSFORM_FEEDBACK_WRITE_BIT_EXT | VK_ACCESS_TRANSFORM_FEEDBACK_COUNTER_WRITE_BIT_EXT;
        barrier.dstAccessMask = VK_ACCESS_VERTEX_ATTRIBUTE_READ_BIT | VK_ACCESS_INDEX_READ_BIT |
                                VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_TRANSFER_READ_BIT |
                                VK_ACCESS_TRANSFER_WRITE_BIT | VK_ACCESS_HOST_READ_BIT |
                                VK_ACCESS_TRANSFORM_FEEDBACK_COUNTER_READ_BIT_EXT |
                                VK_ACCESS_TRANSFORM_FEEDBACK_COUNTER_WRITE_BIT_EXT |
                                VK_ACCESS_TRANSFORM_FEEDBACK_WRITE_BIT_EXT;
        vkCmdPipelineBarrier(current_, VK_PIPELINE_STAGE_TRANSFORM_FEEDBACK_BIT_EXT,
                             VK_PIPELINE_STAGE_DRAW_INDIRECT_BIT | VK_PIPELINE_STAGE_VERTEX_INPUT_BIT |
                                 VK_PIPELINE_STAGE_VERTEX_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT |
                                 VK_PIPELINE_STAGE_HOST_BIT | VK_PIPELINE_STAGE_TRANSFORM_FEEDBACK_BIT_EXT,
                             0, 1, &barrier, 0, nullptr, 0, nullptr);
        transformFeedbackWritten_ = false;
    }
}

void CommandContext::transition(Surface& surface, VkImageLayout layout) {
    if (surface.layout() == layout || !surface.hasImage()) return;
    vk::transitionImage(device_, commands(), surface.image(), surface.layout(), layout);
    surface.setLayout(layout);
}

uint64_t CommandContext::flush() {
    return flush({}, {});
}

uint64_t CommandContext::flush(std::span<const vk::SemaphoreWait> waits,
                               std::span<const vk::SemaphoreSignal> signals) {
    if (current_ == VK_NULL_HANDLE) return device_.queue().lastSubmitted();
    endRendering();
    // Query results recorded in this command buffer are copied out before it ends.
    if (queries_) queries_->submitting(current_);
    uint64_t value = provider_->submit(current_, waits, signals);
    current_ = VK_NULL_HANDLE;
    binder_ = nullptr;
    uploads_->retire(value);
    draws_ = 0;
    vertexWork_ = 0;
    submitted_.emplace_back(serial_++, value);
    if (submitted_.size() > 256) submitted_.pop_front();
    if (queries_) queries_->submitted(value);
    return value;
}

bool CommandContext::pieceDue() const {
    if (draws_ >= kDrawsPerSubmission || vertexWork_ >= kVerticesPerSubmission) return true;
    return draws_ >= kDrawsPerPiece && !(queries_ && queries_->spansDraws());
}

uint64_t CommandContext::completionValue(uint64_t serial) const {
    if (serial >= serial_) return 0;
    // Serials are consecutive: the entry of `serial`, or for one older than the window the
    // oldest kept, whose value completes after it.
    if (submitted_.empty()) return device_.queue().lastSubmitted();
    const uint64_t first = submitted_.front().first;
    return submitted_[serial > first ? serial - first : 0].second;
}

bool CommandContext::busy(uint64_t serial) const {
    if (serial == 0) return false;
    const uint64_t value = completionValue(serial);
    return value == 0 || !device_.queue().isComplete(value);
}

void CommandContext::waitFor(uint64_t serial) {
    if (serial == 0) return;
    if (completionValue(serial) == 0) flush();
    device_.queue().wait(completionValue(serial));
}

} // namespace ddivk::device

#include "device/stream_output.h"

#include <algorithm>
#include <bit>

#include "device/command_context.h"
#include "device/resource.h"

namespace ddivk::device {
namespace {

constexpr uint32_t kOutputRegisters = 12; // vs_3_0's o0..o11
constexpr uint32_t kMaxEntries = 64;      // D3D11's limit on declaration entries
constexpr uint32_t kMaxStride = 2048;     // D3D11_SO_BUFFER_MAX_STRIDE_IN_BYTES
constexpr uint32_t kInitialCounters = 16;

// The counter writes and reads of transform feedback, after a transfer wrote a counter.
void counterBarrier(VkCommandBuffer cb) {
    VkMemoryBarrier barrier{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
    barrier.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
    barrier.dstAccessMask = VK_ACCESS_TRANSFORM_FEEDBACK_COUNTER_READ_BIT_EXT |
                            VK_ACCESS_TRANSFORM_FEEDBACK_COUNTER_WRITE_BIT_EXT | VK_ACCESS_TRANSFER_READ_BIT;
    vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT,
                         VK_PIPELINE_STAGE_DRAW_INDIRECT_BIT | VK_PIPELINE_STAGE_TRANSFORM_FEEDBACK_BIT_EXT |
                             VK_PIPELINE_STAGE_TRANSFER_BIT,
                         0, 1, &barrier, 0, nullptr, 0, nullptr);
}

} // namespace

HRESULT buildStreamOutputDeclaration(const D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY* entries, uint32_t count,
                                     const uint32_t* strides, uint32_t strideCount, const vk::Caps& caps,
                                     StreamOutputDeclaration* out) {
    StreamOutputDeclaration d;
    if (count == 0) {
        *out = d;
        return S_OK;
    }
    if (!entries || count > kMaxEntries || strideCount > StreamOutput::kSlots || (strideCount && !strides))
        return E_INVALIDARG;
    std::array<uint32_t, StreamOutput::kSlots> packed{}; // bytes per vertex so far, per slot
    uint32_t captured = 0;
    for (uint32_t i = 0; i < count; ++i) {
        const D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY& e = entries[i];
        const uint32_t mask = e.RegisterMask;
        // One contiguous run of components: mask >> first is 2^count - 1.
        const uint32_t first = mask ? uint32_t(std::countr_zero(mask)) : 0;
        const uint32_t components = uint32_t(std::popcount(mask));
        const bool contiguous = mask && mask <= 0xF && (mask >> first) == (1u << components) - 1;
        // A vertex shader writes only stream 0; other streams need a geometry shader.
        if (e.Stream != 0 || e.OutputSlot >= StreamOutput::kSlots || !contiguous) return E_INVALIDARG;
        const bool gap = e.RegisterIndex == D3D10_DDI_SO_GAP_REGISTER;
        if (!gap && e.RegisterIndex >= kOutputRegisters) return E_INVALIDARG;
        if (!gap) {
            if (captured == d.entries.size()) return E_INVALIDARG;
            d.entries[captured++] =
                shader::streamOutputEntry(e.RegisterIndex, first, components, e.OutputSlot, packed[e.OutputSlot]);
        }
        packed[e.OutputSlot] += 4 * components;
        d.slotMask |= 1u << e.OutputSlot;
    }
    if (captured == 0) return E_INVALIDARG; // only gaps: nothing to write
    const uint32_t maxStride = std::min(kMaxStride, caps.maxTransformFeedbackBufferDataStride);
    uint32_t total = 0;
    for (uint32_t slot = 0; slot < StreamOutput::kSlots; ++slot) {
        const uint32_t given = slot < strideCount ? strides[slot] : 0;
        if (given % 4 != 0) return E_INVALIDARG;
        if (!(d.slotMask >> slot & 1)) continue;
        const uint32_t stride = given ? given : packed[slot];
        if (stride < packed[slot] || stride > maxStride || packed[slot] > caps.maxTransformFeedbackBufferDataSize)
            return E_INVALIDARG;
        d.strides[slot] = uint16_t(stride);
        total += packed[slot];
    }
    if (total > caps.maxTransformFeedbackStreamDataSize) return E_INVALIDARG;
    *out = d;
    return S_OK;
}

StreamOutput::StreamOutput(vk::Device& device) : device_(device) {}

StreamOutput::~StreamOutput() = default;

bool StreamOutput::capturing() const {
    if (!declaration_.slotMask) return false;
    for (uint32_t slot = 0; slot < kSlots; ++slot)
        if ((declaration_.slotMask >> slot & 1) && !targets_[slot]) return false;
    return true;
}

void StreamOutput::applyTo(shader::TranslationKey& key) const {
    key.streamOutput = declaration_.entries;
    key.streamOutputStrides = declaration_.strides;
}

void StreamOutput::growCounters(CommandContext& commands) {
    const uint32_t old = uint32_t(counterOwners_.size());
    const uint32_t capacity = old ? old * 2 : kInitialCounters;
    vk::Buffer bigger = vk::Buffer::create(device_.allocator(), VkDeviceSize(capacity) * 4,
                                           VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_COUNTER_BUFFER_BIT_EXT |
                                               VK_BUFFER_USAGE_TRANSFER_DST_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
                                           vk::MemoryUsage::GpuOnly);
    if (old) {
        // The counters so far move along, after the captures that wrote them.
        commands.endRendering();
        VkCommandBuffer cb = commands.commands();
        VkMemoryBarrier before{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
        before.srcAccessMask = VK_ACCESS_TRANSFORM_FEEDBACK_COUNTER_WRITE_BIT_EXT | VK_ACCESS_TRANSFER_WRITE_BIT;
        before.dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT;
        vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFORM_FEEDBACK_BIT_EXT | VK_PIPELINE_STAGE_TRANSFER_BIT,
                             VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &before, 0, nullptr, 0, nullptr);
        const VkBufferCopy region{0, 0, VkDeviceSize(old) * 4};
        vkCmdCopyBuffer(cb, counters_.handle(), bigger.handle(), 1, &region);
        counterBarrier(cb);
        // The old buffer may still be read by recorded work: kept until the device goes.
        retiredCounters_.push_back(std::move(counters_));
    }
    counters_ = std::move(bigger);
    counterOwners_.resize(capacity, nullptr);
}

void StreamOutput::writeCounter(uint32_t slot, uint32_t value, CommandContext& commands) {
    commands.endRendering(); // transfers happen outside a pass
    VkCommandBuffer cb = commands.commands();
    vkCmdUpdateBuffer(cb, counters_.handle(), VkDeviceSize(slot) * 4, 4, &value);
    counterBarrier(cb);
}

uint32_t StreamOutput::counterOf(const Resource* buffer, CommandContext& commands) {
    auto it = std::find(counterOwners_.begin(), counterOwners_.end(), buffer);
    if (it != counterOwners_.end()) return uint32_t(it - counterOwners_.begin());
    it = std::find(counterOwners_.begin(), counterOwners_.end(), nullptr);
    if (it == counterOwners_.end()) {
        growCounters(commands);
        it = std::find(counterOwners_.begin(), counterOwners_.end(), nullptr);
    }
    *it = buffer;
    const uint32_t slot = uint32_t(it - counterOwners_.begin());
    writeCounter(slot, 0, commands); // a buffer never written appends from its start
    return slot;
}

void StreamOutput::setTarget(uint32_t slot, Resource* buffer, uint32_t offset, CommandContext& commands) {
    targets_[slot] = buffer;
    if (!buffer) return;
    targetCounters_[slot] = counterOf(buffer, commands);
    if (offset != D3D10_DDI_SO_APPEND_OFFSET) {
        // An offset past the end overflows at once (clamped: the counter stays inside the buffer).
        const uint64_t end = buffer->size() & ~uint64_t(3);
        writeCounter(targetCounters_[slot], uint32_t(std::min<uint64_t>(offset, end)), commands);
    }
}

void StreamOutput::begin(CommandContext& commands, VkCommandBuffer cb) {
    const vk::DeviceFunctions& fn = device_.functions();
    const uint64_t serial = commands.recordingSerial();
    std::array<VkBuffer, kSlots> counters{};
    std::array<VkDeviceSize, kSlots> counterOffsets{};
    uint32_t used = 0;
    for (uint32_t slot = 0; slot < kSlots; ++slot) {
        if (!(declaration_.slotMask >> slot & 1)) continue;
        Resource& target = *targets_[slot];
        const VkBuffer buffer = target.buffer();
        const VkDeviceSize offset = 0, size = target.size() & ~uint64_t(3);
        fn.cmdBindTransformFeedbackBuffers(cb, slot, 1, &buffer, &offset, &size);
        target.markUsed(serial);
        counters[slot] = counters_.handle();
        counterOffsets[slot] = VkDeviceSize(targetCounters_[slot]) * 4;
        used = slot + 1;
    }
    fn.cmdBeginTransformFeedback(cb, 0, used, counters.data(), counterOffsets.data());
    commands.noteTransformFeedback();
}

void StreamOutput::end(VkCommandBuffer cb) {
    std::array<VkBuffer, kSlots> counters{};
    std::array<VkDeviceSize, kSlots> counterOffsets{};
    uint32_t used = 0;
    for (uint32_t slot = 0; slot < kSlots; ++slot) {
        if (!(declaration_.slotMask >> slot & 1)) continue;
        counters[slot] = counters_.handle();
        counterOffsets[slot] = VkDeviceSize(targetCounters_[slot]) * 4;
        used = slot + 1;
    }
    device_.functions().cmdEndTransformFeedback(cb, 0, used, counters.data(), counterOffsets.data());
}

void StreamOutput::forget(const Resource* buffer) {
    for (Resource*& t : targets_)
        if (t == buffer) t = nullptr;
    for (const Resource*& owner : counterOwners_)
        if (owner == buffer) owner = nullptr;
}

} // namespace ddivk::device

// Context: D3DDP2OP_BUFFERBLT and the UMD door's BufBlt, a byte range of one vertex or index
// buffer copied into another on the GPU, in order with the draws and transfers around it.
//
// The copy names the buffers' current memory when it is recorded: a DISCARD lock before it
// renamed the buffer, so the copy writes the new memory that the later draws read; one after it
// renames away from the memory the copy writes (the draws after that lock read the new memory,
// as DISCARD promises). Both buffers are marked used by the recording, so a plain Lock of either
// waits for the copy (and then sees the copied bytes).
#include <vector>

#include "device/context.h"
#include "device/ddi_boundary.h"

namespace ddivk::device {
namespace {

// One checked item.
struct BufferCopy {
    Resource* src;
    Resource* dst;
    VkBufferCopy region;
};

// D3DHAL_DP2BUFFERBLT: rSrc of dwDDSrcSurface to dwOffset of dwDDDestSurface (dwFlags unused).
// Both must be buffers, the range not empty and inside both; within one buffer the two ranges
// must not overlap (Vulkan copies have no defined order inside one copy).
HRESULT planBufferCopy(Device& device, const D3DHAL_DP2BUFFERBLT& b, BufferCopy& copy) {
    Resource* src = device.findResource(b.dwDDSrcSurface);
    Resource* dst = device.findResource(b.dwDDDestSurface);
    if (!src || !dst || !src->isBuffer() || !dst->isBuffer()) return D3DERR_INVALIDCALL;
    const uint64_t from = b.rSrc.Offset, to = b.dwOffset, size = b.rSrc.Size;
    if (size == 0 || from + size > src->size() || to + size > dst->size()) return D3DERR_INVALIDCALL;
    if (src == dst && from < to + size && to < from + size) return D3DERR_INVALIDCALL;
    copy = {src, dst, {from, to, size}};
    return S_OK;
}

// Everything a buffer can be used for before or after a copy, as stages and accesses: draws
// (vertex input, the fetch fallback's storage reads, stream output), other transfers and the
// host after a wait.
VkPipelineStageFlags bufferStages(const vk::Device& vulkan) {
    VkPipelineStageFlags stages = VK_PIPELINE_STAGE_VERTEX_INPUT_BIT | VK_PIPELINE_STAGE_VERTEX_SHADER_BIT |
                                  VK_PIPELINE_STAGE_TRANSFER_BIT;
    if (vulkan.caps().transformFeedback) stages |= VK_PIPELINE_STAGE_TRANSFORM_FEEDBACK_BIT_EXT;
    return stages;
}

// Before the copies: earlier draws have read (and stream output or copies written) what the
// copies read and write. After them: the copied bytes reach later draws, transfers and the host.
void recordBarriers(VkCommandBuffer cb, const vk::Device& vulkan, bool before) {
    VkMemoryBarrier barrier{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
    const VkPipelineStageFlags stages = bufferStages(vulkan);
    const bool feedback = vulkan.caps().transformFeedback;
    if (before) {
        barrier.srcAccessMask =
            VK_ACCESS_TRANSFER_WRITE_BIT | (feedback ? VK_ACCESS_TRANSFORM_FEEDBACK_WRITE_BIT_EXT : 0);
        barrier.dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT | VK_ACCESS_TRANSFER_WRITE_BIT;
        vkCmdPipelineBarrier(cb, stages, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &barrier, 0, nullptr, 0,
                             nullptr);
        return;
    }
    barrier.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
    barrier.dstAccessMask = VK_ACCESS_VERTEX_ATTRIBUTE_READ_BIT | VK_ACCESS_INDEX_READ_BIT |
                            VK_ACCESS_SHADER_READ_BIT | VK_ACCESS_TRANSFER_READ_BIT |
                            VK_ACCESS_TRANSFER_WRITE_BIT | VK_ACCESS_HOST_READ_BIT |
                            (feedback ? VK_ACCESS_TRANSFORM_FEEDBACK_WRITE_BIT_EXT : 0);
    vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, stages | VK_PIPELINE_STAGE_HOST_BIT, 0, 1,
                         &barrier, 0, nullptr, 0, nullptr);
}

} // namespace

HRESULT Context::bufferBlt(dp2::Items<D3DHAL_DP2BUFFERBLT> items) {
    return guarded("bufferBlt", [&]() -> HRESULT {
        std::vector<BufferCopy> copies(items.size());
        for (size_t i = 0; i < items.size(); ++i)
            if (HRESULT hr = planBufferCopy(device_, items[i], copies[i]); failed(hr)) return hr;
        // Vulkan cannot predicate copies: SetPredication decides them on the CPU.
        if (copies.empty() || device_.queries().transfersSkipped()) return S_OK;

        CommandContext& cmds = device_.commands();
        const vk::Device& vulkan = device_.vulkan();
        cmds.endRendering();
        VkCommandBuffer cb = cmds.commands();
        // A barrier before each copy: an item may read what the one before it wrote.
        for (const BufferCopy& c : copies) {
            recordBarriers(cb, vulkan, true);
            vkCmdCopyBuffer(cb, c.src->buffer(), c.dst->buffer(), 1, &c.region);
        }
        recordBarriers(cb, vulkan, false);
        const uint64_t serial = cmds.recordingSerial();
        for (const BufferCopy& c : copies) {
            c.src->markUsed(serial);
            c.dst->markUsed(serial);
        }
        return S_OK;
    });
}

} // namespace ddivk::device

// Context: GENERATEMIPSUBLEVELS, D3D9's automatic mipmaps (IDirect3DBaseTexture9::
// GenerateMipSubLevels, textures made with D3DUSAGE_AUTOGENMIPMAP): every level below the top,
// of every face, blitted from the level above it, halved. D3DTEXF_POINT picks texels, every other
// filter averages them (a linear blit, where the format filters linearly).
#include "device/blit_sides.h"
#include "device/context.h"
#include "device/ddi_boundary.h"

namespace ddivk::device {
namespace {

constexpr VkFormatFeatureFlags kBlits = VK_FORMAT_FEATURE_BLIT_SRC_BIT | VK_FORMAT_FEATURE_BLIT_DST_BIT;

// A 2D or cube texture: what the token names.
bool isLevelledTexture(const Resource* r) {
    return r && (r->kind() == ResourceKind::Texture2D || r->kind() == ResourceKind::CubeTexture);
}

// Its levels a blit can make: a colour format of whole texels, its image blittable.
bool blitsLevels(const vk::Device& vulkan, Resource& r) {
    return r.format() && !r.format()->depthStencil && r.format()->blockSize == 1 &&
           (blits::formatFeatures(vulkan, r.image().format()) & kBlits) == kBlits;
}

// Moves `level` (every face) from TRANSFER_DST to TRANSFER_SRC once its writes are done.
void readyToRead(VkCommandBuffer cb, VkImage image, uint32_t level, uint32_t layers) {
    VkImageMemoryBarrier b{VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER};
    b.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
    b.dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT;
    b.oldLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
    b.newLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
    b.srcQueueFamilyIndex = b.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    b.image = image;
    b.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, level, 1, 0, layers};
    vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, nullptr, 0,
                         nullptr, 1, &b);
}

// Blits level i - 1 into level i for i = 1..levels - 1, all faces at once: the whole image goes
// to TRANSFER_DST, and each level to TRANSFER_SRC once written, the next level's source; the
// image ends in TRANSFER_SRC.
void generateLevels(Device& device, Resource& r, VkFilter filter) {
    CommandContext& cmds = device.commands();
    const vk::Device& vulkan = device.vulkan();
    r.transition(cmds, vulkan, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
    VkCommandBuffer cb = cmds.commands();
    const VkImage image = r.image().handle();
    for (uint32_t level = 1; level < r.levels(); ++level) {
        readyToRead(cb, image, level - 1, r.layers());
        const SubresourceLayout& from = r.subresource(level - 1);
        const SubresourceLayout& to = r.subresource(level);
        VkImageBlit region{};
        region.srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, level - 1, 0, r.layers()};
        region.srcOffsets[1] = {int32_t(from.width), int32_t(from.height), 1};
        region.dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, level, 0, r.layers()};
        region.dstOffsets[1] = {int32_t(to.width), int32_t(to.height), 1};
        vkCmdBlitImage(cb, image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, image,
                       VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region, filter);
    }
    readyToRead(cb, image, r.levels() - 1, r.layers());
    r.setLayout(VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
    r.markUsed(cmds.recordingSerial());
    // The CPU copy of the levels made is stale (read back by a lock); an expanded format's cannot
    // be read back, and its levels below the top are not the program's to lock.
    if (!r.gpuOnly() && !draw::isExpanded(*r.format()))
        for (uint32_t face = 0; face < r.layers(); ++face)
            for (uint32_t level = 1; level < r.levels(); ++level)
                r.setCpuStale(face * r.levels() + level, true);
}

} // namespace

HRESULT Context::generateMipSubLevels(dp2::Items<D3DHAL_DP2GENERATEMIPSUBLEVELS> items) {
    return guarded("generateMipSubLevels", [&] {
        const vk::Device& vulkan = device_.vulkan();
        for (const D3DHAL_DP2GENERATEMIPSUBLEVELS& g : items)
            if (!isLevelledTexture(device_.findResource(g.hSurface))) return D3DERR_INVALIDCALL;
        for (const D3DHAL_DP2GENERATEMIPSUBLEVELS& g : items) {
            Resource& r = *device_.findResource(g.hSurface);
            if (r.levels() < 2) continue;
            // (CheckDeviceFormat offers AUTOGENMIPMAP for blittable formats only; a texture of
            // another keeps its levels, and the batch goes on.)
            if (!blitsLevels(vulkan, r)) {
                DDIVK_WARN_ONCE(
                    "GENERATEMIPSUBLEVELS of a format the device cannot blit: the levels are kept");
                continue;
            }
            const bool linear =
                g.Filter != D3DTEXF_POINT && (blits::formatFeatures(vulkan, r.image().format()) &
                                              VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT) != 0;
            generateLevels(device_, r, linear ? VK_FILTER_LINEAR : VK_FILTER_NEAREST);
        }
        return S_OK;
    });
}

} // namespace ddivk::device

#include "device/resource.h"

#include <algorithm>
#include <cstring>

#include "device/command_context.h"
#include "vk/barriers.h"
#include "vk/device.h"
#include "vk/queue.h"

namespace ddivk::device {

vk::Buffer Resource::newBuffer(vk::Allocator& allocator, uint64_t size, VkBufferUsageFlags extraUsage) {
    // Storage use: the vertex-fetch fallback reads streams as storage buffers.
    const VkBufferUsageFlags usage = VK_BUFFER_USAGE_VERTEX_BUFFER_BIT | VK_BUFFER_USAGE_INDEX_BUFFER_BIT |
                                     VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                                     VK_BUFFER_USAGE_TRANSFER_DST_BIT | extraUsage;
    // Rounded up to whole words: the fetch reads 32-bit words.
    vk::Buffer buffer = vk::Buffer::create(allocator, (size + 3) & ~uint64_t(3), usage, vk::MemoryUsage::Upload);
    // D3D9 leaves new buffer contents undefined; zero keeps draws and tests deterministic.
    std::memset(buffer.mapped(), 0, buffer.size());
    return buffer;
}

std::unique_ptr<Resource> Resource::createBuffer(vk::Device& device, uint32_t handle, ResourceKind kind,
                                                 uint64_t size, uint32_t flags) {
    std::unique_ptr<Resource> r(new Resource(handle, kind, flags));
    r->size_ = size;
    if (device.caps().transformFeedback) r->extraUsage_ = VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_BUFFER_BIT_EXT;
    r->current_.buffer = newBuffer(device.allocator(), size, r->extraUsage_);
    r->locks_.assign(1, std::nullopt);
    return r;
}

std::unique_ptr<Resource> Resource::createTexture(vk::Device& device, uint32_t handle, ResourceKind kind,
                                                  const draw::FormatInfo& format, VkFormat vkFormat,
                                                  uint32_t width, uint32_t height, uint32_t depth,
                                                  uint32_t levels, uint32_t flags, TextureUse use) {
    std::unique_ptr<Resource> r(new Resource(handle, kind, flags));
    r->format_ = &format;
    r->use_ = use;
    r->levels_ = levels;
    r->layers_ = kind == ResourceKind::CubeTexture ? 6 : 1;

    // The CPU copy: every subresource in the layout a D3D9 lock hands out, one after another,
    // each cube face's chain starting on 16 bytes (Wine's test_miptree_layout records Windows so).
    const uint32_t block = format.blockSize;
    size_t offset = 0;
    for (uint32_t layer = 0; layer < r->layers_; ++layer) {
        if (use == TextureUse::Sampled) offset = (offset + 15) & ~size_t{15};
        for (uint32_t mip = 0; mip < levels; ++mip) {
            SubresourceLayout s;
            s.width = std::max(1u, width >> mip);
            s.height = std::max(1u, height >> mip);
            s.depth = std::max(1u, depth >> mip);
            s.mip = mip;
            s.layer = layer;
            s.pitch = (s.width + block - 1) / block * format.bytesPerPixel;
            s.rows = (s.height + block - 1) / block;
            s.slicePitch = s.pitch * s.rows;
            s.offset = offset;
            if (use == TextureUse::Sampled) offset += s.size();
            r->subresources_.push_back(s);
        }
    }
    r->shadow_.assign(offset, std::byte{0});
    r->locks_.assign(r->subresources_.size(), std::nullopt);
    r->stale_.assign(r->subresources_.size(), 0);

    vk::ImageDesc desc;
    desc.format = vkFormat;
    desc.extent = {width, height, depth};
    desc.type = kind == ResourceKind::VolumeTexture ? VK_IMAGE_TYPE_3D : VK_IMAGE_TYPE_2D;
    desc.mipLevels = levels;
    desc.arrayLayers = r->layers_;
    desc.flags = kind == ResourceKind::CubeTexture ? VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT : 0;
    desc.usage = VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT;
    if (use == TextureUse::RenderTarget) desc.usage |= VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT;
    if (use == TextureUse::DepthStencil) {
        desc.usage |= VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT;
        desc.viewAspects = VK_IMAGE_ASPECT_DEPTH_BIT; // draws sample the depth (INTZ)
    }
    desc.swizzle = format.swizzle;
    // D3DSAMP_SRGBTEXTURE reads through a view in the format's sRGB twin, where it has one the
    // device samples.
    if (const VkFormat srgb = draw::srgbTwin(vkFormat); srgb != VK_FORMAT_UNDEFINED) {
        VkFormatProperties props{};
        vkGetPhysicalDeviceFormatProperties(device.physicalDevice(), srgb, &props);
        if (props.optimalTilingFeatures & VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT) desc.alternateViewFormat = srgb;
        r->srgbRenderable_ = desc.alternateViewFormat != VK_FORMAT_UNDEFINED &&
                             use == TextureUse::RenderTarget &&
                             (props.optimalTilingFeatures & VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BLEND_BIT);
    }
    r->image_ = vk::Image::create(device.allocator(), desc);
    return r;
}

void Resource::upload(CommandContext& commands, const vk::Device& device, uint32_t index) {
    const SubresourceLayout& s = subresources_[index];
    // Copies are not allowed inside a rendering pass; the barrier also orders this copy after
    // earlier transfers into the image (two uploads of one subresource, a blit into it). From
    // UNDEFINED only at creation, which uploads every subresource.
    transition(commands, device, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
    VkCommandBuffer cb = commands.commands();
    vk::UploadSlice slice;
    if (draw::isExpanded(*format_)) {
        // Row by row into the Vulkan format's texels, tightly packed (copyRegion).
        const size_t row = size_t(s.width) * format_->expandedBytes;
        slice = commands.uploads().allocate(row * s.height * s.depth, 16);
        auto* out = static_cast<uint8_t*>(slice.data);
        const auto* in = reinterpret_cast<const uint8_t*>(texels(index));
        for (uint32_t z = 0; z < s.depth; ++z)
            for (uint32_t y = 0; y < s.height; ++y)
                format_->expand(in + size_t(z) * s.slicePitch + size_t(y) * s.pitch,
                                out + (size_t(z) * s.height + y) * row, s.width);
    } else {
        slice = commands.uploads().allocate(s.size(), 16);
        std::memcpy(slice.data, texels(index), s.size());
    }
    const VkBufferImageCopy region = copyRegion(index, slice.offset);
    vkCmdCopyBufferToImage(cb, slice.buffer, image_.handle(), VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region);
    markUsed(commands.recordingSerial()); // DestroyResource keeps the image until the copy ran
}

VkBufferImageCopy Resource::copyRegion(uint32_t index, VkDeviceSize offset) const {
    const SubresourceLayout& s = subresources_[index];
    VkBufferImageCopy region{};
    region.bufferOffset = offset;
    const uint32_t block = format_->blockSize;
    // Expanded formats' uploads are tightly packed (0: the image's extent).
    const bool expanded = draw::isExpanded(*format_);
    region.bufferRowLength = expanded ? 0 : s.pitch / format_->bytesPerPixel * block; // texels
    region.bufferImageHeight = expanded ? 0 : s.rows * block;
    region.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, s.mip, s.layer, 1};
    region.imageExtent = {s.width, s.height, s.depth};
    return region;
}

void Resource::transition(CommandContext& commands, const vk::Device& device, VkImageLayout layout) {
    commands.endRendering(); // barriers may not change layouts inside a rendering pass
    vk::transitionImage(device, commands.commands(), image_, layout_, layout);
    layout_ = layout;
}

void Resource::readBack(CommandContext& commands, const vk::Device& device, uint32_t index) {
    const SubresourceLayout& s = subresources_[index];
    // Expanded formats' CPU copies are never stale: BLT into them copies the CPU rows as well
    // (recordBlt), and nothing can read their converted images back into D3D9's layout.
    if (draw::isExpanded(*format_)) {
        stale_[index] = 0;
        return;
    }
    vk::Buffer staging =
        vk::Buffer::create(device.allocator(), s.size(), VK_BUFFER_USAGE_TRANSFER_DST_BIT, vk::MemoryUsage::Readback);
    transition(commands, device, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
    VkCommandBuffer cb = commands.commands();
    const VkBufferImageCopy region = copyRegion(index, 0);
    vkCmdCopyImageToBuffer(cb, image_.handle(), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, staging.handle(), 1, &region);
    // Make the transfer write visible to the host read below.
    VkMemoryBarrier toHost{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
    toHost.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
    toHost.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
    vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &toHost, 0, nullptr, 0,
                         nullptr);
    markUsed(commands.recordingSerial());
    device.queue().wait(commands.flush());
    staging.allocation().invalidate();
    std::memcpy(texels(index), staging.data<const std::byte>(), s.size());
    stale_[index] = 0;
}

void Resource::prepareForSampling(CommandContext& commands, const vk::Device& device, VkImageLayout layout) {
    if (layout_ == layout) return;
    // Barriers are not allowed to change layouts inside a dynamic rendering pass.
    commands.endRendering();
    VkCommandBuffer cb = commands.commands();
    vk::transitionImage(device, cb, image_, layout_, layout);
    layout_ = layout;
}

} // namespace ddivk::device

// A resource created through the UMD door (CreateResource): a vertex or index buffer, or a
// texture (2D, cube, volume) with its mip levels. Draws name it by handle, from both doors.
//
// Buffers live in host-visible memory the program writes directly: Lock returns the mapped
// address. A lock with DISCARD while the GPU may still read the buffer renames it (the draws
// already recorded keep the old memory, later ones get a fresh one); NOOVERWRITE returns the
// memory at once, the program promising not to touch what the GPU reads; any other lock waits
// for the GPU to finish with the buffer (or answers WASSTILLDRAWING with DONOTWAIT).
//
// Textures keep a CPU copy of every subresource in D3D9's locked layout (rows of pitch bytes,
// rows of 4x4 blocks for DXT): Lock returns it, Unlock records a copy of the subresource into
// the image, ordered after the draws before it. So texture locks never wait for the GPU, unless
// a GPU operation (a blit into the texture) wrote the subresource: its CPU copy is then stale
// until the next lock reads it back, waiting for the GPU (the one lock that waits).
#pragma once

#include <volk.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "draw/format_table.h"
#include "vk/device.h"
#include "vk/resources.h"

namespace ddivk::device {

class CommandContext;

enum class ResourceKind : uint8_t { VertexBuffer, IndexBuffer, Texture2D, CubeTexture, VolumeTexture };

// What a texture is for beyond sampling. Render-target and depth textures are drawn into through
// the Surfaces of their subresources; like D3D9's render-target textures they cannot be locked,
// so they keep no CPU copy (gpuOnly()).
enum class TextureUse : uint8_t { Sampled, RenderTarget, DepthStencil };

// Where a subresource's texels are in the CPU copy, and its size.
struct SubresourceLayout {
    uint32_t width = 0, height = 0, depth = 1;
    uint32_t mip = 0, layer = 0;
    uint32_t pitch = 0;      // bytes per row (of blocks)
    uint32_t rows = 0;       // rows (of blocks)
    uint32_t slicePitch = 0; // bytes per depth slice
    size_t offset = 0;       // into the CPU copy
    size_t size() const { return size_t(slicePitch) * depth; }
};

class Resource {
  public:
    // A buffer of `size` bytes (usable as vertex, index and storage buffer).
    static std::unique_ptr<Resource> createBuffer(vk::Device& device, uint32_t handle, ResourceKind kind,
                                                  uint64_t size, uint32_t flags);
    // A texture; `levels` lists each mip level's size (level 0 first); cube textures have 6
    // layers, each with every level. `vkFormat` is one the device samples.
    static std::unique_ptr<Resource> createTexture(vk::Device& device, uint32_t handle, ResourceKind kind,
                                                   const draw::FormatInfo& format, VkFormat vkFormat,
                                                   uint32_t width, uint32_t height, uint32_t depth,
                                                   uint32_t levels, uint32_t flags,
                                                   TextureUse use = TextureUse::Sampled);

    uint32_t handle() const { return handle_; }
    ResourceKind kind() const { return kind_; }
    uint32_t flags() const { return flags_; } // D3DDDI_RESOURCE_*
    bool isBuffer() const { return kind_ == ResourceKind::VertexBuffer || kind_ == ResourceKind::IndexBuffer; }

    // --- Buffers ---
    uint64_t size() const { return size_; }
    VkBuffer buffer() const { return current_.buffer.handle(); }
    void* bufferData() const { return current_.buffer.mapped(); }
    // Renames the buffer when the GPU may still read it (DISCARD): keeps the old memory until
    // `busy` says the GPU is done with it, reusing one that is.
    template <class Busy> void discard(vk::Allocator& allocator, Busy busy);
    size_t bufferVersions() const { return 1 + retired_.size(); } // for tests: memory stays bounded

    // --- Textures ---
    const draw::FormatInfo* format() const { return format_; }
    vk::Image& image() { return image_; }
    uint32_t levels() const { return levels_; }
    uint32_t layers() const { return layers_; }
    uint32_t subresourceCount() const { return uint32_t(subresources_.size()); }
    TextureUse use() const { return use_; }
    // A render-target or depth texture: no CPU copy (texels(), upload(), readBack() are not for
    // it), drawn into through Surfaces of its subresources.
    bool gpuOnly() const { return use_ != TextureUse::Sampled; }
    // The image's sRGB view format is also one the device renders to (render-target textures).
    bool srgbRenderable() const { return srgbRenderable_; }
    const SubresourceLayout& subresource(uint32_t index) const { return subresources_[index]; }
    std::byte* texels(uint32_t index) { return shadow_.data() + subresources_[index].offset; }
    // Records the copy of subresource `index` from the CPU copy into the image.
    void upload(CommandContext& commands, const vk::Device& device, uint32_t index);
    // Puts the image in the layout draws sample it in (after uploads), recording the barrier:
    // SHADER_READ_ONLY_OPTIMAL, or DEPTH_STENCIL_READ_ONLY_OPTIMAL for a depth texture sampled
    // while it is also the (read-only) depth buffer.
    void prepareForSampling(CommandContext& commands, const vk::Device& device,
                            VkImageLayout layout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL);
    VkImageLayout layout() const { return layout_; }
    // For the Surfaces of a gpuOnly texture, which move the whole image between layouts.
    void setLayout(VkImageLayout layout) { layout_ = layout; }
    // Moves the whole image to `layout` outside a rendering pass, recording a barrier even when
    // it is there already (transfers that write it wait for the writes before them).
    void transition(CommandContext& commands, const vk::Device& device, VkImageLayout layout);
    // SETTEXLOD (SetLOD of a managed texture): the most detailed level draws sample, with
    // D3DSAMP_MAXMIPLEVEL (draw::samplerKey).
    uint32_t lod() const { return lod_; }
    void setLod(uint32_t lod) { lod_ = lod; }
    // Whether a lock that wrote a subresource has been unlocked (Device::unlock uploads every
    // subresource at the first).
    bool writtenByLock() const { return writtenByLock_; }
    void noteWrittenByLock() { writtenByLock_ = true; }
    // The GPU wrote subresource `index` (a blit): its CPU copy is stale until read back.
    bool cpuStale(uint32_t index) const { return stale_[index] != 0; }
    void setCpuStale(uint32_t index, bool stale) { stale_[index] = stale ? 1 : 0; }
    // Copies subresource `index` from the image into the CPU copy after all recorded work:
    // submits and waits for the GPU. Clears the stale mark.
    void readBack(CommandContext& commands, const vk::Device& device, uint32_t index);

    // --- Use by recorded commands (both kinds) ---
    // The CommandContext serial of the latest recording that reads the resource (0: none).
    uint64_t useSerial() const { return useSerial_; }
    void markUsed(uint64_t serial) { useSerial_ = serial; }
    // The latest recording that reads any of its memory: the current buffer or one a DISCARD
    // lock renamed away (serials grow). The resource may go only after that one.
    uint64_t lastUseSerial() const {
        uint64_t last = useSerial_;
        for (const BufferVersion& v : retired_)
            last = std::max(last, v.serial);
        return last;
    }

    // Locks in progress, per texture subresource (index 0 for buffers): the lock's
    // D3DDDI_LOCK_* flags, or nullopt when not locked.
    std::optional<uint32_t> lockFlags(uint32_t index) const { return locks_[index]; }
    void setLock(uint32_t index, std::optional<uint32_t> flags) { locks_[index] = flags; }

  private:
    Resource(uint32_t handle, ResourceKind kind, uint32_t flags) : handle_(handle), kind_(kind), flags_(flags) {}

    struct BufferVersion {
        vk::Buffer buffer;
        uint64_t serial = 0; // the recording that last read it
    };
    // extraUsage: TRANSFORM_FEEDBACK_BUFFER where the device has it (any buffer can be a
    // stream-output target).
    static vk::Buffer newBuffer(vk::Allocator& allocator, uint64_t size, VkBufferUsageFlags extraUsage);
    // The buffer-image copy of subresource `index` laid out as in the CPU copy, from `offset`.
    VkBufferImageCopy copyRegion(uint32_t index, VkDeviceSize offset) const;

    uint32_t handle_;
    ResourceKind kind_;
    uint32_t flags_;
    uint64_t useSerial_ = 0;
    std::vector<std::optional<uint32_t>> locks_;

    uint64_t size_ = 0;
    VkBufferUsageFlags extraUsage_ = 0;
    BufferVersion current_;
    std::vector<BufferVersion> retired_; // renamed away, reused once the GPU is done

    const draw::FormatInfo* format_ = nullptr;
    TextureUse use_ = TextureUse::Sampled;
    bool srgbRenderable_ = false;
    vk::Image image_;
    uint32_t levels_ = 0, layers_ = 0;
    std::vector<SubresourceLayout> subresources_; // layer-major: index = layer * levels + mip
    std::vector<std::byte> shadow_;               // empty for gpuOnly textures
    std::vector<uint8_t> stale_; // per subresource: the GPU wrote it since the CPU copy was made
    bool writtenByLock_ = false;
    uint32_t lod_ = 0; // SETTEXLOD
    VkImageLayout layout_ = VK_IMAGE_LAYOUT_UNDEFINED;
};

template <class Busy> void Resource::discard(vk::Allocator& allocator, Busy busy) {
    current_.serial = useSerial_;
    if (!busy(current_.serial)) return; // nobody reads the current memory: keep it
    for (auto it = retired_.begin(); it != retired_.end(); ++it)
        if (!busy(it->serial)) {
            std::swap(current_, *it);
            useSerial_ = 0;
            return;
        }
    retired_.push_back(std::move(current_));
    current_ = {newBuffer(allocator, size_, extraUsage_), 0};
    useSerial_ = 0;
}

} // namespace ddivk::device

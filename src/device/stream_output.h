// Stream output of a driver device (include/ddivk/d3d10_stream_output.h, docs/queries.md): the
// declaration and the four target slots set through the D3D10 door, and their recording
// around each draw that captures: VK_EXT_transform_feedback into the target buffers, begun
// and ended around the draw (a pipeline cannot be bound while transform feedback is active),
// resuming from a 4-byte counter per buffer that holds its filled size, so that draws append.
#pragma once

#include <volk.h>

#include <array>
#include <cstdint>
#include <vector>

#include "ddivk/d3d10_stream_output.h"
#include "ddivk/hresult.h"
#include "shader/translate/translator.h"
#include "vk/device.h"
#include "vk/resources.h"

namespace ddivk::device {

class CommandContext;
class Resource;

// A declaration in the translator's form (TranslationKey::streamOutput and its strides).
struct StreamOutputDeclaration {
    std::array<uint32_t, shader::TranslationKey::kStreamOutputEntries> entries{};
    std::array<uint16_t, 4> strides{}; // bytes per vertex of each slot (0: the slot is not written)
    uint32_t slotMask = 0;             // slots the entries write
};

// Checks a D3D11-shaped declaration against the rules of docs/queries.md and the device's
// limits; E_INVALIDARG for a bad one. NumEntries 0 gives the empty declaration (no capture).
HRESULT buildStreamOutputDeclaration(const D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY* entries, uint32_t count,
                                     const uint32_t* strides, uint32_t strideCount, const vk::Caps& caps,
                                     StreamOutputDeclaration* out);

class StreamOutput {
  public:
    static constexpr uint32_t kSlots = D3D10_DDI_SO_BUFFER_SLOT_COUNT;

    explicit StreamOutput(vk::Device& device);
    ~StreamOutput();
    StreamOutput(const StreamOutput&) = delete;
    StreamOutput& operator=(const StreamOutput&) = delete;

    void setDeclaration(const StreamOutputDeclaration& declaration) { declaration_ = declaration; }
    // Binds `buffer` (null: unbinds) to `slot`, writing from `offset` bytes, or where its
    // earlier stream output stopped (D3D10_DDI_SO_APPEND_OFFSET). Records the counter write.
    void setTarget(uint32_t slot, Resource* buffer, uint32_t offset, CommandContext& commands);
    Resource* target(uint32_t slot) const { return targets_[slot]; }

    // Draws capture: a declaration is set and every slot it writes has a target.
    bool capturing() const;
    // A declaration is set but a slot it writes has no target (nothing is captured).
    bool missingTargets() const { return declaration_.slotMask && !capturing(); }
    // The key of the vertex shaders of capturing draws.
    void applyTo(shader::TranslationKey& key) const;
    // Around a draw, inside the pass and after its pipeline is bound.
    void begin(CommandContext& commands, VkCommandBuffer cb);
    void end(VkCommandBuffer cb);
    // The buffer is being destroyed: unbinds it and frees its counter.
    void forget(const Resource* buffer);

  private:
    // The counter slot of `buffer` (a new one reads 0).
    uint32_t counterOf(const Resource* buffer, CommandContext& commands);
    void writeCounter(uint32_t slot, uint32_t value, CommandContext& commands);
    void growCounters(CommandContext& commands);

    vk::Device& device_;
    StreamOutputDeclaration declaration_;
    std::array<Resource*, kSlots> targets_{};
    std::array<uint32_t, kSlots> targetCounters_{};
    vk::Buffer counters_;                        // 4 bytes per counter slot
    std::vector<vk::Buffer> retiredCounters_;    // outgrown; recorded work may still read them
    std::vector<const Resource*> counterOwners_; // per counter slot; null: free
};

} // namespace ddivk::device

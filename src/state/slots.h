// The slot space: every capturable piece of DeviceState numbered once, group by group, so that a
// state block is a bitmask over slots (StateMask) plus the values of its set slots packed in slot
// order. Capture and apply are one ascending pass over the mask, copying each slot by its byte
// offset in DeviceState and marking it dirty the same way the setters do.
// Render targets and the depth stencil have no slot: no state block holds them.
#pragma once

#include "state/bits.h"
#include "state/device_state.h"
#include "state/dirty.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

namespace ddivk::state {

enum class SlotGroup : uint8_t {
    RenderState,       // element: D3DRS_* value
    TextureStageState, // element: stage * kTextureStageStateCount + D3DTSS_* value
    SamplerState,      // element: dense sampler * kSamplerStateCount + D3DSAMP_* value
    Texture,           // element: dense sampler
    StreamSource,      // element: stream
    StreamFrequency,   // element: stream
    Indices,
    VertexInput,
    VertexShader,
    PixelShader,
    Transform, // element: transformIndex()
    Viewport,
    WInfo,
    Scissor,
    Material,
    ClipPlane, // element: plane
    Palette,
    AlphaToMask, // DeviceState::alphaToMask
    Fetch4,      // element: dense sampler (DeviceState::fetch4)
    VsConstF,    // element: register
    VsConstI,
    VsConstB,
    PsConstF,
    PsConstI,
    PsConstB,
    Count,
};
constexpr size_t kSlotGroupCount = static_cast<size_t>(SlotGroup::Count);

// Where a group's elements live in DeviceState and which dirty category they raise.
struct SlotGroupInfo {
    uint32_t count;    // elements
    uint32_t offset;   // byte offset of element 0 in DeviceState
    uint32_t stride;   // bytes between elements
    uint32_t size;     // bytes per element
    uint32_t category; // DirtyState::Category
};

#define DDIVK_SLOT_GROUP(member, n, category)                                                                \
    SlotGroupInfo {                                                                                          \
        n, static_cast<uint32_t>(offsetof(DeviceState, member)),                                             \
            static_cast<uint32_t>(sizeof(DeviceState::member) / (n)),                                        \
            static_cast<uint32_t>(sizeof(DeviceState::member) / (n)), DirtyState::category                   \
    }

// One row per SlotGroup, in enum order.
inline constexpr std::array<SlotGroupInfo, kSlotGroupCount> kSlotGroups = {
    DDIVK_SLOT_GROUP(renderStates, kRenderStateCount, RenderStates),
    DDIVK_SLOT_GROUP(textureStageStates, kTextureStages* kTextureStageStateCount, TextureStages),
    DDIVK_SLOT_GROUP(samplerStates, kSamplerCount* kSamplerStateCount, Samplers),
    DDIVK_SLOT_GROUP(textures, kSamplerCount, Textures),
    DDIVK_SLOT_GROUP(streams, kMaxStreams, Streams),
    DDIVK_SLOT_GROUP(streamFrequencies, kMaxStreams, StreamFrequencies),
    DDIVK_SLOT_GROUP(indices, 1, Indices),
    DDIVK_SLOT_GROUP(vertexInput, 1, VertexInput),
    DDIVK_SLOT_GROUP(vertexShader, 1, VertexShader),
    DDIVK_SLOT_GROUP(pixelShader, 1, PixelShader),
    DDIVK_SLOT_GROUP(transforms, kTransformCount, Transforms),
    DDIVK_SLOT_GROUP(viewport, 1, Viewport),
    DDIVK_SLOT_GROUP(wInfo, 1, WInfo),
    DDIVK_SLOT_GROUP(scissorRect, 1, Scissor),
    DDIVK_SLOT_GROUP(material, 1, Material),
    DDIVK_SLOT_GROUP(clipPlanes, kMaxClipPlanes, ClipPlanes),
    DDIVK_SLOT_GROUP(texturePalette, 1, Palette),
    DDIVK_SLOT_GROUP(alphaToMask, 1, RenderStates),
    // (RenderStates: the switch changes what the draw translates, never a Vulkan sampler.)
    DDIVK_SLOT_GROUP(fetch4, kSamplerCount, RenderStates),
    DDIVK_SLOT_GROUP(vsConstF, kSwVsConstF, VsConstF),
    DDIVK_SLOT_GROUP(vsConstI, kSwVsConstI, VsConstI),
    DDIVK_SLOT_GROUP(vsConstB, kSwVsConstB, VsConstB),
    DDIVK_SLOT_GROUP(psConstF, kPsConstF, PsConstF),
    DDIVK_SLOT_GROUP(psConstI, kPsConstI, PsConstI),
    DDIVK_SLOT_GROUP(psConstB, kPsConstB, PsConstB),
};
#undef DDIVK_SLOT_GROUP

// First slot of each group; kSlotBase[kSlotGroupCount] is the number of slots.
inline constexpr std::array<uint32_t, kSlotGroupCount + 1> kSlotBase = [] {
    std::array<uint32_t, kSlotGroupCount + 1> base{};
    for (size_t g = 0; g < kSlotGroupCount; ++g)
        base[g + 1] = base[g] + kSlotGroups[g].count;
    return base;
}();
constexpr uint32_t kSlotCount = kSlotBase[kSlotGroupCount];

using StateMask = Bits<kSlotCount>;

constexpr uint32_t slotOf(SlotGroup g, uint32_t element = 0) {
    return kSlotBase[static_cast<size_t>(g)] + element;
}
constexpr void setSlots(StateMask& mask, SlotGroup g) {
    mask.setRange(slotOf(g), kSlotGroups[static_cast<size_t>(g)].count);
}

// Marks one element dirty: its category bit and, where the draw path tracks it, the fine bit.
inline void markDirty(DirtyState& d, SlotGroup g, uint32_t e) {
    d.categories |= kSlotGroups[static_cast<size_t>(g)].category;
    switch (g) {
    case SlotGroup::RenderState:
        d.renderStates.set(e);
        break;
    case SlotGroup::TextureStageState:
        d.textureStages |= 1u << (e / kTextureStageStateCount);
        break;
    case SlotGroup::SamplerState:
        d.samplers |= 1u << (e / kSamplerStateCount);
        break;
    case SlotGroup::Texture:
        d.textures |= 1u << e;
        break;
    case SlotGroup::StreamSource:
        d.streams |= 1u << e;
        break;
    case SlotGroup::StreamFrequency:
        d.streamFrequencies |= 1u << e;
        break;
    case SlotGroup::Transform:
        if (e < 2 + kTextureStages)
            d.transforms |= 1u << e;
        else
            d.worldMatrices.set(e - 2 - kTextureStages);
        break;
    case SlotGroup::ClipPlane:
        d.clipPlanes |= 1u << e;
        break;
    // (The fine constant bits cover vs_3_0's files: past them only the category, dirty.h.)
    case SlotGroup::VsConstF:
        if (e < kVsConstF) d.vsConstF.set(e);
        break;
    case SlotGroup::VsConstI:
        if (e < kVsConstI) d.vsConstI |= 1u << e;
        break;
    case SlotGroup::VsConstB:
        if (e < kVsConstB) d.vsConstB |= 1u << e;
        break;
    case SlotGroup::PsConstF:
        d.psConstF.set(e);
        break;
    case SlotGroup::PsConstI:
        d.psConstI |= 1u << e;
        break;
    case SlotGroup::PsConstB:
        d.psConstB |= 1u << e;
        break;
    default:
        break;
    }
}

// Bytes the values of the slots in mask take when packed.
size_t packedSize(const StateMask& mask);
// Copies the values of the slots in mask from s into out (packedSize(mask) bytes), slot order.
void gather(const StateMask& mask, const DeviceState& s, std::span<uint8_t> out);
// Copies packed values back into s and marks each slot dirty; one pass over the mask.
void scatter(const StateMask& mask, std::span<const uint8_t> in, DeviceState& s, DirtyState& dirty);
// Copies the slots in mask from one DeviceState to another (no dirty marking).
void copySlots(const StateMask& mask, const DeviceState& from, DeviceState& to);

} // namespace ddivk::state

// Capture/apply engine over the slot space: one ascending pass over a StateMask, a group cursor
// that only moves forward, a memcpy per slot.
#include "state/slots.h"

#include <algorithm>

#include <cassert>
#include <cstring>

namespace ddivk::state {
namespace {

// Calls f(group, element, slotInfo) for every set slot, in slot order.
template <class F> void forEachSlot(const StateMask& mask, F&& f) {
    size_t g = 0;
    mask.forEach([&](size_t slot) {
        while (slot >= kSlotBase[g + 1])
            ++g;
        f(static_cast<SlotGroup>(g), static_cast<uint32_t>(slot - kSlotBase[g]), kSlotGroups[g]);
    });
}

} // namespace

size_t packedSize(const StateMask& mask) {
    size_t bytes = 0;
    forEachSlot(mask, [&](SlotGroup, uint32_t, const SlotGroupInfo& info) { bytes += info.size; });
    return bytes;
}

void gather(const StateMask& mask, const DeviceState& s, std::span<uint8_t> out) {
    const auto* base = reinterpret_cast<const uint8_t*>(&s);
    size_t at = 0;
    forEachSlot(mask, [&](SlotGroup, uint32_t e, const SlotGroupInfo& info) {
        assert(at + info.size <= out.size());
        std::memcpy(out.data() + at, base + info.offset + size_t{e} * info.stride, info.size);
        at += info.size;
    });
}

void scatter(const StateMask& mask, std::span<const uint8_t> in, DeviceState& s, DirtyState& dirty) {
    auto* base = reinterpret_cast<uint8_t*>(&s);
    size_t at = 0;
    forEachSlot(mask, [&](SlotGroup g, uint32_t e, const SlotGroupInfo& info) {
        assert(at + info.size <= in.size());
        const uint8_t* value = in.data() + at;
        at += info.size;
        // A block holding no declaration and no FVF leaves the device's (Wine's test_vdecl_apply
        // records Windows keeping it, for captured, recorded and predefined blocks).
        if (g == SlotGroup::VertexInput &&
            std::all_of(value, value + info.size, [](uint8_t b) { return b == 0; }))
            return;
        std::memcpy(base + info.offset + size_t{e} * info.stride, value, info.size);
        markDirty(dirty, g, e);
    });
}

void copySlots(const StateMask& mask, const DeviceState& from, DeviceState& to) {
    const auto* src = reinterpret_cast<const uint8_t*>(&from);
    auto* dst = reinterpret_cast<uint8_t*>(&to);
    forEachSlot(mask, [&](SlotGroup, uint32_t e, const SlotGroupInfo& info) {
        size_t off = info.offset + size_t{e} * info.stride;
        std::memcpy(dst + off, src + off, info.size);
    });
}

} // namespace ddivk::state

#include "state/state_block.h"

#include <algorithm>

namespace ddivk::state {
namespace {

bool lessIndex(const LightRecord& r, uint32_t index) {
    return r.index < index;
}

void packValues(StateBlock& b, const DeviceState& s) {
    b.values.resize(packedSize(b.mask));
    gather(b.mask, s, b.values);
}

} // namespace

LightRecord& Recorder::light(uint32_t index) {
    auto it = std::lower_bound(lights.begin(), lights.end(), index, lessIndex);
    if (it != lights.end() && it->index == index) return *it;
    return *lights.insert(it, LightRecord{index, false, false, false, D3DLIGHT9{}});
}

StateBlock makePredefinedBlock(uint32_t type, const DeviceState& s, const LightTable& lights,
                               const VsRegisterLimits& vsLimits) {
    StateBlock b;
    b.type = type;
    b.mask = *predefinedMask(type);
    // The masks name every register DeviceState has room for; a device holds its own files.
    b.mask.resetRange(slotOf(SlotGroup::VsConstF, vsLimits.floats), kSwVsConstF - vsLimits.floats);
    b.mask.resetRange(slotOf(SlotGroup::VsConstI, vsLimits.ints), kSwVsConstI - vsLimits.ints);
    b.mask.resetRange(slotOf(SlotGroup::VsConstB, vsLimits.bools), kSwVsConstB - vsLimits.bools);
    packValues(b, s);
    // DDK, D3DHAL_DP2STATESET (D3DSBT_ALL, D3DSBT_VERTEXSTATE): "all lights that have been used
    // prior to the state block creation".
    if (predefinedHoldsLights(type)) {
        b.lights.reserve(lights.size());
        for (const LightEntry& e : lights.entries())
            b.lights.push_back({e.index, true, true, e.enabled, e.light});
    }
    return b;
}

StateBlock makeRecordedBlock(const Recorder& r) {
    StateBlock b;
    b.mask = r.mask;
    packValues(b, r.scratch);
    b.lights = r.lights;
    return b;
}

void captureBlock(StateBlock& b, const DeviceState& s, const LightTable& lights) {
    gather(b.mask, s, b.values);
    // Only the lights the block holds are refreshed; a held light the device never created
    // keeps its recorded values.
    for (LightRecord& r : b.lights) {
        const LightEntry* e = lights.find(r.index);
        if (!e) continue;
        if (r.hasData) r.light = e->light;
        if (r.hasEnable) r.enabled = e->enabled;
    }
}

void applyBlock(const StateBlock& b, DeviceState& s, LightTable& lights, DirtyState& dirty) {
    scatter(b.mask, b.values, s, dirty);
    for (const LightRecord& r : b.lights) {
        LightEntry& e = lights.findOrCreate(r.index);
        if (r.hasData) e.light = r.light;
        if (r.hasEnable) e.enabled = r.enabled;
    }
    if (!b.lights.empty()) dirty.categories |= DirtyState::Lights;
}

} // namespace ddivk::state

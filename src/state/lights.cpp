#include "state/lights.h"

#include "state/device_state.h"

#include <algorithm>

namespace ddivk::state {
namespace {

bool lessIndex(const LightEntry& e, uint32_t index) {
    return e.index < index;
}

} // namespace

LightTable::LightTable() {
    entries_.reserve(kReservedLights);
}

const LightEntry* LightTable::find(uint32_t index) const {
    auto it = std::lower_bound(entries_.begin(), entries_.end(), index, lessIndex);
    return it != entries_.end() && it->index == index ? &*it : nullptr;
}

LightEntry& LightTable::findOrCreate(uint32_t index) {
    auto it = std::lower_bound(entries_.begin(), entries_.end(), index, lessIndex);
    if (it != entries_.end() && it->index == index) return *it;
    return *entries_.insert(it, LightEntry{index, false, defaultLight()});
}

} // namespace ddivk::state

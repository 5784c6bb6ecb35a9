// Lights: sparse, keyed by the application's DWORD index. A light exists once it was created,
// set or enabled; an index first touched by an enable starts as defaultLight().
// Sorted vector with binary search: light counts are small, iteration is in index order, and
// the reserve keeps setters allocation-free up to kReservedLights distinct lights.
#pragma once

#include "ddivk/d3d9_types.h"

#include <cstdint>
#include <span>
#include <vector>

namespace ddivk::state {

struct LightEntry {
    uint32_t index;
    bool enabled;
    D3DLIGHT9 light;
};

class LightTable {
  public:
    static constexpr size_t kReservedLights = 64;

    LightTable();

    // The light at index, or nullptr if it was never created.
    const LightEntry* find(uint32_t index) const;
    // The light at index, created as defaultLight() (disabled) when absent.
    LightEntry& findOrCreate(uint32_t index);
    // All lights, ascending index.
    std::span<const LightEntry> entries() const { return entries_; }
    size_t size() const { return entries_.size(); }
    void clear() { entries_.clear(); }

  private:
    std::vector<LightEntry> entries_;
};

} // namespace ddivk::state

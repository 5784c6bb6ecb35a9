#include "shader/translate/linkage.h"

#include <unordered_map>

#include "shader/abi.h"
#include "util/sync.h"

namespace ddivk::shader {

namespace {

// The dynamic locations handed out so far: (usage << 8 | index) -> location.
struct DynamicLocations {
    util::Mutex mutex;
    std::unordered_map<uint32_t, uint32_t> map;
};

DynamicLocations& dynamicLocations() {
    static DynamicLocations locations;
    return locations;
}

} // namespace

uint32_t semanticLocation(uint8_t usage, uint8_t index) {
    if (usage == kUsageTexCoord && index < 8) return abi::kLocTexCoord0 + index;
    if (usage == kUsageColor && index < 2) return abi::kLocColor0 + index;
    if (usage == kUsageFog && index == 0) return abi::kLocFog;

    DynamicLocations& d = dynamicLocations();
    std::lock_guard lock(d.mutex);
    const uint32_t semantic = uint32_t(usage) << 8 | index;
    if (auto it = d.map.find(semantic); it != d.map.end()) return it->second;
    const uint32_t next = abi::kLocFirstDynamic + uint32_t(d.map.size());
    if (next >= abi::kLocCount) return abi::kLocCount;
    d.map.emplace(semantic, next);
    return next;
}

std::optional<Semantic> semanticAt(uint32_t location) {
    if (location < abi::kLocTexCoord0 + 8)
        return Semantic{kUsageTexCoord, uint8_t(location - abi::kLocTexCoord0)};
    if (location == abi::kLocColor0 || location == abi::kLocColor1)
        return Semantic{kUsageColor, uint8_t(location - abi::kLocColor0)};
    if (location == abi::kLocFog) return Semantic{kUsageFog, 0};
    DynamicLocations& d = dynamicLocations();
    std::lock_guard lock(d.mutex);
    for (const auto& [semantic, at] : d.map)
        if (at == location) return Semantic{uint8_t(semantic >> 8), uint8_t(semantic & 0xFF)};
    return std::nullopt;
}

} // namespace ddivk::shader

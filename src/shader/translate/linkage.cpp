#include "shader/translate/linkage.h"

#include <mutex>
#include <unordered_map>

#include "shader/abi.h"

namespace ddivk::shader {

uint32_t semanticLocation(uint8_t usage, uint8_t index) {
    if (usage == kUsageTexCoord && index < 8) return abi::kLocTexCoord0 + index;
    if (usage == kUsageColor && index < 2) return abi::kLocColor0 + index;
    if (usage == kUsageFog && index == 0) return abi::kLocFog;

    static std::mutex mutex;
    static std::unordered_map<uint32_t, uint32_t> dynamic;
    std::lock_guard lock(mutex);
    const uint32_t semantic = uint32_t(usage) << 8 | index;
    if (auto it = dynamic.find(semantic); it != dynamic.end()) return it->second;
    const uint32_t next = abi::kLocFirstDynamic + uint32_t(dynamic.size());
    if (next >= abi::kLocCount) return abi::kLocCount;
    dynamic.emplace(semantic, next);
    return next;
}

} // namespace ddivk::shader

// FNV-1a over an object's bytes: the hash of the padding-free keys of the draw room's caches.
#pragma once

#include <cstddef>
#include <cstdint>

namespace ddivk::draw {

template <class Key> size_t hashBytes(const Key& key) {
    const auto* p = reinterpret_cast<const uint8_t*>(&key);
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < sizeof(Key); ++i) h = (h ^ p[i]) * 1099511628211ull;
    return size_t(h);
}

} // namespace ddivk::draw

// A hash of an object's bytes, eight at a time: the hash of the padding-free keys of the draw
// room's caches (some are hundreds of bytes and hashed per draw).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace ddivk::draw {

template <class Key> size_t hashBytes(const Key& key) {
    const auto* p = reinterpret_cast<const unsigned char*>(&key);
    uint64_t h = 1469598103934665603ull ^ sizeof(Key);
    size_t i = 0;
    for (; i + 8 <= sizeof(Key); i += 8) {
        uint64_t word;
        std::memcpy(&word, p + i, 8);
        h = (h ^ word) * 0x9E3779B97F4A7C15ull;
        h ^= h >> 29;
    }
    for (; i < sizeof(Key); ++i) h = (h ^ p[i]) * 1099511628211ull;
    return size_t(h ^ (h >> 32));
}

} // namespace ddivk::draw

// Helpers shared by the state room's tests.
#pragma once

#include "state/state_cache.h"

#include <gtest/gtest.h>

#include <cstring>
#include <memory>

namespace ddivk::state::test {

inline bool sameState(const DeviceState& a, const DeviceState& b) {
    return std::memcmp(&a, &b, sizeof(a)) == 0;
}

// A StateCache on the heap (DeviceState is tens of kilobytes), with the defaults' dirty bits
// already taken so that a test sees only what it causes.
inline std::unique_ptr<StateCache> freshCache(const DeviceDefaults& d = {}) {
    auto cache = std::make_unique<StateCache>(d);
    cache->takeDirty();
    return cache;
}

// Expects `call` to fail with D3DERR_INVALIDCALL and to change neither the state, the lights
// nor the dirty bits.
#define EXPECT_INVALID_NO_CHANGE(cache, call)                                                                \
    do {                                                                                                     \
        auto before_ = std::make_unique<::ddivk::state::DeviceState>((cache).state());                       \
        ::ddivk::state::DirtyState dirtyBefore_ = (cache).dirty();                                           \
        size_t lightsBefore_ = (cache).lights().size();                                                      \
        EXPECT_EQ((call), ::ddivk::D3DERR_INVALIDCALL) << #call;                                             \
        EXPECT_TRUE(::ddivk::state::test::sameState(*before_, (cache).state())) << #call;                    \
        EXPECT_TRUE(dirtyBefore_ == (cache).dirty()) << #call;                                               \
        EXPECT_EQ(lightsBefore_, (cache).lights().size()) << #call;                                          \
    } while (0)

} // namespace ddivk::state::test

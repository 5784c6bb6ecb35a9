// The executor's small parts: the scratch arena and the context table.
#include <gtest/gtest.h>

#include <cstring>
#include <set>

#include "dp2/context_table.h"
#include "dp2/scratch_arena.h"

namespace ddivk::dp2::test {
namespace {

TEST(DP2Support, ScratchArenaKeepsEarlierAllocationsValidUntilReset) {
    ScratchArena arena;
    std::vector<std::pair<unsigned char*, size_t>> taken;
    for (size_t i = 0; i < 64; ++i) { // grows over several blocks
        const size_t bytes = 1000 + i * 97;
        auto* p = static_cast<unsigned char*>(arena.allocate(bytes, 8));
        ASSERT_EQ(reinterpret_cast<uintptr_t>(p) % 8, 0u);
        std::memset(p, int(i), bytes);
        taken.emplace_back(p, bytes);
    }
    for (size_t i = 0; i < taken.size(); ++i)
        for (size_t b = 0; b < taken[i].second; ++b)
            ASSERT_EQ(taken[i].first[b], static_cast<unsigned char>(i)) << i;
}

TEST(DP2Support, WarmScratchArenaReusesItsMemory) {
    ScratchArena arena;
    std::set<void*> first;
    for (int i = 0; i < 10; ++i)
        first.insert(arena.allocate(10000, 4));
    for (int round = 0; round < 3; ++round) {
        arena.reset();
        for (int i = 0; i < 10; ++i)
            EXPECT_TRUE(first.count(arena.allocate(10000, 4))) << round << " " << i;
    }
    arena.reset();
    EXPECT_TRUE(first.count(arena.allocate(1, 1)));
}

TEST(DP2Support, ScratchArenaArraysAreConstructed) {
    struct Item {
        int a = 7;
        const void* p = nullptr;
    };
    ScratchArena arena;
    Item* items = arena.allocateArray<Item>(100);
    for (int i = 0; i < 100; ++i) {
        EXPECT_EQ(items[i].a, 7);
        EXPECT_EQ(items[i].p, nullptr);
    }
    EXPECT_THROW(arena.allocateArray<Item>(SIZE_MAX / 2), std::bad_alloc);
}

TEST(DP2Support, ContextHandlesAreUniqueAndNonzero) {
    ContextTable contexts;
    Target a, b;
    const uintptr_t ha = contexts.add(a);
    const uintptr_t hb = contexts.add(b);
    EXPECT_NE(ha, 0u);
    EXPECT_NE(ha, hb);
    EXPECT_EQ(contexts.find(ha)->target, &a);
    EXPECT_FALSE(contexts.add(ha, b)); // taken
    EXPECT_FALSE(contexts.add(0, b));
    EXPECT_TRUE(contexts.add(0x1234, b));
    EXPECT_EQ(contexts.find(0x1234)->target, &b);
    EXPECT_TRUE(contexts.remove(ha));
    EXPECT_EQ(contexts.find(ha), nullptr);
    EXPECT_FALSE(contexts.remove(ha));
}

} // namespace
} // namespace ddivk::dp2::test

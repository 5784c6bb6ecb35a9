#include "vk/range_allocator.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

using ddivk::vk::alignUp;
using ddivk::vk::RangeAllocator;

TEST(RangeAllocator, FirstFitWithAlignment) {
    RangeAllocator r(1024);
    EXPECT_EQ(r.allocate(10, 1), 0u);
    EXPECT_EQ(r.allocate(16, 64), 64u); // 10..63 stays free
    EXPECT_EQ(r.allocate(20, 4), 12u);  // first fit goes back into the gap
    EXPECT_EQ(r.used(), 46u);
    EXPECT_FALSE(r.allocate(2000, 1).has_value());
}

TEST(RangeAllocator, NonPowerOfTwoAlignment) {
    RangeAllocator r(100);
    EXPECT_EQ(r.allocate(5, 1), 0u);
    EXPECT_EQ(r.allocate(12, 12), 12u);
    EXPECT_EQ(alignUp(13, 12), 24u);
}

TEST(RangeAllocator, FreeCoalescesAndReuses) {
    RangeAllocator r(300);
    auto a = *r.allocate(100, 1), b = *r.allocate(100, 1), c = *r.allocate(100, 1);
    EXPECT_FALSE(r.allocate(1, 1).has_value());
    r.free(b, 100);
    EXPECT_EQ(r.allocate(100, 1), b); // reuses the hole
    r.free(a, 100);
    r.free(b, 100);
    r.free(c, 100);
    EXPECT_TRUE(r.empty());
    EXPECT_EQ(r.freeRangeCount(), 1u);
    EXPECT_EQ(r.allocate(300, 1), 0u);
}

TEST(RangeAllocator, RandomAllocationsNeverOverlap) {
    struct Range {
        uint64_t offset, size;
    };
    RangeAllocator r(1 << 20);
    std::mt19937 rng(42);
    std::vector<Range> live;
    for (int i = 0; i < 5000; ++i) {
        if (!live.empty() && rng() % 3 == 0) {
            size_t k = rng() % live.size();
            r.free(live[k].offset, live[k].size);
            live.erase(live.begin() + static_cast<long>(k));
            continue;
        }
        uint64_t size = 1 + rng() % 4096, alignment = 1ull << (rng() % 9);
        if (auto offset = r.allocate(size, alignment)) {
            EXPECT_EQ(*offset % alignment, 0u);
            live.push_back({*offset, size});
        }
    }
    std::sort(live.begin(), live.end(), [](const Range& a, const Range& b) { return a.offset < b.offset; });
    uint64_t total = 0;
    for (size_t i = 0; i < live.size(); ++i) {
        total += live[i].size;
        if (i) {
            EXPECT_LE(live[i - 1].offset + live[i - 1].size, live[i].offset);
        }
    }
    EXPECT_EQ(total, r.used());
    for (const Range& x : live)
        r.free(x.offset, x.size);
    EXPECT_EQ(r.freeRangeCount(), 1u);
}

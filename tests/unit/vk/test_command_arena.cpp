// The command pools' arena (vk/command_arena.h) through its VkAllocationCallbacks, as a driver
// calls them.
#include "vk/command_arena.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>

using namespace ddivk;

namespace {

void* allocate(const VkAllocationCallbacks* c, size_t size, size_t alignment) {
    return c->pfnAllocation(c->pUserData, size, alignment, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
}
void release(const VkAllocationCallbacks* c, void* p) {
    c->pfnFree(c->pUserData, p);
}

} // namespace

TEST(CommandArena, AllocationsHonourTheRequestedAlignment) {
    vk::CommandArena arena;
    for (size_t alignment : {1u, 8u, 16u, 64u, 256u}) {
        void* p = allocate(arena.callbacks(), 24, alignment);
        ASSERT_NE(p, nullptr);
        EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % alignment, 0u) << alignment;
        release(arena.callbacks(), p);
    }
    EXPECT_EQ(arena.liveAllocations(), 0u);
}

TEST(CommandArena, ZeroBytesIsAnAllocationNotAFailure) {
    vk::CommandArena arena;
    void* p = allocate(arena.callbacks(), 0, 8); // NULL would read as out of host memory
    EXPECT_NE(p, nullptr);
    release(arena.callbacks(), p);
}

TEST(CommandArena, ReallocationKeepsTheContents) {
    vk::CommandArena arena;
    const VkAllocationCallbacks* c = arena.callbacks();
    auto* p = static_cast<unsigned char*>(allocate(c, 100, 8));
    for (int i = 0; i < 100; ++i) p[i] = static_cast<unsigned char>(i * 7);
    auto* q = static_cast<unsigned char*>(c->pfnReallocation(c->pUserData, p, 1 << 20, 8,
                                                             VK_SYSTEM_ALLOCATION_SCOPE_OBJECT));
    ASSERT_NE(q, nullptr);
    for (int i = 0; i < 100; ++i) ASSERT_EQ(q[i], static_cast<unsigned char>(i * 7)) << i;
    auto* r = static_cast<unsigned char*>(c->pfnReallocation(c->pUserData, q, 10, 8, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT));
    for (int i = 0; i < 10; ++i) ASSERT_EQ(r[i], static_cast<unsigned char>(i * 7)) << i;
    EXPECT_EQ(arena.liveAllocations(), 1u);
    release(c, r);
    EXPECT_EQ(arena.liveAllocations(), 0u);
}

TEST(CommandArena, ResetReusesTheChunksOnceEverythingIsFreed) {
    vk::CommandArena arena;
    const VkAllocationCallbacks* c = arena.callbacks();
    void* first = allocate(c, 64, 8);
    release(c, first);
    ASSERT_TRUE(arena.reset());
    void* again = allocate(c, 64, 8);
    EXPECT_EQ(again, first); // the same bytes, recycled
    release(c, again);
}

TEST(CommandArena, ResetWithLiveMemoryNeverReusesIt) {
    vk::CommandArena arena;
    const VkAllocationCallbacks* c = arena.callbacks();
    auto* held = static_cast<unsigned char*>(allocate(c, 64, 8));
    std::memset(held, 0xAB, 64);
    EXPECT_FALSE(arena.reset()); // something the driver allocated is still alive
    void* later[100];
    for (void*& p : later) std::memset(p = allocate(c, 64, 8), 0, 64);
    for (int i = 0; i < 64; ++i) ASSERT_EQ(held[i], 0xAB) << i;
    for (void* p : later) release(c, p);
    release(c, held);
}

TEST(CommandArena, PersistentAllocationsOutliveResets) {
    vk::CommandArena arena;
    const VkAllocationCallbacks* c = arena.callbacks();
    arena.setPersistent(true);
    auto* object = static_cast<unsigned char*>(allocate(c, 64, 8));
    arena.setPersistent(false);
    std::memset(object, 0x5C, 64);
    EXPECT_EQ(arena.liveAllocations(), 0u); // not counted as recording memory
    ASSERT_TRUE(arena.reset());
    for (int i = 0; i < 100; ++i) std::memset(allocate(c, 64, 8), 0, 64);
    for (int i = 0; i < 64; ++i) ASSERT_EQ(object[i], 0x5C) << i;
    release(c, object);
}

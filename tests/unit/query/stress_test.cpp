// Thousands of queries a frame for many frames: pools grow to what is in flight and are then
// recycled, so memory stays flat; results stay right; nothing reads a query pool while another
// submission runs (the engine only reads copies after the timeline says they are done).
#include <atomic>
#include <thread>

#include "unit/query/query_fixture.h"
#include "vk/queue.h"

namespace ddivk::test {
namespace {

class QueryStress : public QueryTest {};

TEST_F(QueryStress, TenThousandFramesOfOcclusionQueriesKeepMemoryFlat) {
    constexpr int kFrames = 10000;
    constexpr uint32_t kQueries = 12; // per frame, each around one small rectangle
    constexpr uint32_t kSets = 3;     // query sets rotate over frames in flight, as programs do
    // Created once; frame f issues set f % kSets (ids set * kQueries + 1 ...).
    CommandStream create;
    for (uint32_t id = 1; id <= kSets * kQueries; ++id)
        create.cmd(D3DDP2OP_CREATEQUERY, 1).put(D3DHAL_DP2CREATEQUERY{id, D3DQUERYTYPE_OCCLUSION});
    ASSERT_EQ(execute(create), S_OK);

    std::vector<CommandStream> frames;
    std::vector<TLVertex> v;
    std::vector<uint64_t> expected(kSets * kQueries + 1);
    for (uint32_t set = 0; set < kSets; ++set) {
        frames.push_back(scene());
        v.clear();
        for (uint32_t i = 1; i <= kQueries; ++i) {
            const uint32_t id = set * kQueries + i;
            frames.back().cmd(D3DDP2OP_ISSUEQUERY, 1).put(D3DHAL_DP2ISSUEQUERY{id, D3DISSUE_BEGIN});
            rect(frames.back(), v, float(i), 0, float(i + 1), float(i)); // 1 x i pixels
            expected[id] = i;
            frames.back().cmd(D3DDP2OP_ISSUEQUERY, 1).put(D3DHAL_DP2ISSUEQUERY{id, D3DISSUE_END});
        }
    }

    size_t poolsAfterWarmUp = 0;
    size_t maxPools = 0, maxOwed = 0, maxPending = 0;
    uint64_t answers = 0, wrong = 0;
    for (int f = 0; f < kFrames; ++f) {
        std::vector<Response> got;
        ASSERT_EQ(executeResponding(frames[f % kSets], v, got, 4096), S_OK);
        for (const Response& r : got) {
            ++answers;
            if (r.queryID == 0 || r.queryID > kSets * kQueries || r.value() != expected[r.queryID]) ++wrong;
        }
        // A frame that finishes presents: the runtime's flip.
        ASSERT_EQ(ddivk_surface_flip(device_, target_), S_OK);
        maxPools = std::max(maxPools, engine().poolCount());
        maxOwed = std::max(maxOwed, context().responsesOwed());
        maxPending = std::max(maxPending, engine().pendingSegments());
        if (f == 100) poolsAfterWarmUp = engine().poolCount();
        // Wait for the flip like a program with a frame limit (keeps the CPU ahead by one frame).
        while (driverDevice().flipInProgress(*driverDevice().findSurface(target_))) {
        }
    }
    std::vector<Response> rest = collect(0);
    driverDevice().vulkan().queue().waitIdle();
    for (int i = 0; i < 10 && context().responsesOwed() > 0; ++i) {
        CommandStream empty;
        ASSERT_EQ(executeResponding(empty, {}, rest, 1 << 16), S_OK);
    }
    answers += rest.size();
    EXPECT_EQ(wrong, 0u);
    // Every End is answered exactly once: a set is answered before it is issued again.
    EXPECT_EQ(answers, uint64_t(kFrames) * kQueries);
    EXPECT_EQ(context().responsesOwed(), 0u);
    // Flat: no pool created after warm-up, and a small bound overall.
    EXPECT_EQ(engine().poolCount(), poolsAfterWarmUp);
    EXPECT_LE(maxPools, 4u);
    EXPECT_LE(maxOwed, size_t(kSets * kQueries));
    EXPECT_LE(maxPending, size_t(8 * kQueries));
    RecordProperty("pools", int(maxPools));
}

// The load that crashes another D3D9-on-Vulkan layer inside lavapipe: results polled on one
// thread while another submits. Our reads never touch a query pool (timeline-gated copies), and
// every door call holds the device lock.
TEST_F(QueryStress, PollingFromAnotherThreadWhileSubmittingIsSafeAndRight) {
    constexpr int kFrames = 1500;
    constexpr uint32_t kQueries = 20;
    CommandStream create;
    for (uint32_t id = 1; id <= 2 * kQueries; ++id)
        create.cmd(D3DDP2OP_CREATEQUERY, 1).put(D3DHAL_DP2CREATEQUERY{id, D3DQUERYTYPE_OCCLUSION});
    ASSERT_EQ(execute(create), S_OK);
    std::vector<CommandStream> frames;
    std::vector<TLVertex> v;
    for (uint32_t set = 0; set < 2; ++set) {
        frames.push_back(scene());
        v.clear();
        for (uint32_t i = 1; i <= kQueries; ++i) {
            const uint32_t id = set * kQueries + i;
            frames.back().cmd(D3DDP2OP_ISSUEQUERY, 1).put(D3DHAL_DP2ISSUEQUERY{id, D3DISSUE_BEGIN});
            rect(frames.back(), v, 0, 0, 2, 2); // 4 pixels
            frames.back().cmd(D3DDP2OP_ISSUEQUERY, 1).put(D3DHAL_DP2ISSUEQUERY{id, D3DISSUE_END});
        }
    }

    std::atomic<bool> done{false};
    std::atomic<uint64_t> polled{0}, wrong10{0};
    std::thread poller([&] {
        D3D10DDI_HQUERY q = create10(D3D10DDI_QUERY_OCCLUSION);
        D3D10DDI_HQUERY e = create10(D3D10DDI_QUERY_EVENT);
        while (!done) {
            begin10(q);
            end10(q);
            end10(e);
            uint64_t count = 0;
            HRESULT hr;
            while ((hr = getData10(q, &count, sizeof count)) == DXGI_DDI_ERR_WASSTILLDRAWING) {
            }
            // The bracket is empty on this thread, but draws of the other thread may fall in
            // it: whole rectangles of 4 pixels.
            if (hr != S_OK || count % 4 != 0) ++wrong10;
            BOOL signalled = 0;
            while (getData10(e, &signalled, sizeof signalled) == DXGI_DDI_ERR_WASSTILLDRAWING) {
            }
            ++polled;
        }
    });
    uint64_t answers = 0, wrong = 0;
    for (int f = 0; f < kFrames; ++f) {
        std::vector<Response> got;
        EXPECT_EQ(executeResponding(frames[f % 2], v, got, 4096), S_OK);
        for (const Response& r : got) {
            ++answers;
            if (r.value() != 4) ++wrong;
        }
        // Present and keep at most one frame in flight, as a program with a frame limit does.
        EXPECT_EQ(ddivk_surface_flip(device_, target_), S_OK);
        while (true) {
            std::lock_guard lock(driverDevice().lock());
            if (!driverDevice().flipInProgress(*driverDevice().findSurface(target_))) break;
        }
    }
    done = true;
    poller.join();
    EXPECT_EQ(wrong, 0u);
    EXPECT_EQ(wrong10.load(), 0u);
    EXPECT_GT(answers, 0u);
    EXPECT_GT(polled.load(), 0u);
    EXPECT_LE(engine().poolCount(), 16u);
}

} // namespace
} // namespace ddivk::test

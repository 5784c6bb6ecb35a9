// The load the issue names (tests/unit/query/stress_test.cpp has the quicker forms): 500
// occlusion queries a frame for 10 000 frames, the load under which another D3D9-on-Vulkan layer
// crashes inside lavapipe within 200 frames. Every answer must be right, every End answered
// once, and the pools flat. It runs for minutes, so it is its own meson test ('query-soak', the
// main build only); DDIVK_SOAK_FRAMES shortens it for a quick look.
#include <cstdlib>

#include "unit/query/query_fixture.h"
#include "vk/queue.h"

namespace ddivk::test {
namespace {

class QuerySoak : public QueryTest {};

TEST_F(QuerySoak, FiveHundredOcclusionQueriesAFrameForTenThousandFrames) {
    const char* env = std::getenv("DDIVK_SOAK_FRAMES");
    const int frames = env ? std::atoi(env) : 10000;
    constexpr uint32_t kQueries = 500; // per frame, each around one 1-pixel rectangle
    constexpr uint32_t kSets = 3;      // sets rotate over the frames in flight
    CommandStream create;
    for (uint32_t id = 1; id <= kSets * kQueries; ++id)
        create.cmd(D3DDP2OP_CREATEQUERY, 1).put(D3DHAL_DP2CREATEQUERY{id, D3DQUERYTYPE_OCCLUSION});
    ASSERT_EQ(execute(create), S_OK);
    std::vector<CommandStream> sets;
    std::vector<TLVertex> v;
    for (uint32_t set = 0; set < kSets; ++set) {
        sets.push_back(scene());
        v.clear();
        for (uint32_t i = 0; i < kQueries; ++i) {
            const uint32_t id = set * kQueries + i + 1;
            const float x = float(i % kWidth), y = float(i / kWidth);
            sets.back().cmd(D3DDP2OP_ISSUEQUERY, 1).put(D3DHAL_DP2ISSUEQUERY{id, D3DISSUE_BEGIN});
            rect(sets.back(), v, x, y, x + 1, y + 1);
            sets.back().cmd(D3DDP2OP_ISSUEQUERY, 1).put(D3DHAL_DP2ISSUEQUERY{id, D3DISSUE_END});
        }
    }

    uint64_t answers = 0, wrong = 0;
    size_t poolsAfterWarmUp = 0, maxPools = 0;
    for (int f = 0; f < frames; ++f) {
        std::vector<Response> got;
        ASSERT_EQ(executeResponding(sets[f % kSets], v, got, 1 << 16), S_OK) << "frame " << f;
        for (const Response& r : got) {
            ++answers;
            if (r.queryID == 0 || r.queryID > kSets * kQueries || r.value() != 1) ++wrong;
        }
        ASSERT_EQ(ddivk_surface_flip(device_, target_), S_OK);
        maxPools = std::max(maxPools, engine().poolCount());
        if (f == 100) poolsAfterWarmUp = engine().poolCount();
        while (driverDevice().flipInProgress(*driverDevice().findSurface(target_))) {
        }
    }
    driverDevice().vulkan().queue().waitIdle();
    std::vector<Response> rest;
    for (int i = 0; i < 100 && context().responsesOwed() > 0; ++i) {
        CommandStream empty;
        ASSERT_EQ(executeResponding(empty, {}, rest, 1 << 16), S_OK);
    }
    answers += rest.size();
    for (const Response& r : rest)
        if (r.value() != 1) ++wrong;
    EXPECT_EQ(wrong, 0u);
    EXPECT_EQ(answers, uint64_t(frames) * kQueries) << "every End answered exactly once";
    if (frames > 100) {
        EXPECT_EQ(engine().poolCount(), poolsAfterWarmUp) << "no pool after warm-up";
    }
    EXPECT_LE(maxPools, 16u);
    RecordProperty("pools", int(maxPools));
}

} // namespace
} // namespace ddivk::test

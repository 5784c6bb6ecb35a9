// The D3D9 query types through the DP2 door: CREATEQUERY / ISSUEQUERY / DELETEQUERY tokens and
// the RESPONSEQUERY answers written over the command buffer (DX9 DDK, "Handling Asynchronous
// Queries"), on scenes whose counts are computed here.
#include <cmath>
#include <random>

#include "support/vk_test.h"
#include "unit/query/query_fixture.h"
#include "vk/queue.h"

namespace ddivk::test {
namespace {

class DP2Query : public QueryTest {
  protected:
    static void createQuery(CommandStream& s, uint32_t id, uint32_t type) {
        s.cmd(D3DDP2OP_CREATEQUERY, 1).put(D3DHAL_DP2CREATEQUERY{id, type});
    }
    static void issue(CommandStream& s, uint32_t id, uint32_t flags) {
        s.cmd(D3DDP2OP_ISSUEQUERY, 1).put(D3DHAL_DP2ISSUEQUERY{id, flags});
    }
    static void deleteQuery(CommandStream& s, uint32_t id) {
        s.cmd(D3DDP2OP_DELETEQUERY, 1).put(D3DHAL_DP2DELETEQUERY{id});
    }
};

TEST_F(DP2Query, OcclusionResponseIsTheDwordCountOfVisiblePixels) {
    std::vector<TLVertex> v;
    CommandStream s = scene();
    createQuery(s, 7, D3DQUERYTYPE_OCCLUSION);
    issue(s, 7, D3DISSUE_BEGIN);
    rect(s, v, 2, 3, 12, 9); // 10 x 6
    issue(s, 7, D3DISSUE_END);
    std::vector<Response> got;
    ASSERT_EQ(executeResponding(s, v, got), S_OK);
    got = collect(1, got);
    ASSERT_EQ(got.size(), 1u);
    EXPECT_EQ(got[0].queryID, 7u);
    ASSERT_EQ(got[0].data.size(), 4u); // a DWORD
    EXPECT_EQ(got[0].value(), 60u);
}

TEST_F(DP2Query, EventResponseIsTrueOnceTheGpuPassedIt) {
    std::vector<TLVertex> v;
    CommandStream s = scene();
    createQuery(s, 1, D3DQUERYTYPE_EVENT);
    rect(s, v, 0, 0, 8, 8);
    issue(s, 1, D3DISSUE_END);
    std::vector<Response> got;
    {
        ScopedQueueHold hold(driverDevice().vulkan().queue());
        ASSERT_EQ(executeResponding(s, v, got), S_OK);
        EXPECT_TRUE(got.empty()) << "no response while the GPU is busy";
        EXPECT_EQ(errorOffset(), 0u) << "dwErrorOffset is 0 without responses";
        CommandStream empty;
        ASSERT_EQ(executeResponding(empty, {}, got), S_OK);
        EXPECT_TRUE(got.empty());
    }
    got = collect(1, got);
    ASSERT_EQ(got.size(), 1u);
    ASSERT_EQ(got[0].data.size(), 4u);
    EXPECT_EQ(got[0].value(), 1u); // always TRUE
}

TEST_F(DP2Query, TimestampFrequencyAndDisjointAnswer) {
    CommandStream s = scene();
    createQuery(s, 1, D3DQUERYTYPE_TIMESTAMPDISJOINT);
    createQuery(s, 2, D3DQUERYTYPE_TIMESTAMP);
    createQuery(s, 3, D3DQUERYTYPE_TIMESTAMPFREQ);
    createQuery(s, 4, D3DQUERYTYPE_TIMESTAMP);
    issue(s, 1, D3DISSUE_BEGIN);
    issue(s, 2, D3DISSUE_END);
    std::vector<TLVertex> v;
    rect(s, v, 0, 0, 64, 48);
    issue(s, 4, D3DISSUE_END);
    issue(s, 3, D3DISSUE_END);
    issue(s, 1, D3DISSUE_END);
    std::vector<Response> got;
    ASSERT_EQ(executeResponding(s, v, got), S_OK);
    got = collect(4, got);
    ASSERT_EQ(got.size(), 4u);
    // In issue order of the Ends: 2, 4, 3, 1.
    EXPECT_EQ(got[0].queryID, 2u);
    EXPECT_EQ(got[1].queryID, 4u);
    EXPECT_EQ(got[2].queryID, 3u);
    EXPECT_EQ(got[3].queryID, 1u);
    EXPECT_LT(got[0].value(), got[1].value());
    const float period = driverDevice().vulkan().caps().timestampPeriod;
    EXPECT_EQ(got[2].data.size(), 8u);
    EXPECT_EQ(got[2].value(), uint64_t(std::llround(1e9 / double(period))));
    EXPECT_EQ(got[3].data.size(), 4u);
    EXPECT_EQ(got[3].value(), 0u) << "not disjoint";
}

TEST_F(DP2Query, ResponsesComeInIssueOrderOnePerEnd) {
    CommandStream s = scene();
    std::vector<TLVertex> v;
    for (uint32_t id = 1; id <= 6; ++id)
        createQuery(s, id, id % 2 ? D3DQUERYTYPE_OCCLUSION : D3DQUERYTYPE_EVENT);
    for (uint32_t id : {5u, 1u, 3u}) {
        issue(s, id, D3DISSUE_BEGIN);
        rect(s, v, 0, 0, float(id), 1);
        issue(s, id, D3DISSUE_END);
    }
    for (uint32_t id : {6u, 2u, 4u})
        issue(s, id, D3DISSUE_END);
    std::vector<Response> got;
    ASSERT_EQ(executeResponding(s, v, got), S_OK);
    got = collect(6, got);
    ASSERT_EQ(got.size(), 6u);
    const uint32_t order[] = {5, 1, 3, 6, 2, 4};
    for (size_t i = 0; i < 6; ++i)
        EXPECT_EQ(got[i].queryID, order[i]);
    EXPECT_EQ(got[0].value(), 5u);
    EXPECT_EQ(got[1].value(), 1u);
    EXPECT_EQ(got[2].value(), 3u);
}

// Re-issuing before the answer came replaces the earlier issue: one response, the latest data.
TEST_F(DP2Query, ReissuedQueryAnswersOnlyItsLatestIssue) {
    CommandStream s = scene();
    std::vector<TLVertex> v;
    createQuery(s, 9, D3DQUERYTYPE_OCCLUSION);
    issue(s, 9, D3DISSUE_BEGIN);
    rect(s, v, 0, 0, 4, 4);
    issue(s, 9, D3DISSUE_END);
    issue(s, 9, D3DISSUE_BEGIN);
    rect(s, v, 0, 0, 2, 3);
    issue(s, 9, D3DISSUE_END);
    std::vector<Response> got;
    ASSERT_EQ(executeResponding(s, v, got), S_OK);
    got = collect(1, got);
    for (int i = 0; i < 5; ++i) {
        CommandStream empty;
        ASSERT_EQ(executeResponding(empty, {}, got), S_OK);
    }
    ASSERT_EQ(got.size(), 1u);
    EXPECT_EQ(got[0].value(), 6u);
}

// D3D9's IssueQuery(END) without BEGIN: an empty bracket, answered 0.
TEST_F(DP2Query, OcclusionEndWithoutBeginAnswersZero) {
    CommandStream s = scene();
    std::vector<TLVertex> v;
    createQuery(s, 3, D3DQUERYTYPE_OCCLUSION);
    rect(s, v, 0, 0, 4, 4);
    issue(s, 3, D3DISSUE_END);
    std::vector<Response> got;
    ASSERT_EQ(executeResponding(s, v, got), S_OK);
    got = collect(1, got);
    ASSERT_EQ(got.size(), 1u);
    EXPECT_EQ(got[0].value(), 0u);
}

TEST_F(DP2Query, ResponseContinueWhenTheResponsesDoNotFit) {
    CommandStream s = scene();
    const uint32_t n = 40;
    for (uint32_t id = 1; id <= n; ++id) {
        createQuery(s, id, D3DQUERYTYPE_EVENT);
        issue(s, id, D3DISSUE_END);
    }
    std::vector<Response> got;
    {
        // Nothing is ready during the (large) call that issues them.
        ScopedQueueHold hold(driverDevice().vulkan().queue());
        ASSERT_EQ(executeResponding(s, {}, got), S_OK);
        ASSERT_TRUE(got.empty());
    }
    driverDevice().vulkan().queue().waitIdle();
    // Small buffers: 64 bytes hold a header and 4 responses of 12 bytes, then CONTINUE.
    bool sawContinue = false;
    int continues = 0;
    for (int i = 0; i < 1000 && got.size() < n; ++i) {
        CommandStream empty;
        ASSERT_EQ(executeResponding(empty, {}, got, 64, &sawContinue), S_OK);
        continues += sawContinue;
    }
    // Every one of the n responses came through the small buffers, in order.
    ASSERT_EQ(got.size(), n);
    for (uint32_t i = 0; i < n; ++i)
        EXPECT_EQ(got[i].queryID, i + 1);
    EXPECT_GT(continues, 0);
}

TEST_F(DP2Query, DeletedQueryIsNeverAnswered) {
    CommandStream s = scene();
    createQuery(s, 1, D3DQUERYTYPE_EVENT);
    createQuery(s, 2, D3DQUERYTYPE_EVENT);
    issue(s, 1, D3DISSUE_END);
    issue(s, 2, D3DISSUE_END);
    deleteQuery(s, 1);
    std::vector<Response> got;
    ASSERT_EQ(executeResponding(s, {}, got), S_OK);
    got = collect(1, got);
    ASSERT_EQ(got.size(), 1u);
    EXPECT_EQ(got[0].queryID, 2u);
    EXPECT_EQ(context().queryCount(), 1u);
}

TEST_F(DP2Query, TypesWeCannotMeasureAreNotAvailable) {
    for (uint32_t type :
         {D3DQUERYTYPE_VCACHE, D3DQUERYTYPE_RESOURCEMANAGER, D3DQUERYTYPE_VERTEXSTATS,
          D3DQUERYTYPE_PIPELINETIMINGS, D3DQUERYTYPE_INTERFACETIMINGS, D3DQUERYTYPE_VERTEXTIMINGS,
          D3DQUERYTYPE_PIXELTIMINGS, D3DQUERYTYPE_BANDWIDTHTIMINGS, D3DQUERYTYPE_CACHEUTILIZATION,
          D3DQUERYTYPE_MEMORYPRESSURE}) {
        CommandStream s;
        createQuery(s, 1, type);
        EXPECT_EQ(execute(s), D3DERR_NOTAVAILABLE) << type;
        EXPECT_EQ(context().queryCount(), 0u);
    }
}

// A failing token changes nothing, and dwErrorOffset points at it.
TEST_F(DP2Query, InvalidQueryTokensFailWholeAndChangeNothing) {
    CommandStream ok;
    createQuery(ok, 1, D3DQUERYTYPE_EVENT);
    ASSERT_EQ(execute(ok), S_OK);

    auto expectFails = [&](CommandStream& s, HRESULT want) {
        const size_t at = s.tokens().back().start;
        EXPECT_EQ(execute(s), want);
        EXPECT_EQ(errorOffset(), at);
        EXPECT_EQ(context().queryCount(), 1u);
        EXPECT_EQ(context().responsesOwed(), 0u);
    };
    { // a duplicate id inside one token: neither item is created
        CommandStream s;
        s.cmd(D3DDP2OP_CREATEQUERY, 2)
            .put(D3DHAL_DP2CREATEQUERY{5, D3DQUERYTYPE_EVENT})
            .put(D3DHAL_DP2CREATEQUERY{5, D3DQUERYTYPE_OCCLUSION});
        expectFails(s, D3DERR_INVALIDCALL);
    }
    { // an id already in use
        CommandStream s;
        createQuery(s, 1, D3DQUERYTYPE_OCCLUSION);
        expectFails(s, D3DERR_INVALIDCALL);
    }
    { // an unknown type
        CommandStream s;
        createQuery(s, 2, 77);
        expectFails(s, D3DERR_INVALIDCALL);
    }
    { // BEGIN on an event (END only); the valid item before it does not apply either
        CommandStream s;
        s.cmd(D3DDP2OP_ISSUEQUERY, 2)
            .put(D3DHAL_DP2ISSUEQUERY{1, D3DISSUE_END})
            .put(D3DHAL_DP2ISSUEQUERY{1, D3DISSUE_BEGIN});
        expectFails(s, D3DERR_INVALIDCALL);
    }
    { // unknown issue flags, unknown id
        CommandStream s;
        issue(s, 1, 0x10);
        expectFails(s, D3DERR_INVALIDCALL);
        CommandStream t;
        issue(t, 99, D3DISSUE_END);
        expectFails(t, D3DERR_INVALIDCALL);
    }
    { // deleting an unknown id, or one id twice
        CommandStream s;
        deleteQuery(s, 42);
        expectFails(s, D3DERR_INVALIDCALL);
        CommandStream t;
        t.cmd(D3DDP2OP_DELETEQUERY, 2).put(D3DHAL_DP2DELETEQUERY{1}).put(D3DHAL_DP2DELETEQUERY{1});
        expectFails(t, D3DERR_INVALIDCALL);
    }
    { // a response token in a command buffer
        CommandStream s;
        s.cmd(D3DDP2OP_RESPONSEQUERY, 1).put(D3DHAL_DP2RESPONSEQUERY{1, 4}).put(uint32_t{1});
        expectFails(s, D3DERR_INVALIDCALL);
    }
}

// Query tokens cut short, with random counts and bytes: the documented error
// (D3DERR_COMMAND_UNPARSED for a token running past the commands, else INVALIDCALL or
// NOTAVAILABLE for bad contents), never a crash, and a failed token changes nothing.
TEST_F(DP2Query, MalformedQueryTokensGiveTheDocumentedErrorAndChangeNothing) {
    std::mt19937 random(12345);
    const uint8_t ops[] = {D3DDP2OP_CREATEQUERY, D3DDP2OP_ISSUEQUERY, D3DDP2OP_DELETEQUERY};
    for (int round = 0; round < 2000; ++round) {
        const size_t queriesBefore = context().queryCount();
        CommandStream s;
        const uint8_t op = ops[random() % 3];
        const uint16_t count = uint16_t(random() % 5);
        s.cmd(op, count);
        const size_t itemSize = op == D3DDP2OP_DELETEQUERY ? 4 : 8;
        // Sometimes the full payload, sometimes cut short.
        size_t bytes = count * itemSize;
        if (random() % 2 && bytes > 0) bytes = random() % bytes;
        for (size_t i = 0; i < bytes / 4; ++i) {
            uint32_t word = random() % 4 == 0 ? uint32_t(random()) : uint32_t(random() % 20);
            s.put(word);
        }
        const HRESULT hr = execute(s);
        if (bytes < count * itemSize) {
            EXPECT_EQ(hr, D3DERR_COMMAND_UNPARSED);
            EXPECT_EQ(context().queryCount(), queriesBefore);
        } else if (failed(hr)) {
            EXPECT_TRUE(hr == D3DERR_INVALIDCALL || hr == D3DERR_NOTAVAILABLE) << std::hex << hr;
            EXPECT_EQ(context().queryCount(), queriesBefore);
        }
    }
    // Whatever was issued is answered or dropped, never stuck.
    driverDevice().vulkan().queue().waitIdle();
    for (int i = 0; i < 10 && context().responsesOwed() > 0; ++i) {
        std::vector<Response> got;
        CommandStream empty;
        ASSERT_EQ(executeResponding(empty, {}, got, 1 << 16), S_OK);
        driverDevice().vulkan().queue().waitIdle();
    }
    EXPECT_EQ(context().responsesOwed(), 0u);
}

// One engine for both doors: a D3D10 occlusion query sees what the DP2 door draws while a DP2
// occlusion query runs over the same range.
TEST_F(DP2Query, BothDoorsShareOneEngine) {
    D3D10DDI_HQUERY q10 = create10(D3D10DDI_QUERY_OCCLUSION);
    begin10(q10);
    CommandStream s = scene();
    std::vector<TLVertex> v;
    createQuery(s, 1, D3DQUERYTYPE_OCCLUSION);
    issue(s, 1, D3DISSUE_BEGIN);
    rect(s, v, 0, 0, 5, 5);
    issue(s, 1, D3DISSUE_END);
    std::vector<Response> got;
    ASSERT_EQ(executeResponding(s, v, got), S_OK);
    end10(q10);
    got = collect(1, got);
    ASSERT_EQ(got.size(), 1u);
    EXPECT_EQ(got[0].value(), 25u);
    EXPECT_EQ(wait10<uint64_t>(q10), 25u);
}

// The query types map through tables; every row is checked against the DDK facts.
TEST(QueryTypes, EveryRowOfBothTablesHasItsDdkValueAndSize) {
    uint32_t n10 = 0, n9 = 0;
    const query::TypeRow* t10 = query::d3d10Types(&n10);
    const query::TypeRow* t9 = query::d3d9Types(&n9);
    EXPECT_EQ(n10, 17u); // EVENT .. D3D11 STREAMOVERFLOWPREDICATE_STREAM3
    for (uint32_t i = 0; i < n10; ++i) {
        EXPECT_EQ(t10[i].type, i) << t10[i].name; // D3D10DDI_QUERY counts up from 0
        EXPECT_EQ(query::findD3D10Type(i), &t10[i]);
        if (t10[i].kind == query::Kind::Unsupported) {
            EXPECT_NE(t10[i].whyNot, nullptr) << t10[i].name;
        }
    }
    EXPECT_EQ(query::findD3D10Type(17), nullptr);
    // Sizes of d3d10umddi.h's result types (and of d3d10.h's D3D10_QUERY_DATA_* twins).
    EXPECT_EQ(query::findD3D10Type(D3D10DDI_QUERY_TIMESTAMPDISJOINT)->dataSize, 16u);
    EXPECT_EQ(query::findD3D10Type(D3D10DDI_QUERY_PIPELINESTATS)->dataSize, 64u);
    EXPECT_EQ(query::findD3D10Type(D3D11DDI_QUERY_PIPELINESTATS)->dataSize, 88u);
    EXPECT_EQ(query::findD3D10Type(D3D10DDI_QUERY_STREAMOUTPUTSTATS)->dataSize, 16u);
    EXPECT_EQ(query::findD3D10Type(D3D10DDI_QUERY_OCCLUSION)->dataSize, 8u);
    EXPECT_EQ(query::findD3D10Type(D3D10DDI_QUERY_EVENT)->dataSize, 4u);
    // d3d9types.h values.
    EXPECT_EQ(n9, 15u);
    EXPECT_EQ(query::findD3D9Type(8)->kind, query::Kind::Event);
    EXPECT_EQ(query::findD3D9Type(9)->kind, query::Kind::Occlusion);
    EXPECT_EQ(query::findD3D9Type(10)->kind, query::Kind::Timestamp);
    EXPECT_EQ(query::findD3D9Type(11)->kind, query::Kind::TimestampDisjoint);
    EXPECT_EQ(query::findD3D9Type(12)->kind, query::Kind::TimestampFrequency);
    for (uint32_t i = 0; i < n9; ++i)
        if (t9[i].kind == query::Kind::Unsupported) {
            EXPECT_NE(t9[i].whyNot, nullptr) << t9[i].name;
        }
    EXPECT_EQ(query::findD3D9Type(7), nullptr);
    EXPECT_EQ(uint32_t(D3D10DDI_COUNTER_GPU_IDLE), 0x1000u);
    EXPECT_EQ(uint32_t(D3D10DDI_COUNTER_TEXTURE_CACHE_HIT_RATE), 0x1011u);
    EXPECT_EQ(D3DISSUE_BEGIN, 2u);
    EXPECT_EQ(D3DISSUE_END, 1u);
}

// TIMESTAMPDISJOINT is computed, not assumed: the clocks are compared.
TEST(QueryClocks, DisjointWhenTheDeviceClockDoesNotAdvanceWithTheHostClock) {
    const uint64_t all = ~uint64_t{0};
    query::Calibration a{1000, 5000, 100, true, false};
    query::Calibration steady{1000 + 1'000'000, 5000 + 1'000'000, 100, true, false};
    EXPECT_FALSE(query::clocksDisjoint(a, steady, 1.0, all));
    // Within the deviations and the drift allowance (500 ppm of 1 ms = 500 ns).
    query::Calibration drift{1000 + 1'000'600, 5000 + 1'000'000, 100, true, false};
    EXPECT_FALSE(query::clocksDisjoint(a, drift, 1.0, all));
    // The device clock jumped (a power state change, a reset): 1 ms more than the host saw.
    query::Calibration jump{1000 + 2'000'000, 5000 + 1'000'000, 100, true, false};
    EXPECT_TRUE(query::clocksDisjoint(a, jump, 1.0, all));
    // ... or stood still.
    query::Calibration stopped{1000, 5000 + 1'000'000, 100, true, false};
    EXPECT_TRUE(query::clocksDisjoint(a, stopped, 1.0, all));
    // Another period: 52.08 ns ticks (19.2 MHz).
    query::Calibration slow{1000 + 19'200, 5000 + 1'000'000, 100, true, false};
    EXPECT_FALSE(query::clocksDisjoint(a, slow, 1e9 / 19.2e6, all));
    // Device loss is always disjoint; without samples nothing else is seen.
    query::Calibration lost;
    lost.lost = true;
    EXPECT_TRUE(query::clocksDisjoint(a, lost, 1.0, all));
    EXPECT_FALSE(query::clocksDisjoint(query::Calibration{}, query::Calibration{}, 1.0, all));
    // Timestamps wrap at timestampValidBits.
    const uint64_t mask36 = (uint64_t{1} << 36) - 1;
    query::Calibration nearWrap{mask36 - 10, 5000, 0, true, false};
    query::Calibration wrapped{1'000'000 - 11, 5000 + 1'000'000, 0, true, false};
    EXPECT_FALSE(query::clocksDisjoint(nearWrap, wrapped, 1.0, mask36));
}

TEST(QueryClocks, DisjointDetectionIsCoarseWithoutCalibratedClocks) {
    vk::Caps caps;
    EXPECT_EQ(query::disjointHostDomain(caps), VK_TIME_DOMAIN_DEVICE_EXT);
    caps.calibratedTimestamps = vk::CalibratedTimestamps::Ext;
    caps.timeDomains = {VK_TIME_DOMAIN_DEVICE_EXT, VK_TIME_DOMAIN_CLOCK_MONOTONIC_EXT};
    EXPECT_EQ(query::disjointHostDomain(caps), VK_TIME_DOMAIN_CLOCK_MONOTONIC_EXT);
    caps.timeDomains.push_back(VK_TIME_DOMAIN_CLOCK_MONOTONIC_RAW_EXT);
    EXPECT_EQ(query::disjointHostDomain(caps), VK_TIME_DOMAIN_CLOCK_MONOTONIC_RAW_EXT);
    caps.timeDomains = {VK_TIME_DOMAIN_CLOCK_MONOTONIC_EXT}; // no DEVICE domain
    EXPECT_EQ(query::disjointHostDomain(caps), VK_TIME_DOMAIN_DEVICE_EXT);
}

} // namespace
} // namespace ddivk::test

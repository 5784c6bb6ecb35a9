// The D3D9 query types through the UMD door (include/ddivk/umd_query.h, d3dumddi.h's
// CreateQuery / IssueQuery / GetQueryData / Flush) and IDirect3DQuery9::GetData's rules on top
// of it (ddivk_umd_query_get_data), on scenes whose counts are computed here; and the three
// doors (UMD, DP2, D3D10) on one engine.
#include <cmath>

#include "support/vk_test.h"
#include "unit/query/query_fixture.h"
#include "vk/queue.h"

namespace ddivk::test {
namespace {

class UMDQuery : public QueryTest {
  protected:
    HANDLE hDevice() const { return reinterpret_cast<HANDLE>(context_); }
    const DDIVK_D3DDDI_QUERYFUNCS& umd() const { return *ddivk_umd_query_functions(); }

    // CreateQuery; the handle is destroyed in TearDown.
    HRESULT createUmd(uint32_t type, HANDLE* query) {
        D3DDDIARG_CREATEQUERY args{D3DDDIQUERYTYPE(type), nullptr};
        HRESULT hr = umd().pfnCreateQuery(hDevice(), &args);
        *query = args.hQuery;
        if (hr == S_OK) live_.push_back(args.hQuery);
        return hr;
    }
    HANDLE createUmd(uint32_t type) {
        HANDLE q = nullptr;
        EXPECT_EQ(createUmd(type, &q), S_OK);
        return q;
    }
    HRESULT issueUmd(HANDLE q, uint32_t flags) {
        D3DDDIARG_ISSUEQUERY args{q, {flags}};
        return umd().pfnIssueQuery(hDevice(), &args);
    }
    HRESULT getQueryData(HANDLE q, void* data) {
        D3DDDIARG_GETQUERYDATA args{q, data};
        return umd().pfnGetQueryData(hDevice(), &args);
    }
    HRESULT getData(HANDLE q, void* data, uint32_t size, uint32_t flags = D3DGETDATA_FLUSH) {
        return ddivk_umd_query_get_data(context_, q, data, size, flags);
    }
    // GetData with D3DGETDATA_FLUSH until S_OK (fails the test after 30 s).
    template <class T> T waitUmd(HANDLE q) {
        T value{};
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
        while (std::chrono::steady_clock::now() < deadline) {
            HRESULT hr = getData(q, &value, sizeof value);
            if (hr == S_OK) return value;
            EXPECT_EQ(hr, S_FALSE);
            if (hr != S_FALSE) break;
            std::this_thread::yield();
        }
        ADD_FAILURE() << "query data never became available";
        return value;
    }
    // Draws the rectangles in one DP2 call.
    void draw(std::initializer_list<std::array<float, 4>> rects) {
        std::vector<TLVertex> v;
        CommandStream s = scene();
        for (const auto& r : rects)
            rect(s, v, r[0], r[1], r[2], r[3]);
        ASSERT_EQ(execute(s, v), S_OK);
    }

    void TearDown() override {
        for (HANDLE q : live_)
            EXPECT_EQ(umd().pfnDestroyQuery(hDevice(), q), S_OK);
        live_.clear();
        QueryTest::TearDown();
    }

    std::vector<HANDLE> live_;
};

// --- Creation -----------------------------------------------------------------------------------

TEST_F(UMDQuery, TypesWeCannotMeasureAreNotAvailableAtCreationNeverAMadeUpNumber) {
    for (uint32_t type :
         {D3DQUERYTYPE_VCACHE, D3DQUERYTYPE_RESOURCEMANAGER, D3DQUERYTYPE_VERTEXSTATS,
          D3DQUERYTYPE_PIPELINETIMINGS, D3DQUERYTYPE_INTERFACETIMINGS, D3DQUERYTYPE_VERTEXTIMINGS,
          D3DQUERYTYPE_PIXELTIMINGS, D3DQUERYTYPE_BANDWIDTHTIMINGS, D3DQUERYTYPE_CACHEUTILIZATION,
          D3DQUERYTYPE_MEMORYPRESSURE}) {
        HANDLE q = nullptr;
        EXPECT_EQ(createUmd(type, &q), D3DERR_NOTAVAILABLE) << type;
        EXPECT_EQ(q, nullptr);
    }
    EXPECT_EQ(context().umdQueryCount(), 0u);
}

TEST_F(UMDQuery, UnknownTypesAndDevicesAreInvalidCalls) {
    const size_t live = engine().liveQueries();
    for (uint32_t type : {0u, 7u, 20u, 0xFFFFFFFFu}) {
        HANDLE q = nullptr;
        EXPECT_EQ(createUmd(type, &q), D3DERR_INVALIDCALL) << type;
    }
    D3DDDIARG_CREATEQUERY args{D3DQUERYTYPE_EVENT, nullptr};
    EXPECT_EQ(umd().pfnCreateQuery(reinterpret_cast<HANDLE>(context_ + 12345), &args), D3DERR_INVALIDCALL);
    EXPECT_EQ(umd().pfnCreateQuery(hDevice(), nullptr), D3DERR_INVALIDCALL);
    EXPECT_EQ(engine().liveQueries(), live);
}

TEST_F(UMDQuery, EveryMeasuredTypeIsCreatedWithItsD3D9DataSize) {
    const std::pair<uint32_t, uint32_t> sizes[] = {{D3DQUERYTYPE_EVENT, 4},
                                                   {D3DQUERYTYPE_OCCLUSION, 4},
                                                   {D3DQUERYTYPE_TIMESTAMP, 8},
                                                   {D3DQUERYTYPE_TIMESTAMPDISJOINT, 4},
                                                   {D3DQUERYTYPE_TIMESTAMPFREQ, 8}};
    for (auto [type, size] : sizes) {
        HANDLE q = createUmd(type);
        ASSERT_NE(q, nullptr) << type;
        EXPECT_EQ(ddivk_umd_query_data_size(context_, q), size) << type;
    }
}

// --- Data -----------------------------------------------------------------------------------------

TEST_F(UMDQuery, OcclusionDataIsTheUintCountOfVisiblePixels) {
    HANDLE q = createUmd(D3DQUERYTYPE_OCCLUSION);
    ASSERT_EQ(issueUmd(q, D3DDDI_ISSUEQUERY_BEGIN), S_OK);
    draw({{{2, 3, 12, 9}}, {{30, 30, 35, 48}}}); // 10 x 6 + 5 x 18
    ASSERT_EQ(issueUmd(q, D3DDDI_ISSUEQUERY_END), S_OK);
    EXPECT_EQ(waitUmd<uint32_t>(q), uint32_t(10 * 6 + 5 * 18));
}

TEST_F(UMDQuery, EventIsTrueOnceTheGpuPassedIt) {
    HANDLE q = createUmd(D3DQUERYTYPE_EVENT);
    draw({{{0, 0, 8, 8}}});
    ASSERT_EQ(issueUmd(q, D3DDDI_ISSUEQUERY_END), S_OK);
    EXPECT_EQ(waitUmd<uint32_t>(q), 1u); // always TRUE
}

TEST_F(UMDQuery, GetQueryDataReturnsSFalseUntilTheDataIsReady) {
    HANDLE q = createUmd(D3DQUERYTYPE_EVENT);
    {
        ScopedQueueHold hold(driverDevice().vulkan().queue());
        draw({{{0, 0, 8, 8}}});
        ASSERT_EQ(issueUmd(q, D3DDDI_ISSUEQUERY_END), S_OK);
        uint32_t value = 0xDEAD;
        // Flushing submits, but the GPU (held) has not finished: never blocks, nothing written.
        EXPECT_EQ(getData(q, &value, sizeof value), S_FALSE);
        EXPECT_EQ(getQueryData(q, &value), S_FALSE);
        EXPECT_EQ(value, 0xDEADu);
    }
    EXPECT_EQ(waitUmd<uint32_t>(q), 1u);
}

TEST_F(UMDQuery, GetQueryDataNeverSubmitsFlushDoes) {
    HANDLE q = createUmd(D3DQUERYTYPE_OCCLUSION);
    ASSERT_EQ(issueUmd(q, D3DDDI_ISSUEQUERY_BEGIN), S_OK);
    draw({{{0, 0, 4, 4}}});
    ASSERT_EQ(issueUmd(q, D3DDDI_ISSUEQUERY_END), S_OK);
    // The End is only recorded: without a flush the data can never come.
    uint32_t value = 0;
    for (int i = 0; i < 3; ++i) {
        EXPECT_EQ(getQueryData(q, &value), S_FALSE);
        EXPECT_EQ(getData(q, nullptr, 0, 0), S_FALSE); // a poll without D3DGETDATA_FLUSH
    }
    ASSERT_EQ(umd().pfnFlush(hDevice()), S_OK);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    HRESULT hr = S_FALSE;
    while (hr == S_FALSE && std::chrono::steady_clock::now() < deadline)
        hr = getQueryData(q, &value);
    ASSERT_EQ(hr, S_OK);
    EXPECT_EQ(value, 16u);
}

TEST_F(UMDQuery, TimestampTypesAnswerFrequencyOrderAndDisjoint) {
    HANDLE disjoint = createUmd(D3DQUERYTYPE_TIMESTAMPDISJOINT);
    HANDLE t0 = createUmd(D3DQUERYTYPE_TIMESTAMP);
    HANDLE t1 = createUmd(D3DQUERYTYPE_TIMESTAMP);
    HANDLE freq = createUmd(D3DQUERYTYPE_TIMESTAMPFREQ);
    ASSERT_EQ(issueUmd(disjoint, D3DDDI_ISSUEQUERY_BEGIN), S_OK);
    ASSERT_EQ(issueUmd(t0, D3DDDI_ISSUEQUERY_END), S_OK);
    draw({{{0, 0, 64, 48}}});
    ASSERT_EQ(issueUmd(t1, D3DDDI_ISSUEQUERY_END), S_OK);
    ASSERT_EQ(issueUmd(freq, D3DDDI_ISSUEQUERY_END), S_OK);
    ASSERT_EQ(issueUmd(disjoint, D3DDDI_ISSUEQUERY_END), S_OK);
    const uint64_t a = waitUmd<uint64_t>(t0), b = waitUmd<uint64_t>(t1);
    EXPECT_LT(a, b);
    const float period = driverDevice().vulkan().caps().timestampPeriod;
    EXPECT_EQ(waitUmd<uint64_t>(freq), uint64_t(std::llround(1e9 / double(period))));
    EXPECT_EQ(waitUmd<uint32_t>(disjoint), 0u); // a steady clock over a short bracket
}

TEST_F(UMDQuery, ReissueBeforeTheAnswerAnswersTheLatestBracket) {
    HANDLE q = createUmd(D3DQUERYTYPE_OCCLUSION);
    ASSERT_EQ(issueUmd(q, D3DDDI_ISSUEQUERY_BEGIN), S_OK);
    draw({{{0, 0, 10, 10}}});
    ASSERT_EQ(issueUmd(q, D3DDDI_ISSUEQUERY_END), S_OK);
    ASSERT_EQ(issueUmd(q, D3DDDI_ISSUEQUERY_BEGIN), S_OK);
    draw({{{0, 0, 3, 5}}});
    ASSERT_EQ(issueUmd(q, D3DDDI_ISSUEQUERY_END), S_OK);
    EXPECT_EQ(waitUmd<uint32_t>(q), 15u);
}

TEST_F(UMDQuery, BeginWhileBuildingRestartsAndEndWithoutBeginIsAnEmptyBracket) {
    HANDLE q = createUmd(D3DQUERYTYPE_OCCLUSION);
    ASSERT_EQ(issueUmd(q, D3DDDI_ISSUEQUERY_BEGIN), S_OK);
    draw({{{0, 0, 10, 10}}});
    ASSERT_EQ(issueUmd(q, D3DDDI_ISSUEQUERY_BEGIN), S_OK); // restarts (D3D9 IssueQuery)
    draw({{{0, 0, 2, 2}}});
    ASSERT_EQ(issueUmd(q, D3DDDI_ISSUEQUERY_END), S_OK);
    EXPECT_EQ(waitUmd<uint32_t>(q), 4u);

    HANDLE empty = createUmd(D3DQUERYTYPE_OCCLUSION);
    draw({{{0, 0, 10, 10}}});
    ASSERT_EQ(issueUmd(empty, D3DDDI_ISSUEQUERY_END), S_OK);
    EXPECT_EQ(waitUmd<uint32_t>(empty), 0u);
}

// --- Errors -------------------------------------------------------------------------------------

TEST_F(UMDQuery, WrongSizesFlagsAndStatesAreInvalidCallsAndChangeNothing) {
    HANDLE q = createUmd(D3DQUERYTYPE_OCCLUSION);
    uint64_t value = 0x1122334455667788ull;
    // Never issued: the door has no data to give (IDirect3DQuery9::GetData answers S_OK with
    // 0xDD bytes, Windows' answer: D3D9GetDataAnswersAsWindows).
    EXPECT_EQ(getQueryData(q, &value), D3DERR_INVALIDCALL);
    // Being built.
    ASSERT_EQ(issueUmd(q, D3DDDI_ISSUEQUERY_BEGIN), S_OK);
    draw({{{0, 0, 6, 6}}});
    EXPECT_EQ(getQueryData(q, &value), D3DERR_INVALIDCALL);
    ASSERT_EQ(issueUmd(q, D3DDDI_ISSUEQUERY_END), S_OK);
    // A size without data, unknown GetData flags, unknown handles.
    EXPECT_EQ(getData(q, nullptr, 4), D3DERR_INVALIDCALL);
    EXPECT_EQ(getData(q, &value, 4, 0x80), D3DERR_INVALIDCALL);
    EXPECT_EQ(getData(reinterpret_cast<HANDLE>(uintptr_t(999)), &value, 4), D3DERR_INVALIDCALL);
    EXPECT_EQ(getQueryData(reinterpret_cast<HANDLE>(uintptr_t(999)), &value), D3DERR_INVALIDCALL);
    EXPECT_EQ(value, 0x1122334455667788ull) << "nothing written";
    // Unknown issue bits, unknown handles: the query keeps its issue.
    EXPECT_EQ(issueUmd(q, 0x4), D3DERR_INVALIDCALL);
    EXPECT_EQ(issueUmd(q, D3DDDI_ISSUEQUERY_BEGIN | 0x80), D3DERR_INVALIDCALL);
    EXPECT_EQ(issueUmd(reinterpret_cast<HANDLE>(uintptr_t(999)), D3DDDI_ISSUEQUERY_END), D3DERR_INVALIDCALL);
    EXPECT_EQ(umd().pfnDestroyQuery(hDevice(), reinterpret_cast<HANDLE>(uintptr_t(999))), D3DERR_INVALIDCALL);
    // Flags 0: ignored.
    EXPECT_EQ(issueUmd(q, 0), S_OK);
    EXPECT_EQ(waitUmd<uint32_t>(q), 36u);
}

TEST_F(UMDQuery, BeginOnEndOnlyTypesIsAnInvalidCallAndChangesNothing) {
    for (uint32_t type : {D3DQUERYTYPE_EVENT, D3DQUERYTYPE_TIMESTAMP, D3DQUERYTYPE_TIMESTAMPFREQ}) {
        HANDLE q = createUmd(type);
        EXPECT_EQ(issueUmd(q, D3DDDI_ISSUEQUERY_BEGIN), D3DERR_INVALIDCALL) << type;
        EXPECT_EQ(issueUmd(q, D3DDDI_ISSUEQUERY_BEGIN | D3DDDI_ISSUEQUERY_END), D3DERR_INVALIDCALL) << type;
        uint64_t value = 0;
        EXPECT_EQ(getQueryData(q, &value), D3DERR_INVALIDCALL) << "still never issued";
    }
}

// IDirect3DQuery9::GetData's answers (ddivk_umd_query_get_data), as Windows gives them in Wine's
// test_occlusion_query: before any END, S_OK with the bytes asked for filled with 0xDD; begun
// again after an END, S_FALSE until the next END; then any size: fewer bytes than the data
// take its first ones, more take it zero-extended to 8 bytes.
TEST_F(UMDQuery, D3D9GetDataAnswersAsWindows) {
    HANDLE q = createUmd(D3DQUERYTYPE_OCCLUSION);
    uint64_t value = ~0ull;
    EXPECT_EQ(getData(q, nullptr, 0), S_OK);
    EXPECT_EQ(getData(q, &value, 4), S_OK);
    EXPECT_EQ(value, 0xFFFFFFFFDDDDDDDDull);
    ASSERT_EQ(issueUmd(q, D3DDDI_ISSUEQUERY_BEGIN), S_OK);
    EXPECT_EQ(getData(q, &value, 4), S_OK) << "building, never ended";
    draw({{{0, 0, 6, 6}}});
    ASSERT_EQ(issueUmd(q, D3DDDI_ISSUEQUERY_END), S_OK);
    EXPECT_EQ(waitUmd<uint32_t>(q), 36u);
    value = ~0ull;
    EXPECT_EQ(getData(q, &value, 2), S_OK);
    EXPECT_EQ(value, 0xFFFFFFFFFFFF0024ull);
    EXPECT_EQ(getData(q, &value, 8), S_OK);
    EXPECT_EQ(value, 36u);
    ASSERT_EQ(issueUmd(q, D3DDDI_ISSUEQUERY_BEGIN), S_OK);
    value = ~0ull;
    EXPECT_EQ(getData(q, &value, 4), S_FALSE) << "building after an END";
    EXPECT_EQ(value, ~0ull);
    ASSERT_EQ(issueUmd(q, D3DDDI_ISSUEQUERY_END), S_OK);
    EXPECT_EQ(waitUmd<uint32_t>(q), 0u);
}

TEST_F(UMDQuery, IssueFlagsAreTheUmdBitsNotD3D9s) {
    // D3DDDI_ISSUEQUERYFLAGS: Begin is bit 0, End bit 1; D3DISSUE_END is bit 0, BEGIN bit 1.
    static_assert(D3DDDI_ISSUEQUERY_BEGIN == D3DISSUE_END && D3DDDI_ISSUEQUERY_END == D3DISSUE_BEGIN);
    HANDLE q = createUmd(D3DQUERYTYPE_EVENT);
    // D3DISSUE_END's bit is the UMD Begin: refused on an EVENT.
    EXPECT_EQ(issueUmd(q, D3DISSUE_END), D3DERR_INVALIDCALL);
    ASSERT_EQ(issueUmd(q, D3DDDI_ISSUEQUERY_END), S_OK);
    EXPECT_EQ(waitUmd<uint32_t>(q), 1u);
}

TEST_F(UMDQuery, DestroyingTheContextDestroysItsQueries) {
    const size_t live = engine().liveQueries();
    uintptr_t other = 0;
    ASSERT_EQ(ddivk_context_create(device_, target_, 0, &other), S_OK);
    D3DDDIARG_CREATEQUERY args{D3DQUERYTYPE_OCCLUSION, nullptr};
    ASSERT_EQ(umd().pfnCreateQuery(reinterpret_cast<HANDLE>(other), &args), S_OK);
    D3DDDIARG_ISSUEQUERY issue{args.hQuery, {D3DDDI_ISSUEQUERY_BEGIN}};
    ASSERT_EQ(umd().pfnIssueQuery(reinterpret_cast<HANDLE>(other), &issue), S_OK);
    EXPECT_EQ(engine().liveQueries(), live + 1);
    ASSERT_EQ(ddivk_context_destroy(other), S_OK);
    EXPECT_EQ(engine().liveQueries(), live);
    EXPECT_EQ(umd().pfnIssueQuery(reinterpret_cast<HANDLE>(other), &issue), D3DERR_INVALIDCALL);
}

// --- One engine -------------------------------------------------------------------------------------

class QueryDoors : public UMDQuery {};

TEST_F(QueryDoors, TheThreeDoorsShareOneEngine) {
    const size_t live = engine().liveQueries();
    // One occlusion query per door, all around the same scene.
    HANDLE umdQ = createUmd(D3DQUERYTYPE_OCCLUSION);
    D3D10DDI_HQUERY q10 = create10(D3D10DDI_QUERY_OCCLUSION);
    ASSERT_EQ(takeError(), S_OK);
    std::vector<TLVertex> v;
    CommandStream s = scene();
    s.cmd(D3DDP2OP_CREATEQUERY, 1).put(D3DHAL_DP2CREATEQUERY{5, D3DQUERYTYPE_OCCLUSION});
    std::vector<Response> got;
    ASSERT_EQ(executeResponding(s, v, got), S_OK);
    EXPECT_EQ(engine().liveQueries(), live + 3) << "each door's query is one of the engine's";

    ASSERT_EQ(issueUmd(umdQ, D3DDDI_ISSUEQUERY_BEGIN), S_OK);
    begin10(q10);
    CommandStream body = scene();
    body.cmd(D3DDP2OP_ISSUEQUERY, 1).put(D3DHAL_DP2ISSUEQUERY{5, D3DISSUE_BEGIN});
    rect(body, v, 8, 8, 20, 17); // 12 x 9
    body.cmd(D3DDP2OP_ISSUEQUERY, 1).put(D3DHAL_DP2ISSUEQUERY{5, D3DISSUE_END});
    ASSERT_EQ(executeResponding(body, v, got), S_OK);
    end10(q10);
    ASSERT_EQ(issueUmd(umdQ, D3DDDI_ISSUEQUERY_END), S_OK);
    ASSERT_EQ(takeError(), S_OK);
    // The engine counts one segment's samples into all three (overlapping queries).
    EXPECT_EQ(waitUmd<uint32_t>(umdQ), 108u);
    EXPECT_EQ(wait10<uint64_t>(q10), 108u);
    got = collect(1, got);
    ASSERT_EQ(got.size(), 1u);
    EXPECT_EQ(got[0].queryID, 5u);
    EXPECT_EQ(got[0].value(), 108u);

    // Destroying through one door is seen by the same engine state.
    ASSERT_EQ(umd().pfnDestroyQuery(hDevice(), umdQ), S_OK);
    live_.clear();
    EXPECT_EQ(engine().liveQueries(), live + 2);
}

} // namespace
} // namespace ddivk::test

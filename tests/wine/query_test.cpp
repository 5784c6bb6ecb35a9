// IDirect3DQuery9 through the device: the support answers of CreateQuery, Issue's flags, the
// data sizes and GetData's rules, and results the tests compute themselves: the samples a
// rectangle covers, an event signalled after a flush, timestamps that advance across a draw.
#include "check.h"
#include "device_support.h"

#include <windows.h>

namespace {

// GetData with D3DGETDATA_FLUSH until it answers S_OK (or anything but S_FALSE), at most ~5 s.
HRESULT waitForData(IDirect3DQuery9* query, void* data, DWORD size) {
    HRESULT hr = S_FALSE;
    for (int i = 0; i < 5000 && hr == S_FALSE; ++i) {
        hr = query->GetData(data, size, D3DGETDATA_FLUSH);
        if (hr == S_FALSE) Sleep(1);
    }
    return hr;
}

IDirect3DQuery9* createQuery(IDirect3DDevice9* device, D3DQUERYTYPE type) {
    IDirect3DQuery9* q = nullptr;
    return device->CreateQuery(type, &q) == D3D_OK ? q : nullptr;
}

void drawRect(IDirect3DDevice9* device, int x0, int y0, int x1, int y1, float z) {
    const std::vector<ScreenVertex> quad = screenRect(x0, y0, x1, y1, z, 0xFFFFFFFF);
    CHECK_EQ(device->DrawPrimitiveUP(D3DPT_TRIANGLELIST, 2, quad.data(), sizeof(ScreenVertex)), D3D_OK);
}

} // namespace

// "CreateQuery with ppQuery NULL returns whether the query type is supported": the answer
// agrees with a real creation for every type value; D3D9's event, occlusion and timestamp
// queries are supported here; values that are no query type are not available.
TEST(Query, CreateQueryWithNullOutputAnswersWhetherTheTypeIsSupported) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    for (DWORD type : {D3DQUERYTYPE_EVENT, D3DQUERYTYPE_OCCLUSION, D3DQUERYTYPE_TIMESTAMP,
                       D3DQUERYTYPE_TIMESTAMPDISJOINT, D3DQUERYTYPE_TIMESTAMPFREQ})
        CHECK_EQ(t->CreateQuery(D3DQUERYTYPE(type), nullptr), D3D_OK);
    CHECK_EQ(t->CreateQuery(D3DQUERYTYPE(0), nullptr), D3DERR_NOTAVAILABLE);
    CHECK_EQ(t->CreateQuery(D3DQUERYTYPE(0x1234), nullptr), D3DERR_NOTAVAILABLE);
    for (DWORD type = 0; type <= 24; ++type) {
        const HRESULT support = t->CreateQuery(D3DQUERYTYPE(type), nullptr);
        IDirect3DQuery9* q = reinterpret_cast<IDirect3DQuery9*>(1);
        const HRESULT created = t->CreateQuery(D3DQUERYTYPE(type), &q);
        CHECK_EQ(created, support);
        CHECK(support == D3D_OK || support == D3DERR_NOTAVAILABLE);
        if (created == D3D_OK) {
            REQUIRE(q != nullptr);
            CHECK_EQ(q->GetType(), type);
            CHECK_EQ(q->Release(), 0);
        }
    }
}

// D3D9's data sizes: BOOL for EVENT and TIMESTAMPDISJOINT, DWORD for OCCLUSION, UINT64 for
// TIMESTAMP and TIMESTAMPFREQ.
TEST(Query, GetDataSizeIsTheSizeOfTheTypesData) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    const struct {
        D3DQUERYTYPE type;
        DWORD size;
    } rows[] = {{D3DQUERYTYPE_EVENT, sizeof(BOOL)},
                {D3DQUERYTYPE_OCCLUSION, sizeof(DWORD)},
                {D3DQUERYTYPE_TIMESTAMP, sizeof(UINT64)},
                {D3DQUERYTYPE_TIMESTAMPDISJOINT, sizeof(BOOL)},
                {D3DQUERYTYPE_TIMESTAMPFREQ, sizeof(UINT64)}};
    for (const auto& row : rows) {
        IDirect3DQuery9* q = createQuery(t.device, row.type);
        REQUIRE(q != nullptr);
        CHECK_EQ(q->GetDataSize(), row.size);
        q->Release();
    }
}

// A query keeps its device alive and GetDevice gives that device (one more reference).
TEST(Query, QueryHoldsAndGivesItsDevice) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DQuery9* q = createQuery(t.device, D3DQUERYTYPE_EVENT);
    REQUIRE(q != nullptr);
    IDirect3DDevice9* device = nullptr;
    CHECK_EQ(q->GetDevice(&device), D3D_OK);
    CHECK(device == t.device);
    CHECK_EQ(q->GetDevice(nullptr), D3DERR_INVALIDCALL);
    // The program's reference, the query's, and GetDevice's: Release answers what is left.
    CHECK_EQ(device->Release(), 2);
    IUnknown* unknown = nullptr;
    CHECK_EQ(q->QueryInterface(__uuidof(IDirect3DQuery9), reinterpret_cast<void**>(&unknown)), S_OK);
    CHECK(unknown == q);
    CHECK_EQ(unknown->Release(), 1);
    CHECK_EQ(q->Release(), 0);
}

// Issue takes D3DISSUE_BEGIN / D3DISSUE_END only; EVENT and TIMESTAMPFREQ take END only
// ("Issue: D3DISSUE_BEGIN is not valid for these types"); TIMESTAMP ignores a BEGIN (below).
TEST(Query, IssueTakesOnlyTheFlagsTheTypeAllows) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    for (D3DQUERYTYPE type : {D3DQUERYTYPE_EVENT, D3DQUERYTYPE_TIMESTAMPFREQ}) {
        IDirect3DQuery9* q = createQuery(t.device, type);
        REQUIRE(q != nullptr);
        CHECK_EQ(q->Issue(D3DISSUE_BEGIN), D3DERR_INVALIDCALL);
        CHECK_EQ(q->Issue(0x4), D3DERR_INVALIDCALL);
        CHECK_EQ(q->Issue(D3DISSUE_END), D3D_OK);
        q->Release();
    }
    IDirect3DQuery9* occlusion = createQuery(t.device, D3DQUERYTYPE_OCCLUSION);
    REQUIRE(occlusion != nullptr);
    CHECK_EQ(occlusion->Issue(0x4 | D3DISSUE_BEGIN), D3DERR_INVALIDCALL);
    CHECK_EQ(occlusion->Issue(D3DISSUE_BEGIN), D3D_OK);
    CHECK_EQ(occlusion->Issue(D3DISSUE_END), D3D_OK);
    occlusion->Release();
}

// GetData as Windows answers it (Wine's test_occlusion_query and test_timestamp_query): a size
// of 0 polls; a smaller size takes the first bytes of the data and a larger one up to 8 (the
// occlusion count as 64 bits); the only flag is D3DGETDATA_FLUSH; a size without a buffer is
// D3DERR_INVALIDCALL and writes nothing.
TEST(Query, GetDataTakesAnySizeAndOnlyTheFlushFlag) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DQuery9* q = createQuery(t.device, D3DQUERYTYPE_OCCLUSION);
    REQUIRE(q != nullptr);
    CHECK_EQ(q->Issue(D3DISSUE_BEGIN), D3D_OK);
    CHECK_EQ(q->Issue(D3DISSUE_END), D3D_OK);
    DWORD samples[2] = {0xDEADBEEF, 0xDEADBEEF};
    CHECK_EQ(q->GetData(samples, sizeof(DWORD), 0x2), D3DERR_INVALIDCALL);
    CHECK_EQ(q->GetData(nullptr, sizeof(DWORD), D3DGETDATA_FLUSH), D3DERR_INVALIDCALL);
    CHECK_EQ(samples[0], 0xDEADBEEF);
    // A poll (size 0) answers without data, then the data: nothing was drawn, 0 samples.
    const HRESULT poll = q->GetData(nullptr, 0, D3DGETDATA_FLUSH);
    CHECK(poll == S_OK || poll == S_FALSE);
    CHECK_EQ(waitForData(q, samples, sizeof(DWORD)), S_OK);
    CHECK_EQ(samples[0], 0);
    CHECK_EQ(samples[1], 0xDEADBEEF);
    // Two bytes: the low word alone; eight: the count zero-extended.
    samples[0] = samples[1] = 0xFFFFFFFF;
    CHECK_EQ(q->GetData(samples, 2, D3DGETDATA_FLUSH), D3D_OK);
    CHECK_EQ(samples[0], 0xFFFF0000);
    CHECK_EQ(q->GetData(samples, 8, D3DGETDATA_FLUSH), D3D_OK);
    CHECK_EQ(samples[0], 0);
    CHECK_EQ(samples[1], 0);
    q->Release();
}

// A query never issued answers GetData with S_OK and its bytes filled with 0xDD; one begun
// again after an END answers S_FALSE (or its earlier result) until it ends. TIMESTAMP takes a
// BEGIN and ignores it (Wine's test_timestamp_query).
TEST(Query, UnissuedQueriesAnswerWithFilledBytes) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    for (D3DQUERYTYPE type : {D3DQUERYTYPE_OCCLUSION, D3DQUERYTYPE_TIMESTAMP, D3DQUERYTYPE_TIMESTAMPFREQ,
                              D3DQUERYTYPE_TIMESTAMPDISJOINT}) {
        IDirect3DQuery9* q = createQuery(t.device, type);
        REQUIRE(q != nullptr);
        DWORD data[2] = {0xFFFFFFFF, 0xFFFFFFFF};
        CHECK_EQ(q->GetData(nullptr, 0, D3DGETDATA_FLUSH), D3D_OK);
        CHECK_EQ(q->GetData(data, 4, D3DGETDATA_FLUSH), D3D_OK);
        CHECK_EQ(data[0], 0xDDDDDDDD);
        CHECK_EQ(data[1], 0xFFFFFFFF);
        q->Release();
    }
    IDirect3DQuery9* stamp = createQuery(t.device, D3DQUERYTYPE_TIMESTAMP);
    REQUIRE(stamp != nullptr);
    CHECK_EQ(stamp->Issue(D3DISSUE_BEGIN), D3D_OK);
    CHECK_EQ(stamp->Issue(D3DISSUE_END), D3D_OK);
    UINT64 when = 0;
    CHECK_EQ(waitForData(stamp, &when, sizeof when), S_OK);
    stamp->Release();

    IDirect3DQuery9* q = createQuery(t.device, D3DQUERYTYPE_OCCLUSION);
    REQUIRE(q != nullptr);
    CHECK_EQ(q->Issue(D3DISSUE_END), D3D_OK); // an empty bracket: 0 samples
    DWORD samples = 0xDEADBEEF;
    CHECK_EQ(waitForData(q, &samples, sizeof samples), S_OK);
    CHECK_EQ(samples, 0);
    CHECK_EQ(q->Issue(D3DISSUE_BEGIN), D3D_OK);
    samples = 0xDEADBEEF;
    const HRESULT building = q->GetData(&samples, sizeof samples, D3DGETDATA_FLUSH);
    CHECK(building == S_FALSE || (building == S_OK && samples == 0));
    CHECK_EQ(q->Issue(D3DISSUE_END), D3D_OK);
    q->Release();
}

// Occlusion counts the samples that pass between BEGIN and END, and only those: a W x H
// rectangle (pixel centres, device_support.h) is W * H samples; draws recorded before BEGIN
// and after END are not counted, however the worker runs.
TEST(Query, OcclusionCountsTheSamplesOfTheDrawsBetweenBeginAndEnd) {
    TestDevice t(64, 64, true);
    REQUIRE(t.device != nullptr);
    IDirect3DQuery9* q = createQuery(t.device, D3DQUERYTYPE_OCCLUSION);
    REQUIRE(q != nullptr);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xFF000000, 1.0f, 0), D3D_OK);
    CHECK_EQ(t->SetFVF(kScreenFvf), D3D_OK);
    CHECK_EQ(t->BeginScene(), D3D_OK);
    drawRect(t.device, 0, 0, 64, 64, 0.9f); // before BEGIN
    CHECK_EQ(q->Issue(D3DISSUE_BEGIN), D3D_OK);
    drawRect(t.device, 3, 5, 13, 11, 0.5f);   // 10 x 6
    drawRect(t.device, 40, 40, 47, 43, 0.5f); // 7 x 3
    CHECK_EQ(q->Issue(D3DISSUE_END), D3D_OK);
    drawRect(t.device, 0, 0, 64, 64, 0.1f); // after END
    CHECK_EQ(t->EndScene(), D3D_OK);
    DWORD samples = 0xDEADBEEF;
    CHECK_EQ(waitForData(q, &samples, sizeof samples), S_OK);
    CHECK_EQ(samples, 10 * 6 + 7 * 3);

    // A draw the depth test rejects entirely: depth cleared to 0.25, the rectangle at 0.5
    // (D3DCMP_LESSEQUAL), 0 samples.
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_ZBUFFER, 0, 0.25f, 0), D3D_OK);
    CHECK_EQ(q->Issue(D3DISSUE_BEGIN), D3D_OK);
    drawRect(t.device, 0, 0, 32, 32, 0.5f);
    CHECK_EQ(q->Issue(D3DISSUE_END), D3D_OK);
    samples = 0xDEADBEEF;
    CHECK_EQ(waitForData(q, &samples, sizeof samples), S_OK);
    CHECK_EQ(samples, 0);
    q->Release();
}

// An event issued after draws is signalled (TRUE) once a flush has sent them to the GPU.
TEST(Query, EventIsSignalledAfterAFlush) {
    TestDevice t(32, 32);
    REQUIRE(t.device != nullptr);
    IDirect3DQuery9* q = createQuery(t.device, D3DQUERYTYPE_EVENT);
    REQUIRE(q != nullptr);
    CHECK_EQ(t->SetFVF(kScreenFvf), D3D_OK);
    drawRect(t.device, 0, 0, 32, 32, 0.5f);
    CHECK_EQ(q->Issue(D3DISSUE_END), D3D_OK);
    BOOL signalled = 0x55;
    CHECK_EQ(waitForData(q, &signalled, sizeof signalled), S_OK);
    CHECK_EQ(signalled, TRUE);
    q->Release();
}

// TIMESTAMP values advance across a draw; TIMESTAMPFREQ is a real (non-zero) frequency;
// TIMESTAMPDISJOINT answers a BOOL (0 or 1) for its bracket.
TEST(Query, TimestampsAdvanceAcrossADrawAtANonZeroFrequency) {
    TestDevice t(64, 64);
    REQUIRE(t.device != nullptr);
    IDirect3DQuery9* disjoint = createQuery(t.device, D3DQUERYTYPE_TIMESTAMPDISJOINT);
    IDirect3DQuery9* before = createQuery(t.device, D3DQUERYTYPE_TIMESTAMP);
    IDirect3DQuery9* after = createQuery(t.device, D3DQUERYTYPE_TIMESTAMP);
    IDirect3DQuery9* frequency = createQuery(t.device, D3DQUERYTYPE_TIMESTAMPFREQ);
    REQUIRE(disjoint && before && after && frequency);
    CHECK_EQ(t->SetFVF(kScreenFvf), D3D_OK);
    CHECK_EQ(disjoint->Issue(D3DISSUE_BEGIN), D3D_OK);
    CHECK_EQ(before->Issue(D3DISSUE_END), D3D_OK);
    for (int i = 0; i < 16; ++i)
        drawRect(t.device, 0, 0, 64, 64, 0.5f);
    CHECK_EQ(after->Issue(D3DISSUE_END), D3D_OK);
    CHECK_EQ(frequency->Issue(D3DISSUE_END), D3D_OK);
    CHECK_EQ(disjoint->Issue(D3DISSUE_END), D3D_OK);
    UINT64 t0 = 0, t1 = 0, hz = 0;
    BOOL isDisjoint = 0x55;
    CHECK_EQ(waitForData(before, &t0, sizeof t0), S_OK);
    CHECK_EQ(waitForData(after, &t1, sizeof t1), S_OK);
    CHECK_EQ(waitForData(frequency, &hz, sizeof hz), S_OK);
    CHECK_EQ(waitForData(disjoint, &isDisjoint, sizeof isDisjoint), S_OK);
    CHECK(t1 > t0);
    CHECK(hz != 0);
    CHECK(isDisjoint == FALSE || isDisjoint == TRUE);
    for (IDirect3DQuery9* q : {disjoint, before, after, frequency})
        q->Release();
}

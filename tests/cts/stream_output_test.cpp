// Stream output through the D3D10 door (include/ddivk/d3d10_stream_output.h) and the queries
// that measure it (shared/spec/d3d10ddi-query.md: STREAMOUTPUTSTATS, STREAMOVERFLOWPREDICATE
// and their per-stream D3D11 forms). Scenes are drawn through both doors with a vs_3_0 program;
// the captured vertices are read back from the target buffers and compared with the program's
// outputs computed here.
#include <array>
#include <chrono>
#include <cstring>
#include <deque>
#include <thread>
#include <vector>

#include "cts/cts_fixture.h"
#include "ddivk/d3d10_query.h"
#include "ddivk/d3d10_stream_output.h"

namespace ddivk::test {
namespace {

// o0: position; o1: colour; o2 = v0 * c2 + c3 (what the tests capture, with the colour).
constexpr const char* kCaptureVs = R"(vs_3_0
dcl_position v0
dcl_color v1
dcl_position o0
dcl_color o1
dcl_texcoord o2
mad o0, v0, c0, c1
mov o1, v1
mad o2, v0, c2, c3
)";
// A vs_2_0 program: its outputs are not captured (stream output needs vs_3_0).
constexpr const char* kOldVs = "vs_2_0\ndcl_position v0\ndcl_color v1\nmad oPos, v0, c0, c1\nmov oD0, v1\n";

constexpr float kScale[4] = {2, 3, 4, 5}, kBias[4] = {1, -1, 5, 7};
constexpr uint32_t kSentinel = 0xDEADBEEF;

// What the program writes to o2 for a vertex (FLOAT2 position: z 0, w 1).
std::array<float, 4> texcoordOf(const PixelVertex& v) {
    return {v.x * kScale[0] + kBias[0], v.y * kScale[1] + kBias[1], kBias[2], kScale[3] + kBias[3]};
}
std::array<float, 4> colorOf(const PixelVertex& v) {
    return {float(v.color >> 16 & 0xFF) / 255, float(v.color >> 8 & 0xFF) / 255, float(v.color & 0xFF) / 255,
            float(v.color >> 24) / 255};
}

thread_local HRESULT g_error = S_OK;
void DDIVK_APIENTRY setError(D3D10DDI_HRTDEVICE, HRESULT hr) {
    g_error = hr;
}

class StreamOutput : public Cts, public ::testing::WithParamInterface<Door> {
  protected:
    void SetUp() override {
        Cts::SetUp();
        DDIVK_D3D10DDI_RUNTIME_CALLBACKS callbacks{setError};
        ASSERT_EQ(ddivk_d3d10_device_open(device_, &callbacks, D3D10DDI_HRTDEVICE{this}, &device10_), S_OK);
        if (!driverDevice().streamOutput()) GTEST_SKIP() << "the device has no VK_EXT_transform_feedback";
        setProgram(kCaptureVs, kColorPointPs, colorPointDeclaration());
        setPixelToClip();
        setVsConstant(2, kScale[0], kScale[1], kScale[2], kScale[3]);
        setVsConstant(3, kBias[0], kBias[1], kBias[2], kBias[3]);
        run(scene_); // CULLMODE NONE
        clearTarget();
        // Stream output is device state: none from an earlier test.
        ASSERT_EQ(setTargets({}, {}, D3D10_DDI_SO_BUFFER_SLOT_COUNT), S_OK);
        ASSERT_EQ(declare(nullptr, 0), S_OK);
    }
    void TearDown() override {
        for (D3D10DDI_HQUERY q : queries_) q10()->pfnDestroyQuery(device10_, q);
        EXPECT_EQ(takeError(), S_OK);
        ddivk_d3d10_device_close(device10_);
        Cts::TearDown();
    }

    static HRESULT takeError() {
        HRESULT hr = g_error;
        g_error = S_OK;
        return hr;
    }
    static const DDIVK_D3D10DDI_QUERYFUNCS* q10() { return ddivk_d3d10_query_functions(); }
    static const DDIVK_D3D10DDI_STREAMOUTPUTFUNCS* so() { return ddivk_d3d10_stream_output_functions(); }

    // Declaration: o2 then o1, all four components each, to slot 0 (32 bytes a vertex).
    HRESULT declareTexcoordAndColor(uint32_t stride = 0) {
        const D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY entries[] = {{0, 0, 2, 0xF}, {0, 0, 1, 0xF}};
        return declare(entries, 2, stride ? &stride : nullptr, stride ? 1 : 0);
    }
    HRESULT declare(const D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY* entries, uint32_t count,
                    const uint32_t* strides = nullptr, uint32_t strideCount = 0) {
        takeError();
        so()->pfnSetStreamOutputDeclaration(device10_, entries, count, strides, strideCount);
        return takeError();
    }
    HRESULT setTargets(std::vector<uint32_t> buffers, std::vector<uint32_t> offsets, uint32_t clear = 0) {
        std::vector<D3D10DDI_HRESOURCE> handles;
        for (uint32_t b : buffers) handles.push_back({reinterpret_cast<void*>(uintptr_t(b))});
        takeError();
        so()->pfnSoSetTargets(device10_, uint32_t(buffers.size()), clear, handles.data(), offsets.data());
        return takeError();
    }
    // A buffer of `bytes` filled with kSentinel words.
    uint32_t targetBuffer(uint32_t bytes) {
        std::vector<uint32_t> words(bytes / 4, kSentinel);
        return createBuffer(words.data(), bytes);
    }
    // Expects the 8 floats (o2, o1) of `v` at word `at`.
    static void expectVertex(const std::vector<uint32_t>& words, size_t at, const PixelVertex& v) {
        const std::array<float, 4> t = texcoordOf(v), c = colorOf(v);
        for (int i = 0; i < 8; ++i) {
            float f;
            std::memcpy(&f, &words[at + i], 4);
            EXPECT_NEAR(f, i < 4 ? t[i] : c[i - 4], 1e-5f) << "word " << at + i;
        }
    }

    // Draws `vertices` as `type` from a new vertex buffer through the test's door.
    void draw(uint32_t type, const std::vector<PixelVertex>& vertices, uint32_t primitives) {
        const uint32_t vb = createBuffer(vertices);
        setStream(GetParam(), 0, vb, 0, sizeof(PixelVertex));
        ASSERT_EQ(drawPrimitive(GetParam(), type, 0, primitives), S_OK);
    }

    D3D10DDI_HQUERY query(D3D10DDI_QUERY type) {
        D3D10DDIARG_CREATEQUERY args{type, 0};
        memory_.emplace_back(q10()->pfnCalcPrivateQuerySize(device10_, &args));
        D3D10DDI_HQUERY q{memory_.back().data()};
        q10()->pfnCreateQuery(device10_, &args, q, D3D10DDI_HRTQUERY{nullptr});
        EXPECT_EQ(takeError(), S_OK);
        queries_.push_back(q);
        return q;
    }
    void begin(D3D10DDI_HQUERY q) { q10()->pfnQueryBegin(device10_, q); }
    void end(D3D10DDI_HQUERY q) { q10()->pfnQueryEnd(device10_, q); }
    // Polls with flush until the data is there (30 s: lavapipe renders on a shared CPU).
    template <class T> T result(D3D10DDI_HQUERY q) {
        T value{};
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
        while (std::chrono::steady_clock::now() < deadline) {
            q10()->pfnQueryGetData(device10_, q, &value, sizeof value, 0);
            const HRESULT hr = takeError();
            if (hr == S_OK) return value;
            if (hr != DXGI_DDI_ERR_WASSTILLDRAWING) {
                ADD_FAILURE() << "QueryGetData: " << std::hex << hr;
                return value;
            }
            std::this_thread::yield();
        }
        ADD_FAILURE() << "query data never became available";
        return value;
    }
    D3D10_DDI_QUERY_DATA_SO_STATISTICS stats(D3D10DDI_HQUERY q) {
        return result<D3D10_DDI_QUERY_DATA_SO_STATISTICS>(q);
    }
    void expectCounts(D3D10DDI_HQUERY q, uint64_t written, uint64_t needed) {
        const D3D10_DDI_QUERY_DATA_SO_STATISTICS s = stats(q);
        EXPECT_EQ(s.NumPrimitivesWritten, written);
        EXPECT_EQ(s.PrimitivesStorageNeeded, needed);
    }

    D3D10DDI_HDEVICE device10_{};
    std::deque<std::vector<std::byte>> memory_;
    std::vector<D3D10DDI_HQUERY> queries_;
    CommandStream scene_ = [] {
        CommandStream s;
        renderState(s, D3DRS_CULLMODE, D3DCULL_NONE);
        return s;
    }();
};

// Two triangles (a quad) in distinct colours.
const std::vector<PixelVertex> kTwoTriangles = {
    {4, 4, 0xFF102030}, {20, 4, 0xFF405060}, {4, 20, 0xFF708090},
    {20, 4, 0xFFA0B0C0}, {20, 20, 0xFFD0E0F0}, {4, 20, 0x80FF0011},
};

// "These statistics count only complete primitives ... that are streamed out": the captured
// vertices are the program's outputs in draw order, laid out as the declaration says.
TEST_P(StreamOutput, CapturesTheDeclaredRegistersOfEveryVertexInDrawOrder) {
    ASSERT_EQ(declareTexcoordAndColor(), S_OK);
    const uint32_t out = targetBuffer(6 * 32 + 64);
    ASSERT_EQ(setTargets({out}, {0}), S_OK);
    draw(D3DPT_TRIANGLELIST, kTwoTriangles, 2);
    const std::vector<uint32_t> words = readBuffer(out, 6 * 32 + 64);
    for (size_t v = 0; v < 6; ++v) expectVertex(words, v * 8, kTwoTriangles[v]);
    for (size_t w = 48; w < words.size(); ++w) EXPECT_EQ(words[w], kSentinel) << "past the captured data, word " << w;
    // Rasterisation goes on while capturing.
    EXPECT_NE(readTarget()[10 * kWidth + 10] & 0xFFFFFF, kCtsBackground & 0xFFFFFF) << "drawn";
}

// The declaration's strides and partial masks: o2.yz alone at offset 0 of a 16-byte stride,
// o1.w to a second slot.
TEST_P(StreamOutput, PartialMasksStridesAndSlotsFollowTheDeclaration) {
    const D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY entries[] = {
        {0, 0, 2, 0x6}, {0, 1, D3D10_DDI_SO_GAP_REGISTER, 0x1}, {0, 1, 1, 0x8}};
    const uint32_t strides[] = {16, 0};
    ASSERT_EQ(declare(entries, 3, strides, 2), S_OK);
    const uint32_t a = targetBuffer(6 * 16), b = targetBuffer(6 * 8);
    ASSERT_EQ(setTargets({a, b}, {0, 0}), S_OK);
    draw(D3DPT_TRIANGLELIST, kTwoTriangles, 2);
    const std::vector<uint32_t> wa = readBuffer(a, 6 * 16), wb = readBuffer(b, 6 * 8);
    for (size_t v = 0; v < 6; ++v) {
        float y, z, alpha;
        std::memcpy(&y, &wa[v * 4], 4);
        std::memcpy(&z, &wa[v * 4 + 1], 4);
        EXPECT_NEAR(y, texcoordOf(kTwoTriangles[v])[1], 1e-5f);
        EXPECT_NEAR(z, texcoordOf(kTwoTriangles[v])[2], 1e-5f);
        EXPECT_EQ(wa[v * 4 + 2], kSentinel) << "the stride's unwritten bytes keep their contents";
        EXPECT_EQ(wb[v * 2], kSentinel) << "a gap skips its bytes";
        std::memcpy(&alpha, &wb[v * 2 + 1], 4);
        EXPECT_NEAR(alpha, colorOf(kTwoTriangles[v])[3], 1e-5f);
    }
}

// STREAMOUTPUTSTATS: "the count is always total primitives, regardless of type", and "the
// difference between ... QueryBegin and ... QueryEnd".
TEST_P(StreamOutput, StatisticsCountEveryPrimitiveTypeInTheBracket) {
    ASSERT_EQ(declareTexcoordAndColor(), S_OK);
    const uint32_t out = targetBuffer(4096);
    ASSERT_EQ(setTargets({out}, {0}), S_OK);
    draw(D3DPT_TRIANGLELIST, kTwoTriangles, 2); // before the bracket: not counted
    D3D10DDI_HQUERY d3d10 = query(D3D10DDI_QUERY_STREAMOUTPUTSTATS);
    D3D10DDI_HQUERY stream0 = query(D3D11DDI_QUERY_STREAMOUTPUTSTATS_STREAM0);
    begin(d3d10);
    begin(stream0);
    draw(D3DPT_TRIANGLESTRIP, {{4, 4, 1}, {20, 4, 2}, {4, 20, 3}, {20, 20, 4}, {4, 36, 5}}, 3); // 3
    draw(D3DPT_LINELIST, {{1, 1, 1}, {9, 1, 2}, {1, 3, 3}, {9, 3, 4}}, 2);                   // 2
    draw(D3DPT_POINTLIST, {{1, 1, 1}, {2, 2, 2}, {3, 3, 3}, {4, 4, 4}}, 4);                  // 4
    end(d3d10);
    end(stream0);
    draw(D3DPT_TRIANGLELIST, kTwoTriangles, 2); // after: not counted
    for (D3D10DDI_HQUERY q : {d3d10, stream0}) expectCounts(q, 9u, 9u);
}

// STREAMOVERFLOWPREDICATE: "as soon as any one of them overflows, the stream output writes stop
// for all buffers, and the data for STREAMOVERFLOWPREDICATE becomes TRUE"; StorageNeeded
// grows past NumPrimitivesWritten.
TEST_P(StreamOutput, OverflowOfOneBufferStopsWritesToAllAndSetsThePredicate) {
    const D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY entries[] = {{0, 0, 2, 0xF}, {0, 1, 1, 0xF}};
    ASSERT_EQ(declare(entries, 2), S_OK);
    const uint32_t big = targetBuffer(6 * 16 + 32), small = targetBuffer(3 * 16 + 8); // room for one triangle
    ASSERT_EQ(setTargets({big, small}, {0, 0}), S_OK);
    D3D10DDI_HQUERY stats0 = query(D3D10DDI_QUERY_STREAMOUTPUTSTATS);
    D3D10DDI_HQUERY any = query(D3D10DDI_QUERY_STREAMOVERFLOWPREDICATE);
    D3D10DDI_HQUERY overflow0 = query(D3D11DDI_QUERY_STREAMOVERFLOWPREDICATE_STREAM0);
    D3D10DDI_HQUERY overflow1 = query(D3D11DDI_QUERY_STREAMOVERFLOWPREDICATE_STREAM1);
    for (D3D10DDI_HQUERY q : {stats0, any, overflow0, overflow1}) begin(q);
    draw(D3DPT_TRIANGLELIST, kTwoTriangles, 2);
    for (D3D10DDI_HQUERY q : {stats0, any, overflow0, overflow1}) end(q);
    expectCounts(stats0, 1u, 2u);
    EXPECT_EQ(result<BOOL>(any), 1);
    EXPECT_EQ(result<BOOL>(overflow0), 1);
    EXPECT_EQ(result<BOOL>(overflow1), 0) << "nothing streams to stream 1";
    const std::vector<uint32_t> words = readBuffer(big, 6 * 16 + 32);
    for (size_t v = 0; v < 3; ++v)
        for (int i = 0; i < 4; ++i) {
            float f;
            std::memcpy(&f, &words[v * 4 + i], 4);
            EXPECT_NEAR(f, texcoordOf(kTwoTriangles[v])[i], 1e-5f);
        }
    for (size_t w = 12; w < words.size(); ++w)
        EXPECT_EQ(words[w], kSentinel) << "the second triangle did not fit the small buffer: none of it is written";
}

TEST_P(StreamOutput, NoOverflowWhileEveryPrimitiveFits) {
    ASSERT_EQ(declareTexcoordAndColor(), S_OK);
    ASSERT_EQ(setTargets({targetBuffer(6 * 32)}, {0}), S_OK); // exactly two triangles
    D3D10DDI_HQUERY any = query(D3D10DDI_QUERY_STREAMOVERFLOWPREDICATE);
    begin(any);
    draw(D3DPT_TRIANGLELIST, kTwoTriangles, 2);
    end(any);
    EXPECT_EQ(result<BOOL>(any), 0);
}

// SoSetTargets' offset: -1 appends where the buffer's last capture stopped; any other offset
// is where the next vertex goes.
TEST_P(StreamOutput, AppendContinuesWhereTheLastCaptureStoppedAndOffsetsRestart) {
    ASSERT_EQ(declareTexcoordAndColor(), S_OK);
    const uint32_t out = targetBuffer(12 * 32);
    const std::vector<PixelVertex> first(kTwoTriangles.begin(), kTwoTriangles.begin() + 3);
    const std::vector<PixelVertex> second(kTwoTriangles.begin() + 3, kTwoTriangles.end());
    ASSERT_EQ(setTargets({out}, {64}), S_OK);
    draw(D3DPT_TRIANGLELIST, first, 1);
    ASSERT_EQ(setTargets({0}, {0}), S_OK); // unbound: not captured
    draw(D3DPT_TRIANGLELIST, first, 1);
    ASSERT_EQ(setTargets({out}, {D3D10_DDI_SO_APPEND_OFFSET}), S_OK);
    draw(D3DPT_TRIANGLELIST, second, 1);
    std::vector<uint32_t> words = readBuffer(out, 12 * 32);
    for (size_t w = 0; w < 16; ++w) EXPECT_EQ(words[w], kSentinel) << "before the offset";
    for (size_t v = 0; v < 3; ++v) expectVertex(words, 16 + v * 8, first[v]);
    for (size_t v = 0; v < 3; ++v) expectVertex(words, 16 + 24 + v * 8, second[v]);
    EXPECT_EQ(words[16 + 48], kSentinel);
    ASSERT_EQ(setTargets({out}, {0}), S_OK);
    draw(D3DPT_TRIANGLELIST, second, 1);
    words = readBuffer(out, 12 * 32);
    for (size_t v = 0; v < 3; ++v) expectVertex(words, v * 8, second[v]);
}

// The counts are exact across passes and submissions (the query is suspended and resumed).
TEST_P(StreamOutput, StatisticsAreExactAcrossPassAndSubmissionBoundaries) {
    ASSERT_EQ(declareTexcoordAndColor(), S_OK);
    ASSERT_EQ(setTargets({targetBuffer(4096)}, {0}), S_OK);
    D3D10DDI_HQUERY q = query(D3D11DDI_QUERY_STREAMOUTPUTSTATS_STREAM0);
    begin(q);
    draw(D3DPT_TRIANGLELIST, kTwoTriangles, 2);
    readTarget(); // ends the pass, submits and waits
    draw(D3DPT_TRIANGLELIST, kTwoTriangles, 1);
    end(q);
    expectCounts(q, 3u, 3u);
}

// Without targets, or with a program that is not vs_3_0, nothing is streamed out.
TEST_P(StreamOutput, NothingIsCountedWithoutTargetsOrWithOlderVertexShaders) {
    ASSERT_EQ(declareTexcoordAndColor(), S_OK);
    D3D10DDI_HQUERY q = query(D3D10DDI_QUERY_STREAMOUTPUTSTATS);
    begin(q);
    draw(D3DPT_TRIANGLELIST, kTwoTriangles, 2); // no targets
    ASSERT_EQ(setTargets({targetBuffer(4096)}, {0}), S_OK);
    setProgram(kOldVs, "ps_2_0\ndcl v0\nmov oC0, v0\n", colorPointDeclaration());
    draw(D3DPT_TRIANGLELIST, kTwoTriangles, 2); // vs_2_0
    end(q);
    expectCounts(q, 0u, 0u);
}

// STREAM1..3: a vertex shader writes only stream 0, so they measure 0 (really: their Vulkan
// stream queries run).
TEST_P(StreamOutput, StreamsOneToThreeCountNothingFromAVertexShader) {
    ASSERT_EQ(declareTexcoordAndColor(), S_OK);
    ASSERT_EQ(setTargets({targetBuffer(4096)}, {0}), S_OK);
    std::vector<D3D10DDI_HQUERY> qs;
    for (D3D10DDI_QUERY t : {D3D11DDI_QUERY_STREAMOUTPUTSTATS_STREAM1, D3D11DDI_QUERY_STREAMOUTPUTSTATS_STREAM2,
                             D3D11DDI_QUERY_STREAMOUTPUTSTATS_STREAM3})
        qs.push_back(query(t));
    for (D3D10DDI_HQUERY q : qs) begin(q);
    draw(D3DPT_TRIANGLELIST, kTwoTriangles, 2);
    for (D3D10DDI_HQUERY q : qs) end(q);
    for (D3D10DDI_HQUERY q : qs) expectCounts(q, 0u, 0u);
}

// "This query is a predicate and can be used to predicate rendering commands": drawing is
// skipped while the overflow predicate's answer equals the predicate value.
TEST_P(StreamOutput, OverflowPredicatePredicatesRendering) {
    ASSERT_EQ(declareTexcoordAndColor(), S_OK);
    ASSERT_EQ(setTargets({targetBuffer(3 * 32)}, {0}), S_OK); // one triangle fits
    D3D10DDI_HQUERY overflow = query(D3D10DDI_QUERY_STREAMOVERFLOWPREDICATE);
    begin(overflow);
    draw(D3DPT_TRIANGLELIST, kTwoTriangles, 2);
    end(overflow);
    ASSERT_EQ(setTargets({0}, {0}), S_OK);
    clearTarget();
    const std::vector<PixelVertex> farQuad = {{40, 30, 0xFF00FF00}, {60, 30, 0xFF00FF00}, {40, 46, 0xFF00FF00}};
    q10()->pfnSetPredication(device10_, overflow, 1); // skip while overflowed
    EXPECT_EQ(takeError(), S_OK);
    draw(D3DPT_TRIANGLELIST, farQuad, 1);
    EXPECT_EQ(readTarget()[32 * kWidth + 44] & 0xFFFFFF, kCtsBackground & 0xFFFFFF) << "skipped";
    q10()->pfnSetPredication(device10_, overflow, 0); // skip while not overflowed: draws
    draw(D3DPT_TRIANGLELIST, farQuad, 1);
    EXPECT_EQ(readTarget()[32 * kWidth + 44] & 0xFFFFFF, 0x00FF00u) << "drawn";
    q10()->pfnSetPredication(device10_, D3D10DDI_HQUERY{nullptr}, 0);
    EXPECT_EQ(takeError(), S_OK);
}

// Bad input gets E_INVALIDARG and changes nothing: the earlier targets and declaration still
// capture.
TEST_P(StreamOutput, BadTargetsAndDeclarationsFailAndChangeNothing) {
    ASSERT_EQ(declareTexcoordAndColor(), S_OK);
    const uint32_t out = targetBuffer(6 * 32);
    ASSERT_EQ(setTargets({out}, {0}), S_OK);
    const uint32_t other = targetBuffer(64);
    const uint32_t texture = created(D3DFMT_A8R8G8B8, D3DDDI_RESOURCE_TEXTURE, {{4, 4, 1, nullptr, 0, 0}});
    EXPECT_EQ(setTargets({other, 0, 0, 0, 0}, {0, 0, 0, 0, 0}), E_INVALIDARG) << "five targets";
    EXPECT_EQ(setTargets({other}, {0}, 4), E_INVALIDARG) << "clears past slot 3";
    EXPECT_EQ(setTargets({12345}, {0}), E_INVALIDARG) << "unknown handle";
    if (sizeof(void*) > 4) {
        // A value whose low 32 bits name a buffer is not that buffer.
        const D3D10DDI_HRESOURCE wide{reinterpret_cast<void*>(uintptr_t(uint64_t(1) << 32 | other))};
        const uint32_t offset = 0;
        takeError();
        so()->pfnSoSetTargets(device10_, 1, 0, &wide, &offset);
        EXPECT_EQ(takeError(), E_INVALIDARG) << "a handle wider than 32 bits";
    }
    EXPECT_EQ(setTargets({texture}, {0}), E_INVALIDARG) << "not a buffer";
    EXPECT_EQ(setTargets({other}, {2}), E_INVALIDARG) << "unaligned offset";
    EXPECT_EQ(setTargets({other, other}, {0, 0}), E_INVALIDARG) << "one buffer in two slots";
    using E = D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY;
    const E badStream[] = {{1, 0, 2, 0xF}};
    const E badSlot[] = {{0, 4, 2, 0xF}};
    const E badRegister[] = {{0, 0, 12, 0xF}};
    const E holeyMask[] = {{0, 0, 2, 0x5}};
    const E emptyMask[] = {{0, 0, 2, 0}};
    const E onlyGaps[] = {{0, 0, D3D10_DDI_SO_GAP_REGISTER, 0xF}};
    EXPECT_EQ(declare(badStream, 1), E_INVALIDARG) << "stream 1 needs a geometry shader";
    EXPECT_EQ(declare(badSlot, 1), E_INVALIDARG);
    EXPECT_EQ(declare(badRegister, 1), E_INVALIDARG);
    EXPECT_EQ(declare(holeyMask, 1), E_INVALIDARG);
    EXPECT_EQ(declare(emptyMask, 1), E_INVALIDARG);
    EXPECT_EQ(declare(onlyGaps, 1), E_INVALIDARG);
    const E ok[] = {{0, 0, 2, 0xF}};
    const uint32_t tooSmall = 8, unaligned = 18;
    EXPECT_EQ(declare(ok, 1, &tooSmall, 1), E_INVALIDARG) << "stride below the entries' size";
    EXPECT_EQ(declare(ok, 1, &unaligned, 1), E_INVALIDARG);
    draw(D3DPT_TRIANGLELIST, kTwoTriangles, 2);
    const std::vector<uint32_t> words = readBuffer(out, 6 * 32);
    for (size_t v = 0; v < 6; ++v) expectVertex(words, v * 8, kTwoTriangles[v]);
}

// A target destroyed while bound is unbound: later draws capture nothing and do not fail.
TEST_P(StreamOutput, DestroyingABoundTargetUnbindsIt) {
    ASSERT_EQ(declareTexcoordAndColor(), S_OK);
    const uint32_t out = targetBuffer(6 * 32);
    ASSERT_EQ(setTargets({out}, {0}), S_OK);
    D3D10DDI_HQUERY q = query(D3D10DDI_QUERY_STREAMOUTPUTSTATS);
    ASSERT_EQ(umd().pfnDestroyResource(dev(), reinterpret_cast<HANDLE>(uintptr_t(out))), S_OK);
    begin(q);
    draw(D3DPT_TRIANGLELIST, kTwoTriangles, 2);
    end(q);
    EXPECT_EQ(stats(q).PrimitivesStorageNeeded, 0u);
    const uint32_t again = targetBuffer(6 * 32); // may reuse the handle: must not be bound
    draw(D3DPT_TRIANGLELIST, kTwoTriangles, 2);
    EXPECT_EQ(readBuffer(again, 32)[0], kSentinel);
}

INSTANTIATE_TEST_SUITE_P(Doors, StreamOutput, ::testing::Values(Door::Dp2, Door::Umd),
                         [](const ::testing::TestParamInfo<Door>& i) { return doorName(i.param); });

} // namespace
} // namespace ddivk::test

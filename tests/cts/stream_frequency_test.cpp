// Stream frequency, every mode, through both doors and both vertex input paths (Vulkan's
// divisor, and the shader's own fetch that DDIVK_FORCE_VERTEX_FETCH_FALLBACK forces), with
// identical pixels required. The scenes draw points on pixel centres, so each expected pixel
// is computed exactly from the spec's rules (../shared/spec/vertex-stream-frequency.md,
// umd-setstreamsourcefreq.txt; docs/stream-frequency.md for the divider formula's reading).
#include <map>
#include <tuple>

#include "cts/cts_fixture.h"

namespace ddivk::test {
namespace {

struct Float2 {
    float x, y;
};

constexpr const char* kPointVs = kOffsetPointVs; // cts_fixture.h
constexpr const char* kColorPs = "ps_3_0\ndcl_color v0\nmov oC0, v0\n";

// The same program as vs_2_0: its dividers are ignored (the spec's "earlier than 3.0").
constexpr const char* kPointVs20 = R"(vs_2_0
dcl_position v0
dcl_texcoord v1
dcl_color v2
add r0, v0, v1
mad oPos, r0, c0, c1
mov oD0, v2
)";
constexpr const char* kColorPs20 = "ps_2_0\ndcl v0\nmov oC0, v0\n";

const std::vector<D3DVERTEXELEMENT9> kDecl = {
    {0, 0, D3DDECLTYPE_FLOAT2, 0, D3DDECLUSAGE_POSITION, 0},
    {1, 0, D3DDECLTYPE_FLOAT2, 0, D3DDECLUSAGE_TEXCOORD, 0},
    {2, 0, D3DDECLTYPE_D3DCOLOR, 0, D3DDECLUSAGE_COLOR, 0},
};

using Expected = std::map<std::pair<int, int>, uint32_t>;

class StreamFrequency : public Cts, public ::testing::WithParamInterface<std::tuple<Door, bool>> {
  protected:
    Door door() const { return std::get<0>(GetParam()); }
    void SetUp() override {
        Cts::SetUp();
        forceFetch(std::get<1>(GetParam()));
        CommandStream s;
        clear(s, D3DCLEAR_TARGET, kCtsBackground);
        run(s);
    }
    void TearDown() override {
        forceFetch(false);
        // Dividers are device state: back to 1 for the next test.
        for (uint32_t st = 0; st < 3; ++st) setFrequency(Door::Dp2, st, 1);
        Cts::TearDown();
    }

    // Every pixel of the target against `expected` (the rest: background).
    void expectPixels(const Expected& expected) {
        const std::vector<uint32_t> pixels = readTarget();
        int wrong = 0;
        for (int y = 0; y < int(kHeight); ++y)
            for (int x = 0; x < int(kWidth); ++x) {
                auto it = expected.find({x, y});
                const uint32_t want = it == expected.end() ? kCtsBackground : it->second;
                const uint32_t got = pixels[y * kWidth + x];
                if (got != want && ++wrong <= 8)
                    ADD_FAILURE() << "pixel (" << x << ", " << y << "): 0x" << std::hex << got << ", want 0x" << want;
            }
        EXPECT_EQ(wrong, 0);
    }

    void clearTarget() {
        CommandStream s;
        clear(s, D3DCLEAR_TARGET, kCtsBackground);
        run(s);
    }

    // Hardware instancing: stream 0 INDEXEDDATA | 6 (a 2x2 block of points), stream 1
    // INSTANCEDATA | 1 (each instance's offset), stream 2 INSTANCEDATA | d (colours).
    void instancingScene(uint32_t divisor) {
        clearTarget();
        const std::vector<Float2> block = {{0, 0}, {1, 0}, {0, 1}, {1, 1}};
        std::vector<Float2> offsets;
        std::vector<uint32_t> colors;
        for (uint32_t i = 0; i < 6; ++i) {
            offsets.push_back({float(2 + 4 * i), 3.0f});
            colors.push_back(indexColor(i));
        }
        const std::vector<uint16_t> indices = {0, 1, 2, 3};
        const uint32_t b0 = createBuffer(block), b1 = createBuffer(offsets), b2 = createBuffer(colors);
        const uint32_t ib = createBuffer(indices, true);
        setStream(door(), 0, b0, 0, sizeof(Float2));
        setStream(door(), 1, b1, 0, sizeof(Float2));
        setStream(door(), 2, b2, 0, 4);
        setIndices(door(), ib, 2);
        ASSERT_EQ(setFrequency(door(), 0, D3DSTREAMSOURCE_INDEXEDDATA | 6), S_OK);
        ASSERT_EQ(setFrequency(door(), 1, D3DSTREAMSOURCE_INSTANCEDATA | 1), S_OK);
        ASSERT_EQ(setFrequency(door(), 2, D3DSTREAMSOURCE_INSTANCEDATA | divisor), S_OK);
        ASSERT_EQ(drawIndexed(door(), D3DPT_POINTLIST, 0, 0, 4, 0, 4), S_OK);
        Expected expected;
        for (int i = 0; i < 6; ++i)
            for (const Float2& p : block)
                expected[{2 + 4 * i + int(p.x), 3 + int(p.y)}] = colors[uint32_t(i) / divisor];
        expectPixels(expected);
    }

    // The divider mode: a non-indexed point list of `count` points from StartVertex `start`;
    // vertex v sits at pixel (v, row); stream 2 has the plain divider N.
    // Per the spec (with docs/stream-frequency.md's reading of its formula) point k reads
    // colour start / N + k / N; `honoured` false: the divider is ignored, colour start + k.
    void dividerScene(uint32_t divider, uint32_t start, uint32_t count, bool indexed, bool honoured, int row) {
        std::vector<Float2> positions;
        std::vector<uint32_t> colors;
        for (uint32_t v = 0; v < 40; ++v) {
            positions.push_back({float(v), float(row)});
            colors.push_back(indexColor(v));
        }
        const std::vector<Float2> zero(40, Float2{0, 0});
        setStream(door(), 0, createBuffer(positions), 0, sizeof(Float2));
        setStream(door(), 1, createBuffer(zero), 0, sizeof(Float2));
        setStream(door(), 2, createBuffer(colors), 0, 4);
        ASSERT_EQ(setFrequency(door(), 2, divider), S_OK);
        if (indexed) {
            std::vector<uint16_t> indices;
            for (uint32_t k = 0; k < count; ++k) indices.push_back(uint16_t(start + k));
            setIndices(door(), createBuffer(indices, true), 2);
            ASSERT_EQ(drawIndexed(door(), D3DPT_POINTLIST, 0, start, count, 0, count), S_OK);
        } else {
            ASSERT_EQ(drawPrimitive(door(), D3DPT_POINTLIST, start, count), S_OK);
        }
        for (uint32_t k = 0; k < count; ++k)
            expected_[{int(start + k), row}] = colors[honoured ? start / divider + k / divider : start + k];
    }
    Expected expected_;
};

TEST_P(StreamFrequency, InstancingReadsInstanceDataEveryDivisorInstances) {
    setProgram(door(), kPointVs, kColorPs, kDecl);
    setPixelToClip(door());
    // Divisors from 1 up to the largest D3D9 allows (0x7FFFFF): none is truncated.
    for (uint32_t divisor : {1u, 2u, 3u, 0x7FFFFFu}) {
        SCOPED_TRACE(divisor);
        instancingScene(divisor);
    }
}

// "the driver must fetch data from the stream and pass this data into applicable input vertex
// registers every 2 vertices", with StartVertex divided too: start values that are and are not
// multiples of the divider.
TEST_P(StreamFrequency, DividerModeFetchesEveryNVerticesFromStartVertexOverN) {
    setProgram(door(), kPointVs, kColorPs, kDecl);
    setPixelToClip(door());
    dividerScene(2, 0, 8, false, true, 1);
    dividerScene(3, 3, 9, false, true, 3);
    dividerScene(3, 4, 9, false, true, 5);
    dividerScene(4, 6, 11, false, true, 7);
    dividerScene(5, 13, 12, false, true, 9);
    expectPixels(expected_);
}

// The same program, its stream 2 switching between the per-instance and the divided mode and
// between dividers from draw to draw: each draw fetches in its own mode with its own divider
// (the fetch translation is keyed on the mode and on "divider 1", other dividers are uniforms).
TEST_P(StreamFrequency, EachDrawFetchesWithItsOwnModeAndDivider) {
    setProgram(door(), kPointVs, kColorPs, kDecl);
    setPixelToClip(door());
    for (uint32_t divisor : {2u, 1u, 3u}) {
        SCOPED_TRACE(divisor);
        instancingScene(divisor);
        clearTarget();
        for (uint32_t st = 0; st < 2; ++st)
            ASSERT_EQ(setFrequency(door(), st, 1), S_OK);
        expected_.clear();
        dividerScene(divisor + 1, 5, 9, false, true, 6);
        expectPixels(expected_);
    }
}

// "The driver ignores the setting of a stream's frequency divisor either for indexed
// primitives or if ... a vertex shader model that is earlier than version 3.0".
TEST_P(StreamFrequency, DividerIgnoredForIndexedDraws) {
    setProgram(door(), kPointVs, kColorPs, kDecl);
    setPixelToClip(door());
    dividerScene(3, 4, 9, true, false, 2);
    expectPixels(expected_);
}

TEST_P(StreamFrequency, DividerIgnoredBeforeVertexShader30) {
    setProgram(door(), kPointVs20, kColorPs20, kDecl);
    setPixelToClip(door());
    dividerScene(3, 4, 9, false, false, 2);
    expectPixels(expected_);
}

INSTANTIATE_TEST_SUITE_P(BothDoorsBothPaths, StreamFrequency,
                         ::testing::Combine(::testing::Values(Door::Dp2, Door::Umd), ::testing::Bool()),
                         [](const auto& p) {
                             return std::string(doorName(std::get<0>(p.param))) +
                                    (std::get<1>(p.param) ? "ShaderFetch" : "VertexInput");
                         });

} // namespace
} // namespace ddivk::test

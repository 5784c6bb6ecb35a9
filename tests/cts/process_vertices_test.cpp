// ProcessVertices' capture (include/ddivk/umd_process_vertices.h): the current vertex shader's
// outputs, named by semantic, written into a buffer while nothing is rasterised. The captured
// floats are compared with the programs' outputs computed here; the target must keep its
// background; bad arguments must leave the buffer as it was.
#include <array>
#include <cstring>
#include <vector>

#include "cts/cts_fixture.h"
#include "ddivk/umd_process_vertices.h"

namespace ddivk::test {
namespace {

constexpr uint32_t kSentinel = 0xDEADBEEF;
constexpr float kScale[4] = {0.5f, -2.0f, 3.0f, 1.5f}, kBias[4] = {4.0f, 1.0f, -3.0f, 0.25f};
constexpr float kPointSize = 6.5f;

// vs_1_1: every legacy output register but oFog.
constexpr const char* kVs11 = R"(vs_1_1
dcl_position v0
dcl_color v1
mad oPos, v0, c0, c1
mov oD0, v1
mad oT1, v0, c2, c3
mov oPts.x, c4.x
)";
constexpr const char* kPs20 = "ps_2_0\ndcl v0\nmov oC0, v0\n";
// vs_3_0: outputs declared out of order, one written through relative addressing (o[aL] in a
// loop of one iteration from 0: o0).
constexpr const char* kVs30 = R"(vs_3_0
defi i0, 1, 0, 1, 0
dcl_position v0
dcl_color v1
dcl_texcoord2 o0
dcl_position o1
dcl_color o2
mad o1, v0, c0, c1
mov o2, v1
loop aL, i0
mad o[aL], v0, c2, c3
endloop
)";
constexpr const char* kPs30 = "ps_3_0\ndcl_color v0\nmov oC0, v0\n";

const std::vector<PixelVertex> kVertices = {
    {1, 2, 0xFF102030}, {10, 4, 0x80405060}, {33, 40, 0x11708090}, {63, 47, 0xFFA0B0C0}, {7, 30, 0x00FFEE01},
};

std::array<float, 4> colorOf(const PixelVertex& v) {
    return {float(v.color >> 16 & 0xFF) / 255, float(v.color >> 8 & 0xFF) / 255, float(v.color & 0xFF) / 255,
            float(v.color >> 24) / 255};
}
std::array<float, 4> texcoordOf(const PixelVertex& v) {
    return {v.x * kScale[0] + kBias[0], v.y * kScale[1] + kBias[1], kBias[2], kScale[3] + kBias[3]};
}

float floatAt(const std::vector<uint32_t>& words, size_t at) {
    float f;
    std::memcpy(&f, &words[at], 4);
    return f;
}

class ProcessVertices : public Cts {
  protected:
    static std::array<float, 4> positionOf(const PixelVertex& v) {
        // setPixelToClip's constants on a FLOAT2 position (z 0, w 1).
        return {v.x * 2.0f / kWidth - 1.0f, v.y * -2.0f / kHeight + 1.0f, 0.5f, 1.0f};
    }
    void SetUp() override {
        Cts::SetUp();
        if (!driverDevice().processVerticesCapture())
            GTEST_SKIP() << "the device has no VK_EXT_transform_feedback";
        clearTarget();
    }
    void useProgram(const char* vs, const char* ps) {
        setProgram(vs, ps, colorPointDeclaration());
        setPixelToClip();
        setVsConstant(2, kScale[0], kScale[1], kScale[2], kScale[3]);
        setVsConstant(3, kBias[0], kBias[1], kBias[2], kBias[3]);
        setVsConstant(4, kPointSize, 0, 0, 0);
        setStream(Door::Dp2, 0, createBuffer(kVertices), 0, sizeof(PixelVertex));
    }
    uint32_t sentinelBuffer(uint32_t bytes) {
        std::vector<uint32_t> words(bytes / 4, kSentinel);
        return createBuffer(words.data(), bytes);
    }
    HRESULT process(uint32_t buffer, uint32_t start, uint32_t count, uint32_t offset, uint32_t stride,
                    const std::vector<DDIVK_CAPTUREELEMENT>& elements) {
        DDIVK_PROCESSVERTICES a{};
        a.SrcStartIndex = start;
        a.VertexCount = count;
        a.hDestBuffer = reinterpret_cast<HANDLE>(uintptr_t(buffer));
        a.DestOffset = offset;
        a.DestStride = stride;
        a.pElements = elements.data();
        a.NumElements = uint32_t(elements.size());
        return ddivk_umd_process_vertices(dev(), &a);
    }
    void expectBackgroundEverywhere() {
        const std::vector<uint32_t> pixels = readTarget();
        for (size_t i = 0; i < pixels.size(); ++i)
            if ((pixels[i] & 0xFFFFFF) != (kCtsBackground & 0xFFFFFF)) {
                ADD_FAILURE() << "pixel " << i % kWidth << ", " << i / kWidth << " was drawn: " << std::hex
                              << pixels[i];
                return;
            }
    }
};

// 12 words a vertex: position xyzw, colour xyzw, TEXCOORD1 xy, PSIZE x, FOG x (never written).
const std::vector<DDIVK_CAPTUREELEMENT> kLegacyElements = {
    {D3DDECLUSAGE_POSITION, 0, 4, 0, 0},  {D3DDECLUSAGE_COLOR, 0, 4, 0, 16},
    {D3DDECLUSAGE_TEXCOORD, 1, 2, 0, 32}, {D3DDECLUSAGE_PSIZE, 0, 1, 0, 40},
    {D3DDECLUSAGE_FOG, 0, 1, 0, 44},
};

TEST_F(ProcessVertices, Vs11OutputsLandByTheirSemanticsAndNothingIsDrawn) {
    useProgram(kVs11, kPs20);
    const uint32_t out = sentinelBuffer(5 * 48);
    // Vertices 1..3 into slots 1..3: slots 0 and 4 keep their sentinels.
    ASSERT_EQ(process(out, 1, 3, 48, 48, kLegacyElements), S_OK);
    const std::vector<uint32_t> words = readBuffer(out, 5 * 48);
    for (size_t w : {size_t(0), size_t(11), size_t(48), size_t(59)})
        EXPECT_EQ(words[w], kSentinel) << "word " << w;
    for (size_t slot = 1; slot <= 3; ++slot) {
        const PixelVertex& v = kVertices[slot];
        const size_t at = slot * 12;
        for (int c = 0; c < 4; ++c) {
            EXPECT_NEAR(floatAt(words, at + c), positionOf(v)[c], 1e-5f)
                << "oPos." << c << " of vertex " << slot;
            EXPECT_NEAR(floatAt(words, at + 4 + c), colorOf(v)[c], 1e-5f)
                << "oD0." << c << " of vertex " << slot;
        }
        for (int c = 0; c < 2; ++c)
            EXPECT_NEAR(floatAt(words, at + 8 + c), texcoordOf(v)[c], 1e-5f)
                << "oT1." << c << " of vertex " << slot;
        EXPECT_EQ(floatAt(words, at + 10), kPointSize) << "oPts of vertex " << slot;
        EXPECT_EQ(floatAt(words, at + 11), 0.0f) << "oFog is never written: zero";
    }
    expectBackgroundEverywhere();
}

TEST_F(ProcessVertices, Vs30OutputsLandByTheirDclEvenWhenWrittenRelatively) {
    useProgram(kVs30, kPs30);
    // 11 words a vertex: TEXCOORD2 whole, the position, the colour's xyz only.
    const std::vector<DDIVK_CAPTUREELEMENT> elements = {{D3DDECLUSAGE_TEXCOORD, 2, 4, 0, 0},
                                                        {D3DDECLUSAGE_POSITION, 0, 4, 0, 16},
                                                        {D3DDECLUSAGE_COLOR, 0, 3, 0, 32}};
    const uint32_t out = sentinelBuffer(5 * 44);
    ASSERT_EQ(process(out, 0, 5, 0, 44, elements), S_OK);
    const std::vector<uint32_t> words = readBuffer(out, 5 * 44);
    for (size_t i = 0; i < kVertices.size(); ++i) {
        const PixelVertex& v = kVertices[i];
        const size_t at = i * 11;
        for (int c = 0; c < 4; ++c) {
            EXPECT_NEAR(floatAt(words, at + c), texcoordOf(v)[c], 1e-5f) << "o0." << c << " of vertex " << i;
            EXPECT_NEAR(floatAt(words, at + 4 + c), positionOf(v)[c], 1e-5f)
                << "o1." << c << " of vertex " << i;
        }
        for (int c = 0; c < 3; ++c)
            EXPECT_NEAR(floatAt(words, at + 8 + c), colorOf(v)[c], 1e-5f) << "o2." << c << " of vertex " << i;
    }
    expectBackgroundEverywhere();
}

// The capture leaves the draw path as it was: the next draw of the same program is rasterised
// (its pipeline has no rasterizer discard), and a second capture writes where it is told.
TEST_F(ProcessVertices, DrawsAndCapturesAfterACaptureAreThemselves) {
    useProgram(kVs30, kPs30);
    const uint32_t out = sentinelBuffer(2 * 40);
    const std::vector<DDIVK_CAPTUREELEMENT> position = {{D3DDECLUSAGE_POSITION, 0, 4, 0, 0}};
    ASSERT_EQ(process(out, 0, 1, 0, 40, position), S_OK);
    ASSERT_EQ(drawPrimitive(Door::Dp2, D3DPT_POINTLIST, 2, 1), S_OK); // vertex 2 at (33, 40)
    ASSERT_EQ(process(out, 3, 1, 40, 40, position), S_OK);
    const std::vector<uint32_t> words = readBuffer(out, 2 * 40);
    for (int c = 0; c < 4; ++c) {
        EXPECT_NEAR(floatAt(words, c), positionOf(kVertices[0])[c], 1e-5f);
        EXPECT_NEAR(floatAt(words, 10 + c), positionOf(kVertices[3])[c], 1e-5f);
    }
    EXPECT_EQ(words[4], kSentinel) << "past the element";
    Pixels expected;
    expected[{33, 40}] = 0xFF000000u | (kVertices[2].color & 0xFFFFFF);
    expectScene(expected, 1);
}

TEST_F(ProcessVertices, BadArgumentsAreRefusedAndWriteNothing) {
    useProgram(kVs11, kPs20);
    const uint32_t out = sentinelBuffer(64);
    const std::vector<DDIVK_CAPTUREELEMENT> one = {{D3DDECLUSAGE_POSITION, 0, 4, 0, 0}};
    EXPECT_EQ(ddivk_umd_process_vertices(dev(), nullptr), D3DERR_INVALIDCALL);
    EXPECT_EQ(process(out + 1000, 0, 1, 0, 16, one), D3DERR_INVALIDCALL) << "unknown buffer";
    EXPECT_EQ(process(out, 0, 5, 0, 16, one), D3DERR_INVALIDCALL) << "past the buffer's end";
    EXPECT_EQ(process(out, 0, 1, 2, 16, one), D3DERR_INVALIDCALL) << "unaligned offset";
    EXPECT_EQ(process(out, 0, 1, 0, 0, one), D3DERR_INVALIDCALL) << "stride 0";
    EXPECT_EQ(process(out, 0, 1, 0, 18, one), D3DERR_INVALIDCALL) << "unaligned stride";
    EXPECT_EQ(process(out, 0, 1, 0, 12, one), D3DERR_INVALIDCALL) << "element past the stride";
    EXPECT_EQ(process(out, 0, 1, 0, 16, {}), D3DERR_INVALIDCALL) << "no element";
    EXPECT_EQ(
        process(out, 0, 1, 0, 32, {{D3DDECLUSAGE_POSITION, 0, 4, 0, 0}, {D3DDECLUSAGE_COLOR, 0, 4, 0, 12}}),
        D3DERR_INVALIDCALL)
        << "overlapping elements";
    EXPECT_EQ(process(out, 0, 1, 0, 32, {{D3DDECLUSAGE_POSITION, 0, 0, 0, 0}}), D3DERR_INVALIDCALL)
        << "0 components";
    EXPECT_EQ(process(out, 0, 1, 0, 32, {{D3DDECLUSAGE_POSITION, 0, 5, 0, 0}}), D3DERR_INVALIDCALL)
        << "5 components";
    EXPECT_EQ(process(out, 0, 1, 0, 32, {{16, 0, 4, 0, 0}}), D3DERR_INVALIDCALL) << "usage past 15";
    EXPECT_EQ(process(out, 0, 1, 0, 32, {{D3DDECLUSAGE_POSITION, 0, 4, 1, 0}}), D3DERR_INVALIDCALL)
        << "reserved";
    // Without a vertex shader (fixed function is the runtime's to run).
    CommandStream s;
    s.cmd(D3DDP2OP_SETVERTEXSHADERFUNC, 1).put(D3DHAL_DP2VERTEXSHADER{0});
    ASSERT_EQ(execute(s, nullptr, 0, 0, 0), S_OK);
    EXPECT_EQ(process(out, 0, 1, 0, 16, one), D3DERR_INVALIDCALL) << "no vertex shader";
    for (uint32_t w : readBuffer(out, 64))
        EXPECT_EQ(w, kSentinel);
    expectBackgroundEverywhere();
}

} // namespace
} // namespace ddivk::test

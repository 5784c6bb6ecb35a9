// Draws that follow a draw with nothing but constants (or transforms, sampler states, the
// scissor) changed reuse that draw's preparation (src/device/repeat_draw.h). Whatever else
// happens between two such draws must still reach the second one, as it does for any draw:
// - each draw reads the constants set before it (D3D9: state applies to the draws after it);
// - a vertex buffer destroyed between the draws fails the second draw with D3DERR_INVALIDCALL
//   and the device keeps drawing (docs/draw-translator.md, Errors);
// - a shader deleted and created again under the same DP2 handle is the one the next draw runs;
// - each indexed draw's index range is checked against the index buffer;
// - in the divider mode each draw fetches from its own StartVertex (docs/stream-frequency.md).
#include "cts/cts_fixture.h"

#include "ddivk/dp2_payloads.h"
#include "shader/assembler.h"

namespace ddivk::test {
namespace {

// Position = v0 (pixels, FLOAT2) through c0/c1 as setPixelToClip sets them; colour = c4.
constexpr const char* kConstantColorVs = R"(vs_3_0
dcl_position v0
dcl_position o0
dcl_color o1
mad o0, v0, c0, c1
mov o1, c4
)";
// The pixel shader the DP2 handle 2 holds after the swap: colour = c0.
constexpr const char* kConstantColorPs = "ps_3_0\nmov oC0, c0\n";

struct Float2 {
    float x, y;
};

std::vector<D3DVERTEXELEMENT9> positionDeclaration() {
    return {{0, 0, D3DDECLTYPE_FLOAT2, 0, D3DDECLUSAGE_POSITION, 0}};
}

// Colour channels of an opaque D3DCOLOR as the constant that produces it.
void colorConstant(uint32_t argb, float out[4]) {
    out[0] = float(argb >> 16 & 0xFF) / 255.0f;
    out[1] = float(argb >> 8 & 0xFF) / 255.0f;
    out[2] = float(argb & 0xFF) / 255.0f;
    out[3] = 1.0f;
}

class RepeatedDraws : public Cts, public ::testing::WithParamInterface<Door> {
  protected:
    Door door() const { return GetParam(); }
    void SetUp() override {
        Cts::SetUp();
        clearTarget(door());
    }
    // A row of points at (x, y) for x in 0..count-1.
    uint32_t rowBuffer(int y, uint32_t count) {
        std::vector<Float2> points;
        for (uint32_t x = 0; x < count; ++x) points.push_back({float(x), float(y)});
        return createBuffer(points);
    }
    void setColorConstant(uint32_t argb) {
        float c[4];
        colorConstant(argb, c);
        ASSERT_EQ(setVsConstant(door(), 4, c[0], c[1], c[2], c[3]), S_OK);
    }
    void useConstantColorProgram() {
        setProgram(door(), kConstantColorVs, kColorPointPs, positionDeclaration());
        setPixelToClip(door());
    }
    HRESULT destroy(uint32_t resource) {
        return umd().pfnDestroyResource(dev(), reinterpret_cast<HANDLE>(uintptr_t(resource)));
    }
    Pixels want_;
};

TEST_P(RepeatedDraws, EachDrawReadsTheConstantsSetBeforeIt) {
    // A kConstantColorVs whose colour comes from c4 as an opaque colour.
    setProgram(door(), kConstantColorVs, kColorPointPs, positionDeclaration());
    setPixelToClip(door());
    setStream(door(), 0, rowBuffer(3, 8), 0, sizeof(Float2));
    for (uint32_t x = 0; x < 8; ++x) {
        setColorConstant(indexColor(x));
        ASSERT_EQ(drawPrimitive(door(), D3DPT_POINTLIST, x, 1), S_OK);
        want_[{int(x), 3}] = indexColor(x);
    }
    expectScene(want_);
}

TEST_P(RepeatedDraws, ABufferDestroyedBetweenDrawsFailsTheNextDrawAndChangesNothing) {
    useConstantColorProgram();
    setColorConstant(indexColor(1));
    const uint32_t vb = rowBuffer(2, 4);
    setStream(door(), 0, vb, 0, sizeof(Float2));
    ASSERT_EQ(drawPrimitive(door(), D3DPT_POINTLIST, 0, 2), S_OK);
    want_[{0, 2}] = want_[{1, 2}] = indexColor(1);

    ASSERT_EQ(destroy(vb), S_OK);
    EXPECT_EQ(drawPrimitive(door(), D3DPT_POINTLIST, 2, 2), D3DERR_INVALIDCALL) << "stream 0 names no buffer now";

    // The device keeps drawing once the stream names a buffer again.
    setStream(door(), 0, rowBuffer(5, 4), 0, sizeof(Float2));
    ASSERT_EQ(drawPrimitive(door(), D3DPT_POINTLIST, 3, 1), S_OK);
    want_[{3, 5}] = indexColor(1);
    expectScene(want_);
}

TEST_P(RepeatedDraws, EachIndexedDrawIsCheckedAgainstTheIndexBuffer) {
    useConstantColorProgram();
    setColorConstant(indexColor(2));
    setStream(door(), 0, rowBuffer(4, 8), 0, sizeof(Float2));
    setIndices(door(), createIndexBuffer(std::vector<uint16_t>{6, 4, 2, 0}), 2);
    ASSERT_EQ(drawIndexed(door(), D3DPT_POINTLIST, 0, 0, 8, 0, 2), S_OK); // vertices 6, 4
    want_[{6, 4}] = want_[{4, 4}] = indexColor(2);
    EXPECT_EQ(drawIndexed(door(), D3DPT_POINTLIST, 0, 0, 8, 3, 2), D3DERR_INVALIDCALL) << "indices 3..4 of 4";
    EXPECT_EQ(drawIndexed(door(), D3DPT_POINTLIST, 0, 0, 8, 5, 1), D3DERR_INVALIDCALL) << "index 5 of 4";
    setColorConstant(indexColor(3));
    ASSERT_EQ(drawIndexed(door(), D3DPT_POINTLIST, 1, 0, 8, 2, 2), S_OK); // vertices 3, 1
    want_[{3, 4}] = want_[{1, 4}] = indexColor(3);
    expectScene(want_);
}

// Divider mode (vs_3_0, non-indexed, a plain divider N on stream 1): point k of a draw from
// StartVertex s reads element s / N + k / N of stream 1, its y offset here.
TEST_P(RepeatedDraws, EachDividerModeDrawFetchesFromItsOwnStartVertex) {
    setProgram(door(), kOffsetPointVs, kColorPointPs,
               {{0, 0, D3DDECLTYPE_FLOAT2, 0, D3DDECLUSAGE_POSITION, 0},
                {1, 0, D3DDECLTYPE_FLOAT2, 0, D3DDECLUSAGE_TEXCOORD, 0},
                {0, 8, D3DDECLTYPE_D3DCOLOR, 0, D3DDECLUSAGE_COLOR, 0}});
    setPixelToClip(door());
    struct Vertex {
        float x, y;
        uint32_t color;
    };
    std::vector<Vertex> vertices;
    for (uint32_t v = 0; v < 16; ++v) vertices.push_back({float(v), 1.0f, indexColor(v)});
    std::vector<Float2> offsets;
    for (uint32_t e = 0; e < 16; ++e) offsets.push_back({0.0f, float(2 * e)});
    setStream(door(), 0, createBuffer(vertices), 0, sizeof(Vertex));
    setStream(door(), 1, createBuffer(offsets), 0, sizeof(Float2));
    constexpr uint32_t kDivider = 3;
    ASSERT_EQ(setFrequency(door(), 1, kDivider), S_OK);
    const uint32_t draws[][2] = {{0, 4}, {5, 4}, {10, 5}}; // StartVertex, points
    for (const auto& [start, count] : draws) {
        ASSERT_EQ(drawPrimitive(door(), D3DPT_POINTLIST, start, count), S_OK);
        for (uint32_t k = 0; k < count; ++k)
            want_[{int(start + k), int(1 + offsets[start / kDivider + k / kDivider].y)}] = indexColor(start + k);
    }
    ASSERT_EQ(setFrequency(door(), 1, 1), S_OK); // device state: back to 1 for the next test
    expectScene(want_);
}

INSTANTIATE_TEST_SUITE_P(BothDoors, RepeatedDraws, ::testing::Values(Door::Dp2, Door::Umd),
                         [](const auto& p) { return std::string(doorName(p.param)); });

// DP2 handles are the runtime's: a pixel shader deleted and created again under the same handle
// between two draws is the one the second draw runs.
TEST_F(Cts, RepeatedDrawRunsAShaderRecreatedUnderItsHandle) {
    clearTarget();
    setProgram(kConstantColorVs, kColorPointPs, positionDeclaration());
    setPixelToClip();
    float c[4];
    colorConstant(indexColor(4), c);
    setVsConstant(4, c[0], c[1], c[2], c[3]);
    std::vector<Float2> points = {{2, 6}, {5, 6}};
    setStream(Door::Dp2, 0, createBuffer(points), 0, sizeof(Float2));
    ASSERT_EQ(drawPrimitive(Door::Dp2, D3DPT_POINTLIST, 0, 1), S_OK);

    auto ps = shader::assemble(kConstantColorPs);
    ASSERT_TRUE(ps) << ps.error().message();
    CommandStream s;
    s.cmd(D3DDP2OP_DELETEPIXELSHADER, 1).put(D3DHAL_DP2PIXELSHADER{2});
    s.cmd(D3DDP2OP_CREATEPIXELSHADER, 1).put(D3DHAL_DP2CREATEPIXELSHADER{2, uint32_t(ps->size() * 4)});
    s.putAll(*ps);
    run(s);
    float green[4];
    colorConstant(0xFF00FF00, green);
    ASSERT_EQ(setPsConstant(Door::Dp2, 0, green[0], green[1], green[2], green[3]), S_OK);
    ASSERT_EQ(drawPrimitive(Door::Dp2, D3DPT_POINTLIST, 1, 1), S_OK);
    expectScene({{{2, 6}, indexColor(4)}, {{5, 6}, 0xFF00FF00}});
}

} // namespace
} // namespace ddivk::test

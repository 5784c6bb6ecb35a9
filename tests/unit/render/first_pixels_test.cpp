// First pixels, end to end through the DP2 door: clears and pre-transformed triangle lists,
// strips and fans drawn into an offscreen target, read back and compared with pixels computed
// here (reference_raster.h) from D3D9's rasterisation rules.
#include <gtest/gtest.h>

#include <cstring>

#include "unit/render/reference_raster.h"
#include "unit/render/render_fixture.h"

namespace ddivk::test {
namespace {

constexpr uint32_t kBackground = 0xFF102030;


class FirstPixels : public RenderTest {};

TEST_F(FirstPixels, ClearFillsTheViewportWithTheColour) {
    CommandStream s;
    clear(s, D3DCLEAR_TARGET, 0x00336699);
    ASSERT_EQ(execute(s), S_OK);
    ReferenceTarget want(kWidth, kHeight, 0xFF336699);
    EXPECT_TRUE(matches(readTarget(), want));
}

TEST_F(FirstPixels, ClearWithRectsTouchesOnlyTheRects) {
    CommandStream s;
    clear(s, D3DCLEAR_TARGET, kBackground);
    clear(s, D3DCLEAR_TARGET, 0xFFFF0000, {{2, 3, 10, 7}, {60, 40, 100, 100}});
    ASSERT_EQ(execute(s), S_OK);
    std::vector<uint32_t> got = readTarget();
    for (uint32_t y = 0; y < kHeight; ++y)
        for (uint32_t x = 0; x < kWidth; ++x) {
            bool inRect = (x >= 2 && x < 10 && y >= 3 && y < 7) || (x >= 60 && y >= 40);
            ASSERT_EQ(got[y * kWidth + x], inRect ? 0xFFFF0000u : kBackground) << x << "," << y;
        }
}

TEST_F(FirstPixels, ClearIsLimitedToTheViewport) {
    CommandStream s;
    clear(s, D3DCLEAR_TARGET, kBackground);
    s.cmd(D3DDP2OP_VIEWPORTINFO, 1).put(D3DHAL_DP2VIEWPORTINFO{8, 4, 16, 12});
    clear(s, D3DCLEAR_TARGET, 0xFF00FF00);
    ASSERT_EQ(execute(s), S_OK);
    std::vector<uint32_t> got = readTarget();
    for (uint32_t y = 0; y < kHeight; ++y)
        for (uint32_t x = 0; x < kWidth; ++x) {
            bool inside = x >= 8 && x < 24 && y >= 4 && y < 16;
            ASSERT_EQ(got[y * kWidth + x], inside ? 0xFF00FF00u : kBackground) << x << "," << y;
        }
}

// D3D9 puts pixel centres on integer coordinates with a top-left fill rule, so a quad with
// corners (0,0) and (4,4) covers exactly pixels 0..3 in x and y.
TEST_F(FirstPixels, PixelCentresAreOnIntegerCoordinates) {
    CommandStream s;
    clear(s, D3DCLEAR_TARGET, kBackground);
    renderState(s, D3DRS_CULLMODE, D3DCULL_NONE);
    s.cmd(D3DDP2OP_TRIANGLELIST, 2).put(D3DHAL_DP2TRIANGLELIST{0});
    std::vector<TLVertex> v = {vtx(0, 0, 0xFFFFFFFF), vtx(4, 0, 0xFFFFFFFF), vtx(0, 4, 0xFFFFFFFF),
                               vtx(4, 0, 0xFFFFFFFF), vtx(4, 4, 0xFFFFFFFF), vtx(0, 4, 0xFFFFFFFF)};
    ASSERT_EQ(execute(s, v), S_OK);
    std::vector<uint32_t> got = readTarget();
    for (uint32_t y = 0; y < 8; ++y)
        for (uint32_t x = 0; x < 8; ++x)
            EXPECT_EQ(got[y * kWidth + x], x < 4 && y < 4 ? 0xFFFFFFFFu : kBackground) << x << "," << y;
}

TEST_F(FirstPixels, TriangleListMatchesTheReference) {
    std::vector<TLVertex> v = {vtx(3.25f, 2.5f, 0xFFFF0000),    vtx(40.5f, 6.75f, 0xFFFF0000),
                               vtx(12.75f, 30.25f, 0xFFFF0000), vtx(50.25f, 20.5f, 0xFF00FF00),
                               vtx(62.5f, 44.75f, 0xFF00FF00),  vtx(30.75f, 46.25f, 0xFF00FF00)};
    CommandStream s;
    clear(s, D3DCLEAR_TARGET, kBackground);
    renderState(s, D3DRS_CULLMODE, D3DCULL_NONE);
    s.cmd(D3DDP2OP_TRIANGLELIST, 2).put(D3DHAL_DP2TRIANGLELIST{0});
    ASSERT_EQ(execute(s, v), S_OK);
    ReferenceTarget want(kWidth, kHeight, kBackground);
    want.triangle(ref(v[0]), ref(v[1]), ref(v[2]));
    want.triangle(ref(v[3]), ref(v[4]), ref(v[5]));
    EXPECT_TRUE(matches(readTarget(), want));
}

TEST_F(FirstPixels, TriangleStripMatchesTheReference) {
    std::vector<TLVertex> v = {vtx(2.5f, 40.25f, 0xFF0000FF), vtx(10.25f, 5.5f, 0xFF0000FF),
                               vtx(22.75f, 42.5f, 0xFF0000FF), vtx(34.5f, 8.25f, 0xFF0000FF),
                               vtx(50.25f, 38.75f, 0xFF0000FF)};
    CommandStream s;
    clear(s, D3DCLEAR_TARGET, kBackground);
    renderState(s, D3DRS_CULLMODE, D3DCULL_NONE);
    s.cmd(D3DDP2OP_TRIANGLESTRIP, 3).put(D3DHAL_DP2TRIANGLESTRIP{0});
    ASSERT_EQ(execute(s, v), S_OK);
    ReferenceTarget want(kWidth, kHeight, kBackground);
    for (int i = 0; i < 3; ++i)
        want.triangle(ref(v[i]), ref(v[i + 1]), ref(v[i + 2]));
    EXPECT_TRUE(matches(readTarget(), want));
}

TEST_F(FirstPixels, TriangleFanMatchesTheReference) {
    std::vector<TLVertex> v = {vtx(32.25f, 24.5f, 0xFFFFFF00), vtx(60.5f, 20.25f, 0xFFFFFF00),
                               vtx(50.75f, 44.5f, 0xFFFFFF00), vtx(20.25f, 46.75f, 0xFFFFFF00),
                               vtx(4.5f, 30.25f, 0xFFFFFF00)};
    CommandStream s;
    clear(s, D3DCLEAR_TARGET, kBackground);
    renderState(s, D3DRS_CULLMODE, D3DCULL_NONE);
    s.cmd(D3DDP2OP_TRIANGLEFAN, 3).put(D3DHAL_DP2TRIANGLEFAN{0});
    ASSERT_EQ(execute(s, v), S_OK);
    ReferenceTarget want(kWidth, kHeight, kBackground);
    for (int i = 1; i < 4; ++i)
        want.triangle(ref(v[0]), ref(v[i]), ref(v[i + 1]));
    EXPECT_TRUE(matches(readTarget(), want));
}

TEST_F(FirstPixels, IndexedTriangleListMatchesTheReference) {
    std::vector<TLVertex> v = {vtx(5.25f, 5.5f, 0xFF00FFFF), vtx(58.5f, 4.25f, 0xFF00FFFF),
                               vtx(56.75f, 43.5f, 0xFF00FFFF), vtx(6.5f, 42.75f, 0xFF00FFFF)};
    CommandStream s;
    clear(s, D3DCLEAR_TARGET, kBackground);
    renderState(s, D3DRS_CULLMODE, D3DCULL_NONE);
    s.cmd(D3DDP2OP_INDEXEDTRIANGLELIST2, 2).put(D3DHAL_DP2STARTVERTEX{0});
    s.put(D3DHAL_DP2INDEXEDTRIANGLELIST2{0, 1, 2}).put(D3DHAL_DP2INDEXEDTRIANGLELIST2{0, 2, 3});
    ASSERT_EQ(execute(s, v), S_OK);
    ReferenceTarget want(kWidth, kHeight, kBackground);
    want.triangle(ref(v[0]), ref(v[1]), ref(v[2]));
    want.triangle(ref(v[0]), ref(v[2]), ref(v[3]));
    EXPECT_TRUE(matches(readTarget(), want));
}

// D3DDP2OP_DRAWPRIMITIVE from a user-memory stream (SETSTREAMSOURCEUM), the DX8+ form.
TEST_F(FirstPixels, DrawPrimitiveFromTheUserMemoryStream) {
    std::vector<TLVertex> v = {vtx(0, 0, 0), vtx(0, 0, 0), // skipped by VStart
                               vtx(10.25f, 8.5f, 0xFFFF00FF), vtx(54.5f, 12.75f, 0xFFFF00FF),
                               vtx(30.75f, 40.25f, 0xFFFF00FF)};
    CommandStream s;
    clear(s, D3DCLEAR_TARGET, kBackground);
    renderState(s, D3DRS_CULLMODE, D3DCULL_NONE);
    s.cmd(D3DDP2OP_SETVERTEXSHADER, 1).put(D3DHAL_DP2VERTEXSHADER{kTLVertexFvf});
    s.cmd(D3DDP2OP_SETSTREAMSOURCEUM, 1).put(D3DHAL_DP2SETSTREAMSOURCEUM{0, sizeof(TLVertex)});
    s.cmd(D3DDP2OP_DRAWPRIMITIVE, 1).put(D3DHAL_DP2DRAWPRIMITIVE{D3DPT_TRIANGLELIST, 2, 1});
    ASSERT_EQ(execute(s, v), S_OK);
    ReferenceTarget want(kWidth, kHeight, kBackground);
    want.triangle(ref(v[2]), ref(v[3]), ref(v[4]));
    EXPECT_TRUE(matches(readTarget(), want));
}

TEST_F(FirstPixels, DrawPrimitivePastTheVertexDataIsRejected) {
    std::vector<TLVertex> v = {vtx(1, 1, 0xFFFFFFFF), vtx(9, 1, 0xFFFFFFFF), vtx(1, 9, 0xFFFFFFFF)};
    CommandStream s;
    s.cmd(D3DDP2OP_SETVERTEXSHADER, 1).put(D3DHAL_DP2VERTEXSHADER{kTLVertexFvf});
    s.cmd(D3DDP2OP_SETSTREAMSOURCEUM, 1).put(D3DHAL_DP2SETSTREAMSOURCEUM{0, sizeof(TLVertex)});
    size_t bad = s.size();
    s.cmd(D3DDP2OP_DRAWPRIMITIVE, 1).put(D3DHAL_DP2DRAWPRIMITIVE{D3DPT_TRIANGLELIST, 1, 1});
    EXPECT_EQ(execute(s, v), D3DERR_INVALIDCALL);
    EXPECT_EQ(errorOffset(), bad);
}

// Vertices in a driver-allocated DP2 vertex buffer (lpDDVertex) at dwVertexOffset, with
// D3DHALDP2_SWAPVERTEXBUFFER: the buffer is renamed (new memory, old contents no longer needed)
// and the draw still reads the vertices it was given.
TEST_F(FirstPixels, VerticesFromTheDp2VertexBufferWithSwap) {
    std::vector<TLVertex> v = {vtx(6.25f, 4.5f, 0xFFFF8000), vtx(58.5f, 9.75f, 0xFFFF8000),
                               vtx(20.75f, 44.25f, 0xFFFF8000)};
    constexpr uint32_t kOffset = 64; // vertex data starts dwVertexOffset bytes in
    DDIVK_DP2BUFFER* vb = nullptr;
    ASSERT_EQ(ddivk_dp2_buffer_create(4096, DDIVK_DP2BUFFER_VERTICES, &vb), S_OK);
    std::memset(vb->lpMemory, 0xCD, vb->dwSize);
    std::memcpy(static_cast<uint8_t*>(vb->lpMemory) + kOffset, v.data(), v.size() * sizeof(TLVertex));
    void* oldMemory = vb->lpMemory;

    CommandStream s;
    clear(s, D3DCLEAR_TARGET, kBackground);
    renderState(s, D3DRS_CULLMODE, D3DCULL_NONE);
    s.cmd(D3DDP2OP_TRIANGLELIST, 1).put(D3DHAL_DP2TRIANGLELIST{0});
    const auto& bytes = s.bytes();
    DDIVK_DP2BUFFER* cb = nullptr;
    ASSERT_EQ(ddivk_dp2_buffer_create(uint32_t(bytes.size()), DDIVK_DP2BUFFER_COMMANDS, &cb), S_OK);
    std::memcpy(cb->lpMemory, bytes.data(), bytes.size());

    D3DHAL_DRAWPRIMITIVES2DATA data{};
    data.dwhContext = context_;
    data.dwFlags = D3DHALDP2_SWAPVERTEXBUFFER | D3DHALDP2_REQVERTEXBUFSIZE;
    data.dwVertexType = kTLVertexFvf;
    data.lpDDCommands = cb;
    data.dwCommandLength = uint32_t(bytes.size());
    data.lpDDVertex = vb;
    data.dwVertexOffset = kOffset;
    data.dwVertexLength = uint32_t(v.size());
    data.dwVertexSize = sizeof(TLVertex);
    data.dwReqVertexBufSize = 8192;
    EXPECT_EQ(ddivk_DrawPrimitives2(&data), DDHAL_DRIVER_HANDLED);
    EXPECT_EQ(data.ddrval, S_OK);
    EXPECT_NE(vb->lpMemory, oldMemory); // renamed, not stalled on
    EXPECT_GE(vb->dwSize, 8192u);       // at least dwReqVertexBufSize
    ddivk_dp2_buffer_destroy(cb);
    ddivk_dp2_buffer_destroy(vb);

    ReferenceTarget want(kWidth, kHeight, kBackground);
    want.triangle(ref(v[0]), ref(v[1]), ref(v[2]));
    EXPECT_TRUE(matches(readTarget(), want));
}

// D3DRS_CULLMODE defaults to D3DCULL_CCW: counter-clockwise triangles (on screen) vanish.
TEST_F(FirstPixels, DefaultCullModeRemovesCounterClockwiseTriangles) {
    std::vector<TLVertex> v = {
        // clockwise on screen (y down): kept
        vtx(4.25f, 4.5f, 0xFFFF0000), vtx(28.5f, 4.75f, 0xFFFF0000), vtx(4.75f, 40.25f, 0xFFFF0000),
        // counter-clockwise: culled
        vtx(36.25f, 4.5f, 0xFF00FF00), vtx(36.75f, 40.25f, 0xFF00FF00), vtx(60.5f, 4.75f, 0xFF00FF00)};
    CommandStream s;
    clear(s, D3DCLEAR_TARGET, kBackground);
    s.cmd(D3DDP2OP_TRIANGLELIST, 2).put(D3DHAL_DP2TRIANGLELIST{0});
    ASSERT_EQ(execute(s, v), S_OK);
    ReferenceTarget want(kWidth, kHeight, kBackground);
    want.triangle(ref(v[0]), ref(v[1]), ref(v[2]));
    EXPECT_TRUE(matches(readTarget(), want));
}

TEST_F(FirstPixels, CullModeClockwiseRemovesClockwiseTriangles) {
    std::vector<TLVertex> v = {vtx(4.25f, 4.5f, 0xFFFF0000),    vtx(28.5f, 4.75f, 0xFFFF0000),
                               vtx(4.75f, 40.25f, 0xFFFF0000),  vtx(36.25f, 4.5f, 0xFF00FF00),
                               vtx(36.75f, 40.25f, 0xFF00FF00), vtx(60.5f, 4.75f, 0xFF00FF00)};
    CommandStream s;
    clear(s, D3DCLEAR_TARGET, kBackground);
    renderState(s, D3DRS_CULLMODE, D3DCULL_CW);
    s.cmd(D3DDP2OP_TRIANGLELIST, 2).put(D3DHAL_DP2TRIANGLELIST{0});
    ASSERT_EQ(execute(s, v), S_OK);
    ReferenceTarget want(kWidth, kHeight, kBackground);
    want.triangle(ref(v[3]), ref(v[4]), ref(v[5]));
    EXPECT_TRUE(matches(readTarget(), want));
}

// D3DSHADE_GOURAUD (the default): colours interpolate across the triangle.
TEST_F(FirstPixels, GouraudShadingInterpolatesVertexColours) {
    std::vector<TLVertex> v = {vtx(2.25f, 2.5f, 0xFFFF0000), vtx(61.5f, 6.25f, 0xFF00FF00),
                               vtx(20.75f, 45.5f, 0xFF0000FF)};
    CommandStream s;
    clear(s, D3DCLEAR_TARGET, kBackground);
    s.cmd(D3DDP2OP_TRIANGLELIST, 1).put(D3DHAL_DP2TRIANGLELIST{0});
    ASSERT_EQ(execute(s, v), S_OK);
    ReferenceTarget want(kWidth, kHeight, kBackground);
    want.triangle(ref(v[0]), ref(v[1]), ref(v[2]));
    EXPECT_TRUE(matches(readTarget(), want, 2)); // float interpolation and 8-bit rounding
}

// Pre-transformed draws stay inside the viewport rectangle.
TEST_F(FirstPixels, DrawsAreClippedToTheViewport) {
    std::vector<TLVertex> v = {vtx(0, 0, 0xFFFFFFFF),  vtx(64, 0, 0xFFFFFFFF),  vtx(0, 48, 0xFFFFFFFF),
                               vtx(64, 0, 0xFFFFFFFF), vtx(64, 48, 0xFFFFFFFF), vtx(0, 48, 0xFFFFFFFF)};
    CommandStream s;
    clear(s, D3DCLEAR_TARGET, kBackground);
    renderState(s, D3DRS_CULLMODE, D3DCULL_NONE);
    s.cmd(D3DDP2OP_VIEWPORTINFO, 1).put(D3DHAL_DP2VIEWPORTINFO{10, 20, 30, 5});
    s.cmd(D3DDP2OP_TRIANGLELIST, 2).put(D3DHAL_DP2TRIANGLELIST{0});
    ASSERT_EQ(execute(s, v), S_OK);
    std::vector<uint32_t> got = readTarget();
    for (uint32_t y = 0; y < kHeight; ++y)
        for (uint32_t x = 0; x < kWidth; ++x) {
            bool inside = x >= 10 && x < 40 && y >= 20 && y < 25;
            ASSERT_EQ(got[y * kWidth + x], inside ? 0xFFFFFFFFu : kBackground) << x << "," << y;
        }
}

// SRCALPHA / INVSRCALPHA over the cleared target: out = src * a + dst * (1 - a).
TEST_F(FirstPixels, AlphaBlendingMixesWithTheTarget) {
    const uint32_t src = 0x80FF4000; // alpha 128/255
    std::vector<TLVertex> v = {vtx(0, 0, src), vtx(64, 0, src), vtx(0, 48, src)};
    CommandStream s;
    clear(s, D3DCLEAR_TARGET, 0xFF2040C0);
    renderState(s, D3DRS_CULLMODE, D3DCULL_NONE);
    renderState(s, D3DRS_ALPHABLENDENABLE, 1);
    renderState(s, D3DRS_SRCBLEND, D3DBLEND_SRCALPHA);
    renderState(s, D3DRS_DESTBLEND, D3DBLEND_INVSRCALPHA);
    s.cmd(D3DDP2OP_TRIANGLELIST, 1).put(D3DHAL_DP2TRIANGLELIST{0});
    ASSERT_EQ(execute(s, v), S_OK);
    const float a = 128.0f / 255.0f;
    auto mix = [&](int s8, int d8) { return (float(s8) * a + float(d8) * (1 - a)) / 255.0f; };
    ReferenceTarget want(kWidth, kHeight, 0xFF2040C0);
    RefVertex c0{0, 0, mix(0xFF, 0x20), mix(0x40, 0x40), mix(0x00, 0xC0), 1};
    RefVertex c1 = c0, c2 = c0;
    c1.x = 64;
    c2.y = 48;
    want.triangle(c0, c1, c2);
    EXPECT_TRUE(matches(readTarget(), want, 1));
}

// A failing token: commands before it took effect, none after it, and the device still draws.
TEST_F(FirstPixels, DeviceKeepsWorkingAfterAFailedCall) {
    CommandStream s;
    clear(s, D3DCLEAR_TARGET, 0xFF0000FF);
    size_t bad = s.size();
    s.cmd(0xEE, 1).put(uint32_t(0)); // unknown opcode, no parse callback
    clear(s, D3DCLEAR_TARGET, 0xFFFF0000);
    EXPECT_EQ(execute(s), D3DERR_COMMAND_UNPARSED);
    EXPECT_EQ(errorOffset(), bad);
    EXPECT_TRUE(matches(readTarget(), ReferenceTarget(kWidth, kHeight, 0xFF0000FF)));

    CommandStream again;
    clear(again, D3DCLEAR_TARGET, 0xFF00FF00);
    ASSERT_EQ(execute(again), S_OK);
    EXPECT_TRUE(matches(readTarget(), ReferenceTarget(kWidth, kHeight, 0xFF00FF00)));
}

// One call with more draws than go into one submission: the device submits in pieces during
// the call, and every draw still lands in order (the last colour wins everywhere).
TEST_F(FirstPixels, ManyDrawsInOneCallAllLandInOrder) {
    constexpr int kDraws = 2500;
    std::vector<TLVertex> v;
    CommandStream s;
    renderState(s, D3DRS_CULLMODE, D3DCULL_NONE);
    for (int i = 0; i < kDraws; ++i) {
        uint32_t color = 0xFF000000u | uint32_t(i * 2654435761u >> 8);
        const uint16_t start = uint16_t(v.size()); // 7500 vertices in all: fits wVStart
        v.push_back(vtx(-1, -1, color));
        v.push_back(vtx(130, -1, color));
        v.push_back(vtx(-1, 100, color));
        s.cmd(D3DDP2OP_TRIANGLELIST, 1).put(D3DHAL_DP2TRIANGLELIST{start});
    }
    ASSERT_EQ(execute(s, v), S_OK);
    const uint32_t last = 0xFF000000u | uint32_t((kDraws - 1) * 2654435761u >> 8);
    EXPECT_TRUE(matches(readTarget(), ReferenceTarget(kWidth, kHeight, last)));
}

// Many frames of draws create their pipelines once.
TEST_F(FirstPixels, RepeatedFramesCreateNoNewPipelines) {
    std::vector<TLVertex> v = {vtx(2.5f, 2.5f, 0xFFFFFFFF), vtx(20.5f, 2.5f, 0xFFFFFFFF),
                               vtx(2.5f, 20.5f, 0xFFFFFFFF)};
    auto frame = [&] {
        CommandStream s;
        clear(s, D3DCLEAR_TARGET, kBackground);
        renderState(s, D3DRS_CULLMODE, D3DCULL_NONE);
        s.cmd(D3DDP2OP_TRIANGLELIST, 1).put(D3DHAL_DP2TRIANGLELIST{0});
        renderState(s, D3DRS_CULLMODE, D3DCULL_CCW);
        s.cmd(D3DDP2OP_TRIANGLEFAN, 1).put(D3DHAL_DP2TRIANGLEFAN{0});
        ASSERT_EQ(execute(s, v), S_OK);
    };
    frame();
    readTarget();
    const uint64_t before = pipelinesCreated();
    for (int i = 0; i < 20; ++i)
        frame();
    readTarget();
    EXPECT_EQ(pipelinesCreated(), before);
}

} // namespace
} // namespace ddivk::test

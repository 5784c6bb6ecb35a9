// The draw forms and their offsets, through both doors where both have them: StartVertex,
// BaseVertexIndex (positive, negative), MinIndex / NumVertices, StartIndex, the stream offset,
// DP2's byte-offset draws (DRAWPRIMITIVE2, DRAWINDEXEDPRIMITIVE2), the user-memory forms (UMD
// SetStreamSourceUm with DrawPrimitive2 / DrawIndexedPrimitive2, DP2 SETSTREAMSOURCEUM), the
// fixed-function vertex and pixel pipelines, and errors that change nothing. The scenes are
// points on pixel centres, vertex k of a buffer at pixel (2k + 1, row) in its own colour, so the
// pixels say exactly which vertices a draw read.
#include <cstring>
#include <functional>

#include "cts/cts_fixture.h"

namespace ddivk::test {
namespace {

struct Vertex {
    float x, y;
    uint32_t color;
};
constexpr uint32_t kStride = sizeof(Vertex);

// The coloured-point program of cts_fixture.h.
constexpr const char* kVs = kColorPointVs;
constexpr const char* kPs = kColorPointPs;
const std::vector<D3DVERTEXELEMENT9> kDecl = colorPointDeclaration();

uint32_t colorOf(uint32_t k) {
    return 0xFF000000u | ((k * 71u + 30u) & 0xFF) << 16 | ((k * 29u + 90u) & 0xFF) << 8 |
           ((k * 113u + 5u) & 0xFF);
}

// n vertices: vertex k at pixel (2k + 1, row), colour colorOf(k).
std::vector<Vertex> rowOf(uint32_t n, int row) {
    std::vector<Vertex> v;
    for (uint32_t k = 0; k < n; ++k)
        v.push_back({float(2 * k + 1), float(row), colorOf(k)});
    return v;
}

// The pixels of vertices `read` of rowOf(..., row).
void addVertices(Pixels& p, std::initializer_list<uint32_t> read, int row) {
    for (uint32_t k : read)
        p[{int(2 * k + 1), row}] = colorOf(k);
}

class DrawForms : public Cts {
  protected:
    void SetUp() override {
        Cts::SetUp();
        clearTarget();
    }
    // The program (and its constants) through `door`.
    void useProgram(Door door = Door::Dp2) {
        setProgram(door, kVs, kPs, kDecl);
        setPixelToClip(door);
    }
    Pixels want_;
};

class DrawFormsBothDoors : public DrawForms, public ::testing::WithParamInterface<Door> {
  protected:
    Door door() const { return GetParam(); }
    void SetUp() override {
        DrawForms::SetUp();
        useProgram(door());
    }
};

// DrawPrimitive StartVertex: "Index of the first vertex to load"; the stream offset ("offset from
// the beginning of the stream to the beginning of the vertex data, in bytes") moves vertex 0,
// also by an amount that is not a whole vertex.
TEST_P(DrawFormsBothDoors, StartVertexAndStreamOffsetSelectTheVertices) {
    const std::vector<Vertex> v = rowOf(10, 2);
    const uint32_t vb = createBuffer(v);
    setStream(door(), 0, vb, 0, kStride);
    ASSERT_EQ(drawPrimitive(door(), D3DPT_POINTLIST, 3, 4), S_OK);
    addVertices(want_, {3, 4, 5, 6}, 2);

    // Vertex 0 at vertex 2 of the buffer: StartVertex 1 reads buffer vertices 3 and 4.
    const std::vector<Vertex> v2 = rowOf(10, 4);
    setStream(door(), 0, createBuffer(v2), 2 * kStride, kStride);
    ASSERT_EQ(drawPrimitive(door(), D3DPT_POINTLIST, 1, 2), S_OK);
    addVertices(want_, {3, 4}, 4);

    // Four bytes of something else before the vertices.
    std::vector<std::byte> padded(4 + 10 * kStride, std::byte{0xEE});
    const std::vector<Vertex> v3 = rowOf(10, 6);
    std::memcpy(padded.data() + 4, v3.data(), 10 * kStride);
    setStream(door(), 0, createBuffer(padded.data(), uint32_t(padded.size())), 4, kStride);
    ASSERT_EQ(drawPrimitive(door(), D3DPT_POINTLIST, 7, 3), S_OK);
    addVertices(want_, {7, 8, 9}, 6);
    expectScene(want_);
}

// DrawIndexedPrimitive: vertex = BaseVertexIndex + index, the indices read from StartIndex on;
// MinIndex and NumVertices give the range of indices the draw uses ("relative to
// BaseVertexIndex"). Positive and negative bases, 16- and 32-bit indices.
TEST_P(DrawFormsBothDoors, BaseVertexIndexIsAddedToEveryIndex) {
    setStream(door(), 0, createBuffer(rowOf(16, 3)), 0, kStride);
    setIndices(door(), createIndexBuffer(std::vector<uint16_t>{9, 0, 1, 2, 9, 9}), 2);
    ASSERT_EQ(drawIndexed(door(), D3DPT_POINTLIST, 4, 0, 3, 1, 3), S_OK);
    addVertices(want_, {4, 5, 6}, 3);

    setStream(door(), 0, createBuffer(rowOf(16, 5)), 0, kStride);
    setIndices(door(), createIndexBuffer(std::vector<uint16_t>{0, 0, 10, 12, 11, 0}), 2);
    ASSERT_EQ(drawIndexed(door(), D3DPT_POINTLIST, -8, 10, 3, 2, 3), S_OK);
    addVertices(want_, {2, 4, 3}, 5);

    setStream(door(), 0, createBuffer(rowOf(16, 7)), 0, kStride);
    setIndices(door(), createIndexBuffer(std::vector<uint32_t>{7, 100005, 100001, 100003}), 4);
    ASSERT_EQ(drawIndexed(door(), D3DPT_POINTLIST, -100000, 100001, 5, 1, 3), S_OK);
    addVertices(want_, {5, 1, 3}, 7);

    // The base vertex with the stream offset: both move the vertices.
    setStream(door(), 0, createBuffer(rowOf(16, 9)), 3 * kStride, kStride);
    setIndices(door(), createIndexBuffer(std::vector<uint32_t>{0, 1, 2}), 4);
    ASSERT_EQ(drawIndexed(door(), D3DPT_POINTLIST, 2, 0, 3, 0, 3), S_OK);
    addVertices(want_, {5, 6, 7}, 9);
    expectScene(want_);
}

// The UMD door's user-memory forms: SetStreamSourceUm makes the runtime's memory stream 0;
// DrawPrimitive2 starts FirstVertexOffset bytes into it; DrawIndexedPrimitive2 takes its indices
// with the call (SetIndicesUm gives their size), StartIndexOffset bytes into them, and adds
// BaseVertexOffset bytes to the vertex data.
TEST_F(DrawForms, UmdUserMemoryForms) {
    useProgram();
    const std::vector<Vertex> v = rowOf(12, 2);
    D3DDDIARG_SETSTREAMSOURCEUM um{0, kStride};
    ASSERT_EQ(umd().pfnSetStreamSourceUm(dev(), &um, v.data()), S_OK);
    D3DDDIARG_DRAWPRIMITIVE2 draw2{D3DPT_POINTLIST, 2 * kStride, 3};
    ASSERT_EQ(umd().pfnDrawPrimitive2(dev(), &draw2), S_OK);
    addVertices(want_, {2, 3, 4}, 2);

    const std::vector<Vertex> v2 = rowOf(12, 4);
    ASSERT_EQ(umd().pfnSetStreamSourceUm(dev(), &um, v2.data()), S_OK);
    const std::vector<uint16_t> i16 = {9, 9, 0, 4, 2};
    ASSERT_EQ(umd().pfnSetIndicesUm(dev(), 2, i16.data()), S_OK);
    D3DDDIARG_DRAWINDEXEDPRIMITIVE2 indexed{D3DPT_POINTLIST, int32_t(3 * kStride), 0, 5, 2 * 2, 3};
    ASSERT_EQ(umd().pfnDrawIndexedPrimitive2(dev(), &indexed, uint32_t(i16.size() * 2), i16.data(), nullptr),
              S_OK);
    addVertices(want_, {3, 7, 5}, 4);

    const std::vector<Vertex> v3 = rowOf(12, 6);
    ASSERT_EQ(umd().pfnSetStreamSourceUm(dev(), &um, v3.data()), S_OK);
    const std::vector<uint32_t> i32 = {1, 10, 0, 6};
    ASSERT_EQ(umd().pfnSetIndicesUm(dev(), 4, i32.data()), S_OK);
    D3DDDIARG_DRAWINDEXEDPRIMITIVE2 indexed32{D3DPT_POINTLIST, int32_t(kStride), 0, 11, 4, 3};
    ASSERT_EQ(
        umd().pfnDrawIndexedPrimitive2(dev(), &indexed32, uint32_t(i32.size() * 4), i32.data(), nullptr),
        S_OK);
    addVertices(want_, {11, 1, 7}, 6);
    expectScene(want_);
}

// DP2's byte-offset draws: DRAWPRIMITIVE2 starts FirstVertexOffset bytes into stream 0;
// DRAWINDEXEDPRIMITIVE2 reads indices StartIndexOffset bytes into the index buffer and finds
// index 0 BaseVertexOffset bytes into stream 0 (negative: before it, in whole vertices).
TEST_F(DrawForms, Dp2ByteOffsetDraws) {
    useProgram();
    CommandStream s;
    s.cmd(D3DDP2OP_SETSTREAMSOURCE2, 1)
        .put(D3DHAL_DP2SETSTREAMSOURCE2{0, createBuffer(rowOf(12, 2)), 0, kStride});
    s.cmd(D3DDP2OP_DRAWPRIMITIVE2, 1).put(D3DHAL_DP2DRAWPRIMITIVE2{D3DPT_POINTLIST, 5 * kStride, 3});
    addVertices(want_, {5, 6, 7}, 2);

    s.cmd(D3DDP2OP_SETSTREAMSOURCE2, 1)
        .put(D3DHAL_DP2SETSTREAMSOURCE2{0, createBuffer(rowOf(12, 4)), 0, kStride});
    s.cmd(D3DDP2OP_SETINDICES, 1)
        .put(D3DHAL_DP2SETINDICES{createIndexBuffer(std::vector<uint16_t>{9, 9, 9, 0, 2, 1}), 2});
    s.cmd(D3DDP2OP_DRAWINDEXEDPRIMITIVE2, 1)
        .put(D3DHAL_DP2DRAWINDEXEDPRIMITIVE2{D3DPT_POINTLIST, int32_t(4 * kStride), 0, 3, 3 * 2, 3});
    addVertices(want_, {4, 6, 5}, 4);

    s.cmd(D3DDP2OP_SETSTREAMSOURCE2, 1)
        .put(D3DHAL_DP2SETSTREAMSOURCE2{0, createBuffer(rowOf(12, 6)), 0, kStride});
    s.cmd(D3DDP2OP_SETINDICES, 1)
        .put(D3DHAL_DP2SETINDICES{createIndexBuffer(std::vector<uint32_t>{0, 5, 3, 4}), 4});
    s.cmd(D3DDP2OP_DRAWINDEXEDPRIMITIVE2, 1)
        .put(D3DHAL_DP2DRAWINDEXEDPRIMITIVE2{D3DPT_POINTLIST, -int32_t(2 * kStride), 3, 3, 1 * 4, 3});
    addVertices(want_, {3, 1, 2}, 6);
    run(s);
    expectScene(want_);
}

// DP2 SETSTREAMSOURCEUM: stream 0 is the call's own vertex data (lpVertices), read by the DX8+
// draws: DRAWPRIMITIVE from VStart, DRAWPRIMITIVE2 from a byte offset, DRAWINDEXEDPRIMITIVE
// through an index buffer with BaseVertexIndex.
TEST_F(DrawForms, Dp2UserMemoryStream) {
    useProgram();
    std::vector<Vertex> v = rowOf(10, 2);
    for (const Vertex& w : rowOf(10, 5))
        v.push_back(w);
    CommandStream s;
    s.cmd(D3DDP2OP_SETSTREAMSOURCEUM, 1).put(D3DHAL_DP2SETSTREAMSOURCEUM{0, kStride});
    s.cmd(D3DDP2OP_DRAWPRIMITIVE, 1).put(D3DHAL_DP2DRAWPRIMITIVE{D3DPT_POINTLIST, 2, 3});
    addVertices(want_, {2, 3, 4}, 2);
    s.cmd(D3DDP2OP_DRAWPRIMITIVE2, 1).put(D3DHAL_DP2DRAWPRIMITIVE2{D3DPT_POINTLIST, 7 * kStride, 2});
    addVertices(want_, {7, 8}, 2);
    s.cmd(D3DDP2OP_SETINDICES, 1)
        .put(D3DHAL_DP2SETINDICES{createIndexBuffer(std::vector<uint16_t>{0, 9, 3}), 2});
    s.cmd(D3DDP2OP_DRAWINDEXEDPRIMITIVE, 1)
        .put(D3DHAL_DP2DRAWINDEXEDPRIMITIVE{D3DPT_POINTLIST, 10, 0, 10, 0, 3});
    addVertices(want_, {0, 9, 3}, 5);
    ASSERT_EQ(execute(s, v), S_OK) << "error offset " << errorOffset();
    expectScene(want_);
}

// ddivk's DDIVK_STATESETSUSPEND / RESUME (docs/state.md, "Recording"): a user-memory draw made
// inside a recording, as the D3D9 runtime makes DrawPrimitiveUP there, binds and unbinds stream 0
// on the device; the block keeps only what was recorded around it. A stray SUSPEND fails at its
// token.
TEST_F(DrawForms, Dp2UserMemoryDrawInASuspendedRecording) {
    useProgram();
    const uint32_t before = createBuffer(rowOf(10, 2));
    const uint32_t recorded = createBuffer(rowOf(10, 6));
    const std::vector<Vertex> user = rowOf(10, 4);
    const auto stateSet = [](CommandStream& s, uint32_t op) {
        s.cmd(D3DDP2OP_STATESET, 1).put(D3DHAL_DP2STATESET{op, 9, 0});
    };
    CommandStream s;
    s.cmd(D3DDP2OP_SETSTREAMSOURCE2, 1).put(D3DHAL_DP2SETSTREAMSOURCE2{0, before, 0, kStride});
    stateSet(s, D3DHAL_STATESETBEGIN);
    s.cmd(D3DDP2OP_SETSTREAMSOURCE2, 1).put(D3DHAL_DP2SETSTREAMSOURCE2{0, recorded, 0, kStride});
    stateSet(s, DDIVK_STATESETSUSPEND);
    s.cmd(D3DDP2OP_SETSTREAMSOURCEUM, 1).put(D3DHAL_DP2SETSTREAMSOURCEUM{0, kStride});
    s.cmd(D3DDP2OP_DRAWPRIMITIVE2, 1).put(D3DHAL_DP2DRAWPRIMITIVE2{D3DPT_POINTLIST, 1 * kStride, 3});
    addVertices(want_, {1, 2, 3}, 4);
    s.cmd(D3DDP2OP_SETSTREAMSOURCE2, 1).put(D3DHAL_DP2SETSTREAMSOURCE2{0, 0, 0, 0});
    stateSet(s, DDIVK_STATESETRESUME);
    stateSet(s, D3DHAL_STATESETEND);
    stateSet(s, D3DHAL_STATESETEXECUTE); // stream 0: the buffer recorded before the draw
    s.cmd(D3DDP2OP_DRAWPRIMITIVE, 1).put(D3DHAL_DP2DRAWPRIMITIVE{D3DPT_POINTLIST, 5, 2});
    addVertices(want_, {5, 6}, 6);
    ASSERT_EQ(execute(s, user), S_OK) << "error offset " << errorOffset();

    CommandStream stray;
    stray.cmd(D3DDP2OP_DRAWPRIMITIVE, 1).put(D3DHAL_DP2DRAWPRIMITIVE{D3DPT_POINTLIST, 7, 1});
    addVertices(want_, {7}, 6);
    const size_t at = stray.size();
    stateSet(stray, DDIVK_STATESETSUSPEND);                                                   // no recording
    stray.cmd(D3DDP2OP_DRAWPRIMITIVE, 1).put(D3DHAL_DP2DRAWPRIMITIVE{D3DPT_POINTLIST, 8, 1}); // not run
    EXPECT_EQ(execute(stray), D3DERR_INVALIDCALL);
    EXPECT_EQ(errorOffset(), at);
    expectScene(want_);
}

// The fixed-function vertex pipeline (no vertex shader): an FVF (D3DFVF_XYZ | D3DFVF_DIFFUSE, set
// with SETVERTEXSHADER) under the default identity transforms leaves x, y in clip space, and the
// viewport maps them as D3D9 does (Viewports and Clipping: X = X0 + (1 + x) W / 2, pixel centres
// on integers). D3DRS_LIGHTING FALSE passes the diffuse colour on, and the fixed-function pixel
// pipeline's default stage 0 (MODULATE TEXTURE, CURRENT, no texture) draws it unchanged.
TEST_P(DrawFormsBothDoors, FixedFunctionPipelineDrawsTheDiffuseColour) {
    struct XyzDiffuse {
        float x, y, z;
        uint32_t diffuse;
    };
    CommandStream s;
    s.cmd(D3DDP2OP_SETVERTEXSHADERFUNC, 1).put(D3DHAL_DP2VERTEXSHADER{0});
    s.cmd(D3DDP2OP_SETPIXELSHADER, 1).put(D3DHAL_DP2PIXELSHADER{0});
    s.cmd(D3DDP2OP_SETVERTEXSHADER, 1).put(D3DHAL_DP2VERTEXSHADER{D3DFVF_XYZ | D3DFVF_DIFFUSE});
    renderState(s, D3DRS_LIGHTING, 0); // FALSE
    run(s);
    // Pixel coordinates to clip space, as the identity transforms leave them.
    auto at = [](float px, float py, uint32_t c) {
        return XyzDiffuse{-1.0f + 2.0f * px / kWidth, 1.0f - 2.0f * py / kHeight, 0.5f, c};
    };
    const std::vector<XyzDiffuse> v = {at(4.25f, 3.5f, 0xFFFF8000),    at(40.5f, 6.75f, 0xFFFF8000),
                                       at(10.75f, 30.25f, 0xFFFF8000), at(44.25f, 20.5f, 0xFF0080FF),
                                       at(60.5f, 44.75f, 0xFF0080FF),  at(30.75f, 40.25f, 0xFF0080FF)};
    setStream(door(), 0, createBuffer(v), 0, sizeof(XyzDiffuse));
    ASSERT_EQ(drawPrimitive(door(), D3DPT_TRIANGLELIST, 0, 1), S_OK);
    setIndices(door(), createIndexBuffer(std::vector<uint16_t>{3, 4, 5}), 2);
    ASSERT_EQ(drawIndexed(door(), D3DPT_TRIANGLELIST, 0, 3, 3, 0, 1), S_OK);

    auto ref = [](float px, float py, uint32_t c) {
        return RefVertex{
            px, py, float(c >> 16 & 0xFF) / 255, float(c >> 8 & 0xFF) / 255, float(c & 0xFF) / 255, 1};
    };
    ReferenceTarget want(kWidth, kHeight, kCtsBackground);
    want.triangle(ref(4.25f, 3.5f, 0xFFFF8000), ref(40.5f, 6.75f, 0xFFFF8000),
                  ref(10.75f, 30.25f, 0xFFFF8000));
    want.triangle(ref(44.25f, 20.5f, 0xFF0080FF), ref(60.5f, 44.75f, 0xFF0080FF),
                  ref(30.75f, 40.25f, 0xFF0080FF));
    EXPECT_TRUE(matches(readTarget(), want));
}

// --- Errors change nothing, and the device keeps drawing ---

// UMD: SetStreamSource or SetIndices naming no buffer fails (D3DERR_INVALIDCALL) and keeps the
// stream as it was; a draw from a buffer destroyed since, an index range past the index buffer's
// end, and a primitive type that is not a D3DPRIMITIVETYPE fail and draw nothing.
TEST_F(DrawForms, UmdBadDrawsFailAndChangeNothing) {
    useProgram();
    const uint32_t vb = createBuffer(rowOf(10, 2));
    setStream(Door::Umd, 0, vb, 0, kStride);
    setIndices(Door::Umd, createIndexBuffer(std::vector<uint16_t>{0, 1, 2, 3, 4, 5}), 2);

    D3DDDIARG_SETSTREAMSOURCE unknown{0, reinterpret_cast<HANDLE>(uintptr_t(0xBAD0)), 0, kStride};
    EXPECT_EQ(umd().pfnSetStreamSource(dev(), &unknown), D3DERR_INVALIDCALL);
    D3DDDIARG_SETINDICES unknownIndices{reinterpret_cast<HANDLE>(uintptr_t(0xBAD0)), 2};
    EXPECT_EQ(umd().pfnSetIndices(dev(), &unknownIndices), D3DERR_INVALIDCALL);
    EXPECT_EQ(drawIndexed(Door::Umd, D3DPT_POINTLIST, 0, 4, 3, 4, 3), D3DERR_INVALIDCALL)
        << "indices 4..6 of 6";
    EXPECT_EQ(drawIndexed(Door::Umd, D3DPT_POINTLIST, 0, 0, 6, 0, 7), D3DERR_INVALIDCALL) << "7 indices of 6";
    for (uint32_t type : {0u, 7u, 0xFFFFFFFFu}) {
        EXPECT_EQ(drawPrimitive(Door::Umd, type, 0, 1), D3DERR_INVALIDCALL) << "type " << type;
        EXPECT_EQ(drawIndexed(Door::Umd, type, 0, 0, 1, 0, 1), D3DERR_INVALIDCALL) << "type " << type;
    }
    // The stream and indices are the ones set before the failing calls.
    ASSERT_EQ(drawIndexed(Door::Umd, D3DPT_POINTLIST, 0, 3, 3, 3, 3), S_OK);
    addVertices(want_, {3, 4, 5}, 2);

    const uint32_t gone = createBuffer(rowOf(10, 4));
    setStream(Door::Umd, 0, gone, 0, kStride);
    ASSERT_EQ(umd().pfnDestroyResource(dev(), reinterpret_cast<HANDLE>(uintptr_t(gone))), S_OK);
    EXPECT_EQ(drawPrimitive(Door::Umd, D3DPT_POINTLIST, 0, 3), D3DERR_INVALIDCALL) << "a destroyed buffer";

    // The user-memory forms: indices the call does not hold, a start inside an index, bad types.
    const std::vector<Vertex> um = rowOf(10, 4);
    D3DDDIARG_SETSTREAMSOURCEUM umStream{0, kStride};
    ASSERT_EQ(umd().pfnSetStreamSourceUm(dev(), &umStream, um.data()), S_OK);
    const std::vector<uint16_t> three = {0, 1, 2};
    ASSERT_EQ(umd().pfnSetIndicesUm(dev(), 2, three.data()), S_OK);
    const D3DDDIARG_DRAWINDEXEDPRIMITIVE2 tooMany{D3DPT_POINTLIST, 0, 0, 3, 0, 4};
    EXPECT_EQ(umd().pfnDrawIndexedPrimitive2(dev(), &tooMany, 6, three.data(), nullptr), D3DERR_INVALIDCALL);
    const D3DDDIARG_DRAWINDEXEDPRIMITIVE2 pastEnd{D3DPT_POINTLIST, 0, 0, 3, 4, 2};
    EXPECT_EQ(umd().pfnDrawIndexedPrimitive2(dev(), &pastEnd, 6, three.data(), nullptr), D3DERR_INVALIDCALL);
    const D3DDDIARG_DRAWINDEXEDPRIMITIVE2 halfIndex{D3DPT_POINTLIST, 0, 0, 3, 1, 1};
    EXPECT_EQ(umd().pfnDrawIndexedPrimitive2(dev(), &halfIndex, 6, three.data(), nullptr),
              D3DERR_INVALIDCALL);
    const D3DDDIARG_DRAWINDEXEDPRIMITIVE2 badIndexedType{8, 0, 0, 3, 0, 1};
    EXPECT_EQ(umd().pfnDrawIndexedPrimitive2(dev(), &badIndexedType, 6, three.data(), nullptr),
              D3DERR_INVALIDCALL);
    const D3DDDIARG_DRAWPRIMITIVE2 badType{0, 0, 1};
    EXPECT_EQ(umd().pfnDrawPrimitive2(dev(), &badType), D3DERR_INVALIDCALL);

    setStream(Door::Umd, 0, vb, 0, kStride);
    ASSERT_EQ(drawPrimitive(Door::Umd, D3DPT_POINTLIST, 7, 2), S_OK);
    addVertices(want_, {7, 8}, 2);
    expectScene(want_);
}

// DP2: a failing draw token fails the call with D3DERR_INVALIDCALL and dwErrorOffset at the
// token; the tokens before it took effect, none after it did (docs/dp2.md, Errors), and the
// device keeps drawing. The DP2 stream setters take any handle: the draw that reads it fails.
TEST_F(DrawForms, Dp2BadDrawTokensStopTheCallAtTheToken) {
    useProgram();
    const uint32_t vb = createBuffer(rowOf(10, 2));
    const uint32_t ib = createIndexBuffer(std::vector<uint16_t>{0, 1, 2, 3, 4, 5});
    const uint32_t gone = createBuffer(rowOf(10, 2));
    ASSERT_EQ(umd().pfnDestroyResource(dev(), reinterpret_cast<HANDLE>(uintptr_t(gone))), S_OK);

    using Tokens = std::function<void(CommandStream&)>;
    auto none = [](CommandStream&) {};
    auto drawPoint = [](CommandStream& s) {
        s.cmd(D3DDP2OP_DRAWPRIMITIVE, 1).put(D3DHAL_DP2DRAWPRIMITIVE{D3DPT_POINTLIST, 0, 1});
    };
    auto drawIndexedPoints = [](CommandStream& s) {
        s.cmd(D3DDP2OP_DRAWINDEXEDPRIMITIVE, 1)
            .put(D3DHAL_DP2DRAWINDEXEDPRIMITIVE{D3DPT_POINTLIST, 0, 0, 3, 0, 3});
    };
    struct Bad {
        const char* what;
        Tokens setup;   // succeeds
        Tokens failing; // fails
    };
    const Bad bad[] = {
        {"an unknown vertex buffer",
         [](CommandStream& s) {
             s.cmd(D3DDP2OP_SETSTREAMSOURCE2, 1).put(D3DHAL_DP2SETSTREAMSOURCE2{0, 0xBAD0, 0, kStride});
         },
         drawPoint},
        {"a destroyed vertex buffer",
         [&](CommandStream& s) {
             s.cmd(D3DDP2OP_SETSTREAMSOURCE2, 1).put(D3DHAL_DP2SETSTREAMSOURCE2{0, gone, 0, kStride});
         },
         drawPoint},
        {"an unknown index buffer",
         [](CommandStream& s) {
             s.cmd(D3DDP2OP_SETINDICES, 1).put(D3DHAL_DP2SETINDICES{0xBAD0, 2});
         },
         drawIndexedPoints},
        {"indices past the end", none,
         [](CommandStream& s) {
             s.cmd(D3DDP2OP_DRAWINDEXEDPRIMITIVE, 1)
                 .put(D3DHAL_DP2DRAWINDEXEDPRIMITIVE{D3DPT_POINTLIST, 0, 4, 3, 4, 3});
         }},
        {"index bytes past the end", none,
         [](CommandStream& s) {
             s.cmd(D3DDP2OP_DRAWINDEXEDPRIMITIVE2, 1)
                 .put(D3DHAL_DP2DRAWINDEXEDPRIMITIVE2{D3DPT_POINTLIST, 0, 0, 6, 4 * 2, 3});
         }},
        {"primitive type 0", none,
         [](CommandStream& s) {
             s.cmd(D3DDP2OP_DRAWPRIMITIVE, 1).put(D3DHAL_DP2DRAWPRIMITIVE{D3DPRIMITIVETYPE(0), 0, 1});
         }},
        {"primitive type 7", none,
         [](CommandStream& s) {
             s.cmd(D3DDP2OP_DRAWPRIMITIVE2, 1).put(D3DHAL_DP2DRAWPRIMITIVE2{D3DPRIMITIVETYPE(7), 0, 1});
         }},
        {"indexed primitive type 7", none,
         [](CommandStream& s) {
             s.cmd(D3DDP2OP_DRAWINDEXEDPRIMITIVE, 1)
                 .put(D3DHAL_DP2DRAWINDEXEDPRIMITIVE{D3DPRIMITIVETYPE(7), 0, 0, 3, 0, 1});
         }},
    };
    // Vertex y = 2 drawn on pixel row `row`: c1.y moved by the call itself.
    auto rowBias = [](CommandStream& s, int row) {
        const float bias[4] = {-1.0f, 1.0f - 2.0f * float(row - 2) / kHeight, 0.5f, 1.0f};
        s.cmd(D3DDP2OP_SETVERTEXSHADERCONST, 1).put(D3DHAL_DP2SETVERTEXSHADERCONST{1, 1}).put(bias);
    };
    int row = 1;
    for (const Bad& b : bad) {
        SCOPED_TRACE(b.what);
        CommandStream s;
        s.cmd(D3DDP2OP_SETSTREAMSOURCE2, 1).put(D3DHAL_DP2SETSTREAMSOURCE2{0, vb, 0, kStride});
        s.cmd(D3DDP2OP_SETINDICES, 1).put(D3DHAL_DP2SETINDICES{ib, 2});
        rowBias(s, row);
        s.cmd(D3DDP2OP_DRAWPRIMITIVE, 1).put(D3DHAL_DP2DRAWPRIMITIVE{D3DPT_POINTLIST, 0, 2}); // lands
        b.setup(s);
        const size_t at = s.size();
        b.failing(s);
        s.cmd(D3DDP2OP_SETSTREAMSOURCE2, 1).put(D3DHAL_DP2SETSTREAMSOURCE2{0, vb, 0, kStride});
        s.cmd(D3DDP2OP_DRAWPRIMITIVE, 1).put(D3DHAL_DP2DRAWPRIMITIVE{D3DPT_POINTLIST, 6, 2}); // does not
        EXPECT_EQ(execute(s), D3DERR_INVALIDCALL);
        EXPECT_EQ(errorOffset(), at);
        addVertices(want_, {0, 1}, row);
        row += 2;
    }
    // The device keeps drawing.
    CommandStream s;
    s.cmd(D3DDP2OP_SETSTREAMSOURCE2, 1).put(D3DHAL_DP2SETSTREAMSOURCE2{0, vb, 0, kStride});
    s.cmd(D3DDP2OP_SETINDICES, 1).put(D3DHAL_DP2SETINDICES{ib, 2});
    rowBias(s, row);
    s.cmd(D3DDP2OP_DRAWINDEXEDPRIMITIVE, 1)
        .put(D3DHAL_DP2DRAWINDEXEDPRIMITIVE{D3DPT_POINTLIST, 0, 3, 3, 3, 3});
    run(s);
    addVertices(want_, {3, 4, 5}, row);
    expectScene(want_);
}

INSTANTIATE_TEST_SUITE_P(BothDoors, DrawFormsBothDoors, ::testing::Values(Door::Dp2, Door::Umd),
                         [](const auto& p) { return std::string(doorName(p.param)); });

} // namespace
} // namespace ddivk::test

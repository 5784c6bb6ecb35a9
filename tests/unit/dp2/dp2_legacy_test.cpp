// Legacy primitive tokens: resolution to LegacyDraw, vertex and index range checks, the IMM
// alignment rule, the FVF rule and where vertex data comes from.
#include "dp2_fixture.h"

namespace ddivk::dp2::test {
namespace {

TEST_F(DP2, NonIndexedTokensResolveToOneDraw) {
    struct Case {
        uint8_t op;
        D3DPRIMITIVETYPE type;
    };
    for (Case c :
         {Case{D3DDP2OP_LINELIST, D3DPT_LINELIST}, Case{D3DDP2OP_LINESTRIP, D3DPT_LINESTRIP},
          Case{D3DDP2OP_TRIANGLELIST, D3DPT_TRIANGLELIST}, Case{D3DDP2OP_TRIANGLESTRIP, D3DPT_TRIANGLESTRIP},
          Case{D3DDP2OP_TRIANGLEFAN, D3DPT_TRIANGLEFAN}}) {
        target.calls.clear();
        CommandStream s;
        s.cmd(c.op, 2).put(D3DHAL_DP2STARTVERTEX{3});
        run(s, vb());
        ASSERT_EQ(data.ddrval, S_OK) << int(c.op);
        const RecordedDraw& d = onlyDraw();
        EXPECT_EQ(d.draw.type, c.type);
        EXPECT_EQ(d.draw.primitiveCount, 2u);
        EXPECT_EQ(d.draw.firstVertex, 3u);
        EXPECT_EQ(d.draw.stride, sizeof(TLVertex));
        EXPECT_EQ(d.draw.vertexCount, 16u);
        EXPECT_TRUE(d.indices.empty());
        EXPECT_EQ(colorOf(d.vertex0), 0xFF000003u);
    }
}

TEST_F(DP2, PointsResolveToOneDrawPerPointsStruct) {
    CommandStream s;
    s.cmd(D3DDP2OP_POINTS, 3)
        .put(D3DHAL_DP2POINTS{2, 1})
        .put(D3DHAL_DP2POINTS{0, 9})
        .put(D3DHAL_DP2POINTS{4, 12});
    run(s, vb());
    ASSERT_EQ(data.ddrval, S_OK);
    ASSERT_EQ(target.calls.size(), 1u);
    const auto& draws = target.calls[0].draws;
    ASSERT_EQ(draws.size(), 2u); // the empty one is dropped
    EXPECT_EQ(draws[0].draw.primitiveCount, 2u);
    EXPECT_EQ(draws[0].draw.firstVertex, 1u);
    EXPECT_EQ(draws[1].draw.firstVertex, 12u);
    EXPECT_EQ(colorOf(draws[1].vertex0), 0xFF00000Cu);
}

TEST_F(DP2, IndexedTokensResolveIndicesAndBase) {
    struct Case {
        uint8_t op;
        D3DPRIMITIVETYPE type;
        bool start;       // a D3DHAL_DP2STARTVERTEX precedes the indices
        uint32_t indices; // for wPrimitiveCount 2
    };
    for (Case c : {Case{D3DDP2OP_INDEXEDLINELIST, D3DPT_LINELIST, false, 4},
                   Case{D3DDP2OP_INDEXEDLINELIST2, D3DPT_LINELIST, true, 4},
                   Case{D3DDP2OP_INDEXEDTRIANGLELIST2, D3DPT_TRIANGLELIST, true, 6},
                   Case{D3DDP2OP_INDEXEDLINESTRIP, D3DPT_LINESTRIP, true, 3},
                   Case{D3DDP2OP_INDEXEDTRIANGLESTRIP, D3DPT_TRIANGLESTRIP, true, 4},
                   Case{D3DDP2OP_INDEXEDTRIANGLEFAN, D3DPT_TRIANGLEFAN, true, 4}}) {
        target.calls.clear();
        CommandStream s;
        s.cmd(c.op, 2);
        if (c.start) s.put(D3DHAL_DP2STARTVERTEX{5});
        for (uint16_t i = 0; i < c.indices; ++i)
            s.put(uint16_t(c.indices - i));
        run(s, vb());
        ASSERT_EQ(data.ddrval, S_OK) << int(c.op);
        const RecordedDraw& d = onlyDraw();
        EXPECT_EQ(d.draw.type, c.type);
        EXPECT_EQ(d.draw.firstVertex, c.start ? 5u : 0u);
        ASSERT_EQ(d.indices.size(), c.indices);
        EXPECT_EQ(d.indices[0], c.indices);
        EXPECT_EQ(colorOf(d.vertex0), 0xFF000000u | (c.indices + (c.start ? 5 : 0)));
    }
}

TEST_F(DP2, IndexedTriangleListDropsEdgeFlags) {
    CommandStream s;
    s.cmd(D3DDP2OP_INDEXEDTRIANGLELIST, 2)
        .put(D3DHAL_DP2INDEXEDTRIANGLELIST{1, 2, 3, 0xFFFF})
        .put(D3DHAL_DP2INDEXEDTRIANGLELIST{4, 5, 6, 0xFFFF});
    run(s, vb());
    ASSERT_EQ(data.ddrval, S_OK);
    EXPECT_EQ(onlyDraw().indices, (std::vector<uint16_t>{1, 2, 3, 4, 5, 6}));
}

TEST_F(DP2, IndexedDrawWithIndexOutOfVertexRangeIsRejected) {
    CommandStream s;
    s.cmd(D3DDP2OP_INDEXEDTRIANGLELIST2, 1)
        .put(D3DHAL_DP2STARTVERTEX{10})
        .put(D3DHAL_DP2INDEXEDTRIANGLELIST2{0, 5, 6});
    run(s, vb()); // 10 + 6 == 16: one past the last vertex
    EXPECT_EQ(data.ddrval, D3DERR_INVALIDCALL);
    EXPECT_EQ(data.dwErrorOffset, 0u);
    EXPECT_TRUE(target.calls.empty());
    vertices.push_back(TLVertex{});
    run(s, vb(17));
    EXPECT_EQ(data.ddrval, S_OK);
}

TEST_F(DP2, NonIndexedDrawPastVertexLengthIsRejected) {
    CommandStream s;
    s.cmd(D3DDP2OP_TRIANGLESTRIP, 4).put(D3DHAL_DP2STARTVERTEX{10}); // vertices 10..15
    run(s, vb());
    EXPECT_EQ(data.ddrval, S_OK);
    run(s, vb(15));
    EXPECT_EQ(data.ddrval, D3DERR_INVALIDCALL);
}

TEST_F(DP2, UserMemoryVerticesStartAtVertexOffset) {
    CommandStream s;
    s.cmd(D3DDP2OP_TRIANGLELIST, 1).put(D3DHAL_DP2STARTVERTEX{0});
    RunOptions options{.flags = D3DHALDP2_USERMEMVERTICES,
                       .vertexOffset = 2 * sizeof(TLVertex),
                       .vertices = vertices.data(),
                       .vertexCount = 3};
    run(s, options);
    ASSERT_EQ(data.ddrval, S_OK);
    EXPECT_EQ(colorOf(onlyDraw().vertex0), 0xFF000002u);
    EXPECT_TRUE(target.lastInfo.userMemory);
}

TEST_F(DP2, VertexBufferVerticesStartAtVertexOffset) {
    CommandStream s;
    s.cmd(D3DDP2OP_TRIANGLELIST, 1).put(D3DHAL_DP2STARTVERTEX{0});
    // The vertex buffer holds 12 bytes of something else, then the vertices.
    run(s, RunOptions{.vertexOffset = 12, .vertices = vertices.data(), .vertexCount = 3});
    ASSERT_EQ(data.ddrval, S_OK);
    EXPECT_EQ(colorOf(onlyDraw().vertex0), 0xFF000000u);
    EXPECT_FALSE(target.lastInfo.userMemory);
    EXPECT_EQ(target.lastInfo.vertices.data(), vertexMemory.data() + 12);
}

TEST_F(DP2, VertexRangeBeyondTheVertexBufferIsRejectedWhenUsed) {
    CommandStream s;
    s.cmd(D3DDP2OP_TRIANGLELIST, 1).put(D3DHAL_DP2STARTVERTEX{0});
    run(s, vb(3));
    vertexBuffer.dwSize -= 1; // dwVertexLength * dwVertexSize no longer fits
    target.calls.clear();
    data.dwVertexSize = sizeof(TLVertex);
    drawPrimitives2(contexts, &data);
    EXPECT_EQ(data.ddrval, D3DERR_INVALIDCALL);
    EXPECT_TRUE(target.calls.empty());
}

TEST_F(DP2, VertexDataIsOnlyRequiredByTokensThatUseIt) {
    // No vertex buffer at all, dwVertexLength > 0: state tokens still run; a draw fails.
    CommandStream s;
    s.cmd(D3DDP2OP_RENDERSTATE, 1).put(D3DHAL_DP2RENDERSTATE{7, {.dwState = 1}});
    s.cmd(D3DDP2OP_TRIANGLELIST, 1).put(D3DHAL_DP2STARTVERTEX{0});
    run(s, RunOptions{.vertexCount = 3});
    EXPECT_EQ(data.ddrval, D3DERR_INVALIDCALL);
    EXPECT_EQ(data.dwErrorOffset, s.tokens()[1].start);
    EXPECT_EQ(target.methods(), std::vector<std::string>{"renderStates"});
    EXPECT_FALSE(target.lastInfo.vertexError == S_OK);
}

TEST_F(DP2, VertexSizeMustMatchTheFvf) {
    CommandStream s;
    s.cmd(D3DDP2OP_TRIANGLELIST, 1).put(D3DHAL_DP2STARTVERTEX{0});
    std::vector<std::byte> wide(16 * 24, std::byte{0}); // 24-byte vertices, FVF says 20
    RunOptions options = vb();
    options.vertexSize = 24;
    options.vertices = wide.data();
    run(s, options);
    EXPECT_EQ(data.ddrval, D3DERR_INVALIDCALL);
}

TEST_F(DP2, LegacyDrawRejectsFvfWithoutXyzrhw) {
    CommandStream s;
    s.cmd(D3DDP2OP_TRIANGLELIST, 1).put(D3DHAL_DP2STARTVERTEX{0});
    for (uint32_t fvf :
         {D3DFVF_XYZ | D3DFVF_DIFFUSE, D3DFVF_XYZB1 | D3DFVF_DIFFUSE, uint32_t{D3DFVF_DIFFUSE}}) {
        RunOptions options = vb();
        options.fvf = fvf;
        run(s, options);
        EXPECT_EQ(data.ddrval, D3DERR_INVALIDCALL) << fvf;
    }
}

TEST_F(DP2, LegacyDrawRejectsFvfWithNormal) {
    CommandStream s;
    s.cmd(D3DDP2OP_TRIANGLELIST, 1).put(D3DHAL_DP2STARTVERTEX{0});
    RunOptions options = vb();
    options.fvf = D3DFVF_XYZRHW | D3DFVF_NORMAL;
    run(s, options);
    EXPECT_EQ(data.ddrval, D3DERR_INVALIDCALL);
}

TEST_F(DP2, LegacyDrawRejectsReservedFvfBits) {
    CommandStream s;
    s.cmd(D3DDP2OP_TRIANGLELIST, 1).put(D3DHAL_DP2STARTVERTEX{0});
    for (uint32_t reserved : {D3DFVF_RESERVED0, 0x2000u, 0x4000u}) {
        RunOptions options = vb();
        options.fvf = kTLFvf | reserved;
        run(s, options);
        EXPECT_EQ(data.ddrval, D3DERR_INVALIDCALL) << reserved;
    }
}

TEST_F(DP2, FvfIsNotCheckedWithoutLegacyDraws) {
    // A DX9 buffer with only state and DX8+ draws carries no legacy FVF: nothing to check.
    CommandStream s;
    s.cmd(D3DDP2OP_RENDERSTATE, 1).put(D3DHAL_DP2RENDERSTATE{7, {.dwState = 1}});
    s.cmd(D3DDP2OP_DRAWPRIMITIVE, 1).put(D3DHAL_DP2DRAWPRIMITIVE{D3DPT_TRIANGLELIST, 0, 1});
    run(s, RunOptions{.fvf = D3DFVF_XYZ | D3DFVF_NORMAL | D3DFVF_RESERVED0});
    EXPECT_EQ(data.ddrval, S_OK);
    EXPECT_EQ(target.calls.size(), 2u);
}

TEST_F(DP2, ImmediateVerticesComeFromTheCommandStream) {
    const auto imm = makeVertices(4);
    CommandStream s;
    s.cmd(D3DDP2OP_TRIANGLEFAN_IMM, 2).put(D3DHAL_DP2TRIANGLEFAN_IMM{0x5}).alignDword();
    s.putAll(imm).endData().alignDword();
    s.cmd(D3DDP2OP_ZRANGE, 1).put(D3DHAL_DP2ZRANGE{0.f, 1.f});
    run(s); // no vertex buffer at all
    ASSERT_EQ(data.ddrval, S_OK);
    ASSERT_EQ(target.methods(), (std::vector<std::string>{"drawLegacy", "zRange"}));
    const RecordedDraw& d = target.calls[0].draws.at(0);
    EXPECT_EQ(d.draw.type, D3DPT_TRIANGLEFAN);
    EXPECT_EQ(d.draw.vertexCount, 4u);
    EXPECT_EQ(d.draw.edgeFlags, 0x5u);
    EXPECT_EQ(d.draw.vertices, reinterpret_cast<const std::byte*>(commandMemory.data()) + 8);
}

TEST_F(DP2, LineListImmAlignsVerticesAndNextCommandToDword) {
    // A 2-byte-misaligned LINELIST_IMM (after an INDEXEDLINESTRIP with 2 indices) with a 20-byte
    // vertex: padding before the vertices and after them.
    const uint32_t fvf = D3DFVF_XYZRHW | D3DFVF_TEX1 | D3DFVF_TEXCOORDSIZE1(0); // 20 bytes
    std::vector<float> imm(2 * 5, 1.f);
    CommandStream s;
    s.cmd(D3DDP2OP_INDEXEDLINESTRIP, 1).put(D3DHAL_DP2STARTVERTEX{0}).put(uint16_t{0}).put(uint16_t{1});
    ASSERT_EQ(s.size() % 4, 2u);
    s.cmd(D3DDP2OP_LINELIST_IMM, 1).alignDword();
    s.putAll(imm).endData().alignDword();
    s.cmd(D3DDP2OP_ZRANGE, 1).put(D3DHAL_DP2ZRANGE{0.f, 1.f});
    RunOptions options = vb(2);
    options.fvf = fvf;
    options.vertexSize = 20;
    std::vector<std::byte> vb20(40, std::byte{0});
    options.vertices = vb20.data();
    run(s, options);
    ASSERT_EQ(data.ddrval, S_OK);
    EXPECT_EQ(target.methods(), (std::vector<std::string>{"drawLegacy", "drawLegacy", "zRange"}));
}

TEST_F(DP2, TriangleFanImmPadsBeforeItsVertices) {
    CommandStream s;
    s.cmd(D3DDP2OP_INDEXEDLINESTRIP, 1).put(D3DHAL_DP2STARTVERTEX{0}).put(uint16_t{0}).put(uint16_t{1});
    const size_t fanStart = s.size(); // 2 mod 4
    s.cmd(D3DDP2OP_TRIANGLEFAN_IMM, 1).put(D3DHAL_DP2TRIANGLEFAN_IMM{0}).alignDword();
    const size_t immStart = s.size();
    ASSERT_EQ(immStart, fanStart + 8 + 2);
    const auto imm = makeVertices(3);
    s.putAll(imm);
    run(s, vb());
    ASSERT_EQ(data.ddrval, S_OK);
    ASSERT_EQ(target.calls.size(), 2u);
    EXPECT_EQ(target.calls[1].draws[0].draw.vertices,
              reinterpret_cast<const std::byte*>(commandMemory.data()) + immStart);
}

TEST_F(DP2, ZeroPrimitiveTokensAreConsumedWithoutADraw) {
    CommandStream s;
    s.cmd(D3DDP2OP_TRIANGLELIST, 0).put(D3DHAL_DP2STARTVERTEX{0});
    s.cmd(D3DDP2OP_INDEXEDTRIANGLESTRIP, 0).put(D3DHAL_DP2STARTVERTEX{0}).put(uint16_t{0}).put(uint16_t{1});
    s.cmd(D3DDP2OP_ZRANGE, 1).put(D3DHAL_DP2ZRANGE{0.f, 1.f});
    run(s, vb());
    ASSERT_EQ(data.ddrval, S_OK);
    EXPECT_EQ(target.methods(), std::vector<std::string>{"zRange"});
}

} // namespace
} // namespace ddivk::dp2::test

// The legacy DP2 primitive tokens (POINTS, LINELIST, LINESTRIP, TRIANGLELIST, TRIANGLESTRIP,
// TRIANGLEFAN, INDEXEDLINELIST(2), INDEXEDLINESTRIP, INDEXEDTRIANGLELIST(2), INDEXEDTRIANGLESTRIP,
// INDEXEDTRIANGLEFAN, LINELIST_IMM, TRIANGLEFAN_IMM; and DirectX 8's CLIPPEDTRIANGLEFAN, which
// reads stream 0) draw through the same path as every other
// draw: dwVertexType is the FVF of their vertices (the DP2 vertex data, or the IMM vertices in
// the command buffer), whatever the state's FVF, declaration and stream 0 are. The spec page
// (d3ddrawprimitives2.txt) has the driver fail a call whose dwVertexType lacks D3DFVF_XYZRHW or
// has normals (the executor does: tests/unit/dp2/dp2_legacy_test.cpp), so these scenes are
// pre-transformed.
// Points and axis-aligned lines on pixel centres are compared exactly (lines' end pixels as in
// primitives_test.cpp), triangles with the reference rasteriser. Shapes are clockwise, so the
// default D3DCULL_CCW keeps them. The legacy tokens exist only in DP2: there is no UMD door here.
#include <cstring>

#include "cts/cts_fixture.h"

namespace ddivk::test {
namespace {

using Vertex = PixelVertex; // cts_fixture.h

RefVertex ref(const Vertex& v) {
    return refOf(v);
}

// A vertex no draw of the scene reads: if one did, it would show (pixel (1, 1), magenta).
constexpr Vertex kUnused = {1, 1, 0xFFFF00FF};

// The line rule as primitives_test.cpp reads it: the pixels strictly between the two ends of an
// axis-aligned line from one pixel centre to another are lit (`sure`), each end pixel may be
// (`either`).
void addLineSpan(Pixels& sure, Pixels& either, const Vertex& a, const Vertex& b) {
    const int x0 = int(a.x), y0 = int(a.y), x1 = int(b.x), y1 = int(b.y);
    const int dx = (x1 > x0) - (x1 < x0), dy = (y1 > y0) - (y1 < y0);
    for (int x = x0 + dx, y = y0 + dy; x != x1 || y != y1; x += dx, y += dy)
        sure[{x, y}] = a.color;
    either[{x0, y0}] = either[{x1, y1}] = a.color;
}

class LegacyTokens : public Cts {
  protected:
    static constexpr uint32_t fvf() { return kTLVertexFvf; }
    static uint32_t stride() { return fvfVertexSize(fvf()); }

    void SetUp() override {
        Cts::SetUp();
        clearTarget();
        // No programs: the fixed-function pipeline, without lighting. The state's FVF is the
        // other layout with a texture coordinate, and stream 0 holds far-away positions: a
        // legacy token that read either would draw elsewhere.
        const std::vector<float> far(64, 3.0e4f);
        CommandStream s;
        s.cmd(D3DDP2OP_SETVERTEXSHADERFUNC, 1).put(D3DHAL_DP2VERTEXSHADER{0});
        s.cmd(D3DDP2OP_SETPIXELSHADER, 1).put(D3DHAL_DP2PIXELSHADER{0});
        const uint32_t other = D3DFVF_XYZ | D3DFVF_DIFFUSE | D3DFVF_TEX1;
        s.cmd(D3DDP2OP_SETVERTEXSHADER, 1).put(D3DHAL_DP2VERTEXSHADER{other});
        s.cmd(D3DDP2OP_SETSTREAMSOURCE2, 1)
            .put(D3DHAL_DP2SETSTREAMSOURCE2{0, createBuffer(far), 0, fvfVertexSize(other)});
        renderState(s, D3DRS_LIGHTING, 0); // FALSE
        run(s);
    }

    // `vertices` as XYZRHW | DIFFUSE vertices (pixels as they are).
    std::vector<std::byte> bytes(const std::vector<Vertex>& vertices) const {
        std::vector<std::byte> out(vertices.size() * stride());
        for (size_t i = 0; i < vertices.size(); ++i) {
            const TLVertex t = vtx(vertices[i].x, vertices[i].y, vertices[i].color);
            std::memcpy(out.data() + i * stride(), &t, sizeof t);
        }
        return out;
    }

    // Runs `s` with `vertices` as the DP2 vertex data (user memory) and dwVertexType the layout.
    HRESULT submit(CommandStream& s, const std::vector<Vertex>& vertices) {
        const std::vector<std::byte> data = bytes(vertices);
        return execute(s, data.empty() ? nullptr : data.data(), uint32_t(vertices.size()), stride(), fvf());
    }

    // The target against `triangles` (every pixel), with the lines' `sure` pixels exact and their
    // `either` pixels the line's colour or what `triangles` holds there.
    void expectDrawn(const ReferenceTarget& triangles, const Pixels& sure = {}, const Pixels& either = {}) {
        const std::vector<uint32_t> got = readTarget();
        int wrong = 0;
        for (int y = 0; y < int(kHeight); ++y)
            for (int x = 0; x < int(kWidth); ++x) {
                const uint32_t g = got[size_t(y) * kWidth + x];
                const uint32_t base = triangles.at(uint32_t(x), uint32_t(y));
                bool ok = g == base;
                if (auto it = sure.find({x, y}); it != sure.end())
                    ok = g == it->second;
                else if (auto e = either.find({x, y}); e != either.end())
                    ok = ok || g == e->second;
                if (!ok && ++wrong <= 8)
                    ADD_FAILURE() << "pixel (" << x << ", " << y << "): 0x" << std::hex << g << ", want 0x"
                                  << base;
            }
        EXPECT_EQ(wrong, 0);
    }
    ReferenceTarget background() const { return ReferenceTarget(kWidth, kHeight, kCtsBackground); }
};

// D3DDP2OP_POINTS: each D3DHAL_DP2POINTS draws wCount points from wVStart; one with wCount 0
// draws none.
TEST_F(LegacyTokens, PointsDrawEachRunFromItsStartVertex) {
    std::vector<Vertex> v;
    for (uint32_t k = 0; k < 8; ++k)
        v.push_back({float(3 + 7 * k), float(2 + 5 * k), 0xFF000000u | (40 + 25 * k) << 16 | (200 - 20 * k)});
    CommandStream s;
    s.cmd(D3DDP2OP_POINTS, 3)
        .put(D3DHAL_DP2POINTS{3, 1})
        .put(D3DHAL_DP2POINTS{0, 0})
        .put(D3DHAL_DP2POINTS{2, 6});
    ASSERT_EQ(submit(s, v), S_OK) << "error offset " << errorOffset();
    Pixels want;
    for (uint32_t k : {1u, 2u, 3u, 6u, 7u})
        want[{int(v[k].x), int(v[k].y)}] = v[k].color;
    expectScene(want);
}

// D3DDP2OP_LINELIST and LINESTRIP: wPrimitiveCount lines from the D3DHAL_DP2STARTVERTEX.
TEST_F(LegacyTokens, LineListAndLineStripFromTheirStartVertex) {
    const uint32_t red = 0xFFFF0000, green = 0xFF00FF00, blue = 0xFF0000FF;
    const std::vector<Vertex> v = {kUnused,        kUnused,         {4, 3, red},    {20, 3, red},
                                   {30, 5, green}, {30, 25, green}, {40, 30, blue}, {56, 30, blue},
                                   {56, 44, blue}, {44, 44, blue},  kUnused};
    CommandStream s;
    s.cmd(D3DDP2OP_LINELIST, 2).put(D3DHAL_DP2STARTVERTEX{2});
    s.cmd(D3DDP2OP_LINESTRIP, 3).put(D3DHAL_DP2STARTVERTEX{6});
    ASSERT_EQ(submit(s, v), S_OK) << "error offset " << errorOffset();
    Pixels sure, either;
    addLineSpan(sure, either, v[2], v[3]);
    addLineSpan(sure, either, v[4], v[5]);
    for (size_t i = 6; i < 9; ++i)
        addLineSpan(sure, either, v[i], v[i + 1]);
    expectDrawn(background(), sure, either);
}

// D3DDP2OP_TRIANGLELIST, TRIANGLESTRIP and TRIANGLEFAN from their start vertex.
TEST_F(LegacyTokens, TrianglesFromTheirStartVertex) {
    const uint32_t red = 0xFFFF0000, green = 0xFF00FF00, blue = 0xFF4080C0, yellow = 0xFFC0C000;
    const std::vector<Vertex> v = {
        kUnused,                                                             // 0
        {4, 4, red},      {20, 4, red},    {4, 20, red},                     // 1..3: list
        {24, 4, green},   {40, 20, green}, {24, 20, green},                  // 4..6
        kUnused,                                                             // 7
        {4, 40, blue},    {4, 30, blue},   {14, 40, blue},   {14, 30, blue}, // 8..11: strip
        {48, 24, yellow}, {48, 8, yellow}, {60, 24, yellow}, {48, 40, yellow}, {36, 24, yellow}, // fan
        kUnused};
    CommandStream s;
    s.cmd(D3DDP2OP_TRIANGLELIST, 2).put(D3DHAL_DP2STARTVERTEX{1});
    s.cmd(D3DDP2OP_TRIANGLESTRIP, 2).put(D3DHAL_DP2STARTVERTEX{8});
    s.cmd(D3DDP2OP_TRIANGLEFAN, 3).put(D3DHAL_DP2STARTVERTEX{12});
    ASSERT_EQ(submit(s, v), S_OK) << "error offset " << errorOffset();
    ReferenceTarget want = background();
    want.triangle(ref(v[1]), ref(v[2]), ref(v[3]));
    want.triangle(ref(v[4]), ref(v[5]), ref(v[6]));
    for (size_t i = 8; i < 10; ++i)
        want.triangle(ref(v[i]), ref(v[i + 1]), ref(v[i + 2]));
    for (size_t i = 13; i < 16; ++i)
        want.triangle(ref(v[12]), ref(v[i]), ref(v[i + 1]));
    expectDrawn(want);
}

// INDEXEDLINELIST (indices from vertex 0), INDEXEDLINELIST2 and INDEXEDLINESTRIP (indices added
// to their D3DHAL_DP2STARTVERTEX). The vertices are stored out of order, so the pixels say the
// indices were followed.
TEST_F(LegacyTokens, IndexedLinesFollowTheirIndicesFromTheBaseVertex) {
    const uint32_t red = 0xFFFF0000, green = 0xFF00FF00, blue = 0xFF0000FF, white = 0xFFFFFFFF;
    const std::vector<Vertex> v = {
        kUnused,        kUnused,         kUnused,         {30, 25, green}, // 0..3
        {30, 5, green}, {20, 3, red},    {4, 3, red},                      // 4..6
        kUnused,        {45, 12, blue},  {60, 12, blue},                   // 7..9
        kUnused,        {24, 36, white}, {24, 46, white}, {8, 36, white}}; // 10..13
    CommandStream s;
    s.cmd(D3DDP2OP_INDEXEDLINELIST, 2)
        .put(D3DHAL_DP2INDEXEDLINELIST{6, 5})
        .put(D3DHAL_DP2INDEXEDLINELIST{4, 3});
    s.cmd(D3DDP2OP_INDEXEDLINELIST2, 1).put(D3DHAL_DP2STARTVERTEX{7}).put(D3DHAL_DP2INDEXEDLINELIST{2, 1});
    s.cmd(D3DDP2OP_INDEXEDLINESTRIP, 2)
        .put(D3DHAL_DP2STARTVERTEX{10})
        .put(uint16_t{3})
        .put(uint16_t{1})
        .put(uint16_t{2});
    ASSERT_EQ(submit(s, v), S_OK) << "error offset " << errorOffset();
    Pixels sure, either;
    addLineSpan(sure, either, v[6], v[5]);
    addLineSpan(sure, either, v[4], v[3]);
    addLineSpan(sure, either, v[9], v[8]);
    addLineSpan(sure, either, v[13], v[11]);
    addLineSpan(sure, either, v[11], v[12]);
    expectDrawn(background(), sure, either);
}

// INDEXEDTRIANGLELIST (indices from vertex 0, each triangle with its wFlags edge flags, which
// only wireframe would use), INDEXEDTRIANGLELIST2, INDEXEDTRIANGLESTRIP and INDEXEDTRIANGLEFAN
// (indices added to their D3DHAL_DP2STARTVERTEX), from vertices stored out of order.
TEST_F(LegacyTokens, IndexedTrianglesFollowTheirIndicesFromTheBaseVertex) {
    const uint32_t red = 0xFFFF0000, green = 0xFF00FF00, blue = 0xFF4080C0, yellow = 0xFFC0C000;
    const std::vector<Vertex> v = {
        {4, 20, red},     {20, 4, red},     {4, 4, red},                                          // 0..2
        kUnused,          {24, 20, green},  {40, 20, green},  {24, 4, green},                     // 3..6
        kUnused,          kUnused,          {14, 30, blue},   {14, 40, blue},                     // 7..10
        {4, 30, blue},    {4, 40, blue},                                                          // 11..12
        {36, 24, yellow}, {48, 40, yellow}, {60, 24, yellow}, {48, 8, yellow}, {48, 24, yellow}}; // 13..17
    CommandStream s;
    s.cmd(D3DDP2OP_INDEXEDTRIANGLELIST, 1).put(D3DHAL_DP2INDEXEDTRIANGLELIST{2, 1, 0, 0x7});
    s.cmd(D3DDP2OP_INDEXEDTRIANGLELIST2, 1)
        .put(D3DHAL_DP2STARTVERTEX{3})
        .put(D3DHAL_DP2INDEXEDTRIANGLELIST2{3, 2, 1});
    s.cmd(D3DDP2OP_INDEXEDTRIANGLESTRIP, 2).put(D3DHAL_DP2STARTVERTEX{7});
    for (uint16_t i : {uint16_t(5), uint16_t(4), uint16_t(3), uint16_t(2)})
        s.put(i);
    s.cmd(D3DDP2OP_INDEXEDTRIANGLEFAN, 3).put(D3DHAL_DP2STARTVERTEX{13});
    for (uint16_t i : {uint16_t(4), uint16_t(3), uint16_t(2), uint16_t(1), uint16_t(0)})
        s.put(i);
    ASSERT_EQ(submit(s, v), S_OK) << "error offset " << errorOffset();
    ReferenceTarget want = background();
    want.triangle(ref(v[2]), ref(v[1]), ref(v[0]));
    want.triangle(ref(v[6]), ref(v[5]), ref(v[4]));
    want.triangle(ref(v[12]), ref(v[11]), ref(v[10]));
    want.triangle(ref(v[11]), ref(v[10]), ref(v[9]));
    for (size_t i = 16; i > 13; --i)
        want.triangle(ref(v[17]), ref(v[i]), ref(v[i - 1]));
    expectDrawn(want);
}

// LINELIST_IMM and TRIANGLEFAN_IMM carry their vertices in the command buffer, at the next DWORD
// boundary (here after an INDEXEDLINESTRIP that ends 2 bytes past one), and the next token
// starts at the DWORD boundary after them. TRIANGLEFAN_IMM's dwEdgeFlags (0 here: no edge)
// matter only in wireframe; a solid fan fills whatever they say.
TEST_F(LegacyTokens, ImmediateTokensDrawTheVerticesInTheCommandBuffer) {
    const uint32_t red = 0xFFFF0000, green = 0xFF00FF00, white = 0xFFFFFFFF, yellow = 0xFFC0C000;
    const std::vector<Vertex> data = {kUnused, {8, 44, white}, {28, 44, white}, {40, 40, 0xFF00FFFF}};
    const std::vector<Vertex> lines = {{4, 3, red}, {20, 3, red}, {30, 5, green}, {30, 25, green}};
    const std::vector<Vertex> fan = {{48, 24, yellow}, {48, 8, yellow}, {60, 24, yellow}, {48, 40, yellow}};
    CommandStream s;
    s.cmd(D3DDP2OP_INDEXEDLINESTRIP, 1).put(D3DHAL_DP2STARTVERTEX{1}).put(uint16_t{1}).put(uint16_t{0});
    ASSERT_EQ(s.size() % 4, 2u);
    s.cmd(D3DDP2OP_LINELIST_IMM, 2).alignDword();
    s.putAll(bytes(lines)).alignDword();
    s.cmd(D3DDP2OP_TRIANGLEFAN_IMM, 2).put(D3DHAL_DP2TRIANGLEFAN_IMM{0}).alignDword();
    s.putAll(bytes(fan)).alignDword();
    s.cmd(D3DDP2OP_POINTS, 1).put(D3DHAL_DP2POINTS{1, 3});
    ASSERT_EQ(submit(s, data), S_OK) << "error offset " << errorOffset();
    ReferenceTarget want = background();
    want.triangle(ref(fan[0]), ref(fan[1]), ref(fan[2]));
    want.triangle(ref(fan[0]), ref(fan[2]), ref(fan[3]));
    Pixels sure, either;
    addLineSpan(sure, either, data[2], data[1]);
    addLineSpan(sure, either, lines[0], lines[1]);
    addLineSpan(sure, either, lines[2], lines[3]);
    sure[{40, 40}] = data[3].color;
    expectDrawn(want, sure, either);
}

// With no DP2 vertex data at all, the IMM tokens still draw (their vertices are in the
// commands).
TEST_F(LegacyTokens, ImmediateTokensNeedNoVertexData) {
    const uint32_t green = 0xFF00FF00;
    const std::vector<Vertex> fan = {
        {20, 24, green}, {20, 8, green}, {36, 24, green}, {20, 40, green}, {4, 24, green}};
    CommandStream s;
    s.cmd(D3DDP2OP_TRIANGLEFAN_IMM, 3).put(D3DHAL_DP2TRIANGLEFAN_IMM{0x7}).alignDword();
    s.putAll(bytes(fan)).alignDword();
    ASSERT_EQ(submit(s, {}), S_OK) << "error offset " << errorOffset();
    ReferenceTarget want = background();
    for (size_t i = 1; i + 1 < fan.size(); ++i)
        want.triangle(ref(fan[0]), ref(fan[i]), ref(fan[i + 1]));
    expectDrawn(want);
}

// Pre-transformed (XYZRHW) vertices are already in screen space: a world transform (that would
// move untransformed ones 8 pixels right and 6 down) leaves them where they are.
TEST_F(LegacyTokens, WorldTransformLeavesPretransformedVerticesInPlace) {
    D3DMATRIX world{};
    for (int i = 0; i < 4; ++i)
        world.m[i][i] = 1.0f;
    world.m[3][0] = 2.0f * 8 / kWidth;   // + 8 pixels in x
    world.m[3][1] = -2.0f * 6 / kHeight; // + 6 pixels down
    CommandStream t;
    t.cmd(D3DDP2OP_SETTRANSFORM, 1).put(D3DHAL_DP2SETTRANSFORM{D3DTS_WORLD, world});
    run(t);
    const uint32_t c = 0xFF8040C0;
    const std::vector<Vertex> v = {{4.25f, 3.5f, c}, {40.5f, 6.75f, c}, {10.75f, 30.25f, c}};
    CommandStream s;
    s.cmd(D3DDP2OP_TRIANGLELIST, 1).put(D3DHAL_DP2STARTVERTEX{0});
    ASSERT_EQ(submit(s, v), S_OK) << "error offset " << errorOffset();
    ReferenceTarget want = background();
    want.triangle(ref(v[0]), ref(v[1]), ref(v[2]));
    expectDrawn(want);
}

// D3DDP2OP_CLIPPEDTRIANGLEFAN (DirectX 8 on): each D3DHAL_CLIPPEDTRIANGLEFAN draws a fan of
// PrimitiveCount triangles whose vertices start FirstVertexOffset bytes into stream 0, read with
// the state's FVF like DRAWPRIMITIVE2: the call's DP2 vertex data (here magenta decoys over the
// whole target) is not read. The edge flags only choose the wireframe edges.
TEST_F(LegacyTokens, ClippedTriangleFanDrawsFromAByteOffsetIntoStream0) {
    const uint32_t green = 0xFF00FF00, blue = 0xFF4080C0;
    const std::vector<Vertex> v = {kUnused,         kUnused,         {20, 24, green}, {20, 8, green},
                                   {36, 24, green}, {20, 40, green}, {48, 20, blue},  {48, 6, blue},
                                   {60, 20, blue},  kUnused};
    const float w = float(kWidth), h = float(kHeight);
    const uint32_t decoy = 0xFFFF00FF;
    const std::vector<Vertex> decoys(10, Vertex{0, 0, decoy});
    std::vector<Vertex> cover = {{0, 0, decoy}, {w, 0, decoy}, {w, h, decoy}, {0, h, decoy}};
    cover.insert(cover.end(), decoys.begin(), decoys.end());
    CommandStream s;
    s.cmd(D3DDP2OP_SETVERTEXSHADER, 1).put(D3DHAL_DP2VERTEXSHADER{fvf()});
    s.cmd(D3DDP2OP_SETSTREAMSOURCE2, 1)
        .put(D3DHAL_DP2SETSTREAMSOURCE2{0, createBuffer(bytes(v)), 0, stride()});
    s.cmd(D3DDP2OP_CLIPPEDTRIANGLEFAN, 2)
        .put(D3DHAL_CLIPPEDTRIANGLEFAN{2 * stride(), 0x3, 2})
        .put(D3DHAL_CLIPPEDTRIANGLEFAN{6 * stride(), 0, 1});
    ASSERT_EQ(submit(s, cover), S_OK) << "error offset " << errorOffset();
    ReferenceTarget want = background();
    want.triangle(ref(v[2]), ref(v[3]), ref(v[4]));
    want.triangle(ref(v[2]), ref(v[4]), ref(v[5]));
    want.triangle(ref(v[6]), ref(v[7]), ref(v[8]));
    expectDrawn(want);
}

} // namespace
} // namespace ddivk::test

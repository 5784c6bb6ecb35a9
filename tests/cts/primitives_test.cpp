// Every D3DPRIMITIVETYPE through DrawPrimitive and DrawIndexedPrimitive (16- and 32-bit index
// buffers), through both doors and the three vertex paths (a vs_3_0 program, the fixed-function
// pipeline with D3DFVF_XYZ under identity transforms, pre-transformed D3DFVF_XYZRHW vertices),
// from vertex buffers, compared with pixels computed here: points and axis-aligned lines on
// pixel centres exactly, triangles with the reference rasteriser (unit/render/reference_raster.h:
// D3D9's pixel centres on integers and top-left fill rule). Shapes are clockwise, so the default
// D3DCULL_CCW keeps them, strips included (D3D9 culls a strip's odd triangles with their order
// reversed).
#include <tuple>

#include "cts/cts_fixture.h"

namespace ddivk::test {
namespace {

using Vertex = PixelVertex; // cts_fixture.h

// The coloured-point program of cts_fixture.h.
constexpr const char* kVs = kColorPointVs;
constexpr const char* kPs = kColorPointPs;
const std::vector<D3DVERTEXELEMENT9> kDecl = colorPointDeclaration();

enum class Form { Draw, Indexed16, Indexed32 };
const char* formName(Form f) {
    return f == Form::Draw ? "DrawPrimitive" : f == Form::Indexed16 ? "Indexed16" : "Indexed32";
}

enum class Path { Shader, FixedFunction, Pretransformed };
const char* pathName(Path p) {
    return p == Path::Shader ? "Shader" : p == Path::FixedFunction ? "FixedFunction" : "Pretransformed";
}

// D3DFVF_XYZ | D3DFVF_DIFFUSE.
struct XyzVertex {
    float x, y, z;
    uint32_t color;
};

RefVertex ref(const Vertex& v) {
    return refOf(v);
}

// D3D9's line rule ("Rasterization Rules": diamond exit): a pixel is lit when the line leaves its
// diamond. A horizontal or vertical line from one pixel centre to another therefore lights every
// pixel from the first up to, not including, the last.
void addLine(Pixels& pixels, int x0, int y0, int x1, int y1, uint32_t color) {
    const int dx = (x1 > x0) - (x1 < x0), dy = (y1 > y0) - (y1 < y0);
    for (int x = x0, y = y0; x != x1 || y != y1; x += dx, y += dy)
        pixels[{x, y}] = color;
}

// What every rasteriser agrees on for such a line: the pixels strictly between its end points
// are lit (`sure`), its two end pixels may be (`either`; Vulkan leaves the choice to the device
// unless it rasterises Bresenham lines), and nothing outside it is.
void addLineSpan(Pixels& sure, Pixels& either, int x0, int y0, int x1, int y1, uint32_t color) {
    addLine(sure, x0, y0, x1, y1, color);
    sure.erase({x0, y0});
    either[{x0, y0}] = either[{x1, y1}] = color;
}

class Primitives : public Cts, public ::testing::WithParamInterface<std::tuple<Door, Form, Path>> {
  protected:
    Door door() const { return std::get<0>(GetParam()); }
    Form form() const { return std::get<1>(GetParam()); }
    Path path() const { return std::get<2>(GetParam()); }
    void SetUp() override {
        Cts::SetUp();
        clearTarget();
        if (path() == Path::Shader) {
            setProgram(door(), kVs, kPs, kDecl);
            setPixelToClip(door());
            return;
        }
        // No shaders: the FVF (SETVERTEXSHADER) picks the fixed-function or pre-transformed path.
        CommandStream s;
        const uint32_t fvf = path() == Path::FixedFunction ? D3DFVF_XYZ | D3DFVF_DIFFUSE : kTLVertexFvf;
        s.cmd(D3DDP2OP_SETVERTEXSHADER, 1).put(D3DHAL_DP2VERTEXSHADER{fvf});
        renderState(s, D3DRS_LIGHTING, 0);
        run(s);
    }

    // A vertex buffer holding `vertices` in the path's layout: pixels as they are (vs_3_0 maps
    // them with c0, c1; XYZRHW is in pixels), or clip space for the identity transforms (the
    // viewport maps x = -1 to the centre of pixel 0: X = X0 + (1 + x) W / 2).
    uint32_t vertexBuffer(const std::vector<Vertex>& vertices, uint32_t& stride) {
        if (path() == Path::Shader) {
            stride = sizeof(Vertex);
            return createBuffer(vertices);
        }
        if (path() == Path::Pretransformed) {
            std::vector<TLVertex> tl;
            for (const Vertex& v : vertices)
                tl.push_back(vtx(v.x, v.y, v.color));
            stride = sizeof(TLVertex);
            return createBuffer(tl);
        }
        std::vector<XyzVertex> xyz;
        for (const Vertex& v : vertices)
            xyz.push_back({-1.0f + 2.0f * v.x / kWidth, 1.0f - 2.0f * v.y / kHeight, 0.5f, v.color});
        stride = sizeof(XyzVertex);
        return createBuffer(xyz);
    }

    // Draws `count` primitives of `type` from `vertices`. The indexed forms store the vertices
    // reversed behind two unused ones, and index them back into order.
    void draw(uint32_t type, const std::vector<Vertex>& vertices, uint32_t count) {
        const uint32_t n = uint32_t(vertices.size());
        uint32_t stride = 0;
        if (form() == Form::Draw) {
            const uint32_t vb = vertexBuffer(vertices, stride);
            setStream(door(), 0, vb, 0, stride);
            ASSERT_EQ(drawPrimitive(door(), type, 0, count), S_OK);
            return;
        }
        std::vector<Vertex> stored = {{0, 0, 0xFFFFFFFF}, {1, 1, 0xFFFFFFFF}};
        stored.insert(stored.end(), vertices.rbegin(), vertices.rend());
        std::vector<uint32_t> indices;
        for (uint32_t i = 0; i < n; ++i)
            indices.push_back(2 + n - 1 - i);
        const uint32_t vb = vertexBuffer(stored, stride);
        setStream(door(), 0, vb, 0, stride);
        if (form() == Form::Indexed16) {
            setIndices(door(), createIndexBuffer(std::vector<uint16_t>(indices.begin(), indices.end())), 2);
        } else {
            setIndices(door(), createIndexBuffer(indices), 4);
        }
        ASSERT_EQ(drawIndexed(door(), type, 0, 2, n, 0, count), S_OK);
    }

    // The target against `sure` (exact) and `either` (the colour or the background).
    void expectLines(const Pixels& sure, const Pixels& either) {
        const std::vector<uint32_t> got = readTarget();
        int wrong = 0;
        for (int y = 0; y < int(kHeight); ++y)
            for (int x = 0; x < int(kWidth); ++x) {
                const uint32_t g = got[size_t(y) * kWidth + x];
                bool ok = g == kCtsBackground;
                if (auto it = sure.find({x, y}); it != sure.end())
                    ok = g == it->second;
                else if (auto e = either.find({x, y}); e != either.end())
                    ok = ok || g == e->second;
                if (!ok && ++wrong <= 8)
                    ADD_FAILURE() << "pixel (" << x << ", " << y << "): 0x" << std::hex << g;
            }
        EXPECT_EQ(wrong, 0);
    }
};

// D3DPT_POINTLIST: "renders the vertices as a collection of isolated points"; a point of size 1
// on a pixel centre covers that pixel.
TEST_P(Primitives, PointListLightsThePixelUnderEachPoint) {
    const std::vector<Vertex> v = {{3, 2, 0xFFFF0000},  {10, 2, 0xFF00FF00},  {63, 0, 0xFF0000FF},
                                   {0, 47, 0xFFFFFF00}, {31, 23, 0xFF00FFFF}, {40, 30, 0xFFFF00FF}};
    draw(D3DPT_POINTLIST, v, uint32_t(v.size()));
    Pixels want;
    for (const Vertex& p : v)
        want[{int(p.x), int(p.y)}] = p.color;
    expectScene(want);
}

// D3DPT_LINELIST: "renders the vertices as a list of isolated straight line segments": each pair
// is a segment, in all four directions (the end pixels: LineRule below).
TEST_P(Primitives, LineListDrawsEachSegment) {
    const std::vector<Vertex> v = {{4, 3, 0xFFFF0000},   {20, 3, 0xFFFF0000},   // right
                                   {30, 5, 0xFF00FF00},  {30, 25, 0xFF00FF00},  // down
                                   {60, 40, 0xFF0000FF}, {45, 40, 0xFF0000FF},  // left
                                   {10, 44, 0xFFFFFF00}, {10, 30, 0xFFFFFF00}}; // up
    draw(D3DPT_LINELIST, v, 4);
    Pixels sure, either;
    for (size_t i = 0; i < v.size(); i += 2)
        addLineSpan(sure, either, int(v[i].x), int(v[i].y), int(v[i + 1].x), int(v[i + 1].y), v[i].color);
    expectLines(sure, either);
}

// D3DPT_LINESTRIP: "renders the vertices as a single polyline": segment i joins vertices i and
// i + 1.
TEST_P(Primitives, LineStripIsOnePolyline) {
    const uint32_t c = 0xFF80FF40;
    const std::vector<Vertex> v = {{4, 30, c}, {20, 30, c}, {20, 40, c}, {40, 40, c}, {40, 10, c}};
    draw(D3DPT_LINESTRIP, v, 4);
    Pixels sure, either;
    for (size_t i = 0; i + 1 < v.size(); ++i)
        addLineSpan(sure, either, int(v[i].x), int(v[i].y), int(v[i + 1].x), int(v[i + 1].y), c);
    expectLines(sure, either);
}

// D3DPT_TRIANGLELIST: "renders the specified vertices as a sequence of isolated triangles"; the
// vertices sit on pixel centres, so the top-left rule decides every edge pixel.
TEST_P(Primitives, TriangleListFillsEachTriangle) {
    const std::vector<Vertex> v = {
        {4, 4, 0xFFFF0000},  {20, 4, 0xFFFF0000},         {4, 20, 0xFFFF0000},
        {24, 4, 0xFF00FF00}, {40, 20, 0xFF00FF00},        {24, 20, 0xFF00FF00},
        {44, 8, 0xFF0000FF}, {60.5f, 30.25f, 0xFF0000FF}, {42.75f, 44.5f, 0xFF0000FF}};
    draw(D3DPT_TRIANGLELIST, v, 3);
    ReferenceTarget want(kWidth, kHeight, kCtsBackground);
    for (size_t i = 0; i < v.size(); i += 3)
        want.triangle(ref(v[i]), ref(v[i + 1]), ref(v[i + 2]));
    EXPECT_TRUE(matches(readTarget(), want));
}

// D3DPT_TRIANGLESTRIP: triangle i is vertices i, i+1, i+2; the band below shares its edges
// (each pixel once: the top-left rule) and its odd triangles keep the first one's culling side.
TEST_P(Primitives, TriangleStripCoversTheBand) {
    const uint32_t c = 0xFF4080C0;
    const std::vector<Vertex> v = {{4, 40, c},  {4, 30, c},  {14, 40, c},
                                   {14, 30, c}, {27, 42, c}, {24, 28, c}};
    draw(D3DPT_TRIANGLESTRIP, v, 4);
    ReferenceTarget want(kWidth, kHeight, kCtsBackground);
    for (size_t i = 0; i + 2 < v.size(); ++i)
        want.triangle(ref(v[i]), ref(v[i + 1]), ref(v[i + 2]));
    EXPECT_TRUE(matches(readTarget(), want));
}

// D3DPT_TRIANGLEFAN: every triangle shares the first vertex.
TEST_P(Primitives, TriangleFanSharesTheFirstVertex) {
    const uint32_t c = 0xFFC08040;
    const std::vector<Vertex> v = {{48, 24, c}, {48, 8, c},  {60, 24, c},
                                   {48, 40, c}, {36, 24, c}, {40, 12, c}};
    draw(D3DPT_TRIANGLEFAN, v, 4);
    ReferenceTarget want(kWidth, kHeight, kCtsBackground);
    for (size_t i = 1; i + 1 < v.size(); ++i)
        want.triangle(ref(v[0]), ref(v[i]), ref(v[i + 1]));
    EXPECT_TRUE(matches(readTarget(), want));
}

// D3DCULL_CCW (the default) culls counterclockwise triangles, and nothing of a list of them.
TEST_P(Primitives, CounterClockwiseTrianglesAreCulledByDefault) {
    const std::vector<Vertex> v = {{4, 4, 0xFFFF0000}, {4, 20, 0xFFFF0000}, {20, 4, 0xFFFF0000}};
    draw(D3DPT_TRIANGLELIST, v, 1);
    expectScene({});
}

INSTANTIATE_TEST_SUITE_P(BothDoorsEveryFormEveryPath, Primitives,
                         ::testing::Combine(::testing::Values(Door::Dp2, Door::Umd),
                                            ::testing::Values(Form::Draw, Form::Indexed16, Form::Indexed32),
                                            ::testing::Values(Path::Shader, Path::FixedFunction,
                                                              Path::Pretransformed)),
                         [](const auto& p) {
                             return std::string(doorName(std::get<0>(p.param))) +
                                    formName(std::get<1>(p.param)) + pathName(std::get<2>(p.param));
                         });

class LineRule : public Primitives {};

// D3D9's diamond-exit rule ("Rasterization Rules (Direct3D 9)", lines) lights a line's first
// pixel and not its last, whichever way it runs. The device draws lines with
// VK_EXT_line_rasterization's Bresenham mode where offered (the diamond-exit rule; Vulkan's
// default mode lights the same span by coordinate in every direction). Lines going right, down
// and left are pinned exactly. A line going up from a pixel centre leaves the diamond through its
// top corner: lavapipe's Bresenham does not light that first pixel, and which way D3D9 hardware
// breaks that tie is not pinned here (its other pixels are).
TEST_P(LineRule, DiamondExitLightsTheFirstPixelAndNotTheLast) {
    if (!driverDevice().vulkan().caps().bresenhamLines) GTEST_SKIP() << "no Bresenham lines on this device";
    const std::vector<Vertex> v = {{4, 3, 0xFFFF0000},   {20, 3, 0xFFFF0000},   // right
                                   {30, 5, 0xFF00FF00},  {30, 25, 0xFF00FF00},  // down
                                   {60, 40, 0xFF0000FF}, {45, 40, 0xFF0000FF},  // left
                                   {10, 44, 0xFFFFFF00}, {10, 30, 0xFFFFFF00}}; // up
    draw(D3DPT_LINELIST, v, 4);
    Pixels want;
    for (size_t i = 0; i < v.size(); i += 2)
        addLine(want, int(v[i].x), int(v[i].y), int(v[i + 1].x), int(v[i + 1].y), v[i].color);
    const std::pair<int, int> upStart{10, 44};
    std::vector<uint32_t> pixels = readTarget();
    uint32_t& tie = pixels[upStart.second * kWidth + upStart.first];
    EXPECT_TRUE(tie == 0xFFFFFF00u || tie == kCtsBackground) << std::hex << tie;
    want.erase(upStart);
    for (int y = 0; y < int(kHeight); ++y)
        for (int x = 0; x < int(kWidth); ++x) {
            if (std::pair{x, y} == upStart) continue;
            auto it = want.find({x, y});
            EXPECT_EQ(pixels[y * kWidth + x], it == want.end() ? kCtsBackground : it->second)
                << "pixel (" << x << ", " << y << ")";
        }
}

// One instance: the rule does not depend on the door, the form or the vertex path (they all pass
// the rest of Primitives.LineList*).
INSTANTIATE_TEST_SUITE_P(Dp2, LineRule, ::testing::Values(std::tuple{Door::Dp2, Form::Draw, Path::Shader}),
                         [](const auto&) { return std::string("DrawPrimitiveShader"); });

} // namespace
} // namespace ddivk::test

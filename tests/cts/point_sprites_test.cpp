// Point size and point sprites ("Point Sprites (Direct3D 9)", D3DRS_POINTSIZE, POINTSIZE_MIN /
// _MAX, POINTSCALEENABLE and POINTSCALE_A/B/C, POINTSPRITEENABLE, D3DFVF_PSIZE /
// D3DDECLUSAGE_PSIZE), through both doors (streams, textures, render states, shaders and draws;
// FVFs through DP2, the door that has them).
//
// A point of size S centred at D3D9 pixel position (cx, cy) is the square (cx +- S/2, cy +- S/2)
// (the DX8 "Point Rendering" rule), and covers pixel (i, j) when its centre, on integers in
// D3D9, lies inside: |i - cx| < S/2 and |j - cy| < S/2. Scenes put every edge off pixel centres
// (even sizes centred on half-integers), where D3D9's and Vulkan's rules agree; coveredSpan()
// checks that. With sprites the point shows the whole texture, (0, 0) at its top-left corner
// and (1, 1) at its bottom-right; without them one texel, at the vertex's coordinate.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "cts/cts_fixture.h"

namespace ddivk::test {
namespace {

// D3DFVF_XYZRHW | D3DFVF_PSIZE | D3DFVF_DIFFUSE | D3DFVF_TEX1.
struct SizedVertex {
    float x, y, z, rhw;
    float size;
    uint32_t diffuse;
    float u, v;
};
constexpr uint32_t kSizedFvf = D3DFVF_XYZRHW | D3DFVF_PSIZE | D3DFVF_DIFFUSE | D3DFVF_TEX1;
// D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_TEX1: sizes from D3DRS_POINTSIZE.
struct PlainVertex {
    float x, y, z, rhw;
    uint32_t diffuse;
    float u, v;
};
constexpr uint32_t kPlainFvf = D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_TEX1;
// D3DFVF_XYZ | D3DFVF_DIFFUSE: transformed by the fixed-function pipeline.
struct XyzVertex {
    float x, y, z;
    uint32_t diffuse;
};

constexpr uint32_t kTextureSize = 4;
// Texel (x, y) of the sprite texture: every one distinct and opaque.
uint32_t spriteTexel(uint32_t x, uint32_t y) {
    return indexColor(y * kTextureSize + x + 7);
}

uint32_t floatBits(float f) {
    uint32_t u;
    std::memcpy(&u, &f, 4);
    return u;
}

// The pixels [first, first + count) a point of `size` centred at `c` covers along one axis.
struct Span {
    int first, count;
};
Span coveredSpan(double c, double size) {
    Span s{0, 0};
    for (int i = int(std::floor(c - size)); i <= int(std::ceil(c + size)); ++i) {
        const double d = std::fabs(i - c);
        EXPECT_GT(std::fabs(d - size / 2), 1e-3)
            << "pixel " << i << " on the edge of a point of size " << size;
        if (d >= size / 2) continue;
        if (s.count == 0) s.first = i;
        ++s.count;
    }
    return s;
}

class PointSprites : public Cts, public ::testing::WithParamInterface<Door> {
  protected:
    Door door() const { return GetParam(); }
    void SetUp() override {
        Cts::SetUp();
        clearTarget(door());
    }

    void states(const std::vector<std::pair<uint32_t, uint32_t>>& values) {
        for (const auto& [state, value] : values)
            EXPECT_EQ(setRenderState(door(), state, value), S_OK);
    }
    // No shaders: the fixed-function pipeline for vertices of `fvf` (an FVF: DP2's token).
    void useFvf(uint32_t fvf) {
        CommandStream s;
        s.cmd(D3DDP2OP_SETVERTEXSHADERFUNC, 1).put(D3DHAL_DP2VERTEXSHADER{0});
        s.cmd(D3DDP2OP_SETPIXELSHADER, 1).put(D3DHAL_DP2PIXELSHADER{0});
        s.cmd(D3DDP2OP_SETVERTEXSHADER, 1).put(D3DHAL_DP2VERTEXSHADER{fvf});
        run(s);
    }
    template <class V> void draw(const std::vector<V>& vertices, uint32_t type = D3DPT_POINTLIST) {
        setStream(door(), 0, createBuffer(vertices), 0, sizeof(V));
        const uint32_t count =
            type == D3DPT_POINTLIST ? uint32_t(vertices.size()) : uint32_t(vertices.size() / 3);
        ASSERT_EQ(drawPrimitive(door(), type, 0, count), S_OK);
    }

    // The 4x4 texture of spriteTexel, bound to stage / sampler 0 (D3D9's default filters are POINT).
    void bindSpriteTexture() {
        std::vector<uint32_t> texels;
        for (uint32_t y = 0; y < kTextureSize; ++y)
            for (uint32_t x = 0; x < kTextureSize; ++x)
                texels.push_back(spriteTexel(x, y));
        const uint32_t tex = created(D3DFMT_A8R8G8B8, D3DDDI_RESOURCE_TEXTURE,
                                     {{kTextureSize, kTextureSize, 1, texels.data(), 0, 0}});
        if (door() == Door::Umd) {
            ASSERT_EQ(umd().pfnSetTexture(dev(), 0, reinterpret_cast<HANDLE>(uintptr_t(tex))), S_OK);
        } else {
            CommandStream s;
            s.cmd(D3DDP2OP_TEXTURESTAGESTATE, 1).put(D3DHAL_DP2TEXTURESTAGESTATE{0, D3DTSS_TEXTUREMAP, tex});
            run(s);
        }
    }

    // A square of `size` centred at (cx, cy), each covered pixel coloured by colorAt(k, l), its
    // position inside the square (0 .. count - 1 from the top-left).
    template <class F> static void square(Pixels& p, double cx, double cy, double size, F colorAt) {
        const Span sx = coveredSpan(cx, size), sy = coveredSpan(cy, size);
        for (int l = 0; l < sy.count; ++l)
            for (int k = 0; k < sx.count; ++k)
                p[{sx.first + k, sy.first + l}] = colorAt(k, l, sx.count, sy.count);
    }
    static void solidSquare(Pixels& p, double cx, double cy, double size, uint32_t color) {
        square(p, cx, cy, size, [&](int, int, int, int) { return color; });
    }
    // The sprite's pixel (k, l) of a count x count square: the texel under the pixel's centre,
    // point coordinate ((k + 0.5) / count, (l + 0.5) / count).
    static uint32_t spriteAt(int k, int l, int countX, int countY) {
        return spriteTexel(uint32_t((k + 0.5) / countX * kTextureSize),
                           uint32_t((l + 0.5) / countY * kTextureSize));
    }
};

// "the application-specified point size is used as the screen-space (post-transformed) size":
// D3DRS_POINTSIZE of 1, 4 and 7 pixels (the even one centred between pixels).
TEST_P(PointSprites, PointSizeRenderStateIsTheSizeInPixels) {
    useFvf(kPlainFvf);
    const struct {
        float x, y, size;
        uint32_t color;
    } points[] = {{8, 8, 1, indexColor(1)}, {20.5f, 10.5f, 4, indexColor(2)}, {40, 20, 7, indexColor(3)}};
    Pixels expected;
    for (const auto& p : points) {
        states({{D3DRS_POINTSIZE, floatBits(p.size)}});
        draw(std::vector<PlainVertex>{{p.x, p.y, 0.5f, 1, p.color, 0, 0}});
        solidSquare(expected, p.x, p.y, p.size, p.color);
    }
    expectScene(expected);
}

// "Vertices that are passed to Direct3D in screen space do not have point sizes computed":
// POINTSCALEENABLE (with factors that would shrink the point to 1) leaves pre-transformed points
// at POINTSIZE pixels.
TEST_P(PointSprites, PretransformedPointsAreNeverScaled) {
    useFvf(kPlainFvf);
    states({{D3DRS_POINTSCALEENABLE, 1},
            {D3DRS_POINTSIZE, floatBits(5)},
            {D3DRS_POINTSCALE_A, floatBits(1000)},
            {D3DRS_POINTSCALE_B, floatBits(0)},
            {D3DRS_POINTSCALE_C, floatBits(0)}});
    draw(std::vector<PlainVertex>{{30, 20, 0.5f, 1, indexColor(30), 0, 0}});
    Pixels expected;
    solidSquare(expected, 30, 20, 5, indexColor(30));
    expectScene(expected);
}

// "The application can specify point size either as per-vertex or by setting D3DRS_POINTSIZE,
// which applies to points without a per-vertex size": PSIZE wins over the render state.
TEST_P(PointSprites, PerVertexPsizeWinsOverPointSize) {
    useFvf(kSizedFvf);
    states({{D3DRS_POINTSIZE, floatBits(2)}});
    const std::vector<SizedVertex> v = {{8, 8, 0.5f, 1, 1, indexColor(4), 0, 0},
                                        {20.5f, 10.5f, 0.5f, 1, 4, indexColor(5), 0, 0},
                                        {40, 20, 0.5f, 1, 7, indexColor(6), 0, 0}};
    draw(v);
    Pixels expected;
    for (const SizedVertex& p : v)
        solidSquare(expected, p.x, p.y, p.size, p.diffuse);
    expectScene(expected);
}

// "The computed size of the point should be clamped to be no smaller than the size given by
// D3DRS_POINTSIZE_MIN and no larger than the size given by D3DRS_POINTSIZE_MAX" (Computing the
// Size of Point Sprites): PSIZE 1, 4, 9 with MIN 3 and MAX 5 draw 3, 4 and 5.
TEST_P(PointSprites, SizeIsClampedToPointSizeMinAndMax) {
    useFvf(kSizedFvf);
    states({{D3DRS_POINTSIZE_MIN, floatBits(3)}, {D3DRS_POINTSIZE_MAX, floatBits(5)}});
    const std::vector<SizedVertex> v = {{8, 8, 0.5f, 1, 1, indexColor(7), 0, 0},
                                        {20.5f, 10.5f, 0.5f, 1, 4, indexColor(8), 0, 0},
                                        {40, 20, 0.5f, 1, 9, indexColor(9), 0, 0}};
    draw(v);
    Pixels expected;
    for (const SizedVertex& p : v)
        solidSquare(expected, p.x, p.y, std::clamp(p.size, 3.0f, 5.0f), p.diffuse);
    expectScene(expected);
}

// D3DRS_POINTSCALEENABLE: Ss = Vh * Si * sqrt(1 / (A + B De + C De^2)), De the distance from
// the eye to the vertex in camera space, Vh the viewport height. Identity transforms: camera
// space is clip space, and the vertex at D3D9 pixel (px, py) has x = 2 px / W - 1,
// y = 1 - 2 py / H. The expected sizes are computed here in double precision.
TEST_P(PointSprites, PointScaleFollowsTheDistanceFormula) {
    useFvf(D3DFVF_XYZ | D3DFVF_DIFFUSE);
    const float a = 0.25f, b = 1.0f, c = 8.0f, si = 0.5f; // sizes of about 10.2, 13.2 and 6.7
    states({{D3DRS_LIGHTING, 0},
            {D3DRS_POINTSCALEENABLE, 1},
            {D3DRS_POINTSIZE, floatBits(si)},
            {D3DRS_POINTSCALE_A, floatBits(a)},
            {D3DRS_POINTSCALE_B, floatBits(b)},
            {D3DRS_POINTSCALE_C, floatBits(c)}});
    const struct { float px, py, z; } points[] = {{16, 12, 0.25f}, {40, 24, 0.5f}, {52, 36, 0.875f}};
    std::vector<XyzVertex> v;
    Pixels expected;
    for (uint32_t i = 0; i < 3; ++i) {
        const auto& p = points[i];
        const float x = 2.0f * p.px / kWidth - 1.0f, y = 1.0f - 2.0f * p.py / kHeight;
        v.push_back({x, y, p.z, indexColor(10 + i)});
        const double de = std::sqrt(double(x) * x + double(y) * y + double(p.z) * p.z);
        const double size = std::clamp(kHeight * si * std::sqrt(1.0 / (a + b * de + c * de * de)), 1.0, 64.0);
        solidSquare(expected, p.px, p.py, size, indexColor(10 + i));
    }
    draw(v);
    expectScene(expected);
}

// A vertex shader's oPts (PSIZE output) sizes its point, clamped like any other; a shader that
// writes none takes D3DRS_POINTSIZE.
TEST_P(PointSprites, ShaderPointSizeOrRenderStateClamped) {
    const std::vector<D3DVERTEXELEMENT9> decl = {{0, 0, D3DDECLTYPE_FLOAT2, 0, D3DDECLUSAGE_POSITION, 0},
                                                 {0, 8, D3DDECLTYPE_D3DCOLOR, 0, D3DDECLUSAGE_COLOR, 0},
                                                 {0, 12, D3DDECLTYPE_FLOAT1, 0, D3DDECLUSAGE_PSIZE, 0}};
    struct V {
        float x, y;
        uint32_t color;
        float size;
    };
    setProgram(door(), R"(vs_3_0
dcl_position v0
dcl_color v1
dcl_psize v2
dcl_position o0
dcl_color o1
dcl_psize o2
mad o0, v0, c0, c1
mov o1, v1
mov o2, v2.x
)",
               kColorPointPs, decl);
    setPixelToClip(door());
    states({{D3DRS_POINTSIZE_MAX, floatBits(5)}});
    const std::vector<V> v = {
        {8, 8, indexColor(20), 1}, {20.5f, 10.5f, indexColor(21), 4}, {40, 20, indexColor(22), 9}};
    draw(v);
    Pixels expected;
    for (const V& p : v)
        solidSquare(expected, p.x, p.y, std::min(p.size, 5.0f), p.color);
    // kColorPointVs writes no PSIZE: D3DRS_POINTSIZE (3) sizes its point.
    setProgram(door(), kColorPointVs, kColorPointPs, colorPointDeclaration());
    states({{D3DRS_POINTSIZE, floatBits(3)}});
    draw(std::vector<PixelVertex>{{52, 36, indexColor(23)}});
    solidSquare(expected, 52, 36, 3, indexColor(23));
    expectScene(expected);
}

// One shader drawing triangles, then points, twice over: the triangles' vertex stage leaves
// gl_PointSize out (only points read it), the points' stage writes it, and oPts sizes them.
TEST_P(PointSprites, AShaderDrawingTrianglesThenPointsSizesThePoints) {
    const std::vector<D3DVERTEXELEMENT9> decl = {{0, 0, D3DDECLTYPE_FLOAT2, 0, D3DDECLUSAGE_POSITION, 0},
                                                 {0, 8, D3DDECLTYPE_D3DCOLOR, 0, D3DDECLUSAGE_COLOR, 0}};
    struct V {
        float x, y;
        uint32_t color;
    };
    setProgram(door(), R"(vs_3_0
def c3, 4, 0, 0, 0
dcl_position v0
dcl_color v1
dcl_position o0
dcl_color o1
dcl_psize o2
mad o0, v0, c0, c1
mov o1, v1
mov o2, c3.x
)",
               kColorPointPs, decl);
    setPixelToClip(door());
    // A rectangle with its edges between pixels: pixels 3..10 x 3..6.
    const uint32_t fill = indexColor(30);
    const std::vector<V> rectangle = {{2.5f, 2.5f, fill},  {10.5f, 2.5f, fill}, {2.5f, 6.5f, fill},
                                      {10.5f, 2.5f, fill}, {10.5f, 6.5f, fill}, {2.5f, 6.5f, fill}};
    Pixels expected;
    for (int y = 3; y <= 6; ++y)
        for (int x = 3; x <= 10; ++x)
            expected[{x, y}] = fill;
    for (int round = 0; round < 2; ++round) {
        draw(rectangle, D3DPT_TRIANGLELIST);
        const std::vector<V> point = {{20.5f + 12 * round, 20.5f, indexColor(31 + round)}};
        draw(point);
        solidSquare(expected, point[0].x, point[0].y, 4, point[0].color);
    }
    expectScene(expected);
}

// D3DRS_POINTSPRITEENABLE TRUE: "the texture coordinates are set so that each point displays the
// full texture"; FALSE: "each point's vertex texture coordinate is used for the entire point".
// Fixed-function stages, points of 8 (two pixels a texel) and 4 pixels; the vertex's coordinate
// names texel (3, 0).
TEST_P(PointSprites, SpritesLayTheWholeTextureOverThePoint) {
    useFvf(kSizedFvf);
    bindSpriteTexture();
    const std::vector<SizedVertex> v = {{12.5f, 12.5f, 0.5f, 1, 8, 0xFFFFFFFF, 0.9f, 0.1f},
                                        {40.5f, 30.5f, 0.5f, 1, 4, 0xFFFFFFFF, 0.9f, 0.1f}};
    states({{D3DRS_POINTSPRITEENABLE, 1}});
    draw(v);
    Pixels expected;
    for (const SizedVertex& p : v)
        square(expected, p.x, p.y, p.size, spriteAt);
    expectScene(expected);

    // Sprites off: the same points in one texel each.
    clearTarget(door());
    states({{D3DRS_POINTSPRITEENABLE, 0}});
    draw(v);
    expected.clear();
    for (const SizedVertex& p : v)
        solidSquare(expected, p.x, p.y, p.size, spriteTexel(3, 0));
    expectScene(expected);
}

// Sprites apply to point lists only: a triangle drawn with POINTSPRITEENABLE keeps its vertices'
// texture coordinates (here all three name texel (1, 2)).
TEST_P(PointSprites, SpritesLeaveOtherPrimitivesAlone) {
    useFvf(kPlainFvf);
    bindSpriteTexture();
    states({{D3DRS_POINTSPRITEENABLE, 1}, {D3DRS_CULLMODE, D3DCULL_NONE}});
    const float u = 0.3f, v = 0.6f;
    draw(std::vector<PlainVertex>{{-8, -8, 0.5f, 1, 0xFFFFFFFF, u, v},
                                  {200, -8, 0.5f, 1, 0xFFFFFFFF, u, v},
                                  {-8, 200, 0.5f, 1, 0xFFFFFFFF, u, v}},
         D3DPT_TRIANGLELIST);
    Pixels expected;
    for (int y = 0; y < int(kHeight); ++y)
        for (int x = 0; x < int(kWidth); ++x)
            expected[{x, y}] = spriteTexel(1, 2);
    expectScene(expected);
}

// Toggling POINTSPRITEENABLE changes the pixel stage's module and so the pipeline, and nothing
// else: drawing on, off, on, off creates pipelines for the first two draws only.
TEST_P(PointSprites, TogglingSpritesReusesTwoPipelines) {
    useFvf(kSizedFvf);
    bindSpriteTexture();
    const std::vector<SizedVertex> v = {{12.5f, 12.5f, 0.5f, 1, 8, 0xFFFFFFFF, 0.9f, 0.1f}};
    states({{D3DRS_POINTSPRITEENABLE, 1}});
    draw(v);
    states({{D3DRS_POINTSPRITEENABLE, 0}});
    draw(v);
    const uint64_t created = pipelinesCreated();
    for (uint32_t i = 0; i < 2; ++i) {
        states({{D3DRS_POINTSPRITEENABLE, 1}});
        draw(v);
        states({{D3DRS_POINTSPRITEENABLE, 0}});
        draw(v);
    }
    EXPECT_EQ(pipelinesCreated(), created);
    Pixels expected;
    solidSquare(expected, 12.5, 12.5, 8, spriteTexel(3, 0)); // the last draw: sprites off
    expectScene(expected);
}

// Translated pixel shaders: before ps_3_0 every t# register reads the sprite coordinate; in
// ps_3_0 every input declared with D3DDECLUSAGE_TEXCOORD does, and other inputs keep their
// values (the COLOR input here, white: the product shows the texel only if it stays white).
TEST_P(PointSprites, SpritesReplaceTheShadersTextureCoordinates) {
    const struct {
        const char* version;
        const char* ps;
    } cases[] = {
        {"ps_1_1", "ps_1_1\ntex t0\nmov r0, t0\n"},
        {"ps_1_4", "ps_1_4\ntexld r0, t0\n"},
        {"ps_2_0", "ps_2_0\ndcl t0\ndcl_2d s0\ntexld r0, t0, s0\nmov oC0, r0\n"},
        {"ps_3_0", "ps_3_0\ndcl_texcoord v0\ndcl_color v1\ndcl_2d s0\ntexld r0, v0, s0\nmul oC0, r0, v1\n"},
    };
    // Points of 8 pixels with a white COLOR0 and TEXCOORD0 (0.9, 0.1): texel (3, 0) without sprites.
    constexpr const char* kVs = R"(vs_3_0
def c2, 1, 1, 1, 1
def c3, 8, 0, 0, 0
dcl_position v0
dcl_texcoord v1
dcl_position o0
dcl_texcoord o1
dcl_color o2
dcl_psize o3
mad o0, v0, c0, c1
mov o1, v1
mov o2, c2
mov o3, c3.x
)";
    const std::vector<D3DVERTEXELEMENT9> decl = {{0, 0, D3DDECLTYPE_FLOAT2, 0, D3DDECLUSAGE_POSITION, 0},
                                                 {0, 8, D3DDECLTYPE_FLOAT2, 0, D3DDECLUSAGE_TEXCOORD, 0}};
    struct V {
        float x, y, u, v;
    };
    bindSpriteTexture();
    for (const auto& c : cases) {
        SCOPED_TRACE(c.version);
        clearTarget(door());
        setProgram(door(), kVs, c.ps, decl);
        setPixelToClip(door());
        const std::vector<V> v = {{12.5f, 12.5f, 0.9f, 0.1f}, {40.5f, 30.5f, 0.9f, 0.1f}};
        states({{D3DRS_POINTSPRITEENABLE, 1}});
        draw(v);
        Pixels expected;
        for (const V& p : v)
            square(expected, p.x, p.y, 8, spriteAt);
        expectScene(expected);

        clearTarget(door());
        states({{D3DRS_POINTSPRITEENABLE, 0}});
        draw(v);
        expected.clear();
        for (const V& p : v)
            solidSquare(expected, p.x, p.y, 8, spriteTexel(3, 0));
        expectScene(expected);
    }
}

INSTANTIATE_TEST_SUITE_P(Doors, PointSprites, ::testing::Values(Door::Dp2, Door::Umd),
                         [](const ::testing::TestParamInfo<Door>& i) {
                             return std::string(doorName(i.param));
                         });

} // namespace
} // namespace ddivk::test

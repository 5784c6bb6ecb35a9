// User clip planes (D3DRS_CLIPPLANEENABLE, DP2 SETCLIPPLANE; none while D3DRS_CLIPPING is FALSE).
// IDirect3DDevice9::SetClipPlane: "A point with homogeneous coordinates (x, y, z, w) is visible in the half
// space of the plane if Ax + By + Cz + Dw >= 0"; "When the fixed function pipeline is used the plane
// equations are assumed to be in world space. When the programmable pipeline is used the plane equations are
// assumed to be in the clipping space (the same space as output vertices)." Each scene covers the
// whole target and the test computes which pixel centres lie on the kept side of every enabled
// plane; centres on a plane (within rounding) may go either way.
#include <cmath>
#include <vector>

#include "cts/cts_fixture.h"

namespace ddivk::test {
namespace {

struct Plane {
    float a, b, c, d;
};

constexpr uint32_t kColor = 0xFFE08020;

class ClipPlanes : public Cts {
  protected:
    // Clip-space x, y of pixel centre (x, y) (the viewport's mapping, pixel centres on integers).
    static float clipX(float x) { return -1.0f + 2.0f * x / kWidth; }
    static float clipY(float y) { return 1.0f - 2.0f * y / kHeight; }

    // Sets plane `index` and D3DRS_CLIPPLANEENABLE (when `enable` is not ~0u).
    void setPlanes(const std::vector<std::pair<uint32_t, Plane>>& planes, uint32_t enable) {
        CommandStream s;
        for (const auto& [index, p] : planes)
            s.cmd(D3DDP2OP_SETCLIPPLANE, 1).put(D3DHAL_DP2SETCLIPPLANE{index, {p.a, p.b, p.c, p.d}});
        if (enable != ~0u) renderState(s, D3DRS_CLIPPLANEENABLE, enable);
        run(s);
    }

    // vs_3_0 (kColorPointVs: pixel positions, z 0.5, w 1) with its pixel shader.
    void useShaders() {
        setProgram(kColorPointVs, kColorPointPs, colorPointDeclaration());
        setPixelToClip();
    }
    // A triangle past every edge of the target, through the vertex shader.
    void drawShaderTriangle() {
        const std::vector<PixelVertex> v = {
            {-40.0f, -40.0f, kColor}, {200.0f, -40.0f, kColor}, {-40.0f, 200.0f, kColor}};
        setStream(Door::Dp2, 0, createBuffer(v), 0, sizeof(PixelVertex));
        ASSERT_EQ(drawPrimitive(Door::Dp2, D3DPT_TRIANGLELIST, 0, 1), S_OK);
    }
    // One point on every pixel centre, through the vertex shader.
    void drawShaderPoints() {
        std::vector<PixelVertex> v;
        for (uint32_t y = 0; y < kHeight; ++y)
            for (uint32_t x = 0; x < kWidth; ++x) v.push_back({float(x), float(y), kColor});
        setStream(Door::Dp2, 0, createBuffer(v), 0, sizeof(PixelVertex));
        ASSERT_EQ(drawPrimitive(Door::Dp2, D3DPT_POINTLIST, 0, uint32_t(v.size())), S_OK);
    }

    // The fixed-function pipeline: D3DFVF_XYZ | D3DFVF_DIFFUSE, lighting off, identity transforms
    // unless a test sets others (then x, y are clip space).
    struct XyzDiffuse {
        float x, y, z;
        uint32_t diffuse;
    };
    void useFixedFunction() {
        CommandStream s;
        s.cmd(D3DDP2OP_SETVERTEXSHADERFUNC, 1).put(D3DHAL_DP2VERTEXSHADER{0});
        s.cmd(D3DDP2OP_SETPIXELSHADER, 1).put(D3DHAL_DP2PIXELSHADER{0});
        s.cmd(D3DDP2OP_SETVERTEXSHADER, 1).put(D3DHAL_DP2VERTEXSHADER{D3DFVF_XYZ | D3DFVF_DIFFUSE});
        renderState(s, D3DRS_LIGHTING, 0);
        run(s);
    }
    void setTransform(uint32_t type, float scaleX, float translateX) {
        D3DMATRIX m{};
        m.m[0][0] = scaleX;
        m.m[1][1] = m.m[2][2] = m.m[3][3] = 1.0f;
        m.m[3][0] = translateX; // row vectors: the translation is the last row
        CommandStream s;
        s.cmd(D3DDP2OP_SETTRANSFORM, 1).put(D3DHAL_DP2SETTRANSFORM{type, m});
        run(s);
    }
    void drawFixedFunctionTriangle() {
        const std::vector<XyzDiffuse> v = {
            {-2.0f, 2.0f, 0.5f, kColor}, {5.0f, 2.0f, 0.5f, kColor}, {-2.0f, -5.0f, 0.5f, kColor}};
        setStream(Door::Dp2, 0, createBuffer(v), 0, sizeof(XyzDiffuse));
        ASSERT_EQ(drawPrimitive(Door::Dp2, D3DPT_TRIANGLELIST, 0, 1), S_OK);
    }
    void drawFixedFunctionPoints() {
        std::vector<XyzDiffuse> v;
        for (uint32_t y = 0; y < kHeight; ++y)
            for (uint32_t x = 0; x < kWidth; ++x) v.push_back({clipX(float(x)), clipY(float(y)), 0.5f, kColor});
        setStream(Door::Dp2, 0, createBuffer(v), 0, sizeof(XyzDiffuse));
        ASSERT_EQ(drawPrimitive(Door::Dp2, D3DPT_POINTLIST, 0, uint32_t(v.size())), S_OK);
    }

    // Every pixel whose centre (clip space, z 0.5, w 1) is on the kept side of all `planes`
    // holds kColor, every pixel outside one holds the background; centres on a plane either.
    void expectKept(const std::vector<Plane>& planes) {
        const std::vector<uint32_t> pixels = readTarget();
        int wrong = 0, kept = 0, clipped = 0;
        for (uint32_t y = 0; y < kHeight; ++y)
            for (uint32_t x = 0; x < kWidth; ++x) {
                bool inside = true, on = false;
                for (const Plane& p : planes) {
                    const float dist = p.a * clipX(float(x)) + p.b * clipY(float(y)) + p.c * 0.5f + p.d;
                    if (std::abs(dist) < 1e-4f)
                        on = true;
                    else if (dist < 0.0f)
                        inside = false;
                }
                const uint32_t got = pixels[size_t(y) * kWidth + x];
                if (!inside) {
                    ++clipped;
                    if (got != kCtsBackground && ++wrong <= 8)
                        ADD_FAILURE() << "pixel (" << x << ", " << y << ") should be clipped";
                } else if (!on) {
                    ++kept;
                    if (got != kColor && ++wrong <= 8)
                        ADD_FAILURE()
                            << "pixel (" << x << ", " << y << ") should be kept: 0x" << std::hex << got;
                }
            }
        EXPECT_EQ(wrong, 0);
        // Every scene keeps some pixels and (with planes) clips some.
        EXPECT_GT(kept, 0);
        if (!planes.empty()) {
            EXPECT_GT(clipped, 0);
        }
    }
};

// A vertex shader's planes are in clip space: a slanted plane keeps the pixels whose centre
// gives dot(plane, position) >= 0, for a triangle and for points.
TEST_F(ClipPlanes, ShaderPlaneIsInClipSpace) {
    useShaders();
    const Plane p{1.0f, 0.5f, 0.0f, -0.1f};
    setPlanes({{0, p}}, D3DCLIPPLANE0);
    clearTarget();
    drawShaderTriangle();
    expectKept({p});
    clearTarget();
    drawShaderPoints();
    expectKept({p});
}

// Planes whose bit is clear in D3DRS_CLIPPLANEENABLE clip nothing, however they are set.
TEST_F(ClipPlanes, DisabledPlanesClipNothing) {
    useShaders();
    const Plane everything{0.0f, 0.0f, 0.0f, -1.0f}; // no point is on its kept side
    setPlanes({{0, everything}, {1, everything}, {2, everything}, {3, everything}, {4, everything}, {5, everything}},
              0);
    clearTarget();
    drawShaderTriangle();
    expectKept({});
    useFixedFunction();
    clearTarget();
    drawFixedFunctionTriangle();
    expectKept({});
}

// D3DRS_CLIPPING FALSE: the program promises its primitives need no clipping, and enabled user
// planes clip nothing (shaders and fixed function); set TRUE again, the same planes clip.
TEST_F(ClipPlanes, ClippingFalseTurnsThePlanesOff) {
    const Plane p{1.0f, 0.5f, 0.0f, -0.1f};
    setPlanes({{0, p}}, D3DCLIPPLANE0);
    CommandStream off;
    renderState(off, D3DRS_CLIPPING, 0);
    run(off);
    useShaders();
    clearTarget();
    drawShaderTriangle();
    expectKept({});
    useFixedFunction();
    clearTarget();
    drawFixedFunctionTriangle();
    expectKept({});
    CommandStream on;
    renderState(on, D3DRS_CLIPPING, 1);
    run(on);
    clearTarget();
    drawFixedFunctionTriangle();
    expectKept({p}); // identity transforms: world space is clip space here
    useShaders();
    clearTarget();
    drawShaderTriangle();
    expectKept({p});
}

// Two enabled planes (2 and 5) clip together; a clip-everything plane 0 stays disabled.
TEST_F(ClipPlanes, TwoPlanesTogether) {
    const Plane left{1.0f, 0.0f, 0.0f, 0.3f};  // x >= -0.3
    const Plane below{0.0f, -1.0f, 0.0f, 0.2f}; // y <= 0.2
    setPlanes({{0, {0.0f, 0.0f, 0.0f, -1.0f}}, {2, left}, {5, below}}, D3DCLIPPLANE2 | D3DCLIPPLANE5);
    useShaders();
    clearTarget();
    drawShaderTriangle();
    expectKept({left, below});
    useFixedFunction(); // identity transforms: world space is clip space
    clearTarget();
    drawFixedFunctionTriangle();
    expectKept({left, below});
}

// A plane changed between two draws, with no render state change, applies to the second draw
// (the uniform blocks follow SETCLIPPLANE).
TEST_F(ClipPlanes, ChangedPlaneAppliesToTheNextDraw) {
    const Plane first{1.0f, 0.0f, 0.0f, -0.2f}, second{-1.0f, 0.0f, 0.0f, -0.4f};
    useShaders();
    setPlanes({{1, first}}, D3DCLIPPLANE1);
    clearTarget();
    drawShaderTriangle();
    expectKept({first});
    setPlanes({{1, second}}, ~0u);
    clearTarget();
    drawShaderTriangle();
    expectKept({second});

    useFixedFunction();
    setPlanes({{1, first}}, ~0u);
    clearTarget();
    drawFixedFunctionTriangle();
    expectKept({first});
    setPlanes({{1, second}}, ~0u);
    clearTarget();
    drawFixedFunctionTriangle();
    expectKept({second});
}

// Planes off, on, off and on again between draws of one program: each draw
// clips by the planes enabled for it (the vertex stage writes clip distances only while a
// plane is enabled, so each toggle changes the stage the draw uses).
TEST_F(ClipPlanes, TogglingThePlanesBetweenDrawsOfOneProgram) {
    const Plane p{1.0f, 0.5f, 0.0f, -0.1f};
    useShaders();
    for (const uint32_t enable : {0u, uint32_t(D3DCLIPPLANE0), 0u, uint32_t(D3DCLIPPLANE0)}) {
        setPlanes({{0, p}}, enable);
        clearTarget();
        drawShaderTriangle();
        expectKept(enable ? std::vector<Plane>{p} : std::vector<Plane>{});
    }
    useFixedFunction(); // identity transforms: world space is clip space
    for (const uint32_t enable : {0u, uint32_t(D3DCLIPPLANE0), 0u, uint32_t(D3DCLIPPLANE0)}) {
        setPlanes({{0, p}}, enable);
        clearTarget();
        drawFixedFunctionTriangle();
        expectKept(enable ? std::vector<Plane>{p} : std::vector<Plane>{});
    }
}

// Fixed function: the planes are in world space. A world translation moves the geometry and the
// plane tests the moved (world) positions, so on screen the cut stays where the plane is; a
// view transform (scale 2 and shift 0.25 in x, projection identity) moves the cut to
// clip x = 2 * 0.1 + 0.25.
TEST_F(ClipPlanes, FixedFunctionPlaneIsInWorldSpace) {
    useFixedFunction();
    const Plane p{1.0f, 0.0f, 0.0f, -0.1f}; // world x >= 0.1
    setPlanes({{3, p}}, D3DCLIPPLANE3);
    clearTarget();
    drawFixedFunctionTriangle();
    expectKept({p});

    setTransform(D3DTS_WORLD, 1.0f, 0.25f); // object x + 0.25: the cut stays at world x 0.1
    clearTarget();
    drawFixedFunctionTriangle();
    expectKept({p});
    clearTarget();
    drawFixedFunctionPoints(); // points at object x: on screen shifted by 0.25, cut at 0.1
    expectKept({p});

    setTransform(D3DTS_WORLD, 1.0f, 0.0f);
    setTransform(D3DTS_VIEW, 2.0f, 0.25f); // clip x = 2 * world x + 0.25
    clearTarget();
    drawFixedFunctionTriangle();
    expectKept({{1.0f, 0.0f, 0.0f, -0.45f}});
}

} // namespace
} // namespace ddivk::test

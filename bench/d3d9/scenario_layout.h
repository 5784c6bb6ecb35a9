// What the d3d9_bench scenarios draw, as plain data without any API: shared by the D3D9
// program (bench/d3d9) and by d3d9-plain-vulkan-bench (bench/plain_vulkan_d3d9), so both do the
// same work and must read back the same pixels (docs/d3d9-dll.md, "D3D9 benchmark").
#pragma once

#include <cstdint>
#include <vector>

constexpr int kBenchSize = 256; // back buffer width and height

// Screen coordinate (D3D9: pixel centres on integers) to normalized device coordinates. With
// edges on half-integers and a 256-pixel target, every value is a short binary fraction, so
// positions are exact in every implementation and no pixel centre lies on an edge.
inline float benchNdcX(float screenX) {
    return screenX * 2.0f / float(kBenchSize) - 1.0f;
}
inline float benchNdcY(float screenY) {
    return 1.0f - screenY * 2.0f / float(kBenchSize);
}

// A colour from a small hash of two numbers, X8R8G8B8; the same in every run.
inline uint32_t benchColour(uint32_t a, uint32_t b) {
    uint32_t h = a * 0x9E3779B1u ^ (b + 0x7F4A7C15u) * 0x85EBCA77u;
    h ^= h >> 15;
    return 0xFF000000u | (h & 0x00FFFFFFu);
}

// draws: 2000 quads a frame tiling a 50 x 40 grid of 5 x 6 pixel cells, each covering 4 x 5
// pixels; the unit square (a strip of x, y, z, w vertices) is moved by a matrix per draw.
namespace draws_layout {
constexpr int kColumns = 50, kRows = 40, kCellW = 5, kCellH = 6, kDraws = kColumns * kRows;
inline constexpr float kUnitSquare[16] = {0, 0, 0, 1, 1, 0, 0, 1, 0, 1, 0, 1, 1, 1, 0, 1};

// Quad i's matrix, rows first (the vertex constants c0..c3 of dp4 transforms).
inline void matrix(int i, float out[16]) {
    const float x0 = float(2 + (i % kColumns) * kCellW) - 0.5f,
                y0 = float(4 + (i / kColumns) * kCellH) - 0.5f;
    const float left = benchNdcX(x0), top = benchNdcY(y0);
    const float width = benchNdcX(x0 + kCellW - 1) - left, height = benchNdcY(y0 + kCellH - 1) - top;
    const float m[16] = {width, 0, 0, left, 0, height, 0, top, 0, 0, 0, 0.5f, 0, 0, 0, 1};
    for (int k = 0; k < 16; ++k)
        out[k] = m[k];
}

// Quad i's colour in frame `frame`, RGBA in [0, 1].
inline void colour(int i, int frame, float out[4]) {
    const uint32_t c = benchColour(uint32_t(i), uint32_t(frame));
    out[0] = float((c >> 16) & 0xFF) / 255.0f;
    out[1] = float((c >> 8) & 0xFF) / 255.0f;
    out[2] = float(c & 0xFF) / 255.0f;
    out[3] = 1.0f;
}
} // namespace draws_layout

// instancing: 4 indexed draws a frame, each of 10000 instances of a one-pixel quad. The
// instances tile a 100 x 100 grid of 2 x 2 pixel cells; draw d fills pixel (d % 2, d / 2) of
// every cell, so the four draws cover a 200 x 200 square.
namespace instancing_layout {
constexpr int kGrid = 100, kInstances = kGrid * kGrid, kDraws = 4, kOrigin = 28;
inline constexpr uint16_t kIndices[6] = {0, 1, 2, 2, 1, 3};

// Per instance: an offset in normalized device coordinates and a D3DCOLOR (bytes B, G, R, A).
struct Instance {
    float dx, dy;
    uint32_t colour;
};
static_assert(sizeof(Instance) == 12);

// The quad of pixel (kOrigin, kOrigin), four x, y, z, w vertices.
inline void quad(float out[16]) {
    const float l = benchNdcX(kOrigin - 0.5f), r = benchNdcX(kOrigin + 0.5f);
    const float t = benchNdcY(kOrigin - 0.5f), b = benchNdcY(kOrigin + 0.5f);
    const float q[16] = {l, t, 0.5f, 1, r, t, 0.5f, 1, l, b, 0.5f, 1, r, b, 0.5f, 1};
    for (int k = 0; k < 16; ++k)
        out[k] = q[k];
}

// The instances of all draws, draw d's starting at d * kInstances.
inline std::vector<Instance> instances() {
    std::vector<Instance> out;
    for (int d = 0; d < kDraws; ++d)
        for (int i = 0; i < kInstances; ++i) {
            const float x = float((i % kGrid) * 2 + d % 2), y = float((i / kGrid) * 2 + d / 2);
            out.push_back(
                {x * 2.0f / kBenchSize, -y * 2.0f / kBenchSize, benchColour(uint32_t(i), uint32_t(d))});
        }
    return out;
}
} // namespace instancing_layout

// state_churn: 300 textured pretransformed quads a frame, each with its own depth and winding
// and its own state: blending (additive ONE/ONE) on or off, cull mode, depth function,
// texture (one of two solid ones), magnification filter, U address mode.
namespace churn_layout {
constexpr int kColumns = 20, kDraws = 300, kStep = 12, kSide = 20;
// The two 4 x 4 X8R8G8B8 textures' colours.
inline constexpr uint32_t kTextureColours[2] = {0x00402010, 0x00103050};

// D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_TEX1.
struct Vertex {
    float x, y, z, rhw;
    uint32_t colour;
    float u, v;
};
static_assert(sizeof(Vertex) == 28);

// The quads as triangle lists, six vertices each, wound clockwise or counterclockwise on screen.
inline std::vector<Vertex> vertices() {
    std::vector<Vertex> out;
    for (int i = 0; i < kDraws; ++i) {
        const float l = float(4 + (i % kColumns) * kStep) - 0.5f, t = float(4 + (i / kColumns) * 16) - 0.5f;
        const float r = l + kSide, b = t + kSide, z = float((i * 37) % kDraws + 1) / 512.0f;
        const Vertex lt{l, t, z, 1, 0xFFFFFFFF, 0, 0}, rt{r, t, z, 1, 0xFFFFFFFF, 1, 0};
        const Vertex lb{l, b, z, 1, 0xFFFFFFFF, 0, 1}, rb{r, b, z, 1, 0xFFFFFFFF, 1, 1};
        if ((i / 3) % 2)
            out.insert(out.end(), {lt, rt, lb, rt, rb, lb}); // clockwise (y down)
        else
            out.insert(out.end(), {lt, lb, rt, rt, lb, rb});
    }
    return out;
}

enum class Cull { None, Clockwise, CounterClockwise };
enum class DepthTest { LessEqual, Always, Greater, Less };

// The state of draw i.
struct State {
    bool blend;
    Cull cull;
    DepthTest depth;
    int texture;    // index into kTextureColours
    bool linearMag; // magnification filter linear (else point)
    bool wrapU;     // U address mode wrap (else clamp)
};
inline State state(int i) {
    return {i % 2 != 0, Cull(i % 3), DepthTest(i % 4), (i / 2) % 2, i % 5 == 0, i % 3 == 0};
}
} // namespace churn_layout

// Vertex and pixel shaders drawing through d3d9.dll: constants reach both stages, texture
// coordinates are interpolated, and a declaration reads two streams. Each test reads the render
// target back and compares every pixel with what it computes from its own inputs.
#include "check.h"
#include "shader_support.h"

#include <cmath>

namespace {

constexpr int kSize = 64;

} // namespace

// The quad (-1..1)^2 goes through the matrix in vertex constants c0-c3 (one row each, as dp4
// reads them); its pixels take the colour of pixel constant c0.
TEST(Shaders, Vs30QuadCoversTheRectangleOfItsMatrixInThePixelConstantColour) {
    TestDevice t(kSize, kSize);
    REQUIRE(t.device != nullptr);
    REQUIRE(
        useShaders(t.device, kPositionOnly, shader_code::kTransformVs30, shader_code::kConstantColourPs30));
    // x' = sx x + ox, y' = sy y + oy: edges on half-integer screen coordinates, no ties.
    const float sx = 0.5f, ox = ndcX(31.5f, kSize), sy = 0.25f, oy = ndcY(15.5f, kSize);
    const float rows[16] = {sx, 0, 0, ox, 0, sy, 0, oy, 0, 0, 1, 0, 0, 0, 0, 1};
    const float colour[4] = {1.0f, 0.5f, 0.25f, 1.0f};
    CHECK_EQ(t->SetVertexShaderConstantF(0, rows, 4), D3D_OK);
    CHECK_EQ(t->SetPixelShaderConstantF(0, colour, 1), D3D_OK);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF000000, 1.0f, 0), D3D_OK);
    const Position strip[4] = {{-1, -1, 0.5f}, {-1, 1, 0.5f}, {1, -1, 0.5f}, {1, 1, 0.5f}};
    CHECK_EQ(t->BeginScene(), D3D_OK);
    CHECK_EQ(t->DrawPrimitiveUP(D3DPT_TRIANGLESTRIP, 2, strip, sizeof(Position)), D3D_OK);
    CHECK_EQ(t->EndScene(), D3D_OK);
    // Screen edges of the transformed quad, from the same matrix.
    const float left = (ox - sx + 1) * kSize / 2, right = (ox + sx + 1) * kSize / 2;
    const float top = (1 - (oy + sy)) * kSize / 2, bottom = (1 - (oy - sy)) * kSize / 2;
    const uint32_t inside = uint32_t(std::lround(colour[0] * 255)) << 16 |
                            uint32_t(std::lround(colour[1] * 255)) << 8 |
                            uint32_t(std::lround(colour[2] * 255));
    CHECK_EQ(wrongPixels(
                 readBackBuffer(t.device), kSize, kSize,
                 [&](int x, int y) { return x > left && x < right && y > top && y < bottom ? inside : 0u; },
                 1),
             0);
}

// vs_2_0 / ps_2_0: colour = texture coordinate (u, v) interpolated over the screen. The quad
// reaches past the viewport so every pixel is inside; u = (ndc x + 1) / 2 at its corners, so a
// pixel centre at column x has u = x / width (and v = y / height).
TEST(Shaders, Vs20Ps20InterpolatedTexcoordsGiveAGradient) {
    TestDevice t(kSize, kSize);
    REQUIRE(t.device != nullptr);
    const D3DVERTEXELEMENT9 elements[] = {
        {0, 0, D3DDECLTYPE_FLOAT3, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0},
        {0, 12, D3DDECLTYPE_FLOAT2, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_TEXCOORD, 0},
        D3DDECL_END(),
    };
    REQUIRE(useShaders(t.device, elements, shader_code::kTexcoordVs20, shader_code::kTexcoordColourPs20));
    struct Vertex {
        float x, y, z, u, v;
    };
    const float e = 1.5f;
    const Vertex strip[4] = {{-e, -e, 0.5f, (1 - e) / 2, (1 + e) / 2},
                             {-e, e, 0.5f, (1 - e) / 2, (1 - e) / 2},
                             {e, -e, 0.5f, (1 + e) / 2, (1 + e) / 2},
                             {e, e, 0.5f, (1 + e) / 2, (1 - e) / 2}};
    CHECK_EQ(t->BeginScene(), D3D_OK);
    CHECK_EQ(t->DrawPrimitiveUP(D3DPT_TRIANGLESTRIP, 2, strip, sizeof(Vertex)), D3D_OK);
    CHECK_EQ(t->EndScene(), D3D_OK);
    // Red u, green v, blue 0 (the coordinate's z), within one step of rounding.
    CHECK_EQ(wrongPixels(
                 readBackBuffer(t.device), kSize, kSize,
                 [](int x, int y) {
                     const uint32_t r = uint32_t(std::lround(255.0 * x / kSize));
                     const uint32_t g = uint32_t(std::lround(255.0 * y / kSize));
                     return r << 16 | g << 8;
                 },
                 1),
             0);
}

// Positions in stream 0, colours in stream 1: the left quad red, the right one blue.
TEST(Shaders, DeclarationReadsPositionFromStream0AndColourFromStream1) {
    TestDevice t(kSize, kSize);
    REQUIRE(t.device != nullptr);
    const D3DVERTEXELEMENT9 elements[] = {
        {0, 0, D3DDECLTYPE_FLOAT3, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0},
        {1, 0, D3DDECLTYPE_D3DCOLOR, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_COLOR, 0},
        D3DDECL_END(),
    };
    REQUIRE(useShaders(t.device, elements, shader_code::kColourVs30, shader_code::kColourPs30));
    // Two screen rectangles [x0, x1) x [4, 60), as triangle lists.
    const int edges[3] = {4, 32, 60};
    const D3DCOLOR colours[2] = {0xFFFF0000, 0xFF0000FF};
    Position positions[12];
    D3DCOLOR vertexColours[12];
    for (int q = 0; q < 2; ++q) {
        const float l = ndcX(edges[q] - 0.5f, kSize), r = ndcX(edges[q + 1] - 0.5f, kSize);
        const float tp = ndcY(3.5f, kSize), bt = ndcY(59.5f, kSize);
        const Position corners[6] = {{l, tp, 0.5f}, {r, tp, 0.5f}, {l, bt, 0.5f},
                                     {r, tp, 0.5f}, {r, bt, 0.5f}, {l, bt, 0.5f}};
        for (int i = 0; i < 6; ++i) {
            positions[q * 6 + i] = corners[i];
            vertexColours[q * 6 + i] = colours[q];
        }
    }
    IDirect3DVertexBuffer9* stream0 = filledVertexBuffer(t.device, positions, sizeof positions);
    IDirect3DVertexBuffer9* stream1 = filledVertexBuffer(t.device, vertexColours, sizeof vertexColours);
    REQUIRE(stream0 && stream1);
    CHECK_EQ(t->SetStreamSource(0, stream0, 0, sizeof(Position)), D3D_OK);
    CHECK_EQ(t->SetStreamSource(1, stream1, 0, sizeof(D3DCOLOR)), D3D_OK);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF000000, 1.0f, 0), D3D_OK);
    CHECK_EQ(t->BeginScene(), D3D_OK);
    CHECK_EQ(t->DrawPrimitive(D3DPT_TRIANGLELIST, 0, 4), D3D_OK);
    CHECK_EQ(t->EndScene(), D3D_OK);
    CHECK_EQ(wrongPixels(readBackBuffer(t.device), kSize, kSize,
                         [&](int x, int y) -> uint32_t {
                             if (y < 4 || y >= 60) return 0;
                             for (int q = 0; q < 2; ++q)
                                 if (x >= edges[q] && x < edges[q + 1]) return colours[q] & 0xFFFFFF;
                             return 0;
                         }),
             0);
    t->SetStreamSource(0, nullptr, 0, 0);
    t->SetStreamSource(1, nullptr, 0, 0);
    stream0->Release();
    stream1->Release();
}

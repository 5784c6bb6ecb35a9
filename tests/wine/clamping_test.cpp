// Values a draw clamps rather than clips or interpolates as given (docs/d3d9-dll.md, "Draws"):
// Windows' answers as Wine's z_range_test, zenable_test and depth_clamp_test record them.
#include "check.h"
#include "shader_support.h"

#include <vector>

namespace {

constexpr int kSize = 32;

// vs_1_1: oPos = v0, oD0 = v1 (a FLOAT4 colour, which may leave [0, 1]).
const DWORD kColourVs11[] = {
    0xFFFE0101,                         // vs_1_1
    0x0000001F, 0x80000000, 0x900F0000, // dcl_position v0
    0x0000001F, 0x8000000A, 0x900F0001, // dcl_color v1
    0x00000001, 0xC00F0000, 0x90E40000, // mov oPos, v0
    0x00000001, 0xD00F0000, 0x90E40001, // mov oD0, v1
    0x0000FFFF,
};
// ps_1_1: r0 = v0.
const DWORD kColourPs11[] = {
    0xFFFF0101,                         // ps_1_1
    0x00000001, 0x800F0000, 0x90E40000, // mov r0, v0
    0x0000FFFF,
};

struct PositionFloatColour {
    float x, y, z;
    float r, g, b, a;
};
const D3DVERTEXELEMENT9 kPositionFloatColour[] = {
    {0, 0, D3DDECLTYPE_FLOAT3, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0},
    {0, 12, D3DDECLTYPE_FLOAT4, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_COLOR, 0},
    D3DDECL_END(),
};

} // namespace

// Pre-transformed vertices with z outside [0, 1] are drawn at z clamped to the range, not
// clipped (the caps claim no D3DPMISCCAPS_CLIPTLVERTS): with the depth test off, and with it on
// against a depth cleared to 0.75 (z -0.5 passes LESS as 0, z 1.5 passes GREATER as 1).
TEST(Clamping, PretransformedDepthOutsideTheRangeIsClamped) {
    TestDevice t(kSize, kSize, true);
    REQUIRE(t.device != nullptr);
    D3DCAPS9 caps{};
    REQUIRE(t->GetDeviceCaps(&caps) == D3D_OK);
    REQUIRE(!(caps.PrimitiveMiscCaps & D3DPMISCCAPS_CLIPTLVERTS));
    CHECK_EQ(t->SetFVF(kScreenFvf), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_LIGHTING, FALSE), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_ZWRITEENABLE, FALSE), D3D_OK);
    const std::vector<ScreenVertex> left = screenRect(0, 0, 16, kSize, -0.5f, 0xFF00FF00);
    const std::vector<ScreenVertex> right = screenRect(16, 0, kSize, kSize, 1.5f, 0xFF0000FF);
    // Depth test off.
    CHECK_EQ(t->SetRenderState(D3DRS_ZENABLE, D3DZB_FALSE), D3D_OK);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xFFFF0000, 0.75f, 0), D3D_OK);
    CHECK_EQ(t->BeginScene(), D3D_OK);
    CHECK_EQ(t->DrawPrimitiveUP(D3DPT_TRIANGLELIST, 2, left.data(), sizeof(ScreenVertex)), D3D_OK);
    CHECK_EQ(t->DrawPrimitiveUP(D3DPT_TRIANGLELIST, 2, right.data(), sizeof(ScreenVertex)), D3D_OK);
    CHECK_EQ(t->EndScene(), D3D_OK);
    CHECK_EQ(wrongPixels(readBackBuffer(t.device), kSize, kSize,
                         [](int x, int) { return x < 16 ? 0x00FF00u : 0x0000FFu; }),
             0);
    // Depth test on: 0 < 0.75 and 1 > 0.75.
    CHECK_EQ(t->SetRenderState(D3DRS_ZENABLE, D3DZB_TRUE), D3D_OK);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xFFFF0000, 0.75f, 0), D3D_OK);
    CHECK_EQ(t->BeginScene(), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_ZFUNC, D3DCMP_LESS), D3D_OK);
    CHECK_EQ(t->DrawPrimitiveUP(D3DPT_TRIANGLELIST, 2, left.data(), sizeof(ScreenVertex)), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_ZFUNC, D3DCMP_GREATER), D3D_OK);
    CHECK_EQ(t->DrawPrimitiveUP(D3DPT_TRIANGLELIST, 2, right.data(), sizeof(ScreenVertex)), D3D_OK);
    CHECK_EQ(t->EndScene(), D3D_OK);
    CHECK_EQ(wrongPixels(readBackBuffer(t.device), kSize, kSize,
                         [](int x, int) { return x < 16 ? 0x00FF00u : 0x0000FFu; }),
             0);
}

// A vs_1_1 colour output is clamped to [0, 1] at each vertex, before interpolation: green -1 on
// the left edge and 1 on the right gives 0 .. 1 across the target (interpolating first gives 0
// up to the middle, then twice the slope).
TEST(Clamping, VertexShaderColoursAreClampedPerVertex) {
    TestDevice t(kSize, kSize);
    REQUIRE(t.device != nullptr);
    REQUIRE(useShaders(t.device, kPositionFloatColour, kColourVs11, kColourPs11));
    CHECK_EQ(t->SetRenderState(D3DRS_ZENABLE, FALSE), D3D_OK);
    const PositionFloatColour strip[4] = {{-1, -1, 0.5f, 0, -1, 0, 1},
                                          {-1, 1, 0.5f, 0, -1, 0, 1},
                                          {1, -1, 0.5f, 0, 1, 0, 1},
                                          {1, 1, 0.5f, 0, 1, 0, 1}};
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFFFF00FF, 1.0f, 0), D3D_OK);
    CHECK_EQ(t->BeginScene(), D3D_OK);
    CHECK_EQ(t->DrawPrimitiveUP(D3DPT_TRIANGLESTRIP, 2, strip, sizeof(PositionFloatColour)), D3D_OK);
    CHECK_EQ(t->EndScene(), D3D_OK);
    // D3D9 samples pixel x at screen x (pixel centres on integers, the left edge at 0): green
    // x / 32 of 255.
    CHECK_EQ(wrongPixels(
                 readBackBuffer(t.device), kSize, kSize,
                 [](int x, int) { return uint32_t(float(x) / kSize * 255.0f + 0.5f) << 8; }, 2),
             0);
}

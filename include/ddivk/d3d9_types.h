// Plain D3D9 value types shared by the DDI payloads and the state cache.
// Portable mirrors of d3d9types.h: fixed-width fields, no windows.h. Layouts are pinned by
// static_asserts to the Windows layout (identical on x86 and x64: no pointers here).
#pragma once

#include <cstddef>
#include <cstdint>

namespace ddivk {

using D3DCOLOR = uint32_t; // 0xAARRGGBB

// D3DPRIMITIVETYPE.
enum D3DPRIMITIVETYPE : uint32_t {
    D3DPT_POINTLIST = 1,
    D3DPT_LINELIST = 2,
    D3DPT_LINESTRIP = 3,
    D3DPT_TRIANGLELIST = 4,
    D3DPT_TRIANGLESTRIP = 5,
    D3DPT_TRIANGLEFAN = 6,
};

struct D3DCOLORVALUE {
    float r, g, b, a;
};

struct D3DVECTOR {
    float x, y, z;
};

// Row-major 4x4 matrix, m[row][column], as D3D stores it.
struct D3DMATRIX {
    float m[4][4];
};

struct D3DRECT {
    int32_t x1, y1, x2, y2;
};

struct D3DVIEWPORT9 {
    uint32_t X, Y, Width, Height;
    float MinZ, MaxZ;
};

struct D3DMATERIAL9 {
    D3DCOLORVALUE Diffuse, Ambient, Specular, Emissive;
    float Power;
};

struct D3DLIGHT9 {
    uint32_t Type; // D3DLIGHTTYPE
    D3DCOLORVALUE Diffuse, Specular, Ambient;
    D3DVECTOR Position, Direction;
    float Range, Falloff;
    float Attenuation0, Attenuation1, Attenuation2;
    float Theta, Phi;
};

static_assert(sizeof(D3DCOLORVALUE) == 16);
static_assert(sizeof(D3DVECTOR) == 12);
static_assert(sizeof(D3DMATRIX) == 64);
static_assert(sizeof(D3DRECT) == 16);
static_assert(sizeof(D3DVIEWPORT9) == 24 && offsetof(D3DVIEWPORT9, MinZ) == 16);
static_assert(sizeof(D3DMATERIAL9) == 68 && offsetof(D3DMATERIAL9, Power) == 64);
static_assert(sizeof(D3DLIGHT9) == 104 && offsetof(D3DLIGHT9, Position) == 52 &&
              offsetof(D3DLIGHT9, Range) == 76 && offsetof(D3DLIGHT9, Phi) == 100);

} // namespace ddivk

// Shared by the shader and instancing wine tests: hand-written shader token streams (the
// assembly beside each line; encoding of d3d9types.h: instruction = opcode | length << 24,
// parameters have bit 31 set, register type in bits 28-30 and 11-12, write mask in bits 16-19,
// swizzle in bits 16-23), a vertex buffer filled with data, and a pixel comparison with a
// tolerance for interpolated values.
#pragma once

#include "device_support.h"

#include <cstdint>
#include <vector>

// A vertex that is a position only, and the declaration that reads it (stream 0, FLOAT3).
struct Position {
    float x, y, z;
};
inline const D3DVERTEXELEMENT9 kPositionOnly[] = {
    {0, 0, D3DDECLTYPE_FLOAT3, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0},
    D3DDECL_END(),
};
// A position and a D3DCOLOR diffuse colour, and their declaration (stream 0, stride 16).
struct ColouredPosition {
    float x, y, z;
    DWORD color;
};
inline const D3DVERTEXELEMENT9 kPositionColour[] = {
    {0, 0, D3DDECLTYPE_FLOAT3, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0},
    {0, 12, D3DDECLTYPE_D3DCOLOR, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_COLOR, 0},
    D3DDECL_END(),
};

namespace shader_code {

// Position = (dp4 v0 with c0, c1, c2, c3): the vertex constants hold the matrix's rows.
inline const DWORD kTransformVs30[] = {
    0xFFFE0300,                                     // vs_3_0
    0x0200001F, 0x80000000, 0x900F0000,             // dcl_position v0
    0x0200001F, 0x80000000, 0xE00F0000,             // dcl_position o0
    0x03000009, 0xE0010000, 0x90E40000, 0xA0E40000, // dp4 o0.x, v0, c0
    0x03000009, 0xE0020000, 0x90E40000, 0xA0E40001, // dp4 o0.y, v0, c1
    0x03000009, 0xE0040000, 0x90E40000, 0xA0E40002, // dp4 o0.z, v0, c2
    0x03000009, 0xE0080000, 0x90E40000, 0xA0E40003, // dp4 o0.w, v0, c3
    0x0000FFFF,                                     // end
};

// Colour = pixel constant c0.
inline const DWORD kConstantColourPs30[] = {
    0xFFFF0300,                         // ps_3_0
    0x02000001, 0x800F0800, 0xA0E40000, // mov oC0, c0
    0x0000FFFF,                         // end
};

// ps_3_0: oC0 = c0, oC1 = c1 (two render targets).
inline const DWORD kTwoConstantsPs30[] = {
    0xFFFF0300,                         // ps_3_0
    0x02000001, 0x800F0800, 0xA0E40000, // mov oC0, c0
    0x02000001, 0x800F0801, 0xA0E40001, // mov oC1, c1
    0x0000FFFF,                         // end
};

// Position and texture coordinate 0 passed through.
inline const DWORD kTexcoordVs20[] = {
    0xFFFE0200,                         // vs_2_0
    0x0200001F, 0x80000000, 0x900F0000, // dcl_position v0
    0x0200001F, 0x80000005, 0x900F0001, // dcl_texcoord0 v1
    0x02000001, 0xC00F0000, 0x90E40000, // mov oPos, v0
    0x02000001, 0xE00F0000, 0x90E40001, // mov oT0, v1
    0x0000FFFF,                         // end
};

// Colour = the interpolated texture coordinate 0.
inline const DWORD kTexcoordColourPs20[] = {
    0xFFFF0200,                         // ps_2_0
    0x0200001F, 0x80000000, 0xB00F0000, // dcl t0
    0x02000001, 0x800F0800, 0xB0E40000, // mov oC0, t0
    0x0000FFFF,                         // end
};

// Position and colour 0 passed through.
inline const DWORD kColourVs30[] = {
    0xFFFE0300,                         // vs_3_0
    0x0200001F, 0x80000000, 0x900F0000, // dcl_position v0
    0x0200001F, 0x8000000A, 0x900F0001, // dcl_color v1
    0x0200001F, 0x80000000, 0xE00F0000, // dcl_position o0
    0x0200001F, 0x8000000A, 0xE00F0001, // dcl_color o1
    0x02000001, 0xE00F0000, 0x90E40000, // mov o0, v0
    0x02000001, 0xE00F0001, 0x90E40001, // mov o1, v1
    0x0000FFFF,                         // end
};

// Position moved by texture coordinate 0 (x, y), colour 0 passed through: instance data.
inline const DWORD kOffsetVs30[] = {
    0xFFFE0300,                                     // vs_3_0
    0x0200001F, 0x80000000, 0x900F0000,             // dcl_position v0
    0x0200001F, 0x80000005, 0x900F0001,             // dcl_texcoord0 v1
    0x0200001F, 0x8000000A, 0x900F0002,             // dcl_color v2
    0x0200001F, 0x80000000, 0xE00F0000,             // dcl_position o0
    0x0200001F, 0x8000000A, 0xE00F0001,             // dcl_color o1
    0x03000002, 0xE0030000, 0x90E40000, 0x90E40001, // add o0.xy, v0, v1
    0x02000001, 0xE00C0000, 0x90E40000,             // mov o0.zw, v0
    0x02000001, 0xE00F0001, 0x90E40002,             // mov o1, v2
    0x0000FFFF,                                     // end
};

// Colour = the interpolated colour 0.
inline const DWORD kColourPs30[] = {
    0xFFFF0300,                         // ps_3_0
    0x0200001F, 0x8000000A, 0x900F0000, // dcl_color v0
    0x02000001, 0x800F0800, 0x90E40000, // mov oC0, v0
    0x0000FFFF,                         // end
};

// ps_2_0: colour = the diffuse colour (v0).
inline const DWORD kDiffusePs20[] = {
    0xFFFF0200,                         // ps_2_0
    0x0200001F, 0x80000000, 0x900F0000, // dcl v0
    0x02000001, 0x800F0800, 0x90E40000, // mov oC0, v0
    0x0000FFFF,                         // end
};

} // namespace shader_code

// D3D9 puts pixel centres on integer screen coordinates: screen x = (ndc + 1) * width / 2.
// The inverse, for a test that places edges at half-integer screen coordinates.
inline float ndcX(float screenX, int width) {
    return screenX * 2.0f / float(width) - 1.0f;
}
inline float ndcY(float screenY, int height) {
    return 1.0f - screenY * 2.0f / float(height);
}

// Creates a declaration and the two shaders, sets all three (the device holds them; the
// test's references are released) and turns culling off; false when a step fails.
bool useShaders(IDirect3DDevice9* device, const D3DVERTEXELEMENT9* elements, const DWORD* vs,
                const DWORD* ps);

// A new vertex buffer (default pool) holding `bytes` of `data`; null when a step fails.
IDirect3DVertexBuffer9* filledVertexBuffer(IDirect3DDevice9* device, const void* data, UINT bytes);

// Pixels (X8R8G8B8, width w) whose red, green or blue differs from expected(x, y) by more
// than `tolerance`; all of them when the read-back failed.
template <class F>
int wrongPixels(const std::vector<uint32_t>& pixels, int w, int h, F expected, int tolerance = 0) {
    if (pixels.size() != size_t(w) * h) return w * h;
    int wrong = 0;
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            const uint32_t got = pixels[size_t(y) * w + x], want = expected(x, y);
            for (int shift = 0; shift < 24; shift += 8) {
                const int d = int((got >> shift) & 0xFF) - int((want >> shift) & 0xFF);
                if (d > tolerance || d < -tolerance) {
                    ++wrong;
                    break;
                }
            }
        }
    return wrong;
}

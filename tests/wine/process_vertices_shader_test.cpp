// IDirect3DDevice9::ProcessVertices with a vertex shader (docs/d3d9-dll.md, "Other device
// methods"): the shader's oPos through the divide and the viewport, its colour and texture
// coordinate outputs into the destination's elements of their semantics, computed again here;
// elements the shader does not write left as they were; vs_3_0 through the output declaration.
#include "check.h"
#include "process_vertices_support.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

using namespace process_vertices;

namespace {

// oPos = (dp4 v0 with c0..c3), oD0 = v1 * c4, oT0 = v2 + c5.
const DWORD kVs20[] = {
    0xFFFE0200,                                     // vs_2_0
    0x0200001F, 0x80000000, 0x900F0000,             // dcl_position v0
    0x0200001F, 0x8000000A, 0x900F0001,             // dcl_color v1
    0x0200001F, 0x80000005, 0x900F0002,             // dcl_texcoord v2
    0x03000009, 0xC0010000, 0x90E40000, 0xA0E40000, // dp4 oPos.x, v0, c0
    0x03000009, 0xC0020000, 0x90E40000, 0xA0E40001, // dp4 oPos.y, v0, c1
    0x03000009, 0xC0040000, 0x90E40000, 0xA0E40002, // dp4 oPos.z, v0, c2
    0x03000009, 0xC0080000, 0x90E40000, 0xA0E40003, // dp4 oPos.w, v0, c3
    0x03000005, 0xD00F0000, 0x90E40001, 0xA0E40004, // mul oD0, v1, c4
    0x03000002, 0xE00F0000, 0x90E40002, 0xA0E40005, // add oT0, v2, c5
    0x0000FFFF,                                     // end
};
// The same with vs_3_0's registers, declared in another order, and no texture coordinates.
const DWORD kVs30[] = {
    0xFFFE0300,                                     // vs_3_0
    0x0200001F, 0x80000000, 0x900F0000,             // dcl_position v0
    0x0200001F, 0x8000000A, 0x900F0001,             // dcl_color v1
    0x0200001F, 0x8000000A, 0xE00F0000,             // dcl_color o0
    0x0200001F, 0x80000000, 0xE00F0001,             // dcl_position o1
    0x03000009, 0xE0010001, 0x90E40000, 0xA0E40000, // dp4 o1.x, v0, c0
    0x03000009, 0xE0020001, 0x90E40000, 0xA0E40001, // dp4 o1.y, v0, c1
    0x03000009, 0xE0040001, 0x90E40000, 0xA0E40002, // dp4 o1.z, v0, c2
    0x03000009, 0xE0080001, 0x90E40000, 0xA0E40003, // dp4 o1.w, v0, c3
    0x03000005, 0xE00F0000, 0x90E40001, 0xA0E40004, // mul o0, v1, c4
    0x0000FFFF,                                     // end
};

const float kColourScale[4] = {2.0f, 0.5f, 1.0f, 0.5f};
const float kTexcoordOffset[4] = {0.25f, -1.5f, 0, 0};
// A perspective projection (w = z; near 1, far 10) with a shift in x.
const D3DMATRIX kProjection =
    matrix({1.5f, 0, 0, 0, 0, 2.0f, 0, 0, 0, 0, 10.0f / 9, 1, 0.25f, 0, -10.0f / 9, 0});

// The shader's constants: c0..c3 the projection's columns (dp4 with v0 is v0 * matrix), c4 and c5.
void setConstants(IDirect3DDevice9* device) {
    for (int column = 0; column < 4; ++column) {
        const float c[4] = {kProjection.m[0][column], kProjection.m[1][column], kProjection.m[2][column],
                            kProjection.m[3][column]};
        device->SetVertexShaderConstantF(column, c, 1);
    }
    device->SetVertexShaderConstantF(4, kColourScale, 1);
    device->SetVertexShaderConstantF(5, kTexcoordOffset, 1);
}

// oD0 = source colour * c4, saturated, as D3DCOLOR.
DWORD scaledColour(DWORD colour) {
    const int shifts[4] = {16, 8, 0, 24}; // r, g, b, a
    DWORD out = 0;
    for (int i = 0; i < 4; ++i) {
        const float value = std::min(1.0f, float((colour >> shifts[i]) & 0xFF) / 255.0f * kColourScale[i]);
        out |= DWORD(std::lround(value * 255.0f)) << shifts[i];
    }
    return out;
}

bool colourNear(DWORD a, DWORD b) {
    for (int shift = 0; shift < 32; shift += 8)
        if (std::abs(int((a >> shift) & 0xFF) - int((b >> shift) & 0xFF)) > 1) return false;
    return true;
}

// Screen coordinates of a source position through the projection and the viewport.
void expectScreen(const OutputVertex& o, const SourceVertex& in, const D3DVIEWPORT9& vp) {
    const D3DMATRIX identity = matrix({1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1});
    const D3DMATRIX* chain[3] = {&identity, &identity, &kProjection};
    float clip[4];
    transform(chain, &in.x, clip);
    const float rhw = 1.0f / clip[3];
    CHECK(approx(o.x, vp.X + (1 + clip[0] * rhw) * vp.Width / 2));
    CHECK(approx(o.y, vp.Y + (1 - clip[1] * rhw) * vp.Height / 2));
    CHECK(approx(o.z, vp.MinZ + clip[2] * rhw * (vp.MaxZ - vp.MinZ)));
    CHECK(approx(o.rhw, rhw));
}

const SourceVertex kTriangle[3] = {{-1.0f, 0.5f, 2.0f, 0xFF102030, 0.25f, 0.75f},
                                   {0.75f, 1.25f, 3.0f, 0x80405060, 0.5f, 0.125f},
                                   {0.25f, -0.5f, 4.0f, 0x20F09080, 1.0f, 0.0f}};

} // namespace

// "Applies the vertex processing defined by the vertex shader to the set of input data
// streams": oPos through the divide and the viewport, oD0 and oT0 into the FVF's diffuse and
// texture coordinates.
TEST(ProcessVerticesShader, Vs20OutputsBecomeTheDestinationsVertices) {
    ProcessingDevice t(kTriangle, 3);
    REQUIRE(t.device != nullptr && t.source != nullptr);
    IDirect3DVertexShader9* shader = nullptr;
    REQUIRE(SUCCEEDED(t->CreateVertexShader(kVs20, &shader)));
    CHECK_EQ(t->SetVertexShader(shader), D3D_OK);
    setConstants(t.device);
    const D3DVIEWPORT9 viewport{8, 4, 48, 40, 0.25f, 0.75f};
    CHECK_EQ(t->SetViewport(&viewport), D3D_OK);
    IDirect3DVertexBuffer9* out = buffer(t.device, 4 * sizeof(OutputVertex), kOutputFvf, nullptr);
    REQUIRE(out != nullptr);
    CHECK_EQ(t->ProcessVertices(0, 1, 3, out, nullptr, 0), D3D_OK);
    const std::vector<OutputVertex> v = contents(out, 4);
    REQUIRE(v.size() == 4);
    CHECK(v[0].x == 0.0f && v[0].color == 0); // before DestIndex: untouched
    for (int i = 0; i < 3; ++i) {
        const OutputVertex& o = v[i + 1];
        expectScreen(o, kTriangle[i], viewport);
        CHECK(colourNear(o.color, scaledColour(kTriangle[i].color)));
        CHECK(approx(o.u, kTriangle[i].u + kTexcoordOffset[0]) &&
              approx(o.v, kTriangle[i].v + kTexcoordOffset[1]));
    }
    CHECK_EQ(t->SetVertexShader(nullptr), D3D_OK);
    shader->Release();
    out->Release();
}

// "When vertex shader 3.0 or above is set as the current vertex shader, the output vertex
// declaration must be present": without one nothing is written; with one its elements say where
// each output goes (here a POSITIONT / COLOR0 layout over the same buffer), and the texture
// coordinates the shader does not write stay as they were.
TEST(ProcessVerticesShader, Vs30WritesThroughTheOutputDeclaration) {
    ProcessingDevice t(kTriangle, 3);
    REQUIRE(t.device != nullptr && t.source != nullptr);
    IDirect3DVertexShader9* shader = nullptr;
    REQUIRE(SUCCEEDED(t->CreateVertexShader(kVs30, &shader)));
    const D3DVERTEXELEMENT9 outputElements[] = {
        {0, 0, D3DDECLTYPE_FLOAT4, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITIONT, 0},
        {0, 16, D3DDECLTYPE_D3DCOLOR, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_COLOR, 0},
        {0, 20, D3DDECLTYPE_FLOAT2, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_TEXCOORD, 0},
        D3DDECL_END(),
    };
    IDirect3DVertexDeclaration9* outputDeclaration = nullptr;
    REQUIRE(SUCCEEDED(t->CreateVertexDeclaration(outputElements, &outputDeclaration)));
    CHECK_EQ(t->SetVertexShader(shader), D3D_OK);
    setConstants(t.device);
    const OutputVertex before[3] = {
        {9, 9, 9, 9, 0x12345678, 3, 4}, {9, 9, 9, 9, 0x12345678, 5, 6}, {9, 9, 9, 9, 0x12345678, 7, 8}};
    IDirect3DVertexBuffer9* out = buffer(t.device, sizeof before, kOutputFvf, before);
    REQUIRE(out != nullptr);
    CHECK_EQ(t->ProcessVertices(0, 0, 3, out, nullptr, 0), D3DERR_INVALIDCALL);
    std::vector<OutputVertex> v = contents(out, 3);
    REQUIRE(v.size() == 3);
    CHECK(memcmp(v.data(), before, sizeof before) == 0);

    CHECK_EQ(t->ProcessVertices(0, 0, 3, out, outputDeclaration, 0), D3D_OK);
    v = contents(out, 3);
    REQUIRE(v.size() == 3);
    D3DVIEWPORT9 viewport{};
    CHECK_EQ(t->GetViewport(&viewport), D3D_OK);
    for (int i = 0; i < 3; ++i) {
        expectScreen(v[i], kTriangle[i], viewport);
        CHECK(colourNear(v[i].color, scaledColour(kTriangle[i].color)));
        CHECK(v[i].u == before[i].u && v[i].v == before[i].v);
    }
    CHECK_EQ(t->SetVertexShader(nullptr), D3D_OK);
    outputDeclaration->Release();
    shader->Release();
    out->Release();
}

// As without a shader: with clipping on, a vertex outside the view volume keeps its clip
// coordinates and its code joins the clip status; the processed vertices draw where computed.
TEST(ProcessVerticesShader, ClippedVerticesKeepClipCoordinatesAndDrawnOnesLandWhereComputed) {
    // Identity columns in c0..c3: clip = (x, y, z, 1). The second point is right of the volume.
    const SourceVertex points[2] = {{0.25f, 0.5f, 0.5f, 0xFF2080C0, 0, 0},
                                    {1.5f, 0.25f, 0.5f, 0xFFFFFFFF, 0, 0}};
    ProcessingDevice t(points, 2);
    REQUIRE(t.device != nullptr && t.source != nullptr);
    IDirect3DVertexShader9* shader = nullptr;
    REQUIRE(SUCCEEDED(t->CreateVertexShader(kVs20, &shader)));
    CHECK_EQ(t->SetVertexShader(shader), D3D_OK);
    const float identity[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
    const float unscaled[4] = {1, 1, 1, 1};
    CHECK_EQ(t->SetVertexShaderConstantF(0, identity, 4), D3D_OK);
    CHECK_EQ(t->SetVertexShaderConstantF(4, unscaled, 1), D3D_OK);
    IDirect3DVertexBuffer9* out = buffer(t.device, 2 * sizeof(OutputVertex), kOutputFvf, nullptr);
    REQUIRE(out != nullptr);
    const D3DCLIPSTATUS9 initial{0, 0xFFFFFFFF};
    CHECK_EQ(t->SetClipStatus(&initial), D3D_OK);
    CHECK_EQ(t->ProcessVertices(0, 0, 2, out, nullptr, 0), D3D_OK);
    D3DCLIPSTATUS9 status{};
    CHECK_EQ(t->GetClipStatus(&status), D3D_OK);
    CHECK_EQ(status.ClipUnion, D3DCS_RIGHT);
    CHECK_EQ(status.ClipIntersection, 0);
    const std::vector<OutputVertex> v = contents(out, 2);
    REQUIRE(v.size() == 2);
    // 64 x 64 viewport: x = (1 + 0.25) * 32 = 40, y = (1 - 0.5) * 32 = 16.
    CHECK(approx(v[0].x, 40.0f) && approx(v[0].y, 16.0f) && approx(v[0].rhw, 1.0f));
    CHECK(v[1].x == 1.5f && v[1].y == 0.25f && v[1].z == 0.5f && v[1].rhw == 1.0f);
    CHECK_EQ(v[0].color, 0xFF2080C0);

    // The first vertex drawn as a pre-transformed point lights pixel (40, 16).
    CHECK_EQ(t->SetVertexShader(nullptr), D3D_OK);
    CHECK_EQ(t->SetFVF(kOutputFvf), D3D_OK);
    CHECK_EQ(t->SetStreamSource(0, out, 0, sizeof(OutputVertex)), D3D_OK);
    CHECK_EQ(rectMismatches(drawAndRead(t.device, D3DPT_POINTLIST, 1), 40, 16, 41, 17, 0xFF2080C0), 0);
    CHECK_EQ(t->SetStreamSource(0, nullptr, 0, 0), D3D_OK);
    shader->Release();
    out->Release();
}

namespace {

// oPos = v0, oT0..oT7 = c0..c7 (vs_3_0: o0 the position, o1..o8 TEXCOORD0..7).
const DWORD kVs30EightCoordinates[] = {
    0xFFFE0300,                         // vs_3_0
    0x0200001F, 0x80000000, 0x900F0000, // dcl_position v0
    0x0200001F, 0x80000000, 0xE00F0000, // dcl_position o0
    0x0200001F, 0x80000005, 0xE00F0001, // dcl_texcoord0 o1
    0x0200001F, 0x80010005, 0xE00F0002, // dcl_texcoord1 o2
    0x0200001F, 0x80020005, 0xE00F0003, // dcl_texcoord2 o3
    0x0200001F, 0x80030005, 0xE00F0004, // dcl_texcoord3 o4
    0x0200001F, 0x80040005, 0xE00F0005, // dcl_texcoord4 o5
    0x0200001F, 0x80050005, 0xE00F0006, // dcl_texcoord5 o6
    0x0200001F, 0x80060005, 0xE00F0007, // dcl_texcoord6 o7
    0x0200001F, 0x80070005, 0xE00F0008, // dcl_texcoord7 o8
    0x02000001, 0xE00F0000, 0x90E40000, // mov o0, v0
    0x02000001, 0xE00F0001, 0xA0E40000, // mov o1, c0
    0x02000001, 0xE00F0002, 0xA0E40001, // mov o2, c1
    0x02000001, 0xE00F0003, 0xA0E40002, // mov o3, c2
    0x02000001, 0xE00F0004, 0xA0E40003, // mov o4, c3
    0x02000001, 0xE00F0005, 0xA0E40004, // mov o5, c4
    0x02000001, 0xE00F0006, 0xA0E40005, // mov o6, c5
    0x02000001, 0xE00F0007, 0xA0E40006, // mov o7, c6
    0x02000001, 0xE00F0008, 0xA0E40007, // mov o8, c7
    0x0000FFFF,                         // end
};

template <typename T> void put(uint8_t* bytes, size_t offset, std::initializer_list<T> values) {
    for (T v : values) {
        memcpy(bytes + offset, &v, sizeof v);
        offset += sizeof v;
    }
}

} // namespace

// A vs_3_0 output declaration may give its elements any D3DDECLTYPE: each output is written as
// a draw would read it back (the normalized types scaled by 255, 65535, 32767 or 511 and clamped,
// the integer ones rounded and clamped, UDEC3 / DEC3N x in the low bits, halves rounded to the
// nearest), worked out here byte by byte; bytes past the declaration stay as they were.
TEST(ProcessVerticesShader, Vs30OutputsTakeEveryDeclarationType) {
    const SourceVertex point = {0.25f, -0.5f, 0.5f, 0xFFFFFFFF, 0, 0};
    ProcessingDevice t(&point, 1);
    REQUIRE(t.device != nullptr && t.source != nullptr);
    IDirect3DVertexShader9* shader = nullptr;
    REQUIRE(SUCCEEDED(t->CreateVertexShader(kVs30EightCoordinates, &shader)));
    const D3DVERTEXELEMENT9 outputElements[] = {
        {0, 0, D3DDECLTYPE_FLOAT4, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITIONT, 0},
        {0, 16, D3DDECLTYPE_SHORT4N, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_TEXCOORD, 0},
        {0, 24, D3DDECLTYPE_UBYTE4, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_TEXCOORD, 1},
        {0, 28, D3DDECLTYPE_FLOAT16_4, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_TEXCOORD, 2},
        {0, 36, D3DDECLTYPE_DEC3N, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_TEXCOORD, 3},
        {0, 40, D3DDECLTYPE_USHORT2N, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_TEXCOORD, 4},
        {0, 44, D3DDECLTYPE_UDEC3, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_TEXCOORD, 5},
        {0, 48, D3DDECLTYPE_SHORT2, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_TEXCOORD, 6},
        {0, 52, D3DDECLTYPE_UBYTE4N, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_TEXCOORD, 7},
        D3DDECL_END(),
    };
    IDirect3DVertexDeclaration9* outputDeclaration = nullptr;
    REQUIRE(SUCCEEDED(t->CreateVertexDeclaration(outputElements, &outputDeclaration)));
    const float constants[8][4] = {
        {0.5f, -0.25f, 1.5f, -2.0f},   // SHORT4N
        {3.4f, 300.0f, -5.0f, 17.6f},  // UBYTE4
        {1.0f, -2.5f, 0.1f, 65536.0f}, // FLOAT16_4
        {0.5f, -1.0f, 2.0f, 9.0f},     // DEC3N
        {0.25f, 1.2f, 0, 0},           // USHORT2N
        {5.0f, 1023.4f, 2000.0f, 0},   // UDEC3
        {-1.5f, 40000.0f, 0, 0},       // SHORT2
        {0.5f, 1.0f, -3.0f, 0.2f},     // UBYTE4N
    };
    CHECK_EQ(t->SetVertexShader(shader), D3D_OK);
    CHECK_EQ(t->SetVertexShaderConstantF(0, &constants[0][0], 8), D3D_OK);
    // 64 bytes a vertex: XYZRHW and three 4D coordinate sets.
    const DWORD fvf = D3DFVF_XYZRHW | D3DFVF_TEX3 | D3DFVF_TEXCOORDSIZE4(0) | D3DFVF_TEXCOORDSIZE4(1) |
                      D3DFVF_TEXCOORDSIZE4(2);
    uint8_t before[64];
    memset(before, 0xAB, sizeof before);
    IDirect3DVertexBuffer9* out = buffer(t.device, sizeof before, fvf, before);
    REQUIRE(out != nullptr);
    CHECK_EQ(t->ProcessVertices(0, 0, 1, out, outputDeclaration, 0), D3D_OK);

    uint8_t expected[64];
    memcpy(expected, before, sizeof expected);
    put<float>(expected, 0, {(1 + 0.25f) * 32, (1 + 0.5f) * 32, 0.5f, 1.0f}); // oPos = v0, w 1
    // 0.5 * 32767 = 16383.5 and -0.25 * 32767 = -8191.75 round to the nearest; 1.5 and -2 clamp.
    put<int16_t>(expected, 16, {16384, -8192, 32767, -32767});
    put<uint8_t>(expected, 24, {3, 255, 0, 18});
    // Halves: 1 (0x3C00), -2.5 (0xC100), 0.1 to the nearest (0x2E66), 65536 overflows to infinity.
    put<uint16_t>(expected, 28, {0x3C00, 0xC100, 0x2E66, 0x7C00});
    // 0.5 * 511 = 255.5 -> 256; -1 -> -511 (0x201 in 10 bits); 2 clamps to 511.
    put<uint32_t>(expected, 36, {256u | 0x201u << 10 | 0x1FFu << 20});
    put<uint16_t>(expected, 40, {16384, 65535}); // 0.25 * 65535 = 16383.75; 1.2 clamps
    put<uint32_t>(expected, 44, {5u | 1023u << 10 | 1023u << 20});
    put<int16_t>(expected, 48, {-2, 32767}); // -1.5 rounds away from zero; 40000 clamps
    put<uint8_t>(expected, 52, {128, 255, 0, 51});

    void* p = nullptr;
    REQUIRE(out->Lock(0, 0, &p, D3DLOCK_READONLY) == D3D_OK);
    uint8_t got[64];
    memcpy(got, p, sizeof got);
    out->Unlock();
    CHECK(approx(reinterpret_cast<float*>(got)[0], 40.0f) && approx(reinterpret_cast<float*>(got)[1], 48.0f));
    for (size_t i = 16; i < sizeof got; ++i) {
        if (got[i] != expected[i])
            fprintf(stderr, "  byte %zu: %02X, expected %02X\n", i, got[i], expected[i]);
        CHECK_EQ(got[i], expected[i]);
    }
    CHECK_EQ(t->SetVertexShader(nullptr), D3D_OK);
    outputDeclaration->Release();
    shader->Release();
    out->Release();
}

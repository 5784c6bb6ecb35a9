// What a draw reads where the vertex data has nothing (docs/d3d9-dll.md, "Draws"): a stream the
// declaration names but nobody bound, a diffuse colour the vertices lack, an oD0 the vertex
// shader never writes. Expected colours are Windows' as Wine's test_default_diffuse and
// test_null_stream record them.
#include "check.h"
#include "shader_support.h"

#include <vector>

namespace {

constexpr int kSize = 16;

// Position in stream 0; COLOR0 in stream 0 after it (kPositionColour), missing (kPositionOnly),
// or in stream 1 (never bound).
const D3DVERTEXELEMENT9 kDiffuseInUnboundStream[] = {
    {0, 0, D3DDECLTYPE_FLOAT3, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0},
    {1, 0, D3DDECLTYPE_D3DCOLOR, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_COLOR, 0},
    D3DDECL_END(),
};

// vs_2_0: oPos = v0, oD0 = v1 (COLOR0).
const DWORD kDiffuseVs20[] = {
    0xFFFE0200,                         // vs_2_0
    0x0200001F, 0x80000000, 0x900F0000, // dcl_position v0
    0x0200001F, 0x8000000A, 0x900F0001, // dcl_color v1
    0x02000001, 0xC00F0000, 0x90E40000, // mov oPos, v0
    0x02000001, 0xD00F0000, 0x90E40001, // mov oD0, v1
    0x0000FFFF,
};
// vs_2_0: oPos = v0, no oD0.
const DWORD kPositionOnlyVs20[] = {
    0xFFFE0200,                         // vs_2_0
    0x0200001F, 0x80000000, 0x900F0000, // dcl_position v0
    0x02000001, 0xC00F0000, 0x90E40000, // mov oPos, v0
    0x0000FFFF,
};

// Clears to red, draws the whole target with `declaration` from a buffer of blue vertices on
// stream 0 (stride 16) and gives the centre pixel (alpha dropped); 0xDEAD on a failed step.
uint32_t centreAfterDraw(IDirect3DDevice9* device, const D3DVERTEXELEMENT9* elements, const DWORD* vs) {
    const ColouredPosition quad[4] = {{-1, -1, 0.5f, 0xFF0000FF},
                                      {-1, 1, 0.5f, 0xFF0000FF},
                                      {1, -1, 0.5f, 0xFF0000FF},
                                      {1, 1, 0.5f, 0xFF0000FF}};
    IDirect3DVertexBuffer9* buffer = filledVertexBuffer(device, quad, sizeof quad);
    IDirect3DVertexDeclaration9* declaration = nullptr;
    IDirect3DVertexShader9* shader = nullptr;
    uint32_t result = 0xDEAD;
    if (buffer && device->CreateVertexDeclaration(elements, &declaration) == D3D_OK &&
        (!vs || device->CreateVertexShader(vs, &shader) == D3D_OK)) {
        device->SetVertexDeclaration(declaration);
        device->SetVertexShader(shader);
        device->SetStreamSource(0, buffer, 0, sizeof(ColouredPosition));
        device->SetRenderState(D3DRS_LIGHTING, FALSE);
        device->SetRenderState(D3DRS_ZENABLE, FALSE);
        device->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFFFF0000, 1.0f, 0);
        device->BeginScene();
        const HRESULT hr = device->DrawPrimitive(D3DPT_TRIANGLESTRIP, 0, 2);
        device->EndScene();
        const std::vector<uint32_t> pixels = readBackBuffer(device);
        if (hr == D3D_OK && pixels.size() == size_t(kSize) * kSize)
            result = pixels[size_t(kSize / 2) * kSize + kSize / 2] & 0xFFFFFF;
        device->SetVertexShader(nullptr);
        device->SetStreamSource(0, nullptr, 0, 0);
    }
    if (shader) shader->Release();
    if (declaration) declaration->Release();
    if (buffer) buffer->Release();
    return result;
}

} // namespace

// test_default_diffuse, fixed-function vertices: no COLOR0 in the declaration is white; a
// COLOR0 in a stream nobody bound is black. With a vertex shader: reading that COLOR0 gives
// black, and an oD0 the shader never writes reaches the pixel stage as white.
TEST(DrawDefaults, MissingDiffuseColours) {
    TestDevice t(kSize, kSize);
    REQUIRE(t.device != nullptr);
    CHECK_EQ(centreAfterDraw(t.device, kPositionColour, nullptr), 0x0000FF);
    CHECK_EQ(centreAfterDraw(t.device, kPositionOnly, nullptr), 0xFFFFFF);
    CHECK_EQ(centreAfterDraw(t.device, kDiffuseInUnboundStream, nullptr), 0x000000);
    CHECK_EQ(centreAfterDraw(t.device, kPositionColour, kDiffuseVs20), 0x0000FF);
    CHECK_EQ(centreAfterDraw(t.device, kPositionOnly, kDiffuseVs20), 0x000000);
    CHECK_EQ(centreAfterDraw(t.device, kDiffuseInUnboundStream, kDiffuseVs20), 0x000000);
    CHECK_EQ(centreAfterDraw(t.device, kPositionColour, kPositionOnlyVs20), 0xFFFFFF);
    CHECK_EQ(centreAfterDraw(t.device, kPositionOnly, kPositionOnlyVs20), 0xFFFFFF);
}

namespace {

// vs_2_0: oPos = v0; only .x of oD0 and oT0, 0.5.
const DWORD kPartialVs20[] = {
    0xFFFE0200,                                                 // vs_2_0
    0x0200001F, 0x80000000, 0x900F0000,                         // dcl_position v0
    0x05000051, 0xA00F0000, 0x3F000000, 0x3F000000, 0x3F000000, // def c0, 0.5, 0.5, 0.5, 0.5
    0x3F000000,                                                 //
    0x02000001, 0xC00F0000, 0x90E40000,                         // mov oPos, v0
    0x02000001, 0xD0010000, 0xA0E40000,                         // mov oD0.x, c0
    0x02000001, 0xE0010000, 0xA0E40000,                         // mov oT0.x, c0
    0x0000FFFF,
};
// ps_2_0: oC0 = t0.
const DWORD kTexcoordPs20[] = {
    0xFFFF0200,                         // ps_2_0
    0x0200001F, 0x80000000, 0xB00F0000, // dcl t0
    0x02000001, 0x800F0800, 0xB0E40000, // mov oC0, t0
    0x0000FFFF,
};

} // namespace

// test_uninitialized_varyings: the components of oD0 a vs_2_0 shader leaves unwritten are 1,
// those of oT0 are 0 (alpha aside, which vendors differ on).
TEST(DrawDefaults, UnwrittenComponentsOfPartlyWrittenOutputs) {
    TestDevice t(kSize, kSize);
    REQUIRE(t.device != nullptr);
    const struct {
        const DWORD* ps;
        uint32_t rgb;
    } cases[] = {{shader_code::kDiffusePs20, 0x7FFFFF}, {kTexcoordPs20, 0x7F0000}};
    for (const auto& c : cases) {
        REQUIRE(useShaders(t.device, kPositionOnly, kPartialVs20, c.ps));
        const Position strip[4] = {{-1, -1, 0.5f}, {-1, 1, 0.5f}, {1, -1, 0.5f}, {1, 1, 0.5f}};
        CHECK_EQ(t->SetRenderState(D3DRS_ZENABLE, FALSE), D3D_OK);
        CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF00FF00, 1.0f, 0), D3D_OK);
        CHECK_EQ(t->BeginScene(), D3D_OK);
        CHECK_EQ(t->DrawPrimitiveUP(D3DPT_TRIANGLESTRIP, 2, strip, sizeof(Position)), D3D_OK);
        CHECK_EQ(t->EndScene(), D3D_OK);
        CHECK_EQ(wrongPixels(
                     readBackBuffer(t.device), kSize, kSize, [&](int, int) { return c.rgb; }, 1),
                 0);
    }
}

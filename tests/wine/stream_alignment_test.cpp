// Streams whose offset or stride leaves an attribute off its component size (docs/d3d9-dll.md,
// "Draws"). SetStreamSource takes any offset, as Windows' GeForce drivers do (Wine's
// test_set_stream_source accepts either answer); shaders read such streams, and a fixed-function
// draw that cannot is refused alone, the draws around it kept.
#include "check.h"
#include "shader_support.h"

#include <cstring>
#include <vector>

namespace {

constexpr int kSize = 16;

std::vector<ColouredPosition> fullScreenStrip(DWORD color) {
    return {{-1, -1, 0.5f, color}, {-1, 1, 0.5f, color}, {1, -1, 0.5f, color}, {1, 1, 0.5f, color}};
}

// A buffer holding `pad` bytes, then the strip.
IDirect3DVertexBuffer9* paddedStrip(IDirect3DDevice9* device, UINT pad, DWORD color) {
    const auto strip = fullScreenStrip(color);
    std::vector<uint8_t> bytes(pad + strip.size() * sizeof strip[0], 0xCD);
    std::memcpy(bytes.data() + pad, strip.data(), strip.size() * sizeof strip[0]);
    return filledVertexBuffer(device, bytes.data(), UINT(bytes.size()));
}

int pixelsNot(IDirect3DDevice9* device, uint32_t rgb) {
    return wrongPixels(readBackBuffer(device), kSize, kSize, [&](int, int) { return rgb; });
}

} // namespace

// A vs_3_0 program reads FLOAT3 positions and colours at offsets 1, 2 and 3.
TEST(StreamAlignment, ShadersReadStreamsAtAnyOffset) {
    TestDevice t(kSize, kSize);
    REQUIRE(t.device != nullptr);
    REQUIRE(useShaders(t.device, kPositionColour, shader_code::kColourVs30, shader_code::kColourPs30));
    CHECK_EQ(t->SetRenderState(D3DRS_ZENABLE, FALSE), D3D_OK);
    for (UINT offset : {1u, 2u, 3u}) {
        IDirect3DVertexBuffer9* vb = paddedStrip(t.device, offset, 0xFF0000FF);
        REQUIRE(vb != nullptr);
        CHECK_EQ(t->SetStreamSource(0, vb, offset, sizeof(ColouredPosition)), D3D_OK);
        CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFFFF0000, 1.0f, 0), D3D_OK);
        CHECK_EQ(t->BeginScene(), D3D_OK);
        CHECK_EQ(t->DrawPrimitive(D3DPT_TRIANGLESTRIP, 0, 2), D3D_OK);
        CHECK_EQ(t->EndScene(), D3D_OK);
        CHECK_EQ(pixelsNot(t.device, 0x0000FF), 0);
        CHECK_EQ(t->SetStreamSource(0, nullptr, 0, 0), D3D_OK);
        vb->Release();
    }
}

// The fixed-function pipeline has no such read: the draw is refused with D3DERR_INVALIDCALL,
// and the clear before it and the draws after it happen (before, the driver refused the whole
// rest of the command batch while the program's calls had returned D3D_OK). A stream whose
// elements all stay on their alignment (D3DCOLOR at an odd offset) draws.
TEST(StreamAlignment, FixedFunctionRefusesOnlyTheDrawItCannotRead) {
    TestDevice t(kSize, kSize);
    REQUIRE(t.device != nullptr);
    IDirect3DVertexDeclaration9* declaration = nullptr;
    REQUIRE(t->CreateVertexDeclaration(kPositionColour, &declaration) == D3D_OK);
    IDirect3DVertexBuffer9* odd = paddedStrip(t.device, 2, 0xFF0000FF);
    IDirect3DVertexBuffer9* aligned = paddedStrip(t.device, 0, 0xFF00FF00);
    REQUIRE(odd != nullptr);
    REQUIRE(aligned != nullptr);
    CHECK_EQ(t->SetVertexDeclaration(declaration), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_LIGHTING, FALSE), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_ZENABLE, FALSE), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_CULLMODE, D3DCULL_NONE), D3D_OK);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFFFF0000, 1.0f, 0), D3D_OK);
    CHECK_EQ(t->BeginScene(), D3D_OK);
    CHECK_EQ(t->SetStreamSource(0, odd, 2, sizeof(ColouredPosition)), D3D_OK);
    CHECK_EQ(t->DrawPrimitive(D3DPT_TRIANGLESTRIP, 0, 2), D3DERR_INVALIDCALL);
    // FLOAT3 positions every 18 bytes from user memory: refused the same way.
    std::vector<uint8_t> loose(4 * 18);
    const auto strip = fullScreenStrip(0xFF0000FF);
    for (size_t i = 0; i < strip.size(); ++i)
        std::memcpy(loose.data() + 18 * i, &strip[i], sizeof strip[i]);
    CHECK_EQ(t->DrawPrimitiveUP(D3DPT_TRIANGLESTRIP, 2, loose.data(), 18), D3DERR_INVALIDCALL);
    CHECK_EQ(t->SetStreamSource(0, aligned, 0, sizeof(ColouredPosition)), D3D_OK);
    CHECK_EQ(t->DrawPrimitive(D3DPT_TRIANGLESTRIP, 0, 2), D3D_OK);
    CHECK_EQ(t->EndScene(), D3D_OK);
    CHECK_EQ(pixelsNot(t.device, 0x00FF00), 0);

    // Only the colour at an odd offset: D3DCOLOR's bytes need no alignment. Positions from an
    // aligned stream 0, colours from byte 12 + 1 of stream 1.
    const D3DVERTEXELEMENT9 split[] = {
        {0, 0, D3DDECLTYPE_FLOAT3, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0},
        {1, 12, D3DDECLTYPE_D3DCOLOR, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_COLOR, 0},
        D3DDECL_END(),
    };
    IDirect3DVertexDeclaration9* splitDeclaration = nullptr;
    REQUIRE(t->CreateVertexDeclaration(split, &splitDeclaration) == D3D_OK);
    IDirect3DVertexBuffer9* colours = paddedStrip(t.device, 1, 0xFF0000FF);
    REQUIRE(colours != nullptr);
    CHECK_EQ(t->SetVertexDeclaration(splitDeclaration), D3D_OK);
    CHECK_EQ(t->SetStreamSource(1, colours, 1, sizeof(ColouredPosition)), D3D_OK);
    CHECK_EQ(t->BeginScene(), D3D_OK);
    CHECK_EQ(t->DrawPrimitive(D3DPT_TRIANGLESTRIP, 0, 2), D3D_OK);
    CHECK_EQ(t->EndScene(), D3D_OK);
    CHECK_EQ(pixelsNot(t.device, 0x0000FF), 0);

    CHECK_EQ(t->SetStreamSource(0, nullptr, 0, 0), D3D_OK);
    CHECK_EQ(t->SetStreamSource(1, nullptr, 0, 0), D3D_OK);
    CHECK_EQ(t->SetVertexDeclaration(nullptr), D3D_OK);
    releaseAll(declaration, splitDeclaration, odd, aligned, colours);
}

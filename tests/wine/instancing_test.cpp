// Stream frequency through d3d9.dll (../shared/spec/vertex-stream-frequency.md,
// docs/stream-frequency.md): hardware instancing of an indexed quad, and the plain divider of a
// non-indexed vs_3_0 draw. Expected pixels come from the rules applied in the test.
#include "check.h"
#include "shader_support.h"

#include <cstring>

namespace {

constexpr int kSize = 64;

// The corners of the screen rectangle covering pixels [x0, x1) x [y0, y1), as NDC positions.
void rectangle(int x0, int y0, int x1, int y1, Position out[4]) {
    const float l = ndcX(x0 - 0.5f, kSize), r = ndcX(x1 - 0.5f, kSize);
    const float t = ndcY(y0 - 0.5f, kSize), b = ndcY(y1 - 0.5f, kSize);
    out[0] = {l, t, 0.5f};
    out[1] = {r, t, 0.5f};
    out[2] = {l, b, 0.5f};
    out[3] = {r, b, 0.5f};
}

} // namespace

// Stream 0 INDEXEDDATA | 3: the quad's geometry, drawn three times; stream 1 INSTANCEDATA | 1:
// per instance an offset (texture coordinate 0) and a colour. Each instance lands at its offset
// in its colour.
TEST(Instancing, IndexedDataDrawsEachInstanceAtItsOffsetInItsColour) {
    TestDevice t(kSize, kSize);
    REQUIRE(t.device != nullptr);
    const D3DVERTEXELEMENT9 elements[] = {
        {0, 0, D3DDECLTYPE_FLOAT3, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0},
        {1, 0, D3DDECLTYPE_FLOAT2, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_TEXCOORD, 0},
        {1, 8, D3DDECLTYPE_D3DCOLOR, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_COLOR, 0},
        D3DDECL_END(),
    };
    REQUIRE(useShaders(t.device, elements, shader_code::kOffsetVs30, shader_code::kColourPs30));
    constexpr int kInstances = 3, kQuad = 10;
    Position quad[4];
    rectangle(0, 0, kQuad, kQuad, quad);
    struct Instance {
        float dx, dy;
        D3DCOLOR colour;
    };
    const int px[kInstances] = {4, 24, 44}, py[kInstances] = {6, 21, 36}; // screen offsets in pixels
    const D3DCOLOR colours[kInstances] = {0xFFFF0000, 0xFF00FF00, 0xFF0000FF};
    Instance instances[kInstances];
    for (int i = 0; i < kInstances; ++i)
        instances[i] = {px[i] * 2.0f / kSize, -py[i] * 2.0f / kSize, colours[i]};
    const WORD indices[6] = {0, 1, 2, 2, 1, 3};
    IDirect3DVertexBuffer9* geometry = filledVertexBuffer(t.device, quad, sizeof quad);
    IDirect3DVertexBuffer9* perInstance = filledVertexBuffer(t.device, instances, sizeof instances);
    IDirect3DIndexBuffer9* ib = nullptr;
    REQUIRE(geometry && perInstance);
    REQUIRE(t->CreateIndexBuffer(sizeof indices, 0, D3DFMT_INDEX16, D3DPOOL_DEFAULT, &ib, nullptr) == D3D_OK);
    void* memory = nullptr;
    REQUIRE(ib->Lock(0, 0, &memory, 0) == D3D_OK);
    std::memcpy(memory, indices, sizeof indices);
    ib->Unlock();
    CHECK_EQ(t->SetStreamSource(0, geometry, 0, sizeof(Position)), D3D_OK);
    CHECK_EQ(t->SetStreamSource(1, perInstance, 0, sizeof(Instance)), D3D_OK);
    CHECK_EQ(t->SetIndices(ib), D3D_OK);
    CHECK_EQ(t->SetStreamSourceFreq(0, D3DSTREAMSOURCE_INDEXEDDATA | kInstances), D3D_OK);
    CHECK_EQ(t->SetStreamSourceFreq(1, D3DSTREAMSOURCE_INSTANCEDATA | 1), D3D_OK);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF000000, 1.0f, 0), D3D_OK);
    CHECK_EQ(t->BeginScene(), D3D_OK);
    CHECK_EQ(t->DrawIndexedPrimitive(D3DPT_TRIANGLELIST, 0, 0, 4, 0, 2), D3D_OK);
    CHECK_EQ(t->EndScene(), D3D_OK);
    // D3D9 programs restore the dividers after instancing.
    CHECK_EQ(t->SetStreamSourceFreq(0, 1), D3D_OK);
    CHECK_EQ(t->SetStreamSourceFreq(1, 1), D3D_OK);
    CHECK_EQ(wrongPixels(readBackBuffer(t.device), kSize, kSize,
                         [&](int x, int y) -> uint32_t {
                             for (int i = 0; i < kInstances; ++i)
                                 if (x >= px[i] && x < px[i] + kQuad && y >= py[i] && y < py[i] + kQuad)
                                     return colours[i] & 0xFFFFFF;
                             return 0;
                         }),
             0);
    t->SetIndices(nullptr);
    t->SetStreamSource(0, nullptr, 0, 0);
    t->SetStreamSource(1, nullptr, 0, 0);
    ib->Release();
    geometry->Release();
    perInstance->Release();
}

// A plain divider k on stream 1 of a non-indexed vs_3_0 draw: vertex n (from the draw's first)
// reads element StartVertex / k + n / k. Four quads of six vertices with k = 12 take colours
// 0, 0, 1, 1; a per-vertex read would give each quad six different colours.
TEST(Instancing, PlainDividerAdvancesStream1EveryKVertices) {
    TestDevice t(kSize, kSize);
    REQUIRE(t.device != nullptr);
    const D3DVERTEXELEMENT9 elements[] = {
        {0, 0, D3DDECLTYPE_FLOAT3, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0},
        {1, 0, D3DDECLTYPE_D3DCOLOR, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_COLOR, 0},
        D3DDECL_END(),
    };
    REQUIRE(useShaders(t.device, elements, shader_code::kColourVs30, shader_code::kColourPs30));
    constexpr int kQuads = 4, kDivider = 12;
    Position vertices[kQuads * 6];
    for (int q = 0; q < kQuads; ++q) {
        Position c[4];
        rectangle(4 + 14 * q, 8, 14 + 14 * q, 56, c);
        const Position list[6] = {c[0], c[1], c[2], c[2], c[1], c[3]};
        for (int i = 0; i < 6; ++i)
            vertices[q * 6 + i] = list[i];
    }
    // More colours than the divider reads, each different, so a wrong index shows.
    const D3DCOLOR colours[kQuads * 6] = {
        0xFFFF0000, 0xFF00FF00, 0xFF0000FF, 0xFFFFFF00, 0xFF00FFFF, 0xFFFF00FF, 0xFF800000, 0xFF008000,
        0xFF000080, 0xFF808000, 0xFF008080, 0xFF800080, 0xFF404040, 0xFF804040, 0xFF408040, 0xFF404080,
        0xFFC0C0C0, 0xFFC04040, 0xFF40C040, 0xFF4040C0, 0xFF202020, 0xFFE0E0E0, 0xFF60A020, 0xFF2060A0};
    IDirect3DVertexBuffer9* stream0 = filledVertexBuffer(t.device, vertices, sizeof vertices);
    IDirect3DVertexBuffer9* stream1 = filledVertexBuffer(t.device, colours, sizeof colours);
    REQUIRE(stream0 && stream1);
    CHECK_EQ(t->SetStreamSource(0, stream0, 0, sizeof(Position)), D3D_OK);
    CHECK_EQ(t->SetStreamSource(1, stream1, 0, sizeof(D3DCOLOR)), D3D_OK);
    CHECK_EQ(t->SetStreamSourceFreq(1, kDivider), D3D_OK);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF000000, 1.0f, 0), D3D_OK);
    CHECK_EQ(t->BeginScene(), D3D_OK);
    CHECK_EQ(t->DrawPrimitive(D3DPT_TRIANGLELIST, 0, kQuads * 2), D3D_OK);
    CHECK_EQ(t->EndScene(), D3D_OK);
    CHECK_EQ(t->SetStreamSourceFreq(1, 1), D3D_OK);
    CHECK_EQ(wrongPixels(readBackBuffer(t.device), kSize, kSize,
                         [&](int x, int y) -> uint32_t {
                             if (y < 8 || y >= 56) return 0;
                             for (int q = 0; q < kQuads; ++q)
                                 if (x >= 4 + 14 * q && x < 14 + 14 * q)
                                     return colours[(6 * q) / kDivider] & 0xFFFFFF; // every vertex of quad q
                             return 0;
                         }),
             0);
    t->SetStreamSource(0, nullptr, 0, 0);
    t->SetStreamSource(1, nullptr, 0, 0);
    stream0->Release();
    stream1->Release();
}

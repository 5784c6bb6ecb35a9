// What draws from user memory leave bound, failed or not, and UP draws made while a state block
// is recorded (docs/d3d9-dll.md, "Draws"). Expected values are Windows' as Wine's
// test_draw_primitive records them.
#include "check.h"
#include "shader_support.h"

#include <cstring>
#include <vector>

namespace {

constexpr int kSize = 16;

// The whole target in one colour, as 4 vertices for the two triangles of kQuadIndices.
std::vector<ColouredPosition> fullScreenQuad(DWORD color) {
    return {{-1, -1, 0.5f, color}, {-1, 1, 0.5f, color}, {1, -1, 0.5f, color}, {1, 1, 0.5f, color}};
}
const WORD kQuadIndices[6] = {0, 1, 2, 2, 1, 3};

IDirect3DIndexBuffer9* quadIndexBuffer(IDirect3DDevice9* device) {
    IDirect3DIndexBuffer9* buffer = nullptr;
    void* p = nullptr;
    if (device->CreateIndexBuffer(sizeof kQuadIndices, 0, D3DFMT_INDEX16, D3DPOOL_DEFAULT, &buffer,
                                  nullptr) != D3D_OK)
        return nullptr;
    if (buffer->Lock(0, 0, &p, 0) != D3D_OK) {
        buffer->Release();
        return nullptr;
    }
    std::memcpy(p, kQuadIndices, sizeof kQuadIndices);
    buffer->Unlock();
    return buffer;
}

// A device with a position + colour declaration, fixed-function, no lighting, no depth test.
struct QuadScene {
    TestDevice t{kSize, kSize};
    IDirect3DVertexDeclaration9* declaration = nullptr;
    IDirect3DVertexBuffer9* red = nullptr;
    IDirect3DVertexBuffer9* green = nullptr;
    IDirect3DIndexBuffer9* indices = nullptr;
    QuadScene() {
        if (!t.device) return;
        const auto r = fullScreenQuad(0xFFFF0000), g = fullScreenQuad(0xFF00FF00);
        red = filledVertexBuffer(t.device, r.data(), UINT(r.size() * sizeof r[0]));
        green = filledVertexBuffer(t.device, g.data(), UINT(g.size() * sizeof g[0]));
        indices = quadIndexBuffer(t.device);
        t->CreateVertexDeclaration(kPositionColour, &declaration);
        t->SetRenderState(D3DRS_LIGHTING, FALSE);
        t->SetRenderState(D3DRS_ZENABLE, FALSE);
        t->SetRenderState(D3DRS_CULLMODE, D3DCULL_NONE);
    }
    ~QuadScene() {
        if (t.device) {
            t->SetStreamSource(0, nullptr, 0, 0);
            t->SetIndices(nullptr);
            t->SetVertexDeclaration(nullptr);
        }
        releaseAll(declaration, red, green, indices);
    }
    bool ready() const { return declaration && red && green && indices; }
    // The declaration, and `buffer` on stream 0; false when a step fails.
    bool bind(IDirect3DVertexBuffer9* buffer) {
        return t->SetVertexDeclaration(declaration) == D3D_OK &&
               t->SetStreamSource(0, buffer, 0, sizeof(ColouredPosition)) == D3D_OK;
    }
    bool clear(D3DCOLOR color) { return t->Clear(0, nullptr, D3DCLEAR_TARGET, color, 1.0f, 0) == D3D_OK; }
    // `draw` between BeginScene and EndScene; its result.
    template <class F> HRESULT inScene(F draw) {
        t->BeginScene();
        const HRESULT hr = draw();
        t->EndScene();
        return hr;
    }
    // The quad from stream 0, as a strip or through the indices.
    HRESULT drawStrip() {
        return inScene([&] { return t->DrawPrimitive(D3DPT_TRIANGLESTRIP, 0, 2); });
    }
    HRESULT drawIndexed() {
        return inScene([&] { return t->DrawIndexedPrimitive(D3DPT_TRIANGLELIST, 0, 0, 4, 0, 2); });
    }
    // Pixels of the target that are not `rgb` (all of them when the read-back fails).
    int pixelsNot(uint32_t rgb) {
        return wrongPixels(readBackBuffer(t.device), kSize, kSize, [&](int, int) { return rgb; });
    }
};

struct StreamBinding {
    IDirect3DVertexBuffer9* buffer = nullptr;
    UINT offset = 0xDEAD, stride = 0xDEAD;
};
StreamBinding streamZero(IDirect3DDevice9* device) {
    StreamBinding b;
    if (device->GetStreamSource(0, &b.buffer, &b.offset, &b.stride) != D3D_OK) b.offset = b.stride = 0xBAD;
    if (b.buffer) b.buffer->Release(); // compared by identity only
    return b;
}
IDirect3DIndexBuffer9* boundIndices(IDirect3DDevice9* device) {
    IDirect3DIndexBuffer9* ib = reinterpret_cast<IDirect3DIndexBuffer9*>(1);
    if (device->GetIndices(&ib) != D3D_OK) return reinterpret_cast<IDirect3DIndexBuffer9*>(2);
    if (ib) ib->Release();
    return ib;
}

} // namespace

// test_draw_primitive: draws refused for want of a declaration. DrawPrimitive leaves stream 0;
// a refused DrawPrimitiveUP still lets go of stream 0's buffer (offset and stride stay), and a
// refused DrawIndexedPrimitiveUP of the index buffer.
TEST(UpDraws, RefusedUpDrawsLetGoOfStreamZeroAndTheIndices) {
    QuadScene s;
    REQUIRE(s.t.device != nullptr);
    REQUIRE(s.ready());
    const auto quad = fullScreenQuad(0xFF0000FF);
    CHECK_EQ(s.t->SetStreamSource(0, s.red, 0, sizeof(ColouredPosition)), D3D_OK);
    CHECK_EQ(s.t->SetVertexDeclaration(nullptr), D3D_OK);
    CHECK_EQ(s.t->BeginScene(), D3D_OK);
    CHECK_EQ(s.t->DrawPrimitive(D3DPT_TRIANGLESTRIP, 0, 2), D3DERR_INVALIDCALL);
    StreamBinding b = streamZero(s.t.device);
    CHECK(b.buffer == s.red);
    CHECK_EQ(b.offset, 0u);
    CHECK_EQ(b.stride, sizeof(ColouredPosition));

    CHECK_EQ(s.t->DrawPrimitiveUP(D3DPT_TRIANGLESTRIP, 2, quad.data(), sizeof(ColouredPosition)),
             D3DERR_INVALIDCALL);
    b = streamZero(s.t.device);
    CHECK(b.buffer == nullptr);
    CHECK_EQ(b.offset, 0u);
    CHECK_EQ(b.stride, sizeof(ColouredPosition));

    CHECK_EQ(s.t->SetIndices(s.indices), D3D_OK);
    CHECK_EQ(s.t->DrawIndexedPrimitive(D3DPT_TRIANGLELIST, 0, 0, 4, 0, 2), D3DERR_INVALIDCALL);
    CHECK(boundIndices(s.t.device) == s.indices);
    CHECK_EQ(s.t->DrawIndexedPrimitiveUP(D3DPT_TRIANGLELIST, 0, 4, 2, kQuadIndices, D3DFMT_INDEX16,
                                         quad.data(), sizeof(ColouredPosition)),
             D3DERR_INVALIDCALL);
    CHECK(boundIndices(s.t.device) == nullptr);
    CHECK_EQ(s.t->EndScene(), D3D_OK);

    // The device draws on: the buffers bound again are what the next draw reads.
    CHECK(s.bind(s.green));
    CHECK(s.clear(0xFF000000));
    CHECK_EQ(s.drawStrip(), D3D_OK);
    CHECK_EQ(s.pixelsNot(0x00FF00), 0);
}

// test_draw_primitive: with a declaration set, DrawIndexedPrimitive without an index buffer
// succeeds (and has nothing to draw: the target keeps its clear colour).
TEST(UpDraws, IndexedDrawWithoutIndexBufferSucceeds) {
    QuadScene s;
    REQUIRE(s.t.device != nullptr);
    REQUIRE(s.ready());
    CHECK(s.bind(s.red));
    CHECK_EQ(s.t->SetIndices(nullptr), D3D_OK);
    CHECK(s.clear(0xFF0000FF));
    CHECK_EQ(s.drawIndexed(), D3D_OK);
    CHECK_EQ(s.pixelsNot(0x0000FF), 0);

    // With indices the same call draws the red quad.
    CHECK_EQ(s.t->SetIndices(s.indices), D3D_OK);
    CHECK_EQ(s.drawIndexed(), D3D_OK);
    CHECK_EQ(s.pixelsNot(0xFF0000), 0);
}

// test_draw_primitive: a UP draw made while recording is drawn from its own vertices and unsets
// stream 0 and the indices on the device; the block records none of it, so neither Capture nor
// Apply brings the unset back.
TEST(UpDraws, UpDrawWhileRecordingIsDrawnAndNotRecorded) {
    QuadScene s;
    REQUIRE(s.t.device != nullptr);
    REQUIRE(s.ready());
    const auto blue = fullScreenQuad(0xFF0000FF);
    CHECK(s.bind(s.red));
    CHECK_EQ(s.t->SetIndices(s.indices), D3D_OK);
    CHECK(s.clear(0xFF000000));
    CHECK_EQ(s.t->BeginScene(), D3D_OK);
    CHECK_EQ(s.t->BeginStateBlock(), D3D_OK);
    CHECK_EQ(s.t->DrawIndexedPrimitiveUP(D3DPT_TRIANGLELIST, 0, 4, 2, kQuadIndices, D3DFMT_INDEX16,
                                         blue.data(), sizeof(ColouredPosition)),
             D3D_OK);
    IDirect3DStateBlock9* block = nullptr;
    CHECK_EQ(s.t->EndStateBlock(&block), D3D_OK);
    REQUIRE(block != nullptr);
    StreamBinding b = streamZero(s.t.device);
    CHECK(b.buffer == nullptr);
    CHECK_EQ(b.offset, 0u);
    CHECK_EQ(b.stride, 0u);
    CHECK(boundIndices(s.t.device) == nullptr);

    CHECK_EQ(block->Capture(), D3D_OK);
    CHECK_EQ(s.t->SetStreamSource(0, s.red, 0, sizeof(ColouredPosition)), D3D_OK);
    CHECK_EQ(s.t->SetIndices(s.indices), D3D_OK);
    CHECK_EQ(block->Apply(), D3D_OK);
    b = streamZero(s.t.device);
    CHECK(b.buffer == s.red);
    CHECK_EQ(b.offset, 0u);
    CHECK_EQ(b.stride, sizeof(ColouredPosition));
    CHECK(boundIndices(s.t.device) == s.indices);
    CHECK_EQ(s.t->EndScene(), D3D_OK);
    CHECK_EQ(s.pixelsNot(0x0000FF), 0); // the UP vertices, not the red buffer bound before
    block->Release();
}

// Setters recorded before a UP draw stay in the block: applying it binds the stream the
// recording set, in the driver too (the next draw reads it).
TEST(UpDraws, StreamRecordedBeforeAUpDrawStaysInTheBlock) {
    QuadScene s;
    REQUIRE(s.t.device != nullptr);
    REQUIRE(s.ready());
    const auto blue = fullScreenQuad(0xFF0000FF);
    CHECK(s.bind(s.red));
    CHECK(s.clear(0xFF000000));
    CHECK_EQ(s.t->BeginScene(), D3D_OK);
    CHECK_EQ(s.t->BeginStateBlock(), D3D_OK);
    CHECK_EQ(s.t->SetStreamSource(0, s.green, 0, sizeof(ColouredPosition)), D3D_OK);
    CHECK_EQ(s.t->DrawPrimitiveUP(D3DPT_TRIANGLESTRIP, 2, blue.data(), sizeof(ColouredPosition)), D3D_OK);
    IDirect3DStateBlock9* block = nullptr;
    CHECK_EQ(s.t->EndStateBlock(&block), D3D_OK);
    REQUIRE(block != nullptr);
    CHECK_EQ(s.t->EndScene(), D3D_OK);
    CHECK_EQ(s.pixelsNot(0x0000FF), 0);
    CHECK(streamZero(s.t.device).buffer == nullptr);

    CHECK_EQ(block->Apply(), D3D_OK);
    CHECK(streamZero(s.t.device).buffer == s.green);
    CHECK_EQ(s.drawStrip(), D3D_OK);
    CHECK_EQ(s.pixelsNot(0x00FF00), 0);
    block->Release();
}

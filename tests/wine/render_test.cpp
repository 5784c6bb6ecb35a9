// Rendering through the device: clears, pretransformed triangles from user memory, vertex and
// index buffers, locks with DISCARD between draws, the depth test and other render targets.
// Every test reads the target back (GetRenderTargetData) and compares each pixel with what it
// computes: the rectangles a draw covers follow from D3D9's pixel centres (device_support.h).
#include "check.h"
#include "device_support.h"
#include "shader_support.h"

#include <cmath>
#include <cstring>

namespace {

constexpr DWORD kRgb = 0x00FFFFFF; // X8R8G8B8: the X byte is undefined

// Pixels of `pixels` (width w) whose colour differs from what `expected(x, y)` says.
template <class F> int mismatches(const std::vector<uint32_t>& pixels, int w, int h, F expected) {
    if (pixels.size() != size_t(w) * h) return w * h;
    int wrong = 0;
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            if ((pixels[size_t(y) * w + x] & kRgb) != (expected(x, y) & kRgb)) ++wrong;
    return wrong;
}

bool inside(int x, int y, int x0, int y0, int x1, int y1) {
    return x >= x0 && x < x1 && y >= y0 && y < y1;
}

// Vertex data into a new vertex buffer; null when a step fails.
IDirect3DVertexBuffer9* vertexBuffer(IDirect3DDevice9* device, const void* data, UINT bytes,
                                     DWORD usage = 0) {
    IDirect3DVertexBuffer9* vb = nullptr;
    if (FAILED(device->CreateVertexBuffer(bytes, usage, 0, D3DPOOL_DEFAULT, &vb, nullptr))) return nullptr;
    void* p = nullptr;
    if (FAILED(vb->Lock(0, 0, &p, (usage & D3DUSAGE_DYNAMIC) ? D3DLOCK_DISCARD : 0))) {
        vb->Release();
        return nullptr;
    }
    memcpy(p, data, bytes);
    vb->Unlock();
    return vb;
}

} // namespace

TEST(Render, ClearFillsTheWholeBackBuffer) {
    TestDevice t(48, 32);
    REQUIRE(t.device != nullptr);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF336699, 1.0f, 0), D3D_OK);
    CHECK_EQ(mismatches(readBackBuffer(t.device), 48, 32, [](int, int) { return 0x336699u; }), 0);
}

// Rectangles clear only themselves; the rest keeps the earlier clear.
TEST(Render, ClearRectanglesFillOnlyThemselves) {
    TestDevice t(32, 32);
    REQUIRE(t.device != nullptr);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF0000FF, 1.0f, 0), D3D_OK);
    const D3DRECT rects[2] = {{2, 3, 10, 12}, {20, 0, 32, 5}};
    CHECK_EQ(t->Clear(2, rects, D3DCLEAR_TARGET, 0xFF00FF00, 1.0f, 0), D3D_OK);
    CHECK_EQ(mismatches(readBackBuffer(t.device), 32, 32,
                        [](int x, int y) {
                            return inside(x, y, 2, 3, 10, 12) || inside(x, y, 20, 0, 32, 5) ? 0x00FF00u
                                                                                            : 0x0000FFu;
                        }),
             0);
}

// Wine's clear_test records Windows: rectangles with a count of 0 clear nothing, and a count
// without rectangles clears the whole target; both succeed.
TEST(Render, ClearTakesRectanglesOnlyWithACount) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFFFFFFFF, 1.0f, 0), D3D_OK);
    const D3DRECT all{0, 0, 16, 16};
    CHECK_EQ(t->Clear(0, &all, D3DCLEAR_TARGET, 0xFFFF0000, 1.0f, 0), D3D_OK);
    CHECK_EQ(mismatches(readBackBuffer(t.device), 16, 16, [](int, int) { return 0xFFFFFFu; }), 0);
    CHECK_EQ(t->Clear(1, nullptr, D3DCLEAR_TARGET, 0xFF00FF00, 1.0f, 0), D3D_OK);
    CHECK_EQ(mismatches(readBackBuffer(t.device), 16, 16, [](int, int) { return 0x00FF00u; }), 0);
}

TEST(Render, ClearRefusesWhatD3D9Refuses) {
    TestDevice t(16, 16); // no depth buffer
    REQUIRE(t.device != nullptr);
    CHECK_EQ(t->Clear(0, nullptr, 0, 0, 1.0f, 0), D3DERR_INVALIDCALL);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_ZBUFFER, 0, 1.0f, 0), D3DERR_INVALIDCALL);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_STENCIL, 0, 1.0f, 0), D3DERR_INVALIDCALL);
    // The device still renders.
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF102030, 1.0f, 0), D3D_OK);
    CHECK_EQ(mismatches(readBackBuffer(t.device), 16, 16, [](int, int) { return 0x102030u; }), 0);
}

TEST(Render, PretransformedRectangleFromUserMemoryCoversItsPixels) {
    TestDevice t(64, 64);
    REQUIRE(t.device != nullptr);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF000000, 1.0f, 0), D3D_OK);
    CHECK_EQ(t->SetFVF(kScreenFvf), D3D_OK);
    CHECK_EQ(t->BeginScene(), D3D_OK);
    const std::vector<ScreenVertex> quad = screenRect(10, 20, 50, 44, 0.5f, 0xFFFF8000);
    CHECK_EQ(t->DrawPrimitiveUP(D3DPT_TRIANGLELIST, 2, quad.data(), sizeof(ScreenVertex)), D3D_OK);
    CHECK_EQ(t->EndScene(), D3D_OK);
    CHECK_EQ(mismatches(readBackBuffer(t.device), 64, 64,
                        [](int x, int y) { return inside(x, y, 10, 20, 50, 44) ? 0xFF8000u : 0u; }),
             0);
    // D3D9 unsets stream 0 after a UP draw.
    IDirect3DVertexBuffer9* vb = reinterpret_cast<IDirect3DVertexBuffer9*>(1);
    UINT offset = 1, stride = 1;
    CHECK_EQ(t->GetStreamSource(0, &vb, &offset, &stride), D3D_OK);
    CHECK(vb == nullptr);
}

// test_set_stream_source: unbinding a stream keeps the offset and stride GetStreamSource
// gives; a stride of 0 with a buffer is taken as it is.
TEST(Render, UnbindingAStreamKeepsItsOffsetAndStride) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    const std::vector<ScreenVertex> quad = screenRect(0, 0, 4, 4, 0.5f, 0xFFFFFFFF);
    IDirect3DVertexBuffer9* vb =
        filledVertexBuffer(t.device, quad.data(), UINT(quad.size() * sizeof quad[0]));
    REQUIRE(vb != nullptr);
    CHECK_EQ(t->SetStreamSource(0, vb, 4, 32), D3D_OK);
    CHECK_EQ(t->SetStreamSource(0, nullptr, 0, 0), D3D_OK);
    IDirect3DVertexBuffer9* bound = reinterpret_cast<IDirect3DVertexBuffer9*>(1);
    UINT offset = 0, stride = 0;
    CHECK_EQ(t->GetStreamSource(0, &bound, &offset, &stride), D3D_OK);
    CHECK(bound == nullptr);
    CHECK_EQ(offset, 4);
    CHECK_EQ(stride, 32);
    CHECK_EQ(t->SetStreamSource(0, vb, 0, 0), D3D_OK);
    CHECK_EQ(t->GetStreamSource(0, &bound, &offset, &stride), D3D_OK);
    CHECK(bound == vb);
    CHECK_EQ(offset, 0);
    CHECK_EQ(stride, 0);
    if (bound) bound->Release();
    vb->Release();
}

// Gouraud shading: a colour ramp across a rectangle, compared per pixel with the linear
// interpolation at the pixel's centre (within one step of 8-bit rounding).
TEST(Render, VertexColoursInterpolateAcrossTheRectangle) {
    TestDevice t(64, 8);
    REQUIRE(t.device != nullptr);
    CHECK_EQ(t->SetFVF(kScreenFvf), D3D_OK);
    // From x = -0.5 (red 0) to x = 63.5 (red 255): pixel x's centre has red 255 (x + 0.5) / 64.
    const ScreenVertex strip[4] = {{-0.5f, -0.5f, 0, 1, 0xFF000000},
                                   {63.5f, -0.5f, 0, 1, 0xFFFF0000},
                                   {-0.5f, 7.5f, 0, 1, 0xFF000000},
                                   {63.5f, 7.5f, 0, 1, 0xFFFF0000}};
    CHECK_EQ(t->DrawPrimitiveUP(D3DPT_TRIANGLESTRIP, 2, strip, sizeof(ScreenVertex)), D3D_OK);
    const std::vector<uint32_t> pixels = readBackBuffer(t.device);
    REQUIRE(pixels.size() == 64 * 8);
    int wrong = 0;
    for (int y = 0; y < 8; ++y)
        for (int x = 0; x < 64; ++x) {
            const double want = 255.0 * (x + 0.5) / 64.0;
            const int red = int((pixels[y * 64 + x] >> 16) & 0xFF);
            if (red < want - 1.0 || red > want + 1.0 || (pixels[y * 64 + x] & 0xFFFF) != 0) ++wrong;
        }
    CHECK_EQ(wrong, 0);
}

TEST(Render, VertexAndIndexBuffersDrawWithBaseVertexIndex) {
    TestDevice t(32, 32);
    REQUIRE(t.device != nullptr);
    // Two unused vertices first: BaseVertexIndex 2 skips them.
    std::vector<ScreenVertex> v = {{0, 0, 0, 1, 0xFFFFFFFF}, {0, 0, 0, 1, 0xFFFFFFFF}};
    const float l = 3.5f, t0 = 5.5f, r = 27.5f, b = 17.5f;
    for (ScreenVertex q : {ScreenVertex{l, t0, 0, 1, 0xFF00FFFF}, ScreenVertex{r, t0, 0, 1, 0xFF00FFFF},
                           ScreenVertex{r, b, 0, 1, 0xFF00FFFF}, ScreenVertex{l, b, 0, 1, 0xFF00FFFF}})
        v.push_back(q);
    IDirect3DVertexBuffer9* vb = vertexBuffer(t.device, v.data(), UINT(v.size() * sizeof(ScreenVertex)));
    REQUIRE(vb != nullptr);
    const WORD indices[6] = {0, 1, 3, 1, 2, 3};
    IDirect3DIndexBuffer9* ib = nullptr;
    REQUIRE(t->CreateIndexBuffer(sizeof indices, 0, D3DFMT_INDEX16, D3DPOOL_DEFAULT, &ib, nullptr) == D3D_OK);
    void* p = nullptr;
    REQUIRE(ib->Lock(0, 0, &p, 0) == D3D_OK);
    memcpy(p, indices, sizeof indices);
    CHECK_EQ(ib->Unlock(), D3D_OK);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF000000, 1.0f, 0), D3D_OK);
    CHECK_EQ(t->SetFVF(kScreenFvf), D3D_OK);
    CHECK_EQ(t->SetStreamSource(0, vb, 0, sizeof(ScreenVertex)), D3D_OK);
    // No indices yet: D3D_OK as on Windows (Wine's test_draw_primitive), and nothing drawn.
    CHECK_EQ(t->DrawIndexedPrimitive(D3DPT_TRIANGLELIST, 0, 0, 4, 0, 2), D3D_OK);
    CHECK_EQ(t->SetIndices(ib), D3D_OK);
    CHECK_EQ(t->DrawIndexedPrimitive(D3DPT_TRIANGLELIST, 2, 0, 4, 0, 2), D3D_OK);
    CHECK_EQ(mismatches(readBackBuffer(t.device), 32, 32,
                        [](int x, int y) { return inside(x, y, 4, 6, 28, 18) ? 0x00FFFFu : 0u; }),
             0);
    // Released while bound: the device keeps them until they are unbound.
    CHECK_EQ(ib->Release(), 0);
    CHECK_EQ(vb->Release(), 0);
    CHECK_EQ(t->DrawIndexedPrimitive(D3DPT_TRIANGLELIST, 2, 0, 4, 0, 2), D3D_OK);
    CHECK_EQ(t->SetStreamSource(0, nullptr, 0, 0), D3D_OK);
    CHECK_EQ(t->SetIndices(nullptr), D3D_OK);
}

// A lock with DISCARD while earlier draws still read the buffer gives new memory: the earlier
// draw keeps the vertices it was recorded with.
TEST(Render, LockDiscardLeavesEarlierDrawsTheirVertices) {
    TestDevice t(64, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DVertexBuffer9* vb = nullptr;
    REQUIRE(t->CreateVertexBuffer(6 * sizeof(ScreenVertex), D3DUSAGE_DYNAMIC | D3DUSAGE_WRITEONLY, kScreenFvf,
                                  D3DPOOL_DEFAULT, &vb, nullptr) == D3D_OK);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF000000, 1.0f, 0), D3D_OK);
    CHECK_EQ(t->SetFVF(kScreenFvf), D3D_OK);
    CHECK_EQ(t->SetStreamSource(0, vb, 0, sizeof(ScreenVertex)), D3D_OK);
    const int columns = 8;
    for (int i = 0; i < columns; ++i) {
        const std::vector<ScreenVertex> quad =
            screenRect(i * 8, 0, i * 8 + 8, 16, 0, 0xFF000000u | DWORD(i * 30) << 8);
        void* p = nullptr;
        REQUIRE(vb->Lock(0, 0, &p, D3DLOCK_DISCARD) == D3D_OK);
        memcpy(p, quad.data(), 6 * sizeof(ScreenVertex));
        CHECK_EQ(vb->Unlock(), D3D_OK);
        CHECK_EQ(t->DrawPrimitive(D3DPT_TRIANGLELIST, 0, 2), D3D_OK);
    }
    CHECK_EQ(mismatches(readBackBuffer(t.device), 64, 16, [](int x, int) { return DWORD(x / 8 * 30) << 8; }),
             0);
    vb->Release();
}

// The automatic depth buffer: a nearer rectangle drawn first hides a farther one drawn later.
TEST(Render, DepthTestKeepsTheNearerRectangle) {
    TestDevice t(32, 32, true);
    REQUIRE(t.device != nullptr);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER | D3DCLEAR_STENCIL, 0xFF000000, 1.0f, 0),
             D3D_OK);
    CHECK_EQ(t->SetFVF(kScreenFvf), D3D_OK);
    const std::vector<ScreenVertex> nearQuad = screenRect(0, 0, 20, 20, 0.25f, 0xFF00FF00);
    const std::vector<ScreenVertex> farQuad = screenRect(10, 10, 32, 32, 0.75f, 0xFFFF0000);
    CHECK_EQ(t->DrawPrimitiveUP(D3DPT_TRIANGLELIST, 2, nearQuad.data(), sizeof(ScreenVertex)), D3D_OK);
    CHECK_EQ(t->DrawPrimitiveUP(D3DPT_TRIANGLELIST, 2, farQuad.data(), sizeof(ScreenVertex)), D3D_OK);
    CHECK_EQ(mismatches(readBackBuffer(t.device), 32, 32,
                        [](int x, int y) {
                            if (inside(x, y, 0, 0, 20, 20)) return 0x00FF00u;
                            return inside(x, y, 10, 10, 32, 32) ? 0xFF0000u : 0u;
                        }),
             0);
    // With Z off, the later draw wins.
    CHECK_EQ(t->SetRenderState(D3DRS_ZENABLE, D3DZB_FALSE), D3D_OK);
    CHECK_EQ(t->DrawPrimitiveUP(D3DPT_TRIANGLELIST, 2, farQuad.data(), sizeof(ScreenVertex)), D3D_OK);
    CHECK_EQ(mismatches(readBackBuffer(t.device), 32, 32,
                        [](int x, int y) {
                            if (inside(x, y, 10, 10, 32, 32)) return 0xFF0000u;
                            return inside(x, y, 0, 0, 20, 20) ? 0x00FF00u : 0u;
                        }),
             0);
}

// D3DRS_DEPTHBIAS is added to the depth as given, in depth-range units, on every depth format
// (Wine's test_depthbias on Windows). Quads with z from 0 at the left edge to 1 at the right are
// drawn with biases -0.2, 0, 0.2 and 0.4 against a depth of 0.5 (LESSEQUAL, no depth writes):
// a pixel shows the last quad whose biased depth passes. Pixels within 1.5 of a boundary are
// left out (rounding of the interpolated depth).
TEST(Render, DepthBiasIsInDepthRangeUnitsOnEveryFormat) {
    constexpr int kW = 64, kH = 8;
    TestDevice t(kW, kH);
    REQUIRE(t.device != nullptr);
    const struct {
        float bias;
        DWORD color;
    } quads[] = {{-0.2f, 0xFFFF0000}, {0.0f, 0xFF00FF00}, {0.2f, 0xFF0000FF}, {0.4f, 0xFFFFFFFF}};
    std::vector<ScreenVertex> quad = screenRect(0, 0, kW, kH, 0.0f, 0);
    for (ScreenVertex& v : quad)
        v.z = (v.x + 0.5f) / float(kW);
    for (const D3DFORMAT format : {D3DFMT_D16, D3DFMT_D24X8, D3DFMT_D24S8}) {
        IDirect3DSurface9* depth = nullptr;
        CHECK_EQ(t->CreateDepthStencilSurface(kW, kH, format, D3DMULTISAMPLE_NONE, 0, TRUE, &depth, nullptr),
                 D3D_OK);
        if (!depth) continue;
        CHECK_EQ(t->SetDepthStencilSurface(depth), D3D_OK);
        CHECK_EQ(t->SetRenderState(D3DRS_ZENABLE, D3DZB_TRUE), D3D_OK);
        CHECK_EQ(t->SetRenderState(D3DRS_ZWRITEENABLE, FALSE), D3D_OK);
        CHECK_EQ(t->SetRenderState(D3DRS_ZFUNC, D3DCMP_LESSEQUAL), D3D_OK);
        CHECK_EQ(t->SetFVF(kScreenFvf), D3D_OK);
        CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xFF000000, 0.5f, 0), D3D_OK);
        CHECK_EQ(t->BeginScene(), D3D_OK);
        for (const auto& q : quads) {
            DWORD bits;
            memcpy(&bits, &q.bias, 4);
            CHECK_EQ(t->SetRenderState(D3DRS_DEPTHBIAS, bits), D3D_OK);
            for (ScreenVertex& v : quad)
                v.color = q.color;
            CHECK_EQ(t->DrawPrimitiveUP(D3DPT_TRIANGLELIST, 2, quad.data(), sizeof(ScreenVertex)), D3D_OK);
        }
        CHECK_EQ(t->EndScene(), D3D_OK);
        const std::vector<uint32_t> pixels = readBackBuffer(t.device);
        REQUIRE(pixels.size() == size_t(kW) * kH);
        int wrong = 0;
        for (int x = 0; x < kW; ++x) {
            const float z = (float(x) + 0.5f) / float(kW);
            DWORD want = 0xFF000000;
            bool nearBoundary = false;
            for (const auto& q : quads) {
                const float edge = 0.5f - q.bias; // passes where z <= edge
                if (std::fabs(z - edge) * kW < 1.5f) nearBoundary = true;
                if (z <= edge) want = q.color;
            }
            if (!nearBoundary && (pixels[size_t(kH / 2) * kW + x] & kRgb) != (want & kRgb)) ++wrong;
        }
        CHECK_EQ(wrong, 0);
        CHECK_EQ(t->SetRenderState(D3DRS_DEPTHBIAS, 0), D3D_OK);
        CHECK_EQ(t->SetDepthStencilSurface(nullptr), D3D_OK);
        depth->Release();
    }
}

// INTZ and DF24 depth textures hold stencil as D24S8 does: a stencil clear succeeds and the
// stencil test reads its value (EQUAL 5 passes on the left, EQUAL 6 fails on the right). DF16
// has no stencil: its stencil clear is refused.
TEST(Render, IntzAndDf24DepthTexturesHoldStencil) {
    TestDevice t(32, 32);
    REQUIRE(t.device != nullptr);
    CHECK_EQ(t->SetFVF(kScreenFvf), D3D_OK);
    for (DWORD fourcc : {MAKEFOURCC('I', 'N', 'T', 'Z'), MAKEFOURCC('D', 'F', '2', '4'), MAKEFOURCC('D', 'F', '1', '6')}) {
        const bool stencil = fourcc != MAKEFOURCC('D', 'F', '1', '6');
        IDirect3DTexture9* depth = nullptr;
        REQUIRE(t->CreateTexture(32, 32, 1, D3DUSAGE_DEPTHSTENCIL, D3DFORMAT(fourcc), D3DPOOL_DEFAULT, &depth,
                                 nullptr) == D3D_OK);
        IDirect3DSurface9* level = nullptr;
        REQUIRE(depth->GetSurfaceLevel(0, &level) == D3D_OK);
        CHECK_EQ(t->SetDepthStencilSurface(level), D3D_OK);
        CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER | D3DCLEAR_STENCIL, 0xFF000000, 1.0f, 5),
                 stencil ? D3D_OK : D3DERR_INVALIDCALL);
        if (stencil) {
            CHECK_EQ(t->SetRenderState(D3DRS_STENCILENABLE, TRUE), D3D_OK);
            CHECK_EQ(t->SetRenderState(D3DRS_STENCILFUNC, D3DCMP_EQUAL), D3D_OK);
            for (const auto& [x0, ref] : {std::pair{0, 5}, std::pair{16, 6}}) {
                CHECK_EQ(t->SetRenderState(D3DRS_STENCILREF, DWORD(ref)), D3D_OK);
                const std::vector<ScreenVertex> quad = screenRect(x0, 0, x0 + 16, 32, 0.5f, 0xFF00FF00);
                CHECK_EQ(t->DrawPrimitiveUP(D3DPT_TRIANGLELIST, 2, quad.data(), sizeof(ScreenVertex)), D3D_OK);
            }
            CHECK_EQ(t->SetRenderState(D3DRS_STENCILENABLE, FALSE), D3D_OK);
            CHECK_EQ(mismatches(readBackBuffer(t.device), 32, 32, [](int x, int) { return x < 16 ? 0x00FF00u : 0u; }),
                     0);
        }
        CHECK_EQ(t->SetDepthStencilSurface(nullptr), D3D_OK);
        level->Release();
        depth->Release();
    }
}

// Drawing into a render target of the program's: the viewport follows it, and the back buffer
// keeps its own contents.
TEST(Render, OtherRenderTargetsTakeTheDrawsAndResetTheViewport) {
    TestDevice t(32, 32);
    REQUIRE(t.device != nullptr);
    IDirect3DSurface9* back = nullptr;
    REQUIRE(t->GetRenderTarget(0, &back) == D3D_OK);
    IDirect3DSurface9* target = nullptr;
    REQUIRE(t->CreateRenderTarget(16, 8, D3DFMT_A8R8G8B8, D3DMULTISAMPLE_NONE, 0, FALSE, &target, nullptr) ==
            D3D_OK);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF0000FF, 1.0f, 0), D3D_OK);
    CHECK_EQ(t->SetRenderTarget(0, target), D3D_OK);
    D3DVIEWPORT9 vp{};
    CHECK_EQ(t->GetViewport(&vp), D3D_OK);
    CHECK(vp.X == 0 && vp.Y == 0 && vp.Width == 16 && vp.Height == 8);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0x80FF0000, 1.0f, 0), D3D_OK);
    CHECK_EQ(t->SetFVF(kScreenFvf), D3D_OK);
    const std::vector<ScreenVertex> quad = screenRect(4, 2, 12, 6, 0, 0xC000FF00);
    CHECK_EQ(t->DrawPrimitiveUP(D3DPT_TRIANGLELIST, 2, quad.data(), sizeof(ScreenVertex)), D3D_OK);
    const std::vector<uint32_t> pixels = readPixels(t.device, target);
    // A8R8G8B8 keeps alpha: compare all 32 bits.
    int wrong = pixels.size() == 16 * 8 ? 0 : 1;
    for (size_t i = 0; i < pixels.size(); ++i) {
        const int x = int(i % 16), y = int(i / 16);
        if (pixels[i] != (inside(x, y, 4, 2, 12, 6) ? 0xC000FF00u : 0x80FF0000u)) ++wrong;
    }
    CHECK_EQ(wrong, 0);
    CHECK_EQ(mismatches(readPixels(t.device, back), 32, 32, [](int, int) { return 0x0000FFu; }), 0);
    CHECK_EQ(t->SetRenderTarget(0, nullptr), D3DERR_INVALIDCALL); // target 0 cannot be unset
    CHECK_EQ(t->SetRenderTarget(0, back), D3D_OK);
    target->Release();
    back->Release();
}

// Draws D3D9 refuses return D3DERR_INVALIDCALL and leave the device working.
TEST(Render, RefusedDrawsChangeNothing) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF445566, 1.0f, 0), D3D_OK);
    const std::vector<ScreenVertex> quad = screenRect(0, 0, 16, 16, 0, 0xFFFFFFFF);
    // No FVF, declaration or shader yet.
    CHECK_EQ(t->DrawPrimitiveUP(D3DPT_TRIANGLELIST, 2, quad.data(), sizeof(ScreenVertex)),
             D3DERR_INVALIDCALL);
    CHECK_EQ(t->SetFVF(kScreenFvf), D3D_OK);
    CHECK_EQ(t->DrawPrimitiveUP(static_cast<D3DPRIMITIVETYPE>(7), 2, quad.data(), sizeof(ScreenVertex)),
             D3DERR_INVALIDCALL);
    CHECK_EQ(t->DrawPrimitiveUP(D3DPT_TRIANGLELIST, 2, nullptr, sizeof(ScreenVertex)), D3DERR_INVALIDCALL);
    CHECK_EQ(t->DrawPrimitiveUP(D3DPT_TRIANGLELIST, 2, quad.data(), 0), D3DERR_INVALIDCALL);
    IDirect3DSurface9* small = nullptr;
    REQUIRE(t->CreateOffscreenPlainSurface(8, 8, D3DFMT_X8R8G8B8, D3DPOOL_SYSTEMMEM, &small, nullptr) ==
            D3D_OK);
    IDirect3DSurface9* back = nullptr;
    REQUIRE(t->GetRenderTarget(0, &back) == D3D_OK);
    CHECK_EQ(t->GetRenderTargetData(back, small), D3DERR_INVALIDCALL); // sizes differ
    CHECK_EQ(t->GetRenderTargetData(small, back), D3DERR_INVALIDCALL); // not a render target
    small->Release();
    back->Release();
    CHECK_EQ(mismatches(readBackBuffer(t.device), 16, 16, [](int, int) { return 0x445566u; }), 0);
}

// DrawIndexedPrimitiveUP: indices and vertices from the program's memory, 16- and 32-bit
// indices, vertices below MinVertexIndex unread; afterwards stream 0 and the indices are unset.
TEST(Render, IndexedDrawsFromUserMemoryUseTheirIndicesAndUnsetTheSources) {
    TestDevice t(32, 16);
    REQUIRE(t.device != nullptr);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF000000, 1.0f, 0), D3D_OK);
    CHECK_EQ(t->SetFVF(kScreenFvf), D3D_OK);
    auto quad = [](float l, float r, DWORD color) {
        // Two vertices a draw must not read, then the rectangle's corners.
        return std::vector<ScreenVertex>{{0, 0, 0, 1, 0xFFFFFFFF}, {0, 0, 0, 1, 0xFFFFFFFF},
                                         {l, -0.5f, 0, 1, color},  {r, -0.5f, 0, 1, color},
                                         {r, 15.5f, 0, 1, color},  {l, 15.5f, 0, 1, color}};
    };
    const std::vector<ScreenVertex> left = quad(-0.5f, 15.5f, 0xFF00FF00),
                                    right = quad(15.5f, 31.5f, 0xFF0000FF);
    const WORD indices16[6] = {2, 3, 5, 3, 4, 5};
    const DWORD indices32[6] = {2, 3, 5, 3, 4, 5};
    CHECK_EQ(t->DrawIndexedPrimitiveUP(D3DPT_TRIANGLELIST, 2, 4, 2, indices16, D3DFMT_INDEX16, left.data(),
                                       sizeof(ScreenVertex)),
             D3D_OK);
    CHECK_EQ(t->DrawIndexedPrimitiveUP(D3DPT_TRIANGLELIST, 2, 4, 2, indices32, D3DFMT_INDEX32, right.data(),
                                       sizeof(ScreenVertex)),
             D3D_OK);
    CHECK_EQ(t->DrawIndexedPrimitiveUP(D3DPT_TRIANGLELIST, 2, 4, 2, indices16, D3DFMT_A8R8G8B8, right.data(),
                                       sizeof(ScreenVertex)),
             D3DERR_INVALIDCALL);
    CHECK_EQ(mismatches(readBackBuffer(t.device), 32, 16,
                        [](int x, int) { return x < 16 ? 0x00FF00u : 0x0000FFu; }),
             0);
    IDirect3DIndexBuffer9* ib = reinterpret_cast<IDirect3DIndexBuffer9*>(1);
    CHECK_EQ(t->GetIndices(&ib), D3D_OK);
    CHECK(ib == nullptr);
    IDirect3DVertexBuffer9* vb = reinterpret_cast<IDirect3DVertexBuffer9*>(1);
    UINT offset = 0, stride = 0;
    CHECK_EQ(t->GetStreamSource(0, &vb, &offset, &stride), D3D_OK);
    CHECK(vb == nullptr);
}

// Clear takes any number of rectangles: 20000 one-pixel rectangles (more than a command batch
// holds, 320 000 bytes) clear exactly their pixels, the first 20000 in row order.
TEST(Render, ClearTakesMoreRectanglesThanOneTokenHolds) {
    TestDevice t(160, 128);
    REQUIRE(t.device != nullptr);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF000000, 1.0f, 0), D3D_OK);
    std::vector<D3DRECT> rects;
    for (LONG y = 0; y < 128; ++y)
        for (LONG x = 0; x < 160; ++x)
            if (rects.size() < 20000) rects.push_back({x, y, x + 1, y + 1});
    CHECK_EQ(t->Clear(DWORD(rects.size()), rects.data(), D3DCLEAR_TARGET, 0xFF00C080, 1.0f, 0), D3D_OK);
    CHECK_EQ(mismatches(readBackBuffer(t.device), 160, 128,
                        [](int x, int y) { return y * 160 + x < 20000 ? 0x00C080u : 0u; }),
             0);
}

// POINTSIZE_MAX starts at the device's largest point (D3DCAPS9::MaxPointSize, as on Windows), so
// a 100-pixel point draws 100 pixels wide with the default states: the driver's own default
// agrees with the one GetRenderState gives.
TEST(Render, DefaultPointSizeMaximumIsTheDevicesLargestPoint) {
    TestDevice t(128, 128);
    REQUIRE(t.device != nullptr);
    D3DCAPS9 caps{};
    REQUIRE(t->GetDeviceCaps(&caps) == D3D_OK);
    if (caps.MaxPointSize < 100.0f) return; // the device draws no such point
    const float size = 100.0f;
    DWORD bits = 0;
    std::memcpy(&bits, &size, sizeof bits);
    CHECK_EQ(t->SetRenderState(D3DRS_POINTSIZE, bits), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_LIGHTING, FALSE), D3D_OK);
    CHECK_EQ(t->SetFVF(kScreenFvf), D3D_OK);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF000000, 1.0f, 0), D3D_OK);
    const ScreenVertex point{64.0f, 64.0f, 0.5f, 1.0f, 0xFF00FF00};
    CHECK_EQ(t->BeginScene(), D3D_OK);
    CHECK_EQ(t->DrawPrimitiveUP(D3DPT_POINTLIST, 1, &point, sizeof point), D3D_OK);
    CHECK_EQ(t->EndScene(), D3D_OK);
    // The square [14, 114) on both axes: pixel centres inside the point's 100 x 100 square.
    CHECK_EQ(mismatches(readBackBuffer(t.device), 128, 128,
                        [](int x, int y) { return inside(x, y, 14, 14, 114, 114) ? 0x00FF00u : 0u; }),
             0);
}

// SetRenderTarget and GetRenderTarget refuse an index past the caps' NumSimultaneousRTs, as
// D3D9 does.
TEST(Render, RenderTargetsPastTheCapsAreRefused) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    D3DCAPS9 caps{};
    REQUIRE(t->GetDeviceCaps(&caps) == D3D_OK);
    IDirect3DSurface9* target = nullptr;
    REQUIRE(t->CreateRenderTarget(16, 16, D3DFMT_X8R8G8B8, D3DMULTISAMPLE_NONE, 0, FALSE, &target, nullptr) ==
            D3D_OK);
    CHECK_EQ(t->SetRenderTarget(caps.NumSimultaneousRTs, target), D3DERR_INVALIDCALL);
    IDirect3DSurface9* got = reinterpret_cast<IDirect3DSurface9*>(1);
    CHECK_EQ(t->GetRenderTarget(caps.NumSimultaneousRTs, &got), D3DERR_INVALIDCALL);
    CHECK(got == nullptr);
    target->Release();
}

// A NULL render target (no memory) does not bound the draw: Windows writes depth over the whole
// viewport, as far as the depth buffer reaches, past the NULL surface's size (Wine's
// test_null_format).
TEST(Render, NullRenderTargetsDoNotBoundDepthOnlyDraws) {
    TestDevice t(32, 32, true);
    REQUIRE(t.device != nullptr);
    const D3DFORMAT nullFormat = D3DFORMAT(MAKEFOURCC('N', 'U', 'L', 'L'));
    IDirect3DSurface9 *back = nullptr, *nothing = nullptr;
    REQUIRE(t->GetRenderTarget(0, &back) == D3D_OK);
    REQUIRE(t->CreateRenderTarget(16, 16, nullFormat, D3DMULTISAMPLE_NONE, 0, FALSE, &nothing, nullptr) ==
            D3D_OK);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xFF000000, 1.0f, 0), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_ZENABLE, D3DZB_TRUE), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_ZFUNC, D3DCMP_LESSEQUAL), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_LIGHTING, FALSE), D3D_OK);
    CHECK_EQ(t->SetFVF(D3DFVF_XYZ | D3DFVF_DIFFUSE), D3D_OK);
    struct Vertex {
        float x, y, z;
        DWORD color;
    };
    auto quad = [](float z, DWORD color) {
        return std::vector<Vertex>{
            {-1, 1, z, color}, {1, 1, z, color}, {-1, -1, z, color}, {1, -1, z, color}};
    };
    CHECK_EQ(t->SetRenderTarget(0, nothing), D3D_OK);
    const D3DVIEWPORT9 whole{0, 0, 32, 32, 0.0f, 1.0f};
    CHECK_EQ(t->SetViewport(&whole), D3D_OK);
    const std::vector<Vertex> nearer = quad(0.5f, 0xFFFF0000);
    CHECK_EQ(t->BeginScene(), D3D_OK);
    CHECK_EQ(t->DrawPrimitiveUP(D3DPT_TRIANGLESTRIP, 2, nearer.data(), sizeof(Vertex)), D3D_OK);
    CHECK_EQ(t->SetRenderTarget(0, back), D3D_OK);
    // Farther than the depth the NULL pass wrote: drawn nowhere.
    const std::vector<Vertex> farther = quad(1.0f, 0xFF00FF00);
    CHECK_EQ(t->DrawPrimitiveUP(D3DPT_TRIANGLESTRIP, 2, farther.data(), sizeof(Vertex)), D3D_OK);
    CHECK_EQ(t->EndScene(), D3D_OK);
    CHECK_EQ(mismatches(readBackBuffer(t.device), 32, 32, [](int, int) { return 0u; }), 0);
    releaseAll(nothing, back);
}

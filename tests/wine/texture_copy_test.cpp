// Textures written by the GPU and copies between them: render to a texture's level 0 and sample
// it, UpdateTexture from system memory, StretchRect and ColorFill. Every test reads pixels back
// and compares them with what it computes.
#include "check.h"
#include "device_support.h"
#include "texture_support.h"

namespace {

bool drawQuad(IDirect3DDevice9* device, const std::vector<TexVertex>& quad) {
    return SUCCEEDED(device->SetFVF(kTexFvf)) &&
           SUCCEEDED(device->DrawPrimitiveUP(D3DPT_TRIANGLESTRIP, 2, quad.data(), sizeof(TexVertex)));
}

bool insideRect(int x, int y, int x0, int y0, int x1, int y1) {
    return x >= x0 && x < x1 && y >= y0 && y < y1;
}

// A 32x32 render-target texture: cleared blue with a red rectangle [4, 20) x [8, 24).
constexpr uint32_t kBlue = 0xFF0000FF, kRed = 0xFFFF0000;
uint32_t renderedTexel(int x, int y) {
    return insideRect(x, y, 4, 8, 20, 24) ? kRed : kBlue;
}

} // namespace

TEST(TextureCopy, RenderTargetTextureLevelZeroIsDrawnThenSampled) {
    TestDevice t(32, 32);
    REQUIRE(t.device != nullptr);
    IDirect3DTexture9* texture = nullptr;
    REQUIRE(t->CreateTexture(32, 32, 1, D3DUSAGE_RENDERTARGET, D3DFMT_X8R8G8B8, D3DPOOL_DEFAULT, &texture,
                             nullptr) == D3D_OK);
    IDirect3DSurface9* level = nullptr;
    IDirect3DSurface9* backBuffer = nullptr;
    REQUIRE(texture->GetSurfaceLevel(0, &level) == D3D_OK);
    REQUIRE(t->GetRenderTarget(0, &backBuffer) == D3D_OK);
    // First pass: into the texture.
    CHECK_EQ(t->SetRenderTarget(0, level), D3D_OK);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, kBlue, 1.0f, 0), D3D_OK);
    CHECK_EQ(t->SetFVF(kScreenFvf), D3D_OK);
    const std::vector<ScreenVertex> rect = screenRect(4, 8, 20, 24, 0.5f, kRed);
    CHECK_EQ(t->DrawPrimitiveUP(D3DPT_TRIANGLELIST, 2, rect.data(), sizeof(ScreenVertex)), D3D_OK);
    CHECK_EQ(mismatchedPixels(readPixels(t.device, level), 32, 32, renderedTexel), 0);
    // Second pass: sampled onto the back buffer.
    CHECK_EQ(t->SetRenderTarget(0, backBuffer), D3D_OK);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF000000, 1.0f, 0), D3D_OK);
    selectTexture(t.device);
    CHECK_EQ(t->SetTexture(0, texture), D3D_OK);
    CHECK(drawQuad(t.device, texturedRect(0, 0, 32, 32, 0xFFFFFFFF)));
    CHECK_EQ(mismatchedPixels(readBackBuffer(t.device), 32, 32, renderedTexel), 0);
    CHECK_EQ(t->SetTexture(0, nullptr), D3D_OK);
    level->Release();
    backBuffer->Release();
    CHECK_EQ(texture->Release(), 0);
}

// UpdateTexture copies every level of a system-memory texture into a default-pool one.
TEST(TextureCopy, UpdateTextureCopiesSystemMemoryLevels) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DTexture9 *source = nullptr, *destination = nullptr;
    REQUIRE(t->CreateTexture(16, 16, 2, 0, D3DFMT_A8R8G8B8, D3DPOOL_SYSTEMMEM, &source, nullptr) == D3D_OK);
    REQUIRE(t->CreateTexture(16, 16, 2, 0, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT, &destination, nullptr) ==
            D3D_OK);
    REQUIRE(fillLevel(source, 0,
                      [](int x, int y) { return 0xFF000000u | uint32_t(x * 16) << 16 | uint32_t(y * 16); }));
    REQUIRE(fillLevel(source, 1, [](int, int) { return 0xFF00FF00u; }));
    // D3D9: the source must be in system memory, the destination in the default pool.
    CHECK_EQ(t->UpdateTexture(destination, source), D3DERR_INVALIDCALL);
    CHECK_EQ(t->UpdateTexture(source, destination), D3D_OK);
    selectTexture(t.device);
    CHECK_EQ(t->SetSamplerState(0, D3DSAMP_MIPFILTER, D3DTEXF_POINT), D3D_OK);
    CHECK_EQ(t->SetTexture(0, destination), D3D_OK);
    CHECK(drawQuad(t.device, texturedRect(0, 0, 16, 16, 0xFFFFFFFF)));
    CHECK_EQ(mismatchedPixels(readBackBuffer(t.device), 16, 16,
                              [](int x, int y) { return uint32_t(x * 16) << 16 | uint32_t(y * 16); }),
             0);
    CHECK_EQ(t->SetSamplerState(0, D3DSAMP_MAXMIPLEVEL, 1), D3D_OK);
    CHECK(drawQuad(t.device, texturedRect(0, 0, 16, 16, 0xFFFFFFFF)));
    CHECK_EQ(mismatchedPixels(readBackBuffer(t.device), 16, 16, [](int, int) { return 0x00FF00u; }), 0);
    t->SetTexture(0, nullptr);
    source->Release();
    destination->Release();
}

// A destination with more levels than the source takes the levels they have in common (Wine's
// test_updatetexture: Windows takes a one-level source into a four-level texture of its size).
TEST(TextureCopy, UpdateTextureCopiesTheCommonLevels) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DTexture9 *source = nullptr, *destination = nullptr;
    REQUIRE(t->CreateTexture(16, 16, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_SYSTEMMEM, &source, nullptr) == D3D_OK);
    REQUIRE(t->CreateTexture(16, 16, 4, 0, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT, &destination, nullptr) ==
            D3D_OK);
    auto texel = [](int x, int y) { return 0xFF000000u | uint32_t(x * 16) << 16 | uint32_t(y * 16); };
    REQUIRE(fillLevel(source, 0, texel));
    CHECK_EQ(t->UpdateTexture(source, destination), D3D_OK);
    selectTexture(t.device);
    CHECK_EQ(t->SetTexture(0, destination), D3D_OK);
    CHECK(drawQuad(t.device, texturedRect(0, 0, 16, 16, 0xFFFFFFFF)));
    CHECK_EQ(mismatchedPixels(readBackBuffer(t.device), 16, 16,
                              [&](int x, int y) { return texel(x, y) & 0xFFFFFFu; }),
             0);
    // No source level is the destination's size: refused.
    IDirect3DTexture9* small = nullptr;
    REQUIRE(t->CreateTexture(8, 8, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_SYSTEMMEM, &small, nullptr) == D3D_OK);
    CHECK_EQ(t->UpdateTexture(small, destination), D3DERR_INVALIDCALL);
    CHECK_EQ(t->SetTexture(0, nullptr), D3D_OK);
    releaseAll(small, destination, source);
}

// UpdateTexture takes a format's X twin as destination (Wine's test_updatetexture records
// Windows copying A8R8G8B8 into X8R8G8B8 and back): the same bytes, the X side reading alpha as
// opaque, so a blended draw of the X8R8G8B8 copy shows the texels whole. Another layout is refused.
TEST(TextureCopy, UpdateTextureCopiesIntoTheXTwinFormat) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    auto texel = [](int x, int y) {
        return 0x40000000u | uint32_t(x * 16) << 16 | uint32_t(y * 16) << 8 | 0x80u;
    };
    auto rgb = [&](int x, int y) { return texel(x, y) & 0xFFFFFFu; };
    selectTexture(t.device);
    CHECK_EQ(t->SetTextureStageState(0, D3DTSS_ALPHAOP, D3DTOP_SELECTARG1), D3D_OK);
    CHECK_EQ(t->SetTextureStageState(0, D3DTSS_ALPHAARG1, D3DTA_TEXTURE), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_SRCBLEND, D3DBLEND_SRCALPHA), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_DESTBLEND, D3DBLEND_INVSRCALPHA), D3D_OK);
    const D3DFORMAT pairs[2][2] = {{D3DFMT_A8R8G8B8, D3DFMT_X8R8G8B8}, {D3DFMT_X8R8G8B8, D3DFMT_A8R8G8B8}};
    for (const auto& pair : pairs) {
        IDirect3DTexture9 *source = nullptr, *destination = nullptr;
        REQUIRE(t->CreateTexture(16, 16, 1, 0, pair[0], D3DPOOL_SYSTEMMEM, &source, nullptr) == D3D_OK);
        REQUIRE(t->CreateTexture(16, 16, 1, 0, pair[1], D3DPOOL_DEFAULT, &destination, nullptr) == D3D_OK);
        REQUIRE(fillLevel(source, 0, texel));
        CHECK_EQ(t->UpdateTexture(source, destination), D3D_OK);
        CHECK_EQ(t->SetTexture(0, destination), D3D_OK);
        // X8R8G8B8 reads alpha 1: blended, its texels cover the black background whole.
        const bool opaque = pair[1] == D3DFMT_X8R8G8B8;
        CHECK_EQ(t->SetRenderState(D3DRS_ALPHABLENDENABLE, opaque), D3D_OK);
        CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF000000, 1.0f, 0), D3D_OK);
        CHECK(drawQuad(t.device, texturedRect(0, 0, 16, 16, 0xFFFFFFFF)));
        CHECK_EQ(mismatchedPixels(readBackBuffer(t.device), 16, 16, rgb), 0);
        CHECK_EQ(t->SetTexture(0, nullptr), D3D_OK);
        releaseAll(destination, source);
    }
    CHECK_EQ(t->SetRenderState(D3DRS_ALPHABLENDENABLE, FALSE), D3D_OK);
    IDirect3DTexture9 *source = nullptr, *other = nullptr;
    REQUIRE(t->CreateTexture(16, 16, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_SYSTEMMEM, &source, nullptr) == D3D_OK);
    REQUIRE(t->CreateTexture(16, 16, 1, 0, D3DFMT_R5G6B5, D3DPOOL_DEFAULT, &other, nullptr) == D3D_OK);
    CHECK_EQ(t->UpdateTexture(source, other), D3DERR_INVALIDCALL);
    releaseAll(other, source);
}

// StretchRect scales a rectangle of a render-target texture onto the back buffer (POINT: each
// destination pixel takes the source texel under its centre); outside the destination rectangle
// nothing changes.
TEST(TextureCopy, StretchRectScalesATextureLevelOntoTheBackBuffer) {
    TestDevice t(32, 32);
    REQUIRE(t.device != nullptr);
    IDirect3DTexture9* texture = nullptr;
    REQUIRE(t->CreateTexture(8, 8, 1, D3DUSAGE_RENDERTARGET, D3DFMT_X8R8G8B8, D3DPOOL_DEFAULT, &texture,
                             nullptr) == D3D_OK);
    IDirect3DSurface9 *level = nullptr, *backBuffer = nullptr;
    REQUIRE(texture->GetSurfaceLevel(0, &level) == D3D_OK);
    REQUIRE(t->GetRenderTarget(0, &backBuffer) == D3D_OK);
    // Left half red, right half green, by ColorFill.
    const RECT left{0, 0, 4, 8}, right{4, 0, 8, 8};
    CHECK_EQ(t->ColorFill(level, &left, kRed), D3D_OK);
    CHECK_EQ(t->ColorFill(level, &right, 0xFF00FF00), D3D_OK);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF000000, 1.0f, 0), D3D_OK);
    const RECT to{0, 0, 16, 32};
    CHECK_EQ(t->StretchRect(level, nullptr, backBuffer, &to, D3DTEXF_POINT), D3D_OK);
    CHECK_EQ(mismatchedPixels(readBackBuffer(t.device), 32, 32,
                              [](int x, int) { return x < 8    ? kRed
                                                      : x < 16 ? 0xFF00FF00u
                                                               : 0u; }),
             0);
    // What D3D9 refuses: a rectangle outside the surface, a filter other than NONE, POINT,
    // LINEAR, a copy onto itself, and a system-memory source.
    const RECT outside{0, 0, 9, 8};
    CHECK_EQ(t->StretchRect(level, &outside, backBuffer, nullptr, D3DTEXF_POINT), D3DERR_INVALIDCALL);
    CHECK_EQ(t->StretchRect(level, nullptr, backBuffer, nullptr, D3DTEXF_ANISOTROPIC), D3DERR_INVALIDCALL);
    CHECK_EQ(t->StretchRect(backBuffer, nullptr, backBuffer, nullptr, D3DTEXF_NONE), D3DERR_INVALIDCALL);
    IDirect3DSurface9* plain = nullptr;
    REQUIRE(t->CreateOffscreenPlainSurface(8, 8, D3DFMT_X8R8G8B8, D3DPOOL_SYSTEMMEM, &plain, nullptr) ==
            D3D_OK);
    CHECK_EQ(t->StretchRect(plain, nullptr, backBuffer, nullptr, D3DTEXF_NONE), D3DERR_INVALIDCALL);
    plain->Release();
    level->Release();
    backBuffer->Release();
    texture->Release();
}

// StretchRect between depth-stencil surfaces copies the depth: a surface whose left half was
// drawn at z = 0.25 (the right half cleared to 1) is copied into a second one, which then
// decides a LESS test at z = 0.5: the right half passes, the left does not. D3D9's rules:
// whole plain surfaces of one size and format, not discardable, outside a scene.
TEST(TextureCopy, StretchRectCopiesDepthStencilSurfaces) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DSurface9 *first = nullptr, *second = nullptr, *smaller = nullptr, *discardable = nullptr;
    REQUIRE(t->CreateDepthStencilSurface(16, 16, D3DFMT_D24S8, D3DMULTISAMPLE_NONE, 0, FALSE, &first,
                                         nullptr) == D3D_OK);
    REQUIRE(t->CreateDepthStencilSurface(16, 16, D3DFMT_D24S8, D3DMULTISAMPLE_NONE, 0, FALSE, &second,
                                         nullptr) == D3D_OK);
    REQUIRE(t->CreateDepthStencilSurface(8, 8, D3DFMT_D24S8, D3DMULTISAMPLE_NONE, 0, FALSE, &smaller,
                                         nullptr) == D3D_OK);
    REQUIRE(t->CreateDepthStencilSurface(16, 16, D3DFMT_D24S8, D3DMULTISAMPLE_NONE, 0, TRUE, &discardable,
                                         nullptr) == D3D_OK);
    CHECK_EQ(t->SetFVF(kScreenFvf), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_ZENABLE, D3DZB_TRUE), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_ZFUNC, D3DCMP_LESS), D3D_OK);

    CHECK_EQ(t->SetDepthStencilSurface(first), D3D_OK);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xFF000000, 1.0f, 0), D3D_OK);
    CHECK_EQ(t->BeginScene(), D3D_OK);
    const std::vector<ScreenVertex> closer = screenRect(0, 0, 8, 16, 0.25f, 0xFF000000);
    CHECK_EQ(t->DrawPrimitiveUP(D3DPT_TRIANGLELIST, 2, closer.data(), sizeof(ScreenVertex)), D3D_OK);
    CHECK_EQ(t->StretchRect(first, nullptr, second, nullptr, D3DTEXF_NONE), D3DERR_INVALIDCALL); // in a scene
    CHECK_EQ(t->EndScene(), D3D_OK);

    CHECK_EQ(t->SetDepthStencilSurface(second), D3D_OK);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_ZBUFFER, 0, 0.0f, 0), D3D_OK); // 0: everything would fail
    CHECK_EQ(t->StretchRect(first, nullptr, second, nullptr, D3DTEXF_NONE), D3D_OK);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, kBlue, 1.0f, 0), D3D_OK);
    CHECK_EQ(t->BeginScene(), D3D_OK);
    const std::vector<ScreenVertex> middle = screenRect(0, 0, 16, 16, 0.5f, kRed);
    CHECK_EQ(t->DrawPrimitiveUP(D3DPT_TRIANGLELIST, 2, middle.data(), sizeof(ScreenVertex)), D3D_OK);
    CHECK_EQ(t->EndScene(), D3D_OK);
    CHECK_EQ(
        mismatchedPixels(readBackBuffer(t.device), 16, 16, [](int x, int) { return x < 8 ? kBlue : kRed; }),
        0);

    const RECT part{0, 0, 8, 8};
    CHECK_EQ(t->StretchRect(first, &part, second, &part, D3DTEXF_NONE), D3DERR_INVALIDCALL);
    CHECK_EQ(t->StretchRect(first, nullptr, smaller, nullptr, D3DTEXF_NONE), D3DERR_INVALIDCALL);
    CHECK_EQ(t->StretchRect(first, nullptr, discardable, nullptr, D3DTEXF_NONE), D3DERR_INVALIDCALL);
    // Nothing is scaled, so a filter changes nothing; Windows takes LINEAR (Wine's depth_blit_test).
    CHECK_EQ(t->StretchRect(first, nullptr, second, nullptr, D3DTEXF_LINEAR), D3D_OK);
    IDirect3DSurface9* back = nullptr;
    REQUIRE(t->GetBackBuffer(0, 0, D3DBACKBUFFER_TYPE_MONO, &back) == D3D_OK);
    CHECK_EQ(t->StretchRect(first, nullptr, back, nullptr, D3DTEXF_NONE), D3DERR_INVALIDCALL);
    back->Release();
    CHECK_EQ(t->SetDepthStencilSurface(nullptr), D3D_OK);
    discardable->Release();
    smaller->Release();
    second->Release();
    first->Release();
}

// ColorFill fills a rectangle of a render-target texture's level; the rest keeps its colour.
// Only default-pool render targets are filled.
TEST(TextureCopy, ColorFillFillsARectangleOfATextureLevel) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DTexture9* texture = nullptr;
    REQUIRE(t->CreateTexture(16, 16, 1, D3DUSAGE_RENDERTARGET, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT, &texture,
                             nullptr) == D3D_OK);
    IDirect3DSurface9* level = nullptr;
    REQUIRE(texture->GetSurfaceLevel(0, &level) == D3D_OK);
    CHECK_EQ(t->ColorFill(level, nullptr, kBlue), D3D_OK);
    const RECT rect{3, 5, 11, 9};
    CHECK_EQ(t->ColorFill(level, &rect, 0xFF123456), D3D_OK);
    CHECK_EQ(
        mismatchedPixels(readPixels(t.device, level), 16, 16,
                         [](int x, int y) { return insideRect(x, y, 3, 5, 11, 9) ? 0xFF123456u : kBlue; }),
        0);
    const RECT outside{0, 0, 17, 1};
    CHECK_EQ(t->ColorFill(level, &outside, 0), D3DERR_INVALIDCALL);
    IDirect3DTexture9* managed = nullptr;
    REQUIRE(t->CreateTexture(16, 16, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &managed, nullptr) == D3D_OK);
    IDirect3DSurface9* managedLevel = nullptr;
    REQUIRE(managed->GetSurfaceLevel(0, &managedLevel) == D3D_OK);
    CHECK_EQ(t->ColorFill(managedLevel, nullptr, 0), D3DERR_INVALIDCALL);
    managedLevel->Release();
    managed->Release();
    level->Release();
    texture->Release();
}

// GetRenderTargetData into a level of a system-memory texture: the level holds the target's
// pixels, the texture's other levels stay as they were.
TEST(TextureCopy, GetRenderTargetDataIntoASystemMemoryTextureLevel) {
    TestDevice t(16, 8);
    REQUIRE(t.device != nullptr);
    const D3DRECT left{0, 0, 5, 8};
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, kBlue, 1.0f, 0), D3D_OK);
    CHECK_EQ(t->Clear(1, &left, D3DCLEAR_TARGET, kRed, 1.0f, 0), D3D_OK);
    IDirect3DTexture9* texture = nullptr;
    REQUIRE(t->CreateTexture(32, 16, 2, 0, D3DFMT_X8R8G8B8, D3DPOOL_SYSTEMMEM, &texture, nullptr) == D3D_OK);
    REQUIRE(fillLevel(texture, 0, [](int, int) { return 0xFF00FF00u; }));
    IDirect3DSurface9 *back = nullptr, *level = nullptr, *top = nullptr;
    REQUIRE(t->GetBackBuffer(0, 0, D3DBACKBUFFER_TYPE_MONO, &back) == D3D_OK);
    REQUIRE(texture->GetSurfaceLevel(1, &level) == D3D_OK); // 16 x 8, the target's size
    REQUIRE(texture->GetSurfaceLevel(0, &top) == D3D_OK);
    CHECK_EQ(t->GetRenderTargetData(back, level), D3D_OK);
    CHECK_EQ(
        mismatchedPixels(lockedPixels(level, 16, 8), 16, 8, [](int x, int) { return x < 5 ? kRed : kBlue; }),
        0);
    CHECK_EQ(mismatchedPixels(lockedPixels(top, 32, 16), 32, 16, [](int, int) { return 0xFF00FF00u; }), 0);
    // Level 0 is 32 x 16: not the target's size.
    CHECK_EQ(t->GetRenderTargetData(back, top), D3DERR_INVALIDCALL);
    top->Release();
    level->Release();
    back->Release();
    texture->Release();
}

// Offscreen plain surfaces in D3DPOOL_DEFAULT: filled by ColorFill and UpdateSurface, locked,
// copied into each other unscaled and scaled onto a render target by StretchRect; never a
// render target, never a StretchRect destination from a render target or when scaled.
TEST(TextureCopy, DefaultPoolOffscreenPlainSurfaces) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DSurface9 *plain = nullptr, *second = nullptr, *memory = nullptr, *back = nullptr;
    REQUIRE(t->CreateOffscreenPlainSurface(8, 8, D3DFMT_X8R8G8B8, D3DPOOL_DEFAULT, &plain, nullptr) ==
            D3D_OK);
    REQUIRE(t->CreateOffscreenPlainSurface(8, 8, D3DFMT_X8R8G8B8, D3DPOOL_DEFAULT, &second, nullptr) ==
            D3D_OK);
    REQUIRE(t->CreateOffscreenPlainSurface(4, 4, D3DFMT_X8R8G8B8, D3DPOOL_SYSTEMMEM, &memory, nullptr) ==
            D3D_OK);
    REQUIRE(t->GetBackBuffer(0, 0, D3DBACKBUFFER_TYPE_MONO, &back) == D3D_OK);
    D3DSURFACE_DESC desc{};
    CHECK_EQ(plain->GetDesc(&desc), D3D_OK);
    CHECK(desc.Pool == D3DPOOL_DEFAULT && desc.Usage == 0 && desc.Width == 8);

    // Left half red, right half blue; the top-left 4 x 4 green from system memory.
    const RECT left{0, 0, 4, 8}, right{4, 0, 8, 8};
    CHECK_EQ(t->ColorFill(plain, &left, kRed), D3D_OK);
    CHECK_EQ(t->ColorFill(plain, &right, kBlue), D3D_OK);
    D3DLOCKED_RECT locked{};
    REQUIRE(memory->LockRect(&locked, nullptr, 0) == D3D_OK);
    for (int y = 0; y < 4; ++y)
        for (int x = 0; x < 4; ++x)
            reinterpret_cast<DWORD*>(static_cast<BYTE*>(locked.pBits) + y * locked.Pitch)[x] = 0xFF00FF00;
    CHECK_EQ(memory->UnlockRect(), D3D_OK);
    const POINT origin{0, 0};
    CHECK_EQ(t->UpdateSurface(memory, nullptr, plain, &origin), D3D_OK);
    auto plainPixel = [](int x, int y) { return x < 4 && y < 4 ? 0xFF00FF00u : x < 4 ? kRed : kBlue; };

    // The lock shows all three.
    CHECK_EQ(mismatchedPixels(lockedPixels(plain, 8, 8), 8, 8, plainPixel), 0);

    // Plain to plain, unscaled; then scaled by 2 onto the back buffer (POINT).
    CHECK_EQ(t->StretchRect(plain, nullptr, second, nullptr, D3DTEXF_NONE), D3D_OK);
    CHECK_EQ(t->StretchRect(second, nullptr, back, nullptr, D3DTEXF_POINT), D3D_OK);
    CHECK_EQ(mismatchedPixels(readBackBuffer(t.device), 16, 16,
                              [&](int x, int y) { return plainPixel(x / 2, y / 2); }),
             0);

    // What D3D9 refuses.
    const RECT half{0, 0, 4, 4};
    CHECK_EQ(t->StretchRect(plain, &half, second, nullptr, D3DTEXF_POINT), D3DERR_INVALIDCALL); // scaled
    CHECK_EQ(t->StretchRect(back, &half, plain, &half, D3DTEXF_NONE), D3DERR_INVALIDCALL); // from a target
    CHECK_EQ(t->SetRenderTarget(0, plain), D3DERR_INVALIDCALL);
    back->Release();
    memory->Release();
    second->Release();
    plain->Release();
}

// UpdateSurface from an offscreen plain surface in system memory: a rectangle to a point of a
// render target and of a default-pool texture's level; the source stays as it was.
TEST(TextureCopy, UpdateSurfaceFromAnOffscreenPlainSurface) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DSurface9* plain = nullptr;
    REQUIRE(t->CreateOffscreenPlainSurface(8, 6, D3DFMT_X8R8G8B8, D3DPOOL_SYSTEMMEM, &plain, nullptr) ==
            D3D_OK);
    D3DLOCKED_RECT locked{};
    REQUIRE(plain->LockRect(&locked, nullptr, 0) == D3D_OK);
    for (int y = 0; y < 6; ++y)
        for (int x = 0; x < 8; ++x)
            reinterpret_cast<DWORD*>(static_cast<BYTE*>(locked.pBits) + y * locked.Pitch)[x] =
                0xFF000000u | uint32_t(x * 20 + 5) << 16 | uint32_t(y * 40 + 3) << 8 | 0x11;
    REQUIRE(plain->UnlockRect() == D3D_OK);
    auto source = [](int px, int py) { // the source's pixel (px, py), as RGB
        return uint32_t(px * 20 + 5) << 16 | uint32_t(py * 40 + 3) << 8 | 0x11;
    };

    IDirect3DSurface9* target = nullptr;
    REQUIRE(t->CreateRenderTarget(16, 16, D3DFMT_X8R8G8B8, D3DMULTISAMPLE_NONE, 0, FALSE, &target, nullptr) ==
            D3D_OK);
    CHECK_EQ(t->ColorFill(target, nullptr, kBlue), D3D_OK);
    const RECT rect{1, 2, 7, 5}; // 6 x 3
    const POINT point{3, 11};
    CHECK_EQ(t->UpdateSurface(plain, &rect, target, &point), D3D_OK);
    CHECK_EQ(mismatchedPixels(
                 readPixels(t.device, target), 16, 16,
                 [&](int x, int y) { return insideRect(x, y, 3, 11, 9, 14) ? source(x - 2, y - 9) : kBlue; }),
             0);

    // The whole surface (no rectangle, no point) into a texture's level.
    IDirect3DTexture9* texture = nullptr;
    REQUIRE(t->CreateTexture(8, 6, 1, D3DUSAGE_RENDERTARGET, D3DFMT_X8R8G8B8, D3DPOOL_DEFAULT, &texture,
                             nullptr) == D3D_OK);
    IDirect3DSurface9* level = nullptr;
    REQUIRE(texture->GetSurfaceLevel(0, &level) == D3D_OK);
    CHECK_EQ(t->UpdateSurface(plain, nullptr, level, nullptr), D3D_OK);
    CHECK_EQ(mismatchedPixels(readPixels(t.device, level), 8, 6, [&](int x, int y) { return source(x, y); }),
             0);
    // D3D9's rules hold for plain sources too: the destination must fit, formats must match.
    const POINT beyond{12, 12};
    CHECK_EQ(t->UpdateSurface(plain, &rect, target, &beyond), D3DERR_INVALIDCALL);
    IDirect3DSurface9* other = nullptr;
    REQUIRE(t->CreateOffscreenPlainSurface(4, 4, D3DFMT_A8R8G8B8, D3DPOOL_SYSTEMMEM, &other, nullptr) ==
            D3D_OK);
    CHECK_EQ(t->UpdateSurface(other, nullptr, target, nullptr), D3DERR_INVALIDCALL);
    other->Release();
    level->Release();
    texture->Release();
    target->Release();
    plain->Release();
}

// UpdateSurface copies a rectangle of a system-memory texture's level to a point of a
// default-pool texture's level.
TEST(TextureCopy, UpdateSurfaceCopiesARectangleToAPoint) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DTexture9 *source = nullptr, *destination = nullptr;
    REQUIRE(t->CreateTexture(8, 8, 1, 0, D3DFMT_X8R8G8B8, D3DPOOL_SYSTEMMEM, &source, nullptr) == D3D_OK);
    REQUIRE(t->CreateTexture(16, 16, 1, D3DUSAGE_RENDERTARGET, D3DFMT_X8R8G8B8, D3DPOOL_DEFAULT, &destination,
                             nullptr) == D3D_OK);
    REQUIRE(fillLevel(source, 0,
                      [](int x, int y) { return 0xFF000000u | uint32_t(x * 30) << 16 | uint32_t(y * 30); }));
    IDirect3DSurface9 *from = nullptr, *to = nullptr;
    REQUIRE(source->GetSurfaceLevel(0, &from) == D3D_OK);
    REQUIRE(destination->GetSurfaceLevel(0, &to) == D3D_OK);
    CHECK_EQ(t->ColorFill(to, nullptr, kBlue), D3D_OK);
    const RECT rect{2, 1, 6, 4};
    const POINT point{9, 10};
    CHECK_EQ(t->UpdateSurface(from, &rect, to, &point), D3D_OK);
    CHECK_EQ(mismatchedPixels(readPixels(t.device, to), 16, 16,
                              [](int x, int y) {
                                  return insideRect(x, y, 9, 10, 13, 13)
                                             ? uint32_t((x - 7) * 30) << 16 | uint32_t((y - 9) * 30)
                                             : kBlue;
                              }),
             0);
    // D3D9: the destination in the default pool, the same format, inside it.
    CHECK_EQ(t->UpdateSurface(to, nullptr, from, nullptr), D3DERR_INVALIDCALL);
    const POINT beyond{14, 14};
    CHECK_EQ(t->UpdateSurface(from, &rect, to, &beyond), D3DERR_INVALIDCALL);
    from->Release();
    to->Release();
    source->Release();
    destination->Release();
}

// Compressed levels copy whole blocks: a rectangle of a DXT1 level starts on a block and ends on
// one or at the level's edge, in the source and in the destination (Wine's update_surface_test
// records Windows refusing a 2x2 level into a 4x4 one, and half a 4x4 level into a 2x2 one). A
// refused copy records nothing, so what follows it in the batch is done.
TEST(TextureCopy, UpdateSurfaceOfCompressedLevelsCopiesWholeBlocks) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DTexture9 *source = nullptr, *destination = nullptr;
    REQUIRE(t->CreateTexture(64, 64, 0, 0, D3DFMT_DXT1, D3DPOOL_SYSTEMMEM, &source, nullptr) == D3D_OK);
    REQUIRE(t->CreateTexture(64, 64, 0, 0, D3DFMT_DXT1, D3DPOOL_DEFAULT, &destination, nullptr) == D3D_OK);
    IDirect3DSurface9 *from4 = nullptr, *from5 = nullptr, *to4 = nullptr, *to5 = nullptr;
    REQUIRE(source->GetSurfaceLevel(4, &from4) == D3D_OK && source->GetSurfaceLevel(5, &from5) == D3D_OK);
    REQUIRE(destination->GetSurfaceLevel(4, &to4) == D3D_OK &&
            destination->GetSurfaceLevel(5, &to5) == D3D_OK);
    auto backBufferPixel = [&] {
        const std::vector<uint32_t> pixels = readBackBuffer(t.device);
        return pixels.size() == 16 * 16 ? pixels[5 * 16 + 5] & 0xFFFFFF : 0xDEADu;
    };
    const RECT half{0, 0, 2, 2};
    CHECK_EQ(t->UpdateSurface(from5, nullptr, to4, nullptr), D3DERR_INVALIDCALL);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF204060, 0.0f, 0), D3D_OK);
    CHECK_EQ(backBufferPixel(), 0x204060);
    CHECK_EQ(t->UpdateSurface(from4, &half, to5, nullptr), D3DERR_INVALIDCALL);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF608040, 0.0f, 0), D3D_OK);
    CHECK_EQ(backBufferPixel(), 0x608040);
    // The whole 2x2 level named by its rectangle, and level 4 into level 4, are whole blocks.
    CHECK_EQ(t->UpdateSurface(from5, &half, to5, nullptr), D3D_OK);
    CHECK_EQ(t->UpdateSurface(from4, nullptr, to4, nullptr), D3D_OK);
    releaseAll(from4, from5, to4, to5, source, destination);
}

// UpdateTexture copies what changed in the source since the last copy from it: a lock (not
// READONLY, not NO_DIRTY_UPDATE) or AddDirtyRect marks a region, the copy clears it (Wine's
// add_dirty_rect_test records Windows: a second update from a clean source changes nothing).
TEST(TextureCopy, UpdateTextureCopiesTheSourcesDirtyRegion) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DTexture9 *red = nullptr, *green = nullptr, *destination = nullptr;
    REQUIRE(t->CreateTexture(16, 16, 1, 0, D3DFMT_X8R8G8B8, D3DPOOL_SYSTEMMEM, &red, nullptr) == D3D_OK);
    REQUIRE(t->CreateTexture(16, 16, 1, 0, D3DFMT_X8R8G8B8, D3DPOOL_SYSTEMMEM, &green, nullptr) == D3D_OK);
    REQUIRE(t->CreateTexture(16, 16, 1, 0, D3DFMT_X8R8G8B8, D3DPOOL_DEFAULT, &destination, nullptr) ==
            D3D_OK);
    REQUIRE(fillLevel(red, 0, [](int, int) { return 0xFFFF0000u; }));
    REQUIRE(fillLevel(green, 0, [](int, int) { return 0xFF00FF00u; }));
    auto drawn = [&] {
        selectTexture(t.device);
        t->SetTexture(0, destination);
        const bool ok = drawQuad(t.device, texturedRect(0, 0, 16, 16, 0xFFFFFFFF));
        t->SetTexture(0, nullptr);
        return ok ? readBackBuffer(t.device) : std::vector<uint32_t>{};
    };
    CHECK_EQ(t->UpdateTexture(green, destination), D3D_OK);
    CHECK_EQ(t->UpdateTexture(red, destination), D3D_OK);
    CHECK_EQ(mismatchedPixels(drawn(), 16, 16, [](int, int) { return 0xFF0000u; }), 0);
    // Green was copied once and is clean: nothing changes.
    CHECK_EQ(t->UpdateTexture(green, destination), D3D_OK);
    CHECK_EQ(mismatchedPixels(drawn(), 16, 16, [](int, int) { return 0xFF0000u; }), 0);
    // A dirty rectangle of green: that part alone.
    const RECT part{4, 4, 12, 8};
    CHECK_EQ(green->AddDirtyRect(&part), D3D_OK);
    CHECK_EQ(t->UpdateTexture(green, destination), D3D_OK);
    CHECK_EQ(
        mismatchedPixels(drawn(), 16, 16,
                         [&](int x, int y) { return insideRect(x, y, 4, 4, 12, 8) ? 0x00FF00u : 0xFF0000u; }),
        0);
    // A NO_DIRTY_UPDATE or READONLY lock marks nothing; a plain lock of a rectangle marks it.
    D3DLOCKED_RECT locked{};
    REQUIRE(red->LockRect(0, &locked, nullptr, D3DLOCK_NO_DIRTY_UPDATE) == D3D_OK);
    red->UnlockRect(0);
    REQUIRE(red->LockRect(0, &locked, nullptr, D3DLOCK_READONLY) == D3D_OK);
    red->UnlockRect(0);
    CHECK_EQ(t->UpdateTexture(red, destination), D3D_OK); // red is clean since its copy
    CHECK_EQ(
        mismatchedPixels(drawn(), 16, 16,
                         [&](int x, int y) { return insideRect(x, y, 4, 4, 12, 8) ? 0x00FF00u : 0xFF0000u; }),
        0);
    CHECK_EQ(green->AddDirtyRect(nullptr), D3D_OK);
    CHECK_EQ(t->UpdateTexture(green, destination), D3D_OK);
    CHECK_EQ(mismatchedPixels(drawn(), 16, 16, [](int, int) { return 0x00FF00u; }), 0);
    const RECT corner{0, 0, 4, 4};
    REQUIRE(red->LockRect(0, &locked, &corner, 0) == D3D_OK);
    red->UnlockRect(0);
    CHECK_EQ(t->UpdateTexture(red, destination), D3D_OK);
    CHECK_EQ(
        mismatchedPixels(drawn(), 16, 16,
                         [&](int x, int y) { return insideRect(x, y, 0, 0, 4, 4) ? 0xFF0000u : 0x00FF00u; }),
        0);
    releaseAll(red, green, destination);
}

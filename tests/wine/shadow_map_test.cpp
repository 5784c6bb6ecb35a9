// Shadow maps through the D3D9 API: a D16 / D24X8 / D24S8 texture made with
// D3DUSAGE_DEPTHSTENCIL is rendered into as the depth buffer, then sampled by a pixel shader or a
// fixed-function stage, whose lookups compare the coordinate's z with the stored depth (1 where z <= depth,
// else 0), as D3D9 drivers define depth textures of those formats. And AMD's way: a DF24 texture
// whose lookups return the depth, four texels at once with FETCH4, for the shader to compare.
#include "check.h"
#include "device_support.h"
#include "texture_support.h"

namespace {

// ps_2_0: texture 0's lookup at t0 is the colour (of a shadow map: the comparison).
const DWORD kTexldPs20[] = {
    0xFFFF0200,                                     // ps_2_0
    0x0200001F, 0x80000000, 0xB00F0000,             // dcl t0
    0x0200001F, 0x90000000, 0xA00F0800,             // dcl_2d s0
    0x03000042, 0x800F0000, 0xB0E40000, 0xA0E40800, // texld r0, t0, s0
    0x02000001, 0x800F0800, 0x80E40000,             // mov oC0, r0
    0x0000FFFF,                                     // end
};

// The rectangle [x0, x1) x [y0, y1) with texture coordinates (0, 0) .. (1, 1) at its corners
// (pixel x samples texel x of a 64-wide map) and reference z.
std::vector<Tex3Vertex> referenceRect(int x0, int y0, int x1, int y1, float z) {
    const float l = float(x0) - 0.5f, r = float(x1) - 0.5f, t = float(y0) - 0.5f, b = float(y1) - 0.5f;
    const float u0 = float(x0) / 64.0f, u1 = float(x1) / 64.0f, v0 = float(y0) / 64.0f,
                v1 = float(y1) / 64.0f;
    return {
        {l, t, 0, 1, u0, v0, z}, {r, t, 0, 1, u1, v0, z}, {l, b, 0, 1, u0, v1, z}, {r, b, 0, 1, u1, v1, z}};
}

// A 64x64 depth texture of `format` (its level in *level) with depth `left` drawn into its left
// half and `right` into its right half; the target is cleared to blue, the scene left begun and
// the depth buffer unbound again. Null when the texture cannot be created.
IDirect3DTexture9* depthMapOfHalves(TestDevice& t, D3DFORMAT format, float left, float right,
                                    IDirect3DSurface9** level) {
    IDirect3DTexture9* map = nullptr;
    if (t->CreateTexture(64, 64, 1, D3DUSAGE_DEPTHSTENCIL, format, D3DPOOL_DEFAULT, &map, nullptr) != D3D_OK)
        return nullptr;
    if (map->GetSurfaceLevel(0, level) != D3D_OK) {
        map->Release();
        return nullptr;
    }
    CHECK_EQ(t->SetDepthStencilSurface(*level), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_ZENABLE, D3DZB_TRUE), D3D_OK);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xFF0000FF, 1.0f, 0), D3D_OK);
    CHECK_EQ(t->BeginScene(), D3D_OK);
    CHECK_EQ(t->SetFVF(kScreenFvf), D3D_OK);
    for (const auto& [x0, x1, z] : {std::tuple{0, 32, left}, std::tuple{32, 64, right}}) {
        const std::vector<ScreenVertex> rect = screenRect(x0, 0, x1, 64, z, 0xFF00FF00);
        CHECK_EQ(t->DrawPrimitiveUP(D3DPT_TRIANGLELIST, 2, rect.data(), sizeof(ScreenVertex)), D3D_OK);
    }
    CHECK_EQ(t->SetDepthStencilSurface(nullptr), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_ZENABLE, D3DZB_FALSE), D3D_OK);
    return map;
}

// kTexldPs20 set (returned for the caller to release) sampling `map` at stage 0 with POINT
// filters, and the FVF of referenceRect's vertices.
IDirect3DPixelShader9* sampleWithTexld(TestDevice& t, IDirect3DTexture9* map) {
    IDirect3DPixelShader9* ps = nullptr;
    if (t->CreatePixelShader(kTexldPs20, &ps) != D3D_OK) return nullptr;
    CHECK_EQ(t->SetPixelShader(ps), D3D_OK);
    CHECK_EQ(t->SetTexture(0, map), D3D_OK);
    CHECK_EQ(t->SetSamplerState(0, D3DSAMP_MINFILTER, D3DTEXF_POINT), D3D_OK);
    CHECK_EQ(t->SetSamplerState(0, D3DSAMP_MAGFILTER, D3DTEXF_POINT), D3D_OK);
    CHECK_EQ(t->SetFVF(kTex3Fvf), D3D_OK);
    return ps;
}

} // namespace

// CheckDeviceFormat offers 2D shadow maps of the three formats, not cube ones; creating a cube
// one is an invalid call, as for every format CheckDeviceFormat refuses.
TEST(ShadowMap, TheShadowFormatsAreTwoDimensionalDepthTextures) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    for (D3DFORMAT f : {D3DFMT_D16, D3DFMT_D24X8, D3DFMT_D24S8}) {
        CHECK_EQ(t.d3d->CheckDeviceFormat(0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, D3DUSAGE_DEPTHSTENCIL,
                                          D3DRTYPE_TEXTURE, f),
                 D3D_OK);
        CHECK_EQ(t.d3d->CheckDeviceFormat(0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, D3DUSAGE_DEPTHSTENCIL,
                                          D3DRTYPE_CUBETEXTURE, f),
                 D3DERR_NOTAVAILABLE);
    }
    IDirect3DCubeTexture9* cube = nullptr;
    CHECK_EQ(t->CreateCubeTexture(8, 1, D3DUSAGE_DEPTHSTENCIL, D3DFMT_D24S8, D3DPOOL_DEFAULT, &cube, nullptr),
             D3DERR_INVALIDCALL);
    CHECK(cube == nullptr);
}

// Depth 0.25 drawn into the left half of the map and 0.75 into the right; then bands of 16 rows
// sample it with references 0.5 and 0.1, through the pixel shader and then through the
// fixed-function stage (MODULATE with the white diffuse): 0.5 reads 0 on the left and 1 on the
// right, 0.1 reads 1 everywhere. The map's level stays unlockable, as D3D9's depth textures.
TEST(ShadowMap, LookupsCompareTheReferenceWithTheDepthDrawn) {
    for (D3DFORMAT format : {D3DFMT_D16, D3DFMT_D24X8, D3DFMT_D24S8}) {
        TestDevice t(64, 64);
        REQUIRE(t.device != nullptr);
        IDirect3DSurface9* level = nullptr;
        IDirect3DTexture9* map = depthMapOfHalves(t, format, 0.25f, 0.75f, &level);
        REQUIRE(map != nullptr);
        D3DLOCKED_RECT locked{};
        CHECK_EQ(level->LockRect(&locked, nullptr, D3DLOCK_READONLY), D3DERR_INVALIDCALL);

        IDirect3DPixelShader9* ps = sampleWithTexld(t, map);
        REQUIRE(ps != nullptr);
        for (int band = 0; band < 4; ++band) {
            if (band == 2) CHECK_EQ(t->SetPixelShader(nullptr), D3D_OK);
            const std::vector<Tex3Vertex> rect =
                referenceRect(0, 16 * band, 64, 16 * band + 16, band % 2 ? 0.1f : 0.5f);
            CHECK_EQ(t->DrawPrimitiveUP(D3DPT_TRIANGLESTRIP, 2, rect.data(), sizeof(Tex3Vertex)), D3D_OK);
        }
        CHECK_EQ(t->EndScene(), D3D_OK);
        const std::vector<uint32_t> pixels = readBackBuffer(t.device);
        CHECK_EQ(mismatchedPixels(
                     pixels, 64, 64,
                     [](int x, int y) { return (y / 16) % 2 == 0 && x < 32 ? 0xFF000000u : 0xFFFFFFFFu; }),
                 0);
        t->SetTexture(0, nullptr);
        t->SetPixelShader(nullptr);
        ps->Release();
        level->Release();
        map->Release();
    }
}

// AMD's shadow path: CheckDeviceFormat offers DF16 and DF24 depth textures (programs take DF24 as
// the sign of FETCH4). Depth 0.2 drawn into the left half of a DF24 map and 0.6 into the right;
// the top half of the target samples it with FETCH4 (D3DSAMP_MIPMAPLODBIAS = GET4, point filters),
// pixel x reading texel x's footprint: R = depth(x+1), G = depth(x) (texel (x, y+1)), B =
// depth(x+1), wrapping at the edge. After GET1 the bottom half reads the depth in red, 0 in green
// and blue.
TEST(ShadowMap, Df24DepthTexturesFetchFourDepthsWithFetch4) {
    constexpr D3DFORMAT kDf16 = D3DFORMAT(MAKEFOURCC('D', 'F', '1', '6'));
    constexpr D3DFORMAT kDf24 = D3DFORMAT(MAKEFOURCC('D', 'F', '2', '4'));
    constexpr DWORD kGet4 = MAKEFOURCC('G', 'E', 'T', '4'), kGet1 = MAKEFOURCC('G', 'E', 'T', '1');
    TestDevice t(64, 64);
    REQUIRE(t.device != nullptr);
    for (D3DFORMAT f : {kDf16, kDf24})
        CHECK_EQ(t.d3d->CheckDeviceFormat(0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, D3DUSAGE_DEPTHSTENCIL,
                                          D3DRTYPE_TEXTURE, f),
                 D3D_OK);
    IDirect3DSurface9* level = nullptr;
    IDirect3DTexture9* map = depthMapOfHalves(t, kDf24, 0.2f, 0.6f, &level);
    REQUIRE(map != nullptr);

    IDirect3DPixelShader9* ps = sampleWithTexld(t, map);
    REQUIRE(ps != nullptr);
    for (const auto& [y0, bias] : {std::tuple{0, kGet4}, std::tuple{32, kGet1}}) {
        CHECK_EQ(t->SetSamplerState(0, D3DSAMP_MIPMAPLODBIAS, bias), D3D_OK);
        const std::vector<Tex3Vertex> rect = referenceRect(0, y0, 64, y0 + 32, 0);
        CHECK_EQ(t->DrawPrimitiveUP(D3DPT_TRIANGLESTRIP, 2, rect.data(), sizeof(Tex3Vertex)), D3D_OK);
    }
    CHECK_EQ(t->EndScene(), D3D_OK);
    // The switch is no LOD bias: GetSamplerState gives the bias it had, 0.
    DWORD bias = 1;
    CHECK_EQ(t->GetSamplerState(0, D3DSAMP_MIPMAPLODBIAS, &bias), D3D_OK);
    CHECK_EQ(bias, 0u);
    const std::vector<uint32_t> pixels = readBackBuffer(t.device);
    auto depth = [](int x) { return (x % 64) < 32 ? 51u : 153u; }; // 0.2 and 0.6 of 255
    CHECK_EQ(mismatchedPixels(
                 pixels, 64, 64,
                 [&](int x, int y) {
                     if (y >= 32) return 0xFF000000u | depth(x) << 16;
                     return 0xFF000000u | depth(x + 1) << 16 | depth(x) << 8 | depth(x + 1);
                 },
                 1),
             0);
    t->SetTexture(0, nullptr);
    t->SetPixelShader(nullptr);
    ps->Release();
    level->Release();
    map->Release();
}

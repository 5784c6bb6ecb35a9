// Sampling textures through the fixed-function stage 0: each test fills a texture with texels it
// computes, draws a pretransformed quad, reads the back buffer and compares every pixel with
// the texel D3D9's rules say it shows (POINT filtering: pixel centres at integer coordinates,
// texel floor(u * width)).
#include <algorithm>
#include <cmath>
#include <cstring>

#include "check.h"
#include "device_support.h"
#include "texture_support.h"

namespace {

// A different colour per texel of an 8x8 checkerboard: a flipped or shifted texel shows.
uint32_t checker(int x, int y) {
    return 0xFF000000u | uint32_t(x * 32) << 16 | uint32_t(y * 32) << 8 | (((x + y) & 1) ? 0xFFu : 0x00u);
}

// A solid colour per mip level.
constexpr uint32_t kLevelColours[4] = {0xFFFF0000u, 0xFF00FF00u, 0xFF0000FFu, 0xFFFFFF00u};

bool drawQuad(IDirect3DDevice9* device, const std::vector<TexVertex>& quad) {
    return SUCCEEDED(device->SetFVF(kTexFvf)) &&
           SUCCEEDED(device->DrawPrimitiveUP(D3DPT_TRIANGLESTRIP, 2, quad.data(), sizeof(TexVertex)));
}

} // namespace

TEST(Texture, PointSampledCheckerboardShowsEachTexel) {
    TestDevice t(64, 64);
    REQUIRE(t.device != nullptr);
    IDirect3DTexture9* texture = filledTexture(t.device, 8, 8, checker);
    REQUIRE(texture != nullptr);
    selectTexture(t.device);
    CHECK_EQ(t->SetTexture(0, texture), D3D_OK);
    CHECK(drawQuad(t.device, texturedRect(0, 0, 64, 64, 0xFFFFFFFF)));
    CHECK_EQ(mismatchedPixels(readBackBuffer(t.device), 64, 64,
                              [](int x, int y) { return checker(x / 8, y / 8); }),
             0);
    texture->Release();
}

// D3DTOP_MODULATE: each channel texel * diffuse / 255 (within one step of rounding).
TEST(Texture, ModulateMultipliesTextureAndDiffuse) {
    TestDevice t(64, 64);
    REQUIRE(t.device != nullptr);
    IDirect3DTexture9* texture = filledTexture(t.device, 8, 8, checker);
    REQUIRE(texture != nullptr);
    selectTexture(t.device);
    CHECK_EQ(t->SetTextureStageState(0, D3DTSS_COLOROP, D3DTOP_MODULATE), D3D_OK);
    CHECK_EQ(t->SetTextureStageState(0, D3DTSS_COLORARG2, D3DTA_DIFFUSE), D3D_OK);
    CHECK_EQ(t->SetTexture(0, texture), D3D_OK);
    const DWORD diffuse = 0xFF80C040;
    CHECK(drawQuad(t.device, texturedRect(0, 0, 64, 64, diffuse)));
    auto modulate = [&](int x, int y) {
        const uint32_t c = checker(x / 8, y / 8);
        uint32_t out = 0;
        for (int s = 0; s < 24; s += 8)
            out |= ((((c >> s) & 0xFF) * ((diffuse >> s) & 0xFF) + 127) / 255) << s;
        return out;
    };
    CHECK_EQ(mismatchedPixels(readBackBuffer(t.device), 64, 64, modulate, 1), 0);
    texture->Release();
}

// A quad a quarter of the texture's size samples level 2 (4 texels per pixel: LOD 2), and
// D3DSAMP_MAXMIPLEVEL 1 makes a full-size quad sample level 1.
TEST(Texture, MipLevelFollowsQuadSizeAndMaxMipLevel) {
    TestDevice t(32, 32);
    REQUIRE(t.device != nullptr);
    IDirect3DTexture9* texture = nullptr;
    REQUIRE(t->CreateTexture(16, 16, 0, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &texture, nullptr) == D3D_OK);
    CHECK_EQ(texture->GetLevelCount(), 5u); // 16, 8, 4, 2, 1
    for (UINT l = 0; l < 4; ++l)
        REQUIRE(fillLevel(texture, l, [l](int, int) { return kLevelColours[l]; }));
    REQUIRE(fillLevel(texture, 4, [](int, int) { return 0xFFFFFFFFu; }));
    selectTexture(t.device);
    CHECK_EQ(t->SetSamplerState(0, D3DSAMP_MIPFILTER, D3DTEXF_POINT), D3D_OK);
    CHECK_EQ(t->SetTexture(0, texture), D3D_OK);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF000000, 1.0f, 0), D3D_OK);
    CHECK(drawQuad(t.device, texturedRect(0, 0, 4, 4, 0xFFFFFFFF)));
    CHECK_EQ(mismatchedPixels(readBackBuffer(t.device), 32, 32,
                              [](int x, int y) { return x < 4 && y < 4 ? kLevelColours[2] : 0u; }),
             0);
    CHECK_EQ(t->SetSamplerState(0, D3DSAMP_MAXMIPLEVEL, 1), D3D_OK);
    CHECK(drawQuad(t.device, texturedRect(0, 0, 16, 16, 0xFFFFFFFF)));
    CHECK_EQ(mismatchedPixels(readBackBuffer(t.device), 32, 32,
                              [](int x, int y) { return x < 16 && y < 16 ? kLevelColours[1] : 0u; }),
             0);
    texture->Release();
}

// Wine's maxmip_test records Windows: MIPFILTER NONE samples level 0 whatever MAXMIPLEVEL says,
// or the level SetLOD chose; with mipmapping the most detailed level is the larger of
// MAXMIPLEVEL and the LOD. Each quad is the texture's size (level 0 at one texel a pixel).
TEST(Texture, MaxMipLevelAndSetLodChooseTheMostDetailedLevel) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DTexture9* texture = nullptr;
    REQUIRE(t->CreateTexture(16, 16, 3, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &texture, nullptr) == D3D_OK);
    for (UINT l = 0; l < 3; ++l)
        REQUIRE(fillLevel(texture, l, [l](int, int) { return kLevelColours[l]; }));
    selectTexture(t.device);
    CHECK_EQ(t->SetTexture(0, texture), D3D_OK);
    auto drawn = [&](DWORD mipFilter, DWORD maxMipLevel) {
        t->SetSamplerState(0, D3DSAMP_MIPFILTER, mipFilter);
        t->SetSamplerState(0, D3DSAMP_MAXMIPLEVEL, maxMipLevel);
        t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF000000, 1.0f, 0);
        if (!drawQuad(t.device, texturedRect(0, 0, 16, 16, 0xFFFFFFFF))) return 0xDEADu;
        const std::vector<uint32_t> pixels = readBackBuffer(t.device);
        return pixels.size() == 256 ? pixels[8 * 16 + 8] & 0xFFFFFF : 0xDEADu;
    };
    for (DWORD maxMip = 0; maxMip < 4; ++maxMip)
        CHECK_EQ(drawn(D3DTEXF_NONE, maxMip), kLevelColours[0] & 0xFFFFFF);
    CHECK_EQ(drawn(D3DTEXF_POINT, 1), kLevelColours[1] & 0xFFFFFF);
    CHECK_EQ(texture->SetLOD(1), 0u);
    CHECK_EQ(drawn(D3DTEXF_NONE, 0), kLevelColours[1] & 0xFFFFFF);
    CHECK_EQ(drawn(D3DTEXF_NONE, 2), kLevelColours[1] & 0xFFFFFF);
    CHECK_EQ(drawn(D3DTEXF_POINT, 2), kLevelColours[2] & 0xFFFFFF);
    CHECK_EQ(texture->SetLOD(2), 1u);
    CHECK_EQ(drawn(D3DTEXF_POINT, 1), kLevelColours[2] & 0xFFFFFF);
    CHECK_EQ(texture->SetLOD(0), 2u);
    CHECK_EQ(drawn(D3DTEXF_POINT, 0), kLevelColours[0] & 0xFFFFFF);
    CHECK_EQ(t->SetTexture(0, nullptr), D3D_OK);
    texture->Release();
}

namespace {

// A 16x16 texture whose four 8x8 quadrants are red, green, blue and white: each smaller level's
// texels are their quadrant's colour down to 2x2 (level 3), and the 1x1 level their mean.
uint32_t quadrant(int x, int y) {
    constexpr uint32_t colours[4] = {0xFFFF0000u, 0xFF00FF00u, 0xFF0000FFu, 0xFFFFFFFFu};
    return colours[(y >= 8 ? 2 : 0) + (x >= 8 ? 1 : 0)];
}

// The back buffer after a 2x2 quad (level 3 of a 16x16 texture) and a 1x1 quad (level 4) at
// (4, 4), MIPFILTER POINT.
bool drawSmallLevels(IDirect3DDevice9* device, IDirect3DBaseTexture9* texture) {
    selectTexture(device);
    device->SetSamplerState(0, D3DSAMP_MIPFILTER, D3DTEXF_POINT);
    device->SetTexture(0, texture);
    device->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF000000, 1.0f, 0);
    const bool drawn = drawQuad(device, texturedRect(0, 0, 2, 2, 0xFFFFFFFF)) &&
                       drawQuad(device, texturedRect(4, 4, 5, 5, 0xFFFFFFFF));
    device->SetTexture(0, nullptr);
    return drawn;
}

// What drawSmallLevels draws: the quadrants at level 3, their mean (within one step) at level 4.
int wrongSmallLevels(IDirect3DDevice9* device) {
    return mismatchedPixels(
        readBackBuffer(device), 16, 16,
        [](int x, int y) {
            if (x < 2 && y < 2) return quadrant(x * 8, y * 8);
            return x == 4 && y == 4 ? 0xFF808080u : 0xFF000000u;
        },
        1);
}

} // namespace

// Automatic mipmaps: CheckDeviceFormat offers AUTOGENMIPMAP for uncompressed colour textures
// (D3DOK_NOAUTOGEN for DXT); the program sees one level, and the levels below are made from it
// after every unlock (D3DTEXF_LINEAR: each texel the mean of the four above it).
TEST(Texture, AutomaticMipmapsAreMadeFromTheTopLevel) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    CHECK_EQ(t.d3d->CheckDeviceFormat(0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, D3DUSAGE_AUTOGENMIPMAP,
                                      D3DRTYPE_TEXTURE, D3DFMT_A8R8G8B8),
             D3D_OK);
    CHECK_EQ(t.d3d->CheckDeviceFormat(0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, D3DUSAGE_AUTOGENMIPMAP,
                                      D3DRTYPE_CUBETEXTURE, D3DFMT_A8R8G8B8),
             D3D_OK);
    CHECK_EQ(t.d3d->CheckDeviceFormat(0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, D3DUSAGE_AUTOGENMIPMAP,
                                      D3DRTYPE_TEXTURE, D3DFMT_DXT1),
             D3DOK_NOAUTOGEN);
    IDirect3DTexture9* texture = nullptr;
    REQUIRE(t->CreateTexture(16, 16, 0, D3DUSAGE_AUTOGENMIPMAP, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &texture,
                             nullptr) == D3D_OK);
    CHECK_EQ(texture->GetLevelCount(), 1u);
    IDirect3DSurface9* hidden = nullptr;
    CHECK_EQ(texture->GetSurfaceLevel(1, &hidden), D3DERR_INVALIDCALL);
    REQUIRE(fillLevel(texture, 0, quadrant));
    CHECK(drawSmallLevels(t.device, texture));
    CHECK_EQ(wrongSmallLevels(t.device), 0);
    // A new top level makes new levels below.
    REQUIRE(fillLevel(texture, 0, [](int, int) { return 0xFF204060u; }));
    CHECK(drawSmallLevels(t.device, texture));
    CHECK_EQ(mismatchedPixels(readBackBuffer(t.device), 16, 16,
                              [](int x, int y) {
                                  return (x < 2 && y < 2) || (x == 4 && y == 4) ? 0xFF204060u : 0xFF000000u;
                              }),
             0);
    texture->Release();
}

// A render-target texture with AUTOGENMIPMAP makes its levels once the program draws into its top
// level and sets another target, and after a ColorFill of it.
TEST(Texture, AutomaticMipmapsFollowDrawsAndFillsOfTheTopLevel) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DTexture9* texture = nullptr;
    REQUIRE(t->CreateTexture(16, 16, 0, D3DUSAGE_RENDERTARGET | D3DUSAGE_AUTOGENMIPMAP, D3DFMT_A8R8G8B8,
                             D3DPOOL_DEFAULT, &texture, nullptr) == D3D_OK);
    IDirect3DSurface9 *top = nullptr, *back = nullptr;
    REQUIRE(texture->GetSurfaceLevel(0, &top) == D3D_OK);
    REQUIRE(t->GetRenderTarget(0, &back) == D3D_OK);
    CHECK_EQ(t->SetRenderTarget(0, top), D3D_OK);
    for (int q = 0; q < 4; ++q) {
        const D3DRECT r{(q % 2) * 8, (q / 2) * 8, (q % 2) * 8 + 8, (q / 2) * 8 + 8};
        CHECK_EQ(t->Clear(1, &r, D3DCLEAR_TARGET, quadrant(r.x1, r.y1), 1.0f, 0), D3D_OK);
    }
    CHECK_EQ(t->SetRenderTarget(0, back), D3D_OK);
    CHECK(drawSmallLevels(t.device, texture));
    CHECK_EQ(wrongSmallLevels(t.device), 0);
    CHECK_EQ(t->ColorFill(top, nullptr, 0xFF6080A0), D3D_OK);
    CHECK(drawSmallLevels(t.device, texture));
    CHECK_EQ(mismatchedPixels(readBackBuffer(t.device), 16, 16,
                              [](int x, int y) {
                                  return (x < 2 && y < 2) || (x == 4 && y == 4) ? 0xFF6080A0u : 0xFF000000u;
                              }),
             0);
    releaseAll(top, back, texture);
}

// A managed (or system-memory) texture's levels lie packed after level 0, each row Width * 4
// bytes, and a program may write them all through level 0's lock before the texture is first
// used: every level then shows what was written (Wine's test_mipmap_upload on Windows).
TEST(Texture, LevelsWrittenThroughLevelZerosLockAreDrawn) {
    TestDevice t(32, 32);
    REQUIRE(t.device != nullptr);
    for (const D3DPOOL pool : {D3DPOOL_MANAGED, D3DPOOL_SYSTEMMEM}) {
        IDirect3DTexture9* texture = nullptr;
        REQUIRE(t->CreateTexture(32, 32, 0, 0, D3DFMT_A8R8G8B8, pool, &texture, nullptr) == D3D_OK);
        const UINT levels = texture->GetLevelCount();
        CHECK_EQ(levels, 6u);
        D3DLOCKED_RECT locked{};
        REQUIRE(texture->LockRect(0, &locked, nullptr, 0) == D3D_OK);
        CHECK_EQ(locked.Pitch, 128);
        auto* texel = static_cast<uint32_t*>(locked.pBits);
        for (UINT l = 0; l < levels; ++l) {
            const UINT size = 32u >> l;
            std::fill_n(texel, size * size, 0xFF000000u | 0x111111u * (l + 1));
            texel += size * size;
        }
        CHECK_EQ(texture->UnlockRect(0), D3D_OK);
        selectTexture(t.device);
        CHECK_EQ(t->SetSamplerState(0, D3DSAMP_MIPFILTER, D3DTEXF_POINT), D3D_OK);
        CHECK_EQ(t->SetTexture(0, texture), D3D_OK);
        for (UINT l = 0; l < levels; ++l) {
            CHECK_EQ(t->SetSamplerState(0, D3DSAMP_MAXMIPLEVEL, l), D3D_OK);
            CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF000000, 1.0f, 0), D3D_OK);
            CHECK(drawQuad(t.device, texturedRect(0, 0, 32, 32, 0xFFFFFFFF)));
            CHECK_EQ(mismatchedPixels(readBackBuffer(t.device), 32, 32,
                                      [l](int, int) { return 0xFF000000u | 0x111111u * (l + 1); }),
                     0);
        }
        CHECK_EQ(t->SetTexture(0, nullptr), D3D_OK);
        CHECK_EQ(t->SetSamplerState(0, D3DSAMP_MAXMIPLEVEL, 0), D3D_OK);
        texture->Release();
    }
}

namespace {

constexpr uint32_t kFaceColours[6] = {0xFFFF0000, 0xFF00FF00, 0xFF0000FF, 0xFFFFFF00, 0xFF00FFFF, 0xFFFF00FF};

// Fills level 0 of every face (size x size) with the face's colour.
bool fillFaces(IDirect3DCubeTexture9* cube, int size) {
    for (int f = 0; f < 6; ++f) {
        D3DLOCKED_RECT locked{};
        if (cube->LockRect(D3DCUBEMAP_FACES(f), 0, &locked, nullptr, 0) != D3D_OK) return false;
        for (int y = 0; y < size; ++y)
            for (int x = 0; x < size; ++x)
                reinterpret_cast<uint32_t*>(static_cast<BYTE*>(locked.pBits) + y * locked.Pitch)[x] =
                    kFaceColours[f];
        if (cube->UnlockRect(D3DCUBEMAP_FACES(f), 0) != D3D_OK) return false;
    }
    return true;
}

// Draws the bound cube over a 16x16 target, the left half with direction +X and the right half
// with -Z; the pixels that do not show their face's colour.
int wrongCubeHalves(IDirect3DDevice9* device) {
    const Tex3Vertex left[4] = {{-0.5f, -0.5f, 0, 1, 1, 0, 0},
                                {7.5f, -0.5f, 0, 1, 1, 0, 0},
                                {-0.5f, 15.5f, 0, 1, 1, 0, 0},
                                {7.5f, 15.5f, 0, 1, 1, 0, 0}};
    const Tex3Vertex right[4] = {{7.5f, -0.5f, 0, 1, 0, 0, -1},
                                 {15.5f, -0.5f, 0, 1, 0, 0, -1},
                                 {7.5f, 15.5f, 0, 1, 0, 0, -1},
                                 {15.5f, 15.5f, 0, 1, 0, 0, -1}};
    if (FAILED(device->SetFVF(kTex3Fvf)) ||
        FAILED(device->DrawPrimitiveUP(D3DPT_TRIANGLESTRIP, 2, left, sizeof(Tex3Vertex))) ||
        FAILED(device->DrawPrimitiveUP(D3DPT_TRIANGLESTRIP, 2, right, sizeof(Tex3Vertex))))
        return 16 * 16;
    return mismatchedPixels(readBackBuffer(device), 16, 16, [](int x, int) {
        return x < 8 ? kFaceColours[D3DCUBEMAP_FACE_POSITIVE_X] : kFaceColours[D3DCUBEMAP_FACE_NEGATIVE_Z];
    });
}

} // namespace

// A cube texture's face is the one the direction's major axis names (+X, -Z).
TEST(Texture, CubeFaceSampledByDirection) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DCubeTexture9* cube = nullptr;
    REQUIRE(t->CreateCubeTexture(4, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &cube, nullptr) == D3D_OK);
    REQUIRE(fillFaces(cube, 4));
    selectTexture(t.device);
    CHECK_EQ(t->SetTexture(0, cube), D3D_OK);
    CHECK_EQ(wrongCubeHalves(t.device), 0);
    cube->Release();
}

// An AUTOGENMIPMAP cube texture makes every face's levels from the face's top: at MAXMIPLEVEL 3
// (1x1 of 8x8) each direction reads its face's colour.
TEST(Texture, AutomaticMipmapsOfCubeFaces) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DCubeTexture9* cube = nullptr;
    REQUIRE(t->CreateCubeTexture(8, 0, D3DUSAGE_AUTOGENMIPMAP, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &cube,
                                 nullptr) == D3D_OK);
    CHECK_EQ(cube->GetLevelCount(), 1u);
    REQUIRE(fillFaces(cube, 8));
    selectTexture(t.device);
    CHECK_EQ(t->SetSamplerState(0, D3DSAMP_MIPFILTER, D3DTEXF_POINT), D3D_OK);
    CHECK_EQ(t->SetSamplerState(0, D3DSAMP_MAXMIPLEVEL, 3), D3D_OK);
    CHECK_EQ(t->SetTexture(0, cube), D3D_OK);
    CHECK_EQ(wrongCubeHalves(t.device), 0);
    CHECK_EQ(t->SetSamplerState(0, D3DSAMP_MAXMIPLEVEL, 0), D3D_OK);
    CHECK_EQ(t->SetTexture(0, nullptr), D3D_OK);
    cube->Release();
}

// A volume texture's slice is the one the third coordinate names: w = (slice + 0.5) / depth.
TEST(Texture, VolumeSliceSampledByThirdCoordinate) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DVolumeTexture9* volume = nullptr;
    REQUIRE(t->CreateVolumeTexture(4, 4, 4, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &volume, nullptr) ==
            D3D_OK);
    D3DLOCKED_BOX locked{};
    REQUIRE(volume->LockBox(0, &locked, nullptr, 0) == D3D_OK);
    for (int z = 0; z < 4; ++z)
        for (int y = 0; y < 4; ++y)
            for (int x = 0; x < 4; ++x)
                reinterpret_cast<uint32_t*>(static_cast<BYTE*>(locked.pBits) + z * locked.SlicePitch +
                                            y * locked.RowPitch)[x] = kLevelColours[z];
    CHECK_EQ(volume->UnlockBox(0), D3D_OK);
    selectTexture(t.device);
    CHECK_EQ(t->SetTexture(0, volume), D3D_OK);
    CHECK_EQ(t->SetFVF(kTex3Fvf), D3D_OK);
    const float w = 2.5f / 4.0f; // slice 2
    const Tex3Vertex quad[4] = {{-0.5f, -0.5f, 0, 1, 0, 0, w},
                                {15.5f, -0.5f, 0, 1, 1, 0, w},
                                {-0.5f, 15.5f, 0, 1, 0, 1, w},
                                {15.5f, 15.5f, 0, 1, 1, 1, w}};
    CHECK_EQ(t->DrawPrimitiveUP(D3DPT_TRIANGLESTRIP, 2, quad, sizeof(Tex3Vertex)), D3D_OK);
    CHECK_EQ(mismatchedPixels(readBackBuffer(t.device), 16, 16, [](int, int) { return kLevelColours[2]; }),
             0);
    volume->Release();
}

// DXT1: a block whose two colours are equal shows that RGB565 colour, expanded to 8 bits
// (each channel's high bits repeated into the low ones).
TEST(Texture, Dxt1SolidBlockShowsItsColour) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    if (t.d3d->CheckDeviceFormat(D3DADAPTER_DEFAULT, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, 0, D3DRTYPE_TEXTURE,
                                 D3DFMT_DXT1) != D3D_OK) {
        IDirect3DTexture9* refused = nullptr;
        CHECK_EQ(t->CreateTexture(8, 8, 1, 0, D3DFMT_DXT1, D3DPOOL_MANAGED, &refused, nullptr),
                 D3DERR_INVALIDCALL);
        return;
    }
    IDirect3DTexture9* texture = nullptr;
    REQUIRE(t->CreateTexture(8, 8, 1, 0, D3DFMT_DXT1, D3DPOOL_MANAGED, &texture, nullptr) == D3D_OK);
    const uint16_t c565 = (25 << 11) | (40 << 5) | 7; // r 25/31, g 40/63, b 7/31
    D3DLOCKED_RECT locked{};
    REQUIRE(texture->LockRect(0, &locked, nullptr, 0) == D3D_OK);
    for (int by = 0; by < 2; ++by)
        for (int bx = 0; bx < 2; ++bx) {
            auto* block =
                reinterpret_cast<uint16_t*>(static_cast<BYTE*>(locked.pBits) + by * locked.Pitch + bx * 8);
            block[0] = block[1] = c565;
            block[2] = block[3] = 0; // every texel index 0
        }
    CHECK_EQ(texture->UnlockRect(0), D3D_OK);
    selectTexture(t.device);
    CHECK_EQ(t->SetTexture(0, texture), D3D_OK);
    CHECK(drawQuad(t.device, texturedRect(0, 0, 16, 16, 0xFFFFFFFF)));
    const uint32_t r = (25 << 3) | (25 >> 2), g = (40 << 2) | (40 >> 4), b = (7 << 3) | (7 >> 2);
    CHECK_EQ(mismatchedPixels(
                 readBackBuffer(t.device), 16, 16, [&](int, int) { return r << 16 | g << 8 | b; }, 1),
             0);
    texture->Release();
}

// AMD's 3Dc formats: 4x4 blocks of 8 bytes per channel, in rows of Pitch bytes. Each block here
// has equal endpoints and indices 0, so every texel is its endpoint. ATI2's first block is
// D3D9's green and its second its red (blue 1); ATI1's one channel is red (green and blue 0).
// An 8x8 texture of four blocks of different values, on a 16x16 quad: each block shows on an
// 8x8 square, so a wrong pitch or block order shows.
TEST(Texture, AtiBlocksShowAmdsChannelOrder) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    for (const D3DFORMAT format :
         {D3DFORMAT(MAKEFOURCC('A', 'T', 'I', '1')), D3DFORMAT(MAKEFOURCC('A', 'T', 'I', '2'))}) {
        const bool two = format == D3DFORMAT(MAKEFOURCC('A', 'T', 'I', '2'));
        REQUIRE(t.d3d->CheckDeviceFormat(D3DADAPTER_DEFAULT, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, 0,
                                         D3DRTYPE_TEXTURE, format) == D3D_OK);
        CHECK_EQ(t.d3d->CheckDeviceFormat(D3DADAPTER_DEFAULT, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8,
                                          D3DUSAGE_RENDERTARGET, D3DRTYPE_TEXTURE, format),
                 D3DERR_NOTAVAILABLE);
        IDirect3DTexture9* texture = nullptr;
        REQUIRE(t->CreateTexture(8, 8, 1, 0, format, D3DPOOL_MANAGED, &texture, nullptr) == D3D_OK);
        // The values of block (bx, by): the first channel's and the second's.
        auto first = [](int bx, int by) { return uint8_t(0x20 + 0x40 * bx + 0x10 * by); };
        auto second = [](int bx, int by) { return uint8_t(0xF0 - 0x50 * by - 0x08 * bx); };
        D3DLOCKED_RECT locked{};
        REQUIRE(texture->LockRect(0, &locked, nullptr, 0) == D3D_OK);
        const int blockBytes = two ? 16 : 8;
        CHECK_EQ(locked.Pitch, 2 * blockBytes); // two blocks a row
        for (int by = 0; by < 2; ++by)
            for (int bx = 0; bx < 2; ++bx) {
                BYTE* block = static_cast<BYTE*>(locked.pBits) + by * locked.Pitch + bx * blockBytes;
                std::memset(block, 0, size_t(blockBytes));
                block[0] = block[1] = first(bx, by);
                if (two) block[8] = block[9] = second(bx, by);
            }
        CHECK_EQ(texture->UnlockRect(0), D3D_OK);
        selectTexture(t.device);
        CHECK_EQ(t->SetTexture(0, texture), D3D_OK);
        CHECK(drawQuad(t.device, texturedRect(0, 0, 16, 16, 0xFFFFFFFF)));
        const auto expected = [&](int x, int y) -> uint32_t {
            const int bx = x / 8, by = y / 8;
            return two ? uint32_t(second(bx, by)) << 16 | uint32_t(first(bx, by)) << 8 | 0xFFu
                       : uint32_t(first(bx, by)) << 16;
        };
        CHECK_EQ(mismatchedPixels(readBackBuffer(t.device), 16, 16, expected, 1), 0);
        CHECK_EQ(t->SetTexture(0, nullptr), D3D_OK);
        texture->Release();
    }
}

namespace {

// Fills level 0 of an 8x8 YUY2 or UYVY texture with kVideoPairs in every row.
bool fillVideo(IDirect3DTexture9* texture, bool yuy2) {
    D3DLOCKED_RECT locked{};
    if (FAILED(texture->LockRect(0, &locked, nullptr, 0))) return false;
    for (int y = 0; y < 8; ++y)
        for (int k = 0; k < 4; ++k)
            videoPairBytes(k, yuy2, static_cast<BYTE*>(locked.pBits) + y * locked.Pitch + 4 * k);
    return SUCCEEDED(texture->UnlockRect(0));
}

} // namespace

// YUY2 and UYVY textures (4:2:2 video, two pixels per four bytes): sampled as BT.601 RGB, and a
// source StretchRect converts into the back buffer, as video players use them.
TEST(Texture, VideoTexturesShowBt601Colours) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    for (const bool yuy2 : {true, false}) {
        const D3DFORMAT format = yuy2 ? D3DFMT_YUY2 : D3DFMT_UYVY;
        REQUIRE(t.d3d->CheckDeviceFormat(D3DADAPTER_DEFAULT, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, 0,
                                         D3DRTYPE_TEXTURE, format) == D3D_OK);
        CHECK_EQ(
            t.d3d->CheckDeviceFormatConversion(D3DADAPTER_DEFAULT, D3DDEVTYPE_HAL, format, D3DFMT_X8R8G8B8),
            D3D_OK);
        IDirect3DTexture9* managed = nullptr;
        REQUIRE(t->CreateTexture(8, 8, 1, 0, format, D3DPOOL_MANAGED, &managed, nullptr) == D3D_OK);
        REQUIRE(fillVideo(managed, yuy2));
        CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF000000, 1.0f, 0), D3D_OK);
        selectTexture(t.device);
        CHECK_EQ(t->SetTexture(0, managed), D3D_OK);
        CHECK(drawQuad(t.device, texturedRect(0, 0, 8, 8, 0xFFFFFFFF)));
        CHECK_EQ(t->SetTexture(0, nullptr), D3D_OK);
        // The same texels through UpdateTexture into a default-pool texture, copied by StretchRect.
        IDirect3DTexture9* system = nullptr;
        IDirect3DTexture9* video = nullptr;
        REQUIRE(t->CreateTexture(8, 8, 1, 0, format, D3DPOOL_SYSTEMMEM, &system, nullptr) == D3D_OK);
        REQUIRE(t->CreateTexture(8, 8, 1, 0, format, D3DPOOL_DEFAULT, &video, nullptr) == D3D_OK);
        REQUIRE(fillVideo(system, yuy2));
        CHECK_EQ(t->UpdateTexture(system, video), D3D_OK);
        IDirect3DSurface9* level = nullptr;
        IDirect3DSurface9* back = nullptr;
        REQUIRE(video->GetSurfaceLevel(0, &level) == D3D_OK);
        REQUIRE(t->GetBackBuffer(0, 0, D3DBACKBUFFER_TYPE_MONO, &back) == D3D_OK);
        const RECT right{8, 0, 16, 8};
        CHECK_EQ(t->StretchRect(level, nullptr, back, &right, D3DTEXF_NONE), D3D_OK);
        const auto expected = [](int x, int y) -> uint32_t { return y < 8 ? bt601(x % 8) : 0; };
        CHECK_EQ(mismatchedPixels(readBackBuffer(t.device), 16, 16, expected, 2), 0);
        back->Release();
        level->Release();
        video->Release();
        system->Release();
        managed->Release();
    }
}

// Render-target formats past A8R8G8B8, X8R8G8B8 and R5G6B5 (docs/d3d9-dll.md, "Formats"): the
// floating-point and 10-bit formats HDR and deferred renderers draw into. An HDR pass keeps
// values past [0, 1], blends them unclamped, and a second pass samples them into the back
// buffer; a deferred pass writes an R32F target beside an A8R8G8B8 one. Values are read back
// through GetRenderTargetData and decoded here.
#include "check.h"
#include "shader_support.h"

#include <cstring>
#include <vector>

namespace {

// vs_3_0: o0 = v0, o1 (TEXCOORD0) = v1.
const DWORD kTexturedVs30[] = {
    0xFFFE0300,                         // vs_3_0
    0x0200001F, 0x80000000, 0x900F0000, // dcl_position v0
    0x0200001F, 0x80000005, 0x900F0001, // dcl_texcoord0 v1
    0x0200001F, 0x80000000, 0xE00F0000, // dcl_position o0
    0x0200001F, 0x80000005, 0xE00F0001, // dcl_texcoord0 o1
    0x02000001, 0xE00F0000, 0x90E40000, // mov o0, v0
    0x02000001, 0xE00F0001, 0x90E40001, // mov o1, v1
    0x0000FFFF,
};
// ps_3_0: oC0 = tex2D(s0, v0) * c0.
const DWORD kScaledSamplePs30[] = {
    0xFFFF0300,                                     // ps_3_0
    0x0200001F, 0x80000005, 0x900F0000,             // dcl_texcoord0 v0
    0x0200001F, 0x90000000, 0xA00F0800,             // dcl_2d s0
    0x03000042, 0x800F0000, 0x90E40000, 0xA0E40800, // texld r0, v0, s0
    0x03000005, 0x800F0800, 0x80E40000, 0xA0E40000, // mul oC0, r0, c0
    0x0000FFFF,
};

struct TexturedPosition {
    float x, y, z, u, v;
};
const D3DVERTEXELEMENT9 kTexturedPosition[] = {
    {0, 0, D3DDECLTYPE_FLOAT3, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0},
    {0, 12, D3DDECLTYPE_FLOAT2, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_TEXCOORD, 0},
    D3DDECL_END(),
};
const TexturedPosition kQuad[] = {
    {-1, -1, 0.1f, 0, 1}, {-1, 1, 0.1f, 0, 0}, {1, -1, 0.1f, 1, 1}, {1, 1, 0.1f, 1, 0}};

bool drawQuad(IDirect3DDevice9* device) {
    return device->BeginScene() == D3D_OK &&
           device->DrawPrimitiveUP(D3DPT_TRIANGLESTRIP, 2, kQuad, sizeof(TexturedPosition)) == D3D_OK &&
           device->EndScene() == D3D_OK;
}

float fromHalf(uint16_t h) {
    const uint32_t sign = uint32_t(h & 0x8000) << 16;
    const uint32_t exponent = h >> 10 & 0x1F, mantissa = h & 0x3FF;
    uint32_t bits = sign; // (zero; the values here are normal numbers)
    if (exponent) bits |= (exponent - 15 + 127) << 23 | mantissa << 13;
    float f;
    std::memcpy(&f, &bits, 4);
    return f;
}

} // namespace

// CheckDeviceFormat offers them as render-target surfaces and textures.
TEST(RenderTargetFormats, FloatTenBitAndSixteenBitFormatsAreRenderTargets) {
    TestDevice t(32, 32);
    REQUIRE(t.device != nullptr);
    for (D3DFORMAT f : {D3DFMT_A16B16G16R16F, D3DFMT_R16F, D3DFMT_G16R16F, D3DFMT_R32F, D3DFMT_G32R32F,
                        D3DFMT_A32B32G32R32F, D3DFMT_A2R10G10B10, D3DFMT_A2B10G10R10, D3DFMT_G16R16,
                        D3DFMT_A16B16G16R16, D3DFMT_A1R5G5B5, D3DFMT_X1R5G5B5}) {
        CHECK_EQ(t.d3d->CheckDeviceFormat(0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, D3DUSAGE_RENDERTARGET,
                                          D3DRTYPE_TEXTURE, f),
                 D3D_OK);
        IDirect3DSurface9* target = nullptr;
        CHECK_EQ(t->CreateRenderTarget(8, 8, f, D3DMULTISAMPLE_NONE, 0, FALSE, &target, nullptr), D3D_OK);
        releaseAll(target);
    }
}

// HDR: an A16B16G16R16F texture takes (2.5, -1, 0.5, 8) and, ONE + ONE blended, 0.25 more in each
// channel, unclamped; a second pass samples it scaled by 0.1 into the X8R8G8B8 back buffer.
TEST(RenderTargetFormats, AHalfFloatTargetKeepsValuesPastOneAndSamplesBack) {
    TestDevice t(32, 32);
    REQUIRE(t.device != nullptr);
    IDirect3DSurface9* backBuffer = nullptr;
    REQUIRE(t->GetRenderTarget(0, &backBuffer) == D3D_OK);
    IDirect3DTexture9* hdr = nullptr;
    IDirect3DSurface9* hdrTarget = nullptr;
    REQUIRE(t->CreateTexture(8, 8, 1, D3DUSAGE_RENDERTARGET, D3DFMT_A16B16G16R16F, D3DPOOL_DEFAULT, &hdr,
                             nullptr) == D3D_OK);
    REQUIRE(hdr->GetSurfaceLevel(0, &hdrTarget) == D3D_OK);
    REQUIRE(t->SetRenderTarget(0, hdrTarget) == D3D_OK);
    REQUIRE(useShaders(t.device, kTexturedPosition, kTexturedVs30, shader_code::kTwoConstantsPs30));
    const float value[4] = {2.5f, -1.0f, 0.5f, 8.0f};
    const float quarter[4] = {0.25f, 0.25f, 0.25f, 0.25f};
    CHECK_EQ(t->SetPixelShaderConstantF(0, value, 1), D3D_OK);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0, 0.0f, 0), D3D_OK);
    CHECK(drawQuad(t.device));
    CHECK_EQ(t->SetRenderState(D3DRS_ALPHABLENDENABLE, TRUE), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_SRCBLEND, D3DBLEND_ONE), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_DESTBLEND, D3DBLEND_ONE), D3D_OK);
    CHECK_EQ(t->SetPixelShaderConstantF(0, quarter, 1), D3D_OK);
    CHECK(drawQuad(t.device));
    CHECK_EQ(t->SetRenderState(D3DRS_ALPHABLENDENABLE, FALSE), D3D_OK);

    const std::vector<uint8_t> bytes = readBytes(t.device, hdrTarget, 8);
    REQUIRE(bytes.size() == 8 * 8 * 8);
    int wrong = 0;
    for (size_t p = 0; p < 64; ++p)
        for (int c = 0; c < 4; ++c) {
            uint16_t h;
            std::memcpy(&h, &bytes[p * 8 + size_t(c) * 2], 2);
            if (fromHalf(h) != value[c] + 0.25f) ++wrong;
        }
    CHECK_EQ(wrong, 0);

    // (2.75, -0.75, 0.75, 8.25) * 0.1, saturated into the back buffer: (0.275, 0, 0.075).
    REQUIRE(t->SetRenderTarget(0, backBuffer) == D3D_OK);
    IDirect3DPixelShader9* sampled = nullptr;
    REQUIRE(t->CreatePixelShader(kScaledSamplePs30, &sampled) == D3D_OK);
    CHECK_EQ(t->SetPixelShader(sampled), D3D_OK);
    CHECK_EQ(t->SetTexture(0, hdr), D3D_OK);
    const float tenth[4] = {0.1f, 0.1f, 0.1f, 0.1f};
    CHECK_EQ(t->SetPixelShaderConstantF(0, tenth, 1), D3D_OK);
    CHECK(drawQuad(t.device));
    CHECK_EQ(t->SetTexture(0, nullptr), D3D_OK);
    CHECK_EQ(wrongPixels(
                 readBackBuffer(t.device), 32, 32, [](int, int) { return 0x460013u; }, 1),
             0);
    releaseAll(sampled, hdrTarget, hdr, backBuffer);
}

// Deferred shading's layout: colour into A8R8G8B8 and a depth value into R32F in one pass.
TEST(RenderTargetFormats, AnR32FTargetBesideAnA8R8G8B8One) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DSurface9* targets[2] = {};
    REQUIRE(t->CreateRenderTarget(16, 16, D3DFMT_A8R8G8B8, D3DMULTISAMPLE_NONE, 0, FALSE, &targets[0],
                                  nullptr) == D3D_OK);
    REQUIRE(t->CreateRenderTarget(16, 16, D3DFMT_R32F, D3DMULTISAMPLE_NONE, 0, FALSE, &targets[1], nullptr) ==
            D3D_OK);
    for (DWORD i = 0; i < 2; ++i)
        REQUIRE(t->SetRenderTarget(i, targets[i]) == D3D_OK);
    REQUIRE(useShaders(t.device, kTexturedPosition, kTexturedVs30, shader_code::kTwoConstantsPs30));
    const float colour[4] = {1.0f, 0.0f, 1.0f, 1.0f};
    const float depth[4] = {1234.5f, 0, 0, 0};
    CHECK_EQ(t->SetPixelShaderConstantF(0, colour, 1), D3D_OK);
    CHECK_EQ(t->SetPixelShaderConstantF(1, depth, 1), D3D_OK);
    CHECK(drawQuad(t.device));
    const std::vector<uint32_t> pixels = readPixels(t.device, targets[0]);
    CHECK_EQ(wrongPixels(pixels, 16, 16, [](int, int) { return 0xFF00FFu; }), 0);
    const std::vector<uint8_t> bytes = readBytes(t.device, targets[1], 4);
    REQUIRE(bytes.size() == 16 * 16 * 4);
    int wrong = 0;
    for (size_t p = 0; p < 256; ++p) {
        float f;
        std::memcpy(&f, &bytes[p * 4], 4);
        if (f != 1234.5f) ++wrong;
    }
    CHECK_EQ(wrong, 0);
    releaseAll(targets[0], targets[1]);
}

// ColorFill of floating-point surfaces: each channel of the D3DCOLOR as a 0..1 float, halves
// truncated as Windows stores them (Wine's color_fill_test: 0xdeadbeef into R32F is 0xad / 255,
// into A16B16G16R16F the halves 0x396d, 0x39f5, 0x3b7f, 0x3af6). A format ColorFill cannot
// convert into (L8) is refused, and the device goes on drawing.
TEST(RenderTargetFormats, ColorFillWritesFloatsAndRefusesWhatItCannotConvert) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DSurface9* single = nullptr;
    IDirect3DSurface9* halves = nullptr;
    REQUIRE(t->CreateOffscreenPlainSurface(4, 4, D3DFMT_R32F, D3DPOOL_DEFAULT, &single, nullptr) == D3D_OK);
    REQUIRE(t->CreateOffscreenPlainSurface(4, 4, D3DFMT_A16B16G16R16F, D3DPOOL_DEFAULT, &halves, nullptr) ==
            D3D_OK);
    CHECK_EQ(t->ColorFill(single, nullptr, 0xDEADBEEF), D3D_OK);
    CHECK_EQ(t->ColorFill(halves, nullptr, 0xDEADBEEF), D3D_OK);
    D3DLOCKED_RECT locked{};
    REQUIRE(single->LockRect(&locked, nullptr, D3DLOCK_READONLY) == D3D_OK);
    float red = 0;
    memcpy(&red, locked.pBits, 4);
    CHECK(red == float(0xAD) / 255.0f);
    single->UnlockRect();
    REQUIRE(halves->LockRect(&locked, nullptr, D3DLOCK_READONLY) == D3D_OK);
    uint16_t h[4] = {};
    memcpy(h, locked.pBits, 8);
    CHECK_EQ(h[0], 0x396D);
    CHECK_EQ(h[1], 0x39F5);
    CHECK_EQ(h[2], 0x3B7F);
    CHECK_EQ(h[3], 0x3AF6);
    halves->UnlockRect();

    IDirect3DSurface9* luminance = nullptr;
    if (t->CreateOffscreenPlainSurface(4, 4, D3DFMT_L8, D3DPOOL_DEFAULT, &luminance, nullptr) == D3D_OK) {
        CHECK_EQ(t->ColorFill(luminance, nullptr, 0xFF808080), D3DERR_INVALIDCALL);
        luminance->Release();
    }
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF123456, 0.0f, 0), D3D_OK);
    CHECK_EQ(wrongPixels(readBackBuffer(t.device), 16, 16, [](int, int) { return 0x123456u; }), 0);
    releaseAll(single, halves);
}

// Wine's clear_test: with D3DRS_SRGBWRITEENABLE, Clear encodes its colour to sRGB as a draw
// would (0x7f to 0xbb, within one), in the back buffer and in an X8R8G8B8 target texture.
TEST(RenderTargetFormats, ClearWithSrgbWriteEncodesTheColour) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DTexture9* texture = nullptr;
    IDirect3DSurface9* level = nullptr;
    IDirect3DSurface9* backBuffer = nullptr;
    REQUIRE(t->CreateTexture(8, 8, 1, D3DUSAGE_RENDERTARGET, D3DFMT_X8R8G8B8, D3DPOOL_DEFAULT, &texture,
                             nullptr) == D3D_OK);
    REQUIRE(texture->GetSurfaceLevel(0, &level) == D3D_OK);
    REQUIRE(t->GetRenderTarget(0, &backBuffer) == D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_SRGBWRITEENABLE, TRUE), D3D_OK);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0x7F7F7F7F, 0.0f, 0), D3D_OK);
    REQUIRE(t->SetRenderTarget(0, level) == D3D_OK);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0x7F7F7F7F, 0.0f, 0), D3D_OK);
    CHECK_EQ(wrongPixels(
                 readPixels(t.device, backBuffer), 16, 16, [](int, int) { return 0xBBBBBBu; }, 1),
             0);
    CHECK_EQ(wrongPixels(
                 readPixels(t.device, level), 8, 8, [](int, int) { return 0xBBBBBBu; }, 1),
             0);
    releaseAll(level, texture, backBuffer);
}

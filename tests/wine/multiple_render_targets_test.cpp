// Multiple render targets (docs/d3d9-dll.md, "Render targets"): SetRenderTarget 1..3 beside
// target 0, drawn and cleared together. Windows' answers as Wine's multiple_rendertargets_test
// records them (Clear fills every target; a target whose oCn the shader does not write keeps its
// pixels), and the D3D9 rules for MRT: one blend state for all targets, each blending its own
// oCn; COLORWRITEENABLE1..3 mask targets 1..3. Expected pixels are computed here.
#include "check.h"
#include "shader_support.h"

#include <vector>

namespace {

// vs_3_0: o0 = v0.
const DWORD kPositionVs30[] = {
    0xFFFE0300,                         // vs_3_0
    0x0200001F, 0x80000000, 0x900F0000, // dcl_position v0
    0x0200001F, 0x80000000, 0xE00F0000, // dcl_position o0
    0x02000001, 0xE00F0000, 0x90E40000, // mov o0, v0
    0x0000FFFF,
};
// ps_3_0: oCn = cn for n = 0..3.
const DWORD kFourOutputsPs30[] = {
    0xFFFF0300,                         // ps_3_0
    0x02000001, 0x800F0800, 0xA0E40000, // mov oC0, c0
    0x02000001, 0x800F0801, 0xA0E40001, // mov oC1, c1
    0x02000001, 0x800F0802, 0xA0E40002, // mov oC2, c2
    0x02000001, 0x800F0803, 0xA0E40003, // mov oC3, c3
    0x0000FFFF,
};
// ps_2_0: oC0 = c0, oC1 = c1 (MRT from shader model 2 on).
const DWORD kTwoOutputsPs20[] = {
    0xFFFF0200,                         // ps_2_0
    0x02000001, 0x800F0800, 0xA0E40000, // mov oC0, c0
    0x02000001, 0x800F0801, 0xA0E40001, // mov oC1, c1
    0x0000FFFF,
};

// A quad over the whole target (a triangle strip of positions in clip space).
const Position kQuad[] = {{-1, -1, 0.1f}, {-1, 1, 0.1f}, {1, -1, 0.1f}, {1, 1, 0.1f}};

// Every pixel of `pixels` is `want` (0xAARRGGBB, alpha compared too).
bool allAre(const std::vector<uint32_t>& pixels, uint32_t want) {
    if (pixels.empty()) return false;
    for (uint32_t p : pixels)
        if (p != want) return false;
    return true;
}

bool drawQuad(IDirect3DDevice9* device) {
    return device->BeginScene() == D3D_OK &&
           device->DrawPrimitiveUP(D3DPT_TRIANGLESTRIP, 2, kQuad, sizeof(Position)) == D3D_OK &&
           device->EndScene() == D3D_OK;
}

// Channel by channel: write's bits (D3DCOLORWRITEENABLE_RED = 1, GREEN 2, BLUE 4, ALPHA 8) take
// `drawn`, the others keep `kept`.
uint32_t masked(uint32_t kept, uint32_t drawn, DWORD write) {
    const int shifts[4] = {16, 8, 0, 24};
    uint32_t out = 0;
    for (int c = 0; c < 4; ++c)
        out |= ((write >> c & 1) ? drawn : kept) & 0xFFu << shifts[c];
    return out;
}

// ONE + ONE blending, saturated per channel.
uint32_t added(uint32_t x, uint32_t y) {
    uint32_t out = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        const uint32_t sum = (x >> shift & 0xFF) + (y >> shift & 0xFF);
        out |= (sum > 255 ? 255 : sum) << shift;
    }
    return out;
}

// A D3DCOLOR as the float4 (r, g, b, a) a shader writes for it.
void setColourConstant(IDirect3DDevice9* device, UINT reg, uint32_t argb) {
    const float c[4] = {float(argb >> 16 & 0xFF) / 255, float(argb >> 8 & 0xFF) / 255,
                        float(argb & 0xFF) / 255, float(argb >> 24) / 255};
    device->SetPixelShaderConstantF(reg, c, 1);
}

} // namespace

// Wine's multiple_rendertargets_test: two 16 x 16 A8R8G8B8 render-target textures. Clear fills
// both; a pixel shader writing oC0 alone leaves target 1 as it was; one writing oC0 and oC1
// puts each in its target.
TEST(MultipleRenderTargets, ClearFillsBothAndOnlyWrittenTargetsChange) {
    TestDevice t(64, 64);
    REQUIRE(t.device != nullptr);
    D3DCAPS9 caps{};
    REQUIRE(t->GetDeviceCaps(&caps) == D3D_OK);
    REQUIRE(caps.NumSimultaneousRTs >= 2);
    IDirect3DTexture9* textures[2] = {};
    IDirect3DSurface9* targets[2] = {};
    for (int i = 0; i < 2; ++i) {
        REQUIRE(t->CreateTexture(16, 16, 1, D3DUSAGE_RENDERTARGET, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT,
                                 &textures[i], nullptr) == D3D_OK);
        REQUIRE(textures[i]->GetSurfaceLevel(0, &targets[i]) == D3D_OK);
        REQUIRE(t->SetRenderTarget(i, targets[i]) == D3D_OK);
    }
    IDirect3DPixelShader9* oneOutput = nullptr;
    REQUIRE(useShaders(t.device, kPositionOnly, kPositionVs30, shader_code::kConstantColourPs30));
    REQUIRE(t->GetPixelShader(&oneOutput) == D3D_OK);
    IDirect3DPixelShader9* twoOutputs = nullptr;
    REQUIRE(t->CreatePixelShader(shader_code::kTwoConstantsPs30, &twoOutputs) == D3D_OK);
    setColourConstant(t.device, 0, 0x0000FF00); // (0, 1, 0, 0)
    setColourConstant(t.device, 1, 0x000000FF); // (0, 0, 1, 0)

    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF0000FF, 0.0f, 0), D3D_OK);
    CHECK(allAre(readPixels(t.device, targets[0]), 0xFF0000FF));
    CHECK(allAre(readPixels(t.device, targets[1]), 0xFF0000FF));
    CHECK(drawQuad(t.device));
    CHECK(allAre(readPixels(t.device, targets[0]), 0x0000FF00));
    CHECK(allAre(readPixels(t.device, targets[1]), 0xFF0000FF));

    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF00FF00, 0.0f, 0), D3D_OK);
    CHECK(allAre(readPixels(t.device, targets[0]), 0xFF00FF00));
    CHECK(allAre(readPixels(t.device, targets[1]), 0xFF00FF00));
    CHECK_EQ(t->SetPixelShader(twoOutputs), D3D_OK);
    CHECK(drawQuad(t.device));
    CHECK(allAre(readPixels(t.device, targets[0]), 0x0000FF00));
    CHECK(allAre(readPixels(t.device, targets[1]), 0x000000FF));
    releaseAll(oneOutput, twoOutputs, targets[0], targets[1], textures[0], textures[1]);
}

// Four targets: COLORWRITEENABLE masks target 0 and COLORWRITEENABLE1..3 targets 1..3, each on
// its own; ONE + ONE blending adds each target's oCn to it. A ps_2_0 writing oC0 and oC1 then
// leaves targets 2 and 3 as they were.
TEST(MultipleRenderTargets, FourTargetsMaskAndBlendEachOnItsOwn) {
    TestDevice t(64, 64);
    REQUIRE(t.device != nullptr);
    D3DCAPS9 caps{};
    REQUIRE(t->GetDeviceCaps(&caps) == D3D_OK);
    REQUIRE(caps.NumSimultaneousRTs == 4);
    REQUIRE((caps.PrimitiveMiscCaps & D3DPMISCCAPS_INDEPENDENTWRITEMASKS) != 0);
    REQUIRE((caps.PrimitiveMiscCaps & D3DPMISCCAPS_MRTPOSTPIXELSHADERBLENDING) != 0);
    IDirect3DSurface9* targets[4] = {};
    for (int i = 0; i < 4; ++i) {
        REQUIRE(t->CreateRenderTarget(8, 8, D3DFMT_A8R8G8B8, D3DMULTISAMPLE_NONE, 0, FALSE, &targets[i],
                                      nullptr) == D3D_OK);
        REQUIRE(t->SetRenderTarget(i, targets[i]) == D3D_OK);
    }
    REQUIRE(useShaders(t.device, kPositionOnly, kPositionVs30, kFourOutputsPs30));
    const uint32_t outputs[4] = {0xFF402000, 0x80008040, 0xFF102030, 0x40C0C0C0};
    for (UINT n = 0; n < 4; ++n)
        setColourConstant(t.device, n, outputs[n]);
    const DWORD masks[4] = {0xF, D3DCOLORWRITEENABLE_GREEN, 0,
                            D3DCOLORWRITEENABLE_RED | D3DCOLORWRITEENABLE_ALPHA};
    const D3DRENDERSTATETYPE maskStates[4] = {D3DRS_COLORWRITEENABLE, D3DRS_COLORWRITEENABLE1,
                                              D3DRS_COLORWRITEENABLE2, D3DRS_COLORWRITEENABLE3};
    for (int n = 0; n < 4; ++n)
        CHECK_EQ(t->SetRenderState(maskStates[n], masks[n]), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_ALPHABLENDENABLE, TRUE), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_SRCBLEND, D3DBLEND_ONE), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_DESTBLEND, D3DBLEND_ONE), D3D_OK);

    const uint32_t cleared = 0xFF303030;
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, cleared, 0.0f, 0), D3D_OK);
    CHECK(drawQuad(t.device));
    uint32_t after[4];
    for (int n = 0; n < 4; ++n) {
        after[n] = masked(cleared, added(cleared, outputs[n]), masks[n]);
        CHECK(allAre(readPixels(t.device, targets[n]), after[n]));
    }

    IDirect3DPixelShader9* ps20 = nullptr;
    REQUIRE(t->CreatePixelShader(kTwoOutputsPs20, &ps20) == D3D_OK);
    CHECK_EQ(t->SetPixelShader(ps20), D3D_OK);
    CHECK(drawQuad(t.device));
    for (int n = 0; n < 4; ++n)
        CHECK(allAre(readPixels(t.device, targets[n]),
                     n < 2 ? masked(after[n], added(after[n], outputs[n]), masks[n]) : after[n]));
    releaseAll(ps20, targets[0], targets[1], targets[2], targets[3]);
}

// Targets 1..3 are bound on their own: GetRenderTarget hands out what SetRenderTarget set, a
// new target 0 leaves them, NULL unbinds them (D3DERR_NOTFOUND after), and a draw after that
// goes on into target 0 alone.
TEST(MultipleRenderTargets, TargetsPastTheFirstAreBoundOnTheirOwn) {
    TestDevice t(32, 32);
    REQUIRE(t.device != nullptr);
    IDirect3DSurface9* backBuffer = nullptr;
    IDirect3DSurface9* second = nullptr;
    REQUIRE(t->GetRenderTarget(0, &backBuffer) == D3D_OK);
    REQUIRE(t->CreateRenderTarget(32, 32, D3DFMT_X8R8G8B8, D3DMULTISAMPLE_NONE, 0, FALSE, &second, nullptr) ==
            D3D_OK);
    CHECK_EQ(t->SetRenderTarget(2, second), D3D_OK);
    CHECK_EQ(t->SetRenderTarget(0, backBuffer), D3D_OK);
    IDirect3DSurface9* got = nullptr;
    CHECK_EQ(t->GetRenderTarget(2, &got), D3D_OK);
    CHECK(got == second);
    if (got) got->Release();
    got = reinterpret_cast<IDirect3DSurface9*>(1);
    CHECK_EQ(t->GetRenderTarget(1, &got), D3DERR_NOTFOUND);
    CHECK(got == nullptr);

    REQUIRE(useShaders(t.device, kPositionOnly, kPositionVs30, kFourOutputsPs30));
    setColourConstant(t.device, 0, 0xFF00FF00);
    setColourConstant(t.device, 2, 0xFFFF0000);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF000080, 0.0f, 0), D3D_OK);
    CHECK(drawQuad(t.device));
    CHECK(allAre(readPixels(t.device, backBuffer), 0xFF00FF00));
    CHECK(allAre(readPixels(t.device, second), 0xFFFF0000));

    CHECK_EQ(t->SetRenderTarget(2, nullptr), D3D_OK);
    CHECK_EQ(t->GetRenderTarget(2, &got), D3DERR_NOTFOUND);
    setColourConstant(t.device, 0, 0xFF0000FF);
    setColourConstant(t.device, 2, 0xFFFFFFFF);
    CHECK(drawQuad(t.device));
    CHECK(allAre(readPixels(t.device, backBuffer), 0xFF0000FF));
    CHECK(allAre(readPixels(t.device, second), 0xFFFF0000));
    releaseAll(backBuffer, second);
}

// Wine's test_clear_different_size_surfaces: target 0 of 1 x 1, target 1 of 1 x 2 and a 4 x 4
// D16_LOCKABLE depth buffer under a 640 x 640 viewport (taken, past the targets): one Clear fills
// each surface whole.
TEST(MultipleRenderTargets, ClearFillsSurfacesOfDifferentSizesWhole) {
    TestDevice t(32, 32);
    REQUIRE(t.device != nullptr);
    IDirect3DSurface9* targets[2] = {};
    IDirect3DSurface9* depth = nullptr;
    REQUIRE(t->CreateRenderTarget(1, 1, D3DFMT_A8R8G8B8, D3DMULTISAMPLE_NONE, 0, FALSE, &targets[0],
                                  nullptr) == D3D_OK);
    REQUIRE(t->CreateRenderTarget(1, 2, D3DFMT_A8R8G8B8, D3DMULTISAMPLE_NONE, 0, FALSE, &targets[1],
                                  nullptr) == D3D_OK);
    REQUIRE(t->CreateDepthStencilSurface(4, 4, D3DFMT_D16_LOCKABLE, D3DMULTISAMPLE_NONE, 0, FALSE, &depth,
                                         nullptr) == D3D_OK);
    for (DWORD i = 0; i < 2; ++i)
        REQUIRE(t->SetRenderTarget(i, targets[i]) == D3D_OK);
    REQUIRE(t->SetDepthStencilSurface(depth) == D3D_OK);
    D3DVIEWPORT9 viewport{0, 0, 640, 640, 0.0f, 1.0f};
    CHECK_EQ(t->SetViewport(&viewport), D3D_OK);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xFFFF0000, 0.5f, 0), D3D_OK);
    CHECK(allAre(readPixels(t.device, targets[0]), 0xFFFF0000));
    CHECK(allAre(readPixels(t.device, targets[1]), 0xFFFF0000));
    D3DLOCKED_RECT locked{};
    REQUIRE(depth->LockRect(&locked, nullptr, D3DLOCK_READONLY) == D3D_OK);
    int wrong = 0;
    for (int y = 0; y < 4; ++y)
        for (int x = 0; x < 4; ++x) {
            const uint16_t d = reinterpret_cast<const uint16_t*>(static_cast<const BYTE*>(locked.pBits) +
                                                                 y * locked.Pitch)[x];
            if (d < 0x7FFF - 2 || d > 0x7FFF + 2) ++wrong;
        }
    depth->UnlockRect();
    CHECK_EQ(wrong, 0);
    releaseAll(targets[0], targets[1], depth);
}

// Wine's test_render_target_device_mismatch: another device's surface is no render target or
// depth buffer of this one; the bindings stay as they were.
TEST(MultipleRenderTargets, AnotherDevicesSurfacesAreRefused) {
    TestDevice t(16, 16);
    TestDevice other(16, 16, true);
    REQUIRE(t.device != nullptr);
    REQUIRE(other.device != nullptr);
    IDirect3DSurface9* foreign = nullptr;
    IDirect3DSurface9* foreignDepth = nullptr;
    REQUIRE(other->GetRenderTarget(0, &foreign) == D3D_OK);
    REQUIRE(other->GetDepthStencilSurface(&foreignDepth) == D3D_OK);
    CHECK_EQ(t->SetRenderTarget(0, foreign), D3DERR_INVALIDCALL);
    CHECK_EQ(t->SetRenderTarget(1, foreign), D3DERR_INVALIDCALL);
    CHECK_EQ(t->SetDepthStencilSurface(foreignDepth), D3DERR_INVALIDCALL);
    IDirect3DSurface9* got = nullptr;
    CHECK_EQ(t->GetRenderTarget(1, &got), D3DERR_NOTFOUND);
    CHECK_EQ(t->GetRenderTarget(0, &got), D3D_OK);
    CHECK(got != foreign);
    releaseAll(got, foreign, foreignDepth);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF00FF00, 0.0f, 0), D3D_OK);
    CHECK(allAre(readBackBuffer(t.device), 0xFF00FF00));
}

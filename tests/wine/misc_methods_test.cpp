// The smaller device methods (docs/d3d9-dll.md, "Other device methods"): clip status, N-patch
// mode, palettes, patches and ValidateDevice (ex_methods_test.cpp has the IDirect3DDevice9Ex
// ones). Rules follow Microsoft's D3D9 pages; where a rule depends on a cap, the test reads the
// cap and checks the rule that follows from it.
#include "check.h"
#include "device_support.h"

#include <cstring>
#include <vector>

namespace {

D3DCAPS9 caps(IDirect3DDevice9* device) {
    D3DCAPS9 c{};
    device->GetDeviceCaps(&c);
    return c;
}

} // namespace

// "Initial values are zero for ClipUnion and 0xFFFFFFFF for ClipIntersection."
TEST(ClipStatus, StartsAtTheDocumentedValuesAndReturnsWhatWasSet) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    D3DCLIPSTATUS9 status{1, 1};
    CHECK_EQ(t->GetClipStatus(&status), D3D_OK);
    CHECK_EQ(status.ClipUnion, 0);
    CHECK_EQ(status.ClipIntersection, 0xFFFFFFFFu);
    const D3DCLIPSTATUS9 set{D3DCS_LEFT | D3DCS_TOP, D3DCS_TOP};
    CHECK_EQ(t->SetClipStatus(&set), D3D_OK);
    CHECK_EQ(t->GetClipStatus(&status), D3D_OK);
    CHECK_EQ(status.ClipUnion, D3DCS_LEFT | D3DCS_TOP);
    CHECK_EQ(status.ClipIntersection, D3DCS_TOP);
    CHECK_EQ(t->SetClipStatus(nullptr), D3DERR_INVALIDCALL);
    CHECK_EQ(t->GetClipStatus(nullptr), D3DERR_INVALIDCALL);
}

// SetNPatchMode is device state: a state block records it and Apply restores it.
TEST(NPatchMode, IsKeptAndRecordedByStateBlocks) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    CHECK(t->GetNPatchMode() == 0.0f);
    CHECK_EQ(t->BeginStateBlock(), D3D_OK);
    CHECK_EQ(t->SetNPatchMode(3.5f), D3D_OK);
    IDirect3DStateBlock9* block = nullptr;
    CHECK_EQ(t->EndStateBlock(&block), D3D_OK);
    REQUIRE(block != nullptr);
    CHECK(t->GetNPatchMode() == 0.0f); // recording changes nothing
    CHECK_EQ(block->Apply(), D3D_OK);
    CHECK(t->GetNPatchMode() == 3.5f);
    CHECK_EQ(t->SetNPatchMode(0.0f), D3D_OK);
    CHECK(t->GetNPatchMode() == 0.0f);
    block->Release();
}

// "All entries default to 0xFFFFFFFF"; without D3DPTEXTURECAPS_ALPHAPALETTE every entry's alpha
// must be 1.0 "or this method will fail with D3DERR_INVALIDCALL"; at most 65,536 palettes.
TEST(Palettes, EntriesFollowTheAlphaPaletteCapAndThePaletteLimit) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    PALETTEENTRY entries[256];
    CHECK_EQ(t->GetPaletteEntries(7, entries), D3D_OK);
    int notWhite = 0;
    for (const PALETTEENTRY& e : entries)
        notWhite += !(e.peRed == 0xFF && e.peGreen == 0xFF && e.peBlue == 0xFF && e.peFlags == 0xFF);
    CHECK_EQ(notWhite, 0);

    PALETTEENTRY ramp[256];
    for (int i = 0; i < 256; ++i)
        ramp[i] = PALETTEENTRY{BYTE(i), BYTE(255 - i), BYTE(i / 2), 0xFF};
    CHECK_EQ(t->SetPaletteEntries(7, ramp), D3D_OK);
    CHECK_EQ(t->GetPaletteEntries(7, entries), D3D_OK);
    CHECK(memcmp(entries, ramp, sizeof ramp) == 0);

    PALETTEENTRY translucent[256];
    memcpy(translucent, ramp, sizeof ramp);
    translucent[100].peFlags = 0x80;
    const bool alphaPalette = (caps(t.device).TextureCaps & D3DPTEXTURECAPS_ALPHAPALETTE) != 0;
    CHECK_EQ(t->SetPaletteEntries(7, translucent), alphaPalette ? D3D_OK : D3DERR_INVALIDCALL);
    if (!alphaPalette) {
        CHECK_EQ(t->GetPaletteEntries(7, entries), D3D_OK);
        CHECK(memcmp(entries, ramp, sizeof ramp) == 0); // the refused call changed nothing
    }
    CHECK_EQ(t->SetPaletteEntries(0xFFFF, ramp), D3D_OK);
    CHECK_EQ(t->SetPaletteEntries(0x10000, ramp), D3DERR_INVALIDCALL);
    CHECK_EQ(t->GetPaletteEntries(0x10000, entries), D3DERR_INVALIDCALL);
    CHECK_EQ(t->SetPaletteEntries(1, nullptr), D3DERR_INVALIDCALL);
    CHECK_EQ(t->GetPaletteEntries(1, nullptr), D3DERR_INVALIDCALL);
}

TEST(Palettes, CurrentPaletteIsKeptWithinTheLimit) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    UINT current = 1234;
    CHECK_EQ(t->SetCurrentTexturePalette(42), D3D_OK);
    CHECK_EQ(t->GetCurrentTexturePalette(&current), D3D_OK);
    CHECK_EQ(current, 42);
    CHECK_EQ(t->SetCurrentTexturePalette(0x10000), D3DERR_INVALIDCALL);
    CHECK_EQ(t->GetCurrentTexturePalette(&current), D3D_OK);
    CHECK_EQ(current, 42);
    CHECK_EQ(t->GetCurrentTexturePalette(nullptr), D3DERR_INVALIDCALL);
}

// Without patch caps no patch can be drawn or cached: D3DERR_INVALIDCALL, the documented failure.
TEST(Patches, AreRefusedWhenTheCapsReportNone) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    const D3DCAPS9 c = caps(t.device);
    REQUIRE((c.DevCaps & (D3DDEVCAPS_RTPATCHES | D3DDEVCAPS_NPATCHES | D3DDEVCAPS_QUINTICRTPATCHES)) == 0);
    const float segments[4] = {2, 2, 2, 2};
    D3DRECTPATCH_INFO rect{};
    rect.Width = rect.Height = rect.Stride = 4;
    rect.Basis = D3DBASIS_BEZIER;
    rect.Degree = D3DDEGREE_CUBIC;
    D3DTRIPATCH_INFO tri{};
    tri.NumVertices = 10;
    tri.Basis = D3DBASIS_BEZIER;
    tri.Degree = D3DDEGREE_CUBIC;
    CHECK_EQ(t->DrawRectPatch(1, segments, &rect), D3DERR_INVALIDCALL);
    CHECK_EQ(t->DrawTriPatch(2, segments, &tri), D3DERR_INVALIDCALL);
    CHECK_EQ(t->DeletePatch(1), D3DERR_INVALIDCALL);
}

// The documented errors of ValidateDevice for texture-stage operations and arguments the caps
// do not list, and D3D_OK with one pass for what the device draws.
TEST(ValidateDevice, ReportsUnsupportedStageOperationsAndArguments) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    DWORD passes = 0;
    CHECK_EQ(t->ValidateDevice(&passes), D3D_OK);
    CHECK_EQ(passes, 1);
    CHECK_EQ(t->ValidateDevice(nullptr), D3DERR_INVALIDCALL);
    const D3DCAPS9 c = caps(t.device);
    REQUIRE((c.TextureOpCaps & D3DTEXOPCAPS_PREMODULATE) == 0); // the op the checks below use
    CHECK_EQ(t->SetTextureStageState(0, D3DTSS_COLOROP, D3DTOP_PREMODULATE), D3D_OK);
    CHECK_EQ(t->ValidateDevice(&passes), D3DERR_UNSUPPORTEDCOLOROPERATION);
    CHECK_EQ(t->SetTextureStageState(0, D3DTSS_COLOROP, D3DTOP_MODULATE), D3D_OK);
    CHECK_EQ(t->SetTextureStageState(0, D3DTSS_ALPHAOP, D3DTOP_PREMODULATE), D3D_OK);
    CHECK_EQ(t->ValidateDevice(&passes), D3DERR_UNSUPPORTEDALPHAOPERATION);
    CHECK_EQ(t->SetTextureStageState(0, D3DTSS_ALPHAOP, D3DTOP_SELECTARG1), D3D_OK);
    CHECK_EQ(t->SetTextureStageState(0, D3DTSS_COLORARG1, 0x0F), D3D_OK); // no D3DTA_ selector
    CHECK_EQ(t->ValidateDevice(&passes), D3DERR_UNSUPPORTEDCOLORARG);
    CHECK_EQ(t->SetTextureStageState(0, D3DTSS_COLORARG1, D3DTA_TEXTURE), D3D_OK);
    CHECK_EQ(t->SetTextureStageState(0, D3DTSS_ALPHAARG2, 0x0F), D3D_OK);
    CHECK_EQ(t->ValidateDevice(&passes), D3DERR_UNSUPPORTEDALPHAARG);
    CHECK_EQ(t->SetTextureStageState(0, D3DTSS_ALPHAARG2, D3DTA_CURRENT), D3D_OK);
    // Stages after the first disabled one are not used, so not checked.
    CHECK_EQ(t->SetTextureStageState(1, D3DTSS_COLOROP, D3DTOP_DISABLE), D3D_OK);
    CHECK_EQ(t->SetTextureStageState(2, D3DTSS_COLOROP, D3DTOP_PREMODULATE), D3D_OK);
    CHECK_EQ(t->ValidateDevice(&passes), D3D_OK);
    CHECK_EQ(passes, 1);
}

// Filters outside TextureFilterCaps, and linear filtering of a format CheckDeviceFormat says
// cannot be filtered, are D3DERR_UNSUPPORTEDTEXTUREFILTER for a sampler with a texture.
TEST(ValidateDevice, ReportsUnsupportedTextureFilters) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DTexture9* texture = nullptr;
    REQUIRE(t->CreateTexture(4, 4, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &texture, nullptr) == D3D_OK);
    DWORD passes = 0;
    CHECK_EQ(t->SetSamplerState(3, D3DSAMP_MINFILTER, D3DTEXF_GAUSSIANQUAD), D3D_OK);
    CHECK_EQ(t->ValidateDevice(&passes), D3D_OK); // no texture on sampler 3 yet
    CHECK_EQ(t->SetTexture(3, texture), D3D_OK);
    CHECK_EQ(t->ValidateDevice(&passes), D3DERR_UNSUPPORTEDTEXTUREFILTER);
    CHECK_EQ(t->SetSamplerState(3, D3DSAMP_MINFILTER, D3DTEXF_LINEAR), D3D_OK);
    CHECK_EQ(t->SetSamplerState(3, D3DSAMP_MIPFILTER, D3DTEXF_PYRAMIDALQUAD), D3D_OK);
    CHECK_EQ(t->ValidateDevice(&passes), D3DERR_UNSUPPORTEDTEXTUREFILTER);
    CHECK_EQ(t->SetSamplerState(3, D3DSAMP_MIPFILTER, D3DTEXF_LINEAR), D3D_OK);
    CHECK_EQ(t->ValidateDevice(&passes), D3D_OK);
    CHECK_EQ(t->SetTexture(3, nullptr), D3D_OK);
    texture->Release();

    // A texture format the adapter samples but cannot filter, if it has one.
    const D3DFORMAT candidates[] = {D3DFMT_A32B32G32R32F, D3DFMT_G32R32F, D3DFMT_R32F, D3DFMT_A16B16G16R16};
    for (D3DFORMAT format : candidates) {
        if (t.d3d->CheckDeviceFormat(0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, 0, D3DRTYPE_TEXTURE, format) !=
                D3D_OK ||
            t.d3d->CheckDeviceFormat(0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, D3DUSAGE_QUERY_FILTER,
                                     D3DRTYPE_TEXTURE, format) == D3D_OK)
            continue;
        IDirect3DTexture9* unfiltered = nullptr;
        REQUIRE(t->CreateTexture(4, 4, 1, 0, format, D3DPOOL_MANAGED, &unfiltered, nullptr) == D3D_OK);
        CHECK_EQ(t->SetTexture(0, unfiltered), D3D_OK);
        CHECK_EQ(t->SetSamplerState(0, D3DSAMP_MAGFILTER, D3DTEXF_LINEAR), D3D_OK);
        CHECK_EQ(t->ValidateDevice(&passes), D3DERR_UNSUPPORTEDTEXTUREFILTER);
        CHECK_EQ(t->SetSamplerState(0, D3DSAMP_MAGFILTER, D3DTEXF_POINT), D3D_OK);
        CHECK_EQ(t->ValidateDevice(&passes), D3D_OK);
        CHECK_EQ(t->SetTexture(0, nullptr), D3D_OK);
        unfiltered->Release();
        break;
    }
}

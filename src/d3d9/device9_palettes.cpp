// IDirect3DDevice9: texture palettes ("Texture Palettes (Direct3D 9)"): up to 65,536 palettes
// of 256 PALETTEENTRY each, entries 0xFFFFFFFF until set, one current palette for every stage.
// No texture format of the device is palettized (CheckDeviceFormat refuses P8 / A8P8), so the
// palettes are kept for the Get methods and state blocks, and drawing never reads them.
// Driver headers before <d3d9.h>: device9.h first.
#include "d3d9/device9.h"

#include <algorithm>

namespace ddivk::d3d9 {
namespace {

constexpr UINT kMaxPalettes = 0x10000; // "a maximum of 65,536 (0x0000FFFF) palettes"

} // namespace

// D3D9: without D3DPTEXTURECAPS_ALPHAPALETTE (we report none) every entry's alpha (peFlags)
// must be 1.0, else D3DERR_INVALIDCALL.
HRESULT STDMETHODCALLTYPE Device9::SetPaletteEntries(UINT palette, const PALETTEENTRY* entries) {
    if (palette >= kMaxPalettes || !entries) return D3DERR_INVALIDCALL;
    if (!std::all_of(entries, entries + 256, [](const PALETTEENTRY& e) { return e.peFlags == 0xFF; }))
        return D3DERR_INVALIDCALL;
    auto guard = lock();
    if (palettes_.size() <= palette) {
        std::array<PALETTEENTRY, 256> opaqueWhite;
        opaqueWhite.fill(PALETTEENTRY{0xFF, 0xFF, 0xFF, 0xFF});
        palettes_.resize(palette + 1, opaqueWhite);
    }
    std::copy(entries, entries + 256, palettes_[palette].begin());
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Device9::GetPaletteEntries(UINT palette, PALETTEENTRY* entries) {
    if (palette >= kMaxPalettes || !entries) return D3DERR_INVALIDCALL;
    auto guard = lock();
    if (palette < palettes_.size())
        std::copy(palettes_[palette].begin(), palettes_[palette].end(), entries);
    else
        std::fill(entries, entries + 256, PALETTEENTRY{0xFF, 0xFF, 0xFF, 0xFF});
    return D3D_OK;
}

// The current palette is device state (state_): state blocks capture and apply it.
HRESULT STDMETHODCALLTYPE Device9::SetCurrentTexturePalette(UINT palette) {
    if (palette >= kMaxPalettes) return D3DERR_INVALIDCALL;
    auto guard = lock();
    return state_.setCurrentTexturePalette(palette) == S_OK ? D3D_OK : D3DERR_INVALIDCALL;
}

HRESULT STDMETHODCALLTYPE Device9::GetCurrentTexturePalette(UINT* palette) {
    if (!palette) return D3DERR_INVALIDCALL;
    auto guard = lock();
    *palette = state_.currentTexturePalette();
    return D3D_OK;
}

} // namespace ddivk::d3d9

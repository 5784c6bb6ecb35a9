// AMD's FETCH4 (switched per sampler by D3DSAMP_MIPMAPLODBIAS = GET4 / GET1,
// state/vendor_states.h): which lookups it changes. With no AMD document at hand, the facts come
// from two other D3D9 implementations that emulate it, DXVK and Gallium Nine: they agree on the
// formats and the channel order; we take DXVK's MAGFILTER POINT condition and its footprint
// (top-left = the point-sampled texel).
#pragma once

#include "ddivk/d3d9_enums.h"
#include "draw/format_table.h"

#include <cstdint>

namespace ddivk::draw {

// Formats whose texels hold one value, in red as the view swizzle presents them: the depth
// textures INTZ, DF16 and DF24, R16F, R32F and L8. (A8 holds its value in alpha, which the
// red-channel gather does not read: not a FETCH4 format here.)
inline bool fetch4Format(const FormatInfo& f) {
    switch (f.d3dFormat) {
    case D3DFMT_R16F:
    case D3DFMT_R32F:
    case D3DFMT_L8:
        return true;
    default:
        return samplesDepth(f); // INTZ, DF16, DF24
    }
}

// Whether a pixel shader's lookups through a sampler are FETCH4: switched on, its MAGFILTER
// POINT, and a 2D texture of a FETCH4 format bound (cube and volume textures sample as ever).
inline bool fetch4Applies(uint32_t switchedOn, uint32_t magFilter, bool texture2D, const FormatInfo* format) {
    return switchedOn && magFilter == D3DTEXF_POINT && texture2D && format && fetch4Format(*format);
}

} // namespace ddivk::draw

// The GPU vendors' D3D9 extras that programs switch with render-state and sampler-state values,
// as the vendors' drivers read them. Alpha-to-coverage, two ways (the codes: ddivk/d3d9_formats.h):
// - NVIDIA: D3DRS_ADAPTIVETESS_Y = ATOC. It acts while the alpha test is enabled, in the test's
//   place. 0 (or any other value) turns it off. The value is stored like any render state.
// - AMD: D3DRS_POINTSIZE = A2M1 turns it on, A2M0 off, with or without the alpha test. The
//   switch is not a point size: it goes to DeviceState::alphaToMask, the point size stays.
// Either way it acts only on multisampled targets; elsewhere the alpha test works as ever.
// AMD's FETCH4: D3DSAMP_MIPMAPLODBIAS = GET4 switches a sampler to return, for a pixel shader's
// lookup into a single-channel 2D texture with MAGFILTER POINT, the 2x2 texels whose top-left
// is the texel point sampling picks; GET1 switches it off. The switch is not a LOD bias: it goes
// to DeviceState::fetch4, the bias stays (draw/fetch4.h has the rest).
// And one command: RESZ, D3DRS_POINTSIZE = kReszCode, copies the depth buffer (sample 0 of each
// pixel of a multisampled one) into the INTZ texture bound at sampler 0. It is no state: the
// cache keeps the point size and raises a request the context takes (StateCache).
#pragma once

#include "ddivk/d3d9_enums.h"
#include "ddivk/d3d9_formats.h"
#include "state/device_state.h"

#include <cstdint>

namespace ddivk::state {

// The D3DRS_POINTSIZE value of the RESZ command (the vendors' documentation of RESZ).
constexpr uint32_t kReszCode = 0x7fa05000;

// D3DSAMP_MIPMAPLODBIAS values of AMD's FETCH4 switch.
constexpr uint32_t kFetch4On = makeFourCC('G', 'E', 'T', '4');
constexpr uint32_t kFetch4Off = makeFourCC('G', 'E', 'T', '1');

// Whether setting sampler state `type` to `value` is AMD's FETCH4 switch rather than a LOD bias.
constexpr bool isFetch4Switch(uint32_t type, uint32_t value) {
    return type == D3DSAMP_MIPMAPLODBIAS && (value == kFetch4On || value == kFetch4Off);
}

// Whether setting render state `state` to `value` is AMD's switch rather than a point size.
constexpr bool isAlphaToMaskSwitch(uint32_t state, uint32_t value) {
    return state == D3DRS_POINTSIZE && (value == D3DFMT_A2M1 || value == D3DFMT_A2M0);
}

// Whether the state asks for alpha-to-coverage (on a multisampled target, the draw's to decide).
inline bool wantsAlphaToCoverage(const DeviceState& s) {
    return s.alphaToMask != 0 || (s.renderStates[D3DRS_ADAPTIVETESS_Y] == D3DFMT_ATOC &&
                                  s.renderStates[D3DRS_ALPHATESTENABLE] != 0);
}

} // namespace ddivk::state

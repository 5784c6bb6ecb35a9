// Argument structs of the user-mode driver (UMD) door, shaped after d3dumddi.h.
#pragma once

#include <cstddef>
#include <cstdint>

#include "ddivk/d3d9_enums.h"

namespace ddivk {

// SetStreamSourceFreq (PFND3DDDI_SETSTREAMSOURCEFREQ).
struct D3DDDIARG_SETSTREAMSOURCEFREQ {
    uint32_t Stream;
    uint32_t Divider; // frequency, or a D3DSTREAMSOURCE_* flag ORed with a count
};

// The D3DSTREAMSOURCE_* flags of Divider are in d3d9_enums.h.

static_assert(sizeof(D3DDDIARG_SETSTREAMSOURCEFREQ) == 8);
static_assert(offsetof(D3DDDIARG_SETSTREAMSOURCEFREQ, Divider) == 4);

} // namespace ddivk

// ddivk-demo's stream-output pass (docs/queries.md, "Stream output"): sparks drawn by a vs_3_0
// program whose positions stream out, through the D3D10 door, into a buffer with room for
// fewer sparks than are drawn, so the query table shows a real capture and a real overflow.
#pragma once

#include <cstdint>

#include "ddivk/d3d10_query.h"
#include "ddivk/hresult.h"

namespace ddivk::demo {

// Draws kSparks points on the context's target (width x height pixels), capturing the first
// kSparksCaptured; leaves stream output unbound and the fixed-function pipeline set.
constexpr uint32_t kSparks = 8, kSparksCaptured = 6;
HRESULT drawCapturedSparks(uintptr_t context, D3D10DDI_HDEVICE d10, uint32_t width, uint32_t height);

} // namespace ddivk::demo

// D3DCAPS9 of an adapter: what the driver implements (docs/fixed-function.md,
// docs/draw-translator.md, src/state/device_state.h limits) within the Vulkan device's limits.
#pragma once

#include "d3d9/adapter.h"
#include "d3d9/win32.h"

namespace ddivk::d3d9 {

// The caps of a HAL device on `adapter`, the adapter's ordinal being `ordinal`.
D3DCAPS9 deviceCaps(const Adapter& adapter, UINT ordinal);
// D3DCAPS9::NumSimultaneousRTs: the render targets draws write together, up to D3D9's four
// within the Vulkan device's colour attachments (SetRenderTarget refuses the others).
DWORD simultaneousTargets(const Adapter& adapter);
// D3DCAPS9::MaxPointSize: the largest point the Vulkan device draws (1 without largePoints),
// which is also D3DRS_POINTSIZE_MAX's default (Wine's stateblock test records Windows).
float maxPointSize(const Adapter& adapter);

} // namespace ddivk::d3d9

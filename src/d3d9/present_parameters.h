// D3DPRESENT_PARAMETERS as CreateDevice and Reset check them (the D3D9 runtime's rules), with
// the defaults D3D9 fills in: a windowed back buffer of size 0 takes the window's client area,
// of format UNKNOWN the display's, a back-buffer count of 0 is 1.
#pragma once

#include "d3d9/adapter.h"
#include "d3d9/win32.h"

namespace ddivk::d3d9 {

// The vertex-processing flags of CreateDevice: exactly one of SOFTWARE, HARDWARE and MIXED.
bool validVertexProcessing(DWORD flags);

// D3DERR_INVALIDCALL for parameters D3D9 refuses; D3DERR_NOTAVAILABLE for what ddivk cannot do
// (multisampling, a back buffer or depth format it cannot render to). `extended`: the Ex
// device, which allows D3DSWAPEFFECT_FLIPEX. Fills the defaults into `p`.
HRESULT checkPresentParameters(const Adapter& adapter, HWND focusWindow, bool extended,
                               D3DPRESENT_PARAMETERS& p);

} // namespace ddivk::d3d9

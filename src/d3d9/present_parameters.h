// D3DPRESENT_PARAMETERS as CreateDevice and Reset check them (the D3D9 runtime's rules), with
// the defaults D3D9 fills in: a windowed back buffer of size 0 takes the window's client area,
// of format UNKNOWN the display's, a back-buffer count of 0 is 1.
#pragma once

#include "d3d9/adapter.h"
#include "d3d9/win32.h"

namespace ddivk::d3d9 {

// A render-target or depth surface of `format` with multisample `type` and `quality`: NOTAVAILABLE
// when the device has no such count for the format, INVALIDCALL for a quality beyond its levels
// (CheckDeviceMultiSampleType's answer).
HRESULT checkMultisample(const Adapter& adapter, ::D3DFORMAT format, ::D3DMULTISAMPLE_TYPE type,
                         DWORD quality);
// The samples per pixel the driver gives such a surface (0: none; checkMultisample first).
uint32_t samplesOf(const Adapter& adapter, ::D3DFORMAT format, ::D3DMULTISAMPLE_TYPE type, DWORD quality);

// The vertex-processing flags of CreateDevice: exactly one of SOFTWARE, HARDWARE and MIXED.
bool validVertexProcessing(DWORD flags);

// D3D9 writes the filled-in defaults (a windowed back buffer's size and format, the count) back
// into the program's parameters, but not the window: a null hDeviceWindow, meaning the focus
// window, stays null there (Wine's test_reset records Windows).
void writeBackParameters(D3DPRESENT_PARAMETERS& program, const D3DPRESENT_PARAMETERS& checked);

// D3DERR_INVALIDCALL for parameters D3D9 refuses; D3DERR_NOTAVAILABLE for what ddivk cannot do
// (a sample count the device lacks, a back buffer or depth format it cannot render to). `extended`: the Ex
// device, which allows D3DSWAPEFFECT_FLIPEX. Fills the defaults into `p`.
HRESULT checkPresentParameters(const Adapter& adapter, HWND focusWindow, bool extended,
                               D3DPRESENT_PARAMETERS& p);

// The surfaces of a swap chain of `p` (checked): its back buffers, and for D3DSWAPEFFECT_FLIP and
// FLIPEX the front buffer, which Present's rotation makes the last back buffer (the circular queue
// of the D3DSWAPEFFECT page). DISCARD chains rotate their back buffers only (Wine's test_flip).
uint32_t swapChainSurfaces(const D3DPRESENT_PARAMETERS& p);

} // namespace ddivk::d3d9

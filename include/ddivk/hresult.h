// Result codes at the DDI boundary: HRESULTs and the DirectDraw HAL callback codes.
// Values are the public ones from winerror.h, d3d9.h, ddraw.h and d3dhal.h.
#pragma once

#include <cstdint>

namespace ddivk {

using HRESULT = int32_t;

constexpr HRESULT hresultFrom(uint32_t bits) {
    return static_cast<HRESULT>(bits);
}
constexpr bool succeeded(HRESULT hr) {
    return hr >= 0;
}
constexpr bool failed(HRESULT hr) {
    return hr < 0;
}

// Facility 0x876 (D3D and DirectDraw share it): MAKE_HRESULT(1, 0x876, code).
constexpr HRESULT makeD3DError(uint32_t code) {
    return hresultFrom(0x88760000u | code);
}

constexpr HRESULT S_OK = 0;
constexpr HRESULT S_FALSE = 1;
constexpr HRESULT E_NOTIMPL = hresultFrom(0x80004001u);
constexpr HRESULT E_FAIL = hresultFrom(0x80004005u);
constexpr HRESULT E_OUTOFMEMORY = hresultFrom(0x8007000Eu);
constexpr HRESULT E_INVALIDARG = hresultFrom(0x80070057u);

constexpr HRESULT D3DERR_WRONGTEXTUREFORMAT = makeD3DError(2072);
constexpr HRESULT D3DERR_UNSUPPORTEDCOLOROPERATION = makeD3DError(2073);
constexpr HRESULT D3DERR_DEVICELOST = makeD3DError(2152);
constexpr HRESULT D3DERR_NOTAVAILABLE = makeD3DError(2154);
constexpr HRESULT D3DERR_INVALIDCALL = makeD3DError(2156);
constexpr HRESULT D3DERR_OUTOFVIDEOMEMORY = makeD3DError(380);
constexpr HRESULT D3DERR_WASSTILLDRAWING = makeD3DError(540);
constexpr HRESULT DDERR_WASSTILLDRAWING = makeD3DError(540);
// d3dhal.h: the command at dwErrorOffset was not understood.
constexpr HRESULT D3DERR_COMMAND_UNPARSED = makeD3DError(3000);

// d3dhal.h HAL return values carried in ddrval.
constexpr HRESULT D3DHAL_CONTEXT_BAD = 0x200;
constexpr HRESULT D3DHAL_OUTOFCONTEXTS = 0x201;

// ddrawi.h callback return codes: the function's own return value.
constexpr uint32_t DDHAL_DRIVER_NOTHANDLED = 0;
constexpr uint32_t DDHAL_DRIVER_HANDLED = 1;

} // namespace ddivk

// What the D3D10 door's entry points share (d3d10_queries.cpp, d3d10_stream_output.cpp): the
// device behind a D3D10DDI_HDEVICE, and error reporting through the runtime's pfnSetErrorCb.
#pragma once

#include <mutex>

#include "ddivk/d3d10_query.h"
#include "device/ddi_boundary.h"
#include "device/device.h"

namespace ddivk::device {

// What D3D10DDI_HDEVICE points to.
struct D3D10Device {
    Device* device = nullptr;
    DDIVK_D3D10DDI_RUNTIME_CALLBACKS callbacks{};
    D3D10DDI_HRTDEVICE rtDevice{};
};

inline D3D10Device& d3d10DeviceOf(D3D10DDI_HDEVICE h) {
    return *static_cast<D3D10Device*>(h.pDrvPrivate);
}

// Hands a failure to the runtime (the entry points return nothing, as in d3d10umddi.h).
inline void reportD3D10(D3D10Device& d, HRESULT hr) {
    if (hr == S_OK) return;
    // The engine's D3D9-style "invalid call" is D3D10's E_INVALIDARG.
    if (hr == D3DERR_INVALIDCALL) hr = E_INVALIDARG;
    if (d.callbacks.pfnSetErrorCb) d.callbacks.pfnSetErrorCb(d.rtDevice, hr);
}

// Runs body(Device&) under the device lock and reports its HRESULT (exceptions included).
template <class Body> void callD3D10(D3D10DDI_HDEVICE h, const char* what, Body&& body) {
    D3D10Device& d = d3d10DeviceOf(h);
    HRESULT hr = guarded(what, [&]() -> HRESULT {
        std::lock_guard lock(d.device->lock());
        return body(*d.device);
    });
    reportD3D10(d, hr);
}

} // namespace ddivk::device

// IDirect3D9Ex: the Check* methods, GetDeviceCaps and device creation (not in this slice).
#include "d3d9/direct3d9.h"

#include "d3d9/caps9.h"
#include "d3d9/format_support.h"
#include "util/log.h"

namespace ddivk::d3d9 {

HRESULT Direct3D9::halAdapter(UINT adapter, D3DDEVTYPE type, const Adapter*& out) const {
    out = adapters_->find(adapter);
    if (!out) return D3DERR_INVALIDCALL;
    switch (type) {
    case D3DDEVTYPE_HAL:
        return D3D_OK;
    case D3DDEVTYPE_REF:
    case D3DDEVTYPE_SW:
    case D3DDEVTYPE_NULLREF:
        return D3DERR_NOTAVAILABLE; // no reference or software rasterizer beside the HAL
    default:
        return D3DERR_INVALIDCALL;
    }
}

HRESULT STDMETHODCALLTYPE Direct3D9::CheckDeviceType(UINT adapter, D3DDEVTYPE type, D3DFORMAT adapterFormat,
                                                     D3DFORMAT backBufferFormat, BOOL windowed) {
    const Adapter* a = nullptr;
    if (HRESULT hr = halAdapter(adapter, type, a); FAILED(hr)) return hr;
    return checkDeviceType(*a, adapterFormat, backBufferFormat, windowed);
}

HRESULT STDMETHODCALLTYPE Direct3D9::CheckDeviceFormat(UINT adapter, D3DDEVTYPE type, D3DFORMAT adapterFormat,
                                                       DWORD usage, D3DRESOURCETYPE resourceType, D3DFORMAT format) {
    const Adapter* a = nullptr;
    if (HRESULT hr = halAdapter(adapter, type, a); FAILED(hr)) return hr;
    return checkDeviceFormat(*a, adapterFormat, usage, resourceType, format);
}

HRESULT STDMETHODCALLTYPE Direct3D9::CheckDeviceMultiSampleType(UINT adapter, D3DDEVTYPE type, D3DFORMAT format,
                                                                BOOL, D3DMULTISAMPLE_TYPE samples,
                                                                DWORD* qualityLevels) {
    const Adapter* a = nullptr;
    if (HRESULT hr = halAdapter(adapter, type, a); FAILED(hr)) return hr;
    if (samples > D3DMULTISAMPLE_16_SAMPLES) return D3DERR_INVALIDCALL;
    if (!isTargetFormat(format)) return D3DERR_NOTAVAILABLE;
    // Multisampled targets are not implemented yet: one sample, one quality level (level 0).
    if (samples != D3DMULTISAMPLE_NONE) return D3DERR_NOTAVAILABLE;
    if (qualityLevels) *qualityLevels = 1;
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Direct3D9::CheckDepthStencilMatch(UINT adapter, D3DDEVTYPE type, D3DFORMAT adapterFormat,
                                                            D3DFORMAT renderTargetFormat,
                                                            D3DFORMAT depthStencilFormat) {
    const Adapter* a = nullptr;
    if (HRESULT hr = halAdapter(adapter, type, a); FAILED(hr)) return hr;
    return checkDepthStencilMatch(*a, adapterFormat, renderTargetFormat, depthStencilFormat);
}

HRESULT STDMETHODCALLTYPE Direct3D9::CheckDeviceFormatConversion(UINT adapter, D3DDEVTYPE type,
                                                                 D3DFORMAT sourceFormat, D3DFORMAT targetFormat) {
    const Adapter* a = nullptr;
    if (HRESULT hr = halAdapter(adapter, type, a); FAILED(hr)) return hr;
    return checkFormatConversion(*a, sourceFormat, targetFormat);
}

HRESULT STDMETHODCALLTYPE Direct3D9::GetDeviceCaps(UINT adapter, D3DDEVTYPE type, D3DCAPS9* caps) {
    const Adapter* a = nullptr;
    if (!caps) return D3DERR_INVALIDCALL;
    if (HRESULT hr = halAdapter(adapter, type, a); FAILED(hr)) return hr;
    *caps = deviceCaps(*a, adapter);
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Direct3D9::CreateDevice(UINT, D3DDEVTYPE, HWND, DWORD, D3DPRESENT_PARAMETERS*,
                                                  IDirect3DDevice9** device) {
    if (device) *device = nullptr;
    DDIVK_WARN_ONCE("d3d9: CreateDevice is not implemented yet (D3DERR_NOTAVAILABLE)");
    return D3DERR_NOTAVAILABLE;
}

HRESULT STDMETHODCALLTYPE Direct3D9::CreateDeviceEx(UINT, D3DDEVTYPE, HWND, DWORD, D3DPRESENT_PARAMETERS*,
                                                    D3DDISPLAYMODEEX*, IDirect3DDevice9Ex** device) {
    if (device) *device = nullptr;
    DDIVK_WARN_ONCE("d3d9: CreateDeviceEx is not implemented yet (D3DERR_NOTAVAILABLE)");
    return D3DERR_NOTAVAILABLE;
}

} // namespace ddivk::d3d9

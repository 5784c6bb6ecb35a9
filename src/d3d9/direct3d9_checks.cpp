// IDirect3D9Ex: the Check* methods, GetDeviceCaps and device creation.
// The device first: its driver headers must come before <d3d9.h>.
#include "d3d9/device9.h"

#include "d3d9/direct3d9.h"

#include "d3d9/caps9.h"
#include "d3d9/format_support.h"
#include "d3d9/fpu_mode.h"
#include "d3d9/full_screen.h"
#include "d3d9/present_parameters.h"
#include "util/log.h"
#include "vk/sample_counts.h"

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
    const HRESULT hal = halAdapter(adapter, type, a);
    // No adapter format is a bad call whatever the device type (Wine's test_check_device_format).
    if (a && adapterFormat == ::D3DFMT_UNKNOWN) return D3DERR_INVALIDCALL;
    if (FAILED(hal)) return hal;
    return checkDeviceFormat(*a, adapterFormat, usage, resourceType, format);
}

HRESULT STDMETHODCALLTYPE Direct3D9::CheckDeviceMultiSampleType(UINT adapter, D3DDEVTYPE type, D3DFORMAT format,
                                                                BOOL, D3DMULTISAMPLE_TYPE samples,
                                                                DWORD* qualityLevels) {
    const Adapter* a = nullptr;
    if (HRESULT hr = halAdapter(adapter, type, a); FAILED(hr)) return hr;
    if (samples > D3DMULTISAMPLE_16_SAMPLES) return D3DERR_INVALIDCALL;
    if (!isTargetFormat(format)) return D3DERR_NOTAVAILABLE;
    // The counts the driver makes surfaces of this format with (windowed or not: the same
    // surfaces). NONE has one level; a count the device has, one; NONMASKABLE, one per count.
    const uint32_t levels = vk::qualityLevels(targetSampleCounts(*a, format), uint32_t(samples));
    if (levels == 0) return D3DERR_NOTAVAILABLE;
    if (qualityLevels) *qualityLevels = levels;
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

HRESULT Direct3D9::createDevice(UINT adapter, D3DDEVTYPE type, HWND focusWindow, DWORD flags,
                                D3DPRESENT_PARAMETERS* parameters, bool extended,
                                IDirect3DDevice9Ex** device) {
    if (!device) return D3DERR_INVALIDCALL;
    *device = nullptr;
    const Adapter* a = nullptr;
    if (!parameters || !validVertexProcessing(flags)) return D3DERR_INVALIDCALL;
    if (HRESULT hr = halAdapter(adapter, type, a); FAILED(hr)) return hr;
    if (!focusWindow && !parameters->hDeviceWindow && !parameters->Windowed) return D3DERR_INVALIDCALL;
    D3DPRESENT_PARAMETERS checked = *parameters;
    if (HRESULT hr = checkPresentParameters(*a, focusWindow, extended, checked); FAILED(hr)) return hr;
    DeviceCreation creation;
    creation.direct3d = this;
    creation.adapter = a;
    creation.adapterOrdinal = adapter;
    creation.vulkanIndex = a->vulkanIndex;
    creation.focusWindow = focusWindow;
    creation.flags = flags;
    creation.present = checked;
    creation.extended = extended;
    // Set before the device is made (Wine's d3d9 does the same), so it holds even when
    // creation fails.
    if (!(flags & D3DCREATE_FPU_PRESERVE)) useD3d9FpuMode();
    if (HRESULT hr = Device9::create(creation, device); FAILED(hr)) return hr;
    writeBackParameters(*parameters, checked);
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Direct3D9::CreateDevice(UINT adapter, D3DDEVTYPE type, HWND focusWindow,
                                                  DWORD flags, D3DPRESENT_PARAMETERS* parameters,
                                                  IDirect3DDevice9** device) {
    if (!device) return D3DERR_INVALIDCALL;
    IDirect3DDevice9Ex* created = nullptr;
    // An IDirect3D9Ex's CreateDevice makes an Ex device, as CreateDeviceEx does (it answers
    // QueryInterface for IDirect3DDevice9Ex: Wine's test_qi_ex_to_base records Windows).
    const HRESULT hr = createDevice(adapter, type, focusWindow, flags, parameters, extended_, &created);
    *device = created;
    return hr;
}

HRESULT STDMETHODCALLTYPE Direct3D9::CreateDeviceEx(UINT adapter, D3DDEVTYPE type, HWND focusWindow,
                                                    DWORD flags, D3DPRESENT_PARAMETERS* parameters,
                                                    D3DDISPLAYMODEEX* fullscreenMode,
                                                    IDirect3DDevice9Ex** device) {
    if (!device) return D3DERR_INVALIDCALL;
    *device = nullptr;
    // Ex: a full-screen device names its display mode; a windowed one must not.
    if (parameters && !parameters->Windowed && !fullscreenMode) return D3DERR_INVALIDCALL;
    if (parameters && parameters->Windowed && fullscreenMode) return D3DERR_INVALIDCALL;
    if (parameters && fullscreenMode && !fullScreenModeMatches(*parameters, *fullscreenMode))
        return D3DERR_INVALIDCALL;
    return createDevice(adapter, type, focusWindow, flags, parameters, true, device);
}

} // namespace ddivk::d3d9

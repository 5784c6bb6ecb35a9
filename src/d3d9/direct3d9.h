// IDirect3D9Ex: the object Direct3DCreate9 / Direct3DCreate9Ex return. It answers what the
// adapters (Vulkan physical devices) and the display can do, and creates devices (Device9).
#pragma once

#include <atomic>
#include <memory>

#include "d3d9/adapter.h"
#include "d3d9/win32.h"

namespace ddivk::d3d9 {

class Direct3D9 final : public IDirect3D9Ex {
  public:
    // `extended`: made by Direct3DCreate9Ex, so QueryInterface hands out IDirect3D9Ex too.
    Direct3D9(std::shared_ptr<AdapterList> adapters, bool extended);
    virtual ~Direct3D9() = default;

    // IUnknown
    HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** object) override;
    ULONG STDMETHODCALLTYPE AddRef() override;
    ULONG STDMETHODCALLTYPE Release() override;

    // IDirect3D9 (direct3d9.cpp: adapters and modes; direct3d9_checks.cpp: checks, caps, devices)
    HRESULT STDMETHODCALLTYPE RegisterSoftwareDevice(void* initialize) override;
    UINT STDMETHODCALLTYPE GetAdapterCount() override;
    HRESULT STDMETHODCALLTYPE GetAdapterIdentifier(UINT adapter, DWORD flags,
                                                   D3DADAPTER_IDENTIFIER9* identifier) override;
    UINT STDMETHODCALLTYPE GetAdapterModeCount(UINT adapter, D3DFORMAT format) override;
    HRESULT STDMETHODCALLTYPE EnumAdapterModes(UINT adapter, D3DFORMAT format, UINT mode,
                                               D3DDISPLAYMODE* displayMode) override;
    HRESULT STDMETHODCALLTYPE GetAdapterDisplayMode(UINT adapter, D3DDISPLAYMODE* displayMode) override;
    HRESULT STDMETHODCALLTYPE CheckDeviceType(UINT adapter, D3DDEVTYPE type, D3DFORMAT adapterFormat,
                                              D3DFORMAT backBufferFormat, BOOL windowed) override;
    HRESULT STDMETHODCALLTYPE CheckDeviceFormat(UINT adapter, D3DDEVTYPE type, D3DFORMAT adapterFormat, DWORD usage,
                                                D3DRESOURCETYPE resourceType, D3DFORMAT format) override;
    HRESULT STDMETHODCALLTYPE CheckDeviceMultiSampleType(UINT adapter, D3DDEVTYPE type, D3DFORMAT format,
                                                         BOOL windowed, D3DMULTISAMPLE_TYPE samples,
                                                         DWORD* qualityLevels) override;
    HRESULT STDMETHODCALLTYPE CheckDepthStencilMatch(UINT adapter, D3DDEVTYPE type, D3DFORMAT adapterFormat,
                                                     D3DFORMAT renderTargetFormat,
                                                     D3DFORMAT depthStencilFormat) override;
    HRESULT STDMETHODCALLTYPE CheckDeviceFormatConversion(UINT adapter, D3DDEVTYPE type, D3DFORMAT sourceFormat,
                                                          D3DFORMAT targetFormat) override;
    HRESULT STDMETHODCALLTYPE GetDeviceCaps(UINT adapter, D3DDEVTYPE type, D3DCAPS9* caps) override;
    HMONITOR STDMETHODCALLTYPE GetAdapterMonitor(UINT adapter) override;
    HRESULT STDMETHODCALLTYPE CreateDevice(UINT adapter, D3DDEVTYPE type, HWND focusWindow, DWORD flags,
                                           D3DPRESENT_PARAMETERS* parameters, IDirect3DDevice9** device) override;

    // IDirect3D9Ex
    UINT STDMETHODCALLTYPE GetAdapterModeCountEx(UINT adapter, const D3DDISPLAYMODEFILTER* filter) override;
    HRESULT STDMETHODCALLTYPE EnumAdapterModesEx(UINT adapter, const D3DDISPLAYMODEFILTER* filter, UINT mode,
                                                 D3DDISPLAYMODEEX* displayMode) override;
    HRESULT STDMETHODCALLTYPE GetAdapterDisplayModeEx(UINT adapter, D3DDISPLAYMODEEX* displayMode,
                                                      D3DDISPLAYROTATION* rotation) override;
    HRESULT STDMETHODCALLTYPE CreateDeviceEx(UINT adapter, D3DDEVTYPE type, HWND focusWindow, DWORD flags,
                                             D3DPRESENT_PARAMETERS* parameters, D3DDISPLAYMODEEX* fullscreenMode,
                                             IDirect3DDevice9Ex** device) override;
    HRESULT STDMETHODCALLTYPE GetAdapterLUID(UINT adapter, LUID* luid) override;

  private:
    // The adapter of a HAL call: D3DERR_INVALIDCALL for a bad ordinal or device type value,
    // D3DERR_NOTAVAILABLE for REF / SW / NULLREF (ddivk is a HAL only), else D3D_OK and `out`.
    HRESULT halAdapter(UINT adapter, D3DDEVTYPE type, const Adapter*& out) const;
    // CreateDevice and CreateDeviceEx: checks, then a Device9 (docs/d3d9-dll.md).
    HRESULT createDevice(UINT adapter, D3DDEVTYPE type, HWND focusWindow, DWORD flags,
                         D3DPRESENT_PARAMETERS* parameters, bool extended, IDirect3DDevice9Ex** device);

    std::atomic<ULONG> references_{1};
    std::shared_ptr<AdapterList> adapters_;
    bool extended_;
};

} // namespace ddivk::d3d9

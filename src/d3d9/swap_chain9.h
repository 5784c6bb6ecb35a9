// IDirect3DSwapChain9: the device's implicit swap chain (GetSwapChain(0)). It is a view of the
// device's presentation (device9_present.cpp): the back buffer, the presentation parameters
// and Present.
#pragma once

#include "d3d9/device_child.h"

namespace ddivk::d3d9 {

class Device9;

class SwapChain9 final : public DeviceChild<IDirect3DSwapChain9> {
  public:
    explicit SwapChain9(Device9& device);

    HRESULT STDMETHODCALLTYPE QueryInterface(REFIID riid, void** object) override;
    ULONG STDMETHODCALLTYPE AddRef() override { return DeviceChild::AddRef(); }
    ULONG STDMETHODCALLTYPE Release() override { return DeviceChild::Release(); }
    HRESULT STDMETHODCALLTYPE GetDevice(IDirect3DDevice9** device) override {
        return DeviceChild::GetDevice(device);
    }
    HRESULT STDMETHODCALLTYPE Present(const RECT* source, const RECT* dest, HWND window, const RGNDATA* dirty,
                                      DWORD flags) override;
    HRESULT STDMETHODCALLTYPE GetFrontBufferData(IDirect3DSurface9* destination) override;
    HRESULT STDMETHODCALLTYPE GetBackBuffer(UINT index, D3DBACKBUFFER_TYPE type,
                                            IDirect3DSurface9** surface) override;
    HRESULT STDMETHODCALLTYPE GetRasterStatus(D3DRASTER_STATUS* status) override;
    HRESULT STDMETHODCALLTYPE GetDisplayMode(D3DDISPLAYMODE* mode) override;
    HRESULT STDMETHODCALLTYPE GetPresentParameters(D3DPRESENT_PARAMETERS* parameters) override;

  private:
    Device9& owner_;
};

} // namespace ddivk::d3d9

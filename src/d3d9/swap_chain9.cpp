// Driver headers before <d3d9.h>: device9.h first.
#include "d3d9/device9.h"

#include "d3d9/swap_chain9.h"

namespace ddivk::d3d9 {

SwapChain9::SwapChain9(Device9& device) : DeviceChild(&device, true), owner_(device) {}

HRESULT SwapChain9::QueryInterface(REFIID riid, void** object) {
    if (!object) return E_POINTER;
    if (riid == __uuidof(IUnknown) || riid == __uuidof(IDirect3DSwapChain9)) {
        AddRef();
        *object = static_cast<IDirect3DSwapChain9*>(this);
        return S_OK;
    }
    *object = nullptr;
    return E_NOINTERFACE;
}

HRESULT SwapChain9::Present(const RECT* source, const RECT* dest, HWND window, const RGNDATA* dirty,
                            DWORD flags) {
    (void)dirty; // a hint: the whole rectangle is presented
    return owner_.presentFrame(source, dest, window, flags);
}

HRESULT SwapChain9::GetFrontBufferData(IDirect3DSurface9* destination) {
    return owner_.GetFrontBufferData(0, destination);
}

HRESULT SwapChain9::GetBackBuffer(UINT index, D3DBACKBUFFER_TYPE type, IDirect3DSurface9** surface) {
    return owner_.GetBackBuffer(0, index, type, surface);
}

HRESULT SwapChain9::GetRasterStatus(D3DRASTER_STATUS* status) {
    return owner_.GetRasterStatus(0, status);
}

HRESULT SwapChain9::GetDisplayMode(D3DDISPLAYMODE* mode) {
    return owner_.GetDisplayMode(0, mode);
}

HRESULT SwapChain9::GetPresentParameters(D3DPRESENT_PARAMETERS* parameters) {
    if (!parameters) return D3DERR_INVALIDCALL;
    *parameters = owner_.presentParameters();
    return D3D_OK;
}

} // namespace ddivk::d3d9

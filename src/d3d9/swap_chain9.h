// IDirect3DSwapChain9: the device's implicit swap chain (GetSwapChain(0)), a view of the
// device's presentation (device9_present.cpp): its back buffer, parameters and Present; or an
// additional swap chain (CreateAdditionalSwapChain, device9_swap_chains.cpp) with parameters
// and a back buffer of its own, presented to its own window by the same worker-side window
// swapchains. An additional chain is its back buffers' container: the surfaces' references
// count on the chain (IDirect3DSurface9::GetContainer gives the swap chain), and it counts as
// a D3DPOOL_DEFAULT object for Reset. Present rotates the back buffers' contents as the implicit
// chain's (device9_back_buffers.cpp).
#pragma once

#include <cstdint>
#include <vector>

#include "d3d9/device_child.h"
#include "d3d9/surface9.h"

namespace ddivk::d3d9 {

class Device9;

class SwapChain9 final : public DeviceChild<IDirect3DSwapChain9Ex>, public SurfaceContainer {
  public:
    // The implicit swap chain, owned by the device.
    explicit SwapChain9(Device9& device);
    // An additional swap chain of checked `parameters` (defaults filled in), with the driver
    // render targets `surfaces` (swapChainSurfaces of them) as its back buffers, then its FLIP
    // front buffer; the chain destroys them.
    SwapChain9(Device9& device, const D3DPRESENT_PARAMETERS& parameters,
               const std::vector<uint32_t>& surfaces);
    ~SwapChain9() override;

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
    // IDirect3DSwapChain9Ex, answered by QueryInterface on D3D9Ex devices only.
    HRESULT STDMETHODCALLTYPE GetLastPresentCount(UINT* count) override;
    HRESULT STDMETHODCALLTYPE GetPresentStats(D3DPRESENTSTATS* stats) override;
    HRESULT STDMETHODCALLTYPE GetDisplayModeEx(D3DDISPLAYMODEEX* mode, D3DDISPLAYROTATION* rotation) override;

    // SurfaceContainer: the back buffer of an additional chain.
    ULONG containerAddRef() override { return AddRef(); }
    ULONG containerRelease() override { return Release(); }
    void containerAddPrivateReference() override { addPrivateReference(); }
    void containerReleasePrivateReference() override { releasePrivateReference(); }
    HRESULT containerQueryInterface(REFIID riid, void** object) override {
        return QueryInterface(riid, object);
    }
    // Back buffers are not lockable (no D3DPRESENTFLAG_LOCKABLE_BACKBUFFER).
    HRESULT lockLevel(uint32_t, D3DLOCKED_RECT*, const RECT*, DWORD) override { return D3DERR_INVALIDCALL; }
    HRESULT unlockLevel(uint32_t) override { return D3DERR_INVALIDCALL; }
    bool levelLocked(uint32_t) const override { return false; }

  private:
    Device9& owner_;
    bool additional_ = false;
    D3DPRESENT_PARAMETERS parameters_{}; // an additional chain's
    std::vector<Surface9*> backBuffers_; // an additional chain's, owned (then a FLIP front buffer)
};

} // namespace ddivk::d3d9

// Driver headers before <d3d9.h>: device9.h first.
#include "d3d9/device9.h"

#include "d3d9/swap_chain9.h"

namespace ddivk::d3d9 {

SwapChain9::SwapChain9(Device9& device) : DeviceChild(&device, true), owner_(device) {}

SwapChain9::SwapChain9(Device9& device, const D3DPRESENT_PARAMETERS& parameters,
                       const std::vector<uint32_t>& surfaces)
    : DeviceChild(&device, false), owner_(device), additional_(true), parameters_(parameters) {
    D3DSURFACE_DESC d{};
    d.Format = parameters.BackBufferFormat;
    d.Type = D3DRTYPE_SURFACE;
    d.Usage = D3DUSAGE_RENDERTARGET;
    d.Pool = D3DPOOL_DEFAULT;
    d.MultiSampleType = parameters.MultiSampleType;
    d.MultiSampleQuality = parameters.MultiSampleQuality;
    d.Width = parameters.BackBufferWidth;
    d.Height = parameters.BackBufferHeight;
    // Surfaces of the container kind: their references are the chain's; blits name them as
    // driver surfaces (their handles, level 0).
    for (uint32_t surface : surfaces)
        backBuffers_.push_back(new Surface9(device, *this, surface, 0, surface, d));
    owner_.defaultPoolObjectCreated(); // Reset waits for additional swap chains to go
}

SwapChain9::~SwapChain9() {
    if (!additional_) return;
    std::vector<uint32_t> surfaces;
    for (Surface9* s : backBuffers_) {
        surfaces.push_back(s->handle());
        delete s;
    }
    {
        // After every recorded use of the back buffers (draws, their last Present).
        auto guard = owner_.lock();
        owner_.stream().call([&] {
            for (uint32_t surface : surfaces)
                ddivk_surface_destroy(owner_.driver(), surface);
        });
        owner_.forgetWindowChains(parameters_.hDeviceWindow);
    }
    owner_.defaultPoolObjectDestroyed();
}

// IDirect3DSwapChain9Ex on a D3D9Ex device's chains only (Wine's d3d9ex.c records Windows).
HRESULT SwapChain9::QueryInterface(REFIID riid, void** object) {
    if (!object) return E_POINTER;
    if (riid == __uuidof(IUnknown) || riid == __uuidof(IDirect3DSwapChain9) ||
        (owner_.extended() && riid == __uuidof(IDirect3DSwapChain9Ex))) {
        AddRef();
        *object = static_cast<IDirect3DSwapChain9Ex*>(this);
        return S_OK;
    }
    *object = nullptr;
    return E_NOINTERFACE;
}

// The presents of the device, every chain's (additional chains present through the device).
HRESULT SwapChain9::GetLastPresentCount(UINT* count) {
    if (!count) return D3DERR_INVALIDCALL;
    *count = owner_.presentCount();
    return D3D_OK;
}

// The refresh and GPU times of presents are not measured (Vulkan's WSI reports neither without
// VK_GOOGLE_display_timing): no made-up statistics.
HRESULT SwapChain9::GetPresentStats(D3DPRESENTSTATS* stats) {
    if (!stats) return D3DERR_INVALIDCALL;
    DDIVK_UNIMPLEMENTED("IDirect3DSwapChain9Ex::GetPresentStats");
    return D3DERR_INVALIDCALL;
}

// The display's mode, as the device's GetDisplayModeEx (a mode of the wrong Size is refused).
HRESULT SwapChain9::GetDisplayModeEx(D3DDISPLAYMODEEX* mode, D3DDISPLAYROTATION* rotation) {
    return owner_.GetDisplayModeEx(0, mode, rotation);
}

HRESULT SwapChain9::Present(const RECT* source, const RECT* dest, HWND window, const RGNDATA* dirty,
                            DWORD flags) {
    (void)dirty; // a hint: the whole rectangle is presented
    if (!additional_) return owner_.presentFrame(source, dest, window, flags);
    return owner_.presentSurface(parameters_, backBuffers_, source, dest, window, flags);
}

// In windowed mode every chain's front buffer is the desktop (device9_front_buffer.cpp).
HRESULT SwapChain9::GetFrontBufferData(IDirect3DSurface9* destination) {
    return owner_.copyFrontBuffer(destination);
}

// The type is ignored (Windows gives the MONO back buffer for LEFT, RIGHT or any value: Wine's
// test_swapchain); an index past the chain leaves *surface as it was (the device's
// GetBackBuffer nulls it).
HRESULT SwapChain9::GetBackBuffer(UINT index, D3DBACKBUFFER_TYPE type, IDirect3DSurface9** surface) {
    if (!surface) return D3DERR_INVALIDCALL;
    const D3DPRESENT_PARAMETERS& p = additional_ ? parameters_ : owner_.presentParameters();
    if (index >= p.BackBufferCount) return D3DERR_INVALIDCALL;
    if (!additional_) return owner_.GetBackBuffer(0, index, type, surface);
    backBuffers_[index]->AddRef();
    *surface = backBuffers_[index];
    return D3D_OK;
}

HRESULT SwapChain9::GetRasterStatus(D3DRASTER_STATUS* status) {
    return owner_.GetRasterStatus(0, status);
}

HRESULT SwapChain9::GetDisplayMode(D3DDISPLAYMODE* mode) {
    return owner_.GetDisplayMode(0, mode);
}

HRESULT SwapChain9::GetPresentParameters(D3DPRESENT_PARAMETERS* parameters) {
    if (!parameters) return D3DERR_INVALIDCALL;
    *parameters = additional_ ? parameters_ : owner_.presentParameters();
    return D3D_OK;
}

} // namespace ddivk::d3d9

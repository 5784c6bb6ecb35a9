// IDirect3DDevice9: additional swap chains (CreateAdditionalSwapChain). Each has its own
// presentation parameters (checked as CreateDevice's) and back buffers, and presents to its own
// window through the worker's window swapchains, as the implicit chain does (device9_present.cpp).
// GetSwapChain, GetNumberOfSwapChains and the device's GetBackBuffer concern the implicit chains
// only ("the number of implicit swap chains"); an additional chain is reached through the
// interface CreateAdditionalSwapChain returns.
// Driver headers before <d3d9.h>: device9.h first.
#include "d3d9/device9.h"

#include "d3d9/present_parameters.h"
#include "d3d9/swap_chain9.h"

namespace ddivk::d3d9 {

HRESULT STDMETHODCALLTYPE Device9::CreateAdditionalSwapChain(D3DPRESENT_PARAMETERS* parameters,
                                                             IDirect3DSwapChain9** swapchain) {
    if (!parameters || !swapchain) return D3DERR_INVALIDCALL;
    *swapchain = nullptr;
    D3DPRESENT_PARAMETERS checked = *parameters;
    if (HRESULT hr =
            checkPresentParameters(*creation_.adapter, creation_.focusWindow, creation_.extended, checked);
        FAILED(hr))
        return hr;
    // "Any given device can support only one full-screen swap chain": the implicit one here.
    if (!checked.Windowed) {
        DDIVK_WARN("d3d9: CreateAdditionalSwapChain: full-screen additional swap chains are not supported");
        return D3DERR_INVALIDCALL;
    }
    auto guard = lock();
    ddivk_surface_desc desc{};
    desc.width = checked.BackBufferWidth;
    desc.height = checked.BackBufferHeight;
    desc.format = static_cast<uint32_t>(checked.BackBufferFormat);
    desc.usage = DDIVK_SURFACE_RENDERTARGET;
    desc.samples = samplesOf(*creation_.adapter, checked.BackBufferFormat, checked.MultiSampleType,
                             checked.MultiSampleQuality);
    std::vector<uint32_t> handles(swapChainSurfaces(checked), 0);
    ddivk::HRESULT hr = S_OK;
    stream_->call([&] {
        for (uint32_t& handle : handles) {
            if (hr == S_OK) hr = ddivk_surface_create(driver_, &desc, &handle);
        }
        if (hr != S_OK) {
            for (uint32_t handle : handles)
                if (handle) ddivk_surface_destroy(driver_, handle);
        }
    });
    if (hr != S_OK) return hr == E_OUTOFMEMORY ? D3DERR_OUTOFVIDEOMEMORY : D3DERR_NOTAVAILABLE;
    // The automatic depth buffer is the implicit chain's: an additional chain has none.
    writeBackParameters(*parameters, checked);
    *swapchain = new SwapChain9(*this, checked, handles);
    return D3D_OK;
}

} // namespace ddivk::d3d9

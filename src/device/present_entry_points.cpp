// The presentation entry points (include/ddivk/ddivk.h): swapchains of windows, and presenting
// a surface in one. Failures become the DDI's codes here (ddi_boundary.h).
#include "ddivk/ddivk.h"
#include "device/ddi_boundary.h"
#include "device/device.h"
#include "device/handles.h"
#include "vk/swapchain.h"
#include "vk/window_surface.h"

#include <cstring>

using namespace ddivk;

struct ddivk_swapchain {
    // The ramp and its frame outlive impl, whose destructor waits for the presents using them.
    // Kept when the ramp is taken away, so no present in flight loses its frame.
    std::unique_ptr<device::PresentGamma> gamma;
    bool gammaApplied = false; // false: presents show the surface as it is
    std::unique_ptr<vk::Swapchain> impl;
};

namespace {

VkRect2D toVk(const ddivk_rect& r) {
    return {{r.left, r.top}, {uint32_t(r.right - r.left), uint32_t(r.bottom - r.top)}};
}

bool valid(const ddivk_rect* r) {
    return !r || (r->right > r->left && r->bottom > r->top);
}

} // namespace

extern "C" {

HRESULT ddivk_swapchain_create(ddivk_device* device, const ddivk_swapchain_desc* desc,
                               ddivk_swapchain** swapchain) {
    if (!device || !desc || !swapchain) return E_INVALIDARG;
    *swapchain = nullptr;
    if (!vk::windowSurfacesSupported()) return D3DERR_NOTAVAILABLE;
    return device::guarded("ddivk_swapchain_create", [&]() -> HRESULT {
        device::Device& d = device::deviceOf(device);
        std::lock_guard lock(d.lock());
        vk::SwapchainDesc vd;
        vd.window = desc->window;
        vd.interval = desc->interval;
        auto s = std::make_unique<ddivk_swapchain>();
        s->impl = vk::Swapchain::create(d.vulkan(), vd);
        *swapchain = s.release();
        return S_OK;
    });
}

void ddivk_swapchain_destroy(ddivk_device* device, ddivk_swapchain* swapchain) {
    if (!device || !swapchain) return;
    device::guarded("ddivk_swapchain_destroy", [&] {
        std::lock_guard lock(device::deviceOf(device).lock());
        delete swapchain;
        return S_OK;
    });
}

HRESULT ddivk_swapchain_present(ddivk_device* device, ddivk_swapchain* swapchain, uint32_t surface,
                                const ddivk_rect* source, const ddivk_rect* dest) {
    if (!device || !swapchain) return E_INVALIDARG;
    if (!valid(source) || !valid(dest)) return D3DERR_INVALIDCALL;
    return device::guarded("ddivk_swapchain_present", [&] {
        device::Device& d = device::deviceOf(device);
        std::lock_guard lock(d.lock());
        VkRect2D from{}, to{};
        if (source) from = toVk(*source);
        if (dest) to = toVk(*dest);
        return d.present(*swapchain->impl, surface, source ? &from : nullptr, dest ? &to : nullptr,
                         swapchain->gammaApplied ? swapchain->gamma.get() : nullptr);
    });
}

HRESULT ddivk_swapchain_set_gamma(ddivk_device* device, ddivk_swapchain* swapchain,
                                  const ddivk_gamma_ramp* ramp) {
    if (!device || !swapchain) return E_INVALIDARG;
    return device::guarded("ddivk_swapchain_set_gamma", [&] {
        device::Device& d = device::deviceOf(device);
        std::lock_guard lock(d.lock());
        if (!ramp) {
            swapchain->gammaApplied = false;
            return S_OK;
        }
        if (!d.presentsGamma()) return D3DERR_NOTAVAILABLE;
        if (!swapchain->gamma) swapchain->gamma = std::make_unique<device::PresentGamma>();
        static_assert(sizeof(ddivk_gamma_ramp) == sizeof(vk::GammaRamp));
        std::memcpy(&swapchain->gamma->ramp, ramp, sizeof *ramp);
        swapchain->gammaApplied = true;
        return S_OK;
    });
}

HRESULT ddivk_swapchain_wait(ddivk_device* device, ddivk_swapchain* swapchain) {
    if (!device || !swapchain) return E_INVALIDARG;
    return device::guarded("ddivk_swapchain_wait", [&] {
        swapchain->impl->waitForPresents();
        return S_OK;
    });
}

} // extern "C"

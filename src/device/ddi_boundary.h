// The one place where failures inside the driver become the DDI's codes: every entry point and
// every dp2::Target method runs its body through guarded(), so code inside may throw.
#pragma once

#include <new>
#include <stdexcept>

#include "ddivk/hresult.h"
#include "util/log.h"
#include "vk/error.h"

namespace ddivk::device {

// HRESULT for a Vulkan failure: device loss and memory exhaustion keep their D3D9 meaning.
inline HRESULT hresultFromVk(VkResult result) {
    switch (result) {
    case VK_ERROR_DEVICE_LOST:
        return D3DERR_DEVICELOST;
    case VK_ERROR_OUT_OF_DEVICE_MEMORY:
        return D3DERR_OUTOFVIDEOMEMORY;
    case VK_ERROR_OUT_OF_HOST_MEMORY:
        return E_OUTOFMEMORY;
    default:
        return E_FAIL;
    }
}

// Runs body (returning HRESULT) and turns any exception into an HRESULT, logged once here.
template <class Body> HRESULT guarded(const char* what, Body&& body) noexcept {
    try {
        return body();
    } catch (const std::bad_alloc&) {
        DDIVK_ERROR("%s: out of memory", what);
        return E_OUTOFMEMORY;
    } catch (const vk::Error& e) {
        DDIVK_ERROR("%s: %s", what, e.what());
        return hresultFromVk(e.result());
    } catch (const std::exception& e) {
        DDIVK_ERROR("%s: %s", what, e.what());
        return E_FAIL;
    }
}

} // namespace ddivk::device

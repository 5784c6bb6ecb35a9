// The shared shape of the UMD door's entry points: hDevice is a DP2 context handle; the body
// runs with that context under its device lock, exceptions turned into HRESULTs.
#pragma once

#include <cstdint>
#include <mutex>

#include "ddivk/umd_query.h"
#include "device/context.h"
#include "device/ddi_boundary.h"
#include "device/handles.h"

namespace ddivk::device {

inline uintptr_t umdHandle(HANDLE h) {
    return reinterpret_cast<uintptr_t>(h);
}

// Driver handles of resources, shaders, declarations and state blocks are 32-bit numbers (the
// DP2 tokens' namespace); anything wider names nothing (UINT32_MAX, never handed out).
inline uint32_t umdHandle32(HANDLE h) {
    const uintptr_t v = umdHandle(h);
    return v > UINT32_MAX ? UINT32_MAX : uint32_t(v);
}

// One item as the Items of a token: the UMD calls pass one item where a DP2 token may pass many.
template <class T> dp2::Items<T> umdItem(const T& item) {
    return dp2::Items<T>(&item, 1);
}

// An unknown hDevice: D3DERR_INVALIDCALL.
template <class Body> HRESULT umdCall(uintptr_t context, const char* what, Body&& body) {
    Context* c = contextOf(context);
    if (!c) return D3DERR_INVALIDCALL;
    return guarded(what, [&]() -> HRESULT {
        std::lock_guard lock(c->device().lock());
        return body(*c);
    });
}

} // namespace ddivk::device

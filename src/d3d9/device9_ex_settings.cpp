// IDirect3DDevice9Ex's presentation settings: maximum frame latency, GPU thread priority,
// resource residency, the display mode with rotation, WaitForVBlank; and SetDialogBoxMode.
// The latency bounds the frames in flight at each Present (device9_frame_latency.cpp); the
// priority is kept and answered back, changing no scheduling: Vulkan gives no GPU thread
// priority to set.
// Driver headers before <d3d9.h>: device9.h first.
#include "d3d9/device9.h"

namespace ddivk::d3d9 {

// "Typically 3, but can range from 1 to 20. A value of 0 will reset latency to the default."
HRESULT STDMETHODCALLTYPE Device9::SetMaximumFrameLatency(UINT latency) {
    if (latency > 30) return D3DERR_INVALIDCALL; // Windows takes 30 (Wine's test_frame_latency)
    auto guard = lock();
    maximumFrameLatency_ = latency == 0 ? 3 : latency;
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Device9::GetMaximumFrameLatency(UINT* latency) {
    if (!latency) return D3DERR_INVALIDCALL;
    auto guard = lock();
    *latency = maximumFrameLatency_;
    return D3D_OK;
}

// "The thread priority, ranging from -7 to 7"; D3DERR_INVALIDCALL outside.
HRESULT STDMETHODCALLTYPE Device9::SetGPUThreadPriority(INT priority) {
    if (priority < -7 || priority > 7) return D3DERR_INVALIDCALL;
    auto guard = lock();
    gpuThreadPriority_ = priority;
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Device9::GetGPUThreadPriority(INT* priority) {
    if (!priority) return D3DERR_INVALIDCALL;
    auto guard = lock();
    *priority = gpuThreadPriority_;
    return D3D_OK;
}

// Every resource lives in Vulkan memory, which the device can reach, and none is ever paged to
// disk: S_OK ("all the resources are in GPU-accessible memory"). At most 65535 resources.
HRESULT STDMETHODCALLTYPE Device9::CheckResourceResidency(IDirect3DResource9** resources, UINT32 count) {
    if (count > 65535 || (count > 0 && !resources)) return D3DERR_INVALIDCALL;
    for (UINT32 i = 0; i < count; ++i)
        if (!resources[i]) return D3DERR_INVALIDCALL;
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Device9::GetDisplayModeEx(UINT swapchain, D3DDISPLAYMODEEX* mode,
                                                    D3DDISPLAYROTATION* rotation) {
    if (swapchain != 0) return D3DERR_INVALIDCALL;
    // The adapter's answer, with its rules (Size of the mode checked, rotation optional).
    return creation_.direct3d->GetAdapterDisplayModeEx(creation_.adapterOrdinal, mode, rotation);
}

// "Suspend execution of the calling thread until the next vertical blank signal": the blank as
// GetRasterStatus estimates it (Vulkan exposes no scan-out position). Leaves a blank first
// when it is in one, so it waits for the next.
HRESULT STDMETHODCALLTYPE Device9::WaitForVBlank(UINT swapchain) {
    if (swapchain != 0) return D3DERR_INVALIDCALL;
    D3DRASTER_STATUS status{};
    D3DDISPLAYMODE mode{};
    if (FAILED(GetRasterStatus(0, &status)) || FAILED(GetDisplayMode(0, &mode))) return D3DERR_INVALIDCALL;
    while (status.InVBlank) {
        SwitchToThread();
        GetRasterStatus(0, &status);
    }
    while (!status.InVBlank) {
        // Sleep while far from the blank, yield near it (a millisecond is ~6% of a 60 Hz period).
        if (status.ScanLine < mode.Height - mode.Height / 8)
            Sleep(1);
        else
            SwitchToThread();
        GetRasterStatus(0, &status);
    }
    return D3D_OK;
}

// D3D_OK only when all the documented conditions hold: a GDI-compatible back buffer format
// (X1R5G5B5, R5G6B5, X8R8G8B8), no multisampling, D3DSWAPEFFECT_DISCARD,
// D3DPRESENTFLAG_LOCKABLE_BACKBUFFER, no D3DCREATE_ADAPTERGROUP_DEVICE, outside a scene.
// "No effect for windowed mode applications"; our full-screen devices present into their
// window, where GDI child windows are the window system's, so the setting changes nothing.
HRESULT STDMETHODCALLTYPE Device9::SetDialogBoxMode(WINBOOL enable) {
    (void)enable;
    auto guard = lock();
    const D3DPRESENT_PARAMETERS& p = creation_.present;
    const bool gdiFormat = p.BackBufferFormat == ::D3DFMT_X1R5G5B5 || p.BackBufferFormat == ::D3DFMT_R5G6B5 ||
                           p.BackBufferFormat == ::D3DFMT_X8R8G8B8;
    if (!gdiFormat || p.MultiSampleType != D3DMULTISAMPLE_NONE || p.SwapEffect != D3DSWAPEFFECT_DISCARD ||
        !(p.Flags & D3DPRESENTFLAG_LOCKABLE_BACKBUFFER) ||
        (creation_.flags & D3DCREATE_ADAPTERGROUP_DEVICE) || inScene_)
        return D3DERR_INVALIDCALL;
    return D3D_OK;
}

} // namespace ddivk::d3d9

#include "d3d9/present_parameters.h"

#include "d3d9/format_support.h"
#include "d3d9/full_screen.h"
#include "util/log.h"
#include "vk/sample_counts.h"

namespace ddivk::d3d9 {
namespace {

bool isDepthFormat(::D3DFORMAT f) {
    switch (f) {
    case D3DFMT_D16_LOCKABLE:
    case D3DFMT_D32:
    case D3DFMT_D15S1:
    case D3DFMT_D24S8:
    case D3DFMT_D24X8:
    case D3DFMT_D24X4S4:
    case D3DFMT_D16:
    case D3DFMT_D32F_LOCKABLE:
    case D3DFMT_D24FS8:
    case D3DFMT_D32_LOCKABLE:
        return true;
    default:
        return false;
    }
}

} // namespace

HRESULT checkMultisample(const Adapter& adapter, ::D3DFORMAT format, ::D3DMULTISAMPLE_TYPE type,
                         DWORD quality) {
    if (type > D3DMULTISAMPLE_16_SAMPLES) return D3DERR_INVALIDCALL;
    const uint32_t levels = vk::qualityLevels(targetSampleCounts(adapter, format), uint32_t(type));
    if (levels == 0) {
        DDIVK_WARN("d3d9: multisample type %u is not available for format %u (D3DERR_NOTAVAILABLE)",
                   unsigned(type), unsigned(format));
        return D3DERR_NOTAVAILABLE;
    }
    return quality < levels ? D3D_OK : D3DERR_INVALIDCALL;
}

uint32_t samplesOf(const Adapter& adapter, ::D3DFORMAT format, ::D3DMULTISAMPLE_TYPE type, DWORD quality) {
    return vk::sampleCountOf(targetSampleCounts(adapter, format), uint32_t(type), quality);
}

bool validVertexProcessing(DWORD flags) {
    const DWORD vp = flags & (D3DCREATE_SOFTWARE_VERTEXPROCESSING | D3DCREATE_HARDWARE_VERTEXPROCESSING |
                              D3DCREATE_MIXED_VERTEXPROCESSING);
    return vp == D3DCREATE_SOFTWARE_VERTEXPROCESSING || vp == D3DCREATE_HARDWARE_VERTEXPROCESSING ||
           vp == D3DCREATE_MIXED_VERTEXPROCESSING;
}

HRESULT checkPresentParameters(const Adapter& adapter, HWND focusWindow, bool extended,
                               D3DPRESENT_PARAMETERS& p) {
    const DWORD lastSwapEffect = extended ? DWORD{5} /* D3DSWAPEFFECT_FLIPEX */ : DWORD{D3DSWAPEFFECT_COPY};
    if (p.SwapEffect < D3DSWAPEFFECT_DISCARD || DWORD(p.SwapEffect) > lastSwapEffect)
        return D3DERR_INVALIDCALL;
    // Ex devices take up to 30 (D3DPRESENT_BACK_BUFFERS_MAX_EX; Wine's test_swapchain_parameters).
    if (p.BackBufferCount > DWORD(extended ? D3DPRESENT_BACK_BUFFERS_MAX_EX : D3DPRESENT_BACK_BUFFERS_MAX))
        return D3DERR_INVALIDCALL;
    if (p.BackBufferCount == 0) p.BackBufferCount = 1;
    if (p.SwapEffect == D3DSWAPEFFECT_COPY && p.BackBufferCount > 1) return D3DERR_INVALIDCALL;
    if (!p.hDeviceWindow) p.hDeviceWindow = focusWindow;
    if (p.Windowed) {
        if (p.FullScreen_RefreshRateInHz != 0) return D3DERR_INVALIDCALL;
        if (p.PresentationInterval != D3DPRESENT_INTERVAL_DEFAULT &&
            p.PresentationInterval != D3DPRESENT_INTERVAL_ONE &&
            p.PresentationInterval != D3DPRESENT_INTERVAL_IMMEDIATE)
            return D3DERR_INVALIDCALL;
        // Size 0: the window's client area (1x1 for a window of no area, or no window).
        if (p.BackBufferWidth == 0 || p.BackBufferHeight == 0) {
            RECT client{};
            if (p.hDeviceWindow) GetClientRect(p.hDeviceWindow, &client);
            if (p.BackBufferWidth == 0) p.BackBufferWidth = client.right > 0 ? UINT(client.right) : 1;
            if (p.BackBufferHeight == 0) p.BackBufferHeight = client.bottom > 0 ? UINT(client.bottom) : 1;
        }
        if (p.BackBufferFormat == D3DFMT_UNKNOWN) p.BackBufferFormat = D3DFMT_X8R8G8B8;
    } else {
        if (!p.hDeviceWindow) return D3DERR_INVALIDCALL;
        if (p.BackBufferWidth == 0 || p.BackBufferHeight == 0 || p.BackBufferFormat == D3DFMT_UNKNOWN)
            return D3DERR_INVALIDCALL;
        // The intervals D3DCAPS9::PresentationIntervals lists.
        if (p.PresentationInterval != D3DPRESENT_INTERVAL_DEFAULT &&
            p.PresentationInterval != D3DPRESENT_INTERVAL_ONE &&
            p.PresentationInterval != D3DPRESENT_INTERVAL_IMMEDIATE)
            return D3DERR_INVALIDCALL;
    }
    if (p.MultiSampleType > D3DMULTISAMPLE_16_SAMPLES) return D3DERR_INVALIDCALL;
    // D3D9 multisamples only back buffers it may discard, never lockable ones.
    if (p.MultiSampleType != D3DMULTISAMPLE_NONE &&
        (p.SwapEffect != D3DSWAPEFFECT_DISCARD || (p.Flags & D3DPRESENTFLAG_LOCKABLE_BACKBUFFER)))
        return D3DERR_INVALIDCALL;
    if (!rendersTo(adapter, p.BackBufferFormat)) return D3DERR_NOTAVAILABLE;
    if (HRESULT hr = checkMultisample(adapter, p.BackBufferFormat, p.MultiSampleType, p.MultiSampleQuality);
        FAILED(hr))
        return hr;
    if (p.EnableAutoDepthStencil) {
        if (!isDepthFormat(p.AutoDepthStencilFormat)) return D3DERR_INVALIDCALL;
        if (FAILED(checkDeviceFormat(adapter, D3DFMT_X8R8G8B8, D3DUSAGE_DEPTHSTENCIL, D3DRTYPE_SURFACE,
                                     p.AutoDepthStencilFormat)))
            return D3DERR_NOTAVAILABLE;
        // The automatic depth buffer takes the back buffer's samples.
        if (HRESULT hr =
                checkMultisample(adapter, p.AutoDepthStencilFormat, p.MultiSampleType, p.MultiSampleQuality);
            FAILED(hr))
            return hr;
    }
    // Full screen: the back buffer's size is a display mode the adapter lists.
    if (!p.Windowed) return checkFullScreenMode(adapter.display, p);
    return D3D_OK;
}

uint32_t swapChainSurfaces(const D3DPRESENT_PARAMETERS& p) {
    const bool flips = p.SwapEffect == D3DSWAPEFFECT_FLIP || DWORD(p.SwapEffect) == 5; // D3DSWAPEFFECT_FLIPEX
    return p.BackBufferCount + (flips ? 1 : 0);
}

void writeBackParameters(D3DPRESENT_PARAMETERS& program, const D3DPRESENT_PARAMETERS& checked) {
    const HWND window = program.hDeviceWindow;
    program = checked;
    program.hDeviceWindow = window;
}

} // namespace ddivk::d3d9

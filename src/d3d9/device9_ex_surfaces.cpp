// IDirect3DDevice9Ex: CreateRenderTargetEx, CreateOffscreenPlainSurfaceEx and
// CreateDepthStencilSurfaceEx: the non-Ex methods with a Usage argument. The usages these
// surfaces can carry beyond their kind are the Ex-only content-protection and text ones
// (D3DUSAGE_RESTRICTED_CONTENT, RESTRICT_SHARED_RESOURCE(_DRIVER), TEXTAPI for the D3DFMT_A1
// surfaces of ComposeRects); the device protects no content and makes no A1 surface, so those
// are D3DERR_NOTAVAILABLE, and any other bit D3DERR_INVALIDCALL.
// Driver headers before <d3d9.h>: device9.h first.
#include "d3d9/device9.h"

namespace ddivk::d3d9 {
namespace {

constexpr DWORD kUnavailableExUsages = D3DUSAGE_RESTRICTED_CONTENT | D3DUSAGE_RESTRICT_SHARED_RESOURCE |
                                       D3DUSAGE_RESTRICT_SHARED_RESOURCE_DRIVER | D3DUSAGE_TEXTAPI;

// Any other bit is D3DERR_INVALIDCALL with *surface left as it was, the surface's own kind
// (RENDERTARGET for CreateRenderTargetEx, DEPTHSTENCIL for CreateDepthStencilSurfaceEx)
// included: Wine's test_resource_access and test_create_depth_stencil_surface_ex record Windows.
HRESULT checkExUsage(DWORD usage, IDirect3DSurface9** surface) {
    if (usage & ~kUnavailableExUsages) return D3DERR_INVALIDCALL;
    if (surface) *surface = nullptr;
    return usage ? D3DERR_NOTAVAILABLE : D3D_OK;
}

} // namespace

HRESULT STDMETHODCALLTYPE Device9::CreateRenderTargetEx(UINT width, UINT height, D3DFORMAT format,
                                                        D3DMULTISAMPLE_TYPE multisample, DWORD quality,
                                                        WINBOOL lockable, IDirect3DSurface9** surface,
                                                        HANDLE* shared, DWORD usage) {
    if (!surface) return D3DERR_INVALIDCALL;
    if (HRESULT hr = checkExUsage(usage, surface); FAILED(hr)) return hr;
    return CreateRenderTarget(width, height, format, multisample, quality, lockable, surface, shared);
}

HRESULT STDMETHODCALLTYPE Device9::CreateOffscreenPlainSurfaceEx(UINT width, UINT height, D3DFORMAT format,
                                                                 D3DPOOL pool, IDirect3DSurface9** surface,
                                                                 HANDLE* shared, DWORD usage) {
    if (!surface) return D3DERR_INVALIDCALL;
    if (HRESULT hr = checkExUsage(usage, surface); FAILED(hr)) return hr;
    return CreateOffscreenPlainSurface(width, height, format, pool, surface, shared);
}

HRESULT STDMETHODCALLTYPE Device9::CreateDepthStencilSurfaceEx(UINT width, UINT height, D3DFORMAT format,
                                                               D3DMULTISAMPLE_TYPE multisample, DWORD quality,
                                                               WINBOOL discard, IDirect3DSurface9** surface,
                                                               HANDLE* shared, DWORD usage) {
    if (!surface) return D3DERR_INVALIDCALL;
    if (HRESULT hr = checkExUsage(usage, surface); FAILED(hr)) return hr;
    return CreateDepthStencilSurface(width, height, format, multisample, quality, discard, surface, shared);
}

} // namespace ddivk::d3d9

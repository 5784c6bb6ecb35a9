// IDirect3DDevice9Ex: the methods not implemented yet. Each logs one warning the first time and
// is counted (the total is logged at exit); it returns what D3D9 returns for a call it cannot
// carry out. docs/d3d9-dll.md lists what is implemented.
#include "util/unimplemented.h"

#include "d3d9/device9.h"

namespace ddivk::d3d9 {

HRESULT STDMETHODCALLTYPE Device9::SetCursorProperties(UINT, UINT, IDirect3DSurface9*) {
    DDIVK_UNIMPLEMENTED("IDirect3DDevice9::SetCursorProperties");
    return D3DERR_INVALIDCALL;
}

void STDMETHODCALLTYPE Device9::SetCursorPosition(int, int, DWORD) {
    DDIVK_UNIMPLEMENTED("IDirect3DDevice9::SetCursorPosition");
}

WINBOOL STDMETHODCALLTYPE Device9::ShowCursor(WINBOOL) {
    DDIVK_UNIMPLEMENTED("IDirect3DDevice9::ShowCursor");
    return FALSE;
}

HRESULT STDMETHODCALLTYPE Device9::CreateAdditionalSwapChain(D3DPRESENT_PARAMETERS*, IDirect3DSwapChain9**) {
    DDIVK_UNIMPLEMENTED("IDirect3DDevice9::CreateAdditionalSwapChain");
    return D3DERR_INVALIDCALL;
}

HRESULT STDMETHODCALLTYPE Device9::SetDialogBoxMode(WINBOOL) {
    DDIVK_UNIMPLEMENTED("IDirect3DDevice9::SetDialogBoxMode");
    return D3DERR_INVALIDCALL;
}

void STDMETHODCALLTYPE Device9::SetGammaRamp(UINT, DWORD, const D3DGAMMARAMP*) {
    DDIVK_UNIMPLEMENTED("IDirect3DDevice9::SetGammaRamp");
}

void STDMETHODCALLTYPE Device9::GetGammaRamp(UINT, D3DGAMMARAMP*) {
    DDIVK_UNIMPLEMENTED("IDirect3DDevice9::GetGammaRamp");
}

HRESULT STDMETHODCALLTYPE Device9::GetFrontBufferData(UINT, IDirect3DSurface9*) {
    DDIVK_UNIMPLEMENTED("IDirect3DDevice9::GetFrontBufferData");
    return D3DERR_INVALIDCALL;
}

HRESULT STDMETHODCALLTYPE Device9::SetClipStatus(const D3DCLIPSTATUS9*) {
    DDIVK_UNIMPLEMENTED("IDirect3DDevice9::SetClipStatus");
    return D3DERR_INVALIDCALL;
}

HRESULT STDMETHODCALLTYPE Device9::GetClipStatus(D3DCLIPSTATUS9*) {
    DDIVK_UNIMPLEMENTED("IDirect3DDevice9::GetClipStatus");
    return D3DERR_INVALIDCALL;
}

HRESULT STDMETHODCALLTYPE Device9::ValidateDevice(DWORD*) {
    DDIVK_UNIMPLEMENTED("IDirect3DDevice9::ValidateDevice");
    return D3DERR_INVALIDCALL;
}

HRESULT STDMETHODCALLTYPE Device9::SetPaletteEntries(UINT, const PALETTEENTRY*) {
    DDIVK_UNIMPLEMENTED("IDirect3DDevice9::SetPaletteEntries");
    return D3DERR_INVALIDCALL;
}

HRESULT STDMETHODCALLTYPE Device9::GetPaletteEntries(UINT, PALETTEENTRY*) {
    DDIVK_UNIMPLEMENTED("IDirect3DDevice9::GetPaletteEntries");
    return D3DERR_INVALIDCALL;
}

HRESULT STDMETHODCALLTYPE Device9::SetCurrentTexturePalette(UINT) {
    DDIVK_UNIMPLEMENTED("IDirect3DDevice9::SetCurrentTexturePalette");
    return D3DERR_INVALIDCALL;
}

HRESULT STDMETHODCALLTYPE Device9::GetCurrentTexturePalette(UINT*) {
    DDIVK_UNIMPLEMENTED("IDirect3DDevice9::GetCurrentTexturePalette");
    return D3DERR_INVALIDCALL;
}

HRESULT STDMETHODCALLTYPE Device9::SetNPatchMode(float) {
    DDIVK_UNIMPLEMENTED("IDirect3DDevice9::SetNPatchMode");
    return D3DERR_INVALIDCALL;
}

float STDMETHODCALLTYPE Device9::GetNPatchMode() {
    DDIVK_UNIMPLEMENTED("IDirect3DDevice9::GetNPatchMode");
    return 0.0f;
}

HRESULT STDMETHODCALLTYPE Device9::ProcessVertices(UINT, UINT, UINT, IDirect3DVertexBuffer9*,
                                                   IDirect3DVertexDeclaration9*, DWORD) {
    DDIVK_UNIMPLEMENTED("IDirect3DDevice9::ProcessVertices");
    return D3DERR_INVALIDCALL;
}

HRESULT STDMETHODCALLTYPE Device9::DrawRectPatch(UINT, const float*, const D3DRECTPATCH_INFO*) {
    DDIVK_UNIMPLEMENTED("IDirect3DDevice9::DrawRectPatch");
    return D3DERR_INVALIDCALL;
}

HRESULT STDMETHODCALLTYPE Device9::DrawTriPatch(UINT, const float*, const D3DTRIPATCH_INFO*) {
    DDIVK_UNIMPLEMENTED("IDirect3DDevice9::DrawTriPatch");
    return D3DERR_INVALIDCALL;
}

HRESULT STDMETHODCALLTYPE Device9::DeletePatch(UINT) {
    DDIVK_UNIMPLEMENTED("IDirect3DDevice9::DeletePatch");
    return D3DERR_INVALIDCALL;
}

HRESULT STDMETHODCALLTYPE Device9::SetConvolutionMonoKernel(UINT, UINT, float*, float*) {
    DDIVK_UNIMPLEMENTED("IDirect3DDevice9::SetConvolutionMonoKernel");
    return D3DERR_INVALIDCALL;
}

HRESULT STDMETHODCALLTYPE Device9::ComposeRects(IDirect3DSurface9*, IDirect3DSurface9*,
                                                IDirect3DVertexBuffer9*, UINT, IDirect3DVertexBuffer9*,
                                                D3DCOMPOSERECTSOP, INT, INT) {
    DDIVK_UNIMPLEMENTED("IDirect3DDevice9::ComposeRects");
    return D3DERR_INVALIDCALL;
}

HRESULT STDMETHODCALLTYPE Device9::GetGPUThreadPriority(INT*) {
    DDIVK_UNIMPLEMENTED("IDirect3DDevice9::GetGPUThreadPriority");
    return D3DERR_INVALIDCALL;
}

HRESULT STDMETHODCALLTYPE Device9::SetGPUThreadPriority(INT) {
    DDIVK_UNIMPLEMENTED("IDirect3DDevice9::SetGPUThreadPriority");
    return D3DERR_INVALIDCALL;
}

HRESULT STDMETHODCALLTYPE Device9::WaitForVBlank(UINT) {
    DDIVK_UNIMPLEMENTED("IDirect3DDevice9::WaitForVBlank");
    return D3DERR_INVALIDCALL;
}

HRESULT STDMETHODCALLTYPE Device9::CheckResourceResidency(IDirect3DResource9**, UINT32) {
    DDIVK_UNIMPLEMENTED("IDirect3DDevice9::CheckResourceResidency");
    return D3DERR_INVALIDCALL;
}

HRESULT STDMETHODCALLTYPE Device9::SetMaximumFrameLatency(UINT) {
    DDIVK_UNIMPLEMENTED("IDirect3DDevice9::SetMaximumFrameLatency");
    return D3DERR_INVALIDCALL;
}

HRESULT STDMETHODCALLTYPE Device9::GetMaximumFrameLatency(UINT*) {
    DDIVK_UNIMPLEMENTED("IDirect3DDevice9::GetMaximumFrameLatency");
    return D3DERR_INVALIDCALL;
}

HRESULT STDMETHODCALLTYPE Device9::CreateRenderTargetEx(UINT, UINT, D3DFORMAT, D3DMULTISAMPLE_TYPE, DWORD,
                                                        WINBOOL, IDirect3DSurface9**, HANDLE*, DWORD) {
    DDIVK_UNIMPLEMENTED("IDirect3DDevice9::CreateRenderTargetEx");
    return D3DERR_INVALIDCALL;
}

HRESULT STDMETHODCALLTYPE Device9::CreateOffscreenPlainSurfaceEx(UINT, UINT, D3DFORMAT, D3DPOOL,
                                                                 IDirect3DSurface9**, HANDLE*, DWORD) {
    DDIVK_UNIMPLEMENTED("IDirect3DDevice9::CreateOffscreenPlainSurfaceEx");
    return D3DERR_INVALIDCALL;
}

HRESULT STDMETHODCALLTYPE Device9::CreateDepthStencilSurfaceEx(UINT, UINT, D3DFORMAT, D3DMULTISAMPLE_TYPE,
                                                               DWORD, WINBOOL, IDirect3DSurface9**, HANDLE*,
                                                               DWORD) {
    DDIVK_UNIMPLEMENTED("IDirect3DDevice9::CreateDepthStencilSurfaceEx");
    return D3DERR_INVALIDCALL;
}

HRESULT STDMETHODCALLTYPE Device9::GetDisplayModeEx(UINT, D3DDISPLAYMODEEX*, D3DDISPLAYROTATION*) {
    DDIVK_UNIMPLEMENTED("IDirect3DDevice9::GetDisplayModeEx");
    return D3DERR_INVALIDCALL;
}

} // namespace ddivk::d3d9

// The IDirect3DDevice9Ex methods of docs/d3d9-dll.md, "Other device methods": the Ex surface
// creators (their Usage rule, and surfaces that render, hold depth and receive read-backs),
// SetConvolutionMonoKernel and ComposeRects.
#include "check.h"
#include "device_support.h"
#include "texture_support.h"

namespace {

// An IDirect3DDevice9Ex (CreateDeviceEx) on its own window.
struct TestDeviceEx {
    IDirect3D9Ex* d3d = nullptr;
    IDirect3DDevice9Ex* device = nullptr;
    TestWindow window;
    TestDeviceEx(UINT width, UINT height, bool depth = false) : window(int(width), int(height)) {
        if (FAILED(Direct3DCreate9Ex(D3D_SDK_VERSION, &d3d))) return;
        D3DPRESENT_PARAMETERS pp = windowedParameters(window.hwnd, width, height, depth);
        d3d->CreateDeviceEx(0, D3DDEVTYPE_HAL, window.hwnd, D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp, nullptr,
                            &device);
    }
    ~TestDeviceEx() {
        if (device) device->Release();
        if (d3d) d3d->Release();
    }
    IDirect3DDevice9Ex* operator->() const { return device; }
};

} // namespace

// D3D9Ex: width and height 1..7, weights NULL.
TEST(ConvolutionMonoKernel, AcceptsOnlyTheDocumentedSizesAndNullWeights) {
    TestDeviceEx t(16, 16);
    REQUIRE(t.device != nullptr);
    float weights[7] = {1, 1, 1, 1, 1, 1, 1};
    CHECK_EQ(t->SetConvolutionMonoKernel(1, 1, nullptr, nullptr), D3D_OK);
    CHECK_EQ(t->SetConvolutionMonoKernel(7, 7, nullptr, nullptr), D3D_OK);
    CHECK_EQ(t->SetConvolutionMonoKernel(0, 3, nullptr, nullptr), D3DERR_INVALIDCALL);
    CHECK_EQ(t->SetConvolutionMonoKernel(3, 8, nullptr, nullptr), D3DERR_INVALIDCALL);
    CHECK_EQ(t->SetConvolutionMonoKernel(3, 3, weights, nullptr), D3DERR_INVALIDCALL);
    CHECK_EQ(t->SetConvolutionMonoKernel(3, 3, nullptr, weights), D3DERR_INVALIDCALL);
}

// ComposeRects composes D3DFMT_A1 surfaces only; surfaces of other formats, the same surface
// twice, missing buffers or an unknown operation are D3DERR_INVALIDCALL.
TEST(ComposeRects, RefusesSurfacesThatAreNotDistinctA1Surfaces) {
    TestDeviceEx t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DSurface9 *a = nullptr, *b = nullptr;
    REQUIRE(t->CreateRenderTarget(8, 8, D3DFMT_A8R8G8B8, D3DMULTISAMPLE_NONE, 0, FALSE, &a, nullptr) ==
            D3D_OK);
    REQUIRE(t->CreateRenderTarget(8, 8, D3DFMT_A8R8G8B8, D3DMULTISAMPLE_NONE, 0, FALSE, &b, nullptr) ==
            D3D_OK);
    IDirect3DVertexBuffer9 *src = nullptr, *dst = nullptr;
    REQUIRE(t->CreateVertexBuffer(64, 0, 0, D3DPOOL_DEFAULT, &src, nullptr) == D3D_OK);
    REQUIRE(t->CreateVertexBuffer(64, 0, 0, D3DPOOL_DEFAULT, &dst, nullptr) == D3D_OK);
    CHECK_EQ(t->ComposeRects(a, b, src, 1, dst, D3DCOMPOSERECTS_COPY, 0, 0), D3DERR_INVALIDCALL);
    CHECK_EQ(t->ComposeRects(a, a, src, 1, dst, D3DCOMPOSERECTS_COPY, 0, 0), D3DERR_INVALIDCALL);
    CHECK_EQ(t->ComposeRects(a, b, nullptr, 1, dst, D3DCOMPOSERECTS_COPY, 0, 0), D3DERR_INVALIDCALL);
    CHECK_EQ(t->ComposeRects(a, b, src, 1, dst, D3DCOMPOSERECTSOP(9), 0, 0), D3DERR_INVALIDCALL);
    CHECK_EQ(t->ComposeRects(nullptr, b, src, 1, dst, D3DCOMPOSERECTS_COPY, 0, 0), D3DERR_INVALIDCALL);
    src->Release();
    dst->Release();
    a->Release();
    b->Release();
}

// The Ex creators take a Usage of 0; the content-protection and text usages need features the
// device lacks (D3DERR_NOTAVAILABLE, the output NULL); anything else, the surface's own kind
// included (Wine's test_resource_access), is D3DERR_INVALIDCALL with the output as it was.
TEST(ExSurfaces, UsageBeyondTheSurfaceKindIsRefused) {
    TestDeviceEx t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DSurface9* s = reinterpret_cast<IDirect3DSurface9*>(1);
    CHECK_EQ(t->CreateRenderTargetEx(8, 8, D3DFMT_X8R8G8B8, D3DMULTISAMPLE_NONE, 0, FALSE, &s, nullptr,
                                     D3DUSAGE_DYNAMIC),
             D3DERR_INVALIDCALL);
    CHECK(s == reinterpret_cast<IDirect3DSurface9*>(1));
    s = reinterpret_cast<IDirect3DSurface9*>(1);
    CHECK_EQ(t->CreateRenderTargetEx(8, 8, D3DFMT_X8R8G8B8, D3DMULTISAMPLE_NONE, 0, FALSE, &s, nullptr,
                                     D3DUSAGE_RESTRICTED_CONTENT),
             D3DERR_NOTAVAILABLE);
    CHECK(s == nullptr);
    CHECK_EQ(t->CreateDepthStencilSurfaceEx(8, 8, D3DFMT_D24S8, D3DMULTISAMPLE_NONE, 0, FALSE, &s, nullptr,
                                            D3DUSAGE_RENDERTARGET),
             D3DERR_INVALIDCALL);
    CHECK_EQ(t->CreateOffscreenPlainSurfaceEx(8, 8, D3DFMT_X8R8G8B8, D3DPOOL_SYSTEMMEM, &s, nullptr,
                                              D3DUSAGE_WRITEONLY),
             D3DERR_INVALIDCALL);
    CHECK_EQ(
        t->CreateOffscreenPlainSurfaceEx(8, 8, D3DFMT_A1, D3DPOOL_SYSTEMMEM, &s, nullptr, D3DUSAGE_TEXTAPI),
        D3DERR_NOTAVAILABLE);
    CHECK(s == nullptr);
    CHECK_EQ(
        t->CreateRenderTargetEx(8, 8, D3DFMT_X8R8G8B8, D3DMULTISAMPLE_NONE, 0, FALSE, nullptr, nullptr, 0),
        D3DERR_INVALIDCALL);
}

// Surfaces of the Ex creators work as their non-Ex twins: a render target (usage
// D3DUSAGE_RENDERTARGET) with a depth buffer (usage 0) draws two overlapping rectangles, the
// farther one drawn last loses the depth test, and the pixels are read back into an offscreen
// plain surface made by CreateOffscreenPlainSurfaceEx.
TEST(ExSurfaces, RenderTargetAndDepthBufferRenderAndReadBack) {
    TestDeviceEx t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DSurface9 *target = nullptr, *depth = nullptr, *copy = nullptr;
    REQUIRE(t->CreateRenderTargetEx(32, 24, D3DFMT_X8R8G8B8, D3DMULTISAMPLE_NONE, 0, FALSE, &target, nullptr,
                                    0) == D3D_OK);
    REQUIRE(t->CreateDepthStencilSurfaceEx(32, 24, D3DFMT_D24S8, D3DMULTISAMPLE_NONE, 0, FALSE, &depth,
                                           nullptr, 0) == D3D_OK);
    REQUIRE(t->CreateOffscreenPlainSurfaceEx(32, 24, D3DFMT_X8R8G8B8, D3DPOOL_SYSTEMMEM, &copy, nullptr, 0) ==
            D3D_OK);
    D3DSURFACE_DESC desc{};
    CHECK_EQ(target->GetDesc(&desc), D3D_OK);
    CHECK_EQ(desc.Usage, D3DUSAGE_RENDERTARGET);
    CHECK_EQ(desc.Pool, D3DPOOL_DEFAULT);
    CHECK_EQ(t->SetRenderTarget(0, target), D3D_OK);
    CHECK_EQ(t->SetDepthStencilSurface(depth), D3D_OK);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xFF000000, 1.0f, 0), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_ZENABLE, D3DZB_TRUE), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_LIGHTING, FALSE), D3D_OK);
    CHECK_EQ(t->SetFVF(kScreenFvf), D3D_OK);
    CHECK_EQ(t->BeginScene(), D3D_OK);
    const std::vector<ScreenVertex> nearRect = screenRect(4, 4, 20, 16, 0.25f, 0xFF00FF00);
    const std::vector<ScreenVertex> farRect = screenRect(12, 8, 28, 20, 0.75f, 0xFFFF0000);
    CHECK_EQ(t->DrawPrimitiveUP(D3DPT_TRIANGLELIST, 2, nearRect.data(), sizeof(ScreenVertex)), D3D_OK);
    CHECK_EQ(t->DrawPrimitiveUP(D3DPT_TRIANGLELIST, 2, farRect.data(), sizeof(ScreenVertex)), D3D_OK);
    CHECK_EQ(t->EndScene(), D3D_OK);
    CHECK_EQ(t->GetRenderTargetData(target, copy), D3D_OK);
    D3DLOCKED_RECT locked{};
    REQUIRE(copy->LockRect(&locked, nullptr, D3DLOCK_READONLY) == D3D_OK);
    int wrong = 0;
    for (int y = 0; y < 24; ++y) {
        const auto* row =
            reinterpret_cast<const DWORD*>(static_cast<const BYTE*>(locked.pBits) + y * locked.Pitch);
        for (int x = 0; x < 32; ++x) {
            const bool inNear = x >= 4 && x < 20 && y >= 4 && y < 16;
            const bool inFar = x >= 12 && x < 28 && y >= 8 && y < 20;
            const DWORD expected = inNear ? 0x00FF00 : inFar ? 0xFF0000 : 0x000000;
            wrong += (row[x] & 0xFFFFFF) != expected;
        }
    }
    copy->UnlockRect();
    CHECK_EQ(wrong, 0);
    copy->Release();
    depth->Release();
    target->Release();
}

// An IDirect3D9Ex's CreateDevice makes an Ex device too: it answers QueryInterface for
// IDirect3DDevice9Ex (Wine's test_qi_ex_to_base records Windows).
TEST(DeviceEx, CreateDeviceOfAnExObjectMakesAnExDevice) {
    IDirect3D9Ex* d3d = nullptr;
    REQUIRE(SUCCEEDED(Direct3DCreate9Ex(D3D_SDK_VERSION, &d3d)));
    TestWindow window(16, 16);
    D3DPRESENT_PARAMETERS pp = windowedParameters(window.hwnd, 16, 16, false);
    IDirect3DDevice9* device = nullptr;
    CHECK_EQ(
        d3d->CreateDevice(0, D3DDEVTYPE_HAL, window.hwnd, D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp, &device),
        D3D_OK);
    if (device) {
        IDirect3DDevice9Ex* ex = nullptr;
        CHECK_EQ(device->QueryInterface(__uuidof(IDirect3DDevice9Ex), reinterpret_cast<void**>(&ex)), S_OK);
        if (ex) CHECK_EQ(ex->Release(), 1);
        CHECK_EQ(device->Release(), 0);
    }
    d3d->Release();
}

// A back buffer the program still holds: an Ex device's Reset goes on and leaves it, detached,
// with its old size, until the program's last Release (Wine's test_reset, "references to
// implicit surfaces are allowed in d3d9ex", and test_backbuffer_resize); a plain device's Reset
// is refused until it is released.
TEST(DeviceEx, ResetLeavesAHeldBackBufferToTheProgram) {
    TestDeviceEx t(32, 24);
    REQUIRE(t.device != nullptr);
    IDirect3DSurface9* old = nullptr;
    REQUIRE(t->GetBackBuffer(0, 0, D3DBACKBUFFER_TYPE_MONO, &old) == D3D_OK);
    D3DPRESENT_PARAMETERS pp = windowedParameters(t.window.hwnd, 16, 8, false);
    CHECK_EQ(t->Reset(&pp), D3D_OK);
    CHECK_EQ(t->TestCooperativeLevel(), D3D_OK);
    D3DSURFACE_DESC desc{};
    CHECK_EQ(old->GetDesc(&desc), D3D_OK);
    CHECK_EQ(desc.Width, 32u);
    CHECK_EQ(desc.Height, 24u);
    IDirect3DSurface9* now = nullptr;
    REQUIRE(t->GetBackBuffer(0, 0, D3DBACKBUFFER_TYPE_MONO, &now) == D3D_OK);
    CHECK(now != old);
    CHECK_EQ(now->GetDesc(&desc), D3D_OK);
    CHECK_EQ(desc.Width, 16u);
    now->Release();
    CHECK_EQ(old->Release(), 0u);
    // The device still draws and presents.
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF00FF00, 1.0f, 0), D3D_OK);
    CHECK_EQ(t->Present(nullptr, nullptr, nullptr, nullptr), D3D_OK);

    TestDevice plain(32, 24);
    REQUIRE(plain.device != nullptr);
    REQUIRE(plain->GetBackBuffer(0, 0, D3DBACKBUFFER_TYPE_MONO, &old) == D3D_OK);
    pp = windowedParameters(plain.window.hwnd, 16, 8, false);
    CHECK_EQ(plain->Reset(&pp), D3DERR_INVALIDCALL);
    CHECK_EQ(old->Release(), 0u);
    pp = windowedParameters(plain.window.hwnd, 16, 8, false);
    CHECK_EQ(plain->Reset(&pp), D3D_OK);
}

// An Ex device's chain takes up to D3DPRESENT_BACK_BUFFERS_MAX_EX (30) back buffers, at creation
// and at Reset (Wine's test_swapchain_parameters); a plain device's stops at 3.
TEST(DeviceEx, TakesUpToThirtyBackBuffers) {
    TestDeviceEx t(16, 16);
    REQUIRE(t.device != nullptr);
    D3DPRESENT_PARAMETERS pp = windowedParameters(t.window.hwnd, 16, 16, false);
    pp.BackBufferCount = 31;
    CHECK_EQ(t->ResetEx(&pp, nullptr), D3DERR_INVALIDCALL);
    pp = windowedParameters(t.window.hwnd, 16, 16, false);
    pp.BackBufferCount = 30;
    CHECK_EQ(t->ResetEx(&pp, nullptr), D3D_OK);
    IDirect3DSurface9* last = nullptr;
    CHECK_EQ(t->GetBackBuffer(0, 29, D3DBACKBUFFER_TYPE_MONO, &last), D3D_OK);
    if (last) last->Release();
    CHECK_EQ(t->Present(nullptr, nullptr, nullptr, nullptr), D3D_OK);
}

// Creation refuses a format the surface kind has not, or D3DFMT_UNKNOWN, with
// D3DERR_INVALIDCALL and a null output (Wine's test_create_rt_ds_fail, test_format_unknown); an
// Ex creator's Usage may not name the surface's own kind (test_resource_access), which leaves
// the output as it was.
TEST(DeviceEx, CreationRefusesFormatsAndUsagesAsWindows) {
    TestDeviceEx t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DSurface9* s = reinterpret_cast<IDirect3DSurface9*>(1);
    CHECK_EQ(t->CreateRenderTarget(8, 8, D3DFMT_D16, D3DMULTISAMPLE_NONE, 0, FALSE, &s, nullptr),
             D3DERR_INVALIDCALL);
    CHECK(s == nullptr);
    s = reinterpret_cast<IDirect3DSurface9*>(1);
    CHECK_EQ(t->CreateDepthStencilSurface(8, 8, D3DFMT_A8R8G8B8, D3DMULTISAMPLE_NONE, 0, FALSE, &s, nullptr),
             D3DERR_INVALIDCALL);
    CHECK(s == nullptr);
    // CheckDeviceFormat has no plain depth surfaces, and Windows makes none in any pool
    // (test_resource_access).
    REQUIRE(t.d3d->CheckDeviceFormat(D3DADAPTER_DEFAULT, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, 0, D3DRTYPE_SURFACE,
                                     D3DFMT_D24S8) == D3DERR_NOTAVAILABLE);
    for (D3DPOOL pool : {D3DPOOL_DEFAULT, D3DPOOL_SYSTEMMEM, D3DPOOL_SCRATCH}) {
        for (D3DFORMAT f : {D3DFMT_UNKNOWN, D3DFMT_D24S8, D3DFMT_D16_LOCKABLE}) {
            s = reinterpret_cast<IDirect3DSurface9*>(1);
            CHECK_EQ(t->CreateOffscreenPlainSurface(8, 8, f, pool, &s, nullptr), D3DERR_INVALIDCALL);
            CHECK(s == nullptr);
        }
    }
    s = reinterpret_cast<IDirect3DSurface9*>(1);
    CHECK_EQ(t->CreateRenderTarget(8, 8, D3DFMT_UNKNOWN, D3DMULTISAMPLE_NONE, 0, FALSE, &s, nullptr),
             D3DERR_INVALIDCALL);
    s = reinterpret_cast<IDirect3DSurface9*>(1);
    CHECK_EQ(t->CreateRenderTargetEx(8, 8, D3DFMT_X8R8G8B8, D3DMULTISAMPLE_NONE, 0, FALSE, &s, nullptr,
                                     D3DUSAGE_RENDERTARGET),
             D3DERR_INVALIDCALL);
    CHECK(s == reinterpret_cast<IDirect3DSurface9*>(1));
    CHECK_EQ(t->CreateDepthStencilSurfaceEx(8, 8, D3DFMT_D24S8, D3DMULTISAMPLE_NONE, 0, TRUE, &s, nullptr,
                                            D3DUSAGE_DEPTHSTENCIL),
             D3DERR_INVALIDCALL);
    CHECK(s == reinterpret_cast<IDirect3DSurface9*>(1));
}

// A D3D9Ex device has no managed pool: textures and buffers in D3DPOOL_MANAGED are refused
// (Wine's d3d9ex.c test_resource_access records Windows).
TEST(DeviceEx, RefusesTheManagedPool) {
    TestDeviceEx t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DTexture9* texture = nullptr;
    CHECK_EQ(t->CreateTexture(8, 8, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &texture, nullptr),
             D3DERR_INVALIDCALL);
    IDirect3DCubeTexture9* cube = nullptr;
    CHECK_EQ(t->CreateCubeTexture(8, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &cube, nullptr),
             D3DERR_INVALIDCALL);
    IDirect3DVolumeTexture9* volume = nullptr;
    CHECK_EQ(t->CreateVolumeTexture(4, 4, 4, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &volume, nullptr),
             D3DERR_INVALIDCALL);
    IDirect3DVertexBuffer9* vb = nullptr;
    CHECK_EQ(t->CreateVertexBuffer(64, 0, 0, D3DPOOL_MANAGED, &vb, nullptr), D3DERR_INVALIDCALL);
    IDirect3DIndexBuffer9* ib = nullptr;
    CHECK_EQ(t->CreateIndexBuffer(64, 0, D3DFMT_INDEX16, D3DPOOL_MANAGED, &ib, nullptr), D3DERR_INVALIDCALL);
    CHECK_EQ(t->CreateTexture(8, 8, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT, &texture, nullptr), D3D_OK);
    if (texture) texture->Release();
}

// A D3D9Ex device keeps its state through Reset, and default-pool resources do not stop it
// (Wine's d3d9ex.c test_reset, test_reset_resources): render states, bindings and the viewport's
// depth range stay; render target 0 and the viewport become the new back buffer's.
TEST(DeviceEx, ResetKeepsTheStateAndDefaultPoolResources) {
    TestDeviceEx t(32, 24, true);
    REQUIRE(t.device != nullptr);
    IDirect3DTexture9* texture = nullptr;
    REQUIRE(t->CreateTexture(4, 4, 1, 0, D3DFMT_X8R8G8B8, D3DPOOL_DEFAULT, &texture, nullptr) == D3D_OK);
    IDirect3DVertexBuffer9* vb = nullptr;
    REQUIRE(t->CreateVertexBuffer(64, 0, 0, D3DPOOL_DEFAULT, &vb, nullptr) == D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_LIGHTING, FALSE), D3D_OK);
    CHECK_EQ(t->SetTexture(1, texture), D3D_OK);
    CHECK_EQ(t->SetStreamSource(0, vb, 0, 16), D3D_OK);
    CHECK_EQ(t->SetFVF(D3DFVF_XYZRHW), D3D_OK);
    IDirect3DSurface9* second = nullptr;
    REQUIRE(t->CreateRenderTarget(32, 24, D3DFMT_X8R8G8B8, D3DMULTISAMPLE_NONE, 0, FALSE, &second, nullptr) ==
            D3D_OK);
    CHECK_EQ(t->SetRenderTarget(1, second), D3D_OK);
    const D3DVIEWPORT9 viewport{2, 3, 8, 8, 0.25f, 0.75f};
    CHECK_EQ(t->SetViewport(&viewport), D3D_OK);
    D3DPRESENT_PARAMETERS pp = windowedParameters(t.window.hwnd, 24, 20, true);
    CHECK_EQ(t->Reset(&pp), D3D_OK);
    // Render targets past 0 are unbound (Wine's test_reset_resources).
    IDirect3DSurface9* unbound = nullptr;
    CHECK_EQ(t->GetRenderTarget(1, &unbound), D3DERR_NOTFOUND);
    second->Release();
    DWORD lighting = TRUE;
    CHECK_EQ(t->GetRenderState(D3DRS_LIGHTING, &lighting), D3D_OK);
    CHECK_EQ(lighting, FALSE);
    D3DVIEWPORT9 now{};
    CHECK_EQ(t->GetViewport(&now), D3D_OK);
    CHECK(now.X == 0 && now.Y == 0 && now.Width == 24 && now.Height == 20);
    CHECK(now.MinZ == 0.25f && now.MaxZ == 0.75f);
    IDirect3DBaseTexture9* bound = nullptr;
    CHECK_EQ(t->GetTexture(1, &bound), D3D_OK);
    CHECK(bound == texture);
    if (bound) bound->Release();
    IDirect3DVertexBuffer9* stream = nullptr;
    UINT offset = 1, stride = 0;
    CHECK_EQ(t->GetStreamSource(0, &stream, &offset, &stride), D3D_OK);
    CHECK(stream == vb && offset == 0 && stride == 16);
    if (stream) stream->Release();
    DWORD fvf = 0;
    CHECK_EQ(t->GetFVF(&fvf), D3D_OK);
    CHECK_EQ(fvf, DWORD(D3DFVF_XYZRHW));
    // Render target 0 is the new back buffer, which draws and reads back.
    IDirect3DSurface9* target = nullptr;
    REQUIRE(t->GetRenderTarget(0, &target) == D3D_OK);
    D3DSURFACE_DESC desc{};
    CHECK_EQ(target->GetDesc(&desc), D3D_OK);
    CHECK(desc.Width == 24 && desc.Height == 20);
    target->Release();
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xFF20A040, 1.0f, 0), D3D_OK);
    CHECK_EQ(mismatchedPixels(readBackBuffer(t.device), 24, 20, [](int, int) { return 0x20A040u; }), 0);
    CHECK_EQ(t->SetTexture(1, nullptr), D3D_OK);
    CHECK_EQ(t->SetStreamSource(0, nullptr, 0, 0), D3D_OK);
    texture->Release();
    vb->Release();
}

// An Ex device's swap chains answer IDirect3DSwapChain9Ex (Wine's test_qi_ex_to_base,
// test_swapchain_get_displaymode_ex): the present count, and the display mode as the device's;
// a plain device's do not.
TEST(DeviceEx, SwapChainsAreSwapChain9Ex) {
    TestDeviceEx t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DSwapChain9* chain = nullptr;
    REQUIRE(t->GetSwapChain(0, &chain) == D3D_OK);
    IDirect3DSwapChain9Ex* ex = nullptr;
    CHECK_EQ(chain->QueryInterface(__uuidof(IDirect3DSwapChain9Ex), reinterpret_cast<void**>(&ex)), S_OK);
    if (ex) {
        UINT before = 0, after = 0;
        CHECK_EQ(ex->GetLastPresentCount(&before), D3D_OK);
        CHECK_EQ(t->Present(nullptr, nullptr, nullptr, nullptr), D3D_OK);
        CHECK_EQ(ex->GetLastPresentCount(&after), D3D_OK);
        CHECK_EQ(after, before + 1);
        D3DDISPLAYMODEEX mode{sizeof mode}, device{sizeof device};
        CHECK_EQ(ex->GetDisplayModeEx(&mode, nullptr), D3D_OK);
        CHECK_EQ(t->GetDisplayModeEx(0, &device, nullptr), D3D_OK);
        CHECK(mode.Width == device.Width && mode.Height == device.Height && mode.Format == device.Format);
        mode.Size = 0;
        CHECK_EQ(ex->GetDisplayModeEx(&mode, nullptr), D3DERR_INVALIDCALL);
        ex->Release();
    }
    chain->Release();

    TestDevice plain(16, 16);
    REQUIRE(plain.device != nullptr);
    REQUIRE(plain->GetSwapChain(0, &chain) == D3D_OK);
    void* out = reinterpret_cast<void*>(1);
    CHECK_EQ(chain->QueryInterface(__uuidof(IDirect3DSwapChain9Ex), &out), E_NOINTERFACE);
    chain->Release();
}

// D3D9Ex memory is virtualised: GetAvailableTextureMem answers the same before and after
// 80 MB of default-pool render-target textures (Wine's d3d9ex test_vidmem_accounting records
// Windows: less than 1 MB apart), where a plain device counts them (texture_rules_test.cpp).
TEST(DeviceEx, AvailableTextureMemoryDoesNotCountResources) {
    TestDeviceEx t(16, 16);
    REQUIRE(t.device != nullptr);
    const UINT before = t->GetAvailableTextureMem();
    CHECK(before > 0u);
    const std::vector<IDirect3DTexture9*> textures = bigTargetTextures(t.device, 20);
    REQUIRE(textures.size() == 20);
    CHECK_EQ(t->GetAvailableTextureMem(), before);
    for (IDirect3DTexture9* texture : textures)
        texture->Release();
}

// IDirect3D9::CreateDevice and the device object: the parameter rules, the defaults D3D9 fills
// in, reference counting (objects keep their device alive), QueryInterface, and the state the
// device starts with.
#include "check.h"
#include "device_support.h"
#include "support.h"

#include <cstring>
#include <vector>

TEST(CreateDevice, RefusesMissingArgumentsAndBadVertexProcessingFlags) {
    D3D9 d3d;
    REQUIRE(d3d.d3d != nullptr);
    TestWindow window(32, 32);
    D3DPRESENT_PARAMETERS pp = windowedParameters(window.hwnd, 32, 32, false);
    IDirect3DDevice9* device = reinterpret_cast<IDirect3DDevice9*>(1);
    CHECK_EQ(d3d->CreateDevice(0, D3DDEVTYPE_HAL, window.hwnd, D3DCREATE_HARDWARE_VERTEXPROCESSING, nullptr,
                               &device),
             D3DERR_INVALIDCALL);
    CHECK(device == nullptr);
    CHECK_EQ(
        d3d->CreateDevice(0, D3DDEVTYPE_HAL, window.hwnd, D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp, nullptr),
        D3DERR_INVALIDCALL);
    // Exactly one of software, hardware and mixed vertex processing.
    CHECK_EQ(d3d->CreateDevice(0, D3DDEVTYPE_HAL, window.hwnd, 0, &pp, &device), D3DERR_INVALIDCALL);
    CHECK_EQ(d3d->CreateDevice(0, D3DDEVTYPE_HAL, window.hwnd,
                               D3DCREATE_HARDWARE_VERTEXPROCESSING | D3DCREATE_SOFTWARE_VERTEXPROCESSING, &pp,
                               &device),
             D3DERR_INVALIDCALL);
    CHECK_EQ(d3d->CreateDevice(d3d->GetAdapterCount(), D3DDEVTYPE_HAL, window.hwnd,
                               D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp, &device),
             D3DERR_INVALIDCALL);
    CHECK_EQ(
        d3d->CreateDevice(0, D3DDEVTYPE_REF, window.hwnd, D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp, &device),
        D3DERR_NOTAVAILABLE);
    CHECK(device == nullptr);
}

TEST(CreateDevice, RefusesPresentParametersD3D9Refuses) {
    D3D9 d3d;
    REQUIRE(d3d.d3d != nullptr);
    TestWindow window(32, 32);
    IDirect3DDevice9* device = nullptr;
    auto create = [&](D3DPRESENT_PARAMETERS pp) {
        const HRESULT hr = d3d->CreateDevice(0, D3DDEVTYPE_HAL, window.hwnd,
                                             D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp, &device);
        if (device) device->Release();
        device = nullptr;
        return hr;
    };
    D3DPRESENT_PARAMETERS pp = windowedParameters(window.hwnd, 32, 32, false);
    pp.BackBufferCount = D3DPRESENT_BACK_BUFFERS_MAX + 1;
    CHECK_EQ(create(pp), D3DERR_INVALIDCALL);
    pp = windowedParameters(window.hwnd, 32, 32, false);
    pp.SwapEffect = D3DSWAPEFFECT_COPY;
    pp.BackBufferCount = 2; // COPY presents one back buffer
    CHECK_EQ(create(pp), D3DERR_INVALIDCALL);
    pp = windowedParameters(window.hwnd, 32, 32, false);
    pp.SwapEffect = static_cast<D3DSWAPEFFECT>(5); // FLIPEX: IDirect3D9Ex only
    CHECK_EQ(create(pp), D3DERR_INVALIDCALL);
    pp = windowedParameters(window.hwnd, 32, 32, false);
    pp.FullScreen_RefreshRateInHz = 60; // a windowed device has no refresh rate
    CHECK_EQ(create(pp), D3DERR_INVALIDCALL);
    pp = windowedParameters(window.hwnd, 32, 32, true);
    pp.AutoDepthStencilFormat = D3DFMT_X8R8G8B8; // not a depth format
    CHECK_EQ(create(pp), D3DERR_INVALIDCALL);
    // A multisample type the device does not have (multisample_test.cpp has the rest).
    pp = windowedParameters(window.hwnd, 32, 32, false);
    pp.MultiSampleType = D3DMULTISAMPLE_3_SAMPLES;
    CHECK_EQ(create(pp), D3DERR_NOTAVAILABLE);
    CHECK_EQ(create(windowedParameters(window.hwnd, 32, 32, true)), D3D_OK);
}

// "If BackBufferWidth or BackBufferHeight is 0 [windowed], the runtime uses the client area of
// hDeviceWindow"; UNKNOWN takes the display's format; both are written back. A null
// hDeviceWindow means the focus window, and stays null in the program's parameters (Wine's
// test_reset records Windows), for CreateDevice and Reset; GetPresentParameters names the window.
TEST(CreateDevice, WindowedDefaultsComeFromTheWindowAndAreWrittenBack) {
    D3D9 d3d;
    REQUIRE(d3d.d3d != nullptr);
    TestWindow window(72, 40);
    D3DPRESENT_PARAMETERS pp = windowedParameters(window.hwnd, 0, 0, false);
    pp.hDeviceWindow = nullptr;
    pp.BackBufferFormat = D3DFMT_UNKNOWN;
    pp.BackBufferCount = 0;
    IDirect3DDevice9* device = nullptr;
    CHECK_EQ(
        d3d->CreateDevice(0, D3DDEVTYPE_HAL, window.hwnd, D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp, &device),
        D3D_OK);
    REQUIRE(device != nullptr);
    CHECK_EQ(pp.BackBufferWidth, 72);
    CHECK_EQ(pp.BackBufferHeight, 40);
    CHECK_EQ(pp.BackBufferFormat, D3DFMT_X8R8G8B8);
    CHECK_EQ(pp.BackBufferCount, 1);
    CHECK(pp.hDeviceWindow == nullptr);
    IDirect3DSwapChain9* chain = nullptr;
    REQUIRE(device->GetSwapChain(0, &chain) == D3D_OK);
    D3DPRESENT_PARAMETERS used{};
    CHECK_EQ(chain->GetPresentParameters(&used), D3D_OK);
    CHECK(used.hDeviceWindow == window.hwnd);
    chain->Release();
    D3DPRESENT_PARAMETERS again = windowedParameters(nullptr, 0, 0, false);
    CHECK_EQ(device->Reset(&again), D3D_OK);
    CHECK(again.hDeviceWindow == nullptr);
    CHECK_EQ(again.BackBufferWidth, 72);
    IDirect3DSurface9* back = nullptr;
    CHECK_EQ(device->GetBackBuffer(0, 0, D3DBACKBUFFER_TYPE_MONO, &back), D3D_OK);
    if (back) {
        D3DSURFACE_DESC desc{};
        CHECK_EQ(back->GetDesc(&desc), D3D_OK);
        CHECK_EQ(desc.Width, 72);
        CHECK_EQ(desc.Height, 40);
        CHECK_EQ(desc.Format, D3DFMT_X8R8G8B8);
        CHECK_EQ(desc.Usage, D3DUSAGE_RENDERTARGET);
        CHECK_EQ(desc.Pool, D3DPOOL_DEFAULT);
        back->Release();
    }
    CHECK_EQ(device->Release(), 0);
}

// Objects the device hands out or creates hold a reference on it; the device goes when its
// last holder does.
TEST(IDirect3DDevice9, ChildObjectsKeepTheDeviceAlive) {
    TestDevice t(16, 16, true);
    REQUIRE(t.device != nullptr);
    IDirect3DDevice9* device = t.device;
    CHECK_EQ(device->AddRef(), 2);
    CHECK_EQ(device->Release(), 1);
    IDirect3DSurface9* back = nullptr;
    REQUIRE(device->GetBackBuffer(0, 0, D3DBACKBUFFER_TYPE_MONO, &back) == D3D_OK);
    CHECK_EQ(device->AddRef(), 3); // the back buffer's reference
    CHECK_EQ(device->Release(), 2);
    IDirect3DVertexBuffer9* vb = nullptr;
    REQUIRE(device->CreateVertexBuffer(64, 0, 0, D3DPOOL_DEFAULT, &vb, nullptr) == D3D_OK);
    CHECK_EQ(device->AddRef(), 4);
    CHECK_EQ(device->Release(), 3);
    // The program's reference to the device goes first; its objects still work.
    t.device = nullptr;
    CHECK_EQ(device->Release(), 2);
    IDirect3DDevice9* owner = nullptr;
    CHECK_EQ(vb->GetDevice(&owner), D3D_OK);
    CHECK(owner == device);
    if (owner) CHECK_EQ(owner->Release(), 2);
    void* data = nullptr;
    CHECK_EQ(vb->Lock(0, 0, &data, 0), D3D_OK);
    CHECK(data != nullptr);
    CHECK_EQ(vb->Unlock(), D3D_OK);
    CHECK_EQ(back->Release(), 0);
    CHECK_EQ(vb->Release(), 0); // the device's last holder: the device goes with it
}

TEST(IDirect3DDevice9, QueryInterfaceGivesTheExInterfaceOnlyToExDevices) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DDevice9Ex* ex = reinterpret_cast<IDirect3DDevice9Ex*>(1);
    CHECK_EQ(t->QueryInterface(__uuidof(IDirect3DDevice9Ex), reinterpret_cast<void**>(&ex)), E_NOINTERFACE);
    CHECK(ex == nullptr);
    IDirect3DDevice9* same = nullptr;
    CHECK_EQ(t->QueryInterface(__uuidof(IDirect3DDevice9), reinterpret_cast<void**>(&same)), S_OK);
    CHECK(same == t.device);
    if (same) same->Release();

    IDirect3D9Ex* d3dEx = nullptr;
    REQUIRE(Direct3DCreate9Ex(D3D_SDK_VERSION, &d3dEx) == D3D_OK);
    TestWindow window(16, 16);
    D3DPRESENT_PARAMETERS pp = windowedParameters(window.hwnd, 16, 16, false);
    IDirect3DDevice9Ex* device = nullptr;
    CHECK_EQ(d3dEx->CreateDeviceEx(0, D3DDEVTYPE_HAL, window.hwnd, D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp,
                                   nullptr, &device),
             D3D_OK);
    if (device) {
        IDirect3DDevice9Ex* again = nullptr;
        CHECK_EQ(device->QueryInterface(__uuidof(IDirect3DDevice9Ex), reinterpret_cast<void**>(&again)),
                 S_OK);
        CHECK(again == device);
        if (again) again->Release();
        CHECK_EQ(device->Release(), 0);
    }
    d3dEx->Release();
}

TEST(IDirect3DDevice9, CreationParametersAndDirect3DAreThoseOfCreateDevice) {
    TestDevice t(16, 16, false, D3DCREATE_HARDWARE_VERTEXPROCESSING | D3DCREATE_MULTITHREADED);
    REQUIRE(t.device != nullptr);
    D3DDEVICE_CREATION_PARAMETERS cp{};
    CHECK_EQ(t->GetCreationParameters(&cp), D3D_OK);
    CHECK_EQ(cp.AdapterOrdinal, 0);
    CHECK_EQ(cp.DeviceType, D3DDEVTYPE_HAL);
    CHECK(cp.hFocusWindow == t.window.hwnd);
    CHECK_EQ(cp.BehaviorFlags, D3DCREATE_HARDWARE_VERTEXPROCESSING | D3DCREATE_MULTITHREADED);
    IDirect3D9* d3d = nullptr;
    CHECK_EQ(t->GetDirect3D(&d3d), D3D_OK);
    CHECK(d3d == t.d3d);
    if (d3d) d3d->Release();
    D3DCAPS9 fromDevice{}, fromD3D{};
    CHECK_EQ(t->GetDeviceCaps(&fromDevice), D3D_OK);
    CHECK_EQ(t.d3d->GetDeviceCaps(0, D3DDEVTYPE_HAL, &fromD3D), D3D_OK);
    CHECK(memcmp(&fromDevice, &fromD3D, sizeof fromD3D) == 0);
}

// The documented defaults (IDirect3DDevice9::SetRenderState et al.), read back.
TEST(IDirect3DDevice9, StartsWithTheDocumentedDefaults) {
    TestDevice t(40, 24, true);
    REQUIRE(t.device != nullptr);
    DWORD value = 0;
    CHECK_EQ(t->GetRenderState(D3DRS_ZENABLE, &value), D3D_OK);
    CHECK_EQ(value, D3DZB_TRUE); // with EnableAutoDepthStencil
    CHECK_EQ(t->GetRenderState(D3DRS_LIGHTING, &value), D3D_OK);
    CHECK_EQ(value, TRUE);
    CHECK_EQ(t->GetRenderState(D3DRS_CULLMODE, &value), D3D_OK);
    CHECK_EQ(value, D3DCULL_CCW);
    CHECK_EQ(t->GetTextureStageState(0, D3DTSS_COLOROP, &value), D3D_OK);
    CHECK_EQ(value, D3DTOP_MODULATE);
    CHECK_EQ(t->GetTextureStageState(1, D3DTSS_COLOROP, &value), D3D_OK);
    CHECK_EQ(value, D3DTOP_DISABLE);
    CHECK_EQ(t->GetSamplerState(0, D3DSAMP_MINFILTER, &value), D3D_OK);
    CHECK_EQ(value, D3DTEXF_POINT);
    D3DVIEWPORT9 vp{};
    CHECK_EQ(t->GetViewport(&vp), D3D_OK);
    CHECK_EQ(vp.Width, 40);
    CHECK_EQ(vp.Height, 24);
    CHECK(vp.MinZ == 0.0f && vp.MaxZ == 1.0f);
    D3DMATRIX world{};
    CHECK_EQ(t->GetTransform(D3DTS_WORLD, &world), D3D_OK);
    CHECK(world._11 == 1.0f && world._22 == 1.0f && world._33 == 1.0f && world._44 == 1.0f &&
          world._12 == 0.0f);
    // POINTSIZE_MAX starts at the largest point the device draws (Wine's stateblock test), and an
    // enabled light reads 128 (below, in SettersStoreWhatGettersReturn...).
    D3DCAPS9 caps{};
    CHECK_EQ(t->GetDeviceCaps(&caps), D3D_OK);
    CHECK_EQ(t->GetRenderState(D3DRS_POINTSIZE_MAX, &value), D3D_OK);
    float pointSizeMax = 0;
    std::memcpy(&pointSizeMax, &value, sizeof value);
    CHECK(pointSizeMax == caps.MaxPointSize);
    IDirect3DSurface9* depth = nullptr;
    CHECK_EQ(t->GetDepthStencilSurface(&depth), D3D_OK);
    if (depth) {
        D3DSURFACE_DESC desc{};
        depth->GetDesc(&desc);
        CHECK_EQ(desc.Format, D3DFMT_D24S8);
        CHECK_EQ(desc.Usage, D3DUSAGE_DEPTHSTENCIL);
        depth->Release();
    }
}

// What a setter stores, its getter returns; what D3D9 refuses changes nothing.
TEST(IDirect3DDevice9, SettersStoreWhatGettersReturnAndRefusalsChangeNothing) {
    TestDevice t(32, 32);
    REQUIRE(t.device != nullptr);
    DWORD value = 0;
    CHECK_EQ(t->SetRenderState(D3DRS_ALPHAREF, 0x7f), D3D_OK);
    CHECK_EQ(t->GetRenderState(D3DRS_ALPHAREF, &value), D3D_OK);
    CHECK_EQ(value, 0x7f);
    CHECK_EQ(t->SetSamplerState(3, D3DSAMP_ADDRESSU, D3DTADDRESS_CLAMP), D3D_OK);
    CHECK_EQ(t->GetSamplerState(3, D3DSAMP_ADDRESSU, &value), D3D_OK);
    CHECK_EQ(value, D3DTADDRESS_CLAMP);
    CHECK_EQ(t->SetSamplerState(D3DVERTEXTEXTURESAMPLER0, D3DSAMP_MAGFILTER, D3DTEXF_LINEAR), D3D_OK);
    CHECK_EQ(t->GetSamplerState(D3DVERTEXTEXTURESAMPLER0, D3DSAMP_MAGFILTER, &value), D3D_OK);
    CHECK_EQ(value, D3DTEXF_LINEAR);
    CHECK_EQ(t->SetSamplerState(16, D3DSAMP_MAGFILTER, D3DTEXF_LINEAR), D3DERR_INVALIDCALL);
    CHECK_EQ(t->SetTextureStageState(8, D3DTSS_COLOROP, D3DTOP_ADD), D3DERR_INVALIDCALL);

    D3DVIEWPORT9 vp{4, 8, 16, 20, 0.25f, 0.75f};
    CHECK_EQ(t->SetViewport(&vp), D3D_OK);
    D3DVIEWPORT9 empty{4, 8, 0, 20, 0.0f, 1.0f};
    CHECK_EQ(t->SetViewport(&empty), D3DERR_INVALIDCALL);
    D3DVIEWPORT9 got{};
    CHECK_EQ(t->GetViewport(&got), D3D_OK);
    CHECK(memcmp(&got, &vp, sizeof vp) == 0);
    // Past the 32-pixel target: taken, as Windows takes it.
    D3DVIEWPORT9 past{20, 0, 16, 16, 0.0f, 1.0f};
    CHECK_EQ(t->SetViewport(&past), D3D_OK);
    CHECK_EQ(t->GetViewport(&got), D3D_OK);
    CHECK(memcmp(&got, &past, sizeof past) == 0);

    D3DMATRIX m{};
    for (int i = 0; i < 16; ++i)
        m.m[i / 4][i % 4] = float(i + 1);
    CHECK_EQ(t->SetTransform(D3DTS_VIEW, &m), D3D_OK);
    D3DMATRIX back{};
    CHECK_EQ(t->GetTransform(D3DTS_VIEW, &back), D3D_OK);
    CHECK(memcmp(&back, &m, sizeof m) == 0);

    D3DLIGHT9 light{};
    light.Type = D3DLIGHT_DIRECTIONAL;
    light.Diffuse = {1, 0.5f, 0.25f, 1};
    light.Direction = {0, 0, 1};
    CHECK_EQ(t->SetLight(2, &light), D3D_OK);
    D3DLIGHT9 gotLight{};
    CHECK_EQ(t->GetLight(2, &gotLight), D3D_OK);
    CHECK(memcmp(&gotLight, &light, sizeof light) == 0);
    CHECK_EQ(t->GetLight(3, &gotLight), D3DERR_INVALIDCALL); // never set
    BOOL enabled = TRUE;
    CHECK_EQ(t->GetLightEnable(2, &enabled), D3D_OK);
    CHECK(!enabled);
    CHECK_EQ(t->LightEnable(2, TRUE), D3D_OK);
    CHECK_EQ(t->GetLightEnable(2, &enabled), D3D_OK);
    CHECK_EQ(enabled, 128); // Windows' TRUE here (Wine's stateblock test)
    light.Type = static_cast<D3DLIGHTTYPE>(9);
    CHECK_EQ(t->SetLight(2, &light), D3DERR_INVALIDCALL);

    const float plane[4] = {1, 2, 3, 4};
    CHECK_EQ(t->SetClipPlane(1, plane), D3D_OK);
    float gotPlane[4] = {};
    CHECK_EQ(t->GetClipPlane(1, gotPlane), D3D_OK);
    CHECK(memcmp(gotPlane, plane, sizeof plane) == 0);

    const RECT scissor{1, 2, 30, 31};
    CHECK_EQ(t->SetScissorRect(&scissor), D3D_OK);
    RECT gotScissor{};
    CHECK_EQ(t->GetScissorRect(&gotScissor), D3D_OK);
    CHECK(memcmp(&gotScissor, &scissor, sizeof scissor) == 0);
}

// Wine's test_clip_planes_limits records Windows: clip plane indices up to 63 are taken, an index
// past MaxUserClipPlanes - 1 naming that last plane (for Set and Get), on hardware and software
// vertex processing devices; CLIPPLANEENABLE keeps every bit it is given.
TEST(Device, ClipPlaneIndicesPastTheLastNameTheLast) {
    for (DWORD flags :
         {DWORD(D3DCREATE_HARDWARE_VERTEXPROCESSING), DWORD(D3DCREATE_SOFTWARE_VERTEXPROCESSING)}) {
        TestDevice t(64, 64, false, flags);
        REQUIRE(t.device != nullptr);
        D3DCAPS9 caps{};
        CHECK_EQ(t->GetDeviceCaps(&caps), D3D_OK);
        REQUIRE(caps.MaxUserClipPlanes > 0);
        constexpr DWORD kIndices = 2 * D3DMAXUSERCLIPPLANES;
        for (DWORD j = 0; j < kIndices; ++j) {
            float got[4] = {9, 9, 9, 9};
            CHECK_EQ(t->GetClipPlane(j, got), D3D_OK);
            CHECK(got[0] == 0 && got[1] == 0 && got[2] == 0 && got[3] == 0);
        }
        for (DWORD j = 0; j < kIndices; ++j) {
            const float plane[4] = {2, 8, 5, float(j)};
            CHECK_EQ(t->SetClipPlane(j, plane), D3D_OK);
        }
        for (DWORD j = 0; j < kIndices; ++j) {
            float got[4] = {};
            CHECK_EQ(t->GetClipPlane(j, got), D3D_OK);
            const float w = j >= caps.MaxUserClipPlanes - 1 ? float(kIndices - 1) : float(j);
            CHECK(got[0] == 2 && got[1] == 8 && got[2] == 5 && got[3] == w);
        }
        for (DWORD enable : {0xFFFFFFFFu, 0x80000000u}) {
            DWORD value = 0;
            CHECK_EQ(t->SetRenderState(D3DRS_CLIPPLANEENABLE, enable), D3D_OK);
            CHECK_EQ(t->GetRenderState(D3DRS_CLIPPLANEENABLE, &value), D3D_OK);
            CHECK_EQ(value, enable);
        }
    }
}

namespace {

struct Work {
    IDirect3DDevice9* device;
    int column;
    int failures = 0;
};

// One thread of the test below (a thread function: stdcall on i686).
DWORD WINAPI runWork(void* p) {
    Work& w = *static_cast<Work*>(p);
    for (int i = 0; i < 100; ++i) {
        const DWORD color = 0xFF000000 | DWORD(w.column * 60 + 40) << 16 | DWORD(i);
        const std::vector<ScreenVertex> quad = screenRect(w.column * 16, 0, w.column * 16 + 16, 16, 0, color);
        IDirect3DVertexBuffer9* vb = nullptr;
        if (FAILED(w.device->CreateVertexBuffer(6 * sizeof(ScreenVertex), D3DUSAGE_WRITEONLY, 0,
                                                D3DPOOL_DEFAULT, &vb, nullptr))) {
            ++w.failures;
            continue;
        }
        void* data = nullptr;
        if (SUCCEEDED(vb->Lock(0, 0, &data, 0))) {
            memcpy(data, quad.data(), 6 * sizeof(ScreenVertex));
            vb->Unlock();
        } else {
            ++w.failures;
        }
        // The draw is one call from user memory, so no other thread's state change can come
        // between a stream and its draw; the buffer above exercises creation and locks.
        if (FAILED(w.device->DrawPrimitiveUP(D3DPT_TRIANGLELIST, 2, quad.data(), sizeof(ScreenVertex))))
            ++w.failures;
        DWORD value = 0;
        if (FAILED(w.device->GetRenderState(D3DRS_ZENABLE, &value))) ++w.failures;
        vb->Release();
    }
    return 0;
}

} // namespace

// D3DCREATE_MULTITHREADED: calls from several threads at once are serialised by the device.
// Each thread creates, fills, draws from and releases its own buffers; afterwards every buffer
// is gone (Reset accepts) and each thread's last rectangle is on the target.
TEST(IDirect3DDevice9, MultithreadedDevicesTakeCallsFromSeveralThreads) {
    TestDevice t(64, 16, false, D3DCREATE_HARDWARE_VERTEXPROCESSING | D3DCREATE_MULTITHREADED);
    REQUIRE(t.device != nullptr);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF000000, 1.0f, 0), D3D_OK);
    CHECK_EQ(t->SetFVF(kScreenFvf), D3D_OK);
    Work works[4] = {{t.device, 0}, {t.device, 1}, {t.device, 2}, {t.device, 3}};
    HANDLE threads[4];
    for (int i = 0; i < 4; ++i)
        threads[i] = CreateThread(nullptr, 0, runWork, &works[i], 0, nullptr);
    WaitForMultipleObjects(4, threads, TRUE, INFINITE);
    for (int i = 0; i < 4; ++i) {
        CloseHandle(threads[i]);
        CHECK_EQ(works[i].failures, 0);
    }
    const std::vector<uint32_t> pixels = readBackBuffer(t.device);
    REQUIRE(pixels.size() == 64 * 16);
    int wrong = 0;
    for (int y = 0; y < 16; ++y)
        for (int x = 0; x < 64; ++x)
            if ((pixels[y * 64 + x] & 0xFFFFFF) != (DWORD((x / 16) * 60 + 40) << 16 | 99u)) ++wrong;
    CHECK_EQ(wrong, 0);
    D3DPRESENT_PARAMETERS pp = windowedParameters(t.window.hwnd, 64, 16, false);
    CHECK_EQ(t->Reset(&pp), D3D_OK); // every thread's buffers are gone
}

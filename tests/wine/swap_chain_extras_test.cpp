// Additional swap chains (CreateAdditionalSwapChain): their own back buffer presented to their
// own window (read back from the screen), the parameter rules of CreateDevice, reference
// counting (the back buffer's container is its chain), and Reset refused while one lives.
#include "check.h"
#include "device_support.h"
#include "screen_support.h"

namespace {

// The device's reference count, without changing it.
ULONG references(IUnknown* object) {
    object->AddRef();
    return object->Release();
}

} // namespace

// A frame drawn into an additional chain's back buffer and presented with
// IDirect3DSwapChain9::Present appears in the chain's window, left and right halves in place.
TEST(AdditionalSwapChain, PresentShowsItsBackBufferInItsWindow) {
    TestDevice t(32, 32);
    REQUIRE(t.device != nullptr);
    TestWindow second(48, 24);
    const POINT origin = showWindowAt(second.hwnd, 120, 60);
    D3DPRESENT_PARAMETERS pp = windowedParameters(second.hwnd, 48, 24, false);
    IDirect3DSwapChain9* chain = nullptr;
    REQUIRE(t->CreateAdditionalSwapChain(&pp, &chain) == D3D_OK);
    IDirect3DSurface9 *back = nullptr, *deviceBack = nullptr;
    REQUIRE(chain->GetBackBuffer(0, D3DBACKBUFFER_TYPE_MONO, &back) == D3D_OK);
    REQUIRE(t->GetRenderTarget(0, &deviceBack) == D3D_OK);
    CHECK_EQ(t->SetRenderTarget(0, back), D3D_OK);
    for (DWORD frame = 0; frame < 2; ++frame) {
        const DWORD a = 0x3050A0 + frame * 0x100000, b = 0xA0C040 - frame * 0x20;
        const D3DRECT left{0, 0, 24, 24}, right{24, 0, 48, 24};
        CHECK_EQ(t->Clear(1, &left, D3DCLEAR_TARGET, 0xFF000000 | a, 1.0f, 0), D3D_OK);
        CHECK_EQ(t->Clear(1, &right, D3DCLEAR_TARGET, 0xFF000000 | b, 1.0f, 0), D3D_OK);
        const std::vector<uint32_t> pixels = readPixels(t.device, back);
        REQUIRE(pixels.size() == 48 * 24);
        CHECK_EQ(pixels[10 * 48 + 5] & 0xFFFFFF, a);
        CHECK_EQ(pixels[10 * 48 + 40] & 0xFFFFFF, b);
        CHECK_EQ(chain->Present(nullptr, nullptr, nullptr, nullptr, 0), D3D_OK);
        CHECK(screenShows(origin.x + 6, origin.y + 12, a));
        CHECK(screenShows(origin.x + 42, origin.y + 12, b));
    }
    // The chain's front buffer is the desktop, its frame in its window's place.
    D3DDISPLAYMODE mode{};
    REQUIRE(chain->GetDisplayMode(&mode) == D3D_OK);
    IDirect3DSurface9* front = nullptr;
    REQUIRE(t->CreateOffscreenPlainSurface(mode.Width, mode.Height, D3DFMT_A8R8G8B8, D3DPOOL_SYSTEMMEM,
                                           &front, nullptr) == D3D_OK);
    CHECK_EQ(chain->GetFrontBufferData(front), D3D_OK);
    D3DLOCKED_RECT locked{};
    REQUIRE(front->LockRect(&locked, nullptr, D3DLOCK_READONLY) == D3D_OK);
    const auto* row = reinterpret_cast<const DWORD*>(static_cast<const BYTE*>(locked.pBits) +
                                                     (origin.y + 12) * locked.Pitch);
    CHECK_EQ(row[origin.x + 6], 0xFF000000 | (0x3050A0 + 0x100000));
    CHECK_EQ(row[origin.x + 42], 0xFF000000 | (0xA0C040 - 0x20));
    front->UnlockRect();
    front->Release();
    CHECK_EQ(t->SetRenderTarget(0, deviceBack), D3D_OK);
    deviceBack->Release();
    back->Release();
    CHECK_EQ(chain->Release(), 0);
}

// GetNumberOfSwapChains counts "the implicit swap chains"; GetSwapChain and the device's
// GetBackBuffer name implicit chains only. The chain answers its own parameters, with the
// defaults D3D9 fills in written back (size 0: the window's client area; count 0: 1).
TEST(AdditionalSwapChain, IsNotAnImplicitChainAndAnswersItsParameters) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    TestWindow second(40, 20);
    D3DPRESENT_PARAMETERS pp = windowedParameters(second.hwnd, 0, 0, false);
    pp.BackBufferCount = 0;
    IDirect3DSwapChain9* chain = nullptr;
    REQUIRE(t->CreateAdditionalSwapChain(&pp, &chain) == D3D_OK);
    CHECK(pp.BackBufferWidth == 40 && pp.BackBufferHeight == 20 && pp.BackBufferCount == 1);
    CHECK_EQ(t->GetNumberOfSwapChains(), 1);
    IDirect3DSwapChain9* other = nullptr;
    CHECK_EQ(t->GetSwapChain(1, &other), D3DERR_INVALIDCALL);
    IDirect3DSurface9* surface = nullptr;
    CHECK_EQ(t->GetBackBuffer(1, 0, D3DBACKBUFFER_TYPE_MONO, &surface), D3DERR_INVALIDCALL);
    D3DPRESENT_PARAMETERS answered{};
    CHECK_EQ(chain->GetPresentParameters(&answered), D3D_OK);
    CHECK(answered.BackBufferWidth == 40 && answered.BackBufferHeight == 20);
    CHECK(answered.hDeviceWindow == second.hwnd && answered.BackBufferFormat == D3DFMT_X8R8G8B8);
    CHECK_EQ(chain->GetBackBuffer(1, D3DBACKBUFFER_TYPE_MONO, &surface), D3DERR_INVALIDCALL);
    REQUIRE(chain->GetBackBuffer(0, D3DBACKBUFFER_TYPE_MONO, &surface) == D3D_OK);
    D3DSURFACE_DESC desc{};
    CHECK_EQ(surface->GetDesc(&desc), D3D_OK);
    CHECK(desc.Width == 40 && desc.Height == 20 && desc.Format == D3DFMT_X8R8G8B8);
    CHECK(desc.Usage == D3DUSAGE_RENDERTARGET && desc.Pool == D3DPOOL_DEFAULT);
    surface->Release();
    chain->Release();
}

// The parameters are checked as CreateDevice checks them; a refused call makes no chain.
TEST(AdditionalSwapChain, ParametersAreCheckedAsCreateDevices) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DSwapChain9* chain = nullptr;
    D3DPRESENT_PARAMETERS pp = windowedParameters(t.window.hwnd, 16, 16, false);
    CHECK_EQ(t->CreateAdditionalSwapChain(nullptr, &chain), D3DERR_INVALIDCALL);
    CHECK_EQ(t->CreateAdditionalSwapChain(&pp, nullptr), D3DERR_INVALIDCALL);
    pp.BackBufferCount = D3DPRESENT_BACK_BUFFERS_MAX + 1;
    CHECK_EQ(t->CreateAdditionalSwapChain(&pp, &chain), D3DERR_INVALIDCALL);
    CHECK(chain == nullptr);
    pp = windowedParameters(t.window.hwnd, 16, 16, false);
    pp.SwapEffect = D3DSWAPEFFECT_COPY;
    pp.BackBufferCount = 2; // COPY takes one back buffer
    CHECK_EQ(t->CreateAdditionalSwapChain(&pp, &chain), D3DERR_INVALIDCALL);
    pp = windowedParameters(t.window.hwnd, 16, 16, false);
    pp.SwapEffect = static_cast<D3DSWAPEFFECT>(0);
    CHECK_EQ(t->CreateAdditionalSwapChain(&pp, &chain), D3DERR_INVALIDCALL);
    CHECK(chain == nullptr);
}

// A chain holds a reference on its device; its back buffer's container is the chain and keeps
// it alive; when everything is released the device is back to its count.
TEST(AdditionalSwapChain, ReferencesKeepTheDeviceAndChainAlive) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    const ULONG before = references(t.device);
    TestWindow second(16, 16);
    D3DPRESENT_PARAMETERS pp = windowedParameters(second.hwnd, 16, 16, false);
    IDirect3DSwapChain9* chain = nullptr;
    REQUIRE(t->CreateAdditionalSwapChain(&pp, &chain) == D3D_OK);
    CHECK_EQ(references(t.device), before + 1);
    IDirect3DDevice9* device = nullptr;
    CHECK_EQ(chain->GetDevice(&device), D3D_OK);
    CHECK(device == t.device);
    device->Release();
    IDirect3DSurface9* back = nullptr;
    REQUIRE(chain->GetBackBuffer(0, D3DBACKBUFFER_TYPE_MONO, &back) == D3D_OK);
    IDirect3DSwapChain9* container = nullptr;
    CHECK_EQ(back->GetContainer(__uuidof(IDirect3DSwapChain9), reinterpret_cast<void**>(&container)), D3D_OK);
    CHECK(container == chain);
    if (container) container->Release();
    chain->Release(); // the back buffer still holds the chain
    D3DSURFACE_DESC desc{};
    CHECK_EQ(back->GetDesc(&desc), D3D_OK);
    CHECK(references(t.device) > before);
    back->Release();
    CHECK_EQ(references(t.device), before);
}

// "Before calling Reset ... release any ... additional swap chains".
TEST(AdditionalSwapChain, ResetIsRefusedWhileOneLives) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    TestWindow second(16, 16);
    D3DPRESENT_PARAMETERS chainParameters = windowedParameters(second.hwnd, 16, 16, false);
    IDirect3DSwapChain9* chain = nullptr;
    REQUIRE(t->CreateAdditionalSwapChain(&chainParameters, &chain) == D3D_OK);
    D3DPRESENT_PARAMETERS pp = windowedParameters(t.window.hwnd, 24, 24, false);
    CHECK_EQ(t->Reset(&pp), D3DERR_INVALIDCALL);
    chain->Release();
    CHECK_EQ(t->Reset(&pp), D3D_OK);
}

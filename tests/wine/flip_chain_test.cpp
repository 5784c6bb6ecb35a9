// Swap chains of several back buffers: each index is a surface of its own, and Present rotates
// their contents while the surface objects stay where the program holds them (Wine's test_flip
// records Windows doing so with D3DSWAPEFFECT_DISCARD). D3DSWAPEFFECT_FLIP chains rotate through
// the front buffer too, the "circular queue" of the D3DSWAPEFFECT page: back buffer 0 is shown
// and the front buffer it replaces becomes the last back buffer.
#include "check.h"
#include "device_support.h"

#include <array>

namespace {

// The colour at (1, 1) of a render target, 0 when it cannot be read.
DWORD pixelAt(IDirect3DDevice9* device, IDirect3DSurface9* target) {
    const std::vector<uint32_t> pixels = readPixels(device, target);
    D3DSURFACE_DESC desc{};
    target->GetDesc(&desc);
    return pixels.size() > desc.Width + 1 ? pixels[desc.Width + 1] : 0;
}

struct Chain {
    IDirect3D9* d3d = nullptr;
    IDirect3DDevice9* device = nullptr;
    HRESULT created = E_FAIL;
    Chain(HWND window, UINT count, D3DSWAPEFFECT effect, D3DMULTISAMPLE_TYPE samples = D3DMULTISAMPLE_NONE) {
        d3d = Direct3DCreate9(D3D_SDK_VERSION);
        if (!d3d) return;
        D3DPRESENT_PARAMETERS pp = windowedParameters(window, 32, 16, false);
        pp.BackBufferFormat = D3DFMT_A8R8G8B8;
        pp.BackBufferCount = count;
        pp.SwapEffect = effect;
        pp.MultiSampleType = samples;
        created =
            d3d->CreateDevice(0, D3DDEVTYPE_HAL, window, D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp, &device);
    }
    ~Chain() { releaseAll(device, d3d); }
    IDirect3DDevice9* operator->() const { return device; }
};

// The first multisample type the adapter offers for A8R8G8B8 back buffers.
D3DMULTISAMPLE_TYPE firstMultisampleType(IDirect3D9* d3d) {
    for (int t = D3DMULTISAMPLE_2_SAMPLES; t <= D3DMULTISAMPLE_16_SAMPLES; ++t)
        if (d3d->CheckDeviceMultiSampleType(0, D3DDEVTYPE_HAL, D3DFMT_A8R8G8B8, TRUE, D3DMULTISAMPLE_TYPE(t),
                                            nullptr) == D3D_OK)
            return D3DMULTISAMPLE_TYPE(t);
    return D3DMULTISAMPLE_NONE;
}

} // namespace

// Wine's test_flip: three back buffers filled red, green and blue (the last as render target);
// each Present moves every back buffer's contents one index down, and the surfaces, the render
// target among them, stay the objects GetBackBuffer gave.
TEST(FlipChain, DiscardChainsRotateTheirBackBuffersContents) {
    TestWindow window(32, 16);
    Chain c(window.hwnd, 3, D3DSWAPEFFECT_DISCARD);
    REQUIRE(c.device != nullptr);
    std::array<IDirect3DSurface9*, 3> back{};
    for (UINT i = 0; i < back.size(); ++i)
        REQUIRE(c->GetBackBuffer(0, i, D3DBACKBUFFER_TYPE_MONO, &back[i]) == D3D_OK);
    IDirect3DSurface9* extra = nullptr;
    CHECK_EQ(c->GetBackBuffer(0, 3, D3DBACKBUFFER_TYPE_MONO, &extra), D3DERR_INVALIDCALL);
    CHECK(back[0] != back[1] && back[1] != back[2] && back[0] != back[2]);
    IDirect3DSurface9* target = nullptr;
    REQUIRE(c->GetRenderTarget(0, &target) == D3D_OK);
    CHECK(target == back[0]);
    target->Release();

    CHECK_EQ(c->SetRenderTarget(0, back[2]), D3D_OK);
    CHECK_EQ(c->ColorFill(back[0], nullptr, 0xFFFF0000), D3D_OK);
    CHECK_EQ(c->ColorFill(back[1], nullptr, 0xFF00FF00), D3D_OK);
    CHECK_EQ(c->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF0000FF, 0.0f, 0), D3D_OK);
    CHECK_EQ(c->Present(nullptr, nullptr, nullptr, nullptr), D3D_OK);

    REQUIRE(c->GetRenderTarget(0, &target) == D3D_OK);
    CHECK(target == back[2]);
    target->Release();
    for (UINT i = 0; i < back.size(); ++i) {
        IDirect3DSurface9* again = nullptr;
        CHECK_EQ(c->GetBackBuffer(0, i, D3DBACKBUFFER_TYPE_MONO, &again), D3D_OK);
        CHECK(again == back[i]);
        releaseAll(again);
    }
    CHECK_EQ(pixelAt(c.device, back[0]), 0xFF00FF00);
    CHECK_EQ(pixelAt(c.device, back[1]), 0xFF0000FF);

    // The render target object draws into what it holds now.
    CHECK_EQ(c->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF808080, 0.0f, 0), D3D_OK);
    CHECK_EQ(c->Present(nullptr, nullptr, nullptr, nullptr), D3D_OK);
    CHECK_EQ(pixelAt(c.device, back[0]), 0xFF0000FF);
    CHECK_EQ(pixelAt(c.device, back[1]), 0xFF808080);
    CHECK_EQ(c->Present(nullptr, nullptr, nullptr, nullptr), D3D_OK);
    CHECK_EQ(pixelAt(c.device, back[0]), 0xFF808080);
    for (IDirect3DSurface9* s : back)
        s->Release();
}

// Wine's test_flip, multisampled: what the second back buffer rendered is back buffer 0's after
// a Present, read through a resolving StretchRect.
TEST(FlipChain, MultisampledChainsRotateToo) {
    TestWindow window(32, 16);
    IDirect3D9* d3d = Direct3DCreate9(D3D_SDK_VERSION);
    REQUIRE(d3d != nullptr);
    const D3DMULTISAMPLE_TYPE samples = firstMultisampleType(d3d);
    d3d->Release();
    REQUIRE(samples != D3DMULTISAMPLE_NONE);
    Chain c(window.hwnd, 2, D3DSWAPEFFECT_DISCARD, samples);
    REQUIRE(c.device != nullptr);
    std::array<IDirect3DSurface9*, 2> back{};
    for (UINT i = 0; i < back.size(); ++i)
        REQUIRE(c->GetBackBuffer(0, i, D3DBACKBUFFER_TYPE_MONO, &back[i]) == D3D_OK);
    CHECK(back[0] != back[1]);
    CHECK_EQ(c->SetRenderTarget(0, back[1]), D3D_OK);
    CHECK_EQ(c->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF808080, 0.0f, 0), D3D_OK);
    CHECK_EQ(c->Present(nullptr, nullptr, nullptr, nullptr), D3D_OK);
    IDirect3DSurface9* resolved = nullptr;
    REQUIRE(c->CreateRenderTarget(32, 16, D3DFMT_A8R8G8B8, D3DMULTISAMPLE_NONE, 0, FALSE, &resolved,
                                  nullptr) == D3D_OK);
    CHECK_EQ(c->StretchRect(back[0], nullptr, resolved, nullptr, D3DTEXF_POINT), D3D_OK);
    CHECK_EQ(pixelAt(c.device, resolved), 0xFF808080);
    releaseAll(resolved, back[0], back[1]);
}

// D3DSWAPEFFECT_FLIP: Present shows back buffer 0, back buffer i takes i + 1's contents and the
// last takes the front buffer's, the frame shown before.
TEST(FlipChain, FlipChainsRotateThroughTheFrontBuffer) {
    TestWindow window(32, 16);
    {
        Chain c(window.hwnd, 1, D3DSWAPEFFECT_FLIP);
        REQUIRE(c.device != nullptr);
        CHECK_EQ(c->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFFFF0000, 0.0f, 0), D3D_OK);
        CHECK_EQ(c->Present(nullptr, nullptr, nullptr, nullptr), D3D_OK);
        CHECK_EQ(c->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF00FF00, 0.0f, 0), D3D_OK);
        CHECK_EQ(c->Present(nullptr, nullptr, nullptr, nullptr), D3D_OK);
        IDirect3DSurface9* back = nullptr;
        REQUIRE(c->GetBackBuffer(0, 0, D3DBACKBUFFER_TYPE_MONO, &back) == D3D_OK);
        CHECK_EQ(pixelAt(c.device, back), 0xFFFF0000);
        back->Release();
    }
    Chain c(window.hwnd, 2, D3DSWAPEFFECT_FLIP);
    REQUIRE(c.device != nullptr);
    std::array<IDirect3DSurface9*, 2> back{};
    for (UINT i = 0; i < back.size(); ++i)
        REQUIRE(c->GetBackBuffer(0, i, D3DBACKBUFFER_TYPE_MONO, &back[i]) == D3D_OK);
    CHECK_EQ(c->ColorFill(back[0], nullptr, 0xFF102030), D3D_OK);
    CHECK_EQ(c->Present(nullptr, nullptr, nullptr, nullptr), D3D_OK); // shows 0x102030
    CHECK_EQ(c->ColorFill(back[0], nullptr, 0xFF405060), D3D_OK);
    CHECK_EQ(c->ColorFill(back[1], nullptr, 0xFF708090), D3D_OK);
    CHECK_EQ(c->Present(nullptr, nullptr, nullptr, nullptr), D3D_OK); // shows 0x405060
    CHECK_EQ(pixelAt(c.device, back[0]), 0xFF708090);
    CHECK_EQ(pixelAt(c.device, back[1]), 0xFF102030);
    releaseAll(back[0], back[1]);
}

// An additional chain of two back buffers rotates on its own Present, and a render target bound
// from it keeps drawing into the surface object the program bound.
TEST(FlipChain, AdditionalChainsRotateTheirBackBuffers) {
    TestWindow window(32, 16), second(32, 16);
    Chain c(window.hwnd, 1, D3DSWAPEFFECT_DISCARD);
    REQUIRE(c.device != nullptr);
    D3DPRESENT_PARAMETERS pp = windowedParameters(second.hwnd, 32, 16, false);
    pp.BackBufferFormat = D3DFMT_A8R8G8B8;
    pp.BackBufferCount = 2;
    IDirect3DSwapChain9* chain = nullptr;
    REQUIRE(c->CreateAdditionalSwapChain(&pp, &chain) == D3D_OK);
    std::array<IDirect3DSurface9*, 2> back{};
    for (UINT i = 0; i < back.size(); ++i)
        REQUIRE(chain->GetBackBuffer(i, D3DBACKBUFFER_TYPE_MONO, &back[i]) == D3D_OK);
    CHECK(back[0] != back[1]);
    CHECK_EQ(c->SetRenderTarget(0, back[1]), D3D_OK);
    CHECK_EQ(c->ColorFill(back[0], nullptr, 0xFFFF0000), D3D_OK);
    CHECK_EQ(c->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF0000FF, 0.0f, 0), D3D_OK);
    CHECK_EQ(chain->Present(nullptr, nullptr, nullptr, nullptr, 0), D3D_OK);
    CHECK_EQ(pixelAt(c.device, back[0]), 0xFF0000FF);
    CHECK_EQ(c->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF00FF00, 0.0f, 0), D3D_OK);
    CHECK_EQ(pixelAt(c.device, back[1]), 0xFF00FF00);
    CHECK_EQ(chain->Present(nullptr, nullptr, nullptr, nullptr, 0), D3D_OK);
    CHECK_EQ(pixelAt(c.device, back[0]), 0xFF00FF00);
    IDirect3DSurface9* deviceBack = nullptr;
    REQUIRE(c->GetBackBuffer(0, 0, D3DBACKBUFFER_TYPE_MONO, &deviceBack) == D3D_OK);
    CHECK_EQ(c->SetRenderTarget(0, deviceBack), D3D_OK);
    releaseAll(deviceBack, back[0], back[1]);
    CHECK_EQ(chain->Release(), 0);
}

// Reset makes a new chain of the count asked, which rotates as the first did.
TEST(FlipChain, ResetMakesChainsOfTheNewCount) {
    TestWindow window(32, 16);
    Chain c(window.hwnd, 1, D3DSWAPEFFECT_DISCARD);
    REQUIRE(c.device != nullptr);
    D3DPRESENT_PARAMETERS pp = windowedParameters(window.hwnd, 32, 16, false);
    pp.BackBufferFormat = D3DFMT_A8R8G8B8;
    pp.BackBufferCount = 2;
    REQUIRE(c->Reset(&pp) == D3D_OK);
    std::array<IDirect3DSurface9*, 2> back{};
    for (UINT i = 0; i < back.size(); ++i)
        REQUIRE(c->GetBackBuffer(0, i, D3DBACKBUFFER_TYPE_MONO, &back[i]) == D3D_OK);
    CHECK(back[0] != back[1]);
    CHECK_EQ(c->ColorFill(back[1], nullptr, 0xFF123456), D3D_OK);
    CHECK_EQ(c->Present(nullptr, nullptr, nullptr, nullptr), D3D_OK);
    CHECK_EQ(pixelAt(c.device, back[0]), 0xFF123456);
    releaseAll(back[0], back[1]);
}

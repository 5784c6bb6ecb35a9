// Options for players (docs/configuration.md, "Options for players"), set in the environment as
// a launch option sets them, before the object that reads them is made.
#include <windows.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "check.h"
#include "device_support.h"
#include "texture_support.h"

namespace {

// An option set for the scope, in the C runtime's environment (the one the DLL's getenv reads).
class ScopedOption {
  public:
    ScopedOption(const char* name, const char* value) : name_(name) {
        _putenv((name_ + "=" + value).c_str());
    }
    ~ScopedOption() { _putenv((name_ + "=").c_str()); } // "NAME=" removes it
    ScopedOption(const ScopedOption&) = delete;
    ScopedOption& operator=(const ScopedOption&) = delete;

  private:
    std::string name_;
};

// A plane seen at a grazing angle: a trapezoid whose far top edge (rhw 1/16) is narrow, textured
// with vertical stripes one texel wide over a mip chain of their average. Trilinear filtering
// picks the level by the plane's compression along v and greys the stripes out; anisotropic
// filtering samples along it and keeps more of them. Read back; empty when a step fails.
std::vector<uint32_t> grazingPlane(DWORD minFilter, DWORD maxAnisotropy) {
    TestDevice t(64, 64);
    if (!t.device) return {};
    IDirect3DTexture9* texture = nullptr;
    if (FAILED(t->CreateTexture(64, 64, 0, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &texture, nullptr)))
        return {};
    bool filled = fillLevel(texture, 0, [](int x, int) { return x % 2 ? 0xFF000000u : 0xFFFFFFFFu; });
    for (UINT level = 1; level < texture->GetLevelCount(); ++level)
        filled = filled && fillLevel(texture, level, [](int, int) { return 0xFF808080u; });
    selectTexture(t.device);
    t->SetSamplerState(0, D3DSAMP_MINFILTER, minFilter);
    t->SetSamplerState(0, D3DSAMP_MAGFILTER, D3DTEXF_LINEAR);
    t->SetSamplerState(0, D3DSAMP_MIPFILTER, D3DTEXF_LINEAR);
    t->SetSamplerState(0, D3DSAMP_MAXANISOTROPY, maxAnisotropy);
    t->SetTexture(0, texture);
    const float distant = 1.0f / 16;
    const TexVertex plane[] = {{23.5f, -0.5f, 0, distant, 0xFFFFFFFF, 0, 0},
                               {39.5f, -0.5f, 0, distant, 0xFFFFFFFF, 1, 0},
                               {-0.5f, 63.5f, 0, 1, 0xFFFFFFFF, 0, 1},
                               {63.5f, 63.5f, 0, 1, 0xFFFFFFFF, 1, 1}};
    const bool drawn = filled && SUCCEEDED(t->SetFVF(kTexFvf)) &&
                       SUCCEEDED(t->DrawPrimitiveUP(D3DPT_TRIANGLESTRIP, 2, plane, sizeof(TexVertex)));
    t->SetTexture(0, nullptr);
    texture->Release();
    return drawn ? readBackBuffer(t.device) : std::vector<uint32_t>{};
}

} // namespace

TEST(PlayerOptions, VendorAndDeviceIdsReplaceTheAdaptersOwn) {
    IDirect3D9* d3d = Direct3DCreate9(D3D_SDK_VERSION);
    REQUIRE(d3d != nullptr);
    D3DADAPTER_IDENTIFIER9 real{}, id{};
    REQUIRE(d3d->GetAdapterIdentifier(D3DADAPTER_DEFAULT, 0, &real) == D3D_OK);
    {
        ScopedOption vendor("DDIVK_VENDOR_ID", "10de"), device("DDIVK_DEVICE_ID", "0x2204");
        CHECK_EQ(d3d->GetAdapterIdentifier(D3DADAPTER_DEFAULT, 0, &id), D3D_OK);
        CHECK_EQ(id.VendorId, 0x10DE);
        CHECK_EQ(id.DeviceId, 0x2204);
        CHECK(std::strcmp(id.Description, real.Description) == 0); // the rest is the adapter's
    }
    {
        // Not a number: logged as an error and ignored, the adapter's own ID stays.
        ScopedOption typo("DDIVK_VENDOR_ID", "NVIDIA"), device("DDIVK_DEVICE_ID", "2204");
        CHECK_EQ(d3d->GetAdapterIdentifier(D3DADAPTER_DEFAULT, 0, &id), D3D_OK);
        CHECK_EQ(id.VendorId, real.VendorId);
        CHECK_EQ(id.DeviceId, 0x2204);
    }
    CHECK_EQ(d3d->GetAdapterIdentifier(D3DADAPTER_DEFAULT, 0, &id), D3D_OK);
    CHECK_EQ(id.VendorId, real.VendorId);
    CHECK_EQ(id.DeviceId, real.DeviceId);
    d3d->Release();
}

TEST(PlayerOptions, MaxAvailableMemoryCapsWhatTheDeviceReports) {
    UINT uncapped = 0;
    {
        TestDevice t(16, 16);
        REQUIRE(t.device != nullptr);
        uncapped = t->GetAvailableTextureMem();
    }
    REQUIRE(uncapped > 256u << 20); // the device has more than the cap below
    ScopedOption cap("DDIVK_MAX_AVAILABLE_MEMORY", "256");
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    CHECK_EQ(t->GetAvailableTextureMem(), 256u << 20);
}

// 10 presents a second: the 11th present returns no sooner than a second after the first began
// (the pacer sleeps until each due time, never less; unpaced, eleven presents of a 16x16 target
// take a few tens of milliseconds here).
TEST(PlayerOptions, MaxFrameRatePacesPresents) {
    ScopedOption rate("DDIVK_MAX_FRAME_RATE", "10");
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    const auto start = std::chrono::steady_clock::now();
    for (int frame = 0; frame < 11; ++frame) {
        CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF000000u | DWORD(frame * 20), 1.0f, 0), D3D_OK);
        CHECK_EQ(t->Present(nullptr, nullptr, nullptr, nullptr), D3D_OK);
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    CHECK(seconds >= 0.999);
}

// DDIVK_SAMPLER_ANISOTROPY=16 makes a LINEAR-filtered texture sample as the program's own
// ANISOTROPIC filter with MAXANISOTROPY 16 does, pixel for pixel; and the plane is one where that
// shows (trilinear filtering differs from it).
TEST(PlayerOptions, SamplerAnisotropyFiltersAsTheProgramsOwnAnisotropy) {
    const std::vector<uint32_t> own = grazingPlane(D3DTEXF_ANISOTROPIC, 16);
    const std::vector<uint32_t> trilinear = grazingPlane(D3DTEXF_LINEAR, 1);
    std::vector<uint32_t> forced;
    {
        ScopedOption option("DDIVK_SAMPLER_ANISOTROPY", "16");
        forced = grazingPlane(D3DTEXF_LINEAR, 1);
    }
    REQUIRE(own.size() == 64 * 64 && trilinear.size() == own.size() && forced.size() == own.size());
    CHECK(forced == own);
    int differing = 0;
    for (size_t i = 0; i < own.size(); ++i) {
        const int a = int(own[i] & 0xFF), b = int(trilinear[i] & 0xFF);
        if (a - b > 16 || b - a > 16) ++differing;
    }
    std::printf("  grazing plane: %d of 4096 pixels differ from trilinear by more than 16\n", differing);
    CHECK(differing > 100);
}

// Options for players (docs/configuration.md, "Options for players"), set in the environment as
// a launch option sets them, before the object that reads them is made.
#include <windows.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <string>

#include "check.h"
#include "device_support.h"

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

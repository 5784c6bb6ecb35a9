// Adapters: count, identity (against the test's own Vulkan enumeration), LUID, monitor, and the
// display modes (against Win32's EnumDisplaySettingsW).
#include "check.h"
#include "support.h"

#include <algorithm>
#include <cstring>

// An adapter is a display of the desktop, as on Windows (a second GPU is no second adapter): as
// many as EnumDisplayDevicesW lists attached to the desktop.
TEST(Adapters, OneAdapterPerDesktopDisplay) {
    D3D9 d3d;
    REQUIRE(d3d.d3d != nullptr);
    UINT displays = 0;
    DISPLAY_DEVICEW device{};
    device.cb = sizeof(device);
    for (DWORD i = 0; EnumDisplayDevicesW(nullptr, i, &device, 0); ++i)
        if (device.StateFlags & DISPLAY_DEVICE_ATTACHED_TO_DESKTOP) ++displays;
    CHECK_EQ(d3d->GetAdapterCount(), std::max(displays, 1u));
}

// The identifier names the Vulkan device (VkPhysicalDeviceProperties: deviceName, vendorID,
// deviceID) and its DeviceIdentifier is the device's deviceUUID, the same for every object.
TEST(Adapters, IdentifierNamesTheVulkanDevice) {
    D3D9 d3d;
    REQUIRE(d3d.d3d != nullptr);
    for (UINT i = 0; i < d3d->GetAdapterCount(); ++i) {
        D3DADAPTER_IDENTIFIER9 id;
        std::memset(&id, 0xcc, sizeof(id));
        CHECK_EQ(d3d->GetAdapterIdentifier(i, 0, &id), D3D_OK);
        std::printf("  adapter %u: %s (0x%04lx:0x%04lx) on %s\n", i, id.Description, id.VendorId, id.DeviceId,
                    id.DeviceName);
        const VulkanDevice* vk = vulkanDeviceNamed(id.Description);
        REQUIRE(vk != nullptr);
        CHECK_EQ(id.VendorId, vk->vendorId);
        CHECK_EQ(id.DeviceId, vk->deviceId);
        CHECK(std::memcmp(&id.DeviceIdentifier, vk->uuid, 16) == 0);
        CHECK_EQ(id.WHQLLevel, 0);
        CHECK(std::strncmp(id.DeviceName, "\\\\.\\DISPLAY", 11) == 0);
        D3D9 other;
        D3DADAPTER_IDENTIFIER9 again{};
        CHECK_EQ(other->GetAdapterIdentifier(i, D3DENUM_WHQL_LEVEL, &again), D3D_OK);
        CHECK(std::memcmp(&again.DeviceIdentifier, &id.DeviceIdentifier, sizeof(GUID)) == 0);
    }
}

// DriverVersion is Product.Version.SubVersion.Build in HighPart and LowPart: the Vulkan driver's
// major.minor.patch and build 0 (Mesa and most vendors pack driverVersion as VK_MAKE_VERSION;
// NVIDIA and Intel's Windows driver pack it otherwise and are not checked here).
// D3DENUM_NO_DRIVERVERSION leaves it 0.
TEST(Adapters, DriverVersionIsTheVulkanDriverVersion) {
    D3D9 d3d;
    D3DADAPTER_IDENTIFIER9 id;
    const VulkanDevice* vk = vulkanDeviceOfAdapter(d3d.d3d, 0, id);
    REQUIRE(vk != nullptr);
    if (vk->vendorId != 0x10de && vk->vendorId != 0x8086) {
        const uint32_t v = vk->driverVersion;
        CHECK_EQ(id.DriverVersion.HighPart, LONG((v >> 22) << 16 | ((v >> 12) & 0x3ff)));
        CHECK_EQ(id.DriverVersion.LowPart, DWORD((v & 0xfff) << 16));
    }
    D3DADAPTER_IDENTIFIER9 none{};
    REQUIRE(d3d->GetAdapterIdentifier(0, D3DENUM_NO_DRIVERVERSION, &none) == D3D_OK);
    CHECK_EQ(none.DriverVersion.QuadPart, 0);
}

// An adapter ordinal out of range is D3DERR_INVALIDCALL (0 modes, no monitor), as is a NULL output.
TEST(Adapters, OrdinalOutOfRangeIsInvalidCall) {
    D3D9 d3d;
    REQUIRE(d3d.d3d != nullptr);
    const UINT bad = d3d->GetAdapterCount();
    D3DADAPTER_IDENTIFIER9 id{};
    CHECK_EQ(d3d->GetAdapterIdentifier(bad, 0, &id), D3DERR_INVALIDCALL);
    CHECK_EQ(d3d->GetAdapterIdentifier(0, 0, nullptr), D3DERR_INVALIDCALL);
    CHECK(d3d->GetAdapterMonitor(bad) == nullptr);
    CHECK_EQ(d3d->GetAdapterModeCount(bad, D3DFMT_X8R8G8B8), 0);
    D3DDISPLAYMODE mode{};
    CHECK_EQ(d3d->GetAdapterDisplayMode(bad, &mode), D3DERR_INVALIDCALL);
    D3DCAPS9 caps{};
    CHECK_EQ(d3d->GetDeviceCaps(bad, D3DDEVTYPE_HAL, &caps), D3DERR_INVALIDCALL);
    CHECK_EQ(d3d->CheckDeviceType(bad, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, D3DFMT_X8R8G8B8, TRUE), D3DERR_INVALIDCALL);
}

// GetAdapterMonitor: the primary display's monitor, which Win32 names too.
TEST(Adapters, MonitorIsThePrimaryDisplay) {
    D3D9 d3d;
    REQUIRE(d3d.d3d != nullptr);
    const HMONITOR monitor = d3d->GetAdapterMonitor(0);
    CHECK(monitor != nullptr);
    CHECK(monitor == MonitorFromPoint(POINT{0, 0}, MONITOR_DEFAULTTOPRIMARY));
}

// GetAdapterLUID: the same LUID on every call and object (IDirect3D9Ex only).
TEST(Adapters, LuidIsStable) {
    IDirect3D9Ex* a = nullptr;
    IDirect3D9Ex* b = nullptr;
    REQUIRE(Direct3DCreate9Ex(D3D_SDK_VERSION, &a) == D3D_OK);
    REQUIRE(Direct3DCreate9Ex(D3D_SDK_VERSION, &b) == D3D_OK);
    LUID first{}, second{};
    CHECK_EQ(a->GetAdapterLUID(0, &first), D3D_OK);
    CHECK_EQ(b->GetAdapterLUID(0, &second), D3D_OK);
    CHECK(first.LowPart == second.LowPart && first.HighPart == second.HighPart);
    CHECK_EQ(a->GetAdapterLUID(0, nullptr), D3DERR_INVALIDCALL);
    CHECK_EQ(a->GetAdapterLUID(a->GetAdapterCount(), &first), D3DERR_INVALIDCALL);
    a->Release();
    b->Release();
}

// GetAdapterDisplayMode is the desktop's current mode (ENUM_CURRENT_SETTINGS); 32 bits per pixel
// is D3DFMT_X8R8G8B8.
TEST(DisplayModes, CurrentModeIsTheDesktopMode) {
    D3D9 d3d;
    REQUIRE(d3d.d3d != nullptr);
    DEVMODEW dm{};
    dm.dmSize = sizeof(dm);
    REQUIRE(EnumDisplaySettingsW(nullptr, ENUM_CURRENT_SETTINGS, &dm));
    D3DDISPLAYMODE mode{};
    CHECK_EQ(d3d->GetAdapterDisplayMode(0, &mode), D3D_OK);
    CHECK_EQ(mode.Width, dm.dmPelsWidth);
    CHECK_EQ(mode.Height, dm.dmPelsHeight);
    if (dm.dmBitsPerPel == 32) CHECK_EQ(mode.Format, D3DFMT_X8R8G8B8);
    CHECK_EQ(d3d->GetAdapterDisplayMode(0, nullptr), D3DERR_INVALIDCALL);
}

// The X8R8G8B8 modes are Win32's distinct 32-bit modes; the current mode is one of them; a mode
// index past the count is D3DERR_INVALIDCALL; D3DFMT_UNKNOWN is no display format.
TEST(DisplayModes, ModesAreWin32ModesOfTheFormat) {
    D3D9 d3d;
    REQUIRE(d3d.d3d != nullptr);
    const std::vector<Win32Mode> expected = win32Modes(32);
    const UINT count = d3d->GetAdapterModeCount(0, D3DFMT_X8R8G8B8);
    CHECK_EQ(count, expected.size());
    CHECK(count > 0);
    for (UINT i = 0; i < count; ++i) {
        D3DDISPLAYMODE m{};
        CHECK_EQ(d3d->EnumAdapterModes(0, D3DFMT_X8R8G8B8, i, &m), D3D_OK);
        CHECK_EQ(m.Format, D3DFMT_X8R8G8B8);
        CHECK(std::find(expected.begin(), expected.end(), Win32Mode{m.Width, m.Height, m.RefreshRate}) !=
              expected.end());
    }
    D3DDISPLAYMODE current{}, m{};
    CHECK_EQ(d3d->GetAdapterDisplayMode(0, &current), D3D_OK);
    bool found = false;
    for (UINT i = 0; i < count; ++i)
        if (d3d->EnumAdapterModes(0, D3DFMT_X8R8G8B8, i, &m) == D3D_OK && m.Width == current.Width &&
            m.Height == current.Height)
            found = true;
    CHECK(found);
    CHECK_EQ(d3d->EnumAdapterModes(0, D3DFMT_X8R8G8B8, count, &m), D3DERR_INVALIDCALL);
    CHECK_EQ(d3d->EnumAdapterModes(0, D3DFMT_UNKNOWN, 0, &m), D3DERR_INVALIDCALL);
    // Formats the display has no modes of (Wine's test_display_modes records Windows).
    for (D3DFORMAT f : {D3DFMT_A8R8G8B8, D3DFMT_DXT1, D3DFMT_D24S8, D3DFMT_A16B16G16R16F}) {
        CHECK_EQ(d3d->GetAdapterModeCount(0, f), 0u);
        CHECK_EQ(d3d->EnumAdapterModes(0, f, 0, &m), D3DERR_INVALIDCALL);
    }
    CHECK_EQ(d3d->GetAdapterModeCount(0, D3DFMT_A8R8G8B8), 0); // a back-buffer format, not a display one
    CHECK_EQ(d3d->GetAdapterModeCount(0, D3DFMT_R5G6B5), win32Modes(16).size()); // 16 bits per pixel
}

// The Ex enumeration with an UNKNOWN scan-line filter lists the same modes; a filter or mode of
// the wrong Size is D3DERR_INVALIDCALL.
TEST(DisplayModes, ExEnumerationMatchesAndChecksSizes) {
    IDirect3D9Ex* ex = nullptr;
    REQUIRE(Direct3DCreate9Ex(D3D_SDK_VERSION, &ex) == D3D_OK);
    D3DDISPLAYMODEFILTER filter{sizeof(filter), D3DFMT_X8R8G8B8, D3DSCANLINEORDERING_UNKNOWN};
    const UINT count = ex->GetAdapterModeCountEx(0, &filter);
    CHECK_EQ(count, ex->GetAdapterModeCount(0, D3DFMT_X8R8G8B8));
    D3DDISPLAYMODEEX mode{};
    mode.Size = sizeof(mode);
    D3DDISPLAYMODE plain{};
    for (UINT i = 0; i < count; ++i) {
        CHECK_EQ(ex->EnumAdapterModesEx(0, &filter, i, &mode), D3D_OK);
        CHECK_EQ(ex->EnumAdapterModes(0, D3DFMT_X8R8G8B8, i, &plain), D3D_OK);
        CHECK(mode.Width == plain.Width && mode.Height == plain.Height && mode.RefreshRate == plain.RefreshRate);
    }
    D3DDISPLAYROTATION rotation{};
    CHECK_EQ(ex->GetAdapterDisplayModeEx(0, &mode, &rotation), D3D_OK);
    CHECK_EQ(rotation, D3DDISPLAYROTATION_IDENTITY);
    D3DDISPLAYMODEFILTER badFilter{sizeof(filter) + 4, D3DFMT_X8R8G8B8, D3DSCANLINEORDERING_UNKNOWN};
    CHECK_EQ(ex->GetAdapterModeCountEx(0, &badFilter), 0);
    CHECK_EQ(ex->EnumAdapterModesEx(0, &badFilter, 0, &mode), D3DERR_INVALIDCALL);
    mode.Size = 0;
    CHECK_EQ(ex->EnumAdapterModesEx(0, &filter, 0, &mode), D3DERR_INVALIDCALL);
    CHECK_EQ(ex->GetAdapterDisplayModeEx(0, &mode, &rotation), D3DERR_INVALIDCALL);
    ex->Release();
}

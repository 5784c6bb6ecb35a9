// IDirect3D9Ex: IUnknown, adapter identity and display modes.
#include "d3d9/direct3d9.h"

#include <cstdio>
#include <cstring>

#include "d3d9/display_modes.h"
#include "d3d9/format_support.h"
#include "d3d9/user_options.h"
#include "util/log.h"
#include "util/unimplemented.h"

namespace ddivk::d3d9 {
namespace {

void copyString(char* to, size_t size, const char* from) {
    std::snprintf(to, size, "%s", from);
}

// D3DADAPTER_IDENTIFIER9::DriverVersion: Product.Version.SubVersion.Build in the words of
// HighPart and LowPart; here the Vulkan driver's decoded major.minor.patch and build 0.
LARGE_INTEGER driverVersion(const vk::Caps& caps) {
    unsigned major = 0, minor = 0, patch = 0;
    std::sscanf(caps.driverVersion.c_str(), "%u.%u.%u", &major, &minor, &patch);
    LARGE_INTEGER v{};
    v.HighPart = LONG((major & 0xffff) << 16 | (minor & 0xffff));
    v.LowPart = DWORD((patch & 0xffff) << 16);
    return v;
}

// Whether a mode passes a D3DDISPLAYMODEFILTER's scan-line rule (UNKNOWN: any).
bool passes(const D3DDISPLAYMODEEX& mode, D3DSCANLINEORDERING ordering) {
    return ordering == D3DSCANLINEORDERING_UNKNOWN || mode.ScanLineOrdering == ordering;
}

std::vector<D3DDISPLAYMODEEX> filteredModes(const Adapter& adapter, const D3DDISPLAYMODEFILTER& filter) {
    std::vector<D3DDISPLAYMODEEX> modes;
    if (!isDisplayFormat(filter.Format)) return modes;
    for (const D3DDISPLAYMODEEX& m : displayModes(adapter.display, filter.Format))
        if (passes(m, filter.ScanLineOrdering)) modes.push_back(m);
    return modes;
}

} // namespace

Direct3D9::Direct3D9(std::shared_ptr<AdapterList> adapters, bool extended)
    : adapters_(std::move(adapters)), extended_(extended) {}

HRESULT STDMETHODCALLTYPE Direct3D9::QueryInterface(REFIID riid, void** object) {
    if (!object) return E_POINTER;
    *object = nullptr;
    // An object from Direct3DCreate9 is not an IDirect3D9Ex (only Direct3DCreate9Ex makes one).
    if (riid == __uuidof(IUnknown) || riid == __uuidof(IDirect3D9) ||
        (extended_ && riid == __uuidof(IDirect3D9Ex))) {
        AddRef();
        *object = static_cast<IDirect3D9Ex*>(this);
        return S_OK;
    }
    return E_NOINTERFACE;
}

ULONG STDMETHODCALLTYPE Direct3D9::AddRef() {
    return references_.fetch_add(1, std::memory_order_relaxed) + 1;
}

ULONG STDMETHODCALLTYPE Direct3D9::Release() {
    const ULONG left = references_.fetch_sub(1, std::memory_order_acq_rel) - 1;
    if (left == 0) delete this;
    return left;
}

HRESULT STDMETHODCALLTYPE Direct3D9::RegisterSoftwareDevice(void*) {
    // Pluggable software rasterizers are not supported: "D3DERR_INVALIDCALL" is the method's error.
    DDIVK_UNIMPLEMENTED("IDirect3D9::RegisterSoftwareDevice");
    return D3DERR_INVALIDCALL;
}

UINT STDMETHODCALLTYPE Direct3D9::GetAdapterCount() {
    return UINT(adapters_->size());
}

HRESULT STDMETHODCALLTYPE Direct3D9::GetAdapterIdentifier(UINT adapter, DWORD flags, D3DADAPTER_IDENTIFIER9* id) {
    const Adapter* a = adapters_->find(adapter);
    if (!a || !id) return D3DERR_INVALIDCALL;
    std::memset(id, 0, sizeof(*id));
    copyString(id->Driver, sizeof(id->Driver), "d3d9.dll");
    copyString(id->Description, sizeof(id->Description), a->properties.deviceName);
    displayDeviceName(a->display, id->DeviceName);
    if (!(flags & D3DENUM_NO_DRIVERVERSION)) id->DriverVersion = driverVersion(a->caps);
    const AdapterIdOverrides ids = readAdapterIdOverrides(); // DDIVK_VENDOR_ID, DDIVK_DEVICE_ID
    id->VendorId = ids.vendorId.value_or(a->properties.vendorID);
    id->DeviceId = ids.deviceId.value_or(a->properties.deviceID);
    // Vulkan's deviceUUID names the device and driver, the same in every process.
    static_assert(sizeof(id->DeviceIdentifier) == VK_UUID_SIZE);
    std::memcpy(&id->DeviceIdentifier, a->deviceUuid, VK_UUID_SIZE);
    id->WHQLLevel = 0; // not WHQL certified, asked (D3DENUM_WHQL_LEVEL) or not
    return D3D_OK;
}

UINT STDMETHODCALLTYPE Direct3D9::GetAdapterModeCount(UINT adapter, D3DFORMAT format) {
    const Adapter* a = adapters_->find(adapter);
    if (!a || !isDisplayFormat(format)) return 0;
    return UINT(displayModes(a->display, format).size());
}

HRESULT STDMETHODCALLTYPE Direct3D9::EnumAdapterModes(UINT adapter, D3DFORMAT format, UINT mode,
                                                      D3DDISPLAYMODE* displayMode) {
    const Adapter* a = adapters_->find(adapter);
    if (!a || !displayMode || format == D3DFMT_UNKNOWN) return D3DERR_INVALIDCALL;
    const std::vector<D3DDISPLAYMODEEX> modes =
        isDisplayFormat(format) ? displayModes(a->display, format) : std::vector<D3DDISPLAYMODEEX>{};
    // A mode past the last, also of a format the display has no modes of (Wine's
    // test_display_modes records Windows answering D3DERR_INVALIDCALL for those formats).
    if (mode >= modes.size()) return D3DERR_INVALIDCALL;
    const D3DDISPLAYMODEEX& m = modes[mode];
    *displayMode = {m.Width, m.Height, m.RefreshRate, m.Format};
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Direct3D9::GetAdapterDisplayMode(UINT adapter, D3DDISPLAYMODE* displayMode) {
    D3DDISPLAYMODEEX m{};
    D3DDISPLAYROTATION rotation{};
    const Adapter* a = adapters_->find(adapter);
    if (!a || !displayMode) return D3DERR_INVALIDCALL;
    if (!currentDisplayMode(a->display, m, rotation)) return D3DERR_NOTAVAILABLE;
    *displayMode = {m.Width, m.Height, m.RefreshRate, m.Format};
    return D3D_OK;
}

HMONITOR STDMETHODCALLTYPE Direct3D9::GetAdapterMonitor(UINT adapter) {
    const Adapter* a = adapters_->find(adapter);
    return a ? displayMonitor(a->display) : nullptr;
}

UINT STDMETHODCALLTYPE Direct3D9::GetAdapterModeCountEx(UINT adapter, const D3DDISPLAYMODEFILTER* filter) {
    const Adapter* a = adapters_->find(adapter);
    if (!a || !filter || filter->Size != sizeof(*filter)) return 0;
    return UINT(filteredModes(*a, *filter).size());
}

HRESULT STDMETHODCALLTYPE Direct3D9::EnumAdapterModesEx(UINT adapter, const D3DDISPLAYMODEFILTER* filter, UINT mode,
                                                        D3DDISPLAYMODEEX* displayMode) {
    const Adapter* a = adapters_->find(adapter);
    if (!a || !filter || filter->Size != sizeof(*filter) || !displayMode ||
        displayMode->Size != sizeof(*displayMode) || filter->Format == D3DFMT_UNKNOWN)
        return D3DERR_INVALIDCALL;
    const std::vector<D3DDISPLAYMODEEX> modes = filteredModes(*a, *filter);
    if (modes.empty()) return D3DERR_NOTAVAILABLE;
    if (mode >= modes.size()) return D3DERR_INVALIDCALL;
    *displayMode = modes[mode];
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Direct3D9::GetAdapterDisplayModeEx(UINT adapter, D3DDISPLAYMODEEX* displayMode,
                                                             D3DDISPLAYROTATION* rotation) {
    const Adapter* a = adapters_->find(adapter);
    if (!a || !displayMode || displayMode->Size != sizeof(*displayMode)) return D3DERR_INVALIDCALL;
    D3DDISPLAYROTATION r{};
    if (!currentDisplayMode(a->display, *displayMode, r)) return D3DERR_NOTAVAILABLE;
    if (rotation) *rotation = r;
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Direct3D9::GetAdapterLUID(UINT adapter, LUID* luid) {
    const Adapter* a = adapters_->find(adapter);
    if (!a || !luid) return D3DERR_INVALIDCALL;
    std::memcpy(luid, a->luid, sizeof(*luid));
    return D3D_OK;
}

} // namespace ddivk::d3d9

// IDirect3DDevice9Ex: creation, destruction, reference counting and the device-wide queries.
// Driver headers before <d3d9.h>: device9.h first.
#include "d3d9/device9.h"

#include "ddivk/ddivk.h"
#include "util/unimplemented.h"

#include "d3d9/buffer9.h"
#include "d3d9/caps9.h"
#include "d3d9/direct3d9.h"
#include "d3d9/present_parameters.h"
#include "d3d9/surface9.h"
#include "d3d9/swap_chain9.h"
#include "d3d9/texture9_base.h" // (textures room: the bound textures' type)

#include <string>

namespace ddivk::d3d9 {

Device9::Device9(const DeviceCreation& creation)
    : creation_(creation), multithreaded_((creation.flags & D3DCREATE_MULTITHREADED) != 0),
      options_(readDeviceOptions()), framePacer_(options_.maxFrameRate),
      state_({}, softwareVertexRegisters() ? state::kSoftwareVsRegisters : state::kHardwareVsRegisters),
      fullScreen_(creation.adapter->display) {
    creation_.direct3d->AddRef();
}

HRESULT Device9::create(const DeviceCreation& creation, IDirect3DDevice9Ex** device) {
    auto* d = new Device9(creation);
    const HRESULT hr = d->initialise();
    if (FAILED(hr)) {
        d->Release();
        return hr;
    }
    *device = d;
    return D3D_OK;
}

state::DeviceDefaults Device9::defaults() const {
    state::DeviceDefaults d;
    d.autoDepthStencil = creation_.present.EnableAutoDepthStencil != 0;
    d.width = creation_.present.BackBufferWidth;
    d.height = creation_.present.BackBufferHeight;
    d.pointSizeMax = maxPointSize(*creation_.adapter);
    return d;
}

HRESULT Device9::initialise() {
    const std::string selector = std::to_string(creation_.vulkanIndex);
    ddivk_device_desc desc{selector.c_str(),
                           softwareVertexRegisters() ? DDIVK_DEVICE_SOFTWARE_VERTEX_REGISTERS : 0u};
    if (ddivk_device_create(&desc, &driver_) != S_OK) {
        DDIVK_ERROR("d3d9: the driver could not open Vulkan device %u", creation_.vulkanIndex);
        return D3DERR_NOTAVAILABLE;
    }
    const D3DPRESENT_PARAMETERS& p = creation_.present;
    if (HRESULT hr = createBackBuffers(p, backBuffers_); FAILED(hr)) return hr;
    if (p.EnableAutoDepthStencil) {
        if (HRESULT hr = createDriverSurface(p.BackBufferWidth, p.BackBufferHeight, p.AutoDepthStencilFormat,
                                             D3DUSAGE_DEPTHSTENCIL, true, &autoDepth_, p.MultiSampleType,
                                             p.MultiSampleQuality);
            FAILED(hr))
            return hr;
        if (p.Flags & D3DPRESENTFLAG_DISCARD_DEPTHSTENCIL) autoDepth_->setDiscardable();
    }
    if (ddivk_context_create(driver_, backBuffers_[0]->handle(), autoDepth_ ? autoDepth_->handle() : 0,
                             &context_) != S_OK)
        return D3DERR_NOTAVAILABLE;
    stream_ = std::make_unique<CommandStream>(context_, true);
    state_.reset(defaults());
    state_.setRenderTarget(0, backBuffers_[0]->handle());
    state_.setDepthStencil(autoDepth_ ? autoDepth_->handle() : 0);
    renderTargets_[0].reset(backBuffers_[0]);
    depthStencil_.reset(autoDepth_);
    swapChain_ = new SwapChain9(*this);
    if (!p.Windowed) {
        if (HRESULT hr = fullScreen_.enter(p, (creation_.flags & D3DCREATE_NOWINDOWCHANGES) != 0); FAILED(hr))
            return hr;
        watchFocus();
    }
    return D3D_OK;
}

Device9::~Device9() {
    focusHook_.unhook(); // no focus messages reach a device going away
    if (stream_) {
        // Bound objects the program has released go now, while the device still works.
        releaseBindings();
        destroyUpIndexBuffer();
        for (Surface9* s : backBuffers_)
            delete s;
        delete autoDepth_;
        stream_.reset(); // executes what is left, stops the worker
        destroyWindowChains();
    } else {
        // Creation failed before the stream: surfaces are destroyed directly.
        for (Surface9* s : backBuffers_)
            ddivk_surface_destroy(driver_, s->handle());
        if (autoDepth_) ddivk_surface_destroy(driver_, autoDepth_->handle());
    }
    delete swapChain_;
    if (context_) ddivk_context_destroy(context_);
    if (driver_) ddivk_device_destroy(driver_);
    creation_.direct3d->Release();
}

HRESULT Device9::createDriverSurface(UINT width, UINT height, ::D3DFORMAT format, DWORD usage,
                                     bool ownedByDevice, Surface9** surface,
                                     ::D3DMULTISAMPLE_TYPE multisample, DWORD quality) {
    ddivk_surface_desc desc{};
    desc.width = width;
    desc.height = height;
    desc.format = static_cast<uint32_t>(format);
    desc.usage = (usage & D3DUSAGE_DEPTHSTENCIL) ? DDIVK_SURFACE_DEPTHSTENCIL : DDIVK_SURFACE_RENDERTARGET;
    desc.samples = samplesOf(*creation_.adapter, format, multisample, quality);
    if (desc.samples == 0) return D3DERR_NOTAVAILABLE;
    uint32_t handle = 0;
    ddivk::HRESULT hr = D3DERR_INVALIDCALL;
    if (stream_)
        stream_->call([&] { hr = ddivk_surface_create(driver_, &desc, &handle); });
    else
        hr = ddivk_surface_create(driver_, &desc, &handle);
    if (hr != S_OK) return hr == E_OUTOFMEMORY ? D3DERR_OUTOFVIDEOMEMORY : D3DERR_NOTAVAILABLE;
    D3DSURFACE_DESC d{};
    d.Format = format;
    d.Type = D3DRTYPE_SURFACE;
    d.Usage = usage & (D3DUSAGE_RENDERTARGET | D3DUSAGE_DEPTHSTENCIL);
    d.Pool = D3DPOOL_DEFAULT;
    d.MultiSampleType = multisample;
    d.MultiSampleQuality = quality;
    d.Width = width;
    d.Height = height;
    *surface = new Surface9(*this, ownedByDevice, handle, d);
    // Depth formats that D3D9 lets programs lock (the driver decides which it can read).
    if (format == ::D3DFMT_D16_LOCKABLE || format == ::D3DFMT_D32_LOCKABLE ||
        format == ::D3DFMT_D32F_LOCKABLE)
        (*surface)->setLockable();
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Device9::QueryInterface(REFIID riid, void** object) {
    if (!object) return E_POINTER;
    if (riid == __uuidof(IUnknown) || riid == __uuidof(IDirect3DDevice9) ||
        (creation_.extended && riid == __uuidof(IDirect3DDevice9Ex))) {
        AddRef();
        *object = this;
        return S_OK;
    }
    *object = nullptr;
    return E_NOINTERFACE;
}

ULONG STDMETHODCALLTYPE Device9::AddRef() {
    return references_.fetch_add(1) + 1;
}

ULONG STDMETHODCALLTYPE Device9::Release() {
    const ULONG count = references_.fetch_sub(1) - 1;
    if (count == 0) delete this;
    return count;
}

// Lost while a full-screen device's focus is away (device9_focus.cpp); a failed Reset leaves it
// waiting for another (device9_reset.cpp). Vulkan device loss is reported by Present.
HRESULT STDMETHODCALLTYPE Device9::TestCooperativeLevel() {
    if (creation_.extended) return D3D_OK; // D3D9Ex: lost devices do not exist
    if (focusLost_.load()) return D3DERR_DEVICELOST;
    return notReset_.load() ? D3DERR_DEVICENOTRESET : D3D_OK;
}

UINT STDMETHODCALLTYPE Device9::GetAvailableTextureMem() {
    // The largest device-local heap less what the program's default-pool resources take, rounded
    // down to MB as D3D9 does, capped to what a UINT holds.
    uint64_t largest = 0;
    VkPhysicalDeviceMemoryProperties memory{};
    vkGetPhysicalDeviceMemoryProperties(creation_.adapter->physicalDevice, &memory);
    for (uint32_t i = 0; i < memory.memoryHeapCount; ++i)
        if (memory.memoryHeaps[i].flags & VK_MEMORY_HEAP_DEVICE_LOCAL_BIT)
            largest = std::max<uint64_t>(largest, memory.memoryHeaps[i].size);
    if (options_.maxAvailableMemory) largest = std::min(largest, *options_.maxAvailableMemory);
    // Less what the default pool takes, as Windows answers (Wine's test_vidmem_accounting); not
    // for D3D9Ex devices, whose memory Windows virtualises: their answer stays (Wine's d3d9ex
    // test_vidmem_accounting).
    const uint64_t taken = creation_.extended ? 0 : uint64_t(std::max<int64_t>(videoMemoryBytes_.load(), 0));
    largest = largest > taken ? largest - taken : 0;
    largest &= ~uint64_t{(1u << 20) - 1};
    return static_cast<UINT>(std::min<uint64_t>(largest, 0xFFF00000u));
}

// Nothing is in the managed pool's sense evictable: resources live in Vulkan memory only.
HRESULT STDMETHODCALLTYPE Device9::EvictManagedResources() {
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Device9::GetDirect3D(IDirect3D9** d3d9) {
    if (!d3d9) return D3DERR_INVALIDCALL;
    creation_.direct3d->AddRef();
    *d3d9 = creation_.direct3d;
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Device9::GetDeviceCaps(D3DCAPS9* caps) {
    if (!caps) return D3DERR_INVALIDCALL;
    *caps = deviceCaps(*creation_.adapter, creation_.adapterOrdinal);
    // A software vertex processing device reports its register file (Wine's
    // test_vertex_shader_constant: 8192); a MIXED one the hardware's.
    if (creation_.flags & D3DCREATE_SOFTWARE_VERTEXPROCESSING)
        caps->MaxVertexShaderConst = state::kSwVsConstF;
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Device9::GetDisplayMode(UINT swapchain, D3DDISPLAYMODE* mode) {
    if (!mode || swapchain != 0) return D3DERR_INVALIDCALL;
    return creation_.direct3d->GetAdapterDisplayMode(creation_.adapterOrdinal, mode);
}

HRESULT STDMETHODCALLTYPE Device9::GetCreationParameters(D3DDEVICE_CREATION_PARAMETERS* parameters) {
    if (!parameters) return D3DERR_INVALIDCALL;
    parameters->AdapterOrdinal = creation_.adapterOrdinal;
    parameters->DeviceType = D3DDEVTYPE_HAL;
    parameters->hFocusWindow = creation_.focusWindow;
    parameters->BehaviorFlags = creation_.flags;
    return D3D_OK;
}

UINT STDMETHODCALLTYPE Device9::GetNumberOfSwapChains() {
    return 1;
}

// Vertex processing runs on the GPU whatever the program asks; the flag is remembered for
// mixed-mode devices, as D3D9 reports it back.
HRESULT STDMETHODCALLTYPE Device9::SetSoftwareVertexProcessing(WINBOOL software) {
    if (!(creation_.flags & D3DCREATE_MIXED_VERTEXPROCESSING)) return software ? D3DERR_INVALIDCALL : D3D_OK;
    softwareVertexProcessing_ = software != FALSE;
    return D3D_OK;
}

WINBOOL STDMETHODCALLTYPE Device9::GetSoftwareVertexProcessing() {
    if (creation_.flags & D3DCREATE_SOFTWARE_VERTEXPROCESSING) return TRUE;
    return softwareVertexProcessing_;
}

// D3D9's device-state codes: a window is occluded while it is minimised, and a full-screen
// device's while focus is away (device9_focus.cpp); a window merely covered by others is not.
// NULL asks whether a device holds full-screen ownership, as Windows answers it for this one
// (Wine's test_lost_device): while it is full screen with focus.
HRESULT STDMETHODCALLTYPE Device9::CheckDeviceState(HWND window) {
    if (window) return focusLost_.load() || IsIconic(window) ? S_PRESENT_OCCLUDED : D3D_OK;
    auto guard = lock();
    return fullScreen_.active() && !focusLost_.load() ? S_PRESENT_OCCLUDED : D3D_OK;
}

} // namespace ddivk::d3d9

// The public entry points (include/ddivk/ddivk.h): one table of contexts for the process, as
// the runtime addresses DP2 contexts by handle alone. Each entry point converts failures into
// the DDI's codes at this boundary.
#include <cstdlib>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "capture/writer.h"

#include "ddivk/ddivk.h"
#include "device/context.h"
#include "device/ddi_boundary.h"
#include "device/device.h"
#include "device/handles.h"
#include "dp2/context_table.h"
#include "dp2/executor.h"
#include "util/config.h"
#include "util/sync.h"

using namespace ddivk;

struct ddivk_device {
    std::unique_ptr<device::Device> impl;
};

namespace {

// Contexts by handle, with the Context objects they route to, and (with DDIVK_CAPTURE) the
// capture file each context's calls are recorded to.
struct Registry {
    dp2::ContextTable table;
    ddivk::util::Mutex mutex;
    std::unordered_map<uintptr_t, std::unique_ptr<device::Context>> contexts;
    std::unordered_map<uintptr_t, std::unique_ptr<capture::CaptureWriter>> captures;
    uint32_t capturesOpened = 0;
};

Registry& registry() {
    static Registry r;
    return r;
}

// DDIVK_CAPTURE=path: a capture file names one render target, so each context gets its own:
// the first context writes `path`, later ones `path.2`, `path.3`... Called with r.mutex held.
void openCapture(Registry& r, uintptr_t handle, device::Device& device, uint32_t renderTarget,
                 uint32_t depthStencil) {
    const char* path = config::get("DDIVK_CAPTURE");
    if (!path || !*path) return;
    device::Surface* rt = device.findSurface(renderTarget);
    device::Surface* ds = device.findSurface(depthStencil);
    // The file format has no sample count: a replay would render single-sampled.
    if ((rt && rt->samples() > 1) || (ds && ds->samples() > 1)) {
        DDIVK_ERROR("DDIVK_CAPTURE: context %llu draws into multisampled surfaces, which a capture cannot "
                    "describe yet: not captured",
                    (unsigned long long)handle);
        return;
    }
    capture::RenderTargetDesc desc;
    if (rt) {
        desc.width = rt->width();
        desc.height = rt->height();
        desc.format = rt->format().d3dFormat;
    }
    if (ds) desc.depthStencilFormat = ds->format().d3dFormat;
    desc.softwareVertexRegisters = device.vsRegisters() != state::kHardwareVsRegisters;
    std::string file = path;
    if (++r.capturesOpened > 1) file += "." + std::to_string(r.capturesOpened);
    std::string error;
    if (auto writer = capture::CaptureWriter::open(file, desc, &error)) {
        DDIVK_INFO("capturing DP2 calls of context %llu to %s", (unsigned long long)handle, file.c_str());
        r.captures.emplace(handle, std::move(writer));
    } else {
        DDIVK_ERROR("DDIVK_CAPTURE: cannot capture to %s: %s", file.c_str(), error.c_str());
    }
}

capture::CaptureWriter* captureOf(Registry& r, uintptr_t handle) {
    std::lock_guard lock(r.mutex);
    auto it = r.captures.find(handle);
    return it == r.captures.end() ? nullptr : it->second.get();
}

} // namespace

namespace ddivk::device {

Device& deviceOf(ddivk_device* device) {
    return *device->impl;
}

Context* contextOf(uintptr_t handle) {
    Registry& r = registry();
    std::lock_guard lock(r.mutex);
    auto it = r.contexts.find(handle);
    return it == r.contexts.end() ? nullptr : it->second.get();
}

} // namespace ddivk::device

extern "C" {

HRESULT ddivk_device_create(const ddivk_device_desc* desc, ddivk_device** device) {
    if (!device) return E_INVALIDARG;
    *device = nullptr;
    return device::guarded("ddivk_device_create", [&] {
        std::optional<std::string> selector;
        if (desc && desc->deviceSelector) selector = desc->deviceSelector;
        auto d = std::make_unique<ddivk_device>();
        const bool software = desc && (desc->flags & DDIVK_DEVICE_SOFTWARE_VERTEX_REGISTERS);
        d->impl = device::Device::create(selector, software ? state::kSoftwareVsRegisters
                                                            : state::kHardwareVsRegisters);
        *device = d.release();
        return S_OK;
    });
}

void ddivk_device_destroy(ddivk_device* device) {
    if (!device) return;
    // Contexts drawing through this device go with it (destroyed under the device lock, taken
    // after the registry's: the order everywhere is device lock, then registry).
    Registry& r = registry();
    std::vector<std::unique_ptr<device::Context>> doomed;
    {
        std::lock_guard lock(r.mutex);
        for (auto it = r.contexts.begin(); it != r.contexts.end();) {
            if (&it->second->device() == device->impl.get()) {
                r.table.remove(it->first);
                r.captures.erase(it->first);
                doomed.push_back(std::move(it->second));
                it = r.contexts.erase(it);
            } else {
                ++it;
            }
        }
    }
    {
        std::lock_guard lock(device->impl->lock());
        doomed.clear();
    }
    delete device;
}

const char* ddivk_device_name(const ddivk_device* device) {
    return device ? device->impl->vulkan().caps().deviceName.c_str() : "";
}

HRESULT ddivk_surface_create(ddivk_device* device, const ddivk_surface_desc* desc, uint32_t* handle) {
    if (!device || !desc || !handle) return E_INVALIDARG;
    return device::guarded("ddivk_surface_create", [&] {
        std::lock_guard lock(device->impl->lock());
        return device->impl->createSurface(*desc, handle);
    });
}

HRESULT ddivk_surface_destroy(ddivk_device* device, uint32_t handle) {
    if (!device) return E_INVALIDARG;
    return device::guarded("ddivk_surface_destroy", [&] {
        std::lock_guard lock(device->impl->lock());
        return device->impl->destroySurface(handle);
    });
}

HRESULT ddivk_surface_read(ddivk_device* device, uint32_t handle, void* pixels, uint32_t pitch,
                           uint64_t size) {
    if (!device) return E_INVALIDARG;
    return device::guarded("ddivk_surface_read", [&] {
        std::lock_guard lock(device->impl->lock());
        return device->impl->readSurface(handle, pixels, pitch, size);
    });
}

HRESULT ddivk_surface_flip(ddivk_device* device, uint32_t handle) {
    if (!device) return E_INVALIDARG;
    return device::guarded("ddivk_surface_flip", [&] {
        std::lock_guard lock(device->impl->lock());
        return device->impl->flip(handle);
    });
}

HRESULT ddivk_context_create(ddivk_device* device, uint32_t renderTarget, uint32_t depthStencil,
                             uintptr_t* context) {
    if (!device || !context) return E_INVALIDARG;
    return device::guarded("ddivk_context_create", [&]() -> HRESULT {
        std::lock_guard deviceLock(device->impl->lock());
        device::Surface* target = device->impl->findSurface(renderTarget);
        device::Surface* depth = depthStencil ? device->impl->findSurface(depthStencil) : nullptr;
        if (!target || target->isDepthStencil() || (depthStencil && (!depth || !depth->isDepthStencil())))
            return D3DERR_INVALIDCALL;
        auto ctx = std::make_unique<device::Context>(*device->impl, renderTarget, depthStencil);
        Registry& r = registry();
        std::lock_guard lock(r.mutex);
        uintptr_t handle = r.table.add(*ctx);
        r.contexts.emplace(handle, std::move(ctx));
        openCapture(r, handle, *device->impl, renderTarget, depthStencil);
        *context = handle;
        return S_OK;
    });
}

HRESULT ddivk_context_destroy(uintptr_t context) {
    Registry& r = registry();
    std::unique_ptr<device::Context> doomed;
    {
        std::lock_guard lock(r.mutex);
        auto it = r.contexts.find(context);
        if (it == r.contexts.end()) return D3DHAL_CONTEXT_BAD;
        r.table.remove(context);
        doomed = std::move(it->second);
        r.contexts.erase(it);
        r.captures.erase(context);
    }
    // The context's queries live in the device's engine: destroy it under the device lock.
    std::lock_guard lock(doomed->device().lock());
    doomed.reset();
    return S_OK;
}

HRESULT ddivk_context_reset(uintptr_t context, uint32_t renderTarget, uint32_t depthStencil) {
    device::Context* c = device::contextOf(context);
    if (!c) return D3DHAL_CONTEXT_BAD;
    return device::guarded("ddivk_context_reset", [&] {
        std::lock_guard lock(c->device().lock());
        return c->resetState(renderTarget, depthStencil);
    });
}

void ddivk_set_parse_unknown_command(PFND3DPARSEUNKNOWNCOMMAND callback) {
    registry().table.setParseUnknownCommand(callback);
}

uint32_t ddivk_DrawPrimitives2(D3DHAL_DRAWPRIMITIVES2DATA* data) {
    if (!data) return DDHAL_DRIVER_NOTHANDLED;
    Registry& r = registry();
    dp2::ContextTable::Entry* entry = r.table.find(data->dwhContext);
    if (!entry) return dp2::drawPrimitives2(r.table, data); // reports D3DHAL_CONTEXT_BAD
    auto& context = static_cast<device::Context&>(*entry->target);
    std::lock_guard lock(context.device().lock());
    // A call refused for a flip in progress executes nothing, so it is not captured. The answer
    // is sampled once, so the capture and the executor agree on it.
    const bool flipping = context.sampleFlipInProgress();
    // Recorded before it runs: the call overwrites dwVertexSize with ddrval and may swap buffers.
    if (capture::CaptureWriter* writer = captureOf(r, data->dwhContext); writer && !flipping)
        writer->append(*data);
    uint32_t result = dp2::drawPrimitives2(r.table, data);
    context.clearFlipSample();
    return result;
}

HRESULT ddivk_dp2_buffer_create(uint32_t size, uint32_t flags, DDIVK_DP2BUFFER** buffer) {
    if (!buffer || (flags != DDIVK_DP2BUFFER_COMMANDS && flags != DDIVK_DP2BUFFER_VERTICES))
        return E_INVALIDARG;
    *buffer = registry().table.bufferPool().create(size, flags);
    return *buffer ? S_OK : E_OUTOFMEMORY;
}

void ddivk_dp2_buffer_destroy(DDIVK_DP2BUFFER* buffer) {
    registry().table.bufferPool().destroy(buffer);
}

} // extern "C"

#include "device/context.h"

namespace ddivk::device {
namespace {

// The defaults that depend on the context's attachments: ZENABLE starts on with a depth
// surface (as with EnableAutoDepthStencil), the viewport and scissor cover the target; and on
// the device: POINTSIZE_MAX starts at the largest point it draws.
state::DeviceDefaults defaultsFor(Device& device, uint32_t renderTarget, uint32_t depthStencil) {
    state::DeviceDefaults d;
    d.autoDepthStencil = depthStencil != 0;
    d.pointSizeMax = device.largestPoint();
    if (Surface* s = device.findSurface(renderTarget)) {
        d.width = s->width();
        d.height = s->height();
    }
    return d;
}

} // namespace

Context::Context(Device& device, uint32_t renderTarget, uint32_t depthStencil)
    : device_(device), state_(defaultsFor(device, renderTarget, depthStencil), device.vsRegisters()),
      shaders_(device.translations(), device.vsRegisters().floats > state::kVsConstF) {
    state_.setRenderTarget(0, renderTarget);
    state_.setDepthStencil(depthStencil);
}

HRESULT Context::resetState(uint32_t renderTarget, uint32_t depthStencil) {
    Surface* target = device_.findSurface(renderTarget);
    if (!target || target->isDepthStencil()) return D3DERR_INVALIDCALL;
    if (depthStencil) {
        Surface* depth = device_.findSurface(depthStencil);
        if (!depth || !depth->isDepthStencil()) return D3DERR_INVALIDCALL;
    }
    // Everything back to the defaults, all dirty: draws after this prepare afresh.
    state_.reset(defaultsFor(device_, renderTarget, depthStencil));
    state_.setRenderTarget(0, renderTarget);
    state_.setDepthStencil(depthStencil);
    umdStream0_ = nullptr;
    return S_OK;
}

} // namespace ddivk::device

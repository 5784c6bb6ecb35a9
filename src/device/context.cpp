#include "device/context.h"

namespace ddivk::device {
namespace {

// The defaults that depend on the context's attachments: ZENABLE starts on with a depth
// surface (as with EnableAutoDepthStencil), the viewport and scissor cover the target.
state::DeviceDefaults defaultsFor(Device& device, uint32_t renderTarget, uint32_t depthStencil) {
    state::DeviceDefaults d;
    d.autoDepthStencil = depthStencil != 0;
    if (Surface* s = device.findSurface(renderTarget)) {
        d.width = s->width();
        d.height = s->height();
    }
    return d;
}

} // namespace

Context::Context(Device& device, uint32_t renderTarget, uint32_t depthStencil)
    : device_(device), state_(defaultsFor(device, renderTarget, depthStencil)), shaders_(device.translations()) {
    state_.setRenderTarget(0, renderTarget);
    state_.setDepthStencil(depthStencil);
}

} // namespace ddivk::device

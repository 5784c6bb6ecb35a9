// IDirect3DStateBlock9: Capture and Apply mirrored into the device's state_ and recorded as
// DP2 STATESET tokens; the references a block holds on what it captured.
// Driver headers before <d3d9.h>: device9.h first.
#include "d3d9/device9.h"

#include "ddivk/dp2_payloads.h"
#include "state/lights.h"
#include "state/slots.h"
#include "state/state_block.h"

#include "d3d9/state_block9.h"

#include <memory>

namespace ddivk::d3d9 {

StateBlock9::StateBlock9(Device9& device, uint32_t handle)
    : DeviceChild(&device, false), device_(device), handle_(handle) {
    // "Reset fails unless ... state blocks ... are released" (Lost Devices): counted as such.
    device_.defaultPoolObjectCreated();
    holdCapturedObjects();
}

StateBlock9::~StateBlock9() {
    auto guard = device_.lock();
    if (device_.stateCache().deleteStateBlock(handle_) == S_OK)
        device_.recordStateSet(D3DHAL_STATESETDELETE, handle_, 0);
    device_.defaultPoolObjectDestroyed();
}

// "Capture: only the states already in the block are captured"; not while recording.
HRESULT STDMETHODCALLTYPE StateBlock9::Capture() {
    auto guard = device_.lock();
    if (device_.stateCache().captureStateBlock(handle_) != S_OK) return D3DERR_INVALIDCALL;
    device_.recordStateSet(D3DHAL_STATESETCAPTURE, handle_, 0);
    holdCapturedObjects();
    return D3D_OK;
}

// Apply: the block's states become the device's; the device re-binds the objects they name.
HRESULT STDMETHODCALLTYPE StateBlock9::Apply() {
    auto guard = device_.lock();
    if (device_.stateCache().executeStateBlock(handle_) != S_OK) return D3DERR_INVALIDCALL;
    device_.recordStateSet(D3DHAL_STATESETEXECUTE, handle_, 0);
    device_.rebindFromState();
    return D3D_OK;
}

void StateBlock9::holdCapturedObjects() {
    using state::SlotGroup;
    using state::slotOf;
    const state::StateBlock* block = device_.stateCache().stateBlock(handle_);
    std::vector<ObjectRegistry::Hold> held;
    if (block) {
        // The block's values, unpacked onto a blank state: only its own slots are read below.
        auto values = std::make_unique<state::DeviceState>();
        state::LightTable lights;
        state::DirtyState dirty;
        state::applyBlock(*block, *values, lights, dirty);
        const ObjectRegistry& registry = *device_.registry();
        auto hold = [&](SlotGroup group, uint32_t element, ObjectKind kind, uint32_t handle) {
            if (!block->mask.test(slotOf(group, element)) || handle == 0) return;
            if (ObjectRegistry::Hold h = registry.hold(kind, handle)) held.push_back(std::move(h));
        };
        for (uint32_t i = 0; i < state::kMaxStreams; ++i)
            hold(SlotGroup::StreamSource, i, ObjectKind::VertexBuffer, values->streams[i].buffer);
        hold(SlotGroup::Indices, 0, ObjectKind::IndexBuffer, values->indices.buffer);
        for (uint32_t i = 0; i < state::kSamplerCount; ++i)
            hold(SlotGroup::Texture, i, ObjectKind::Texture, values->textures[i]);
        hold(SlotGroup::VertexInput, 0, ObjectKind::VertexDeclaration, values->vertexInput.declaration);
        hold(SlotGroup::VertexShader, 0, ObjectKind::VertexShader, values->vertexShader);
        hold(SlotGroup::PixelShader, 0, ObjectKind::PixelShader, values->pixelShader);
    }
    // The new references first, then the old ones go: an object held by both stays.
    held_.swap(held);
}

} // namespace ddivk::d3d9

// IDirect3DDevice9: CreateStateBlock, BeginStateBlock and EndStateBlock. The device chooses the
// block handles; each operation runs on state_ (which records setters into the block while
// recording) and is recorded as a DP2 STATESET token with the same handle for the driver.
// Driver headers before <d3d9.h>: device9.h first.
#include "d3d9/device9.h"

#include "ddivk/dp2_payloads.h"

#include "d3d9/buffer9.h"
#include "d3d9/state_block9.h"

namespace ddivk::d3d9 {

std::shared_ptr<ObjectRegistry> registryOf(Device9& device) {
    return device.registry();
}

void Device9::recordStateSet(uint32_t operation, uint32_t handle, uint32_t type) {
    D3DHAL_DP2STATESET s{operation, handle, type};
    stream_->token(D3DDP2OP_STATESET, s);
}

// The Bound<> slots follow state_'s handles (after Apply, and after a recording, whose setters
// changed the slots but not the state).
void Device9::rebindFromState() {
    reszPointSize_ = false; // the block may have set POINTSIZE
    for (uint32_t i = 0; i < state::kMaxStreams; ++i)
        streams_[i].reset(
            registry_->find<VertexBuffer9>(ObjectKind::VertexBuffer, state_.streamSource(i).buffer));
    indices_.reset(registry_->find<IndexBuffer9>(ObjectKind::IndexBuffer, state_.indices().buffer));
    rebindShaders();  // shaders room: declaration and shaders
    rebindTextures(); // textures room
}

// D3DSBT_ALL, PIXELSTATE or VERTEXSTATE: a block holding the current values of that type's
// states. D3DERR_INVALIDCALL for another type, a null output, or while recording.
HRESULT STDMETHODCALLTYPE Device9::CreateStateBlock(D3DSTATEBLOCKTYPE type, IDirect3DStateBlock9** block) {
    if (!block) return D3DERR_INVALIDCALL;
    auto guard = lock();
    const uint32_t handle = nextStateBlock_;
    if (state_.createStateBlock(handle, static_cast<uint32_t>(type)) != S_OK) return D3DERR_INVALIDCALL;
    ++nextStateBlock_;
    recordStateSet(D3DHAL_STATESETCREATE, handle, static_cast<uint32_t>(type));
    *block = new StateBlock9(*this, handle);
    return D3D_OK;
}

// Setters record into a new block instead of changing the device, until EndStateBlock.
// D3DERR_INVALIDCALL while already recording.
HRESULT STDMETHODCALLTYPE Device9::BeginStateBlock() {
    auto guard = lock();
    const uint32_t handle = nextStateBlock_;
    if (state_.beginStateBlock(handle) != S_OK) return D3DERR_INVALIDCALL;
    ++nextStateBlock_;
    recordingBlock_ = handle;
    recordStateSet(D3DHAL_STATESETBEGIN, handle, 0);
    return D3D_OK;
}

// The recorded block. D3DERR_INVALIDCALL when not recording or for a null output (which
// leaves the recording going).
HRESULT STDMETHODCALLTYPE Device9::EndStateBlock(IDirect3DStateBlock9** block) {
    if (!block) return D3DERR_INVALIDCALL;
    auto guard = lock();
    if (recordingBlock_ == 0 || state_.endStateBlock(recordingBlock_) != S_OK) return D3DERR_INVALIDCALL;
    const uint32_t handle = recordingBlock_;
    recordingBlock_ = 0;
    recordStateSet(D3DHAL_STATESETEND, handle, 0);
    rebindFromState();
    *block = new StateBlock9(*this, handle); // holds what it recorded
    recordingHolds_.clear();
    return D3D_OK;
}

bool Device9::suspendRecording() {
    if (recordingBlock_ == 0) return false;
    state_.suspendRecording(recordingBlock_);
    recordStateSet(DDIVK_STATESETSUSPEND, recordingBlock_, 0);
    return true;
}

void Device9::resumeRecording() {
    state_.resumeRecording(recordingBlock_);
    recordStateSet(DDIVK_STATESETRESUME, recordingBlock_, 0);
}

} // namespace ddivk::d3d9

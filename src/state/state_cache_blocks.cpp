// StateCache: the D3DHAL_DP2STATESET operations (DDK "Accelerated State Management").
#include "state/state_cache.h"

#include "util/log.h"

namespace ddivk::state {

HRESULT StateCache::stateSet(uint32_t operation, uint32_t handle, uint32_t sbType) {
    switch (operation) {
    case D3DHAL_STATESETBEGIN:
        return beginStateBlock(handle);
    case D3DHAL_STATESETEND:
        return endStateBlock(handle);
    case D3DHAL_STATESETDELETE:
        return deleteStateBlock(handle);
    case D3DHAL_STATESETEXECUTE:
        return executeStateBlock(handle);
    case D3DHAL_STATESETCAPTURE:
        return captureStateBlock(handle);
    case D3DHAL_STATESETCREATE:
        return createStateBlock(handle, sbType);
    case DDIVK_STATESETSUSPEND:
        return suspendRecording(handle);
    case DDIVK_STATESETRESUME:
        return resumeRecording(handle);
    default:
        DDIVK_WARN("state: unknown D3DHAL_DP2STATESET operation %u", operation);
        return D3DERR_INVALIDCALL;
    }
}

// D3DHAL_STATESETCREATE: "create a state block of the type given in the field sbType",
// holding the current values of what that type captures.
HRESULT StateCache::createStateBlock(uint32_t handle, uint32_t type) {
    if (recording_ || suspended_ || handle == 0 || blocks_.contains(handle) || !predefinedMask(type))
        return D3DERR_INVALIDCALL;
    blocks_.emplace(handle, makePredefinedBlock(type, state_, lights_, vsLimits_));
    return S_OK;
}

// D3DHAL_STATESETBEGIN: "the driver begins recording the states for the handle".
HRESULT StateCache::beginStateBlock(uint32_t handle) {
    if (recording_ || suspended_ || handle == 0 || blocks_.contains(handle)) return D3DERR_INVALIDCALL;
    if (!recorder_) recorder_ = std::make_unique<Recorder>();
    recorder_->handle = handle;
    recorder_->mask.clear();
    recorder_->lights.clear();
    recording_ = true;
    return S_OK;
}

// D3DHAL_STATESETEND: "it stops recording state".
HRESULT StateCache::endStateBlock(uint32_t handle) {
    if (!recording_ || handle != recorder_->handle) return D3DERR_INVALIDCALL;
    blocks_.emplace(handle, makeRecordedBlock(*recorder_));
    recording_ = false;
    return S_OK;
}

// DDIVK_STATESETSUSPEND: the recording stays open (END, BEGIN, CREATE, EXECUTE and CAPTURE
// stay refused) while setters change the device, until DDIVK_STATESETRESUME.
HRESULT StateCache::suspendRecording(uint32_t handle) {
    if (!recording_ || handle != recorder_->handle) return D3DERR_INVALIDCALL;
    recording_ = false;
    suspended_ = true;
    return S_OK;
}

HRESULT StateCache::resumeRecording(uint32_t handle) {
    if (!suspended_ || handle != recorder_->handle) return D3DERR_INVALIDCALL;
    suspended_ = false;
    recording_ = true;
    return S_OK;
}

HRESULT StateCache::deleteStateBlock(uint32_t handle) {
    return blocks_.erase(handle) ? S_OK : D3DERR_INVALIDCALL;
}

// D3DHAL_STATESETEXECUTE: "the state block ... should be applied in the device": only the
// states it holds, each marked dirty.
HRESULT StateCache::executeStateBlock(uint32_t handle) {
    auto it = blocks_.find(handle);
    if (recording_ || suspended_ || it == blocks_.end()) return D3DERR_INVALIDCALL;
    applyBlock(it->second, state_, lights_, dirty_);
    return S_OK;
}

// D3DHAL_STATESETCAPTURE: "only states that are already in the state block are captured".
HRESULT StateCache::captureStateBlock(uint32_t handle) {
    auto it = blocks_.find(handle);
    if (recording_ || suspended_ || it == blocks_.end()) return D3DERR_INVALIDCALL;
    captureBlock(it->second, state_, lights_);
    return S_OK;
}

const StateBlock* StateCache::stateBlock(uint32_t handle) const {
    auto it = blocks_.find(handle);
    return it == blocks_.end() ? nullptr : &it->second;
}

} // namespace ddivk::state

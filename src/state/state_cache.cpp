// StateCache setters that are not on the per-draw hot path, dirty hand-over and reset.
#include "state/state_cache.h"

#include <algorithm>
#include <cstring>

namespace ddivk::state {
namespace {

// Row-major product a * b, as D3DX and the runtime multiply D3DMATRIX.
D3DMATRIX multiply(const D3DMATRIX& a, const D3DMATRIX& b) {
    D3DMATRIX r{};
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j)
            for (int k = 0; k < 4; ++k)
                r.m[i][j] += a.m[i][k] * b.m[k][j];
    return r;
}

// A register range [start, start + count) inside a file of `limit` registers, overflow-safe.
bool rangeOk(uint32_t start, uint32_t count, uint32_t limit) {
    return start <= limit && count <= limit - start;
}

} // namespace

StateCache::StateCache(const DeviceDefaults& defaults, VsRegisterLimits vsLimits) : vsLimits_(vsLimits) {
    reset(defaults);
}

StateCache::~StateCache() = default;

void StateCache::reset(const DeviceDefaults& defaults) {
    setDefaults(state_, defaults);
    vsWritten_ = {};
    lights_.clear();
    blocks_.clear();
    recording_ = false;
    suspended_ = false;
    depthResolveRequested_ = false;
    markAllDirty();
}

// ---- Texture stage states through the DDI ----

// ---- Vertex input ----

HRESULT StateCache::setStreamSourceUserMemory(uint32_t stream, uint32_t stride) {
    if (stream >= kMaxStreams) return D3DERR_INVALIDCALL;
    return write(SlotGroup::StreamSource, stream, [&](DeviceState& s) {
        s.streams[stream] = {0, 0, stride, 1};
    });
}

// IDirect3DDevice9::SetStreamSourceFreq, validated like the D3D9 runtime (docs/state.md lists
// the statement behind each rule; the tests are named after the rules).
HRESULT StateCache::setStreamSourceFreq(uint32_t stream, uint32_t divider) {
    constexpr uint32_t kBothFlags = D3DSTREAMSOURCE_INDEXEDDATA | D3DSTREAMSOURCE_INSTANCEDATA;
    // Rule StreamIndexInRange: StreamNumber below D3DCAPS9::MaxStreams (at most 16).
    if (stream >= kMaxStreams) return D3DERR_INVALIDCALL;
    // Rule NotBothFlags: a stream is either the indexed geometry or the instance data.
    if ((divider & kBothFlags) == kBothFlags) return D3DERR_INVALIDCALL;
    // Rule NoInstanceDataOnStreamZero: stream 0 holds the indexed geometry data.
    if ((divider & D3DSTREAMSOURCE_INSTANCEDATA) && stream == 0) return D3DERR_INVALIDCALL;
    // Rule DividerZeroInvalid: a divider of 0 divides by zero in VertexIndex / Divider.
    if (divider == 0) return D3DERR_INVALIDCALL;
    return write(SlotGroup::StreamFrequency, stream,
                 [&](DeviceState& s) { s.streamFrequencies[stream] = divider; });
}

HRESULT StateCache::setIndices(uint32_t buffer, uint32_t stride) {
    // D3DHAL_DP2SETINDICES: dwStride is 2 or 4.
    if (buffer != 0 && stride != 2 && stride != 4) return D3DERR_INVALIDCALL;
    return write(SlotGroup::Indices, 0, [&](DeviceState& s) { s.indices = {buffer, stride}; });
}

HRESULT StateCache::setVertexDeclaration(uint32_t handle) {
    return write(SlotGroup::VertexInput, 0, [&](DeviceState& s) { s.vertexInput = {handle, 0}; });
}

HRESULT StateCache::setFvf(uint32_t fvf) {
    return write(SlotGroup::VertexInput, 0, [&](DeviceState& s) { s.vertexInput = {0, fvf}; });
}

HRESULT StateCache::setVertexShader(uint32_t handle) {
    return write(SlotGroup::VertexShader, 0, [&](DeviceState& s) { s.vertexShader = handle; });
}

HRESULT StateCache::setPixelShader(uint32_t handle) {
    return write(SlotGroup::PixelShader, 0, [&](DeviceState& s) { s.pixelShader = handle; });
}

// ---- Transforms, viewport, fixed-function state ----

HRESULT StateCache::setTransform(uint32_t type, const D3DMATRIX& m) {
    uint32_t i = transformIndex(type);
    if (i == kInvalidIndex) return D3DERR_INVALIDCALL;
    return write(SlotGroup::Transform, i, [&](DeviceState& s) { s.transforms[i] = m; });
}

// IDirect3DDevice9::MultiplyTransform: "The multiplication order is pMatrix times State."
HRESULT StateCache::multiplyTransform(uint32_t type, const D3DMATRIX& m) {
    uint32_t i = transformIndex(type);
    if (i == kInvalidIndex) return D3DERR_INVALIDCALL;
    D3DMATRIX product = multiply(m, readState(SlotGroup::Transform, i).transforms[i]);
    return write(SlotGroup::Transform, i, [&](DeviceState& s) { s.transforms[i] = product; });
}

HRESULT StateCache::setViewport(const D3DVIEWPORT9& vp) {
    return write(SlotGroup::Viewport, 0, [&](DeviceState& s) { s.viewport = vp; });
}

HRESULT StateCache::setViewportRect(uint32_t x, uint32_t y, uint32_t width, uint32_t height) {
    D3DVIEWPORT9 vp = readState(SlotGroup::Viewport, 0).viewport;
    vp.X = x, vp.Y = y, vp.Width = width, vp.Height = height;
    return setViewport(vp);
}

HRESULT StateCache::setZRange(float minZ, float maxZ) {
    D3DVIEWPORT9 vp = readState(SlotGroup::Viewport, 0).viewport;
    vp.MinZ = minZ, vp.MaxZ = maxZ;
    return setViewport(vp);
}

HRESULT StateCache::setWInfo(float wNear, float wFar) {
    return write(SlotGroup::WInfo, 0, [&](DeviceState& s) { s.wInfo = {wNear, wFar}; });
}

HRESULT StateCache::setScissorRect(const D3DRECT& rect) {
    return write(SlotGroup::Scissor, 0, [&](DeviceState& s) { s.scissorRect = rect; });
}

HRESULT StateCache::setMaterial(const D3DMATERIAL9& material) {
    return write(SlotGroup::Material, 0, [&](DeviceState& s) { s.material = material; });
}

HRESULT StateCache::createLight(uint32_t index) {
    // Creation alone holds no state: a recording ignores it, the recorded SETLIGHT carries it.
    if (recording_) return S_OK;
    lights_.findOrCreate(index);
    dirty_.categories |= DirtyState::Lights;
    return S_OK;
}

HRESULT StateCache::setLight(uint32_t index, const D3DLIGHT9& light) {
    if (light.Type != D3DLIGHT_POINT && light.Type != D3DLIGHT_SPOT && light.Type != D3DLIGHT_DIRECTIONAL)
        return D3DERR_INVALIDCALL;
    if (recording_) {
        LightRecord& r = recorder_->light(index);
        r.hasData = true;
        r.light = light;
        return S_OK;
    }
    lights_.findOrCreate(index).light = light;
    dirty_.categories |= DirtyState::Lights;
    return S_OK;
}

// IDirect3DDevice9::LightEnable: an index never set becomes defaultLight() with this flag.
HRESULT StateCache::enableLight(uint32_t index, bool enable) {
    if (recording_) {
        LightRecord& r = recorder_->light(index);
        r.hasEnable = true;
        r.enabled = enable;
        return S_OK;
    }
    lights_.findOrCreate(index).enabled = enable;
    dirty_.categories |= DirtyState::Lights;
    return S_OK;
}

HRESULT StateCache::setClipPlane(uint32_t index, const float plane[4]) {
    if (index >= kMaxClipPlanes || !plane) return D3DERR_INVALIDCALL;
    return write(SlotGroup::ClipPlane, index,
                 [&](DeviceState& s) { std::memcpy(s.clipPlanes[index].v, plane, sizeof(Vec4f)); });
}

HRESULT StateCache::setCurrentTexturePalette(uint32_t palette) {
    return write(SlotGroup::Palette, 0, [&](DeviceState& s) { s.texturePalette = palette; });
}

// ---- Shader constants ----

template <class T>
HRESULT StateCache::setConstants(SlotGroup g, T* dst, T* scratchDst, uint32_t limit, uint32_t start,
                                 const T* data, uint32_t count) {
    if (!rangeOk(start, count, limit) || (count && !data)) return D3DERR_INVALIDCALL;
    if (count == 0) return S_OK;
    noteVsRegistersWritten(g, start + count);
    if (recording_) {
        std::memcpy(scratchDst + start, data, count * sizeof(T));
        recorder_->mask.setRange(slotOf(g, start), count);
        return S_OK;
    }
    std::memcpy(dst + start, data, count * sizeof(T));
    dirty_.categories |= kSlotGroups[static_cast<size_t>(g)].category;
    switch (g) {
    case SlotGroup::VsConstF:
        if (start < kVsConstF) dirty_.vsConstF.setRange(start, std::min(count, kVsConstF - start));
        break;
    case SlotGroup::PsConstF:
        dirty_.psConstF.setRange(start, count);
        break;
    default: {
        // The fine masks cover registers 0..15 (dirty.h).
        if (start >= 16) break;
        const uint32_t n = std::min(count, 16 - start);
        const uint32_t bits = ((1u << n) - 1) << start;
        (g == SlotGroup::VsConstI   ? dirty_.vsConstI
         : g == SlotGroup::VsConstB ? dirty_.vsConstB
         : g == SlotGroup::PsConstI ? dirty_.psConstI
                                    : dirty_.psConstB) |= bits;
    }
    }
    return S_OK;
}

// The inline float setters (state_cache.h) fall back to this for recording and errors.
template HRESULT StateCache::setConstants<Vec4f>(SlotGroup, Vec4f*, Vec4f*, uint32_t, uint32_t, const Vec4f*,
                                                 uint32_t);

HRESULT StateCache::setVsConstI(uint32_t start, const int32_t* data, uint32_t count) {
    Recorder* r = recorder_.get();
    return setConstants(SlotGroup::VsConstI, state_.vsConstI.data(), r ? r->scratch.vsConstI.data() : nullptr,
                        vsLimits_.ints, start, reinterpret_cast<const Vec4i*>(data), count);
}
HRESULT StateCache::setVsConstB(uint32_t start, const uint32_t* data, uint32_t count) {
    Recorder* r = recorder_.get();
    return setConstants(SlotGroup::VsConstB, state_.vsConstB.data(), r ? r->scratch.vsConstB.data() : nullptr,
                        vsLimits_.bools, start, data, count);
}
HRESULT StateCache::setPsConstI(uint32_t start, const int32_t* data, uint32_t count) {
    Recorder* r = recorder_.get();
    return setConstants(SlotGroup::PsConstI, state_.psConstI.data(), r ? r->scratch.psConstI.data() : nullptr,
                        kPsConstI, start, reinterpret_cast<const Vec4i*>(data), count);
}
HRESULT StateCache::setPsConstB(uint32_t start, const uint32_t* data, uint32_t count) {
    Recorder* r = recorder_.get();
    return setConstants(SlotGroup::PsConstB, state_.psConstB.data(), r ? r->scratch.psConstB.data() : nullptr,
                        kPsConstB, start, data, count);
}

// ---- Render targets ----

HRESULT StateCache::setRenderTarget(uint32_t index, uint32_t handle) {
    if (index >= kMaxRenderTargets) return D3DERR_INVALIDCALL;
    state_.renderTargets[index] = handle;
    dirty_.renderTargets |= 1u << index;
    dirty_.categories |= DirtyState::RenderTargets;
    return S_OK;
}

HRESULT StateCache::setDepthStencil(uint32_t handle) {
    state_.depthStencil = handle;
    dirty_.renderTargets |= 1u << kMaxRenderTargets;
    dirty_.categories |= DirtyState::RenderTargets;
    return S_OK;
}

// ---- Dirty tracking ----

DirtyState StateCache::takeDirty() {
    DirtyState d = dirty_;
    dirty_ = DirtyState{};
    return d;
}

void StateCache::markAllDirty() {
    StateMask all;
    for (size_t g = 0; g < kSlotGroupCount; ++g)
        setSlots(all, static_cast<SlotGroup>(g));
    size_t group = 0;
    all.forEach([&](size_t slot) {
        while (slot >= kSlotBase[group + 1])
            ++group;
        markDirty(dirty_, static_cast<SlotGroup>(group), static_cast<uint32_t>(slot - kSlotBase[group]));
    });
    dirty_.categories |= DirtyState::Lights | DirtyState::RenderTargets;
    dirty_.renderTargets = (1u << (kMaxRenderTargets + 1)) - 1;
}

} // namespace ddivk::state

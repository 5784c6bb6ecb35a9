// The state cache: every piece of D3D9 device state, its dirty bits, and state blocks.
// Setters take plain values and return the DDI's HRESULT: D3DERR_INVALIDCALL for an index out of
// range, changing nothing. While a state block is being recorded (BEGIN..END) setters record
// into the block instead of changing the device (docs/state.md, "Recording").
// The draw translator reads what changed with takeDirty(), which also clears it.
#pragma once

#include "ddivk/d3d9_enums.h"
#include "ddivk/d3d9_types.h"
#include "ddivk/hresult.h"
#include "state/device_state.h"
#include "state/dirty.h"
#include "state/lights.h"
#include "state/slots.h"
#include "state/state_block.h"
#include "state/vendor_states.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <unordered_map>

namespace ddivk::state {

// D3DTSS_* values that are texture stage states (not DDI sampler numbers, not TEXTUREMAP).
constexpr bool isTextureStageState(uint32_t type) {
    return (type >= D3DTSS_COLOROP && type <= D3DTSS_TEXCOORDINDEX) ||
           (type >= D3DTSS_BUMPENVLSCALE && type <= D3DTSS_TEXTURETRANSFORMFLAGS) ||
           (type >= D3DTSS_COLORARG0 && type <= D3DTSS_RESULTARG) || type == D3DTSS_CONSTANT;
}
constexpr bool isSamplerState(uint32_t type) {
    return type >= D3DSAMP_ADDRESSU && type <= D3DSAMP_MAX;
}

// One item of a bulk state setter, as a DDI token's item projects to it.
struct RenderStateItem {
    uint32_t state; // D3DRS_*
    uint32_t value;
};
struct StageStateItem {
    uint32_t stage;
    uint32_t type; // D3DTSS_* as the DDI spells it (setDdiTextureStageState)
    uint32_t value;
};

class StateCache {
  public:
    // vsLimits: the vertex shader register files the device takes (kSoftwareVsRegisters for
    // SOFTWARE and MIXED vertex processing); the setters refuse registers past them.
    explicit StateCache(const DeviceDefaults& defaults = {},
                        VsRegisterLimits vsLimits = kHardwareVsRegisters);
    ~StateCache();
    StateCache(const StateCache&) = delete;
    StateCache& operator=(const StateCache&) = delete;

    // Back to the documented defaults, everything dirty; lights and state blocks are dropped.
    void reset(const DeviceDefaults& defaults);

    // ---- Render, texture stage and sampler states: an array store and a bit set ----
    HRESULT setRenderState(uint32_t state, uint32_t value);
    HRESULT setTextureStageState(uint32_t stage, uint32_t type, uint32_t value);
    // sampler: 0..15, D3DDMAPSAMPLER, D3DVERTEXTEXTURESAMPLER0..3.
    HRESULT setSamplerState(uint32_t sampler, uint32_t type, uint32_t value);
    HRESULT setTexture(uint32_t sampler, uint32_t handle);
    // D3DDP2OP_TEXTURESTAGESTATE as a DX9 driver reads it (d3dhal.h): D3DTSS_TEXTUREMAP sets the
    // texture of sampler `stage`, the numbers of kTssToSamplerState set that sampler's states,
    // everything else is a texture stage state of stage `stage`.
    HRESULT setDdiTextureStageState(uint32_t stage, uint32_t tss, uint32_t value);
    // Bulk forms for whole DP2 tokens, all or nothing: every item is checked before any is
    // applied. `get(item)` projects an item to a RenderStateItem / StageStateItem.
    template <class Item, class Get> HRESULT setRenderStates(std::span<const Item> items, Get get);
    template <class Item, class Get> HRESULT setDdiTextureStageStates(std::span<const Item> items, Get get);
    // Whether setDdiTextureStageState would accept (stage, tss): for checking a token whole.
    static constexpr bool acceptsDdiTextureStageState(uint32_t stage, uint32_t tss) {
        if (tss == D3DTSS_TEXTUREMAP || samplerStateFromTss(tss)) return samplerIndex(stage) != kInvalidIndex;
        return stage < kTextureStages && tss < kTextureStageStateCount && isTextureStageState(tss);
    }

    // ---- Vertex input ----
    HRESULT setStreamSource(uint32_t stream, uint32_t buffer, uint32_t offset, uint32_t stride);
    HRESULT setStreamSourceUserMemory(uint32_t stream, uint32_t stride); // D3DDP2OP_SETSTREAMSOURCEUM
    HRESULT setStreamSourceFreq(uint32_t stream, uint32_t divider);
    HRESULT setIndices(uint32_t buffer, uint32_t stride); // stride 2 or 4 (any when buffer is 0)
    HRESULT setVertexDeclaration(uint32_t handle);        // clears the FVF
    HRESULT setFvf(uint32_t fvf);                         // clears the declaration
    HRESULT setVertexShader(uint32_t handle);
    HRESULT setPixelShader(uint32_t handle);

    // ---- Transforms, viewport, fixed-function state ----
    HRESULT setTransform(uint32_t type, const D3DMATRIX& m);
    HRESULT multiplyTransform(uint32_t type, const D3DMATRIX& m); // state = m * state
    HRESULT setViewport(const D3DVIEWPORT9& vp);
    HRESULT setViewportRect(uint32_t x, uint32_t y, uint32_t width, uint32_t height); // VIEWPORTINFO
    HRESULT setZRange(float minZ, float maxZ);                                        // ZRANGE
    HRESULT setWInfo(float wNear, float wFar);                                        // WINFO
    HRESULT setScissorRect(const D3DRECT& rect);
    HRESULT setMaterial(const D3DMATERIAL9& material);
    HRESULT createLight(uint32_t index); // D3DDP2OP_CREATELIGHT: exists from now on
    HRESULT setLight(uint32_t index, const D3DLIGHT9& light);
    HRESULT enableLight(uint32_t index, bool enable);
    HRESULT setClipPlane(uint32_t index, const float plane[4]);
    HRESULT setCurrentTexturePalette(uint32_t palette);

    // ---- Shader constants: start register, data, register count ----
    HRESULT setVsConstF(uint32_t start, const float* data, uint32_t count);   // 4 floats each
    HRESULT setVsConstI(uint32_t start, const int32_t* data, uint32_t count); // 4 ints each
    HRESULT setVsConstB(uint32_t start, const uint32_t* data, uint32_t count);
    HRESULT setPsConstF(uint32_t start, const float* data, uint32_t count);
    HRESULT setPsConstI(uint32_t start, const int32_t* data, uint32_t count);
    HRESULT setPsConstB(uint32_t start, const uint32_t* data, uint32_t count);

    // ---- Render targets (never recorded, never in a state block) ----
    HRESULT setRenderTarget(uint32_t index, uint32_t handle);
    HRESULT setDepthStencil(uint32_t handle);

    // ---- State blocks (D3DHAL_DP2STATESET); handles are the runtime's ----
    // Dispatches D3DHAL_STATESET* operations; sbType only matters for CREATE.
    HRESULT stateSet(uint32_t operation, uint32_t handle, uint32_t sbType);
    HRESULT createStateBlock(uint32_t handle, uint32_t type);
    HRESULT beginStateBlock(uint32_t handle);
    HRESULT endStateBlock(uint32_t handle);
    HRESULT deleteStateBlock(uint32_t handle);
    HRESULT executeStateBlock(uint32_t handle);
    HRESULT captureStateBlock(uint32_t handle);
    HRESULT suspendRecording(uint32_t handle); // DDIVK_STATESETSUSPEND
    HRESULT resumeRecording(uint32_t handle);  // DDIVK_STATESETRESUME
    bool recording() const { return recording_; }
    bool recordingSuspended() const { return suspended_; }
    const StateBlock* stateBlock(uint32_t handle) const;
    size_t stateBlockCount() const { return blocks_.size(); }

    // ---- Commands among the render states ----
    // Whether a RESZ (state/vendor_states.h) was set since the last call, outside a recording;
    // clears the request. The context performs it.
    bool takeDepthResolveRequest() {
        const bool requested = depthResolveRequested_;
        depthResolveRequested_ = false;
        return requested;
    }

    // ---- Dirty tracking ----
    // Hands over what changed since the last call and clears it.
    DirtyState takeDirty();
    const DirtyState& dirty() const { return dirty_; }
    void markAllDirty();

    // ---- Inspection ----
    const DeviceState& state() const { return state_; }
    uint32_t renderState(uint32_t state) const {
        return state < kRenderStateCount ? state_.renderStates[state] : 0;
    }
    uint32_t textureStageState(uint32_t stage, uint32_t type) const {
        return stage < kTextureStages && type < kTextureStageStateCount
                   ? state_.textureStageStates[stage][type]
                   : 0;
    }
    uint32_t samplerState(uint32_t sampler, uint32_t type) const {
        uint32_t i = samplerIndex(sampler);
        return i != kInvalidIndex && type < kSamplerStateCount ? state_.samplerStates[i][type] : 0;
    }
    uint32_t texture(uint32_t sampler) const {
        uint32_t i = samplerIndex(sampler);
        return i != kInvalidIndex ? state_.textures[i] : 0;
    }
    StreamSource streamSource(uint32_t stream) const {
        return stream < kMaxStreams ? state_.streams[stream] : StreamSource{};
    }
    uint32_t streamSourceFreq(uint32_t stream) const {
        return stream < kMaxStreams ? state_.streamFrequencies[stream] : 1;
    }
    IndexSource indices() const { return state_.indices; }
    uint32_t vertexDeclaration() const { return state_.vertexInput.declaration; }
    uint32_t fvf() const { return state_.vertexInput.fvf; }
    uint32_t vertexShader() const { return state_.vertexShader; }
    uint32_t pixelShader() const { return state_.pixelShader; }
    D3DMATRIX transform(uint32_t type) const {
        uint32_t i = transformIndex(type);
        return i != kInvalidIndex ? state_.transforms[i] : identityMatrix();
    }
    D3DVIEWPORT9 viewport() const { return state_.viewport; }
    WInfo wInfo() const { return state_.wInfo; }
    D3DRECT scissorRect() const { return state_.scissorRect; }
    D3DMATERIAL9 material() const { return state_.material; }
    const LightEntry* light(uint32_t index) const { return lights_.find(index); }
    std::span<const LightEntry> lights() const { return lights_.entries(); }
    Vec4f clipPlane(uint32_t index) const {
        return index < kMaxClipPlanes ? state_.clipPlanes[index] : Vec4f{};
    }
    uint32_t currentTexturePalette() const { return state_.texturePalette; }
    Vec4f vsConstF(uint32_t reg) const { return reg < vsLimits_.floats ? state_.vsConstF[reg] : Vec4f{}; }
    Vec4i vsConstI(uint32_t reg) const { return reg < vsLimits_.ints ? state_.vsConstI[reg] : Vec4i{}; }
    uint32_t vsConstB(uint32_t reg) const { return reg < vsLimits_.bools ? state_.vsConstB[reg] : 0; }
    const VsRegisterLimits& vsLimits() const { return vsLimits_; }
    // Per vertex register file, one past the highest register any setter has written since
    // the reset (recordings included): every register from there on is still 0. A draw
    // uploads no more than this of a software vertex processing file.
    const VsRegisterLimits& vsRegistersWritten() const { return vsWritten_; }
    Vec4f psConstF(uint32_t reg) const { return reg < kPsConstF ? state_.psConstF[reg] : Vec4f{}; }
    Vec4i psConstI(uint32_t reg) const { return reg < kPsConstI ? state_.psConstI[reg] : Vec4i{}; }
    uint32_t psConstB(uint32_t reg) const { return reg < kPsConstB ? state_.psConstB[reg] : 0; }
    uint32_t renderTarget(uint32_t index) const {
        return index < kMaxRenderTargets ? state_.renderTargets[index] : 0;
    }
    uint32_t depthStencil() const { return state_.depthStencil; }

  private:
    // Runs f on the state a setter targets: the recording's scratch state (marking the slot
    // recorded) or the device state (marking the slot dirty).
    template <class F> HRESULT write(SlotGroup g, uint32_t element, F&& f) {
        if (recording_) [[unlikely]] {
            f(recorder_->scratch);
            recorder_->mask.set(slotOf(g, element));
        } else {
            f(state_);
            markDirty(dirty_, g, element);
        }
        return S_OK;
    }
    // The value a slot has for a setter that reads before it writes (multiplyTransform).
    const DeviceState& readState(SlotGroup g, uint32_t element) const {
        return recording_ && recorder_->mask.test(slotOf(g, element)) ? recorder_->scratch : state_;
    }
    // Stores `count` float registers at dst (the caller checked the range): register copies,
    // not a memcpy call, for the few registers a token usually carries.
    static void copyRegisters(Vec4f* dst, const float* data, uint32_t count) {
        for (uint32_t i = 0; i < count; ++i)
            std::memcpy(&dst[i], data + 4 * size_t(i), sizeof(Vec4f));
    }
    template <class Item, class Get>
    [[gnu::noinline]] HRESULT setDdiTextureStageStatesSlow(std::span<const Item> items, Get get);
    template <class T>
    HRESULT setConstants(SlotGroup g, T* dst, T* scratchDst, uint32_t limit, uint32_t start, const T* data,
                         uint32_t count);
    void noteVsRegistersWritten(SlotGroup g, uint32_t end) {
        uint32_t* written = g == SlotGroup::VsConstF   ? &vsWritten_.floats
                            : g == SlotGroup::VsConstI ? &vsWritten_.ints
                            : g == SlotGroup::VsConstB ? &vsWritten_.bools
                                                       : nullptr;
        if (written) *written = std::max(*written, end);
    }

    DeviceState state_;
    VsRegisterLimits vsLimits_;
    VsRegisterLimits vsWritten_{};
    DirtyState dirty_;
    LightTable lights_;
    bool recording_ = false;
    bool suspended_ = false;             // a recording is open but paused: setters change the device
    bool depthResolveRequested_ = false; // takeDepthResolveRequest
    std::unique_ptr<Recorder> recorder_; // allocated by the first BEGIN, reused
    std::unordered_map<uint32_t, StateBlock> blocks_;
};

// ---- The hot setters, inline ----

inline HRESULT StateCache::setRenderState(uint32_t state, uint32_t value) {
    if (state >= kRenderStateCount) [[unlikely]]
        return D3DERR_INVALIDCALL;
    if (state == D3DRS_POINTSIZE) [[unlikely]] {
        if (isAlphaToMaskSwitch(state, value))
            return write(SlotGroup::AlphaToMask, 0,
                         [&](DeviceState& s) { s.alphaToMask = value == D3DFMT_A2M1; });
        if (value == kReszCode) { // a command: nothing is stored, nothing recorded
            depthResolveRequested_ = depthResolveRequested_ || !recording_;
            return S_OK;
        }
    }
    if (recording_) [[unlikely]]
        return write(SlotGroup::RenderState, state, [&](DeviceState& s) { s.renderStates[state] = value; });
    state_.renderStates[state] = value;
    dirty_.renderStates.set(state);
    dirty_.categories |= DirtyState::RenderStates;
    return S_OK;
}

inline HRESULT StateCache::setTextureStageState(uint32_t stage, uint32_t type, uint32_t value) {
    if (stage >= kTextureStages || type >= kTextureStageStateCount || !isTextureStageState(type)) [[unlikely]]
        return D3DERR_INVALIDCALL;
    if (recording_) [[unlikely]]
        return write(SlotGroup::TextureStageState, stage * kTextureStageStateCount + type,
                     [&](DeviceState& s) { s.textureStageStates[stage][type] = value; });
    state_.textureStageStates[stage][type] = value;
    dirty_.textureStages |= 1u << stage;
    dirty_.categories |= DirtyState::TextureStages;
    return S_OK;
}

inline HRESULT StateCache::setSamplerState(uint32_t sampler, uint32_t type, uint32_t value) {
    uint32_t i = samplerIndex(sampler);
    if (i == kInvalidIndex || !isSamplerState(type)) [[unlikely]]
        return D3DERR_INVALIDCALL;
    if (isFetch4Switch(type, value)) [[unlikely]]
        return write(SlotGroup::Fetch4, i, [&](DeviceState& s) { s.fetch4[i] = value == kFetch4On; });
    if (recording_) [[unlikely]]
        return write(SlotGroup::SamplerState, i * kSamplerStateCount + type,
                     [&](DeviceState& s) { s.samplerStates[i][type] = value; });
    state_.samplerStates[i][type] = value;
    dirty_.samplers |= 1u << i;
    dirty_.categories |= DirtyState::Samplers;
    return S_OK;
}

// The DP2 TEXTURESTAGESTATE item: a texture, a sampler state or a texture stage state.
inline HRESULT StateCache::setDdiTextureStageState(uint32_t stage, uint32_t tss, uint32_t value) {
    if (tss == D3DTSS_TEXTUREMAP) [[unlikely]]
        return setTexture(stage, value);
    if (uint32_t samp = samplerStateFromTss(tss)) return setSamplerState(stage, samp, value);
    return setTextureStageState(stage, tss, value);
}

// D3DTSS_* values (below 64) that setDdiTextureStageState takes as plain texture stage states:
// neither the texture nor a sampler state. Bit n: value n.
inline constexpr uint64_t kPlainTextureStageStates = [] {
    uint64_t mask = 0;
    for (uint32_t tss = 0; tss < 64 && tss < kTextureStageStateCount; ++tss)
        if (tss != D3DTSS_TEXTUREMAP && !samplerStateFromTss(tss) && isTextureStageState(tss))
            mask |= uint64_t{1} << tss;
    return mask;
}();

template <class Item, class Get> HRESULT StateCache::setRenderStates(std::span<const Item> items, Get get) {
    for (const Item& item : items)
        if (get(item).state >= kRenderStateCount) return D3DERR_INVALIDCALL;
    if (items.empty()) return S_OK;
    if (recording_) [[unlikely]] {
        for (const Item& item : items)
            setRenderState(get(item).state, get(item).value);
        return S_OK;
    }
    for (const Item& item : items) {
        const RenderStateItem rs = get(item);
        if (rs.state == D3DRS_POINTSIZE) [[unlikely]] { // the vendors' values: setRenderState
            setRenderState(rs.state, rs.value);
            continue;
        }
        state_.renderStates[rs.state] = rs.value;
        dirty_.renderStates.set(rs.state);
    }
    dirty_.categories |= DirtyState::RenderStates;
    return S_OK;
}

template <class Item, class Get>
HRESULT StateCache::setDdiTextureStageStates(std::span<const Item> items, Get get) {
    // The common token: plain texture stage states of stages in range, not recording. One
    // check pass, one store pass, the dirty bits ORed once; anything else takes the slow path.
    if (recording_ || items.empty()) [[unlikely]]
        return setDdiTextureStageStatesSlow(items, get);
    for (const Item& item : items) {
        const StageStateItem t = get(item);
        if (t.stage >= kTextureStages || t.type >= 64 || !((kPlainTextureStageStates >> t.type) & 1))
            [[unlikely]]
            return setDdiTextureStageStatesSlow(items, get);
    }
    uint32_t stages = 0;
    for (const Item& item : items) {
        const StageStateItem t = get(item);
        state_.textureStageStates[t.stage][t.type] = t.value;
        stages |= 1u << t.stage;
    }
    dirty_.textureStages |= stages;
    dirty_.categories |= DirtyState::TextureStages;
    return S_OK;
}

// Any other TEXTURESTAGESTATE token (textures, sampler states, errors, recording): checked
// whole, then applied item by item.
template <class Item, class Get>
HRESULT StateCache::setDdiTextureStageStatesSlow(std::span<const Item> items, Get get) {
    for (const Item& item : items) {
        const StageStateItem t = get(item);
        if (!acceptsDdiTextureStageState(t.stage, t.type)) return D3DERR_INVALIDCALL;
    }
    for (const Item& item : items) {
        const StageStateItem t = get(item);
        if (HRESULT hr = setDdiTextureStageState(t.stage, t.type, t.value); failed(hr)) return hr;
    }
    return S_OK;
}

inline HRESULT StateCache::setStreamSource(uint32_t stream, uint32_t buffer, uint32_t offset,
                                           uint32_t stride) {
    if (stream >= kMaxStreams) [[unlikely]]
        return D3DERR_INVALIDCALL;
    return write(SlotGroup::StreamSource, stream, [&](DeviceState& s) {
        s.streams[stream] = {buffer, offset, stride, 0};
    });
}

// Float constants: the common case (not recording, in range) inline, the rest out of line.
inline HRESULT StateCache::setVsConstF(uint32_t start, const float* data, uint32_t count) {
    // (The fast path: vs_3_0's file, where the fine dirty bits reach.)
    if (!recording_ && data && start <= kVsConstF && count <= kVsConstF - start && count) [[likely]] {
        copyRegisters(&state_.vsConstF[start], data, count);
        vsWritten_.floats = std::max(vsWritten_.floats, start + count);
        dirty_.vsConstF.setRange(start, count);
        dirty_.categories |= DirtyState::VsConstF;
        return S_OK;
    }
    return setConstants(SlotGroup::VsConstF, state_.vsConstF.data(),
                        recorder_ ? recorder_->scratch.vsConstF.data() : nullptr, vsLimits_.floats, start,
                        reinterpret_cast<const Vec4f*>(data), count);
}

inline HRESULT StateCache::setPsConstF(uint32_t start, const float* data, uint32_t count) {
    if (!recording_ && data && start <= kPsConstF && count <= kPsConstF - start && count) [[likely]] {
        copyRegisters(&state_.psConstF[start], data, count);
        dirty_.psConstF.setRange(start, count);
        dirty_.categories |= DirtyState::PsConstF;
        return S_OK;
    }
    return setConstants(SlotGroup::PsConstF, state_.psConstF.data(),
                        recorder_ ? recorder_->scratch.psConstF.data() : nullptr, kPsConstF, start,
                        reinterpret_cast<const Vec4f*>(data), count);
}

inline HRESULT StateCache::setTexture(uint32_t sampler, uint32_t handle) {
    uint32_t i = samplerIndex(sampler);
    if (i == kInvalidIndex) [[unlikely]]
        return D3DERR_INVALIDCALL;
    return write(SlotGroup::Texture, i, [&](DeviceState& s) { s.textures[i] = handle; });
}

} // namespace ddivk::state

// Draws that repeat the previous draw's preparation (repeat_draw.h): the checks that the
// preparation still holds, and the per-call part that is redone (the vertex count, the index
// range, the buffers' current memory after DISCARD renames).
#include <bit>

#include "device/context.h"
#include "draw/primitive.h"

namespace ddivk::device {

bool Context::canRepeatDraw(const DrawCall& call, uint32_t sinceLast) const {
    const RepeatableDraw& r = repeat_;
    if (!r.valid || (sinceLast & ~kRepeatableChanges) != 0) return false;
    // A sampler's MAGFILTER decides whether its FETCH4 switch acts (draw/fetch4.h): while any
    // pixel sampler has it on, sampler changes are the draw's to look at.
    if ((sinceLast & state::DirtyState::Samplers) && anyPixelFetch4()) return false;
    // The call's shape: the same primitive type (the pipeline's topology), the state's streams
    // and indices (not memory passed with the call), at the same stream 0 offset.
    if (call.type != r.type || call.indexed != r.indexed || call.stream0Bytes != r.stream0Bytes || call.vertices ||
        call.userIndices || call.fvf)
        return false;
    if (r.prepared.plan->fetchStreams && call.startVertex != r.startVertex) return false;
    // Every pointer the preparation holds still names its object.
    if (device_.objectGeneration() != r.deviceObjects || shaders_.generation() != r.shaders ||
        declarations_.generation() != r.declarations)
        return false;
    const Device::DrawOptions& options = device_.drawOptions();
    if (options.forceFetchFallback != r.forceFetchFallback || options.dividerMode != r.dividerMode) return false;
    // Stream output starts and stops through the D3D10 door, which sets no dirty bit.
    const StreamOutput* streamOutput = device_.streamOutput();
    return !capture_ && (!streamOutput || !streamOutput->capturing());
}

HRESULT Context::repeatDraw(const DrawCall& call) {
    PreparedDraw& d = repeat_.prepared;
    if (call.primitiveCount == 0) return S_OK;
    const uint64_t count = draw::verticesForPrimitives(call.type, call.primitiveCount);
    if (call.indexed) { // the index buffer's range, as drawProgram checks it
        const uint64_t first = uint64_t(call.startIndex) * d.indexSize;
        const uint64_t bytes = count * d.indexSize;
        if (first > d.indexBuffer->size() || bytes > d.indexBuffer->size() - first) return D3DERR_INVALIDCALL;
        d.indexData = static_cast<const std::byte*>(d.indexBuffer->bufferData()) + first;
    }
    // A DISCARD lock since the previous draw renamed a buffer: draw from its current memory.
    for (uint32_t used = d.plan->vertexStreams | d.plan->fetchStreams; used; used &= used - 1) {
        const uint32_t st = uint32_t(std::countr_zero(used));
        d.sources[st].buffer = d.streamBuffers[st]->buffer();
    }
    if (device_.queries().renderingSkipped()) return S_OK;

    d.call = &call;
    d.count = count;
    d.repeat = true;
    repeat_.valid = false; // (again once recorded: a throw out of recording leaves it invalid)
    const HRESULT hr = recordProgramDraw(d);
    d.repeat = false;
    repeat_.valid = succeeded(hr);
    return hr;
}

bool Context::keepForRepeat(const DrawCall& call) {
    RepeatableDraw& r = repeat_;
    const PreparedDraw& d = r.prepared;
    // Not with memory passed with the call or stream output (its state is outside the cache).
    bool repeatable = !call.vertices && !call.userIndices && !call.fvf && !d.streamOutput;
    const uint16_t usedStreams = d.plan->vertexStreams | d.plan->fetchStreams;
    for (uint32_t st = 0; st < draw::kStreamCount; ++st)
        if (usedStreams >> st & 1 && !d.streamBuffers[st]) repeatable = false; // user memory
    r.type = call.type;
    r.indexed = call.indexed;
    r.stream0Bytes = call.stream0Bytes;
    r.startVertex = call.startVertex;
    r.deviceObjects = device_.objectGeneration();
    r.shaders = shaders_.generation();
    r.declarations = declarations_.generation();
    r.forceFetchFallback = device_.drawOptions().forceFetchFallback;
    r.dividerMode = device_.drawOptions().dividerMode;
    return repeatable;
}

} // namespace ddivk::device

// IDirect3DDevice9Ex: the draws from user memory. The vertices are copied into the command
// batch's vertex memory (the DP2 call's user-memory vertices, SETSTREAMSOURCEUM); the indices of
// DrawIndexedPrimitiveUP are written into an index buffer of the device's by a job on the worker
// just before the draw (a DISCARD lock: the driver renames it while earlier draws read it).
// What D3D9 leaves bound afterwards is Windows' as Wine's test_draw_primitive records it:
// stream 0 (and the indices) unset after a draw; stream 0's buffer (offset and stride kept) or
// the index buffer let go of after a draw checkDraw refuses (the test records it for a missing
// declaration; a bad primitive type is taken to go the same way); and, while a state
// block is recorded, all of it done to the device and none of it recorded.
#include "d3d9/device9.h"

#include "d3d9/buffer9.h"

#include <cstring>
#include <vector>

namespace ddivk::d3d9 {

void Device9::unbindStreamZero(bool keepOffsetAndStride) {
    const state::StreamSource was = state_.streamSource(0);
    const D3DHAL_DP2SETSTREAMSOURCE2 unset{0, 0, keepOffsetAndStride ? was.offset : 0,
                                           keepOffsetAndStride ? was.stride : 0};
    stream_->token(D3DDP2OP_SETSTREAMSOURCE2, unset);
    state_.setStreamSource(0, 0, unset.dwOffset, unset.dwStride);
    streams_[0].reset(nullptr);
}

void Device9::unbindIndices() {
    const D3DHAL_DP2SETINDICES unset{0, 0};
    stream_->token(D3DDP2OP_SETINDICES, unset);
    state_.setIndices(0, 0);
    indices_.reset(nullptr);
}

HRESULT STDMETHODCALLTYPE Device9::DrawPrimitiveUP(D3DPRIMITIVETYPE type, UINT count, const void* data,
                                                   UINT stride) {
    if (!data || stride == 0) return D3DERR_INVALIDCALL;
    auto guard = lock();
    const bool suspended = suspendRecording();
    const HRESULT hr = drawPrimitiveUp(type, count, data, stride);
    if (suspended) resumeRecording();
    return hr;
}

HRESULT Device9::drawPrimitiveUp(D3DPRIMITIVETYPE type, UINT count, const void* data, UINT stride) {
    if (HRESULT hr = checkDraw(type, count); FAILED(hr)) {
        unbindStreamZero(true);
        return hr;
    }
    if (count == 0) return D3D_OK;
    if (!vertexPipelineCanRead(stride)) [[unlikely]]
        return D3DERR_INVALIDCALL;
    const uint64_t bytes = primitiveVertices(type, count) * stride;
    if (bytes > UINT32_MAX / 2) return D3DERR_INVALIDCALL;
    // Stream 0 reads the batch's vertex memory for this draw; afterwards it is unset.
    const D3DHAL_DP2SETSTREAMSOURCEUM source{0, stride};
    const D3DHAL_DP2DRAWPRIMITIVE2 draw{static_cast<ddivk::D3DPRIMITIVETYPE>(type), 0, count};
    const size_t tokens =
        3 * sizeof(D3DHAL_DP2COMMAND) + sizeof source + sizeof draw + sizeof(D3DHAL_DP2SETSTREAMSOURCE2);
    const uint32_t offset = stream_->vertices(data, static_cast<uint32_t>(bytes), stride, tokens);
    stream_->token(D3DDP2OP_SETSTREAMSOURCEUM, source);
    D3DHAL_DP2DRAWPRIMITIVE2 at = draw;
    at.FirstVertexOffset = offset;
    stream_->token(D3DDP2OP_DRAWPRIMITIVE2, at);
    unbindStreamZero(false);
    return D3D_OK;
}

HRESULT Device9::uploadUpIndices(const void* indices, UINT bytes) {
    if (bytes > upIndexBytes_) {
        // Grown to the next power of two (at least 64 KiB), the old buffer destroyed after use.
        UINT size = 64 * 1024;
        while (size < bytes)
            size *= 2;
        uint32_t made = 0;
        if (HRESULT hr = BufferStorage::create(*this, size, D3DUSAGE_DYNAMIC | D3DUSAGE_WRITEONLY,
                                               ::D3DFMT_INDEX32, false, ::D3DPOOL_DEFAULT, &made);
            FAILED(hr))
            return hr;
        destroyUpIndexBuffer();
        upIndexBuffer_ = made;
        upIndexBytes_ = size;
    }
    stream_->post([this, handle = upIndexBuffer_,
                   data = std::vector<uint8_t>(static_cast<const uint8_t*>(indices),
                                               static_cast<const uint8_t*>(indices) + bytes)] {
        D3DDDIARG_LOCK lockArgs{};
        lockArgs.hResource = reinterpret_cast<HANDLE>(uintptr_t{handle});
        lockArgs.Flags.Value = D3DDDI_LOCK_DISCARD;
        HANDLE device = reinterpret_cast<HANDLE>(context_);
        if (ddivk_umd_draw_functions()->pfnLock(device, &lockArgs) != S_OK) {
            DDIVK_ERROR("d3d9: cannot write DrawIndexedPrimitiveUP's indices");
            return;
        }
        std::memcpy(lockArgs.pSurfData, data.data(), data.size());
        D3DDDIARG_UNLOCK unlock{lockArgs.hResource, 0, 0};
        ddivk_umd_draw_functions()->pfnUnlock(device, &unlock);
    });
    return D3D_OK;
}

void Device9::destroyUpIndexBuffer() {
    if (!upIndexBuffer_) return;
    stream_->post([this, handle = upIndexBuffer_] {
        ddivk_umd_draw_functions()->pfnDestroyResource(reinterpret_cast<HANDLE>(context_),
                                                       reinterpret_cast<HANDLE>(uintptr_t{handle}));
    });
    upIndexBuffer_ = 0;
    upIndexBytes_ = 0;
}

HRESULT STDMETHODCALLTYPE Device9::DrawIndexedPrimitiveUP(D3DPRIMITIVETYPE type, UINT minVertex,
                                                          UINT vertexCount, UINT count, const void* indices,
                                                          D3DFORMAT indexFormat, const void* data,
                                                          UINT stride) {
    if (!indices || !data || stride == 0 ||
        (indexFormat != ::D3DFMT_INDEX16 && indexFormat != ::D3DFMT_INDEX32))
        return D3DERR_INVALIDCALL;
    auto guard = lock();
    const bool suspended = suspendRecording();
    const HRESULT hr =
        drawIndexedPrimitiveUp(type, minVertex, vertexCount, count, indices, indexFormat, data, stride);
    if (suspended) resumeRecording();
    return hr;
}

HRESULT Device9::drawIndexedPrimitiveUp(D3DPRIMITIVETYPE type, UINT minVertex, UINT vertexCount, UINT count,
                                        const void* indices, D3DFORMAT indexFormat, const void* data,
                                        UINT stride) {
    if (HRESULT hr = checkDraw(type, count); FAILED(hr)) {
        unbindIndices();
        return hr;
    }
    if (count == 0) return D3D_OK;
    if (!vertexPipelineCanRead(stride)) [[unlikely]]
        return D3DERR_INVALIDCALL;
    const uint32_t indexSize = indexFormat == ::D3DFMT_INDEX32 ? 4 : 2;
    const uint64_t indexBytes = primitiveVertices(type, count) * indexSize;
    // The indices reach vertices minVertex .. minVertex + vertexCount - 1: copied from vertex 0.
    const uint64_t vertexBytes = (uint64_t{minVertex} + vertexCount) * stride;
    if (vertexCount == 0 || indexBytes > UINT32_MAX / 4 || vertexBytes > UINT32_MAX / 4)
        return D3DERR_INVALIDCALL;
    if (HRESULT hr = uploadUpIndices(indices, static_cast<UINT>(indexBytes)); FAILED(hr)) return hr;

    const D3DHAL_DP2SETINDICES bind{upIndexBuffer_, indexSize};
    const D3DHAL_DP2SETSTREAMSOURCEUM source{0, stride};
    D3DHAL_DP2DRAWINDEXEDPRIMITIVE2 draw{};
    draw.primType = static_cast<ddivk::D3DPRIMITIVETYPE>(type);
    draw.MinIndex = minVertex;
    draw.NumVertices = vertexCount;
    draw.StartIndexOffset = 0;
    draw.PrimitiveCount = count;
    const size_t tokens = 5 * sizeof(D3DHAL_DP2COMMAND) + sizeof bind + sizeof source + sizeof draw +
                          sizeof(D3DHAL_DP2SETSTREAMSOURCE2) + sizeof(D3DHAL_DP2SETINDICES);
    draw.BaseVertexOffset =
        static_cast<int32_t>(stream_->vertices(data, static_cast<uint32_t>(vertexBytes), stride, tokens));
    stream_->token(D3DDP2OP_SETINDICES, bind);
    stream_->token(D3DDP2OP_SETSTREAMSOURCEUM, source);
    stream_->token(D3DDP2OP_DRAWINDEXEDPRIMITIVE2, draw);
    unbindStreamZero(false);
    unbindIndices();
    return D3D_OK;
}

} // namespace ddivk::d3d9

// IDirect3DDevice9Ex: vertex and index buffers, the vertex input (FVF, streams, indices),
// scenes, clears and the draws from buffers, recorded as the DX9 DP2 draw tokens. The draws
// from user memory are in device9_draw_up.cpp.
// Driver headers before <d3d9.h>: device9.h first.
#include "d3d9/device9.h"

#include "ddivk/d3d9_formats.h"
#include "ddivk/dp2_payloads.h"
#include "ddivk/fvf.h"
#include "draw/vertex_decl.h"
#include "util/unimplemented.h"

#include "d3d9/buffer9.h"
#include "d3d9/fvf_declaration.h"
#include "d3d9/surface9.h"
#include "d3d9/vertex_declaration9.h"

#include <algorithm>

namespace ddivk::d3d9 {

uint64_t primitiveVertices(D3DPRIMITIVETYPE type, UINT count) {
    switch (type) {
    case ::D3DPT_POINTLIST:
        return count;
    case ::D3DPT_LINELIST:
        return uint64_t{count} * 2;
    case ::D3DPT_LINESTRIP:
        return uint64_t{count} + 1;
    case ::D3DPT_TRIANGLELIST:
        return uint64_t{count} * 3;
    case ::D3DPT_TRIANGLESTRIP:
    case ::D3DPT_TRIANGLEFAN:
        return uint64_t{count} + 2;
    default:
        return 0;
    }
}

namespace {

// (INTZ and AMD's DF24 are D24S8 buffers that textures read: their stencil works as D24S8's.)
bool hasStencil(::D3DFORMAT f) {
    return f == ::D3DFMT_D24S8 || f == ::D3DFMT_D15S1 || f == ::D3DFMT_D24X4S4 || f == ::D3DFMT_D24FS8 ||
           uint32_t(f) == D3DFMT_INTZ || uint32_t(f) == D3DFMT_DF24;
}

} // namespace

// Buffers are never render targets or depth buffers, and a D3D9Ex device has no managed pool
// (Wine's test_resource_access in device.c and d3d9ex.c records Windows refusing both).
bool Device9::bufferUsageAndPool(DWORD usage, D3DPOOL pool) const {
    if (usage & (D3DUSAGE_RENDERTARGET | D3DUSAGE_DEPTHSTENCIL)) return false;
    return !(creation_.extended && pool == D3DPOOL_MANAGED);
}

HRESULT STDMETHODCALLTYPE Device9::CreateVertexBuffer(UINT length, DWORD usage, DWORD fvf, D3DPOOL pool,
                                                      IDirect3DVertexBuffer9** buffer, HANDLE* shared) {
    if (!buffer) return D3DERR_INVALIDCALL;
    *buffer = nullptr;
    // D3D9: a buffer of an FVF holds at least one vertex of it; scratch buffers do not exist.
    if (shared || length == 0 || (fvf && length < fvfVertexSize(fvf)) || pool == D3DPOOL_SCRATCH ||
        pool > D3DPOOL_SCRATCH || !bufferUsageAndPool(usage, pool))
        return D3DERR_INVALIDCALL;
    auto guard = lock();
    uint32_t handle = 0;
    if (HRESULT hr = BufferStorage::create(*this, length, usage, ::D3DFMT_VERTEXDATA, true, pool, &handle);
        FAILED(hr))
        return hr;
    D3DVERTEXBUFFER_DESC desc{};
    desc.Format = ::D3DFMT_VERTEXDATA;
    desc.Type = D3DRTYPE_VERTEXBUFFER;
    desc.Usage = usage;
    desc.Pool = pool;
    desc.Size = length;
    desc.FVF = fvf;
    *buffer = new VertexBuffer9(*this, this, handle, desc);
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Device9::CreateIndexBuffer(UINT length, DWORD usage, D3DFORMAT format, D3DPOOL pool,
                                                     IDirect3DIndexBuffer9** buffer, HANDLE* shared) {
    if (!buffer) return D3DERR_INVALIDCALL;
    *buffer = nullptr;
    if (shared || length == 0 || (format != ::D3DFMT_INDEX16 && format != ::D3DFMT_INDEX32) ||
        pool == D3DPOOL_SCRATCH || pool > D3DPOOL_SCRATCH || !bufferUsageAndPool(usage, pool))
        return D3DERR_INVALIDCALL;
    auto guard = lock();
    uint32_t handle = 0;
    if (HRESULT hr = BufferStorage::create(*this, length, usage, format, false, pool, &handle); FAILED(hr))
        return hr;
    D3DINDEXBUFFER_DESC desc{};
    desc.Format = format;
    desc.Type = D3DRTYPE_INDEXBUFFER;
    desc.Usage = usage;
    desc.Pool = pool;
    desc.Size = length;
    *buffer = new IndexBuffer9(*this, this, handle, desc);
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Device9::SetFVF(DWORD fvf) {
    auto guard = lock();
    // FVF 0 leaves a declaration set in place (Wine's test_fvf_decl_conversion: Windows'
    // GetVertexDeclaration still gives it).
    if (fvf == 0 && state_.vertexDeclaration() != 0) return D3D_OK;
    if (state_.setFvf(fvf) != S_OK) return D3DERR_INVALIDCALL;
    // DX9 runtimes send the FVF code through SETVERTEXSHADER (d3dhal.h).
    D3DHAL_DP2VERTEXSHADER v{fvf};
    stream_->token(D3DDP2OP_SETVERTEXSHADER, v);
    return D3D_OK;
}

// After SetVertexDeclaration: the declaration's FVF as the runtime converts it, which is 0 but
// for a lone position (fvf_declaration.h).
HRESULT STDMETHODCALLTYPE Device9::GetFVF(DWORD* fvf) {
    if (!fvf) return D3DERR_INVALIDCALL;
    auto guard = lock();
    *fvf = state_.fvf();
    if (const VertexDeclaration9* declaration = *fvf == 0 ? currentDeclaration() : nullptr) {
        static_assert(sizeof(ddivk::D3DVERTEXELEMENT9) == sizeof(D3DVERTEXELEMENT9));
        const auto& elements = declaration->elements();
        *fvf = runtimeFvfOfDeclaration(
            {reinterpret_cast<const ddivk::D3DVERTEXELEMENT9*>(elements.data()), elements.size()});
    }
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Device9::SetStreamSource(UINT stream, IDirect3DVertexBuffer9* data, UINT offset,
                                                   UINT stride) {
    if (stream >= state::kMaxStreams) return D3DERR_INVALIDCALL;
    auto* buffer = static_cast<VertexBuffer9*>(data);
    auto guard = lock();
    const uint32_t handle = buffer ? buffer->handle() : 0;
    if (!buffer) {
        // Unbinding keeps the offset and stride GetStreamSource gives (Wine's
        // test_set_stream_source records Windows: (NULL, 0, 0) after (vb, 4, 32) reads 4 and 32).
        const state::StreamSource previous = state_.streamSource(stream);
        offset = previous.offset;
        stride = previous.stride;
    }
    if (state_.setStreamSource(stream, handle, offset, stride) != S_OK) return D3DERR_INVALIDCALL;
    bindOrHold(streams_[stream], buffer, ObjectKind::VertexBuffer, handle);
    D3DHAL_DP2SETSTREAMSOURCE2 s{stream, handle, offset, stride};
    stream_->token(D3DDP2OP_SETSTREAMSOURCE2, s);
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Device9::GetStreamSource(UINT stream, IDirect3DVertexBuffer9** data, UINT* offset,
                                                   UINT* stride) {
    if (!data || !offset || !stride || stream >= state::kMaxStreams) return D3DERR_INVALIDCALL;
    auto guard = lock();
    VertexBuffer9* buffer = streams_[stream].get();
    if (buffer) buffer->AddRef();
    *data = buffer;
    const state::StreamSource s = state_.streamSource(stream);
    *offset = s.offset;
    *stride = s.stride;
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Device9::SetStreamSourceFreq(UINT stream, UINT divider) {
    if (stream >= state::kMaxStreams) return D3DERR_INVALIDCALL;
    auto guard = lock();
    if (state_.setStreamSourceFreq(stream, divider) != S_OK) return D3DERR_INVALIDCALL;
    D3DHAL_DP2SETSTREAMSOURCEFREQ f{stream, divider};
    stream_->token(D3DDP2OP_SETSTREAMSOURCEFREQ, f);
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Device9::GetStreamSourceFreq(UINT stream, UINT* divider) {
    if (!divider || stream >= state::kMaxStreams) return D3DERR_INVALIDCALL;
    auto guard = lock();
    *divider = state_.streamSourceFreq(stream);
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Device9::SetIndices(IDirect3DIndexBuffer9* data) {
    auto* buffer = static_cast<IndexBuffer9*>(data);
    auto guard = lock();
    const uint32_t handle = buffer ? buffer->handle() : 0;
    const uint32_t stride = buffer ? (buffer->desc().Format == ::D3DFMT_INDEX32 ? 4 : 2) : 0;
    if (state_.setIndices(handle, stride) != S_OK) return D3DERR_INVALIDCALL;
    bindOrHold(indices_, buffer, ObjectKind::IndexBuffer, handle);
    D3DHAL_DP2SETINDICES i{handle, stride};
    stream_->token(D3DDP2OP_SETINDICES, i);
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Device9::GetIndices(IDirect3DIndexBuffer9** data) {
    if (!data) return D3DERR_INVALIDCALL;
    auto guard = lock();
    IndexBuffer9* buffer = indices_.get();
    if (buffer) buffer->AddRef();
    *data = buffer;
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Device9::BeginScene() {
    auto guard = lock();
    if (inScene_) return D3DERR_INVALIDCALL;
    inScene_ = true;
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Device9::EndScene() {
    auto guard = lock();
    if (!inScene_) return D3DERR_INVALIDCALL;
    inScene_ = false;
    // The scene's work starts on the GPU while the program goes on (D3D9 drivers flush here).
    stream_->flush();
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Device9::Clear(DWORD count, const D3DRECT* rects, DWORD flags, D3DCOLOR color,
                                         float z, DWORD stencil) {
    constexpr DWORD kAll = D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER | D3DCLEAR_STENCIL;
    if (!flags || (flags & ~kAll)) return D3DERR_INVALIDCALL;
    auto guard = lock();
    // Depth and stencil clears need a depth-stencil surface, with stencil bits for the latter.
    const Surface9* depth = depthStencil_.get();
    if ((flags & (D3DCLEAR_ZBUFFER | D3DCLEAR_STENCIL)) && !depth) return D3DERR_INVALIDCALL;
    if ((flags & D3DCLEAR_STENCIL) && !hasStencil(depth->desc().Format)) return D3DERR_INVALIDCALL;
    // Windows (Wine's clear_test): rectangles with a count of 0 clear nothing; a count without
    // rectangles clears the whole target.
    if (rects && !count) return D3D_OK;
    if (!rects) count = 0;
    struct Header {
        uint32_t flags, color;
        float z;
        uint32_t stencil;
    } header{flags, color, z, stencil};
    static_assert(sizeof(::D3DRECT) == sizeof(ddivk::RECT)); // x1 y1 x2 y2 is left top right bottom
    // One CLEAR token per 4096 rectangles (its count is 16 bits, and a token fits in a batch);
    // none: one token clearing the whole viewport.
    constexpr DWORD kRectsPerToken = 4096;
    DWORD done = 0;
    do {
        const DWORD n = std::min(count - done, kRectsPerToken);
        D3DHAL_DP2COMMAND command{};
        command.bCommand = D3DDP2OP_CLEAR;
        command.wStateCount = static_cast<uint16_t>(n);
        stream_->reserve(sizeof command + sizeof header + sizeof(ddivk::RECT) * n);
        stream_->append(&command, sizeof command);
        stream_->append(&header, sizeof header);
        stream_->append(rects + done, sizeof(ddivk::RECT) * n);
        done += n;
    } while (done < count);
    return D3D_OK;
}

HRESULT Device9::checkDraw(D3DPRIMITIVETYPE type, UINT count) const {
    if (primitiveVertices(type, count == 0 ? 1 : count) == 0) return D3DERR_INVALIDCALL;
    if (!state_.vertexShader() && !state_.fvf() && !state_.vertexDeclaration()) return D3DERR_INVALIDCALL;
    return D3D_OK;
}

// Vulkan reads an attribute only at a multiple of its component size. The driver's shaders
// fetch other streams themselves; its fixed-function vertex pipeline cannot, and the driver
// refuses such a draw together with the rest of its command batch (draw::planVertexInput). So
// such a fixed-function draw is refused here, alone.
bool Device9::vertexPipelineCanRead(UINT upStride) const {
    if (state_.vertexShader()) return true;
    // The common case, every offset and stride a multiple of 4, needs no look at the elements.
    uint32_t odd = upStride & 3;
    for (uint32_t s = 0; s < state::kMaxStreams; ++s) {
        const state::StreamSource src = state_.streamSource(s);
        odd |= (src.offset | src.stride) & 3;
    }
    if (odd == 0) return true;
    auto aligned = [&](const auto& e) {
        // The usages the fixed-function pipeline reads.
        switch (e.Usage) {
        case ::D3DDECLUSAGE_POSITION:
        case ::D3DDECLUSAGE_POSITIONT:
        case ::D3DDECLUSAGE_BLENDWEIGHT:
        case ::D3DDECLUSAGE_BLENDINDICES:
        case ::D3DDECLUSAGE_NORMAL:
        case ::D3DDECLUSAGE_PSIZE:
        case ::D3DDECLUSAGE_TEXCOORD:
        case ::D3DDECLUSAGE_COLOR:
            break;
        default:
            return true;
        }
        if (e.Stream >= state::kMaxStreams) return true;
        const state::StreamSource src = state_.streamSource(e.Stream);
        const bool userMemory = upStride && e.Stream == 0; // at an offset the driver aligns
        if (!userMemory && !src.buffer) return true;       // the driver's zeros
        const uint32_t offset = userMemory ? 0 : src.offset, stride = userMemory ? upStride : src.stride;
        const uint32_t align = draw::attributeAlignment(e.Type);
        return align == 0 || ((offset + e.Offset) % align == 0 && stride % align == 0);
    };
    if (state_.vertexDeclaration()) {
        const VertexDeclaration9* declaration =
            registry_->find<VertexDeclaration9>(ObjectKind::VertexDeclaration, state_.vertexDeclaration());
        if (!declaration) return true;
        const std::vector<D3DVERTEXELEMENT9>& elements = declaration->elements();
        return std::all_of(elements.begin(), elements.end() - 1, aligned); // up to the end marker
    }
    const auto elements = draw::declarationFromFvf(state_.fvf());
    return !elements || std::all_of(elements->begin(), elements->end(), aligned);
}

HRESULT STDMETHODCALLTYPE Device9::DrawPrimitive(D3DPRIMITIVETYPE type, UINT start, UINT count) {
    auto guard = lock();
    if (HRESULT hr = checkDraw(type, count); FAILED(hr)) return hr;
    if (count == 0) return D3D_OK; // nothing to draw
    if (!vertexPipelineCanRead(0)) [[unlikely]]
        return D3DERR_INVALIDCALL;
    D3DHAL_DP2DRAWPRIMITIVE d{};
    d.primType = static_cast<ddivk::D3DPRIMITIVETYPE>(type);
    d.VStart = start;
    d.PrimitiveCount = count;
    stream_->token(D3DDP2OP_DRAWPRIMITIVE, d);
    return D3D_OK;
}

HRESULT STDMETHODCALLTYPE Device9::DrawIndexedPrimitive(D3DPRIMITIVETYPE type, INT baseVertex, UINT minIndex,
                                                        UINT vertices, UINT startIndex, UINT count) {
    auto guard = lock();
    if (HRESULT hr = checkDraw(type, count); FAILED(hr)) return hr;
    // Without an index buffer Windows' runtime returns D3D_OK (Wine's test_draw_primitive) and
    // there is nothing to draw.
    if (count == 0 || !indices_.get()) return D3D_OK;
    if (!vertexPipelineCanRead(0)) [[unlikely]]
        return D3DERR_INVALIDCALL;
    D3DHAL_DP2DRAWINDEXEDPRIMITIVE d{};
    d.primType = static_cast<ddivk::D3DPRIMITIVETYPE>(type);
    d.BaseVertexIndex = baseVertex;
    d.MinIndex = minIndex;
    d.NumVertices = vertices;
    d.StartIndex = startIndex;
    d.PrimitiveCount = count;
    stream_->token(D3DDP2OP_DRAWINDEXEDPRIMITIVE, d);
    return D3D_OK;
}

} // namespace ddivk::d3d9

// The UMD door for resources and draws (include/ddivk/umd_draw.h): each entry point is a thin
// call into the device (resources) or the context (streams, textures, draws) under the device
// lock. The draws go through Context::draw, as the DP2 tokens do: one implementation.
#include <cstring>

#include "ddivk/ddivk.h"
#include "ddivk/umd_draw.h"
#include "device/umd_call.h"

using namespace ddivk;

namespace ddivk::device {

HRESULT Context::umdSetStreamSourceUm(uint32_t stream, uint32_t stride, const void* data) {
    // D3D9's user-memory draws read stream 0 only.
    if (stream != 0 || !data) return D3DERR_INVALIDCALL;
    if (HRESULT hr = state_.setStreamSourceUserMemory(stream, stride); failed(hr)) return hr;
    umdStream0_ = static_cast<const std::byte*>(data);
    return S_OK;
}

HRESULT Context::umdSetIndicesUm(uint32_t indexSize) {
    if (indexSize != 2 && indexSize != 4) return D3DERR_INVALIDCALL;
    umdIndexSize_ = indexSize;
    return S_OK;
}

HRESULT Context::umdSetTexture(uint32_t stage, uint32_t handle) {
    if (handle != 0) {
        const Resource* r = device_.findResource(handle);
        if (!r || r->isBuffer()) return D3DERR_INVALIDCALL;
    }
    return state_.setTexture(stage, handle);
}

} // namespace ddivk::device

namespace {

using device::umdCall;
using device::umdHandle;

uint32_t resourceHandle(HANDLE h) {
    return device::umdHandle32(h);
}

HRESULT DDIVK_APIENTRY createResource(HANDLE hDevice, D3DDDIARG_CREATERESOURCE* args) {
    if (!args) return D3DERR_INVALIDCALL;
    return umdCall(umdHandle(hDevice), "CreateResource",
                   [&](device::Context& c) { return c.device().createResource(*args); });
}

HRESULT DDIVK_APIENTRY destroyResource(HANDLE hDevice, HANDLE hResource) {
    return umdCall(umdHandle(hDevice), "DestroyResource",
                   [&](device::Context& c) { return c.device().destroyResource(resourceHandle(hResource)); });
}

HRESULT DDIVK_APIENTRY lock(HANDLE hDevice, D3DDDIARG_LOCK* args) {
    if (!args) return D3DERR_INVALIDCALL;
    return umdCall(umdHandle(hDevice), "Lock", [&](device::Context& c) { return c.device().lock(*args); });
}

HRESULT DDIVK_APIENTRY unlock(HANDLE hDevice, const D3DDDIARG_UNLOCK* args) {
    if (!args) return D3DERR_INVALIDCALL;
    return umdCall(umdHandle(hDevice), "Unlock", [&](device::Context& c) { return c.device().unlock(*args); });
}

HRESULT DDIVK_APIENTRY setStreamSource(HANDLE hDevice, const D3DDDIARG_SETSTREAMSOURCE* args) {
    if (!args) return D3DERR_INVALIDCALL;
    return umdCall(umdHandle(hDevice), "SetStreamSource", [&](device::Context& c) -> HRESULT {
        const uint32_t h = resourceHandle(args->hVertexBuffer);
        if (h != 0) {
            const device::Resource* r = c.device().findResource(h);
            if (!r || !r->isBuffer()) return D3DERR_INVALIDCALL;
        }
        return c.state().setStreamSource(args->Stream, h, args->Offset, args->Stride);
    });
}

HRESULT DDIVK_APIENTRY setStreamSourceUm(HANDLE hDevice, const D3DDDIARG_SETSTREAMSOURCEUM* args, const void* data) {
    if (!args) return D3DERR_INVALIDCALL;
    return umdCall(umdHandle(hDevice), "SetStreamSourceUm",
                   [&](device::Context& c) { return c.umdSetStreamSourceUm(args->Stream, args->Stride, data); });
}

HRESULT DDIVK_APIENTRY setStreamSourceFreq(HANDLE hDevice, const D3DDDIARG_SETSTREAMSOURCEFREQ* args) {
    if (!args) return D3DERR_INVALIDCALL;
    return umdCall(umdHandle(hDevice), "SetStreamSourceFreq",
                   [&](device::Context& c) { return c.state().setStreamSourceFreq(args->Stream, args->Divider); });
}

HRESULT DDIVK_APIENTRY setIndices(HANDLE hDevice, const D3DDDIARG_SETINDICES* args) {
    if (!args) return D3DERR_INVALIDCALL;
    return umdCall(umdHandle(hDevice), "SetIndices", [&](device::Context& c) -> HRESULT {
        const uint32_t h = resourceHandle(args->hIndexBuffer);
        if (h != 0) {
            const device::Resource* r = c.device().findResource(h);
            if (!r || !r->isBuffer()) return D3DERR_INVALIDCALL;
        }
        return c.state().setIndices(h, args->Stride);
    });
}

// The indices of the next DrawIndexedPrimitive2 come with that call; their size comes here.
HRESULT DDIVK_APIENTRY setIndicesUm(HANDLE hDevice, uint32_t indexSize, const void* data) {
    return umdCall(umdHandle(hDevice), "SetIndicesUm",
                   [&](device::Context& c) { return data ? c.umdSetIndicesUm(indexSize) : D3DERR_INVALIDCALL; });
}

HRESULT DDIVK_APIENTRY setTexture(HANDLE hDevice, uint32_t stage, HANDLE hTexture) {
    return umdCall(umdHandle(hDevice), "SetTexture",
                   [&](device::Context& c) { return c.umdSetTexture(stage, resourceHandle(hTexture)); });
}

HRESULT DDIVK_APIENTRY drawPrimitive(HANDLE hDevice, const D3DDDIARG_DRAWPRIMITIVE* args, const uint32_t*) {
    if (!args) return D3DERR_INVALIDCALL;
    return umdCall(umdHandle(hDevice), "DrawPrimitive", [&](device::Context& c) {
        return c.draw(device::DrawCall::primitive(args->PrimitiveType, args->VStart, args->PrimitiveCount));
    });
}

HRESULT DDIVK_APIENTRY drawIndexedPrimitive(HANDLE hDevice, const D3DDDIARG_DRAWINDEXEDPRIMITIVE* args) {
    if (!args) return D3DERR_INVALIDCALL;
    return umdCall(umdHandle(hDevice), "DrawIndexedPrimitive", [&](device::Context& c) {
        return c.draw(device::DrawCall::indexedPrimitive(args->PrimitiveType, args->BaseVertexIndex, args->MinIndex,
                                                         args->NumVertices, args->StartIndex, args->PrimitiveCount));
    });
}

HRESULT DDIVK_APIENTRY drawPrimitive2(HANDLE hDevice, const D3DDDIARG_DRAWPRIMITIVE2* args) {
    if (!args) return D3DERR_INVALIDCALL;
    return umdCall(umdHandle(hDevice), "DrawPrimitive2", [&](device::Context& c) {
        return c.draw(device::DrawCall::primitive2(args->PrimitiveType, args->FirstVertexOffset, args->PrimitiveCount));
    });
}

HRESULT DDIVK_APIENTRY drawIndexedPrimitive2(HANDLE hDevice, const D3DDDIARG_DRAWINDEXEDPRIMITIVE2* args,
                                             uint32_t indicesSize, const void* indices, const uint32_t*) {
    if (!args || !indices) return D3DERR_INVALIDCALL;
    return umdCall(umdHandle(hDevice), "DrawIndexedPrimitive2", [&](device::Context& c) -> HRESULT {
        const uint32_t indexSize = c.umdIndexSize(); // SetIndicesUm's
        if (args->StartIndexOffset > indicesSize || args->StartIndexOffset % indexSize) return D3DERR_INVALIDCALL;
        device::DrawCall call;
        call.type = args->PrimitiveType;
        call.primitiveCount = args->PrimitiveCount;
        call.indexed = true;
        call.minIndex = args->MinIndex;
        call.numVertices = args->NumVertices;
        if (args->BaseVertexOffset < 0) return D3DERR_INVALIDCALL;
        call.stream0Bytes = uint32_t(args->BaseVertexOffset);
        call.userIndices = static_cast<const std::byte*>(indices) + args->StartIndexOffset;
        call.userIndexBytes = indicesSize - args->StartIndexOffset;
        call.userIndexSize = indexSize;
        return c.draw(call);
    });
}

constexpr DDIVK_D3DDDI_DRAWFUNCS kFunctions = {
    createResource,        // -> Device::createResource
    destroyResource,       // -> Device::destroyResource
    lock,                  // -> Device::lock
    unlock,                // -> Device::unlock
    setStreamSource,       // -> StateCache::setStreamSource
    setStreamSourceUm,     // -> Context::umdSetStreamSourceUm
    setStreamSourceFreq,   // -> StateCache::setStreamSourceFreq (the runtime's rules)
    setIndices,            // -> StateCache::setIndices
    setIndicesUm,          // checks only: the indices come with DrawIndexedPrimitive2
    setTexture,            // -> Context::umdSetTexture
    drawPrimitive,         // -> Context::draw
    drawIndexedPrimitive,  // -> Context::draw
    drawPrimitive2,        // -> Context::draw
    drawIndexedPrimitive2, // -> Context::draw
};

} // namespace

extern "C" const DDIVK_D3DDDI_DRAWFUNCS* ddivk_umd_draw_functions(void) {
    return &kFunctions;
}

// The D3D9 UMD door of the query engine (include/ddivk/umd_query.h, d3dumddi.h's CreateQuery,
// DestroyQuery, IssueQuery, GetQueryData and Flush): one static table of entry points, each a
// thin call into the context's UMD queries under the device lock, which follow the same D3D9
// rules as the DP2 tokens (device/d3d9_query_rules.h). A failing call changes nothing.
#include <algorithm>
#include <array>
#include <cstring>
#include <mutex>

#include "ddivk/ddivk.h"
#include "device/context.h"
#include "device/d3d9_query_rules.h"
#include "device/ddi_boundary.h"
#include "device/handles.h"
#include "device/umd_call.h"

using namespace ddivk;

namespace ddivk::device {

HRESULT Context::umdCreateQuery(uint32_t type, uintptr_t* handle) {
    return guarded("umdCreateQuery", [&]() -> HRESULT {
        query::QueryEngine& engine = device_.queries();
        Dp2Query q;
        // (Types we cannot measure are answered as not available, never with made-up data.)
        if (HRESULT hr = d3d9q::checkType(engine, type, &q.type); failed(hr)) return hr;
        if (HRESULT hr = engine.create(q.type->kind, &q.id); failed(hr)) return hr;
        const uintptr_t h = nextUmdQuery_++;
        try {
            umdQueries_.emplace(h, q);
        } catch (...) {
            engine.destroy(q.id);
            throw;
        }
        *handle = h;
        return S_OK;
    });
}

HRESULT Context::umdDestroyQuery(uintptr_t handle) {
    auto it = umdQueries_.find(handle);
    if (it == umdQueries_.end()) return D3DERR_INVALIDCALL;
    device_.queries().destroy(it->second.id);
    umdQueries_.erase(it);
    return S_OK;
}

HRESULT Context::umdIssueQuery(uintptr_t handle, uint32_t flags) {
    return guarded("umdIssueQuery", [&]() -> HRESULT {
        auto it = umdQueries_.find(handle);
        if (it == umdQueries_.end() || (flags & ~(D3DDDI_ISSUEQUERY_BEGIN | D3DDDI_ISSUEQUERY_END)))
            return D3DERR_INVALIDCALL;
        const bool begin = (flags & D3DDDI_ISSUEQUERY_BEGIN) != 0;
        const bool end = (flags & D3DDDI_ISSUEQUERY_END) != 0;
        if (HRESULT hr = d3d9q::checkIssue(*it->second.type, begin); failed(hr)) return hr;
        // (Flags 0: the driver may ignore the request.)
        HRESULT hr = d3d9q::issue(device_.queries(), it->second.id, begin, end);
        if (succeeded(hr) && end) it->second.ended = true;
        return hr;
    });
}

HRESULT Context::umdGetQueryData(uintptr_t handle, void* data, bool flush) {
    return guarded("umdGetQueryData", [&]() -> HRESULT {
        auto it = umdQueries_.find(handle);
        if (it == umdQueries_.end()) return D3DERR_INVALIDCALL;
        query::QueryResult result;
        // Never issued or being built: D3DERR_INVALIDCALL (the runtime asks only after an End).
        HRESULT hr = device_.queries().poll(it->second.id, flush, &result);
        if (hr != S_OK) return hr; // S_FALSE: not ready (d3dumddi.h GetQueryData)
        if (data) d3d9q::writeData(*it->second.type, result, data);
        return S_OK;
    });
}

bool Context::umdQueryEnded(uintptr_t handle) const {
    auto it = umdQueries_.find(handle);
    return it != umdQueries_.end() && it->second.ended;
}

uint32_t Context::umdQueryDataSize(uintptr_t handle) const {
    auto it = umdQueries_.find(handle);
    return it == umdQueries_.end() ? 0 : it->second.type->dataSize;
}

} // namespace ddivk::device

namespace {

using device::umdCall;
using device::umdHandle;

HRESULT DDIVK_APIENTRY createQuery(HANDLE hDevice, D3DDDIARG_CREATEQUERY* args) {
    if (!args) return D3DERR_INVALIDCALL;
    return umdCall(umdHandle(hDevice), "CreateQuery", [&](device::Context& c) -> HRESULT {
        uintptr_t h = 0;
        HRESULT hr = c.umdCreateQuery(args->QueryType, &h);
        if (hr == S_OK) args->hQuery = reinterpret_cast<HANDLE>(h);
        return hr;
    });
}

HRESULT DDIVK_APIENTRY destroyQuery(HANDLE hDevice, HANDLE hQuery) {
    return umdCall(umdHandle(hDevice), "DestroyQuery",
                [&](device::Context& c) { return c.umdDestroyQuery(umdHandle(hQuery)); });
}

HRESULT DDIVK_APIENTRY issueQuery(HANDLE hDevice, const D3DDDIARG_ISSUEQUERY* args) {
    if (!args) return D3DERR_INVALIDCALL;
    return umdCall(umdHandle(hDevice), "IssueQuery", [&](device::Context& c) {
        return c.umdIssueQuery(umdHandle(args->hQuery), args->Flags.Value);
    });
}

// Never submits: d3dumddi.h's GetQueryData has no flags, so a flush (D3DGETDATA_FLUSH)
// reaches the driver as pfnFlush.
HRESULT DDIVK_APIENTRY getQueryData(HANDLE hDevice, const D3DDDIARG_GETQUERYDATA* args) {
    if (!args) return D3DERR_INVALIDCALL;
    return umdCall(umdHandle(hDevice), "GetQueryData", [&](device::Context& c) {
        return c.umdGetQueryData(umdHandle(args->hQuery), args->pData, false);
    });
}

HRESULT DDIVK_APIENTRY flush(HANDLE hDevice) {
    return umdCall(umdHandle(hDevice), "Flush", [&](device::Context& c) -> HRESULT {
        c.device().commands().flush();
        return S_OK;
    });
}

// The door in one table, in D3DDDI_DEVICEFUNCS order, then Flush.
constexpr DDIVK_D3DDDI_QUERYFUNCS kFunctions = {
    createQuery,  // pfnCreateQuery   -> Context::umdCreateQuery  -> QueryEngine::create
    destroyQuery, // pfnDestroyQuery  -> Context::umdDestroyQuery -> QueryEngine::destroy
    issueQuery,   // pfnIssueQuery    -> Context::umdIssueQuery   -> QueryEngine::begin/end (D3D9 rules)
    getQueryData, // pfnGetQueryData  -> Context::umdGetQueryData -> QueryEngine::poll (no flush)
    flush,        // pfnFlush         -> CommandContext::flush
};

} // namespace

extern "C" {

const DDIVK_D3DDDI_QUERYFUNCS* ddivk_umd_query_functions(void) {
    return &kFunctions;
}

// IDirect3DQuery9::GetData as Windows answers it (Wine's test_occlusion_query and
// test_timestamp_query): flags 0 or D3DGETDATA_FLUSH; a size of 0 polls; another size takes
// that many bytes of the data, zero-extended to 8 bytes (an occlusion count read as 64 bits).
// A query never ended answers S_OK with its bytes filled with 0xDD, one begun again after an
// END S_FALSE until it ends.
HRESULT ddivk_umd_query_get_data(uintptr_t context, HANDLE query, void* data, uint32_t size, uint32_t flags) {
    return umdCall(context, "ddivk_umd_query_get_data", [&](device::Context& c) -> HRESULT {
        const uint32_t expected = c.umdQueryDataSize(umdHandle(query));
        if (expected == 0 || (flags & ~D3DGETDATA_FLUSH)) return D3DERR_INVALIDCALL;
        if (size != 0 && !data) return D3DERR_INVALIDCALL;
        // (On the stack: games poll queries every frame. The largest D3D9 data,
        // D3DDEVINFO_RESOURCEMANAGER's, is 352 bytes.)
        std::array<std::byte, 512> value{};
        if (expected > value.size()) return D3DERR_INVALIDCALL;
        const size_t valueSize = std::max<size_t>(expected, sizeof(uint64_t));
        const HRESULT hr = c.umdGetQueryData(umdHandle(query), size ? value.data() : nullptr,
                                             (flags & D3DGETDATA_FLUSH) != 0);
        if (hr == D3DERR_INVALIDCALL) { // (a known query: never ended, or building)
            if (c.umdQueryEnded(umdHandle(query))) return S_FALSE;
            if (size) std::memset(data, 0xDD, size);
            return S_OK;
        }
        if (hr == S_OK && size) std::memcpy(data, value.data(), std::min<size_t>(size, valueSize));
        return hr;
    });
}

uint32_t ddivk_umd_query_data_size(uintptr_t context, HANDLE query) {
    device::Context* c = device::contextOf(context);
    if (!c) return 0;
    std::lock_guard lock(c->device().lock());
    return c->umdQueryDataSize(umdHandle(query));
}

} // extern "C"

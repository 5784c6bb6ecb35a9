// The D3D10 query DDI door (include/ddivk/d3d10_query.h): one static table of entry points,
// each a thin call into the device's query engine under the device lock. As in d3d10umddi.h
// the entry points return nothing; a failure goes to the runtime's pfnSetErrorCb, and a failed
// call changes nothing.
#include <algorithm>
#include <cstring>
#include <memory>
#include <mutex>
#include <new>

#include "ddivk/d3d10_query.h"
#include "ddivk/ddivk.h"
#include "device/d3d10_counters.h"
#include "device/d3d10_door.h"
#include "device/ddi_boundary.h"
#include "device/device.h"
#include "device/handles.h"
#include "util/log.h"

using namespace ddivk;

namespace {

using device::D3D10Device;

// What lives in the runtime's CalcPrivateQuerySize bytes.
struct D3D10Query {
    static constexpr uint32_t kMagic = 0x51523130; // "QR10": constructed by CreateQuery
    uint32_t magic = kMagic;
    query::QueryId id = 0;
    const query::TypeRow* type = nullptr;
    bool predicateHint = false;
};

D3D10Query* queryOf(D3D10DDI_HQUERY h) {
    auto* q = static_cast<D3D10Query*>(h.pDrvPrivate);
    return q && q->magic == D3D10Query::kMagic && q->id != 0 ? q : nullptr;
}

// Runs body under the device lock and reports its HRESULT (exceptions included).
template <class Body> void call(D3D10DDI_HDEVICE h, const char* what, Body&& body) {
    device::callD3D10(h, what, [&](device::Device& d) { return body(d.queries()); });
}

size_t DDIVK_APIENTRY calcPrivateQuerySize(D3D10DDI_HDEVICE, const D3D10DDIARG_CREATEQUERY*) {
    return sizeof(D3D10Query);
}

void DDIVK_APIENTRY createQuery(D3D10DDI_HDEVICE h, const D3D10DDIARG_CREATEQUERY* args,
                                D3D10DDI_HQUERY hQuery, D3D10DDI_HRTQUERY) {
    call(h, "CreateQuery", [&](query::QueryEngine& engine) -> HRESULT {
        if (!args || !hQuery.pDrvPrivate) return E_INVALIDARG;
        // Mark the memory unusable until creation succeeds.
        auto* q = new (hQuery.pDrvPrivate) D3D10Query();
        // Counters: GPU_IDLE only; the rest, device-dependent ones too, unsupported (docs/queries.md).
        const bool counter = args->Query >= D3D10DDI_COUNTER_GPU_IDLE;
        const query::TypeRow* row =
            counter ? query::findD3D10Counter(args->Query) : query::findD3D10Type(args->Query);
        if (counter && (!row || row->kind == query::Kind::Unsupported)) return DXGI_DDI_ERR_UNSUPPORTED;
        if (!row || (args->MiscFlags & ~D3D10DDI_QUERY_MISCFLAG_PREDICATEHINT)) return E_INVALIDARG;
        // Only the occlusion predicate may be a hint (STREAMOVERFLOWPREDICATE must be guaranteed).
        const bool hint = (args->MiscFlags & D3D10DDI_QUERY_MISCFLAG_PREDICATEHINT) != 0;
        if (hint && row->kind != query::Kind::OcclusionPredicate) return E_INVALIDARG;
        if (!engine.supports(row->kind)) return DXGI_DDI_ERR_UNSUPPORTED;
        query::QueryId id = 0;
        HRESULT hr = engine.create(row->kind, &id);
        if (failed(hr)) return hr == D3DERR_NOTAVAILABLE ? DXGI_DDI_ERR_UNSUPPORTED : hr;
        q->id = id;
        q->type = row;
        q->predicateHint = hint;
        return S_OK;
    });
}

void DDIVK_APIENTRY destroyQuery(D3D10DDI_HDEVICE h, D3D10DDI_HQUERY hQuery) {
    call(h, "DestroyQuery", [&](query::QueryEngine& engine) -> HRESULT {
        auto* raw = static_cast<D3D10Query*>(hQuery.pDrvPrivate);
        if (!raw || raw->magic != D3D10Query::kMagic) return E_INVALIDARG;
        if (raw->id) engine.destroy(raw->id);
        raw->~D3D10Query();
        std::memset(static_cast<void*>(raw), 0, sizeof *raw);
        return S_OK;
    });
}

void DDIVK_APIENTRY queryBegin(D3D10DDI_HDEVICE h, D3D10DDI_HQUERY hQuery) {
    call(h, "QueryBegin", [&](query::QueryEngine& engine) -> HRESULT {
        D3D10Query* q = queryOf(hQuery);
        return q ? engine.begin(q->id, query::IssueRules::D3D10) : E_INVALIDARG;
    });
}

void DDIVK_APIENTRY queryEnd(D3D10DDI_HDEVICE h, D3D10DDI_HQUERY hQuery) {
    call(h, "QueryEnd", [&](query::QueryEngine& engine) -> HRESULT {
        D3D10Query* q = queryOf(hQuery);
        return q ? engine.end(q->id, query::IssueRules::D3D10) : E_INVALIDARG;
    });
}

// The D3D10 data of a query (d3d10umddi.h's result types).
void format(const D3D10Query& q, const query::QueryResult& r, void* out) {
    switch (q.type->kind) {
    case query::Kind::Event: {
        BOOL done = 1;
        std::memcpy(out, &done, sizeof done);
        break;
    }
    case query::Kind::Occlusion:
    case query::Kind::Timestamp:
        std::memcpy(out, &r.count, sizeof r.count);
        break;
    case query::Kind::OcclusionPredicate: {
        BOOL visible = r.count != 0 ? 1 : 0;
        std::memcpy(out, &visible, sizeof visible);
        break;
    }
    case query::Kind::TimestampDisjoint: {
        D3D10_DDI_QUERY_DATA_TIMESTAMP_DISJOINT d{};
        d.Frequency = r.frequency;
        d.Disjoint = r.disjoint ? 1 : 0;
        std::memcpy(out, &d, sizeof d);
        break;
    }
    case query::Kind::GpuIdle:
        std::memcpy(out, &r.idle, sizeof r.idle); // FLOAT32
        break;
    case query::Kind::StreamOutputStats0:
    case query::Kind::StreamOutputStats1:
    case query::Kind::StreamOutputStats2:
    case query::Kind::StreamOutputStats3: {
        const int stream = query::streamOf(q.type->kind);
        D3D10_DDI_QUERY_DATA_SO_STATISTICS d{r.primitivesWritten[stream], r.primitivesNeeded[stream]};
        std::memcpy(out, &d, sizeof d);
        break;
    }
    case query::Kind::StreamOverflow0:
    case query::Kind::StreamOverflow1:
    case query::Kind::StreamOverflow2:
    case query::Kind::StreamOverflow3:
    case query::Kind::StreamOverflowAny: {
        BOOL overflowed = r.overflowed(query::streamOf(q.type->kind)) ? 1 : 0;
        std::memcpy(out, &overflowed, sizeof overflowed);
        break;
    }
    case query::Kind::PipelineStats:
    case query::Kind::PipelineStats11: {
        uint64_t fields[11];
        std::copy(r.statistics.begin(), r.statistics.end(), fields);
        std::memcpy(out, fields, q.type->dataSize);
        break;
    }
    default:
        break;
    }
}

void DDIVK_APIENTRY queryGetData(D3D10DDI_HDEVICE h, D3D10DDI_HQUERY hQuery, void* data, uint32_t size,
                                 uint32_t flags) {
    call(h, "QueryGetData", [&](query::QueryEngine& engine) -> HRESULT {
        D3D10Query* q = queryOf(hQuery);
        if (!q || (flags & ~D3D10_DDI_GET_DATA_DO_NOT_FLUSH)) return E_INVALIDARG;
        // The exact size of the type's data, or no data at all (a poll).
        if (data ? size != q->type->dataSize : size != 0) return E_INVALIDARG;
        // (A hint predicate never propagates a result back.)
        if (q->predicateHint) return DXGI_DDI_ERR_UNSUPPORTED;
        query::QueryResult r;
        HRESULT hr = engine.poll(q->id, !(flags & D3D10_DDI_GET_DATA_DO_NOT_FLUSH), &r);
        if (hr == S_FALSE) return DXGI_DDI_ERR_WASSTILLDRAWING;
        if (failed(hr)) return hr;
        if (data) format(*q, r, data);
        return S_OK;
    });
}

// Predicates the device's rendering (draws and clears of every door: one command stream).
void DDIVK_APIENTRY setPredication(D3D10DDI_HDEVICE h, D3D10DDI_HQUERY hQuery, BOOL value) {
    call(h, "SetPredication", [&](query::QueryEngine& engine) -> HRESULT {
        if (!hQuery.pDrvPrivate) return engine.setPredication(0, false, false);
        D3D10Query* q = queryOf(hQuery);
        if (!q) return E_INVALIDARG;
        return engine.setPredication(q->id, value != 0, q->predicateHint);
    });
}

// The door in one table, in D3D10DDI_DEVICEFUNCS order.
constexpr DDIVK_D3D10DDI_QUERYFUNCS kFunctions = {
    calcPrivateQuerySize,          // pfnCalcPrivateQuerySize  -> sizeof(D3D10Query)
    createQuery,                   // pfnCreateQuery           -> QueryEngine::create
    destroyQuery,                  // pfnDestroyQuery          -> QueryEngine::destroy
    queryBegin,                    // pfnQueryBegin            -> QueryEngine::begin (D3D10 rules)
    queryEnd,                      // pfnQueryEnd              -> QueryEngine::end (D3D10 rules)
    queryGetData,                  // pfnQueryGetData          -> QueryEngine::poll
    setPredication,                // pfnSetPredication        -> QueryEngine::setPredication
    device::d3d10CheckCounterInfo, // pfnCheckCounterInfo      -> GPU_IDLE only (d3d10_counters.cpp)
    device::d3d10CheckCounter,     // pfnCheckCounter          -> GPU_IDLE's description, else unsupported
};

} // namespace

extern "C" {

HRESULT ddivk_d3d10_device_open(ddivk_device* device, const DDIVK_D3D10DDI_RUNTIME_CALLBACKS* callbacks,
                                D3D10DDI_HRTDEVICE rtDevice, D3D10DDI_HDEVICE* out) {
    if (!device || !out) return E_INVALIDARG;
    out->pDrvPrivate = nullptr;
    return device::guarded("ddivk_d3d10_device_open", [&] {
        auto d = std::make_unique<D3D10Device>();
        d->device = &device::deviceOf(device);
        if (callbacks) d->callbacks = *callbacks;
        d->rtDevice = rtDevice;
        out->pDrvPrivate = d.release();
        return S_OK;
    });
}

void ddivk_d3d10_device_close(D3D10DDI_HDEVICE device) {
    delete static_cast<D3D10Device*>(device.pDrvPrivate);
}

const DDIVK_D3D10DDI_QUERYFUNCS* ddivk_d3d10_query_functions(void) {
    return &kFunctions;
}

} // extern "C"

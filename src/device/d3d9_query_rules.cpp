#include "device/d3d9_query_rules.h"

#include <cstring>

namespace ddivk::device::d3d9q {
namespace {

template <class T> void put(void* out, const T& value) {
    std::memcpy(out, &value, sizeof value);
}

} // namespace

HRESULT checkType(const query::QueryEngine& engine, uint32_t type, const query::TypeRow** row) {
    const query::TypeRow* r = query::findD3D9Type(type);
    if (!r) return D3DERR_INVALIDCALL;
    if (!engine.supports(r->kind)) return D3DERR_NOTAVAILABLE;
    *row = r;
    return S_OK;
}

HRESULT checkIssue(const query::TypeRow& row, bool begin) {
    return begin && !query::isBracketed(row.kind) ? D3DERR_INVALIDCALL : S_OK;
}

HRESULT issue(query::QueryEngine& engine, query::QueryId id, bool begin, bool end) {
    if (begin) {
        HRESULT hr = engine.begin(id, query::IssueRules::D3D9);
        if (failed(hr)) return hr;
    }
    if (end) return engine.end(id, query::IssueRules::D3D9);
    return S_OK;
}

void writeData(const query::TypeRow& row, const query::QueryResult& r, void* out) {
    switch (row.kind) {
    case query::Kind::Event:
        put(out, uint32_t{1}); // always TRUE once signalled
        break;
    case query::Kind::Occlusion:
        put(out, uint32_t(r.count)); // a DWORD: the count wraps
        break;
    case query::Kind::Timestamp:
        put(out, r.count);
        break;
    case query::Kind::TimestampDisjoint:
        put(out, uint32_t(r.disjoint ? 1 : 0));
        break;
    case query::Kind::TimestampFrequency:
        put(out, r.frequency);
        break;
    default:
        std::memset(out, 0, row.dataSize);
        break;
    }
}

} // namespace ddivk::device::d3d9q

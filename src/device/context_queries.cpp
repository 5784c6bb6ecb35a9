// Context: the DP2 door of the query engine (DX9 DDK "Handling Asynchronous Queries").
// CREATEQUERY / DELETEQUERY / ISSUEQUERY name queries by the runtime's dwQueryID; answers go
// back as D3DDP2OP_RESPONSEQUERY tokens written over the command buffer after a successful
// call, in issue order, one per issued End (writeResponses). Every token is checked whole
// before any item applies, so a failing token changes nothing.
#include <algorithm>
#include <cstring>

#include "device/context.h"
#include "device/d3d9_query_rules.h"
#include "device/ddi_boundary.h"

namespace ddivk::device {
namespace {

constexpr uint32_t kIssueFlags = D3DISSUE_BEGIN | D3DISSUE_END;

template <class T> void put(std::span<std::byte> out, size_t at, const T& value) {
    std::memcpy(out.data() + at, &value, sizeof value);
}

} // namespace

Context::~Context() {
    for (const auto& [queryID, q] : queries_)
        device_.queries().destroy(q.id);
    for (const auto& [handle, q] : umdQueries_)
        device_.queries().destroy(q.id);
}

HRESULT Context::createQuery(dp2::Items<D3DHAL_DP2CREATEQUERY> items) {
    return guarded("createQuery", [&]() -> HRESULT {
        query::QueryEngine& engine = device_.queries();
        for (size_t i = 0; i < items.size(); ++i) {
            const D3DHAL_DP2CREATEQUERY& c = items[i];
            const query::TypeRow* row = nullptr;
            // (Types we cannot measure are answered as not available, never with made-up data.)
            if (HRESULT hr = d3d9q::checkType(engine, c.QueryType, &row); failed(hr)) return hr;
            if (queries_.count(c.dwQueryID)) return D3DERR_INVALIDCALL;
            for (size_t j = 0; j < i; ++j)
                if (items[j].dwQueryID == c.dwQueryID) return D3DERR_INVALIDCALL;
        }
        std::vector<uint32_t> created;
        try {
            for (const D3DHAL_DP2CREATEQUERY& c : items) {
                Dp2Query q;
                q.type = query::findD3D9Type(c.QueryType);
                HRESULT hr = engine.create(q.type->kind, &q.id);
                if (failed(hr)) throw vk::Error(VK_ERROR_UNKNOWN, "query creation failed");
                queries_.emplace(c.dwQueryID, q);
                created.push_back(c.dwQueryID);
            }
        } catch (...) {
            for (uint32_t id : created) {
                engine.destroy(queries_[id].id);
                queries_.erase(id);
            }
            throw;
        }
        return S_OK;
    });
}

HRESULT Context::deleteQuery(dp2::Items<D3DHAL_DP2DELETEQUERY> items) {
    return guarded("deleteQuery", [&]() -> HRESULT {
        for (size_t i = 0; i < items.size(); ++i) {
            if (!queries_.count(items[i].dwQueryID)) return D3DERR_INVALIDCALL;
            for (size_t j = 0; j < i; ++j)
                if (items[j].dwQueryID == items[i].dwQueryID) return D3DERR_INVALIDCALL;
        }
        for (const D3DHAL_DP2DELETEQUERY& d : items) {
            auto it = queries_.find(d.dwQueryID);
            device_.queries().destroy(it->second.id); // owed responses go stale with it
            queries_.erase(it);
        }
        return S_OK;
    });
}

HRESULT Context::issueQuery(dp2::Items<D3DHAL_DP2ISSUEQUERY> items) {
    return guarded("issueQuery", [&]() -> HRESULT {
        for (const D3DHAL_DP2ISSUEQUERY& issue : items) {
            auto it = queries_.find(issue.dwQueryID);
            if (it == queries_.end() || (issue.dwFlags & ~kIssueFlags)) return D3DERR_INVALIDCALL;
            // BEGIN only on types that bracket (EVENT, TIMESTAMP, TIMESTAMPFREQ take END only).
            if (HRESULT hr = d3d9q::checkIssue(*it->second.type, (issue.dwFlags & D3DISSUE_BEGIN) != 0);
                failed(hr))
                return hr;
        }
        query::QueryEngine& engine = device_.queries();
        for (const D3DHAL_DP2ISSUEQUERY& issue : items) {
            const Dp2Query& q = queries_.find(issue.dwQueryID)->second;
            // (Flags 0: the driver may ignore the request.)
            const bool end = (issue.dwFlags & D3DISSUE_END) != 0;
            HRESULT hr = d3d9q::issue(engine, q.id, (issue.dwFlags & D3DISSUE_BEGIN) != 0, end);
            if (failed(hr)) return hr;
            if (end) owed_.push_back({issue.dwQueryID, q.id, engine.generation(q.id)});
        }
        return S_OK;
    });
}

// Responses for the issued queries whose data is ready, in issue order, stopping at the first
// that is not: D3DHAL_DP2RESPONSE(RESPONSEQUERY, n) and n x (D3DHAL_DP2RESPONSEQUERY + data),
// then D3DHAL_DP2RESPONSE(RESPONSECONTINUE) when more are ready than fit (the runtime then
// calls again with an empty command buffer). Work the owed queries wait for is submitted.
uint32_t Context::writeResponses(std::span<std::byte> out) {
    query::QueryEngine& engine = device_.queries();
    constexpr size_t kHeader = sizeof(D3DHAL_DP2RESPONSE);
    size_t used = kHeader; // the RESPONSEQUERY header goes first once there is a response
    uint16_t count = 0;
    bool more = false;
    while (!owed_.empty()) {
        const OwedResponse owed = owed_.front();
        // A deleted or re-issued query: its earlier issue is answered no more.
        if (!engine.valid(owed.id) || engine.generation(owed.id) != owed.generation) {
            owed_.pop_front();
            continue;
        }
        query::QueryResult result;
        HRESULT hr = engine.poll(owed.id, true, &result);
        if (hr == S_FALSE) break;
        if (failed(hr)) {
            owed_.pop_front();
            continue;
        }
        const Dp2Query& q = queries_.find(owed.queryID)->second;
        const size_t size = sizeof(D3DHAL_DP2RESPONSEQUERY) + q.type->dataSize;
        // Keep room for a RESPONSECONTINUE header after this response.
        if (count == UINT16_MAX || used + size + kHeader > out.size()) {
            more = true;
            break;
        }
        put(out, used, D3DHAL_DP2RESPONSEQUERY{owed.queryID, q.type->dataSize});
        d3d9q::writeData(*q.type, result, out.data() + used + sizeof(D3DHAL_DP2RESPONSEQUERY));
        used += size;
        ++count;
        owed_.pop_front();
    }
    size_t total = 0;
    if (count > 0) {
        D3DHAL_DP2RESPONSE header{};
        header.bCommand = uint8_t(D3DDP2OP_RESPONSEQUERY);
        header.wStateCount = count;
        header.dwTotalSize = uint32_t(used);
        put(out, 0, header);
        total = used;
    }
    if (more && total + kHeader <= out.size()) {
        D3DHAL_DP2RESPONSE header{};
        header.bCommand = uint8_t(D3DDP2OP_RESPONSECONTINUE);
        header.dwTotalSize = uint32_t(kHeader);
        put(out, total, header);
        total += kHeader;
    }
    return uint32_t(total);
}

} // namespace ddivk::device

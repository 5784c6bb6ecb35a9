// The D3D9 query rules both D3D9 doors follow (DP2 tokens in context_queries.cpp, the UMD
// functions in umd_queries.cpp): which D3DQUERYTYPE can be created, which issues are valid,
// how an issue reaches the engine, and the D3D9 data of a result. One copy, so the doors agree.
#pragma once

#include <cstdint>

#include "ddivk/hresult.h"
#include "query/query_engine.h"

namespace ddivk::device::d3d9q {

// CreateQuery of a D3DQUERYTYPE: D3DERR_INVALIDCALL for an unknown value, D3DERR_NOTAVAILABLE
// for a type we cannot measure (never made-up data); else S_OK with *row.
HRESULT checkType(const query::QueryEngine& engine, uint32_t type, const query::TypeRow** row);
// IssueQuery: Begin only on types that bracket (EVENT, TIMESTAMP, TIMESTAMPFREQ take End
// only): D3DERR_INVALIDCALL otherwise.
HRESULT checkIssue(const query::TypeRow& row, bool begin);
// Begin and/or End under the D3D9 rules (Begin while building restarts; End without Begin is
// an empty bracket). Checked with checkIssue first.
HRESULT issue(query::QueryEngine& engine, query::QueryId id, bool begin, bool end);
// The D3D9 data of a result, row.dataSize bytes at out (DX9 DDK / d3dumddi.h: BOOL for EVENT
// and TIMESTAMPDISJOINT, a DWORD occlusion count that wraps, UINT64 timestamps and frequency).
void writeData(const query::TypeRow& row, const query::QueryResult& result, void* out);

} // namespace ddivk::device::d3d9q

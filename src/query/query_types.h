// The query kinds the engine measures, and the D3D10 and D3D9 types mapped onto them: one
// table per door (query_types.cpp), one row per type, walked by tests/unit/query.
#pragma once

#include <cstdint>

#include "ddivk/d3d10_query.h"
#include "ddivk/hresult.h"

namespace ddivk::query {

// What the engine records for a query.
enum class Kind : uint8_t {
    Event,              // a timeline value: done when the GPU finished everything before it
    Occlusion,          // samples passing depth/stencil (precise occlusion queries)
    OcclusionPredicate, // the same count, answered as count != 0
    Timestamp,          // vkCmdWriteTimestamp after all earlier work
    TimestampDisjoint,  // frequency + disjoint flag from calibrated timestamps
    TimestampFrequency, // D3D9 TIMESTAMPFREQ: the frequency once the GPU passed the query
    PipelineStats,      // Vulkan pipeline statistics (D3D10 fields)
    PipelineStats11,    // the same with HS/DS/CS invocations
    Unsupported,        // answered as not available
};

// Whether the kind takes a Begin (a bracket) or only an End.
bool isBracketed(Kind kind);
const char* kindName(Kind kind);

// One row of a door's table.
struct TypeRow {
    uint32_t type;      // D3D10DDI_QUERY or D3DQUERYTYPE
    const char* name;   // the DDK name
    Kind kind;          // what measures it (Unsupported: not available)
    uint32_t dataSize;  // bytes of the door's result data
    const char* whyNot; // for Unsupported rows: why we do not measure it
};

// The D3D10 door's types; nullptr for values outside D3D10DDI_QUERY's query range.
const TypeRow* findD3D10Type(uint32_t type);
// The D3D9 door's types (DP2 CREATEQUERY); nullptr for unknown values.
const TypeRow* findD3D9Type(uint32_t type);
// Every row, for the table tests.
const TypeRow* d3d10Types(uint32_t* count);
const TypeRow* d3d9Types(uint32_t* count);

} // namespace ddivk::query

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
    GpuIdle,            // counter GPU_IDLE: timestamps around the bracket and each command buffer in it
    // Stream output (VK_EXT_transform_feedback stream queries): primitives written and needed,
    // of one vertex stream; the overflow predicates answer needed > written, of one stream or
    // of any.
    StreamOutputStats0,
    StreamOutputStats1,
    StreamOutputStats2,
    StreamOutputStats3,
    StreamOverflow0,
    StreamOverflow1,
    StreamOverflow2,
    StreamOverflow3,
    StreamOverflowAny,
    Unsupported, // answered as not available
};

// The vertex stream a stream-output kind measures: 0..3, kAnyStream for StreamOverflowAny, -1
// for other kinds.
constexpr int kAnyStream = 4;
int streamOf(Kind kind);
bool isStreamOverflow(Kind kind);

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
// The D3D10 counters (D3D10DDI_COUNTER_GPU_IDLE ..), all FLOAT32; nullptr for other values
// (device-dependent counters included: we have none).
const TypeRow* findD3D10Counter(uint32_t counter);
// The D3D9 door's types (DP2 CREATEQUERY); nullptr for unknown values.
const TypeRow* findD3D9Type(uint32_t type);
// Every row, for the table tests.
const TypeRow* d3d10Types(uint32_t* count);
const TypeRow* d3d9Types(uint32_t* count);
const TypeRow* d3d10Counters(uint32_t* count);

} // namespace ddivk::query

#include "query/query_types.h"

#include <iterator>

#include "ddivk/d3d9_enums.h"

namespace ddivk::query {
namespace {

// D3D10DDI_QUERY: the data sizes are those of d3d10umddi.h's result types.
constexpr TypeRow kD3D10[] = {
    {D3D10DDI_QUERY_EVENT, "D3D10DDI_QUERY_EVENT", Kind::Event, sizeof(BOOL), nullptr},
    {D3D10DDI_QUERY_OCCLUSION, "D3D10DDI_QUERY_OCCLUSION", Kind::Occlusion, sizeof(uint64_t), nullptr},
    {D3D10DDI_QUERY_TIMESTAMP, "D3D10DDI_QUERY_TIMESTAMP", Kind::Timestamp, sizeof(uint64_t), nullptr},
    {D3D10DDI_QUERY_TIMESTAMPDISJOINT, "D3D10DDI_QUERY_TIMESTAMPDISJOINT", Kind::TimestampDisjoint,
     sizeof(D3D10_DDI_QUERY_DATA_TIMESTAMP_DISJOINT), nullptr},
    {D3D10DDI_QUERY_PIPELINESTATS, "D3D10DDI_QUERY_PIPELINESTATS", Kind::PipelineStats,
     sizeof(D3D10_DDI_QUERY_DATA_PIPELINE_STATISTICS), nullptr},
    {D3D10DDI_QUERY_OCCLUSIONPREDICATE, "D3D10DDI_QUERY_OCCLUSIONPREDICATE", Kind::OcclusionPredicate,
     sizeof(BOOL), nullptr},
    {D3D10DDI_QUERY_STREAMOUTPUTSTATS, "D3D10DDI_QUERY_STREAMOUTPUTSTATS", Kind::StreamOutputStats0,
     sizeof(D3D10_DDI_QUERY_DATA_SO_STATISTICS), nullptr},
    {D3D10DDI_QUERY_STREAMOVERFLOWPREDICATE, "D3D10DDI_QUERY_STREAMOVERFLOWPREDICATE", Kind::StreamOverflowAny,
     sizeof(BOOL), nullptr},
    {D3D11DDI_QUERY_PIPELINESTATS, "D3D11DDI_QUERY_PIPELINESTATS", Kind::PipelineStats11,
     sizeof(D3D11_DDI_QUERY_DATA_PIPELINE_STATISTICS), nullptr},
    {D3D11DDI_QUERY_STREAMOUTPUTSTATS_STREAM0, "D3D11DDI_QUERY_STREAMOUTPUTSTATS_STREAM0", Kind::StreamOutputStats0,
     sizeof(D3D10_DDI_QUERY_DATA_SO_STATISTICS), nullptr},
    {D3D11DDI_QUERY_STREAMOUTPUTSTATS_STREAM1, "D3D11DDI_QUERY_STREAMOUTPUTSTATS_STREAM1", Kind::StreamOutputStats1,
     sizeof(D3D10_DDI_QUERY_DATA_SO_STATISTICS), nullptr},
    {D3D11DDI_QUERY_STREAMOUTPUTSTATS_STREAM2, "D3D11DDI_QUERY_STREAMOUTPUTSTATS_STREAM2", Kind::StreamOutputStats2,
     sizeof(D3D10_DDI_QUERY_DATA_SO_STATISTICS), nullptr},
    {D3D11DDI_QUERY_STREAMOUTPUTSTATS_STREAM3, "D3D11DDI_QUERY_STREAMOUTPUTSTATS_STREAM3", Kind::StreamOutputStats3,
     sizeof(D3D10_DDI_QUERY_DATA_SO_STATISTICS), nullptr},
    {D3D11DDI_QUERY_STREAMOVERFLOWPREDICATE_STREAM0, "D3D11DDI_QUERY_STREAMOVERFLOWPREDICATE_STREAM0",
     Kind::StreamOverflow0, sizeof(BOOL), nullptr},
    {D3D11DDI_QUERY_STREAMOVERFLOWPREDICATE_STREAM1, "D3D11DDI_QUERY_STREAMOVERFLOWPREDICATE_STREAM1",
     Kind::StreamOverflow1, sizeof(BOOL), nullptr},
    {D3D11DDI_QUERY_STREAMOVERFLOWPREDICATE_STREAM2, "D3D11DDI_QUERY_STREAMOVERFLOWPREDICATE_STREAM2",
     Kind::StreamOverflow2, sizeof(BOOL), nullptr},
    {D3D11DDI_QUERY_STREAMOVERFLOWPREDICATE_STREAM3, "D3D11DDI_QUERY_STREAMOVERFLOWPREDICATE_STREAM3",
     Kind::StreamOverflow3, sizeof(BOOL), nullptr},
};

// D3D10DDI_COUNTER_*: every counter's data is a FLOAT32.
constexpr const char* kBusySplit =
    "busy time split by shader stage: timestamps cannot tell which stage was busy (docs/queries.md)";
constexpr const char* kNoHardwareCounter = "no hardware counters: Vulkan offers none here (VK_KHR_performance_query)";
constexpr TypeRow kCounters[] = {
    {D3D10DDI_COUNTER_GPU_IDLE, "D3D10DDI_COUNTER_GPU_IDLE", Kind::GpuIdle, sizeof(float), nullptr},
    {D3D10DDI_COUNTER_VERTEX_PROCESSING, "D3D10DDI_COUNTER_VERTEX_PROCESSING", Kind::Unsupported, sizeof(float),
     kBusySplit},
    {D3D10DDI_COUNTER_GEOMETRY_PROCESSING, "D3D10DDI_COUNTER_GEOMETRY_PROCESSING", Kind::Unsupported,
     sizeof(float), kBusySplit},
    {D3D10DDI_COUNTER_PIXEL_PROCESSING, "D3D10DDI_COUNTER_PIXEL_PROCESSING", Kind::Unsupported, sizeof(float),
     kBusySplit},
    {D3D10DDI_COUNTER_OTHER_GPU_PROCESSING, "D3D10DDI_COUNTER_OTHER_GPU_PROCESSING", Kind::Unsupported,
     sizeof(float), kBusySplit},
    {D3D10DDI_COUNTER_HOST_ADAPTER_BANDWIDTH_UTILIZATION, "D3D10DDI_COUNTER_HOST_ADAPTER_BANDWIDTH_UTILIZATION",
     Kind::Unsupported, sizeof(float), kNoHardwareCounter},
    {D3D10DDI_COUNTER_LOCAL_VIDMEM_BANDWIDTH_UTILIZATION, "D3D10DDI_COUNTER_LOCAL_VIDMEM_BANDWIDTH_UTILIZATION",
     Kind::Unsupported, sizeof(float), kNoHardwareCounter},
    {D3D10DDI_COUNTER_VERTEX_THROUGHPUT_UTILIZATION, "D3D10DDI_COUNTER_VERTEX_THROUGHPUT_UTILIZATION",
     Kind::Unsupported, sizeof(float), kNoHardwareCounter},
    {D3D10DDI_COUNTER_TRISETUP_THROUGHPUT_UTILIZATION, "D3D10DDI_COUNTER_TRISETUP_THROUGHPUT_UTILIZATION",
     Kind::Unsupported, sizeof(float), kNoHardwareCounter},
    {D3D10DDI_COUNTER_FILLRATE_THROUGHPUT_UTILIZATION, "D3D10DDI_COUNTER_FILLRATE_THROUGHPUT_UTILIZATION",
     Kind::Unsupported, sizeof(float), kNoHardwareCounter},
    {D3D10DDI_COUNTER_VERTEXSHADER_MEMORY_LIMITED, "D3D10DDI_COUNTER_VERTEXSHADER_MEMORY_LIMITED",
     Kind::Unsupported, sizeof(float), kNoHardwareCounter},
    {D3D10DDI_COUNTER_VERTEXSHADER_COMPUTATION_LIMITED, "D3D10DDI_COUNTER_VERTEXSHADER_COMPUTATION_LIMITED",
     Kind::Unsupported, sizeof(float), kNoHardwareCounter},
    {D3D10DDI_COUNTER_GEOMETRYSHADER_MEMORY_LIMITED, "D3D10DDI_COUNTER_GEOMETRYSHADER_MEMORY_LIMITED",
     Kind::Unsupported, sizeof(float), kNoHardwareCounter},
    {D3D10DDI_COUNTER_GEOMETRYSHADER_COMPUTATION_LIMITED, "D3D10DDI_COUNTER_GEOMETRYSHADER_COMPUTATION_LIMITED",
     Kind::Unsupported, sizeof(float), kNoHardwareCounter},
    {D3D10DDI_COUNTER_PIXELSHADER_MEMORY_LIMITED, "D3D10DDI_COUNTER_PIXELSHADER_MEMORY_LIMITED",
     Kind::Unsupported, sizeof(float), kNoHardwareCounter},
    {D3D10DDI_COUNTER_PIXELSHADER_COMPUTATION_LIMITED, "D3D10DDI_COUNTER_PIXELSHADER_COMPUTATION_LIMITED",
     Kind::Unsupported, sizeof(float), kNoHardwareCounter},
    {D3D10DDI_COUNTER_POST_TRANSFORM_CACHE_HIT_RATE, "D3D10DDI_COUNTER_POST_TRANSFORM_CACHE_HIT_RATE",
     Kind::Unsupported, sizeof(float), kNoHardwareCounter},
    {D3D10DDI_COUNTER_TEXTURE_CACHE_HIT_RATE, "D3D10DDI_COUNTER_TEXTURE_CACHE_HIT_RATE", Kind::Unsupported,
     sizeof(float), kNoHardwareCounter},
};

constexpr const char* kNoTimings = "no hardware counters: Vulkan offers no per-unit timings here";

// D3DQUERYTYPE through DP2 (data sizes of the DX9 DDK's responses).
constexpr TypeRow kD3D9[] = {
    {D3DQUERYTYPE_VCACHE, "D3DQUERYTYPE_VCACHE", Kind::Unsupported, 16,
     "a vertex-cache description, not a measurement; not offered yet"},
    {D3DQUERYTYPE_RESOURCEMANAGER, "D3DQUERYTYPE_RESOURCEMANAGER", Kind::Unsupported, 0,
     "answered by the runtime's resource manager, never by the driver"},
    {D3DQUERYTYPE_VERTEXSTATS, "D3DQUERYTYPE_VERTEXSTATS", Kind::Unsupported, 8,
     "software vertex processing statistics; not measured yet"},
    {D3DQUERYTYPE_EVENT, "D3DQUERYTYPE_EVENT", Kind::Event, 4, nullptr},
    {D3DQUERYTYPE_OCCLUSION, "D3DQUERYTYPE_OCCLUSION", Kind::Occlusion, 4, nullptr},
    {D3DQUERYTYPE_TIMESTAMP, "D3DQUERYTYPE_TIMESTAMP", Kind::Timestamp, 8, nullptr},
    {D3DQUERYTYPE_TIMESTAMPDISJOINT, "D3DQUERYTYPE_TIMESTAMPDISJOINT", Kind::TimestampDisjoint, 4, nullptr},
    {D3DQUERYTYPE_TIMESTAMPFREQ, "D3DQUERYTYPE_TIMESTAMPFREQ", Kind::TimestampFrequency, 8, nullptr},
    {D3DQUERYTYPE_PIPELINETIMINGS, "D3DQUERYTYPE_PIPELINETIMINGS", Kind::Unsupported, 16, kNoTimings},
    {D3DQUERYTYPE_INTERFACETIMINGS, "D3DQUERYTYPE_INTERFACETIMINGS", Kind::Unsupported, 20, kNoTimings},
    {D3DQUERYTYPE_VERTEXTIMINGS, "D3DQUERYTYPE_VERTEXTIMINGS", Kind::Unsupported, 8, kNoTimings},
    {D3DQUERYTYPE_PIXELTIMINGS, "D3DQUERYTYPE_PIXELTIMINGS", Kind::Unsupported, 8, kNoTimings},
    {D3DQUERYTYPE_BANDWIDTHTIMINGS, "D3DQUERYTYPE_BANDWIDTHTIMINGS", Kind::Unsupported, 20, kNoTimings},
    {D3DQUERYTYPE_CACHEUTILIZATION, "D3DQUERYTYPE_CACHEUTILIZATION", Kind::Unsupported, 8, kNoTimings},
    {D3DQUERYTYPE_MEMORYPRESSURE, "D3DQUERYTYPE_MEMORYPRESSURE", Kind::Unsupported, 32,
     "no residency information from Vulkan"},
};

template <size_t N> const TypeRow* find(const TypeRow (&rows)[N], uint32_t type) {
    for (const TypeRow& r : rows)
        if (r.type == type) return &r;
    return nullptr;
}

} // namespace

bool isBracketed(Kind kind) {
    if (streamOf(kind) >= 0) return true; // stream output statistics and overflow predicates
    switch (kind) {
    case Kind::Occlusion:
    case Kind::OcclusionPredicate:
    case Kind::TimestampDisjoint:
    case Kind::PipelineStats:
    case Kind::PipelineStats11:
    case Kind::GpuIdle:
        return true;
    default:
        return false;
    }
}

const char* kindName(Kind kind) {
    static constexpr const char* names[] = {"event",
                                            "occlusion",
                                            "occlusion predicate",
                                            "timestamp",
                                            "timestamp disjoint",
                                            "timestamp frequency",
                                            "pipeline statistics",
                                            "pipeline statistics (D3D11)",
                                            "GPU idle",
                                            "stream output statistics (stream 0)",
                                            "stream output statistics (stream 1)",
                                            "stream output statistics (stream 2)",
                                            "stream output statistics (stream 3)",
                                            "stream overflow predicate (stream 0)",
                                            "stream overflow predicate (stream 1)",
                                            "stream overflow predicate (stream 2)",
                                            "stream overflow predicate (stream 3)",
                                            "stream overflow predicate (any stream)",
                                            "unsupported"};
    return names[size_t(kind)];
}

int streamOf(Kind kind) {
    if (kind >= Kind::StreamOutputStats0 && kind <= Kind::StreamOutputStats3)
        return int(kind) - int(Kind::StreamOutputStats0);
    if (kind >= Kind::StreamOverflow0 && kind <= Kind::StreamOverflowAny)
        return int(kind) - int(Kind::StreamOverflow0); // StreamOverflowAny: kAnyStream
    return -1;
}

bool isStreamOverflow(Kind kind) {
    return kind >= Kind::StreamOverflow0 && kind <= Kind::StreamOverflowAny;
}

const TypeRow* findD3D10Type(uint32_t type) {
    return find(kD3D10, type);
}
const TypeRow* findD3D10Counter(uint32_t counter) {
    return find(kCounters, counter);
}
const TypeRow* findD3D9Type(uint32_t type) {
    return find(kD3D9, type);
}
const TypeRow* d3d10Types(uint32_t* count) {
    *count = uint32_t(std::size(kD3D10));
    return kD3D10;
}
const TypeRow* d3d9Types(uint32_t* count) {
    *count = uint32_t(std::size(kD3D9));
    return kD3D9;
}
const TypeRow* d3d10Counters(uint32_t* count) {
    *count = uint32_t(std::size(kCounters));
    return kCounters;
}

} // namespace ddivk::query

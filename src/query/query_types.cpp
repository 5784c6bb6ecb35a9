#include "query/query_types.h"

#include <iterator>

#include "ddivk/d3d9_enums.h"

namespace ddivk::query {
namespace {

constexpr const char* kNoStreamOutput = "stream output is not implemented yet (issue 5, later part)";

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
    {D3D10DDI_QUERY_STREAMOUTPUTSTATS, "D3D10DDI_QUERY_STREAMOUTPUTSTATS", Kind::Unsupported,
     sizeof(D3D10_DDI_QUERY_DATA_SO_STATISTICS), kNoStreamOutput},
    {D3D10DDI_QUERY_STREAMOVERFLOWPREDICATE, "D3D10DDI_QUERY_STREAMOVERFLOWPREDICATE", Kind::Unsupported,
     sizeof(BOOL), kNoStreamOutput},
    {D3D11DDI_QUERY_PIPELINESTATS, "D3D11DDI_QUERY_PIPELINESTATS", Kind::PipelineStats11,
     sizeof(D3D11_DDI_QUERY_DATA_PIPELINE_STATISTICS), nullptr},
    {D3D11DDI_QUERY_STREAMOUTPUTSTATS_STREAM0, "D3D11DDI_QUERY_STREAMOUTPUTSTATS_STREAM0", Kind::Unsupported,
     sizeof(D3D10_DDI_QUERY_DATA_SO_STATISTICS), kNoStreamOutput},
    {D3D11DDI_QUERY_STREAMOUTPUTSTATS_STREAM1, "D3D11DDI_QUERY_STREAMOUTPUTSTATS_STREAM1", Kind::Unsupported,
     sizeof(D3D10_DDI_QUERY_DATA_SO_STATISTICS), kNoStreamOutput},
    {D3D11DDI_QUERY_STREAMOUTPUTSTATS_STREAM2, "D3D11DDI_QUERY_STREAMOUTPUTSTATS_STREAM2", Kind::Unsupported,
     sizeof(D3D10_DDI_QUERY_DATA_SO_STATISTICS), kNoStreamOutput},
    {D3D11DDI_QUERY_STREAMOUTPUTSTATS_STREAM3, "D3D11DDI_QUERY_STREAMOUTPUTSTATS_STREAM3", Kind::Unsupported,
     sizeof(D3D10_DDI_QUERY_DATA_SO_STATISTICS), kNoStreamOutput},
    {D3D11DDI_QUERY_STREAMOVERFLOWPREDICATE_STREAM0, "D3D11DDI_QUERY_STREAMOVERFLOWPREDICATE_STREAM0",
     Kind::Unsupported, sizeof(BOOL), kNoStreamOutput},
    {D3D11DDI_QUERY_STREAMOVERFLOWPREDICATE_STREAM1, "D3D11DDI_QUERY_STREAMOVERFLOWPREDICATE_STREAM1",
     Kind::Unsupported, sizeof(BOOL), kNoStreamOutput},
    {D3D11DDI_QUERY_STREAMOVERFLOWPREDICATE_STREAM2, "D3D11DDI_QUERY_STREAMOVERFLOWPREDICATE_STREAM2",
     Kind::Unsupported, sizeof(BOOL), kNoStreamOutput},
    {D3D11DDI_QUERY_STREAMOVERFLOWPREDICATE_STREAM3, "D3D11DDI_QUERY_STREAMOVERFLOWPREDICATE_STREAM3",
     Kind::Unsupported, sizeof(BOOL), kNoStreamOutput},
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
    switch (kind) {
    case Kind::Occlusion:
    case Kind::OcclusionPredicate:
    case Kind::TimestampDisjoint:
    case Kind::PipelineStats:
    case Kind::PipelineStats11:
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
                                            "unsupported"};
    return names[size_t(kind)];
}

const TypeRow* findD3D10Type(uint32_t type) {
    return find(kD3D10, type);
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

} // namespace ddivk::query

// The D3D10 query DDI, shaped after d3d10umddi.h: the D3D10DDI_QUERY values, the
// D3D10_DDI_QUERY_DATA_* result structs, the flags, and the nine query entry points in one
// table (DDIVK_D3D10DDI_QUERYFUNCS). Values and layouts are the public ones of d3d10umddi.h
// (and of d3d10.h's D3D10_QUERY_DATA_*, checked against mingw-w64 in tests/unit/query).
// As in d3d10umddi.h the entry points return nothing: errors go to the runtime's
// pfnSetErrorCb (DDIVK_D3D10DDI_RUNTIME_CALLBACKS), once per failing call.
#pragma once

#include <cstddef>
#include <cstdint>

#include "ddivk/hresult.h"

struct ddivk_device;

namespace ddivk {

// D3D10DDI_QUERY (d3d10umddi.h), with the D3D11 additions and the counters.
enum D3D10DDI_QUERY : uint32_t {
    D3D10DDI_QUERY_EVENT = 0,
    D3D10DDI_QUERY_OCCLUSION = 1,
    D3D10DDI_QUERY_TIMESTAMP = 2,
    D3D10DDI_QUERY_TIMESTAMPDISJOINT = 3,
    D3D10DDI_QUERY_PIPELINESTATS = 4,
    D3D10DDI_QUERY_OCCLUSIONPREDICATE = 5,
    D3D10DDI_QUERY_STREAMOUTPUTSTATS = 6,
    D3D10DDI_QUERY_STREAMOVERFLOWPREDICATE = 7,
    D3D11DDI_QUERY_PIPELINESTATS = 8,
    D3D11DDI_QUERY_STREAMOUTPUTSTATS_STREAM0 = 9,
    D3D11DDI_QUERY_STREAMOUTPUTSTATS_STREAM1 = 10,
    D3D11DDI_QUERY_STREAMOUTPUTSTATS_STREAM2 = 11,
    D3D11DDI_QUERY_STREAMOUTPUTSTATS_STREAM3 = 12,
    D3D11DDI_QUERY_STREAMOVERFLOWPREDICATE_STREAM0 = 13,
    D3D11DDI_QUERY_STREAMOVERFLOWPREDICATE_STREAM1 = 14,
    D3D11DDI_QUERY_STREAMOVERFLOWPREDICATE_STREAM2 = 15,
    D3D11DDI_QUERY_STREAMOVERFLOWPREDICATE_STREAM3 = 16,

    D3D10DDI_COUNTER_GPU_IDLE = 0x1000, // start of the counters
    D3D10DDI_COUNTER_VERTEX_PROCESSING = 0x1001,
    D3D10DDI_COUNTER_GEOMETRY_PROCESSING = 0x1002,
    D3D10DDI_COUNTER_PIXEL_PROCESSING = 0x1003,
    D3D10DDI_COUNTER_OTHER_GPU_PROCESSING = 0x1004,
    D3D10DDI_COUNTER_HOST_ADAPTER_BANDWIDTH_UTILIZATION = 0x1005,
    D3D10DDI_COUNTER_LOCAL_VIDMEM_BANDWIDTH_UTILIZATION = 0x1006,
    D3D10DDI_COUNTER_VERTEX_THROUGHPUT_UTILIZATION = 0x1007,
    D3D10DDI_COUNTER_TRISETUP_THROUGHPUT_UTILIZATION = 0x1008,
    D3D10DDI_COUNTER_FILLRATE_THROUGHPUT_UTILIZATION = 0x1009,
    D3D10DDI_COUNTER_VERTEXSHADER_MEMORY_LIMITED = 0x100A,
    D3D10DDI_COUNTER_VERTEXSHADER_COMPUTATION_LIMITED = 0x100B,
    D3D10DDI_COUNTER_GEOMETRYSHADER_MEMORY_LIMITED = 0x100C,
    D3D10DDI_COUNTER_GEOMETRYSHADER_COMPUTATION_LIMITED = 0x100D,
    D3D10DDI_COUNTER_PIXELSHADER_MEMORY_LIMITED = 0x100E,
    D3D10DDI_COUNTER_PIXELSHADER_COMPUTATION_LIMITED = 0x100F,
    D3D10DDI_COUNTER_POST_TRANSFORM_CACHE_HIT_RATE = 0x1010,
    D3D10DDI_COUNTER_TEXTURE_CACHE_HIT_RATE = 0x1011,

    D3D10DDI_COUNTER_DEVICE_DEPENDENT_0 = 0x40000000, // start of the device-dependent counters
};

// D3D10DDI_COUNTER_TYPE.
enum D3D10DDI_COUNTER_TYPE : uint32_t {
    D3D10DDI_COUNTER_TYPE_FLOAT32 = 0,
    D3D10DDI_COUNTER_TYPE_UINT16 = 1,
    D3D10DDI_COUNTER_TYPE_UINT32 = 2,
    D3D10DDI_COUNTER_TYPE_UINT64 = 3,
};

using BOOL = int32_t;

struct D3D10_DDI_QUERY_DATA_TIMESTAMP_DISJOINT {
    uint64_t Frequency; // ticks per second of the TIMESTAMP clock
    BOOL Disjoint;      // TRUE: timestamps inside the bracket cannot be compared
};

struct D3D10_DDI_QUERY_DATA_PIPELINE_STATISTICS {
    uint64_t IAVertices;
    uint64_t IAPrimitives;
    uint64_t VSInvocations;
    uint64_t GSInvocations;
    uint64_t GSPrimitives;
    uint64_t CInvocations;
    uint64_t CPrimitives;
    uint64_t PSInvocations;
};

struct D3D11_DDI_QUERY_DATA_PIPELINE_STATISTICS {
    uint64_t IAVertices;
    uint64_t IAPrimitives;
    uint64_t VSInvocations;
    uint64_t GSInvocations;
    uint64_t GSPrimitives;
    uint64_t CInvocations;
    uint64_t CPrimitives;
    uint64_t PSInvocations;
    uint64_t HSInvocations;
    uint64_t DSInvocations;
    uint64_t CSInvocations;
};

struct D3D10_DDI_QUERY_DATA_SO_STATISTICS {
    uint64_t NumPrimitivesWritten;
    uint64_t PrimitivesStorageNeeded;
};

struct D3D10DDI_COUNTER_INFO {
    D3D10DDI_QUERY LastDeviceDependentCounter; // 0: no device-dependent counters
    uint32_t NumSimultaneousCounters;
    uint8_t NumDetectableParallelUnits;
};

// D3D10DDIARG_CREATEQUERY::MiscFlags.
constexpr uint32_t D3D10DDI_QUERY_MISCFLAG_PREDICATEHINT = 0x1;

struct D3D10DDIARG_CREATEQUERY {
    D3D10DDI_QUERY Query;
    uint32_t MiscFlags; // D3D10DDI_QUERY_MISCFLAG_*
};

// QueryGetData's Flags (D3D10_DDI_GET_DATA_FLAG).
constexpr uint32_t D3D10_DDI_GET_DATA_DO_NOT_FLUSH = 0x1;

// dxgiddi.h: MAKE_HRESULT(1, 0x87B, code).
constexpr HRESULT DXGI_DDI_ERR_WASSTILLDRAWING = hresultFrom(0x887B0001u);
constexpr HRESULT DXGI_DDI_ERR_UNSUPPORTED = hresultFrom(0x887B0002u);

// Handles: the driver's and the runtime's, each a pointer wrapped in a struct as in the DDK.
struct D3D10DDI_HDEVICE {
    void* pDrvPrivate;
};
struct D3D10DDI_HRTDEVICE {
    void* handle;
};
// Driver-private memory of CalcPrivateQuerySize bytes, owned by the runtime.
struct D3D10DDI_HQUERY {
    void* pDrvPrivate;
};
struct D3D10DDI_HRTQUERY {
    void* handle;
};

#if defined(_WIN32) && !defined(_WIN64)
#define DDIVK_APIENTRY __stdcall
#else
#define DDIVK_APIENTRY
#endif

// The runtime's side: where errors go (d3d10umddi.h's pfnSetErrorCb of D3D10DDI_CORELAYER_
// DEVICECALLBACKS).
using PFND3D10DDI_SETERROR_CB = void(DDIVK_APIENTRY*)(D3D10DDI_HRTDEVICE, HRESULT);
struct DDIVK_D3D10DDI_RUNTIME_CALLBACKS {
    PFND3D10DDI_SETERROR_CB pfnSetErrorCb;
};

using PFND3D10DDI_CALCPRIVATEQUERYSIZE = size_t(DDIVK_APIENTRY*)(D3D10DDI_HDEVICE,
                                                                 const D3D10DDIARG_CREATEQUERY*);
using PFND3D10DDI_CREATEQUERY = void(DDIVK_APIENTRY*)(D3D10DDI_HDEVICE, const D3D10DDIARG_CREATEQUERY*,
                                                      D3D10DDI_HQUERY, D3D10DDI_HRTQUERY);
using PFND3D10DDI_DESTROYQUERY = void(DDIVK_APIENTRY*)(D3D10DDI_HDEVICE, D3D10DDI_HQUERY);
using PFND3D10DDI_QUERYBEGIN = void(DDIVK_APIENTRY*)(D3D10DDI_HDEVICE, D3D10DDI_HQUERY);
using PFND3D10DDI_QUERYEND = void(DDIVK_APIENTRY*)(D3D10DDI_HDEVICE, D3D10DDI_HQUERY);
using PFND3D10DDI_QUERYGETDATA = void(DDIVK_APIENTRY*)(D3D10DDI_HDEVICE, D3D10DDI_HQUERY, void* pData,
                                                       uint32_t DataSize, uint32_t Flags);
using PFND3D10DDI_SETPREDICATION = void(DDIVK_APIENTRY*)(D3D10DDI_HDEVICE, D3D10DDI_HQUERY,
                                                         BOOL PredicateValue);
using PFND3D10DDI_CHECKCOUNTERINFO = void(DDIVK_APIENTRY*)(D3D10DDI_HDEVICE, D3D10DDI_COUNTER_INFO*);
using PFND3D10DDI_CHECKCOUNTER = void(DDIVK_APIENTRY*)(D3D10DDI_HDEVICE, D3D10DDI_QUERY,
                                                       D3D10DDI_COUNTER_TYPE*, uint32_t* pActiveCounters,
                                                       char* pName, uint32_t* pNameLength, char* pUnits,
                                                       uint32_t* pUnitsLength, char* pDescription,
                                                       uint32_t* pDescriptionLength);

// The query slice of D3D10DDI_DEVICEFUNCS, in its order.
struct DDIVK_D3D10DDI_QUERYFUNCS {
    PFND3D10DDI_CALCPRIVATEQUERYSIZE pfnCalcPrivateQuerySize;
    PFND3D10DDI_CREATEQUERY pfnCreateQuery;
    PFND3D10DDI_DESTROYQUERY pfnDestroyQuery;
    PFND3D10DDI_QUERYBEGIN pfnQueryBegin;
    PFND3D10DDI_QUERYEND pfnQueryEnd;
    PFND3D10DDI_QUERYGETDATA pfnQueryGetData;
    PFND3D10DDI_SETPREDICATION pfnSetPredication;
    PFND3D10DDI_CHECKCOUNTERINFO pfnCheckCounterInfo;
    PFND3D10DDI_CHECKCOUNTER pfnCheckCounter;
};

// Layouts (Windows x64 and LP64; BOOL is a 4-byte int, the structs have natural alignment).
static_assert(sizeof(D3D10DDI_QUERY) == 4);
static_assert(sizeof(D3D10_DDI_QUERY_DATA_TIMESTAMP_DISJOINT) == 16);
static_assert(offsetof(D3D10_DDI_QUERY_DATA_TIMESTAMP_DISJOINT, Disjoint) == 8);
static_assert(sizeof(D3D10_DDI_QUERY_DATA_PIPELINE_STATISTICS) == 64);
static_assert(offsetof(D3D10_DDI_QUERY_DATA_PIPELINE_STATISTICS, PSInvocations) == 56);
static_assert(sizeof(D3D11_DDI_QUERY_DATA_PIPELINE_STATISTICS) == 88);
static_assert(offsetof(D3D11_DDI_QUERY_DATA_PIPELINE_STATISTICS, CSInvocations) == 80);
static_assert(sizeof(D3D10_DDI_QUERY_DATA_SO_STATISTICS) == 16);
static_assert(sizeof(D3D10DDI_COUNTER_INFO) == 12);
static_assert(offsetof(D3D10DDI_COUNTER_INFO, NumDetectableParallelUnits) == 8);
static_assert(sizeof(D3D10DDIARG_CREATEQUERY) == 8);
#if UINTPTR_MAX == UINT64_MAX
static_assert(sizeof(D3D10DDI_HQUERY) == 8 && sizeof(D3D10DDI_HDEVICE) == 8);
static_assert(sizeof(DDIVK_D3D10DDI_QUERYFUNCS) == 9 * 8);
#elif UINTPTR_MAX == UINT32_MAX
// 32-bit Windows (the i686 d3d9.dll): 4-byte handles and function pointers.
static_assert(sizeof(D3D10DDI_HQUERY) == 4 && sizeof(D3D10DDI_HDEVICE) == 4);
static_assert(sizeof(DDIVK_D3D10DDI_QUERYFUNCS) == 9 * 4);
#endif

} // namespace ddivk

extern "C" {

// The D3D10 query door of a driver device: its own query namespace on the device's command
// stream (the queries measure everything the device records, whichever door it came through).
// callbacks->pfnSetErrorCb receives the errors of the entry points, with rtDevice.
ddivk::HRESULT ddivk_d3d10_device_open(ddivk_device* device,
                                       const ddivk::DDIVK_D3D10DDI_RUNTIME_CALLBACKS* callbacks,
                                       ddivk::D3D10DDI_HRTDEVICE rtDevice, ddivk::D3D10DDI_HDEVICE* out);
// Queries created through it must be destroyed first.
void ddivk_d3d10_device_close(ddivk::D3D10DDI_HDEVICE device);
// The entry points (a static table).
const ddivk::DDIVK_D3D10DDI_QUERYFUNCS* ddivk_d3d10_query_functions(void);

} // extern "C"

// The D3D9 user-mode driver (UMD) door for queries, shaped after d3dumddi.h: the argument
// structs of CreateQuery, IssueQuery and GetQueryData, and the query slice of
// D3DDDI_DEVICEFUNCS (with pfnFlush, which is how the runtime passes on D3DGETDATA_FLUSH: the
// real D3DDDIARG_GETQUERYDATA has neither a size nor flags). Layouts are d3dumddi.h's, pinned
// below for Windows x64 / LP64. The functions themselves are in ddivk/ddivk.h.
#pragma once

#include <cstddef>
#include <cstdint>

#include "ddivk/d3d9_enums.h"
#include "ddivk/hresult.h"

namespace ddivk {

// D3DDDIQUERYTYPE: the D3DQUERYTYPE values (D3DDDIQUERYTYPE_EVENT = 8, ...).
using D3DDDIQUERYTYPE = D3DQUERYTYPE;

// d3dumddi.h's HANDLE: an opaque pointer-sized value.
using HANDLE = void*;

struct D3DDDIARG_CREATEQUERY {
    D3DDDIQUERYTYPE QueryType; // in
    HANDLE hQuery;             // out: the driver's handle of the query
};

// D3DDDI_ISSUEQUERYFLAGS: a union of the bit fields {Begin : 1, End : 1, Reserved : 30} with
// UINT Value. Note the order: Begin is bit 0 here, while D3D9's D3DISSUE_BEGIN is bit 1.
struct D3DDDI_ISSUEQUERYFLAGS {
    uint32_t Value;
};
constexpr uint32_t D3DDDI_ISSUEQUERY_BEGIN = 0x1; // the Begin bit field
constexpr uint32_t D3DDDI_ISSUEQUERY_END = 0x2;   // the End bit field

struct D3DDDIARG_ISSUEQUERY {
    HANDLE hQuery;
    D3DDDI_ISSUEQUERYFLAGS Flags; // 0: the driver may ignore the request
};

struct D3DDDIARG_GETQUERYDATA {
    HANDLE hQuery;
    void* pData; // the type's data (BOOL, UINT, UINT64, ...), or null
};

#ifndef DDIVK_APIENTRY
#if defined(_WIN32) && !defined(_WIN64)
#define DDIVK_APIENTRY __stdcall
#else
#define DDIVK_APIENTRY
#endif
#endif

// hDevice is the device the runtime opened; here, a DP2 context handle (ddivk_context_create).
using PFND3DDDI_CREATEQUERY = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice, D3DDDIARG_CREATEQUERY*);
using PFND3DDDI_DESTROYQUERY = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice, HANDLE hQuery);
using PFND3DDDI_ISSUEQUERY = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice, const D3DDDIARG_ISSUEQUERY*);
using PFND3DDDI_GETQUERYDATA = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice, const D3DDDIARG_GETQUERYDATA*);
using PFND3DDDI_FLUSH = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice);

// The query entry points of D3DDDI_DEVICEFUNCS, in its order, then pfnFlush.
struct DDIVK_D3DDDI_QUERYFUNCS {
    PFND3DDDI_CREATEQUERY pfnCreateQuery;
    PFND3DDDI_DESTROYQUERY pfnDestroyQuery;
    PFND3DDDI_ISSUEQUERY pfnIssueQuery;
    PFND3DDDI_GETQUERYDATA pfnGetQueryData;
    PFND3DDDI_FLUSH pfnFlush;
};

static_assert(sizeof(D3DDDI_ISSUEQUERYFLAGS) == 4);
#if UINTPTR_MAX == UINT64_MAX
static_assert(sizeof(D3DDDIARG_CREATEQUERY) == 16 && offsetof(D3DDDIARG_CREATEQUERY, hQuery) == 8);
static_assert(sizeof(D3DDDIARG_ISSUEQUERY) == 16 && offsetof(D3DDDIARG_ISSUEQUERY, Flags) == 8);
static_assert(sizeof(D3DDDIARG_GETQUERYDATA) == 16 && offsetof(D3DDDIARG_GETQUERYDATA, pData) == 8);
static_assert(sizeof(DDIVK_D3DDDI_QUERYFUNCS) == 5 * 8);
#elif UINTPTR_MAX == UINT32_MAX
// 32-bit Windows (the i686 d3d9.dll): 4-byte handles and pointers.
static_assert(sizeof(D3DDDIARG_CREATEQUERY) == 8 && offsetof(D3DDDIARG_CREATEQUERY, hQuery) == 4);
static_assert(sizeof(D3DDDIARG_ISSUEQUERY) == 8 && offsetof(D3DDDIARG_ISSUEQUERY, Flags) == 4);
static_assert(sizeof(D3DDDIARG_GETQUERYDATA) == 8 && offsetof(D3DDDIARG_GETQUERYDATA, pData) == 4);
static_assert(sizeof(DDIVK_D3DDDI_QUERYFUNCS) == 5 * 4);
#endif

} // namespace ddivk

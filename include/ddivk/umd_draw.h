// The D3D9 user-mode driver (UMD) door for resources and draws, shaped after d3dumddi.h:
// CreateResource, DestroyResource, Lock, Unlock, the stream and index setters, SetTexture and
// the four draw entry points, with their argument structs. Layouts are d3dumddi.h's, pinned
// below for Windows x64 / LP64. The table itself comes from ddivk_umd_draw_functions()
// (ddivk/ddivk.h); hDevice is a DP2 context handle, as for the query door (umd_query.h).
#pragma once

#include <cstddef>
#include <cstdint>

#include "ddivk/d3d9_types.h"
#include "ddivk/dp2_payloads.h"
#include "ddivk/umd.h"
#include "ddivk/umd_query.h"

namespace ddivk {

// D3DDDI_POOL.
enum : uint32_t {
    D3DDDIPOOL_SYSTEMMEM = 1,
    D3DDDIPOOL_VIDEOMEMORY = 2,
    D3DDDIPOOL_LOCALVIDMEM = 3,
    D3DDDIPOOL_NONLOCALVIDMEM = 4,
};

// D3DDDI_RESOURCEFLAGS: the bit fields of its Value, in d3dukmdt.h's order.
enum : uint32_t {
    D3DDDI_RESOURCE_RENDERTARGET = 1u << 0,
    D3DDDI_RESOURCE_ZBUFFER = 1u << 1,
    D3DDDI_RESOURCE_DYNAMIC = 1u << 2,
    D3DDDI_RESOURCE_HINTSTATIC = 1u << 3,
    D3DDDI_RESOURCE_AUTOGENMIPMAP = 1u << 4,
    D3DDDI_RESOURCE_DMAP = 1u << 5,
    D3DDDI_RESOURCE_WRITEONLY = 1u << 6,
    D3DDDI_RESOURCE_NOTLOCKABLE = 1u << 7,
    D3DDDI_RESOURCE_POINTS = 1u << 8,
    D3DDDI_RESOURCE_RTPATCHES = 1u << 9,
    D3DDDI_RESOURCE_NPATCHES = 1u << 10,
    D3DDDI_RESOURCE_SHAREDRESOURCE = 1u << 11,
    D3DDDI_RESOURCE_DISCARDRENDERTARGET = 1u << 12,
    D3DDDI_RESOURCE_VIDEO = 1u << 13,
    D3DDDI_RESOURCE_CAPTUREBUFFER = 1u << 14,
    D3DDDI_RESOURCE_PRIMARY = 1u << 15,
    D3DDDI_RESOURCE_TEXTURE = 1u << 16,
    D3DDDI_RESOURCE_CUBEMAP = 1u << 17,
    D3DDDI_RESOURCE_VOLUME = 1u << 18,
    D3DDDI_RESOURCE_VERTEXBUFFER = 1u << 19,
    D3DDDI_RESOURCE_INDEXBUFFER = 1u << 20,
};
struct D3DDDI_RESOURCEFLAGS {
    uint32_t Value;
};

// One subresource of a new resource: a mip level (of a face, for cube maps, faces outermost:
// face f level l is entry f * MipLevels + l), or the whole buffer (Width = its size in bytes).
struct D3DDDI_SURFACEINFO {
    uint32_t Width;
    uint32_t Height;
    uint32_t Depth;
    const void* pSysMem; // initial contents, or null
    uint32_t SysMemPitch;
    uint32_t SysMemSlicePitch;
};

struct D3DDDI_RATIONAL {
    uint32_t Numerator;
    uint32_t Denominator;
};

struct D3DDDIARG_CREATERESOURCE {
    uint32_t Format; // D3DDDIFORMAT (D3DFORMAT values; D3DFMT_INDEX16/32 and VERTEXDATA for buffers)
    uint32_t Pool;   // D3DDDI_POOL
    uint32_t MultisampleType;
    uint32_t MultisampleQuality;
    const D3DDDI_SURFACEINFO* pSurfList;
    uint32_t SurfCount;
    uint32_t MipLevels;
    uint32_t Fvf;
    uint32_t VidPnSourceId;
    D3DDDI_RATIONAL RefreshRate;
    HANDLE hResource; // in: the runtime's handle; out: the driver's
    D3DDDI_RESOURCEFLAGS Flags;
    uint32_t Rotation;
};

// D3DDDI_LOCKFLAGS: the bit fields of its Value.
enum : uint32_t {
    D3DDDI_LOCK_READONLY = 1u << 0,
    D3DDDI_LOCK_WRITEONLY = 1u << 1,
    D3DDDI_LOCK_NOOVERWRITE = 1u << 2,
    D3DDDI_LOCK_DISCARD = 1u << 3,
    D3DDDI_LOCK_RANGEVALID = 1u << 4,
    D3DDDI_LOCK_AREAVALID = 1u << 5,
    D3DDDI_LOCK_BOXVALID = 1u << 6,
    D3DDDI_LOCK_NOSYSLOCK = 1u << 7,
    D3DDDI_LOCK_NOTIFYONLY = 1u << 8,
    D3DDDI_LOCK_MIGHTDRAWFROMLOCKED = 1u << 9,
    D3DDDI_LOCK_DONOTWAIT = 1u << 10,
};
struct D3DDDI_LOCKFLAGS {
    uint32_t Value;
};

struct D3DDDIRANGE {
    uint32_t Offset;
    uint32_t Size;
};
struct D3DDDIBOX {
    uint32_t Left, Top, Right, Bottom, Front, Back;
};

struct D3DDDIARG_LOCK {
    HANDLE hResource;
    uint32_t SubResourceIndex;
    union {
        D3DDDIRANGE Range; // buffers, with RangeValid
        RECT Area;         // surfaces, with AreaValid
        D3DDDIBOX Box;     // volumes, with BoxValid
    };
    void* pSurfData; // out
    uint32_t Pitch;  // out: bytes per row (per row of 4x4 blocks for DXT formats)
    uint32_t SlicePitch;
    D3DDDI_LOCKFLAGS Flags;
};

struct D3DDDIARG_UNLOCK {
    HANDLE hResource;
    uint32_t SubResourceIndex;
    uint32_t Flags; // D3DDDI_UNLOCKFLAGS (NotifyOnly); ignored
};

struct D3DDDIARG_SETSTREAMSOURCE {
    uint32_t Stream;
    HANDLE hVertexBuffer; // null: unbind
    uint32_t Offset;
    uint32_t Stride;
};
struct D3DDDIARG_SETSTREAMSOURCEUM {
    uint32_t Stream;
    uint32_t Stride;
};
struct D3DDDIARG_SETINDICES {
    HANDLE hIndexBuffer;
    uint32_t Stride; // 2 or 4
};

struct D3DDDIARG_DRAWPRIMITIVE {
    uint32_t PrimitiveType; // D3DPRIMITIVETYPE
    uint32_t VStart;
    uint32_t PrimitiveCount;
};
struct D3DDDIARG_DRAWINDEXEDPRIMITIVE {
    uint32_t PrimitiveType;
    int32_t BaseVertexIndex;
    uint32_t MinIndex;
    uint32_t NumVertices;
    uint32_t StartIndex;
    uint32_t PrimitiveCount;
};
// Draws from the user-memory stream 0 (SetStreamSourceUm), FirstVertexOffset in bytes.
struct D3DDDIARG_DRAWPRIMITIVE2 {
    uint32_t PrimitiveType;
    uint32_t FirstVertexOffset;
    uint32_t PrimitiveCount;
};
// Indices passed with the call; BaseVertexOffset in bytes into the user-memory stream 0.
struct D3DDDIARG_DRAWINDEXEDPRIMITIVE2 {
    uint32_t PrimitiveType;
    int32_t BaseVertexOffset;
    uint32_t MinIndex;
    uint32_t NumVertices;
    uint32_t StartIndexOffset; // bytes into pIndexBuffer
    uint32_t PrimitiveCount;
};

using PFND3DDDI_CREATERESOURCE = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice, D3DDDIARG_CREATERESOURCE*);
using PFND3DDDI_DESTROYRESOURCE = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice, HANDLE hResource);
using PFND3DDDI_LOCK = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice, D3DDDIARG_LOCK*);
using PFND3DDDI_UNLOCK = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice, const D3DDDIARG_UNLOCK*);
using PFND3DDDI_SETSTREAMSOURCE = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice, const D3DDDIARG_SETSTREAMSOURCE*);
using PFND3DDDI_SETSTREAMSOURCEUM = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice, const D3DDDIARG_SETSTREAMSOURCEUM*,
                                                            const void* pUMBuffer);
using PFND3DDDI_SETSTREAMSOURCEFREQ = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice, const D3DDDIARG_SETSTREAMSOURCEFREQ*);
using PFND3DDDI_SETINDICES = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice, const D3DDDIARG_SETINDICES*);
using PFND3DDDI_SETINDICESUM = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice, uint32_t IndexSize, const void* pUMBuffer);
using PFND3DDDI_SETTEXTURE = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice, uint32_t Stage, HANDLE hTexture);
using PFND3DDDI_DRAWPRIMITIVE = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice, const D3DDDIARG_DRAWPRIMITIVE*,
                                                        const uint32_t* pFlagBuffer);
using PFND3DDDI_DRAWINDEXEDPRIMITIVE = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice,
                                                               const D3DDDIARG_DRAWINDEXEDPRIMITIVE*);
using PFND3DDDI_DRAWPRIMITIVE2 = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice, const D3DDDIARG_DRAWPRIMITIVE2*);
using PFND3DDDI_DRAWINDEXEDPRIMITIVE2 = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice,
                                                                const D3DDDIARG_DRAWINDEXEDPRIMITIVE2*,
                                                                uint32_t dwIndicesSize, const void* pIndexBuffer,
                                                                const uint32_t* pFlagBuffer);

// The resource and draw entry points of D3DDDI_DEVICEFUNCS that this door offers.
struct DDIVK_D3DDDI_DRAWFUNCS {
    PFND3DDDI_CREATERESOURCE pfnCreateResource;
    PFND3DDDI_DESTROYRESOURCE pfnDestroyResource;
    PFND3DDDI_LOCK pfnLock;
    PFND3DDDI_UNLOCK pfnUnlock;
    PFND3DDDI_SETSTREAMSOURCE pfnSetStreamSource;
    PFND3DDDI_SETSTREAMSOURCEUM pfnSetStreamSourceUm;
    PFND3DDDI_SETSTREAMSOURCEFREQ pfnSetStreamSourceFreq;
    PFND3DDDI_SETINDICES pfnSetIndices;
    PFND3DDDI_SETINDICESUM pfnSetIndicesUm;
    PFND3DDDI_SETTEXTURE pfnSetTexture;
    PFND3DDDI_DRAWPRIMITIVE pfnDrawPrimitive;
    PFND3DDDI_DRAWINDEXEDPRIMITIVE pfnDrawIndexedPrimitive;
    PFND3DDDI_DRAWPRIMITIVE2 pfnDrawPrimitive2;
    PFND3DDDI_DRAWINDEXEDPRIMITIVE2 pfnDrawIndexedPrimitive2;
};

#if UINTPTR_MAX == UINT64_MAX
static_assert(sizeof(D3DDDI_SURFACEINFO) == 32 && offsetof(D3DDDI_SURFACEINFO, pSysMem) == 16);
static_assert(sizeof(D3DDDIARG_CREATERESOURCE) == 64);
static_assert(offsetof(D3DDDIARG_CREATERESOURCE, pSurfList) == 16);
static_assert(offsetof(D3DDDIARG_CREATERESOURCE, SurfCount) == 24);
static_assert(offsetof(D3DDDIARG_CREATERESOURCE, RefreshRate) == 40);
static_assert(offsetof(D3DDDIARG_CREATERESOURCE, hResource) == 48);
static_assert(offsetof(D3DDDIARG_CREATERESOURCE, Flags) == 56);
static_assert(sizeof(D3DDDIARG_LOCK) == 64 && offsetof(D3DDDIARG_LOCK, Range) == 12);
static_assert(offsetof(D3DDDIARG_LOCK, pSurfData) == 40 && offsetof(D3DDDIARG_LOCK, Flags) == 56);
static_assert(sizeof(D3DDDIARG_UNLOCK) == 16);
static_assert(sizeof(D3DDDIARG_SETSTREAMSOURCE) == 24 && offsetof(D3DDDIARG_SETSTREAMSOURCE, Offset) == 16);
static_assert(sizeof(D3DDDIARG_SETINDICES) == 16);
static_assert(sizeof(D3DDDIARG_DRAWINDEXEDPRIMITIVE) == 24 && sizeof(D3DDDIARG_DRAWINDEXEDPRIMITIVE2) == 24);
static_assert(sizeof(DDIVK_D3DDDI_DRAWFUNCS) == 14 * 8);
#elif UINTPTR_MAX == UINT32_MAX
// 32-bit Windows (the i686 d3d9.dll): 4-byte handles and pointers, nothing 8-byte aligned.
static_assert(sizeof(D3DDDI_SURFACEINFO) == 24 && offsetof(D3DDDI_SURFACEINFO, pSysMem) == 12);
static_assert(sizeof(D3DDDIARG_CREATERESOURCE) == 56);
static_assert(offsetof(D3DDDIARG_CREATERESOURCE, pSurfList) == 16);
static_assert(offsetof(D3DDDIARG_CREATERESOURCE, SurfCount) == 20);
static_assert(offsetof(D3DDDIARG_CREATERESOURCE, RefreshRate) == 36);
static_assert(offsetof(D3DDDIARG_CREATERESOURCE, hResource) == 44);
static_assert(offsetof(D3DDDIARG_CREATERESOURCE, Flags) == 48);
static_assert(sizeof(D3DDDIARG_LOCK) == 48 && offsetof(D3DDDIARG_LOCK, Range) == 8);
static_assert(offsetof(D3DDDIARG_LOCK, pSurfData) == 32 && offsetof(D3DDDIARG_LOCK, Flags) == 44);
static_assert(sizeof(D3DDDIARG_UNLOCK) == 12);
static_assert(sizeof(D3DDDIARG_SETSTREAMSOURCE) == 16 && offsetof(D3DDDIARG_SETSTREAMSOURCE, Offset) == 8);
static_assert(sizeof(D3DDDIARG_SETINDICES) == 8);
static_assert(sizeof(D3DDDIARG_DRAWINDEXEDPRIMITIVE) == 24 && sizeof(D3DDDIARG_DRAWINDEXEDPRIMITIVE2) == 24);
static_assert(sizeof(DDIVK_D3DDDI_DRAWFUNCS) == 14 * 4);
#endif

} // namespace ddivk

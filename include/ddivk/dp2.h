// The DrawPrimitives2 DDI (d3dhal.h, DX9 DDK): opcodes, the command token, the call's argument
// block and its flags. Portable mirrors with the DDK's names: fixed-width fields, no windows.h.
// Payload structs of the opcodes live in dp2_payloads.h.
//
// We do not model DirectDraw: where the DDK points lpDDCommands / lpDDVertex at a
// DD_SURFACE_LOCAL, ours point at a DDIVK_DP2BUFFER (memory + size), see docs/dp2.md.
#pragma once

#include <cstddef>
#include <cstdint>

#include "ddivk/hresult.h"

namespace ddivk {

// D3DHAL_DP2OPERATION: the bCommand byte of a D3DHAL_DP2COMMAND.
enum D3DHAL_DP2OPERATION : uint32_t {
    D3DDP2OP_POINTS = 1,
    D3DDP2OP_INDEXEDLINELIST = 2,
    D3DDP2OP_INDEXEDTRIANGLELIST = 3,
    D3DDP2OP_RENDERSTATE = 8,
    D3DDP2OP_LINELIST = 15,
    D3DDP2OP_LINESTRIP = 16,
    D3DDP2OP_INDEXEDLINESTRIP = 17,
    D3DDP2OP_TRIANGLELIST = 18,
    D3DDP2OP_TRIANGLESTRIP = 19,
    D3DDP2OP_INDEXEDTRIANGLESTRIP = 20,
    D3DDP2OP_TRIANGLEFAN = 21,
    D3DDP2OP_INDEXEDTRIANGLEFAN = 22,
    D3DDP2OP_TRIANGLEFAN_IMM = 23,
    D3DDP2OP_LINELIST_IMM = 24,
    D3DDP2OP_TEXTURESTAGESTATE = 25,
    D3DDP2OP_INDEXEDTRIANGLELIST2 = 26,
    D3DDP2OP_INDEXEDLINELIST2 = 27,
    D3DDP2OP_VIEWPORTINFO = 28,
    D3DDP2OP_WINFO = 29,
    D3DDP2OP_SETPALETTE = 30,
    D3DDP2OP_UPDATEPALETTE = 31,
    D3DDP2OP_ZRANGE = 32,
    D3DDP2OP_SETMATERIAL = 33,
    D3DDP2OP_SETLIGHT = 34,
    D3DDP2OP_CREATELIGHT = 35,
    D3DDP2OP_SETTRANSFORM = 36,
    D3DDP2OP_TEXBLT = 38,
    D3DDP2OP_STATESET = 39,
    D3DDP2OP_SETPRIORITY = 40,
    D3DDP2OP_SETRENDERTARGET = 41,
    D3DDP2OP_CLEAR = 42,
    D3DDP2OP_SETTEXLOD = 43,
    D3DDP2OP_SETCLIPPLANE = 44,
    D3DDP2OP_CREATEVERTEXSHADER = 45,
    D3DDP2OP_DELETEVERTEXSHADER = 46,
    D3DDP2OP_SETVERTEXSHADER = 47,
    D3DDP2OP_SETVERTEXSHADERCONST = 48,
    D3DDP2OP_SETSTREAMSOURCE = 49,
    D3DDP2OP_SETSTREAMSOURCEUM = 50,
    D3DDP2OP_SETINDICES = 51,
    D3DDP2OP_DRAWPRIMITIVE = 52,
    D3DDP2OP_DRAWINDEXEDPRIMITIVE = 53,
    D3DDP2OP_CREATEPIXELSHADER = 54,
    D3DDP2OP_DELETEPIXELSHADER = 55,
    D3DDP2OP_SETPIXELSHADER = 56,
    D3DDP2OP_SETPIXELSHADERCONST = 57,
    D3DDP2OP_CLIPPEDTRIANGLEFAN = 58,
    D3DDP2OP_DRAWPRIMITIVE2 = 59,
    D3DDP2OP_DRAWINDEXEDPRIMITIVE2 = 60,
    D3DDP2OP_DRAWRECTPATCH = 61,
    D3DDP2OP_DRAWTRIPATCH = 62,
    D3DDP2OP_VOLUMEBLT = 63,
    D3DDP2OP_BUFFERBLT = 64,
    D3DDP2OP_MULTIPLYTRANSFORM = 65,
    D3DDP2OP_ADDDIRTYRECT = 66,
    D3DDP2OP_ADDDIRTYBOX = 67,
    D3DDP2OP_CREATEVERTEXSHADERDECL = 71,
    D3DDP2OP_DELETEVERTEXSHADERDECL = 72,
    D3DDP2OP_SETVERTEXSHADERDECL = 73,
    D3DDP2OP_CREATEVERTEXSHADERFUNC = 74,
    D3DDP2OP_DELETEVERTEXSHADERFUNC = 75,
    D3DDP2OP_SETVERTEXSHADERFUNC = 76,
    D3DDP2OP_SETVERTEXSHADERCONSTI = 77,
    D3DDP2OP_SETSCISSORRECT = 79,
    D3DDP2OP_SETSTREAMSOURCE2 = 80,
    D3DDP2OP_BLT = 81,
    D3DDP2OP_COLORFILL = 82,
    D3DDP2OP_SETVERTEXSHADERCONSTB = 83,
    D3DDP2OP_CREATEQUERY = 84,
    D3DDP2OP_SETRENDERTARGET2 = 85,
    D3DDP2OP_SETDEPTHSTENCIL = 86,
    D3DDP2OP_RESPONSECONTINUE = 87, // only in response buffers written by the driver
    D3DDP2OP_RESPONSEQUERY = 88,    // only in response buffers written by the driver
    D3DDP2OP_GENERATEMIPSUBLEVELS = 89,
    D3DDP2OP_DELETEQUERY = 90,
    D3DDP2OP_ISSUEQUERY = 91,
    D3DDP2OP_SETPIXELSHADERCONSTI = 93,
    D3DDP2OP_SETPIXELSHADERCONSTB = 94,
    D3DDP2OP_SETSTREAMSOURCEFREQ = 95,
    D3DDP2OP_SURFACEBLT = 96,
    D3DDP2OP_SETCONVOLUTIONKERNELMONO = 97, // DX9 L (Windows Vista runtime)
    D3DDP2OP_COMPOSERECTS = 98,             // DX9 L (Windows Vista runtime)
};

// The d3dhal.h spelling of opcode 44 in some DDK releases.
constexpr uint32_t D3DPP2OP_SETCLIPPLANE = D3DDP2OP_SETCLIPPLANE;

// One command token; its payload follows it in the command buffer.
struct D3DHAL_DP2COMMAND {
    uint8_t bCommand; // D3DHAL_DP2OPERATION
    uint8_t bReserved;
    union {
        uint16_t wPrimitiveCount;
        uint16_t wStateCount;
    };
};

// Our stand-in for the DirectDraw surface behind lpDDCommands / lpDDVertex: a block of
// system memory. Created and destroyed through ddivk::dp2::Dp2BufferPool; the driver may
// rename lpMemory/dwSize in place on D3DHALDP2_SWAP*BUFFER (docs/dp2.md).
struct DDIVK_DP2BUFFER {
    void* lpMemory;         // fpVidMem of the DDK: first byte of the buffer
    uint32_t dwSize;        // bytes usable at lpMemory (dwLinearSize of the DDK)
    uint32_t dwFlags;       // DDIVK_DP2BUFFER_* below
    void* lpDriverReserved; // owned by the pool; callers must not touch it
};

constexpr uint32_t DDIVK_DP2BUFFER_COMMANDS = 0x1; // created as a command buffer
constexpr uint32_t DDIVK_DP2BUFFER_VERTICES = 0x2; // created as a vertex buffer

// D3dDrawPrimitives2's argument block, field for field the DDK layout.
// dwVertexSize and ddrval share storage: read dwVertexSize before writing ddrval.
struct D3DHAL_DRAWPRIMITIVES2DATA {
    uintptr_t dwhContext;          // ULONG_PTR: the context handle
    uint32_t dwFlags;              // D3DHALDP2_*
    uint32_t dwVertexType;         // FVF of the DP2 vertex data
    DDIVK_DP2BUFFER* lpDDCommands; // command buffer
    uint32_t dwCommandOffset;      // bytes into lpDDCommands memory where the commands start
    uint32_t dwCommandLength;      // bytes of commands, from dwCommandOffset
    union {
        DDIVK_DP2BUFFER* lpDDVertex; // vertex buffer, unless D3DHALDP2_USERMEMVERTICES
        void* lpVertices;            // user-memory vertices, with D3DHALDP2_USERMEMVERTICES
    };
    uint32_t dwVertexOffset;      // bytes into the vertex memory where vertex data starts
    uint32_t dwVertexLength;      // number of VERTICES of valid data from dwVertexOffset
    uint32_t dwReqVertexBufSize;  // with D3DHALDP2_REQVERTEXBUFSIZE: bytes the next VB needs
    uint32_t dwReqCommandBufSize; // with D3DHALDP2_REQCOMMANDBUFSIZE: bytes the next CB needs
    uint32_t* lpdwRStates;        // render-state array updated with D3DHALDP2_EXECUTEBUFFER
    union {
        uint32_t dwVertexSize; // in: bytes per vertex
        HRESULT ddrval;        // out: result
    };
    uint32_t dwErrorOffset; // out: offset into lpDDCommands memory of the first unhandled command
};

// dwFlags of D3DHAL_DRAWPRIMITIVES2DATA.
constexpr uint32_t D3DHALDP2_USERMEMVERTICES = 0x00000001;
constexpr uint32_t D3DHALDP2_EXECUTEBUFFER = 0x00000002;
constexpr uint32_t D3DHALDP2_SWAPVERTEXBUFFER = 0x00000004;
constexpr uint32_t D3DHALDP2_SWAPCOMMANDBUFFER = 0x00000008;
constexpr uint32_t D3DHALDP2_REQVERTEXBUFSIZE = 0x00000010;
constexpr uint32_t D3DHALDP2_REQCOMMANDBUFSIZE = 0x00000020;
constexpr uint32_t D3DHALDP2_VIDMEMVERTEXBUF = 0x00000040;  // set by the driver
constexpr uint32_t D3DHALDP2_VIDMEMCOMMANDBUF = 0x00000080; // set by the driver

// Size of the lpdwRStates array (D3DHAL_MAX_RSTATES of the DX9 DDK).
constexpr uint32_t D3DHAL_MAX_RSTATES = 256;

// D3dParseUnknownCommand, handed to the driver through GetDriverInfo
// (GUID_D3DParseUnknownCommandCallback). __stdcall on 32-bit Windows.
#if defined(_WIN32) && !defined(_WIN64)
#define DDIVK_STDCALL __stdcall
#else
#define DDIVK_STDCALL
#endif
using PFND3DPARSEUNKNOWNCOMMAND = HRESULT(DDIVK_STDCALL*)(void* lpvCommands, void** lplpvReturnedCommand);

// The D3dDrawPrimitives2 entry point type.
using LPD3DHAL_DRAWPRIMITIVES2CB = uint32_t(DDIVK_STDCALL*)(D3DHAL_DRAWPRIMITIVES2DATA*);

static_assert(sizeof(D3DHAL_DP2COMMAND) == 4);
static_assert(offsetof(D3DHAL_DP2COMMAND, bReserved) == 1);
static_assert(offsetof(D3DHAL_DP2COMMAND, wPrimitiveCount) == 2);
static_assert(offsetof(D3DHAL_DP2COMMAND, wStateCount) == 2);

#if UINTPTR_MAX == UINT64_MAX
// Windows x64 (and LP64 hosts): 8-byte pointers.
static_assert(sizeof(D3DHAL_DRAWPRIMITIVES2DATA) == 72);
static_assert(offsetof(D3DHAL_DRAWPRIMITIVES2DATA, dwFlags) == 8);
static_assert(offsetof(D3DHAL_DRAWPRIMITIVES2DATA, dwVertexType) == 12);
static_assert(offsetof(D3DHAL_DRAWPRIMITIVES2DATA, lpDDCommands) == 16);
static_assert(offsetof(D3DHAL_DRAWPRIMITIVES2DATA, dwCommandOffset) == 24);
static_assert(offsetof(D3DHAL_DRAWPRIMITIVES2DATA, dwCommandLength) == 28);
static_assert(offsetof(D3DHAL_DRAWPRIMITIVES2DATA, lpDDVertex) == 32);
static_assert(offsetof(D3DHAL_DRAWPRIMITIVES2DATA, lpVertices) == 32);
static_assert(offsetof(D3DHAL_DRAWPRIMITIVES2DATA, dwVertexOffset) == 40);
static_assert(offsetof(D3DHAL_DRAWPRIMITIVES2DATA, dwVertexLength) == 44);
static_assert(offsetof(D3DHAL_DRAWPRIMITIVES2DATA, dwReqVertexBufSize) == 48);
static_assert(offsetof(D3DHAL_DRAWPRIMITIVES2DATA, dwReqCommandBufSize) == 52);
static_assert(offsetof(D3DHAL_DRAWPRIMITIVES2DATA, lpdwRStates) == 56);
static_assert(offsetof(D3DHAL_DRAWPRIMITIVES2DATA, dwVertexSize) == 64);
static_assert(offsetof(D3DHAL_DRAWPRIMITIVES2DATA, ddrval) == 64);
static_assert(offsetof(D3DHAL_DRAWPRIMITIVES2DATA, dwErrorOffset) == 68);
static_assert(sizeof(DDIVK_DP2BUFFER) == 24 && offsetof(DDIVK_DP2BUFFER, dwSize) == 8 &&
              offsetof(DDIVK_DP2BUFFER, dwFlags) == 12 && offsetof(DDIVK_DP2BUFFER, lpDriverReserved) == 16);
#elif UINTPTR_MAX == UINT32_MAX
// 32-bit Windows (the i686 d3d9.dll): 4-byte pointers.
static_assert(sizeof(D3DHAL_DRAWPRIMITIVES2DATA) == 56);
static_assert(offsetof(D3DHAL_DRAWPRIMITIVES2DATA, dwFlags) == 4);
static_assert(offsetof(D3DHAL_DRAWPRIMITIVES2DATA, dwVertexType) == 8);
static_assert(offsetof(D3DHAL_DRAWPRIMITIVES2DATA, lpDDCommands) == 12);
static_assert(offsetof(D3DHAL_DRAWPRIMITIVES2DATA, dwCommandOffset) == 16);
static_assert(offsetof(D3DHAL_DRAWPRIMITIVES2DATA, dwCommandLength) == 20);
static_assert(offsetof(D3DHAL_DRAWPRIMITIVES2DATA, lpDDVertex) == 24);
static_assert(offsetof(D3DHAL_DRAWPRIMITIVES2DATA, dwVertexOffset) == 28);
static_assert(offsetof(D3DHAL_DRAWPRIMITIVES2DATA, dwVertexLength) == 32);
static_assert(offsetof(D3DHAL_DRAWPRIMITIVES2DATA, dwReqVertexBufSize) == 36);
static_assert(offsetof(D3DHAL_DRAWPRIMITIVES2DATA, dwReqCommandBufSize) == 40);
static_assert(offsetof(D3DHAL_DRAWPRIMITIVES2DATA, lpdwRStates) == 44);
static_assert(offsetof(D3DHAL_DRAWPRIMITIVES2DATA, dwVertexSize) == 48);
static_assert(offsetof(D3DHAL_DRAWPRIMITIVES2DATA, ddrval) == 48);
static_assert(offsetof(D3DHAL_DRAWPRIMITIVES2DATA, dwErrorOffset) == 52);
static_assert(sizeof(DDIVK_DP2BUFFER) == 16 && offsetof(DDIVK_DP2BUFFER, dwSize) == 4 &&
              offsetof(DDIVK_DP2BUFFER, dwFlags) == 8 && offsetof(DDIVK_DP2BUFFER, lpDriverReserved) == 12);
#else
#error "unsupported pointer size"
#endif

} // namespace ddivk

// Stream output through the D3D10 door (docs/queries.md, "Stream output"): what the
// STREAMOUTPUTSTATS and STREAMOVERFLOWPREDICATE queries measure.
//
// pfnSoSetTargets has d3d10umddi.h's shape. Its resources are buffers made through the UMD
// door (include/ddivk/umd_draw.h): D3D10DDI_HRESOURCE::pDrvPrivate carries the UMD handle.
// D3D10 attaches the stream-output declaration to a geometry shader created with stream
// output; D3D9 programs have no geometry shader, so pfnSetStreamOutputDeclaration sets it on
// the device, in D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY's shape, and it applies to the
// vs_3_0 program of every draw while targets are bound: RegisterIndex names output register
// oN, RegisterMask the components (one contiguous run).
#pragma once

#include <cstddef>
#include <cstdint>

#include "ddivk/d3d10_query.h"

namespace ddivk {

struct D3D10DDI_HRESOURCE {
    void* pDrvPrivate; // a UMD resource handle (uintptr_t)
};

// SoSetTargets' offset that appends where the buffer's earlier stream output stopped.
constexpr uint32_t D3D10_DDI_SO_APPEND_OFFSET = 0xFFFFFFFFu;
// Stream-output slots (D3D10_SO_BUFFER_SLOT_COUNT) and vertex streams.
constexpr uint32_t D3D10_DDI_SO_BUFFER_SLOT_COUNT = 4;
constexpr uint32_t D3D11_DDI_SO_STREAM_COUNT = 4;
// A declaration entry with this RegisterIndex is a gap: it skips its components' bytes.
constexpr uint32_t D3D10_DDI_SO_GAP_REGISTER = 0xFFFFFFFFu;

struct D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY {
    uint32_t Stream;        // vertex stream (0: a vertex shader writes only stream 0)
    uint32_t OutputSlot;    // buffer slot, < 4
    uint32_t RegisterIndex; // output register oN, or D3D10_DDI_SO_GAP_REGISTER
    uint8_t RegisterMask;   // D3D10_DDI_COMPONENT_MASK bits (x = 1 ... w = 8), contiguous
};

using PFND3D10DDI_SOSETTARGETS = void(DDIVK_APIENTRY*)(D3D10DDI_HDEVICE, uint32_t NumTargets, uint32_t ClearTargets,
                                                       const D3D10DDI_HRESOURCE* phResource,
                                                       const uint32_t* pOffsets);
// pBufferStridesInBytes: per slot (NumStrides <= 4); a stride of 0, or a slot past NumStrides,
// is the packed size of the slot's entries. NumEntries 0 removes the declaration.
using PFNDDIVK_SETSTREAMOUTPUTDECLARATION = void(DDIVK_APIENTRY*)(
    D3D10DDI_HDEVICE, const D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY* pEntries, uint32_t NumEntries,
    const uint32_t* pBufferStridesInBytes, uint32_t NumStrides);

struct DDIVK_D3D10DDI_STREAMOUTPUTFUNCS {
    PFND3D10DDI_SOSETTARGETS pfnSoSetTargets;
    PFNDDIVK_SETSTREAMOUTPUTDECLARATION pfnSetStreamOutputDeclaration;
};

static_assert(sizeof(D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY) == 16);
static_assert(offsetof(D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY, RegisterMask) == 12);

} // namespace ddivk

extern "C" {

// The entry points (a static table); hDevice is a ddivk_d3d10_device_open handle. Errors go
// to the runtime's pfnSetErrorCb (E_INVALIDARG, and nothing changes).
const ddivk::DDIVK_D3D10DDI_STREAMOUTPUTFUNCS* ddivk_d3d10_stream_output_functions(void);

} // extern "C"

// ProcessVertices with a vertex shader, on the GPU (docs/draw-translator.md, "ProcessVertices'
// capture"): the context's current vertex shader runs over VertexCount vertices from
// SrcStartIndex of the current streams and declaration, as a non-indexed point-list draw would
// run it, and the outputs the elements name are written into a buffer, one vertex every
// DestStride bytes from DestOffset. Nothing is rasterised: render targets, depth, occlusion
// queries and the clip status are untouched. What D3D9's ProcessVertices does after the shader
// (the perspective divide, the viewport, clip codes, the output format) is the runtime's: this
// hands it the shader's outputs as floats.
//
// d3dumddi.h has no function of this shape (its runtime runs software vertex processing
// itself), so this is ddivk's own entry point; hDevice is a DP2 context handle, as for the UMD
// doors, and the call is recorded in order with the draws around it.
#pragma once

#include <cstddef>
#include <cstdint>

#include "ddivk/hresult.h"
#include "ddivk/umd_query.h"

namespace ddivk {

// One captured output: the vertex shader's output of semantic Usage (D3DDECLUSAGE) /
// UsageIndex, as the pixel stage would link it (vs_1_x/2_x: oPos POSITION0, oFog FOG0, oPts
// PSIZE0, oD# COLOR#, oT# TEXCOORD#; vs_3_0: the registers' dcl), its first Components (1 to
// 4) components as floats at Offset bytes into the vertex. An output the shader never writes
// is written as zeros.
struct DDIVK_CAPTUREELEMENT {
    uint8_t Usage;      // < 16
    uint8_t UsageIndex; // < 16
    uint8_t Components; // 1..4: x, xy, xyz, xyzw
    uint8_t Reserved;   // 0
    uint32_t Offset;    // a multiple of 4; Offset + 4 * Components <= DestStride
};

struct DDIVK_PROCESSVERTICES {
    uint32_t SrcStartIndex;
    uint32_t VertexCount; // 0: nothing happens
    HANDLE hDestBuffer;   // a buffer of the UMD door (include/ddivk/umd_draw.h)
    uint32_t DestOffset;  // a multiple of 4
    uint32_t DestStride;  // a multiple of 4, up to the device's transform-feedback stride limit
    const DDIVK_CAPTUREELEMENT* pElements;
    uint32_t NumElements; // 1..16
};

static_assert(sizeof(DDIVK_CAPTUREELEMENT) == 8);

} // namespace ddivk

extern "C" {

// D3DERR_INVALIDCALL, with nothing written, for: an unknown context or buffer, a range past the
// buffer's end, a bad element (usage or index past 15, 0 or more than 4 components, an
// unaligned offset, past the stride, two elements overlapping), a context without a vertex
// shader, and draws the current state refuses (a bad declaration or stream). D3DERR_NOTAVAILABLE
// where the device has no VK_EXT_transform_feedback or no push descriptors.
ddivk::HRESULT ddivk_umd_process_vertices(ddivk::HANDLE hDevice, const ddivk::DDIVK_PROCESSVERTICES* args);

} // extern "C"

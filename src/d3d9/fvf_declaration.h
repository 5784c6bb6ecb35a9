// The conversions between FVF codes and vertex declarations that D3D9's runtime answers through
// GetVertexDeclaration after SetFVF and GetFVF after SetVertexDeclaration (Wine's
// test_fvf_decl_conversion and test_decl_to_fvf record Windows' answers).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "ddivk/d3d9_decl.h"
#include "ddivk/dp2_payloads.h"

namespace ddivk::d3d9 {

// The declaration GetVertexDeclaration gives after SetFVF(fvf), end marker included; nullopt
// for a code that is no FVF. The SDK's mapping (draw::declarationFromFvf) with the runtime's
// two departures: XYZB5 without a LASTBETA flag carries its fifth beta as FLOAT1 BLENDINDICES,
// and XYZB2 | LASTBETA_D3DCOLOR reads as a D3DCOLOR BLENDWEIGHT and UBYTE4 BLENDINDICES.
std::optional<std::vector<ddivk::D3DVERTEXELEMENT9>> runtimeDeclarationOfFvf(uint32_t fvf);

// The FVF GetFVF gives after SetVertexDeclaration: D3DFVF_XYZ for a lone FLOAT3 POSITION,
// D3DFVF_XYZRHW for a lone FLOAT4 POSITIONT, 0 for every other declaration (elements up to
// the end marker).
uint32_t runtimeFvfOfDeclaration(std::span<const ddivk::D3DVERTEXELEMENT9> elements);

} // namespace ddivk::d3d9

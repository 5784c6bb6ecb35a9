// D3dDrawPrimitives2 (d3dhal.h) on our device: walks the DP2 command buffer of a call,
// validates every token completely and routes it to the context's Target (target.h).
// Rules: /work/shared/spec/d3ddrawprimitives2.txt; decisions: docs/dp2.md.
#pragma once

#include <cstddef>
#include <cstdint>

#include "ddivk/dp2.h"
#include "dp2/context_table.h"

namespace ddivk::dp2 {

// Implements LPD3DHAL_DRAWPRIMITIVES2CB for the contexts in `contexts`. Always returns
// DDHAL_DRIVER_HANDLED (DDHAL_DRIVER_NOTHANDLED only for a null `data`); the outcome is in
// data->ddrval and, on failure, data->dwErrorOffset (bytes from the start of the
// lpDDCommands memory to the first command that was not executed).
uint32_t drawPrimitives2(ContextTable& contexts, D3DHAL_DRAWPRIMITIVES2DATA* data);

// The DDK name of a known opcode ("RENDERSTATE"), or nullptr.
const char* opcodeName(uint32_t op);
// The Target method a known opcode is routed to, or nullptr.
const char* opcodeTargetMethod(uint32_t op);
// How many opcodes the executor decodes.
size_t knownOpcodeCount();

} // namespace ddivk::dp2

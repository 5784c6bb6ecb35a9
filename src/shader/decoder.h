// Decodes and validates a D3D9 shader token stream (vs_1_1 .. vs_3_0, ps_1_1 .. ps_3_0).
#pragma once

#include <cstdint>
#include <span>

#include "shader/program.h"

namespace ddivk::shader {

// The program, or the first rule the stream breaks (Error::offset counts tokens). Reads only
// inside `tokens`; tokens after the end token are ignored; comments are checked and skipped.
Result<Program> decode(std::span<const uint32_t> tokens);

} // namespace ddivk::shader

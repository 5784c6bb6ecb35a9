// A small assembler for D3D9 shader text (the disassembler's syntax), for tests and tools.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "shader/decoder.h"
#include "shader/program.h"

namespace ddivk::shader {

// Tokens for `text`: a version line ("ps_3_0") then one instruction a line; "//" and ";"
// start comments. The result is validated by decode() with `options`; errors count lines from 1.
Result<std::vector<uint32_t>> assemble(std::string_view text, const DecodeOptions& options = {});

} // namespace ddivk::shader

// Tokens from a program: the inverse of decode() for every program it accepts.
#pragma once

#include <cstdint>
#include <vector>

#include "shader/program.h"

namespace ddivk::shader {

// The token stream of `program`, ending with the end token. `starts`, when given, receives the
// token offset of each instruction. The program is not validated (decode the result for that).
std::vector<uint32_t> encode(const Program& program, std::vector<size_t>* starts = nullptr);

} // namespace ddivk::shader

// D3D9 shader assembly text from a decoded program (the syntax of the D3D asm reference).
#pragma once

#include <string>

#include "shader/program.h"

namespace ddivk::shader {

// One line per instruction after the version line ("vs_3_0"), e.g.
// "mad r0.xyz, v0, c[a0.x + 4], -r1_abs". assemble() reads it back to the same tokens.
std::string disassemble(const Program& program);

// The parts of a line, shared with the assembler's tests.
std::string swizzleText(uint8_t swizzle);
std::string writeMaskText(uint8_t mask);

} // namespace ddivk::shader

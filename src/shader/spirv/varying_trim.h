// Removing the user varyings one stage of a pipeline does not exchange with the other from a
// finished module. Why: lavapipe interpolates every input a fragment shader declares for every
// pixel, read or not, and the validation layer reports each vertex output that no fragment
// input consumes; the fixed-function ubershaders declare all eleven varyings (docs/fixed-function.md).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "shader/spirv/enums.h"

namespace ddivk::shader::spirv {

struct VaryingTrim {
    StorageClass storage = StorageClass::Input; // Input or Output variables
    uint32_t keepLocations = ~0u;               // bit n: the variable at Location n stays
    bool dropPointCoord = false;                // inputs: gl_PointCoord goes too
};

// `module` (a whole module, header included) without the variables `trim` names: their
// OpVariable, decorations and names go and the entry point no longer lists them; an input's
// loads become OpUndef (dead code once the driver folds the constants that guard them), an
// output's whole-variable stores go. A variable used in any other way (an access chain, a copy)
// stays, so the result is always valid; tests check that the built-in modules lose all of them.
std::vector<uint32_t> withoutVaryings(std::span<const uint32_t> module, const VaryingTrim& trim);

} // namespace ddivk::shader::spirv

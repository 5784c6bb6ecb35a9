// Rewrites a fragment shader's SPIR-V so that every user input is decorated Flat.
//
// The conformance harness feeds one point per row. Vulkan takes a point's attributes from its
// vertex, but some rasterisers (NVIDIA's) still evaluate them through plane equations with zero
// gradients: infinity times zero turns into NaN and -0 plus +0 into +0 before the shader under
// test reads them. A flat input is the provoking vertex's value, bit for bit, on every device.
#pragma once

#include <cstdint>
#include <vector>

namespace ddivk::test {

// `spirv` with OpDecorate Flat on each Input variable that is not a built-in or a block, and
// its NoPerspective, Centroid and Sample decorations dropped (they may not go with Flat).
std::vector<uint32_t> withFlatInputs(const std::vector<uint32_t>& spirv);

} // namespace ddivk::test

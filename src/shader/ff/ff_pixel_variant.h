// Shader variants of the fixed-function pixel pipeline: the build-time ubershader
// (shaders/ff_pixel.frag) adapted to an FfPixelKey before it reaches Vulkan.
//
// Why variants: a sampler's type (2D, cube, 3D) is part of the SPIR-V, and the validation layer
// checks it against the bound view of every statically used binding, whatever specialization
// constants would select. So each variant declares, per stage binding, exactly the type of the
// view the draw binds there. The ubershader declares every stage sampler 3D; ffPixelSpirv()
// adds the image, sampled-image and pointer types the key needs and retypes each stage's
// variable and its loads (the only uses). A shadow stage (FfPixelKey::shadowStages) also gets a
// 2D image type with Depth 1 and comparisons in place of its lookups. docs/fixed-function.md
// explains the choice.
#pragma once

#include <cstdint>
#include <vector>

#include "shader/ff/ff_pixel_state.h"

namespace ddivk::shader::ff {

// The SPIR-V words of the variant for `key`. Throws std::logic_error when the built-in module
// does not have the shape the rewrite expects (a broken build, never a state problem).
std::vector<uint32_t> ffPixelSpirv(const FfPixelKey& key);

// The varying locations (shader/abi.h kLoc*, bit n: location n) the variant for `key` declares
// and reads: COLOR0, COLOR1, FOG and the coordinate sets its textured stages sample. The vertex
// side writes exactly these (its other outputs would go unread).
uint32_t ffPixelInputLocations(const FfPixelKey& key);

} // namespace ddivk::shader::ff

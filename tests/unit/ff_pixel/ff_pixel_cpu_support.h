// States the CPU-side fixed-function pixel tests start from (ff_pixel_pack_test.cpp,
// ff_pixel_program_test.cpp).
#pragma once

#include "shader/ff/ff_pixel_state.h"

namespace ddivk::shader::ff::test {

// A device state with D3D9's documented defaults.
inline state::DeviceState defaults() {
    state::DeviceState s;
    state::setDefaults(s, {});
    return s;
}

// Every stage with a texture of type t bound.
inline FfStageTextures allTextures(FfTextureType t = FfTextureType::Tex2D) {
    FfStageTextures textures;
    textures.fill(t);
    return textures;
}

} // namespace ddivk::shader::ff::test

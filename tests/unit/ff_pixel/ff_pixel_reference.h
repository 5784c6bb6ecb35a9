// A CPU model of the D3D9 fixed-function pixel pipeline, written from the SDK's formulas
// (D3DTEXTUREOP, Texture Blending, Alpha Testing State, Fog Formulas) and the device state
// directly, without the packed block: what tests/unit/ff_pixel compares the GPU against.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "shader/ff/ff_pixel_state.h"
#include "state/device_state.h"
#include "support/shader_runner.h"

namespace ddivk::test::ffpixel {

using shader::ff::FfTextureType;

// A texture of R32G32B32A32_SFLOAT texels, sampled nearest with clamp to edge. Cube: six
// faces of width x width in Vulkan layer order (+X, -X, +Y, -Y, +Z, -Z).
struct Texture {
    FfTextureType type = FfTextureType::None;
    uint32_t width = 1, height = 1, depth = 1;
    std::vector<Float4> texels; // face (cube) / slice (volume), row, column

    Float4 sample(const Float4& coord) const;
};

// What reaches one pixel.
struct PixelInputs {
    Float4 diffuse{1, 1, 1, 1};
    Float4 specular{0, 0, 0, 0};
    float fog = 1.0f;
    std::array<Float4, 8> texCoords{};
    float z = 0.5f; // depth in [0, 1]
    float w = 1.0f; // clip w
};

struct ReferenceOptions {
    bool texCoordIndex = false; // stage n reads TEXCOORD[TEXCOORDINDEX], else TEXCOORDn
    bool wFog = false;          // table fog from w, else z
};

// The colour D3D9 writes, or nothing when the alpha test rejects the pixel.
std::optional<Float4> referencePixel(const state::DeviceState& s, const std::array<Texture, 8>& textures,
                                     const PixelInputs& in, const ReferenceOptions& options);

} // namespace ddivk::test::ffpixel

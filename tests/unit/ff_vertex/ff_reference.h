// A CPU reference of D3D9 fixed-function vertex processing, written from the SDK pages
// ("Mathematics of Lighting", "Attenuation and Spotlight Factor", "Fog Formulas", "Texture
// Coordinate Processing", "Point Sprites") for the tests, independently of the packing code:
// it lights in world space (the camera position and viewer direction brought back through the
// inverse view), inverts matrices in double precision, and reads the device state directly.
// World-space lighting equals D3D9's camera-space lighting for rigid view matrices, which is
// what the lighting tests use.
#pragma once

#include "ff_vertex_fixture.h"

namespace ddivk::test::ffv {

struct Reference {
    Float4 clip{};
    Float4 color0{}, color1{};
    float fog = 0;
    float pointSize = 0;
    std::array<Float4, 8> texCoord{};
};

Reference referenceVertex(const FfScene& scene, const FfVertex& v);

// Where a clip position lands in the scene's target (D3D9 pixel centres on integers).
Pixel referencePixel(const FfScene& scene, const Float4& clip);

} // namespace ddivk::test::ffv

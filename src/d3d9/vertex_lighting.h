// The CPU side of ProcessVertices' lighting: one vertex lit by the fixed-function lighting
// model ("Mathematics of Lighting"; docs/fixed-function.md, "Vertex pipeline") with the same
// packed state and rules as the GPU's shaders/ff_vertex.vert, so a processed vertex gets the
// colours a draw of it would. Plain data in, plain data out.
#pragma once

#include "shader/ff/ff_vertex_state.h"

namespace ddivk::d3d9 {

// A vertex in camera space (WORLDMATRIX(0) * VIEW, no blending) with its colours; absent ones
// are D3D9's defaults (normal zero, diffuse opaque white, specular zero).
struct CameraVertex {
    float position[3];
    float normal[3];
    float diffuse[4];
    float specular[4];
};
// Position and normal of a world-space vertex moved to camera space with the packed state's
// first matrices; the normal renormalized with D3DRS_NORMALIZENORMALS.
void toCamera(const shader::ff::FfVertexState& ff, const float position[3], const float normal[3],
              CameraVertex& out);

// The lit diffuse and specular colours, clamped to [0, 1]: emissive + ambient * (global ambient
// + the lights' ambient) + diffuse terms with the diffuse source's alpha, and specular terms
// (SPECULARENABLE) with the specular source's alpha.
struct LitColours {
    float diffuse[4];
    float specular[4];
};
LitColours lightVertex(const shader::ff::FfVertexState& ff, const CameraVertex& v);

} // namespace ddivk::d3d9

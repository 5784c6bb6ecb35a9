// The CPU side of ProcessVertices' vertex blending and lighting: one vertex moved to camera
// space and lit by the fixed-function lighting model ("Mathematics of Lighting"; docs/fixed-function.md,
// "Vertex pipeline") with the same packed state and rules as the GPU's shaders/ff_vertex.vert, so a processed
// vertex gets the colours a draw of it would. Plain data in, plain data out.
#pragma once

#include "shader/ff/ff_vertex_state.h"

namespace ddivk::d3d9 {

// A vertex in camera space (blended WORLDMATRIX(i) * VIEW) with its colours; absent ones are
// D3D9's defaults (normal zero, diffuse opaque white, specular zero).
struct CameraVertex {
    float position[3];
    float normal[3];
    float diffuse[4];
    float specular[4];
};
// A vertex's blend weights and matrix indices (D3DRS_VERTEXBLEND, "Geometry Blending"): the
// packed state's blendMatrices of them are used, the last weight being one minus the others;
// the indices choose the matrices with INDEXEDVERTEXBLENDENABLE (else matrix k for weight k).
struct VertexBlend {
    float weights[4] = {};
    uint32_t indices[4] = {};
};
// Position and normal of a world-space vertex moved to camera space by the packed state's
// matrices, blended; the normal renormalized with D3DRS_NORMALIZENORMALS.
void toCamera(const shader::ff::FfVertexState& ff, const float position[3], const float normal[3],
              const VertexBlend& blend, CameraVertex& out);

// The lit diffuse and specular colours, clamped to [0, 1]: emissive + ambient * (global ambient
// + the lights' ambient) + diffuse terms with the diffuse source's alpha, and specular terms
// (SPECULARENABLE) with the specular source's alpha.
struct LitColours {
    float diffuse[4];
    float specular[4];
};
LitColours lightVertex(const shader::ff::FfVertexState& ff, const CameraVertex& v);

} // namespace ddivk::d3d9

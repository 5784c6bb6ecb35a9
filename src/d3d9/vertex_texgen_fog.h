// The CPU side of ProcessVertices' texture coordinates and vertex fog: a camera-space vertex's
// coordinate for one texture stage (generated with D3DTSS_TCI_*, transformed by D3DTS_TEXTUREn)
// and its vertex fog factor, by the same packed state and rules as the GPU's
// shaders/ff_vertex.vert (docs/fixed-function.md, "Texture coordinates" and "Vertex fog"), so a
// processed vertex carries what a draw of it would compute. Plain data in, plain data out.
#pragma once

#include "d3d9/vertex_lighting.h"

#include <cstdint>

namespace ddivk::d3d9 {

// One stage's coordinate: `floats` meaningful components (COUNTn with a transform, 3 for a
// generated one, 2 for the sphere map, else the source set's).
struct StageCoordinate {
    float value[4];
    uint32_t floats;
};
// Stage `stage` of the packed state for vertex `v`; `source` is the vertex's set the stage
// reads with its `sourceFloats` components, or null when the format lacks it (then (0, 0, 0, 1)).
StageCoordinate stageCoordinate(const shader::ff::FfVertexState& ff, uint32_t stage, const CameraVertex& v,
                                const float* source, uint32_t sourceFloats);
// Whether stage `stage` of the packed state generates or transforms its coordinate (what
// D3DPV_DONOTCOPYDATA still writes).
bool stageComputes(const shader::ff::FfVertexState& ff, uint32_t stage);

// The vertex fog factor in [0, 1] of a camera-space position by D3DRS_FOGVERTEXMODE (LINEAR,
// EXP, EXP2) over |z|, or the distance to the camera with RANGEFOGENABLE; the packed fog mode
// must not be D3DFOG_NONE.
float vertexFog(const shader::ff::FfVertexState& ff, const float cameraPosition[3]);

} // namespace ddivk::d3d9

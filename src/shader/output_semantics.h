// The output semantics a vertex shader writes, as its outputs link to the pixel stage (the
// translator's vertex epilogue): what d3d9.dll's ProcessVertices with a vertex shader fills in
// the destination vertices (the rest of each vertex is left as it was).
#pragma once

#include <cstdint>
#include <vector>

#include "shader/program.h"

namespace ddivk::shader {

struct OutputSemantic {
    uint8_t usage = 0; // D3DDECLUSAGE
    uint8_t usageIndex = 0;
    bool operator==(const OutputSemantic&) const = default;
};

// vs_1_x/2_x: oPos POSITION0, oFog FOG0, oPts PSIZE0, oD# COLOR#, oT# TEXCOORD#, for each
// register an instruction writes. vs_3_0: the dcl semantic of each o# an instruction writes,
// every declared one when an instruction writes o[aL] (relative addressing). Each once, in the
// order first written.
std::vector<OutputSemantic> writtenOutputs(const Program& program);

} // namespace ddivk::shader

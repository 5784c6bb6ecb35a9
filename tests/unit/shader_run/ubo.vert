#version 450
#extension GL_GOOGLE_include_directive : require
// The vertex stage sees the uniform blocks too: vertex i hands on vsc.f[i] + ffVertex.v[0].
#include "abi_blocks.glsl"

layout(location = 0) in vec4 inPosition;
layout(location = 1) in vec4 inValue; // x: the constant register
layout(location = 0) out vec4 outValue;

void main() {
    gl_Position = inPosition;
    gl_PointSize = 1.0;
    outValue = vsc.f[int(inValue.x)] + ffVertex.v[0];
}

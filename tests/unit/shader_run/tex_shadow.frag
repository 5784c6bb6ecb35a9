#version 450
// Samples the sampler2DShadow at binding 16 (s0) with the coordinates in its input.
layout(set = 0, binding = 16) uniform sampler2DShadow s;
layout(location = 0) in vec4 inValue;
layout(location = 0) out vec4 outColour;

void main() {
    outColour = vec4(texture(s, inValue.xyz));
}

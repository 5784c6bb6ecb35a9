#version 450
// Three colour targets and depth: oC0 = v, oC1 = 2v, oC2 = v + 1, depth = v.x.
layout(location = 0) in vec4 inValue;
layout(location = 0) out vec4 outColour0;
layout(location = 1) out vec4 outColour1;
layout(location = 2) out vec4 outColour2;

void main() {
    outColour0 = inValue;
    outColour1 = inValue * 2.0;
    outColour2 = inValue + 1.0;
    gl_FragDepth = inValue.x;
}

#version 450
// Location 0: clip position, location 1: a value handed to the pixel stage unchanged.
layout(location = 0) in vec4 inPosition;
layout(location = 1) in vec4 inValue;
layout(location = 0) out vec4 outValue;

void main() {
    gl_Position = inPosition;
    gl_PointSize = 1.0;
    outValue = inValue;
}

#version 450
// Writes its input, times a specialization constant (1 unless the run sets constant 0).
layout(constant_id = 0) const float kScale = 1.0;
layout(location = 0) in vec4 inValue;
layout(location = 0) out vec4 outColour;

void main() {
    outColour = inValue * kScale;
}

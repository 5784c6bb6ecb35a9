#version 450
// instancing: D3D9's kColourPs30 (colour = the interpolated colour 0).
layout(location = 0) in vec4 colour;
layout(location = 0) out vec4 target;
void main() {
    target = colour;
}

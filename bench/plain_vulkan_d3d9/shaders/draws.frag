#version 450
// draws: D3D9's kConstantColourPs30 (colour = c0), pushed per draw after the matrix.
layout(push_constant) uniform Draw {
    vec4 rows[4];
    vec4 colour;
} draw;
layout(location = 0) out vec4 target;
void main() {
    target = draw.colour;
}

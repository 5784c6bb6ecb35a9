#version 450
// draws: D3D9's kTransformVs30 (position = dp4 with the matrix rows c0..c3), the rows and the
// pixel colour pushed per draw.
layout(location = 0) in vec4 position;
layout(push_constant) uniform Draw {
    vec4 rows[4];
    vec4 colour;
} draw;
void main() {
    gl_Position = vec4(dot(position, draw.rows[0]), dot(position, draw.rows[1]), dot(position, draw.rows[2]),
                       dot(position, draw.rows[3]));
}

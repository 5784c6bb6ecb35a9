// One triangle over the whole viewport, for the sample copy (vk/sample_copy_pass.h): its
// vertices are (-1, -1), (3, -1) and (-1, 3) in clip space.
#version 450

void main() {
    const vec2 corner = vec2((gl_VertexIndex << 1) & 2, gl_VertexIndex & 2);
    gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}

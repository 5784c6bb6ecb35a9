// The gamma ramp of a full-screen presentation (src/vk/gamma_pass.h), applied in place to an
// 8-bit RGBA image: each colour channel's value v (0..255) becomes ramp[v] / 65535, as a
// display's gamma table maps the scanned-out value; alpha is kept.
#version 450

layout(local_size_x = 8, local_size_y = 8) in;

layout(set = 0, binding = 0, rgba8) uniform image2D frame;
// Red's 256 entries, then green's, then blue's; one 16-bit entry per word.
layout(set = 0, binding = 1, std430) readonly buffer Ramp {
    uint ramp[768];
};

void main() {
    const ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(p, imageSize(frame)))) return;
    const vec4 c = imageLoad(frame, p);
    const uvec3 v = uvec3(round(clamp(c.rgb, 0.0, 1.0) * 255.0));
    const vec3 mapped = vec3(ramp[v.r], ramp[256u + v.g], ramp[512u + v.b]) / 65535.0;
    imageStore(frame, p, vec4(mapped, c.a));
}

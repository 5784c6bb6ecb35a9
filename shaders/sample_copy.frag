// The sample copy (vk/sample_copy_pass.h): each pixel takes the texel of the source at its own
// coordinates, written to every sample the pass has (no sample shading).
#version 450

layout(set = 0, binding = 0) uniform sampler2D source;
layout(location = 0) out vec4 color;

void main() {
    color = texelFetch(source, ivec2(gl_FragCoord.xy), 0);
}

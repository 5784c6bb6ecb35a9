#version 450
// The plain Vulkan baseline of draw_bench.cpp: what an application writing Vulkan directly
// would run for the same scene (position in clip space, a colour per draw).
layout(location = 0) in vec4 inPosition;
layout(push_constant) uniform Draw {
    vec4 color;
} draw;
layout(location = 0) out vec4 outColor;
void main() {
    gl_Position = inPosition;
    outColor = draw.color;
}

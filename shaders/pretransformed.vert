#version 450
// Pre-transformed vertices (D3DFVF_XYZRHW): x, y are render-target pixel coordinates, z is the
// final depth and rhw is 1/w. D3D9 puts pixel centres on integer coordinates, Vulkan on
// half-integers, so screen x maps to Vulkan x + 0.5; the CPU folds that into offset.

layout(location = 0) in vec4 inPositionRhw;
layout(location = 1) in vec4 inDiffuse;  // D3DCOLOR read as B8G8R8A8_UNORM: arrives as rgba
layout(location = 2) in vec4 inSpecular;

layout(push_constant) uniform ScreenToClip {
    vec2 scale;   // 2 / render-target size
    vec2 offset;  // (0.5 * 2 / size) - 1
} screen;

layout(location = 0) out vec4 outDiffuse;
layout(location = 1) out vec4 outSpecular;

void main() {
    // rhw == 0 has no meaningful 1/w; D3D9 hardware draws such vertices as if w were 1.
    float w = inPositionRhw.w != 0.0 ? 1.0 / inPositionRhw.w : 1.0;
    vec2 ndc = inPositionRhw.xy * screen.scale + screen.offset;
    gl_Position = vec4(ndc * w, inPositionRhw.z * w, w);
    outDiffuse = inDiffuse;
    outSpecular = inSpecular;
}

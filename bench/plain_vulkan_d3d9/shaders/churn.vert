#version 450
// state_churn: D3D9's pretransformed vertices (D3DFVF_XYZRHW): screen x, y (pixel centres on
// integers; the viewport adds the half pixel), depth z, and 1/w.
layout(location = 0) in vec4 screen;
layout(location = 1) in vec4 colourIn; // D3DFVF_DIFFUSE
layout(location = 2) in vec2 uvIn;     // D3DFVF_TEX1
// 2 / width and 2 / height of the target, fixed when the pipeline is made.
layout(constant_id = 0) const float toNdcX = 2.0 / 256.0;
layout(constant_id = 1) const float toNdcY = 2.0 / 256.0;
layout(location = 0) out vec4 colour;
layout(location = 1) out vec2 uv;
void main() {
    const float w = 1.0 / screen.w;
    const vec2 ndc = vec2(screen.x * toNdcX - 1.0, 1.0 - screen.y * toNdcY);
    gl_Position = vec4(ndc * w, screen.z * w, w);
    colour = colourIn;
    uv = uvIn;
}

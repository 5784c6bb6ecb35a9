#version 450
// state_churn: D3D9's default fixed-function stage 0 (COLOROP MODULATE of the texture and the
// diffuse colour; ALPHAOP SELECTARG1, the texture).
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(location = 0) in vec4 colour;
layout(location = 1) in vec2 uv;
layout(location = 0) out vec4 target;
void main() {
    const vec4 texel = texture(tex, uv);
    target = vec4(texel.rgb * colour.rgb, texel.a);
}

#version 450
// instancing: D3D9's kOffsetVs30: the quad moved by the instance's offset, its colour passed on.
layout(location = 0) in vec4 position;
layout(location = 1) in vec2 offset;   // per instance
layout(location = 2) in vec4 colourIn; // per instance, a D3DCOLOR read as B8G8R8A8_UNORM
layout(location = 0) out vec4 colour;
void main() {
    gl_Position = vec4(position.xy + offset, position.zw);
    colour = colourIn;
}

#version 450
// Gouraud-shaded vertex colour: the pixel stage of the first-pixels path (D3DSHADE_GOURAUD,
// no texture stage in use). The fixed-function pixel pipeline replaces this in shader work.

layout(location = 0) in vec4 inDiffuse;
layout(location = 1) in vec4 inSpecular;

layout(push_constant) uniform PixelParams {
    layout(offset = 16) uint specularEnable;
} params;

layout(location = 0) out vec4 outColour;

void main() {
    vec4 colour = inDiffuse;
    // D3DRS_SPECULARENABLE adds the specular colour to rgb, alpha unchanged.
    if (params.specularEnable != 0u)
        colour.rgb = clamp(colour.rgb + inSpecular.rgb, 0.0, 1.0);
    outColour = colour;
}

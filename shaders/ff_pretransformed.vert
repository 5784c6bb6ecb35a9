#version 450
// Pre-transformed vertices (D3DFVF_XYZRHW, D3DDECLUSAGE_POSITIONT) for the fixed-function pixel
// pipeline: x, y are render-target pixel coordinates, z the final depth, rhw 1/w. They skip
// transformation, lighting and texture-coordinate processing; colours and texture coordinates
// pass through to the ABI's varyings (abi.h), like the outputs of shaders/ff_vertex.vert.
// The draw's viewport covers the render target (x + 0.5 and the y flip: abi.h), so screen
// (x, y) maps to NDC (2x / W - 1, 1 - 2y / H).
// User clip planes do not apply: SetClipPlane's planes are in world space for the
// fixed-function pipeline (clip space only for vertex shaders), and pre-transformed vertices
// have no world position (our reading; D3D9 clips TL vertices only against the view volume,
// D3DPMISCCAPS_CLIPTLVERTS). So no gl_ClipDistance here.

// FfVertexKey: which inputs the format has (only the position, point size, colours and texture
// coordinates matter here).
layout(constant_id = 0) const uint kInputs = 0u;
layout(constant_id = 1) const uint kTexCoordSizes = 0u;

const uint kInPointSize = 4u;
const uint kInDiffuse = 5u;
const uint kInSpecular = 6u;

layout(location = 0) in vec4 inPositionRhw;
layout(location = 4) in vec4 inPointSize; // PSIZE: pixels on the render target
layout(location = 5) in vec4 inDiffuse; // D3DCOLOR arrives as rgba
layout(location = 6) in vec4 inSpecular;
layout(location = 7) in vec4 inTexCoord0;
layout(location = 8) in vec4 inTexCoord1;
layout(location = 9) in vec4 inTexCoord2;
layout(location = 10) in vec4 inTexCoord3;
layout(location = 11) in vec4 inTexCoord4;
layout(location = 12) in vec4 inTexCoord5;
layout(location = 13) in vec4 inTexCoord6;
layout(location = 14) in vec4 inTexCoord7;

// abi::kFfVertexBinding holds this block instead of FfVertexState for pre-transformed draws
// (PretransformedState in src/device/context_program_draw.cpp).
layout(set = 0, binding = 4, std140) uniform PretransformedState {
    vec4 screenToNdc; // 2 / W, -2 / H, -1, 1
    vec4 point;       // POINTSIZE, POINTSIZE_MIN, POINTSIZE_MAX, unused
} pt;

layout(location = 0) out vec4 outTexCoord0;
layout(location = 1) out vec4 outTexCoord1;
layout(location = 2) out vec4 outTexCoord2;
layout(location = 3) out vec4 outTexCoord3;
layout(location = 4) out vec4 outTexCoord4;
layout(location = 5) out vec4 outTexCoord5;
layout(location = 6) out vec4 outTexCoord6;
layout(location = 7) out vec4 outTexCoord7;
layout(location = 8) out vec4 outColor0;
layout(location = 9) out vec4 outColor1;
layout(location = 10) out vec4 outFog; // x: the fog factor, the specular alpha in D3D9

bool has(uint location) { return (kInputs & (1u << location)) != 0u; }

void main() {
    // rhw == 0 has no meaningful 1/w; D3D9 hardware draws such vertices as if w were 1.
    float w = inPositionRhw.w != 0.0 ? 1.0 / inPositionRhw.w : 1.0;
    vec2 ndc = inPositionRhw.xy * pt.screenToNdc.xy + pt.screenToNdc.zw;
    gl_Position = vec4(ndc * w, inPositionRhw.z * w, w);
    // Point Sprites: sizes of post-transformed vertices are render-target pixels, never scaled
    // with distance; the vertex's PSIZE, else POINTSIZE, clamped to [POINTSIZE_MIN, _MAX].
    gl_PointSize = clamp(has(kInPointSize) ? inPointSize.x : pt.point.x, pt.point.y, pt.point.z);
    // D3D9's defaults for colours the format leaves out: diffuse white, specular black.
    outColor0 = has(kInDiffuse) ? inDiffuse : vec4(1.0);
    outColor1 = has(kInSpecular) ? inSpecular : vec4(0.0);
    // Vertex fog of pre-transformed vertices is the specular alpha (no specular: no fog).
    outFog = vec4(has(kInSpecular) ? inSpecular.a : 1.0, 0.0, 0.0, 0.0);
    outTexCoord0 = inTexCoord0;
    outTexCoord1 = inTexCoord1;
    outTexCoord2 = inTexCoord2;
    outTexCoord3 = inTexCoord3;
    outTexCoord4 = inTexCoord4;
    outTexCoord5 = inTexCoord5;
    outTexCoord6 = inTexCoord6;
    outTexCoord7 = inTexCoord7;
}

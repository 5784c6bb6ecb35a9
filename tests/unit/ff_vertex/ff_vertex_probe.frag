#version 450
// Test probe for shaders/ff_vertex.vert: writes the fixed-function vertex outputs into float
// targets. Target 0: COLOR0, 1: COLOR1, 2: (FOG.x, depth z/w, 1/w, 1), 3..7: TEXCOORD
// kTexBase..kTexBase+4 (the specialization constant picks which five stages come back).
layout(constant_id = 0) const uint kTexBase = 0u;

layout(location = 0) in vec4 inTexCoord0;
layout(location = 1) in vec4 inTexCoord1;
layout(location = 2) in vec4 inTexCoord2;
layout(location = 3) in vec4 inTexCoord3;
layout(location = 4) in vec4 inTexCoord4;
layout(location = 5) in vec4 inTexCoord5;
layout(location = 6) in vec4 inTexCoord6;
layout(location = 7) in vec4 inTexCoord7;
layout(location = 8) in vec4 inColor0;
layout(location = 9) in vec4 inColor1;
layout(location = 10) in vec4 inFog;

layout(location = 0) out vec4 outColor0;
layout(location = 1) out vec4 outColor1;
layout(location = 2) out vec4 outFogDepth;
layout(location = 3) out vec4 outTex0;
layout(location = 4) out vec4 outTex1;
layout(location = 5) out vec4 outTex2;
layout(location = 6) out vec4 outTex3;
layout(location = 7) out vec4 outTex4;

void main() {
    vec4 tc[8] = vec4[8](inTexCoord0, inTexCoord1, inTexCoord2, inTexCoord3, inTexCoord4, inTexCoord5,
                         inTexCoord6, inTexCoord7);
    outColor0 = inColor0;
    outColor1 = inColor1;
    outFogDepth = vec4(inFog.x, gl_FragCoord.z, gl_FragCoord.w, 1.0);
    outTex0 = tc[kTexBase];
    outTex1 = tc[kTexBase + 1u];
    outTex2 = tc[kTexBase + 2u];
    outTex3 = tc[kTexBase + 3u];
    outTex4 = tc[kTexBase + 4u];
}

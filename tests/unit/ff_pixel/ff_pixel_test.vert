#version 450
// Test vertex shader for the fixed-function pixel pipeline: passes its attributes to the ABI's
// pixel input locations (src/shader/abi.h) and draws points of one pixel.
layout(location = 0) in vec4 inPosition;
layout(location = 1) in vec4 inDiffuse;
layout(location = 2) in vec4 inSpecular;
layout(location = 3) in vec4 inFog; // x
layout(location = 4) in vec4 inTexCoord[8];

layout(location = 0) out vec4 outTexCoord[8]; // TEXCOORD0..7
layout(location = 8) out vec4 outColor0;
layout(location = 9) out vec4 outColor1;
layout(location = 10) out vec4 outFog; // x

void main() {
    gl_Position = inPosition;
    gl_PointSize = 1.0;
    outColor0 = inDiffuse;
    outColor1 = inSpecular;
    outFog = inFog;
    for (int i = 0; i < 8; ++i) outTexCoord[i] = inTexCoord[i];
}

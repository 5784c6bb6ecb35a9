#version 450
// Test vertex shader for the fixed-function pixel pipeline: passes its attributes to the ABI's
// pixel input locations (src/shader/abi.h) and draws points of one pixel. One variable per
// output, each written whole, as in shaders/ff_vertex.vert: the tests trim the outputs a pixel
// variant does not read (spirv::withoutVaryings), as the device does.
layout(location = 0) in vec4 inPosition;
layout(location = 1) in vec4 inDiffuse;
layout(location = 2) in vec4 inSpecular;
layout(location = 3) in vec4 inFog; // x
layout(location = 4) in vec4 inTexCoord[8];

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
layout(location = 10) out vec4 outFog; // x

void main() {
    gl_Position = inPosition;
    gl_PointSize = 1.0;
    outColor0 = inDiffuse;
    outColor1 = inSpecular;
    outFog = inFog;
    outTexCoord0 = inTexCoord[0];
    outTexCoord1 = inTexCoord[1];
    outTexCoord2 = inTexCoord[2];
    outTexCoord3 = inTexCoord[3];
    outTexCoord4 = inTexCoord[4];
    outTexCoord5 = inTexCoord[5];
    outTexCoord6 = inTexCoord[6];
    outTexCoord7 = inTexCoord[7];
}

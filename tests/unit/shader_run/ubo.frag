#version 450
#extension GL_GOOGLE_include_directive : require
// Pixel i writes the field of the ABI's uniform blocks that the test named by i.
#include "abi_blocks.glsl"

layout(location = 0) in vec4 inValue; // x: which field
layout(location = 0) out vec4 outColour;

void main() {
    switch (int(inValue.x)) {
    case 0: outColour = vsc.f[3]; break;
    case 1: outColour = vsc.f[255]; break;
    case 2: outColour = vec4(vsc.i[2]); break;
    case 3: outColour = vec4(float(vsc.bools), 0.0, 0.0, 0.0); break;
    case 4: outColour = psc.f[223]; break;
    case 5: outColour = vec4(psc.i[15]); break;
    case 6: outColour = vec4(float(psc.bools), 0.0, 0.0, 0.0); break;
    case 7: outColour = vec4(vsSystem.pointSize, vsSystem.pointSizeMin, vsSystem.pointSizeMax, vsSystem.pad); break;
    case 8: outColour = psSystem.fogColor; break;
    case 9: outColour = psSystem.bumpEnvMat[7]; break;
    case 10: outColour = psSystem.textureFactor; break;
    case 11: outColour = ffVertex.v[3]; break;
    case 12: outColour = ffPixel.v[1]; break;
    default: outColour = vec4(-1.0); break;
    }
}

// The uniform blocks of src/shader/abi.h, std140.
layout(std140, set = 0, binding = 0) uniform VsConstants {
    vec4 f[256];
    ivec4 i[16];
    uint bools;
} vsc;
layout(std140, set = 0, binding = 1) uniform PsConstants {
    vec4 f[224];
    ivec4 i[16];
    uint bools;
} psc;
layout(std140, set = 0, binding = 2) uniform VsSystem {
    float pointSize;
    float pointSizeMin;
    float pointSizeMax;
    float pad;
} vsSystem;
layout(std140, set = 0, binding = 3) uniform PsSystem {
    vec4 fogColor;
    vec4 fogParams;
    vec4 alphaRef;
    vec4 bumpEnvMat[8];
    vec4 bumpEnvLum[8];
    vec4 textureFactor;
} psSystem;
// The fixed-function blocks as the tests fill them: four and two vec4s.
layout(std140, set = 0, binding = 4) uniform FfVertex {
    vec4 v[4];
} ffVertex;
layout(std140, set = 0, binding = 5) uniform FfPixel {
    vec4 v[2];
} ffPixel;

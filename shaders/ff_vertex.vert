#version 450
// The D3D9 fixed-function vertex pipeline as one ubershader (docs/fixed-function.md, "Vertex
// pipeline", lists every rule and its source). The uniform block is FfVertexState of
// src/shader/ff/ff_vertex_state.h, packed from the device state; the specialization constants
// are FfVertexKey (which inputs the vertex format has), so absent inputs fold away.
//
// D3D9 conventions kept as they are: row vectors (v * World * View * Projection, matrices stored
// row by row as D3DMATRIX, hence row_major), lighting and texture generation in camera space,
// gl_Position in D3D9 clip space (the draw translator's viewport flips y and adds the half pixel).

// ---- Specialization constants: FfVertexKey ----
layout(constant_id = 0) const uint kInputs = 0u;        // bit n: the format has the input at location n
layout(constant_id = 1) const uint kTexCoordSizes = 0u; // 2 bits per set: floats in the set - 1

// abi::FixedFunctionInput.
const uint kInPosition = 0u;
const uint kInBlendWeight = 1u;
const uint kInBlendIndices = 2u;
const uint kInNormal = 3u;
const uint kInPointSize = 4u;
const uint kInDiffuse = 5u;
const uint kInSpecular = 6u;
const uint kInTexCoord0 = 7u;
const uint kInPosition1 = kInBlendWeight; // while tweening
const uint kInNormal1 = kInBlendIndices;

// Values of the packed state (ff_vertex_state.h).
const uint kSourceMaterial = 0u; // FfColorSource
const uint kSourceDiffuse = 1u;
const uint kSourceSpecular = 2u;
const uint kLightPoint = 1u; // D3DLIGHTTYPE
const uint kLightSpot = 2u;
const uint kLightDirectional = 3u;
const uint kFogExp = 1u; // D3DFOGMODE
const uint kFogExp2 = 2u;
const uint kFogLinear = 3u;
const uint kTciPassthru = 0u; // D3DTSS_TCI_* >> 16
const uint kTciCameraSpaceNormal = 1u;
const uint kTciCameraSpacePosition = 2u;
const uint kTciCameraSpaceReflection = 3u;
const uint kTciSphereMap = 4u;

const uint kBlendPalette = 8u;
const uint kMaxLights = 8u;
const uint kStages = 8u;

layout(location = 0) in vec4 inPosition;
layout(location = 1) in vec4 inBlendWeight;   // POSITION1 while tweening
layout(location = 2) in vec4 inBlendIndices; // index values 0..255 as floats; NORMAL1 while tweening
layout(location = 3) in vec4 inNormal;
layout(location = 4) in vec4 inPointSize;
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

struct Light {
    vec4 diffuse;
    vec4 specular;
    vec4 ambient;
    vec4 position;    // camera space
    vec4 direction;   // camera space, unit length, the way the light travels
    vec4 attenuation; // Attenuation0, Attenuation1, Attenuation2, Range
    vec4 spot;        // cos(Theta / 2), cos(Phi / 2), Falloff, unused
    uint type;        // D3DLIGHTTYPE
    uint pad0;
    uint pad1;
    uint pad2;
};

layout(set = 0, binding = 4, std140, row_major) uniform FfVertexState {
    mat4 worldView[kBlendPalette];    // WORLDMATRIX(i) * VIEW
    mat4 normalMatrix[kBlendPalette]; // inverse transpose of worldView's upper 3x3
    mat4 projection;
    mat4 textureMatrix[kStages]; // D3DTS_TEXTURE0..7
    Light lights[kMaxLights];    // the enabled lights, lowest index first
    vec4 materialDiffuse;
    vec4 materialAmbient;
    vec4 materialSpecular;
    vec4 materialEmissive;
    vec4 globalAmbient; // D3DRS_AMBIENT
    vec4 material;      // x: Power
    vec4 fog;           // FOGEND, 1 / (FOGEND - FOGSTART), FOGDENSITY, unused
    vec4 point;         // POINTSIZE, POINTSIZE_MIN, POINTSIZE_MAX, viewport height
    vec4 pointScale;    // POINTSCALE_A, _B, _C, unused
    uvec4 stage[kStages]; // texcoord set, TCI mode, TEXTURETRANSFORMFLAGS count (0: none), projected
    uint lighting;
    uint specularEnable;
    uint localViewer;
    uint normalizeNormals;
    uint lightCount;
    uint diffuseSource; // FfColorSource, already resolved against COLORVERTEX and the inputs
    uint ambientSource;
    uint specularSource;
    uint emissiveSource;
    uint blendMatrices; // matrices blended per vertex, 1..4
    uint indexedBlend;
    uint fogMode;       // D3DRS_FOGVERTEXMODE
    uint rangeFog;
    uint pointScaleEnable;
    uint clipPlaneMask; // D3DRS_CLIPPLANEENABLE & 0x3F
    uint tweening;      // D3DVBF_TWEENING: POSITION1 / NORMAL1 at locations 1 / 2
    vec4 clipPlanes[6]; // SetClipPlane's world-space planes moved to camera space
    float tweenFactor;  // D3DRS_TWEENFACTOR
} ff;

#ifdef DDIVK_CLIP_DISTANCES
// User clip planes: the variant for devices with shaderClipDistance (meson.build compiles both).
out float gl_ClipDistance[6];
#endif

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
layout(location = 10) out vec4 outFog; // x: the vertex fog factor

bool has(uint location) { return (kInputs & (1u << location)) != 0u; }

// Floats in texture coordinate set `set` of the vertex (1..4).
uint texCoordFloats(uint set) { return ((kTexCoordSizes >> (2u * set)) & 3u) + 1u; }

vec4 texCoordSet(uint set) {
    switch (set) {
    case 0u: return inTexCoord0;
    case 1u: return inTexCoord1;
    case 2u: return inTexCoord2;
    case 3u: return inTexCoord3;
    case 4u: return inTexCoord4;
    case 5u: return inTexCoord5;
    case 6u: return inTexCoord6;
    default: return inTexCoord7;
    }
}

vec4 pickColor(uint source, vec4 material, vec4 diffuse, vec4 specular) {
    return source == kSourceDiffuse ? diffuse : source == kSourceSpecular ? specular : material;
}

// "Texture Coordinate Processing": a transformed coordinate with n < 4 components gets a 1 after
// its last one and zeros beyond ((u, v) becomes (u, v, 1, 0)), then goes through the matrix.
vec4 padForTransform(vec4 v, uint n) {
    if (n == 1u) return vec4(v.x, 1.0, 0.0, 0.0);
    if (n == 2u) return vec4(v.xy, 1.0, 0.0);
    if (n == 3u) return vec4(v.xyz, 1.0);
    return v;
}

void main() {
    const vec4 weights = has(kInBlendWeight) ? inBlendWeight : vec4(0.0);
    const vec4 indices = has(kInBlendIndices) ? inBlendIndices : vec4(0.0);
    vec4 position = inPosition;
    vec3 normalIn = has(kInNormal) ? inNormal.xyz : vec3(0.0);
    // "Vertex Tweening": POSITION = POSITION1 * (1 - TWEENFACTOR) + POSITION2 * TWEENFACTOR, the
    // same for normals (usage indices 0 and 1); a declaration without the second keeps the first.
    // Tweening leaves one matrix (blendMatrices 1), so the blend locations are free for them.
    if (ff.tweening != 0u) {
        if (has(kInPosition1)) position = mix(inPosition, inBlendWeight, ff.tweenFactor);
        if (has(kInNormal1)) normalIn = mix(normalIn, inBlendIndices.xyz, ff.tweenFactor);
    }

    // Position and normal in camera space, blended over 1..4 matrices; the last weight is one
    // minus the others ("Geometry Blending", "Indexed Vertex Blending").
    vec4 cameraPosition = vec4(0.0);
    vec3 normal = vec3(0.0);
    float weightSum = 0.0;
    for (uint k = 0u; k < ff.blendMatrices; ++k) {
        float w = 1.0 - weightSum;
        if (k + 1u < ff.blendMatrices) {
            w = weights[k];
            weightSum += w;
        }
        const uint m = ff.indexedBlend != 0u ? min(uint(indices[k]), kBlendPalette - 1u) : k;
        cameraPosition += w * (position * ff.worldView[m]);
        normal += w * (normalIn * mat3(ff.normalMatrix[m]));
    }
    if (ff.normalizeNormals != 0u && dot(normal, normal) > 0.0) normal = normalize(normal);
    const vec3 p = cameraPosition.xyz;
    gl_Position = cameraPosition * ff.projection;
#ifdef DDIVK_CLIP_DISTANCES
    // IDirect3DDevice9::SetClipPlane: world-space planes for the fixed-function pipeline, a point
    // kept where dot(plane, position) >= 0 (the block holds them in camera space); disabled: 1.
    for (uint n = 0u; n < 6u; ++n)
        gl_ClipDistance[n] = (ff.clipPlaneMask & (1u << n)) != 0u ? dot(ff.clipPlanes[n], cameraPosition) : 1.0;
#endif

    // Colors: absent diffuse is opaque white, absent specular is zero.
    const vec4 vertexDiffuse = has(kInDiffuse) ? inDiffuse : vec4(1.0);
    const vec4 vertexSpecular = has(kInSpecular) ? inSpecular : vec4(0.0);
    vec4 color0 = vertexDiffuse;
    vec4 color1 = vertexSpecular;
    if (ff.lighting != 0u) {
        // "Mathematics of Lighting": diffuse = emissive + ambient + diffuse terms, specular apart.
        const vec4 cd = pickColor(ff.diffuseSource, ff.materialDiffuse, vertexDiffuse, vertexSpecular);
        const vec4 ca = pickColor(ff.ambientSource, ff.materialAmbient, vertexDiffuse, vertexSpecular);
        const vec4 cs = pickColor(ff.specularSource, ff.materialSpecular, vertexDiffuse, vertexSpecular);
        const vec4 ce = pickColor(ff.emissiveSource, ff.materialEmissive, vertexDiffuse, vertexSpecular);
        // Towards the viewer: the camera at the origin, or infinitely far down -z (also for a
        // vertex at the camera itself).
        const vec3 toViewer = ff.localViewer != 0u && dot(p, p) > 0.0 ? normalize(-p) : vec3(0.0, 0.0, -1.0);
        vec3 ambientSum = vec3(0.0);
        vec3 diffuseSum = vec3(0.0);
        vec3 specularSum = vec3(0.0);
        for (uint i = 0u; i < ff.lightCount; ++i) {
            const Light light = ff.lights[i];
            vec3 toLight = -light.direction.xyz;
            float factor = 1.0; // attenuation * spotlight factor
            if (light.type != kLightDirectional) {
                const vec3 delta = light.position.xyz - p;
                const float d = length(delta);
                if (d > light.attenuation.w) continue; // beyond Range: the light has no effect
                toLight = d > 0.0 ? delta / d : vec3(0.0);
                factor = 1.0 / (light.attenuation.x + light.attenuation.y * d + light.attenuation.z * d * d);
                if (light.type == kLightSpot) {
                    const float rho = dot(-toLight, light.direction.xyz);
                    if (rho <= light.spot.y) {
                        factor = 0.0;
                    } else if (rho <= light.spot.x) {
                        factor *= pow((rho - light.spot.y) / (light.spot.x - light.spot.y), light.spot.z);
                    }
                }
            }
            ambientSum += light.ambient.rgb * factor;
            const float nDotL = dot(normal, toLight);
            if (nDotL > 0.0) {
                diffuseSum += light.diffuse.rgb * (nDotL * factor);
                if (ff.specularEnable != 0u) {
                    const float nDotH = dot(normal, normalize(toViewer + toLight));
                    if (nDotH > 0.0) specularSum += light.specular.rgb * (pow(nDotH, ff.material.x) * factor);
                }
            }
        }
        color0 = vec4(ce.rgb + ca.rgb * (ff.globalAmbient.rgb + ambientSum) + cd.rgb * diffuseSum, cd.a);
        color1 = vec4(cs.rgb * specularSum, cs.a);
    }
    outColor0 = clamp(color0, 0.0, 1.0);
    outColor1 = clamp(color1, 0.0, 1.0);

    // Vertex fog ("Fog Formulas"): d is |camera-space z|, or the distance to the camera with
    // RANGEFOGENABLE. Without a vertex fog mode the factor is the vertex's specular alpha.
    const float d = ff.rangeFog != 0u ? length(p) : abs(p.z);
    float fog = has(kInSpecular) ? inSpecular.a : 1.0;
    if (ff.fogMode == kFogLinear) {
        fog = (ff.fog.x - d) * ff.fog.y;
    } else if (ff.fogMode == kFogExp) {
        fog = exp(-d * ff.fog.z);
    } else if (ff.fogMode == kFogExp2) {
        fog = exp(-(d * ff.fog.z) * (d * ff.fog.z));
    }
    outFog = vec4(clamp(fog, 0.0, 1.0), 0.0, 0.0, 0.0);

    // Point size ("Point Sprites"): the vertex's or POINTSIZE, scaled with distance when
    // POINTSCALEENABLE, then clamped to [POINTSIZE_MIN, POINTSIZE_MAX].
    float size = has(kInPointSize) ? inPointSize.x : ff.point.x;
    if (ff.pointScaleEnable != 0u) {
        const float de = length(p);
        size *= ff.point.w * sqrt(1.0 / (ff.pointScale.x + ff.pointScale.y * de + ff.pointScale.z * de * de));
    }
    gl_PointSize = clamp(size, ff.point.y, ff.point.z);

    // Texture coordinates of stage n ("Texture Coordinate Processing"): a vertex set or a
    // generated one, then the stage's texture transform. The output is the D3D9 texture
    // coordinate as a vs would write oTn: components past COUNTn are zero; the PROJECTED divide
    // by component COUNTn - 1 is the pixel stage's.
    const vec3 eye = ff.localViewer != 0u && dot(p, p) > 0.0 ? normalize(p) : vec3(0.0, 0.0, 1.0);
    const vec3 reflection = eye - 2.0 * dot(normal, eye) * normal;
    vec4 coords[kStages];
    for (uint s = 0u; s < kStages; ++s) {
        const uvec4 stage = ff.stage[s];
        vec4 tc = vec4(0.0, 0.0, 0.0, 1.0);
        uint n = 4u; // components the source provides
        if (stage.y == kTciCameraSpaceNormal) {
            tc = vec4(normal, 1.0);
            n = 3u;
        } else if (stage.y == kTciCameraSpacePosition) {
            tc = vec4(p, 1.0);
            n = 3u;
        } else if (stage.y == kTciCameraSpaceReflection) {
            tc = vec4(reflection, 1.0);
            n = 3u;
        } else if (stage.y == kTciSphereMap) {
            // The reflection vector against a sphere seen from -z, D3D9's camera looking down +z.
            const float m = 2.0 * length(reflection - vec3(0.0, 0.0, 1.0));
            tc = m > 0.0 ? vec4(reflection.xy / m + 0.5, 0.0, 1.0) : vec4(0.5, 0.5, 0.0, 1.0);
            n = 2u;
        } else if (stage.x < kStages && has(kInTexCoord0 + stage.x)) {
            tc = texCoordSet(stage.x);
            n = texCoordFloats(stage.x);
        }
        if (stage.z != 0u) {
            tc = padForTransform(tc, n) * ff.textureMatrix[s];
            for (uint c = stage.z; c < 4u; ++c) tc[c] = 0.0;
        }
        coords[s] = tc;
    }
    outTexCoord0 = coords[0];
    outTexCoord1 = coords[1];
    outTexCoord2 = coords[2];
    outTexCoord3 = coords[3];
    outTexCoord4 = coords[4];
    outTexCoord5 = coords[5];
    outTexCoord6 = coords[6];
    outTexCoord7 = coords[7];
}

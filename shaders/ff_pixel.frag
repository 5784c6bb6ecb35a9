#version 450
// The D3D9 fixed-function pixel pipeline as one ubershader: eight texture stages, specular add,
// fog, alpha test. All state comes from the FfPixel block (std140, mirrored by FfPixelState in
// src/shader/ff/ff_pixel_state.h); docs/fixed-function.md ("Pixel pipeline") states each rule
// and its source.
//
// Texture types: every stage sampler is declared sampler3D here and sampled with a vec3
// coordinate; src/shader/ff/ff_pixel_variant.cpp retypes each stage's sampler to the dimension
// of the texture bound to it (2D or cube) before the module reaches Vulkan, so the SPIR-V a
// pipeline sees declares exactly the view type of each binding. A 2D image may be sampled with a
// larger coordinate vector (SPIR-V, OpImageSample*: "It may be a vector larger than needed").
// Keep every sampler access a direct `texture(ffTexN, vec3)` in sampleStage(): the retyping
// rewrites the loads of those variables and nothing else, and for a shadow-map stage turns each
// lookup into a comparison with the coordinate's z.
//
// The stage program (which stages run, their ops and arguments, specular, fog mode, alpha test
// function) comes from specialization constants, not the block: ffPixelSpirv() writes their
// values into the module for each key, so each pipeline runs straight-line code for its own
// program. As one dynamic ubershader, every switch and stage ran for every pixel (a CPU driver
// such as lavapipe executes all branches under masks): a ~10x cost per pixel.

// D3DTEXTUREOP (d3d9types.h)
const uint TOP_DISABLE = 1u;
const uint TOP_SELECTARG1 = 2u;
const uint TOP_SELECTARG2 = 3u;
const uint TOP_MODULATE = 4u;
const uint TOP_MODULATE2X = 5u;
const uint TOP_MODULATE4X = 6u;
const uint TOP_ADD = 7u;
const uint TOP_ADDSIGNED = 8u;
const uint TOP_ADDSIGNED2X = 9u;
const uint TOP_SUBTRACT = 10u;
const uint TOP_ADDSMOOTH = 11u;
const uint TOP_BLENDDIFFUSEALPHA = 12u;
const uint TOP_BLENDTEXTUREALPHA = 13u;
const uint TOP_BLENDFACTORALPHA = 14u;
const uint TOP_BLENDTEXTUREALPHAPM = 15u;
const uint TOP_BLENDCURRENTALPHA = 16u;
const uint TOP_PREMODULATE = 17u;
const uint TOP_MODULATEALPHA_ADDCOLOR = 18u;
const uint TOP_MODULATECOLOR_ADDALPHA = 19u;
const uint TOP_MODULATEINVALPHA_ADDCOLOR = 20u;
const uint TOP_MODULATEINVCOLOR_ADDALPHA = 21u;
const uint TOP_BUMPENVMAP = 22u;
const uint TOP_BUMPENVMAPLUMINANCE = 23u;
const uint TOP_DOTPRODUCT3 = 24u;
const uint TOP_MULTIPLYADD = 25u;
const uint TOP_LERP = 26u;

// D3DTA_* (d3d9types.h)
const uint TA_SELECTMASK = 0xfu;
const uint TA_DIFFUSE = 0u;
const uint TA_CURRENT = 1u;
const uint TA_TEXTURE = 2u;
const uint TA_TFACTOR = 3u;
const uint TA_SPECULAR = 4u;
const uint TA_TEMP = 5u;
const uint TA_CONSTANT = 6u;
const uint TA_COMPLEMENT = 0x10u;
const uint TA_ALPHAREPLICATE = 0x20u;

// D3DCMPFUNC (d3d9types.h)
const uint CMP_NEVER = 1u;
const uint CMP_LESS = 2u;
const uint CMP_EQUAL = 3u;
const uint CMP_LESSEQUAL = 4u;
const uint CMP_GREATER = 5u;
const uint CMP_NOTEQUAL = 6u;
const uint CMP_GREATEREQUAL = 7u;

// FfPixelStage::coord.y flags and FfPixel::control.y flags (ff_pixel_state.h).
const uint STAGE_TEXTURE = 1u;    // a texture is bound: sample it, else read (0, 0, 0, 1)
const uint STAGE_PROJECTED = 2u;  // D3DTTFF_PROJECTED: divide by coord component coord.z
const uint STAGE_RESULT_TEMP = 4u; // D3DTSS_RESULTARG is D3DTA_TEMP
const uint STAGE_COORD_SHIFT = 8u; // bits 8-10 of kFlagsN: the stage's coordinate set
const uint CONTROL_SPECULAR = 1u; // D3DRS_SPECULARENABLE

// FfPixel::fog.x (ff_pixel_state.h, FfFogMode).
const uint FOG_NONE = 0u;
const uint FOG_VERTEX = 1u;
const uint FOG_EXP = 2u;
const uint FOG_EXP2 = 3u;
const uint FOG_LINEAR = 4u;

struct FfPixelStage {
    uvec4 color;    // D3DTSS_COLOROP, COLORARG1, COLORARG2, COLORARG0
    uvec4 alpha;    // D3DTSS_ALPHAOP, ALPHAARG1, ALPHAARG2, ALPHAARG0
    uvec4 coord;    // x: TEXCOORD set, y: STAGE_* flags, z: projection divisor component
    vec4 constant;  // D3DTSS_CONSTANT
    vec4 bumpMat;   // D3DTSS_BUMPENVMAT00, 01, 10, 11
    vec4 bumpLum;   // D3DTSS_BUMPENVLSCALE, BUMPENVLOFFSET
};

layout(std140, set = 0, binding = 5) uniform FfPixel {
    FfPixelStage stages[8];
    vec4 textureFactor; // D3DRS_TEXTUREFACTOR
    vec4 fogColor;      // D3DRS_FOGCOLOR
    vec4 fogParams;     // D3DRS_FOGSTART, FOGEND, FOGDENSITY
    uvec4 control;      // x: active stages, y: CONTROL_* flags, z: alpha func, w: alpha ref
    uvec4 fog;          // x: FOG_* mode, y: table fog depth from w (1) or z (0)
} ff;

layout(set = 0, binding = 16) uniform sampler3D ffTex0;
layout(set = 0, binding = 17) uniform sampler3D ffTex1;
layout(set = 0, binding = 18) uniform sampler3D ffTex2;
layout(set = 0, binding = 19) uniform sampler3D ffTex3;
layout(set = 0, binding = 20) uniform sampler3D ffTex4;
layout(set = 0, binding = 21) uniform sampler3D ffTex5;
layout(set = 0, binding = 22) uniform sampler3D ffTex6;
layout(set = 0, binding = 23) uniform sampler3D ffTex7;

// Pixel inputs at the ABI's semantic locations (src/shader/abi.h).
layout(location = 0) in vec4 inTexCoord0;
layout(location = 1) in vec4 inTexCoord1;
layout(location = 2) in vec4 inTexCoord2;
layout(location = 3) in vec4 inTexCoord3;
layout(location = 4) in vec4 inTexCoord4;
layout(location = 5) in vec4 inTexCoord5;
layout(location = 6) in vec4 inTexCoord6;
layout(location = 7) in vec4 inTexCoord7;
layout(location = 8) in vec4 inColor0; // diffuse
layout(location = 9) in vec4 inColor1; // specular
layout(location = 10) in vec4 inFog;   // x: the vertex fog factor (every varying is a vec4)

layout(location = 0) out vec4 outColor;

// Point sprites (D3DRS_POINTSPRITEENABLE on a point list): every stage reads the point's
// coordinate, (0, 0) at the sprite's top-left to (1, 1) at its bottom-right, as D3D9's sprites.
// The variant for FfPixelKey::pointSprite makes this constant's default true (ff_pixel_variant.cpp).
layout(constant_id = 0) const bool kPointSprite = false;

// The stage program (FfPixelProgram in src/shader/ff/ff_pixel_state.h; constant ids
// kFfPixelSpec* there). Per stage: colour and alpha as op | ARG1 << 8 | ARG2 << 16 | ARG0 << 24
// (args' low 6 bits), and the STAGE_* flags. Defaults: no stage runs.
layout(constant_id = 1) const uint kActiveStages = 0u;
layout(constant_id = 2) const uint kControl = 0u; // CONTROL_* flags | alpha func << 4 | fog mode << 8
layout(constant_id = 8) const uint kColor0 = 0u;
layout(constant_id = 9) const uint kColor1 = 0u;
layout(constant_id = 10) const uint kColor2 = 0u;
layout(constant_id = 11) const uint kColor3 = 0u;
layout(constant_id = 12) const uint kColor4 = 0u;
layout(constant_id = 13) const uint kColor5 = 0u;
layout(constant_id = 14) const uint kColor6 = 0u;
layout(constant_id = 15) const uint kColor7 = 0u;
layout(constant_id = 16) const uint kAlpha0 = 0u;
layout(constant_id = 17) const uint kAlpha1 = 0u;
layout(constant_id = 18) const uint kAlpha2 = 0u;
layout(constant_id = 19) const uint kAlpha3 = 0u;
layout(constant_id = 20) const uint kAlpha4 = 0u;
layout(constant_id = 21) const uint kAlpha5 = 0u;
layout(constant_id = 22) const uint kAlpha6 = 0u;
layout(constant_id = 23) const uint kAlpha7 = 0u;
layout(constant_id = 24) const uint kFlags0 = 0u;
layout(constant_id = 25) const uint kFlags1 = 0u;
layout(constant_id = 26) const uint kFlags2 = 0u;
layout(constant_id = 27) const uint kFlags3 = 0u;
layout(constant_id = 28) const uint kFlags4 = 0u;
layout(constant_id = 29) const uint kFlags5 = 0u;
layout(constant_id = 30) const uint kFlags6 = 0u;
layout(constant_id = 31) const uint kFlags7 = 0u;

uint opOf(uint packed) {
    return packed & 0xffu;
}
uint argOf(uint packed, uint n) { // n: 1, 2, or 0 for ARG0
    return (packed >> (n == 0u ? 24u : 8u * n)) & 0x3fu;
}

vec4 texCoordSet(uint set) {
    if (kPointSprite) return vec4(gl_PointCoord, 0.0, 1.0);
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

vec4 sampleStage(uint stage, vec3 coord) {
    switch (stage) {
    case 0u: return texture(ffTex0, coord);
    case 1u: return texture(ffTex1, coord);
    case 2u: return texture(ffTex2, coord);
    case 3u: return texture(ffTex3, coord);
    case 4u: return texture(ffTex4, coord);
    case 5u: return texture(ffTex5, coord);
    case 6u: return texture(ffTex6, coord);
    default: return texture(ffTex7, coord);
    }
}

bool isBump(uint op) {
    return op == TOP_BUMPENVMAP || op == TOP_BUMPENVMAPLUMINANCE;
}

// One D3DTA_* argument with its modifiers (D3DTA: COMPLEMENT "1.0 - x", ALPHAREPLICATE
// "replicate the alpha information to all color channels"; the two commute).
vec4 argument(uint arg, vec4 diffuse, vec4 specular, vec4 current, vec4 temp, vec4 texel, vec4 constant) {
    vec4 v;
    switch (arg & TA_SELECTMASK) {
    case TA_DIFFUSE: v = diffuse; break;
    case TA_TEXTURE: v = texel; break;
    case TA_TFACTOR: v = ff.textureFactor; break;
    case TA_SPECULAR: v = specular; break;
    case TA_TEMP: v = temp; break;
    case TA_CONSTANT: v = constant; break;
    default: v = current; break; // D3DTA_CURRENT (and selectors D3D9 does not define)
    }
    if ((arg & TA_ALPHAREPLICATE) != 0u) v = v.aaaa;
    if ((arg & TA_COMPLEMENT) != 0u) v = vec4(1.0) - v;
    return v;
}

// The D3DTEXTUREOP formulas. a0..a2 are ARG0..ARG2; for an alpha operation every channel of an
// argument holds its alpha. blend: the BLEND*ALPHA factors (x diffuse, y texture, z factor,
// w current alpha). premod: this stage's texel times the next stage's (PREMODULATE).
// Returns the unclamped result; `keep` (the result register) for ops that write nothing.
vec4 combine(uint op, vec4 a0, vec4 a1, vec4 a2, vec4 blend, vec4 premod, bool alphaOp, vec4 keep) {
    switch (op) {
    case TOP_SELECTARG1: return a1;
    case TOP_SELECTARG2: return a2;
    case TOP_MODULATE: return a1 * a2;
    case TOP_MODULATE2X: return a1 * a2 * 2.0;
    case TOP_MODULATE4X: return a1 * a2 * 4.0;
    case TOP_ADD: return a1 + a2;
    case TOP_ADDSIGNED: return a1 + a2 - 0.5;
    case TOP_ADDSIGNED2X: return (a1 + a2 - 0.5) * 2.0;
    case TOP_SUBTRACT: return a1 - a2;
    case TOP_ADDSMOOTH: return a1 + a2 - a1 * a2;
    case TOP_BLENDDIFFUSEALPHA: return a1 * blend.x + a2 * (1.0 - blend.x);
    case TOP_BLENDTEXTUREALPHA: return a1 * blend.y + a2 * (1.0 - blend.y);
    case TOP_BLENDFACTORALPHA: return a1 * blend.z + a2 * (1.0 - blend.z);
    case TOP_BLENDTEXTUREALPHAPM: return a1 + a2 * (1.0 - blend.y);
    case TOP_BLENDCURRENTALPHA: return a1 * blend.w + a2 * (1.0 - blend.w);
    case TOP_PREMODULATE: return premod;
    case TOP_MODULATEALPHA_ADDCOLOR: return a1 + a1.aaaa * a2;
    case TOP_MODULATECOLOR_ADDALPHA: return a1 * a2 + a1.aaaa;
    case TOP_MODULATEINVALPHA_ADDCOLOR: return (1.0 - a1.aaaa) * a2 + a1;
    case TOP_MODULATEINVCOLOR_ADDALPHA: return (1.0 - a1) * a2 + a1.aaaa;
    case TOP_DOTPRODUCT3:
        if (alphaOp) return vec4(4.0 * (a1.a - 0.5) * (a2.a - 0.5));
        return vec4(4.0 * dot(a1.rgb - 0.5, a2.rgb - 0.5));
    case TOP_MULTIPLYADD: return a0 + a1 * a2;
    case TOP_LERP: return a0 * a1 + (1.0 - a0) * a2;
    default: return keep; // DISABLE (as an alpha op), BUMPENVMAP, BUMPENVMAPLUMINANCE
    }
}

bool alphaTestPasses(uint func, float alpha, uint ref) {
    // Compared at the 8-bit precision of D3DRS_ALPHAREF (rounded to nearest, halves up).
    float a = floor(clamp(alpha, 0.0, 1.0) * 255.0 + 0.5);
    float r = float(ref);
    switch (func) {
    case CMP_NEVER: return false;
    case CMP_LESS: return a < r;
    case CMP_EQUAL: return a == r;
    case CMP_LESSEQUAL: return a <= r;
    case CMP_GREATER: return a > r;
    case CMP_NOTEQUAL: return a != r;
    case CMP_GREATEREQUAL: return a >= r;
    default: return true; // D3DCMP_ALWAYS
    }
}

float fogFactor() {
    uint mode = (kControl >> 8u) & 0xfu;
    if (mode == FOG_VERTEX) return clamp(inFog.x, 0.0, 1.0);
    float depth = ff.fog.y != 0u ? 1.0 / gl_FragCoord.w : gl_FragCoord.z;
    float f;
    if (mode == FOG_LINEAR) {
        float start = ff.fogParams.x, end = ff.fogParams.y;
        // end == start: no fog before the end, full fog from it.
        f = end != start ? (end - depth) / (end - start) : (depth < end ? 1.0 : 0.0);
    } else if (mode == FOG_EXP) {
        f = exp(-depth * ff.fogParams.z);
    } else { // FOG_EXP2
        float d = depth * ff.fogParams.z;
        f = exp(-d * d);
    }
    return clamp(f, 0.0, 1.0);
}

// Stage s's texture lookup (the first pass: BUMPENVMAP stages perturb the next stage's
// coordinates, and PREMODULATE needs the next stage's texel). Called with constants only, so
// each call reduces to the lookups its stage's program needs.
void lookupStage(uint s, uint color, uint flags, inout vec4 texels[8], inout vec2 bumpOffset,
                 inout float bumpLuminance) {
    texels[s] = vec4(0.0, 0.0, 0.0, 1.0);
    if (s >= kActiveStages) return;
    if ((flags & STAGE_TEXTURE) != 0u) {
        // The set from the constant, not the block: a variant reads only the sets it samples.
        uvec4 coordInfo = ff.stages[s].coord;
        vec4 c = texCoordSet((flags >> STAGE_COORD_SHIFT) & 7u);
        if ((flags & STAGE_PROJECTED) != 0u) c.xyz /= c[coordInfo.z & 3u];
        c.xy += bumpOffset;
        texels[s] = sampleStage(s, c.xyz);
        texels[s].rgb *= bumpLuminance;
    }
    bumpOffset = vec2(0.0);
    bumpLuminance = 1.0;
    uint op = opOf(color);
    if (isBump(op)) {
        // u' = u + M00 du + M10 dv, v' = v + M01 du + M11 dv (Bump Mapping Formulas).
        vec4 m = ff.stages[s].bumpMat;
        vec2 duv = texels[s].xy;
        bumpOffset = vec2(m.x * duv.x + m.z * duv.y, m.y * duv.x + m.w * duv.y);
        if (op == TOP_BUMPENVMAPLUMINANCE) {
            vec4 lum = ff.stages[s].bumpLum;
            bumpLuminance = clamp(texels[s].z * lum.x + lum.y, 0.0, 1.0);
        }
    }
}

// Stage s's colour and alpha operations (the second pass).
void combineStage(uint s, uint color, uint alphaOps, uint flags, vec4 texels[8], vec4 diffuse,
                  vec4 specular, inout vec4 current, inout vec4 temp) {
    if (s >= kActiveStages) return;
    vec4 constant = ff.stages[s].constant;
    vec4 texel = texels[s];
    vec4 premod = s + 1u < kActiveStages ? texel * texels[min(s + 1u, 7u)] : texel;
    vec4 blend = vec4(diffuse.a, texel.a, ff.textureFactor.a, current.a);
    bool toTemp = (flags & STAGE_RESULT_TEMP) != 0u;
    vec4 keep = toTemp ? temp : current;

    vec4 c0 = argument(argOf(color, 0u), diffuse, specular, current, temp, texel, constant);
    vec4 c1 = argument(argOf(color, 1u), diffuse, specular, current, temp, texel, constant);
    vec4 c2 = argument(argOf(color, 2u), diffuse, specular, current, temp, texel, constant);
    vec4 colour = combine(opOf(color), c0, c1, c2, blend, premod, false, keep);

    vec4 a0 = argument(argOf(alphaOps, 0u), diffuse, specular, current, temp, texel, constant).aaaa;
    vec4 a1 = argument(argOf(alphaOps, 1u), diffuse, specular, current, temp, texel, constant).aaaa;
    vec4 a2 = argument(argOf(alphaOps, 2u), diffuse, specular, current, temp, texel, constant).aaaa;
    float alpha = combine(opOf(alphaOps), a0, a1, a2, blend, premod.aaaa, true, keep).a;
    // DOTPRODUCT3 as the colour op "replicates the sum to all color channels, including alpha".
    if (opOf(color) == TOP_DOTPRODUCT3) alpha = colour.r;
    // A bump-mapping stage writes nothing, alpha included: Windows ignores its alpha op (Wine's
    // test_texture_blending).
    if (isBump(opOf(color))) alpha = keep.a;

    vec4 result = clamp(vec4(colour.rgb, alpha), 0.0, 1.0);
    if (toTemp) temp = result;
    else current = result;
}

void main() {
    // D3D9 colours are clamped to [0, 1] before they reach the pixel pipeline.
    vec4 diffuse = clamp(inColor0, 0.0, 1.0);
    vec4 specular = clamp(inColor1, 0.0, 1.0);

    // Written out per stage, not looped, so that every stage's program is a constant.
    vec4 texels[8];
    vec2 bumpOffset = vec2(0.0);
    float bumpLuminance = 1.0;
    lookupStage(0u, kColor0, kFlags0, texels, bumpOffset, bumpLuminance);
    lookupStage(1u, kColor1, kFlags1, texels, bumpOffset, bumpLuminance);
    lookupStage(2u, kColor2, kFlags2, texels, bumpOffset, bumpLuminance);
    lookupStage(3u, kColor3, kFlags3, texels, bumpOffset, bumpLuminance);
    lookupStage(4u, kColor4, kFlags4, texels, bumpOffset, bumpLuminance);
    lookupStage(5u, kColor5, kFlags5, texels, bumpOffset, bumpLuminance);
    lookupStage(6u, kColor6, kFlags6, texels, bumpOffset, bumpLuminance);
    lookupStage(7u, kColor7, kFlags7, texels, bumpOffset, bumpLuminance);

    vec4 current = diffuse;
    vec4 temp = vec4(0.0);
    combineStage(0u, kColor0, kAlpha0, kFlags0, texels, diffuse, specular, current, temp);
    combineStage(1u, kColor1, kAlpha1, kFlags1, texels, diffuse, specular, current, temp);
    combineStage(2u, kColor2, kAlpha2, kFlags2, texels, diffuse, specular, current, temp);
    combineStage(3u, kColor3, kAlpha3, kFlags3, texels, diffuse, specular, current, temp);
    combineStage(4u, kColor4, kAlpha4, kFlags4, texels, diffuse, specular, current, temp);
    combineStage(5u, kColor5, kAlpha5, kFlags5, texels, diffuse, specular, current, temp);
    combineStage(6u, kColor6, kAlpha6, kFlags6, texels, diffuse, specular, current, temp);
    combineStage(7u, kColor7, kAlpha7, kFlags7, texels, diffuse, specular, current, temp);

    if ((kControl & CONTROL_SPECULAR) != 0u) current.rgb = clamp(current.rgb + specular.rgb, 0.0, 1.0);

    if (((kControl >> 8u) & 0xfu) != FOG_NONE) current.rgb = mix(ff.fogColor.rgb, current.rgb, fogFactor());

    if (!alphaTestPasses((kControl >> 4u) & 0xfu, current.a, ff.control.w)) discard;
    outColor = current;
}

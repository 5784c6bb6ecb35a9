#include "ff_pixel_reference.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace ddivk::test::ffpixel {
namespace {

float sat(float v) {
    return std::min(1.0f, std::max(0.0f, v));
}

Float4 sat(const Float4& v) {
    return {sat(v[0]), sat(v[1]), sat(v[2]), sat(v[3])};
}

uint32_t texelIndex(float coord, uint32_t size) {
    const float i = std::floor(coord * float(size));
    return uint32_t(std::clamp(i, 0.0f, float(size - 1)));
}

Float4 fromColor(uint32_t argb) {
    return {float((argb >> 16) & 0xff) / 255.0f, float((argb >> 8) & 0xff) / 255.0f,
            float(argb & 0xff) / 255.0f, float(argb >> 24) / 255.0f};
}

float bitsToFloat(uint32_t v) {
    return std::bit_cast<float>(v);
}

// D3DTA_* argument: the register, then D3DTA_ALPHAREPLICATE, then D3DTA_COMPLEMENT.
struct Registers {
    Float4 diffuse, specular, current, temp, texture, factor, constant;
};

Float4 argument(uint32_t arg, const Registers& r) {
    Float4 v;
    switch (arg & D3DTA_SELECTMASK) {
    case D3DTA_DIFFUSE:
        v = r.diffuse;
        break;
    case D3DTA_CURRENT:
        v = r.current;
        break;
    case D3DTA_TEXTURE:
        v = r.texture;
        break;
    case D3DTA_TFACTOR:
        v = r.factor;
        break;
    case D3DTA_SPECULAR:
        v = r.specular;
        break;
    case D3DTA_TEMP:
        v = r.temp;
        break;
    case D3DTA_CONSTANT:
        v = r.constant;
        break;
    default:
        v = r.current;
        break;
    }
    if (arg & D3DTA_ALPHAREPLICATE) v = {v[3], v[3], v[3], v[3]};
    if (arg & D3DTA_COMPLEMENT)
        for (float& c : v)
            c = 1.0f - c;
    return v;
}

// One channel of a D3DTEXTUREOP. x0..x2: the channel of ARG0..ARG2; alpha1: ARG1's alpha (for
// the *_ADDCOLOR / *_ADDALPHA ops). Returns nullopt for ops that write nothing.
struct Factors {
    float diffuseAlpha, textureAlpha, factorAlpha, currentAlpha, premodulated;
};
std::optional<float> channel(uint32_t op, float x0, float x1, float x2, float alpha1, const Factors& f) {
    auto blend = [&](float a) { return x1 * a + x2 * (1.0f - a); };
    switch (op) {
    case D3DTOP_SELECTARG1:
        return x1;
    case D3DTOP_SELECTARG2:
        return x2;
    case D3DTOP_MODULATE:
        return x1 * x2;
    case D3DTOP_MODULATE2X:
        return 2.0f * x1 * x2;
    case D3DTOP_MODULATE4X:
        return 4.0f * x1 * x2;
    case D3DTOP_ADD:
        return x1 + x2;
    case D3DTOP_ADDSIGNED:
        return x1 + x2 - 0.5f;
    case D3DTOP_ADDSIGNED2X:
        return 2.0f * (x1 + x2 - 0.5f);
    case D3DTOP_SUBTRACT:
        return x1 - x2;
    case D3DTOP_ADDSMOOTH:
        return x1 + x2 * (1.0f - x1);
    case D3DTOP_BLENDDIFFUSEALPHA:
        return blend(f.diffuseAlpha);
    case D3DTOP_BLENDTEXTUREALPHA:
        return blend(f.textureAlpha);
    case D3DTOP_BLENDFACTORALPHA:
        return blend(f.factorAlpha);
    case D3DTOP_BLENDTEXTUREALPHAPM:
        return x1 + x2 * (1.0f - f.textureAlpha);
    case D3DTOP_BLENDCURRENTALPHA:
        return blend(f.currentAlpha);
    case D3DTOP_PREMODULATE:
        return f.premodulated;
    case D3DTOP_MODULATEALPHA_ADDCOLOR:
        return x1 + alpha1 * x2;
    case D3DTOP_MODULATECOLOR_ADDALPHA:
        return x1 * x2 + alpha1;
    case D3DTOP_MODULATEINVALPHA_ADDCOLOR:
        return (1.0f - alpha1) * x2 + x1;
    case D3DTOP_MODULATEINVCOLOR_ADDALPHA:
        return (1.0f - x1) * x2 + alpha1;
    case D3DTOP_MULTIPLYADD:
        return x0 + x1 * x2;
    case D3DTOP_LERP:
        return x0 * x1 + (1.0f - x0) * x2;
    default:
        return std::nullopt; // DISABLE, BUMPENVMAP, BUMPENVMAPLUMINANCE
    }
}

bool alphaPasses(uint32_t func, float alpha, uint32_t ref) {
    const int a = int(std::floor(sat(alpha) * 255.0f + 0.5f));
    const int r = int(ref & 0xff);
    switch (func) {
    case D3DCMP_NEVER:
        return false;
    case D3DCMP_LESS:
        return a < r;
    case D3DCMP_EQUAL:
        return a == r;
    case D3DCMP_LESSEQUAL:
        return a <= r;
    case D3DCMP_GREATER:
        return a > r;
    case D3DCMP_NOTEQUAL:
        return a != r;
    case D3DCMP_GREATEREQUAL:
        return a >= r;
    default:
        return true;
    }
}

} // namespace

Float4 Texture::sample(const Float4& c) const {
    switch (type) {
    case FfTextureType::Tex2D:
        return texels[texelIndex(c[1], height) * width + texelIndex(c[0], width)];
    case FfTextureType::Volume:
        return texels[(texelIndex(c[2], depth) * height + texelIndex(c[1], height)) * width +
                      texelIndex(c[0], width)];
    case FfTextureType::Cube: {
        // Vulkan "Cube Map Face Selection and Transformations".
        const float ax = std::fabs(c[0]), ay = std::fabs(c[1]), az = std::fabs(c[2]);
        uint32_t face;
        float sc, tc, ma;
        if (ax >= ay && ax >= az) {
            face = c[0] >= 0 ? 0 : 1;
            sc = c[0] >= 0 ? -c[2] : c[2];
            tc = -c[1];
            ma = ax;
        } else if (ay >= az) {
            face = c[1] >= 0 ? 2 : 3;
            sc = c[0];
            tc = c[1] >= 0 ? c[2] : -c[2];
            ma = ay;
        } else {
            face = c[2] >= 0 ? 4 : 5;
            sc = c[2] >= 0 ? c[0] : -c[0];
            tc = -c[1];
            ma = az;
        }
        const float s = 0.5f * sc / ma + 0.5f, t = 0.5f * tc / ma + 0.5f;
        return texels[(face * width + texelIndex(t, width)) * width + texelIndex(s, width)];
    }
    default:
        return {0, 0, 0, 1}; // the reference rasterizer's texel of a missing texture
    }
}

std::optional<Float4> referencePixel(const state::DeviceState& s, const std::array<Texture, 8>& textures,
                                     const PixelInputs& in, const ReferenceOptions& options) {
    const auto& rs = s.renderStates;
    const Float4 diffuse = sat(in.diffuse), specular = sat(in.specular);

    // The cascade ends at the first DISABLE colour op, or at a stage without a texture whose
    // COLORARG1 is D3DTA_TEXTURE.
    uint32_t stages = 0;
    while (stages < 8) {
        const auto& tss = s.textureStageStates[stages];
        if (tss[D3DTSS_COLOROP] == D3DTOP_DISABLE) break;
        if (textures[stages].type == FfTextureType::None &&
            (tss[D3DTSS_COLORARG1] & D3DTA_SELECTMASK) == D3DTA_TEXTURE)
            break;
        ++stages;
    }

    // Texels, with the bump mapping of the previous stage applied.
    std::array<Float4, 9> texel;
    texel.fill({0, 0, 0, 1});
    float du = 0, dv = 0, luminance = 1;
    for (uint32_t st = 0; st < stages; ++st) {
        const auto& tss = s.textureStageStates[st];
        const Texture& tex = textures[st];
        if (tex.type != FfTextureType::None) {
            Float4 c = in.texCoords[options.texCoordIndex ? (tss[D3DTSS_TEXCOORDINDEX] & 7) : st];
            const uint32_t ttff = tss[D3DTSS_TEXTURETRANSFORMFLAGS];
            if ((ttff & D3DTTFF_PROJECTED) && tex.type != FfTextureType::Cube) {
                const uint32_t count = ttff & 0xff;
                const float q = c[count >= 2 && count <= 4 ? count - 1 : 3];
                c = {c[0] / q, c[1] / q, c[2] / q, c[3]};
            }
            c[0] += du;
            c[1] += dv;
            texel[st] = tex.sample(c);
            for (int i = 0; i < 3; ++i)
                texel[st][i] *= luminance;
        }
        du = dv = 0;
        luminance = 1;
        const uint32_t op = tss[D3DTSS_COLOROP];
        if (op == D3DTOP_BUMPENVMAP || op == D3DTOP_BUMPENVMAPLUMINANCE) {
            const float m00 = bitsToFloat(tss[D3DTSS_BUMPENVMAT00]),
                        m01 = bitsToFloat(tss[D3DTSS_BUMPENVMAT01]);
            const float m10 = bitsToFloat(tss[D3DTSS_BUMPENVMAT10]),
                        m11 = bitsToFloat(tss[D3DTSS_BUMPENVMAT11]);
            du = m00 * texel[st][0] + m10 * texel[st][1];
            dv = m01 * texel[st][0] + m11 * texel[st][1];
            if (op == D3DTOP_BUMPENVMAPLUMINANCE)
                luminance = sat(texel[st][2] * bitsToFloat(tss[D3DTSS_BUMPENVLSCALE]) +
                                bitsToFloat(tss[D3DTSS_BUMPENVLOFFSET]));
        }
    }

    Registers r{};
    r.diffuse = diffuse;
    r.specular = specular;
    r.current = diffuse;
    r.temp = {0, 0, 0, 0};
    r.factor = fromColor(rs[D3DRS_TEXTUREFACTOR]);
    for (uint32_t st = 0; st < stages; ++st) {
        const auto& tss = s.textureStageStates[st];
        r.texture = texel[st];
        r.constant = fromColor(tss[D3DTSS_CONSTANT]);
        const bool toTemp = (tss[D3DTSS_RESULTARG] & D3DTA_SELECTMASK) == D3DTA_TEMP;
        Float4 result = toTemp ? r.temp : r.current;
        Float4 premod = texel[st];
        if (st + 1 < stages)
            for (int i = 0; i < 4; ++i)
                premod[i] *= texel[st + 1][i];

        const Float4 c0 = argument(tss[D3DTSS_COLORARG0], r), c1 = argument(tss[D3DTSS_COLORARG1], r),
                     c2 = argument(tss[D3DTSS_COLORARG2], r);
        const uint32_t colorOp = tss[D3DTSS_COLOROP];
        for (int i = 0; i < 3; ++i) {
            Factors f{diffuse[3], texel[st][3], r.factor[3], r.current[3], premod[i]};
            if (colorOp == D3DTOP_DOTPRODUCT3)
                result[i] = 4.0f * ((c1[0] - 0.5f) * (c2[0] - 0.5f) + (c1[1] - 0.5f) * (c2[1] - 0.5f) +
                                    (c1[2] - 0.5f) * (c2[2] - 0.5f));
            else if (auto v = channel(colorOp, c0[i], c1[i], c2[i], c1[3], f))
                result[i] = *v;
        }

        const float a0 = argument(tss[D3DTSS_ALPHAARG0], r)[3], a1 = argument(tss[D3DTSS_ALPHAARG1], r)[3],
                    a2 = argument(tss[D3DTSS_ALPHAARG2], r)[3];
        const uint32_t alphaOp = tss[D3DTSS_ALPHAOP];
        if (colorOp == D3DTOP_BUMPENVMAP || colorOp == D3DTOP_BUMPENVMAPLUMINANCE) {
            // A bump stage writes nothing; its alpha op is ignored.
        } else if (colorOp == D3DTOP_DOTPRODUCT3) {
            result[3] = result[0]; // "replicate the sum to all color channels, including alpha"
        } else if (alphaOp == D3DTOP_DOTPRODUCT3) {
            result[3] = 4.0f * (a1 - 0.5f) * (a2 - 0.5f);
        } else {
            Factors f{diffuse[3], texel[st][3], r.factor[3], r.current[3], premod[3]};
            if (auto v = channel(alphaOp, a0, a1, a2, a1, f)) result[3] = *v;
        }
        (toTemp ? r.temp : r.current) = sat(result);
    }

    Float4 out = r.current;
    if (rs[D3DRS_SPECULARENABLE])
        for (int i = 0; i < 3; ++i)
            out[i] = sat(out[i] + specular[i]);

    if (rs[D3DRS_FOGENABLE]) {
        float f;
        const uint32_t mode = rs[D3DRS_FOGTABLEMODE];
        const float d = options.wFog ? in.w : in.z;
        const float start = bitsToFloat(rs[D3DRS_FOGSTART]), end = bitsToFloat(rs[D3DRS_FOGEND]);
        const float density = bitsToFloat(rs[D3DRS_FOGDENSITY]);
        if (mode == D3DFOG_LINEAR)
            f = end != start ? (end - d) / (end - start) : (d < end ? 1.0f : 0.0f);
        else if (mode == D3DFOG_EXP)
            f = 1.0f / std::exp(d * density);
        else if (mode == D3DFOG_EXP2)
            f = 1.0f / std::exp((d * density) * (d * density));
        else
            f = in.fog;
        f = sat(f);
        const Float4 fogColor = fromColor(rs[D3DRS_FOGCOLOR]);
        for (int i = 0; i < 3; ++i)
            out[i] = f * out[i] + (1.0f - f) * fogColor[i];
    }

    const uint32_t func = rs[D3DRS_ALPHATESTENABLE] ? rs[D3DRS_ALPHAFUNC] : uint32_t{D3DCMP_ALWAYS};
    if (!alphaPasses(func, out[3], rs[D3DRS_ALPHAREF])) return std::nullopt;
    return out;
}

} // namespace ddivk::test::ffpixel

#include "d3d9/vertex_lighting.h"

#include <algorithm>
#include <cmath>

namespace ddivk::d3d9 {
namespace {

using shader::ff::FfLight;
using shader::ff::FfVertexState;

struct Vec3 {
    float x, y, z;
};
Vec3 operator+(Vec3 a, Vec3 b) {
    return {a.x + b.x, a.y + b.y, a.z + b.z};
}
Vec3 operator-(Vec3 a, Vec3 b) {
    return {a.x - b.x, a.y - b.y, a.z - b.z};
}
Vec3 operator*(Vec3 a, float s) {
    return {a.x * s, a.y * s, a.z * s};
}
Vec3 operator*(Vec3 a, Vec3 b) {
    return {a.x * b.x, a.y * b.y, a.z * b.z};
}
float dot(Vec3 a, Vec3 b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}
Vec3 normalized(Vec3 v) {
    const float length = std::sqrt(dot(v, v));
    return length > 0.0f ? v * (1.0f / length) : v;
}
Vec3 rgb(const float c[4]) {
    return {c[0], c[1], c[2]};
}

const float* pick(uint32_t source, const float* material, const CameraVertex& v) {
    if (source == shader::ff::kFfSourceDiffuse) return v.diffuse;
    if (source == shader::ff::kFfSourceSpecular) return v.specular;
    return material;
}

// The light's attenuation times its spotlight factor at camera-space point p, and the unit
// vector towards it; false when p is beyond the light's range (no effect at all).
bool reach(const FfLight& light, Vec3 p, Vec3& toLight, float& factor) {
    toLight = rgb(light.direction) * -1.0f;
    factor = 1.0f;
    if (light.type == D3DLIGHT_DIRECTIONAL) return true;
    const Vec3 delta = rgb(light.position) - p;
    const float d = std::sqrt(dot(delta, delta));
    if (d > light.attenuation[3]) return false;
    toLight = d > 0.0f ? delta * (1.0f / d) : Vec3{0, 0, 0};
    factor = 1.0f / (light.attenuation[0] + light.attenuation[1] * d + light.attenuation[2] * d * d);
    if (light.type == D3DLIGHT_SPOT) {
        // rho: the cosine between the light's direction and the way to the point.
        const float rho = dot(toLight * -1.0f, rgb(light.direction));
        if (rho <= light.spot[1])
            factor = 0.0f;
        else if (rho <= light.spot[0])
            factor *= std::pow((rho - light.spot[1]) / (light.spot[0] - light.spot[1]), light.spot[2]);
    }
    return true;
}

} // namespace

void toCamera(const FfVertexState& ff, const float position[3], const float normal[3],
              const VertexBlend& blend, CameraVertex& out) {
    Vec3 p{0, 0, 0}, n{0, 0, 0};
    float weightSum = 0.0f;
    const uint32_t matrices = std::clamp(ff.blendMatrices, 1u, 4u);
    for (uint32_t k = 0; k < matrices; ++k) {
        float w = 1.0f - weightSum;
        if (k + 1 < matrices) {
            w = blend.weights[k];
            weightSum += w;
        }
        const uint32_t index =
            ff.indexedBlend ? std::min(blend.indices[k], shader::ff::kFfBlendPalette - 1) : k;
        const auto& m = ff.worldView[index];
        const auto& nm = ff.normalMatrix[index];
        Vec3 pk, nk;
        float* pc[3] = {&pk.x, &pk.y, &pk.z};
        float* nc[3] = {&nk.x, &nk.y, &nk.z};
        for (int c = 0; c < 3; ++c) {
            *pc[c] = position[0] * m[0][c] + position[1] * m[1][c] + position[2] * m[2][c] + m[3][c];
            *nc[c] = normal[0] * nm[0][c] + normal[1] * nm[1][c] + normal[2] * nm[2][c];
        }
        p = p + pk * w;
        n = n + nk * w;
    }
    if (ff.normalizeNormals) n = normalized(n);
    out.position[0] = p.x, out.position[1] = p.y, out.position[2] = p.z;
    out.normal[0] = n.x, out.normal[1] = n.y, out.normal[2] = n.z;
}

LitColours lightVertex(const FfVertexState& ff, const CameraVertex& v) {
    const float* cd = pick(ff.diffuseSource, ff.materialDiffuse, v);
    const float* ca = pick(ff.ambientSource, ff.materialAmbient, v);
    const float* cs = pick(ff.specularSource, ff.materialSpecular, v);
    const float* ce = pick(ff.emissiveSource, ff.materialEmissive, v);
    const Vec3 p{v.position[0], v.position[1], v.position[2]};
    const Vec3 normal{v.normal[0], v.normal[1], v.normal[2]};
    // Towards the viewer: the camera at the origin (LOCALVIEWER), else infinitely far down -z.
    const Vec3 toViewer = ff.localViewer && dot(p, p) > 0.0f ? normalized(p * -1.0f) : Vec3{0, 0, -1};
    Vec3 ambient{0, 0, 0}, diffuse{0, 0, 0}, specular{0, 0, 0};
    for (uint32_t i = 0; i < std::min(ff.lightCount, shader::ff::kFfMaxLights); ++i) {
        const FfLight& light = ff.lights[i];
        Vec3 toLight;
        float factor;
        if (!reach(light, p, toLight, factor)) continue;
        ambient = ambient + rgb(light.ambient) * factor;
        const float nDotL = dot(normal, toLight);
        if (nDotL <= 0.0f) continue;
        diffuse = diffuse + rgb(light.diffuse) * (nDotL * factor);
        if (!ff.specularEnable) continue;
        const float nDotH = dot(normal, normalized(toViewer + toLight));
        if (nDotH > 0.0f)
            specular = specular + rgb(light.specular) * (std::pow(nDotH, ff.material[0]) * factor);
    }
    const Vec3 lit = rgb(ce) + rgb(ca) * (rgb(ff.globalAmbient) + ambient) + rgb(cd) * diffuse;
    const Vec3 shine = rgb(cs) * specular;
    LitColours out{{lit.x, lit.y, lit.z, cd[3]}, {shine.x, shine.y, shine.z, cs[3]}};
    for (int c = 0; c < 4; ++c) {
        out.diffuse[c] = std::clamp(out.diffuse[c], 0.0f, 1.0f);
        out.specular[c] = std::clamp(out.specular[c], 0.0f, 1.0f);
    }
    return out;
}

} // namespace ddivk::d3d9

#include "ff_reference.h"

#include "ddivk/d3d9_enums.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace ddivk::test::ffv {
namespace {

namespace abi = shader::abi;

using M4 = std::array<std::array<double, 4>, 4>;

struct V3 {
    double x = 0, y = 0, z = 0;
};
V3 operator+(V3 a, V3 b) {
    return {a.x + b.x, a.y + b.y, a.z + b.z};
}
V3 operator-(V3 a, V3 b) {
    return {a.x - b.x, a.y - b.y, a.z - b.z};
}
V3 operator*(V3 a, double s) {
    return {a.x * s, a.y * s, a.z * s};
}
double dot(V3 a, V3 b) {
    return a.x * b.x + a.y * b.y + a.z * b.z;
}
double length(V3 a) {
    return std::sqrt(dot(a, a));
}
V3 normalized(V3 a) {
    const double l = length(a);
    return l > 0 ? a * (1.0 / l) : a;
}

M4 toM4(const D3DMATRIX& m) {
    M4 r;
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j)
            r[i][j] = m.m[i][j];
    return r;
}

M4 transpose(const M4& m) {
    M4 r;
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j)
            r[i][j] = m[j][i];
    return r;
}

// Gauss-Jordan with partial pivoting.
M4 inverse(M4 m) {
    M4 r{};
    for (int i = 0; i < 4; ++i)
        r[i][i] = 1;
    for (int c = 0; c < 4; ++c) {
        int pivot = c;
        for (int i = c + 1; i < 4; ++i)
            if (std::fabs(m[i][c]) > std::fabs(m[pivot][c])) pivot = i;
        std::swap(m[c], m[pivot]);
        std::swap(r[c], r[pivot]);
        const double p = m[c][c];
        for (int j = 0; j < 4; ++j) {
            m[c][j] /= p;
            r[c][j] /= p;
        }
        for (int i = 0; i < 4; ++i) {
            if (i == c) continue;
            const double f = m[i][c];
            for (int j = 0; j < 4; ++j) {
                m[i][j] -= f * m[c][j];
                r[i][j] -= f * r[c][j];
            }
        }
    }
    return r;
}

// Row vector times matrix.
std::array<double, 4> mul(const std::array<double, 4>& v, const M4& m) {
    std::array<double, 4> r{};
    for (int j = 0; j < 4; ++j)
        for (int i = 0; i < 4; ++i)
            r[j] += v[i] * m[i][j];
    return r;
}
V3 point(V3 p, const M4& m) {
    const auto r = mul({p.x, p.y, p.z, 1}, m);
    return {r[0], r[1], r[2]};
}
V3 direction(V3 d, const M4& m) {
    const auto r = mul({d.x, d.y, d.z, 0}, m);
    return {r[0], r[1], r[2]};
}

V3 v3(const Float4& f) {
    return {f[0], f[1], f[2]};
}
V3 v3(const D3DVECTOR& v) {
    return {v.x, v.y, v.z};
}
V3 rgb(const D3DCOLORVALUE& c) {
    return {c.r, c.g, c.b};
}
std::array<double, 4> d4(const Float4& f) {
    return {f[0], f[1], f[2], f[3]};
}
std::array<double, 4> d4(const D3DCOLORVALUE& c) {
    return {c.r, c.g, c.b, c.a};
}
Float4 f4(const std::array<double, 4>& d) {
    return {float(d[0]), float(d[1]), float(d[2]), float(d[3])};
}
Float4 clamped(const std::array<double, 4>& d) {
    Float4 r;
    for (int i = 0; i < 4; ++i)
        r[i] = float(std::clamp(d[i], 0.0, 1.0));
    return r;
}

float rsFloat(const FfScene& s, uint32_t rs) {
    return std::bit_cast<float>(s.state.renderStates[rs]);
}

const D3DMATRIX& transform(const FfScene& s, uint32_t type) {
    return s.state.transforms[state::transformIndex(type)];
}

} // namespace

Reference referenceVertex(const FfScene& scene, const FfVertex& v) {
    const auto& rs = scene.state.renderStates;
    const auto& key = scene.key;
    Reference out;

    // Geometry blending: VERTEXBLEND n weights blend n + 1 world matrices, the last weight is 1 -
    // the sum of the others; indexed blending picks WORLDMATRIX(index k) for matrix k.
    // Tweening ("Vertex Tweening") instead: one matrix, POSITION = POSITION1 * (1 - TWEENFACTOR) +
    // POSITION2 * TWEENFACTOR, the same for normals, where the format has the second.
    const uint32_t blend = rs[D3DRS_VERTEXBLEND];
    const bool tweening = blend == D3DVBF_TWEENING;
    const int matrices = blend >= 1 && blend <= 3 ? int(blend) + 1 : 1;
    const bool indexed = rs[D3DRS_INDEXEDVERTEXBLENDENABLE] && blend != D3DVBF_DISABLE && !tweening;
    const Float4 weights = !tweening && key.has(abi::kFfInBlendWeight) ? v.blendWeight : Float4{};
    const Float4 indices = !tweening && key.has(abi::kFfInBlendIndices) ? v.blendIndices : Float4{};
    V3 normalIn = key.has(abi::kFfInNormal) ? v3(v.normal) : V3{};
    std::array<double, 4> position = {v.position[0], v.position[1], v.position[2],
                                      v.positionW ? v.position[3] : 1.0};
    const double tween = rsFloat(scene, D3DRS_TWEENFACTOR);
    if (tweening && key.has(abi::kFfInPosition1))
        for (int i = 0; i < 4; ++i)
            position[i] = position[i] * (1.0 - tween) + (i < 3 ? v.position1[i] : 1.0) * tween;
    if (tweening && key.has(abi::kFfInNormal1)) normalIn = normalIn * (1.0 - tween) + v3(v.normal1) * tween;
    std::array<double, 4> world{};
    V3 worldNormal;
    double sum = 0;
    for (int k = 0; k < matrices; ++k) {
        double w = 1.0 - sum;
        if (k + 1 < matrices) {
            w = weights[k];
            sum += w;
        }
        const uint32_t index = indexed ? uint32_t(indices[k]) : uint32_t(k);
        const M4 m = toM4(transform(scene, D3DTS_WORLDMATRIX(index)));
        const auto p = mul(position, m);
        for (int i = 0; i < 4; ++i)
            world[i] += w * p[i];
        worldNormal = worldNormal + direction(normalIn, transpose(inverse(m))) * w;
    }
    const M4 view = toM4(transform(scene, D3DTS_VIEW));
    const M4 viewInverse = inverse(view);
    const auto camera4 = mul(world, view);
    const V3 camera{camera4[0], camera4[1], camera4[2]};
    const auto clip = mul(camera4, toM4(transform(scene, D3DTS_PROJECTION)));
    out.clip = f4(clip);

    // Normals: the camera-space normal is the world one through the (rigid) view.
    if (rs[D3DRS_NORMALIZENORMALS]) worldNormal = normalized(worldNormal);
    const V3 cameraNormal = direction(worldNormal, view);
    const V3 worldPosition{world[0], world[1], world[2]};

    // Colors.
    const std::array<double, 4> diffuse =
        key.has(abi::kFfInDiffuse) ? d4(v.diffuse) : std::array<double, 4>{1, 1, 1, 1};
    const std::array<double, 4> specular =
        key.has(abi::kFfInSpecular) ? d4(v.specular) : std::array<double, 4>{0, 0, 0, 0};
    if (!rs[D3DRS_LIGHTING]) {
        out.color0 = clamped(diffuse);
        out.color1 = clamped(specular);
    } else {
        const D3DMATERIAL9& mat = scene.state.material;
        auto source = [&](uint32_t state, const D3DCOLORVALUE& materialColor) {
            if (rs[D3DRS_COLORVERTEX]) {
                if (rs[state] == D3DMCS_COLOR1 && key.has(abi::kFfInDiffuse)) return diffuse;
                if (rs[state] == D3DMCS_COLOR2 && key.has(abi::kFfInSpecular)) return specular;
            }
            return d4(materialColor);
        };
        const auto cd = source(D3DRS_DIFFUSEMATERIALSOURCE, mat.Diffuse);
        const auto ca = source(D3DRS_AMBIENTMATERIALSOURCE, mat.Ambient);
        const auto cs = source(D3DRS_SPECULARMATERIALSOURCE, mat.Specular);
        const auto ce = source(D3DRS_EMISSIVEMATERIALSOURCE, mat.Emissive);
        const D3DCOLOR ga = rs[D3DRS_AMBIENT];
        V3 ambientSum{((ga >> 16) & 0xFF) / 255.0, ((ga >> 8) & 0xFF) / 255.0, (ga & 0xFF) / 255.0};
        V3 diffuseSum, specularSum;
        const V3 eye = point({0, 0, 0}, viewInverse);
        // Towards the viewer: from the vertex to the camera, or the camera's -z axis.
        const V3 toViewer = rs[D3DRS_LOCALVIEWER] && length(eye - worldPosition) > 0
                                ? normalized(eye - worldPosition)
                                : normalized(direction({0, 0, -1}, viewInverse));
        int used = 0;
        for (const state::LightEntry& entry : scene.lights) {
            if (!entry.enabled || used == 8) continue;
            ++used;
            const D3DLIGHT9& l = entry.light;
            V3 toLight = normalized(v3(l.Direction) * -1.0);
            double atten = 1, spot = 1;
            if (l.Type != D3DLIGHT_DIRECTIONAL) {
                const V3 delta = v3(l.Position) - worldPosition;
                const double d = length(delta);
                if (d > l.Range) continue;
                toLight = normalized(delta);
                atten = 1.0 / (l.Attenuation0 + l.Attenuation1 * d + l.Attenuation2 * d * d);
                if (l.Type == D3DLIGHT_SPOT) {
                    const double rho = dot(normalized(v3(l.Direction) * -1.0), toLight);
                    const double cosTheta = std::cos(l.Theta / 2.0), cosPhi = std::cos(l.Phi / 2.0);
                    spot = rho > cosTheta ? 1.0
                           : rho <= cosPhi
                               ? 0.0
                               : std::pow((rho - cosPhi) / (cosTheta - cosPhi), double(l.Falloff));
                }
            }
            const double k = atten * spot;
            ambientSum = ambientSum + rgb(l.Ambient) * k;
            const double nDotL = dot(worldNormal, toLight);
            if (nDotL <= 0) continue;
            diffuseSum = diffuseSum + rgb(l.Diffuse) * (nDotL * k);
            if (!rs[D3DRS_SPECULARENABLE]) continue;
            const double nDotH = dot(worldNormal, normalized(toViewer + toLight));
            if (nDotH > 0) specularSum = specularSum + rgb(l.Specular) * (std::pow(nDotH, mat.Power) * k);
        }
        out.color0 = clamped({ce[0] + ca[0] * ambientSum.x + cd[0] * diffuseSum.x,
                              ce[1] + ca[1] * ambientSum.y + cd[1] * diffuseSum.y,
                              ce[2] + ca[2] * ambientSum.z + cd[2] * diffuseSum.z, cd[3]});
        out.color1 = clamped({cs[0] * specularSum.x, cs[1] * specularSum.y, cs[2] * specularSum.z, cs[3]});
    }

    // Fog: d = |camera z|, or the distance to the camera with RANGEFOGENABLE.
    const double d = rs[D3DRS_RANGEFOGENABLE] ? length(camera) : std::fabs(camera.z);
    const double density = rsFloat(scene, D3DRS_FOGDENSITY);
    double fog = key.has(abi::kFfInSpecular) ? v.specular[3] : 1.0;
    switch (rs[D3DRS_FOGVERTEXMODE]) {
    case D3DFOG_LINEAR:
        fog = (rsFloat(scene, D3DRS_FOGEND) - d) /
              (rsFloat(scene, D3DRS_FOGEND) - rsFloat(scene, D3DRS_FOGSTART));
        break;
    case D3DFOG_EXP:
        fog = 1.0 / std::exp(d * density);
        break;
    case D3DFOG_EXP2:
        fog = 1.0 / std::exp((d * density) * (d * density));
        break;
    }
    out.fog = float(std::clamp(fog, 0.0, 1.0));

    // Point size: Ss = Vh * Si * sqrt(1 / (A + B * De + C * De^2)), clamped to [min, max].
    double size = key.has(abi::kFfInPointSize) ? v.pointSize : rsFloat(scene, D3DRS_POINTSIZE);
    if (rs[D3DRS_POINTSCALEENABLE]) {
        const double de = length(camera);
        size = scene.state.viewport.Height * size *
               std::sqrt(1.0 / (rsFloat(scene, D3DRS_POINTSCALE_A) + rsFloat(scene, D3DRS_POINTSCALE_B) * de +
                                rsFloat(scene, D3DRS_POINTSCALE_C) * de * de));
    }
    out.pointSize = float(std::clamp(size, double(rsFloat(scene, D3DRS_POINTSIZE_MIN)),
                                     double(rsFloat(scene, D3DRS_POINTSIZE_MAX))));

    // Texture coordinates.
    const V3 eyeDir = rs[D3DRS_LOCALVIEWER] && length(camera) > 0 ? normalized(camera) : V3{0, 0, 1};
    const V3 r = eyeDir - cameraNormal * (2.0 * dot(cameraNormal, eyeDir));
    for (uint32_t stage = 0; stage < 8; ++stage) {
        const uint32_t tci = scene.state.textureStageStates[stage][D3DTSS_TEXCOORDINDEX];
        const uint32_t flags = scene.state.textureStageStates[stage][D3DTSS_TEXTURETRANSFORMFLAGS];
        const uint32_t set = tci & 0xFFFF;
        std::array<double, 4> tc{0, 0, 0, 1};
        uint32_t n = 4;
        switch (tci & 0xFFFF0000) {
        case D3DTSS_TCI_CAMERASPACENORMAL:
            tc = {cameraNormal.x, cameraNormal.y, cameraNormal.z, 1};
            n = 3;
            break;
        case D3DTSS_TCI_CAMERASPACEPOSITION:
            tc = {camera.x, camera.y, camera.z, 1};
            n = 3;
            break;
        case D3DTSS_TCI_CAMERASPACEREFLECTIONVECTOR:
            tc = {r.x, r.y, r.z, 1};
            n = 3;
            break;
        case D3DTSS_TCI_SPHEREMAP: {
            const double m = 2.0 * std::sqrt(r.x * r.x + r.y * r.y + (r.z - 1) * (r.z - 1));
            tc = {r.x / m + 0.5, r.y / m + 0.5, 0, 1};
            n = 2;
            break;
        }
        default:
            if (set < 8 && key.has(abi::FixedFunctionInput(abi::kFfInTexCoord0 + set))) {
                n = key.texCoordFloats(set);
                tc = {0, 0, 0, 1}; // what the vertex fetch gives for missing components
                for (uint32_t c = 0; c < n; ++c)
                    tc[c] = v.texCoord[set][c];
            }
            break;
        }
        // COUNT2..4 transform; COUNT1 passes the coordinates through as Windows does (Wine's
        // texture_transform_flags_test).
        const uint32_t count = flags & 0xFF;
        if (count >= 2 && count <= 4) {
            // Pad with a 1 after the last component, zeros beyond: (u, v) -> (u, v, 1, 0).
            std::array<double, 4> in{0, 0, 0, 0};
            for (uint32_t c = 0; c < n; ++c)
                in[c] = tc[c];
            if (n < 4) in[n] = 1;
            tc = mul(in, toM4(transform(scene, D3DTS_TEXTURE0 + stage)));
            for (uint32_t c = count; c < 4; ++c)
                tc[c] = 0;
        }
        out.texCoord[stage] = f4(tc);
    }
    return out;
}

Pixel referencePixel(const FfScene& scene, const Float4& clip) {
    // Vulkan window x = 0.5 + (x / w + 1) * W / 2, y flipped; the pixel whose centre a size-1
    // point covers is floor(window).
    const double wx = 0.5 + (clip[0] / clip[3] + 1.0) * scene.width / 2.0;
    const double wy = 0.5 + (1.0 - clip[1] / clip[3]) * scene.height / 2.0;
    return {uint32_t(std::floor(wx)), uint32_t(std::floor(wy))};
}

} // namespace ddivk::test::ffv

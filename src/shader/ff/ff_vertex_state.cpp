// Packing the D3D9 state for shaders/ff_vertex.vert (docs/fixed-function.md, "Vertex pipeline").
#include "shader/ff/ff_vertex_state.h"

#include "ddivk/d3d9_enums.h"
#include "ddivk/fvf.h"

#include <bit>
#include <cmath>
#include <cstring>

namespace ddivk::shader::ff {
namespace {

using Mat = float[4][4];

float rsFloat(const state::DeviceState& s, uint32_t rs) {
    return std::bit_cast<float>(s.renderStates[rs]);
}

void copyColor(float dst[4], const D3DCOLORVALUE& c) {
    dst[0] = c.r;
    dst[1] = c.g;
    dst[2] = c.b;
    dst[3] = c.a;
}

// D3DCOLOR (0xAARRGGBB) as rgba floats.
void unpackColor(float dst[4], D3DCOLOR c) {
    dst[0] = float((c >> 16) & 0xFF) / 255.0f;
    dst[1] = float((c >> 8) & 0xFF) / 255.0f;
    dst[2] = float(c & 0xFF) / 255.0f;
    dst[3] = float(c >> 24) / 255.0f;
}

// dst = a * b, row-vector convention (a applies first).
void multiply(Mat dst, const D3DMATRIX& a, const D3DMATRIX& b) {
    for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 4; ++c)
            dst[r][c] =
                a.m[r][0] * b.m[0][c] + a.m[r][1] * b.m[1][c] + a.m[r][2] * b.m[2][c] + a.m[r][3] * b.m[3][c];
}

// dst = m^-1 (cofactors over the determinant); false, dst untouched, when m is singular.
bool invert(Mat dst, const D3DMATRIX& m) {
    const auto& a = m.m;
    Mat c; // c[r][col]: cofactor of a[col][r] (the adjugate)
    for (int r = 0; r < 4; ++r)
        for (int col = 0; col < 4; ++col) {
            // Minor of a without row `col` and column `r`.
            float minor[3][3];
            for (int i = 0, mi = 0; i < 4; ++i) {
                if (i == col) continue;
                for (int j = 0, mj = 0; j < 4; ++j) {
                    if (j == r) continue;
                    minor[mi][mj++] = a[i][j];
                }
                ++mi;
            }
            const float det3 = minor[0][0] * (minor[1][1] * minor[2][2] - minor[1][2] * minor[2][1]) -
                               minor[0][1] * (minor[1][0] * minor[2][2] - minor[1][2] * minor[2][0]) +
                               minor[0][2] * (minor[1][0] * minor[2][1] - minor[1][1] * minor[2][0]);
            c[r][col] = ((r + col) % 2 ? -1.0f : 1.0f) * det3;
        }
    const float det = a[0][0] * c[0][0] + a[0][1] * c[1][0] + a[0][2] * c[2][0] + a[0][3] * c[3][0];
    if (det == 0.0f) return false;
    for (int r = 0; r < 4; ++r)
        for (int col = 0; col < 4; ++col)
            dst[r][col] = c[r][col] / det;
    return true;
}

// The normal matrix of m: the transposed upper 3x3 of m's inverse, in a 4x4 with zeros
// elsewhere (row-vector normals n * (M^-1)^T stay perpendicular to surfaces that positions
// p * M span). For an affine m that is the inverse transpose of m's upper 3x3 alone; for a
// non-affine one it is not, and Windows takes the whole 4x4's (Wine's lighting_test: its
// non-affine quad comes out unlit). A singular m keeps the cofactors of its upper 3x3, which
// are det * (A^-1)^T where A is invertible (directions survive NORMALIZENORMALS).
void normalMatrix(Mat dst, const Mat m) {
    std::memset(dst, 0, sizeof(Mat));
    const bool affine = m[0][3] == 0.0f && m[1][3] == 0.0f && m[2][3] == 0.0f && m[3][3] == 1.0f;
    if (!affine) {
        D3DMATRIX whole;
        std::memcpy(whole.m, m, sizeof(whole.m));
        Mat inverse;
        if (invert(inverse, whole)) {
            for (int r = 0; r < 3; ++r)
                for (int c = 0; c < 3; ++c)
                    dst[r][c] = inverse[c][r];
            return;
        }
    }
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c) {
            const int r1 = (r + 1) % 3, r2 = (r + 2) % 3, c1 = (c + 1) % 3, c2 = (c + 2) % 3;
            dst[r][c] = m[r1][c1] * m[r2][c2] - m[r1][c2] * m[r2][c1];
        }
    const float det = m[0][0] * dst[0][0] + m[0][1] * dst[0][1] + m[0][2] * dst[0][2];
    if (det == 0.0f) return;
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c)
            dst[r][c] /= det;
}

// (x, y, z, w) * m, the first three components.
void transform(float dst[4], const float v[4], const D3DMATRIX& m) {
    for (int c = 0; c < 3; ++c)
        dst[c] = v[0] * m.m[0][c] + v[1] * m.m[1][c] + v[2] * m.m[2][c] + v[3] * m.m[3][c];
    dst[3] = 0.0f;
}

// D3DRS_*MATERIALSOURCE -> where the color comes from: vertex colors only with COLORVERTEX and
// only when the format has them ("Per-Vertex Color State"; the lighting pages: "if either
// option is used and the vertex color is not provided, the material color is used").
FfColorSource colorSource(const state::DeviceState& s, const FfVertexKey& key, uint32_t rs) {
    if (!s.renderStates[D3DRS_COLORVERTEX]) return kFfSourceMaterial;
    switch (s.renderStates[rs]) {
    case D3DMCS_COLOR1:
        return key.has(abi::kFfInDiffuse) ? kFfSourceDiffuse : kFfSourceMaterial;
    case D3DMCS_COLOR2:
        return key.has(abi::kFfInSpecular) ? kFfSourceSpecular : kFfSourceMaterial;
    default:
        return kFfSourceMaterial;
    }
}

void packLight(FfLight& out, const D3DLIGHT9& light, const D3DMATRIX& view) {
    copyColor(out.diffuse, light.Diffuse);
    copyColor(out.specular, light.Specular);
    copyColor(out.ambient, light.Ambient);
    // Lights are set in world space; lighting happens in camera space.
    const float position[4] = {light.Position.x, light.Position.y, light.Position.z, 1.0f};
    const float direction[4] = {light.Direction.x, light.Direction.y, light.Direction.z, 0.0f};
    transform(out.position, position, view);
    transform(out.direction, direction, view);
    const float length = std::sqrt(out.direction[0] * out.direction[0] + out.direction[1] * out.direction[1] +
                                   out.direction[2] * out.direction[2]);
    if (length > 0.0f)
        for (int c = 0; c < 3; ++c)
            out.direction[c] /= length;
    out.attenuation[0] = light.Attenuation0;
    out.attenuation[1] = light.Attenuation1;
    out.attenuation[2] = light.Attenuation2;
    out.attenuation[3] = light.Range;
    out.spot[0] = std::cos(light.Theta * 0.5f);
    out.spot[1] = std::cos(light.Phi * 0.5f);
    out.spot[2] = light.Falloff;
    out.spot[3] = 0.0f;
    out.type = light.Type;
}

} // namespace

void FfVertexKey::addTexCoord(uint32_t set, uint32_t floats) {
    add(abi::FixedFunctionInput(abi::kFfInTexCoord0 + set));
    texCoordSizes = (texCoordSizes & ~(3u << (2 * set))) | (((floats - 1) & 3u) << (2 * set));
}

uint32_t sourceTexCoordComponents(const state::DeviceState& s, const FfVertexKey& key) {
    uint32_t packed = 0;
    for (uint32_t stage = 0; stage < kFfStages; ++stage) {
        const uint32_t tci = s.textureStageStates[stage][D3DTSS_TEXCOORDINDEX];
        const uint32_t set = tci & 0xFFFF, mode = tci >> 16;
        uint32_t components = 4; // a set the format lacks reads (0, 0, 0, 1)
        if (mode == (D3DTSS_TCI_SPHEREMAP >> 16))
            components = 2;
        else if (mode >= (D3DTSS_TCI_CAMERASPACENORMAL >> 16) &&
                 mode <= (D3DTSS_TCI_CAMERASPACEREFLECTIONVECTOR >> 16))
            components = 3;
        else if (set < 8 && key.has(abi::FixedFunctionInput(abi::kFfInTexCoord0 + set)))
            components = key.texCoordFloats(set);
        packed |= components << (3 * stage);
    }
    return packed;
}

FfVertexKey ffVertexKeyFromFvf(uint32_t fvf) {
    FfVertexKey key;
    key.add(abi::kFfInPosition);
    // XYZB1..5 carry 1..5 floats after xyz; with a LASTBETA flag the last of them holds the
    // blend indices (D3DFVF_LASTBETA_UBYTE4 / D3DFVF_LASTBETA_D3DCOLOR).
    const uint32_t position = fvf & D3DFVF_POSITION_MASK;
    uint32_t betas = 0;
    if (position >= D3DFVF_XYZB1 && position <= D3DFVF_XYZB5) betas = (position - D3DFVF_XYZB1) / 2 + 1;
    if (betas && (fvf & (D3DFVF_LASTBETA_UBYTE4 | D3DFVF_LASTBETA_D3DCOLOR))) {
        key.add(abi::kFfInBlendIndices);
        --betas;
    }
    if (betas) key.add(abi::kFfInBlendWeight);
    if (fvf & D3DFVF_NORMAL) key.add(abi::kFfInNormal);
    if (fvf & D3DFVF_PSIZE) key.add(abi::kFfInPointSize);
    if (fvf & D3DFVF_DIFFUSE) key.add(abi::kFfInDiffuse);
    if (fvf & D3DFVF_SPECULAR) key.add(abi::kFfInSpecular);
    const uint32_t sets = fvfTexCount(fvf) < kFfStages ? fvfTexCount(fvf) : kFfStages;
    for (uint32_t set = 0; set < sets; ++set)
        key.addTexCoord(set, fvfTexCoordFloats(fvf, set));
    return key;
}

FfVertexState packFfVertexState(const state::DeviceState& s, std::span<const state::LightEntry> lights,
                                const FfVertexKey& key) {
    FfVertexState out{};
    const auto& rs = s.renderStates;
    const D3DMATRIX& view = s.transforms[state::transformIndex(D3DTS_VIEW)];

    // Vertex blending ("Geometry Blending"): n weights blend n + 1 matrices; 0WEIGHTS uses one
    // matrix (chosen by index 0 when indexed). Tweening ("Vertex Tweening") blends POSITION0 and
    // POSITION1 (and the normals) by TWEENFACTOR instead, through one matrix.
    const uint32_t blend = rs[D3DRS_VERTEXBLEND];
    out.tweening = blend == D3DVBF_TWEENING;
    out.tweenFactor = rsFloat(s, D3DRS_TWEENFACTOR);
    out.blendMatrices = blend >= D3DVBF_1WEIGHTS && blend <= D3DVBF_3WEIGHTS ? blend + 1 : 1;
    out.indexedBlend =
        rs[D3DRS_INDEXEDVERTEXBLENDENABLE] && blend != D3DVBF_DISABLE && blend != D3DVBF_TWEENING;
    const uint32_t palette = out.indexedBlend ? kFfBlendPalette : out.blendMatrices;
    for (uint32_t i = 0; i < palette; ++i) {
        multiply(out.worldView[i], s.transforms[state::transformIndex(D3DTS_WORLDMATRIX(i))], view);
        normalMatrix(out.normalMatrix[i], out.worldView[i]);
    }
    std::memcpy(out.projection, &s.transforms[state::transformIndex(D3DTS_PROJECTION)],
                sizeof(out.projection));
    for (uint32_t i = 0; i < kFfStages; ++i)
        std::memcpy(out.textureMatrix[i], &s.transforms[state::transformIndex(D3DTS_TEXTURE0 + i)],
                    sizeof(out.textureMatrix[i]));

    // User clip planes. IDirect3DDevice9::SetClipPlane: "When the fixed function pipeline is used
    // the plane equations are assumed to be in world space"; a point is kept where
    // Ax + By + Cz + Dw >= 0. The shader has camera-space positions p_cam = p_world * VIEW, so
    // dot(p_world, plane) = dot(p_cam, VIEW^-1 * plane). A singular VIEW collapses every vertex
    // onto one plane (nothing to draw): the planes stay as given.
    out.clipPlaneMask = abi::enabledClipPlanes(rs[D3DRS_CLIPPING], rs[D3DRS_CLIPPLANEENABLE]);
    Mat viewInverse;
    const bool invertible = invert(viewInverse, view);
    for (uint32_t n = 0; n < abi::kClipPlanes; ++n) {
        const float* plane = s.clipPlanes[n].v;
        for (int r = 0; r < 4; ++r)
            out.clipPlanes[n][r] = invertible ? viewInverse[r][0] * plane[0] + viewInverse[r][1] * plane[1] +
                                                    viewInverse[r][2] * plane[2] + viewInverse[r][3] * plane[3]
                                              : plane[r];
    }

    // Lighting.
    out.lighting = rs[D3DRS_LIGHTING] != 0;
    out.specularEnable = rs[D3DRS_SPECULARENABLE] != 0;
    out.localViewer = rs[D3DRS_LOCALVIEWER] != 0;
    out.normalizeNormals = rs[D3DRS_NORMALIZENORMALS] != 0;
    for (const state::LightEntry& entry : lights) {
        if (!entry.enabled) continue;
        if (out.lightCount == kFfMaxLights) break;
        packLight(out.lights[out.lightCount++], entry.light, view);
    }
    copyColor(out.materialDiffuse, s.material.Diffuse);
    copyColor(out.materialAmbient, s.material.Ambient);
    copyColor(out.materialSpecular, s.material.Specular);
    copyColor(out.materialEmissive, s.material.Emissive);
    out.material[0] = s.material.Power;
    unpackColor(out.globalAmbient, rs[D3DRS_AMBIENT]);
    out.diffuseSource = colorSource(s, key, D3DRS_DIFFUSEMATERIALSOURCE);
    out.ambientSource = colorSource(s, key, D3DRS_AMBIENTMATERIALSOURCE);
    out.specularSource = colorSource(s, key, D3DRS_SPECULARMATERIALSOURCE);
    out.emissiveSource = colorSource(s, key, D3DRS_EMISSIVEMATERIALSOURCE);

    // Vertex fog ("Fog Formulas").
    const uint32_t fogMode = rs[D3DRS_FOGVERTEXMODE];
    out.fogMode = fogMode <= D3DFOG_LINEAR ? fogMode : D3DFOG_NONE;
    out.rangeFog = rs[D3DRS_RANGEFOGENABLE] != 0;
    const float fogStart = rsFloat(s, D3DRS_FOGSTART), fogEnd = rsFloat(s, D3DRS_FOGEND);
    out.fog[0] = fogEnd;
    out.fog[1] = fogEnd != fogStart ? 1.0f / (fogEnd - fogStart) : 0.0f;
    out.fog[2] = rsFloat(s, D3DRS_FOGDENSITY);

    // Point size ("Point Sprites").
    out.point[0] = rsFloat(s, D3DRS_POINTSIZE);
    out.point[1] = rsFloat(s, D3DRS_POINTSIZE_MIN);
    out.point[2] = rsFloat(s, D3DRS_POINTSIZE_MAX);
    out.point[3] = float(s.viewport.Height);
    out.pointScaleEnable = rs[D3DRS_POINTSCALEENABLE] != 0;
    out.pointScale[0] = rsFloat(s, D3DRS_POINTSCALE_A);
    out.pointScale[1] = rsFloat(s, D3DRS_POINTSCALE_B);
    out.pointScale[2] = rsFloat(s, D3DRS_POINTSCALE_C);

    // Texture coordinates ("Texture Coordinate Processing"): TEXCOORDINDEX holds the set in its
    // low 16 bits and the generation mode (D3DTSS_TCI_*) above; TEXTURETRANSFORMFLAGS the count
    // of output components (a transform when 1..4) and PROJECTED.
    for (uint32_t i = 0; i < kFfStages; ++i) {
        const uint32_t tci = s.textureStageStates[i][D3DTSS_TEXCOORDINDEX];
        const uint32_t flags = s.textureStageStates[i][D3DTSS_TEXTURETRANSFORMFLAGS];
        const uint32_t mode = tci >> 16;
        const uint32_t count = flags & 0xFF;
        out.stage[i][0] = tci & 0xFFFF;
        out.stage[i][1] = mode <= (D3DTSS_TCI_SPHEREMAP >> 16) ? mode : 0;
        // COUNT1 transforms nothing: Windows passes the coordinates through (Wine's
        // texture_transform_flags_test).
        out.stage[i][2] = count >= D3DTTFF_COUNT2 && count <= D3DTTFF_COUNT4 ? count : 0;
        out.stage[i][3] = (flags & D3DTTFF_PROJECTED) != 0;
    }
    return out;
}

} // namespace ddivk::shader::ff

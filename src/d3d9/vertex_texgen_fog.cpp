#include "d3d9/vertex_texgen_fog.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace ddivk::d3d9 {
namespace {

// D3DTSS_TCI_* >> 16, as packFfVertexState stores them.
constexpr uint32_t kTciCameraSpaceNormal = 1, kTciCameraSpacePosition = 2, kTciCameraSpaceReflection = 3,
                   kTciSphereMap = 4;

float dot3(const float a[3], const float b[3]) {
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

} // namespace

bool stageComputes(const shader::ff::FfVertexState& ff, uint32_t stage) {
    return ff.stage[stage][1] != 0 || ff.stage[stage][2] != 0;
}

StageCoordinate stageCoordinate(const shader::ff::FfVertexState& ff, uint32_t stage, const CameraVertex& v,
                                const float* source, uint32_t sourceFloats) {
    StageCoordinate out{{0, 0, 0, 1}, 4};
    const uint32_t mode = ff.stage[stage][1], count = ff.stage[stage][2];
    // The eye vector: from the camera to the vertex with LOCALVIEWER, else straight down +z.
    float eye[3] = {0, 0, 1};
    const float distance = std::sqrt(dot3(v.position, v.position));
    if (ff.localViewer && distance > 0.0f)
        for (int c = 0; c < 3; ++c)
            eye[c] = v.position[c] / distance;
    float reflection[3];
    const float nDotE = dot3(v.normal, eye);
    for (int c = 0; c < 3; ++c)
        reflection[c] = eye[c] - 2.0f * nDotE * v.normal[c];
    auto generated = [&](const float xyz[3]) {
        std::memcpy(out.value, xyz, 3 * sizeof(float));
        out.value[3] = 1.0f;
        out.floats = 3;
    };
    if (mode == kTciCameraSpaceNormal) {
        generated(v.normal);
    } else if (mode == kTciCameraSpacePosition) {
        generated(v.position);
    } else if (mode == kTciCameraSpaceReflection) {
        generated(reflection);
    } else if (mode == kTciSphereMap) {
        // The reflection against a sphere seen from -z (docs/fixed-function.md, the GPU's rule).
        const float d[3] = {reflection[0], reflection[1], reflection[2] - 1.0f};
        const float m = 2.0f * std::sqrt(dot3(d, d));
        out.value[0] = m > 0.0f ? reflection[0] / m + 0.5f : 0.5f;
        out.value[1] = m > 0.0f ? reflection[1] / m + 0.5f : 0.5f;
        out.value[2] = 0.0f, out.value[3] = 1.0f;
        out.floats = 2;
    } else if (source) {
        std::memcpy(out.value, source, sourceFloats * sizeof(float));
        out.floats = sourceFloats;
    }
    if (count != 0) {
        // "Texture Coordinate Processing": a 1 after the last component, zeros beyond, then the
        // row vector through D3DTS_TEXTUREn; COUNTn components come out.
        float in[4] = {0, 0, 0, 0};
        std::memcpy(in, out.value, out.floats * sizeof(float));
        if (out.floats < 4) in[out.floats] = 1.0f;
        const auto& m = ff.textureMatrix[stage];
        for (uint32_t c = 0; c < 4; ++c)
            out.value[c] =
                c < count ? in[0] * m[0][c] + in[1] * m[1][c] + in[2] * m[2][c] + in[3] * m[3][c] : 0.0f;
        out.floats = count;
    }
    return out;
}

float vertexFog(const shader::ff::FfVertexState& ff, const float cameraPosition[3]) {
    const float d =
        ff.rangeFog ? std::sqrt(dot3(cameraPosition, cameraPosition)) : std::fabs(cameraPosition[2]);
    float f = 1.0f;
    if (ff.fogMode == D3DFOG_LINEAR)
        f = (ff.fog[0] - d) * ff.fog[1];
    else if (ff.fogMode == D3DFOG_EXP)
        f = std::exp(-d * ff.fog[2]);
    else if (ff.fogMode == D3DFOG_EXP2)
        f = std::exp(-(d * ff.fog[2]) * (d * ff.fog[2]));
    return std::clamp(f, 0.0f, 1.0f);
}

} // namespace ddivk::d3d9

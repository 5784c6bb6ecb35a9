// IDirect3DDevice9::ProcessVertices' texture coordinates and vertex fog (docs/d3d9-dll.md,
// "Other device methods"): output set n is stage n's coordinate, generated in camera space
// (D3DTSS_TCI_*) and transformed by D3DTS_TEXTUREn ("Texture Coordinate Processing"), and with a
// vertex fog mode the fog factor is "stored in the alpha component's specular color value".
// Expected values are worked out here from the documented formulas with the test's numbers;
// one test draws a texture-transformed quad both ways and compares the pixels.
#include "check.h"
#include "process_vertices_support.h"
#include "texture_support.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>

using namespace process_vertices;

namespace {

// Within one step of a byte.
bool byteNear(DWORD value, float expected) {
    return std::abs(int(value) - int(std::lround(std::clamp(expected, 0.0f, 1.0f) * 255.0f))) <= 1;
}

} // namespace

// "The texture coordinates are generated when the texture transform or texture generation is
// enabled": a 2D coordinate goes through the matrix as (u, v, 1, 0), so _31 and _32 translate it
// and the fourth row is not used; COUNTn components come out, and D3DPV_DONOTCOPYDATA still
// writes them (they are computed) while the colour is left alone.
TEST(ProcessVerticesTextures, TransformTranslates2dCoordinatesThroughTheThirdRow) {
    const SourceVertex points[2] = {{0.0f, 0.0f, 0.5f, 0xFF102030, 0.25f, 0.75f},
                                    {0.5f, 0.5f, 0.5f, 0xFF405060, -1.0f, 2.0f}};
    ProcessingDevice t(points, 2);
    REQUIRE(t.device != nullptr && t.source != nullptr);
    const D3DMATRIX texture = matrix({2, 0, 0, 0, 0, 3, 0, 0, 0.25f, -0.5f, 1, 0, 7, 7, 7, 1});
    CHECK_EQ(t->SetTransform(D3DTS_TEXTURE0, &texture), D3D_OK);
    CHECK_EQ(t->SetTextureStageState(0, D3DTSS_TEXTURETRANSFORMFLAGS, D3DTTFF_COUNT2), D3D_OK);
    const OutputVertex before[2] = {{9, 9, 9, 9, 0x12345678, 3, 4}, {9, 9, 9, 9, 0x12345678, 3, 4}};
    IDirect3DVertexBuffer9* out = buffer(t.device, sizeof before, kOutputFvf, before);
    REQUIRE(out != nullptr);
    CHECK_EQ(t->ProcessVertices(0, 0, 2, out, nullptr, 0), D3D_OK);
    std::vector<OutputVertex> v = contents(out, 2);
    REQUIRE(v.size() == 2);
    for (int i = 0; i < 2; ++i) {
        CHECK(approx(v[i].u, 2 * points[i].u + 0.25f) && approx(v[i].v, 3 * points[i].v - 0.5f));
        CHECK_EQ(v[i].color, points[i].color);
    }

    // Back to the first contents, then only what is computed: positions and coordinates.
    REQUIRE(overwrite(out, before, sizeof before));
    CHECK_EQ(t->ProcessVertices(0, 0, 2, out, nullptr, D3DPV_DONOTCOPYDATA), D3D_OK);
    v = contents(out, 2);
    REQUIRE(v.size() == 2);
    CHECK(approx(v[1].u, 2 * -1.0f + 0.25f) && approx(v[1].v, 3 * 2.0f - 0.5f));
    CHECK(approx(v[1].x, 48.0f) && approx(v[1].y, 16.0f)); // identity transforms, 64 x 64
    CHECK_EQ(v[1].color, 0x12345678u);

    // COUNT1 transforms nothing, as Windows draws it (Wine's texture_transform_flags_test): the
    // set is a copy, which D3DPV_DONOTCOPYDATA leaves unwritten.
    CHECK_EQ(t->SetTextureStageState(0, D3DTSS_TEXTURETRANSFORMFLAGS, D3DTTFF_COUNT1), D3D_OK);
    REQUIRE(overwrite(out, before, sizeof before));
    CHECK_EQ(t->ProcessVertices(0, 0, 2, out, nullptr, D3DPV_DONOTCOPYDATA), D3D_OK);
    v = contents(out, 2);
    REQUIRE(v.size() == 2);
    CHECK(v[0].u == 3.0f && v[0].v == 4.0f);
    out->Release();
}

namespace {

struct NormalSource {
    float x, y, z;
    float nx, ny, nz;
    float u0, v0, u1, v1;
};
constexpr DWORD kNormalSourceFvf = D3DFVF_XYZ | D3DFVF_NORMAL | D3DFVF_TEX2;
struct GeneratedOutput {
    float x, y, z, rhw;
    float t0[3], t1[3], t2[3], t3[2];
};
constexpr DWORD kGeneratedOutputFvf = D3DFVF_XYZRHW | D3DFVF_TEX4 | D3DFVF_TEXCOORDSIZE3(0) |
                                      D3DFVF_TEXCOORDSIZE3(1) | D3DFVF_TEXCOORDSIZE3(2) |
                                      D3DFVF_TEXCOORDSIZE2(3);

bool approx3(const float* a, float x, float y, float z) {
    return approx(a[0], x) && approx(a[1], y) && approx(a[2], z);
}

} // namespace

// D3DTSS_TCI_CAMERASPACEPOSITION, _CAMERASPACENORMAL and _CAMERASPACEREFLECTIONVECTOR give the
// vertex's camera-space position, normal and reflection vector R = E - 2 (N.E) N; a stage may
// read another set than its own; generated coordinates are 3D (padded with one 1 for the
// transform); D3DTSS_TCI_SPHEREMAP gives (Rx / m + 1/2, Ry / m + 1/2), m = 2 |R - (0, 0, 1)|.
TEST(ProcessVerticesTextures, GeneratedCoordinatesAreCameraSpaceValues) {
    TestDevice t(64, 64, false, D3DCREATE_SOFTWARE_VERTEXPROCESSING);
    REQUIRE(t.device != nullptr);
    const NormalSource vertex = {0.25f, 0.5f, 0.5f, 0.6f, 0.0f, -0.8f, 0.1f, 0.2f, 0.3f, 0.4f};
    IDirect3DVertexBuffer9* source = buffer(t.device, sizeof vertex, kNormalSourceFvf, &vertex);
    IDirect3DVertexBuffer9* out = buffer(t.device, sizeof(GeneratedOutput), kGeneratedOutputFvf, nullptr);
    REQUIRE(source != nullptr && out != nullptr);
    CHECK_EQ(t->SetRenderState(D3DRS_LIGHTING, FALSE), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_LOCALVIEWER, FALSE), D3D_OK);
    CHECK_EQ(t->SetFVF(kNormalSourceFvf), D3D_OK);
    CHECK_EQ(t->SetStreamSource(0, source, 0, sizeof vertex), D3D_OK);
    // View: a quarter turn about z ((x, y) -> (-y, x)) and 2 along z.
    const D3DMATRIX view = matrix({0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 2, 1});
    CHECK_EQ(t->SetTransform(D3DTS_VIEW, &view), D3D_OK);
    CHECK_EQ(t->SetTextureStageState(0, D3DTSS_TEXCOORDINDEX, D3DTSS_TCI_CAMERASPACEPOSITION), D3D_OK);
    CHECK_EQ(t->SetTextureStageState(1, D3DTSS_TEXCOORDINDEX, D3DTSS_TCI_CAMERASPACENORMAL), D3D_OK);
    CHECK_EQ(t->SetTextureStageState(2, D3DTSS_TEXCOORDINDEX, D3DTSS_TCI_CAMERASPACEREFLECTIONVECTOR),
             D3D_OK);
    CHECK_EQ(t->SetTextureStageState(3, D3DTSS_TEXCOORDINDEX, 1), D3D_OK); // set 1, passed through
    CHECK_EQ(t->ProcessVertices(0, 0, 1, out, nullptr, 0), D3D_OK);
    std::vector<GeneratedOutput> v = readVertices<GeneratedOutput>(out, 1);
    REQUIRE(v.size() == 1);
    // Camera space: p = (-0.5, 0.25, 2.5); the normal turns the same way: (0, 0.6, -0.8).
    const float p[3] = {-0.5f, 0.25f, 2.5f}, n[3] = {0.0f, 0.6f, -0.8f};
    CHECK(approx3(v[0].t0, p[0], p[1], p[2]));
    CHECK(approx3(v[0].t1, n[0], n[1], n[2]));
    // Without LOCALVIEWER, E = (0, 0, 1): N.E = -0.8, R = (0, 0.96, -0.28).
    CHECK(approx3(v[0].t2, 0.0f, 0.96f, -0.28f));
    CHECK(approx(v[0].t3[0], 0.3f) && approx(v[0].t3[1], 0.4f));

    // With LOCALVIEWER, E is the unit vector from the camera to the vertex.
    CHECK_EQ(t->SetRenderState(D3DRS_LOCALVIEWER, TRUE), D3D_OK);
    CHECK_EQ(t->ProcessVertices(0, 0, 1, out, nullptr, 0), D3D_OK);
    v = readVertices<GeneratedOutput>(out, 1);
    REQUIRE(v.size() == 1);
    const float length = std::sqrt(p[0] * p[0] + p[1] * p[1] + p[2] * p[2]);
    const float e[3] = {p[0] / length, p[1] / length, p[2] / length};
    const float nDotE = n[0] * e[0] + n[1] * e[1] + n[2] * e[2];
    CHECK(approx3(v[0].t2, e[0] - 2 * nDotE * n[0], e[1] - 2 * nDotE * n[1], e[2] - 2 * nDotE * n[2]));
    CHECK_EQ(t->SetRenderState(D3DRS_LOCALVIEWER, FALSE), D3D_OK);

    // The position through a transform: (x, y, z, 1), so the fourth row translates it; the
    // sphere map of R = (0, 0.96, -0.28): m = 2 * sqrt(0.96^2 + 1.28^2) = 3.2.
    const D3DMATRIX translate = matrix({1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 2, 3, 1});
    CHECK_EQ(t->SetTransform(D3DTS_TEXTURE0, &translate), D3D_OK);
    CHECK_EQ(t->SetTextureStageState(0, D3DTSS_TEXTURETRANSFORMFLAGS, D3DTTFF_COUNT3), D3D_OK);
    CHECK_EQ(t->SetTextureStageState(3, D3DTSS_TEXCOORDINDEX, D3DTSS_TCI_SPHEREMAP), D3D_OK);
    CHECK_EQ(t->ProcessVertices(0, 0, 1, out, nullptr, D3DPV_DONOTCOPYDATA), D3D_OK);
    v = readVertices<GeneratedOutput>(out, 1);
    REQUIRE(v.size() == 1);
    CHECK(approx3(v[0].t0, p[0] + 1, p[1] + 2, p[2] + 3));
    CHECK(approx(v[0].t3[0], 0.5f) && approx(v[0].t3[1], 0.96f / 3.2f + 0.5f));
    CHECK_EQ(t->SetStreamSource(0, nullptr, 0, 0), D3D_OK);
    out->Release();
    source->Release();
}

// A quad drawn with a texture transform that mirrors u (u' = 1 - u) over a two-texel texture
// shows green left and red right; its processed vertices, drawn with the transform off, show
// the same pixels.
TEST(ProcessVerticesTextures, ProcessedCoordinatesDrawLikeTheTransformedDraw) {
    // Pixels [16, 48) x [16, 48) with identity transforms: edges at 15.5 and 47.5.
    const float x0 = -0.515625f, x1 = 0.484375f, y0 = 0.515625f, y1 = -0.484375f;
    const DWORD c = 0xFFFFFFFF;
    const SourceVertex quad[6] = {{x0, y0, 0.5f, c, 0, 0}, {x1, y0, 0.5f, c, 1, 0}, {x0, y1, 0.5f, c, 0, 1},
                                  {x1, y0, 0.5f, c, 1, 0}, {x1, y1, 0.5f, c, 1, 1}, {x0, y1, 0.5f, c, 0, 1}};
    ProcessingDevice t(quad, 6);
    REQUIRE(t.device != nullptr && t.source != nullptr);
    IDirect3DTexture9* texture =
        filledTexture(t.device, 2, 1, [](int x, int) { return x == 0 ? 0xFFFF0000u : 0xFF00FF00u; });
    IDirect3DVertexBuffer9* out = buffer(t.device, 6 * sizeof(OutputVertex), kOutputFvf, nullptr);
    REQUIRE(texture != nullptr && out != nullptr);
    CHECK_EQ(t->SetTexture(0, texture), D3D_OK);
    selectTexture(t.device);
    // Clamped, so a coordinate off by a whole unit does not wrap back onto the same texel.
    CHECK_EQ(t->SetSamplerState(0, D3DSAMP_ADDRESSU, D3DTADDRESS_CLAMP), D3D_OK);
    const D3DMATRIX mirror = matrix({-1, 0, 0, 0, 0, 1, 0, 0, 1, 0, 1, 0, 0, 0, 0, 1});
    CHECK_EQ(t->SetTransform(D3DTS_TEXTURE0, &mirror), D3D_OK);
    CHECK_EQ(t->SetTextureStageState(0, D3DTSS_TEXTURETRANSFORMFLAGS, D3DTTFF_COUNT2), D3D_OK);
    auto expected = [](int x, int y) -> uint32_t {
        if (x < 16 || x >= 48 || y < 16 || y >= 48) return 0xFF000000u;
        return x < 32 ? 0xFF00FF00u : 0xFFFF0000u;
    };
    const std::vector<uint32_t> transformed = drawAndRead(t.device, D3DPT_TRIANGLELIST, 2);
    CHECK_EQ(mismatchedPixels(transformed, 64, 64, expected), 0);

    CHECK_EQ(t->ProcessVertices(0, 0, 6, out, nullptr, 0), D3D_OK);
    CHECK_EQ(t->SetTextureStageState(0, D3DTSS_TEXTURETRANSFORMFLAGS, D3DTTFF_DISABLE), D3D_OK);
    CHECK_EQ(t->SetFVF(kOutputFvf), D3D_OK);
    CHECK_EQ(t->SetStreamSource(0, out, 0, sizeof(OutputVertex)), D3D_OK);
    const std::vector<uint32_t> processed = drawAndRead(t.device, D3DPT_TRIANGLELIST, 2);
    CHECK_EQ(mismatchedPixels(processed, 64, 64, expected), 0);
    CHECK(processed == transformed);
    CHECK_EQ(t->SetTexture(0, nullptr), D3D_OK);
    texture->Release();
    out->Release();
}

namespace {

struct FogSource {
    float x, y, z;
    DWORD diffuse, specular;
};
constexpr DWORD kFogSourceFvf = D3DFVF_XYZ | D3DFVF_DIFFUSE | D3DFVF_SPECULAR;
struct FogOutput {
    float x, y, z, rhw;
    DWORD diffuse, specular;
};
constexpr DWORD kFogOutputFvf = D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_SPECULAR;

} // namespace

// "In the instances where vertex fog computations are required, ... the results stored in the
// alpha component's specular color value" (Fog Formulas: LINEAR (end - d) / (end - start), EXP
// 1 / e^(d density), EXP2 1 / e^((d density)^2); d = |camera-space z|, or the distance to the
// camera with RANGEFOGENABLE). The specular's colour is copied, or left alone with
// D3DPV_DONOTCOPYDATA, which still writes the computed alpha.
TEST(ProcessVerticesFog, FogFactorIsTheSpecularAlpha) {
    TestDevice t(64, 64, false, D3DCREATE_SOFTWARE_VERTEXPROCESSING);
    REQUIRE(t.device != nullptr);
    const FogSource vertices[3] = {{0.0f, 0.0f, 2.0f, 0xFF102030, 0x20405060},
                                   {0.0f, 0.0f, -3.0f, 0xFF102030, 0x20405060},
                                   {3.0f, 0.0f, 4.0f, 0xFF102030, 0x20405060}};
    IDirect3DVertexBuffer9* source = buffer(t.device, sizeof vertices, kFogSourceFvf, vertices);
    IDirect3DVertexBuffer9* out = buffer(t.device, 3 * sizeof(FogOutput), kFogOutputFvf, nullptr);
    REQUIRE(source != nullptr && out != nullptr);
    CHECK_EQ(t->SetRenderState(D3DRS_LIGHTING, FALSE), D3D_OK);
    CHECK_EQ(t->SetFVF(kFogSourceFvf), D3D_OK);
    CHECK_EQ(t->SetStreamSource(0, source, 0, sizeof(FogSource)), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_FOGENABLE, TRUE), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_FOGSTART, asDword(1.0f)), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_FOGEND, asDword(5.0f)), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_FOGDENSITY, asDword(0.5f)), D3D_OK);
    const float depth[3] = {2.0f, 3.0f, 4.0f}, range[3] = {2.0f, 3.0f, 5.0f};
    struct Case {
        DWORD mode;
        BOOL rangeFog;
    };
    for (const Case c : {Case{D3DFOG_LINEAR, FALSE}, Case{D3DFOG_LINEAR, TRUE}, Case{D3DFOG_EXP, FALSE},
                         Case{D3DFOG_EXP2, TRUE}}) {
        CHECK_EQ(t->SetRenderState(D3DRS_FOGVERTEXMODE, c.mode), D3D_OK);
        CHECK_EQ(t->SetRenderState(D3DRS_RANGEFOGENABLE, c.rangeFog), D3D_OK);
        CHECK_EQ(t->ProcessVertices(0, 0, 3, out, nullptr, 0), D3D_OK);
        const std::vector<FogOutput> v = readVertices<FogOutput>(out, 3);
        REQUIRE(v.size() == 3);
        for (int i = 0; i < 3; ++i) {
            const float d = c.rangeFog ? range[i] : depth[i];
            const float f = c.mode == D3DFOG_LINEAR ? (5.0f - d) / (5.0f - 1.0f)
                            : c.mode == D3DFOG_EXP  ? 1.0f / std::exp(d * 0.5f)
                                                    : 1.0f / std::exp((d * 0.5f) * (d * 0.5f));
            CHECK(byteNear(v[i].specular >> 24, f));
            CHECK_EQ(v[i].specular & 0xFFFFFF, 0x405060u);
            CHECK_EQ(v[i].diffuse, 0xFF102030u);
        }
    }

    // D3DPV_DONOTCOPYDATA: only the alpha (LINEAR, d = 2: 0.75).
    const FogOutput before = {9, 9, 9, 9, 0x12345678, 0x9ABCDEF0};
    REQUIRE(overwrite(out, &before, sizeof before));
    CHECK_EQ(t->SetRenderState(D3DRS_FOGVERTEXMODE, D3DFOG_LINEAR), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_RANGEFOGENABLE, FALSE), D3D_OK);
    CHECK_EQ(t->ProcessVertices(0, 0, 1, out, nullptr, D3DPV_DONOTCOPYDATA), D3D_OK);
    std::vector<FogOutput> v = readVertices<FogOutput>(out, 1);
    REQUIRE(v.size() == 1);
    CHECK(byteNear(v[0].specular >> 24, 0.75f));
    CHECK_EQ(v[0].specular & 0xFFFFFF, 0xBCDEF0u);
    CHECK_EQ(v[0].diffuse, 0x12345678u);

    // Without a vertex fog mode the specular is the source's, alpha included.
    CHECK_EQ(t->SetRenderState(D3DRS_FOGVERTEXMODE, D3DFOG_NONE), D3D_OK);
    CHECK_EQ(t->ProcessVertices(0, 0, 1, out, nullptr, 0), D3D_OK);
    v = readVertices<FogOutput>(out, 1);
    REQUIRE(v.size() == 1);
    CHECK_EQ(v[0].specular, 0x20405060u);
    CHECK_EQ(t->SetStreamSource(0, nullptr, 0, 0), D3D_OK);
    out->Release();
    source->Release();
}

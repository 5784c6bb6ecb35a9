// IDirect3DDevice9::ProcessVertices with D3DRS_LIGHTING (docs/d3d9-dll.md, "Other device
// methods"): the output's diffuse and specular colours lit by the fixed-function lighting model
// ("Mathematics of Lighting": diffuse = emissive + ambient * (global ambient + the lights'
// ambient) + the lights' diffuse terms; specular apart). Each expected colour is worked out here
// from the formulas with the test's own numbers; the last test draws the same vertices through
// the GPU's fixed-function pipeline and compares the pixels.
#include "check.h"
#include "device_support.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>

namespace {

struct LitSource {
    float x, y, z;
    float nx, ny, nz;
    DWORD color;
};
constexpr DWORD kLitSourceFvf = D3DFVF_XYZ | D3DFVF_NORMAL | D3DFVF_DIFFUSE;
struct LitOutput {
    float x, y, z, rhw;
    DWORD diffuse, specular;
};
constexpr DWORD kLitOutputFvf = D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_SPECULAR;

// A D3DCOLOR of float channels in [0, 1] (clamped), each rounded to the nearest step.
DWORD colour(float r, float g, float b, float a) {
    auto byte = [](float v) { return DWORD(std::lround(std::clamp(v, 0.0f, 1.0f) * 255.0f)); };
    return byte(a) << 24 | byte(r) << 16 | byte(g) << 8 | byte(b);
}

// Within one step per channel (float rounding on either side).
bool within1(DWORD a, DWORD b) {
    for (int shift = 0; shift < 32; shift += 8)
        if (std::abs(int((a >> shift) & 0xFF) - int((b >> shift) & 0xFF)) > 1) return false;
    return true;
}

// A software-processing device, identity transforms, lighting on, the vertices on stream 0 and
// an output buffer for as many lit vertices.
struct LightingDevice : TestDevice {
    IDirect3DVertexBuffer9* source = nullptr;
    IDirect3DVertexBuffer9* output = nullptr;
    UINT count;
    LightingDevice(const LitSource* vertices, UINT n)
        : TestDevice(64, 64, false, D3DCREATE_SOFTWARE_VERTEXPROCESSING), count(n) {
        if (!device) return;
        void* p = nullptr;
        if (FAILED(device->CreateVertexBuffer(n * sizeof(LitSource), D3DUSAGE_SOFTWAREPROCESSING,
                                              kLitSourceFvf, D3DPOOL_DEFAULT, &source, nullptr)) ||
            FAILED(device->CreateVertexBuffer(n * sizeof(LitOutput), D3DUSAGE_SOFTWAREPROCESSING,
                                              kLitOutputFvf, D3DPOOL_DEFAULT, &output, nullptr)) ||
            FAILED(source->Lock(0, 0, &p, 0)))
            return;
        memcpy(p, vertices, n * sizeof(LitSource));
        source->Unlock();
        device->SetFVF(kLitSourceFvf);
        device->SetStreamSource(0, source, 0, sizeof(LitSource));
        device->SetRenderState(D3DRS_LIGHTING, TRUE);
    }
    ~LightingDevice() {
        if (device) device->SetStreamSource(0, nullptr, 0, 0);
        if (output) output->Release();
        if (source) source->Release();
    }
    bool ready() const { return device && source && output; }
    std::vector<LitOutput> process(DWORD flags = 0) {
        if (FAILED(device->ProcessVertices(0, 0, count, output, nullptr, flags))) return {};
        std::vector<LitOutput> out(count);
        void* p = nullptr;
        if (FAILED(output->Lock(0, 0, &p, D3DLOCK_READONLY))) return {};
        memcpy(out.data(), p, count * sizeof(LitOutput));
        output->Unlock();
        return out;
    }
};

D3DCOLORVALUE rgba(float r, float g, float b, float a) {
    return {r, g, b, a};
}

} // namespace

// A directional light: N.L of 1, 0.6 and below zero; the material's colours (COLORVERTEX off),
// the light's and the global ambient; alpha from the diffuse material; specular off, so not lit.
TEST(ProcessVerticesLighting, DirectionalLightGivesEmissiveAmbientAndDiffuseTerms) {
    const LitSource vertices[3] = {{0.0f, 0.0f, 0.5f, 0.0f, 0.0f, -1.0f, 0xFF000000},
                                   {0.5f, 0.0f, 0.5f, 0.0f, 0.8f, -0.6f, 0xFF000000},
                                   {0.0f, 0.5f, 0.5f, 0.0f, 0.0f, 1.0f, 0xFF000000}};
    LightingDevice t(vertices, 3);
    REQUIRE(t.ready());
    D3DMATERIAL9 material{};
    material.Diffuse = rgba(0.5f, 0.75f, 1.0f, 0.5f);
    material.Ambient = rgba(0.25f, 0.5f, 0.5f, 1.0f);
    material.Emissive = rgba(0.0625f, 0.0f, 0.125f, 0.0f);
    material.Specular = rgba(1.0f, 1.0f, 1.0f, 0.25f);
    CHECK_EQ(t->SetMaterial(&material), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_COLORVERTEX, FALSE), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_AMBIENT, 0x00404040), D3D_OK);
    D3DLIGHT9 light{};
    light.Type = D3DLIGHT_DIRECTIONAL;
    light.Direction = {0.0f, 0.0f, 1.0f}; // travelling into the screen: towards the light is -z
    light.Diffuse = rgba(0.8f, 0.6f, 0.4f, 1.0f);
    light.Ambient = rgba(0.2f, 0.2f, 0.2f, 1.0f);
    light.Specular = rgba(1.0f, 1.0f, 1.0f, 1.0f);
    CHECK_EQ(t->SetLight(0, &light), D3D_OK);
    CHECK_EQ(t->LightEnable(0, TRUE), D3D_OK);
    const std::vector<LitOutput> v = t.process();
    REQUIRE(v.size() == 3);
    const float global = 64.0f / 255.0f;
    const float nDotL[3] = {1.0f, 0.6f, 0.0f};
    for (int i = 0; i < 3; ++i) {
        const float r = 0.0625f + 0.25f * (global + 0.2f) + 0.5f * 0.8f * nDotL[i];
        const float g = 0.0f + 0.5f * (global + 0.2f) + 0.75f * 0.6f * nDotL[i];
        const float b = 0.125f + 0.5f * (global + 0.2f) + 1.0f * 0.4f * nDotL[i];
        CHECK(within1(v[i].diffuse, colour(r, g, b, 0.5f)));
        // SPECULARENABLE is off: the specular is not computed ("generated when D3DRS_SPECULARENABLE
        // and D3DRS_LIGHTING are TRUE") but copied, and the source has none: zero.
        CHECK_EQ(v[i].specular, 0u);
    }
    // The positions are processed as without lighting (identity transforms, 64 x 64 viewport).
    CHECK(std::fabs(v[1].x - 48.0f) < 1e-3f && std::fabs(v[2].y - 16.0f) < 1e-3f);
}

// A point light with attenuation 1 / (0.5 + 0.25 d + 0.125 d^2) and range 3, and specular
// highlights (power 4, the viewer far down -z without LOCALVIEWER): a vertex 2 away facing it,
// one 1.5 away facing it sideways, and one 4 away (out of range: emissive and global ambient
// only). Then with LOCALVIEWER (D3D9's default), the viewer at the camera.
TEST(ProcessVerticesLighting, PointLightAttenuatesAndStopsAtItsRangeWithSpecular) {
    const LitSource vertices[3] = {{0.0f, 0.0f, 0.0f, 0.0f, 0.0f, -1.0f, 0xFF000000},
                                   {1.5f, 0.0f, -2.0f, -1.0f, 0.0f, 0.0f, 0xFF000000},
                                   {0.0f, 0.0f, 2.0f, 0.0f, 0.0f, -1.0f, 0xFF000000}};
    LightingDevice t(vertices, 3);
    REQUIRE(t.ready());
    D3DMATERIAL9 material{};
    material.Diffuse = rgba(0.5f, 0.5f, 0.5f, 1.0f);
    material.Ambient = rgba(1.0f, 1.0f, 1.0f, 1.0f);
    material.Specular = rgba(0.5f, 0.25f, 1.0f, 1.0f);
    material.Emissive = rgba(0.125f, 0.125f, 0.125f, 0.0f);
    material.Power = 4.0f;
    CHECK_EQ(t->SetMaterial(&material), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_COLORVERTEX, FALSE), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_AMBIENT, 0x00000000), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_SPECULARENABLE, TRUE), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_LOCALVIEWER, FALSE), D3D_OK);
    D3DLIGHT9 light{};
    light.Type = D3DLIGHT_POINT;
    light.Position = {0.0f, 0.0f, -2.0f};
    light.Diffuse = rgba(1.0f, 0.5f, 0.25f, 1.0f);
    light.Specular = rgba(1.0f, 1.0f, 1.0f, 1.0f);
    light.Ambient = rgba(0.1f, 0.1f, 0.1f, 1.0f);
    light.Attenuation0 = 0.5f;
    light.Attenuation1 = 0.25f;
    light.Attenuation2 = 0.125f;
    light.Range = 3.0f;
    CHECK_EQ(t->SetLight(0, &light), D3D_OK);
    CHECK_EQ(t->LightEnable(0, TRUE), D3D_OK);
    const std::vector<LitOutput> v = t.process();
    REQUIRE(v.size() == 3);
    // Vertex 0: d = 2, N.L = 1, the half vector is -z as well: N.H = 1.
    const float a0 = 1.0f / (0.5f + 0.25f * 2 + 0.125f * 4);
    CHECK(within1(v[0].diffuse,
                  colour(0.125f + 0.1f * a0 + 0.5f * 1.0f * a0, 0.125f + 0.1f * a0 + 0.5f * 0.5f * a0,
                         0.125f + 0.1f * a0 + 0.5f * 0.25f * a0, 1.0f)));
    CHECK(within1(v[0].specular, colour(0.5f * a0, 0.25f * a0, 1.0f * a0, 1.0f)));
    // Vertex 1: d = 1.5 towards -x, N.L = 1; H = normalize(-1, 0, -1): N.H = 1 / sqrt(2), ^4 = 1/4.
    const float a1 = 1.0f / (0.5f + 0.25f * 1.5f + 0.125f * 2.25f);
    CHECK(within1(v[1].diffuse, colour(0.125f + 0.1f * a1 + 0.5f * a1, 0.125f + 0.1f * a1 + 0.25f * a1,
                                       0.125f + 0.1f * a1 + 0.125f * a1, 1.0f)));
    CHECK(within1(v[1].specular, colour(0.5f * 0.25f * a1, 0.25f * 0.25f * a1, 0.25f * a1, 1.0f)));
    // Vertex 2: d = 4 > Range: the light adds nothing, its ambient included.
    CHECK(within1(v[2].diffuse, colour(0.125f, 0.125f, 0.125f, 1.0f)));
    CHECK(within1(v[2].specular, colour(0, 0, 0, 1.0f)));

    // Vertex 1 seen from the camera: V = -p / |p| = (-0.6, 0, 0.8), H = normalize(L + V) =
    // normalize(-1.6, 0, 0.8): N.H = 2 / sqrt(5), ^4 = 0.64.
    CHECK_EQ(t->SetRenderState(D3DRS_LOCALVIEWER, TRUE), D3D_OK);
    const std::vector<LitOutput> local = t.process();
    REQUIRE(local.size() == 3);
    CHECK(within1(local[1].specular, colour(0.5f * 0.64f * a1, 0.25f * 0.64f * a1, 0.64f * a1, 1.0f)));
    CHECK_EQ(local[1].diffuse, v[1].diffuse); // the viewer changes only the highlights
}

// A spotlight at the origin along +z, Theta 60 degrees, Phi 90, Falloff 1: full inside the
// inner cone, (rho - cos 45) / (cos 30 - cos 45) between the cones, nothing outside Phi.
TEST(ProcessVerticesLighting, SpotLightFallsOffBetweenItsCones) {
    const LitSource vertices[3] = {{0.0f, 0.0f, 2.0f, 0.0f, 0.0f, -1.0f, 0xFF000000},
                                   {1.5f, 0.0f, 2.0f, -0.6f, 0.0f, -0.8f, 0xFF000000},
                                   {3.0f, 0.0f, 2.0f, 0.0f, 0.0f, -1.0f, 0xFF000000}};
    LightingDevice t(vertices, 3);
    REQUIRE(t.ready());
    D3DMATERIAL9 material{};
    material.Diffuse = rgba(1.0f, 1.0f, 1.0f, 1.0f);
    CHECK_EQ(t->SetMaterial(&material), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_COLORVERTEX, FALSE), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_AMBIENT, 0x00000000), D3D_OK);
    D3DLIGHT9 light{};
    light.Type = D3DLIGHT_SPOT;
    light.Position = {0.0f, 0.0f, 0.0f};
    light.Direction = {0.0f, 0.0f, 1.0f};
    light.Diffuse = rgba(1.0f, 1.0f, 1.0f, 1.0f);
    light.Attenuation0 = 1.0f;
    light.Range = 100.0f;
    light.Theta = 3.14159265f / 3;
    light.Phi = 3.14159265f / 2;
    light.Falloff = 1.0f;
    CHECK_EQ(t->SetLight(0, &light), D3D_OK);
    CHECK_EQ(t->LightEnable(0, TRUE), D3D_OK);
    const std::vector<LitOutput> v = t.process();
    REQUIRE(v.size() == 3);
    CHECK(within1(v[0].diffuse, colour(1, 1, 1, 1)));
    // Vertex 1 lies along (0.6, 0, 0.8) from the light: rho = 0.8, its normal faces the light.
    const float between =
        (0.8f - std::cos(3.14159265f / 4)) / (std::cos(3.14159265f / 6) - std::cos(3.14159265f / 4));
    CHECK(within1(v[1].diffuse, colour(between, between, between, 1)));
    // Vertex 2: rho = 2 / sqrt(13), about 0.55, outside the outer cone.
    CHECK(within1(v[2].diffuse, colour(0, 0, 0, 1)));
}

// COLORVERTEX with DIFFUSE- and AMBIENTMATERIALSOURCE = D3DMCS_COLOR1: the vertex's colour is
// both, alpha included; without lights only the ambient term remains. D3DPV_DONOTCOPYDATA
// still writes the lit colours: they are what the operation computes.
TEST(ProcessVerticesLighting, VertexColoursAreLightingSourcesWithColorVertex) {
    const LitSource vertices[2] = {{0.0f, 0.0f, 0.5f, 0.0f, 0.0f, -1.0f, 0x80FF8040},
                                   {0.5f, 0.0f, 0.5f, 0.0f, 0.0f, -1.0f, 0x40204080}};
    LightingDevice t(vertices, 2);
    REQUIRE(t.ready());
    D3DMATERIAL9 material{};
    material.Diffuse = rgba(0.0f, 0.0f, 0.0f, 1.0f);
    material.Emissive = rgba(0.0f, 0.25f, 0.0f, 0.0f);
    CHECK_EQ(t->SetMaterial(&material), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_COLORVERTEX, TRUE), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_DIFFUSEMATERIALSOURCE, D3DMCS_COLOR1), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_AMBIENTMATERIALSOURCE, D3DMCS_COLOR1), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_AMBIENT, 0x00808080), D3D_OK);
    const std::vector<LitOutput> v = t.process(D3DPV_DONOTCOPYDATA);
    REQUIRE(v.size() == 2);
    const float half = 128.0f / 255.0f;
    for (int i = 0; i < 2; ++i) {
        const DWORD c = vertices[i].color;
        const float r = float((c >> 16) & 0xFF) / 255, g = float((c >> 8) & 0xFF) / 255,
                    b = float(c & 0xFF) / 255, a = float(c >> 24) / 255;
        CHECK(within1(v[i].diffuse, colour(r * half, 0.25f + g * half, b * half, a)));
    }
}

// What the user sees either way: a processed lit vertex's colour equals the pixel the GPU's
// fixed-function pipeline draws for the same vertices (a directional light, one normal, so the
// triangle is flat).
TEST(ProcessVerticesLighting, LitColoursMatchWhatADrawOfTheVerticesShows) {
    const float n[3] = {0.0f, 0.6f, -0.8f};
    const LitSource triangle[3] = {{-1.0f, -1.0f, 0.5f, n[0], n[1], n[2], 0xFF3060C0},
                                   {-1.0f, 3.0f, 0.5f, n[0], n[1], n[2], 0xFF3060C0},
                                   {3.0f, -1.0f, 0.5f, n[0], n[1], n[2], 0xFF3060C0}};
    LightingDevice t(triangle, 3);
    REQUIRE(t.ready());
    D3DMATERIAL9 material{};
    material.Diffuse = rgba(1.0f, 1.0f, 1.0f, 1.0f);
    material.Ambient = rgba(0.5f, 0.5f, 0.5f, 1.0f);
    CHECK_EQ(t->SetMaterial(&material), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_AMBIENT, 0x00202020), D3D_OK);
    D3DLIGHT9 light{};
    light.Type = D3DLIGHT_DIRECTIONAL;
    light.Direction = {0.0f, 0.0f, 1.0f};
    light.Diffuse = rgba(0.75f, 0.5f, 0.25f, 1.0f);
    CHECK_EQ(t->SetLight(0, &light), D3D_OK);
    CHECK_EQ(t->LightEnable(0, TRUE), D3D_OK);
    const std::vector<LitOutput> v = t.process();
    REQUIRE(v.size() == 3);
    CHECK_EQ(t->SetRenderState(D3DRS_CULLMODE, D3DCULL_NONE), D3D_OK);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF000000, 1.0f, 0), D3D_OK);
    CHECK_EQ(t->BeginScene(), D3D_OK);
    CHECK_EQ(t->DrawPrimitive(D3DPT_TRIANGLELIST, 0, 1), D3D_OK);
    CHECK_EQ(t->EndScene(), D3D_OK);
    const std::vector<uint32_t> pixels = readBackBuffer(t.device);
    REQUIRE(pixels.size() == 64 * 64);
    CHECK(within1(pixels[32 * 64 + 32] & 0xFFFFFF, v[0].diffuse & 0xFFFFFF));
    // And both are the formula's: the vertex colour (COLOR1, the default source) lit at N.L = 0.8.
    const float g = 32.0f / 255;
    const float lit[3] = {0.5f * g + (48.0f / 255) * 0.75f * 0.8f, 0.5f * g + (96.0f / 255) * 0.5f * 0.8f,
                          0.5f * g + (192.0f / 255) * 0.25f * 0.8f};
    CHECK(within1(v[0].diffuse, colour(lit[0], lit[1], lit[2], 1.0f)));
}

// D3DVBF_TWEENING ("Vertex Tweening"): "POSITION = POSITION1 * (1.0 - TWEENFACTOR) + POSITION2 *
// TWEENFACTOR", the same for normals, with the declaration's POSITION0 / POSITION1 and NORMAL0 /
// NORMAL1. A quad whose two positions lie side by side is drawn and read back where the factor
// puts it; ProcessVertices computes the same positions, and a normal tweened between two
// directions lights as the mix does (the expected values are worked out here).
#include "check.h"
#include "process_vertices_support.h"

#include <cstring>

using namespace process_vertices;

namespace {

struct TweenVertex {
    float x0, y0, z0;
    float x1, y1, z1;
    float n0[3], n1[3];
    DWORD color;
};
const D3DVERTEXELEMENT9 kTweenDeclaration[] = {
    {0, 0, D3DDECLTYPE_FLOAT3, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0},
    {0, 12, D3DDECLTYPE_FLOAT3, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 1},
    {0, 24, D3DDECLTYPE_FLOAT3, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_NORMAL, 0},
    {0, 36, D3DDECLTYPE_FLOAT3, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_NORMAL, 1},
    {0, 48, D3DDECLTYPE_D3DCOLOR, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_COLOR, 0},
    D3DDECL_END()};

// Screen x = (1 + x) * 32, y = (1 - y) * 32 on a 64 x 64 target with identity transforms: the
// coordinate of a screen position.
float ndcX(float screen) {
    return screen / 32 - 1;
}
float ndcY(float screen) {
    return 1 - screen / 32;
}

// A quad over pixels [8, 24) x [16, 48) at POSITION0 and [40, 56) x [16, 48) at POSITION1
// (edges half a pixel before), normals (0, 0, -1) and (1, 0, 0), white.
std::vector<TweenVertex> tweenQuad() {
    const float y0 = ndcY(15.5f), y1 = ndcY(47.5f);
    auto corner = [&](float left0, float left1, float y) {
        return TweenVertex{ndcX(left0), y, 0.5f, ndcX(left1), y, 0.5f, {0, 0, -1}, {1, 0, 0}, 0xFFFFFFFF};
    };
    const TweenVertex a = corner(7.5f, 39.5f, y0), b = corner(23.5f, 55.5f, y0), c = corner(7.5f, 39.5f, y1),
                      d = corner(23.5f, 55.5f, y1);
    return {a, b, c, b, d, c};
}

float asFloat(DWORD d) {
    float f;
    memcpy(&f, &d, sizeof f);
    return f;
}

} // namespace

TEST(Tweening, DrawnQuadLiesWhereTheFactorPutsIt) {
    TestDevice t(64, 64);
    REQUIRE(t.device != nullptr);
    D3DCAPS9 caps{};
    CHECK_EQ(t->GetDeviceCaps(&caps), D3D_OK);
    CHECK((caps.VertexProcessingCaps & D3DVTXPCAPS_TWEENING) != 0);
    const std::vector<TweenVertex> quad = tweenQuad();
    IDirect3DVertexDeclaration9* declaration = nullptr;
    REQUIRE(t->CreateVertexDeclaration(kTweenDeclaration, &declaration) == D3D_OK);
    IDirect3DVertexBuffer9* vb = nullptr;
    REQUIRE(t->CreateVertexBuffer(UINT(quad.size() * sizeof(TweenVertex)), 0, 0, D3DPOOL_DEFAULT, &vb,
                                  nullptr) == D3D_OK);
    void* p = nullptr;
    REQUIRE(vb->Lock(0, 0, &p, 0) == D3D_OK);
    memcpy(p, quad.data(), quad.size() * sizeof(TweenVertex));
    vb->Unlock();
    CHECK_EQ(t->SetRenderState(D3DRS_LIGHTING, FALSE), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_CULLMODE, D3DCULL_NONE), D3D_OK);
    CHECK_EQ(t->SetVertexDeclaration(declaration), D3D_OK);
    CHECK_EQ(t->SetStreamSource(0, vb, 0, sizeof(TweenVertex)), D3D_OK);
    // Factor 0: the first position; 1: the second; 0.5: halfway, [24, 40). Without tweening the
    // second position is not read whatever the factor, before and after (one declaration, so
    // the draws must not keep each other's vertex inputs).
    const struct {
        DWORD blend;
        float factor;
        int left;
    } cases[] = {{D3DVBF_DISABLE, 0.5f, 8},
                 {D3DVBF_TWEENING, 0.0f, 8},
                 {D3DVBF_TWEENING, 1.0f, 40},
                 {D3DVBF_TWEENING, 0.5f, 24},
                 {D3DVBF_DISABLE, 0.5f, 8}};
    for (const auto& c : cases) {
        CHECK_EQ(t->SetRenderState(D3DRS_VERTEXBLEND, c.blend), D3D_OK);
        CHECK_EQ(t->SetRenderState(D3DRS_TWEENFACTOR, asDword(c.factor)), D3D_OK);
        DWORD stored = 0;
        CHECK_EQ(t->GetRenderState(D3DRS_TWEENFACTOR, &stored), D3D_OK);
        CHECK_EQ(asFloat(stored), c.factor);
        CHECK_EQ(rectMismatches(drawAndRead(t.device, D3DPT_TRIANGLELIST, 2), c.left, 16, c.left + 16, 48,
                                0xFFFFFFFF),
                 0);
    }
    CHECK_EQ(t->SetStreamSource(0, nullptr, 0, 0), D3D_OK);
    vb->Release();
    declaration->Release();
}

// ProcessVertices tweens before transforming and lighting, as the draw does: positions at the
// factor's mix, and with lighting the tweened (unnormalized) normal's N.L.
TEST(Tweening, ProcessVerticesTweensPositionsAndNormals) {
    TestDevice t(64, 64, false, D3DCREATE_SOFTWARE_VERTEXPROCESSING);
    REQUIRE(t.device != nullptr);
    const std::vector<TweenVertex> quad = tweenQuad();
    IDirect3DVertexDeclaration9* declaration = nullptr;
    REQUIRE(t->CreateVertexDeclaration(kTweenDeclaration, &declaration) == D3D_OK);
    IDirect3DVertexBuffer9* source =
        buffer(t.device, UINT(quad.size() * sizeof(TweenVertex)), 0, quad.data());
    IDirect3DVertexBuffer9* out =
        buffer(t.device, UINT(quad.size() * sizeof(OutputVertex)), kOutputFvf, nullptr);
    REQUIRE(source != nullptr && out != nullptr);
    CHECK_EQ(t->SetVertexDeclaration(declaration), D3D_OK);
    CHECK_EQ(t->SetStreamSource(0, source, 0, sizeof(TweenVertex)), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_VERTEXBLEND, D3DVBF_TWEENING), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_TWEENFACTOR, asDword(0.25f)), D3D_OK);
    // A directional light travelling along +z: towards it is (0, 0, -1). The vertex colour is
    // the diffuse source (COLORVERTEX and DIFFUSEMATERIALSOURCE COLOR1, the defaults).
    D3DLIGHT9 light{};
    light.Type = D3DLIGHT_DIRECTIONAL;
    light.Direction = {0.0f, 0.0f, 1.0f};
    light.Diffuse = {1.0f, 1.0f, 1.0f, 1.0f};
    CHECK_EQ(t->SetLight(0, &light), D3D_OK);
    CHECK_EQ(t->LightEnable(0, TRUE), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_LIGHTING, TRUE), D3D_OK);
    CHECK_EQ(t->ProcessVertices(0, 0, UINT(quad.size()), out, nullptr, 0), D3D_OK);
    const std::vector<OutputVertex> v = contents(out, UINT(quad.size()));
    REQUIRE(v.size() == quad.size());
    for (size_t i = 0; i < quad.size(); ++i) {
        const float x = 0.75f * quad[i].x0 + 0.25f * quad[i].x1;
        CHECK(approx(v[i].x, (1 + x) * 32) && approx(v[i].y, (1 - quad[i].y0) * 32));
        // n = 0.75 (0, 0, -1) + 0.25 (1, 0, 0): N.L = 0.75, so 191 of 255.
        CHECK_EQ(v[i].color, 0xFFBFBFBFu);
    }
    // Left edge 0.75 * 7.5 + 0.25 * 39.5 = 15.5: pixels from 16.
    CHECK(approx(v[0].x, 15.5f));
    CHECK_EQ(t->SetStreamSource(0, nullptr, 0, 0), D3D_OK);
    out->Release();
    source->Release();
    declaration->Release();
}

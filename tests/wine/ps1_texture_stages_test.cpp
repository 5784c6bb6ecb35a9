// What a ps_1_1..1_3 pixel shader takes from the texture stages: texbem and texbeml perturb
// their lookup by the stage's BUMPENVMAT00..11 and scale it by BUMPENVLSCALE / LOFFSET, and
// D3DTTFF_PROJECTED divides the stage's coordinates before the lookup (and before texbem adds
// its offset), as Wine's texbem_test records of Windows. Expected texels are worked out here
// from the D3D9 formulas ("texbem - ps", "texbeml - ps").
#include "check.h"
#include "device_support.h"
#include "shader_support.h"
#include "texture_support.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <utility>
#include <vector>

namespace {

constexpr int kSize = 16;
constexpr int kMap = 8; // the looked-up texture: 8 x 8 texels

// ps_1_1: tex t0; texbem t1, t0; mov r0, t1
const DWORD kTexbemPs11[] = {
    0xFFFF0101,                         // ps_1_1
    0x00000042, 0xB00F0000,             // tex t0
    0x00000043, 0xB00F0001, 0xB0E40000, // texbem t1, t0
    0x00000001, 0x800F0000, 0xB0E40001, // mov r0, t1
    0x0000FFFF,
};
// ps_1_1: tex t0; texbeml t1, t0; mov r0, t1
const DWORD kTexbemlPs11[] = {
    0xFFFF0101,                         // ps_1_1
    0x00000042, 0xB00F0000,             // tex t0
    0x00000044, 0xB00F0001, 0xB0E40000, // texbeml t1, t0
    0x00000001, 0x800F0000, 0xB0E40001, // mov r0, t1
    0x0000FFFF,
};
// ps_1_1: tex t0; mov r0, t0
const DWORD kTexPs11[] = {
    0xFFFF0101,                         // ps_1_1
    0x00000042, 0xB00F0000,             // tex t0
    0x00000001, 0x800F0000, 0xB0E40000, // mov r0, t0
    0x0000FFFF,
};

// Pre-transformed vertices with two four-component coordinate sets.
struct TwoSetVertex {
    float x, y, z, rhw;
    float t0[4];
    float t1[4];
};
constexpr DWORD kTwoSetFvf = D3DFVF_XYZRHW | D3DFVF_TEX2 | D3DFVF_TEXCOORDSIZE4(0) | D3DFVF_TEXCOORDSIZE4(1);

// The whole target as a strip, every vertex with the same coordinates.
std::vector<TwoSetVertex> wholeTarget(const float (&t0)[4], const float (&t1)[4]) {
    std::vector<TwoSetVertex> v;
    for (const auto& [x, y] :
         {std::pair{0, 0}, std::pair{kSize, 0}, std::pair{0, kSize}, std::pair{kSize, kSize}})
        v.push_back({float(x) - 0.5f,
                     float(y) - 0.5f,
                     0.5f,
                     1.0f,
                     {t0[0], t0[1], t0[2], t0[3]},
                     {t1[0], t1[1], t1[2], t1[3]}});
    return v;
}

// Texel (x, y) of the looked-up texture: red x * 32, green y * 32.
uint32_t mapTexel(int x, int y) {
    return 0xFF000000u | uint32_t(x * 32) << 16 | uint32_t(y * 32) << 8;
}

// The texel a point-filtered, clamped lookup at coordinate c picks.
int texelAt(float c) {
    return std::clamp(int(std::floor(c * float(kMap))), 0, kMap - 1);
}

// A signed 8-bit bump channel as the lookup reads it (SNORM).
float snorm8(int8_t v) {
    return std::max(float(v) / 127.0f, -1.0f);
}

void setFloatState(IDirect3DDevice9* device, DWORD stage, D3DTEXTURESTAGESTATETYPE state, float value) {
    DWORD bits;
    std::memcpy(&bits, &value, 4);
    CHECK_EQ(device->SetTextureStageState(stage, state, bits), D3D_OK);
}

// BUMPENVMAT00, 01, 10, 11 of `stage`.
void setBumpMatrix(IDirect3DDevice9* device, DWORD stage, const float (&m)[4]) {
    setFloatState(device, stage, D3DTSS_BUMPENVMAT00, m[0]);
    setFloatState(device, stage, D3DTSS_BUMPENVMAT01, m[1]);
    setFloatState(device, stage, D3DTSS_BUMPENVMAT10, m[2]);
    setFloatState(device, stage, D3DTSS_BUMPENVMAT11, m[3]);
}

// A managed 1x1 texture of a 16- or 32-bit bump format holding `bits`; null when a step fails.
IDirect3DTexture9* bumpTexel(IDirect3DDevice9* device, D3DFORMAT format, uint32_t bits) {
    IDirect3DTexture9* texture = nullptr;
    if (device->CreateTexture(1, 1, 1, 0, format, D3DPOOL_MANAGED, &texture, nullptr) != D3D_OK)
        return nullptr;
    D3DLOCKED_RECT locked{};
    if (texture->LockRect(0, &locked, nullptr, 0) != D3D_OK) {
        texture->Release();
        return nullptr;
    }
    std::memcpy(locked.pBits, &bits, format == D3DFMT_V8U8 ? 2 : 4);
    texture->UnlockRect(0);
    return texture;
}

// Stages 0..1 point-sampled and clamped; the map at stage 1, the shader set.
struct BumpScene {
    TestDevice t{kSize, kSize};
    IDirect3DTexture9* map = nullptr;
    IDirect3DPixelShader9* shader = nullptr;

    explicit BumpScene(const DWORD* tokens) {
        if (!t.device) return;
        map = filledTexture(t.device, kMap, kMap, mapTexel);
        CHECK_EQ(t->CreatePixelShader(tokens, &shader), D3D_OK);
        for (DWORD s = 0; s < 2; ++s) {
            CHECK_EQ(t->SetSamplerState(s, D3DSAMP_MINFILTER, D3DTEXF_POINT), D3D_OK);
            CHECK_EQ(t->SetSamplerState(s, D3DSAMP_MAGFILTER, D3DTEXF_POINT), D3D_OK);
            CHECK_EQ(t->SetSamplerState(s, D3DSAMP_ADDRESSU, D3DTADDRESS_CLAMP), D3D_OK);
            CHECK_EQ(t->SetSamplerState(s, D3DSAMP_ADDRESSV, D3DTADDRESS_CLAMP), D3D_OK);
        }
        CHECK_EQ(t->SetTexture(1, map), D3D_OK);
        CHECK_EQ(t->SetPixelShader(shader), D3D_OK);
        CHECK_EQ(t->SetFVF(kTwoSetFvf), D3D_OK);
        CHECK_EQ(t->SetRenderState(D3DRS_LIGHTING, FALSE), D3D_OK);
    }
    ~BumpScene() {
        if (t.device) {
            t->SetPixelShader(nullptr);
            t->SetTexture(0, nullptr);
            t->SetTexture(1, nullptr);
        }
        releaseAll(map, shader);
    }
    bool ready() const { return t.device && map && shader; }

    // The whole target drawn with these coordinates, read back.
    std::vector<uint32_t> draw(const float (&t0)[4], const float (&t1)[4]) {
        CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF0000FF, 1.0f, 0), D3D_OK);
        CHECK_EQ(t->BeginScene(), D3D_OK);
        const std::vector<TwoSetVertex> quad = wholeTarget(t0, t1);
        CHECK_EQ(t->DrawPrimitiveUP(D3DPT_TRIANGLESTRIP, 2, quad.data(), sizeof(TwoSetVertex)), D3D_OK);
        CHECK_EQ(t->EndScene(), D3D_OK);
        return readBackBuffer(t.device);
    }
};

// The bump map's texel: du = 64 / 127, dv = -64 / 127.
constexpr int8_t kDu = 64, kDv = -64;
constexpr uint32_t kBumpBits = uint32_t(uint8_t(kDv)) << 8 | uint8_t(kDu);
// (u, v) at the middle of texel (2, 2).
constexpr float kCentre = 2.5f / float(kMap);

// u' = u + M00 du + M10 dv, v' = v + M01 du + M11 dv: the texel texbem looks up.
uint32_t perturbedTexel(const float (&m)[4]) {
    const float du = snorm8(kDu), dv = snorm8(kDv);
    return mapTexel(texelAt(kCentre + m[0] * du + m[2] * dv), texelAt(kCentre + m[1] * du + m[3] * dv));
}

} // namespace

// texbem offsets stage 1's lookup by its BUMPENVMAT times the bump texel. The matrix's cross
// terms are chosen so that a transposed matrix (or none) picks another texel; a change of the
// matrix alone between draws reaches the next draw.
TEST(Ps1TextureStages, TexbemPerturbsTheLookupByTheStageBumpMatrix) {
    BumpScene scene(kTexbemPs11);
    REQUIRE(scene.ready());
    IDirect3DTexture9* bump = bumpTexel(scene.t.device, D3DFMT_V8U8, kBumpBits);
    REQUIRE(bump != nullptr);
    CHECK_EQ(scene.t->SetTexture(0, bump), D3D_OK);
    const float coords[4] = {kCentre, kCentre, 0, 1};
    const float first[4] = {0.25f, 0.5f, 0.0f, 0.25f};
    const float second[4] = {-0.25f, 0.0f, 0.5f, -0.25f};
    // The picks differ from each other, from no perturbation and from the transposed matrix.
    const uint32_t want1 = perturbedTexel(first), want2 = perturbedTexel(second);
    CHECK(want1 != mapTexel(2, 2) && want2 != mapTexel(2, 2) && want1 != want2);
    CHECK(want1 != perturbedTexel({first[0], first[2], first[1], first[3]}));
    setBumpMatrix(scene.t.device, 1, first);
    CHECK_EQ(wrongPixels(scene.draw(coords, coords), kSize, kSize, [&](int, int) { return want1; }), 0);
    setBumpMatrix(scene.t.device, 1, second);
    CHECK_EQ(wrongPixels(scene.draw(coords, coords), kSize, kSize, [&](int, int) { return want2; }), 0);
    // Stage 0's matrix is not the one texbem t1 reads.
    setBumpMatrix(scene.t.device, 0, first);
    CHECK_EQ(wrongPixels(scene.draw(coords, coords), kSize, kSize, [&](int, int) { return want2; }), 0);
    releaseAll(bump);
}

// Under D3DTTFF_COUNT4 | D3DTTFF_PROJECTED on stage 1, texbem divides the coordinates by w first
// and adds the offset to the quotient: coordinates scaled by 4 with w = 4 pick the texel that
// unscaled ones do.
TEST(Ps1TextureStages, ProjectedTexbemDividesBeforeItAddsTheOffset) {
    BumpScene scene(kTexbemPs11);
    REQUIRE(scene.ready());
    IDirect3DTexture9* bump = bumpTexel(scene.t.device, D3DFMT_V8U8, kBumpBits);
    REQUIRE(bump != nullptr);
    CHECK_EQ(scene.t->SetTexture(0, bump), D3D_OK);
    const float m[4] = {0.25f, 0.5f, 0.0f, 0.25f};
    setBumpMatrix(scene.t.device, 1, m);
    CHECK_EQ(
        scene.t->SetTextureStageState(1, D3DTSS_TEXTURETRANSFORMFLAGS, D3DTTFF_COUNT4 | D3DTTFF_PROJECTED),
        D3D_OK);
    const float bumpCoords[4] = {kCentre, kCentre, 0, 1};
    const float scaled[4] = {4 * kCentre, 4 * kCentre, 0, 4};
    const uint32_t want = perturbedTexel(m);
    CHECK_EQ(wrongPixels(scene.draw(bumpCoords, scaled), kSize, kSize, [&](int, int) { return want; }), 0);
    releaseAll(bump);
}

// ps_1_1's tex divides by the coordinate D3DTTFF_COUNTn names when the stage is projected: z for
// COUNT3, w for COUNT4; not at all without D3DTTFF_PROJECTED.
TEST(Ps1TextureStages, TexDividesByTheLastCountedCoordinateWhenProjected) {
    BumpScene scene(kTexPs11);
    REQUIRE(scene.ready());
    CHECK_EQ(scene.t->SetTexture(0, scene.map), D3D_OK);
    const float u = 2.5f / kMap, v = 5.5f / kMap;
    const float coords[4] = {2 * u, 2 * v, 2, 8};
    const float unused[4] = {0, 0, 0, 1};
    const struct {
        DWORD flags;
        uint32_t want;
    } cases[] = {
        {D3DTTFF_COUNT3 | D3DTTFF_PROJECTED, mapTexel(texelAt(u), texelAt(v))},
        {D3DTTFF_COUNT4 | D3DTTFF_PROJECTED, mapTexel(texelAt(2 * u / 8), texelAt(2 * v / 8))},
        {D3DTTFF_COUNT3, mapTexel(texelAt(2 * u), texelAt(2 * v))},
    };
    for (const auto& c : cases) {
        CHECK_EQ(scene.t->SetTextureStageState(0, D3DTSS_TEXTURETRANSFORMFLAGS, c.flags), D3D_OK);
        CHECK_EQ(wrongPixels(scene.draw(coords, unused), kSize, kSize, [&](int, int) { return c.want; }), 0);
    }
}

// Wine's texture_transform_flags_test records Windows: a projection without a COUNTn divides by
// the last component the vertex side hands the stage (z of a float3 set; flags 0xffffffff carry
// no count 2..4 either), and after a vertex shader the divide is by w whatever COUNTn says.
TEST(Ps1TextureStages, ProjectionWithoutACountOrAfterAShaderDividesAsWindows) {
    BumpScene scene(kTexPs11);
    REQUIRE(scene.ready());
    CHECK_EQ(scene.t->SetTexture(0, scene.map), D3D_OK);
    const float u = 2.5f / kMap, v = 5.5f / kMap;
    // Pre-transformed vertices with a float3 set: (2u, 2v, 2).
    struct Float3Vertex {
        float x, y, z, rhw, t[3];
    };
    std::vector<Float3Vertex> quad;
    for (const auto& [x, y] :
         {std::pair{0, 0}, std::pair{kSize, 0}, std::pair{0, kSize}, std::pair{kSize, kSize}})
        quad.push_back({float(x) - 0.5f, float(y) - 0.5f, 0.5f, 1.0f, {2 * u, 2 * v, 2}});
    CHECK_EQ(scene.t->SetFVF(D3DFVF_XYZRHW | D3DFVF_TEX1 | D3DFVF_TEXCOORDSIZE3(0)), D3D_OK);
    const uint32_t dividedByZ = mapTexel(texelAt(u), texelAt(v));
    for (const DWORD flags : {DWORD(D3DTTFF_PROJECTED), DWORD(0xFFFFFFFF)}) {
        CHECK_EQ(scene.t->SetTextureStageState(0, D3DTSS_TEXTURETRANSFORMFLAGS, flags), D3D_OK);
        CHECK_EQ(scene.t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF0000FF, 1.0f, 0), D3D_OK);
        CHECK_EQ(scene.t->DrawPrimitiveUP(D3DPT_TRIANGLESTRIP, 2, quad.data(), sizeof(Float3Vertex)), D3D_OK);
        CHECK_EQ(
            wrongPixels(readBackBuffer(scene.t.device), kSize, kSize, [&](int, int) { return dividedByZ; }),
            0);
    }

    // A vertex shader passing (2u, 2v, 2, 8) through: COUNT3 | PROJECTED divides by w = 8, not z.
    static const D3DVERTEXELEMENT9 elements[] = {
        {0, 0, D3DDECLTYPE_FLOAT4, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0},
        {0, 16, D3DDECLTYPE_FLOAT4, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_TEXCOORD, 0},
        D3DDECL_END(),
    };
    REQUIRE(useShaders(scene.t.device, elements, shader_code::kTexcoordVs20, kTexPs11));
    CHECK_EQ(scene.t->SetTexture(0, scene.map), D3D_OK);
    const float clip[4][8] = {{-1, 1, 0.5f, 1, 2 * u, 2 * v, 2, 8},
                              {1, 1, 0.5f, 1, 2 * u, 2 * v, 2, 8},
                              {-1, -1, 0.5f, 1, 2 * u, 2 * v, 2, 8},
                              {1, -1, 0.5f, 1, 2 * u, 2 * v, 2, 8}};
    CHECK_EQ(
        scene.t->SetTextureStageState(0, D3DTSS_TEXTURETRANSFORMFLAGS, D3DTTFF_COUNT3 | D3DTTFF_PROJECTED),
        D3D_OK);
    CHECK_EQ(scene.t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF0000FF, 1.0f, 0), D3D_OK);
    CHECK_EQ(scene.t->DrawPrimitiveUP(D3DPT_TRIANGLESTRIP, 2, clip, sizeof(clip[0])), D3D_OK);
    const uint32_t dividedByW = mapTexel(texelAt(2 * u / 8), texelAt(2 * v / 8));
    CHECK_EQ(wrongPixels(readBackBuffer(scene.t.device), kSize, kSize, [&](int, int) { return dividedByW; }),
             0);
    scene.t->SetVertexShader(nullptr);
}

// texbeml scales the perturbed lookup by the bump texel's luminance times BUMPENVLSCALE plus
// BUMPENVLOFFSET of the stage, clamped to [0, 1].
TEST(Ps1TextureStages, TexbemlScalesByTheStageLuminanceState) {
    BumpScene scene(kTexbemlPs11);
    REQUIRE(scene.ready());
    // X8L8V8U8: luminance 0x80 in bits 16..23. (A device whose driver lacks the format says so.)
    if (scene.t.d3d->CheckDeviceFormat(D3DADAPTER_DEFAULT, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, 0,
                                       D3DRTYPE_TEXTURE, D3DFMT_X8L8V8U8) != D3D_OK)
        return;
    IDirect3DTexture9* bump = bumpTexel(scene.t.device, D3DFMT_X8L8V8U8, 0x80u << 16 | kBumpBits);
    REQUIRE(bump != nullptr);
    CHECK_EQ(scene.t->SetTexture(0, bump), D3D_OK);
    const float m[4] = {0.25f, 0.5f, 0.0f, 0.25f};
    setBumpMatrix(scene.t.device, 1, m);
    const float coords[4] = {kCentre, kCentre, 0, 1};
    const uint32_t texel = perturbedTexel(m);
    for (const auto& [scale, offset] :
         {std::pair{1.5f, 0.1f}, std::pair{0.5f, -0.2f}, std::pair{4.0f, 0.5f}}) {
        setFloatState(scene.t.device, 1, D3DTSS_BUMPENVLSCALE, scale);
        setFloatState(scene.t.device, 1, D3DTSS_BUMPENVLOFFSET, offset);
        const float factor = std::clamp(128.0f / 255.0f * scale + offset, 0.0f, 1.0f);
        uint32_t want = 0;
        for (int shift = 0; shift < 24; shift += 8)
            want |= uint32_t(std::lround(float(texel >> shift & 0xFF) * factor)) << shift;
        CHECK_EQ(wrongPixels(
                     scene.draw(coords, coords), kSize, kSize, [&](int, int) { return want; }, 2),
                 0);
    }
    releaseAll(bump);
}

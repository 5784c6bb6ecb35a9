// Textures created and locked through the UMD door (2D with mip levels, cube, volume, DXT1),
// bound through either door (DP2 TEXTURESTAGESTATE's TEXTUREMAP, UMD SetTexture) and sampled by
// translated pixel shaders and the fixed-function stages. Points on pixel centres sample texel
// centres with point filtering, so each pixel is exactly a texel the test wrote.
#include <algorithm>
#include <bit>
#include <cmath>
#include <functional>
#include <tuple>
#include <utility>

#include "cts/cts_fixture.h"

namespace ddivk::test {
namespace {

uint32_t texel(uint32_t i) {
    return 0xFF000000u | ((i * 71u + 13u) & 0xFF) << 16 | ((i * 29u + 90u) & 0xFF) << 8 | ((i * 113u + 7u) & 0xFF);
}

class Textures : public Cts, public ::testing::WithParamInterface<Door> {
  protected:
    Door door() const { return GetParam(); }
    void SetUp() override {
        Cts::SetUp();
        CommandStream s;
        clear(s, D3DCLEAR_TARGET, kCtsBackground);
        run(s);
    }

    // A texture through CreateResource: `levels` mip levels (faces: 6 for cubes), level 0 of
    // size w x h x d, initial contents from `init(subresource)` (null: none).
    uint32_t createTexture(uint32_t flags, uint32_t format, uint32_t w, uint32_t h, uint32_t d, uint32_t levels,
                           const std::vector<std::vector<uint8_t>>& init = {}) {
        const uint32_t faces = (flags & D3DDDI_RESOURCE_CUBEMAP) ? 6 : 1;
        std::vector<D3DDDI_SURFACEINFO> surfaces;
        for (uint32_t f = 0; f < faces; ++f)
            for (uint32_t l = 0; l < levels; ++l) {
                const size_t i = surfaces.size();
                surfaces.push_back({std::max(1u, w >> l), std::max(1u, h >> l), std::max(1u, d >> l),
                                    i < init.size() ? init[i].data() : nullptr, 0, 0});
            }
        return created(format, D3DDDI_RESOURCE_TEXTURE | flags, surfaces, levels);
    }
    // Writes A8R8G8B8 texels into subresource `sub` through Lock / Unlock.
    void fill(uint32_t texture, uint32_t sub, const std::vector<uint32_t>& texels, uint32_t width, uint32_t rows,
              uint32_t slices = 1) {
        D3DDDIARG_LOCK lock{};
        lock.hResource = reinterpret_cast<HANDLE>(uintptr_t(texture));
        lock.SubResourceIndex = sub;
        ASSERT_EQ(umd().pfnLock(dev(), &lock), S_OK);
        for (uint32_t z = 0; z < slices; ++z)
            for (uint32_t y = 0; y < rows; ++y)
                std::memcpy(static_cast<uint8_t*>(lock.pSurfData) + z * lock.SlicePitch + y * lock.Pitch,
                            &texels[(z * rows + y) * width], width * 4);
        D3DDDIARG_UNLOCK unlock{lock.hResource, sub, 0};
        ASSERT_EQ(umd().pfnUnlock(dev(), &unlock), S_OK);
    }
    void bind(uint32_t sampler, uint32_t texture) {
        if (door() == Door::Umd) {
            ASSERT_EQ(umd().pfnSetTexture(dev(), sampler, reinterpret_cast<HANDLE>(uintptr_t(texture))), S_OK);
            return;
        }
        CommandStream s;
        s.cmd(D3DDP2OP_TEXTURESTAGESTATE, 1).put(D3DHAL_DP2TEXTURESTAGESTATE{uint16_t(sampler), D3DTSS_TEXTUREMAP, texture});
        run(s);
    }
    void samplerState(uint32_t sampler, uint32_t tss, uint32_t value) {
        CommandStream s;
        s.cmd(D3DDP2OP_TEXTURESTAGESTATE, 1).put(D3DHAL_DP2TEXTURESTAGESTATE{uint16_t(sampler), uint16_t(tss), value});
        run(s);
    }
    // Draws the points from a vertex buffer through the door.
    void drawPoints(const std::vector<TexPoint>& points) {
        setStream(door(), 0, createBuffer(points), 0, sizeof(TexPoint));
        ASSERT_EQ(drawPrimitive(door(), D3DPT_POINTLIST, 0, uint32_t(points.size())), S_OK);
    }
    // A ps_3_0 texldl program reading `texture` at sampler 0: each point's w names the level read
    // (D3DSAMP_MIPFILTER POINT).
    void readLevelsWithTexldl(uint32_t texture) {
        setProgram(door(), kTexPointVs, "ps_3_0\ndcl_texcoord v0\ndcl_2d s0\ntexldl oC0, v0, s0\n",
                   texPointDeclaration());
        setPixelToClip(door());
        bind(0, texture);
        samplerState(0, D3DTSS_MIPFILTER, D3DTEXF_POINT);
    }
    void expectAt(const std::vector<uint32_t>& pixels, int x, int y, uint32_t want) {
        EXPECT_EQ(pixels[y * kWidth + x], want) << "pixel (" << x << ", " << y << ")";
    }
};

// Each mip level holds its own texels (initial data for level 0, Lock for the others), and
// texldl reads the level its lod names (D3DSAMP_MIPFILTER POINT).
TEST_P(Textures, MipLevelsReadTheTexelsWritten) {
    std::vector<uint32_t> level[3];
    for (uint32_t l = 0; l < 3; ++l)
        for (uint32_t i = 0; i < (16u >> (2 * l)); ++i) level[l].push_back(texel(i + 20 * l));
    std::vector<uint8_t> init(level[0].size() * 4);
    std::memcpy(init.data(), level[0].data(), init.size());
    const uint32_t tex = createTexture(0, D3DFMT_A8R8G8B8, 4, 4, 1, 3, {init});
    fill(tex, 1, level[1], 2, 2);
    fill(tex, 2, level[2], 1, 1);
    readLevelsWithTexldl(tex);
    std::vector<TexPoint> points;
    for (uint32_t l = 0; l < 3; ++l) {
        const uint32_t size = 4u >> l;
        for (uint32_t y = 0; y < size; ++y)
            for (uint32_t x = 0; x < size; ++x)
                points.push_back({float(2 + 6 * l + x), float(2 + y), (x + 0.5f) / size, (y + 0.5f) / size, 0,
                                  float(l)});
    }
    drawPoints(points);
    const std::vector<uint32_t> pixels = readTarget();
    for (uint32_t l = 0; l < 3; ++l) {
        const uint32_t size = 4u >> l;
        for (uint32_t y = 0; y < size; ++y)
            for (uint32_t x = 0; x < size; ++x) expectAt(pixels, 2 + 6 * l + x, 2 + y, level[l][y * size + x]);
    }
}

// GENERATEMIPSUBLEVELS (D3D9's automatic mipmaps, D3DTEXF_LINEAR): each level below the top is
// its level above halved, every texel the mean of the 2x2 texels it covers (within one step
// per channel: the box filter rounds). texldl reads levels 1 and 2.
TEST_P(Textures, GenerateMipSubLevelsAveragesEachLevelFromTheOneAbove) {
    std::vector<uint32_t> top;
    for (uint32_t y = 0; y < 4; ++y)
        for (uint32_t x = 0; x < 4; ++x)
            top.push_back(0xFF000000u | (x * 60 + y * 4) << 16 | (y * 50 + x * 6) << 8 | ((x ^ y) * 40));
    std::vector<uint8_t> init(top.size() * 4);
    std::memcpy(init.data(), top.data(), init.size());
    const uint32_t tex = createTexture(0, D3DFMT_A8R8G8B8, 4, 4, 1, 3, {init});
    CommandStream g;
    g.cmd(D3DDP2OP_GENERATEMIPSUBLEVELS, 1).put(D3DHAL_DP2GENERATEMIPSUBLEVELS{tex, D3DTEXF_LINEAR});
    run(g);
    auto mean = [](uint32_t a, uint32_t b, uint32_t c, uint32_t d) {
        uint32_t out = 0xFF000000u;
        for (int shift = 0; shift < 24; shift += 8) {
            const uint32_t sum =
                (a >> shift & 0xFF) + (b >> shift & 0xFF) + (c >> shift & 0xFF) + (d >> shift & 0xFF);
            out |= ((sum + 2) / 4) << shift;
        }
        return out;
    };
    std::vector<uint32_t> level1, level2;
    for (uint32_t y = 0; y < 2; ++y)
        for (uint32_t x = 0; x < 2; ++x)
            level1.push_back(mean(top[(2 * y) * 4 + 2 * x], top[(2 * y) * 4 + 2 * x + 1],
                                  top[(2 * y + 1) * 4 + 2 * x], top[(2 * y + 1) * 4 + 2 * x + 1]));
    level2.push_back(mean(level1[0], level1[1], level1[2], level1[3]));
    readLevelsWithTexldl(tex);
    std::vector<TexPoint> points;
    for (uint32_t y = 0; y < 2; ++y)
        for (uint32_t x = 0; x < 2; ++x)
            points.push_back({float(2 + x), float(2 + y), (x + 0.5f) / 2, (y + 0.5f) / 2, 0, 1.0f});
    points.push_back({8.0f, 2.0f, 0.5f, 0.5f, 0, 2.0f});
    drawPoints(points);
    const std::vector<uint32_t> pixels = readTarget();
    auto near = [](uint32_t got, uint32_t want) {
        for (int shift = 0; shift < 32; shift += 8)
            if (std::abs(int(got >> shift & 0xFF) - int(want >> shift & 0xFF)) > 1) return false;
        return true;
    };
    for (uint32_t y = 0; y < 2; ++y)
        for (uint32_t x = 0; x < 2; ++x)
            EXPECT_TRUE(near(pixels[(2 + y) * kWidth + 2 + x], level1[y * 2 + x]))
                << std::hex << pixels[(2 + y) * kWidth + 2 + x] << " want " << level1[y * 2 + x];
    EXPECT_TRUE(near(pixels[2 * kWidth + 8], level2[0]))
        << std::hex << pixels[2 * kWidth + 8] << " want " << level2[0];
    // A buffer, or an unknown handle, is refused.
    CommandStream bad;
    bad.cmd(D3DDP2OP_GENERATEMIPSUBLEVELS, 1).put(D3DHAL_DP2GENERATEMIPSUBLEVELS{0xBAD, D3DTEXF_LINEAR});
    EXPECT_EQ(execute(bad, nullptr, 0, 0, 0), D3DERR_INVALIDCALL);
}

// The CPU copy's levels lie packed after level 0 (rows of Width * 4 bytes, as D3D9's managed
// textures), and the first unlock uploads every level: texels written for all three levels
// through level 0's lock are what texldl reads (Wine's test_mipmap_upload on Windows).
TEST_P(Textures, TheFirstUnlockUploadsEveryLevel) {
    const uint32_t tex = createTexture(0, D3DFMT_A8R8G8B8, 4, 4, 1, 3);
    D3DDDIARG_LOCK lock{};
    lock.hResource = reinterpret_cast<HANDLE>(uintptr_t(tex));
    ASSERT_EQ(umd().pfnLock(dev(), &lock), S_OK);
    ASSERT_EQ(lock.Pitch, 16u);
    auto* texels = static_cast<uint32_t*>(lock.pSurfData);
    for (uint32_t i = 0; i < 16 + 4 + 1; ++i)
        texels[i] = texel(i);
    D3DDDIARG_UNLOCK unlock{lock.hResource, 0, 0};
    ASSERT_EQ(umd().pfnUnlock(dev(), &unlock), S_OK);
    readLevelsWithTexldl(tex);
    std::vector<TexPoint> points;
    for (uint32_t l = 0; l < 3; ++l)
        points.push_back({float(2 + 3 * l), 2, 0.5f / float(4u >> l), 0.5f / float(4u >> l), 0, float(l)});
    drawPoints(points);
    const std::vector<uint32_t> pixels = readTarget();
    const uint32_t firstOfLevel[3] = {0, 16, 20};
    for (uint32_t l = 0; l < 3; ++l)
        expectAt(pixels, 2 + 3 * l, 2, texel(firstOfLevel[l]));
}

// Cube faces in D3DCUBEMAP_FACES order (+X, -X, +Y, -Y, +Z, -Z) are subresources face * levels
// + level; a direction through a face's centre reads that face.
TEST_P(Textures, CubeFacesAreReadByDirection) {
    const uint32_t tex = createTexture(D3DDDI_RESOURCE_CUBEMAP, D3DFMT_A8R8G8B8, 1, 1, 1, 1);
    for (uint32_t f = 0; f < 6; ++f) fill(tex, f, {texel(f)}, 1, 1);
    setProgram(door(), kTexPointVs, "ps_3_0\ndcl_texcoord v0\ndcl_cube s0\ntexld oC0, v0, s0\n",
               texPointDeclaration());
    setPixelToClip(door());
    bind(0, tex);
    const float dirs[6][3] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
    std::vector<TexPoint> points;
    for (uint32_t f = 0; f < 6; ++f) points.push_back({float(3 + 2 * f), 4, dirs[f][0], dirs[f][1], dirs[f][2], 0});
    drawPoints(points);
    const std::vector<uint32_t> pixels = readTarget();
    for (uint32_t f = 0; f < 6; ++f) expectAt(pixels, 3 + 2 * f, 4, texel(f));
}

// ps_1_4 samplers name no texture type: the bound texture decides, for all six of them (here a
// cube map on sampler 4, read at the +X and -Y faces' centres).
TEST_P(Textures, Ps14SamplersTakeTheBoundTexturesType) {
    const uint32_t tex = createTexture(D3DDDI_RESOURCE_CUBEMAP, D3DFMT_A8R8G8B8, 1, 1, 1, 1);
    for (uint32_t f = 0; f < 6; ++f) fill(tex, f, {texel(f + 30)}, 1, 1);
    setProgram(door(), kTexPointVs, "ps_1_4\ntexld r4, t0\nmov r0, r4\n", texPointDeclaration());
    setPixelToClip(door());
    bind(4, tex);
    drawPoints({{12, 8, 1, 0, 0, 0}, {13, 8, 0, -1, 0, 0}});
    const std::vector<uint32_t> pixels = readTarget();
    expectAt(pixels, 12, 8, texel(30));
    expectAt(pixels, 13, 8, texel(33));
}

// ps_1_1's texbem t1 perturbs stage 1's lookup by the bump texel (stage 0) times stage 1's
// BUMPENVMAT00..11, state the texture stages carry through either door; D3DTTFF_COUNT4 |
// D3DTTFF_PROJECTED on stage 1 divides the coordinates by w before the offset is added.
TEST_P(Textures, Ps11TexbemReadsItsStageBumpMatrixAndProjection) {
    // du = 64 / 127, dv = -64 / 127 (V8U8: U in the low byte).
    const uint32_t bump = createTexture(0, D3DFMT_V8U8, 1, 1, 1, 1, {{uint8_t(64), uint8_t(0xC0)}});
    std::vector<uint32_t> texels;
    for (uint32_t i = 0; i < 64; ++i)
        texels.push_back(texel(i));
    std::vector<uint8_t> init(texels.size() * 4);
    std::memcpy(init.data(), texels.data(), init.size());
    const uint32_t map = createTexture(0, D3DFMT_A8R8G8B8, 8, 8, 1, 1, {init});
    setProgram(door(),
               "vs_3_0\ndcl_position v0\ndcl_texcoord v1\ndcl_position o0\ndcl_texcoord o1\n"
               "dcl_texcoord1 o2\nmad o0, v0, c0, c1\nmov o1, v1\nmov o2, v1\n",
               "ps_1_1\ntex t0\ntexbem t1, t0\nmov r0, t1\n", texPointDeclaration());
    setPixelToClip(door());
    bind(0, bump);
    bind(1, map);
    const float m[4] = {0.25f, 0.5f, 0.0f, 0.25f}; // BUMPENVMAT00, 01, 10, 11
    const uint32_t states[4] = {D3DTSS_BUMPENVMAT00, D3DTSS_BUMPENVMAT01, D3DTSS_BUMPENVMAT10,
                                D3DTSS_BUMPENVMAT11};
    for (int i = 0; i < 4; ++i)
        ASSERT_EQ(setTextureStageState(door(), 1, states[i], std::bit_cast<uint32_t>(m[i])), S_OK);
    // u' = u + M00 du + M10 dv, v' = v + M01 du + M11 dv from texel (2, 2)'s centre.
    const float du = 64.0f / 127.0f, dv = -64.0f / 127.0f, c = 2.5f / 8.0f;
    const auto at = [](float t) { return uint32_t(std::clamp(int(std::floor(t * 8)), 0, 7)); };
    const uint32_t want = texel(at(c + m[1] * du + m[3] * dv) * 8 + at(c + m[0] * du + m[2] * dv));
    ASSERT_NE(want, texel(2 * 8 + 2));
    drawPoints({{4, 4, c, c, 0, 1}});
    ASSERT_EQ(
        setTextureStageState(door(), 1, D3DTSS_TEXTURETRANSFORMFLAGS, D3DTTFF_COUNT4 | D3DTTFF_PROJECTED),
        S_OK);
    drawPoints({{6, 4, 4 * c, 4 * c, 0, 4}});
    const std::vector<uint32_t> pixels = readTarget();
    expectAt(pixels, 4, 4, want);
    expectAt(pixels, 6, 4, want);
}

// Volume textures: slices at SlicePitch, texel (x, y, z) at its centre.
TEST_P(Textures, VolumeTexelsByCoordinate) {
    const uint32_t tex = createTexture(D3DDDI_RESOURCE_VOLUME, D3DFMT_A8R8G8B8, 2, 2, 2, 1);
    std::vector<uint32_t> texels;
    for (uint32_t i = 0; i < 8; ++i) texels.push_back(texel(i + 50));
    fill(tex, 0, texels, 2, 2, 2);
    setProgram(door(), kTexPointVs, "ps_3_0\ndcl_texcoord v0\ndcl_volume s0\ntexld oC0, v0, s0\n",
               texPointDeclaration());
    setPixelToClip(door());
    bind(0, tex);
    std::vector<TexPoint> points;
    for (uint32_t i = 0; i < 8; ++i) {
        const uint32_t x = i & 1, y = i >> 1 & 1, z = i >> 2;
        points.push_back({float(2 + i), 6, (x + 0.5f) / 2, (y + 0.5f) / 2, (z + 0.5f) / 2, 0});
    }
    drawPoints(points);
    const std::vector<uint32_t> pixels = readTarget();
    for (uint32_t i = 0; i < 8; ++i) expectAt(pixels, 2 + i, 6, texels[i]);
}

// DXT1 (BC1): a 4x4 block of two R5G6B5 end points with 2-bit indices; index 0 is colour 0,
// index 1 colour 1 (c0 > c1: the opaque four-colour mode). Pure red and blue expand exactly.
TEST_P(Textures, Dxt1BlocksDecode) {
    const uint16_t red = 0xF800, blue = 0x001F;
    uint32_t indices = 0;
    for (uint32_t i = 0; i < 16; ++i) indices |= ((i + i / 4) & 1u) << (2 * i); // a checkerboard
    std::vector<uint8_t> block(8);
    std::memcpy(&block[0], &red, 2);
    std::memcpy(&block[2], &blue, 2);
    std::memcpy(&block[4], &indices, 4);
    const uint32_t tex = createTexture(0, D3DFMT_DXT1, 4, 4, 1, 1, {block});
    setProgram(door(), kTexPointVs, "ps_3_0\ndcl_texcoord v0\ndcl_2d s0\ntexld oC0, v0, s0\n",
               texPointDeclaration());
    setPixelToClip(door());
    bind(0, tex);
    std::vector<TexPoint> points;
    for (uint32_t i = 0; i < 16; ++i)
        points.push_back({float(20 + i % 4), float(10 + i / 4), (i % 4 + 0.5f) / 4, (i / 4 + 0.5f) / 4, 0, 0});
    drawPoints(points);
    const std::vector<uint32_t> pixels = readTarget();
    for (uint32_t i = 0; i < 16; ++i)
        expectAt(pixels, 20 + i % 4, 10 + i / 4, ((i + i / 4) & 1) ? 0xFF0000FFu : 0xFFFF0000u);
}

// A sampler without a texture reads (0, 0, 0, 1) (D3D9: "If no texture is set ... the result
// of the sample is (0, 0, 0, 1)"), as does one whose texture is of another type.
TEST_P(Textures, SamplersWithoutATextureReadOpaqueBlack) {
    setProgram(door(), kTexPointVs,
               "ps_3_0\ndcl_texcoord v0\ndcl_2d s1\ndcl_cube s2\ntexld r0, v0, s1\ntexld r1, v0, s2\n"
               "add oC0, r0, r1\n",
               texPointDeclaration());
    setPixelToClip(door());
    bind(2, createTexture(0, D3DFMT_A8R8G8B8, 1, 1, 1, 1)); // 2D where the shader declares a cube
    drawPoints({{5, 5, 0.5f, 0.5f, 0.5f, 0}});
    EXPECT_EQ(readTarget()[5 * kWidth + 5], 0xFF000000u);
}

// The fixed-function pixel pipeline's default stage 0 (MODULATE of TEXTURE and CURRENT, the
// diffuse colour, white when the format has none) reads the texture bound to stage 0.
TEST_P(Textures, FixedFunctionStageZeroModulatesTheTexture) {
    std::vector<uint32_t> texels;
    for (uint32_t i = 0; i < 4; ++i) texels.push_back(texel(i + 90));
    const uint32_t tex = createTexture(0, D3DFMT_A8R8G8B8, 2, 2, 1, 1);
    fill(tex, 0, texels, 2, 2);
    CommandStream s;
    s.cmd(D3DDP2OP_SETVERTEXSHADER, 1).put(D3DHAL_DP2VERTEXSHADER{D3DFVF_XYZ | D3DFVF_TEX1});
    s.cmd(D3DDP2OP_SETPIXELSHADER, 1).put(D3DHAL_DP2PIXELSHADER{0});
    renderState(s, D3DRS_LIGHTING, 0);
    run(s);
    bind(0, tex);
    struct FfPoint {
        float x, y, z, u, v;
    };
    std::vector<FfPoint> points;
    for (uint32_t i = 0; i < 4; ++i) {
        const float px = float(30 + i % 2), py = float(20 + i / 2);
        // Identity transforms: the position is already in clip space.
        points.push_back({2 * px / kWidth - 1, 1 - 2 * py / kHeight, 0.5f, (i % 2 + 0.5f) / 2, (i / 2 + 0.5f) / 2});
    }
    setStream(door(), 0, createBuffer(points), 0, sizeof(FfPoint));
    ASSERT_EQ(drawPrimitive(door(), D3DPT_POINTLIST, 0, 4), S_OK);
    const std::vector<uint32_t> pixels = readTarget();
    for (uint32_t i = 0; i < 4; ++i) expectAt(pixels, 30 + i % 2, 20 + i / 2, texels[i]);
}

// D3DSAMP_SRGBTEXTURE: the sampler converts the texels from sRGB to linear before filtering
// (alpha stays as stored); without it the same texels read as stored. The expected values come
// from the sRGB transfer function (IEC 61966-2-1) evaluated here.
TEST_P(Textures, SrgbTextureReadsConvertToLinear) {
    auto linear = [](uint32_t c) {
        const double v = c / 255.0;
        const double l = v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
        return uint32_t(std::lround(l * 255.0));
    };
    const uint32_t stored = 0x80C04010; // A 0x80, R 0xC0, G 0x40, B 0x10
    const uint32_t tex = createTexture(0, D3DFMT_A8R8G8B8, 1, 1, 1, 1);
    fill(tex, 0, {stored}, 1, 1);
    setProgram(door(), kTexPointVs, "ps_3_0\ndcl_texcoord v0\ndcl_2d s0\ntexld oC0, v0, s0\n",
               texPointDeclaration());
    setPixelToClip(door());
    bind(0, tex);
    drawPoints({{3, 3, 0.5f, 0.5f, 0, 0}});
    samplerState(0, D3DTSS_SRGBTEXTURE, 1);
    drawPoints({{4, 3, 0.5f, 0.5f, 0, 0}});
    const std::vector<uint32_t> pixels = readTarget();
    expectAt(pixels, 3, 3, stored | 0xFF000000u); // the X8R8G8B8 target keeps no alpha
    const uint32_t want = 0xFF000000u | linear(0xC0) << 16 | linear(0x40) << 8 | linear(0x10);
    const uint32_t got = pixels[3 * kWidth + 4];
    for (int shift : {0, 8, 16})
        EXPECT_NEAR(int(got >> shift & 0xFF), int(want >> shift & 0xFF), 1) << std::hex << got << " vs " << want;
}

// D3DRS_SRGBWRITEENABLE: the pixel shader's linear output is stored sRGB-encoded; off, as it
// is (IEC 61966-2-1's encoding evaluated here).
TEST_P(Textures, SrgbWriteEncodesTheOutput) {
    auto encoded = [](double l) {
        const double v = l <= 0.0031308 ? l * 12.92 : 1.055 * std::pow(l, 1.0 / 2.4) - 0.055;
        return uint32_t(std::lround(v * 255.0));
    };
    setProgram(door(), kTexPointVs, "ps_3_0\ndef c0, 0.5, 0.25, 0.0, 1.0\ndcl_texcoord v0\nmov oC0, c0\n",
               texPointDeclaration());
    setPixelToClip(door());
    drawPoints({{10, 2, 0, 0, 0, 0}});
    CommandStream s;
    renderState(s, D3DRS_SRGBWRITEENABLE, 1);
    run(s);
    drawPoints({{11, 2, 0, 0, 0, 0}});
    const std::vector<uint32_t> pixels = readTarget();
    // Off: 0.5 is 127.5 in UNORM8, halfway, and Vulkan lets a device round it either way
    // (NVIDIA's gives 0x7F, lavapipe 0x80); 0.25 is 63.75, 0x40 on any.
    auto expectNear = [&](int x, uint32_t want) {
        const uint32_t got = pixels[2 * kWidth + x];
        for (int shift : {0, 8, 16, 24})
            EXPECT_NEAR(int(got >> shift & 0xFF), int(want >> shift & 0xFF), 1)
                << "pixel (" << x << ", 2): " << std::hex << got << " vs " << want;
    };
    expectNear(10, 0xFF804000u);
    expectNear(11, 0xFF000000u | encoded(0.5) << 16 | encoded(0.25) << 8);
}

// CreateResource checks every initial-data pitch before it creates anything: a pitch shorter
// than a row fails the call, and the device goes on drawing.
TEST_P(Textures, AShortInitialDataPitchFailsAndChangesNothing) {
    std::vector<uint8_t> init(16 * 4, 0xFF);
    std::vector<D3DDDI_SURFACEINFO> surfaces = {{4, 4, 1, init.data(), 16, 0}, {2, 2, 1, init.data(), 4, 0}};
    D3DDDIARG_CREATERESOURCE args{};
    args.Format = D3DFMT_A8R8G8B8;
    args.pSurfList = surfaces.data();
    args.SurfCount = 2;
    args.MipLevels = 2;
    args.Flags.Value = D3DDDI_RESOURCE_TEXTURE;
    EXPECT_EQ(umd().pfnCreateResource(dev(), &args), D3DERR_INVALIDCALL) << "level 1's pitch of 4 < 2 texels";
    surfaces[1].SysMemPitch = 8;
    ASSERT_EQ(umd().pfnCreateResource(dev(), &args), S_OK);
    setProgram(door(), kTexPointVs, "ps_3_0\ndcl_texcoord v0\ndcl_2d s0\ntexld oC0, v0, s0\n",
               texPointDeclaration());
    setPixelToClip(door());
    bind(0, uint32_t(reinterpret_cast<uintptr_t>(args.hResource)));
    drawPoints({{7, 7, 0.5f, 0.5f, 0, 0}});
    EXPECT_EQ(readTarget()[7 * kWidth + 7], 0xFFFFFFFFu);
}

INSTANTIATE_TEST_SUITE_P(BothDoors, Textures, ::testing::Values(Door::Dp2, Door::Umd),
                         [](const auto& p) { return std::string(doorName(p.param)); });

// The driver-managed resource hints of DP2: ADDDIRTYRECT (a rectangle of a 2D or cube texture's
// top level) and ADDDIRTYBOX (a box of a volume texture's) tell the driver what the runtime
// changed since its last upload, and SETPRIORITY orders evictions. This driver uploads what a
// lock wrote at its unlock and evicts nothing, so they take effect as nothing; what they name is
// checked, and a token that names no such resource or region is refused where it stands.
TEST_F(Textures, ResourceHintTokensNameTheirResources) {
    const uint32_t flat = createTexture(0, D3DFMT_A8R8G8B8, 8, 4, 1, 2);
    const uint32_t cube = createTexture(D3DDDI_RESOURCE_CUBEMAP, D3DFMT_A8R8G8B8, 4, 4, 1, 1);
    const uint32_t volume = createTexture(D3DDDI_RESOURCE_VOLUME, D3DFMT_A8R8G8B8, 4, 4, 2, 1);
    const uint32_t buffer = createBuffer(std::vector<uint32_t>(16, 0));
    CommandStream s;
    s.cmd(D3DDP2OP_ADDDIRTYRECT, 2)
        .put(D3DHAL_DP2ADDDIRTYRECT{flat, {0, 0, 8, 4}})
        .put(D3DHAL_DP2ADDDIRTYRECT{cube, {1, 1, 3, 2}});
    s.cmd(D3DDP2OP_ADDDIRTYBOX, 1).put(D3DHAL_DP2ADDDIRTYBOX{volume, {0, 0, 4, 4, 1, 2}});
    s.cmd(D3DDP2OP_SETPRIORITY, 3)
        .put(D3DHAL_DP2SETPRIORITY{flat, 7})
        .put(D3DHAL_DP2SETPRIORITY{volume, 0})
        .put(D3DHAL_DP2SETPRIORITY{buffer, 1});
    run(s);

    using Tokens = std::function<void(CommandStream&)>;
    const std::pair<const char*, Tokens> bad[] = {
        {"a rectangle past the top level",
         [&](CommandStream& t) {
             t.cmd(D3DDP2OP_ADDDIRTYRECT, 1).put(D3DHAL_DP2ADDDIRTYRECT{flat, {0, 0, 9, 4}});
         }},
        {"an empty rectangle",
         [&](CommandStream& t) {
             t.cmd(D3DDP2OP_ADDDIRTYRECT, 1).put(D3DHAL_DP2ADDDIRTYRECT{flat, {2, 1, 2, 3}});
         }},
        {"a rectangle of a volume texture",
         [&](CommandStream& t) {
             t.cmd(D3DDP2OP_ADDDIRTYRECT, 1).put(D3DHAL_DP2ADDDIRTYRECT{volume, {0, 0, 1, 1}});
         }},
        {"a rectangle of a buffer",
         [&](CommandStream& t) {
             t.cmd(D3DDP2OP_ADDDIRTYRECT, 1).put(D3DHAL_DP2ADDDIRTYRECT{buffer, {0, 0, 1, 1}});
         }},
        {"a box of a 2D texture",
         [&](CommandStream& t) {
             t.cmd(D3DDP2OP_ADDDIRTYBOX, 1).put(D3DHAL_DP2ADDDIRTYBOX{flat, {0, 0, 1, 1, 0, 1}});
         }},
        {"a box past the last slice",
         [&](CommandStream& t) {
             t.cmd(D3DDP2OP_ADDDIRTYBOX, 1).put(D3DHAL_DP2ADDDIRTYBOX{volume, {0, 0, 4, 4, 0, 3}});
         }},
        {"a priority of nothing",
         [&](CommandStream& t) {
             t.cmd(D3DDP2OP_SETPRIORITY, 1).put(D3DHAL_DP2SETPRIORITY{0xBAD0, 1});
         }},
    };
    for (const auto& [what, tokens] : bad) {
        SCOPED_TRACE(what);
        CommandStream t;
        renderState(t, D3DRS_TEXTUREFACTOR, 0x11223344); // before the bad token: applied
        const size_t at = t.size();
        tokens(t);
        EXPECT_EQ(execute(t), D3DERR_INVALIDCALL);
        EXPECT_EQ(errorOffset(), at);
    }
}

} // namespace
} // namespace ddivk::test

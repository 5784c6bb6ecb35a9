// Render-target and depth textures (docs/draw-translator.md, "Render-target and depth
// textures"): CreateResource with TEXTURE (or CUBEMAP) and RENDERTARGET or ZBUFFER; a program
// draws into one subresource at a time, set through either door (UMD SetRenderTarget's
// hResource and SubResourceIndex; DP2 SETRENDERTARGET2 naming the subresource's surface, the
// texture's handle + 1 + index), then samples the texture. Every expected pixel is computed here
// from what the test drew; points on pixel centres sample texel centres with point filtering.
#include <cmath>
#include <cstring>

#include "cts/target_textures_fixture.h"
#include "ddivk/d3d9_formats.h"

namespace ddivk::test {
namespace {

// A level filled with `background` and the given points drawn on it.
std::vector<uint32_t> levelOf(uint32_t size, uint32_t background, const std::vector<PixelVertex>& points) {
    std::vector<uint32_t> texels(size_t(size) * size, background);
    for (const PixelVertex& p : points)
        texels[size_t(p.y) * size + size_t(p.x)] = p.color;
    return texels;
}

// D3D9: a texture made with D3DUSAGE_RENDERTARGET has surfaces (its levels) a program renders
// into; draws into level 0 and level 1 land in those levels alone, and sampling each level
// (texldl, point mip filter) reads what was drawn.
TEST_P(TargetTextures, DrawsIntoEachLevelAreReadBySamplingThatLevel) {
    const uint32_t tex = targetTexture(0, D3DFMT_A8R8G8B8, 8, 8, 2);
    const std::vector<PixelVertex> top = {
        {1, 1, indexColor(1)}, {6, 2, indexColor(2)}, {3, 7, indexColor(3)}};
    const std::vector<PixelVertex> second = {{2, 1, indexColor(4)}, {0, 3, indexColor(5)}};
    ASSERT_EQ(setTarget(tex, 0), S_OK);
    mapPixels(8, 8);
    ASSERT_EQ(clearWith(door(), D3DCLEAR_TARGET, 0xFF112233), S_OK);
    drawColorPoints(top);
    ASSERT_EQ(setTarget(tex, 1), S_OK);
    mapPixels(4, 4);
    ASSERT_EQ(clearWith(door(), D3DCLEAR_TARGET, 0xFF445566), S_OK);
    drawColorPoints(second);

    drawSampled(tex, 8, 0, 2, 2);
    drawSampled(tex, 4, 1, 20, 2);
    Pixels scene;
    put(scene, 2, 2, 8, levelOf(8, 0xFF112233, top));
    put(scene, 20, 2, 4, levelOf(4, 0xFF445566, second));
    expectScene(scene);
}

// A cube render-target texture: subresource face * levels + level is the one drawn into; the
// other faces keep the cleared contents a new texture starts with (0), and a direction through
// the face reads it.
TEST_P(TargetTextures, ACubeFaceLevelIsItsOwnTarget) {
    const uint32_t tex = targetTexture(D3DDDI_RESOURCE_CUBEMAP, D3DFMT_A8R8G8B8, 4, 4, 2);
    const uint32_t face = 3, sub = face * 2 + 1; // -Y, level 1 (2 x 2)
    ASSERT_EQ(setTarget(tex, sub), S_OK);
    mapPixels(2, 2);
    ASSERT_EQ(clearWith(door(), D3DCLEAR_TARGET, 0xFF00C080), S_OK);
    std::vector<uint32_t> pixels(4);
    ASSERT_EQ(ddivk_surface_read(device_, tex + 1 + sub, pixels.data(), 8, 16), S_OK);
    for (uint32_t p : pixels)
        EXPECT_EQ(p, 0xFF00C080u);
    std::vector<uint32_t> other(16, 1);
    ASSERT_EQ(ddivk_surface_read(device_, tex + 1 + face * 2, other.data(), 16, 64), S_OK); // level 0
    for (uint32_t p : other)
        EXPECT_EQ(p, 0u);

    restoreTarget();
    setProgram(door(), kTexPointVs, "ps_3_0\ndcl_texcoord v0\ndcl_cube s0\ntexldl oC0, v0, s0\n",
               texPointDeclaration());
    setPixelToClip(door());
    bind(0, tex);
    CommandStream s;
    s.cmd(D3DDP2OP_TEXTURESTAGESTATE, 1).put(D3DHAL_DP2TEXTURESTAGESTATE{0, D3DTSS_MIPFILTER, D3DTEXF_POINT});
    run(s);
    const std::vector<TexPoint> points = {{5, 5, 0, -1, 0, 1}, {7, 5, 0, -1, 0, 0}, {9, 5, 0, 1, 0, 1}};
    setStream(door(), 0, createBuffer(points), 0, sizeof(TexPoint));
    ASSERT_EQ(drawPrimitive(door(), D3DPT_POINTLIST, 0, 3), S_OK);
    // (The fixture's target is X8R8G8B8: alpha reads as 0xFF.)
    expectScene({{{5, 5}, 0xFF00C080}, {{7, 5}, 0xFF000000}, {{9, 5}, 0xFF000000}});
}

// StretchRect (DP2 BLT) names a render-target texture's level by the texture and the level, or
// by the level's surface; COLORFILL fills a level's surface. The copies read back exactly.
TEST_P(TargetTextures, BlitsAndFillsNameTheLevels) {
    const uint32_t tex = targetTexture(0, D3DFMT_A8R8G8B8, 8, 8, 2);
    ASSERT_EQ(setTarget(tex, 1), S_OK);
    mapPixels(4, 4);
    const std::vector<PixelVertex> points = {{0, 0, indexColor(7)}, {3, 2, indexColor(8)}};
    drawColorPoints(points);
    CommandStream s;
    s.cmd(D3DDP2OP_COLORFILL, 1).put(D3DHAL_DP2COLORFILL{tex + 1, RECTL{2, 2, 6, 4}, 0xFF908070});
    // Level 1 (whole) to the target at (30, 10), level 0's fill to (40, 10).
    s.cmd(D3DDP2OP_BLT, 2);
    s.put(D3DHAL_DP2BLT{tex, RECTL{0, 0, 4, 4}, 1, target_, RECTL{30, 10, 34, 14}, 0, 0});
    s.put(D3DHAL_DP2BLT{tex + 1, RECTL{0, 0, 8, 8}, 0, target_, RECTL{40, 10, 48, 18}, 0, 0});
    run(s);
    Pixels scene; // (the fixture's target is X8R8G8B8: alpha reads as 0xFF)
    put(scene, 30, 10, 4, levelOf(4, 0xFF000000, points));
    std::vector<uint32_t> filled(64, 0xFF000000);
    for (int y = 2; y < 4; ++y)
        for (int x = 2; x < 6; ++x)
            filled[y * 8 + x] = 0xFF908070;
    put(scene, 40, 10, 8, filled);
    expectScene(scene);
}

// Depth textures a program renders depth into and then samples: INTZ returns the depth in every
// channel, AMD's DF16 and DF24 in red with green and blue 0 and alpha 1. Points at depths k / 255
// read back as k (the rest holds the cleared depth 1); a second pass moves alpha into red
// (r0.wyzx), which reads k for INTZ and 255 for the DF formats. (The target has no alpha.)
TEST_P(TargetTextures, DepthTexturesSampleTheDepthDrawn) {
    const uint32_t ks[3] = {51, 100, 200};
    for (uint32_t format : {D3DFMT_INTZ, D3DFMT_DF16, D3DFMT_DF24}) {
        SCOPED_TRACE(format);
        std::vector<DepthPoint> points;
        for (uint32_t i = 0; i < 3; ++i)
            points.push_back({float(1 + i), 1, float(ks[i]) / 255.0f, 0xFFFFFFFF});
        const uint32_t depth = depthTextureWithPoints(format, points);
        ASSERT_EQ(setDepth(0), S_OK);
        ASSERT_EQ(setRenderState(door(), D3DRS_ZENABLE, D3DZB_FALSE), S_OK);
        clearTarget(door());

        // Texels (0..3, 1) of the 64 x 48 depth texture, sampled at their centres into (10.., 20)
        // and (10.., 21).
        restoreTarget();
        setPixelToClip(door());
        bind(0, depth);
        std::vector<TexPoint> samples;
        for (uint32_t x = 0; x < 4; ++x)
            samples.push_back({float(10 + x), 20, (x + 0.5f) / kWidth, 1.5f / kHeight, 0, 0});
        setStream(door(), 0, createBuffer(samples), 0, sizeof(TexPoint));
        setProgram(door(), kTexPointVs, kSamplePs, texPointDeclaration());
        ASSERT_EQ(drawPrimitive(door(), D3DPT_POINTLIST, 0, 4), S_OK);
        setProgram(door(), kTexPointVs, kAlphaToRedPs, texPointDeclaration());
        for (TexPoint& p : samples)
            p.y = 21;
        setStream(door(), 0, createBuffer(samples), 0, sizeof(TexPoint));
        ASSERT_EQ(drawPrimitive(door(), D3DPT_POINTLIST, 0, 4), S_OK);

        const bool intz = format == D3DFMT_INTZ;
        auto sampled = [&](uint32_t k) { // X8R8G8B8 target
            return 0xFF000000u | k << 16 | (intz ? k << 8 | k : 0);
        };
        Pixels scene;
        for (uint32_t x = 0; x < 4; ++x) {
            const uint32_t k = x == 0 ? 255 : ks[x - 1];
            scene[{int(10 + x), 20}] = sampled(k);
            scene[{int(10 + x), 21}] = intz ? sampled(k) : sampled(255);
        }
        expectScene(scene, 1);
    }
}

// Sampling the texture a draw renders into is undefined in D3D9 (and a feedback loop Vulkan
// forbids): the draw reads (0, 0, 0, 1) from it instead, and its other pixels are unharmed.
TEST_P(TargetTextures, ADrawDoesNotSampleTheTextureItRendersInto) {
    const uint32_t tex = targetTexture(0, D3DFMT_A8R8G8B8, 8, 8, 1);
    ASSERT_EQ(setTarget(tex, 0), S_OK);
    mapPixels(8, 8);
    ASSERT_EQ(clearWith(door(), D3DCLEAR_TARGET, 0xFF336699), S_OK);
    setProgram(door(), kTexPointVs, kSamplePs, texPointDeclaration());
    bind(0, tex);
    const std::vector<TexPoint> points = {{4, 4, 0.5f, 0.5f, 0, 0}};
    setStream(door(), 0, createBuffer(points), 0, sizeof(TexPoint));
    ASSERT_EQ(drawPrimitive(door(), D3DPT_POINTLIST, 0, 1), S_OK);
    std::vector<uint32_t> texels(64);
    ASSERT_EQ(ddivk_surface_read(device_, tex + 1, texels.data(), 32, 256), S_OK);
    std::vector<uint32_t> want(64, 0xFF336699);
    want[4 * 8 + 4] = 0xFF000000;
    EXPECT_EQ(texels, want);
}

INSTANTIATE_TEST_SUITE_P(Doors, TargetTextures, ::testing::Values(Door::Dp2, Door::Umd),
                         [](const auto& p) { return std::string(doorName(p.param)); });

// --- Rules and errors (through the UMD door, which creates them) ------------------------------

class TargetTextureRules : public Cts {};

// D3D9 does not lock render-target or depth textures: Lock of the texture or of a level's
// surface answers D3DERR_INVALIDCALL, and the texture stays usable.
TEST_F(TargetTextureRules, RenderTargetTexturesDoNotLock) {
    const uint32_t tex = created(D3DFMT_A8R8G8B8, D3DDDI_RESOURCE_TEXTURE | D3DDDI_RESOURCE_RENDERTARGET,
                                 {{4, 4, 1, nullptr, 0, 0}});
    for (uint32_t handle : {tex, tex + 1}) {
        D3DDDIARG_LOCK lock{};
        lock.hResource = reinterpret_cast<HANDLE>(uintptr_t(handle));
        EXPECT_EQ(umd().pfnLock(dev(), &lock), D3DERR_INVALIDCALL) << handle;
    }
    std::vector<uint32_t> pixels(16, 1);
    EXPECT_EQ(ddivk_surface_read(device_, tex + 1, pixels.data(), 16, 64), S_OK);
    EXPECT_EQ(pixels, std::vector<uint32_t>(16, 0u));
}

// Bad creations change nothing: a volume render target, initial data for a render target, a
// cube shadow map (no D3D9 driver offers one: NOTAVAILABLE), both RENDERTARGET and ZBUFFER, a
// depth format as a colour target.
TEST_F(TargetTextureRules, BadCreationsAreRefused) {
    uint32_t h = 0;
    const uint32_t texel = 0;
    EXPECT_EQ(createResource(D3DFMT_A8R8G8B8, D3DDDI_RESOURCE_VOLUME | D3DDDI_RESOURCE_RENDERTARGET,
                             {{2, 2, 2, nullptr, 0, 0}}, 1, &h),
              D3DERR_INVALIDCALL);
    EXPECT_EQ(createResource(D3DFMT_A8R8G8B8, D3DDDI_RESOURCE_TEXTURE | D3DDDI_RESOURCE_RENDERTARGET,
                             {{1, 1, 1, &texel, 4, 4}}, 1, &h),
              D3DERR_INVALIDCALL);
    EXPECT_EQ(createResource(D3DFMT_D24S8,
                             D3DDDI_RESOURCE_TEXTURE | D3DDDI_RESOURCE_ZBUFFER | D3DDDI_RESOURCE_CUBEMAP,
                             std::vector<D3DDDI_SURFACEINFO>(6, {4, 4, 1, nullptr, 0, 0}), 1, &h),
              D3DERR_NOTAVAILABLE);
    EXPECT_EQ(createResource(D3DFMT_INTZ,
                             D3DDDI_RESOURCE_TEXTURE | D3DDDI_RESOURCE_ZBUFFER | D3DDDI_RESOURCE_RENDERTARGET,
                             {{4, 4, 1, nullptr, 0, 0}}, 1, &h),
              D3DERR_INVALIDCALL);
    EXPECT_EQ(createResource(D3DFMT_INTZ, D3DDDI_RESOURCE_TEXTURE | D3DDDI_RESOURCE_RENDERTARGET,
                             {{4, 4, 1, nullptr, 0, 0}}, 1, &h),
              D3DERR_INVALIDCALL);
    EXPECT_EQ(h, 0u);
}

// SetRenderTarget names an existing subresource (else D3DERR_INVALIDCALL, the target unchanged);
// a level's surface is destroyed only with its texture; destroying the texture that is the
// render target leaves draws refused, not crashing, until a target is set again.
TEST_F(TargetTextureRules, SubresourcesAreNamedAndDestroyedWithTheirTexture) {
    const uint32_t tex = created(D3DFMT_X8R8G8B8, D3DDDI_RESOURCE_TEXTURE | D3DDDI_RESOURCE_RENDERTARGET,
                                 {{4, 4, 1, nullptr, 0, 0}, {2, 2, 1, nullptr, 0, 0}}, 2);
    D3DDDIARG_SETRENDERTARGET bad{0, reinterpret_cast<HANDLE>(uintptr_t(tex)), 2};
    EXPECT_EQ(umdState().pfnSetRenderTarget(dev(), &bad), D3DERR_INVALIDCALL);
    D3DDDIARG_SETRENDERTARGET surfaceLevel{0, reinterpret_cast<HANDLE>(uintptr_t(target_)), 1};
    EXPECT_EQ(umdState().pfnSetRenderTarget(dev(), &surfaceLevel), D3DERR_INVALIDCALL);
    clearTarget(Door::Umd); // still the fixture's target
    EXPECT_EQ(readTarget(), std::vector<uint32_t>(size_t(kWidth) * kHeight, kCtsBackground));

    // X8R8G8B8 levels start opaque black.
    std::vector<uint32_t> pixels(4, 1);
    EXPECT_EQ(ddivk_surface_read(device_, tex + 2, pixels.data(), 8, 16), S_OK);
    EXPECT_EQ(pixels, std::vector<uint32_t>(4, 0xFF000000u));

    EXPECT_EQ(ddivk_surface_destroy(device_, tex + 1), D3DERR_INVALIDCALL);
    D3DDDIARG_SETRENDERTARGET level{0, reinterpret_cast<HANDLE>(uintptr_t(tex)), 1};
    ASSERT_EQ(umdState().pfnSetRenderTarget(dev(), &level), S_OK);
    ASSERT_EQ(clearWith(Door::Umd, D3DCLEAR_TARGET, 0xFF0000FF), S_OK);
    ASSERT_EQ(umd().pfnDestroyResource(dev(), reinterpret_cast<HANDLE>(uintptr_t(tex))), S_OK);
    EXPECT_EQ(ddivk_surface_read(device_, tex + 2, pixels.data(), 8, 16), D3DERR_INVALIDCALL);
    setProgram(Door::Umd, kColorPointVs, kColorPointPs, colorPointDeclaration());
    setStream(Door::Umd, 0, createBuffer(std::vector<PixelVertex>{{1, 1, 0xFFFFFFFF}}), 0,
              sizeof(PixelVertex));
    EXPECT_EQ(drawPrimitive(Door::Umd, D3DPT_POINTLIST, 0, 1), D3DERR_INVALIDCALL);
    D3DDDIARG_SETRENDERTARGET back{0, reinterpret_cast<HANDLE>(uintptr_t(target_)), 0};
    ASSERT_EQ(umdState().pfnSetRenderTarget(dev(), &back), S_OK);
    clearTarget(Door::Umd);
    EXPECT_EQ(readTarget(), std::vector<uint32_t>(size_t(kWidth) * kHeight, kCtsBackground));
}

// The lockable depth formats, D16_LOCKABLE (16-bit integers, depth * 65535) and
// D32F_LOCKABLE (32-bit floats). Lock reads the depth drawn (points at z 0.25 and 0.5, 1
// elsewhere after the clear); what Unlock writes back is the depth later draws test against.
// `Stored` is the element the format locks as; `encode` turns a depth into it as D3D9 lays it
// out; `slack` is how far the rasterizer's rounding of a 16-bit depth may go.
class LockableDepth : public Cts {
  protected:
    template <typename Stored, typename Encode> void roundTrip(uint32_t format, Encode encode, int slack);
};

template <typename Stored, typename Encode>
void LockableDepth::roundTrip(uint32_t format, Encode encode, int slack) {
    const uint32_t depth = created(format, D3DDDI_RESOURCE_ZBUFFER, {{kWidth, kHeight, 1, nullptr, 0, 0}});
    D3DDDIARG_SETDEPTHSTENCIL ds{reinterpret_cast<HANDLE>(uintptr_t(depth))};
    ASSERT_EQ(umdState().pfnSetDepthStencil(dev(), &ds), S_OK);
    ASSERT_EQ(setRenderState(Door::Umd, D3DRS_ZENABLE, D3DZB_TRUE), S_OK);
    ASSERT_EQ(setRenderState(Door::Umd, D3DRS_ZWRITEENABLE, 1), S_OK);
    ASSERT_EQ(setRenderState(Door::Umd, D3DRS_ZFUNC, D3DCMP_LESSEQUAL), S_OK);
    clearTarget(Door::Umd);
    ASSERT_EQ(clearWith(Door::Umd, D3DCLEAR_ZBUFFER, 0, {}, 1.0f), S_OK);
    setProgram(Door::Umd, kColorPointVs, kColorPointPs, kDepthDecl);
    EXPECT_EQ(setVsConstant(Door::Umd, 0, 2.0f / kWidth, -2.0f / kHeight, 1.0f, 0.0f), S_OK);
    EXPECT_EQ(setVsConstant(Door::Umd, 1, -1.0f, 1.0f, 0.0f, 1.0f), S_OK);
    auto draw = [&](const std::vector<DepthPoint>& points) {
        setStream(Door::Umd, 0, createBuffer(points), 0, sizeof(DepthPoint));
        ASSERT_EQ(drawPrimitive(Door::Umd, D3DPT_POINTLIST, 0, uint32_t(points.size())), S_OK);
    };
    draw({{2, 3, 0.25f, 0xFF0000FF}, {4, 3, 0.5f, 0xFF00FF00}});

    D3DDDIARG_LOCK lock{};
    lock.hResource = reinterpret_cast<HANDLE>(uintptr_t(depth));
    ASSERT_EQ(umd().pfnLock(dev(), &lock), S_OK);
    ASSERT_EQ(lock.Pitch, kWidth * sizeof(Stored));
    auto at = [&](int x, int y) -> Stored& {
        return reinterpret_cast<Stored*>(static_cast<uint8_t*>(lock.pSurfData) + size_t(y) * lock.Pitch)[x];
    };
    for (int y = 0; y < int(kHeight); ++y)
        for (int x = 0; x < int(kWidth); ++x) {
            const float want = (y == 3 && x == 2) ? 0.25f : (y == 3 && x == 4) ? 0.5f : 1.0f;
            ASSERT_LE(std::abs(double(at(x, y)) - double(encode(want))), slack)
                << "(" << x << ", " << y << ")";
        }
    at(6, 5) = encode(0.125f); // a point at 0.5 behind this fails the test
    D3DDDIARG_UNLOCK unlock{lock.hResource, 0, 0};
    ASSERT_EQ(umd().pfnUnlock(dev(), &unlock), S_OK);
    draw({{6, 5, 0.5f, 0xFFFFFFFF}, {7, 5, 0.5f, 0xFFFFFFFF}});
    expectScene({{{2, 3}, 0xFF0000FF}, {{4, 3}, 0xFF00FF00}, {{7, 5}, 0xFFFFFFFF}});
    ds.hZBuffer = nullptr;
    ASSERT_EQ(umdState().pfnSetDepthStencil(dev(), &ds), S_OK);
    EXPECT_EQ(ddivk_surface_destroy(device_, depth), S_OK);
}

TEST_F(LockableDepth, D32FLocksAsFloats) {
    roundTrip<float>(
        D3DFMT_D32F_LOCKABLE, [](float z) { return z; }, 0);
}

TEST_F(LockableDepth, D16LocksAsIntegers) {
    roundTrip<uint16_t>(
        D3DFMT_D16_LOCKABLE, [](float z) { return uint16_t(std::lround(z * 65535.0f)); }, 1);
}

// The other depth formats do not lock.
TEST_F(LockableDepth, OtherDepthFormatsDoNotLock) {
    for (uint32_t format : {D3DFMT_D24S8, D3DFMT_D16, D3DFMT_D24FS8}) {
        const uint32_t depth = created(format, D3DDDI_RESOURCE_ZBUFFER, {{8, 8, 1, nullptr, 0, 0}});
        D3DDDIARG_LOCK lock{};
        lock.hResource = reinterpret_cast<HANDLE>(uintptr_t(depth));
        EXPECT_EQ(umd().pfnLock(dev(), &lock), D3DERR_INVALIDCALL) << format;
        EXPECT_EQ(ddivk_surface_destroy(device_, depth), S_OK);
    }
}

} // namespace
} // namespace ddivk::test

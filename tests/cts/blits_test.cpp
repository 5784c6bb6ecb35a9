// Blits and fills through the DP2 door (BLT, SURFACEBLT, TEXBLT, COLORFILL) between render
// targets, depth surfaces and textures made through the UMD door, and locks of render targets
// through the UMD door. Pixels are read back (the render target, ddivk_surface_read of other
// surfaces, Lock of textures) and compared with values computed here. The rules: d3dhal.h's
// D3DHAL_DP2BLT / DP2SURFACEBLT / DP2TEXBLT / DP2COLORFILL pages and IDirect3DDevice9::
// StretchRect / ColorFill / UpdateTexture; our readings are in src/device/context_blits.cpp.
#include <cstring>
#include <tuple>
#include <utility>

#include "cts/blits_fixture.h"

namespace ddivk::test {
namespace {

// D3DHAL_DP2BLT: "the area of the source blit data" copied to "the area in which the blit should
// occur"; same sizes copy texel for texel (texture -> render target -> render target).
TEST_F(Blits, BltCopiesAnUnscaledRectBetweenRenderTargets) {
    const uint32_t tex = createTexture(16, 16, 1);
    const uint32_t rt = createSurface(32, 32, D3DFMT_A8R8G8B8);
    CommandStream s;
    blt(s, tex, rect(0, 0, 16, 16), rt, rect(8, 8, 24, 24));
    blt(s, rt, rect(10, 9, 20, 19), target_, rect(30, 20, 40, 30));
    run(s);
    const std::vector<uint32_t> second = read32(rt, 32, 32);
    for (uint32_t y = 0; y < 32; ++y)
        for (uint32_t x = 0; x < 32; ++x) {
            const bool in = x >= 8 && x < 24 && y >= 8 && y < 24;
            ASSERT_EQ(second[y * 32 + x], in ? texel(0, x - 8, y - 8) : 0u) << x << "," << y;
        }
    const std::vector<uint32_t> target = readTarget();
    for (uint32_t y = 0; y < kHeight; ++y)
        for (uint32_t x = 0; x < kWidth; ++x) {
            const bool in = x >= 30 && x < 40 && y >= 20 && y < 30;
            ASSERT_EQ(target[y * kWidth + x], in ? texel(0, x - 30 + 2, y - 20 + 1) : kCtsBackground)
                << x << "," << y;
        }
}

// DP2BLT_POINT: a destination twice the source's size repeats each source pixel 2x2.
TEST_F(Blits, BltWithPointFilterScalesTwoTimes) {
    const uint32_t tex = createTexture(8, 8, 1);
    const uint32_t rt = createSurface(8, 8, D3DFMT_A8R8G8B8);
    CommandStream s;
    blt(s, tex, rect(0, 0, 8, 8), rt, rect(0, 0, 8, 8));
    blt(s, rt, rect(0, 0, 8, 8), target_, rect(16, 16, 32, 32), DP2BLT_POINT);
    run(s);
    const std::vector<uint32_t> target = readTarget();
    for (uint32_t y = 0; y < kHeight; ++y)
        for (uint32_t x = 0; x < kWidth; ++x) {
            const bool in = x >= 16 && x < 32 && y >= 16 && y < 32;
            ASSERT_EQ(target[y * kWidth + x], in ? texel(0, (x - 16) / 2, (y - 16) / 2) : kCtsBackground)
                << x << "," << y;
        }
}

// DP2BLT_LINEAR: halving columns of 0 and 255 samples between two texels, weighing both alike.
TEST_F(Blits, BltWithLinearFilterBlendsNeighbours) {
    const uint32_t rt = createSurface(8, 8, D3DFMT_A8R8G8B8);
    CommandStream s;
    colorFill(s, rt, rect(0, 0, 8, 8), 0xFF000000);
    for (int32_t x = 1; x < 8; x += 2)
        colorFill(s, rt, rect(x, 0, x + 1, 8), 0xFFFFFFFF);
    blt(s, rt, rect(0, 0, 8, 8), target_, rect(0, 0, 4, 8), DP2BLT_LINEAR);
    run(s);
    const std::vector<uint32_t> target = readTarget();
    for (uint32_t y = 0; y < 8; ++y)
        for (uint32_t x = 0; x < 4; ++x) {
            const uint32_t blue = target[y * kWidth + x] & 0xFF;
            EXPECT_NEAR(double(blue), 127.5, 1.0) << x << "," << y;
        }
}

// D3DHAL_DP2BLT between formats (StretchRect's conversion between render-target formats): the
// colour converted to the destination's format; 0 and 255 channels convert exactly.
TEST_F(Blits, BltConvertsBetweenRenderTargetFormats) {
    const uint32_t argb = createSurface(4, 4, D3DFMT_A8R8G8B8);
    const uint32_t rgb565 = createSurface(4, 4, D3DFMT_R5G6B5);
    CommandStream s;
    colorFill(s, argb, rect(0, 0, 4, 4), 0xFFFF0000);
    colorFill(s, argb, rect(2, 0, 4, 4), 0xFF00FFFF);
    blt(s, argb, rect(0, 0, 4, 4), rgb565, rect(0, 0, 4, 4));
    run(s);
    const std::vector<uint16_t> pixels = read16(rgb565, 4, 4);
    for (uint32_t y = 0; y < 4; ++y)
        for (uint32_t x = 0; x < 4; ++x)
            ASSERT_EQ(pixels[y * 4 + x], x < 2 ? 0xF800u : 0x07FFu) << x << "," << y;
}

// TEXBLT of DXT textures copies whole 4x4 blocks; a lower level smaller than a block still
// copies its one block.
TEST_F(Blits, TexBltOfDxtTexturesCopiesBlocks) {
    const uint32_t src = createTexture(8, 8, 2, D3DFMT_DXT1, true);
    const uint32_t dst = createTexture(8, 8, 2, D3DFMT_DXT1, true);
    if (!src || !dst) GTEST_SKIP() << "no DXT1 textures on this device";
    // Level 0: 2x2 blocks of 8 bytes; block (bx, by) filled with 0x10 * (1 + bx + 2 * by).
    D3DDDIARG_LOCK lock{};
    lock.hResource = reinterpret_cast<HANDLE>(uintptr_t(src));
    ASSERT_EQ(umd().pfnLock(dev(), &lock), S_OK);
    ASSERT_EQ(lock.Pitch, 16u);
    for (uint32_t by = 0; by < 2; ++by)
        for (uint32_t bx = 0; bx < 2; ++bx)
            std::memset(static_cast<uint8_t*>(lock.pSurfData) + by * lock.Pitch + bx * 8,
                        0x10 * (1 + bx + 2 * by), 8);
    D3DDDIARG_UNLOCK unlock{lock.hResource, 0, 0};
    ASSERT_EQ(umd().pfnUnlock(dev(), &unlock), S_OK);
    lock.SubResourceIndex = unlock.SubResourceIndex = 1;
    ASSERT_EQ(umd().pfnLock(dev(), &lock), S_OK);
    std::memset(lock.pSurfData, 0x77, 8);
    ASSERT_EQ(umd().pfnUnlock(dev(), &unlock), S_OK);

    CommandStream s;
    texBlt(s, dst, src, {0, 4}, rect(4, 0, 8, 4));
    run(s);
    const std::vector<uint8_t> level0 = lockRead<uint8_t>(dst, 0, 16, 2);
    for (uint32_t i = 0; i < 32; ++i)
        ASSERT_EQ(level0[i], i >= 16 && i < 24 ? 0x20 : 0) << "byte " << i;
    const std::vector<uint8_t> level1 = lockRead<uint8_t>(dst, 1, 8, 1);
    for (uint8_t b : level1)
        ASSERT_EQ(b, 0x77);
}

// One surface as source and destination: disjoint rectangles of the same size copy (StretchRect
// refuses only stretching within one surface); so do two levels of one texture.
TEST_F(Blits, BltWithinOneImageCopiesDisjointRects) {
    CommandStream s;
    clear(s, D3DCLEAR_TARGET, 0xFF102030, {rect(0, 0, 4, 4)});
    blt(s, target_, rect(0, 0, 4, 4), target_, rect(10, 12, 14, 16));
    run(s);
    const std::vector<uint32_t> target = readTarget();
    EXPECT_EQ(target[12 * kWidth + 10], 0xFF102030u);
    EXPECT_EQ(target[15 * kWidth + 13], 0xFF102030u);
    EXPECT_EQ(target[16 * kWidth + 13], kCtsBackground);

    const uint32_t tex = createTexture(8, 8, 2);
    CommandStream levels;
    blt(levels, tex, rect(0, 0, 2, 2), tex, rect(2, 2, 4, 4), 0, 0, 1);
    run(levels);
    const std::vector<uint32_t> level1 = lockRead(tex, 1, 4, 4);
    EXPECT_EQ(level1[2 * 4 + 2], texel(0, 0, 0));
    EXPECT_EQ(level1[3 * 4 + 3], texel(0, 1, 1));
    EXPECT_EQ(level1[0], texel(1, 0, 0));
}

// D3DHAL_DP2SURFACEBLT "is never used for stretch blts": equal sizes copy, others fail.
TEST_F(Blits, SurfaceBltCopiesButNeverStretches) {
    const uint32_t tex = createTexture(8, 8, 1);
    CommandStream s;
    s.cmd(D3DDP2OP_SURFACEBLT, 1)
        .put(D3DHAL_DP2SURFACEBLT{tex, rect(2, 2, 6, 6), 0, target_, rect(0, 0, 4, 4), 0, 0});
    run(s);
    const std::vector<uint32_t> target = readTarget();
    for (uint32_t y = 0; y < 4; ++y)
        for (uint32_t x = 0; x < 4; ++x)
            EXPECT_EQ(target[y * kWidth + x], texel(0, x + 2, y + 2));
    CommandStream bad;
    bad.cmd(D3DDP2OP_SURFACEBLT, 1)
        .put(D3DHAL_DP2SURFACEBLT{tex, rect(0, 0, 4, 4), 0, target_, rect(0, 0, 8, 8), 0, 0});
    expectFailsAtLastToken(bad);
    EXPECT_EQ(readTarget(), target);
}

// A blit into a texture writes its image on the GPU; the next Lock reads those texels (the CPU
// copy is read back, waiting for the GPU), on every level, and Unlock keeps image and copy alike.
TEST_F(Blits, BltIntoATextureIsWhatTheNextLockReads) {
    const uint32_t tex = createTexture(16, 16, 2);
    CommandStream s;
    clear(s, D3DCLEAR_TARGET, 0xFF336699, {rect(0, 0, 4, 4)});
    blt(s, target_, rect(0, 0, 4, 4), tex, rect(2, 3, 6, 7));
    blt(s, target_, rect(0, 0, 2, 2), tex, rect(5, 5, 7, 7), 0, 0, 1);
    run(s);
    const std::vector<uint32_t> level0 = lockRead(tex, 0, 16, 16);
    for (uint32_t y = 0; y < 16; ++y)
        for (uint32_t x = 0; x < 16; ++x) {
            const bool in = x >= 2 && x < 6 && y >= 3 && y < 7;
            ASSERT_EQ(level0[y * 16 + x], in ? 0xFF336699u : texel(0, x, y)) << x << "," << y;
        }
    const std::vector<uint32_t> level1 = lockRead(tex, 1, 8, 8);
    for (uint32_t y = 0; y < 8; ++y)
        for (uint32_t x = 0; x < 8; ++x) {
            const bool in = x >= 5 && x < 7 && y >= 5 && y < 7;
            ASSERT_EQ(level1[y * 8 + x], in ? 0xFF336699u : texel(1, x, y)) << x << "," << y;
        }
    // A read-write lock after the blit: the image gets the CPU copy back, blit included.
    D3DDDIARG_LOCK lock{};
    lock.hResource = reinterpret_cast<HANDLE>(uintptr_t(tex));
    ASSERT_EQ(umd().pfnLock(dev(), &lock), S_OK);
    static_cast<uint32_t*>(lock.pSurfData)[0] = 0xFF010203;
    D3DDDIARG_UNLOCK unlock{lock.hResource, 0, 0};
    ASSERT_EQ(umd().pfnUnlock(dev(), &unlock), S_OK);
    CommandStream back;
    blt(back, tex, rect(0, 0, 8, 8), target_, rect(40, 0, 48, 8));
    run(back);
    const std::vector<uint32_t> target = readTarget();
    EXPECT_EQ(target[40], 0xFF010203u);
    EXPECT_EQ(target[4 * kWidth + 43], 0xFF336699u);
    EXPECT_EQ(target[1 * kWidth + 41], texel(0, 1, 1));
}

// A texture of a format the driver expands on upload (YUY2: two pixels per four bytes, RGB in
// the image): out of it the pixels arrive as RGB (Y 235, U and V 128 is white); into it, only a
// copy from a texture of its format, which its Lock then reads in YUY2 bytes; a BLT from the
// render target fails at the token and changes nothing.
TEST_F(Blits, ExpandedFormatsTakeOnlyCopiesOfTheirFormat) {
    const uint32_t tex = createTexture(4, 4, 1, D3DFMT_YUY2, true);
    ASSERT_NE(tex, 0u);
    constexpr uint32_t kWhitePair = 0x80EB80EB; // Y0 235, U 128, Y1 235, V 128
    D3DDDIARG_LOCK lock{};
    lock.hResource = reinterpret_cast<HANDLE>(uintptr_t(tex));
    ASSERT_EQ(umd().pfnLock(dev(), &lock), S_OK);
    for (uint32_t y = 0; y < 4; ++y)
        for (uint32_t x = 0; x < 2; ++x)
            reinterpret_cast<uint32_t*>(static_cast<uint8_t*>(lock.pSurfData) + y * lock.Pitch)[x] =
                kWhitePair;
    D3DDDIARG_UNLOCK unlock{lock.hResource, 0, 0};
    ASSERT_EQ(umd().pfnUnlock(dev(), &unlock), S_OK);
    CommandStream out;
    blt(out, tex, rect(0, 0, 4, 4), target_, rect(8, 8, 12, 12));
    run(out);
    CommandStream into;
    blt(into, target_, rect(0, 0, 4, 4), tex, rect(0, 0, 4, 4));
    expectFailsAtLastToken(into);
    EXPECT_EQ(lockRead(tex, 0, 2, 4), std::vector<uint32_t>(8, kWhitePair));
    // Pixels 0-1 of rows 1-2 into a zeroed YUY2 texture's pixels 2-3, then that one out.
    const uint32_t other = createTexture(4, 4, 1, D3DFMT_YUY2, true);
    CommandStream copy;
    blt(copy, tex, rect(0, 1, 2, 3), other, rect(2, 1, 4, 3));
    blt(copy, other, rect(2, 1, 4, 3), target_, rect(20, 20, 22, 22));
    run(copy);
    EXPECT_EQ(lockRead(other, 0, 2, 4), (std::vector<uint32_t>{0, 0, 0, kWhitePair, 0, kWhitePair, 0, 0}));
    const std::vector<uint32_t> target = readTarget();
    for (uint32_t y = 0; y < kHeight; ++y)
        for (uint32_t x = 0; x < kWidth; ++x) {
            const bool in =
                (x >= 8 && x < 12 && y >= 8 && y < 12) || (x >= 20 && x < 22 && y >= 20 && y < 22);
            ASSERT_EQ(target[y * kWidth + x], in ? 0xFFFFFFFFu : kCtsBackground) << x << "," << y;
        }
}

// A texture a blit wrote is sampled with what the blit wrote (the image leaves the transfer
// layout for sampling).
TEST_F(Blits, BltIntoATextureIsWhatDrawsSample) {
    const uint32_t tex = createTexture(4, 4, 1);
    CommandStream s;
    clear(s, D3DCLEAR_TARGET, 0xFFC08040, {rect(0, 0, 2, 2)});
    blt(s, target_, rect(0, 0, 2, 2), tex, rect(2, 2, 4, 4));
    clear(s, D3DCLEAR_TARGET, kCtsBackground);
    run(s);
    setProgram(
        "vs_3_0\ndcl_position v0\ndcl_texcoord v1\ndcl_position o0\ndcl_texcoord o1\nmad o0, v0, c0, c1\n"
        "mov o1, v1\n",
        "ps_3_0\ndcl_texcoord v0\ndcl_2d s0\ntexld oC0, v0, s0\n",
        {{0, 0, D3DDECLTYPE_FLOAT2, 0, D3DDECLUSAGE_POSITION, 0},
         {0, 8, D3DDECLTYPE_FLOAT2, 0, D3DDECLUSAGE_TEXCOORD, 0}});
    setPixelToClip();
    CommandStream bind;
    bind.cmd(D3DDP2OP_TEXTURESTAGESTATE, 1).put(D3DHAL_DP2TEXTURESTAGESTATE{0, D3DTSS_TEXTUREMAP, tex});
    run(bind);
    struct P {
        float x, y, u, v;
    };
    std::vector<P> points;
    for (int t = 0; t < 16; ++t)
        points.push_back({float(10 + t % 4), float(10 + t / 4), (t % 4 + 0.5f) / 4, (t / 4 + 0.5f) / 4});
    setStream(Door::Dp2, 0, createBuffer(points), 0, sizeof(P));
    ASSERT_EQ(drawPrimitive(Door::Dp2, D3DPT_POINTLIST, 0, 16), S_OK);
    const std::vector<uint32_t> target = readTarget();
    for (uint32_t t = 0; t < 16; ++t) {
        const uint32_t x = t % 4, y = t / 4;
        EXPECT_EQ(target[(10 + y) * kWidth + 10 + x], x >= 2 && y >= 2 ? 0xFFC08040u : texel(0, x, y))
            << x << "," << y;
    }
}

// D3DHAL_DP2TEXBLT: rSrc goes to pDest on the top level and, "for MIP-mapped textures", the
// region of each sublevel is "obtained by dividing rSrc and pDest by 2 at each level".
TEST_F(Blits, TexBltCopiesTheRectOnEveryMipLevel) {
    const uint32_t src = createTexture(8, 8, 3);
    const uint32_t dst = createTexture(8, 8, 3, D3DFMT_A8R8G8B8, true);
    CommandStream s;
    texBlt(s, dst, src, {4, 0}, rect(2, 2, 6, 6));
    run(s);
    // Level l: source rect (2 >> l, 2 >> l)..(ceil(6 / 2^l)) to (4 >> l, 0), clipped.
    for (uint32_t l = 0; l < 3; ++l) {
        const uint32_t size = 8 >> l;
        const uint32_t sx = 2 >> l, sy = 2 >> l, ex = (6 + (1u << l) - 1) >> l, dx = 4 >> l;
        const std::vector<uint32_t> got = lockRead(dst, l, size, size);
        for (uint32_t y = 0; y < size; ++y)
            for (uint32_t x = 0; x < size; ++x) {
                const bool in = x >= dx && x < dx + (ex - sx) && y < ex - sy;
                ASSERT_EQ(got[y * size + x], in ? texel(l, sx + x - dx, sy + y) : 0u)
                    << "level " << l << " " << x << "," << y;
            }
    }
    // The image holds the same texels: copy level 0 to the target.
    CommandStream back;
    blt(back, dst, rect(0, 0, 8, 8), target_, rect(0, 0, 8, 8));
    run(back);
    const std::vector<uint32_t> target = readTarget();
    EXPECT_EQ(target[0 * kWidth + 4], texel(0, 2, 2));
    EXPECT_EQ(target[3 * kWidth + 7], texel(0, 5, 5));
    EXPECT_EQ(target[0], 0u | 0xFF000000u) << "outside the copy: the texture's zeros (opaque: X target)";
}

// D3DHAL_DP2TEXBLT: with more source levels, "the driver should copy the common levels": the
// destination's top level receives the source level of its size (UpdateTexture's rule).
TEST_F(Blits, TexBltWithMoreSourceLevelsCopiesTheMatchingLevels) {
    const uint32_t src = createTexture(16, 16, 3);
    const uint32_t dst = createTexture(8, 8, 2, D3DFMT_A8R8G8B8, true);
    CommandStream s;
    texBlt(s, dst, src, {0, 0}, rect(0, 0, 16, 16));
    run(s);
    for (uint32_t l = 0; l < 2; ++l) {
        const uint32_t size = 8 >> l;
        const std::vector<uint32_t> got = lockRead(dst, l, size, size);
        for (uint32_t y = 0; y < size; ++y)
            for (uint32_t x = 0; x < size; ++x)
                ASSERT_EQ(got[y * size + x], texel(l + 1, x, y)) << "level " << l << " " << x << "," << y;
    }
}

// D3DHAL_DP2TEXBLT: "a texture can also be a cubic environment map": every face is copied.
TEST_F(Blits, TexBltOfACubeMapCopiesEveryFace) {
    const uint32_t src = createTexture(4, 4, 2, D3DFMT_A8R8G8B8, false, D3DDDI_RESOURCE_CUBEMAP);
    const uint32_t dst = createTexture(4, 4, 2, D3DFMT_A8R8G8B8, true, D3DDDI_RESOURCE_CUBEMAP);
    CommandStream s;
    texBlt(s, dst, src, {0, 0}, rect(0, 0, 4, 4));
    run(s);
    for (uint32_t face = 0; face < 6; ++face)
        for (uint32_t l = 0; l < 2; ++l) {
            const uint32_t size = 4 >> l;
            const std::vector<uint32_t> got = lockRead(dst, face * 2 + l, size, size);
            for (uint32_t y = 0; y < size; ++y)
                for (uint32_t x = 0; x < size; ++x)
                    ASSERT_EQ(got[y * size + x], texel(l + 4 * face, x, y)) << face << "/" << l;
        }
}

// D3DHAL_DP2TEXBLT: "the destination handle might be 0 ... preload the texture": nothing changes.
TEST_F(Blits, TexBltToHandleZeroPreloads) {
    const uint32_t src = createTexture(4, 4, 1);
    CommandStream s;
    texBlt(s, 0, src, {0, 0}, rect(0, 0, 4, 4));
    run(s);
    EXPECT_EQ(lockRead(src, 0, 4, 4)[5], texel(0, 1, 1));
}

// D3DHAL_DP2COLORFILL on a render target: the rectangle gets the colour (A8R8G8B8 as is; X8R8G8B8
// keeps alpha at one), the rest stays; a whole-surface fill covers every pixel.
TEST_F(Blits, ColorFillConvertsToA8R8G8B8) {
    const uint32_t rt = createSurface(8, 8, D3DFMT_A8R8G8B8);
    CommandStream s;
    colorFill(s, rt, rect(1, 2, 5, 6), 0x80123456);
    colorFill(s, target_, rect(3, 3, 5, 5), 0x80123456);
    run(s);
    const std::vector<uint32_t> pixels = read32(rt, 8, 8);
    for (uint32_t y = 0; y < 8; ++y)
        for (uint32_t x = 0; x < 8; ++x)
            ASSERT_EQ(pixels[y * 8 + x], x >= 1 && x < 5 && y >= 2 && y < 6 ? 0x80123456u : 0u)
                << x << "," << y;
    const std::vector<uint32_t> target = readTarget();
    EXPECT_EQ(target[3 * kWidth + 3], 0xFF123456u);
    EXPECT_EQ(target[4 * kWidth + 5], kCtsBackground);
    CommandStream whole;
    colorFill(whole, rt, rect(0, 0, 8, 8), 0x01FEDCBA);
    run(whole);
    for (uint32_t p : read32(rt, 8, 8))
        ASSERT_EQ(p, 0x01FEDCBAu);
}

// D3DHAL_DP2COLORFILL into R5G6B5: each 8-bit channel scaled to its width, rounded to nearest
// (0x06 -> 1 of 31, 0xFA -> 62 of 63, 0xC4 -> 24 of 31), on render targets and textures alike.
TEST_F(Blits, ColorFillConvertsToR5G6B5) {
    constexpr D3DCOLOR kColor = 0xFF06FAC4;
    constexpr uint16_t kWant = 1 << 11 | 62 << 5 | 24;
    const uint32_t rt = createSurface(8, 8, D3DFMT_R5G6B5);
    const uint32_t tex = createTexture(8, 8, 1, D3DFMT_R5G6B5, true);
    CommandStream s;
    colorFill(s, rt, rect(2, 2, 4, 4), kColor);
    colorFill(s, tex, rect(2, 2, 4, 4), kColor);
    run(s);
    const std::vector<uint16_t> pixels = read16(rt, 8, 8);
    const std::vector<uint16_t> texels = lockRead<uint16_t>(tex, 0, 8, 8);
    for (uint32_t y = 0; y < 8; ++y)
        for (uint32_t x = 0; x < 8; ++x) {
            const uint16_t want = x >= 2 && x < 4 && y >= 2 && y < 4 ? kWant : 0;
            ASSERT_EQ(pixels[y * 8 + x], want) << x << "," << y;
            ASSERT_EQ(texels[y * 8 + x], want) << x << "," << y;
        }
    CommandStream whole;
    colorFill(whole, rt, rect(0, 0, 8, 8), kColor);
    run(whole);
    for (uint16_t p : read16(rt, 8, 8))
        ASSERT_EQ(p, kWant);
}

// D3DHAL_DP2COLORFILL on textures: every format with a colour conversion, walked row by row.
// White sets every channel bit, black clears them; X bits stay ones (X formats keep alpha at
// one). The fill reaches the image too (checked for A8R8G8B8 by copying it to the target).
TEST_F(Blits, ColorFillPacksEveryTextureFormat) {
    struct Row {
        uint32_t format, bytes;
        uint64_t black; // what black stores
    };
    const Row rows[] = {
        {D3DFMT_A8R8G8B8, 4, 0},    {D3DFMT_X8R8G8B8, 4, 0xFF000000},
        {D3DFMT_A8B8G8R8, 4, 0},    {D3DFMT_X8B8G8R8, 4, 0xFF000000},
        {D3DFMT_R5G6B5, 2, 0},      {D3DFMT_X1R5G5B5, 2, 0x8000},
        {D3DFMT_A1R5G5B5, 2, 0},    {D3DFMT_A4R4G4B4, 2, 0},
        {D3DFMT_A2R10G10B10, 4, 0}, {D3DFMT_A2B10G10R10, 4, 0},
        {D3DFMT_G16R16, 4, 0},      {D3DFMT_A16B16G16R16, 8, 0},
        {D3DFMT_A8, 1, 0},
    };
    uint32_t filled = 0;
    for (const Row& row : rows) {
        const uint32_t tex = createTexture(4, 4, 1, row.format, true);
        if (!tex) continue; // the device cannot sample it
        ++filled;
        for (D3DCOLOR color : {0xFFFFFFFFu, 0x00000000u}) {
            CommandStream s;
            colorFill(s, tex, rect(1, 1, 3, 3), color);
            run(s);
            const std::vector<uint8_t> bytes = lockRead<uint8_t>(tex, 0, 4 * row.bytes, 4);
            uint64_t got = 0;
            std::memcpy(&got, &bytes[1 * 4 * row.bytes + 1 * row.bytes], row.bytes);
            const uint64_t white = row.bytes == 8 ? ~0ull : (1ull << (8 * row.bytes)) - 1;
            EXPECT_EQ(got, color ? white : row.black) << "format " << row.format << " colour " << color;
            uint64_t outside = 0;
            std::memcpy(&outside, &bytes[0], row.bytes);
            EXPECT_EQ(outside, 0u) << "format " << row.format;
        }
    }
    RecordProperty("formats_filled", int(filled));
    EXPECT_GT(filled, 0u);
    const uint32_t tex = createTexture(4, 4, 1, D3DFMT_A8R8G8B8, true);
    CommandStream s;
    colorFill(s, tex, rect(0, 0, 2, 2), 0xFF445566);
    blt(s, tex, rect(0, 0, 4, 4), target_, rect(0, 0, 4, 4));
    run(s);
    const std::vector<uint32_t> target = readTarget();
    EXPECT_EQ(target[kWidth + 1], 0xFF445566u);
    EXPECT_EQ(target[2 * kWidth + 2], 0xFF000000u);
    // Formats without a conversion here (luminance) answer NOTAVAILABLE at the token.
    const uint32_t luminance = createTexture(4, 4, 1, D3DFMT_L8, true);
    if (luminance) {
        CommandStream f;
        renderState(f, D3DRS_ZENABLE, 0);
        colorFill(f, luminance, rect(0, 0, 1, 1), 0xFFFFFFFF);
        expectFailsAtLastToken(f, D3DERR_NOTAVAILABLE);
    }
}

// Lock of a render target: the pixels after the clear and the draws recorded before the lock,
// in rows of width * 4 bytes; AREAVALID points at the area's first pixel.
TEST_F(Blits, LockOfARenderTargetReadsClearedAndDrawnPixels) {
    CommandStream s;
    clear(s, D3DCLEAR_TARGET, 0xFF0000FF, {rect(0, 0, 8, 8)});
    std::vector<TLVertex> vertices;
    drawPixels(s, vertices, {{3, 4, 0xFFFF0000}, {20, 30, 0xFF00FF00}});
    ASSERT_EQ(execute(s, vertices), S_OK);

    D3DDDIARG_LOCK lock{};
    lock.hResource = reinterpret_cast<HANDLE>(uintptr_t(target_));
    lock.Flags.Value = D3DDDI_LOCK_READONLY;
    ASSERT_EQ(umd().pfnLock(dev(), &lock), S_OK);
    ASSERT_EQ(lock.Pitch, kWidth * 4);
    auto at = [&](uint32_t x, uint32_t y) {
        return static_cast<const uint32_t*>(lock.pSurfData)[y * (lock.Pitch / 4) + x];
    };
    EXPECT_EQ(at(0, 0), 0xFF0000FFu);
    EXPECT_EQ(at(3, 4), 0xFFFF0000u);
    EXPECT_EQ(at(20, 30), 0xFF00FF00u);
    EXPECT_EQ(at(40, 40), kCtsBackground);
    EXPECT_EQ(umd().pfnLock(dev(), &lock), D3DERR_INVALIDCALL) << "already locked";
    D3DDDIARG_UNLOCK unlock{lock.hResource, 0, 0};
    ASSERT_EQ(umd().pfnUnlock(dev(), &unlock), S_OK);
    EXPECT_EQ(umd().pfnUnlock(dev(), &unlock), D3DERR_INVALIDCALL) << "not locked";

    lock.Flags.Value = D3DDDI_LOCK_READONLY | D3DDDI_LOCK_AREAVALID;
    lock.Area = rect(20, 30, 24, 32);
    ASSERT_EQ(umd().pfnLock(dev(), &lock), S_OK);
    EXPECT_EQ(*static_cast<const uint32_t*>(lock.pSurfData), 0xFF00FF00u);
    ASSERT_EQ(umd().pfnUnlock(dev(), &unlock), S_OK);
    lock.Area = rect(60, 40, 70, 44);
    EXPECT_EQ(umd().pfnLock(dev(), &lock), D3DERR_INVALIDCALL) << "an area past the edge";
}

// Lock, write, Unlock of a render target: the writes reach the image, before the draws after
// them; X8R8G8B8 keeps alpha at one, A8R8G8B8 keeps what was written.
TEST_F(Blits, LockWriteUnlockOfARenderTargetShowsTheWrites) {
    D3DDDIARG_LOCK lock{};
    lock.hResource = reinterpret_cast<HANDLE>(uintptr_t(target_));
    ASSERT_EQ(umd().pfnLock(dev(), &lock), S_OK);
    for (uint32_t y = 5; y < 9; ++y)
        for (uint32_t x = 6; x < 10; ++x)
            static_cast<uint32_t*>(lock.pSurfData)[y * (lock.Pitch / 4) + x] = 0x00ABCDEF;
    D3DDDIARG_UNLOCK unlock{lock.hResource, 0, 0};
    ASSERT_EQ(umd().pfnUnlock(dev(), &unlock), S_OK);
    CommandStream s;
    std::vector<TLVertex> vertices;
    drawPixels(s, vertices, {{6, 5, 0xFF112233}});
    ASSERT_EQ(execute(s, vertices), S_OK);
    const std::vector<uint32_t> target = readTarget();
    for (uint32_t y = 0; y < kHeight; ++y)
        for (uint32_t x = 0; x < kWidth; ++x) {
            const bool in = x >= 6 && x < 10 && y >= 5 && y < 9;
            const uint32_t want = x == 6 && y == 5 ? 0xFF112233u : in ? 0xFFABCDEFu : kCtsBackground;
            ASSERT_EQ(target[y * kWidth + x], want) << x << "," << y;
        }

    const uint32_t rt = createSurface(4, 4, D3DFMT_A8R8G8B8);
    D3DDDIARG_LOCK lock2{};
    lock2.hResource = reinterpret_cast<HANDLE>(uintptr_t(rt));
    lock2.Flags.Value = D3DDDI_LOCK_AREAVALID;
    lock2.Area = rect(1, 2, 3, 4);
    ASSERT_EQ(umd().pfnLock(dev(), &lock2), S_OK);
    *static_cast<uint32_t*>(lock2.pSurfData) = 0x12ABCDEF; // pixel (1, 2)
    D3DDDIARG_UNLOCK unlock2{lock2.hResource, 0, 0};
    ASSERT_EQ(umd().pfnUnlock(dev(), &unlock2), S_OK);
    const std::vector<uint32_t> pixels = read32(rt, 4, 4);
    EXPECT_EQ(pixels[2 * 4 + 1], 0x12ABCDEFu);
    EXPECT_EQ(pixels[2 * 4 + 2], 0u);
}

// Depth surfaces: StretchRect's rule for depth-stencil surfaces ("the entire surface must be
// copied ... no format conversion, stretching or shrinking"); D3D9 locks only lockable depth
// formats, which we do not create.
TEST_F(Blits, DepthSurfacesBlitOnlyWholeAndDoNotLock) {
    const uint32_t a = createSurface(16, 16, D3DFMT_D24S8, D3DDDI_RESOURCE_ZBUFFER);
    const uint32_t b = createSurface(16, 16, D3DFMT_D24S8, D3DDDI_RESOURCE_ZBUFFER);
    CommandStream s;
    blt(s, a, rect(0, 0, 16, 16), b, rect(0, 0, 16, 16));
    run(s);
    CommandStream part;
    renderState(part, D3DRS_ZENABLE, 0);
    blt(part, a, rect(0, 0, 8, 8), b, rect(0, 0, 8, 8));
    expectFailsAtLastToken(part);
    CommandStream toColor;
    renderState(toColor, D3DRS_ZENABLE, 0);
    blt(toColor, a, rect(0, 0, 16, 16), target_, rect(0, 0, 16, 16));
    expectFailsAtLastToken(toColor);
    CommandStream fill;
    renderState(fill, D3DRS_ZENABLE, 0);
    colorFill(fill, a, rect(0, 0, 1, 1), 0);
    expectFailsAtLastToken(fill);
    D3DDDIARG_LOCK lock{};
    lock.hResource = reinterpret_cast<HANDLE>(uintptr_t(a));
    EXPECT_EQ(umd().pfnLock(dev(), &lock), D3DERR_INVALIDCALL);
}

// Every failing item fails its token: D3DERR_INVALIDCALL, dwErrorOffset at the token, and
// nothing of the token applied (tokens before it are). Rectangles outside or empty, unknown
// handles, levels a surface lacks, stretching or overlapping within one surface, TEXBLT between
// unlike textures.
TEST_F(Blits, BadRectsAndHandlesFailAtTheTokenAndChangeNothing) {
    const uint32_t rt = createSurface(16, 16, D3DFMT_A8R8G8B8);
    const uint32_t tex = createTexture(8, 8, 2);
    const uint32_t other = createTexture(8, 8, 1, D3DFMT_R5G6B5, true);
    const uint32_t big = createTexture(16, 16, 2);
    const uint32_t vb = createBuffer(nullptr, 64);
    struct Handles {
        uint32_t rt, target, tex, other, big, small, vb;
    };
    const Handles handles{rt, target_, tex, other, big, createTexture(8, 8, 1), vb};
    const std::vector<uint32_t> before = readTarget();

    // The good first item of a token is not applied when the second fails; the token before is.
    CommandStream two;
    colorFill(two, rt, rect(0, 0, 16, 16), 0xFF00FF00);
    two.cmd(D3DDP2OP_BLT, 2)
        .put(D3DHAL_DP2BLT{rt, rect(0, 0, 4, 4), 0, target_, rect(0, 0, 4, 4), 0, 0})
        .put(D3DHAL_DP2BLT{rt, rect(0, 0, 4, 4), 0, target_, rect(62, 0, 66, 4), 0, 0});
    expectFailsAtLastToken(two);
    EXPECT_EQ(read32(rt, 16, 16)[0], 0xFF00FF00u);

    struct Case {
        const char* what;
        void (*add)(CommandStream&, const Handles&);
    };
    const Case cases[] = {
        {"BLT source past the right edge",
         [](CommandStream& s, const Handles& h) {
             blt(s, h.rt, rect(8, 0, 17, 4), h.target, rect(0, 0, 9, 4));
         }},
        {"BLT empty rect",
         [](CommandStream& s, const Handles& h) {
             blt(s, h.rt, rect(4, 4, 4, 8), h.target, rect(0, 0, 0, 4));
         }},
        {"BLT negative left",
         [](CommandStream& s, const Handles& h) {
             blt(s, h.rt, rect(-1, 0, 3, 4), h.target, rect(0, 0, 4, 4));
         }},
        {"BLT unknown source",
         [](CommandStream& s, const Handles& h) {
             blt(s, 9999, rect(0, 0, 4, 4), h.target, rect(0, 0, 4, 4));
         }},
        {"BLT from a vertex buffer",
         [](CommandStream& s, const Handles& h) {
             blt(s, h.vb, rect(0, 0, 4, 1), h.target, rect(0, 0, 4, 1));
         }},
        {"BLT from level 1 of a surface",
         [](CommandStream& s, const Handles& h) {
             blt(s, h.rt, rect(0, 0, 4, 4), h.target, rect(0, 0, 4, 4), 0, 1, 0);
         }},
        {"BLT into a texture level it lacks",
         [](CommandStream& s, const Handles& h) {
             blt(s, h.target, rect(0, 0, 1, 1), h.tex, rect(0, 0, 1, 1), 0, 0, 2);
         }},
        {"BLT past a lower level's edge",
         [](CommandStream& s, const Handles& h) {
             blt(s, h.target, rect(0, 0, 8, 8), h.tex, rect(0, 0, 8, 8), 0, 0, 1);
         }},
        {"BLT stretching within one surface",
         [](CommandStream& s, const Handles& h) {
             blt(s, h.target, rect(0, 0, 4, 4), h.target, rect(8, 8, 16, 16));
         }},
        {"BLT overlapping within one surface",
         [](CommandStream& s, const Handles& h) {
             blt(s, h.target, rect(0, 0, 8, 8), h.target, rect(4, 4, 12, 12));
         }},
        {"COLORFILL past the bottom",
         [](CommandStream& s, const Handles& h) { colorFill(s, h.target, rect(0, 40, 4, 49), 0xFFFFFFFF); }},
        {"COLORFILL of an unknown surface",
         [](CommandStream& s, const Handles&) { colorFill(s, 4242, rect(0, 0, 1, 1), 0xFFFFFFFF); }},
        {"TEXBLT into an unknown texture",
         [](CommandStream& s, const Handles& h) {
             texBlt(s, 4242, h.tex, {0, 0}, rect(0, 0, 8, 8));
         }},
        {"TEXBLT between formats",
         [](CommandStream& s, const Handles& h) {
             texBlt(s, h.other, h.tex, {0, 0}, rect(0, 0, 8, 8));
         }},
        {"TEXBLT source rect outside",
         [](CommandStream& s, const Handles& h) {
             texBlt(s, h.tex, h.big, {0, 0}, rect(8, 8, 17, 16));
         }},
        {"TEXBLT past the destination",
         [](CommandStream& s, const Handles& h) {
             texBlt(s, h.small, h.tex, {4, 0}, rect(0, 0, 8, 8));
         }},
        {"TEXBLT into a larger texture than the source",
         [](CommandStream& s, const Handles& h) {
             texBlt(s, h.big, h.tex, {0, 0}, rect(0, 0, 8, 8));
         }},
        {"TEXBLT onto itself",
         [](CommandStream& s, const Handles& h) {
             texBlt(s, h.tex, h.tex, {0, 0}, rect(0, 0, 4, 4));
         }},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.what);
        CommandStream s;
        renderState(s, D3DRS_ZENABLE, 0);
        c.add(s, handles);
        expectFailsAtLastToken(s);
    }
    EXPECT_EQ(readTarget(), before);
    EXPECT_EQ(read32(rt, 16, 16), std::vector<uint32_t>(256, 0xFF00FF00u));
    EXPECT_EQ(lockRead(tex, 0, 8, 8)[9], texel(0, 1, 1));
    EXPECT_EQ(lockRead(big, 0, 16, 16)[17], texel(0, 1, 1));
}

// Lavapipe note (shared/LAVAPIPE.md): another D3D9 layer crashes in lavapipe after a colour
// fill followed by a lock. Fills (rect and whole), blits into textures and locks, many times.
TEST_F(Blits, ColorFillsFollowedByLocksUnderLoad) {
    const uint32_t rt = createSurface(32, 32, D3DFMT_A8R8G8B8);
    const uint32_t tex = createTexture(8, 8, 1);
    for (uint32_t i = 0; i < 64; ++i) {
        const D3DCOLOR color = 0xFF000000u | i * 0x030507u;
        CommandStream s;
        colorFill(s, rt, i % 2 ? rect(0, 0, 32, 32) : rect(1, 1, 9, 9), color);
        blt(s, rt, rect(1, 1, 5, 5), tex, rect(i % 4, 0, i % 4 + 4, 4));
        run(s);
        D3DDDIARG_LOCK lock{};
        lock.hResource = reinterpret_cast<HANDLE>(uintptr_t(rt));
        lock.Flags.Value = D3DDDI_LOCK_READONLY;
        ASSERT_EQ(umd().pfnLock(dev(), &lock), S_OK);
        ASSERT_EQ(static_cast<const uint32_t*>(lock.pSurfData)[33], color);
        D3DDDIARG_UNLOCK unlock{lock.hResource, 0, 0};
        ASSERT_EQ(umd().pfnUnlock(dev(), &unlock), S_OK);
        ASSERT_EQ(lockRead(tex, 0, 8, 8)[i % 4], color);
    }
}

} // namespace
} // namespace ddivk::test

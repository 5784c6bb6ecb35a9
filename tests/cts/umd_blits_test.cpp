// The UMD door's blits and fills (include/ddivk/umd_blit.h): Blt, ColorFill, TexBlt and VolBlt.
// Each copies or fills through the context method of the equivalent DP2 token, so these scenes
// check what the door adds: its structs, its handles, its flags and what it refuses. Pixels are
// read back (the render target, Lock) and compared with values computed here; bad input returns
// the documented error and changes nothing. BufBlt: umd_buffer_blits_test.cpp.
#include <vector>

#include "cts/umd_blits_fixture.h"

namespace ddivk::test {
namespace {

// --- Blt -------------------------------------------------------------------------------------------

// D3DDDI_BLTFLAGS Point: StretchRect of a 2x2 pattern onto 8x8 pixels repeats each texel 4x4.
TEST_F(UmdBlits, BltWithPointFilterStretchesATwoByTwoPattern) {
    const uint32_t tex = createTexture(0, 2, 2, 1);
    const D3DDDIARG_BLT a{h(tex), 0, {0, 0, 2, 2}, h(target_), 0, {8, 4, 16, 12}, 0, {D3DDDI_BLT_POINT}};
    ASSERT_EQ(blit().pfnBlt(dev(), &a), S_OK);
    Pixels expected;
    for (int y = 4; y < 12; ++y)
        for (int x = 8; x < 16; ++x)
            expected[{x, y}] = texel(0, 0, uint32_t(x - 8) / 4, uint32_t(y - 4) / 4);
    expectScene(expected);
}

// SrcSubResourceIndex / DstSubResourceIndex name texture levels as Lock numbers them: a 2x2
// rect of level 0 lands on level 1 at (1, 1); level 0 of the destination stays.
TEST_F(UmdBlits, BltSubResourceIndicesNameTextureLevels) {
    const uint32_t src = createTexture(0, 8, 8, 2), dst = createTexture(1, 8, 8, 2);
    const D3DDDIARG_BLT a{h(src), 0, {3, 2, 5, 4}, h(dst), 1, {1, 1, 3, 3}, 0, {0}};
    ASSERT_EQ(blit().pfnBlt(dev(), &a), S_OK);
    const std::vector<uint32_t> got = texels(dst, 1, 4, 4);
    for (uint32_t y = 0; y < 4; ++y)
        for (uint32_t x = 0; x < 4; ++x) {
            const bool in = x >= 1 && x < 3 && y >= 1 && y < 3;
            EXPECT_EQ(got[y * 4 + x], in ? texel(0, 0, x + 2, y + 1) : texel(1, 1, x, y)) << x << "," << y;
        }
    expectUntouched(dst, 1, 0, 8, 8);
}

// Unknown or too-wide handles, rects outside, levels that do not exist and reserved flags:
// D3DERR_INVALIDCALL; colour keys and mirroring (no DP2 equivalent): E_NOTIMPL. The target keeps
// its pixels.
TEST_F(UmdBlits, BltWithBadHandlesRectsLevelsOrFlagsFailsAndChangesNothing) {
    const uint32_t tex = createTexture(0, 4, 4, 1);
    const RECT src{0, 0, 4, 4}, dst{0, 0, 4, 4};
    auto bltOf = [&](HANDLE s, uint32_t sSub, RECT sr, HANDLE d, RECT dr, uint32_t flags) {
        const D3DDDIARG_BLT a{s, sSub, sr, d, 0, dr, 0, {flags}};
        return blit().pfnBlt(dev(), &a);
    };
    EXPECT_EQ(bltOf(h(12345), 0, src, h(target_), dst, 0), D3DERR_INVALIDCALL) << "unknown source";
    EXPECT_EQ(bltOf(wide(tex), 0, src, h(target_), dst, 0), D3DERR_INVALIDCALL) << "handle above 32 bits";
    EXPECT_EQ(bltOf(h(tex), 0, src, wide(target_), dst, 0), D3DERR_INVALIDCALL)
        << "destination above 32 bits";
    EXPECT_EQ(bltOf(h(tex), 0, {0, 0, 5, 4}, h(target_), dst, 0), D3DERR_INVALIDCALL)
        << "rect past the source";
    EXPECT_EQ(bltOf(h(tex), 0, src, h(target_), {62, 0, 66, 4}, 0), D3DERR_INVALIDCALL)
        << "rect past the target";
    EXPECT_EQ(bltOf(h(tex), 1, src, h(target_), dst, 0), D3DERR_INVALIDCALL) << "no level 1";
    EXPECT_EQ(bltOf(h(tex), 0, src, h(target_), dst, 1u << 20), D3DERR_INVALIDCALL) << "reserved flag";
    EXPECT_EQ(bltOf(h(tex), 0, src, h(target_), dst, D3DDDI_BLT_SRCCOLORKEY), E_NOTIMPL) << "colour key";
    EXPECT_EQ(bltOf(h(tex), 0, src, h(target_), dst, D3DDDI_BLT_MIRRORUPDOWN), E_NOTIMPL) << "mirror";
    EXPECT_EQ(blit().pfnBlt(dev(), nullptr), D3DERR_INVALIDCALL) << "no args";
    const D3DDDIARG_BLT good{h(tex), 0, src, h(target_), 0, dst, 0, {0}};
    EXPECT_EQ(blit().pfnBlt(hDevice(context_ + 1000), &good), D3DERR_INVALIDCALL) << "unknown device";
    expectScene({});
}

// --- ColorFill -----------------------------------------------------------------------------------

// ColorFill: the rectangle of a render target, and of a texture's top level, holds the colour
// (A8R8G8B8 stores it exactly); everything else stays.
TEST_F(UmdBlits, ColorFillFillsTheRectOfATargetAndOfATexture) {
    const uint32_t tex = createTexture(0, 4, 4, 1);
    const D3DDDIARG_COLORFILL onTarget{h(target_), 0, {4, 6, 20, 14}, 0xFF80C020, {0}};
    const D3DDDIARG_COLORFILL onTexture{h(tex), 0, {1, 0, 3, 2}, 0x80402010, {0}};
    ASSERT_EQ(blit().pfnColorFill(dev(), &onTarget), S_OK);
    ASSERT_EQ(blit().pfnColorFill(dev(), &onTexture), S_OK);
    Pixels expected;
    fill(expected, 4, 6, 20, 14, 0xFF80C020);
    expectScene(expected);
    const std::vector<uint32_t> got = texels(tex, 0, 4, 4);
    for (uint32_t y = 0; y < 4; ++y)
        for (uint32_t x = 0; x < 4; ++x) {
            const bool in = x >= 1 && x < 3 && y < 2;
            EXPECT_EQ(got[y * 4 + x], in ? 0x80402010u : texel(0, 0, x, y)) << x << "," << y;
        }
}

// ColorFill of SubResourceIndex 1 fills that level of a sampled texture (2 x 2 here), and
// nothing of level 0.
TEST_F(UmdBlits, ColorFillOfALowerLevelFillsThatLevel) {
    const uint32_t tex = createTexture(0, 4, 4, 2);
    const D3DDDIARG_COLORFILL a{h(tex), 1, {1, 0, 2, 2}, 0xFF336699, {0}};
    ASSERT_EQ(blit().pfnColorFill(dev(), &a), S_OK);
    const std::vector<uint32_t> got = texels(tex, 1, 2, 2);
    for (uint32_t y = 0; y < 2; ++y)
        for (uint32_t x = 0; x < 2; ++x)
            EXPECT_EQ(got[y * 2 + x], x == 1 ? 0xFF336699u : texel(0, 1, x, y)) << x << "," << y;
    expectUntouched(tex, 0, 0, 4, 4);
}

// A level the texture does not have, rects outside or empty, unknown and too-wide handles,
// buffers and reserved flags are D3DERR_INVALIDCALL. Nothing changes.
TEST_F(UmdBlits, ColorFillOfAMissingLevelBadRectOrHandleFailsAndChangesNothing) {
    const uint32_t tex = createTexture(0, 4, 4, 2);
    const uint8_t bytes[16] = {};
    const uint32_t buffer = createBuffer(bytes, sizeof(bytes));
    auto fillOf = [&](HANDLE r, uint32_t sub, RECT rect, uint32_t flags) {
        const D3DDDIARG_COLORFILL a{r, sub, rect, 0xFFFF00FF, {flags}};
        return blit().pfnColorFill(dev(), &a);
    };
    EXPECT_EQ(fillOf(h(tex), 2, {0, 0, 1, 1}, 0), D3DERR_INVALIDCALL) << "level 2";
    EXPECT_EQ(fillOf(h(target_), 1, {0, 0, 1, 1}, 0), D3DERR_INVALIDCALL) << "a surface's level 1";
    EXPECT_EQ(fillOf(h(tex), 0, {0, 0, 5, 2}, 0), D3DERR_INVALIDCALL) << "past the right edge";
    EXPECT_EQ(fillOf(h(tex), 0, {2, 0, 2, 2}, 0), D3DERR_INVALIDCALL) << "empty";
    EXPECT_EQ(fillOf(h(12345), 0, {0, 0, 2, 2}, 0), D3DERR_INVALIDCALL) << "unknown handle";
    EXPECT_EQ(fillOf(wide(target_), 0, {0, 0, 2, 2}, 0), D3DERR_INVALIDCALL) << "handle above 32 bits";
    EXPECT_EQ(fillOf(h(buffer), 0, {0, 0, 2, 1}, 0), D3DERR_INVALIDCALL) << "a buffer";
    EXPECT_EQ(fillOf(h(target_), 0, {0, 0, 2, 2}, 2), D3DERR_INVALIDCALL) << "reserved flag";
    EXPECT_EQ(blit().pfnColorFill(dev(), nullptr), D3DERR_INVALIDCALL) << "no args";
    expectUntouched(tex, 0, 0, 4, 4);
    expectUntouched(tex, 0, 1, 2, 2);
    expectScene({});
}

// Subresource i of a render-target texture is a surface of its own: ColorFill of level 1 fills
// that level alone, as Blt of each level onto the target shows (new ones start opaque black).
TEST_F(UmdBlits, ColorFillOfARenderTargetTextureLevelFillsThatLevel) {
    const uint32_t rt = created(D3DFMT_X8R8G8B8, D3DDDI_RESOURCE_TEXTURE | D3DDDI_RESOURCE_RENDERTARGET,
                                {{8, 8, 1, nullptr, 0, 0}, {4, 4, 1, nullptr, 0, 0}}, 2);
    const D3DDDIARG_COLORFILL a{h(rt), 1, {1, 1, 3, 3}, 0xFF10A0F0, {0}};
    ASSERT_EQ(blit().pfnColorFill(dev(), &a), S_OK);
    const D3DDDIARG_COLORFILL past{h(rt), 2, {0, 0, 1, 1}, 0xFFFFFFFF, {0}};
    EXPECT_EQ(blit().pfnColorFill(dev(), &past), D3DERR_INVALIDCALL) << "no level 2";
    const D3DDDIARG_BLT level1{h(rt), 1, {0, 0, 4, 4}, h(target_), 0, {0, 0, 4, 4}, 0, {0}};
    const D3DDDIARG_BLT level0{h(rt), 0, {0, 0, 8, 8}, h(target_), 0, {10, 0, 18, 8}, 0, {0}};
    ASSERT_EQ(blit().pfnBlt(dev(), &level1), S_OK);
    ASSERT_EQ(blit().pfnBlt(dev(), &level0), S_OK);
    Pixels expected;
    fill(expected, 0, 0, 4, 4, 0xFF000000);
    fill(expected, 1, 1, 3, 3, 0xFF10A0F0);
    fill(expected, 10, 0, 18, 8, 0xFF000000);
    expectScene(expected);
}

// --- TexBlt --------------------------------------------------------------------------------------

// UpdateTexture through TexBlt: SrcRect goes to DstPoint on level 0 and, halved, on level 1
// (TEXBLT's reading, src/device/context_blits.cpp); the rest of the destination stays.
TEST_F(UmdBlits, TexBltCopiesTheSubRectOnEveryCommonLevel) {
    const uint32_t src = createTexture(0, 8, 8, 2), dst = createTexture(1, 8, 8, 2);
    const D3DDDIARG_TEXBLT a{h(dst), h(src), 0, {4, 0}, {2, 2, 6, 6}};
    ASSERT_EQ(blit().pfnTexBlt(dev(), &a), S_OK);
    for (uint32_t level = 0; level < 2; ++level) {
        const uint32_t w = 8 >> level, l = 2 >> level, t = 2 >> level, px = 4 >> level, size = 4 >> level;
        const std::vector<uint32_t> got = texels(dst, level, w, w);
        for (uint32_t y = 0; y < w; ++y)
            for (uint32_t x = 0; x < w; ++x) {
                const bool in = x >= px && x < px + size && y < size;
                EXPECT_EQ(got[y * w + x], in ? texel(0, level, l + x - px, t + y) : texel(1, level, x, y))
                    << "level " << level << " at " << x << "," << y;
            }
    }
}

// UpdateTexture of a cube map: TexBlt copies SrcRect of the face CubeMapFace names (-X here),
// and leaves the other five faces as they were.
TEST_F(UmdBlits, TexBltOfACubeMapCopiesTheFaceItNames) {
    const uint32_t cubeSrc = createTexture(2, 4, 4, 1, D3DDDI_RESOURCE_CUBEMAP);
    const uint32_t cubeDst = createTexture(10, 4, 4, 1, D3DDDI_RESOURCE_CUBEMAP);
    const D3DDDIARG_TEXBLT a{h(cubeDst), h(cubeSrc), 1, {0, 2}, {1, 1, 3, 3}};
    ASSERT_EQ(blit().pfnTexBlt(dev(), &a), S_OK);
    for (uint32_t face = 0; face < 6; ++face) {
        const std::vector<uint32_t> got = texels(cubeDst, face, 4, 4);
        for (uint32_t y = 0; y < 4; ++y)
            for (uint32_t x = 0; x < 4; ++x) {
                const bool in = face == 1 && x < 2 && y >= 2;
                EXPECT_EQ(got[y * 4 + x], in ? texel(2 + face, 0, x + 1, y - 1) : texel(10 + face, 0, x, y))
                    << "face " << face << " at " << x << "," << y;
            }
    }
}

// Faces past -Z, unknown or too-wide handles, rects past the source and points past the
// destination are D3DERR_INVALIDCALL. Nothing changes.
TEST_F(UmdBlits, TexBltOfABadFaceRectOrHandleFailsAndChangesNothing) {
    const uint32_t src = createTexture(0, 4, 4, 1), dst = createTexture(1, 4, 4, 1);
    const uint32_t cubeSrc = createTexture(2, 4, 4, 1, D3DDDI_RESOURCE_CUBEMAP);
    const uint32_t cubeDst = createTexture(10, 4, 4, 1, D3DDDI_RESOURCE_CUBEMAP);
    auto texBltOf = [&](HANDLE d, HANDLE s, uint32_t face, POINT at, RECT r) {
        const D3DDDIARG_TEXBLT a{d, s, face, at, r};
        return blit().pfnTexBlt(dev(), &a);
    };
    EXPECT_EQ(texBltOf(h(cubeDst), h(cubeSrc), 6, {0, 0}, {0, 0, 4, 4}), D3DERR_INVALIDCALL) << "cube face 6";
    EXPECT_EQ(texBltOf(h(dst), h(src), 6, {0, 0}, {0, 0, 4, 4}), D3DERR_INVALIDCALL) << "face 6";
    EXPECT_EQ(texBltOf(h(dst), h(12345), 0, {0, 0}, {0, 0, 4, 4}), D3DERR_INVALIDCALL) << "unknown source";
    EXPECT_EQ(texBltOf(h(dst), wide(src), 0, {0, 0}, {0, 0, 4, 4}), D3DERR_INVALIDCALL) << "wide source";
    EXPECT_EQ(texBltOf(wide(dst), h(src), 0, {0, 0}, {0, 0, 4, 4}), D3DERR_INVALIDCALL) << "wide destination";
    EXPECT_EQ(texBltOf(h(dst), h(src), 0, {0, 0}, {0, 0, 5, 4}), D3DERR_INVALIDCALL)
        << "rect past the source";
    EXPECT_EQ(texBltOf(h(dst), h(src), 0, {2, 0}, {0, 0, 4, 4}), D3DERR_INVALIDCALL)
        << "past the destination";
    EXPECT_EQ(blit().pfnTexBlt(dev(), nullptr), D3DERR_INVALIDCALL) << "no args";
    expectUntouched(dst, 1, 0, 4, 4);
    for (uint32_t face = 0; face < 6; ++face) {
        const std::vector<uint32_t> got = texels(cubeDst, face, 4, 4);
        for (uint32_t i = 0; i < 16; ++i)
            ASSERT_EQ(got[i], texel(10 + face, 0, i % 4, i / 4)) << face;
    }
}

// --- VolBlt --------------------------------------------------------------------------------------

// UpdateTexture of a volume through VolBlt: SrcBox lands at (DstX, DstY, DstZ); a bad box or
// handle is D3DERR_INVALIDCALL and changes nothing.
TEST_F(UmdBlits, VolBltCopiesTheBoxAndRefusesBadBoxesAndHandles) {
    const uint32_t src = createVolume(0, 4, 4, 4), dst = createVolume(1, 4, 4, 4);
    const uint32_t flat = createTexture(2, 4, 4, 1);
    auto volBltOf = [&](HANDLE d, HANDLE s, uint32_t x, uint32_t y, uint32_t z, D3DDDIBOX box) {
        const D3DDDIARG_VOLUMEBLT a{d, s, x, y, z, box};
        return blit().pfnVolBlt(dev(), &a);
    };
    EXPECT_EQ(volBltOf(h(dst), h(src), 0, 0, 0, {0, 0, 4, 4, 0, 5}), D3DERR_INVALIDCALL)
        << "box past the source";
    EXPECT_EQ(volBltOf(h(dst), h(src), 0, 0, 3, {0, 0, 4, 4, 0, 2}), D3DERR_INVALIDCALL)
        << "past the destination";
    EXPECT_EQ(volBltOf(h(dst), wide(src), 0, 0, 0, {0, 0, 1, 1, 0, 1}), D3DERR_INVALIDCALL) << "wide handle";
    EXPECT_EQ(volBltOf(h(dst), h(flat), 0, 0, 0, {0, 0, 1, 1, 0, 1}), D3DERR_INVALIDCALL) << "not a volume";
    EXPECT_EQ(blit().pfnVolBlt(dev(), nullptr), D3DERR_INVALIDCALL) << "no args";
    std::vector<uint32_t> got = texels(dst, 0, 4, 4, 4);
    for (uint32_t i = 0; i < got.size(); ++i)
        ASSERT_EQ(got[i], texel(1, i / 16, i % 4, i / 4 % 4)) << i;

    ASSERT_EQ(volBltOf(h(dst), h(src), 0, 2, 1, {1, 1, 3, 3, 0, 2}), S_OK);
    got = texels(dst, 0, 4, 4, 4);
    for (uint32_t z = 0; z < 4; ++z)
        for (uint32_t y = 0; y < 4; ++y)
            for (uint32_t x = 0; x < 4; ++x) {
                const bool in = x < 2 && y >= 2 && z >= 1 && z < 3;
                EXPECT_EQ(got[(z * 4 + y) * 4 + x], in ? texel(0, z - 1, x + 1, y - 1) : texel(1, z, x, y))
                    << x << "," << y << "," << z;
            }
}

} // namespace
} // namespace ddivk::test

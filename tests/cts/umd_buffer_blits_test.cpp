// The UMD door's BufBlt (include/ddivk/umd_blit.h) and the DP2 BUFFERBLT token: a byte range of
// one buffer copied into another on the GPU, in order with the draws around it. Bytes are read
// back through Lock and pixels from the render target, compared with values computed here; bad
// ranges and handles return D3DERR_INVALIDCALL and change nothing.
#include <cstring>
#include <vector>

#include "cts/umd_blits_fixture.h"

namespace ddivk::test {
namespace {

// --- BufBlt and BUFFERBLT --------------------------------------------------------------------------

// BufBlt: SrcRange of the source lands at Offset of the destination; a plain Lock afterwards
// waits for the copy and sees exactly those bytes moved.
TEST_F(UmdBlits, BufBltCopiesTheRangeAndALockSeesIt) {
    std::vector<uint8_t> a(64), b(64, 0xEE);
    for (size_t i = 0; i < a.size(); ++i)
        a[i] = uint8_t(i * 3 + 1);
    const uint32_t src = createBuffer(a.data(), 64), dst = createBuffer(b.data(), 64);
    ASSERT_EQ(bufBlt(dst, src, 32, 8, 20), S_OK);
    const std::vector<uint8_t> got = lockRead(dst, 0, 64, 1);
    for (size_t i = 0; i < 64; ++i)
        EXPECT_EQ(got[i], i >= 32 && i < 52 ? a[i - 32 + 8] : 0xEE) << i;
}

// The copy is ordered with the draws around it: a draw recorded before it reads the old
// vertices, one after it the copied ones (both in one command buffer).
TEST_F(UmdBlits, DrawsBeforeBufBltReadTheOldVerticesAndDrawsAfterItTheCopiedOnes) {
    setProgram(Door::Umd, kColorPointVs, kColorPointPs, colorPointDeclaration());
    setPixelToClip(Door::Umd);
    std::vector<PixelVertex> before, after;
    addQuad(before, 4, 4, 20, 20, 0xFFE02020);
    addQuad(after, 30, 10, 50, 30, 0xFF20E020);
    const uint32_t vb = createBuffer(before), staging = createBuffer(after);
    setStream(Door::Umd, 0, vb, 0, sizeof(PixelVertex));
    ASSERT_EQ(drawPrimitive(Door::Umd, D3DPT_TRIANGLELIST, 0, 2), S_OK);
    ASSERT_EQ(bufBlt(vb, staging, 0, 0, uint32_t(after.size() * sizeof(PixelVertex))), S_OK);
    ASSERT_EQ(drawPrimitive(Door::Umd, D3DPT_TRIANGLELIST, 0, 2), S_OK);
    Pixels expected;
    fill(expected, 4, 4, 20, 20, 0xFFE02020);
    fill(expected, 30, 10, 50, 30, 0xFF20E020);
    expectScene(expected);
}

// A copy writes the buffer's memory current at the call: after a DISCARD lock renamed the
// buffer (a draw still reads the old memory), the copy lands in the new memory, which the next
// draw reads beside what the program wrote there.
TEST_F(UmdBlits, BufBltAfterADiscardLockWritesTheRenamedBuffer) {
    setProgram(Door::Umd, kColorPointVs, kColorPointPs, colorPointDeclaration());
    setPixelToClip(Door::Umd);
    std::vector<PixelVertex> old, fresh, copied;
    addQuad(old, 2, 2, 10, 10, 0xFFC03030);
    addQuad(old, 12, 2, 20, 10, 0xFFC0C030);
    addQuad(fresh, 2, 20, 10, 30, 0xFF3030C0); // overwritten by the copy
    addQuad(fresh, 12, 20, 20, 30, 0xFF30C0C0);
    addQuad(copied, 30, 20, 40, 30, 0xFF30C030);
    const uint32_t bytes = uint32_t(old.size() * sizeof(PixelVertex));
    const uint32_t vb = createBuffer(old.data(), bytes, false, D3DDDI_RESOURCE_DYNAMIC);
    const uint32_t staging = createBuffer(copied);
    setStream(Door::Umd, 0, vb, 0, sizeof(PixelVertex));
    ASSERT_EQ(drawPrimitive(Door::Umd, D3DPT_TRIANGLELIST, 0, 4), S_OK);

    D3DDDIARG_LOCK lock{};
    lock.hResource = h(vb);
    lock.Flags.Value = D3DDDI_LOCK_DISCARD;
    ASSERT_EQ(umd().pfnLock(dev(), &lock), S_OK);
    std::memcpy(lock.pSurfData, fresh.data(), bytes);
    const D3DDDIARG_UNLOCK unlock{lock.hResource, 0, 0};
    ASSERT_EQ(umd().pfnUnlock(dev(), &unlock), S_OK);
    ASSERT_EQ(bufBlt(vb, staging, 0, 0, uint32_t(copied.size() * sizeof(PixelVertex))), S_OK);
    ASSERT_EQ(drawPrimitive(Door::Umd, D3DPT_TRIANGLELIST, 0, 4), S_OK);

    Pixels expected;
    fill(expected, 2, 2, 10, 10, 0xFFC03030);
    fill(expected, 12, 2, 20, 10, 0xFFC0C030);
    fill(expected, 30, 20, 40, 30, 0xFF30C030);
    fill(expected, 12, 20, 20, 30, 0xFF30C0C0);
    expectScene(expected);
}

// Ranges past either buffer, empty ranges, overlapping ranges of one buffer, textures and unknown
// or too-wide handles: D3DERR_INVALIDCALL, and the destination keeps its bytes.
TEST_F(UmdBlits, BufBltWithBadRangesOrHandlesFailsAndChangesNothing) {
    std::vector<uint8_t> a(32, 0x11), b(32, 0x22);
    const uint32_t src = createBuffer(a.data(), 32), dst = createBuffer(b.data(), 32);
    const uint32_t tex = createTexture(0, 4, 4, 1);
    EXPECT_EQ(bufBlt(dst, src, 0, 16, 17), D3DERR_INVALIDCALL) << "past the source";
    EXPECT_EQ(bufBlt(dst, src, 16, 0, 17), D3DERR_INVALIDCALL) << "past the destination";
    EXPECT_EQ(bufBlt(dst, src, 0xFFFFFFF0u, 0, 0x20), D3DERR_INVALIDCALL) << "offset wraps";
    EXPECT_EQ(bufBlt(dst, src, 0, 0xFFFFFFF0u, 0x20), D3DERR_INVALIDCALL) << "range wraps";
    EXPECT_EQ(bufBlt(dst, src, 0, 0, 0), D3DERR_INVALIDCALL) << "empty";
    EXPECT_EQ(bufBlt(dst, dst, 4, 0, 8), D3DERR_INVALIDCALL) << "overlapping in one buffer";
    EXPECT_EQ(bufBlt(dst, tex, 0, 0, 4), D3DERR_INVALIDCALL) << "a texture";
    EXPECT_EQ(bufBlt(tex, src, 0, 0, 4), D3DERR_INVALIDCALL) << "into a texture";
    EXPECT_EQ(bufBlt(dst, 12345, 0, 0, 4), D3DERR_INVALIDCALL) << "unknown source";
    EXPECT_EQ(bufBlt((uint64_t(1) << 32) | dst, src, 0, 0, 4), D3DERR_INVALIDCALL) << "wide handle";
    EXPECT_EQ(blit().pfnBufBlt(dev(), nullptr), D3DERR_INVALIDCALL) << "no args";
    const std::vector<uint8_t> got = lockRead(dst, 0, 32, 1);
    for (size_t i = 0; i < 32; ++i)
        ASSERT_EQ(got[i], 0x22) << i;
    // Disjoint ranges of one buffer copy.
    ASSERT_EQ(bufBlt(src, src, 0, 16, 8), S_OK);
}

// D3DDP2OP_BUFFERBLT: rSrc of dwDDSrcSurface to dwOffset of dwDDDestSurface, as BufBlt; a token
// whose second item is bad fails whole at its offset and copies nothing.
TEST_F(UmdBlits, BufferBltTokenCopiesTheRangeAndFailsWhole) {
    std::vector<uint8_t> a(16), b(16, 0);
    for (size_t i = 0; i < a.size(); ++i)
        a[i] = uint8_t(0x40 + i);
    const uint32_t src = createBuffer(a.data(), 16), dst = createBuffer(b.data(), 16);
    CommandStream bad;
    bad.cmd(D3DDP2OP_BUFFERBLT, 2)
        .put(D3DHAL_DP2BUFFERBLT{dst, src, 0, {0, 4}, 0})
        .put(D3DHAL_DP2BUFFERBLT{dst, src, 0, {8, 9}, 0}); // past the source
    EXPECT_EQ(execute(bad, nullptr, 0, 0, 0), D3DERR_INVALIDCALL);
    EXPECT_EQ(errorOffset(), bad.tokens().back().start);
    std::vector<uint8_t> got = lockRead(dst, 0, 16, 1);
    for (size_t i = 0; i < 16; ++i)
        ASSERT_EQ(got[i], 0) << i;

    CommandStream s;
    s.cmd(D3DDP2OP_BUFFERBLT, 2)
        .put(D3DHAL_DP2BUFFERBLT{dst, src, 2, {10, 4}, 0})
        .put(D3DHAL_DP2BUFFERBLT{dst, dst, 8, {2, 4}, 0}); // reads what the first item wrote
    run(s);
    got = lockRead(dst, 0, 16, 1);
    for (size_t i = 0; i < 16; ++i) {
        const uint8_t want = i >= 2 && i < 6 ? a[i - 2 + 10] : i >= 8 && i < 12 ? a[i - 8 + 10] : 0;
        EXPECT_EQ(got[i], want) << i;
    }
}

} // namespace
} // namespace ddivk::test

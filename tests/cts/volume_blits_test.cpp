// VOLUMEBLT through the DP2 door (d3dhal.h's D3DHAL_DP2VOLUMEBLT, whose remarks send us to
// D3DHAL_DP2TEXBLT's): a box of the source volume texture to a point of the destination, on
// every common level (our reading in src/device/context_blits.cpp). Volumes are made through the
// UMD door with texels that name their level and position; the destination is read back with
// Lock and compared with what the test computes.
#include <cstring>

#include "cts/cts_fixture.h"

namespace ddivk::test {
namespace {

// A texel that names its level and position (A8R8G8B8, opaque); `tag` tells the volumes apart.
uint32_t voxel(uint32_t tag, uint32_t level, uint32_t x, uint32_t y, uint32_t z) {
    return 0xFF000000u | (tag * 0x80u + level * 0x10u + z) << 16 | (y * 9u + 1u) << 8 | (x * 11u + 2u);
}

class VolumeBlits : public Cts {
  protected:
    // A volume texture of `levels` levels whose texels are voxel(tag, ...).
    uint32_t createVolume(uint32_t tag, uint32_t w, uint32_t h, uint32_t d, uint32_t levels,
                          uint32_t format = D3DFMT_A8R8G8B8) {
        std::vector<std::vector<uint32_t>> data;
        std::vector<D3DDDI_SURFACEINFO> surfaces;
        for (uint32_t l = 0; l < levels; ++l) {
            const uint32_t lw = std::max(1u, w >> l), lh = std::max(1u, h >> l), ld = std::max(1u, d >> l);
            std::vector<uint32_t> level(size_t(lw) * lh * ld);
            for (uint32_t z = 0; z < ld; ++z)
                for (uint32_t y = 0; y < lh; ++y)
                    for (uint32_t x = 0; x < lw; ++x) level[(z * lh + y) * lw + x] = voxel(tag, l, x, y, z);
            data.push_back(std::move(level));
        }
        for (uint32_t l = 0; l < levels; ++l) {
            const uint32_t lw = std::max(1u, w >> l), lh = std::max(1u, h >> l), ld = std::max(1u, d >> l);
            surfaces.push_back({lw, lh, ld, data[l].data(), lw * 4, lw * lh * 4});
        }
        return created(format, D3DDDI_RESOURCE_TEXTURE | D3DDDI_RESOURCE_VOLUME, surfaces, levels);
    }
    // Level `level` of a volume through Lock (READONLY): w * h * d texels.
    std::vector<uint32_t> readVolume(uint32_t volume, uint32_t level, uint32_t w, uint32_t h, uint32_t d) {
        D3DDDIARG_LOCK lock{};
        lock.hResource = reinterpret_cast<HANDLE>(uintptr_t(volume));
        lock.SubResourceIndex = level;
        lock.Flags.Value = D3DDDI_LOCK_READONLY;
        std::vector<uint32_t> texels(size_t(w) * h * d);
        EXPECT_EQ(umd().pfnLock(dev(), &lock), S_OK);
        if (!lock.pSurfData) return texels;
        for (uint32_t z = 0; z < d; ++z)
            for (uint32_t y = 0; y < h; ++y)
                std::memcpy(&texels[(z * h + y) * w],
                            static_cast<const std::byte*>(lock.pSurfData) + size_t(z) * lock.SlicePitch +
                                size_t(y) * lock.Pitch,
                            w * 4);
        D3DDDIARG_UNLOCK unlock{lock.hResource, level, 0};
        EXPECT_EQ(umd().pfnUnlock(dev(), &unlock), S_OK);
        return texels;
    }
    HRESULT volumeBlt(uint32_t dst, uint32_t src, uint32_t x, uint32_t y, uint32_t z, D3DBOX box) {
        CommandStream s;
        s.cmd(D3DDP2OP_VOLUMEBLT, 1).put(D3DHAL_DP2VOLUMEBLT{dst, src, x, y, z, box, 0});
        return execute(s, nullptr, 0, 0, 0);
    }
};

// srcBox goes to (dwDestX, dwDestY, dwDestZ) on the top level and, as for TEXBLT, halved on
// every lower level; everything outside stays.
TEST_F(VolumeBlits, VolumeBltCopiesTheBoxOnEveryLevel) {
    const uint32_t src = createVolume(0, 8, 8, 4, 2), dst = createVolume(1, 8, 8, 4, 2);
    const D3DBOX box{2, 0, 6, 4, 0, 2}; // 4 x 4 x 2 at (2, 0, 0)
    ASSERT_EQ(volumeBlt(dst, src, 4, 2, 2, box), S_OK);
    for (uint32_t level = 0; level < 2; ++level) {
        const uint32_t w = 8 >> level, h = 8 >> level, d = 4 >> level;
        const std::vector<uint32_t> got = readVolume(dst, level, w, h, d);
        // The box and the point on this level (far edges rounded up).
        const uint32_t l = box.Left >> level, t = box.Top >> level, f = box.Front >> level;
        const uint32_t r = (box.Right + (1u << level) - 1) >> level, b = (box.Bottom + (1u << level) - 1) >> level,
                       k = (box.Back + (1u << level) - 1) >> level;
        const uint32_t px = 4 >> level, py = 2 >> level, pz = 2 >> level;
        for (uint32_t z = 0; z < d; ++z)
            for (uint32_t y = 0; y < h; ++y)
                for (uint32_t x = 0; x < w; ++x) {
                    const bool inside = x >= px && x < px + (r - l) && y >= py && y < py + (b - t) && z >= pz &&
                                        z < pz + (k - f);
                    const uint32_t want =
                        inside ? voxel(0, level, l + (x - px), t + (y - py), f + (z - pz)) : voxel(1, level, x, y, z);
                    EXPECT_EQ(got[(z * h + y) * w + x], want) << "level " << level << " at " << x << "," << y << "," << z;
                }
    }
}

// TEXBLT's remarks: with more source levels, the destination's top level takes the first source
// level of its size.
TEST_F(VolumeBlits, VolumeBltWithMoreSourceLevelsCopiesTheMatchingLevels) {
    const uint32_t src = createVolume(0, 8, 8, 8, 2), dst = createVolume(1, 4, 4, 4, 1);
    ASSERT_EQ(volumeBlt(dst, src, 0, 0, 0, D3DBOX{0, 0, 8, 8, 0, 8}), S_OK);
    const std::vector<uint32_t> got = readVolume(dst, 0, 4, 4, 4);
    for (uint32_t z = 0; z < 4; ++z)
        for (uint32_t y = 0; y < 4; ++y)
            for (uint32_t x = 0; x < 4; ++x) EXPECT_EQ(got[(z * 4 + y) * 4 + x], voxel(0, 1, x, y, z));
}

// A volume of the source format's X twin takes the same bytes (draw::sameTexels).
TEST_F(VolumeBlits, VolumeBltIntoTheXTwinCopiesTheBytes) {
    const uint32_t src = createVolume(0, 4, 4, 4, 1), twin = createVolume(1, 4, 4, 4, 1, D3DFMT_X8R8G8B8);
    ASSERT_EQ(volumeBlt(twin, src, 0, 0, 0, D3DBOX{0, 0, 4, 4, 0, 4}), S_OK);
    const std::vector<uint32_t> got = readVolume(twin, 0, 4, 4, 4);
    for (uint32_t z = 0; z < 4; ++z)
        for (uint32_t y = 0; y < 4; ++y)
            for (uint32_t x = 0; x < 4; ++x)
                EXPECT_EQ(got[(z * 4 + y) * 4 + x], voxel(0, 0, x, y, z));
}

// Bad boxes, handles and formats fail the token with D3DERR_INVALIDCALL and change nothing.
TEST_F(VolumeBlits, BadBoxesHandlesAndFormatsFailAndChangeNothing) {
    const uint32_t src = createVolume(0, 4, 4, 4, 1), dst = createVolume(1, 4, 4, 4, 1);
    const uint32_t other = createVolume(2, 4, 4, 4, 1, D3DFMT_A8B8G8R8);
    const uint32_t flat = created(D3DFMT_A8R8G8B8, D3DDDI_RESOURCE_TEXTURE, {{4, 4, 1, nullptr, 0, 0}});
    EXPECT_EQ(volumeBlt(dst, src, 0, 0, 0, D3DBOX{0, 0, 5, 4, 0, 4}), D3DERR_INVALIDCALL) << "box past the source";
    EXPECT_EQ(volumeBlt(dst, src, 0, 0, 0, D3DBOX{2, 0, 2, 4, 0, 4}), D3DERR_INVALIDCALL) << "empty box";
    EXPECT_EQ(volumeBlt(dst, src, 1, 0, 0, D3DBOX{0, 0, 4, 4, 0, 4}), D3DERR_INVALIDCALL) << "past the destination";
    EXPECT_EQ(volumeBlt(dst, src, 0, 0, 3, D3DBOX{0, 0, 4, 4, 0, 2}), D3DERR_INVALIDCALL) << "past its depth";
    EXPECT_EQ(volumeBlt(other, src, 0, 0, 0, D3DBOX{0, 0, 4, 4, 0, 4}), D3DERR_INVALIDCALL) << "another format";
    EXPECT_EQ(volumeBlt(flat, src, 0, 0, 0, D3DBOX{0, 0, 4, 4, 0, 1}), D3DERR_INVALIDCALL) << "not a volume";
    EXPECT_EQ(volumeBlt(dst, 12345, 0, 0, 0, D3DBOX{0, 0, 4, 4, 0, 4}), D3DERR_INVALIDCALL) << "unknown handle";
    EXPECT_EQ(volumeBlt(dst, dst, 0, 0, 0, D3DBOX{0, 0, 1, 1, 0, 1}), D3DERR_INVALIDCALL) << "onto itself";
    const std::vector<uint32_t> got = readVolume(dst, 0, 4, 4, 4);
    for (uint32_t z = 0; z < 4; ++z)
        for (uint32_t y = 0; y < 4; ++y)
            for (uint32_t x = 0; x < 4; ++x) EXPECT_EQ(got[(z * 4 + y) * 4 + x], voxel(1, 0, x, y, z));
}

} // namespace
} // namespace ddivk::test

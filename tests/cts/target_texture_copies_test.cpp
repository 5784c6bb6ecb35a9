// TEXBLT with render-target textures (docs/draw-translator.md, "Render-target and depth
// textures"). D3D9's UpdateTexture copies a SYSTEMMEM texture into a DEFAULT-pool one, and
// render-target textures are DEFAULT-pool textures: D3DHAL_DP2TEXBLT (d3dhal.h) copies "the
// rectangle rSrc of the source to pDest in the destination ... for MIP-mapped textures, all the
// MIP-map levels present", each sublevel's region "obtained by dividing rSrc and pDest by 2 at
// each level". Render-target textures keep no CPU copy, so these copies run on the GPU. Each
// destination level is read back with BLT to the fixture's X8R8G8B8 target (alpha reads 0xFF)
// and compared with texels computed here.
#include "cts/cts_fixture.h"

namespace ddivk::test {
namespace {

constexpr uint32_t kSize = 8; // level 0; level 1 is 4 x 4

// Distinct texels of level `level` (size x size), opaque.
std::vector<uint32_t> levelTexels(uint32_t level, uint32_t size) {
    std::vector<uint32_t> t(size_t(size) * size);
    for (uint32_t i = 0; i < t.size(); ++i) t[i] = indexColor(level * 100 + i);
    return t;
}

class TargetTextureCopies : public Cts {
  protected:
    void SetUp() override {
        Cts::SetUp();
        clearTarget();
        level0_ = levelTexels(0, kSize);
        level1_ = levelTexels(1, kSize / 2);
    }
    // A two-level A8R8G8B8 texture: with the texels above, or a render-target texture (cleared).
    uint32_t sampledTexture() {
        return created(D3DFMT_A8R8G8B8, D3DDDI_RESOURCE_TEXTURE,
                       {{kSize, kSize, 1, level0_.data(), kSize * 4, 0},
                        {kSize / 2, kSize / 2, 1, level1_.data(), kSize * 2, 0}},
                       2);
    }
    uint32_t renderTargetTexture() {
        return created(D3DFMT_A8R8G8B8, D3DDDI_RESOURCE_TEXTURE | D3DDDI_RESOURCE_RENDERTARGET,
                       {{kSize, kSize, 1, nullptr, 0, 0}, {kSize / 2, kSize / 2, 1, nullptr, 0, 0}}, 2);
    }
    HRESULT texBlt(uint32_t dst, uint32_t src, POINT dest, RECTL rect) {
        CommandStream s;
        s.cmd(D3DDP2OP_TEXBLT, 1).put(D3DHAL_DP2TEXBLT{dst, src, dest, rect, 0});
        return execute(s, nullptr, 0, 0, 0);
    }
    // Both levels of `texture` to the target: level 0 at (20, 4), level 1 at (40, 4).
    void showLevels(uint32_t texture) {
        CommandStream s;
        s.cmd(D3DDP2OP_BLT, 2);
        s.put(D3DHAL_DP2BLT{texture, RECTL{0, 0, kSize, kSize}, 0, target_, RECTL{20, 4, 28, 12}, 0, 0});
        s.put(D3DHAL_DP2BLT{texture, RECTL{0, 0, kSize / 2, kSize / 2}, 1, target_, RECTL{40, 4, 44, 8}, 0, 0});
        run(s);
    }
    // Where showLevels puts texel (x, y) of a level holding `texels` (opaque: X8 reads 0xFF).
    static void put(Pixels& scene, int x0, int y0, uint32_t size, const std::vector<uint32_t>& texels) {
        for (uint32_t y = 0; y < size; ++y)
            for (uint32_t x = 0; x < size; ++x) scene[{x0 + int(x), y0 + int(y)}] = texels[y * size + x] | 0xFF000000u;
    }
    std::vector<uint32_t> level0_, level1_;
};

TEST_F(TargetTextureCopies, TexBltCopiesEveryLevelIntoARenderTargetTexture) {
    const uint32_t src = sampledTexture(), dst = renderTargetTexture();
    ASSERT_EQ(texBlt(dst, src, POINT{0, 0}, RECTL{0, 0, kSize, kSize}), S_OK);
    showLevels(dst);
    Pixels scene;
    put(scene, 20, 4, kSize, level0_);
    put(scene, 40, 4, kSize / 2, level1_);
    expectScene(scene);
}

// rSrc (2, 0)-(8, 4) to pDest (0, 4): level 0 receives that rectangle at (0, 4); level 1 the
// rectangle halved, (1, 0)-(4, 2), at (0, 2). The rest keeps the render target's clear (0).
TEST_F(TargetTextureCopies, TexBltCopiesTheRectangleHalvedOnEachLevel) {
    const uint32_t src = sampledTexture(), dst = renderTargetTexture();
    ASSERT_EQ(texBlt(dst, src, POINT{0, 4}, RECTL{2, 0, 8, 4}), S_OK);
    showLevels(dst);
    std::vector<uint32_t> want0(kSize * kSize, 0), want1(kSize * kSize / 4, 0);
    for (uint32_t y = 0; y < 4; ++y)
        for (uint32_t x = 0; x < 6; ++x) want0[(4 + y) * kSize + x] = level0_[y * kSize + 2 + x];
    for (uint32_t y = 0; y < 2; ++y)
        for (uint32_t x = 0; x < 3; ++x) want1[(2 + y) * (kSize / 2) + x] = level1_[y * (kSize / 2) + 1 + x];
    Pixels scene;
    put(scene, 20, 4, kSize, want0);
    put(scene, 40, 4, kSize / 2, want1);
    expectScene(scene);
}

// The other way (a driver may be asked): a render-target texture's levels into a texture with a
// CPU copy, which a later Lock reads (the copy is read back from the GPU).
TEST_F(TargetTextureCopies, TexBltFromARenderTargetTextureReachesTheLock) {
    const uint32_t staged = sampledTexture(), rt = renderTargetTexture(), dst = sampledTexture();
    ASSERT_EQ(texBlt(rt, staged, POINT{0, 0}, RECTL{0, 0, kSize, kSize}), S_OK);
    ASSERT_EQ(texBlt(dst, rt, POINT{0, 0}, RECTL{0, 0, kSize, kSize}), S_OK);
    D3DDDIARG_LOCK lock{};
    lock.hResource = reinterpret_cast<HANDLE>(uintptr_t(dst));
    lock.SubResourceIndex = 1;
    lock.Flags.Value = D3DDDI_LOCK_READONLY;
    ASSERT_EQ(umd().pfnLock(dev(), &lock), S_OK);
    const auto* texels = static_cast<const uint32_t*>(lock.pSurfData);
    for (uint32_t y = 0; y < kSize / 2; ++y)
        for (uint32_t x = 0; x < kSize / 2; ++x)
            EXPECT_EQ(texels[y * (lock.Pitch / 4) + x], level1_[y * (kSize / 2) + x]) << x << ", " << y;
    D3DDDIARG_UNLOCK unlock{lock.hResource, 1, 0};
    ASSERT_EQ(umd().pfnUnlock(dev(), &unlock), S_OK);
}

// A texture's X twin (A8R8G8B8 into X8R8G8B8) takes the same bytes, as UpdateTexture's copies do
// on Windows (Wine's test_updatetexture): into a render-target texture (on the GPU) and into a
// texture with a CPU copy alike.
TEST_F(TargetTextureCopies, TexBltIntoTheXTwinCopiesTheTexels) {
    const uint32_t src = sampledTexture();
    const uint32_t targetTexture =
        created(D3DFMT_X8R8G8B8, D3DDDI_RESOURCE_TEXTURE | D3DDDI_RESOURCE_RENDERTARGET,
                {{kSize, kSize, 1, nullptr, 0, 0}, {kSize / 2, kSize / 2, 1, nullptr, 0, 0}}, 2);
    const std::vector<uint32_t> zeros(kSize * kSize, 0);
    const uint32_t plainTexture = created(D3DFMT_X8R8G8B8, D3DDDI_RESOURCE_TEXTURE,
                                          {{kSize, kSize, 1, zeros.data(), kSize * 4, 0},
                                           {kSize / 2, kSize / 2, 1, zeros.data(), kSize * 2, 0}},
                                          2);
    for (uint32_t dst : {targetTexture, plainTexture}) {
        clearTarget();
        ASSERT_EQ(texBlt(dst, src, POINT{0, 0}, RECTL{0, 0, kSize, kSize}), S_OK);
        showLevels(dst);
        Pixels scene;
        put(scene, 20, 4, kSize, level0_);
        put(scene, 40, 4, kSize / 2, level1_);
        expectScene(scene);
    }
}

// Depth textures are not copied by TEXBLT (not implemented: D3DERR_NOTAVAILABLE, nothing
// changes), nor into a texture of another layout (D3DERR_INVALIDCALL).
TEST_F(TargetTextureCopies, TexBltRefusesDepthTexturesAndFormatChanges) {
    const uint32_t depth =
        created(D3DFMT_INTZ, D3DDDI_RESOURCE_TEXTURE | D3DDDI_RESOURCE_ZBUFFER, {{kSize, kSize, 1, nullptr, 0, 0}});
    const uint32_t other = created(D3DFMT_INTZ, D3DDDI_RESOURCE_TEXTURE | D3DDDI_RESOURCE_ZBUFFER,
                                   {{kSize, kSize, 1, nullptr, 0, 0}});
    EXPECT_EQ(texBlt(other, depth, POINT{0, 0}, RECTL{0, 0, kSize, kSize}), D3DERR_NOTAVAILABLE);
    const uint32_t rgb565 = created(D3DFMT_R5G6B5, D3DDDI_RESOURCE_TEXTURE | D3DDDI_RESOURCE_RENDERTARGET,
                                    {{kSize, kSize, 1, nullptr, 0, 0}});
    EXPECT_EQ(texBlt(rgb565, sampledTexture(), POINT{0, 0}, RECTL{0, 0, kSize, kSize}), D3DERR_INVALIDCALL);
    const uint32_t abgr = created(D3DFMT_A8B8G8R8, D3DDDI_RESOURCE_TEXTURE | D3DDDI_RESOURCE_RENDERTARGET,
                                  {{kSize, kSize, 1, nullptr, 0, 0}});
    EXPECT_EQ(texBlt(abgr, sampledTexture(), POINT{0, 0}, RECTL{0, 0, kSize, kSize}), D3DERR_INVALIDCALL);
}

} // namespace
} // namespace ddivk::test

// D3DFMT_NULL ('NULL'), the render-target format NVIDIA and AMD expose for depth-only passes: a
// surface with a size and no memory. Made through the UMD door's CreateResource (and
// ddivk_surface_create), set by SETRENDERTARGET; draws and colour clears into it go nowhere;
// locks, reads, flips, blits and fills of it fail with D3DERR_INVALIDCALL and change nothing
// (docs/draw-translator.md, "The NULL render target").
#include "cts/cts_fixture.h"
#include "ddivk/d3d9_formats.h"
#include "device/device.h"

namespace ddivk::test {
namespace {

class NullTarget : public Cts {
  protected:
    void SetUp() override {
        Cts::SetUp();
        clearTarget();
        null_ = created(D3DFMT_NULL, D3DDDI_RESOURCE_RENDERTARGET, {{kWidth, kHeight, 1, nullptr, 0, 0}});
    }
    void TearDown() override {
        EXPECT_EQ(ddivk_surface_destroy(device_, null_), S_OK);
        Cts::TearDown();
    }

    // SETRENDERTARGET to `target` (keeping no depth buffer).
    void setTarget(uint32_t target) {
        CommandStream s;
        s.cmd(D3DDP2OP_SETRENDERTARGET, 1).put(D3DHAL_DP2SETRENDERTARGET{target, 0});
        run(s);
    }
    // The whole target holds kCtsBackground.
    void expectBackground() {
        for (uint32_t p : readTarget())
            ASSERT_EQ(p, kCtsBackground);
    }

    uint32_t null_ = 0;
};

// CreateResource of a NULL render target gives a surface with its width and height and no
// Vulkan image.
TEST_F(NullTarget, NullFormatCreatesARenderTargetWithoutMemory) {
    std::lock_guard lock(driverDevice().lock());
    device::Surface* s = driverDevice().findSurface(null_);
    ASSERT_NE(s, nullptr);
    EXPECT_EQ(s->width(), kWidth);
    EXPECT_EQ(s->height(), kHeight);
    EXPECT_FALSE(s->hasImage());
    EXPECT_FALSE(s->isDepthStencil());
}

// NULL is a render-target format only: not a depth buffer, not a texture.
TEST_F(NullTarget, NullFormatIsARenderTargetFormatOnly) {
    uint32_t h = 0;
    EXPECT_EQ(createResource(D3DFMT_NULL, D3DDDI_RESOURCE_ZBUFFER, {{8, 8, 1, nullptr, 0, 0}}, 1, &h),
              D3DERR_INVALIDCALL);
    EXPECT_EQ(createResource(D3DFMT_NULL, D3DDDI_RESOURCE_TEXTURE, {{8, 8, 1, nullptr, 0, 0}}, 1, &h),
              D3DERR_INVALIDCALL);
    EXPECT_EQ(createResource(D3DFMT_NULL, D3DDDI_RESOURCE_RENDERTARGET | D3DDDI_RESOURCE_TEXTURE,
                             {{8, 8, 1, nullptr, 0, 0}}, 1, &h),
              D3DERR_INVALIDCALL);
    ddivk_surface_desc depth{8, 8, D3DFMT_NULL, DDIVK_SURFACE_DEPTHSTENCIL};
    EXPECT_EQ(ddivk_surface_create(device_, &depth, &h), D3DERR_INVALIDCALL);
    ddivk_surface_desc empty{0, 8, D3DFMT_NULL, DDIVK_SURFACE_RENDERTARGET};
    EXPECT_EQ(ddivk_surface_create(device_, &empty, &h), D3DERR_INVALIDCALL);
}

// SETRENDERTARGET to a NULL surface is valid; draws and colour clears into it write nothing
// (the real target, set again, still holds its background).
TEST_F(NullTarget, DrawsAndClearsIntoANullRenderTargetGoNowhere) {
    setTarget(null_);
    CommandStream s;
    renderState(s, D3DRS_CULLMODE, D3DCULL_NONE);
    clear(s, D3DCLEAR_TARGET, 0xFFFFFFFF);
    const std::vector<TLVertex> v = {vtx(2, 3, 0xFFFF0000), vtx(40, 3, 0xFFFF0000), vtx(2, 30, 0xFFFF0000)};
    s.cmd(D3DDP2OP_TRIANGLELIST, 1).put(D3DHAL_DP2TRIANGLELIST{0});
    ASSERT_EQ(execute(s, v), S_OK) << errorOffset();
    setTarget(target_);
    expectBackground();
}

// A NULL surface has no pixels to lock, read or present.
TEST_F(NullTarget, LockingReadingOrFlippingANullSurfaceFails) {
    D3DDDIARG_LOCK lock{};
    lock.hResource = reinterpret_cast<HANDLE>(uintptr_t(null_));
    EXPECT_EQ(umd().pfnLock(dev(), &lock), D3DERR_INVALIDCALL);
    EXPECT_EQ(lock.pSurfData, nullptr);
    D3DDDIARG_UNLOCK unlock{lock.hResource, 0, 0};
    EXPECT_EQ(umd().pfnUnlock(dev(), &unlock), D3DERR_INVALIDCALL);
    std::vector<uint32_t> pixels(size_t(kWidth) * kHeight);
    EXPECT_EQ(ddivk_surface_read(device_, null_, pixels.data(), kWidth * 4, pixels.size() * 4),
              D3DERR_INVALIDCALL);
    EXPECT_EQ(ddivk_surface_flip(device_, null_), D3DERR_INVALIDCALL);
}

// Blits from or to a NULL surface, and fills of it, fail at their token and change nothing.
TEST_F(NullTarget, BlitsAndFillsOfANullSurfaceFailAndChangeNothing) {
    const RECT all{0, 0, int32_t(kWidth), int32_t(kHeight)}, part{2, 2, 10, 10};
    CommandStream from;
    from.cmd(D3DDP2OP_BLT, 1).put(D3DHAL_DP2BLT{null_, all, 0, target_, all, 0, 0});
    EXPECT_EQ(execute(from), D3DERR_INVALIDCALL);
    EXPECT_EQ(errorOffset(), 0u);
    CommandStream to;
    to.cmd(D3DDP2OP_BLT, 1).put(D3DHAL_DP2BLT{target_, part, 0, null_, part, 0, 0});
    EXPECT_EQ(execute(to), D3DERR_INVALIDCALL);
    CommandStream surfaceBlt;
    surfaceBlt.cmd(D3DDP2OP_SURFACEBLT, 1).put(D3DHAL_DP2SURFACEBLT{null_, part, 0, target_, part, 0, 0});
    EXPECT_EQ(execute(surfaceBlt), D3DERR_INVALIDCALL);
    CommandStream fill;
    fill.cmd(D3DDP2OP_COLORFILL, 1).put(D3DHAL_DP2COLORFILL{null_, part, 0xFFFFFFFF});
    EXPECT_EQ(execute(fill), D3DERR_INVALIDCALL);
    expectBackground();
}

} // namespace
} // namespace ddivk::test

// The render-target texture scenes' fixture (render_target_textures_test.cpp,
// read_only_depth_test.cpp): render-target and depth textures made through the UMD door, set as
// targets and depth buffers and sampled through either door, with the helpers that map pixels.
#pragma once

#include "cts/cts_fixture.h"
#include "ddivk/d3d9_formats.h"

namespace ddivk::test {

inline constexpr const char* kSamplePs = "ps_3_0\ndcl_texcoord v0\ndcl_2d s0\ntexldl oC0, v0, s0\n";
// The same lookup with alpha moved into red (r0.wyzx), for targets without alpha.
inline constexpr const char* kAlphaToRedPs =
    "ps_3_0\ndcl_texcoord v0\ndcl_2d s0\ntexldl r0, v0, s0\nmov oC0, r0.wyzx\n";

// A point at a depth, for kColorPointVs with a FLOAT3 position: clip = (pixel * (2 / W, -2 / H)
// + (-1, 1), z, 1) with mapPixels(..., 1, 0)'s c0, c1.
struct DepthPoint {
    float x, y, z;
    uint32_t color;
};
inline const std::vector<D3DVERTEXELEMENT9> kDepthDecl = {
    {0, 0, D3DDECLTYPE_FLOAT3, 0, D3DDECLUSAGE_POSITION, 0},
    {0, 12, D3DDECLTYPE_D3DCOLOR, 0, D3DDECLUSAGE_COLOR, 0},
};

class TargetTextures : public Cts, public ::testing::WithParamInterface<Door> {
  protected:
    Door door() const { return GetParam(); }
    void SetUp() override {
        Cts::SetUp();
        clearTarget();
    }

    // A render-target (or, with ZBUFFER, depth) texture: `levels` levels of size w x h (6 faces
    // for cubes).
    HRESULT createTargetTexture(uint32_t flags, uint32_t format, uint32_t w, uint32_t h, uint32_t levels,
                                uint32_t* handle) {
        const uint32_t faces = (flags & D3DDDI_RESOURCE_CUBEMAP) ? 6 : 1;
        std::vector<D3DDDI_SURFACEINFO> surfaces;
        for (uint32_t f = 0; f < faces; ++f)
            for (uint32_t l = 0; l < levels; ++l)
                surfaces.push_back({std::max(1u, w >> l), std::max(1u, h >> l), 1, nullptr, 0, 0});
        return createResource(format, D3DDDI_RESOURCE_TEXTURE | flags, surfaces, levels, handle);
    }
    uint32_t targetTexture(uint32_t flags, uint32_t format, uint32_t w, uint32_t h, uint32_t levels) {
        uint32_t handle = 0;
        EXPECT_EQ(createTargetTexture(D3DDDI_RESOURCE_RENDERTARGET | flags, format, w, h, levels, &handle),
                  S_OK);
        return handle;
    }
    // SetRenderTarget of subresource `sub` of `texture` through the door (DP2: its surface).
    HRESULT setTarget(uint32_t texture, uint32_t sub) {
        if (door() == Door::Umd) {
            D3DDDIARG_SETRENDERTARGET a{0, reinterpret_cast<HANDLE>(uintptr_t(texture)), sub};
            return umdState().pfnSetRenderTarget(dev(), &a);
        }
        CommandStream s;
        s.cmd(D3DDP2OP_SETRENDERTARGET2, 1).put(D3DHAL_DP2SETRENDERTARGET2{0, texture + 1 + sub});
        return execute(s, nullptr, 0, 0, 0);
    }
    // Back to the fixture's 64 x 48 surface, with its viewport and pixel mapping.
    void restoreTarget() {
        CommandStream s;
        s.cmd(D3DDP2OP_SETRENDERTARGET2, 1).put(D3DHAL_DP2SETRENDERTARGET2{0, target_});
        run(s);
        ASSERT_EQ(setViewport(door(), 0, 0, kWidth, kHeight), S_OK);
    }
    HRESULT setDepth(uint32_t texture) {
        if (door() == Door::Umd) {
            D3DDDIARG_SETDEPTHSTENCIL a{reinterpret_cast<HANDLE>(uintptr_t(texture))};
            return umdState().pfnSetDepthStencil(dev(), &a);
        }
        CommandStream s;
        s.cmd(D3DDP2OP_SETDEPTHSTENCIL, 1).put(D3DHAL_DP2SETDEPTHSTENCIL{texture ? texture + 1 : 0});
        return execute(s, nullptr, 0, 0, 0);
    }
    void bind(uint32_t sampler, uint32_t texture) {
        if (door() == Door::Umd) {
            ASSERT_EQ(umd().pfnSetTexture(dev(), sampler, reinterpret_cast<HANDLE>(uintptr_t(texture))),
                      S_OK);
            return;
        }
        CommandStream s;
        s.cmd(D3DDP2OP_TEXTURESTAGESTATE, 1)
            .put(D3DHAL_DP2TEXTURESTAGESTATE{uint16_t(sampler), D3DTSS_TEXTUREMAP, texture});
        run(s);
    }
    // Viewport and c0, c1 for a target of w x h: pixel centres (integers) land on the pixel.
    void mapPixels(uint32_t w, uint32_t h, float zScale = 0.0f, float zBias = 0.5f) {
        ASSERT_EQ(setViewport(door(), 0, 0, w, h), S_OK);
        EXPECT_EQ(setVsConstant(door(), 0, 2.0f / float(w), -2.0f / float(h), zScale, 0.0f), S_OK);
        EXPECT_EQ(setVsConstant(door(), 1, -1.0f, 1.0f, zBias, 1.0f), S_OK);
    }
    // A depth texture of `format` the size of the fixture's target, left bound as the depth
    // buffer (Z on, writes on, LESSEQUAL), cleared to 1 with `points` drawn in at their depths;
    // the colour target is cleared again afterwards.
    uint32_t depthTextureWithPoints(uint32_t format, const std::vector<DepthPoint>& points) {
        uint32_t depth = 0;
        EXPECT_EQ(createTargetTexture(D3DDDI_RESOURCE_ZBUFFER, format, kWidth, kHeight, 1, &depth), S_OK);
        EXPECT_EQ(setDepth(depth), S_OK);
        drawDepthPoints(points);
        clearTarget(door()); // the colour only: the depth stays
        return depth;
    }
    // The bound depth buffer (Z on, writes on, LESSEQUAL) cleared to 1 with `points` drawn in at
    // their depths.
    void drawDepthPoints(const std::vector<DepthPoint>& points) {
        EXPECT_EQ(setRenderState(door(), D3DRS_ZENABLE, D3DZB_TRUE), S_OK);
        EXPECT_EQ(setRenderState(door(), D3DRS_ZWRITEENABLE, 1), S_OK);
        EXPECT_EQ(setRenderState(door(), D3DRS_ZFUNC, D3DCMP_LESSEQUAL), S_OK);
        EXPECT_EQ(clearWith(door(), D3DCLEAR_ZBUFFER, 0, {}, 1.0f), S_OK);
        setProgram(door(), kColorPointVs, kColorPointPs, kDepthDecl);
        mapPixels(kWidth, kHeight, 1.0f, 0.0f);
        setStream(door(), 0, createBuffer(points), 0, sizeof(DepthPoint));
        EXPECT_EQ(drawPrimitive(door(), D3DPT_POINTLIST, 0, uint32_t(points.size())), S_OK);
    }
    // Coloured points (kColorPointVs) at pixel positions of the current target.
    void drawColorPoints(const std::vector<PixelVertex>& points) {
        setProgram(door(), kColorPointVs, kColorPointPs, colorPointDeclaration());
        setStream(door(), 0, createBuffer(points), 0, sizeof(PixelVertex));
        ASSERT_EQ(drawPrimitive(door(), D3DPT_POINTLIST, 0, uint32_t(points.size())), S_OK);
    }
    // On the fixture's target: pixel (x0 + x, y0 + y) samples texel (x, y) of level `lod` of a
    // size x size level.
    void drawSampled(uint32_t texture, uint32_t size, float lod, int x0, int y0, const char* ps = kSamplePs) {
        restoreTarget();
        setProgram(door(), kTexPointVs, ps, texPointDeclaration());
        setPixelToClip(door());
        bind(0, texture);
        CommandStream s;
        s.cmd(D3DDP2OP_TEXTURESTAGESTATE, 1)
            .put(D3DHAL_DP2TEXTURESTAGESTATE{0, D3DTSS_MIPFILTER, D3DTEXF_POINT});
        run(s);
        std::vector<TexPoint> points;
        for (uint32_t y = 0; y < size; ++y)
            for (uint32_t x = 0; x < size; ++x)
                points.push_back({float(x0 + int(x)), float(y0 + int(y)), (x + 0.5f) / float(size),
                                  (y + 0.5f) / float(size), 0, lod});
        setStream(door(), 0, createBuffer(points), 0, sizeof(TexPoint));
        ASSERT_EQ(drawPrimitive(door(), D3DPT_POINTLIST, 0, uint32_t(points.size())), S_OK);
    }
    static void put(Pixels& scene, int x0, int y0, uint32_t size, const std::vector<uint32_t>& texels) {
        for (uint32_t y = 0; y < size; ++y)
            for (uint32_t x = 0; x < size; ++x)
                scene[{x0 + int(x), y0 + int(y)}] = texels[y * size + x];
    }
};

} // namespace ddivk::test

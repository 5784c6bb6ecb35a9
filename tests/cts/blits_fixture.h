// The fixture of the blit and fill tests (blits_test.cpp, block_fills_test.cpp): render targets,
// depth surfaces and textures made through the UMD door, DP2 BLT / COLORFILL / TEXBLT streams, and
// read-backs (the render target, ddivk_surface_read, Lock of textures).
#pragma once

#include <cstring>
#include <tuple>
#include <utility>
#include <vector>

#include "cts/cts_fixture.h"

namespace ddivk::test {

// A texel value that names its level and position (A8R8G8B8, opaque).
inline uint32_t texel(uint32_t level, uint32_t x, uint32_t y) {
    return 0xFF000000u | (level * 0x40u + 0x11u) << 16 | (y * 7u + 3u) << 8 | (x * 13u + 5u);
}

inline RECT rect(int32_t l, int32_t t, int32_t r, int32_t b) {
    return {l, t, r, b};
}

class Blits : public Cts {
  protected:
    void SetUp() override {
        Cts::SetUp();
        CommandStream s;
        clear(s, D3DCLEAR_TARGET, kCtsBackground);
        run(s);
    }

    // A render target or depth surface through CreateResource.
    uint32_t createSurface(uint32_t w, uint32_t h, uint32_t format,
                           uint32_t flags = D3DDDI_RESOURCE_RENDERTARGET) {
        return created(format, flags, {{w, h, 1, nullptr, 0, 0}});
    }
    // A 2D texture (flags | TEXTURE; 6 faces with CUBEMAP) whose levels hold texel(level, x, y)
    // (4-byte formats) or zeros (zero = true, or other formats). 0 when the device has no such
    // texture.
    uint32_t createTexture(uint32_t w, uint32_t h, uint32_t levels, uint32_t format = D3DFMT_A8R8G8B8,
                           bool zero = false, uint32_t flags = 0) {
        const uint32_t faces = (flags & D3DDDI_RESOURCE_CUBEMAP) ? 6 : 1;
        std::vector<std::vector<uint32_t>> data;
        std::vector<D3DDDI_SURFACEINFO> surfaces;
        for (uint32_t f = 0; f < faces; ++f)
            for (uint32_t l = 0; l < levels; ++l) {
                const uint32_t lw = std::max(1u, w >> l), lh = std::max(1u, h >> l);
                std::vector<uint32_t> level(size_t(lw) * lh * 4, 0); // room for 16-byte formats
                if (!zero && format == D3DFMT_A8R8G8B8)
                    for (uint32_t y = 0; y < lh; ++y)
                        for (uint32_t x = 0; x < lw; ++x)
                            level[y * lw + x] = texel(l + 4 * f, x, y);
                data.push_back(std::move(level));
            }
        for (uint32_t i = 0; i < data.size(); ++i) {
            const uint32_t l = i % levels;
            surfaces.push_back({std::max(1u, w >> l), std::max(1u, h >> l), 1, data[i].data(), 0, 0});
        }
        uint32_t handle = 0;
        const HRESULT hr = createResource(format, D3DDDI_RESOURCE_TEXTURE | flags, surfaces, levels, &handle);
        if (hr == D3DERR_NOTAVAILABLE) return 0;
        EXPECT_EQ(hr, S_OK);
        return handle;
    }
    // The pixels of a 4-byte surface (ddivk_surface_read).
    std::vector<uint32_t> read32(uint32_t surface, uint32_t w, uint32_t h) {
        std::vector<uint32_t> pixels(size_t(w) * h);
        EXPECT_EQ(ddivk_surface_read(device_, surface, pixels.data(), w * 4, pixels.size() * 4), S_OK);
        return pixels;
    }
    std::vector<uint16_t> read16(uint32_t surface, uint32_t w, uint32_t h) {
        std::vector<uint16_t> pixels(size_t(w) * h);
        EXPECT_EQ(ddivk_surface_read(device_, surface, pixels.data(), w * 2, pixels.size() * 2), S_OK);
        return pixels;
    }
    // Subresource `sub` of a texture through Lock (READONLY) as rows of `width` values of T.
    template <class T = uint32_t>
    std::vector<T> lockRead(uint32_t texture, uint32_t sub, uint32_t width, uint32_t rows) {
        D3DDDIARG_LOCK lock{};
        lock.hResource = reinterpret_cast<HANDLE>(uintptr_t(texture));
        lock.SubResourceIndex = sub;
        lock.Flags.Value = D3DDDI_LOCK_READONLY;
        EXPECT_EQ(umd().pfnLock(dev(), &lock), S_OK);
        std::vector<T> out(size_t(width) * rows);
        if (!lock.pSurfData) return out;
        for (uint32_t y = 0; y < rows; ++y)
            std::memcpy(&out[size_t(y) * width],
                        static_cast<const uint8_t*>(lock.pSurfData) + size_t(y) * lock.Pitch,
                        width * sizeof(T));
        D3DDDIARG_UNLOCK unlock{lock.hResource, sub, 0};
        EXPECT_EQ(umd().pfnUnlock(dev(), &unlock), S_OK);
        return out;
    }

    static void blt(CommandStream& s, uint32_t src, RECT from, uint32_t dst, RECT to, uint32_t flags = 0,
                    uint32_t srcLevel = 0, uint32_t dstLevel = 0) {
        s.cmd(D3DDP2OP_BLT, 1).put(D3DHAL_DP2BLT{src, from, srcLevel, dst, to, dstLevel, flags});
    }
    static void colorFill(CommandStream& s, uint32_t surface, RECT r, D3DCOLOR color) {
        s.cmd(D3DDP2OP_COLORFILL, 1).put(D3DHAL_DP2COLORFILL{surface, r, color});
    }
    static void texBlt(CommandStream& s, uint32_t dst, uint32_t src, POINT at, RECT from) {
        s.cmd(D3DDP2OP_TEXBLT, 1).put(D3DHAL_DP2TEXBLT{dst, src, at, from, 0});
    }

    // Appends a pre-transformed draw of one pixel at (x, y) per entry (two triangles around each
    // pixel centre) to `s`, vertices into `v`.
    static void drawPixels(CommandStream& s, std::vector<TLVertex>& v,
                           const std::vector<std::tuple<float, float, uint32_t>>& pixels) {
        for (const auto& [x, y, color] : pixels) {
            const float l = x - 0.5f, t = y - 0.5f, r = x + 0.5f, b = y + 0.5f;
            for (auto [px, py] : {std::pair{l, t}, {r, t}, {l, b}, {r, t}, {r, b}, {l, b}})
                v.push_back(vtx(px, py, color));
        }
        s.cmd(D3DDP2OP_TRIANGLELIST, uint16_t(2 * pixels.size())).put(D3DHAL_DP2TRIANGLELIST{0});
    }

    // Runs `s` and expects it to fail with `want` at its last token.
    void expectFailsAtLastToken(CommandStream& s, HRESULT want = D3DERR_INVALIDCALL) {
        const size_t last = s.tokens().back().start;
        EXPECT_EQ(execute(s), want);
        EXPECT_EQ(errorOffset(), last);
    }
};

} // namespace ddivk::test

// The fixture of the UMD blit door's scenes (umd_blits_test.cpp, umd_buffer_blits_test.cpp):
// textures, volumes and buffers made through CreateResource with contents that name their
// texels, read back through Lock, and the blit table (include/ddivk/umd_blit.h).
#pragma once

#include <cstring>
#include <vector>

#include "cts/cts_fixture.h"

namespace ddivk::test {

// A texel that names its texture, level and position (A8R8G8B8, opaque).
inline uint32_t texel(uint32_t tag, uint32_t level, uint32_t x, uint32_t y) {
    return 0xFF000000u | (tag * 0x40u + level * 0x10u + 1u) << 16 | (y * 7u + 3u) << 8 | (x * 13u + 5u);
}

inline HANDLE h(uint64_t handle) {
    return reinterpret_cast<HANDLE>(uintptr_t(handle));
}

// A handle whose low 32 bits name `handle`: wider than the driver's handles, so it names nothing.
inline HANDLE wide(uint32_t handle) {
    return h((uint64_t(1) << 32) | handle);
}

// Two triangles covering the pixel centres [x0, x1) x [y0, y1) (D3D9 centres on integers).
inline void addQuad(std::vector<PixelVertex>& v, int x0, int y0, int x1, int y1, uint32_t color) {
    const float l = float(x0) - 0.5f, t = float(y0) - 0.5f, r = float(x1) - 0.5f, b = float(y1) - 0.5f;
    const PixelVertex a{l, t, color}, bb{r, t, color}, c{l, b, color}, d{r, b, color};
    v.insert(v.end(), {a, bb, c, c, bb, d});
}

inline void fill(Pixels& p, int x0, int y0, int x1, int y1, uint32_t color) {
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x)
            p[{x, y}] = color;
}

class UmdBlits : public Cts {
  protected:
    void SetUp() override {
        Cts::SetUp();
        clearTarget();
    }
    static const DDIVK_D3DDDI_BLITFUNCS& blit() { return *ddivk_umd_blit_functions(); }

    // A 2D texture (6 faces with CUBEMAP) whose level l of face f holds texel(tag + f, l, x, y).
    uint32_t createTexture(uint32_t tag, uint32_t w, uint32_t hgt, uint32_t levels, uint32_t flags = 0,
                           uint32_t format = D3DFMT_A8R8G8B8) {
        const uint32_t faces = (flags & D3DDDI_RESOURCE_CUBEMAP) ? 6 : 1;
        data_.emplace_back();
        std::vector<D3DDDI_SURFACEINFO> surfaces;
        std::vector<std::vector<uint32_t>>& data = data_.back();
        for (uint32_t f = 0; f < faces; ++f)
            for (uint32_t l = 0; l < levels; ++l) {
                const uint32_t lw = std::max(1u, w >> l), lh = std::max(1u, hgt >> l);
                std::vector<uint32_t> level(size_t(lw) * lh);
                for (uint32_t y = 0; y < lh; ++y)
                    for (uint32_t x = 0; x < lw; ++x)
                        level[y * lw + x] = texel(tag + f, l, x, y);
                data.push_back(std::move(level));
            }
        for (uint32_t i = 0; i < data.size(); ++i) {
            const uint32_t l = i % levels, lw = std::max(1u, w >> l), lh = std::max(1u, hgt >> l);
            surfaces.push_back({lw, lh, 1, data[i].data(), lw * 4, 0});
        }
        return created(format, D3DDDI_RESOURCE_TEXTURE | flags, surfaces, levels);
    }
    // A volume texture of one level whose texels are texel(tag, z, x, y).
    uint32_t createVolume(uint32_t tag, uint32_t w, uint32_t hgt, uint32_t d) {
        data_.emplace_back();
        std::vector<uint32_t> texels(size_t(w) * hgt * d);
        for (uint32_t z = 0; z < d; ++z)
            for (uint32_t y = 0; y < hgt; ++y)
                for (uint32_t x = 0; x < w; ++x)
                    texels[(z * hgt + y) * w + x] = texel(tag, z, x, y);
        data_.back().push_back(std::move(texels));
        return created(D3DFMT_A8R8G8B8, D3DDDI_RESOURCE_TEXTURE | D3DDDI_RESOURCE_VOLUME,
                       {{w, hgt, d, data_.back()[0].data(), w * 4, w * hgt * 4}});
    }
    // `bytes` bytes of a buffer or subresource `sub` of a texture (rows of `rowBytes`, `slices`
    // slices) through a plain Lock, which waits for the GPU work recorded before it.
    std::vector<uint8_t> lockRead(uint32_t resource, uint32_t sub, uint32_t rowBytes, uint32_t rows,
                                  uint32_t slices = 1) {
        D3DDDIARG_LOCK lock{};
        lock.hResource = h(resource);
        lock.SubResourceIndex = sub;
        std::vector<uint8_t> out(size_t(rowBytes) * rows * slices);
        EXPECT_EQ(umd().pfnLock(dev(), &lock), S_OK);
        if (!lock.pSurfData) return out;
        for (uint32_t z = 0; z < slices; ++z)
            for (uint32_t y = 0; y < rows; ++y)
                std::memcpy(&out[(size_t(z) * rows + y) * rowBytes],
                            static_cast<const uint8_t*>(lock.pSurfData) + size_t(z) * lock.SlicePitch +
                                size_t(y) * lock.Pitch,
                            rowBytes);
        D3DDDIARG_UNLOCK unlock{lock.hResource, sub, 0};
        EXPECT_EQ(umd().pfnUnlock(dev(), &unlock), S_OK);
        return out;
    }
    std::vector<uint32_t> texels(uint32_t texture, uint32_t sub, uint32_t w, uint32_t hgt, uint32_t d = 1) {
        const std::vector<uint8_t> bytes = lockRead(texture, sub, w * 4, hgt, d);
        std::vector<uint32_t> out(bytes.size() / 4);
        std::memcpy(out.data(), bytes.data(), bytes.size());
        return out;
    }
    // Level `level` of a texture made by createTexture(tag, ...) must be untouched.
    void expectUntouched(uint32_t texture, uint32_t tag, uint32_t level, uint32_t w, uint32_t hgt) {
        const std::vector<uint32_t> got = texels(texture, level, w, hgt);
        for (uint32_t y = 0; y < hgt; ++y)
            for (uint32_t x = 0; x < w; ++x)
                ASSERT_EQ(got[y * w + x], texel(tag, level, x, y)) << x << "," << y;
    }

    HRESULT bufBlt(uint64_t dst, uint64_t src, uint32_t offset, uint32_t from, uint32_t size) {
        const D3DDDIARG_BUFFERBLT a{h(dst), h(src), offset, {from, size}};
        return blit().pfnBufBlt(dev(), &a);
    }

    std::vector<std::vector<std::vector<uint32_t>>> data_; // initial contents, alive with the test
};

} // namespace ddivk::test

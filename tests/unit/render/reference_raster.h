// A small CPU rasteriser for pre-transformed triangles, written from D3D9's rules: pixel centres
// on integer coordinates, the top-left fill convention, colours interpolated linearly in screen
// space (exact for rhw = 1). Tests compare the driver's pixels with it.
#pragma once

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace ddivk::test {

struct RefVertex {
    float x, y;
    float r, g, b, a; // 0..1
};

class ReferenceTarget {
  public:
    ReferenceTarget(uint32_t width, uint32_t height, uint32_t clearColor)
        : width_(width), height_(height), pixels_(size_t(width) * height, clearColor) {}

    uint32_t width() const { return width_; }
    uint32_t height() const { return height_; }
    uint32_t at(uint32_t x, uint32_t y) const { return pixels_[size_t(y) * width_ + x]; }
    const std::vector<uint32_t>& pixels() const { return pixels_; }

    // Fills a triangle (either winding). Colours are written as X8R8G8B8 with alpha 0xFF.
    void triangle(RefVertex v0, RefVertex v1, RefVertex v2) {
        // Make the triangle clockwise on screen (y down): then inside means every edge
        // function is positive, top edges run +x, left edges run -y.
        if (edge(v0, v1, v2.x, v2.y) < 0) std::swap(v1, v2);
        float area = edge(v0, v1, v2.x, v2.y);
        if (area == 0) return;
        for (uint32_t y = 0; y < height_; ++y) {
            for (uint32_t x = 0; x < width_; ++x) {
                float px = float(x), py = float(y);
                float w0 = edge(v1, v2, px, py), w1 = edge(v2, v0, px, py), w2 = edge(v0, v1, px, py);
                if (!inside(w0, v1, v2) || !inside(w1, v2, v0) || !inside(w2, v0, v1)) continue;
                float b0 = w0 / area, b1 = w1 / area, b2 = w2 / area;
                auto mix = [&](float c0, float c1, float c2) { return b0 * c0 + b1 * c1 + b2 * c2; };
                pixels_[size_t(y) * width_ + x] =
                    pack(mix(v0.r, v1.r, v2.r), mix(v0.g, v1.g, v2.g), mix(v0.b, v1.b, v2.b));
            }
        }
    }

    static uint32_t pack(float r, float g, float b) {
        auto q = [](float c) { return uint32_t(std::lround(std::clamp(c, 0.0f, 1.0f) * 255.0f)); };
        return 0xFF000000u | q(r) << 16 | q(g) << 8 | q(b);
    }

  private:
    static float edge(const RefVertex& a, const RefVertex& b, float px, float py) {
        return (b.x - a.x) * (py - a.y) - (b.y - a.y) * (px - a.x);
    }
    // Top-left rule for a clockwise triangle: a centre exactly on an edge belongs to the
    // triangle only when the edge is a top edge (horizontal, running +x) or a left edge
    // (running -y).
    static bool inside(float w, const RefVertex& a, const RefVertex& b) {
        if (w > 0) return true;
        if (w < 0) return false;
        float dx = b.x - a.x, dy = b.y - a.y;
        return (dy == 0 && dx > 0) || dy < 0;
    }

    uint32_t width_, height_;
    std::vector<uint32_t> pixels_;
};

// Counts pixels that differ by more than `tolerance` in any channel, and reports the first.
inline ::testing::AssertionResult matches(const std::vector<uint32_t>& got, const ReferenceTarget& want,
                                   int tolerance = 0) {
    size_t bad = 0;
    std::string first;
    for (uint32_t y = 0; y < want.height(); ++y) {
        for (uint32_t x = 0; x < want.width(); ++x) {
            uint32_t g = got[size_t(y) * want.width() + x], w = want.at(x, y);
            for (int shift = 0; shift < 32; shift += 8) {
                int d = int((g >> shift) & 0xFF) - int((w >> shift) & 0xFF);
                if (std::abs(d) > tolerance) {
                    if (bad++ == 0) {
                        char msg[96];
                        std::snprintf(msg, sizeof(msg), "(%u,%u) got %08x want %08x", x, y, g, w);
                        first = msg;
                    }
                    break;
                }
            }
        }
    }
    if (bad == 0) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << bad << " pixels differ, first " << first;
}

} // namespace ddivk::test

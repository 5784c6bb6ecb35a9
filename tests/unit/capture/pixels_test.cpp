// The replay's render-target hash and PNG conversion (docs/dp2-capture.md, "Replay"), and the
// format table the file header is checked against.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "capture/pixels.h"
#include "capture/surface_formats.h"
#include "ddivk/d3d9_formats.h"

namespace ddivk::capture {
namespace {

std::span<const uint8_t> bytesOf(const std::string& s) {
    return {reinterpret_cast<const uint8_t*>(s.data()), s.size()};
}

// Published FNV-1a 64 test vectors.
TEST(CapturePixels, Fnv1a64KnownValues) {
    EXPECT_EQ(fnv1a64({}), 0xcbf29ce484222325ull);
    EXPECT_EQ(fnv1a64(bytesOf("a")), 0xaf63dc4c8601ec8cull);
    EXPECT_EQ(fnv1a64(bytesOf("foobar")), 0x85944171f73967e8ull);
    // Hashing in pieces equals hashing at once.
    EXPECT_EQ(fnv1a64(bytesOf("bar"), fnv1a64(bytesOf("foo"))), 0x85944171f73967e8ull);
}

TEST(CapturePixels, BgraFormatsSwapRedAndBlue) {
    const std::vector<uint8_t> pixel = {0x10, 0x20, 0x30, 0x40}; // B G R A in memory
    std::vector<uint8_t> rgba;
    ASSERT_TRUE(toRgba8(D3DFMT_A8R8G8B8, 1, 1, pixel, rgba));
    EXPECT_EQ(rgba, (std::vector<uint8_t>{0x30, 0x20, 0x10, 0x40}));
    ASSERT_TRUE(toRgba8(D3DFMT_X8R8G8B8, 1, 1, pixel, rgba));
    EXPECT_EQ(rgba, (std::vector<uint8_t>{0x30, 0x20, 0x10, 255}));
    ASSERT_TRUE(toRgba8(D3DFMT_A8B8G8R8, 1, 1, pixel, rgba));
    EXPECT_EQ(rgba, (std::vector<uint8_t>{0x10, 0x20, 0x30, 0x40}));
    ASSERT_TRUE(toRgba8(D3DFMT_X8B8G8R8, 1, 1, pixel, rgba));
    EXPECT_EQ(rgba, (std::vector<uint8_t>{0x10, 0x20, 0x30, 255}));
}

TEST(CapturePixels, SixteenBitFormatsWidenByReplication) {
    std::vector<uint8_t> rgba;
    const std::vector<uint8_t> r5g6b5 = {0x1f, 0xf8}; // red 31, green 0, blue 31 -> 0xf81f
    ASSERT_TRUE(toRgba8(D3DFMT_R5G6B5, 1, 1, r5g6b5, rgba));
    EXPECT_EQ(rgba, (std::vector<uint8_t>{255, 0, 255, 255}));
    const std::vector<uint8_t> green = {0xe0, 0x07}; // green 63
    ASSERT_TRUE(toRgba8(D3DFMT_R5G6B5, 1, 1, green, rgba));
    EXPECT_EQ(rgba, (std::vector<uint8_t>{0, 255, 0, 255}));
    const std::vector<uint8_t> a1 = {0x10, 0x42}; // alpha 0, red 16, green 16, blue 16
    ASSERT_TRUE(toRgba8(D3DFMT_A1R5G5B5, 1, 1, a1, rgba));
    EXPECT_EQ(rgba, (std::vector<uint8_t>{0x84, 0x84, 0x84, 0}));
    ASSERT_TRUE(toRgba8(D3DFMT_X1R5G5B5, 1, 1, a1, rgba));
    EXPECT_EQ(rgba[3], 255);
}

TEST(CapturePixels, RejectsUnknownFormatsAndWrongSizes) {
    std::vector<uint8_t> rgba;
    const std::vector<uint8_t> pixels(16);
    EXPECT_FALSE(toRgba8(D3DFMT_A16B16G16R16F, 1, 1, pixels, rgba));
    EXPECT_FALSE(toRgba8(D3DFMT_A8R8G8B8, 2, 1, pixels, rgba)); // needs 8 bytes, has 16
    EXPECT_TRUE(rgba.empty());
}

// Walks every row of the format table: unique, known byte sizes, found by its own kind only.
TEST(CaptureSurfaceFormats, EveryRowIsConsistent) {
    std::set<std::pair<uint32_t, SurfaceKind>> seen;
    for (const SurfaceFormatInfo& row : surfaceFormats()) {
        SCOPED_TRACE(row.name);
        EXPECT_TRUE(seen.insert({row.format, row.kind}).second);
        EXPECT_TRUE(row.bytesPerPixel == 1 || row.bytesPerPixel == 2 || row.bytesPerPixel == 4 ||
                    row.bytesPerPixel == 8 || row.bytesPerPixel == 16);
        EXPECT_EQ(findSurfaceFormat(row.format, row.kind), &row);
        const SurfaceKind other =
            row.kind == SurfaceKind::RenderTarget ? SurfaceKind::DepthStencil : SurfaceKind::RenderTarget;
        EXPECT_EQ(findSurfaceFormat(row.format, other), nullptr);
    }
    EXPECT_EQ(findSurfaceFormat(D3DFMT_UNKNOWN, SurfaceKind::RenderTarget), nullptr);
    EXPECT_EQ(findSurfaceFormat(D3DFMT_A8R8G8B8, SurfaceKind::RenderTarget)->bytesPerPixel, 4u);
    EXPECT_EQ(findSurfaceFormat(D3DFMT_D16, SurfaceKind::DepthStencil)->bytesPerPixel, 2u);
}

} // namespace
} // namespace ddivk::capture

// The D3DFORMAT table: every colour format, stored in its Vulkan format and sampled through the
// row's view swizzle, reads back the channel values D3D9 defines for its bits, decoded here
// from the D3D format's own layout (independently of the Vulkan mapping).
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "ddivk/d3d9_formats.h"
#include "draw/format_table.h"
#include "shader/assembler.h"
#include "shader/decoder.h"
#include "shader/translate/translator.h"
#include "support/shader_runner.h"
#include "support/vk_test.h"

namespace ddivk::draw {
namespace {

using test::Float4;

// A channel of a D3D format: where its bits are and how they read.
enum class Kind { Unorm, Snorm, Half, Float };
struct Channel {
    int8_t bit = -1; // -1: absent
    uint8_t bits = 0;
    Kind kind = Kind::Unorm;
};
struct Layout {
    uint32_t format;
    uint32_t bytes;
    Channel r, g, b, a;
    float absentColor = 1.0f; // what r, g, b read when absent (A8 reads 0)
};

constexpr Channel U(int bit, int bits) { return {int8_t(bit), uint8_t(bits), Kind::Unorm}; }
constexpr Channel S(int bit, int bits) { return {int8_t(bit), uint8_t(bits), Kind::Snorm}; }
constexpr Channel H(int bit) { return {int8_t(bit), 16, Kind::Half}; }
constexpr Channel F(int bit) { return {int8_t(bit), 32, Kind::Float}; }
constexpr Channel N{};

// D3D9 layouts: the name lists channels from the most significant bit; L is luminance (r, g, b).
const Layout kLayouts[] = {
    {D3DFMT_A8R8G8B8, 4, U(16, 8), U(8, 8), U(0, 8), U(24, 8)},
    {D3DFMT_X8R8G8B8, 4, U(16, 8), U(8, 8), U(0, 8), N},
    {D3DFMT_A8B8G8R8, 4, U(0, 8), U(8, 8), U(16, 8), U(24, 8)},
    {D3DFMT_X8B8G8R8, 4, U(0, 8), U(8, 8), U(16, 8), N},
    {D3DFMT_R5G6B5, 2, U(11, 5), U(5, 6), U(0, 5), N},
    {D3DFMT_X1R5G5B5, 2, U(10, 5), U(5, 5), U(0, 5), N},
    {D3DFMT_A1R5G5B5, 2, U(10, 5), U(5, 5), U(0, 5), U(15, 1)},
    {D3DFMT_A4R4G4B4, 2, U(8, 4), U(4, 4), U(0, 4), U(12, 4)},
    {D3DFMT_X4R4G4B4, 2, U(8, 4), U(4, 4), U(0, 4), N},
    {D3DFMT_R3G3B2, 1, U(5, 3), U(2, 3), U(0, 2), N},
    {D3DFMT_A8R3G3B2, 2, U(5, 3), U(2, 3), U(0, 2), U(8, 8)},
    {D3DFMT_A4L4, 1, U(0, 4), U(0, 4), U(0, 4), U(4, 4)},
    {D3DFMT_A8, 1, N, N, N, U(0, 8), 0.0f},
    {D3DFMT_L8, 1, U(0, 8), U(0, 8), U(0, 8), N},
    {D3DFMT_A8L8, 2, U(0, 8), U(0, 8), U(0, 8), U(8, 8)},
    {D3DFMT_V8U8, 2, S(0, 8), S(8, 8), N, N},
    {D3DFMT_Q8W8V8U8, 4, S(0, 8), S(8, 8), S(16, 8), S(24, 8)},
    {D3DFMT_L6V5U5, 2, S(0, 5), S(5, 5), U(10, 6), N},
    {D3DFMT_X8L8V8U8, 4, S(0, 8), S(8, 8), U(16, 8), N},
    {D3DFMT_A2W10V10U10, 4, S(0, 10), S(10, 10), S(20, 10), U(30, 2)},
    {D3DFMT_V16U16, 4, S(0, 16), S(16, 16), N, N},
    {D3DFMT_Q16W16V16U16, 8, S(0, 16), S(16, 16), S(32, 16), S(48, 16)},
    {D3DFMT_L16, 2, U(0, 16), U(0, 16), U(0, 16), N},
    {D3DFMT_A2R10G10B10, 4, U(20, 10), U(10, 10), U(0, 10), U(30, 2)},
    {D3DFMT_A2B10G10R10, 4, U(0, 10), U(10, 10), U(20, 10), U(30, 2)},
    {D3DFMT_G16R16, 4, U(0, 16), U(16, 16), N, N},
    {D3DFMT_A16B16G16R16, 8, U(0, 16), U(16, 16), U(32, 16), U(48, 16)},
    {D3DFMT_R16F, 2, H(0), N, N, N},
    {D3DFMT_G16R16F, 4, H(0), H(16), N, N},
    {D3DFMT_A16B16G16R16F, 8, H(0), H(16), H(32), H(48)},
    {D3DFMT_R32F, 4, F(0), N, N, N},
    {D3DFMT_G32R32F, 8, F(0), F(32), N, N},
    {D3DFMT_A32B32G32R32F, 16, F(0), F(32), F(64), F(96)},
};

float halfToFloat(uint16_t h) {
    const int exponent = (h >> 10) & 31, mantissa = h & 1023;
    const float sign = (h & 0x8000) ? -1.0f : 1.0f;
    if (exponent == 0) return sign * std::ldexp(float(mantissa), -24);
    return sign * std::ldexp(float(mantissa + 1024), exponent - 25);
}

float decode(const Channel& c, const uint8_t* texel, float absent) {
    if (c.bit < 0) return absent;
    uint64_t bits = 0;
    // The bytes the channel's bits span, and no more (the last texel ends the buffer).
    const int first = c.bit / 8, last = (c.bit + c.bits - 1) / 8;
    std::memcpy(&bits, texel + first, size_t(last - first + 1));
    bits = (bits >> (c.bit % 8)) & ((uint64_t(1) << c.bits) - 1);
    switch (c.kind) {
    case Kind::Unorm: return float(bits) / float((uint64_t(1) << c.bits) - 1);
    case Kind::Snorm: {
        const int64_t v = int64_t(bits << (64 - c.bits)) >> (64 - c.bits);
        return std::max(-1.0f, float(v) / float((int64_t(1) << (c.bits - 1)) - 1));
    }
    case Kind::Half: return halfToFloat(uint16_t(bits));
    case Kind::Float: {
        float f;
        const uint32_t u = uint32_t(bits);
        std::memcpy(&f, &u, 4);
        return f;
    }
    }
    return 0;
}

std::vector<uint32_t> compile(const char* text) {
    auto tokens = shader::assemble(text);
    EXPECT_TRUE(tokens);
    auto program = shader::decode(*tokens);
    EXPECT_TRUE(program);
    auto t = shader::translate(*program);
    EXPECT_TRUE(t);
    return t ? t->spirv : std::vector<uint32_t>{};
}

// The bytes the driver uploads for one row of `width` texels: the D3D9 bytes, expanded for the
// formats Vulkan does not store bit for bit.
std::vector<uint8_t> uploaded(const FormatInfo& info, const std::vector<uint8_t>& d3d, uint32_t width) {
    if (!isExpanded(info)) return d3d;
    std::vector<uint8_t> out(size_t(width) * info.expandedBytes);
    info.expand(d3d.data(), out.data(), width);
    return out;
}

const char* const kPassVs = "vs_3_0\ndcl_position v0\ndcl_texcoord0 v1\ndcl_position o0\ndcl_texcoord0 o1\n"
                            "mov o0, v0\nmov o1, v1\n";
const char* const kTexldPs = "ps_2_0\ndcl t0\ndcl_2d s0\ntexld r0, t0, s0\nmov oC0, r0\n";

// What a pixel shader's texld returns at each texel centre of a one-row texture of `texels`
// texels whose D3D9 bytes are `d3d` (uploaded as the driver does, through the row's swizzle).
std::vector<Float4> sampleRow(const FormatInfo& info, const std::vector<uint8_t>& d3d, uint32_t texels) {
    test::ShaderRun run;
    run.vertexSpirv = compile(kPassVs);
    run.fragmentSpirv = compile(kTexldPs);
    run.width = run.vertexCount = texels;
    std::vector<Float4> positions, coords;
    for (uint32_t i = 0; i < texels; ++i) {
        positions.push_back(test::pointCentre(i, 0, texels, 1));
        coords.push_back({(float(i) + 0.5f) / float(texels), 0.5f, 0, 1});
    }
    run.attributes.push_back(test::VertexAttribute::floats(0, positions));
    run.attributes.push_back(test::VertexAttribute::floats(1, coords));
    test::RunTexture texture;
    texture.format = info.vkFormat;
    texture.width = texels;
    texture.data = uploaded(info, d3d, texels);
    texture.swizzle = info.swizzle;
    run.textures.push_back(texture);
    const auto result = test::runShaders(run);
    std::vector<Float4> pixels;
    for (uint32_t i = 0; i < texels; ++i)
        pixels.push_back(result.pixel(i));
    return pixels;
}

// What a pixel shader's texld of one 4x4 block (`bytes`, the whole texture) returns inside it,
// through the row's view swizzle.
Float4 sampleBlock(const FormatInfo& info, const std::vector<uint8_t>& bytes) {
    test::ShaderRun run;
    run.vertexSpirv = compile(kPassVs);
    run.fragmentSpirv = compile(kTexldPs);
    run.width = run.vertexCount = 1;
    run.attributes.push_back(test::VertexAttribute::floats(0, {test::pointCentre(0, 0, 1, 1)}));
    run.attributes.push_back(test::VertexAttribute::floats(1, {{0.375f, 0.375f, 0, 1}}));
    test::RunTexture texture;
    texture.format = info.vkFormat;
    texture.width = texture.height = 4;
    texture.data = bytes;
    texture.swizzle = info.swizzle;
    run.textures.push_back(texture);
    return test::runShaders(run).pixel(0);
}

bool deviceSamples(VkFormat format) {
    // The device first: it loads the Vulkan entry points (a call's callee is evaluated before
    // its arguments).
    const VkPhysicalDevice physical = test::sharedDevice().physicalDevice();
    VkFormatProperties props{};
    vkGetPhysicalDeviceFormatProperties(physical, format, &props);
    return (props.optimalTilingFeatures & VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT) != 0;
}

TEST(FormatTable, EveryColourFormatSamplesD3D9sChannelValues) {
    constexpr uint32_t kTexels = 4;
    for (const Layout& layout : kLayouts) {
        const FormatInfo* info = findFormat(layout.format);
        ASSERT_NE(info, nullptr) << layout.format;
        EXPECT_EQ(info->bytesPerPixel, layout.bytes) << info->name;
        // Texel bytes: a spread of patterns, floats kept finite.
        std::vector<uint8_t> data(kTexels * layout.bytes);
        for (size_t i = 0; i < data.size(); ++i) data[i] = uint8_t(0x3B + 37 * i);
        if (layout.r.kind == Kind::Float)
            for (uint32_t i = 0; i < data.size() / 4; ++i) {
                const float f = float(i) * 1.25f - 3.0f;
                std::memcpy(data.data() + 4 * i, &f, 4);
            }
        const std::vector<Float4> sampled = sampleRow(*info, data, kTexels);
        for (uint32_t i = 0; i < kTexels; ++i) {
            const uint8_t* texel = data.data() + i * layout.bytes;
            const Float4 expected{decode(layout.r, texel, layout.absentColor), decode(layout.g, texel, layout.absentColor),
                                  decode(layout.b, texel, layout.absentColor), decode(layout.a, texel, 1.0f)};
            const Channel* channels[4] = {&layout.r, &layout.g, &layout.b, &layout.a};
            for (int c = 0; c < 4; ++c) {
                // Channels under 8 bits may be sampled through an 8-bit expansion (lavapipe
                // does): within 1/255; others within 1e-3 relative.
                const float tolerance = channels[c]->bit >= 0 && channels[c]->bits < 8
                                            ? 1.0f / 255.0f
                                            : 1e-3f * std::max(1.0f, std::fabs(expected[c]));
                EXPECT_NEAR(sampled[i][c], expected[c], tolerance)
                    << info->name << " texel " << i << " channel "
                    << "rgba"[c];
            }
        }
    }
}

TEST(FormatTable, DxtBlocksDecodeAsTheirBcFormats) {
    // One 4x4 block of a single colour: colour0 = colour1 = R5G6B5 0xF81F (magenta), all
    // indices 0; DXT3/5 alpha fully opaque.
    const uint8_t dxt1[8] = {0x1F, 0xF8, 0x1F, 0xF8, 0, 0, 0, 0};
    uint8_t dxt3[16], dxt5[16];
    std::memset(dxt3, 0xFF, 8);
    std::memcpy(dxt3 + 8, dxt1, 8);
    dxt5[0] = dxt5[1] = 0xFF;
    std::memset(dxt5 + 2, 0, 6);
    std::memcpy(dxt5 + 8, dxt1, 8);
    for (const auto& [format, bytes] : {std::pair{D3DFMT_DXT1, std::vector<uint8_t>(dxt1, dxt1 + 8)},
                                        std::pair{D3DFMT_DXT3, std::vector<uint8_t>(dxt3, dxt3 + 16)},
                                        std::pair{D3DFMT_DXT5, std::vector<uint8_t>(dxt5, dxt5 + 16)}}) {
        const FormatInfo* info = findFormat(format);
        ASSERT_NE(info, nullptr);
        EXPECT_EQ(info->blockSize, 4);
        if (!deviceSamples(info->vkFormat))
            GTEST_SKIP() << "the device cannot sample BC formats (" << info->name << ")";
        const Float4 pixel = sampleBlock(*info, bytes);
        EXPECT_NEAR(pixel[0], 1.0f, 1e-3f) << info->name;
        EXPECT_NEAR(pixel[1], 0.0f, 1e-3f) << info->name;
        EXPECT_NEAR(pixel[2], 1.0f, 1e-3f) << info->name;
        EXPECT_NEAR(pixel[3], 1.0f, 1e-3f) << info->name;
    }
}

// ATI1 and ATI2 (AMD's 3Dc): 4x4 blocks of 8 bytes per channel, each an alpha block of DXT5
// (two endpoints, 3-bit indices). Blocks whose endpoints are equal and indices 0 are that
// endpoint everywhere: ATI1's one channel reads as red (green and blue 0, alpha 1); ATI2's
// first block reads as green, its second as red, blue and alpha 1 (Wine's test_3dc_formats).
TEST(FormatTable, AtiBlocksDecodeIntoD3D9sChannels) {
    auto constantBlock = [](uint8_t v) { return std::vector<uint8_t>{v, v, 0, 0, 0, 0, 0, 0}; };
    std::vector<uint8_t> ati2 = constantBlock(0x40);
    const std::vector<uint8_t> second = constantBlock(0xC0);
    ati2.insert(ati2.end(), second.begin(), second.end());
    const float a = 0x40 / 255.0f, c = 0xC0 / 255.0f;
    struct Case {
        uint32_t format;
        std::vector<uint8_t> bytes;
        Float4 expected;
    };
    for (const Case& k : {Case{D3DFMT_ATI1, constantBlock(0x40), {a, 0.0f, 0.0f, 1.0f}},
                          Case{D3DFMT_ATI2, ati2, {c, a, 1.0f, 1.0f}}}) {
        const FormatInfo* info = findFormat(k.format);
        ASSERT_NE(info, nullptr);
        EXPECT_EQ(info->blockSize, 4);
        EXPECT_EQ(info->bytesPerPixel, k.bytes.size()) << info->name;
        if (!deviceSamples(info->vkFormat))
            GTEST_SKIP() << "the device cannot sample BC formats (" << info->name << ")";
        const Float4 pixel = sampleBlock(*info, k.bytes);
        for (int ch = 0; ch < 4; ++ch)
            EXPECT_NEAR(pixel[ch], k.expected[ch], 1e-3f) << info->name << " channel "
                                                          << "rgba"[ch];
    }
}

// YUY2 and UYVY: 4:2:2 video, two pixels per four bytes sharing U and V, sampled as RGB by
// ITU-R BT.601 (studio range). The expected colours come from the standard's definition:
// Y' = (Y - 16) / 219, Pb = (U - 128) / 224, Pr = (V - 128) / 224; R = Y' + 2 (1 - Kr) Pr,
// B = Y' + 2 (1 - Kb) Pb, G = (Y' - Kr R - Kb B) / Kg with Kr 0.299, Kb 0.114.
TEST(FormatTable, YuvVideoFormatsSampleAsBt601Rgb) {
    const uint8_t pairs[4][4] = {
        {16, 128, 235, 128}, {81, 90, 145, 240}, {41, 240, 210, 110}, {126, 60, 180, 200}};
    constexpr uint32_t kTexels = 8;
    auto rgb = [](int y, int u, int v) {
        const double kr = 0.299, kb = 0.114, kg = 1 - kr - kb;
        const double yy = (y - 16) / 219.0, pb = (u - 128) / 224.0, pr = (v - 128) / 224.0;
        const double r = yy + 2 * (1 - kr) * pr, b = yy + 2 * (1 - kb) * pb, g = (yy - kr * r - kb * b) / kg;
        auto c = [](double x) { return float(std::min(1.0, std::max(0.0, x))); };
        return Float4{c(r), c(g), c(b), 1.0f};
    };
    for (const bool yuy2 : {true, false}) {
        const FormatInfo* info = findFormat(yuy2 ? D3DFMT_YUY2 : D3DFMT_UYVY);
        ASSERT_NE(info, nullptr);
        EXPECT_EQ(info->bytesPerPixel, 2u);
        std::vector<uint8_t> d3d;
        for (const auto& p : pairs) { // p: Y0, U, Y1, V
            const uint8_t bytes[4] = {yuy2 ? p[0] : p[1], yuy2 ? p[1] : p[0], yuy2 ? p[2] : p[3],
                                      yuy2 ? p[3] : p[2]};
            d3d.insert(d3d.end(), bytes, bytes + 4);
        }
        const std::vector<Float4> sampled = sampleRow(*info, d3d, kTexels);
        for (uint32_t i = 0; i < kTexels; ++i) {
            const uint8_t* p = pairs[i / 2];
            const Float4 want = rgb((i & 1) ? p[2] : p[0], p[1], p[3]);
            for (int c = 0; c < 4; ++c)
                EXPECT_NEAR(sampled[i][c], want[c], 1.5f / 255.0f)
                    << info->name << " pixel " << i << " channel "
                    << "rgba"[c];
        }
    }
}

// R8G8_B8G8 and G8R8_G8B8: RGB at 4:2:2, each pair of pixels one red and one blue, and a green
// each. D3D9 names its bits from the most significant: R8G8_B8G8's first pixel holds green in
// its low byte and red in its high byte, its second green and blue (bytes G0 R G1 B, DXGI's
// G8R8_G8B8_UNORM); G8R8_G8B8 the reverse (R G0 B G1, DXGI's R8G8_B8G8_UNORM).
TEST(FormatTable, PackedRgbPairsShareRedAndBlue) {
    const uint8_t pairs[2][4] = {{0x10, 0x80, 0x30, 0xF0}, {0xC0, 0x05, 0x60, 0xA0}}; // R, G0, G1, B
    constexpr uint32_t kTexels = 4;
    for (const bool greenFirst : {true, false}) {
        const FormatInfo* info = findFormat(greenFirst ? D3DFMT_R8G8_B8G8 : D3DFMT_G8R8_G8B8);
        ASSERT_NE(info, nullptr);
        EXPECT_EQ(info->bytesPerPixel, 2u);
        std::vector<uint8_t> d3d;
        for (const auto& p : pairs) {
            const uint8_t bytes[4] = {greenFirst ? p[1] : p[0], greenFirst ? p[0] : p[1],
                                      greenFirst ? p[2] : p[3], greenFirst ? p[3] : p[2]};
            d3d.insert(d3d.end(), bytes, bytes + 4);
        }
        const std::vector<Float4> sampled = sampleRow(*info, d3d, kTexels);
        for (uint32_t i = 0; i < kTexels; ++i) {
            const uint8_t* p = pairs[i / 2];
            const Float4 want{p[0] / 255.0f, ((i & 1) ? p[2] : p[1]) / 255.0f, p[3] / 255.0f, 1.0f};
            for (int c = 0; c < 4; ++c)
                EXPECT_NEAR(sampled[i][c], want[c], 1e-3f) << info->name << " pixel " << i << " channel "
                                                           << "rgba"[c];
        }
    }
}

// CxV8U8: V8U8's bits (U the low byte, V the high, signed) and a third channel the sampler
// computes, C = sqrt(1 - U^2 - V^2) (0 when U and V leave no room); alpha 1.
TEST(FormatTable, CxV8U8ComputesItsThirdChannel) {
    const int8_t uv[4][2] = {{0, 0}, {127, 0}, {-64, 32}, {-128, 127}};
    const FormatInfo* info = findFormat(D3DFMT_CxV8U8);
    ASSERT_NE(info, nullptr);
    EXPECT_EQ(info->bytesPerPixel, 2u);
    std::vector<uint8_t> d3d;
    for (const auto& t : uv) {
        d3d.push_back(uint8_t(t[0]));
        d3d.push_back(uint8_t(t[1]));
    }
    const std::vector<Float4> sampled = sampleRow(*info, d3d, 4);
    for (uint32_t i = 0; i < 4; ++i) {
        const float u = std::max(-1.0f, uv[i][0] / 127.0f), v = std::max(-1.0f, uv[i][1] / 127.0f);
        const float c = 1.0f - u * u - v * v > 0.0f ? std::sqrt(1.0f - u * u - v * v) : 0.0f;
        const Float4 want{u, v, c, 1.0f};
        for (int ch = 0; ch < 4; ++ch)
            EXPECT_NEAR(sampled[i][ch], want[ch], 2e-3f) << "texel " << i << " channel "
                                                         << "rgba"[ch];
    }
}

TEST(FormatTable, EveryRowHasAVulkanFormatTheDeviceCanUse) {
    vk::Device& device = test::sharedDevice();
    for (const FormatInfo& f : formatTable()) {
        if (!hasStorage(f)) continue; // NULL: no image at all (its own test below)
        const VkFormatFeatureFlags need = f.depthStencil ? VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT
                                                         : VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT;
        bool usable = false;
        for (VkFormat v : {f.vkFormat, f.vkFallback}) {
            if (v == VK_FORMAT_UNDEFINED) continue;
            VkFormatProperties props{};
            vkGetPhysicalDeviceFormatProperties(device.physicalDevice(), v, &props);
            usable = usable || (props.optimalTilingFeatures & need) == need;
        }
        // Block-compressed formats depend on textureCompressionBC (checked by the DXT test).
        if (f.blockSize == 1) {
            EXPECT_TRUE(usable) << f.name;
        }
    }
}

// D3DFMT_NULL: a render-target format only (vendors expose it for depth-only passes), with no
// Vulkan storage; the one row without.
TEST(FormatTable, NullIsARenderTargetFormatOnlyWithoutStorage) {
    const FormatInfo* info = findFormat(D3DFMT_NULL);
    ASSERT_NE(info, nullptr);
    EXPECT_TRUE(info->renderTarget);
    EXPECT_FALSE(info->depthStencil);
    EXPECT_FALSE(hasStorage(*info));
    EXPECT_EQ(info->vkFallback, VK_FORMAT_UNDEFINED);
    for (const FormatInfo& f : formatTable())
        if (f.d3dFormat != D3DFMT_NULL) {
            EXPECT_TRUE(hasStorage(f)) << f.name;
        }
}

} // namespace
} // namespace ddivk::draw

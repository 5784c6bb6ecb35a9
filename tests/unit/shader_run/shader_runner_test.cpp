// The shader harness runShaders (tests/support/shader_runner.h): what a draw through it reads
// back, checked against values computed here: points on their pixels, the ABI's uniform blocks,
// interpolation at D3D9 pixel centres, every texture kind, several targets and depth.
#include "support/shader_runner.h"

#include "passthrough_frag.spv.h"
#include "passthrough_vert.spv.h"
#include "targets_frag.spv.h"
#include "tex_2d_frag.spv.h"
#include "tex_3d_frag.spv.h"
#include "tex_cube_frag.spv.h"
#include "tex_lod_frag.spv.h"
#include "tex_shadow_frag.spv.h"
#include "ubo_frag.spv.h"
#include "ubo_vert.spv.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <stdexcept>

using namespace ddivk;
using test::Float4;
using test::RunTexture;
using test::ShaderRun;
using test::ShaderRunResult;
using test::VertexAttribute;

namespace {

template <size_t N> std::vector<uint32_t> spirv(const uint32_t (&words)[N]) {
    return {words, words + N};
}

struct Pixel {
    uint32_t x, y;
};

// A point list through passthrough.vert: one point per pixel, each with its value at location 1.
ShaderRun pointsRun(const std::vector<uint32_t>& fragment, uint32_t width, uint32_t height,
                    const std::vector<Pixel>& pixels, const std::vector<Float4>& values) {
    ShaderRun run;
    run.vertexSpirv = spirv(spv_passthrough_vert);
    run.fragmentSpirv = fragment;
    run.width = width;
    run.height = height;
    run.vertexCount = uint32_t(pixels.size());
    std::vector<Float4> positions;
    for (const Pixel& p : pixels)
        positions.push_back(test::pointCentre(p.x, p.y, width, height));
    run.attributes.push_back(VertexAttribute::floats(0, positions));
    run.attributes.push_back(VertexAttribute::floats(1, values));
    return run;
}

// Points on pixels 0..n-1 of row 0.
ShaderRun rowRun(const std::vector<uint32_t>& fragment, const std::vector<Float4>& values) {
    std::vector<Pixel> pixels;
    for (uint32_t i = 0; i < values.size(); ++i)
        pixels.push_back({i, 0});
    return pointsRun(fragment, uint32_t(values.size()), 1, pixels, values);
}

template <class T> std::vector<uint8_t> bytesOf(const std::vector<T>& values) {
    std::vector<uint8_t> bytes(values.size() * sizeof(T));
    std::memcpy(bytes.data(), values.data(), bytes.size());
    return bytes;
}

void expectPixel(const ShaderRunResult& result, uint32_t x, uint32_t y, const Float4& expected,
                 uint32_t target = 0, float tolerance = 0.0f) {
    const Float4& got = result.pixel(x, y, target);
    for (int c = 0; c < 4; ++c)
        EXPECT_NEAR(got[c], expected[c], tolerance)
            << "pixel (" << x << ", " << y << ") target " << target << " component " << c;
}

void expectRow(const ShaderRunResult& result, const std::vector<Float4>& expected, float tolerance = 0.0f) {
    for (uint32_t i = 0; i < expected.size(); ++i)
        expectPixel(result, i, 0, expected[i], 0, tolerance);
}

} // namespace

// ---- Points ----

TEST(ShaderRunner, PointsLandOnTheirPixelsAndTheRestKeepsTheClearColour) {
    const std::vector<Pixel> pixels{{0, 0}, {7, 0}, {3, 1}, {0, 3}, {7, 3}, {5, 2}, {2, 2}};
    std::vector<Float4> values;
    for (size_t i = 0; i < pixels.size(); ++i)
        values.push_back({float(i) + 0.5f, -float(i) * 0.25f, 1000.0f + float(i), 1.0f / float(i + 3)});
    ShaderRun run = pointsRun(spirv(spv_passthrough_frag), 8, 4, pixels, values);
    run.clearColor = {0.25f, -1.0f, 7.0f, 0.5f};
    const ShaderRunResult result = test::runShaders(run);
    ASSERT_EQ(result.targets.size(), 1u);
    ASSERT_EQ(result.width, 8u);
    ASSERT_EQ(result.height, 4u);
    for (uint32_t y = 0; y < 4; ++y) {
        for (uint32_t x = 0; x < 8; ++x) {
            Float4 expected = run.clearColor;
            for (size_t i = 0; i < pixels.size(); ++i)
                if (pixels[i].x == x && pixels[i].y == y) expected = values[i];
            expectPixel(result, x, y, expected);
        }
    }
}

TEST(ShaderRunner, SpecializationConstantsReachTheShader) {
    const float scale = 3.0f;
    const VkSpecializationMapEntry entry{0, 0, sizeof(float)};
    const VkSpecializationInfo info{1, &entry, sizeof(float), &scale};
    ShaderRun run = rowRun(spirv(spv_passthrough_frag), {{1, 2, 3, 4}, {-0.5f, 0, 0.25f, 1}});
    run.fragmentSpecialization = &info;
    expectRow(test::runShaders(run), {{3, 6, 9, 12}, {-1.5f, 0, 0.75f, 3}});
}

TEST(ShaderRunner, AttributesWithOtherFormatsAndStrides) {
    // Positions as xyz floats with a 20-byte stride (w defaults to 1); values as RGBA8 UNORM.
    const uint32_t n = 4;
    ShaderRun run;
    run.vertexSpirv = spirv(spv_passthrough_vert);
    run.fragmentSpirv = spirv(spv_passthrough_frag);
    run.width = n;
    run.vertexCount = n;
    VertexAttribute position;
    position.location = 0;
    position.format = VK_FORMAT_R32G32B32_SFLOAT;
    position.stride = 20;
    position.data.resize(20 * n);
    VertexAttribute value;
    value.location = 1;
    value.format = VK_FORMAT_R8G8B8A8_UNORM;
    value.stride = 4;
    std::vector<Float4> expected;
    for (uint32_t i = 0; i < n; ++i) {
        const Float4 p = test::pointCentre(i, 0, n, 1);
        std::memcpy(position.data.data() + 20 * i, p.data(), 12);
        const uint8_t rgba[4] = {uint8_t(i * 60), 255, 0, uint8_t(17 * i)};
        value.data.insert(value.data.end(), rgba, rgba + 4);
        expected.push_back({rgba[0] / 255.0f, 1.0f, 0.0f, rgba[3] / 255.0f});
    }
    run.attributes = {position, value};
    expectRow(test::runShaders(run), expected, 1e-6f);
}

// ---- Uniform blocks ----

TEST(ShaderRunner, EveryUniformBlockReachesThePixelStage) {
    std::vector<Float4> selectors;
    for (int i = 0; i < 13; ++i)
        selectors.push_back({float(i), 0, 0, 0});
    ShaderRun run = rowRun(spirv(spv_ubo_frag), selectors);
    auto set4 = [](auto& dst, Float4 v) { std::copy(v.begin(), v.end(), dst); };
    set4(run.vsConstants.f[3], {1, 2, 3, 4});
    set4(run.vsConstants.f[255], {-5, 6.5f, 7, 8});
    const int32_t vsInts[4] = {-3, 0, 9, 100};
    std::copy(vsInts, vsInts + 4, run.vsConstants.i[2]);
    run.vsConstants.bools = 0x8005u;
    set4(run.psConstants.f[223], {9, 10, 11, 12});
    const int32_t psInts[4] = {255, -255, 1, 2};
    std::copy(psInts, psInts + 4, run.psConstants.i[15]);
    run.psConstants.bools = 0x4002u;
    run.vsSystem = {2.5f, 0.5f, 32.0f, 0, {}};
    set4(run.psSystem.fogColor, {0.1f, 0.2f, 0.3f, 0.4f});
    set4(run.psSystem.bumpEnvMat[7], {0.5f, -0.5f, 0.25f, 2.0f});
    set4(run.psSystem.textureFactor, {1, 0.5f, 0.25f, 0.125f});
    run.ffVertexState = bytesOf(std::vector<Float4>{{}, {}, {}, {13, 14, 15, 16}});
    run.ffPixelState = bytesOf(std::vector<Float4>{{}, {17, 18, 19, 20}});
    expectRow(test::runShaders(run), {
                                         {1, 2, 3, 4},
                                         {-5, 6.5f, 7, 8},
                                         {-3, 0, 9, 100},
                                         {float(0x8005u), 0, 0, 0},
                                         {9, 10, 11, 12},
                                         {255, -255, 1, 2},
                                         {float(0x4002u), 0, 0, 0},
                                         {2.5f, 0.5f, 32.0f, 0.0f},
                                         {0.1f, 0.2f, 0.3f, 0.4f},
                                         {0.5f, -0.5f, 0.25f, 2.0f},
                                         {1, 0.5f, 0.25f, 0.125f},
                                         {13, 14, 15, 16},
                                         {17, 18, 19, 20},
                                     });
}

TEST(ShaderRunner, UniformBlocksReachTheVertexStage) {
    // ubo.vert: vertex i hands on vsConstants.f[i] + ffVertex.v[0].
    ShaderRun run = rowRun(spirv(spv_passthrough_frag), {{0, 0, 0, 0}, {1, 0, 0, 0}, {2, 0, 0, 0}});
    run.vertexSpirv = spirv(spv_ubo_vert);
    for (int i = 0; i < 3; ++i)
        for (int c = 0; c < 4; ++c)
            run.vsConstants.f[i][c] = float(10 * i + c);
    run.ffVertexState = bytesOf(std::vector<Float4>{{0.5f, 0.5f, 0.5f, 0.5f}, {}, {}, {}});
    expectRow(test::runShaders(run),
              {{0.5f, 1.5f, 2.5f, 3.5f}, {10.5f, 11.5f, 12.5f, 13.5f}, {20.5f, 21.5f, 22.5f, 23.5f}});
}

// ---- Interpolation at D3D9 pixel centres ----

TEST(ShaderRunner, TriangleStripInterpolatesLinearlyAtD3D9PixelCentres) {
    const uint32_t w = 16, h = 8;
    // A strip well beyond the target, so that no pixel centre lies on an edge.
    const std::vector<Float4> positions{
        {-3, 3, 0.5f, 1}, {3, 3, 0.5f, 1}, {-3, -3, 0.5f, 1}, {3, -3, 0.5f, 1}};
    auto f = [](float x, float y) -> Float4 { return {x, y, 0.25f * x - 0.5f * y + 0.125f, 2 * x + 3 * y}; };
    std::vector<Float4> values;
    for (const Float4& p : positions)
        values.push_back(f(p[0], p[1]));
    ShaderRun run;
    run.vertexSpirv = spirv(spv_passthrough_vert);
    run.fragmentSpirv = spirv(spv_passthrough_frag);
    run.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP;
    run.width = w;
    run.height = h;
    run.vertexCount = 4;
    run.attributes = {VertexAttribute::floats(0, positions), VertexAttribute::floats(1, values)};
    const ShaderRunResult result = test::runShaders(run);
    // D3D9: pixel (i, j)'s centre is clip (2i/W - 1, 1 - 2j/H).
    for (uint32_t j = 0; j < h; ++j)
        for (uint32_t i = 0; i < w; ++i)
            expectPixel(result, i, j, f(2.0f * float(i) / w - 1.0f, 1.0f - 2.0f * float(j) / h), 0, 1e-5f);
}

// ---- Textures ----

TEST(ShaderRunner, Texture2DNearestReadsTexelCentres) {
    const uint32_t w = 8, h = 4;
    auto texel = [](uint32_t x, uint32_t y) -> Float4 {
        return {0.5f * float(x) + 1.0f, 0.25f * float(y), float(x + 8 * y) / 32.0f, 1.0f};
    };
    std::vector<Float4> data, coords, expected;
    for (uint32_t y = 0; y < h; ++y)
        for (uint32_t x = 0; x < w; ++x)
            data.push_back(texel(x, y));
    // Read in another order than stored: pixel k reads texel (k / h, k % h).
    for (uint32_t k = 0; k < w * h; ++k) {
        const uint32_t x = k / h, y = k % h;
        coords.push_back({(float(x) + 0.5f) / w, (float(y) + 0.5f) / h, 0, 0});
        expected.push_back(texel(x, y));
    }
    ShaderRun run = rowRun(spirv(spv_tex_2d_frag), coords);
    RunTexture t;
    t.width = w;
    t.height = h;
    t.data = bytesOf(data);
    run.textures.push_back(t);
    expectRow(test::runShaders(run), expected);
}

TEST(ShaderRunner, Texture2DUnormFormatsReadAsRgba) {
    // The same four bytes per texel as R8G8B8A8 and as B8G8R8A8 (which swaps red and blue).
    const std::vector<uint8_t> bytes{0, 51, 102, 255, 255, 204, 153, 0, 17, 34, 68, 136};
    for (VkFormat format : {VK_FORMAT_R8G8B8A8_UNORM, VK_FORMAT_B8G8R8A8_UNORM}) {
        SCOPED_TRACE(format);
        std::vector<Float4> coords, expected;
        for (uint32_t x = 0; x < 3; ++x) {
            coords.push_back({(float(x) + 0.5f) / 3.0f, 0.5f, 0, 0});
            Float4 e{bytes[4 * x] / 255.0f, bytes[4 * x + 1] / 255.0f, bytes[4 * x + 2] / 255.0f,
                     bytes[4 * x + 3] / 255.0f};
            if (format == VK_FORMAT_B8G8R8A8_UNORM) std::swap(e[0], e[2]);
            expected.push_back(e);
        }
        ShaderRun run = rowRun(spirv(spv_tex_2d_frag), coords);
        RunTexture t;
        t.format = format;
        t.width = 3;
        t.data = bytes;
        run.textures.push_back(t);
        expectRow(test::runShaders(run), expected, 1e-6f);
    }
}

namespace {

// The face (layer +X, -X, +Y, -Y, +Z, -Z) and texel a direction selects in a cube of n x n faces
// (Vulkan spec, "Cube Map Face Selection and Transformations").
struct CubeTexel {
    uint32_t face, x, y;
};
CubeTexel cubeTexel(float rx, float ry, float rz, uint32_t n) {
    const float ax = std::fabs(rx), ay = std::fabs(ry), az = std::fabs(rz);
    uint32_t face;
    float sc, tc, ma;
    if (ax >= ay && ax >= az) {
        face = rx > 0 ? 0 : 1;
        sc = rx > 0 ? -rz : rz;
        tc = -ry;
        ma = ax;
    } else if (ay >= az) {
        face = ry > 0 ? 2 : 3;
        sc = rx;
        tc = ry > 0 ? rz : -rz;
        ma = ay;
    } else {
        face = rz > 0 ? 4 : 5;
        sc = rz > 0 ? rx : -rx;
        tc = -ry;
        ma = az;
    }
    const float s = 0.5f * (sc / ma + 1.0f), t = 0.5f * (tc / ma + 1.0f);
    return {face, uint32_t(s * float(n)), uint32_t(t * float(n))};
}

} // namespace

TEST(ShaderRunner, CubeFacesFollowTheAxes) {
    const uint32_t n = 3;
    std::vector<Float4> data;
    for (uint32_t face = 0; face < 6; ++face)
        for (uint32_t y = 0; y < n; ++y)
            for (uint32_t x = 0; x < n; ++x)
                data.push_back({float(face), float(x), float(y), 7.0f});
    // One direction per axis (the centre texel of each face), then off-centre ones on each face.
    const std::vector<Float4> directions{{1, 0, 0, 0},         {-1, 0, 0, 0},        {0, 1, 0, 0},
                                         {0, -1, 0, 0},        {0, 0, 1, 0},         {0, 0, -1, 0},
                                         {1, 0.6f, 0.6f, 0},   {-1, -0.6f, 0.6f, 0}, {-0.6f, 1, 0.6f, 0},
                                         {0.6f, -1, -0.6f, 0}, {0.6f, 0.6f, 1, 0},   {-0.6f, 0.6f, -1, 0}};
    std::vector<Float4> expected;
    for (const Float4& d : directions) {
        const CubeTexel c = cubeTexel(d[0], d[1], d[2], n);
        expected.push_back({float(c.face), float(c.x), float(c.y), 7.0f});
    }
    for (uint32_t face = 0; face < 6; ++face)
        ASSERT_EQ(expected[face][0], float(face)) << "reference";
    ShaderRun run = rowRun(spirv(spv_tex_cube_frag), directions);
    RunTexture t;
    t.viewType = VK_IMAGE_VIEW_TYPE_CUBE;
    t.width = t.height = n;
    t.data = bytesOf(data);
    run.textures.push_back(t);
    expectRow(test::runShaders(run), expected);
}

TEST(ShaderRunner, Texture3DNearestReadsTexelCentres) {
    const uint32_t n = 4;
    auto texel = [](uint32_t x, uint32_t y, uint32_t z) -> Float4 {
        return {float(x), float(y), float(z), float(x + 4 * y + 16 * z)};
    };
    std::vector<Float4> data, coords, expected;
    for (uint32_t z = 0; z < n; ++z)
        for (uint32_t y = 0; y < n; ++y)
            for (uint32_t x = 0; x < n; ++x)
                data.push_back(texel(x, y, z));
    for (uint32_t k = 0; k < 16; ++k) {
        const uint32_t x = k % 4, y = (k / 4) % 4, z = (3 * k + 1) % 4;
        coords.push_back({(float(x) + 0.5f) / n, (float(y) + 0.5f) / n, (float(z) + 0.5f) / n, 0});
        expected.push_back(texel(x, y, z));
    }
    ShaderRun run = rowRun(spirv(spv_tex_3d_frag), coords);
    RunTexture t;
    t.viewType = VK_IMAGE_VIEW_TYPE_3D;
    t.width = t.height = t.depth = n;
    t.data = bytesOf(data);
    run.textures.push_back(t);
    expectRow(test::runShaders(run), expected);
}

TEST(ShaderRunner, MipLevelsReadThroughTextureLod) {
    // 8x4 with four levels: 8x4, 4x2, 2x1, 1x1; texel (mip, x, y, 1).
    const uint32_t w = 8, h = 4, mips = 4;
    std::vector<Float4> data, coords, expected;
    for (uint32_t m = 0; m < mips; ++m) {
        const uint32_t mw = std::max(1u, w >> m), mh = std::max(1u, h >> m);
        for (uint32_t y = 0; y < mh; ++y) {
            for (uint32_t x = 0; x < mw; ++x) {
                data.push_back({float(m), float(x), float(y), 1});
                coords.push_back({(float(x) + 0.5f) / float(mw), (float(y) + 0.5f) / float(mh), float(m), 0});
                expected.push_back({float(m), float(x), float(y), 1});
            }
        }
    }
    ShaderRun run = rowRun(spirv(spv_tex_lod_frag), coords);
    RunTexture t;
    t.width = w;
    t.height = h;
    t.mipLevels = mips;
    t.data = bytesOf(data);
    run.textures.push_back(t);
    expectRow(test::runShaders(run), expected);
}

TEST(ShaderRunner, CompareSamplerOnDepthIsLessOrEqual) {
    const std::vector<float> depths{0.1f, 0.3f, 0.6f, 0.9f};
    const std::vector<float> references{0.05f, 0.3f, 0.5f, 0.95f};
    std::vector<Float4> coords, expected;
    for (uint32_t x = 0; x < depths.size(); ++x) {
        for (float ref : references) {
            coords.push_back({(float(x) + 0.5f) / float(depths.size()), 0.5f, ref, 0});
            const float pass = ref <= depths[x] ? 1.0f : 0.0f;
            expected.push_back({pass, pass, pass, pass});
        }
    }
    ShaderRun run = rowRun(spirv(spv_tex_shadow_frag), coords);
    RunTexture t;
    t.format = VK_FORMAT_D32_SFLOAT;
    t.width = uint32_t(depths.size());
    t.compare = true;
    t.data = bytesOf(depths);
    run.textures.push_back(t);
    expectRow(test::runShaders(run), expected);
}

// ---- Targets ----

TEST(ShaderRunner, SeveralColourTargetsAndFragDepthReadBack) {
    const std::vector<Pixel> pixels{{0, 0}, {3, 0}, {7, 1}, {4, 1}, {1, 1}};
    const std::vector<Float4> values{
        {0.0f, 1, 2, 3}, {0.25f, -1, 0, 1}, {0.5f, 2, 4, 8}, {0.75f, 0, 0, 0}, {0.125f, 9, 9, 9}};
    ShaderRun run = pointsRun(spirv(spv_targets_frag), 8, 2, pixels, values);
    run.colorTargets = 3;
    run.depthTarget = true;
    run.clearColor = {-2, -2, -2, -2};
    const ShaderRunResult result = test::runShaders(run);
    ASSERT_EQ(result.targets.size(), 3u);
    ASSERT_EQ(result.depth.size(), 16u);
    for (uint32_t y = 0; y < 2; ++y) {
        for (uint32_t x = 0; x < 8; ++x) {
            int hit = -1;
            for (size_t i = 0; i < pixels.size(); ++i)
                if (pixels[i].x == x && pixels[i].y == y) hit = int(i);
            if (hit < 0) {
                for (uint32_t target = 0; target < 3; ++target)
                    expectPixel(result, x, y, run.clearColor, target);
                EXPECT_EQ(result.depth[y * 8 + x], 1.0f) << "pixel (" << x << ", " << y << ")";
                continue;
            }
            const Float4& v = values[size_t(hit)];
            expectPixel(result, x, y, v, 0);
            expectPixel(result, x, y, {2 * v[0], 2 * v[1], 2 * v[2], 2 * v[3]}, 1);
            expectPixel(result, x, y, {v[0] + 1, v[1] + 1, v[2] + 1, v[3] + 1}, 2);
            EXPECT_EQ(result.depth[y * 8 + x], v[0]) << "pixel (" << x << ", " << y << ")";
        }
    }
}

TEST(ShaderRunner, DepthTargetHoldsInterpolatedDepth) {
    // z = 0.5 + 0.1x + 0.2y over a strip covering the target; the depth test is ALWAYS.
    const uint32_t w = 8, h = 4;
    auto z = [](float x, float y) { return 0.5f + 0.1f * x + 0.2f * y; };
    std::vector<Float4> positions;
    for (Float4 p : std::vector<Float4>{
             {-1.5f, 1.5f, 0, 1}, {1.5f, 1.5f, 0, 1}, {-1.5f, -1.5f, 0, 1}, {1.5f, -1.5f, 0, 1}}) {
        p[2] = z(p[0], p[1]);
        positions.push_back(p);
    }
    ShaderRun run;
    run.vertexSpirv = spirv(spv_passthrough_vert);
    run.fragmentSpirv = spirv(spv_passthrough_frag);
    run.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP;
    run.width = w;
    run.height = h;
    run.vertexCount = 4;
    run.depthTarget = true;
    run.attributes = {VertexAttribute::floats(0, positions), VertexAttribute::floats(1, positions)};
    const ShaderRunResult result = test::runShaders(run);
    for (uint32_t j = 0; j < h; ++j)
        for (uint32_t i = 0; i < w; ++i)
            EXPECT_NEAR(result.depth[j * w + i], z(2.0f * float(i) / w - 1.0f, 1.0f - 2.0f * float(j) / h),
                        1e-6f)
                << "pixel (" << i << ", " << j << ")";
}

// ---- Misuse ----

TEST(ShaderRunner, TwoTexturesOnOneBindingAreATestBug) {
    ShaderRun run = rowRun(spirv(spv_tex_2d_frag), {{0.5f, 0.5f, 0, 0}});
    RunTexture t;
    t.data.resize(16);
    run.textures = {t, t};
    EXPECT_THROW(test::runShaders(run), std::invalid_argument);
}

TEST(ShaderRunner, TextureDataOfTheWrongSizeIsATestBug) {
    ShaderRun run = rowRun(spirv(spv_tex_2d_frag), {{0.5f, 0.5f, 0, 0}});
    RunTexture t;
    t.width = 2;
    t.data.resize(16); // 2 texels need 32 bytes
    run.textures = {t};
    EXPECT_THROW(test::runShaders(run), std::invalid_argument);
}

TEST(ShaderRunner, PointCentreIsTheD3D9PixelCentre) {
    EXPECT_EQ(test::pointCentre(0, 0, 4, 2), (Float4{-1.0f, 1.0f, 0.5f, 1.0f}));
    EXPECT_EQ(test::pointCentre(3, 1, 4, 2), (Float4{0.5f, 0.0f, 0.5f, 1.0f}));
}

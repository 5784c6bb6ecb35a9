// Every D3DDECLTYPE read by a vs_3_0 shader, through both doors and both vertex input paths
// (Vulkan vertex attributes, and the shader's own fetch), compared with a CPU decoder written
// from the D3DDECLTYPE page of the D3D9 documentation: each element becomes the colour of a point
// on a pixel centre, after a per-type scale and bias (c2, c3) that brings its values into 0..1.
// The target is A8R8G8B8, so all four components (w included) reach the pixels.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <tuple>

#include "cts/cts_fixture.h"

namespace ddivk::test {
namespace {

using Vec4 = std::array<float, 4>;
using Bytes = std::vector<uint8_t>;

template <class T> Bytes raw(std::initializer_list<T> values) {
    Bytes out(values.size() * sizeof(T));
    std::memcpy(out.data(), values.begin(), out.size());
    return out;
}

template <class T> T read(const uint8_t* p, int i) {
    T v;
    std::memcpy(&v, p + i * sizeof(T), sizeof(T));
    return v;
}

// UDEC3 / DEC3N: x in bits 0-9, y 10-19, z 20-29, two bits above them that D3D9 ignores.
uint32_t dec3(int x, int y, int z, int top) {
    return uint32_t(x & 1023) | uint32_t(y & 1023) << 10 | uint32_t(z & 1023) << 20 | uint32_t(top & 3) << 30;
}

// IEEE 754 binary16.
float halfToFloat(uint16_t h) {
    const int e = h >> 10 & 31, m = h & 1023;
    const float v = e == 0    ? std::ldexp(float(m), -24)
                    : e == 31 ? INFINITY
                              : std::ldexp(float(m | 1024), e - 25);
    return h >> 15 ? -v : v;
}

// Ten-bit two's complement.
int signed10(uint32_t bits) {
    return bits & 512 ? int(bits) - 1024 : int(bits);
}

// D3DDECLTYPE: "the data type ... and how it is expanded" to the four components the shader
// reads. Types with fewer than four components expand as (x, 0, 0, 1) / (x, y, 0, 1) / (x, y,
// z, 1); UDEC3 and DEC3N read w as 1 whatever the top two bits hold.
Vec4 decode(uint8_t type, const uint8_t* p) {
    switch (type) {
    case D3DDECLTYPE_FLOAT1:
        return {read<float>(p, 0), 0, 0, 1};
    case D3DDECLTYPE_FLOAT2:
        return {read<float>(p, 0), read<float>(p, 1), 0, 1};
    case D3DDECLTYPE_FLOAT3:
        return {read<float>(p, 0), read<float>(p, 1), read<float>(p, 2), 1};
    case D3DDECLTYPE_FLOAT4:
        return {read<float>(p, 0), read<float>(p, 1), read<float>(p, 2), read<float>(p, 3)};
    case D3DDECLTYPE_D3DCOLOR: { // "expanded to (R, G, B, A)" from the DWORD 0xAARRGGBB
        const uint32_t c = read<uint32_t>(p, 0);
        return {float(c >> 16 & 0xFF) / 255, float(c >> 8 & 0xFF) / 255, float(c & 0xFF) / 255,
                float(c >> 24) / 255};
    }
    case D3DDECLTYPE_UBYTE4:
        return {float(p[0]), float(p[1]), float(p[2]), float(p[3])};
    case D3DDECLTYPE_UBYTE4N:
        return {p[0] / 255.0f, p[1] / 255.0f, p[2] / 255.0f, p[3] / 255.0f};
    case D3DDECLTYPE_SHORT2:
        return {float(read<int16_t>(p, 0)), float(read<int16_t>(p, 1)), 0, 1};
    case D3DDECLTYPE_SHORT4:
        return {float(read<int16_t>(p, 0)), float(read<int16_t>(p, 1)), float(read<int16_t>(p, 2)),
                float(read<int16_t>(p, 3))};
    case D3DDECLTYPE_SHORT2N:
        return {read<int16_t>(p, 0) / 32767.0f, read<int16_t>(p, 1) / 32767.0f, 0, 1};
    case D3DDECLTYPE_SHORT4N:
        return {read<int16_t>(p, 0) / 32767.0f, read<int16_t>(p, 1) / 32767.0f,
                read<int16_t>(p, 2) / 32767.0f, read<int16_t>(p, 3) / 32767.0f};
    case D3DDECLTYPE_USHORT2N:
        return {read<uint16_t>(p, 0) / 65535.0f, read<uint16_t>(p, 1) / 65535.0f, 0, 1};
    case D3DDECLTYPE_USHORT4N:
        return {read<uint16_t>(p, 0) / 65535.0f, read<uint16_t>(p, 1) / 65535.0f,
                read<uint16_t>(p, 2) / 65535.0f, read<uint16_t>(p, 3) / 65535.0f};
    case D3DDECLTYPE_UDEC3: {
        const uint32_t v = read<uint32_t>(p, 0);
        return {float(v & 1023), float(v >> 10 & 1023), float(v >> 20 & 1023), 1};
    }
    case D3DDECLTYPE_DEC3N: { // "(value[0]/511.0, value[1]/511.0, value[2]/511.0, 1)"
        const uint32_t v = read<uint32_t>(p, 0);
        return {signed10(v & 1023) / 511.0f, signed10(v >> 10 & 1023) / 511.0f,
                signed10(v >> 20 & 1023) / 511.0f, 1};
    }
    case D3DDECLTYPE_FLOAT16_2:
        return {halfToFloat(read<uint16_t>(p, 0)), halfToFloat(read<uint16_t>(p, 1)), 0, 1};
    case D3DDECLTYPE_FLOAT16_4:
        return {halfToFloat(read<uint16_t>(p, 0)), halfToFloat(read<uint16_t>(p, 1)),
                halfToFloat(read<uint16_t>(p, 2)), halfToFloat(read<uint16_t>(p, 3))};
    }
    ADD_FAILURE() << "no decoder for type " << int(type);
    return {};
}

// The A8R8G8B8 pixel of a colour (x, y, z, w) = (r, g, b, a) written to the 8-bit target.
uint32_t pixelOf(const Vec4& c) {
    auto q = [](float v) { return uint32_t(std::lround(std::clamp(v, 0.0f, 1.0f) * 255.0f)); };
    return q(c[3]) << 24 | q(c[0]) << 16 | q(c[1]) << 8 | q(c[2]);
}

struct TypeCase {
    const char* name;
    uint8_t type;
    uint8_t size; // bytes in the vertex
    Vec4 scale, bias;
    std::vector<Bytes> elements; // one point each; extremes included
};

constexpr Vec4 kQuarter = {0.25f, 0.25f, 0.25f, 0.25f}, kHalf = {0.5f, 0.5f, 0.5f, 0.5f}, kOne = {1, 1, 1, 1},
               kZero = {0, 0, 0, 0};
constexpr float k255 = 1.0f / 255, k64k = 1.0f / 65536, k1023 = 1.0f / 1023;

const std::vector<TypeCase>& typeCases() {
    static const std::vector<TypeCase> cases = {
        {"FLOAT1",
         D3DDECLTYPE_FLOAT1,
         4,
         kQuarter,
         kHalf,
         {raw<float>({0}), raw<float>({1}), raw<float>({-2}), raw<float>({2}), raw<float>({-0.75f}),
          raw<float>({1.25f})}},
        {"FLOAT2",
         D3DDECLTYPE_FLOAT2,
         8,
         kQuarter,
         kHalf,
         {raw<float>({0, 1}), raw<float>({-2, 2}), raw<float>({0.5f, -0.5f}), raw<float>({1.75f, -1.25f})}},
        {"FLOAT3",
         D3DDECLTYPE_FLOAT3,
         12,
         kQuarter,
         kHalf,
         {raw<float>({0, 1, -1}), raw<float>({2, -2, 0.5f}), raw<float>({0.1f, 0.2f, 0.3f})}},
        {"FLOAT4",
         D3DDECLTYPE_FLOAT4,
         16,
         kQuarter,
         kHalf,
         {raw<float>({0, 1, -1, 2}), raw<float>({-2, 0.5f, 0.25f, -0.25f}),
          raw<float>({1e-3f, -1e-3f, 1.5f, -1.5f})}},
        // The BGRA byte order: the pixel equals the DWORD.
        {"D3DCOLOR",
         D3DDECLTYPE_D3DCOLOR,
         4,
         kOne,
         kZero,
         {raw<uint32_t>({0x80FF4020}), raw<uint32_t>({0xFF000000}), raw<uint32_t>({0x00FFFFFF}),
          raw<uint32_t>({0x12345678}), raw<uint32_t>({0xFFFF0000}), raw<uint32_t>({0x0000FF00}),
          raw<uint32_t>({0x000000FF})}},
        {"UBYTE4",
         D3DDECLTYPE_UBYTE4,
         4,
         {k255, k255, k255, k255},
         kZero,
         {raw<uint8_t>({0, 1, 127, 255}), raw<uint8_t>({255, 128, 64, 32}), raw<uint8_t>({3, 250, 17, 100})}},
        {"SHORT2",
         D3DDECLTYPE_SHORT2,
         4,
         {k64k, k64k, k64k, k64k},
         kHalf,
         {raw<int16_t>({-32768, 32767}), raw<int16_t>({0, 1}), raw<int16_t>({-1, 16384}),
          raw<int16_t>({12345, -12345})}},
        {"SHORT4",
         D3DDECLTYPE_SHORT4,
         8,
         {k64k, k64k, k64k, k64k},
         kHalf,
         {raw<int16_t>({-32768, 32767, 0, -1}), raw<int16_t>({100, -100, 20000, -20000}),
          raw<int16_t>({32767, -32768, 1, 12345})}},
        {"UBYTE4N",
         D3DDECLTYPE_UBYTE4N,
         4,
         kOne,
         kZero,
         {raw<uint8_t>({0, 1, 127, 255}), raw<uint8_t>({255, 128, 64, 32}), raw<uint8_t>({3, 250, 17, 100})}},
        {"SHORT2N",
         D3DDECLTYPE_SHORT2N,
         4,
         kHalf,
         kHalf,
         {raw<int16_t>({-32768, 32767}), raw<int16_t>({0, -32767}), raw<int16_t>({16384, -16384}),
          raw<int16_t>({1, -1})}},
        {"SHORT4N",
         D3DDECLTYPE_SHORT4N,
         8,
         kHalf,
         kHalf,
         {raw<int16_t>({-32768, 32767, 0, -1}), raw<int16_t>({16384, -16384, 8191, -8192}),
          raw<int16_t>({32767, 100, -32767, -32768})}},
        {"USHORT2N",
         D3DDECLTYPE_USHORT2N,
         4,
         kOne,
         kZero,
         {raw<uint16_t>({0, 65535}), raw<uint16_t>({32768, 1}), raw<uint16_t>({12345, 54321})}},
        {"USHORT4N",
         D3DDECLTYPE_USHORT4N,
         8,
         kOne,
         kZero,
         {raw<uint16_t>({0, 65535, 32768, 1}), raw<uint16_t>({12345, 54321, 257, 65280})}},
        // w reads 1 whatever the top bits hold: scaled by 0.4, it lands on 102 (0 or 3 would not).
        {"UDEC3",
         D3DDECLTYPE_UDEC3,
         4,
         {k1023, k1023, k1023, 0.4f},
         kZero,
         {raw<uint32_t>({dec3(0, 1023, 512, 3)}), raw<uint32_t>({dec3(1, 2, 3, 0)}),
          raw<uint32_t>({dec3(1023, 0, 341, 2)})}},
        {"DEC3N",
         D3DDECLTYPE_DEC3N,
         4,
         {0.5f, 0.5f, 0.5f, 0.4f},
         {0.5f, 0.5f, 0.5f, 0},
         {raw<uint32_t>({dec3(-512, 511, 0, 3)}), raw<uint32_t>({dec3(-511, 1, -1, 0)}),
          raw<uint32_t>({dec3(255, -256, 100, 2)})}},
        // 0, 1, -1, 2, -2, 1/3, -0, the smallest denormal, +-65504 (the largest finite).
        {"FLOAT16_2",
         D3DDECLTYPE_FLOAT16_2,
         4,
         kQuarter,
         kHalf,
         {raw<uint16_t>({0x0000, 0x3C00}), raw<uint16_t>({0xBC00, 0x4000}), raw<uint16_t>({0xC000, 0x3555}),
          raw<uint16_t>({0x8000, 0x0001}), raw<uint16_t>({0x7BFF, 0xFBFF})}},
        {"FLOAT16_4",
         D3DDECLTYPE_FLOAT16_4,
         8,
         kQuarter,
         kHalf,
         {raw<uint16_t>({0x3C00, 0xBC00, 0x3800, 0xB800}), raw<uint16_t>({0x4000, 0xC000, 0x3555, 0x0001}),
          raw<uint16_t>({0x7BFF, 0x0000, 0x8000, 0x3E00})}},
    };
    return cases;
}

const TypeCase& caseOf(uint8_t type) {
    for (const TypeCase& c : typeCases())
        if (c.type == type) return c;
    throw std::logic_error("no case");
}

struct Float2 {
    float x, y;
};

// Point k of a scene sits on pixel (2 + 3k, kRow).
constexpr int kRow = 5;
int pointX(size_t k) {
    return 2 + 3 * int(k);
}

// position = v0 + v2 (pixels), colour = v1 (the element under test) * c2 + c3.
constexpr const char* kVs = R"(vs_3_0
dcl_position v0
dcl_texcoord v1
dcl_texcoord1 v2
dcl_position o0
dcl_color o1
add r0, v0, v2
mad o0, r0, c0, c1
mad o1, v1, c2, c3
)";
// position = v0 (pixels), colour = v1 * c2 + c3.
constexpr const char* kVsOneStream = R"(vs_3_0
dcl_position v0
dcl_texcoord v1
dcl_position o0
dcl_color o1
mad o0, v0, c0, c1
mad o1, v1, c2, c3
)";
constexpr const char* kPs = "ps_3_0\ndcl_color v0\nmov oC0, v0\n";

enum class Path { VertexInput, ShaderFetch };

class DeclTypes : public Cts {
  protected:
    DeclTypes() { targetFormat_ = D3DFMT_A8R8G8B8; }
    void SetUp() override {
        Cts::SetUp();
        clearTarget();
    }
    void TearDown() override {
        forceFetch(false);
        for (uint32_t st = 0; st < 2; ++st)
            setFrequency(Door::Dp2, st, 1);
        Cts::TearDown();
    }
    void setScale(const TypeCase& c) {
        setVsConstant(2, c.scale[0], c.scale[1], c.scale[2], c.scale[3]);
        setVsConstant(3, c.bias[0], c.bias[1], c.bias[2], c.bias[3]);
    }
    // The pixels of `c`'s elements, each at pointX(k).
    static Pixels expected(const TypeCase& c) {
        Pixels want;
        for (size_t k = 0; k < c.elements.size(); ++k) {
            Vec4 v = decode(c.type, c.elements[k].data());
            for (int i = 0; i < 4; ++i)
                v[i] = v[i] * c.scale[i] + c.bias[i];
            want[{pointX(k), kRow}] = pixelOf(v);
        }
        return want;
    }
};

class DeclType : public DeclTypes, public ::testing::WithParamInterface<std::tuple<size_t, Door, Path>> {};

// D3DDECLTYPE: each type expands to the documented four components. VertexInput: stream 1 is
// per vertex, drawn as N points. ShaderFetch: stream 1 is per-instance data (INSTANCEDATA | 1,
// N instances of one point) with the fetch fallback forced, so the shader decodes the type.
TEST_P(DeclType, ShaderReadsTheDocumentedExpansion) {
    const auto [index, door, path] = GetParam();
    const TypeCase& c = typeCases()[index];
    const uint32_t n = uint32_t(c.elements.size());
    setProgram(door, kVs, kPs,
               {{0, 0, D3DDECLTYPE_FLOAT2, 0, D3DDECLUSAGE_POSITION, 0},
                {1, 0, D3DDECLTYPE_FLOAT2, 0, D3DDECLUSAGE_TEXCOORD, 1},
                {1, 8, c.type, 0, D3DDECLUSAGE_TEXCOORD, 0}});
    setPixelToClip(door);
    setScale(c);
    // Stream 1: (pixel offset, element) per point.
    const uint32_t stride1 = 8 + c.size;
    Bytes stream1(size_t(n) * stride1);
    for (uint32_t k = 0; k < n; ++k) {
        ASSERT_EQ(c.elements[k].size(), c.size);
        const Float2 offset{float(pointX(k)), 0};
        std::memcpy(&stream1[k * stride1], &offset, 8);
        std::memcpy(&stream1[k * stride1 + 8], c.elements[k].data(), c.size);
    }
    const std::vector<Float2> base(n, Float2{0, float(kRow)});
    setStream(door, 0, createBuffer(base), 0, sizeof(Float2));
    setStream(door, 1, createBuffer(stream1.data(), uint32_t(stream1.size())), 0, stride1);
    if (path == Path::VertexInput) {
        ASSERT_EQ(drawPrimitive(door, D3DPT_POINTLIST, 0, n), S_OK);
    } else {
        forceFetch(true);
        ASSERT_EQ(setFrequency(door, 0, D3DSTREAMSOURCE_INDEXEDDATA | n), S_OK);
        ASSERT_EQ(setFrequency(door, 1, D3DSTREAMSOURCE_INSTANCEDATA | 1), S_OK);
        setIndices(door, createIndexBuffer(std::vector<uint16_t>{0}), 2);
        ASSERT_EQ(drawIndexed(door, D3DPT_POINTLIST, 0, 0, 1, 0, 1), S_OK);
    }
    expectScene(expected(c), 1);
}

INSTANTIATE_TEST_SUITE_P(EveryType, DeclType,
                         ::testing::Combine(::testing::Range<size_t>(0, typeCases().size()),
                                            ::testing::Values(Door::Dp2, Door::Umd),
                                            ::testing::Values(Path::VertexInput, Path::ShaderFetch)),
                         [](const auto& p) {
                             return std::string(typeCases()[std::get<0>(p.param)].name) + "_" +
                                    doorName(std::get<1>(p.param)) +
                                    (std::get<2>(p.param) == Path::VertexInput ? "_VertexInput"
                                                                               : "_ShaderFetch");
                         });

TEST(DeclTypeTable, EveryD3DDeclTypeHasACase) {
    std::vector<bool> seen(D3DDECLTYPE_UNUSED, false);
    for (const TypeCase& c : typeCases())
        seen.at(c.type) = true;
    for (int t = 0; t < D3DDECLTYPE_UNUSED; ++t)
        EXPECT_TRUE(seen[t]) << "type " << t;
}

class UnalignedStride : public DeclTypes, public ::testing::WithParamInterface<Door> {};

// SetStreamSource takes any stride: an element whose address is off its component size (FLOAT3
// at stride 14, FLOAT1 at 6) cannot be a Vulkan attribute and is fetched by the shader
// (stream_plan.h, Alignment); strides that keep the components aligned (SHORT4N at 10, FLOAT16_2
// at 6, D3DCOLOR at 5) stay attributes. Every point reads its own element either way.
TEST_P(UnalignedStride, ElementsAtAnyStrideReadTheirOwnVertex) {
    const Door door = GetParam();
    const std::pair<uint8_t, uint32_t> layouts[] = {{D3DDECLTYPE_FLOAT3, 14},  {D3DDECLTYPE_FLOAT1, 6},
                                                    {D3DDECLTYPE_SHORT4N, 10}, {D3DDECLTYPE_FLOAT16_2, 6},
                                                    {D3DDECLTYPE_D3DCOLOR, 5}, {D3DDECLTYPE_UDEC3, 7}};
    for (const auto& [type, stride] : layouts) {
        const TypeCase& c = caseOf(type);
        SCOPED_TRACE(std::string(c.name) + " at stride " + std::to_string(stride));
        clearTarget();
        setProgram(door, kVsOneStream, kPs,
                   {{0, 0, D3DDECLTYPE_FLOAT2, 0, D3DDECLUSAGE_POSITION, 0},
                    {1, 0, type, 0, D3DDECLUSAGE_TEXCOORD, 0}});
        setPixelToClip(door);
        setScale(c);
        const uint32_t n = uint32_t(c.elements.size());
        Bytes stream1(size_t(n) * stride, 0xCD);
        std::vector<Float2> positions;
        for (uint32_t k = 0; k < n; ++k) {
            std::memcpy(&stream1[k * stride], c.elements[k].data(), c.size);
            positions.push_back({float(pointX(k)), float(kRow)});
        }
        setStream(door, 0, createBuffer(positions), 0, sizeof(Float2));
        setStream(door, 1, createBuffer(stream1.data(), uint32_t(stream1.size())), 0, stride);
        ASSERT_EQ(drawPrimitive(door, D3DPT_POINTLIST, 0, n), S_OK);
        expectScene(expected(c), 1);
    }
}

INSTANTIATE_TEST_SUITE_P(BothDoors, UnalignedStride, ::testing::Values(Door::Dp2, Door::Umd),
                         [](const auto& p) { return std::string(doorName(p.param)); });

} // namespace
} // namespace ddivk::test

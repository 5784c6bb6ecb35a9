// Vertex fetch in the shader (abi.h, VsFetch): for every D3DDECLTYPE the shader's own fetch and
// conversion gives what the Vulkan vertex format of the attribute path gives, and the three
// indexing modes (per vertex, divided, per instance) pick the elements the stream-frequency
// rules name.
#include <cstring>
#include <random>

#include "draw/vertex_decl.h"
#include "unit/translate/conformance.h"
#include "unit/translate/translate_util.h"

namespace ddivk::shader::test {
namespace {

using ddivk::test::pointCentre;
using ddivk::test::runShaders;
using ddivk::test::VertexAttribute;

constexpr const char* kPassThrough = R"(vs_3_0
dcl_position v0
dcl_texcoord0 v1
dcl_position o0
dcl_texcoord0 o1
mov o0, v0
mov o1, v1
)";

// The pixel shader that writes TEXCOORD0.
const Translation& readBack() {
    static const Translation ps = translateText("ps_3_0\ndcl_texcoord0 v0\nmov oC0, v0\n");
    return ps;
}

std::vector<Float4> positions(uint32_t count, uint32_t first = 0) {
    std::vector<Float4> p(first, Float4{0, 0, 0, 1});
    for (uint32_t i = 0; i < count; ++i) p.push_back(pointCentre(i, 0, count, 1));
    return p;
}

// Element bytes of `type` for `count` vertices at `stride`, the element at `offset`: random
// bits, except float types get ordinary values (NaN compares unequal).
std::vector<uint8_t> streamBytes(uint8_t type, uint32_t count, uint32_t stride, uint32_t offset) {
    std::mt19937 random(type * 7919u + stride);
    std::vector<uint8_t> bytes(size_t(count) * stride + 16);
    for (uint8_t& b : bytes) b = uint8_t(random());
    const uint32_t size = draw::declTypeInfo(type)->size;
    for (uint32_t v = 0; v < count; ++v) {
        uint8_t* element = bytes.data() + v * stride + offset;
        if (type <= D3DDECLTYPE_FLOAT4)
            for (uint32_t c = 0; c < size / 4; ++c) {
                const float f = float(int(random() % 2001) - 1000) / 8.0f;
                std::memcpy(element + 4 * c, &f, 4);
            }
        if (type == D3DDECLTYPE_FLOAT16_2 || type == D3DDECLTYPE_FLOAT16_4)
            for (uint32_t c = 0; c < size / 2; ++c) {
                const uint16_t h = uint16_t(0x3C00 + (random() % 0x400) - (random() % 2) * 0x8000u); // +-[1, 2)
                std::memcpy(element + 2 * c, &h, 2);
            }
    }
    return bytes;
}

TEST(VertexFetch, EveryDeclTypeMatchesTheVulkanVertexFormat) {
    constexpr uint32_t kCount = 8;
    for (uint8_t type = 0; type <= D3DDECLTYPE_FLOAT16_4; ++type) {
        const draw::DeclTypeInfo* info = draw::declTypeInfo(type);
        // Stride 6 puts elements off 4-byte boundaries, which Vulkan attributes allow only for
        // formats of 8- and 16-bit components (the fetch path reads any byte address).
        const bool smallComponents = type == D3DDECLTYPE_D3DCOLOR || type == D3DDECLTYPE_UBYTE4 ||
                                     type == D3DDECLTYPE_UBYTE4N ||
                                     (type >= D3DDECLTYPE_SHORT2 && type <= D3DDECLTYPE_SHORT4) ||
                                     (type >= D3DDECLTYPE_SHORT2N && type <= D3DDECLTYPE_USHORT4N) ||
                                     type >= D3DDECLTYPE_FLOAT16_2;
        for (const auto& [stride, offset] : {std::pair{20u, 4u}, std::pair{6u, 0u}}) {
            if (stride < info->size || (stride == 6 && !smallComponents)) continue;
            const std::vector<uint8_t> bytes = streamBytes(type, kCount, stride, offset);

            // Attribute path: the Vulkan format reads the element (the attribute's data starts
            // at the element).
            TranslationKey attributeKey;
            attributeKey.inputWIsOne = info->wIsOne ? 1u << 1 : 0;
            ShaderRun byAttribute;
            byAttribute.vertexSpirv = translateText(kPassThrough, attributeKey).spirv;
            byAttribute.fragmentSpirv = readBack().spirv;
            byAttribute.width = byAttribute.vertexCount = kCount;
            byAttribute.attributes.push_back(VertexAttribute::floats(0, positions(kCount)));
            VertexAttribute element;
            element.location = 1;
            element.format = info->format;
            element.stride = stride;
            element.data.assign(bytes.begin() + offset, bytes.end());
            byAttribute.attributes.push_back(element);

            // Fetch path: the shader reads stream 0 itself.
            TranslationKey fetchKey;
            fetchKey.fetch[1] = {type, 0, uint16_t(offset)};
            ShaderRun byFetch = byAttribute;
            byFetch.vertexSpirv = translateText(kPassThrough, fetchKey).spirv;
            byFetch.attributes.resize(1);
            byFetch.storageBuffers.push_back({shader::abi::kFetchStreamBinding0, bytes});
            byFetch.vsFetch.streams[0] = {0, stride, 1, shader::abi::kFetchPerVertex};

            const auto a = runShaders(byAttribute), f = runShaders(byFetch);
            for (uint32_t v = 0; v < kCount; ++v)
                EXPECT_TRUE(near(f.pixel(v), a.pixel(v), 1e-6f, v)) << info->name << " stride " << stride;

            // The aligned fetch (the key promises word boundaries) reads the same values.
            if (stride % 4 || offset % 4) continue;
            ShaderRun byAlignedFetch = byFetch;
            fetchKey.fetch[1].stream |= TranslationKey::kFetchWordAligned;
            byAlignedFetch.vertexSpirv = translateText(kPassThrough, fetchKey).spirv;
            const auto g = runShaders(byAlignedFetch);
            for (uint32_t v = 0; v < kCount; ++v)
                EXPECT_TRUE(near(g.pixel(v), a.pixel(v), 1e-6f, v)) << info->name << " aligned, stride " << stride;
        }
    }
}

// A FLOAT1 stream whose element n holds n, read through stream 0 with `mode` and `divider`.
struct IndexRun {
    uint32_t vertexCount = 1, instanceCount = 1, firstVertex = 0, startVertex = 0;
    uint32_t divider = 1, mode = shader::abi::kFetchPerVertex;
};

std::vector<float> fetchedIndices(const IndexRun& r, bool positionPerInstance) {
    const uint32_t points = positionPerInstance ? r.instanceCount : r.vertexCount;
    std::vector<uint8_t> elements(64 * 4);
    for (uint32_t n = 0; n < 64; ++n) {
        const float f = float(n);
        std::memcpy(elements.data() + 4 * n, &f, 4);
    }
    TranslationKey key;
    key.fetch[1] = {D3DDECLTYPE_FLOAT1, 0, 0};
    ShaderRun run;
    run.fragmentSpirv = readBack().spirv;
    run.width = points;
    run.vertexCount = r.vertexCount;
    run.instanceCount = r.instanceCount;
    run.firstVertex = r.firstVertex;
    run.storageBuffers.push_back({shader::abi::kFetchStreamBinding0, elements});
    run.vsFetch.streams[0] = {0, 4, r.divider, r.mode};
    run.vsFetch.startVertex = r.startVertex;
    if (positionPerInstance) {
        // Positions come per instance from stream 1, so that every instance has its pixel.
        key.fetch[0] = {D3DDECLTYPE_FLOAT4, 1, 0};
        const std::vector<Float4> p = positions(points);
        std::vector<uint8_t> bytes(p.size() * 16);
        std::memcpy(bytes.data(), p.data(), bytes.size());
        run.storageBuffers.push_back({shader::abi::kFetchStreamBinding0 + 1, bytes});
        run.vsFetch.streams[1] = {0, 16, 1, shader::abi::kFetchPerInstance};
    } else {
        run.attributes.push_back(VertexAttribute::floats(0, positions(points, r.firstVertex)));
    }
    run.vertexSpirv = translateText(kPassThrough, key).spirv;
    const auto result = runShaders(run);
    std::vector<float> out;
    for (uint32_t i = 0; i < points; ++i) out.push_back(result.pixel(i)[0]);
    return out;
}

TEST(VertexFetch, DividedModeFetchesEveryNVerticesFromStartVertex) {
    // docs/stream-frequency.md: element (StartVertex / Divider + VertexIndex / Divider), integer
    // division, VertexIndex counted from the draw's first vertex.
    for (uint32_t start : {0u, 2u, 3u, 7u}) {
        IndexRun r;
        r.vertexCount = 7;
        r.firstVertex = r.startVertex = start;
        r.divider = 3;
        r.mode = shader::abi::kFetchDivided;
        const std::vector<float> got = fetchedIndices(r, false);
        ASSERT_EQ(got.size(), 7u);
        for (uint32_t i = 0; i < 7; ++i) EXPECT_EQ(got[i], float(start / 3 + i / 3)) << "start " << start << " vertex " << i;
    }
}

TEST(VertexFetch, PerVertexModeReadsTheVertexIndex) {
    IndexRun r;
    r.vertexCount = 5;
    r.firstVertex = 4;
    const std::vector<float> got = fetchedIndices(r, false);
    for (uint32_t i = 0; i < 5; ++i) EXPECT_EQ(got[i], float(4 + i));
}

TEST(VertexFetch, PerInstanceModeDividesTheInstanceIndex) {
    for (uint32_t divider : {1u, 2u, 3u}) {
        IndexRun r;
        r.instanceCount = 6;
        r.divider = divider;
        r.mode = shader::abi::kFetchPerInstance;
        const std::vector<float> got = fetchedIndices(r, true);
        ASSERT_EQ(got.size(), 6u);
        for (uint32_t i = 0; i < 6; ++i) EXPECT_EQ(got[i], float(i / divider)) << "divider " << divider;
    }
}

TEST(VertexFetch, ReadsPastTheStreamGiveZero) {
    // 16 bytes of stream (4 FLOAT1 elements); vertices 4.. read past it.
    TranslationKey key;
    key.fetch[1] = {D3DDECLTYPE_FLOAT1, 0, 0};
    std::vector<uint8_t> elements(16);
    for (uint32_t n = 0; n < 4; ++n) {
        const float f = float(n + 1);
        std::memcpy(elements.data() + 4 * n, &f, 4);
    }
    ShaderRun run;
    run.vertexSpirv = translateText(kPassThrough, key).spirv;
    run.fragmentSpirv = readBack().spirv;
    run.width = run.vertexCount = 6;
    run.attributes.push_back(VertexAttribute::floats(0, positions(6)));
    run.storageBuffers.push_back({shader::abi::kFetchStreamBinding0, elements});
    run.vsFetch.streams[0] = {0, 4, 1, shader::abi::kFetchPerVertex};
    const auto result = runShaders(run);
    for (uint32_t i = 0; i < 6; ++i) EXPECT_EQ(result.pixel(i)[0], i < 4 ? float(i + 1) : 0.0f) << i;
}

TEST(VertexFetch, FetchedModulePassesValidation) {
    TranslationKey key;
    for (uint8_t type = 0; type <= D3DDECLTYPE_FLOAT16_4; ++type) {
        key.fetch[1] = {type, uint8_t(type % 16), uint16_t(4 * type)};
        const Translation t = translateValid(kPassThrough, key);
        // The fetched input is not a vertex attribute.
        for (const InterfaceSlot& s : t.inputs) EXPECT_NE(s.number, 1u);
    }
}

} // namespace
} // namespace ddivk::shader::test

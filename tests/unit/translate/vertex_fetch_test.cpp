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

// The bytes of the floats first, first + 1, ... (`count` of them).
std::vector<uint8_t> countingFloats(uint32_t count, float first) {
    std::vector<uint8_t> bytes(size_t(count) * 4);
    for (uint32_t n = 0; n < count; ++n) {
        const float f = first + float(n);
        std::memcpy(bytes.data() + 4 * n, &f, 4);
    }
    return bytes;
}

// `count` points, vertex i at pixel i, input 1 fetched per the key from stream 0 (`bytes`, its
// VsFetch record `record`).
ShaderRun fetchRun(const TranslationKey& key, uint32_t count, const std::vector<uint8_t>& bytes,
                   const shader::abi::VsFetch::Stream& record) {
    ShaderRun run;
    run.vertexSpirv = translateText(kPassThrough, key).spirv;
    run.fragmentSpirv = readBack().spirv;
    run.width = run.vertexCount = count;
    run.attributes.push_back(VertexAttribute::floats(0, positions(count)));
    run.storageBuffers.push_back({shader::abi::kFetchStreamBinding0, bytes});
    run.vsFetch.streams[0] = record;
    return run;
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
            byFetch.vsFetch.streams[0] = {0, stride, 1, 0};

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

// A FLOAT1 stream whose element n holds n, read through stream 0 with `mode` and `divider`
// (`dividerOneKey`: the key says the divider is 1, the code divides nothing).
struct IndexRun {
    uint32_t vertexCount = 1, instanceCount = 1, firstVertex = 0, startVertex = 0;
    uint32_t divider = 1;
    shader::abi::FetchMode mode = shader::abi::kFetchPerVertex;
    bool dividerOneKey = false;
};

std::vector<float> fetchedIndices(const IndexRun& r, bool positionPerInstance) {
    const uint32_t points = positionPerInstance ? r.instanceCount : r.vertexCount;
    const std::vector<uint8_t> elements = countingFloats(64, 0.0f);
    TranslationKey key;
    key.fetch[1] = {D3DDECLTYPE_FLOAT1, TranslationKey::fetchStream(0, r.mode, r.dividerOneKey), 0};
    ShaderRun run;
    run.fragmentSpirv = readBack().spirv;
    run.width = points;
    run.vertexCount = r.vertexCount;
    run.instanceCount = r.instanceCount;
    run.firstVertex = r.firstVertex;
    run.storageBuffers.push_back({shader::abi::kFetchStreamBinding0, elements});
    // abi.h: the divided mode's start term is divided once, by the caller.
    const uint32_t firstElement = r.mode == shader::abi::kFetchDivided ? r.startVertex / r.divider : 0;
    run.vsFetch.streams[0] = {0, 4, r.divider, firstElement};
    run.vsFetch.startVertex = r.startVertex;
    if (positionPerInstance) {
        // Positions come per instance from stream 1, so that every instance has its pixel.
        key.fetch[0] = {D3DDECLTYPE_FLOAT4,
                        TranslationKey::fetchStream(1, shader::abi::kFetchPerInstance, true), 0};
        const std::vector<Float4> p = positions(points);
        std::vector<uint8_t> bytes(p.size() * 16);
        std::memcpy(bytes.data(), p.data(), bytes.size());
        run.storageBuffers.push_back({shader::abi::kFetchStreamBinding0 + 1, bytes});
        run.vsFetch.streams[1] = {0, 16, 1, 0};
    } else {
        run.attributes.push_back(VertexAttribute::floats(0, positions(points, r.firstVertex)));
    }
    run.vertexSpirv = translateText(kPassThrough, key).spirv;
    const auto result = runShaders(run);
    std::vector<float> out;
    for (uint32_t i = 0; i < points; ++i)
        out.push_back(result.pixel(i)[0]);
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
        for (uint32_t i = 0; i < 7; ++i)
            EXPECT_EQ(got[i], float(start / 3 + i / 3)) << "start " << start << " vertex " << i;
    }
}

TEST(VertexFetch, PerVertexModeReadsTheVertexIndex) {
    IndexRun r;
    r.vertexCount = 5;
    r.firstVertex = 4;
    const std::vector<float> got = fetchedIndices(r, false);
    for (uint32_t i = 0; i < 5; ++i)
        EXPECT_EQ(got[i], float(4 + i));
}

TEST(VertexFetch, PerInstanceModeDividesTheInstanceIndex) {
    // Divider 1 both with the general code and with the key's divider-one code.
    for (const auto& [divider, dividerOneKey] :
         {std::pair{1u, false}, {1u, true}, {2u, false}, {3u, false}}) {
        IndexRun r;
        r.instanceCount = 6;
        r.divider = divider;
        r.mode = shader::abi::kFetchPerInstance;
        r.dividerOneKey = dividerOneKey;
        const std::vector<float> got = fetchedIndices(r, true);
        ASSERT_EQ(got.size(), 6u);
        for (uint32_t i = 0; i < 6; ++i)
            EXPECT_EQ(got[i], float(i / divider)) << "divider " << divider << (dividerOneKey ? " (key)" : "");
    }
}

TEST(VertexFetch, ReadsPastTheStreamGiveZero) {
    // 16 bytes of stream (4 FLOAT1 elements); vertices 4.. read past it.
    TranslationKey key;
    key.fetch[1] = {D3DDECLTYPE_FLOAT1, 0, 0};
    const auto result = runShaders(fetchRun(key, 6, countingFloats(4, 1.0f), {0, 4, 1, 0}));
    for (uint32_t i = 0; i < 6; ++i)
        EXPECT_EQ(result.pixel(i)[0], i < 4 ? float(i + 1) : 0.0f) << i;
}

// abi.h: an element that does not lie wholly inside the buffer reads as zero words, also where
// its first words are inside (one bounds check per element), on word boundaries and off them.
TEST(VertexFetch, ElementsCrossingTheStreamEndGiveZero) {
    // 32 bytes of stream (the runner's buffers are whole multiples of 16); FLOAT4 elements 12
    // bytes apart from byte `offset`: elements 0 and 1 inside, 2 crossing the end, 3 past it.
    constexpr uint32_t kBytes = 32, kStride = 12;
    for (const auto& [offset, aligned] : {std::pair{0u, true}, {0u, false}, {2u, false}}) {
        SCOPED_TRACE(testing::Message() << "offset " << offset << (aligned ? " aligned" : ""));
        // Floats 1, 2, ... from byte `offset`, as many as fit.
        std::vector<uint8_t> bytes(offset);
        const std::vector<uint8_t> floats = countingFloats((kBytes - offset) / 4, 1.0f);
        bytes.insert(bytes.end(), floats.begin(), floats.end());
        bytes.resize(kBytes);
        TranslationKey key;
        key.fetch[1] = {D3DDECLTYPE_FLOAT4,
                        TranslationKey::fetchStream(0, shader::abi::kFetchPerVertex, false, aligned), 0};
        const auto result = runShaders(fetchRun(key, 4, bytes, {offset, kStride, 1, 0}));
        for (uint32_t i = 0; i < 4; ++i) {
            const bool inside = offset + kStride * i + 16 <= kBytes;
            for (uint32_t c = 0; c < 4; ++c)
                EXPECT_EQ(result.pixel(i)[c], inside ? float(3 * i + c + 1) : 0.0f)
                    << "element " << i << "." << c;
        }
    }
}

// The divider is not part of the key: one translation fetches with whatever divider the block
// of each draw holds, in the divided and the per-instance mode.
TEST(VertexFetch, OneTranslationFetchesWithEachDrawsDivider) {
    for (const auto mode : {shader::abi::kFetchDivided, shader::abi::kFetchPerInstance}) {
        const bool perInstance = mode == shader::abi::kFetchPerInstance;
        const std::vector<uint8_t> elements = countingFloats(64, 0.0f);
        TranslationKey key;
        key.fetch[1] = {D3DDECLTYPE_FLOAT1, TranslationKey::fetchStream(0, mode), 0};
        // Per instance, positions come per instance from stream 1, so every instance has its pixel.
        if (perInstance)
            key.fetch[0] = {D3DDECLTYPE_FLOAT4,
                            TranslationKey::fetchStream(1, shader::abi::kFetchPerInstance, true), 0};
        const std::vector<uint32_t> spirv = translateText(kPassThrough, key).spirv;
        for (uint32_t divider : {2u, 5u, 3u}) {
            SCOPED_TRACE(divider);
            constexpr uint32_t kCount = 12, kStart = 7;
            ShaderRun run;
            run.vertexSpirv = spirv;
            run.fragmentSpirv = readBack().spirv;
            run.width = kCount;
            run.storageBuffers.push_back({shader::abi::kFetchStreamBinding0, elements});
            if (perInstance) {
                run.vertexCount = 1;
                run.instanceCount = kCount;
                const std::vector<Float4> p = positions(kCount);
                std::vector<uint8_t> bytes(p.size() * 16);
                std::memcpy(bytes.data(), p.data(), bytes.size());
                run.storageBuffers.push_back({shader::abi::kFetchStreamBinding0 + 1, bytes});
                run.vsFetch.streams[1] = {0, 16, 1, 0};
                run.vsFetch.streams[0] = {0, 4, divider, 0};
            } else {
                run.vertexCount = kCount;
                run.firstVertex = kStart;
                run.attributes.push_back(VertexAttribute::floats(0, positions(kCount, kStart)));
                run.vsFetch.streams[0] = {0, 4, divider, kStart / divider};
                run.vsFetch.startVertex = kStart;
            }
            const auto result = runShaders(run);
            for (uint32_t i = 0; i < kCount; ++i) {
                const float want = float(perInstance ? i / divider : kStart / divider + i / divider);
                EXPECT_EQ(result.pixel(i)[0], want) << (perInstance ? "instance " : "vertex ") << i;
            }
        }
    }
}

TEST(VertexFetch, FetchedModulePassesValidation) {
    // Every type in every mode the key names, on word boundaries and off them.
    using shader::abi::FetchMode;
    const std::pair<FetchMode, bool> modes[] = {{shader::abi::kFetchPerVertex, false},
                                                {shader::abi::kFetchDivided, false},
                                                {shader::abi::kFetchPerInstance, false},
                                                {shader::abi::kFetchPerInstance, true}};
    TranslationKey key;
    for (uint8_t type = 0; type <= D3DDECLTYPE_FLOAT16_4; ++type)
        for (const auto& [mode, dividerOne] : modes)
            for (bool aligned : {false, true}) {
                const uint8_t stream = TranslationKey::fetchStream(type % 16, mode, dividerOne, aligned);
                key.fetch[1] = {type, stream, uint16_t(4 * type)};
                const Translation t = translateValid(kPassThrough, key);
                // The fetched input is not a vertex attribute.
                for (const InterfaceSlot& s : t.inputs)
                    EXPECT_NE(s.number, 1u);
            }
}

// A key naming no fetch mode (abi::FetchMode has three) is refused, not translated to a guess.
TEST(VertexFetch, UnknownFetchModeInTheKeyIsRefused) {
    TranslationKey key;
    key.fetch[1] = {D3DDECLTYPE_FLOAT4, uint8_t(3u << TranslationKey::kFetchModeShift), 0};
    EXPECT_FALSE(translate(programFrom(kPassThrough), key));
}

} // namespace
} // namespace ddivk::shader::test

// Vertex shaders keyed for stream output (TranslationKey::streamOutput): each entry becomes an
// Output decorated XfbBuffer / XfbStride / Offset at a location the pixel stage does not read,
// the module declares the TransformFeedback capability and the Xfb execution mode, and passes
// spirv-val. Keys the translator cannot honour are errors, not silent drops. What the captured
// bytes hold is checked on the device (tests/cts/stream_output_test.cpp).
#include <map>

#include "shader/spirv/enums.h"
#include "unit/translate/translate_util.h"

namespace ddivk::shader::test {
namespace {

constexpr const char* kVs30 = R"(vs_3_0
dcl_position v0
dcl_position o0
dcl_texcoord o1
mov o0, v0
add o1, v0, v0
)";

// Per Output variable with XfbBuffer: {location, buffer, stride, offset}.
struct XfbOutput {
    uint32_t location = ~0u, buffer = ~0u, stride = ~0u, offset = ~0u;
};
std::map<uint32_t, XfbOutput> xfbOutputs(const std::vector<uint32_t>& spirv) {
    constexpr uint32_t kOpDecorate = 71;
    std::map<uint32_t, XfbOutput> byId;
    std::map<uint32_t, uint32_t> locations;
    for (size_t at = 5; at < spirv.size();) {
        const uint32_t count = spirv[at] >> 16, opcode = spirv[at] & 0xFFFF;
        if (count == 0) break;
        if (opcode == kOpDecorate && count >= 4) {
            const uint32_t id = spirv[at + 1], decoration = spirv[at + 2], value = spirv[at + 3];
            if (decoration == uint32_t(spirv::Decoration::Location)) locations[id] = value;
            if (decoration == uint32_t(spirv::Decoration::XfbBuffer)) byId[id].buffer = value;
            if (decoration == uint32_t(spirv::Decoration::XfbStride)) byId[id].stride = value;
            if (decoration == uint32_t(spirv::Decoration::Offset)) byId[id].offset = value;
        }
        at += count;
    }
    for (auto& [id, o] : byId) o.location = locations.count(id) ? locations[id] : ~0u;
    return byId;
}

bool hasWord(const std::vector<uint32_t>& spirv, uint32_t opcode, uint32_t operandIndex, uint32_t value) {
    for (size_t at = 5; at < spirv.size();) {
        const uint32_t count = spirv[at] >> 16;
        if (count == 0) break;
        if ((spirv[at] & 0xFFFF) == opcode && count > operandIndex + 1 && spirv[at + 1 + operandIndex] == value)
            return true;
        at += count;
    }
    return false;
}

TEST(StreamOutputKey, EntriesBecomeDecoratedOutputsAtLocationsThePixelStageDoesNotRead) {
    TranslationKey key;
    key.vsOutputLocations = 1u << 0; // the pixel stage reads TEXCOORD0 (location 0)
    key.streamOutput[0] = streamOutputEntry(1, 0, 4, 0, 0);  // o1.xyzw -> buffer 0 @ 0
    key.streamOutput[1] = streamOutputEntry(0, 1, 2, 0, 16); // o0.yz   -> buffer 0 @ 16
    key.streamOutput[2] = streamOutputEntry(1, 3, 1, 2, 4);  // o1.w    -> buffer 2 @ 4
    key.streamOutputStrides = {24, 0, 8, 0};
    const Translation t = translateValid(kVs30, key);
    EXPECT_TRUE(t.captureOnlyOutputs);
    constexpr uint32_t kOpCapability = 17, kOpExecutionMode = 16;
    EXPECT_TRUE(hasWord(t.spirv, kOpCapability, 0, uint32_t(spirv::Capability::TransformFeedback)));
    EXPECT_TRUE(hasWord(t.spirv, kOpExecutionMode, 1, uint32_t(spirv::ExecutionMode::Xfb)));
    const auto outputs = xfbOutputs(t.spirv);
    ASSERT_EQ(outputs.size(), 3u);
    std::map<uint32_t, XfbOutput> byOffset; // (buffer, offset) are unique here
    for (const auto& [id, o] : outputs) {
        EXPECT_NE(o.location, 0u) << "location 0 is the pixel stage's";
        EXPECT_LT(o.location, abi::kLocCount);
        byOffset[o.buffer * 1000 + o.offset] = o;
    }
    EXPECT_EQ(byOffset.at(0).stride, 24u);
    EXPECT_EQ(byOffset.at(16).stride, 24u);
    EXPECT_EQ(byOffset.at(2004).stride, 8u);
}

TEST(StreamOutputKey, WithoutEntriesNothingIsDecorated) {
    const Translation t = translateValid(kVs30);
    EXPECT_FALSE(t.captureOnlyOutputs);
    EXPECT_TRUE(xfbOutputs(t.spirv).empty());
}

// ProcessVertices' entries name semantics, so they capture the outputs of every vertex shader
// version: legacy registers by the semantic they link as, vs_3_0 registers by their dcl.
TEST(StreamOutputKey, SemanticEntriesCaptureEveryVersionsOutputs) {
    TranslationKey key;
    key.streamOutput[0] = streamOutputSemanticEntry(0, 0, 0, 4, 0, 0);   // POSITION0
    key.streamOutput[1] = streamOutputSemanticEntry(10, 1, 0, 3, 0, 16); // COLOR1.xyz
    key.streamOutput[2] = streamOutputSemanticEntry(4, 0, 0, 1, 0, 28);  // PSIZE0.x
    key.streamOutput[3] = streamOutputSemanticEntry(5, 7, 0, 1, 0, 32);  // TEXCOORD7.x: never written
    key.streamOutputStrides = {36, 0, 0, 0};
    for (const char* text : {"vs_1_1\ndcl_position v0\nmov oPos, v0\nmov oD1, v0\nmov oPts.x, v0.x\n",
                             "vs_2_0\ndcl_position v0\nmov oPos, v0\nmov oD1, v0\nmov oPts.x, v0.x\n",
                             "vs_3_0\ndcl_position v0\ndcl_position o0\ndcl_color1 o3\ndcl_psize o1\n"
                             "mov o0, v0\nmov o3, v0\nmov o1, v0.x\n"}) {
        const Translation t = translateValid(text, key);
        EXPECT_TRUE(t.captureOnlyOutputs) << text;
        EXPECT_EQ(xfbOutputs(t.spirv).size(), 4u) << text;
    }
}

TEST(StreamOutputKey, KeysTheTranslatorCannotHonourAreErrors) {
    auto translateWith = [](const char* text, uint32_t entry, uint16_t stride) {
        TranslationKey key;
        key.streamOutput[0] = entry;
        key.streamOutputStrides[0] = stride;
        return translate(programFrom(text), key);
    };
    EXPECT_FALSE(translateWith("vs_2_0\ndcl_position v0\nmov oPos, v0\n", streamOutputEntry(0, 0, 4, 0, 0), 16))
        << "vs_2_0 has no output registers a declaration can name";
    EXPECT_FALSE(translateWith(kVs30, streamOutputEntry(12, 0, 1, 0, 0), 16)) << "past o11";
    EXPECT_FALSE(translateWith(kVs30, streamOutputEntry(1, 2, 3, 0, 0), 16)) << "components past w";
    EXPECT_FALSE(translateWith(kVs30, streamOutputEntry(1, 0, 4, 0, 4), 16)) << "past the stride";
}

} // namespace
} // namespace ddivk::shader::test

// Pixel shaders keyed to the vertex stage's outputs (TranslationKey::psInputLocations): an input
// at every location the key names, read or not, so that the pair links exactly (the fixed-function
// vertex pipeline writes TEXCOORD0..7, COLOR0..1 and FOG whatever the pixel shader reads); inputs
// outside the mask read (0, 0, 0, 0). And TranslationKey::flatColors (D3DRS_SHADEMODE FLAT).
#include <map>
#include <set>

#include "shader/spirv/enums.h"
#include "shader/translate/cache.h"
#include "shader/translate/linkage.h"
#include "unit/translate/conformance.h"
#include "unit/translate/translate_util.h"

namespace ddivk::shader::test {
namespace {

TranslationKey fixedFunctionKey() {
    TranslationKey key;
    key.psInputLocations = TranslationKey::kFixedFunctionVaryings;
    return key;
}

// Varying locations of the inputs the translation lists, each once.
uint32_t inputMask(const Translation& t) {
    uint32_t mask = 0;
    for (const InterfaceSlot& s : t.inputs) {
        if (s.location == kBuiltInLocation) continue;
        EXPECT_FALSE(mask >> s.location & 1) << "location " << s.location << " twice";
        mask |= 1u << s.location;
    }
    return mask;
}

// Locations of the Input variables decorated `decoration` in a module.
std::set<uint32_t> decoratedLocations(const std::vector<uint32_t>& spirv, spirv::Decoration decoration) {
    constexpr uint32_t kOpDecorate = 71, kDecorationLocation = 30;
    std::map<uint32_t, uint32_t> location; // id -> location
    std::set<uint32_t> decorated;          // ids
    for (size_t at = 5; at < spirv.size();) {
        const uint32_t count = spirv[at] >> 16, opcode = spirv[at] & 0xFFFF;
        if (count == 0) break;
        if (opcode == kOpDecorate && count >= 3) {
            if (spirv[at + 2] == kDecorationLocation && count >= 4) location[spirv[at + 1]] = spirv[at + 3];
            if (spirv[at + 2] == uint32_t(decoration)) decorated.insert(spirv[at + 1]);
        }
        at += count;
    }
    std::set<uint32_t> out;
    for (uint32_t id : decorated)
        if (location.contains(id)) out.insert(location[id]);
    return out;
}

TEST(LinkedInputs, Ps11DeclaresEveryFixedFunctionVarying) {
    const Translation t = translateValid("ps_1_1\nmov r0, v0\n", fixedFunctionKey());
    EXPECT_EQ(inputMask(t), TranslationKey::kFixedFunctionVaryings);
    // v0 is the program's own; the others only the key declares, named by their semantic.
    for (const InterfaceSlot& s : t.inputs) {
        if (s.location == abi::kLocColor0) {
            EXPECT_EQ(s.number, 0u);
            continue;
        }
        EXPECT_EQ(s.number, kKeyedInputNumber);
        const std::optional<Semantic> semantic = semanticAt(s.location);
        ASSERT_TRUE(semantic);
        EXPECT_EQ(s.usage, semantic->usage);
        EXPECT_EQ(s.usageIndex, semantic->index);
    }
}

TEST(LinkedInputs, Ps20ReadingTexCoord0DeclaresEveryFixedFunctionVarying) {
    const Translation t = translateValid("ps_2_0\ndcl t0\nmov oC0, t0\n", fixedFunctionKey());
    EXPECT_EQ(inputMask(t), TranslationKey::kFixedFunctionVaryings);
}

TEST(LinkedInputs, Ps14AndPs30DeclareEveryFixedFunctionVarying) {
    translateValid("ps_1_4\ntexcrd r0.rgb, t1\nadd r0, r0, v1\n", fixedFunctionKey());
    const Translation t =
        translateValid("ps_3_0\ndcl_texcoord2 v0\ndcl_fog v1\nadd oC0, v0, v1\n", fixedFunctionKey());
    EXPECT_EQ(inputMask(t), TranslationKey::kFixedFunctionVaryings);
}

TEST(LinkedInputs, InputsOutsideTheMaskAreNotPartOfTheInterface) {
    // NORMAL0 and TEXCOORD8 get dynamic locations (11 and up), which the fixed-function vertex
    // pipeline does not write: the program reads (0, 0, 0, 0) there.
    const Translation t = translateValid(
        "ps_3_0\ndcl_texcoord0 v0\ndcl_normal v1\ndcl_texcoord8 v2\nadd r0, v0, v1\nadd oC0, r0, v2\n",
        fixedFunctionKey());
    EXPECT_EQ(inputMask(t), TranslationKey::kFixedFunctionVaryings);
    // Relative addressing copies the inputs to an array: the absent ones are zero there too.
    const Translation relative = translateValid(R"(ps_3_0
dcl_texcoord0 v0
dcl_normal v1
defi i0, 2, 0, 1, 0
mov r0, c0
loop aL, i0
add r0, r0, v[aL]
endloop
mov oC0, r0
)",
                                                fixedFunctionKey());
    EXPECT_EQ(inputMask(relative), TranslationKey::kFixedFunctionVaryings);
}

TEST(LinkedInputs, AMaskOfExactlyTheProgramsInputsChangesNothing) {
    const char* text = "ps_3_0\ndcl_texcoord0 v0\ndcl_color1 v1\nadd oC0, v0, v1\n";
    TranslationKey key;
    key.psInputLocations = 1u << abi::kLocTexCoord0 | 1u << abi::kLocColor1;
    EXPECT_EQ(translateValid(text, key).spirv, translateValid(text).spirv);
}

TEST(LinkedInputs, AnEmptyMaskLeavesNoVarying) {
    const Translation t = translateValid("ps_2_0\ndcl v0\ndcl t3\nadd oC0, v0, t3\n", [] {
        TranslationKey key;
        key.psInputLocations = 0;
        return key;
    }());
    EXPECT_EQ(inputMask(t), 0u);
}

TEST(LinkedInputs, TheKeyedInputsLinkWithAVertexShaderWritingThemAll) {
    // runPixelShader pairs the pixel shader with a vertex shader writing every input the
    // translation lists (all eleven here): the pair links with the validation layer quiet.
    // COLOR0 is (0.25, 0.5, 0.75, 1); NORMAL, absent from the mask, adds nothing.
    PixelInputs in;
    in.colors = {{{0.25f, 0.5f, 0.75f, 1.0f}}};
    in.texcoords = {{{0.125f, 0.0f, 0.0f, 0.0f}}};
    auto out = runPixelShader("ps_1_1\nmov r0, v0\n", in, 1, {}, fixedFunctionKey());
    ASSERT_EQ(out.size(), 1u);
    EXPECT_TRUE(near(out[0], {0.25f, 0.5f, 0.75f, 1.0f}, 1e-6f));
    out = runPixelShader("ps_3_0\ndcl_texcoord0 v0\ndcl_normal v1\nadd oC0, v0, v1\n", in, 1, {},
                         fixedFunctionKey());
    ASSERT_EQ(out.size(), 1u);
    EXPECT_TRUE(near(out[0], {0.125f, 0.0f, 0.0f, 0.0f}, 1e-6f));
}

TEST(LinkedInputs, FlatColorsDecoratesColor0AndColor1Only) {
    TranslationKey key = fixedFunctionKey();
    key.flatColors = true;
    const Translation ps11 = translateValid("ps_1_1\ntex t0\nmul r0, t0, v0\n", key);
    EXPECT_EQ(decoratedLocations(ps11.spirv, spirv::Decoration::Flat),
              (std::set<uint32_t>{abi::kLocColor0, abi::kLocColor1}));
    // ps_3_0: by semantic; COLOR2 (a dynamic location) stays smooth; centroid gives way to flat.
    TranslationKey own;
    own.flatColors = true;
    const Translation ps30 =
        translateValid("ps_3_0\ndcl_color0_centroid v0\ndcl_color2 v1\ndcl_texcoord0_centroid v2\nadd r0, "
                       "v0, v1\nadd oC0, r0, v2\n",
                       own);
    EXPECT_EQ(decoratedLocations(ps30.spirv, spirv::Decoration::Flat), (std::set<uint32_t>{abi::kLocColor0}));
    EXPECT_EQ(decoratedLocations(ps30.spirv, spirv::Decoration::Centroid),
              (std::set<uint32_t>{abi::kLocTexCoord0}));
    // Without the key nothing is flat.
    EXPECT_TRUE(
        decoratedLocations(translateValid("ps_1_1\nmov r0, v0\n").spirv, spirv::Decoration::Flat).empty());
}

TEST(LinkedInputs, TheNewFieldsArePartOfTheCacheKey) {
    const TranslationKey plain;
    TranslationKey masked = plain;
    masked.psInputLocations = TranslationKey::kFixedFunctionVaryings;
    TranslationKey flat = plain;
    flat.flatColors = true;
    EXPECT_NE(keyWords(plain), keyWords(masked));
    EXPECT_NE(keyWords(plain), keyWords(flat));
    EXPECT_NE(keyWords(masked), keyWords(flat));
    EXPECT_NE(plain, masked);
    EXPECT_NE(plain, flat);

    auto tokens = assemble("ps_1_1\nmov r0, v0\n");
    ASSERT_TRUE(tokens);
    TranslationCache cache;
    const auto a = cache.get(*tokens, plain);
    const auto b = cache.get(*tokens, masked);
    const auto c = cache.get(*tokens, flat);
    ASSERT_TRUE(a && b && c);
    EXPECT_NE(a->get(), b->get());
    EXPECT_NE(a->get(), c->get());
    EXPECT_EQ(cache.size(), 3u);
}

} // namespace
} // namespace ddivk::shader::test

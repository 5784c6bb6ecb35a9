// Every translated module passes spirv-val: realistic shaders of each version, each flow-control
// shape, and the interface the translator reports.
#include "support/spirv_flat_inputs.h"
#include "unit/shader/realistic_shaders.h"
#include "unit/translate/translate_util.h"

namespace ddivk::shader::test {
namespace {

using namespace test_shaders;
constexpr const char* kVs2xSubroutines = R"(vs_2_x
dcl_position v0
defb b1, false
defi i0, 3, 0, 0, 0
mov r0, v0
call l0
callnz l1, b1
rep i0
call l1
if b1
break
endif
endrep
mov oPos, r0
ret
label l0
add r0, r0, c1
ret
label l1
mul r0, r0, c2
if b1
ret
endif
ret
)";

// The module decorates a variable with SPIR-V BuiltIn `builtIn` (1 PointSize, 3 ClipDistance):
// OpDecorate %var BuiltIn N is the words (4 << 16 | 71), id, 11 (BuiltIn), N.
bool declaresBuiltIn(const Translation& t, uint32_t builtIn) {
    for (size_t i = 5; i + 3 < t.spirv.size(); ++i)
        if (t.spirv[i] == (4u << 16 | 71u) && t.spirv[i + 2] == 11u && t.spirv[i + 3] == builtIn) return true;
    return false;
}

TEST(TranslateValid, SkinnedVertexShader30) {
    const Translation t = translateValid(kSkinnedVs30);
    EXPECT_EQ(t.type, ShaderType::Vertex);
    // Inputs at their register numbers; outputs: position built in, the others by semantic.
    ASSERT_EQ(t.inputs.size(), 5u);
    for (const InterfaceSlot& s : t.inputs) EXPECT_EQ(s.location, s.number);
}

TEST(TranslateValid, PixelShader30WithFlowControlAndTextures) {
    const Translation t = translateValid(kPs30);
    EXPECT_EQ(t.samplerMask, 0x3u);
    EXPECT_EQ(t.samplerTypes[1], TextureType::Cube);
    EXPECT_TRUE(t.writesDepth);
}

TEST(TranslateValid, PixelShader14) {
    translateValid(kPs14);
}

TEST(TranslateValid, PixelShader11) {
    translateValid(kPs11);
}

TEST(TranslateValid, VertexShader11) {
    translateValid(kVs11);
}

TEST(TranslateValid, SubroutinesReturnsAndBreaks) {
    translateValid(kVs2xSubroutines);
}

TEST(TranslateValid, KeyedAlphaTestAndFog) {
    TranslationKey key;
    key.alphaFunc = 5;
    for (PixelFog fog : {PixelFog::Vertex, PixelFog::Linear, PixelFog::Exp, PixelFog::Exp2}) {
        key.fog = fog;
        translateValid(kPs11, key);
    }
}

// User clip planes: with clipDistances every vertex shader version writes gl_ClipDistance[6]
// (the ClipDistance capability); without it (a device lacking shaderClipDistance) nothing does.
TEST(TranslateValid, ClipDistancesOnlyWhenKeyed) {
    auto declaresClipDistance = [](const Translation& t) { return declaresBuiltIn(t, 3); };
    TranslationKey key;
    key.clipDistances = true;
    for (const char* vs : {kSkinnedVs30, kVs11, kVs2xSubroutines}) {
        EXPECT_TRUE(declaresClipDistance(translateValid(vs, key))) << vs;
        EXPECT_FALSE(declaresClipDistance(translateValid(vs))) << vs;
    }
}

// gl_PointSize is written only when the key asks (the draw does for points alone), from oPts
// where the program writes it.
TEST(TranslateValid, PointSizeOnlyWhenKeyed) {
    auto declaresPointSize = [](const Translation& t) { return declaresBuiltIn(t, 1); };
    TranslationKey without;
    without.pointSize = false;
    for (const char* vs :
         {kSkinnedVs30, kVs11, kVs2xSubroutines, "vs_2_0\ndcl_position v0\nmov oPos, v0\nmov oPts, c0.x\n"}) {
        EXPECT_TRUE(declaresPointSize(translateValid(vs))) << vs;
        EXPECT_FALSE(declaresPointSize(translateValid(vs, without))) << vs;
    }
}

// The translation says which samplers it compares with: the key's 2D pixel samplers, not a
// cube sampler the key names too, nor a vertex shader's sampler.
TEST(TranslateValid, ShadowSamplerCompares) {
    TranslationKey key;
    key.shadowSamplers = 0b11;
    const Translation t = translateValid(
        "ps_2_0\ndcl t0\ndcl_2d s0\ndcl_cube s1\ntexld r0, t0, s0\ntexld r1, t0, s1\nadd oC0, r0, r1\n", key);
    EXPECT_EQ(t.shadowSamplers, 0b01);
    EXPECT_EQ(translateValid("ps_2_0\ndcl t0\ndcl_2d s0\ntexld r0, t0, s0\nmov oC0, r0\n").shadowSamplers, 0);
    EXPECT_EQ(translateValid("vs_3_0\ndcl_position v0\ndcl_position o0\ndcl_2d s0\ntexldl r0, v0, s0\n"
                             "mov o0, r0\n",
                             key)
                  .shadowSamplers,
              0);
}

// Found by translate_fuzz: two registers with one semantic must not give two variables at one
// location.
TEST(TranslateValid, InputsSharingASemanticShareTheVarying) {
    const Translation t = translateValid("ps_3_0\ndcl_texcoord2 v1\ndcl_texcoord2 v2\nadd r0, v1, v2\nmov oC0, r0\n");
    EXPECT_EQ(t.inputs.size(), 1u);
}

TEST(TranslateValid, OutputsSharingASemanticKeepTheFirst) {
    const Translation t = translateValid(
        "vs_3_0\ndcl_position o0\ndcl_texcoord o1\ndcl_texcoord o2\nmov o0, c0\nmov o1, c1\nmov o2, c2\n");
    size_t varyings = 0;
    for (const InterfaceSlot& s : t.outputs) varyings += s.location != kBuiltInLocation;
    EXPECT_EQ(varyings, 1u);
}

// The conformance harness's rewrite (support/spirv_flat_inputs.h) keeps the module valid: each
// user input becomes Flat (a centroid one loses Centroid), the built-in vPos stays as it was.
TEST(TranslateValid, HarnessFlatInputsStayValid) {
    const Translation t =
        translateValid("ps_3_0\ndcl_texcoord0 v0\ndcl_texcoord1_centroid v1\ndcl_color0 v2\n"
                       "dcl vPos.xy\nadd r0, v0, v1\nadd r0, r0, v2\nadd r0.xy, r0, vPos\n"
                       "mov oC0, r0\n");
    ASSERT_FALSE(t.spirv.empty());
    const std::vector<uint32_t> flat = ddivk::test::withFlatInputs(t.spirv);
    const auto val = spirv::test::spirvVal(flat);
    EXPECT_TRUE(val.valid) << val.output;
    auto count = [](const std::vector<uint32_t>& words, uint32_t decoration) {
        size_t n = 0;
        for (size_t at = 5; at < words.size(); at += words[at] >> 16)
            if ((words[at] & 0xFFFF) == 71 && words[at + 2] == decoration) ++n;
        return n;
    };
    EXPECT_EQ(count(flat, 14), 3u) << "Flat on v0, v1 and v2";
    EXPECT_EQ(count(t.spirv, 16), 1u) << "the translation keeps _centroid";
    EXPECT_EQ(count(flat, 16), 0u) << "Centroid gone with Flat";
    EXPECT_EQ(count(flat, 11), count(t.spirv, 11)) << "built-ins untouched";
}

// Software vertex processing's register files: static and relative float reads, integer
// and BOOL registers past vs_3_0's files, from storage buffers (abi::kVsSw*Binding); the
// translation records how far each file is read, which bounds the draw's uploads.
TEST(TranslateValid, SoftwareVertexRegistersReadStorageBuffers) {
    TranslationKey key;
    key.softwareVertexRegisters = true;
    const Translation t = translateValid(R"(vs_3_0
dcl_position v0
dcl_position o0
dcl_color o1
defi i1, 3, 0, 1, 0
mova a0.x, c0.x
add r0, c[a0.x + 100], c2047
loop aL, i20
add r0, r0, c[aL]
endloop
if b40
add r0, r0, c1
endif
mov o1, r0
mov o0, v0
)",
                                         key);
    EXPECT_TRUE(t.softwareRegisters);
    EXPECT_EQ(t.floatConstantsRead, abi::kSwVsFloatConstants); // relative: the whole file
    EXPECT_EQ(t.intConstantsRead, 21u);
    EXPECT_EQ(t.boolConstantsRead, 41u);

    // A static read names its bound; the hardware block is not declared.
    const Translation s = translateValid("vs_2_0\ndcl_position v0\nadd oPos, v0, c300\n", key);
    EXPECT_EQ(s.floatConstantsRead, 301u);
    EXPECT_EQ(s.intConstantsRead, 0u);
    EXPECT_TRUE(s.softwareRegisters);
    EXPECT_FALSE(translateValid("vs_2_0\ndcl_position v0\nadd oPos, v0, c3\n").softwareRegisters);
}

} // namespace
} // namespace ddivk::shader::test

// Programs the decoder accepts but the translator cannot turn into valid SPIR-V are rejected
// with an error naming the instruction, never a bad module.
#include "unit/translate/translate_util.h"

namespace ddivk::shader::test {
namespace {

Error translateError(const std::string& text) {
    const Program program = programFrom(text);
    auto t = translate(program);
    EXPECT_FALSE(t) << "translated:\n" << text;
    return t ? Error{} : t.error();
}

TEST(TranslateErrors, RecursiveSubroutinesAreRejected) {
    const Error e = translateError("vs_2_0\ncall l0\nret\nlabel l0\ncall l1\nret\nlabel l1\ncall l0\nret\n");
    EXPECT_NE(e.why.find("recursive"), std::string::npos) << e.message();
    EXPECT_EQ(e.what, "call");
}

TEST(TranslateErrors, SelfCallIsRejected) {
    const Error e = translateError("vs_2_0\ncall l0\nret\nlabel l0\ncall l0\nret\n");
    EXPECT_NE(e.why.find("recursive"), std::string::npos) << e.message();
}

TEST(TranslateErrors, CallOfAMissingLabelIsRejected) {
    const Error e = translateError("vs_2_0\ndcl_position v0\ncall l3\nmov oPos, v0\n");
    EXPECT_NE(e.why.find("label"), std::string::npos) << e.message();
    EXPECT_EQ(e.offset, 4u); // version (1), dcl (instruction, dcl and destination tokens): the call
}

TEST(TranslateErrors, ALabelDefinedTwiceIsRejected) {
    // Found by the translate fuzzer: the two subroutines came out as one SPIR-V id defined twice.
    const Error e = translateError("vs_2_x\ncall l0\nret\nlabel l0\nadd r0, r0, c1\nret\nlabel l0\nret\n");
    EXPECT_NE(e.why.find("twice"), std::string::npos) << e.message();
    EXPECT_EQ(e.what, "label");
}

TEST(TranslateErrors, UnclosedIfAndLoopAreRejected) {
    translateError("vs_2_0\ndefb b0, true\nif b0\nmov r0, c0\n");
    translateError("vs_2_0\ndefi i0, 1, 0, 0, 0\nrep i0\nmov r0, c0\n");
}

TEST(TranslateErrors, ErrorsNameTheInstruction) {
    const Error e = translateError("vs_2_0\nendif\n");
    EXPECT_EQ(e.what, "endif");
    EXPECT_FALSE(e.message().empty());
}

TEST(TranslateErrors, TexldWithANonSamplerSourceIsRejected) {
    const Error e = translateError("ps_2_0\ndcl t0\ntexld r0, t0, t1\nmov oC0, r0\n");
    EXPECT_NE(e.why.find("sampler"), std::string::npos) << e.message();
}

} // namespace
} // namespace ddivk::shader::test

// One test per validation rule of the decoder (docs/shader-bytecode.md, "Error model"): each
// stream breaks exactly one rule, and the error names the offset of the token at fault.
#include <gtest/gtest.h>

#include <vector>

#include "shader/assembler.h"
#include "shader/decoder.h"

namespace ddivk::shader {
namespace {

// Decoding fails at `offset` with a reason containing `why`.
void expectRejected(const std::vector<uint32_t>& tokens, size_t offset, const std::string& why) {
    auto result = decode(tokens);
    ASSERT_FALSE(result) << "decoded, expected: " << why;
    EXPECT_EQ(result.error().offset, offset) << result.error().message();
    EXPECT_NE(result.error().why.find(why), std::string::npos) << result.error().message();
}

constexpr uint32_t kEnd = 0x0000FFFF;

TEST(ShaderDecode, EmptyStreamIsRejected) {
    expectRejected({}, 0, "empty");
}

TEST(ShaderDecode, BadVersionTokenIsRejected) {
    expectRejected({0x12340101, kEnd}, 0, "not a version token");
}

TEST(ShaderDecode, UnsupportedVersionIsRejected) {
    expectRejected({0xFFFE0100, kEnd}, 0, "unsupported"); // vs_1_0
    expectRejected({0xFFFF0400, kEnd}, 0, "unsupported"); // ps_4_0
    expectRejected({0xFFFF0105, kEnd}, 0, "unsupported"); // ps_1_5
}

TEST(ShaderDecode, MissingEndTokenIsRejected) {
    expectRejected({0xFFFE0300}, 1, "without the end token");
    expectRejected({0xFFFE0300, 0x02000001, 0x800F0000, 0x90E40000}, 4, "without the end token");
}

TEST(ShaderDecode, ReservedBitsInEndTokenAreRejected) {
    expectRejected({0xFFFE0300, 0x0100FFFF}, 1, "end token");
}

TEST(ShaderDecode, TruncatedInstructionIsRejected) {
    // vs_1_1 has no length field: the parameters run past the end.
    expectRejected({0xFFFE0101, 0x00000001, 0x800F0000}, 3, "ends inside an instruction");
}

TEST(ShaderDecode, InstructionLengthPastEndIsRejected) {
    expectRejected({0xFFFE0300, 0x05000001, 0x800F0000, 0x90E40000, kEnd}, 1, "runs past the end");
}

TEST(ShaderDecode, InstructionLengthShorterThanParametersIsRejected) {
    expectRejected({0xFFFE0300, 0x01000001, 0x800F0000, 0x90E40000, kEnd}, 1, "shorter than its parameters");
}

TEST(ShaderDecode, InstructionLengthLongerThanParametersIsRejected) {
    expectRejected({0xFFFE0300, 0x03000001, 0x800F0000, 0x90E40000, 0x90E40000, kEnd}, 1, "disagrees");
}

TEST(ShaderDecode, InstructionLengthBeforeShaderModel2IsRejected) {
    expectRejected({0xFFFE0101, 0x02000001, 0x800F0000, 0x90E40000, kEnd}, 1, "must be zero");
}

TEST(ShaderDecode, UnknownOpcodeIsRejected) {
    expectRejected({0xFFFE0300, 0x00000070, kEnd}, 1, "unknown opcode");
}

TEST(ShaderDecode, OpcodeNotAllowedInVersionIsRejected) {
    expectRejected({0xFFFF0200, 0x0300005F, 0x800F0000, 0x80E40000, 0xA0E40800, kEnd}, 1,
                   "not allowed in ps_2_0"); // texldl
    expectRejected({0xFFFF0300, 0x02000010, 0x800F0000, 0x80E40000, kEnd}, 1, "not allowed in ps_3_0"); // lit
    expectRejected({0xFFFE0101, 0x0000002E, 0xB0010000, 0x90E40000, kEnd}, 1,
                   "not allowed in vs_1_1"); // mova
}

TEST(ShaderDecode, ReservedInstructionBitsAreRejected) {
    expectRejected({0xFFFE0300, 0x22000001, 0x800F0000, 0x90E40000, kEnd}, 1, "reserved bits");
}

TEST(ShaderDecode, UnexpectedControlBitsAreRejected) {
    expectRejected({0xFFFE0300, 0x02010001, 0x800F0000, 0x90E40000, kEnd}, 1, "control bits");
}

TEST(ShaderDecode, UnknownComparisonIsRejected) {
    expectRejected({0xFFFF0300, 0x0307005E, 0xB0011000, 0x80000000, 0xA0000000, kEnd}, 1, "comparison");
}

TEST(ShaderDecode, CoissueOutsidePixelShader1IsRejected) {
    expectRejected({0xFFFF0200, 0x42000001, 0x800F0000, 0x80E40001, kEnd}, 1, "coissue");
}

TEST(ShaderDecode, PredicationWithoutPredicateRegisterIsRejected) {
    expectRejected({0xFFFF0200, 0x13000001, 0x800F0000, 0xB0001000, 0x80E40001, kEnd}, 1, "predication");
}

TEST(ShaderDecode, PredicateSourceOfWrongTypeIsRejected) {
    expectRejected({0xFFFF0300, 0x13000001, 0x800F0000, 0x80E40002, 0x80E40001, kEnd}, 3, "p0");
}

TEST(ShaderDecode, RegisterTypeNotAllowedInVersionIsRejected) {
    expectRejected({0xFFFE0200, 0x02000001, 0xB00F1000, 0x80E40000, kEnd}, 2, "not allowed in vs_2_0"); // p0
    expectRejected({0xFFFF0101, 0x00000001, 0x800F0800, 0x80E40000, kEnd}, 2, "not allowed in ps_1_1"); // oC0
    expectRejected({0xFFFE0300, 0x02000001, 0x800F0000, 0xC0E40000, kEnd}, 3,
                   "not allowed"); // CONST2... RASTOUT
}

// Read-only registers ("Registers" pages, read/write columns) are sources only.
TEST(ShaderDecode, WritingAReadOnlyRegisterIsRejected) {
    const std::string why = "a read-only register cannot be written in ";
    expectRejected({0xFFFE0200, 0x02000001, 0x900F0000, 0x80E40000, kEnd}, 2, why + "vs_2_0"); // mov v0, r0
    expectRejected({0xFFFE0101, 0x00000001, 0xA00F0000, 0x80E40000, kEnd}, 2, why + "vs_1_1"); // mov c0, r0
    expectRejected({0xFFFF0104, 0x00000001, 0xB00F0000, 0x80E40000, kEnd}, 2, why + "ps_1_4"); // mov t0, r0
    expectRejected({0xFFFF0200, 0x02000001, 0xB00F0000, 0x80E40000, kEnd}, 2, why + "ps_2_0"); // mov t0, r0
    expectRejected({0xFFFF0300, 0x02000001, 0x900F1000, 0x80E40000, kEnd}, 2, why + "ps_3_0"); // mov vPos, r0
    expectRejected({0xFFFF0300, 0x02000001, 0xA00F0800, 0x80E40000, kEnd}, 2, why + "ps_3_0"); // mov s0, r0
    expectRejected({0xFFFE0300, 0x02000001, 0xF00F0800, 0x80E40000, kEnd}, 2, why + "vs_3_0"); // mov aL, r0
}

// Output registers are write-only ("Registers" pages): no instruction reads them.
TEST(ShaderDecode, ReadingAnOutputRegisterIsRejected) {
    const std::string why = "an output register cannot be read";
    expectRejected({0xFFFE0101, 0x00000001, 0x800F0000, 0xC0E40000, kEnd}, 3, why); // mov r0, oPos
    expectRejected({0xFFFE0200, 0x02000001, 0x800F0000, 0xA0E40000, 0x03000002, 0x800F0000, 0x80E40000,
                    0xA0E40001, 0x02000001, 0x800F0001, 0xD0E40000, kEnd},
                   10, why); // mov r1, oD0 after two good instructions
    expectRejected({0xFFFE0300, 0x02000001, 0x800F0000, 0xE0E40000, kEnd}, 3, why); // mov r0, o0
    expectRejected({0xFFFF0200, 0x02000001, 0x800F0000, 0x80E40800, kEnd}, 3, why); // mov r0, oC0
    expectRejected({0xFFFF0200, 0x02000001, 0x800F0000, 0x90E40800, kEnd}, 3,
                   why); // mov r0, oDepth
}

// A vertex shader's a0 ("Address Register", mova): written by mov or mova, read only as a
// relative address; mova writes nothing but a0.
TEST(ShaderDecode, AddressRegisterMisuseIsRejected) {
    // add a0, r0, r0; mov r0, a0; mova r0, c0.
    expectRejected({0xFFFE0200, 0x03000002, 0xB00F0000, 0x80E40000, 0x80E40000, kEnd}, 2,
                   "only mov and mova write the address register");
    expectRejected({0xFFFE0101, 0x00000001, 0x800F0000, 0xB0E40000, kEnd}, 3,
                   "a0 is read only as a relative address");
    expectRejected({0xFFFE0200, 0x0200002E, 0x800F0000, 0xA0E40000, kEnd}, 2, "mova writes only a0");
    // mov a0.x, c0 (vs_1_1); mova a0.x, c0 (vs_2_0).
    EXPECT_TRUE(decode(std::vector<uint32_t>{0xFFFE0101, 0x00000001, 0xB0010000, 0xA0E40000, kEnd}));
    EXPECT_TRUE(decode(std::vector<uint32_t>{0xFFFE0200, 0x0200002E, 0xB0010000, 0xA0E40000, kEnd}));
}

// What may be written stays accepted: ps_1_1..1_3 texture registers, outputs, texkill's t#.
TEST(ShaderDecode, WritableRegistersAndTexkillAreAccepted) {
    auto decodes = [](const std::vector<uint32_t>& tokens) {
        auto result = decode(tokens);
        return result ? std::string("ok") : result.error().message();
    };
    EXPECT_EQ(decodes({0xFFFF0101, 0x00000001, 0xB00F0000, 0x80E40000, kEnd}), "ok"); // mov t0, r0
    EXPECT_EQ(decodes({0xFFFF0104, 0x00000041, 0xB00F0000, kEnd}), "ok");             // texkill t0
    EXPECT_EQ(decodes({0xFFFF0200, 0x01000041, 0xB00F0000, kEnd}), "ok");             // texkill t0
    EXPECT_EQ(decodes({0xFFFE0300, 0x02000001, 0xE00F0000, 0x90E40000, kEnd}), "ok"); // mov o0, v0
    EXPECT_EQ(decodes({0xFFFF0200, 0x02000001, 0x800F0800, 0x80E40000, kEnd}), "ok"); // mov oC0, r0
    EXPECT_EQ(decodes({0xFFFE0101, 0x00000001, 0xC00F0000, 0x90E40000, kEnd}), "ok"); // mov oPos, v0
}

TEST(ShaderDecode, UnknownRegisterTypeIsRejected) {
    // Type 31: bits 28-30 = 7, bits 11-12 = 3.
    expectRejected({0xFFFE0300, 0x02000001, 0x800F0000, 0xF0E41800, kEnd}, 3, "unknown register type");
}

TEST(ShaderDecode, RegisterIndexOutOfRangeIsRejected) {
    expectRejected({0xFFFE0101, 0x00000001, 0x800F000C, 0x90E40000, kEnd}, 2, "out of range"); // r12
    expectRejected({0xFFFF0200, 0x02000001, 0x800F0000, 0xA0E40020, kEnd}, 3, "out of range"); // c32
    expectRejected({0xFFFF0101, 0x00000042, 0xB00F0004, kEnd}, 2, "out of range");             // t4
    expectRejected({0xFFFF0300, 0x02000001, 0x800F0000, 0x90E4000A, kEnd}, 3, "out of range"); // v10
}

TEST(ShaderDecode, RelativeAddressingWhereForbiddenIsRejected) {
    // ps_2_0 has no relative addressing.
    expectRejected({0xFFFF0200, 0x03000001, 0x800F0000, 0xA0E42000, 0xB0000000, kEnd}, 3,
                   "relative addressing");
    // vs_2_0 cannot index inputs.
    expectRejected({0xFFFE0200, 0x03000001, 0x800F0000, 0x90E42000, 0xB0000000, kEnd}, 3,
                   "relative addressing");
    // vs_1_1 cannot index a destination.
    expectRejected({0xFFFE0101, 0x00000001, 0x800F2000, 0x90E40000, kEnd}, 2, "relative addressing");
}

TEST(ShaderDecode, RelativeAddressRegisterNotAllowedIsRejected) {
    // ps_3_0 indexes v# with aL only; vs_3_0 outputs with aL only.
    expectRejected({0xFFFF0300, 0x03000001, 0x800F0000, 0x90E42000, 0xB0000000, kEnd}, 4, "not allowed");
    expectRejected({0xFFFE0300, 0x03000001, 0xE00F2000, 0xB0000000, 0x90E40000, kEnd}, 3, "not allowed");
}

TEST(ShaderDecode, MalformedRelativeTokenIsRejected) {
    expectRejected({0xFFFE0300, 0x03000001, 0x800F0000, 0xA0E42000, 0x30000000, kEnd}, 4,
                   "malformed relative");
    expectRejected({0xFFFE0300, 0x03000001, 0x800F0000, 0xA0E42000, 0xB1000000, kEnd}, 4,
                   "malformed relative");
}

TEST(ShaderDecode, ParameterWithoutBit31IsRejected) {
    expectRejected({0xFFFE0300, 0x02000001, 0x000F0000, 0x90E40000, kEnd}, 2, "malformed destination");
    expectRejected({0xFFFE0300, 0x02000001, 0x800F0000, 0x10E40000, kEnd}, 3, "malformed source");
}

TEST(ShaderDecode, EmptyWriteMaskIsRejected) {
    expectRejected({0xFFFE0300, 0x02000001, 0x80000000, 0x90E40000, kEnd}, 2, "write mask");
}

TEST(ShaderDecode, UnknownSourceModifierIsRejected) {
    expectRejected({0xFFFE0300, 0x02000001, 0x800F0000, 0x9EE40000, kEnd}, 3, "source modifier");
}

TEST(ShaderDecode, ResultShiftOutsidePixelShader1IsRejected) {
    expectRejected({0xFFFF0200, 0x02000001, 0x810F0000, 0x80E40000, kEnd}, 2, "shift");
}

TEST(ShaderDecode, ResultShiftOutOfRangeIsRejected) {
    expectRejected({0xFFFF0101, 0x00000001, 0x840F0000, 0x80E40000, kEnd}, 2, "out of range");
}

TEST(ShaderDecode, PartialPrecisionInVertexShaderIsRejected) {
    expectRejected({0xFFFE0300, 0x02000001, 0x802F0000, 0x90E40000, kEnd}, 2, "_pp");
}

TEST(ShaderDecode, SamplerDclWithoutTextureTypeIsRejected) {
    expectRejected({0xFFFF0200, 0x0200001F, 0x80000000, 0xA00F0800, kEnd}, 2, "texture type");
}

TEST(ShaderDecode, DclOfUndeclarableRegisterIsRejected) {
    expectRejected({0xFFFF0200, 0x0200001F, 0x80000000, 0x800F0000, kEnd}, 3, "cannot be declared");
}

// A ps_3_0 input of usage POSITION0 is refused, as Windows refuses it (Wine's test_position_index;
// the native assembler too); POSITION1 is an input like any other.
TEST(ShaderDecode, Ps30PositionZeroInputIsRejected) {
    expectRejected({0xFFFF0300, 0x0200001F, 0x80000000, 0x900F0000, 0x02000001, 0x800F0800, 0x90E40000, kEnd},
                   2, "POSITION0");
    const std::vector<uint32_t> position1 = {0xFFFF0300, 0x0200001F, 0x80010000, 0x900F0000,
                                             0x02000001, 0x800F0800, 0x90E40000, kEnd};
    EXPECT_TRUE(decode(position1));
}

TEST(ShaderDecode, UsageOnPlainDclIsRejected) {
    expectRejected({0xFFFF0200, 0x0200001F, 0x80000005, 0xB00F0000, kEnd}, 2, "usage");
}

TEST(ShaderDecode, PredicatedDeclarationIsRejected) {
    expectRejected({0xFFFF0300, 0x1200001F, 0x80000000, 0x900F0000, kEnd}, 1, "cannot be predicated");
}

TEST(ShaderDecode, CommentRunningPastEndIsRejected) {
    expectRejected({0xFFFE0300, 0x0003FFFE, 0x11111111, kEnd}, 1, "comment runs past the end");
    expectRejected({0xFFFE0300, 0x7FFFFFFE}, 1, "comment runs past the end");
}

TEST(ShaderDecode, CommentsAreSkipped) {
    auto result = decode({{0xFFFE0300, 0x0002FFFE, 0x0000FFFF, 0x12345678, 0x0000FFFF}});
    ASSERT_TRUE(result) << result.error().message();
    EXPECT_TRUE(result->instructions.empty());
}

TEST(ShaderDecode, TokensAfterEndAreIgnored) {
    auto result = decode({{0xFFFE0300, kEnd, 0xDEADBEEF}});
    ASSERT_TRUE(result) << result.error().message();
}

TEST(ShaderDecode, ErrorMessageNamesOffsetWhatAndWhy) {
    auto result = decode({{0xFFFE0300, 0x00000070, kEnd}});
    ASSERT_FALSE(result);
    EXPECT_EQ(result.error().message(), "token 1: 0x00000070: unknown opcode 112");
}

// `depth` blocks nested: each opens with `open` (its tokens), then all close with `close`.
std::vector<uint32_t> nested(uint32_t version, const std::vector<uint32_t>& open, uint32_t close, int depth) {
    std::vector<uint32_t> t{version};
    for (int n = 0; n < depth; ++n)
        t.insert(t.end(), open.begin(), open.end());
    t.insert(t.end(), size_t(depth), close);
    t.push_back(kEnd);
    return t;
}

constexpr uint32_t kRepI0 = 0x01000026, kI0 = 0xF0E40000, kEndrep = 0x00000027;
constexpr uint32_t kIfB0 = 0x01000028, kB0 = 0xE0E40800, kEndif = 0x0000002B;

TEST(ShaderDecode, LoopsNestedDeeperThanFourAreRejected) {
    const auto four = nested(0xFFFE0300, {kRepI0, kI0}, kEndrep, 4);
    ASSERT_TRUE(decode(four)) << decode(four).error().message();
    // The fifth rep, at token 1 + 4 * 2, is one too deep.
    expectRejected(nested(0xFFFE0300, {kRepI0, kI0}, kEndrep, 5), 9, "nest at most 4 deep");
    // Depth is what counts, not the number of loops: two blocks of four in a row decode.
    std::vector<uint32_t> twice = four;
    twice.pop_back();
    twice.insert(twice.end(), four.begin() + 1, four.end());
    EXPECT_TRUE(decode(twice));
}

TEST(ShaderDecode, IfsNestedDeeperThanFortyEightAreRejected) {
    ASSERT_TRUE(decode(nested(0xFFFF0300, {kIfB0, kB0}, kEndif, 48)));
    expectRejected(nested(0xFFFF0300, {kIfB0, kB0}, kEndif, 49), 1 + 48 * 2, "nest at most 48 deep");
}

// Software vertex processing's register files (DecodeOptions): a vertex shader may name
// c256.. (up to c2047, what a register token encodes; c[a0.x + n] reaches the rest), i16..
// and b16.., in every version (Wine's test_unsupported_shaders: vs_1_1 and vs_3_0 reading
// c256, defi i16, defb b16 fail on a HARDWARE device, are created on SOFTWARE and MIXED ones).
TEST(ShaderDecode, SoftwareVertexRegistersWidenTheVertexConstantFiles) {
    const DecodeOptions software{true};
    for (const char* text :
         {"vs_1_1\nmov oPos, c256\n", "vs_2_0\nmov oPos, c2047\n", "vs_3_0\ndcl_position o0\nmov o0, c300\n",
          "vs_3_0\ndcl_position o0\ndefi i16, 1, 0, 0, 0\nrep i16\nmov o0, c0\nendrep\n",
          "vs_3_0\ndcl_position o0\ndefb b2047, true\nif b2047\nmov o0, c0\nendif\n"}) {
        auto hardware = assemble(text);
        EXPECT_FALSE(hardware) << text;
        if (!hardware) {
            EXPECT_NE(hardware.error().why.find("out of range"), std::string::npos) << text;
        }
        auto tokens = assemble(text, software);
        ASSERT_TRUE(tokens) << text << tokens.error().message();
        EXPECT_TRUE(decode(*tokens, software));
        EXPECT_FALSE(decode(*tokens)); // the same tokens on a hardware device
    }
    // Pixel shaders keep their files.
    EXPECT_FALSE(assemble("ps_3_0\nmov oC0, c224\n", software));
}

} // namespace
} // namespace ddivk::shader

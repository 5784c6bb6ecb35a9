// Realistic shaders written as text: they assemble, decode, disassemble back to text that
// assembles to the same tokens, and every truncation of their tokens is rejected cleanly.
#include <gtest/gtest.h>

#include <span>
#include <vector>

#include "shader/assembler.h"
#include "shader/decoder.h"
#include "shader/disassembler.h"
#include "shader/encoder.h"
#include "realistic_shaders.h"

namespace ddivk::shader {
namespace {

using namespace test_shaders;

std::vector<uint32_t> assembleOk(const char* text) {
    auto tokens = assemble(text);
    EXPECT_TRUE(tokens) << (tokens ? "" : tokens.error().message());
    return tokens ? *tokens : std::vector<uint32_t>{};
}

void expectRoundTrip(const char* text) {
    const std::vector<uint32_t> tokens = assembleOk(text);
    ASSERT_FALSE(tokens.empty());
    auto program = decode(tokens);
    ASSERT_TRUE(program) << program.error().message();
    EXPECT_EQ(encode(*program), tokens);
    const std::string listing = disassemble(*program);
    auto again = assemble(listing);
    ASSERT_TRUE(again) << again.error().message() << "\n" << listing;
    EXPECT_EQ(*again, tokens) << listing;
}

TEST(ShaderRoundTrip, SkinnedVertexShader30WithLoopAndRelativeAddressing) {
    expectRoundTrip(kSkinnedVs30);
}
TEST(ShaderRoundTrip, PixelShader30WithTexldDerivativesAndFlowControl) {
    expectRoundTrip(kPs30);
}
TEST(ShaderRoundTrip, PixelShader14WithPhase) {
    expectRoundTrip(kPs14);
}
TEST(ShaderRoundTrip, PixelShader11WithTexAndTexcoord) {
    expectRoundTrip(kPs11);
}
TEST(ShaderRoundTrip, VertexShader11WithA0Addressing) {
    expectRoundTrip(kVs11);
}

TEST(ShaderRoundTrip, DisassemblyUsesD3DSyntax) {
    auto program = decode(assembleOk(kSkinnedVs30));
    ASSERT_TRUE(program);
    const std::string text = disassemble(*program);
    for (const char* line :
         {"vs_3_0\n", "dcl_position v0\n", "dcl_texcoord1 o3\n", "def c0, 0, 1, 3, 0.5\n",
          "dp4 r3.x, v0, c[a0.x + 10]\n", "dp3 r4.x, v3, c[aL + 40]\n", "mov_sat o2, r5.xyz\n",
          "mov o[aL + 3], -r1_abs.wzyx\n", "defi i0, 4, 0, 1, 0\n"})
        EXPECT_NE(text.find(line), std::string::npos) << line << "\nin\n" << text;
    auto ps = decode(assembleOk(kPs30));
    ASSERT_TRUE(ps);
    const std::string psText = disassemble(*ps);
    for (const char* line : {"dcl_2d s0\n", "(!p0.x) mov r0.w, -c0.y\n", "ifc_gt vFace, c0.w\n",
                             "texldp r5, v0, s0\n", "add r0, r0, v[aL]\n", "defb b0, true\n"})
        EXPECT_NE(psText.find(line), std::string::npos) << line << "\nin\n" << psText;
}

TEST(ShaderRoundTrip, EveryTruncationIsRejected) {
    for (const char* text : kAll) {
        const std::vector<uint32_t> tokens = assembleOk(text);
        for (size_t length = 0; length < tokens.size(); ++length) {
            // A copy of exactly `length` tokens, so that AddressSanitizer sees any read past it.
            const std::vector<uint32_t> prefix(tokens.begin(), tokens.begin() + length);
            EXPECT_FALSE(decode(prefix)) << "length " << length << " of\n" << text;
        }
    }
}

// Streams written by hand (not by our assembler) survive the round trip token for token.
TEST(ShaderRoundTrip, HandWrittenStreamsRoundTrip) {
    const std::vector<std::vector<uint32_t>> streams = {
        // vs_3_0: mov r0, c[a0 + 4] with an identity swizzle in the relative token
        {0xFFFE0300, 0x03000001, 0x800F0000, 0xA0E42004, 0xB0E40000, 0x0000FFFF},
        // ps_3_0: mov r0, v[aL.x + 1]
        {0xFFFF0300, 0x03000001, 0x800F0000, 0x90E42001, 0xF0000800, 0x0000FFFF},
        // ps_1_1: mov_d2 r1, r0_bx2; +mov r0.w, c0.w
        {0xFFFF0101, 0x00000001, 0x8F0F0001, 0x84E40000, 0x40000001, 0x80080000, 0xA0FF0000, 0x0000FFFF},
        // vs_2_0: def c0 with NaN and -0; defi i0, 4, 0, 1, -1
        {0xFFFE0200, 0x05000051, 0xA00F0000, 0x7FC00001, 0x80000000, 0x00000001, 0xFF800000, 0x05000030,
         0xF00F0000, 4, 0, 1, 0xFFFFFFFF, 0x0000FFFF},
    };
    for (const auto& tokens : streams) {
        auto program = decode(tokens);
        ASSERT_TRUE(program) << program.error().message();
        const std::string text = disassemble(*program);
        auto again = assemble(text);
        ASSERT_TRUE(again) << again.error().message() << "\n" << text;
        EXPECT_EQ(*again, tokens) << text;
    }
}

TEST(ShaderRoundTrip, AssemblerAcceptsBothRelativeForms) {
    EXPECT_EQ(*assemble("vs_2_0\nmov r0, c4[a0.x]\n"), *assemble("vs_2_0\nmov r0, c[a0.x + 4]\n"));
    EXPECT_EQ(*assemble("vs_1_1\nmov r0, c[a0]\n"), *assemble("vs_1_1\nmov r0, c[a0.x]\n"));
}

TEST(ShaderRoundTrip, AssemblerReportsTheLine) {
    auto result = assemble("ps_2_0\nmov r0, c0\ntexldl r0, t0, s0\n");
    ASSERT_FALSE(result);
    EXPECT_EQ(result.error().offset, 3u);
    EXPECT_EQ(result.error().message().substr(0, 7), "line 3:");
    auto range = assemble("ps_2_0\nmov r0, c0\nmov r0, c40\n");
    ASSERT_FALSE(range);
    EXPECT_EQ(range.error().offset, 3u) << range.error().message();
}

} // namespace
} // namespace ddivk::shader

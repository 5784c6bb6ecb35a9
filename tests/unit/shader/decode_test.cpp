// Decoding of token streams written by hand from the "Shader Code Format" pages (not produced
// by our assembler): every field of the tokens is checked against the documented layout.
#include <gtest/gtest.h>

#include <vector>

#include "shader/decoder.h"

namespace ddivk::shader {
namespace {

Program decodeOk(const std::vector<uint32_t>& tokens) {
    auto result = decode(tokens);
    EXPECT_TRUE(result) << (result ? "" : result.error().message());
    return result ? *result : Program{};
}

TEST(ShaderDecode, VertexShader11WithA0Addressing) {
    const Program p = decodeOk({
        0xFFFE0101, // vs_1_1
        0x0000001F,
        0x80000003, // dcl (no length before SM2), usage normal index 0
        0x900F0003, // v3 (type 1 in bits 28-30), mask xyzw
        0x00000001, // mov
        0xC00F0000, // oPos (RASTOUT 4, number 0)
        0xA0E42004, // c4 relative (bit 13), identity swizzle: c[a0.x + 4]
        0x0000FFFF,
    });
    EXPECT_EQ(p.type, ShaderType::Vertex);
    EXPECT_EQ(p.major, 1);
    EXPECT_EQ(p.minor, 1);
    ASSERT_EQ(p.instructions.size(), 2u);
    const Instruction& dcl = p.instructions[0];
    EXPECT_EQ(dcl.opcode, 31);
    EXPECT_EQ(dcl.dcl.usage, 3);
    EXPECT_EQ(dcl.dst.type, RegType::Input);
    EXPECT_EQ(dcl.dst.number, 3);
    const Instruction& mov = p.instructions[1];
    EXPECT_EQ(mov.offset, 4u);
    EXPECT_EQ(mov.dst.type, RegType::RastOut);
    ASSERT_EQ(mov.src.size(), 1u);
    EXPECT_EQ(mov.src[0].type, RegType::Const);
    EXPECT_EQ(mov.src[0].number, 4);
    EXPECT_TRUE(mov.src[0].rel.present);
    EXPECT_EQ(mov.src[0].rel.type, RegType::AddrOrTexture);
}

TEST(ShaderDecode, VertexShader30WithRelativeTokenAndModifiers) {
    const Program p = decodeOk({
        0xFFFE0300, // vs_3_0
        0x0200001F,
        0x80010005, // dcl, length 2; usage texcoord (5), index 1
        0xE0030001, // o1 (OUTPUT 6), mask xy
        0x05000004, // mad, length 5
        0x80070000, // r0.xyz
        0x90E40000, // v0
        0xA0E42004,
        0xB0000000, // c4 relative; relative token a0 (ADDR 3), swizzle .x
        0x8CE40001, // -r1_abs (modifier 12)
        0x0000FFFF,
    });
    ASSERT_EQ(p.instructions.size(), 2u);
    const Instruction& dcl = p.instructions[0];
    EXPECT_EQ(dcl.dcl.usage, 5);
    EXPECT_EQ(dcl.dcl.usageIndex, 1);
    EXPECT_EQ(dcl.dst.type, RegType::TexCrdOutOrOutput);
    EXPECT_EQ(dcl.dst.writeMask, 0x3);
    const Instruction& mad = p.instructions[1];
    EXPECT_EQ(mad.opcode, 4);
    EXPECT_EQ(mad.dst.writeMask, 0x7);
    ASSERT_EQ(mad.src.size(), 3u);
    EXPECT_EQ(mad.src[1].rel.type, RegType::AddrOrTexture);
    EXPECT_EQ(mad.src[1].rel.swizzle, 0);
    EXPECT_EQ(mad.src[2].modifier, SrcMod::AbsNeg);
    EXPECT_EQ(mad.src[2].swizzle, kIdentitySwizzle);
}

TEST(ShaderDecode, PixelShader20DclTexldDefAndResultModifiers) {
    const Program p = decodeOk({
        0xFFFF0200,                                                    // ps_2_0
        0x0200001F, 0x80000000, 0xB0030000,                            // dcl t0.xy (TEXTURE 3)
        0x0200001F, 0x90000000, 0xA00F0800,                            // dcl_2d s0 (type 2 << 27; SAMPLER 10)
        0x05000051, 0xA00F0000, 0x3F800000, 0,          0, 0x3F000000, // def c0, 1, 0, 0, 0.5
        0x03000042, 0x800F0000, 0xB0E40000, 0xA0E40800,                // texld r0, t0, s0
        0x02000001, 0x803F0800, 0x80E40000,                            // mov_sat_pp oC0, r0
        0x0000FFFF,
    });
    ASSERT_EQ(p.instructions.size(), 5u);
    EXPECT_EQ(p.instructions[0].dst.type, RegType::AddrOrTexture);
    EXPECT_EQ(p.instructions[1].dcl.textureType, TextureType::Tex2D);
    EXPECT_EQ(p.instructions[1].dst.type, RegType::Sampler);
    EXPECT_EQ(p.instructions[2].values[0], 0x3F800000u);
    EXPECT_EQ(p.instructions[2].values[3], 0x3F000000u);
    EXPECT_EQ(p.instructions[3].src[1].type, RegType::Sampler);
    EXPECT_EQ(p.instructions[4].dst.type, RegType::ColorOut);
    EXPECT_EQ(p.instructions[4].dst.modifiers, kModSaturate | kModPartialPrecision);
}

TEST(ShaderDecode, PixelShader11ShiftAndCoissue) {
    const Program p = decodeOk({
        0xFFFF0101, // ps_1_1
        0x00000042,
        0xB00F0000, // tex t0
        0x00000005,
        0x810F0000,
        0xB0E40000,
        0x90E40000, // mul_x2 r0, t0, v0 (shift 1 in bits 24-27)
        0x40000001,
        0x80080000,
        0xA0FF0000, // +mov r0.w, c0.w (coissue bit 30)
        0x00000001,
        0x8F0F0001,
        0x84E40000, // mov_d2 r1, r0_bx2 (shift 0xF = -1; modifier 4)
        0x0000FFFF,
    });
    ASSERT_EQ(p.instructions.size(), 4u);
    EXPECT_EQ(p.instructions[0].opcode, 66);
    EXPECT_TRUE(p.instructions[0].src.empty());
    EXPECT_EQ(p.instructions[1].dst.shift, 1);
    EXPECT_TRUE(p.instructions[2].coissue);
    EXPECT_EQ(p.instructions[2].src[0].swizzle, 0xFF);
    EXPECT_EQ(p.instructions[3].dst.shift, -1);
    EXPECT_EQ(p.instructions[3].src[0].modifier, SrcMod::Sign);
}

TEST(ShaderDecode, PixelShader14PhaseAndTexcrd) {
    const Program p = decodeOk({
        0xFFFF0104, // ps_1_4
        0x00000040,
        0x80070000,
        0xB0E40000, // texcrd r0.xyz, t0
        0x0000FFFD, // phase
        0x00000042,
        0x800F0001,
        0x80E40000, // texld r1, r0 (one source in ps_1_4)
        0x0000FFFF,
    });
    ASSERT_EQ(p.instructions.size(), 3u);
    EXPECT_EQ(p.instructions[0].src.size(), 1u);
    EXPECT_EQ(p.instructions[1].opcode, 0xFFFD);
    EXPECT_EQ(p.instructions[2].src[0].type, RegType::Temp);
}

TEST(ShaderDecode, PixelShader30PredicationComparisonAndLoopAddressing) {
    const Program p = decodeOk({
        0xFFFF0300, // ps_3_0
        0x0301005E,
        0xB0011000,
        0x80000000,
        0xA0000000, // setp_gt p0.x, r0.x, c0.x
        0x14000002,
        0x800F0001,
        0xB0001000,
        0x80E40002,
        0x80E40003, // (p0.x) add r1, r2, r3
        0x03000001,
        0x800F0000,
        0x90E42001,
        0xF0E40800, // mov r0, v[aL + 1]
        0x0000FFFF,
    });
    ASSERT_EQ(p.instructions.size(), 3u);
    const Instruction& setp = p.instructions[0];
    EXPECT_EQ(setp.control, static_cast<uint8_t>(Compare::Gt));
    EXPECT_EQ(setp.dst.type, RegType::Predicate);
    EXPECT_EQ(setp.dst.writeMask, 0x1);
    const Instruction& add = p.instructions[1];
    EXPECT_TRUE(add.predicated);
    EXPECT_EQ(add.predicate.type, RegType::Predicate);
    EXPECT_EQ(add.predicate.swizzle, 0);
    EXPECT_EQ(add.src.size(), 2u);
    const Instruction& mov = p.instructions[2];
    EXPECT_EQ(mov.src[0].type, RegType::Input);
    EXPECT_EQ(mov.src[0].number, 1);
    EXPECT_EQ(mov.src[0].rel.type, RegType::Loop);
}

TEST(ShaderDecode, VertexShader2xAndPixelShader2xVersions) {
    EXPECT_EQ(decodeOk({0xFFFE0201, 0x0000FFFF}).minor, 1);
    EXPECT_EQ(decodeOk({0xFFFF0201, 0x0000FFFF}).type, ShaderType::Pixel);
    EXPECT_EQ(decodeOk({0xFFFE0200, 0x0000FFFF}).major, 2);
    for (uint32_t minor = 1; minor <= 4; ++minor)
        EXPECT_EQ(decodeOk({0xFFFF0100 | minor, 0x0000FFFF}).minor, minor);
}

TEST(ShaderDecode, VertexShader2xComparisonFlowControl) {
    const Program p = decodeOk({
        0xFFFE0201, // vs_2_x
        0x02050029,
        0xA0000000,
        0xA0000001, // ifc_ne c0.x, c1.x (opcode 41, comparison 5 in bits 16-18)
        0x0000002C, // break (opcode 44, no parameters: length 0)
        0x0000002B, // endif
        0x0000FFFF,
    });
    ASSERT_EQ(p.instructions.size(), 3u);
    EXPECT_EQ(p.instructions[0].control, static_cast<uint8_t>(Compare::Ne));
    EXPECT_FALSE(p.instructions[0].hasDst);
    ASSERT_EQ(p.instructions[0].src.size(), 2u);
    EXPECT_EQ(p.instructions[0].src[1].number, 1);
    EXPECT_EQ(p.instructions[0].src[1].swizzle, 0);
    EXPECT_EQ(p.instructions[1].opcode, 44);
    EXPECT_TRUE(p.instructions[2].src.empty());
}

TEST(ShaderDecode, PixelShader2xDerivative) {
    const Program p = decodeOk({0xFFFF0201, 0x0200005B, 0x800F0000, 0xB0E40000, 0x0000FFFF}); // dsx r0, t0
    ASSERT_EQ(p.instructions.size(), 1u);
    EXPECT_EQ(p.instructions[0].opcode, 91);
    EXPECT_EQ(p.instructions[0].src[0].type, RegType::AddrOrTexture);
}

TEST(ShaderDecode, PixelShader13TexM3x2Depth) {
    const Program p =
        decodeOk({0xFFFF0103, 0x00000054, 0xB00F0001, 0xB0E40000, 0x0000FFFF}); // texm3x2depth t1, t0
    ASSERT_EQ(p.instructions.size(), 1u);
    EXPECT_EQ(p.instructions[0].dst.number, 1);
    EXPECT_FALSE(decode({{0xFFFF0102, 0x00000054, 0xB00F0001, 0xB0E40000, 0x0000FFFF}})); // not in ps_1_2
}

TEST(ShaderDecode, DefiAndDefbValues) {
    const Program p = decodeOk({
        0xFFFE0200, // vs_2_0
        0x05000030,
        0xF00F0000,
        4,
        0,
        1,
        0xFFFFFFFF, // defi i0, 4, 0, 1, -1 (CONSTINT 7)
        0x0200002F,
        0xE00F0803,
        1, // defb b3, true (CONSTBOOL 14)
        0x0000FFFF,
    });
    ASSERT_EQ(p.instructions.size(), 2u);
    EXPECT_EQ(p.instructions[0].dst.type, RegType::ConstInt);
    EXPECT_EQ(p.instructions[0].values[3], 0xFFFFFFFFu);
    EXPECT_EQ(p.instructions[1].dst.type, RegType::ConstBool);
    EXPECT_EQ(p.instructions[1].dst.number, 3);
    EXPECT_EQ(p.instructions[1].values[0], 1u);
}

} // namespace
} // namespace ddivk::shader

// The D3D9 shader token format (d3d9types.h, "Shader Code Format" in the DDK docs), written out
// here so the decoder needs no Windows header. docs/shader-bytecode.md cites each field.
#pragma once

#include <cstdint>

namespace ddivk::shader {

// Version token: bits 0-7 minor, 8-15 major, 16-31 the shader type.
constexpr uint32_t kVertexShaderTag = 0xFFFE;
constexpr uint32_t kPixelShaderTag = 0xFFFF;

// Instruction token.
constexpr uint32_t kOpcodeMask = 0x0000FFFF;
constexpr uint32_t kControlShift = 16; // bits 16-23: opcode-specific controls
constexpr uint32_t kControlMask = 0x00FF0000;
constexpr uint32_t kLengthShift = 24; // bits 24-27: tokens after this one (SM2+)
constexpr uint32_t kLengthMask = 0x0F000000;
constexpr uint32_t kPredicatedBit = 0x10000000; // D3DSHADER_INSTRUCTION_PREDICATED
constexpr uint32_t kCoissueBit = 0x40000000;    // D3DSI_COISSUE (ps_1_x)
constexpr uint32_t kInstructionReserved = 0xA0000000;
constexpr uint32_t kTexldProject = 0x1; // control bits of texld: texldp
constexpr uint32_t kTexldBias = 0x2;    // texldb

// Comment token: opcode 0xFFFE, bits 16-30 the number of comment tokens that follow.
constexpr uint32_t kCommentSizeShift = 16;
constexpr uint32_t kCommentSizeMask = 0x7FFF0000;
constexpr uint32_t kEndToken = 0x0000FFFF;

// Parameter tokens (destination, source, relative address).
constexpr uint32_t kParamBit = 0x80000000; // bit 31 is always set
constexpr uint32_t kRegNumMask = 0x000007FF;
constexpr uint32_t kRegTypeHiShift = 8; // bits 11-12 hold register type bits 3-4
constexpr uint32_t kRegTypeHiMask = 0x00001800;
constexpr uint32_t kRegTypeLoShift = 28; // bits 28-30 hold register type bits 0-2
constexpr uint32_t kRegTypeLoMask = 0x70000000;
constexpr uint32_t kRelativeBit = 0x00002000; // D3DSHADER_ADDRMODE_RELATIVE
constexpr uint32_t kParamReserved = 0x0000C000;
constexpr uint32_t kWriteMaskShift = 16; // destination: bits 16-19
constexpr uint32_t kResultModShift = 20; // destination: bits 20-23
constexpr uint32_t kDstShiftShift = 24;  // destination: bits 24-27, signed (ps_1_x)
constexpr uint32_t kSwizzleShift = 16;   // source: bits 16-23, two bits per component
constexpr uint32_t kSrcModShift = 24;    // source: bits 24-27
constexpr uint8_t kIdentitySwizzle = 0xE4;

// Result modifiers (D3DSPDM_*).
constexpr uint8_t kModSaturate = 1;
constexpr uint8_t kModPartialPrecision = 2;
constexpr uint8_t kModCentroid = 4;

// dcl token: usage bits 0-4, usage index bits 16-19, sampler texture type bits 27-30.
constexpr uint32_t kDclUsageMask = 0x0000001F;
constexpr uint32_t kDclIndexShift = 16;
constexpr uint32_t kDclIndexMask = 0x000F0000;
constexpr uint32_t kDclTextureShift = 27;
constexpr uint32_t kDclTextureMask = 0x78000000;

// D3DSHADER_INSTRUCTION_OPCODE_TYPE values the decoder treats specially.
enum Opcode : uint16_t {
    kOpNop = 0,
    kOpMov = 1,
    kOpCall = 25,
    kOpLoop = 27,
    kOpEndloop = 29,
    kOpDcl = 31,
    kOpSincos = 37,
    kOpRep = 38,
    kOpEndrep = 39,
    kOpIf = 40,
    kOpIfc = 41,
    kOpEndif = 43,
    kOpBreakc = 45,
    kOpMova = 46,
    kOpDefb = 47,
    kOpDefi = 48,
    kOpTexcoord = 64,
    kOpTexkill = 65,
    kOpTex = 66,
    kOpDef = 81,
    kOpSetp = 94,
    kOpTexldl = 95,
    kOpPhase = 0xFFFD,
    kOpComment = 0xFFFE,
    kOpEnd = 0xFFFF,
};

// D3DSHADER_PARAM_REGISTER_TYPE.
enum class RegType : uint8_t {
    Temp = 0,
    Input = 1,
    Const = 2,
    AddrOrTexture = 3, // a0 in vertex shaders, t# in pixel shaders
    RastOut = 4,
    AttrOut = 5,
    TexCrdOutOrOutput = 6, // oT# before vs_3_0, o# in vs_3_0
    ConstInt = 7,
    ColorOut = 8,
    DepthOut = 9,
    Sampler = 10,
    Const2 = 11,
    Const3 = 12,
    Const4 = 13,
    ConstBool = 14,
    Loop = 15,
    TempFloat16 = 16,
    MiscType = 17,
    Label = 18,
    Predicate = 19,
};
constexpr int kRegTypeCount = 20;

// D3DSHADER_PARAM_SRCMOD_TYPE.
enum class SrcMod : uint8_t {
    None = 0,
    Neg = 1,
    Bias = 2,
    BiasNeg = 3,
    Sign = 4, // _bx2
    SignNeg = 5,
    Comp = 6, // 1-x
    X2 = 7,
    X2Neg = 8,
    Dz = 9,
    Dw = 10,
    Abs = 11,
    AbsNeg = 12,
    Not = 13,
};
constexpr int kSrcModCount = 14;

// D3DSAMPLER_TEXTURE_TYPE (the dcl token's bits 27-30).
enum class TextureType : uint8_t { Unknown = 0, Tex2D = 2, Cube = 3, Volume = 4 };

// Comparison of ifc, breakc and setp (instruction control bits 16-18).
enum class Compare : uint8_t { None = 0, Gt = 1, Eq = 2, Ge = 3, Lt = 4, Ne = 5, Le = 6 };

} // namespace ddivk::shader

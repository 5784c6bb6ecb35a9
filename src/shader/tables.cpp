#include "shader/tables.h"

#include <iterator>

namespace ddivk::shader {
namespace {

constexpr ShaderType VS = ShaderType::Vertex;
constexpr ShaderType PS = ShaderType::Pixel;

// Register counts per version, in RegType order (0: the type does not exist there), then the
// relative addressing allowed per type for sources and destinations.
// Sources: "Registers" pages of the asm reference per version (docs/shader-bytecode.md).
// Float constants in vertex shaders: 256, the count our device reports (MaxVertexShaderConst).
constexpr uint8_t A0 = kRelA0;
constexpr uint8_t AL = kRelAL;
// clang-format off
constexpr VersionInfo kVersions[] = {
    //                      r   v   c   a/t rast attr oT/o i  oC oDep s  c2 c3 c4 b  aL f16 misc l    p
    {VS, 1, 1, "vs_1_1", {12, 16, 256, 1,  3,   2,   8,   0, 0, 0,   0, 0, 0, 0, 0, 0, 0,  0,   0,    0},
                         {0,  0,  A0},      {}},
    {VS, 2, 0, "vs_2_0", {12, 16, 256, 1,  3,   2,   8,  16, 0, 0,   0, 0, 0, 0, 16, 1, 0, 0,   16,   0},
                         {0,  0,  A0 | AL}, {}},
    {VS, 2, 1, "vs_2_x", {32, 16, 256, 1,  3,   2,   8,  16, 0, 0,   0, 0, 0, 0, 16, 1, 0, 0,   16,   1},
                         {0,  0,  A0 | AL}, {}},
    {VS, 3, 0, "vs_3_0", {32, 16, 256, 1,  0,   0,  12,  16, 0, 0,   4, 0, 0, 0, 16, 1, 0, 0,   2048, 1},
                         {0,  AL, A0 | AL}, {0, 0, 0, 0, 0, 0, AL}},
    {PS, 1, 1, "ps_1_1", {2,  2,  8,   4},  {}, {}},
    {PS, 1, 2, "ps_1_2", {2,  2,  8,   4},  {}, {}},
    {PS, 1, 3, "ps_1_3", {2,  2,  8,   4},  {}, {}},
    {PS, 1, 4, "ps_1_4", {6,  2,  8,   6},  {}, {}},
    {PS, 2, 0, "ps_2_0", {12, 2,  32,  8,  0,   0,   0,   0, 4, 1,  16},                                  {}, {}},
    {PS, 2, 1, "ps_2_x", {32, 2,  32,  8,  0,   0,   0,  16, 4, 1,  16, 0, 0, 0, 16, 0, 0, 0,   16,   1}, {}, {}},
    {PS, 3, 0, "ps_3_0", {32, 10, 224, 0,  0,   0,   0,  16, 4, 1,  16, 0, 0, 0, 16, 1, 0, 2,   2048, 1},
                         {0,  AL},          {}},
};
// clang-format on

// Version ranges.
constexpr VersionRange kNone{};
constexpr VersionRange kAllVs{11, 30};
constexpr VersionRange kAllPs{11, 30};
constexpr VersionRange kSm2{20, 30};  // 2_0, 2_x, 3_0
constexpr VersionRange kSm2x{21, 30}; // 2_x, 3_0
constexpr VersionRange kSm3{30, 30};
constexpr VersionRange kPs1{11, 14};
constexpr VersionRange kPs11to13{11, 13};
constexpr VersionRange kPs12to13{12, 13};
constexpr VersionRange kPs14{14, 14};

constexpr Layout P = Layout::Plain;

// Opcodes: D3DSHADER_INSTRUCTION_OPCODE_TYPE; versions from the instruction pages of the asm
// reference ("vs_x_y instructions", "ps_x_y instructions").
constexpr OpcodeInfo kOpcodes[] = {
    {0, "nop", 0, 0, P, kAllVs, kAllPs},
    {1, "mov", 1, 1, P, kAllVs, kAllPs},
    {2, "add", 1, 2, P, kAllVs, kAllPs},
    {3, "sub", 1, 2, P, kAllVs, kAllPs},
    {4, "mad", 1, 3, P, kAllVs, kAllPs},
    {5, "mul", 1, 2, P, kAllVs, kAllPs},
    {6, "rcp", 1, 1, P, kAllVs, kSm2},
    {7, "rsq", 1, 1, P, kAllVs, kSm2},
    {8, "dp3", 1, 2, P, kAllVs, kAllPs},
    {9, "dp4", 1, 2, P, kAllVs, {12, 30}},
    {10, "min", 1, 2, P, kAllVs, kSm2},
    {11, "max", 1, 2, P, kAllVs, kSm2},
    {12, "slt", 1, 2, P, kAllVs, kNone},
    {13, "sge", 1, 2, P, kAllVs, kNone},
    {14, "exp", 1, 1, P, kAllVs, kSm2},
    {15, "log", 1, 1, P, kAllVs, kSm2},
    {16, "lit", 1, 1, P, kAllVs, kNone},
    {17, "dst", 1, 2, P, kAllVs, kNone},
    {18, "lrp", 1, 3, P, kSm2, kAllPs},
    {19, "frc", 1, 1, P, kAllVs, kSm2},
    {20, "m4x4", 1, 2, P, kAllVs, kSm2},
    {21, "m4x3", 1, 2, P, kAllVs, kSm2},
    {22, "m3x4", 1, 2, P, kAllVs, kSm2},
    {23, "m3x3", 1, 2, P, kAllVs, kSm2},
    {24, "m3x2", 1, 2, P, kAllVs, kSm2},
    {25, "call", 0, 1, P, kSm2, kSm2x},
    {26, "callnz", 0, 2, P, kSm2, kSm2x},
    {27, "loop", 0, 2, P, kSm2, kSm3},
    {28, "ret", 0, 0, P, kSm2, kSm2x},
    {29, "endloop", 0, 0, P, kSm2, kSm3},
    {30, "label", 0, 1, P, kSm2, kSm2x},
    {31, "dcl", 1, 0, Layout::Dcl, kAllVs, kSm2},
    {32, "pow", 1, 2, P, kSm2, kSm2},
    {33, "crs", 1, 2, P, kSm2, kSm2},
    {34, "sgn", 1, 3, P, kSm2, kNone},
    {35, "abs", 1, 1, P, kSm2, kSm2},
    {36, "nrm", 1, 1, P, kSm2, kSm2},
    {37, "sincos", 1, 3, P, {20, 21}, {20, 21}},
    {37, "sincos", 1, 1, P, kSm3, kSm3},
    {38, "rep", 0, 1, P, kSm2, kSm2x},
    {39, "endrep", 0, 0, P, kSm2, kSm2x},
    {40, "if", 0, 1, P, kSm2, kSm2x},
    {41, "ifc", 0, 2, P, kSm2x, kSm2x},
    {42, "else", 0, 0, P, kSm2, kSm2x},
    {43, "endif", 0, 0, P, kSm2, kSm2x},
    {44, "break", 0, 0, P, kSm2x, kSm2x},
    {45, "breakc", 0, 2, P, kSm2x, kSm2x},
    {46, "mova", 1, 1, P, kSm2, kNone},
    {47, "defb", 1, 0, Layout::DefB, kSm2, kSm2x},
    {48, "defi", 1, 0, Layout::Def, kSm2, kSm2x},
    {64, "texcoord", 1, 0, P, kNone, kPs11to13},
    {64, "texcrd", 1, 1, P, kNone, kPs14},
    {65, "texkill", 1, 0, P, kNone, kAllPs},
    {66, "tex", 1, 0, P, kNone, kPs11to13},
    {66, "texld", 1, 1, P, kNone, kPs14},
    {66, "texld", 1, 2, P, kNone, kSm2},
    {67, "texbem", 1, 1, P, kNone, kPs11to13},
    {68, "texbeml", 1, 1, P, kNone, kPs11to13},
    {69, "texreg2ar", 1, 1, P, kNone, kPs11to13},
    {70, "texreg2gb", 1, 1, P, kNone, kPs11to13},
    {71, "texm3x2pad", 1, 1, P, kNone, kPs11to13},
    {72, "texm3x2tex", 1, 1, P, kNone, kPs11to13},
    {73, "texm3x3pad", 1, 1, P, kNone, kPs11to13},
    {74, "texm3x3tex", 1, 1, P, kNone, kPs11to13},
    {76, "texm3x3spec", 1, 2, P, kNone, kPs11to13},
    {77, "texm3x3vspec", 1, 1, P, kNone, kPs11to13},
    {78, "expp", 1, 1, P, kAllVs, kNone},
    {79, "logp", 1, 1, P, kAllVs, kNone},
    {80, "cnd", 1, 3, P, kNone, kPs1},
    {81, "def", 1, 0, Layout::Def, kAllVs, kAllPs},
    {82, "texreg2rgb", 1, 1, P, kNone, kPs12to13},
    {83, "texdp3tex", 1, 1, P, kNone, kPs12to13},
    {84, "texm3x2depth", 1, 1, P, kNone, {13, 13}},
    {85, "texdp3", 1, 1, P, kNone, kPs12to13},
    {86, "texm3x3", 1, 1, P, kNone, kPs12to13},
    {87, "texdepth", 1, 0, P, kNone, kPs14},
    {88, "cmp", 1, 3, P, kNone, {12, 30}},
    {89, "bem", 1, 2, P, kNone, kPs14},
    {90, "dp2add", 1, 3, P, kNone, kSm2},
    {91, "dsx", 1, 1, P, kNone, kSm2x},
    {92, "dsy", 1, 1, P, kNone, kSm2x},
    {93, "texldd", 1, 4, P, kNone, kSm2x},
    {94, "setp", 1, 2, P, kSm2x, kSm2x},
    {95, "texldl", 1, 2, P, kSm3, kSm3},
    {96, "breakp", 0, 1, P, kSm2x, kSm2x},
    {0xFFFD, "phase", 0, 0, P, kNone, kPs14},
};

constexpr const char* kUsageNames[kUsageCount] = {
    "position", "blendweight", "blendindices", "normal", "psize", "texcoord", "tangent",
    "binormal", "tessfactor",  "positiont",    "color",  "fog",   "depth",    "sample"};

constexpr SrcModText kSrcMods[kSrcModCount] = {
    {"", ""},    {"-", ""},    {"", "_bias"}, {"-", "_bias"}, {"", "_bx2"}, {"-", "_bx2"}, {"1-", ""},
    {"", "_x2"}, {"-", "_x2"}, {"", "_dz"},   {"", "_dw"},    {"", "_abs"}, {"-", "_abs"}, {"!", ""},
};

constexpr const char* kCompareNames[] = {nullptr, "gt", "eq", "ge", "lt", "ne", "le"};

} // namespace

const VersionInfo* findVersion(ShaderType type, int major, int minor) {
    for (const VersionInfo& v : kVersions)
        if (v.type == type && v.major == major && v.minor == minor) return &v;
    return nullptr;
}

std::span<const VersionInfo> allVersions() {
    return kVersions;
}

const OpcodeInfo* findOpcode(uint16_t opcode, ShaderType type, int code) {
    for (const OpcodeInfo& op : kOpcodes) {
        if (op.opcode != opcode) continue;
        if ((type == VS ? op.vs : op.ps).contains(code)) return &op;
    }
    return nullptr;
}

bool knownOpcode(uint16_t opcode) {
    for (const OpcodeInfo& op : kOpcodes)
        if (op.opcode == opcode) return true;
    return false;
}

std::span<const OpcodeInfo> allOpcodes() {
    return kOpcodes;
}

const char* registerPrefix(RegType type, ShaderType shader, int code) {
    switch (type) {
    case RegType::Temp:
        return "r";
    case RegType::Input:
        return "v";
    case RegType::Const:
        return "c";
    case RegType::AddrOrTexture:
        return shader == VS ? "a" : "t";
    case RegType::RastOut:
        return "o"; // oPos, oFog, oPts: named by number
    case RegType::AttrOut:
        return "oD";
    case RegType::TexCrdOutOrOutput:
        return code >= 30 ? "o" : "oT";
    case RegType::ConstInt:
        return "i";
    case RegType::ColorOut:
        return "oC";
    case RegType::DepthOut:
        return "oDepth";
    case RegType::Sampler:
        return "s";
    case RegType::ConstBool:
        return "b";
    case RegType::Loop:
        return "aL";
    case RegType::MiscType:
        return "v"; // vPos, vFace: named by number
    case RegType::Label:
        return "l";
    case RegType::Predicate:
        return "p";
    default:
        return "?";
    }
}

const char* usageName(uint8_t usage) {
    return usage < kUsageCount ? kUsageNames[usage] : nullptr;
}

const SrcModText& srcModText(SrcMod modifier) {
    return kSrcMods[static_cast<int>(modifier) % kSrcModCount];
}

bool writableRegister(ShaderType shader, int code, RegType type) {
    switch (type) {
    case RegType::Temp:
        return true;
    case RegType::AddrOrTexture: // vs: a0; ps_1_1..1_3: t# hold texture results and are read/write
        return shader == VS || code <= 13;
    case RegType::RastOut:
    case RegType::AttrOut:
    case RegType::TexCrdOutOrOutput:
        return shader == VS;
    case RegType::ColorOut:
    case RegType::DepthOut:
        return shader == PS;
    case RegType::Predicate: // written by setp
        return true;
    default:
        return false;
    }
}

bool readableRegister(ShaderType shader, RegType type) {
    switch (type) {
    case RegType::AddrOrTexture: // vs: a0; ps: t#
        return shader == PS;
    case RegType::RastOut:
    case RegType::AttrOut:
    case RegType::TexCrdOutOrOutput:
    case RegType::ColorOut:
    case RegType::DepthOut:
        return false;
    default:
        return true;
    }
}

bool dclTakesUsage(ShaderType shader, int code, RegType type) {
    return shader == VS || (code >= 30 && type == RegType::Input);
}

const char* compareName(uint8_t compare) {
    return compare < std::size(kCompareNames) ? kCompareNames[compare] : nullptr;
}

} // namespace ddivk::shader

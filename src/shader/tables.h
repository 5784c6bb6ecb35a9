// The rules of the D3D9 shader versions as data: what each version allows (registers, relative
// addressing) and which opcodes exist in which versions, with their parameter counts.
// docs/shader-bytecode.md prints these tables with their sources.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "shader/program.h"

namespace ddivk::shader {

// A version as one number: major * 10 + minor (2_x is 2.1, so 21).
constexpr int versionCode(int major, int minor) {
    return major * 10 + minor;
}

// Relative addressing allowed for one register type in a version (bit set).
enum RelFlags : uint8_t { kRelNone = 0, kRelA0 = 1, kRelAL = 2 };

// What one shader version allows.
struct VersionInfo {
    ShaderType type;
    uint8_t major;
    uint8_t minor;
    const char* name;                  // "vs_2_x"
    uint16_t registers[kRegTypeCount]; // registers of each type; 0: type not allowed
    uint8_t relSource[kRegTypeCount];  // RelFlags per type for sources
    uint8_t relDest[kRegTypeCount];    // RelFlags per type for destinations
};

// The supported version, or nullptr.
const VersionInfo* findVersion(ShaderType type, int major, int minor);
std::span<const VersionInfo> allVersions();

// What a version range is: [first, last] version codes, 0 = none.
struct VersionRange {
    uint8_t first = 0;
    uint8_t last = 0;
    bool contains(int code) const { return first != 0 && code >= first && code <= last; }
};

// How the parameters of an opcode are laid out.
enum class Layout : uint8_t {
    Plain, // [dst] src...
    Dcl,   // dcl token, dst
    Def,   // dst, 4 literal tokens
    DefB,  // dst, 1 literal token
};

// One opcode in a range of versions; an opcode may have several rows whose ranges do not
// overlap (sincos, tex/texld, texcoord/texcrd change shape between versions).
struct OpcodeInfo {
    uint16_t opcode;
    const char* name;
    uint8_t dstCount; // 0 or 1
    uint8_t srcCount;
    Layout layout;
    VersionRange vs;
    VersionRange ps;
};

// The row for an opcode in a version; nullptr when the opcode does not exist there.
const OpcodeInfo* findOpcode(uint16_t opcode, ShaderType type, int code);
// Whether any row (any version) has this opcode.
bool knownOpcode(uint16_t opcode);
std::span<const OpcodeInfo> allOpcodes();

// Register name prefix for a type in a shader type ("r", "c", "oPos" is special-cased).
const char* registerPrefix(RegType type, ShaderType shader, int code);

// D3DDECLUSAGE names ("position"), nullptr when out of range.
const char* usageName(uint8_t usage);
constexpr int kUsageCount = 14;

// Source modifier affixes: prefix ("-", "1-", "!") and suffix ("_bx2").
struct SrcModText {
    const char* prefix;
    const char* suffix;
};
const SrcModText& srcModText(SrcMod modifier);

// Whether an instruction may write a register of this type in this version: the read/write
// columns of the "Registers" pages. Read-only types (inputs, constants, samplers, aL, vPos/vFace,
// ps_1_4's and ps_2_0+'s texture registers) appear only as sources. texkill's parameter sits in
// the destination slot but is read, so it is not subject to this rule.
bool writableRegister(ShaderType shader, int code, RegType type);

// Whether a register type may be read as a source: every type but the outputs (oPos, oFog, oPts,
// oD#, oT#/o#, oC#, oDepth), which the "Registers" pages list as write-only, and a vertex
// shader's a0, which only addresses constants ("Address Register" page).
bool readableRegister(ShaderType shader, RegType type);

// Whether a dcl of this register names a usage (dcl_texcoord1 v1) or is plain (dcl t0).
bool dclTakesUsage(ShaderType shader, int code, RegType type);

// Comparison names ("gt"), nullptr for None or out of range.
const char* compareName(uint8_t compare);

} // namespace ddivk::shader

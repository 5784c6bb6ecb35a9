#include "shader/disassembler.h"

#include <bit>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <vector>

#include "shader/tables.h"

namespace ddivk::shader {
namespace {

constexpr char kComponents[] = "xyzw";

struct Writer {
    const Program& program;
    int code;
    std::string out;

    std::string regName(RegType type, uint16_t number) const {
        switch (type) {
        case RegType::RastOut: {
            static const char* const names[] = {"oPos", "oFog", "oPts"};
            return number < 3 ? names[number] : "oRast" + std::to_string(number);
        }
        case RegType::DepthOut:
            return "oDepth";
        case RegType::Loop:
            return "aL";
        case RegType::MiscType:
            return number == 0 ? "vPos" : "vFace";
        default:
            return registerPrefix(type, program.type, code) + std::to_string(number);
        }
    }

    std::string relText(const RelAddr& rel) const {
        return regName(rel.type, rel.number) + (rel.type == RegType::Loop && rel.swizzle == kIdentitySwizzle
                                                    ? std::string()
                                                    : swizzleText(rel.swizzle));
    }

    // c4, c[a0.x + 4], v[aL]
    std::string regText(RegType type, uint16_t number, const RelAddr& rel) const {
        if (!rel.present) return regName(type, number);
        std::string text = std::string(registerPrefix(type, program.type, code)) + "[" + relText(rel);
        if (number) text += " + " + std::to_string(number);
        return text + "]";
    }

    std::string dstText(const DstParam& d) const {
        return regText(d.type, d.number, d.rel) + writeMaskText(d.writeMask);
    }

    std::string srcText(const SrcParam& s) const {
        const SrcModText& mod = srcModText(s.modifier);
        return mod.prefix + regText(s.type, s.number, s.rel) + mod.suffix + swizzleText(s.swizzle);
    }

    std::string mnemonic(const Instruction& ins, const OpcodeInfo* info) const {
        std::string name = info ? info->name : "op" + std::to_string(ins.opcode);
        if (ins.opcode == kOpTex && program.major >= 2) {
            if (ins.control == kTexldProject) name += "p";
            if (ins.control == kTexldBias) name += "b";
        }
        if (const char* cmp = compareName(ins.control);
            cmp && (ins.opcode == kOpIfc || ins.opcode == kOpBreakc || ins.opcode == kOpSetp))
            name += std::string("_") + cmp;
        if (ins.opcode == kOpDcl) {
            if (ins.dst.type == RegType::Sampler) {
                static const char* const types[] = {"", "", "_2d", "_cube", "_volume"};
                const auto tex = static_cast<unsigned>(ins.dcl.textureType);
                name += tex < 5 ? types[tex] : "";
            } else if (dclTakesUsage(program.type, code, ins.dst.type)) {
                const char* usage = usageName(ins.dcl.usage);
                name += std::string("_") + (usage ? usage : "?");
                if (ins.dcl.usageIndex) name += std::to_string(ins.dcl.usageIndex);
            }
        }
        if (ins.hasDst) {
            static const char* const shifts[] = {"", "_x2", "_x4", "_x8", "_d8", "_d4", "_d2"};
            const int shift = ins.dst.shift;
            if (shift >= -3 && shift <= 3) name += shifts[shift >= 0 ? shift : 7 + shift];
            if (ins.dst.modifiers & kModSaturate) name += "_sat";
            if (ins.dst.modifiers & kModPartialPrecision) name += "_pp";
            if (ins.dst.modifiers & kModCentroid) name += "_centroid";
        }
        return name;
    }

    static std::string floatText(uint32_t bits) {
        const float value = std::bit_cast<float>(bits);
        char text[32];
        if (std::isfinite(value)) {
            auto [end, ec] = std::to_chars(text, text + sizeof text, value);
            if (ec == std::errc()) return std::string(text, end);
        }
        std::snprintf(text, sizeof text, "0x%08X", bits);
        return text;
    }

    void instruction(const Instruction& ins) {
        const OpcodeInfo* info = findOpcode(ins.opcode, program.type, code);
        if (ins.coissue) out += "+";
        if (ins.predicated) out += "(" + srcText(ins.predicate) + ") ";
        out += mnemonic(ins, info);
        std::vector<std::string> operands;
        if (ins.hasDst) operands.push_back(dstText(ins.dst));
        if (ins.opcode == kOpDef) {
            for (uint32_t v : ins.values)
                operands.push_back(floatText(v));
        } else if (ins.opcode == kOpDefi) {
            for (uint32_t v : ins.values)
                operands.push_back(std::to_string(static_cast<int32_t>(v)));
        } else if (ins.opcode == kOpDefb) {
            const uint32_t v = ins.values[0];
            operands.push_back(v == 0 ? "false" : v == 1 ? "true" : std::to_string(v));
        }
        for (const SrcParam& s : ins.src)
            operands.push_back(srcText(s));
        for (size_t i = 0; i < operands.size(); ++i)
            out += (i ? ", " : " ") + operands[i];
        out += "\n";
    }
};

} // namespace

std::string swizzleText(uint8_t swizzle) {
    if (swizzle == kIdentitySwizzle) return "";
    int length = 4; // the assembler repeats the last component: .xy is .xyyy
    while (length > 1 && ((swizzle >> 2 * (length - 1)) & 3) == ((swizzle >> 2 * (length - 2)) & 3))
        --length;
    std::string text = ".";
    for (int i = 0; i < length; ++i)
        text += kComponents[(swizzle >> 2 * i) & 3];
    return text;
}

std::string writeMaskText(uint8_t mask) {
    if (mask == 0xF) return "";
    std::string text = ".";
    for (int i = 0; i < 4; ++i)
        if (mask & (1 << i)) text += kComponents[i];
    return text;
}

std::string disassemble(const Program& program) {
    Writer writer{program, versionCode(program.major, program.minor), {}};
    const VersionInfo* version = findVersion(program.type, program.major, program.minor);
    writer.out = version ? version->name : "unknown_version";
    writer.out += "\n";
    for (const Instruction& ins : program.instructions)
        writer.instruction(ins);
    return writer.out;
}

} // namespace ddivk::shader

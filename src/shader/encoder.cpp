#include "shader/encoder.h"

namespace ddivk::shader {
namespace {

uint32_t typeBits(RegType type) {
    const uint32_t t = static_cast<uint32_t>(type);
    return ((t << kRegTypeLoShift) & kRegTypeLoMask) | ((t << kRegTypeHiShift) & kRegTypeHiMask);
}

struct Encoder {
    const Program& program;
    std::vector<uint32_t>& out;

    void rel(const RelAddr& r) {
        if (!r.present || program.major < 2) return; // vs_1_1: the relative bit alone
        out.push_back(kParamBit | typeBits(r.type) | r.number | uint32_t(r.swizzle) << kSwizzleShift);
    }

    void dst(const DstParam& d) {
        out.push_back(kParamBit | typeBits(d.type) | d.number | (d.rel.present ? kRelativeBit : 0) |
                      uint32_t(d.writeMask & 0xF) << kWriteMaskShift |
                      uint32_t(d.modifiers & 0xF) << kResultModShift |
                      uint32_t(d.shift & 0xF) << kDstShiftShift);
        rel(d.rel);
    }

    void src(const SrcParam& s) {
        out.push_back(kParamBit | typeBits(s.type) | s.number | (s.rel.present ? kRelativeBit : 0) |
                      uint32_t(s.swizzle) << kSwizzleShift | (uint32_t(s.modifier) & 0xF) << kSrcModShift);
        rel(s.rel);
    }

    void instruction(const Instruction& ins) {
        const size_t start = out.size();
        out.push_back(0);
        if (ins.opcode == kOpDcl) {
            out.push_back(kParamBit | ins.dcl.usage | uint32_t(ins.dcl.usageIndex) << kDclIndexShift |
                          uint32_t(ins.dcl.textureType) << kDclTextureShift);
            dst(ins.dst);
        } else if (ins.opcode == kOpDef || ins.opcode == kOpDefi || ins.opcode == kOpDefb) {
            dst(ins.dst);
            const int count = ins.opcode == kOpDefb ? 1 : 4;
            for (int i = 0; i < count; ++i)
                out.push_back(ins.values[i]);
        } else {
            if (ins.hasDst) dst(ins.dst);
            if (ins.predicated) src(ins.predicate);
            for (const SrcParam& s : ins.src)
                src(s);
        }
        const uint32_t length = program.major >= 2 ? uint32_t(out.size() - start - 1) : 0;
        out[start] = ins.opcode | uint32_t(ins.control) << kControlShift |
                     (length << kLengthShift & kLengthMask) | (ins.predicated ? kPredicatedBit : 0) |
                     (ins.coissue ? kCoissueBit : 0);
    }
};

} // namespace

std::vector<uint32_t> encode(const Program& program, std::vector<size_t>* starts) {
    std::vector<uint32_t> out;
    const uint32_t tag = program.type == ShaderType::Vertex ? kVertexShaderTag : kPixelShaderTag;
    out.push_back(tag << 16 | uint32_t(program.major) << 8 | program.minor);
    Encoder encoder{program, out};
    for (const Instruction& ins : program.instructions) {
        if (starts) starts->push_back(out.size());
        encoder.instruction(ins);
    }
    out.push_back(kEndToken);
    return out;
}

} // namespace ddivk::shader

#include "shader/decoder.h"

#include <cstdio>

#include "shader/abi.h"
#include "shader/tables.h"

namespace ddivk::shader {
namespace {

std::string hex(uint32_t value) {
    char text[16];
    std::snprintf(text, sizeof text, "0x%08X", value);
    return text;
}

RegType regTypeOf(uint32_t token) {
    return static_cast<RegType>(((token & kRegTypeLoMask) >> kRegTypeLoShift) |
                                ((token & kRegTypeHiMask) >> kRegTypeHiShift));
}

// A vertex shader register file's size with software vertex processing's files.
uint16_t softwareVertexRegisterCount(RegType type, uint16_t count) {
    switch (type) {
    case RegType::Const:
        return uint16_t(abi::kSwVsFloatConstants);
    case RegType::ConstInt:
        return uint16_t(abi::kSwVsIntConstants);
    case RegType::ConstBool:
        return uint16_t(abi::kSwVsBoolConstants);
    default:
        return count;
    }
}

class Decoder {
  public:
    Decoder(std::span<const uint32_t> tokens, const DecodeOptions& options) : t_(tokens), options_(options) {}

    Result<Program> run() {
        if (!version()) return error_;
        while (true) {
            if (pos_ >= t_.size()) {
                fail(pos_, "end of stream", "the stream ends without the end token 0x0000FFFF");
                return error_;
            }
            const uint32_t token = t_[pos_];
            const uint16_t op = token & kOpcodeMask;
            if (op == kOpEnd) {
                if (token != kEndToken)
                    return fail(pos_, hex(token), "reserved bits set in the end token"), error_;
                return std::move(program_);
            }
            if (op == kOpComment) {
                if (!comment(token)) return error_;
                continue;
            }
            if (!instruction(token)) return error_;
        }
    }

  private:
    bool fail(size_t offset, std::string what, std::string why) {
        error_ = Error{offset, std::move(what), std::move(why)};
        return false;
    }

    bool version() {
        if (t_.empty()) return fail(0, "version token", "the stream is empty");
        const uint32_t token = t_[0];
        const uint32_t tag = token >> 16;
        if (tag != kVertexShaderTag && tag != kPixelShaderTag)
            return fail(0, hex(token), "not a version token (bits 16-31 must be 0xFFFE or 0xFFFF)");
        program_.type = tag == kVertexShaderTag ? ShaderType::Vertex : ShaderType::Pixel;
        program_.major = (token >> 8) & 0xFF;
        program_.minor = token & 0xFF;
        version_ = findVersion(program_.type, program_.major, program_.minor);
        if (!version_) return fail(0, hex(token), "unsupported shader version");
        code_ = versionCode(program_.major, program_.minor);
        pos_ = 1;
        return true;
    }

    bool comment(uint32_t token) {
        if (token & kParamBit) return fail(pos_, hex(token), "bit 31 of a comment token must be zero");
        const size_t size = (token & kCommentSizeMask) >> kCommentSizeShift;
        if (size > t_.size() - pos_ - 1)
            return fail(pos_, "comment of " + std::to_string(size) + " tokens",
                        "the comment runs past the end of the stream");
        pos_ += 1 + size;
        return true;
    }

    // The next parameter token of the current instruction.
    bool next(uint32_t& out, const char* what) {
        if (pos_ >= limit_) {
            if (limit_ < t_.size())
                return fail(start_, what,
                            "the instruction length " + std::to_string(limit_ - start_ - 1) +
                                " is shorter than its parameters");
            return fail(pos_, what, "the stream ends inside an instruction");
        }
        out = t_[pos_++];
        return true;
    }

    bool instruction(uint32_t token) {
        start_ = pos_;
        Instruction ins;
        ins.offset = pos_;
        ins.opcode = token & kOpcodeMask;
        ins.control = (token & kControlMask) >> kControlShift;
        ins.coissue = token & kCoissueBit;
        ins.predicated = token & kPredicatedBit;
        if (token & kInstructionReserved)
            return fail(pos_, hex(token), "reserved bits 29 or 31 set in an instruction token");
        const OpcodeInfo* info = findOpcode(ins.opcode, program_.type, code_);
        if (!info) {
            if (!knownOpcode(ins.opcode))
                return fail(pos_, hex(token), "unknown opcode " + std::to_string(ins.opcode));
            return fail(pos_, hex(token), std::string("opcode not allowed in ") + version_->name);
        }
        const std::string name = info->name;
        const size_t length = (token & kLengthMask) >> kLengthShift;
        limit_ = t_.size();
        if (program_.major >= 2) {
            if (length > t_.size() - pos_ - 1)
                return fail(pos_, name, "the instruction length runs past the end of the stream");
            limit_ = pos_ + 1 + length;
        } else if (length != 0) {
            return fail(pos_, name, "instruction length bits must be zero before shader model 2");
        }
        if (!control(ins, name)) return false;
        if (ins.coissue && program_.major != 1) return fail(pos_, name, "coissue exists only in ps_1_x");
        if (ins.predicated && version_->registers[static_cast<int>(RegType::Predicate)] == 0)
            return fail(pos_, name, std::string("predication not allowed in ") + version_->name);
        if (ins.predicated && info->layout != Layout::Plain)
            return fail(pos_, name, "declarations and definitions cannot be predicated");
        ++pos_;
        ins.hasDst = info->dstCount != 0;
        switch (info->layout) {
        case Layout::Dcl:
            if (!declaration(ins)) return false;
            break;
        case Layout::Def:
        case Layout::DefB:
            if (!dst(ins.dst)) return false;
            for (int i = 0; i < (info->layout == Layout::Def ? 4 : 1); ++i)
                if (!next(ins.values[i], "def value")) return false;
            break;
        case Layout::Plain:
            if (ins.hasDst) {
                const size_t at = pos_;
                if (!dst(ins.dst)) return false;
                if (ins.opcode != kOpTexkill && !writableRegister(program_.type, code_, ins.dst.type))
                    return fail(at,
                                registerPrefix(ins.dst.type, program_.type, code_) +
                                    std::to_string(ins.dst.number),
                                std::string("a read-only register cannot be written in ") + version_->name);
                // The "Address Register" and mova pages: a0 is written by mov (and from vs_2_0 by
                // mova), and mova writes nothing else.
                const bool a0 = program_.type == ShaderType::Vertex && ins.dst.type == RegType::AddrOrTexture;
                if (a0 && ins.opcode != kOpMov && ins.opcode != kOpMova)
                    return fail(at, "a0", "only mov and mova write the address register");
                if (!a0 && ins.opcode == kOpMova) return fail(at, name, "mova writes only a0");
            }
            if (ins.predicated) {
                const size_t at = pos_;
                if (!src(ins.predicate)) return false;
                if (ins.predicate.type != RegType::Predicate ||
                    (ins.predicate.modifier != SrcMod::None && ins.predicate.modifier != SrcMod::Not))
                    return fail(at, "predicate", "a predicated instruction needs p0 or !p0 here");
            }
            ins.src.resize(info->srcCount);
            for (SrcParam& s : ins.src)
                if (!src(s)) return false;
            break;
        }
        if (program_.major >= 2 && pos_ != limit_)
            return fail(start_, name,
                        "the instruction length " + std::to_string(length) + " disagrees with its " +
                            std::to_string(pos_ - start_ - 1) + " parameter tokens");
        if (!nesting(ins, name)) return false;
        program_.instructions.push_back(std::move(ins));
        return true;
    }

    // D3D9's flow-control nesting limits, the largest any version allows ("Flow Control Nesting
    // Limits" of the vs and ps instruction references, D3DVS20_MAX_STATICFLOWCONTROLDEPTH): loop
    // and rep 4 deep; if 24 static (if bool) plus 24 dynamic (if pred, ifc) levels. The runtime
    // rejects a shader beyond them, and they bound the translation's cost, which grows with the
    // cube of the depth. An end without its start is the translator's to report.
    bool nesting(const Instruction& ins, const std::string& name) {
        constexpr int kMaxLoopDepth = 4, kMaxIfDepth = 48;
        switch (ins.opcode) {
        case kOpLoop:
        case kOpRep:
            if (++loopDepth_ > kMaxLoopDepth)
                return fail(ins.offset, name, "loop and rep nest at most 4 deep");
            break;
        case kOpEndloop:
        case kOpEndrep:
            if (loopDepth_ > 0) --loopDepth_;
            break;
        case kOpIf:
        case kOpIfc:
            if (++ifDepth_ > kMaxIfDepth)
                return fail(ins.offset, name,
                            "if and ifc nest at most 48 deep (24 static, 24 dynamic levels)");
            break;
        case kOpEndif:
            if (ifDepth_ > 0) --ifDepth_;
            break;
        default:
            break;
        }
        return true;
    }

    // Instruction bits 16-23: comparisons of ifc/breakc/setp, texldp/texldb; zero elsewhere.
    bool control(const Instruction& ins, const std::string& name) {
        const bool compares = ins.opcode == kOpIfc || ins.opcode == kOpBreakc || ins.opcode == kOpSetp;
        if (compares) {
            if (!compareName(ins.control)) return fail(pos_, name, "unknown comparison in bits 16-23");
            return true;
        }
        const bool texld = ins.opcode == kOpTex && program_.major >= 2;
        if (texld && ins.control <= (kTexldProject | kTexldBias) && ins.control != 3) return true;
        if (ins.control != 0) return fail(pos_, name, "unexpected control bits 16-23");
        return true;
    }

    bool checkRegister(size_t at, RegType type, uint16_t number) {
        const int index = static_cast<int>(type);
        if (index >= kRegTypeCount)
            return fail(at, "register type " + std::to_string(index), "unknown register type");
        const char* prefix = registerPrefix(type, program_.type, code_);
        uint16_t count = version_->registers[index];
        if (options_.softwareVertexRegisters && program_.type == ShaderType::Vertex && count)
            count = softwareVertexRegisterCount(type, count);
        if (count == 0)
            return fail(at, prefix, std::string("register type not allowed in ") + version_->name);
        if (number >= count)
            return fail(at, prefix + std::to_string(number),
                        "register index out of range (" + std::string(version_->name) + " has " +
                            std::to_string(count) + ")");
        return true;
    }

    // A relative address for a register of `type`; `flags` are the version's RelFlags for it.
    bool relative(size_t at, RegType type, uint8_t flags, RelAddr& rel) {
        const char* prefix = registerPrefix(type, program_.type, code_);
        if (flags == kRelNone)
            return fail(at, prefix, std::string("relative addressing not allowed here in ") + version_->name);
        rel.present = true;
        if (program_.major < 2) return true; // vs_1_1: c[a0.x + n], no extra token
        const size_t relAt = pos_;
        uint32_t token;
        if (!next(token, "relative address token")) return false;
        rel.type = regTypeOf(token);
        rel.number = token & kRegNumMask;
        rel.swizzle = (token >> kSwizzleShift) & 0xFF;
        const uint32_t known = kParamBit | kRegTypeLoMask | kRegTypeHiMask | (0xFFu << kSwizzleShift);
        if (!(token & kParamBit) || (token & ~known) || rel.number != 0)
            return fail(relAt, hex(token), "malformed relative address token");
        const bool a0 = rel.type == RegType::AddrOrTexture && program_.type == ShaderType::Vertex;
        if (!(a0 && (flags & kRelA0)) && !(rel.type == RegType::Loop && (flags & kRelAL)))
            return fail(relAt, hex(token), "relative address register not allowed for this register");
        return true;
    }

    bool dst(DstParam& d) {
        const size_t at = pos_;
        uint32_t token;
        if (!next(token, "destination token")) return false;
        if (!(token & kParamBit) || (token & kParamReserved))
            return fail(at, hex(token), "malformed destination token (bit 31 clear or reserved bits set)");
        d.type = regTypeOf(token);
        d.number = token & kRegNumMask;
        d.writeMask = (token >> kWriteMaskShift) & 0xF;
        d.modifiers = (token >> kResultModShift) & 0xF;
        const int shift = (token >> kDstShiftShift) & 0xF;
        d.shift = static_cast<int8_t>(shift >= 8 ? shift - 16 : shift);
        if (!checkRegister(at, d.type, d.number)) return false;
        if (d.writeMask == 0) return fail(at, hex(token), "empty write mask");
        if (d.modifiers & 8) return fail(at, hex(token), "unknown result modifier (bit 23)");
        if ((d.modifiers & (kModPartialPrecision | kModCentroid)) &&
            !(program_.type == ShaderType::Pixel && program_.major >= 2))
            return fail(at, hex(token), "_pp and _centroid exist only from ps_2_0");
        if ((d.modifiers & kModSaturate) && program_.type == ShaderType::Vertex && program_.major < 2)
            return fail(at, hex(token), "_sat does not exist in vs_1_1");
        if (d.shift != 0 && !(program_.type == ShaderType::Pixel && program_.major == 1))
            return fail(at, hex(token), "a result shift exists only in ps_1_x");
        if (d.shift > 3 || d.shift < -3)
            return fail(at, hex(token), "result shift out of range (_x8 .. _d8)");
        if (token & kRelativeBit)
            return relative(at, d.type, version_->relDest[static_cast<int>(d.type)], d.rel);
        return true;
    }

    bool src(SrcParam& s) {
        const size_t at = pos_;
        uint32_t token;
        if (!next(token, "source token")) return false;
        if (!(token & kParamBit) || (token & kParamReserved))
            return fail(at, hex(token), "malformed source token (bit 31 clear or reserved bits set)");
        s.type = regTypeOf(token);
        s.number = token & kRegNumMask;
        s.swizzle = (token >> kSwizzleShift) & 0xFF;
        const int modifier = (token >> kSrcModShift) & 0xF;
        if (modifier >= kSrcModCount) return fail(at, hex(token), "unknown source modifier");
        s.modifier = static_cast<SrcMod>(modifier);
        if (!checkRegister(at, s.type, s.number)) return false;
        if (!readableRegister(program_.type, s.type))
            return fail(at, registerPrefix(s.type, program_.type, code_) + std::to_string(s.number),
                        program_.type == ShaderType::Vertex && s.type == RegType::AddrOrTexture
                            ? "a0 is read only as a relative address"
                            : "an output register cannot be read");
        if (token & kRelativeBit) {
            if (!relative(at, s.type, version_->relSource[static_cast<int>(s.type)], s.rel)) return false;
        }
        return true;
    }

    bool declaration(Instruction& ins) {
        const size_t at = pos_;
        uint32_t token;
        if (!next(token, "dcl token")) return false;
        const uint32_t known = kParamBit | kDclUsageMask | kDclIndexMask | kDclTextureMask;
        if (!(token & kParamBit) || (token & ~known))
            return fail(at, hex(token), "malformed dcl token (bit 31 clear or reserved bits set)");
        ins.dcl.usage = token & kDclUsageMask;
        ins.dcl.usageIndex = (token & kDclIndexMask) >> kDclIndexShift;
        ins.dcl.textureType = static_cast<TextureType>((token & kDclTextureMask) >> kDclTextureShift);
        const size_t dstAt = pos_;
        if (!dst(ins.dst)) return false;
        if (ins.dst.rel.present)
            return fail(dstAt, "dcl", "a declared register cannot be relatively addressed");
        const RegType type = ins.dst.type;
        const bool vs = program_.type == ShaderType::Vertex;
        if (type == RegType::Sampler) {
            const auto tex = ins.dcl.textureType;
            if (tex != TextureType::Tex2D && tex != TextureType::Cube && tex != TextureType::Volume)
                return fail(at, hex(token), "unknown sampler texture type");
            if (ins.dcl.usage || ins.dcl.usageIndex) return fail(at, hex(token), "usage on a sampler dcl");
            return true;
        }
        if (ins.dcl.textureType != TextureType::Unknown)
            return fail(at, hex(token), "texture type on a dcl that is not a sampler");
        const bool usageForm = dclTakesUsage(program_.type, code_, type);
        const bool allowed =
            vs ? (type == RegType::Input || (code_ >= 30 && type == RegType::TexCrdOutOrOutput))
               : (type == RegType::Input || (code_ < 30 && type == RegType::AddrOrTexture) ||
                  (code_ >= 30 && type == RegType::MiscType));
        if (!allowed)
            return fail(dstAt, "dcl", std::string("this register cannot be declared in ") + version_->name);
        if (usageForm && ins.dcl.usage >= kUsageCount) return fail(at, hex(token), "unknown usage");
        if (!usageForm && (ins.dcl.usage || ins.dcl.usageIndex))
            return fail(at, hex(token), "usage on a dcl that takes none");
        // Windows refuses a ps_3_0 input of POSITION0 (Wine's test_position_index); POSITION1 up
        // are inputs like any other.
        if (usageForm && !vs && type == RegType::Input && ins.dcl.usage == 0 && ins.dcl.usageIndex == 0)
            return fail(at, hex(token), "a ps_3_0 input cannot be POSITION0");
        return true;
    }

    std::span<const uint32_t> t_;
    size_t pos_ = 0;
    size_t start_ = 0; // of the current instruction
    size_t limit_ = 0; // end of the current instruction's tokens
    const VersionInfo* version_ = nullptr;
    DecodeOptions options_;
    int code_ = 0;
    int loopDepth_ = 0, ifDepth_ = 0; // open loop/rep and if/ifc blocks
    Program program_;
    Error error_;
};

} // namespace

std::string Error::message() const {
    return std::string(unit) + " " + std::to_string(offset) + ": " + what + ": " + why;
}

Result<Program> decode(std::span<const uint32_t> tokens, const DecodeOptions& options) {
    return Decoder(tokens, options).run();
}

} // namespace ddivk::shader

#include "shader/assembler.h"

#include <bit>
#include <cctype>
#include <charconv>
#include <cstring>

#include "shader/decoder.h"
#include "shader/encoder.h"
#include "shader/tables.h"

namespace ddivk::shader {
namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
        s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
        s.remove_suffix(1);
    return s;
}

bool consume(std::string_view& s, std::string_view prefix) {
    if (s.substr(0, prefix.size()) != prefix) return false;
    s.remove_prefix(prefix.size());
    return true;
}

template <class T> bool parseNumber(std::string_view s, T& out) {
    s = trim(s);
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && end == s.data() + s.size();
}

// Leading decimal digits of `s`, consumed; false when there are none.
bool digits(std::string_view& s, uint32_t& out) {
    size_t n = 0;
    while (n < s.size() && n < 6 && std::isdigit(static_cast<unsigned char>(s[n])))
        ++n;
    if (n == 0) return false;
    std::from_chars(s.data(), s.data() + n, out);
    s.remove_prefix(n);
    return true;
}

int component(char c) {
    const char* xyzw = std::strchr("xyzw", c);
    const char* rgba = std::strchr("rgba", c);
    if (c && xyzw) return int(xyzw - "xyzw");
    if (c && rgba) return int(rgba - "rgba");
    return -1;
}

// Register names: fixed names first (longest match), then prefixes followed by a number.
struct RegName {
    const char* text;
    RegType type;
    int number; // -1: a number follows
    int shader; // 0 both, 1 vertex only, 2 pixel only
};
constexpr RegName kRegNames[] = {
    {"oPos", RegType::RastOut, 0, 1},
    {"oFog", RegType::RastOut, 1, 1},
    {"oPts", RegType::RastOut, 2, 1},
    {"oDepth", RegType::DepthOut, 0, 2},
    {"aL", RegType::Loop, 0, 0},
    {"vPos", RegType::MiscType, 0, 2},
    {"vFace", RegType::MiscType, 1, 2},
    {"oD", RegType::AttrOut, -1, 1},
    {"oT", RegType::TexCrdOutOrOutput, -1, 1},
    {"oC", RegType::ColorOut, -1, 2},
    {"o", RegType::TexCrdOutOrOutput, -1, 1},
    {"a", RegType::AddrOrTexture, -1, 1},
    {"t", RegType::AddrOrTexture, -1, 2},
    {"s", RegType::Sampler, -1, 0},
    {"b", RegType::ConstBool, -1, 0},
    {"i", RegType::ConstInt, -1, 0},
    {"l", RegType::Label, -1, 0},
    {"p", RegType::Predicate, -1, 0},
    {"r", RegType::Temp, -1, 0},
    {"v", RegType::Input, -1, 0},
    {"c", RegType::Const, -1, 0},
};

class Assembler {
  public:
    Result<std::vector<uint32_t>> run(std::string_view text, const DecodeOptions& options) {
        size_t line = 0;
        bool haveVersion = false;
        std::vector<size_t> lines;
        while (!text.empty()) {
            const size_t eol = text.find('\n');
            std::string_view l = text.substr(0, eol);
            text = eol == std::string_view::npos ? std::string_view() : text.substr(eol + 1);
            ++line;
            line_ = line;
            l = l.substr(0, std::min(l.find("//"), l.find(';')));
            l = trim(l);
            if (l.empty()) continue;
            if (!haveVersion) {
                if (!version(l)) return error_;
                haveVersion = true;
                continue;
            }
            if (!instruction(l)) return error_;
            lines.push_back(line);
        }
        if (!haveVersion) return Error{line, "text", "no version line", "line"};
        std::vector<size_t> starts;
        std::vector<uint32_t> tokens = encode(program_, &starts);
        Result<Program> check = decode(tokens, options);
        if (!check) {
            Error e = check.error();
            size_t index = 0;
            while (index + 1 < starts.size() && starts[index + 1] <= e.offset)
                ++index;
            e.offset = lines.empty() ? line : lines[index];
            e.unit = "line";
            return e;
        }
        return tokens;
    }

  private:
    bool fail(std::string_view what, std::string why) {
        error_ = Error{line_, std::string(what), std::move(why), "line"};
        return false;
    }

    bool version(std::string_view l) {
        for (const VersionInfo& v : allVersions()) {
            if (l != v.name) continue;
            program_.type = v.type;
            program_.major = v.major;
            program_.minor = v.minor;
            code_ = versionCode(v.major, v.minor);
            return true;
        }
        return fail(l, "unknown shader version");
    }

    bool regName(std::string_view& s, RegType& type, uint32_t& num, bool& numbered) {
        const int shader = program_.type == ShaderType::Vertex ? 1 : 2;
        for (const RegName& r : kRegNames) {
            if ((r.shader && r.shader != shader) || !consume(s, r.text)) continue;
            type = r.type;
            numbered = r.number < 0;
            num = numbered ? 0 : uint32_t(r.number);
            if (numbered && !digits(s, num) && (s.empty() || s[0] != '['))
                return fail(r.text, "register number expected");
            return num < 2048 || fail(r.text, "register number too large");
        }
        return fail(s, "unknown register");
    }

    // Components after '.', as a swizzle (missing components repeat the last one).
    bool swizzle(std::string_view& s, uint8_t& out) {
        out = kIdentitySwizzle;
        if (!consume(s, ".")) return true;
        size_t n = 0;
        while (n < s.size() && n < 4 && component(s[n]) >= 0)
            ++n;
        if (n == 0) return fail(s, "bad swizzle");
        out = 0;
        for (size_t i = 0; i < 4; ++i)
            out |= uint8_t(component(s[std::min(i, n - 1)]) << 2 * i);
        s.remove_prefix(n);
        return true;
    }

    // reg, reg[rel + n], [rel + n] after the prefix letter
    bool reg(std::string_view& s, RegType& type, uint16_t& number, RelAddr& rel) {
        uint32_t num = 0;
        bool numbered = false;
        if (!regName(s, type, num, numbered)) return false;
        if (consume(s, "[")) {
            const size_t close = s.find(']');
            if (close == std::string_view::npos) return fail(s, "missing ]");
            std::string_view inside = trim(s.substr(0, close));
            s.remove_prefix(close + 1);
            const size_t plus = inside.find('+');
            if (plus != std::string_view::npos) {
                uint32_t offset = 0;
                if (!parseNumber(inside.substr(plus + 1), offset) || offset + num >= 2048)
                    return fail(inside, "bad relative offset");
                num += offset;
                inside = trim(inside.substr(0, plus));
            }
            uint32_t relNum = 0;
            bool relNumbered = false;
            if (!regName(inside, rel.type, relNum, relNumbered)) return false;
            rel.present = true;
            rel.number = uint16_t(relNum);
            if (!swizzle(inside, rel.swizzle)) return false;
            if (!inside.empty()) return fail(inside, "unexpected text in the relative address");
            if (program_.major < 2 && rel.swizzle == kIdentitySwizzle) rel.swizzle = 0; // c[a0] is c[a0.x]
            if (program_.major < 2 && (rel.type != RegType::AddrOrTexture || rel.swizzle != 0))
                return fail("a0.x", "vs_1_1 addresses relative to a0.x only");
        }
        number = uint16_t(num);
        return true;
    }

    bool dst(std::string_view s, DstParam& d) {
        if (!reg(s, d.type, d.number, d.rel)) return false;
        if (consume(s, ".")) {
            d.writeMask = 0;
            int previous = -1;
            for (char ch : s) {
                const int c = component(ch);
                if (c <= previous) return fail(s, "bad write mask");
                d.writeMask |= uint8_t(1 << c);
                previous = c;
            }
            s = {};
        }
        return s.empty() || fail(s, "unexpected text after the destination");
    }

    bool src(std::string_view s, SrcParam& p) {
        std::string_view prefix = consume(s, "1-")  ? "1-"
                                  : consume(s, "-") ? "-"
                                  : consume(s, "!") ? "!"
                                                    : "";
        if (!reg(s, p.type, p.number, p.rel)) return false;
        std::string_view suffix;
        for (const char* sfx : {"_bias", "_bx2", "_x2", "_dz", "_dw", "_abs"})
            if (consume(s, sfx)) suffix = sfx;
        int mod = -1;
        for (int m = 0; m < kSrcModCount; ++m)
            if (srcModText(SrcMod(m)).prefix == prefix && srcModText(SrcMod(m)).suffix == suffix) mod = m;
        if (mod < 0) return fail(prefix, "unknown source modifier combination");
        p.modifier = SrcMod(mod);
        if (!swizzle(s, p.swizzle)) return false;
        return s.empty() || fail(s, "unexpected text after the source");
    }

    const OpcodeInfo* findByName(std::string_view name) {
        for (const OpcodeInfo& op : allOpcodes())
            if (name == op.name && (program_.type == ShaderType::Vertex ? op.vs : op.ps).contains(code_))
                return &op;
        return nullptr;
    }

    bool mnemonic(std::string_view m, Instruction& ins, const OpcodeInfo*& info) {
        std::vector<std::string_view> parts;
        for (size_t at; (at = m.find('_')) != std::string_view::npos; m.remove_prefix(at + 1))
            parts.push_back(m.substr(0, at));
        parts.push_back(m);
        std::string_view base = parts[0];
        if (base == "texldp" || base == "texldb") {
            ins.control = base == "texldp" ? kTexldProject : kTexldBias;
            base = "texld";
        }
        info = findByName(base);
        if (!info) return fail(base, "unknown opcode in this version");
        ins.opcode = info->opcode;
        size_t i = 1;
        if ((ins.opcode == kOpIfc || ins.opcode == kOpBreakc || ins.opcode == kOpSetp) && i < parts.size()) {
            for (uint8_t c = 1; compareName(c); ++c)
                if (parts[i] == compareName(c)) ins.control = c;
            if (ins.control == 0) return fail(parts[i], "unknown comparison");
            ++i;
        }
        if (ins.opcode == kOpDcl && i < parts.size()) {
            std::string_view p = parts[i];
            static const std::pair<const char*, TextureType> textures[] = {
                {"2d", TextureType::Tex2D}, {"cube", TextureType::Cube}, {"volume", TextureType::Volume}};
            for (auto [name, type] : textures)
                if (p == name) ins.dcl.textureType = type, ++i;
            for (uint8_t u = 0; u < kUsageCount && ins.dcl.textureType == TextureType::Unknown; ++u) {
                std::string_view rest = p;
                if (!consume(rest, usageName(u))) continue;
                uint32_t index = 0;
                if (!rest.empty() && (!parseNumber(rest, index) || index > 15)) continue;
                ins.dcl.usage = u;
                ins.dcl.usageIndex = uint8_t(index);
                ++i;
                break;
            }
        }
        static const std::pair<const char*, int> shifts[] = {{"x2", 1},  {"x4", 2},  {"x8", 3},
                                                             {"d2", -1}, {"d4", -2}, {"d8", -3}};
        for (; i < parts.size(); ++i) {
            bool known = false;
            for (auto [name, shift] : shifts)
                if (parts[i] == name) ins.dst.shift = int8_t(shift), known = true;
            if (parts[i] == "sat") ins.dst.modifiers |= kModSaturate, known = true;
            if (parts[i] == "pp") ins.dst.modifiers |= kModPartialPrecision, known = true;
            if (parts[i] == "centroid") ins.dst.modifiers |= kModCentroid, known = true;
            if (!known) return fail(parts[i], "unknown instruction modifier");
        }
        return true;
    }

    bool value(std::string_view s, uint16_t opcode, uint32_t& out) {
        s = trim(s);
        if (consume(s, "0x")) {
            auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out, 16);
            return (ec == std::errc() && end == s.data() + s.size()) || fail(s, "bad hexadecimal value");
        }
        if (opcode == kOpDefb) {
            if (s == "true" || s == "false") {
                out = s == "true";
                return true;
            }
            return parseNumber(s, out) || fail(s, "bad boolean");
        }
        if (opcode == kOpDefi) {
            int32_t v = 0;
            if (!parseNumber(s, v)) return fail(s, "bad integer");
            out = uint32_t(v);
            return true;
        }
        float f = 0;
        if (!parseNumber(s, f)) return fail(s, "bad float");
        out = std::bit_cast<uint32_t>(f);
        return true;
    }

    bool instruction(std::string_view l) {
        Instruction ins;
        ins.coissue = consume(l, "+");
        l = trim(l);
        if (consume(l, "(")) {
            const size_t close = l.find(')');
            if (close == std::string_view::npos) return fail(l, "missing ) after the predicate");
            if (!src(trim(l.substr(0, close)), ins.predicate)) return false;
            ins.predicated = true;
            l = trim(l.substr(close + 1));
        }
        const size_t space = l.find_first_of(" \t");
        const OpcodeInfo* info = nullptr;
        if (!mnemonic(l.substr(0, space), ins, info)) return false;
        std::vector<std::string_view> operands;
        for (std::string_view rest = space == std::string_view::npos ? "" : trim(l.substr(space));
             !rest.empty();) {
            const size_t comma = rest.find(',');
            operands.push_back(trim(rest.substr(0, comma)));
            rest = comma == std::string_view::npos ? "" : trim(rest.substr(comma + 1));
        }
        const size_t literals = info->layout == Layout::Def ? 4 : info->layout == Layout::DefB ? 1 : 0;
        if (operands.size() != info->dstCount + info->srcCount + literals)
            return fail(info->name, "expected " + std::to_string(info->dstCount + info->srcCount + literals) +
                                        " operands");
        ins.hasDst = info->dstCount != 0;
        size_t k = 0;
        if (ins.hasDst && !dst(operands[k++], ins.dst)) return false;
        for (size_t i = 0; i < literals; ++i)
            if (!value(operands[k++], ins.opcode, ins.values[i])) return false;
        ins.src.resize(info->srcCount);
        for (SrcParam& s : ins.src)
            if (!src(operands[k++], s)) return false;
        program_.instructions.push_back(std::move(ins));
        return true;
    }

    Program program_;
    int code_ = 0;
    size_t line_ = 0;
    Error error_;
};

} // namespace

Result<std::vector<uint32_t>> assemble(std::string_view text, const DecodeOptions& options) {
    return Assembler().run(text, options);
}

} // namespace ddivk::shader

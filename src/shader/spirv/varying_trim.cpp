#include "shader/spirv/varying_trim.h"

#include <map>
#include <set>

#include "shader/spirv/words.h"

namespace ddivk::shader::spirv {
namespace {

constexpr size_t kHeaderWords = 5;

struct At {
    size_t at;      // first word
    uint32_t count; // words, the opcode word included
    Op op;
};

// The module's instructions with their word offsets, as spirv::instructions walks them; none
// when the word counts do not cover the module exactly (malformed: trim nothing).
std::vector<At> walk(std::span<const uint32_t> w) {
    if (w.size() <= kHeaderWords) return {};
    std::vector<At> out;
    size_t end = kHeaderWords;
    for (const InstructionView& in : instructions(w.subspan(kHeaderWords))) {
        const size_t at = size_t(in.operands.data() - w.data()) - 1;
        out.push_back({at, uint32_t(in.operands.size() + 1), in.op});
        end = at + in.operands.size() + 1;
    }
    if (end != w.size()) return {};
    return out;
}

// The words of an OpEntryPoint before its interface: opcode, model, id, then the name, a
// nul-terminated string whose last word holds a zero byte.
uint32_t entryPointHead(std::span<const uint32_t> w, const At& in) {
    uint32_t k = 3;
    while (k < in.count) {
        const uint32_t word = w[in.at + k++];
        if (!(word & 0xffu) || !(word & 0xff00u) || !(word & 0xff0000u) || !(word & 0xff000000u)) break;
    }
    return k;
}

} // namespace

std::vector<uint32_t> withoutVaryings(std::span<const uint32_t> w, const VaryingTrim& trim) {
    const std::vector<At> ins = walk(w);
    std::vector<uint32_t> out(w.begin(), w.end());
    if (ins.empty()) return out;

    std::map<uint32_t, uint32_t> location, builtIn;
    std::set<uint32_t> candidates;
    for (const At& in : ins) {
        const uint32_t* op = &w[in.at];
        if (in.op == Op::Decorate && in.count >= 4 && op[2] == uint32_t(Decoration::Location))
            location[op[1]] = op[3];
        if (in.op == Op::Decorate && in.count >= 4 && op[2] == uint32_t(Decoration::BuiltIn))
            builtIn[op[1]] = op[3];
        if (in.op == Op::Variable && in.count >= 4 && op[3] == uint32_t(trim.storage))
            candidates.insert(op[2]);
    }
    std::set<uint32_t> drop;
    for (uint32_t id : candidates) {
        const auto loc = location.find(id);
        if (loc != location.end() && (loc->second >= 32 || !(trim.keepLocations >> loc->second & 1)))
            drop.insert(id);
        const auto b = builtIn.find(id);
        if (trim.dropPointCoord && trim.storage == StorageClass::Input && b != builtIn.end() &&
            b->second == uint32_t(BuiltIn::PointCoord))
            drop.insert(id);
    }
    // The uses the trim rewrites: an input's loads (its pointer operand) and an output's stores
    // of the whole variable. Any other mention keeps the variable (an operand that only happens
    // to equal its id, such as a literal, keeps it too: safe).
    const bool input = trim.storage == StorageClass::Input;
    for (const At& in : ins) {
        const uint32_t* op = &w[in.at];
        uint32_t first = 1;
        if (in.op == Op::Decorate || in.op == Op::Name || in.op == Op::EntryPoint) continue;
        if (in.op == Op::Variable) first = 4;        // type, id, storage class: its own definition
        if (input && in.op == Op::Load) first = 4;   // type, id, pointer
        if (!input && in.op == Op::Store) first = 2; // the pointer; the stored value counts
        for (uint32_t k = first; k < in.count; ++k)
            drop.erase(op[k]);
    }
    if (drop.empty()) return out;

    out.assign(w.begin(), w.begin() + kHeaderWords);
    for (const At& in : ins) {
        const uint32_t* op = &w[in.at];
        if ((in.op == Op::Decorate || in.op == Op::Name) && in.count >= 2 && drop.count(op[1])) continue;
        if (in.op == Op::Variable && in.count >= 3 && drop.count(op[2])) continue;
        if (input && in.op == Op::Load && in.count >= 4 && drop.count(op[3])) {
            out.insert(out.end(), {3u << 16 | uint32_t(Op::Undef), op[1], op[2]});
            continue;
        }
        if (!input && in.op == Op::Store && in.count >= 3 && drop.count(op[1])) continue;
        if (in.op == Op::EntryPoint) {
            const uint32_t head = entryPointHead(w, in);
            std::vector<uint32_t> entry(op, op + head);
            for (uint32_t k = head; k < in.count; ++k)
                if (!drop.count(op[k])) entry.push_back(op[k]);
            entry[0] = uint32_t(entry.size()) << 16 | uint32_t(Op::EntryPoint);
            out.insert(out.end(), entry.begin(), entry.end());
            continue;
        }
        out.insert(out.end(), op, op + in.count);
    }
    return out;
}

} // namespace ddivk::shader::spirv

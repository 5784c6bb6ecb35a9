#include "shader/output_semantics.h"

#include <algorithm>
#include <map>

#include "ddivk/d3d9_decl.h"
#include "shader/tokens.h"

namespace ddivk::shader {

std::vector<OutputSemantic> writtenOutputs(const Program& program) {
    std::vector<OutputSemantic> out;
    auto add = [&](uint8_t usage, uint8_t index) {
        const OutputSemantic s{usage, index};
        if (std::find(out.begin(), out.end(), s) == out.end()) out.push_back(s);
    };
    std::map<uint16_t, Declaration> declared; // vs_3_0: o# -> its dcl
    for (const Instruction& ins : program.instructions)
        if (ins.opcode == kOpDcl && ins.dst.type == RegType::TexCrdOutOrOutput)
            declared[ins.dst.number] = ins.dcl;
    for (const Instruction& ins : program.instructions) {
        if (!ins.hasDst || ins.opcode == kOpDcl) continue;
        const DstParam& d = ins.dst;
        if (program.major >= 3) {
            if (d.type != RegType::TexCrdOutOrOutput) continue;
            if (d.rel.present) {
                for (const auto& [reg, dcl] : declared)
                    add(dcl.usage, dcl.usageIndex);
            } else if (auto it = declared.find(d.number); it != declared.end()) {
                add(it->second.usage, it->second.usageIndex);
            }
        } else if (d.type == RegType::RastOut) {
            add(d.number == 0   ? D3DDECLUSAGE_POSITION
                : d.number == 1 ? D3DDECLUSAGE_FOG
                                : D3DDECLUSAGE_PSIZE,
                0);
        } else if (d.type == RegType::AttrOut) {
            add(D3DDECLUSAGE_COLOR, uint8_t(d.number));
        } else if (d.type == RegType::TexCrdOutOrOutput) {
            add(D3DDECLUSAGE_TEXCOORD, uint8_t(d.number));
        }
    }
    return out;
}

} // namespace ddivk::shader

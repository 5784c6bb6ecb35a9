#include "spirv_flat_inputs.h"

#include <algorithm>
#include <set>
#include <unordered_map>

namespace ddivk::test {
namespace {

constexpr uint32_t kOpTypeStruct = 30, kOpTypePointer = 32, kOpVariable = 59, kOpDecorate = 71;
constexpr uint32_t kStorageInput = 1;
constexpr uint32_t kDecorationBuiltIn = 11, kDecorationNoPerspective = 13, kDecorationFlat = 14,
                   kDecorationCentroid = 16, kDecorationSample = 17;
constexpr size_t kHeaderWords = 5;

bool isInterpolation(uint32_t decoration) {
    return decoration == kDecorationNoPerspective || decoration == kDecorationFlat ||
           decoration == kDecorationCentroid || decoration == kDecorationSample;
}

} // namespace

std::vector<uint32_t> withFlatInputs(const std::vector<uint32_t>& spirv) {
    if (spirv.size() < kHeaderWords) return spirv;
    std::set<uint32_t> builtIns, structs, inputs;
    std::unordered_map<uint32_t, uint32_t> pointee; // pointer type -> pointed-to type
    size_t firstDecorate = 0;
    for (size_t at = kHeaderWords; at < spirv.size();) {
        const uint32_t count = spirv[at] >> 16, op = spirv[at] & 0xFFFF;
        if (count == 0 || at + count > spirv.size()) return spirv; // not a module we can rewrite
        if (op == kOpDecorate && count >= 3) {
            if (!firstDecorate) firstDecorate = at;
            if (spirv[at + 2] == kDecorationBuiltIn) builtIns.insert(spirv[at + 1]);
        } else if (op == kOpTypeStruct && count >= 2) {
            structs.insert(spirv[at + 1]);
        } else if (op == kOpTypePointer && count >= 4) {
            pointee[spirv[at + 1]] = spirv[at + 3];
        } else if (op == kOpVariable && count >= 4 && spirv[at + 3] == kStorageInput) {
            const auto type = pointee.find(spirv[at + 1]);
            if (type == pointee.end() || !structs.count(type->second)) inputs.insert(spirv[at + 2]);
        }
        at += count;
    }
    for (uint32_t id : builtIns)
        inputs.erase(id);
    if (!firstDecorate || inputs.empty()) return spirv;

    std::vector<uint32_t> out(spirv.begin(), spirv.begin() + std::ptrdiff_t(kHeaderWords));
    for (size_t at = kHeaderWords; at < spirv.size();) {
        const uint32_t count = spirv[at] >> 16, op = spirv[at] & 0xFFFF;
        if (at == firstDecorate)
            for (uint32_t id : inputs)
                out.insert(out.end(), {3u << 16 | kOpDecorate, id, kDecorationFlat});
        const bool dropped =
            op == kOpDecorate && count >= 3 && inputs.count(spirv[at + 1]) && isInterpolation(spirv[at + 2]);
        if (!dropped)
            out.insert(out.end(), spirv.begin() + std::ptrdiff_t(at),
                       spirv.begin() + std::ptrdiff_t(at + count));
        at += count;
    }
    return out;
}

} // namespace ddivk::test

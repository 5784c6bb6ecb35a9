#include "shader/spirv/constants.h"

#include <bit>

namespace ddivk::shader::spirv {

Id ConstantTable::declare(Op op, Id type, std::vector<uint32_t> operands) {
    std::vector<uint32_t> key{uint32_t(op), type};
    key.insert(key.end(), operands.begin(), operands.end());
    if (auto it = byKey_.find(key); it != byKey_.end()) return it->second;

    const Id id = s_.allocate();
    std::vector<uint32_t> words{type, id};
    words.insert(words.end(), operands.begin(), operands.end());
    s_.globals.emit(op, words);
    byKey_.emplace(std::move(key), id);
    return id;
}

Id ConstantTable::declareSpec(Op op, Id type, std::vector<uint32_t> operands, uint32_t specId) {
    const Id id = s_.allocate();
    std::vector<uint32_t> words{type, id};
    words.insert(words.end(), operands.begin(), operands.end());
    s_.globals.emit(op, words);
    s_.annotations.emit(Op::Decorate, {id, uint32_t(Decoration::SpecId), specId});
    return id;
}

// By bit pattern, so that -0.0 and 0.0 stay two constants and each NaN payload is kept.
Id ConstantTable::f32(float value) {
    return scalar(types_.floatType(), std::bit_cast<uint32_t>(value));
}

Id ConstantTable::boolean(bool value) {
    return declare(value ? Op::ConstantTrue : Op::ConstantFalse, types_.boolType(), {});
}

Id ConstantTable::vecF32(std::span<const float> values) {
    std::vector<Id> parts;
    for (float v : values)
        parts.push_back(f32(v));
    return composite(types_.vec(uint32_t(values.size())), parts);
}

Id ConstantTable::specScalar(Id type, uint32_t defaultBits, uint32_t specId) {
    return declareSpec(Op::SpecConstant, type, {defaultBits}, specId);
}

Id ConstantTable::specBool(bool defaultValue, uint32_t specId) {
    return declareSpec(defaultValue ? Op::SpecConstantTrue : Op::SpecConstantFalse, types_.boolType(), {},
                       specId);
}

} // namespace ddivk::shader::spirv

#include "shader/spirv/types.h"

namespace ddivk::shader::spirv {

Id TypeTable::declare(Op op, std::vector<uint32_t> operands) {
    std::vector<uint32_t> key;
    key.reserve(operands.size() + 1);
    key.push_back(uint32_t(op));
    key.insert(key.end(), operands.begin(), operands.end());
    if (auto it = byKey_.find(key); it != byKey_.end()) return it->second;

    const Id id = s_.allocate();
    std::vector<uint32_t> words{id};
    words.insert(words.end(), operands.begin(), operands.end());
    s_.globals.emit(op, words);
    byKey_.emplace(std::move(key), id);
    info_.emplace(id, TypeInfo{op, std::move(operands)});
    return id;
}

Id TypeTable::declareStrided(Op op, std::vector<uint32_t> operands, uint32_t stride) {
    std::vector<uint32_t> key{stride, uint32_t(op)};
    key.insert(key.end(), operands.begin(), operands.end());
    if (auto it = strided_.find(key); it != strided_.end()) return it->second;

    const Id id = s_.allocate();
    std::vector<uint32_t> words{id};
    words.insert(words.end(), operands.begin(), operands.end());
    s_.globals.emit(op, words);
    s_.annotations.emit(Op::Decorate, {id, uint32_t(Decoration::ArrayStride), stride});
    strided_.emplace(std::move(key), id);
    info_.emplace(id, TypeInfo{op, std::move(operands)});
    return id;
}

Id TypeTable::arrayType(Id element, Id length, uint32_t stride) {
    return declareStrided(Op::TypeArray, {element, length}, stride);
}

Id TypeTable::runtimeArrayType(Id element, uint32_t stride) {
    return declareStrided(Op::TypeRuntimeArray, {element}, stride);
}

Id TypeTable::structType(std::span<const Id> members) {
    const Id id = s_.allocate();
    std::vector<uint32_t> words{id};
    words.insert(words.end(), members.begin(), members.end());
    s_.globals.emit(Op::TypeStruct, words);
    info_.emplace(id, TypeInfo{Op::TypeStruct, {members.begin(), members.end()}});
    return id;
}

Id TypeTable::functionType(Id returnType, std::span<const Id> parameters) {
    std::vector<uint32_t> operands{returnType};
    operands.insert(operands.end(), parameters.begin(), parameters.end());
    return declare(Op::TypeFunction, std::move(operands));
}

Id TypeTable::imageType(const ImageTypeDesc& d) {
    if (d.dim == Dim::Dim1D)
        s_.requireCapability(d.sampled == 1 ? Capability::Sampled1D : Capability::Image1D);
    if (d.dim == Dim::Buffer && d.sampled == 1) s_.requireCapability(Capability::SampledBuffer);
    if (d.dim == Dim::Cube && d.arrayed)
        s_.requireCapability(d.sampled == 1 ? Capability::SampledCubeArray : Capability::ImageCubeArray);
    return declare(Op::TypeImage, {d.sampledType, uint32_t(d.dim), d.depth, d.arrayed ? 1u : 0u,
                                   d.multisampled ? 1u : 0u, d.sampled, d.format});
}

const TypeInfo* TypeTable::info(Id type) const {
    auto it = info_.find(type);
    return it == info_.end() ? nullptr : &it->second;
}

Id TypeTable::pointee(Id pointerType) const {
    const TypeInfo* t = info(pointerType);
    return t && t->op == Op::TypePointer ? t->operands[1] : 0;
}

Id TypeTable::scalarOf(Id type) const {
    const TypeInfo* t = info(type);
    return t && t->op == Op::TypeVector ? t->operands[0] : type;
}

uint32_t TypeTable::componentCount(Id type) const {
    const TypeInfo* t = info(type);
    return t && t->op == Op::TypeVector ? t->operands[1] : 1;
}

bool TypeTable::isFloat(Id type) const {
    const TypeInfo* t = info(scalarOf(type));
    return t && t->op == Op::TypeFloat;
}

} // namespace ddivk::shader::spirv

// Software vertex processing's register files (TranslationKey::softwareVertexRegisters): 8192
// float, 2048 integer and 2048 BOOL registers are past what a uniform block may hold on common
// devices (128 KiB of floats against 64 KiB maxUniformBufferRange), so each file is a
// read-only storage buffer of its registers (abi::kVsSw*Binding). The draw uploads each file
// only up to the highest register written; every read checks the buffer's length and gives 0
// past it, which is the value of a register never written.
#include "shader/translate/emitter.h"

#include <algorithm>
#include <vector>

namespace ddivk::shader::translator {

using spirv::Decoration;
using spirv::StorageClass;

Id Emitter::softwareFile(SoftwareFile file) {
    Id& var = softwareFiles_[size_t(file)];
    if (var) return var;
    const Id element = file == SoftwareFile::Floats ? tVec4 : file == SoftwareFile::Ints ? tIVec4 : tU32;
    const Id members[] = {b.types().runtimeArrayType(element, file == SoftwareFile::Bools ? 4 : 16)};
    const Id block = b.types().structType(members);
    b.decorate(block, Decoration::Block);
    b.memberDecorate(block, 0, Decoration::Offset, 0);
    b.memberDecorate(block, 0, Decoration::NonWritable);
    var = b.variable(StorageClass::StorageBuffer, block);
    constexpr uint32_t kBindings[] = {abi::kVsSwFloatsBinding, abi::kVsSwIntsBinding, abi::kVsSwBoolsBinding};
    b.binding(var, abi::kDescriptorSet, kBindings[size_t(file)]);
    return var;
}

// Element `index` (an int value; negative reads as past the end) of a file, or 0 past the
// buffer's length (the draw binds at least one element).
Id Emitter::softwareElement(SoftwareFile file, Id type, Id index) {
    const Id var = softwareFile(file);
    const Id at = b.unary(Op::Bitcast, tU32, index);
    const Id length = b.op(Op::ArrayLength, tU32, std::vector<Id>{var, 0});
    const Id inRange = b.binary(Op::ULessThan, tBool, at, length);
    const Id clamped = glsl(Glsl::UMin, tU32, {at, b.binary(Op::ISub, tU32, length, u32(1))});
    const Id indices[] = {i32(0), clamped};
    const Id v =
        b.load(type, b.accessChain(b.types().pointerType(StorageClass::StorageBuffer, type), var, indices));
    if (type == tU32) return b.select(tU32, inRange, v, u32(0));
    const Id condition = b.splat(tBVec4, inRange, 4);
    return b.select(type, condition, v, b.constants().null(type));
}

Id Emitter::softwareFloat(Id index) {
    return softwareElement(SoftwareFile::Floats, tVec4, index);
}

Id Emitter::softwareInt(uint32_t index) {
    out_.intConstantsRead = std::max(out_.intConstantsRead, index + 1);
    return softwareElement(SoftwareFile::Ints, tIVec4, i32(int32_t(index)));
}

Id Emitter::softwareBool(uint32_t index) {
    out_.boolConstantsRead = std::max(out_.boolConstantsRead, index + 1);
    const Id word = softwareElement(SoftwareFile::Bools, tU32, i32(int32_t(index / 32)));
    const Id bit = b.binary(Op::BitwiseAnd, tU32, word, u32(1u << (index % 32)));
    return b.binary(Op::INotEqual, tBool, bit, u32(0));
}

} // namespace ddivk::shader::translator

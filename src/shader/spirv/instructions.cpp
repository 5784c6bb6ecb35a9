// Instructions inside blocks: values, memory, extended instructions and block terminators.
#include "shader/spirv/builder.h"

namespace ddivk::shader::spirv {

void ModuleBuilder::instruction(Op opcode, std::span<const uint32_t> operands) {
    if (!blockOpen_) fail("an instruction outside a block (after a terminator, or before label())");
    // SPIR-V 2.11: a merge instruction is the second-to-last instruction of its block.
    if (mergePending_ && opcode != Op::Branch && opcode != Op::BranchConditional && opcode != Op::Switch)
        fail("a merge instruction must come right before the block's branch");
    // SPIR-V 3.42.17: Phis come first in a block.
    if (opcode == Op::Phi && blockHasNonPhi_) fail("OpPhi after other instructions of its block");
    blockHasNonPhi_ = blockHasNonPhi_ || opcode != Op::Phi;
    mergePending_ = opcode == Op::SelectionMerge || opcode == Op::LoopMerge;
    body_.emit(opcode, operands);
}

void ModuleBuilder::terminator(Op opcode, std::span<const uint32_t> operands) {
    instruction(opcode, operands);
    blockOpen_ = false;
}

Id ModuleBuilder::op(Op opcode, Id resultType, std::span<const Id> operands) {
    const Id id = s_.allocate();
    opWithResult(id, opcode, resultType, operands);
    return id;
}

void ModuleBuilder::opWithResult(Id result, Op opcode, Id resultType, std::span<const Id> operands) {
    std::vector<uint32_t> words{resultType, result};
    words.insert(words.end(), operands.begin(), operands.end());
    instruction(opcode, words);
}

Id ModuleBuilder::compositeExtract(Id t, Id composite, std::span<const uint32_t> indices) {
    std::vector<Id> operands{composite};
    operands.insert(operands.end(), indices.begin(), indices.end());
    return op(Op::CompositeExtract, t, operands);
}

Id ModuleBuilder::compositeInsert(Id t, Id object, Id composite, std::span<const uint32_t> indices) {
    std::vector<Id> operands{object, composite};
    operands.insert(operands.end(), indices.begin(), indices.end());
    return op(Op::CompositeInsert, t, operands);
}

Id ModuleBuilder::vectorShuffle(Id t, Id a, Id b, std::span<const uint32_t> components) {
    std::vector<Id> operands{a, b};
    operands.insert(operands.end(), components.begin(), components.end());
    return op(Op::VectorShuffle, t, operands);
}

Id ModuleBuilder::splat(Id vectorType, Id s, uint32_t count) {
    const std::vector<Id> parts(count, s);
    return compositeConstruct(vectorType, parts);
}

Id ModuleBuilder::load(Id pointer) {
    auto it = pointerTypeOf_.find(pointer);
    const Id pointee = it == pointerTypeOf_.end() ? 0 : types_.pointee(it->second);
    if (!pointee) fail("load(pointer) needs a variable of this builder; pass the result type");
    return load(pointee, pointer);
}

void ModuleBuilder::store(Id pointer, Id value) {
    instruction(Op::Store, {{pointer, value}});
}

Id ModuleBuilder::accessChain(Id pointerType, Id base, std::span<const Id> indices) {
    std::vector<Id> operands{base};
    operands.insert(operands.end(), indices.begin(), indices.end());
    const Id id = op(Op::AccessChain, pointerType, operands);
    pointerTypeOf_[id] = pointerType;
    return id;
}

Id ModuleBuilder::extInst(Id t, Glsl instruction, std::span<const Id> arguments) {
    std::vector<Id> operands{glsl450(), uint32_t(instruction)};
    operands.insert(operands.end(), arguments.begin(), arguments.end());
    return op(Op::ExtInst, t, operands);
}

Id ModuleBuilder::functionCall(Id t, Id function, std::span<const Id> arguments) {
    std::vector<Id> operands{function};
    operands.insert(operands.end(), arguments.begin(), arguments.end());
    return op(Op::FunctionCall, t, operands);
}

void ModuleBuilder::selectionMerge(Id merge, uint32_t control) {
    instruction(Op::SelectionMerge, {{merge, control}});
}

void ModuleBuilder::loopMerge(Id merge, Id continueTarget, uint32_t control) {
    instruction(Op::LoopMerge, {{merge, continueTarget, control}});
}

void ModuleBuilder::branch(Id target) {
    terminator(Op::Branch, {{target}});
}

void ModuleBuilder::branchConditional(Id condition, Id trueLabel, Id falseLabel) {
    terminator(Op::BranchConditional, {{condition, trueLabel, falseLabel}});
}

Id ModuleBuilder::phi(Id t, std::span<const PhiIncoming> incoming) {
    std::vector<Id> operands;
    for (const PhiIncoming& in : incoming) {
        operands.push_back(in.value);
        operands.push_back(in.parent);
    }
    return op(Op::Phi, t, operands);
}

void ModuleBuilder::returnVoid() {
    terminator(Op::Return, {});
}

void ModuleBuilder::returnValue(Id value) {
    terminator(Op::ReturnValue, {{value}});
}

void ModuleBuilder::kill() {
    terminator(Op::Kill, {});
}

void ModuleBuilder::demoteToHelper() {
    s_.requireExtension("SPV_EXT_demote_to_helper_invocation");
    s_.requireCapability(Capability::DemoteToHelperInvocation);
    instruction(Op::DemoteToHelperInvocation, {});
}

void ModuleBuilder::unreachable() {
    terminator(Op::Unreachable, {});
}

} // namespace ddivk::shader::spirv

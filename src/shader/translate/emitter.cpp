// The translation's frame: the module's types, interface and constant blocks, the walk over the
// program (main body, subroutines) and the epilogue that hands results to the outside.
#include "shader/translate/emitter.h"

#include <functional>

#include "shader/abi.h"
#include "shader/translate/linkage.h"

namespace ddivk::shader::translator {

using spirv::BuiltIn;
using spirv::Decoration;
using spirv::StorageClass;

Emitter::Emitter(const Program& program, const TranslationKey& key) : p_(program), key_(key) {
    versionInfo_ = findVersion(p_.type, p_.major, p_.minor);
    b.setDebugNames(false);
    tBool = b.types().boolType();
    tF32 = b.types().floatType();
    tI32 = b.types().sintType();
    tU32 = b.types().uintType();
    tVec2 = b.types().vec(2);
    tVec3 = b.types().vec(3);
    tVec4 = b.types().vec(4);
    tIVec4 = b.types().vectorType(tI32, 4);
    tBVec4 = b.types().vectorType(tBool, 4);
}

void Emitter::fail(const Instruction& ins, std::string why) const {
    const OpcodeInfo* info = findOpcode(ins.opcode, p_.type, version());
    throw TranslateError{ins.offset, info ? info->name : "opcode " + std::to_string(ins.opcode), std::move(why)};
}

void Emitter::requirePixel(const Instruction& ins) const {
    if (!isPixel()) fail(ins, "only pixel shaders can do this");
}

Id Emitter::vec4(float x, float y, float z, float w) {
    const float values[4] = {x, y, z, w};
    return b.constants().vecF32(values);
}

Id Emitter::splatValue(Id scalar, uint32_t n) {
    return n == 1 ? scalar : b.splat(vecType(n), scalar, n);
}

Id Emitter::glsl(Glsl op, Id type, std::initializer_list<Id> args) {
    return b.extInst(type, op, std::vector<Id>(args));
}

Id Emitter::shuffle(Id v, std::initializer_list<uint32_t> comps) {
    return b.vectorShuffle(vecType(uint32_t(comps.size())), v, v, std::vector<uint32_t>(comps));
}

// First pass: declarations, constants, the call graph and what needs arrays.
void Emitter::scan() {
    constexpr uint32_t kMain = ~0u;
    uint32_t segment = kMain;
    std::map<uint32_t, std::vector<std::pair<uint32_t, const Instruction*>>> calls; // caller -> callees
    for (const Instruction& ins : p_.instructions) {
        const auto reg = std::make_pair(ins.dst.type, uint32_t(ins.dst.number));
        switch (ins.opcode) {
        case kOpDcl:
            decls_[reg] = ins.dcl;
            dclMods_[reg] = ins.dst.modifiers;
            break;
        case kOpDef: floatDefs_[ins.dst.number] = ins.values; break;
        case kOpDefi: intDefs_[ins.dst.number] = ins.values; break;
        case kOpDefb: boolDefs_[ins.dst.number] = ins.values[0] != 0; break;
        case 30: // label
            if (!ins.src.empty() && !labelFunctions_.emplace(ins.src[0].number, b.newId()).second)
                fail(ins, "a label defined twice");
            break;
        default: break;
        }
        if (ins.opcode == 30 && !ins.src.empty()) segment = ins.src[0].number;
        if ((ins.opcode == 25 || ins.opcode == 26) && !ins.src.empty())
            calls[segment].push_back({ins.src[0].number, &ins});
        for (const SrcParam& s : ins.src)
            if (s.rel.present && s.type == RegType::Input) relativeInputs_ = true;
        if (ins.hasDst && ins.dst.rel.present && ins.dst.type == RegType::TexCrdOutOrOutput) relativeOutputs_ = true;
    }
    // D3D9 forbids recursion and SPIR-V cannot express it: reject a cycle in the call graph.
    std::map<uint32_t, int> state; // 1: on the current path, 2: done
    std::function<void(uint32_t)> visit = [&](uint32_t node) {
        state[node] = 1;
        for (const auto& [callee, ins] : calls[node]) {
            if (state[callee] == 1) fail(*ins, "recursive call (a subroutine that calls itself, directly or not)");
            if (state[callee] == 0) visit(callee);
        }
        state[node] = 2;
    };
    visit(kMain);
}

void Emitter::declareConstantBlocks() {
    auto block = [&](uint32_t floatCount, uint32_t binding) {
        const Id f = b.types().arrayType(tVec4, u32(floatCount), 16);
        const Id i = b.types().arrayType(tIVec4, u32(abi::kIntConstants), 16);
        const Id members[] = {f, i, tU32};
        const Id s = b.types().structType(members);
        b.decorate(s, Decoration::Block);
        b.memberDecorate(s, 0, Decoration::Offset, 0);
        b.memberDecorate(s, 1, Decoration::Offset, floatCount * 16);
        b.memberDecorate(s, 2, Decoration::Offset, floatCount * 16 + abi::kIntConstants * 16);
        const Id var = b.variable(StorageClass::Uniform, s);
        b.binding(var, abi::kDescriptorSet, binding);
        return var;
    };
    if (isPixel())
        psConstants_ = block(abi::kPsFloatConstants, abi::kPsConstantsBinding);
    else if (!softwareRegisters()) // (else storage buffers, declared as read)
        vsConstants_ = block(abi::kVsFloatConstants, abi::kVsConstantsBinding);
    pointerVec4Uniform_ = b.types().pointerType(StorageClass::Uniform, tVec4);
    pointerIVec4Uniform_ = b.types().pointerType(StorageClass::Uniform, tIVec4);
    pointerU32Uniform_ = b.types().pointerType(StorageClass::Uniform, tU32);
    pointerF32Uniform_ = b.types().pointerType(StorageClass::Uniform, tF32);

    // The system blocks, as flat vec4 arrays (abi.h gives their members' vec4 indices).
    const uint32_t systemVec4s = isPixel() ? uint32_t(sizeof(abi::PsSystem) / 16) : uint32_t(sizeof(abi::VsSystem) / 16);
    const Id arr = b.types().arrayType(tVec4, u32(systemVec4s), 16);
    const Id members[] = {arr};
    const Id s = b.types().structType(members);
    b.decorate(s, Decoration::Block);
    b.memberDecorate(s, 0, Decoration::Offset, 0);
    const Id var = b.variable(StorageClass::Uniform, s);
    b.binding(var, abi::kDescriptorSet, isPixel() ? abi::kPsSystemBinding : abi::kVsSystemBinding);
    (isPixel() ? psSystem_ : vsSystem_) = var;
}

Translation Emitter::run() {
    if (!versionInfo_) throw TranslateError{0, "version", "not a supported shader version"};
    out_.type = p_.type;
    out_.softwareRegisters = softwareRegisters();
    scan();
    declareConstantBlocks();
    // Every declared input is part of the interface, read or not: the other stage and the
    // vertex declaration are matched against the dcl list.
    Instruction none;
    for (const auto& [reg, dcl] : decls_) {
        const bool pixelInput = isPixel() && (reg.first == RegType::Input || reg.first == RegType::AddrOrTexture);
        const bool vertexInput = !isPixel() && reg.first == RegType::Input && !isFetched(reg.second);
        if (vertexInput || pixelInput) inputVariable(none, reg.first, reg.second);
    }

    // The D3D9 program becomes a function of its own, so that `ret` anywhere in it returns to
    // main, which then writes the outputs.
    const Id voidType = b.types().voidType();
    bodyFunction_ = b.newId();
    emitBody();

    mainFunction_ = b.beginFunction(voidType, {});
    b.label(b.newId());
    emitVertexFetch();
    fillSpriteInputs(); // before fillInputArray, which copies the inputs
    fillInputArray();
    b.functionCall(voidType, bodyFunction_, {});
    emitEpilogue();
    b.returnVoid();
    b.endFunction();
    declareLinkedInputs();

    b.entryPoint(isPixel() ? spirv::ExecutionModel::Fragment : spirv::ExecutionModel::Vertex, mainFunction_, "main",
                 interface_);
    if (!isPixel() && key_.streamOutput[0]) b.executionMode(mainFunction_, spirv::ExecutionMode::Xfb);
    if (isPixel()) {
        b.executionMode(mainFunction_, spirv::ExecutionMode::OriginUpperLeft);
        if (out_.writesDepth) b.executionMode(mainFunction_, spirv::ExecutionMode::DepthReplacing);
    }
    out_.spirv = b.finish();
    return std::move(out_);
}

// Walks the instructions: the main body until the first label, then one function per label.
void Emitter::emitBody() {
    const Id voidType = b.types().voidType();
    b.beginFunction(voidType, {}, spirv::kFunctionNone, bodyFunction_);
    b.label(b.newId());
    const auto& list = p_.instructions;
    for (size_t n = 0; n < list.size(); ++n) {
        const Instruction& ins = list[n];
        if (ins.opcode == 30) { // label: close the function before, open the subroutine
            if (!ifs_.empty() || !loopFrames_.empty()) fail(ins, "a label inside if or loop");
            if (b.inBlock()) b.returnVoid();
            b.endFunction();
            b.beginFunction(voidType, {}, spirv::kFunctionNone, labelFunctions_.at(ins.src[0].number));
            b.label(b.newId());
            inSubroutine_ = true;
            continue;
        }
        // ps_1_x co-issue: the pair reads its sources before either writes.
        const bool pairsWithNext = n + 1 < list.size() && list[n + 1].coissue && !ins.coissue;
        if (pairsWithNext) deferStores_ = true;
        emitInstruction(ins);
        if (ins.coissue) {
            deferStores_ = false;
            flushStores();
        }
    }
    if (!ifs_.empty()) fail(list.back(), "if without endif");
    if (!loopFrames_.empty()) fail(list.back(), "loop or rep without its end");
    if (b.inBlock()) b.returnVoid();
    b.endFunction();
}

void Emitter::emitInstruction(const Instruction& ins) {
    switch (ins.opcode) {
    case kOpNop:
    case kOpDcl:
    case kOpDef:
    case kOpDefi:
    case kOpDefb:
    case kOpPhase:
    case kOpComment:
    case kOpEnd: return;
    default: break;
    }
    if (!b.inBlock()) b.label(b.newId()); // code after a ret/break/discard: unreachable but valid
    if (alu(ins) || flow(ins) || texture(ins) || texturePs1(ins)) return;
    fail(ins, "not translated");
}

} // namespace ddivk::shader::translator

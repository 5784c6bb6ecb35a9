// ModuleBuilder: writes a SPIR-V 1.0 module for Vulkan 1.0/1.1 (Shader capability, Logical
// addressing, GLSL450 memory model) section by section and concatenates the sections at finish().
//
//   ModuleBuilder b;
//   Id fn = b.beginFunction(b.types().voidType(), {});
//   b.label(b.newId());
//   ... instructions ...
//   b.returnVoid();
//   b.endFunction();
//   b.entryPoint(ExecutionModel::Vertex, fn, "main", interfaceVariables);
//   std::vector<uint32_t> words = b.finish();
//
// With Checks::On (the default) misuse throws BuildError where it happens: an instruction outside
// a block, a block left without a terminator, a function left open, an entry point naming no
// function, a fragment entry point without an origin mode, an OpPhi after other instructions of
// its block, a merge instruction not followed by the block's branch, explicit-lod sampling without
// a Lod or Grad operand.
#pragma once

#include <span>
#include <stdexcept>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "shader/spirv/constants.h"
#include "shader/spirv/types.h"

namespace ddivk::shader::spirv {

enum class Checks { On, Off };

// A misuse of the builder caught by its checks.
class BuildError : public std::logic_error {
  public:
    using std::logic_error::logic_error;
};

// One incoming edge of OpPhi: the value and the block it comes from.
struct PhiIncoming {
    Id value;
    Id parent;
};

// Operands of an image instruction after the coordinate (and depth reference): a mask of
// ImageOperands bits and their ids in bit order (Bias/Lod, then Grad's dx and dy, ...).
struct ImageArgs {
    uint32_t mask = kImageOperandsNone;
    std::vector<Id> ids;
    static ImageArgs lod(Id lod) { return {kImageLod, {lod}}; }
    static ImageArgs bias(Id bias) { return {kImageBias, {bias}}; }
    static ImageArgs grad(Id dx, Id dy) { return {kImageGrad, {dx, dy}}; }
};

class ModuleBuilder {
  public:
    explicit ModuleBuilder(Checks checks = Checks::On);
    ~ModuleBuilder();
    ModuleBuilder(const ModuleBuilder&) = delete;
    ModuleBuilder& operator=(const ModuleBuilder&) = delete;

    TypeTable& types() { return types_; }
    ConstantTable& constants() { return constants_; }
    Id newId() { return s_.allocate(); }

    // ---- Module level (builder.cpp) ----
    void capability(Capability cap) { s_.requireCapability(cap); }
    void extension(std::string_view name) { s_.requireExtension(name); }
    // The GLSL.std.450 import, declared on first use.
    Id glsl450();
    void entryPoint(ExecutionModel model, Id function, std::string_view name, std::span<const Id> interface);
    void executionMode(Id function, ExecutionMode mode, std::span<const uint32_t> literals = {});
    // Debug names are written only when enabled (on by default); they never change the code.
    void setDebugNames(bool enabled) { debugNames_ = enabled; }
    void name(Id target, std::string_view text);
    void memberName(Id structType, uint32_t member, std::string_view text);
    void decorate(Id target, Decoration decoration, std::span<const uint32_t> literals = {});
    void decorate(Id target, Decoration decoration, uint32_t literal) {
        decorate(target, decoration, {{literal}});
    }
    void memberDecorate(Id structType, uint32_t member, Decoration decoration,
                        std::span<const uint32_t> literals = {});
    void memberDecorate(Id structType, uint32_t member, Decoration decoration, uint32_t literal) {
        memberDecorate(structType, member, decoration, {{literal}});
    }
    void builtIn(Id target, BuiltIn b) { decorate(target, Decoration::BuiltIn, uint32_t(b)); }
    void location(Id target, uint32_t loc) { decorate(target, Decoration::Location, loc); }
    void binding(Id target, uint32_t set, uint32_t bindingIndex);
    // A global variable of `pointee` type (pointer type declared here); `initializer` is optional.
    // StorageBuffer adds SPV_KHR_storage_buffer_storage_class (core only from SPIR-V 1.3).
    Id variable(StorageClass storage, Id pointee, Id initializer = 0);
    // Produces the module. Throws BuildError (Checks::On) if a function is still open.
    std::vector<uint32_t> finish();

    // ---- Functions and blocks (builder.cpp) ----
    // `reserved`: an id from newId() that calls written before the function already name.
    Id beginFunction(Id returnType, std::span<const Id> parameterTypes, uint32_t control = kFunctionNone,
                     Id reserved = 0);
    const std::vector<Id>& parameters() const { return params_; }
    // A Function-storage variable; hoisted to the top of the function's first block.
    Id localVariable(Id pointee, Id initializer = 0);
    void label(Id id); // begins a block
    void endFunction();
    bool inBlock() const { return blockOpen_; }
    Id currentBlock() const { return block_; }

    // ---- Instructions in the current block (instructions.cpp) ----
    Id op(Op opcode, Id resultType, std::span<const Id> operands); // any value instruction
    // The same, defining an id reserved earlier with newId(): a value a Phi names before it is
    // written (the loop counter's next value, from the back edge).
    void opWithResult(Id result, Op opcode, Id resultType, std::span<const Id> operands);
    Id unary(Op opcode, Id resultType, Id a) { return op(opcode, resultType, {{a}}); }
    Id binary(Op opcode, Id resultType, Id a, Id b) { return op(opcode, resultType, {{a, b}}); }
    Id fAdd(Id t, Id a, Id b) { return binary(Op::FAdd, t, a, b); }
    Id fSub(Id t, Id a, Id b) { return binary(Op::FSub, t, a, b); }
    Id fMul(Id t, Id a, Id b) { return binary(Op::FMul, t, a, b); }
    Id fDiv(Id t, Id a, Id b) { return binary(Op::FDiv, t, a, b); }
    Id fNegate(Id t, Id a) { return unary(Op::FNegate, t, a); }
    Id iAdd(Id t, Id a, Id b) { return binary(Op::IAdd, t, a, b); }
    Id dot(Id t, Id a, Id b) { return binary(Op::Dot, t, a, b); }
    Id vectorTimesScalar(Id t, Id v, Id s) { return binary(Op::VectorTimesScalar, t, v, s); }
    Id matrixTimesVector(Id t, Id m, Id v) { return binary(Op::MatrixTimesVector, t, m, v); }
    Id vectorTimesMatrix(Id t, Id v, Id m) { return binary(Op::VectorTimesMatrix, t, v, m); }
    Id convertFToS(Id t, Id a) { return unary(Op::ConvertFToS, t, a); }
    Id convertSToF(Id t, Id a) { return unary(Op::ConvertSToF, t, a); }
    Id convertFToU(Id t, Id a) { return unary(Op::ConvertFToU, t, a); }
    Id convertUToF(Id t, Id a) { return unary(Op::ConvertUToF, t, a); }
    Id bitcast(Id t, Id a) { return unary(Op::Bitcast, t, a); }
    Id compositeConstruct(Id t, std::span<const Id> parts) { return op(Op::CompositeConstruct, t, parts); }
    Id compositeExtract(Id t, Id composite, std::span<const uint32_t> indices);
    Id compositeExtract(Id t, Id composite, uint32_t index) {
        return compositeExtract(t, composite, {{index}});
    }
    Id compositeInsert(Id t, Id object, Id composite, std::span<const uint32_t> indices);
    // Components index a then b (0..n-1 from a, n.. from b); 0xFFFFFFFF is undefined.
    Id vectorShuffle(Id t, Id a, Id b, std::span<const uint32_t> components);
    // A vector of `count` copies of the scalar `s`.
    Id splat(Id vectorType, Id s, uint32_t count);
    Id load(Id t, Id pointer) { return unary(Op::Load, t, pointer); }
    Id load(Id pointer); // result type from the pointer's type (variables of this builder)
    void store(Id pointer, Id value);
    Id accessChain(Id pointerType, Id base, std::span<const Id> indices);
    // SPIR-V 1.0: for a vector result the condition is a bool vector of the same size (splat()).
    Id select(Id t, Id condition, Id a, Id b) { return op(Op::Select, t, {{condition, a, b}}); }
    Id extInst(Id t, Glsl instruction, std::span<const Id> arguments);
    Id dPdx(Id t, Id a) { return unary(Op::DPdx, t, a); }
    Id dPdy(Id t, Id a) { return unary(Op::DPdy, t, a); }
    Id fwidth(Id t, Id a) { return unary(Op::Fwidth, t, a); }
    Id functionCall(Id t, Id function, std::span<const Id> arguments);

    // ---- Image sampling (image.cpp) ----
    Id sampleImplicitLod(Id t, Id sampledImage, Id coord, const ImageArgs& args = {});
    Id sampleExplicitLod(Id t, Id sampledImage, Id coord, const ImageArgs& args); // Lod or Grad
    Id sampleProjImplicitLod(Id t, Id sampledImage, Id coord, const ImageArgs& args = {});
    Id sampleProjExplicitLod(Id t, Id sampledImage, Id coord, const ImageArgs& args);
    Id sampleDrefImplicitLod(Id t, Id sampledImage, Id coord, Id dref, const ImageArgs& args = {});
    Id sampleDrefExplicitLod(Id t, Id sampledImage, Id coord, Id dref, const ImageArgs& args);
    Id sampleProjDrefImplicitLod(Id t, Id sampledImage, Id coord, Id dref, const ImageArgs& args = {});

    // ---- Control flow (instructions.cpp; structured helpers in control_flow.h) ----
    void selectionMerge(Id merge, uint32_t control = kSelectionNone);
    void loopMerge(Id merge, Id continueTarget, uint32_t control = kLoopNone);
    void branch(Id target);
    void branchConditional(Id condition, Id trueLabel, Id falseLabel);
    Id phi(Id t, std::span<const PhiIncoming> incoming);
    void returnVoid();
    void returnValue(Id value);
    void kill();           // ends the block (OpKill)
    void demoteToHelper(); // SPV_EXT_demote_to_helper_invocation; the block goes on
    void unreachable();

  private:
    void instruction(Op opcode, std::span<const uint32_t> operands); // into the current block
    void terminator(Op opcode, std::span<const uint32_t> operands);  // ends the current block
    Id sample(Op opcode, Id t, Id sampledImage, Id coord, Id dref, const ImageArgs& args);
    void fail(const char* why) const;

    ModuleSections s_;
    TypeTable types_{s_};
    ConstantTable constants_{s_, types_};
    Checks checks_;
    bool debugNames_ = true;
    Id glsl_ = 0;
    std::vector<Id> definedFunctions_;
    std::vector<std::pair<Id, ExecutionModel>> entries_;
    std::vector<std::pair<Id, uint32_t>> modes_;
    std::unordered_map<Id, Id> pointerTypeOf_; // variable -> pointer type

    // The function being written.
    bool inFunction_ = false;
    bool blockOpen_ = false;
    bool blockHasNonPhi_ = false; // an instruction other than OpPhi is in the current block
    bool mergePending_ = false;   // the last instruction was OpSelectionMerge or OpLoopMerge
    Id block_ = 0;
    std::vector<Id> params_;
    WordStream header_; // OpFunction and its parameters
    WordStream locals_; // OpVariable Function
    WordStream body_;   // blocks
};

} // namespace ddivk::shader::spirv

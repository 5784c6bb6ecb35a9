// Module-level declarations, functions and blocks, and the final concatenation.
#include "shader/spirv/builder.h"

#include <algorithm>

namespace ddivk::shader::spirv {

ModuleBuilder::ModuleBuilder(Checks checks) : checks_(checks) {
    s_.requireCapability(Capability::Shader);
    s_.memoryModel.emit(Op::MemoryModel, {kAddressingLogical, kMemoryModelGlsl450});
}

ModuleBuilder::~ModuleBuilder() = default;

void ModuleBuilder::fail(const char* why) const {
    if (checks_ == Checks::On) throw BuildError(why);
}

Id ModuleBuilder::glsl450() {
    if (!glsl_) {
        glsl_ = s_.allocate();
        s_.imports.emitWithString(Op::ExtInstImport, {{glsl_}}, "GLSL.std.450");
    }
    return glsl_;
}

void ModuleBuilder::entryPoint(ExecutionModel model, Id function, std::string_view entryName,
                               std::span<const Id> interface) {
    entries_.emplace_back(function, model);
    s_.entryPoints.emitWithString(Op::EntryPoint, {{uint32_t(model), function}}, entryName, interface);
}

void ModuleBuilder::executionMode(Id function, ExecutionMode mode, std::span<const uint32_t> literals) {
    modes_.emplace_back(function, uint32_t(mode));
    std::vector<uint32_t> operands{function, uint32_t(mode)};
    operands.insert(operands.end(), literals.begin(), literals.end());
    s_.executionModes.emit(Op::ExecutionMode, operands);
}

void ModuleBuilder::name(Id target, std::string_view text) {
    if (debugNames_) s_.debug.emitWithString(Op::Name, {{target}}, text);
}

void ModuleBuilder::memberName(Id structType, uint32_t member, std::string_view text) {
    if (debugNames_) s_.debug.emitWithString(Op::MemberName, {{structType, member}}, text);
}

void ModuleBuilder::decorate(Id target, Decoration decoration, std::span<const uint32_t> literals) {
    std::vector<uint32_t> operands{target, uint32_t(decoration)};
    operands.insert(operands.end(), literals.begin(), literals.end());
    s_.annotations.emit(Op::Decorate, operands);
}

void ModuleBuilder::memberDecorate(Id structType, uint32_t member, Decoration decoration,
                                   std::span<const uint32_t> literals) {
    std::vector<uint32_t> operands{structType, member, uint32_t(decoration)};
    operands.insert(operands.end(), literals.begin(), literals.end());
    s_.annotations.emit(Op::MemberDecorate, operands);
}

void ModuleBuilder::binding(Id target, uint32_t set, uint32_t bindingIndex) {
    decorate(target, Decoration::DescriptorSet, set);
    decorate(target, Decoration::Binding, bindingIndex);
}

Id ModuleBuilder::variable(StorageClass storage, Id pointee, Id initializer) {
    if (storage == StorageClass::Function) fail("Function variables are declared with localVariable()");
    if (storage == StorageClass::StorageBuffer) s_.requireExtension("SPV_KHR_storage_buffer_storage_class");
    const Id pointer = types_.pointerType(storage, pointee);
    const Id id = s_.allocate();
    if (initializer)
        s_.globals.emit(Op::Variable, {pointer, id, uint32_t(storage), initializer});
    else
        s_.globals.emit(Op::Variable, {pointer, id, uint32_t(storage)});
    pointerTypeOf_[id] = pointer;
    return id;
}

Id ModuleBuilder::beginFunction(Id returnType, std::span<const Id> parameterTypes, uint32_t control,
                                Id reserved) {
    if (inFunction_) fail("beginFunction() inside a function");
    const Id fnType = types_.functionType(returnType, parameterTypes);
    const Id id = reserved ? reserved : s_.allocate();
    header_ = {};
    locals_ = {};
    body_ = {};
    params_.clear();
    header_.emit(Op::Function, {returnType, id, control, fnType});
    for (Id t : parameterTypes) {
        const Id p = s_.allocate();
        header_.emit(Op::FunctionParameter, {t, p});
        params_.push_back(p);
    }
    inFunction_ = true;
    blockOpen_ = false;
    definedFunctions_.push_back(id);
    return id;
}

Id ModuleBuilder::localVariable(Id pointee, Id initializer) {
    if (!inFunction_) fail("localVariable() outside a function");
    const Id pointer = types_.pointerType(StorageClass::Function, pointee);
    const Id id = s_.allocate();
    const uint32_t storage = uint32_t(StorageClass::Function);
    if (initializer)
        locals_.emit(Op::Variable, {pointer, id, storage, initializer});
    else
        locals_.emit(Op::Variable, {pointer, id, storage});
    pointerTypeOf_[id] = pointer;
    return id;
}

void ModuleBuilder::label(Id id) {
    if (!inFunction_) fail("label() outside a function");
    if (blockOpen_) fail("a block was left without a terminator (label() while a block is open)");
    body_.emit(Op::Label, {id});
    blockOpen_ = true;
    blockHasNonPhi_ = false;
    mergePending_ = false;
    block_ = id;
}

void ModuleBuilder::endFunction() {
    if (!inFunction_) fail("endFunction() without beginFunction()");
    if (blockOpen_) fail("a block was left without a terminator (endFunction() while a block is open)");
    if (body_.empty()) fail("a function without blocks");
    const std::vector<uint32_t>& h = header_.words();
    const std::vector<uint32_t>& b = body_.words();
    std::vector<uint32_t> words(h.begin(), h.end());
    // Function variables go first in the first block, right after its OpLabel (2 words).
    const size_t firstLabel = std::min<size_t>(2, b.size());
    words.insert(words.end(), b.begin(), b.begin() + long(firstLabel));
    words.insert(words.end(), locals_.words().begin(), locals_.words().end());
    words.insert(words.end(), b.begin() + long(firstLabel), b.end());
    s_.functions.appendInstructions(words);
    s_.functions.emit(Op::FunctionEnd, {});
    inFunction_ = false;
    blockOpen_ = false;
}

std::vector<uint32_t> ModuleBuilder::finish() {
    if (inFunction_) fail("finish() while a function is open");
    for (const auto& entry : entries_) {
        const Id fn = entry.first;
        const ExecutionModel model = entry.second;
        if (std::find(definedFunctions_.begin(), definedFunctions_.end(), fn) == definedFunctions_.end())
            fail("an entry point names no function of this module");
        if (model != ExecutionModel::Fragment) continue;
        const bool hasOrigin = std::any_of(modes_.begin(), modes_.end(), [&](const auto& m) {
            return m.first == fn && (m.second == uint32_t(ExecutionMode::OriginUpperLeft) ||
                                     m.second == uint32_t(ExecutionMode::OriginLowerLeft));
        });
        if (!hasOrigin) fail("a fragment entry point needs OriginUpperLeft (Vulkan)");
    }
    std::vector<uint32_t> module{kMagic, kVersion10, 0 /* generator */, s_.bound, 0 /* schema */};
    for (const WordStream* section :
         {&s_.capabilities, &s_.extensions, &s_.imports, &s_.memoryModel, &s_.entryPoints, &s_.executionModes,
          &s_.debug, &s_.annotations, &s_.globals, &s_.functions})
        module.insert(module.end(), section->words().begin(), section->words().end());
    return module;
}

} // namespace ddivk::shader::spirv

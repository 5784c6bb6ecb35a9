// The sections of a module under construction, each its own word stream, in the order SPIR-V 2.4
// ("Logical Layout of a Module") requires; finish() concatenates them in this order.
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <string_view>

#include "shader/spirv/words.h"

namespace ddivk::shader::spirv {

struct ModuleSections {
    WordStream capabilities;   // OpCapability
    WordStream extensions;     // OpExtension
    WordStream imports;        // OpExtInstImport
    WordStream memoryModel;    // OpMemoryModel (exactly one)
    WordStream entryPoints;    // OpEntryPoint
    WordStream executionModes; // OpExecutionMode
    WordStream debug;          // OpName, OpMemberName
    WordStream annotations;    // OpDecorate, OpMemberDecorate
    WordStream globals;        // types, constants, global variables (declaration order)
    WordStream functions;      // function definitions

    Id bound = 1; // the id bound of the header: one more than the largest id

    Id allocate() { return bound++; }

    // Declares a capability once.
    void requireCapability(Capability cap) {
        if (capabilitySet_.insert(uint32_t(cap)).second) capabilities.emit(Op::Capability, {uint32_t(cap)});
    }
    // Declares an extension once.
    void requireExtension(std::string_view name) {
        if (extensionSet_.emplace(name).second) extensions.emitWithString(Op::Extension, {}, name);
    }
    bool hasCapability(Capability cap) const { return capabilitySet_.contains(uint32_t(cap)); }

  private:
    std::set<uint32_t> capabilitySet_;
    std::set<std::string, std::less<>> extensionSet_;
};

} // namespace ddivk::shader::spirv

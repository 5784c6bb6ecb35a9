// Type declarations, deduplicated: asking twice for the same type gives the same id (SPIR-V 2.8
// forbids two declarations of one non-aggregate type). Structs are the exception: every call
// declares a new struct, since two structs with the same members may carry different decorations.
#pragma once

#include <map>
#include <span>
#include <unordered_map>
#include <vector>

#include "shader/spirv/sections.h"

namespace ddivk::shader::spirv {

// What a declared type is: its opcode and operands after the result id.
struct TypeInfo {
    Op op;
    std::vector<uint32_t> operands;
};

// Parameters of OpTypeImage (SPIR-V 3.32.6).
struct ImageTypeDesc {
    Id sampledType = 0; // float, int or uint scalar type
    Dim dim = Dim::Dim2D;
    uint32_t depth = 0; // 0: not a depth image, 1: depth, 2: unknown
    bool arrayed = false;
    bool multisampled = false;
    uint32_t sampled = 1; // 1: used with a sampler, 2: storage image
    uint32_t format = 0;  // ImageFormat; 0 is Unknown
};

class TypeTable {
  public:
    explicit TypeTable(ModuleSections& sections) : s_(sections) {}

    Id voidType() { return declare(Op::TypeVoid, {}); }
    Id boolType() { return declare(Op::TypeBool, {}); }
    Id intType(uint32_t width, bool isSigned) { return declare(Op::TypeInt, {width, isSigned ? 1u : 0u}); }
    Id floatType(uint32_t width = 32) { return declare(Op::TypeFloat, {width}); }
    Id uintType() { return intType(32, false); }
    Id sintType() { return intType(32, true); }
    Id vectorType(Id component, uint32_t count) { return declare(Op::TypeVector, {component, count}); }
    Id vec(uint32_t count) { return vectorType(floatType(), count); } // float vector
    // A matrix of `columns` column vectors of type `column`.
    Id matrixType(Id column, uint32_t columns) { return declare(Op::TypeMatrix, {column, columns}); }
    // `length` is the id of a constant (ConstantTable::u32).
    Id arrayType(Id element, Id length) { return declare(Op::TypeArray, {element, length}); }
    Id runtimeArrayType(Id element) { return declare(Op::TypeRuntimeArray, {element}); }
    // Arrays for explicitly laid out blocks (Uniform, StorageBuffer, PushConstant): decorated with
    // ArrayStride, deduplicated by stride too and never the same type as the undecorated array.
    Id arrayType(Id element, Id length, uint32_t stride);
    Id runtimeArrayType(Id element, uint32_t stride);
    Id structType(std::span<const Id> members); // always a new type
    Id pointerType(StorageClass storage, Id pointee) {
        return declare(Op::TypePointer, {uint32_t(storage), pointee});
    }
    Id functionType(Id returnType, std::span<const Id> parameters);
    Id imageType(const ImageTypeDesc& desc);
    Id samplerType() { return declare(Op::TypeSampler, {}); }
    Id sampledImageType(Id image) { return declare(Op::TypeSampledImage, {image}); }

    // The declaration behind `type`, or null if `type` is not a type of this table.
    const TypeInfo* info(Id type) const;
    // For a pointer type: the pointee; 0 otherwise.
    Id pointee(Id pointerType) const;
    // Component type of a vector, or the type itself for a scalar.
    Id scalarOf(Id type) const;
    // Components of a vector, 1 for a scalar.
    uint32_t componentCount(Id type) const;
    bool isFloat(Id type) const;

  private:
    Id declare(Op op, std::vector<uint32_t> operands);
    Id declareStrided(Op op, std::vector<uint32_t> operands, uint32_t stride);

    ModuleSections& s_;
    std::map<std::vector<uint32_t>, Id> byKey_;   // opcode followed by operands
    std::map<std::vector<uint32_t>, Id> strided_; // stride, opcode, operands
    std::unordered_map<Id, TypeInfo> info_;
};

} // namespace ddivk::shader::spirv

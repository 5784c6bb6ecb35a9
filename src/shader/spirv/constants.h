// Constants, deduplicated by type and value; specialization constants are always new (each has
// its own SpecId) and are never merged with plain constants.
#pragma once

#include <map>
#include <span>
#include <vector>

#include "shader/spirv/types.h"

namespace ddivk::shader::spirv {

class ConstantTable {
  public:
    ConstantTable(ModuleSections& sections, TypeTable& types) : s_(sections), types_(types) {}

    Id f32(float value);
    Id u32(uint32_t value) { return scalar(types_.uintType(), value); }
    Id i32(int32_t value) { return scalar(types_.sintType(), uint32_t(value)); }
    Id boolean(bool value);
    // A 32-bit scalar constant of `type` with the bit pattern `bits`.
    Id scalar(Id type, uint32_t bits) { return declare(Op::Constant, type, {bits}); }
    // A float vector constant (vec2..vec4).
    Id vecF32(std::span<const float> values);
    Id composite(Id type, std::span<const Id> constituents) {
        return declare(Op::ConstantComposite, type, {constituents.begin(), constituents.end()});
    }
    Id null(Id type) { return declare(Op::ConstantNull, type, {}); }

    // OpSpecConstant with a SpecId decoration (Vulkan: VkSpecializationMapEntry::constantID).
    Id specScalar(Id type, uint32_t defaultBits, uint32_t specId);
    Id specBool(bool defaultValue, uint32_t specId);

  private:
    Id declare(Op op, Id type, std::vector<uint32_t> operands);
    Id declareSpec(Op op, Id type, std::vector<uint32_t> operands, uint32_t specId);

    ModuleSections& s_;
    TypeTable& types_;
    std::map<std::vector<uint32_t>, Id> byKey_; // opcode, type, value words
};

} // namespace ddivk::shader::spirv

// A decoded D3D9 shader: the version and its instructions with every field of their tokens, and
// the error model shared by the decoder and the assembler (docs/shader-bytecode.md).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "shader/tokens.h"

namespace ddivk::shader {

enum class ShaderType : uint8_t { Vertex, Pixel };

// A relative address: a0 (with the component its swizzle selects) or aL.
struct RelAddr {
    bool present = false;
    RegType type = RegType::AddrOrTexture;
    uint16_t number = 0;
    uint8_t swizzle = 0; // 0 = .x; an implicit a0.x in vs_1_1 (no token)
    bool operator==(const RelAddr&) const = default;
};

struct DstParam {
    RegType type = RegType::Temp;
    uint16_t number = 0;
    uint8_t writeMask = 0xF; // bit i: component i
    uint8_t modifiers = 0;   // kModSaturate | kModPartialPrecision | kModCentroid
    int8_t shift = 0;        // ps_1_x: 1.._x2, 2.._x4, 3.._x8, -1.._d2, -2.._d4, -3.._d8
    RelAddr rel;
    bool operator==(const DstParam&) const = default;
};

struct SrcParam {
    RegType type = RegType::Temp;
    uint16_t number = 0;
    uint8_t swizzle = kIdentitySwizzle; // two bits per component, x in bits 0-1
    SrcMod modifier = SrcMod::None;
    RelAddr rel;
    bool operator==(const SrcParam&) const = default;
};

// Fields of a dcl token.
struct Declaration {
    uint8_t usage = 0; // D3DDECLUSAGE
    uint8_t usageIndex = 0;
    TextureType textureType = TextureType::Unknown; // samplers
    bool operator==(const Declaration&) const = default;
};

struct Instruction {
    uint16_t opcode = 0;
    uint8_t control = 0;     // instruction bits 16-23: comparison, texld project/bias
    bool coissue = false;    // ps_1_x '+'
    bool predicated = false; // the predicate source is `predicate`
    bool hasDst = false;
    DstParam dst;
    SrcParam predicate;
    std::vector<SrcParam> src;
    Declaration dcl;                  // opcode dcl
    std::array<uint32_t, 4> values{}; // def (floats as bits), defi (ints), defb (values[0])
    size_t offset = 0;                // of the instruction token, in tokens
    // Compares what the tokens say; `offset` is left out (comments move it).
    bool operator==(const Instruction& o) const {
        return opcode == o.opcode && control == o.control && coissue == o.coissue &&
               predicated == o.predicated && hasDst == o.hasDst && dst == o.dst && predicate == o.predicate &&
               src == o.src && dcl == o.dcl && values == o.values;
    }
};

struct Program {
    ShaderType type = ShaderType::Vertex;
    uint8_t major = 0;
    uint8_t minor = 0;
    std::vector<Instruction> instructions;
    bool operator==(const Program&) const = default;
};

// Where and why a stream (or a line of assembly) was rejected.
struct Error {
    size_t offset = 0;          // tokens from the start of the stream (for the assembler: the line)
    std::string what;           // the token or operand at fault
    std::string why;            // the rule it breaks
    const char* unit = "token"; // what `offset` counts: "token" or "line"
    std::string message() const;
};

// An expected<T, Error> for C++20.
template <class T> class Result {
  public:
    Result(T value) : v_(std::move(value)) {}
    Result(Error error) : v_(std::move(error)) {}
    explicit operator bool() const { return v_.index() == 0; }
    T& value() { return std::get<0>(v_); }
    const T& value() const { return std::get<0>(v_); }
    T& operator*() { return value(); }
    const T& operator*() const { return value(); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    const Error& error() const { return std::get<1>(v_); }

  private:
    std::variant<T, Error> v_;
};

} // namespace ddivk::shader

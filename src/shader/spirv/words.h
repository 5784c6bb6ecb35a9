// Instruction encoding: a stream of 32-bit words, one instruction at a time (SPIR-V 2.3: the first
// word holds the word count in its high half and the opcode in its low half).
#pragma once

#include <cstdint>
#include <initializer_list>
#include <span>
#include <string_view>
#include <vector>

#include "shader/spirv/enums.h"

namespace ddivk::shader::spirv {

using Id = uint32_t;

// Words of a literal string: UTF-8 bytes, little-endian in each word, nul-terminated and padded
// with nuls to a whole word (SPIR-V 2.2.1).
std::vector<uint32_t> stringWords(std::string_view text);

// One section of a module under construction.
class WordStream {
  public:
    // Appends one instruction: opcode and operand words.
    void emit(Op op, std::span<const uint32_t> operands);
    void emit(Op op, std::initializer_list<uint32_t> operands) {
        emit(op, std::span<const uint32_t>(operands.begin(), operands.size()));
    }
    // Operands followed by a literal string, followed by more operands (OpEntryPoint, OpName).
    void emitWithString(Op op, std::span<const uint32_t> before, std::string_view text,
                        std::span<const uint32_t> after = {});

    // Appends words that already form whole instructions.
    void appendInstructions(std::span<const uint32_t> words) {
        words_.insert(words_.end(), words.begin(), words.end());
    }

    const std::vector<uint32_t>& words() const { return words_; }
    bool empty() const { return words_.empty(); }
    size_t size() const { return words_.size(); }

  private:
    std::vector<uint32_t> words_;
};

// One decoded instruction of a finished module (for tests and debug checks).
struct InstructionView {
    Op op;
    std::span<const uint32_t> operands;
};

// Walks the instructions of `words` (without the 5-word header); stops at a malformed word count.
std::vector<InstructionView> instructions(std::span<const uint32_t> words);

} // namespace ddivk::shader::spirv

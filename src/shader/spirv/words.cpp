#include "shader/spirv/words.h"

#include <stdexcept>

namespace ddivk::shader::spirv {

std::vector<uint32_t> stringWords(std::string_view text) {
    std::vector<uint32_t> words(text.size() / 4 + 1, 0);
    for (size_t i = 0; i < text.size(); ++i)
        words[i / 4] |= uint32_t(uint8_t(text[i])) << (8 * (i % 4));
    return words;
}

void WordStream::emit(Op op, std::span<const uint32_t> operands) {
    const size_t count = operands.size() + 1;
    if (count > 0xFFFF) throw std::length_error("SPIR-V instruction longer than 65535 words");
    words_.push_back(uint32_t(count) << 16 | uint32_t(op));
    words_.insert(words_.end(), operands.begin(), operands.end());
}

void WordStream::emitWithString(Op op, std::span<const uint32_t> before, std::string_view text,
                                std::span<const uint32_t> after) {
    std::vector<uint32_t> operands(before.begin(), before.end());
    const std::vector<uint32_t> str = stringWords(text);
    operands.insert(operands.end(), str.begin(), str.end());
    operands.insert(operands.end(), after.begin(), after.end());
    emit(op, operands);
}

std::vector<InstructionView> instructions(std::span<const uint32_t> words) {
    std::vector<InstructionView> out;
    size_t i = 0;
    while (i < words.size()) {
        const uint32_t count = words[i] >> 16;
        if (count == 0 || i + count > words.size()) break;
        out.push_back({Op(words[i] & 0xFFFF), words.subspan(i + 1, count - 1)});
        i += count;
    }
    return out;
}

} // namespace ddivk::shader::spirv

// Helpers for translator tests: assemble text to a Program, translate, check with spirv-val.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "shader/assembler.h"
#include "shader/decoder.h"
#include "shader/translate/translator.h"
#include "unit/shader/spirv_val.h"

namespace ddivk::shader::test {

inline Program programFrom(const std::string& text, const DecodeOptions& options = {}) {
    auto tokens = assemble(text, options);
    if (!tokens) {
        ADD_FAILURE() << tokens.error().message() << "\n" << text;
        return {};
    }
    auto program = decode(*tokens, options);
    if (!program) {
        ADD_FAILURE() << program.error().message();
        return {};
    }
    return *program;
}

// Translates and runs spirv-val; fails the test (and returns an empty module) on any error.
inline Translation translateValid(const std::string& text, const TranslationKey& key = {}) {
    const Program program = programFrom(text, {key.softwareVertexRegisters});
    auto t = translate(program, key);
    if (!t) {
        ADD_FAILURE() << "translation failed: " << t.error().message() << "\n" << text;
        return {};
    }
    const auto val = spirv::test::spirvVal(t->spirv);
    EXPECT_TRUE(val.valid) << val.output << "\n" << text;
    return *t;
}

} // namespace ddivk::shader::test

// Runs spirv-val (SPIRV-Tools, path from meson's find_program) on a module through a temporary
// file; used by the spirv_*_test.cpp files. DDIVK_SPIRV_KEEP=1 keeps the .spv files in the
// test temp directory.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <span>
#include <sstream>
#include <string>
#include <unistd.h>

namespace ddivk::shader::spirv::test {

struct ValOutcome {
    bool valid = false;
    std::string output; // spirv-val's messages
};

inline ValOutcome spirvVal(std::span<const uint32_t> words, const std::string& targetEnv = "vulkan1.1") {
    static int counter = 0;
    const std::string base =
        ::testing::TempDir() + "ddivk-spirv-" + std::to_string(getpid()) + "-" + std::to_string(counter++);
    const std::string module = base + ".spv", log = base + ".txt";
    {
        std::ofstream out(module, std::ios::binary);
        out.write(reinterpret_cast<const char*>(words.data()), std::streamsize(words.size_bytes()));
    }
    const std::string command = std::string("\"") + DDIVK_SPIRV_VAL + "\" --target-env " + targetEnv + " \"" +
                                module + "\" >\"" + log + "\" 2>&1";
    const int status = std::system(command.c_str());
    std::ifstream in(log);
    std::stringstream text;
    text << in.rdbuf();
    // DDIVK_SPIRV_KEEP=1 keeps the modules for spirv-dis.
    if (!std::getenv("DDIVK_SPIRV_KEEP")) std::remove(module.c_str());
    std::remove(log.c_str());
    return {status == 0, text.str()};
}

} // namespace ddivk::shader::spirv::test

// ddivk-dis FILE: prints a binary D3D9 shader (little-endian tokens) as assembly text.
// Exit status: 0 printed, 1 usage or I/O error, 2 malformed shader (the error on stderr).
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <vector>

#include "shader/decoder.h"
#include "shader/disassembler.h"

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: ddivk-dis FILE\n");
        return 1;
    }
    std::ifstream file(argv[1], std::ios::binary);
    if (!file) {
        std::fprintf(stderr, "ddivk-dis: cannot open %s\n", argv[1]);
        return 1;
    }
    const std::vector<char> bytes{std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
    if (bytes.size() % 4 != 0) {
        std::fprintf(stderr, "ddivk-dis: %s: %zu bytes is not a whole number of tokens\n", argv[1],
                     bytes.size());
        return 2;
    }
    std::vector<uint32_t> tokens(bytes.size() / 4);
    if (!bytes.empty()) std::memcpy(tokens.data(), bytes.data(), bytes.size());
    const auto program = ddivk::shader::decode(tokens);
    if (!program) {
        std::fprintf(stderr, "ddivk-dis: %s: %s\n", argv[1], program.error().message().c_str());
        return 2;
    }
    std::fputs(ddivk::shader::disassemble(*program).c_str(), stdout);
    return 0;
}

// libFuzzer target for the D3D9 shader decoder (docs/shader-bytecode.md): arbitrary bytes become
// a token stream in an allocation of exactly its size, so AddressSanitizer catches any read past
// it. What decodes is disassembled, and must survive the round trip: the text assembles, and
// decoding that gives the same program (comments and tokens after the end token aside). The
// same bytes are also read as assembly text: what assembles must round-trip token for token.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "shader/assembler.h"
#include "shader/decoder.h"
#include "shader/disassembler.h"
#include "shader/encoder.h"

namespace {

[[noreturn]] void broken(const char* what, const std::string& detail) {
    std::fprintf(stderr, "shader_fuzz: %s\n%s\n", what, detail.c_str());
    std::abort();
}

} // namespace

namespace {

void assembleText(const uint8_t* input, size_t size) {
    using namespace ddivk::shader;
    const std::string text(reinterpret_cast<const char*>(input), size);
    const auto tokens = assemble(text);
    if (!tokens) {
        (void)tokens.error().message();
        return;
    }
    const auto program = decode(*tokens);
    if (!program) broken("assembled tokens do not decode", program.error().message());
    const std::string listing = disassemble(*program);
    const auto again = assemble(listing);
    if (!again || *again != *tokens) broken("assembled text does not round-trip", listing);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* input, size_t size) {
    using namespace ddivk::shader;
    if (size > 0 && (input[0] == 'v' || input[0] == 'p')) assembleText(input, size);
    const size_t count = size / 4;
    const std::unique_ptr<uint32_t[]> tokens(new uint32_t[count]);
    if (count) std::memcpy(tokens.get(), input, count * 4);
    // Decoded as for any device, then with software vertex processing's register files (what
    // the first takes, the second must take too).
    bool decodedBefore = false;
    for (const DecodeOptions options : {DecodeOptions{false}, DecodeOptions{true}}) {
        const auto program = decode(std::span<const uint32_t>(tokens.get(), count), options);
        if (!program) {
            if (decodedBefore)
                broken("software registers refuse what hardware ones take", program.error().message());
            (void)program.error().message();
            continue;
        }
        decodedBefore = true;
        const std::string text = disassemble(*program);
        const auto assembled = assemble(text, options);
        if (!assembled)
            broken("the disassembly does not assemble", assembled.error().message() + "\n" + text);
        if (*assembled != encode(*program)) broken("assembled tokens differ from the encoded program", text);
        const auto again = decode(*assembled, options);
        if (!again) broken("the assembled tokens do not decode", again.error().message() + "\n" + text);
        if (!(*again == *program)) broken("the round trip changed the program", text);
    }
    return 0;
}

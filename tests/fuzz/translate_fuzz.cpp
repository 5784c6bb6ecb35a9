// libFuzzer target for the D3D9 shader translator (src/shader/translate): arbitrary bytes become
// a token stream (in an allocation of exactly its size); what decodes is translated, and the
// translation is either an Error or a module that passes SPIR-V validation for Vulkan 1.1,
// checked in-process with SPIRV-Tools' spvValidateBinary (spirv-val's library). Tokens after
// the end token, ignored by decode(), choose the TranslationKey. Input that starts with 'v' or
// 'p' is also read as assembly text and translated with the default key.
//
// Also checked on every decodable program: translation is deterministic and TranslationCache
// returns the same result; the cache's key (cacheKeyLength) decodes to the same program as the
// whole stream.
//
// DDIVK_TRANSLATE_FUZZ_FINDINGS=DIR: a module that fails validation does not stop the run; the
// input and the message go to DIR, one pair per distinct message (numbers left out), for triage
// of several findings in one run.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <memory>
#include <span>
#include <string>

#include <spirv-tools/libspirv.h>

#include "shader/assembler.h"
#include "shader/decoder.h"
#include "shader/disassembler.h"
#include "shader/translate/cache.h"
#include "shader/translate/translator.h"

namespace {

using namespace ddivk::shader;

std::span<const uint8_t> currentInput;

[[noreturn]] void broken(const char* what, const std::string& detail, const Program& program) {
    std::fprintf(stderr, "translate_fuzz: %s\n%s\n-- program:\n%s\n", what, detail.c_str(),
                 disassemble(program).c_str());
    std::abort();
}

// spirv-val --target-env vulkan1.1, in-process: "" when valid, else its message.
std::string validate(const std::vector<uint32_t>& words) {
    static const spv_context context = spvContextCreate(SPV_ENV_VULKAN_1_1);
    spv_diagnostic diagnostic = nullptr;
    const spv_result_t result = spvValidateBinary(context, words.data(), words.size(), &diagnostic);
    std::string message;
    if (result != SPV_SUCCESS) {
        message = "spvValidate: " + std::to_string(int(result));
        if (diagnostic) {
            message += " at word " + std::to_string(diagnostic->position.index) + ": " + diagnostic->error;
        }
    }
    spvDiagnosticDestroy(diagnostic);
    return message;
}

// With DDIVK_TRANSLATE_FUZZ_FINDINGS set: writes the input and `message` to that folder (once
// per message, numbers aside) and returns true.
bool kept(const std::string& message, const Program& program) {
    static const char* const dir = std::getenv("DDIVK_TRANSLATE_FUZZ_FINDINGS");
    if (!dir) return false;
    std::string shape;
    for (char c : message.substr(0, message.find('\n')))
        if (c < '0' || c > '9') shape += c;
    const std::string base = std::string(dir) + "/" + std::to_string(std::hash<std::string>{}(shape));
    if (std::ifstream(base + ".txt")) return true;
    std::ofstream(base + ".bin", std::ios::binary)
        .write(reinterpret_cast<const char*>(currentInput.data()), std::streamsize(currentInput.size()));
    std::ofstream(base + ".txt") << message << "\n-- program:\n" << disassemble(program);
    return true;
}

// The key from the tokens after the end token, each field kept to the values the device
// passes: samplerDims 2 bits a sampler (0 2D, 1 cube, 2 volume), D3DCMP_* 1..8, PixelFog, the
// vertex output mask and w-is-one inputs, fetched inputs.
TranslationKey keyFrom(std::span<const uint32_t> extra) {
    TranslationKey key;
    if (extra.size() >= 1) {
        uint32_t dims = extra[0];
        for (uint32_t n = 0; n < 16; ++n)
            if (((dims >> (2 * n)) & 3) == 3) dims &= ~(3u << (2 * n));
        key.samplerDims = dims;
    }
    if (extra.size() >= 2) {
        key.shadowSamplers = uint16_t(extra[1]);
        key.projectedDivisors = uint16_t(extra[1] >> 16);
    }
    if (extra.size() >= 3) {
        key.alphaFunc = uint8_t(1 + (extra[2] & 0xFF) % 8);
        key.fog = PixelFog(((extra[2] >> 8) & 0xFF) % 5);
        key.legacyZeroMul = !((extra[2] >> 16) & 1);
        key.flatColors = (extra[2] >> 17) & 1;
        key.softwareVertexRegisters = (extra[2] >> 19) & 1; // decoded with the same option
        key.pointSize = !((extra[2] >> 20) & 1);
        key.clipDistances = (extra[2] >> 21) & 1;
    }
    if (extra.size() >= 4) {
        key.vsOutputLocations = extra[3];
        key.inputWIsOne = uint16_t(extra[3] >> 16);
        // Pixel shaders linked to a given set of varyings (as after the fixed-function stage).
        if (extra.size() >= 3 && (extra[2] >> 18) & 1) key.psInputLocations = extra[3];
    }
    // Then one word per fetched input: D3DDECLTYPE (17 and up: an attribute), stream, offset.
    for (size_t i = 0; i < key.fetch.size() && 4 + i < extra.size(); ++i) {
        const uint32_t w = extra[4 + i];
        if (w % 24 < 17) key.fetch[i] = {uint8_t(w % 24), uint8_t((w >> 8) % 16), uint16_t(((w >> 16) % 64) * 4)};
    }
    return key;
}

void checkTranslation(const Program& program, std::span<const uint32_t> tokens, const TranslationKey& key) {
    const auto t = translate(program, key);
    if (!t) {
        (void)t.error().message();
    } else {
        if (t->type != program.type) broken("the translation has the wrong shader type", "", program);
        if (t->spirv.size() < 5 || t->spirv[0] != 0x07230203)
            broken("the module has no SPIR-V header", "", program);
        const std::string message = validate(t->spirv);
        if (!message.empty() && !kept(message, program))
            broken("the module fails validation", message, program);
    }
    // Deterministic, and the cache gives what translate() gives.
    TranslationCache cache;
    const auto cached = cache.get(tokens, key);
    if (bool(cached) != bool(t))
        broken("the cache and translate() disagree", cached ? t.error().message() : cached.error().message(),
               program);
    if (t && (*cached)->spirv != t->spirv) broken("translating twice gives different modules", "", program);
    if (!t && cached.error().message() != t.error().message())
        broken("translating twice gives different errors", cached.error().message(), program);
}

void assembleText(const uint8_t* input, size_t size) {
    const auto tokens = assemble(std::string_view(reinterpret_cast<const char*>(input), size));
    if (!tokens) return;
    const auto program = decode(*tokens);
    if (!program) return; // shader_fuzz checks that assembled text decodes
    checkTranslation(*program, *tokens, {});
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* input, size_t size) {
    currentInput = std::span<const uint8_t>(input, size);
    if (size > 0 && (input[0] == 'v' || input[0] == 'p')) assembleText(input, size);
    const size_t count = size / 4;
    const std::unique_ptr<uint32_t[]> buffer(new uint32_t[count]);
    if (count) std::memcpy(buffer.get(), input, count * 4);
    const std::span<const uint32_t> tokens(buffer.get(), count);
    // The cache keys on the tokens to the end token: they must decode to the same program.
    const size_t keyLength = cacheKeyLength(tokens);
    const TranslationKey key = keyFrom(tokens.subspan(keyLength));
    const DecodeOptions options{key.softwareVertexRegisters};
    const auto program = decode(tokens, options);
    if (!program) return 0;
    const auto keyed = decode(tokens.first(keyLength), options);
    if (!keyed || !(*keyed == *program))
        broken("the cache key's tokens decode differently",
               keyed ? "to another program" : keyed.error().message(), *program);
    checkTranslation(*program, tokens, key);
    return 0;
}

// libFuzzer over the capture reader (docs/dp2-capture.md): any input must give a capture or a
// ReadError, never a crash or an unchecked allocation; what reads as a complete capture must
// encode back to the same bytes, and the streaming reader must agree with the whole read.
// Build: clang++ -fsanitize=fuzzer,address,undefined (tests/fuzz/meson.build, -Dfuzzers=true).
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>

#include "capture/encode.h"
#include "capture/reader.h"

using namespace ddivk::capture;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::span<const uint8_t> bytes(data, size);

    Expected<Capture> strict = readCapture(bytes);
    Expected<Capture> partial = readCapture(bytes, {.allowIncomplete = true});
    if (strict) {
        // A valid capture is also valid when incomplete ones are allowed, with the same content.
        if (!partial || partial->submissions.size() != strict->submissions.size()) __builtin_trap();
        // Every field is stored and every reserved field is 0: re-encoding gives the input back.
        if (strict->skippedRecords == 0 &&
            encodeCapture(*strict) != std::vector<uint8_t>(bytes.begin(), bytes.end()))
            __builtin_trap();
    } else if (strict.error().message().empty()) {
        __builtin_trap();
    }

    // The validation-only pass of the streaming reader reaches the same verdict: header errors
    // lie below the first record (offset < 32), record errors at or after it.
    Expected<CaptureReader> reader = CaptureReader::open(std::make_unique<MemorySource>(bytes));
    const bool headerFailed = !strict && strict.error().offset < kFileHeaderSize;
    if (reader.ok() == headerFailed) __builtin_trap();
    if (reader) {
        Submission s;
        CaptureReader::Step step;
        uint32_t count = 0;
        while ((step = reader->next(s, false)) == CaptureReader::Step::Submission)
            ++count;
        if ((step == CaptureReader::Step::End) != strict.ok()) __builtin_trap();
        if (strict && count != strict->submissions.size()) __builtin_trap();
        if (!strict && reader->error().offset != strict.error().offset) __builtin_trap();
    }
    return 0;
}

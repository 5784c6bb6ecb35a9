// Decodes and validates a D3D9 shader token stream (vs_1_1 .. vs_3_0, ps_1_1 .. ps_3_0).
#pragma once

#include <cstdint>
#include <span>

#include "shader/program.h"

namespace ddivk::shader {

struct DecodeOptions {
    // Vertex shaders of a device with software vertex processing's register files
    // (state/device_state.h): c0..c8191, i0..i2047 and b0..b2047 in every version, as Windows'
    // runtime takes them on SOFTWARE and MIXED devices (Wine's test_unsupported_shaders).
    bool softwareVertexRegisters = false;
};

// The program, or the first rule the stream breaks (Error::offset counts tokens). Reads only
// inside `tokens`; tokens after the end token are ignored; comments are checked and skipped.
Result<Program> decode(std::span<const uint32_t> tokens, const DecodeOptions& options = {});

} // namespace ddivk::shader

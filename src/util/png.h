// A minimal PNG writer (8-bit RGBA, stored deflate blocks): enough for tools to dump a render
// target without a zlib dependency. Files are larger than zlib's, but exact and portable.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace ddivk::png {

// Encodes width x height RGBA8 pixels (rows of width * 4 bytes, top row first).
std::vector<uint8_t> encodeRgba8(uint32_t width, uint32_t height, const uint8_t* rgba);

// Encodes and writes to path; returns false (with errno set by stdio) on failure.
bool writeRgba8(const std::string& path, uint32_t width, uint32_t height, const uint8_t* rgba);

// Checksums used by PNG; exposed for tests.
uint32_t crc32(const uint8_t* data, size_t size, uint32_t crc = 0);
uint32_t adler32(const uint8_t* data, size_t size);

} // namespace ddivk::png

// What ddivk-replay does with the render target it reads back (docs/dp2-capture.md, "Replay"):
// the FNV-1a hash it prints, and the conversion to RGBA8 for --png.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace ddivk::capture {

inline constexpr uint64_t kFnv1a64OffsetBasis = 0xcbf29ce484222325ull;
inline constexpr uint64_t kFnv1a64Prime = 0x100000001b3ull;

// 64-bit FNV-1a of bytes, continuing from hash.
uint64_t fnv1a64(std::span<const uint8_t> bytes, uint64_t hash = kFnv1a64OffsetBasis);

// Converts width x height pixels of a D3DFORMAT (rows of width * bytes per pixel, no padding)
// to RGBA8 rows. X formats give alpha 255; 5- and 6-bit channels widen by bit replication.
// False (rgba untouched) for formats without a conversion or a pixels span of the wrong size.
bool toRgba8(uint32_t format, uint32_t width, uint32_t height, std::span<const uint8_t> pixels,
             std::vector<uint8_t>& rgba);

} // namespace ddivk::capture

// The surface formats a version-1 capture may name (docs/dp2-capture.md, "File header"), with
// the bytes per pixel that readback and hashing use.
#pragma once

#include <cstdint>
#include <span>

namespace ddivk::capture {

enum class SurfaceKind : uint8_t { RenderTarget, DepthStencil };

// One row of the table: a D3DFORMAT a capture may name.
struct SurfaceFormatInfo {
    uint32_t format; // D3DFORMAT
    SurfaceKind kind;
    uint32_t bytesPerPixel;
    const char* name;
};

// Every row, render targets first.
std::span<const SurfaceFormatInfo> surfaceFormats();

// The row for format if it is a format of that kind, else null.
const SurfaceFormatInfo* findSurfaceFormat(uint32_t format, SurfaceKind kind);

} // namespace ddivk::capture

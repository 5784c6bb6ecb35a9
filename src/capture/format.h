// The DP2 capture file format, version 1: constants, limits and field offsets. The
// specification is docs/dp2-capture.md; every number here is a number there.
#pragma once

#include <cstdint>

namespace ddivk::capture {

inline constexpr uint8_t kMagic[8] = {'D', 'D', 'I', 'V', 'K', 'D', 'P', '2'};
inline constexpr uint32_t kVersion = 1;

inline constexpr uint32_t kFileHeaderSize = 32;
inline constexpr uint32_t kRecordHeaderSize = 8;
inline constexpr uint32_t kSubmissionFixedSize = 64;
inline constexpr uint32_t kEndPayloadSize = 8;

// CAP: the largest record payload and the largest recorded buffer.
inline constexpr uint32_t kMaxPayload = 256u << 20;
inline constexpr uint32_t kMaxBufferSize = kMaxPayload;
// Render-target limits: each side, and width * height * bytes per pixel.
inline constexpr uint32_t kMaxDimension = 16384;
inline constexpr uint64_t kMaxRenderTargetBytes = uint64_t(1) << 30;

// Record types. Unknown types with kRecordCritical set make a reader fail; others are skipped.
inline constexpr uint32_t kRecordSubmission = 1;
inline constexpr uint32_t kRecordEnd = 2;
inline constexpr uint32_t kRecordCritical = 0x80000000u;

// What a DrawPrimitives2 buffer pointer was (commandSource / vertexSource).
enum class BufferSource : uint32_t {
    None = 0,       // a null pointer
    UserMemory = 1, // lpVertices with D3DHALDP2_USERMEMVERTICES
    Dp2Buffer = 2,  // a DDIVK_DP2BUFFER
};

// The file header's description of the surfaces the recorded context drew into.
struct RenderTargetDesc {
    uint32_t width = 0;
    uint32_t height = 0;
    uint32_t format = 0;             // D3DFORMAT of the render target
    uint32_t depthStencilFormat = 0; // D3DFORMAT of the depth-stencil, 0: none
    // headerFlags' kHeaderSoftwareVertexRegisters: the device had software vertex processing's
    // register files (DDIVK_DEVICE_SOFTWARE_VERTEX_REGISTERS), which a replay opens again.
    bool softwareVertexRegisters = false;
};

// headerFlags bits; the others are reserved and must be 0.
inline constexpr uint32_t kHeaderSoftwareVertexRegisters = 1;

// File header field offsets.
namespace header_field {
inline constexpr uint32_t magic = 0, version = 8, rtWidth = 12, rtHeight = 16, rtFormat = 20, dsFormat = 24,
                          headerFlags = 28;
}

// Record header field offsets, from the record's first byte.
namespace record_field {
inline constexpr uint32_t type = 0, payloadLength = 4;
}

// SUBMISSION payload field offsets, from the payload's first byte.
namespace submission_field {
inline constexpr uint32_t dwFlags = 0, dwVertexType = 4, dwCommandOffset = 8, dwCommandLength = 12,
                          dwVertexOffset = 16, dwVertexLength = 20, dwVertexSize = 24,
                          dwReqVertexBufSize = 28, dwReqCommandBufSize = 32, commandSource = 36,
                          commandBufferSize = 40, commandStoredBytes = 44, vertexSource = 48,
                          vertexBufferSize = 52, vertexStoredBytes = 56, submissionFlags = 60;
}

// END payload field offsets.
namespace end_field {
inline constexpr uint32_t submissionCount = 0, endFlags = 4;
}

} // namespace ddivk::capture

// A DP2 capture in memory: the render target it drew into and its DrawPrimitives2 calls, as
// docs/dp2-capture.md records them.
#pragma once

#include <cstdint>
#include <vector>

#include "capture/format.h"

namespace ddivk::capture {

// The D3DHAL_DRAWPRIMITIVES2DATA inputs a capture records, verbatim.
struct SubmissionFields {
    uint32_t dwFlags = 0;
    uint32_t dwVertexType = 0;
    uint32_t dwCommandOffset = 0;
    uint32_t dwCommandLength = 0;
    uint32_t dwVertexOffset = 0;
    uint32_t dwVertexLength = 0;
    uint32_t dwVertexSize = 0;
    uint32_t dwReqVertexBufSize = 0;
    uint32_t dwReqCommandBufSize = 0;
};

// One recorded buffer: what the pointer was, its size, and its first bytes.
struct BufferCapture {
    BufferSource source = BufferSource::None;
    uint32_t size = 0;          // bytes the buffer had; a replayer allocates this many
    uint32_t storedBytes = 0;   // bytes recorded from its start
    std::vector<uint8_t> bytes; // those bytes; empty when read without bytes
};

// One DrawPrimitives2 call.
struct Submission : SubmissionFields {
    BufferCapture commands;
    BufferCapture vertices;
    uint64_t fileOffset = 0; // where its record starts in the file
};

// A whole capture.
struct Capture {
    RenderTargetDesc target;
    std::vector<Submission> submissions;
    uint32_t skippedRecords = 0; // unknown, skippable records
    bool complete = true;        // false: it ended before its END record (ReadOptions::allowIncomplete)
};

} // namespace ddivk::capture

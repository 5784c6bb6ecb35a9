// Encodes the pieces of a capture file (docs/dp2-capture.md), for the writer and for tests.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "capture/capture.h"
#include "capture/format.h"

namespace ddivk::capture {

// One buffer of a call as a writer records it: what the pointer was, the buffer's size, and the
// bytes from its start to store (stored.size() <= size).
struct BufferView {
    BufferSource source = BufferSource::None;
    uint32_t size = 0;
    std::span<const uint8_t> stored;
};

std::array<uint8_t, kFileHeaderSize> encodeFileHeader(const RenderTargetDesc& target);

// A SUBMISSION's record header and fixed part; the stored command and vertex bytes follow it.
std::array<uint8_t, kRecordHeaderSize + kSubmissionFixedSize>
encodeSubmissionHead(const SubmissionFields& fields, const BufferView& commands, const BufferView& vertices);

std::array<uint8_t, kRecordHeaderSize + kEndPayloadSize> encodeEnd(uint32_t submissionCount);

// A whole file, fields taken as they are (storedBytes is each bytes.size()) and not checked,
// so tests can build malformed files too.
std::vector<uint8_t> encodeCapture(const Capture& capture);

// Why a writer may not record these, or null: the rules of the file header.
const char* checkTarget(const RenderTargetDesc& target);
// Why a writer may not record these, or null: the SUBMISSION rules for buffers and CAP.
const char* checkBuffers(const BufferView& commands, const BufferView& vertices);

} // namespace ddivk::capture

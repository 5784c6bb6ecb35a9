// A small valid capture used by the capture tests: every buffer source, partial DP2 buffers.
#pragma once

#include <cstdint>
#include <vector>

#include "capture/capture.h"
#include "ddivk/d3d9_formats.h"
#include "ddivk/dp2.h"

namespace ddivk::capture::test {

inline std::vector<uint8_t> pattern(size_t size, uint8_t seed) {
    std::vector<uint8_t> bytes(size);
    for (size_t i = 0; i < size; ++i)
        bytes[i] = uint8_t(seed + i * 7);
    return bytes;
}

inline BufferCapture buffer(BufferSource source, uint32_t size, std::vector<uint8_t> bytes) {
    BufferCapture b;
    b.source = source;
    b.size = size;
    b.storedBytes = uint32_t(bytes.size());
    b.bytes = std::move(bytes);
    return b;
}

inline Capture sampleCapture() {
    Capture c;
    c.target = {64, 32, D3DFMT_X8R8G8B8, D3DFMT_D24S8};

    Submission userMemory; // DP2 commands, user-memory vertices
    userMemory.dwFlags = D3DHALDP2_USERMEMVERTICES;
    userMemory.dwVertexType = 0x44;
    userMemory.dwCommandOffset = 4;
    userMemory.dwCommandLength = 20;
    userMemory.dwVertexOffset = 8;
    userMemory.dwVertexLength = 3;
    userMemory.dwVertexSize = 20;
    userMemory.commands = buffer(BufferSource::Dp2Buffer, 4096, pattern(24, 1));
    userMemory.vertices = buffer(BufferSource::UserMemory, 68, pattern(68, 2));
    c.submissions.push_back(userMemory);

    Submission vertexBuffer; // both from DP2 buffers, partly stored
    vertexBuffer.dwFlags = D3DHALDP2_SWAPCOMMANDBUFFER | D3DHALDP2_REQCOMMANDBUFSIZE;
    vertexBuffer.dwVertexType = 0x144;
    vertexBuffer.dwCommandLength = 12;
    vertexBuffer.dwVertexOffset = 0;
    vertexBuffer.dwVertexLength = 2;
    vertexBuffer.dwVertexSize = 28;
    vertexBuffer.dwReqVertexBufSize = 1234;
    vertexBuffer.dwReqCommandBufSize = 5678;
    vertexBuffer.commands = buffer(BufferSource::Dp2Buffer, 256, pattern(12, 3));
    vertexBuffer.vertices = buffer(BufferSource::Dp2Buffer, 1024, pattern(56, 4));
    c.submissions.push_back(vertexBuffer);

    Submission nulls; // no buffers at all: a call the driver must reject
    nulls.dwCommandLength = 8;
    c.submissions.push_back(nulls);
    return c;
}

// File offsets of each record of encodeCapture(capture), the END record last.
inline std::vector<uint64_t> recordOffsets(const Capture& capture) {
    std::vector<uint64_t> offsets;
    uint64_t at = kFileHeaderSize;
    for (const Submission& s : capture.submissions) {
        offsets.push_back(at);
        at += kRecordHeaderSize + kSubmissionFixedSize + s.commands.bytes.size() + s.vertices.bytes.size();
    }
    offsets.push_back(at);
    return offsets;
}

} // namespace ddivk::capture::test

#include "capture/encode.h"

#include <cstring>

#include "capture/byte_io.h"
#include "capture/surface_formats.h"

namespace ddivk::capture {

std::array<uint8_t, kFileHeaderSize> encodeFileHeader(const RenderTargetDesc& target) {
    namespace h = header_field;
    std::array<uint8_t, kFileHeaderSize> b{};
    std::memcpy(b.data() + h::magic, kMagic, sizeof kMagic);
    storeLe32(b.data() + h::version, kVersion);
    storeLe32(b.data() + h::rtWidth, target.width);
    storeLe32(b.data() + h::rtHeight, target.height);
    storeLe32(b.data() + h::rtFormat, target.format);
    storeLe32(b.data() + h::dsFormat, target.depthStencilFormat);
    storeLe32(b.data() + h::headerFlags, target.softwareVertexRegisters ? kHeaderSoftwareVertexRegisters : 0);
    return b;
}

std::array<uint8_t, kRecordHeaderSize + kSubmissionFixedSize>
encodeSubmissionHead(const SubmissionFields& fields, const BufferView& commands, const BufferView& vertices) {
    namespace s = submission_field;
    std::array<uint8_t, kRecordHeaderSize + kSubmissionFixedSize> b{};
    const uint64_t length = uint64_t(kSubmissionFixedSize) + commands.stored.size() + vertices.stored.size();
    storeLe32(b.data() + record_field::type, kRecordSubmission);
    storeLe32(b.data() + record_field::payloadLength, uint32_t(length));
    uint8_t* p = b.data() + kRecordHeaderSize;
    storeLe32(p + s::dwFlags, fields.dwFlags);
    storeLe32(p + s::dwVertexType, fields.dwVertexType);
    storeLe32(p + s::dwCommandOffset, fields.dwCommandOffset);
    storeLe32(p + s::dwCommandLength, fields.dwCommandLength);
    storeLe32(p + s::dwVertexOffset, fields.dwVertexOffset);
    storeLe32(p + s::dwVertexLength, fields.dwVertexLength);
    storeLe32(p + s::dwVertexSize, fields.dwVertexSize);
    storeLe32(p + s::dwReqVertexBufSize, fields.dwReqVertexBufSize);
    storeLe32(p + s::dwReqCommandBufSize, fields.dwReqCommandBufSize);
    storeLe32(p + s::commandSource, uint32_t(commands.source));
    storeLe32(p + s::commandBufferSize, commands.size);
    storeLe32(p + s::commandStoredBytes, uint32_t(commands.stored.size()));
    storeLe32(p + s::vertexSource, uint32_t(vertices.source));
    storeLe32(p + s::vertexBufferSize, vertices.size);
    storeLe32(p + s::vertexStoredBytes, uint32_t(vertices.stored.size()));
    storeLe32(p + s::submissionFlags, 0);
    return b;
}

std::array<uint8_t, kRecordHeaderSize + kEndPayloadSize> encodeEnd(uint32_t submissionCount) {
    std::array<uint8_t, kRecordHeaderSize + kEndPayloadSize> b{};
    storeLe32(b.data() + record_field::type, kRecordEnd);
    storeLe32(b.data() + record_field::payloadLength, kEndPayloadSize);
    storeLe32(b.data() + kRecordHeaderSize + end_field::submissionCount, submissionCount);
    storeLe32(b.data() + kRecordHeaderSize + end_field::endFlags, 0);
    return b;
}

std::vector<uint8_t> encodeCapture(const Capture& capture) {
    std::vector<uint8_t> out;
    auto append = [&out](std::span<const uint8_t> bytes) {
        out.insert(out.end(), bytes.begin(), bytes.end());
    };
    append(encodeFileHeader(capture.target));
    for (const Submission& s : capture.submissions) {
        const BufferView commands{s.commands.source, s.commands.size, s.commands.bytes};
        const BufferView vertices{s.vertices.source, s.vertices.size, s.vertices.bytes};
        append(encodeSubmissionHead(s, commands, vertices));
        append(commands.stored);
        append(vertices.stored);
    }
    append(encodeEnd(uint32_t(capture.submissions.size())));
    return out;
}

const char* checkTarget(const RenderTargetDesc& target) {
    if (target.width < 1 || target.width > kMaxDimension || target.height < 1 ||
        target.height > kMaxDimension)
        return "render-target size outside 1..16384";
    const SurfaceFormatInfo* rt = findSurfaceFormat(target.format, SurfaceKind::RenderTarget);
    if (!rt) return "render-target format not in the capture format table";
    if (target.depthStencilFormat != 0 &&
        !findSurfaceFormat(target.depthStencilFormat, SurfaceKind::DepthStencil))
        return "depth-stencil format not in the capture format table";
    if (uint64_t(target.width) * target.height * rt->bytesPerPixel > kMaxRenderTargetBytes)
        return "render target larger than 2^30 bytes";
    return nullptr;
}

namespace {

const char* checkBuffer(const BufferView& view, bool commands) {
    if (view.stored.size() > view.size) return "stored bytes exceed the buffer size";
    if (view.size > kMaxBufferSize) return "buffer larger than 256 MiB";
    switch (view.source) {
    case BufferSource::None:
        return view.size == 0 ? nullptr : "a null buffer with a size";
    case BufferSource::UserMemory:
        if (commands) return "commands in user memory";
        return view.stored.size() == view.size ? nullptr : "user memory not stored whole";
    case BufferSource::Dp2Buffer:
        return nullptr;
    }
    return "unknown buffer source";
}

} // namespace

const char* checkBuffers(const BufferView& commands, const BufferView& vertices) {
    if (const char* why = checkBuffer(commands, true)) return why;
    if (const char* why = checkBuffer(vertices, false)) return why;
    if (uint64_t(kSubmissionFixedSize) + commands.stored.size() + vertices.stored.size() > kMaxPayload)
        return "the record would exceed 256 MiB";
    return nullptr;
}

} // namespace ddivk::capture

// The reader follows docs/dp2-capture.md, "Validation order and errors", step by step.
#include "capture/reader.h"

#include <cinttypes>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <optional>

#include "capture/byte_io.h"
#include "capture/format.h"
#include "capture/surface_formats.h"
#include "util/log.h"

namespace ddivk::capture {
namespace {

std::string format(const char* fmt, ...) DDIVK_PRINTF_FORMAT(1, 2);
std::string format(const char* fmt, ...) {
    char buffer[256];
    va_list args;
    va_start(args, fmt);
    std::vsnprintf(buffer, sizeof buffer, fmt, args);
    va_end(args);
    return buffer;
}

std::string recordName(uint32_t index, uint32_t type) {
    if (type == kRecordSubmission) return format("record %u (SUBMISSION)", index);
    if (type == kRecordEnd) return format("record %u (END)", index);
    return format("record %u (type 0x%08x)", index, type);
}

// An error outside any record.
ReadError errorAt(ErrorKind kind, uint64_t offset, const char* field, std::string reason) {
    return ReadError{kind, offset, field, {}, std::move(reason)};
}

} // namespace

Expected<CaptureReader> CaptureReader::open(std::unique_ptr<ByteSource> source, ReadOptions options) {
    CaptureReader reader(std::move(source), options);
    if (std::optional<ReadError> error = reader.headerError()) return *error;
    return reader;
}

// Step 1: the file header.
std::optional<ReadError> CaptureReader::headerError() {
    namespace h = header_field;
    const uint64_t size = source_->size();
    if (size < kFileHeaderSize) {
        return errorAt(
            ErrorKind::Truncated, size, "file header",
            format("the data is %" PRIu64 " bytes; the file header needs %u", size, kFileHeaderSize));
    }
    uint8_t b[kFileHeaderSize];
    if (!source_->read(0, b, sizeof b))
        return errorAt(ErrorKind::Io, 0, "file header", "the file could not be read");
    if (std::memcmp(b + h::magic, kMagic, sizeof kMagic) != 0)
        return errorAt(ErrorKind::BadMagic, h::magic, "magic", "the file does not start with DDIVKDP2");
    const uint32_t version = loadLe32(b + h::version);
    if (version != kVersion) {
        return errorAt(ErrorKind::BadVersion, h::version, "version",
                       format("version %u; this reader implements version %u", version, kVersion));
    }
    RenderTargetDesc& t = target_;
    t.width = loadLe32(b + h::rtWidth);
    t.height = loadLe32(b + h::rtHeight);
    t.format = loadLe32(b + h::rtFormat);
    t.depthStencilFormat = loadLe32(b + h::dsFormat);
    if (t.width < 1 || t.width > kMaxDimension)
        return errorAt(ErrorKind::BadValue, h::rtWidth, "rtWidth",
                       format("%u is outside 1..%u", t.width, kMaxDimension));
    if (t.height < 1 || t.height > kMaxDimension) {
        return errorAt(ErrorKind::BadValue, h::rtHeight, "rtHeight",
                       format("%u is outside 1..%u", t.height, kMaxDimension));
    }
    const SurfaceFormatInfo* rt = findSurfaceFormat(t.format, SurfaceKind::RenderTarget);
    if (!rt) {
        return errorAt(ErrorKind::BadValue, h::rtFormat, "rtFormat",
                       format("D3DFORMAT %u (0x%x) is not a render-target format a capture may name",
                              t.format, t.format));
    }
    if (t.depthStencilFormat != 0 && !findSurfaceFormat(t.depthStencilFormat, SurfaceKind::DepthStencil)) {
        return errorAt(ErrorKind::BadValue, h::dsFormat, "dsFormat",
                       format("D3DFORMAT %u (0x%x) is neither 0 nor a depth-stencil format",
                              t.depthStencilFormat, t.depthStencilFormat));
    }
    const uint64_t rtBytes = uint64_t(t.width) * t.height * rt->bytesPerPixel;
    if (rtBytes > kMaxRenderTargetBytes) {
        return errorAt(ErrorKind::TooLarge, h::rtWidth, "rtWidth",
                       format("%u x %u %s is %" PRIu64 " bytes; the limit is %" PRIu64, t.width, t.height,
                              rt->name, rtBytes, kMaxRenderTargetBytes));
    }
    const uint32_t flags = loadLe32(b + h::headerFlags);
    if (flags & ~kHeaderSoftwareVertexRegisters)
        return errorAt(ErrorKind::BadValue, h::headerFlags, "headerFlags",
                       format("0x%08x; bits other than 0 are reserved, must be 0", flags));
    t.softwareVertexRegisters = (flags & kHeaderSoftwareVertexRegisters) != 0;
    position_ = kFileHeaderSize;
    return std::nullopt;
}

void CaptureReader::rewind() {
    state_ = State::Reading;
    position_ = kFileHeaderSize;
    recordIndex_ = submissions_ = skipped_ = 0;
    complete_ = false;
    record_.clear();
    error_ = ReadError{};
}

CaptureReader::Step CaptureReader::fail(ErrorKind kind, uint64_t offset, const char* field,
                                        std::string reason) {
    error_ = ReadError{kind, offset, field, record_, std::move(reason)};
    state_ = State::Failed;
    return Step::Error;
}

// The data ends before the END record: an error, or with allowIncomplete the end.
CaptureReader::Step CaptureReader::endOfData(ErrorKind kind, uint64_t offset, const char* field,
                                             std::string reason) {
    if (!options_.allowIncomplete) return fail(kind, offset, field, std::move(reason));
    error_ = ReadError{kind, offset, field, record_, std::move(reason)};
    state_ = State::Done;
    complete_ = false;
    return Step::End;
}

CaptureReader::Step CaptureReader::next(Submission& out, bool withBytes) {
    if (state_ == State::Done) return Step::End;
    if (state_ == State::Failed) return Step::Error;
    for (;;) {
        const uint64_t r = position_;
        const uint64_t left = source_->size() - r;
        record_ = format("record %u", recordIndex_);
        if (left == 0) {
            return endOfData(
                ErrorKind::MissingEnd, r, "record header",
                format("the data ends before the END record, after %u submissions", submissions_));
        }
        if (left < kRecordHeaderSize) {
            return endOfData(
                ErrorKind::Truncated, r, "record header",
                format("%" PRIu64 " bytes left; a record header needs %u", left, kRecordHeaderSize));
        }
        uint8_t h[kRecordHeaderSize];
        if (!source_->read(r, h, sizeof h))
            return fail(ErrorKind::Io, r, "record header", "the file could not be read");
        const uint32_t type = loadLe32(h + record_field::type);
        const uint32_t length = loadLe32(h + record_field::payloadLength);
        record_ = recordName(recordIndex_, type);
        if (type == 0) return fail(ErrorKind::BadValue, r, "type", "record type 0 is reserved");
        if (length > kMaxPayload) {
            return fail(ErrorKind::TooLarge, r + 4, "payloadLength",
                        format("%u bytes; the limit is %u", length, kMaxPayload));
        }
        if (length > left - kRecordHeaderSize) {
            return endOfData(
                ErrorKind::Truncated, r + 4, "payloadLength",
                format("%u bytes, but only %" PRIu64 " remain", length, left - kRecordHeaderSize));
        }
        if (type == kRecordSubmission) return readSubmission(r, length, out, withBytes);
        if (type == kRecordEnd) return readEnd(r, length);
        if (type & kRecordCritical)
            return fail(ErrorKind::UnknownCriticalRecord, r, "type",
                        format("critical record type 0x%08x is unknown", type));
        ++skipped_;
        ++recordIndex_;
        position_ = r + kRecordHeaderSize + length;
    }
}

// Checks one buffer's source, size and stored bytes (step 5).
bool CaptureReader::readBuffer(const uint8_t* fixed, uint64_t payload, bool commands, BufferCapture& out) {
    namespace s = submission_field;
    const uint32_t sourceAt = commands ? s::commandSource : s::vertexSource;
    const uint32_t sizeAt = commands ? s::commandBufferSize : s::vertexBufferSize;
    const uint32_t storedAt = commands ? s::commandStoredBytes : s::vertexStoredBytes;
    const char* sourceName = commands ? "commandSource" : "vertexSource";
    const char* sizeName = commands ? "commandBufferSize" : "vertexBufferSize";
    const char* storedName = commands ? "commandStoredBytes" : "vertexStoredBytes";
    const uint32_t source = loadLe32(fixed + sourceAt);
    const uint32_t size = loadLe32(fixed + sizeAt);
    const uint32_t stored = loadLe32(fixed + storedAt);
    const bool known = source == uint32_t(BufferSource::None) ||
                       source == uint32_t(BufferSource::Dp2Buffer) ||
                       (!commands && source == uint32_t(BufferSource::UserMemory));
    if (!known) {
        fail(ErrorKind::BadValue, payload + sourceAt, sourceName,
             format("%u; allowed: %s", source,
                    commands ? "0 (null), 2 (DP2 buffer)" : "0 (null), 1 (user memory), 2 (DP2 buffer)"));
        return false;
    }
    if (size > kMaxBufferSize) {
        fail(ErrorKind::TooLarge, payload + sizeAt, sizeName,
             format("%u bytes; the limit is %u", size, kMaxBufferSize));
        return false;
    }
    out.source = BufferSource(source);
    if (out.source == BufferSource::None && size != 0) {
        fail(ErrorKind::BadValue, payload + sizeAt, sizeName,
             format("%u; must be 0 for a null pointer", size));
        return false;
    }
    if (out.source == BufferSource::None && stored != 0) {
        fail(ErrorKind::BadValue, payload + storedAt, storedName,
             format("%u; must be 0 for a null pointer", stored));
        return false;
    }
    if (out.source == BufferSource::UserMemory && stored != size) {
        fail(ErrorKind::BadLength, payload + storedAt, storedName,
             format("%u, but user memory stores all of its %u bytes", stored, size));
        return false;
    }
    if (stored > size) {
        fail(ErrorKind::BadLength, payload + storedAt, storedName,
             format("%u exceeds %s %u", stored, sizeName, size));
        return false;
    }
    out.size = size;
    out.storedBytes = stored;
    out.bytes.clear();
    return true;
}

CaptureReader::Step CaptureReader::readSubmission(uint64_t r, uint32_t length, Submission& out,
                                                  bool withBytes) {
    namespace s = submission_field;
    const uint64_t p = r + kRecordHeaderSize;
    if (length < kSubmissionFixedSize) {
        return fail(ErrorKind::BadLength, r + 4, "payloadLength",
                    format("%u bytes; a SUBMISSION needs at least %u", length, kSubmissionFixedSize));
    }
    uint8_t f[kSubmissionFixedSize];
    if (!source_->read(p, f, sizeof f))
        return fail(ErrorKind::Io, p, "payload", "the file could not be read");
    out.dwFlags = loadLe32(f + s::dwFlags);
    out.dwVertexType = loadLe32(f + s::dwVertexType);
    out.dwCommandOffset = loadLe32(f + s::dwCommandOffset);
    out.dwCommandLength = loadLe32(f + s::dwCommandLength);
    out.dwVertexOffset = loadLe32(f + s::dwVertexOffset);
    out.dwVertexLength = loadLe32(f + s::dwVertexLength);
    out.dwVertexSize = loadLe32(f + s::dwVertexSize);
    out.dwReqVertexBufSize = loadLe32(f + s::dwReqVertexBufSize);
    out.dwReqCommandBufSize = loadLe32(f + s::dwReqCommandBufSize);
    if (!readBuffer(f, p, true, out.commands) || !readBuffer(f, p, false, out.vertices)) return Step::Error;
    const uint32_t flags = loadLe32(f + s::submissionFlags);
    if (flags != 0)
        return fail(ErrorKind::BadValue, p + s::submissionFlags, "submissionFlags",
                    format("0x%08x; reserved, must be 0", flags));
    const uint64_t expected =
        uint64_t(kSubmissionFixedSize) + out.commands.storedBytes + out.vertices.storedBytes;
    if (expected != length) {
        return fail(ErrorKind::BadLength, r + 4, "payloadLength",
                    format("%u bytes, but 64 + commandStoredBytes %u + vertexStoredBytes %u = %" PRIu64,
                           length, out.commands.storedBytes, out.vertices.storedBytes, expected));
    }
    if (withBytes) {
        // Both lengths sum to payloadLength, already checked against the bytes that remain.
        const uint64_t at = p + kSubmissionFixedSize;
        out.commands.bytes.resize(out.commands.storedBytes);
        out.vertices.bytes.resize(out.vertices.storedBytes);
        if (!source_->read(at, out.commands.bytes.data(), out.commands.storedBytes) ||
            !source_->read(at + out.commands.storedBytes, out.vertices.bytes.data(),
                           out.vertices.storedBytes))
            return fail(ErrorKind::Io, at, "payload", "the file could not be read");
    }
    out.fileOffset = r;
    position_ = p + length;
    ++recordIndex_;
    ++submissions_;
    return Step::Submission;
}

CaptureReader::Step CaptureReader::readEnd(uint64_t r, uint32_t length) {
    const uint64_t p = r + kRecordHeaderSize;
    if (length != kEndPayloadSize)
        return fail(ErrorKind::BadLength, r + 4, "payloadLength",
                    format("%u bytes; END is %u", length, kEndPayloadSize));
    uint8_t e[kEndPayloadSize];
    if (!source_->read(p, e, sizeof e))
        return fail(ErrorKind::Io, p, "payload", "the file could not be read");
    const uint32_t count = loadLe32(e + end_field::submissionCount);
    if (count != submissions_) {
        return fail(ErrorKind::BadValue, p + end_field::submissionCount, "submissionCount",
                    format("%u, but the file holds %u SUBMISSION records", count, submissions_));
    }
    const uint32_t flags = loadLe32(e + end_field::endFlags);
    if (flags != 0)
        return fail(ErrorKind::BadValue, p + end_field::endFlags, "endFlags",
                    format("0x%08x; reserved, must be 0", flags));
    const uint64_t end = p + kEndPayloadSize;
    if (end != source_->size()) {
        record_.clear();
        return fail(ErrorKind::TrailingData, end, "file",
                    format("%" PRIu64 " bytes follow the END record", source_->size() - end));
    }
    position_ = end;
    ++recordIndex_;
    state_ = State::Done;
    complete_ = true;
    return Step::End;
}

namespace {

Expected<Capture> readAll(std::unique_ptr<ByteSource> source, ReadOptions options) {
    Expected<CaptureReader> reader = CaptureReader::open(std::move(source), options);
    if (!reader) return reader.error();
    Capture capture;
    capture.target = reader->target();
    uint64_t buffered = 0;
    for (;;) {
        Submission s;
        CaptureReader::Step step = reader->next(s);
        if (step == CaptureReader::Step::Error) return reader->error();
        if (step == CaptureReader::Step::End) break;
        buffered += s.commands.storedBytes + s.vertices.storedBytes;
        if (buffered > options.maxBufferedBytes) {
            return errorAt(ErrorKind::TooLarge, s.fileOffset, "file",
                           format("more than %" PRIu64 " bytes of buffers; stream it with CaptureReader",
                                  options.maxBufferedBytes));
        }
        capture.submissions.push_back(std::move(s));
    }
    capture.skippedRecords = reader->skippedRecords();
    capture.complete = reader->complete();
    return capture;
}

} // namespace

Expected<Capture> readCapture(std::span<const uint8_t> bytes, ReadOptions options) {
    return readAll(std::make_unique<MemorySource>(bytes), options);
}

Expected<Capture> readCaptureFile(const std::string& path, ReadOptions options) {
    Expected<std::unique_ptr<ByteSource>> source = FileSource::open(path);
    if (!source) return source.error();
    return readAll(std::move(source.value()), options);
}

} // namespace ddivk::capture

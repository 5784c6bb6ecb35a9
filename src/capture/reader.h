// Reads and validates DP2 capture files (docs/dp2-capture.md): a streaming reader that holds one
// submission at a time, and whole-capture reads from a span or a file. Never crashes on any
// input, and allocates only for lengths already checked against the bytes that remain.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>

#include "capture/byte_source.h"
#include "capture/capture.h"
#include "capture/read_error.h"

namespace ddivk::capture {

struct ReadOptions {
    // Accept data that ends before the END record (a writer that crashed): stop after the last
    // complete record instead of failing with MissingEnd or Truncated at a record.
    bool allowIncomplete = false;
    // readCapture / readCaptureFile: the most stored buffer bytes held in memory at once.
    uint64_t maxBufferedBytes = uint64_t(4) << 30;
};

class CaptureReader {
  public:
    enum class Step { Submission, End, Error };

    // Reads and checks the file header.
    static Expected<CaptureReader> open(std::unique_ptr<ByteSource> source, ReadOptions options = {});

    const RenderTargetDesc& target() const { return target_; }

    // The next submission (Step::Submission, into out), the end of the capture (Step::End), or
    // a malformed record (Step::Error, see error()). Unknown skippable records are skipped.
    // withBytes false checks everything but leaves out.commands/vertices.bytes empty.
    // After End or Error, returns the same again.
    Step next(Submission& out, bool withBytes = true);

    const ReadError& error() const { return error_; }
    // After End: false when the data ended before its END record (allowIncomplete); error()
    // then says where.
    bool complete() const { return complete_; }
    uint32_t submissionsRead() const { return submissions_; }
    uint32_t skippedRecords() const { return skipped_; }

    // Back to the first record, to read again.
    void rewind();

  private:
    enum class State { Reading, Done, Failed };

    CaptureReader(std::unique_ptr<ByteSource> source, ReadOptions options)
        : source_(std::move(source)), options_(options) {}

    std::optional<ReadError> headerError();
    Step fail(ErrorKind kind, uint64_t offset, const char* field, std::string reason);
    Step endOfData(ErrorKind kind, uint64_t offset, const char* field, std::string reason);
    Step readSubmission(uint64_t record, uint32_t length, Submission& out, bool withBytes);
    Step readEnd(uint64_t record, uint32_t length);
    bool readBuffer(const uint8_t* fixed, uint64_t payload, bool commands, BufferCapture& out);

    std::unique_ptr<ByteSource> source_;
    ReadOptions options_;
    RenderTargetDesc target_;
    State state_ = State::Reading;
    uint64_t position_ = 0;    // file offset of the next record
    uint32_t recordIndex_ = 0; // index of the record being read
    uint32_t submissions_ = 0;
    uint32_t skipped_ = 0;
    bool complete_ = false;
    std::string record_; // "record N (TYPE)" of the record being read
    ReadError error_;
};

// Reads a whole capture from memory.
Expected<Capture> readCapture(std::span<const uint8_t> bytes, ReadOptions options = {});
// Reads a whole capture from a file.
Expected<Capture> readCaptureFile(const std::string& path, ReadOptions options = {});

} // namespace ddivk::capture

// Writes DP2 capture files (docs/dp2-capture.md): the driver opens one when DDIVK_CAPTURE=path
// is set and appends every DrawPrimitives2 call before running it. After each append the file
// is a complete, valid capture (the new record goes over the END record, and a new END follows).
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>

#include "capture/capture.h"
#include "capture/encode.h"
#include "ddivk/dp2.h"
#include "util/sync.h"

namespace ddivk::capture {

class CaptureWriter {
  public:
    // Creates (or truncates) path and writes the file header and an END record. Null on
    // failure, with the reason in *error when given (an unsupported target, or I/O).
    static std::unique_ptr<CaptureWriter> open(const std::string& path, const RenderTargetDesc& target,
                                               std::string* error = nullptr);
    ~CaptureWriter();
    CaptureWriter(const CaptureWriter&) = delete;
    CaptureWriter& operator=(const CaptureWriter&) = delete;

    // Records one call; everything is in the file before it returns. Thread-safe. Call before
    // the driver runs the call. False when the call was not recorded: one that the format
    // cannot hold (logged once), or a write error (logged; the writer then records nothing).
    bool append(const D3DHAL_DRAWPRIMITIVES2DATA& data);
    // The same with the buffers given by the caller.
    bool append(const D3DHAL_DRAWPRIMITIVES2DATA& data, const BufferView& commands,
                const BufferView& vertices);
    bool append(const SubmissionFields& fields, const BufferView& commands, const BufferView& vertices);

    // Closes the file; later appends return false. False if a write or the close failed.
    bool close();

    uint32_t submissionCount() const;
    const std::string& path() const { return path_; }

  private:
    CaptureWriter(std::FILE* file, std::string path) : file_(file), path_(std::move(path)) {}
    bool write(const void* bytes, size_t size);
    void writeFailed(const char* what);

    mutable util::Mutex mutex_;
    std::FILE* file_;
    std::string path_;
    uint64_t endOffset_ = kFileHeaderSize; // where the END record starts
    uint32_t submissions_ = 0;
    bool failed_ = false;
    bool warnedUnrecordable_ = false;
};

} // namespace ddivk::capture

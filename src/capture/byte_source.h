// Where a capture's bytes come from: a span of memory or a file, read by offset.
#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <span>
#include <string>

#include "capture/read_error.h"

namespace ddivk::capture {

class ByteSource {
  public:
    virtual ~ByteSource() = default;
    virtual uint64_t size() const = 0;
    // Copies n bytes at offset into dst; the caller keeps offset + n <= size(). False: I/O error.
    virtual bool read(uint64_t offset, void* dst, size_t n) = 0;
};

// Bytes in memory; they must outlive the source.
class MemorySource final : public ByteSource {
  public:
    explicit MemorySource(std::span<const uint8_t> bytes) : bytes_(bytes) {}
    uint64_t size() const override { return bytes_.size(); }
    bool read(uint64_t offset, void* dst, size_t n) override;

  private:
    std::span<const uint8_t> bytes_;
};

// A file opened for reading; its size is taken once, at open.
class FileSource final : public ByteSource {
  public:
    static Expected<std::unique_ptr<ByteSource>> open(const std::string& path);
    ~FileSource() override;
    uint64_t size() const override { return size_; }
    bool read(uint64_t offset, void* dst, size_t n) override;

  private:
    FileSource(std::FILE* file, uint64_t size) : file_(file), size_(size) {}
    std::FILE* file_;
    uint64_t size_;
    uint64_t position_ = UINT64_MAX; // where the next fread starts; UINT64_MAX: unknown
};

} // namespace ddivk::capture

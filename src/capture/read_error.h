// What a capture reader reports when a file is not a valid capture: the kind of failure, the
// field and its byte offset, and why (docs/dp2-capture.md, "Validation order and errors").
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <variant>

namespace ddivk::capture {

enum class ErrorKind {
    Truncated,             // fewer bytes remain than a header or a declared length needs
    BadMagic,              // the file does not start with DDIVKDP2
    BadVersion,            // a version this reader does not implement
    BadValue,              // a field holds a value the format does not allow
    TooLarge,              // a length or size above its limit
    BadLength,             // lengths inside a record disagree with each other
    UnknownCriticalRecord, // a record type with bit 31 set that we do not know
    MissingEnd,            // the data ends at a record boundary before the END record
    TrailingData,          // bytes after the END record
    Io,                    // the file could not be opened or read
};

// The kind's name as the documentation spells it ("Truncated", ...).
const char* errorKindName(ErrorKind kind);

struct ReadError {
    ErrorKind kind = ErrorKind::Io;
    uint64_t offset = 0; // file offset of the offending field
    std::string field;   // its name in docs/dp2-capture.md, or "file"
    std::string record;  // "record 3 (SUBMISSION)", empty for the file header
    std::string reason;  // why, with the values involved

    // "byte offset N: FIELD [in RECORD]: REASON".
    std::string message() const;
};

// A value or the ReadError that prevented it.
template <class T> class Expected {
  public:
    Expected(T value) : v_(std::move(value)) {}
    Expected(ReadError error) : v_(std::move(error)) {}

    bool ok() const { return v_.index() == 0; }
    explicit operator bool() const { return ok(); }
    T& value() { return std::get<0>(v_); }
    const T& value() const { return std::get<0>(v_); }
    T* operator->() { return &value(); }
    T& operator*() { return value(); }
    const ReadError& error() const { return std::get<1>(v_); }

  private:
    std::variant<T, ReadError> v_;
};

} // namespace ddivk::capture

#include "capture/read_error.h"

namespace ddivk::capture {

const char* errorKindName(ErrorKind kind) {
    switch (kind) {
    case ErrorKind::Truncated:
        return "Truncated";
    case ErrorKind::BadMagic:
        return "BadMagic";
    case ErrorKind::BadVersion:
        return "BadVersion";
    case ErrorKind::BadValue:
        return "BadValue";
    case ErrorKind::TooLarge:
        return "TooLarge";
    case ErrorKind::BadLength:
        return "BadLength";
    case ErrorKind::UnknownCriticalRecord:
        return "UnknownCriticalRecord";
    case ErrorKind::MissingEnd:
        return "MissingEnd";
    case ErrorKind::TrailingData:
        return "TrailingData";
    case ErrorKind::Io:
        return "Io";
    }
    return "?";
}

std::string ReadError::message() const {
    std::string where = field;
    if (!record.empty()) where += " in " + record;
    return "byte offset " + std::to_string(offset) + ": " + where + ": " + reason;
}

} // namespace ddivk::capture

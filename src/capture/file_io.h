// 64-bit file positioning for std::FILE on every host we build for (glibc, MinGW).
#pragma once

#include <cstdint>
#include <cstdio>

namespace ddivk::capture {

inline bool seekTo(std::FILE* f, uint64_t offset) {
#ifdef _WIN32
    return _fseeki64(f, static_cast<long long>(offset), SEEK_SET) == 0;
#else
    return fseeko(f, static_cast<off_t>(offset), SEEK_SET) == 0;
#endif
}

// The file's size, leaving the position at its end. False on an error.
inline bool seekToEnd(std::FILE* f, uint64_t& size) {
#ifdef _WIN32
    if (_fseeki64(f, 0, SEEK_END) != 0) return false;
    long long pos = _ftelli64(f);
#else
    if (fseeko(f, 0, SEEK_END) != 0) return false;
    off_t pos = ftello(f);
#endif
    if (pos < 0) return false;
    size = static_cast<uint64_t>(pos);
    return true;
}

} // namespace ddivk::capture

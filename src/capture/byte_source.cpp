#include "capture/byte_source.h"

#include <cerrno>
#include <cstring>

#include "capture/file_io.h"

namespace ddivk::capture {

bool MemorySource::read(uint64_t offset, void* dst, size_t n) {
    if (offset > bytes_.size() || n > bytes_.size() - offset) return false;
    if (n != 0) std::memcpy(dst, bytes_.data() + offset, n);
    return true;
}

Expected<std::unique_ptr<ByteSource>> FileSource::open(const std::string& path) {
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) {
        return ReadError{ErrorKind::Io, 0, "file", {}, "cannot open '" + path + "': " + std::strerror(errno)};
    }
    uint64_t size = 0;
    if (!seekToEnd(f, size)) {
        int err = errno;
        std::fclose(f);
        return ReadError{ErrorKind::Io, 0, "file", {}, "cannot size '" + path + "': " + std::strerror(err)};
    }
    return std::unique_ptr<ByteSource>(new FileSource(f, size));
}

FileSource::~FileSource() {
    std::fclose(file_);
}

bool FileSource::read(uint64_t offset, void* dst, size_t n) {
    if (offset > size_ || n > size_ - offset) return false;
    if (n == 0) return true;
    if (position_ != offset) {
        if (!seekTo(file_, offset)) {
            position_ = UINT64_MAX;
            return false;
        }
        position_ = offset;
    }
    size_t got = std::fread(dst, 1, n, file_);
    position_ = got == n ? offset + n : UINT64_MAX;
    return got == n;
}

} // namespace ddivk::capture

#include "capture/writer.h"

#include <cerrno>
#include <cstring>

#include "capture/call_view.h"
#include "capture/file_io.h"
#include "util/log.h"

namespace ddivk::capture {

std::unique_ptr<CaptureWriter> CaptureWriter::open(const std::string& path, const RenderTargetDesc& target,
                                                   std::string* error) {
    if (const char* why = checkTarget(target)) {
        if (error) *error = why;
        return nullptr;
    }
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (!f) {
        if (error) *error = "cannot create '" + path + "': " + std::strerror(errno);
        return nullptr;
    }
    std::unique_ptr<CaptureWriter> writer(new CaptureWriter(f, path));
    const auto header = encodeFileHeader(target);
    const auto end = encodeEnd(0);
    if (!writer->write(header.data(), header.size()) || !writer->write(end.data(), end.size()) ||
        std::fflush(f) != 0) {
        if (error) *error = "cannot write '" + path + "': " + std::strerror(errno);
        return nullptr;
    }
    DDIVK_INFO("capture: recording DrawPrimitives2 calls to %s", path.c_str());
    return writer;
}

CaptureWriter::~CaptureWriter() {
    close();
}

bool CaptureWriter::write(const void* bytes, size_t size) {
    return size == 0 || std::fwrite(bytes, 1, size, file_) == size;
}

void CaptureWriter::writeFailed(const char* what) {
    failed_ = true;
    DDIVK_ERROR("capture: %s %s failed (%s); recording stops", what, path_.c_str(), std::strerror(errno));
}

bool CaptureWriter::append(const D3DHAL_DRAWPRIMITIVES2DATA& data) {
    const CallView view = viewOfCall(data);
    if (view.problem) {
        std::lock_guard lock(mutex_);
        if (!warnedUnrecordable_) DDIVK_WARN("capture: a call was not recorded: %s", view.problem);
        warnedUnrecordable_ = true;
        return false;
    }
    return append(view.fields, view.commands, view.vertices);
}

bool CaptureWriter::append(const D3DHAL_DRAWPRIMITIVES2DATA& data, const BufferView& commands,
                           const BufferView& vertices) {
    return append(fieldsOfCall(data), commands, vertices);
}

bool CaptureWriter::append(const SubmissionFields& fields, const BufferView& commands,
                           const BufferView& vertices) {
    std::lock_guard lock(mutex_);
    if (!file_ || failed_) return false;
    if (const char* why = checkBuffers(commands, vertices)) {
        if (!warnedUnrecordable_) DDIVK_WARN("capture: a call was not recorded: %s", why);
        warnedUnrecordable_ = true;
        return false;
    }
    const auto head = encodeSubmissionHead(fields, commands, vertices);
    const auto end = encodeEnd(submissions_ + 1);
    if (!seekTo(file_, endOffset_)) {
        writeFailed("seeking in");
        return false;
    }
    if (!write(head.data(), head.size()) || !write(commands.stored.data(), commands.stored.size()) ||
        !write(vertices.stored.data(), vertices.stored.size()) || !write(end.data(), end.size()) ||
        std::fflush(file_) != 0) {
        writeFailed("writing");
        return false;
    }
    endOffset_ += head.size() + commands.stored.size() + vertices.stored.size();
    ++submissions_;
    return true;
}

bool CaptureWriter::close() {
    std::lock_guard lock(mutex_);
    if (!file_) return !failed_;
    if (std::fclose(file_) != 0 && !failed_) writeFailed("closing");
    file_ = nullptr;
    return !failed_;
}

uint32_t CaptureWriter::submissionCount() const {
    std::lock_guard lock(mutex_);
    return submissions_;
}

} // namespace ddivk::capture

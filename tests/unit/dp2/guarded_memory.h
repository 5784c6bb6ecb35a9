// Memory whose last byte is followed by a PROT_NONE page: any read one byte past the end
// faults, so a test proves the executor never reads outside the buffers it was given.
#pragma once

#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstring>
#include <stdexcept>

namespace ddivk::dp2::test {

class GuardedMemory {
  public:
    // `bytes` accessible bytes ending right before a guard page.
    explicit GuardedMemory(size_t bytes) : bytes_(bytes) {
        const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
        const size_t dataPages = (bytes + page - 1) / page;
        mapped_ = (dataPages + 1) * page;
        void* region = mmap(nullptr, mapped_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (region == MAP_FAILED) throw std::runtime_error("mmap failed");
        region_ = static_cast<std::byte*>(region);
        if (mprotect(region_ + dataPages * page, page, PROT_NONE) != 0)
            throw std::runtime_error("mprotect failed");
        data_ = region_ + dataPages * page - bytes;
    }
    GuardedMemory(const void* contents, size_t bytes) : GuardedMemory(bytes) {
        if (bytes) std::memcpy(data_, contents, bytes);
    }
    GuardedMemory(const GuardedMemory&) = delete;
    GuardedMemory& operator=(const GuardedMemory&) = delete;
    ~GuardedMemory() { munmap(region_, mapped_); }

    std::byte* data() { return data_; }
    size_t size() const { return bytes_; }

  private:
    std::byte* region_ = nullptr;
    std::byte* data_ = nullptr;
    size_t mapped_ = 0;
    size_t bytes_ = 0;
};

} // namespace ddivk::dp2::test

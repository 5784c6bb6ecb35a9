#include "util/unimplemented.h"

#include <atomic>
#include <cinttypes>

namespace ddivk::unimplemented {
namespace {

// Relaxed: a statistic, read at exit; no other memory depends on it.
std::atomic<uint64_t> g_calls{0};

} // namespace

void count() {
    g_calls.fetch_add(1, std::memory_order_relaxed);
}

uint64_t total() {
    return g_calls.load(std::memory_order_relaxed);
}

void logTotal() {
    const uint64_t n = total();
    if (n == 0) return;
    DDIVK_WARN("%" PRIu64 " call%s to unimplemented methods in this process", n, n == 1 ? "" : "s");
}

} // namespace ddivk::unimplemented

#include "util/log.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "util/config.h"
#include "util/sync.h"

namespace ddivk::log {
namespace {

Level parseLevel(const char* s) {
    if (!s) return Level::Warn;
    struct Name {
        const char* name;
        Level level;
    };
    static constexpr Name names[] = {{"none", Level::None},
                                     {"error", Level::Error},
                                     {"warn", Level::Warn},
                                     {"info", Level::Info},
                                     {"debug", Level::Debug}};
    for (const Name& n : names)
        if (std::strcmp(s, n.name) == 0) return n.level;
    return Level::Warn;
}

std::atomic<int> g_level{-1};
util::Mutex g_outputMutex;
FILE* g_output = nullptr;

// `path`: DDIVK_LOG_PATH, read by the caller before it takes g_outputMutex (the first read of the
// configuration logs its problems, which takes the mutex). Under Wine a Windows path opens as-is.
FILE* output(const char* path) {
    if (!g_output) {
        g_output = path && *path ? std::fopen(path, "a") : nullptr;
        if (!g_output) g_output = stderr;
    }
    return g_output;
}

const char* prefix(Level l) {
    switch (l) {
    case Level::Error:
        return "err";
    case Level::Warn:
        return "warn";
    case Level::Info:
        return "info";
    case Level::Debug:
        return "debug";
    case Level::None:
        break;
    }
    return "";
}

} // namespace

Level level() {
    int l = g_level.load(std::memory_order_relaxed);
    if (l < 0) {
        l = static_cast<int>(parseLevel(config::get("DDIVK_LOG_LEVEL")));
        g_level.store(l, std::memory_order_relaxed);
    }
    return static_cast<Level>(l);
}

void setLevel(Level l) {
    g_level.store(static_cast<int>(l), std::memory_order_relaxed);
}

void write(Level l, const char* fmt, ...) {
    char buffer[1024];
    va_list args;
    va_start(args, fmt);
    std::vsnprintf(buffer, sizeof(buffer), fmt, args);
    va_end(args);
    const char* path = config::get("DDIVK_LOG_PATH");
    std::lock_guard lock(g_outputMutex);
    FILE* out = output(path);
    std::fprintf(out, "ddivk %s: %s\n", prefix(l), buffer);
    std::fflush(out);
}

} // namespace ddivk::log

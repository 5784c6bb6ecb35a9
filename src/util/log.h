// Levelled logging, cheap when off: the level check is an inline load and compare, and the
// message is only formatted when it will be written. Level from DDIVK_LOG_LEVEL
// (none, error, warn, info, debug; default warn); output to DDIVK_LOG_PATH or stderr.
#pragma once

#include <atomic>
#include <cstdarg>

namespace ddivk::log {

enum class Level : int { None = 0, Error = 1, Warn = 2, Info = 3, Debug = 4 };

// The active level; read once from the environment on first use.
Level level();
void setLevel(Level l);

inline bool enabled(Level l) {
    return static_cast<int>(l) <= static_cast<int>(level());
}

// printf-style checking of format strings; MinGW's "printf" means msvcrt's, which lacks %zu,
// while its C++ runtime formats with the GNU-compatible printf (__USE_MINGW_ANSI_STDIO).
#ifdef __MINGW32__
#define DDIVK_PRINTF_FORMAT(fmt, first) __attribute__((format(gnu_printf, fmt, first)))
#else
#define DDIVK_PRINTF_FORMAT(fmt, first) __attribute__((format(printf, fmt, first)))
#endif

// printf-style; appends a newline.
void write(Level l, const char* fmt, ...) DDIVK_PRINTF_FORMAT(2, 3);

} // namespace ddivk::log

#define DDIVK_LOG(lvl, ...)                                                                                  \
    do {                                                                                                     \
        if (::ddivk::log::enabled(::ddivk::log::Level::lvl))                                                 \
            ::ddivk::log::write(::ddivk::log::Level::lvl, __VA_ARGS__);                                      \
    } while (0)

// Once per call site per process: for paths a program may hit every draw.
#define DDIVK_WARN_ONCE(...)                                                                     \
    do {                                                                                         \
        static std::atomic<bool> ddivkWarned{false};                                             \
        if (!ddivkWarned.exchange(true, std::memory_order_relaxed)) DDIVK_WARN(__VA_ARGS__);     \
    } while (0)

#define DDIVK_ERROR(...) DDIVK_LOG(Error, __VA_ARGS__)
#define DDIVK_WARN(...) DDIVK_LOG(Warn, __VA_ARGS__)
#define DDIVK_INFO(...) DDIVK_LOG(Info, __VA_ARGS__)
#define DDIVK_DEBUG(...) DDIVK_LOG(Debug, __VA_ARGS__)

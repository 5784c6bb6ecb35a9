// The parts of a d3d9_bench run that d3d9-plain-vulkan-bench (bench/plain_vulkan_d3d9) repeats
// exactly: the command line, the checksum of the read-back pixels and the output line
// (docs/d3d9-dll.md, "D3D9 benchmark"). No API in here, so both programs include it.
#pragma once

#include <cctype>
#include <cerrno>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

struct BenchOptions {
    int frames = 100;
    int warmup = 5;
    int window = 0;                // --window N: the rate of every N timed frames on stderr; 0: none
    std::vector<std::string> only; // scenario names; empty: all

    bool wants(const char* name) const {
        if (only.empty()) return true;
        for (const std::string& n : only)
            if (n == name) return true;
        return false;
    }
};

// A count on the command line: decimal digits alone (atoi would read "x" as 0), below 2^31.
inline bool parseBenchCount(const char* text, int& value) {
    char* end = nullptr;
    errno = 0;
    const long parsed = std::strtol(text, &end, 10);
    if (end == text || *end || errno || parsed < 0 || parsed > INT_MAX || !std::isdigit((unsigned char)*text))
        return false;
    value = int(parsed);
    return true;
}

// [--frames N] [--warmup N] [--window N] [scenario ...]; false for anything else.
inline bool parseBenchOptions(int argc, char** argv, BenchOptions& options) {
    for (int i = 1; i < argc; ++i) {
        const bool hasValue = i + 1 < argc;
        if (!std::strcmp(argv[i], "--frames") && hasValue) {
            if (!parseBenchCount(argv[++i], options.frames)) return false;
        } else if (!std::strcmp(argv[i], "--warmup") && hasValue) {
            if (!parseBenchCount(argv[++i], options.warmup)) return false;
        } else if (!std::strcmp(argv[i], "--window") && hasValue) {
            if (!parseBenchCount(argv[++i], options.window)) return false;
        } else if (argv[i][0] == '-')
            return false;
        else
            options.only.emplace_back(argv[i]);
    }
    return options.frames > 0 && options.warmup >= 0 && options.window >= 0;
}

// The rates of consecutive windows of `frames` timed frames (--window): a slow spell inside one
// run shows as windows well below the others (docs/d3d9-dll.md, "D3D9 benchmark"). Each
// program feeds it from its own clock. One line per window:
//   window FIRST-LAST END_SECONDS UNITS_PER_SECOND UNIT/s
// A last window of fewer frames is not printed.
class WindowRates {
  public:
    WindowRates(int frames, const char* unit, FILE* out) : frames_(frames), unit_(unit), out_(out) {}

    // Timed frame `index` (from 0) ended at `seconds` on the run's clock (0 at its start) and
    // did `units`. Returns whether it closed a window.
    bool frameDone(int index, double seconds, int64_t units) {
        if (frames_ <= 0) return false;
        units_ += units;
        if ((index + 1) % frames_ != 0) return false;
        const double span = seconds - start_;
        std::fprintf(out_, "window %d-%d %.3f %.1f %s/s\n", index + 1 - frames_, index, seconds,
                     span > 0 ? double(units_) / span : 0.0, unit_);
        std::fflush(out_);
        start_ = seconds;
        units_ = 0;
        return true;
    }

  private:
    int frames_;
    const char* unit_;
    FILE* out_;
    double start_ = 0;
    int64_t units_ = 0;
};

struct BenchResult {
    double perSecond = 0;
    uint64_t checksum = 0;
    int lit = 0; // pixels of the last frame that are not black: a check that the scenario drew
};

// FNV-1a over bytes, continuing from `hash` (start: 0xCBF29CE484222325).
inline uint64_t benchFnv1a(uint64_t hash, const void* data, size_t bytes) {
    const auto* p = static_cast<const unsigned char*>(data);
    for (size_t i = 0; i < bytes; ++i)
        hash = (hash ^ p[i]) * 0x100000001B3ull;
    return hash;
}

// The checksum of the last frame's X8R8G8B8 pixels (top row first; the X byte is masked, it is
// undefined) followed by the scenario's own results (`extra`, 0 when none), and its lit count.
inline void benchSummarise(std::vector<uint32_t>& pixels, uint64_t extra, BenchResult& result) {
    result.lit = 0;
    for (uint32_t& p : pixels) {
        p &= 0x00FFFFFFu;
        result.lit += p != 0;
    }
    result.checksum = benchFnv1a(0xCBF29CE484222325ull, pixels.data(), pixels.size() * sizeof(uint32_t));
    result.checksum = benchFnv1a(result.checksum, &extra, sizeof(extra));
}

// NAME UNITS_PER_SECOND UNIT/s checksum=HEX lit=PIXELS_NOT_BLACK
inline void printBenchLine(const char* name, const char* unit, const BenchResult& result) {
    std::printf("%-12s %14.1f %s/s checksum=%016llx lit=%d\n", name, result.perSecond, unit,
                static_cast<unsigned long long>(result.checksum), result.lit);
    std::fflush(stdout);
}

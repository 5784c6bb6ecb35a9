// The parts of a d3d9_bench run that d3d9-plain-vulkan-bench (bench/plain_vulkan_d3d9) repeats
// exactly: the command line, the checksum of the read-back pixels and the output line
// (docs/d3d9-dll.md, "D3D9 benchmark"). No API in here, so both programs include it.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

struct BenchOptions {
    int frames = 100;
    int warmup = 5;
    std::vector<std::string> only; // scenario names; empty: all

    bool wants(const char* name) const {
        if (only.empty()) return true;
        for (const std::string& n : only)
            if (n == name) return true;
        return false;
    }
};

// [--frames N] [--warmup N] [scenario ...]; false for anything else.
inline bool parseBenchOptions(int argc, char** argv, BenchOptions& options) {
    for (int i = 1; i < argc; ++i) {
        const bool hasValue = i + 1 < argc;
        if (!std::strcmp(argv[i], "--frames") && hasValue)
            options.frames = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--warmup") && hasValue)
            options.warmup = std::atoi(argv[++i]);
        else if (argv[i][0] == '-')
            return false;
        else
            options.only.emplace_back(argv[i]);
    }
    return options.frames > 0 && options.warmup >= 0;
}

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

// d3d9-plain-vulkan-bench [--frames N] [--warmup N] [--window N] [draws|instancing|state_churn ...]:
// the plain Vulkan program of issue 6 (docs/d3d9-dll.md, "D3D9 benchmark"). It does the work of
// d3d9_bench's scenarios of the same names with direct Vulkan calls and prints the same line:
//   NAME UNITS_PER_SECOND UNIT/s checksum=HEX lit=PIXELS_NOT_BLACK
// and with --window, d3d9_bench's window lines on stderr.
// Timing follows d3d9_bench: the clock starts after the warm-up frames are submitted and stops
// after the last frame's target is read back; options, checksum and line are bench_run.h's.
#include "bench_run.h"
#include "frame_ring.h"
#include "scenario.h"
#include "scenario_layout.h"

#include <chrono>
#include <cstdio>
#include <exception>
#include <malloc.h>
#include <memory>
#include <utility>
#include <vector>

namespace {

using namespace ddivk::bench::plain;

BenchResult run(Scenario& scenario, FrameRing& ring, const BenchOptions& options) {
    int64_t units = 0;
    auto frame = [&](int index, std::vector<uint32_t>* pixels) {
        const int64_t done = scenario.record(ring.begin(index), index);
        ring.end(pixels);
        return done;
    };
    for (int f = 0; f < options.warmup; ++f)
        frame(f, nullptr);
    std::vector<uint32_t> pixels;
    WindowRates windows(options.window, scenario.unit(), stderr);
    const auto start = std::chrono::steady_clock::now();
    for (int f = 0; f < options.frames; ++f) {
        const int64_t done = frame(options.warmup + f, f + 1 == options.frames ? &pixels : nullptr);
        units += done;
        if (options.window)
            windows.frameDone(
                f, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), done);
    }
    const auto end = std::chrono::steady_clock::now();
    ring.waitIdle();

    BenchResult result;
    const double seconds = std::chrono::duration<double>(end - start).count();
    result.perSecond = seconds > 0 ? double(units) / seconds : 0;
    benchSummarise(pixels, 0, result); // d3d9_bench's extraChecksum() is 0 for these scenarios
    return result;
}

// lavapipe allocates the memory of each frame's rendering (llvmpipe's scene: triangle setup,
// constants) and frees it at the frame's end. glibc hands freed memory above its trim threshold
// back to the kernel, so with the default 128 KiB every frame faults its memory in again
// (page faults were most of the time, twice the user time in system time). A Wine process has
// its thresholds raised by glibc's dynamic rule (its start-up frees large blocks), so without
// this the comparison would measure page faults. These are the dynamic rule's ceilings.
void keepFreedMemory() {
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 64 << 20);
}

} // namespace

int main(int argc, char** argv) {
    BenchOptions options;
    if (!parseBenchOptions(argc, argv, options)) {
        std::fprintf(stderr, "usage: d3d9-plain-vulkan-bench [--frames N] [--warmup N] [--window N] "
                             "[draws|instancing|state_churn ...]\n");
        return 2;
    }
    keepFreedMemory();
    using Factory = std::unique_ptr<Scenario> (*)(Context&, const FrameRing&);
    const std::pair<const char*, Factory> scenarios[] = {
        {"draws", makeDraws}, {"instancing", makeInstancing}, {"state_churn", makeStateChurn}};
    int status = 0;
    try {
        Context context;
        FrameRing ring(context, kBenchSize);
        for (const auto& [name, make] : scenarios) {
            if (!options.wants(name)) continue;
            try {
                std::unique_ptr<Scenario> scenario = make(context, ring);
                const BenchResult result = run(*scenario, ring, options);
                printBenchLine(name, scenario->unit(), result);
            } catch (const std::exception& e) {
                ring.waitIdle();
                std::printf("%-12s FAILED (%s)\n", name, e.what());
                std::fflush(stdout);
                status = 1;
            }
        }
    } catch (const std::exception& e) {
        std::printf("d3d9-plain-vulkan-bench: no device (%s)\n", e.what());
        return 1;
    }
    return status;
}

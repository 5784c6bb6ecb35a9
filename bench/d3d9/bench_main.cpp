// d3d9_bench [--frames N] [--warmup N] [--window N] [scenario ...]: runs each scenario (all by
// default) on a 256x256 windowed device (presentation interval immediate) for N timed frames
// after the warm-up frames, and prints one line per scenario:
//   NAME UNITS_PER_SECOND UNIT/s checksum=HEX lit=PIXELS_NOT_BLACK
// --window N also prints the rate of every N timed frames on stderr (bench_run.h, WindowRates).
// The checksum is FNV-1a of the last frame's back buffer (X byte masked, read back with
// GetRenderTargetData before its Present) and the scenario's own results. The timed span ends
// after that read-back, so work an implementation queued is counted. Exits 1 when a step fails.
#include "bench.h"
#include "bench_run.h"

#include <cstdio>

namespace {

// A windowed device on a hidden window: back buffer X8R8G8B8 with a D24S8 depth buffer, frames
// presented at once (no waiting for a vertical blank).
struct BenchDevice {
    TestWindow window{kBenchSize, kBenchSize};
    IDirect3D9* d3d = nullptr;
    IDirect3DDevice9* device = nullptr;
    BenchDevice() {
        d3d = Direct3DCreate9(D3D_SDK_VERSION);
        if (!d3d) return;
        D3DPRESENT_PARAMETERS pp = windowedParameters(window.hwnd, kBenchSize, kBenchSize, true);
        pp.PresentationInterval = D3DPRESENT_INTERVAL_IMMEDIATE;
        if (FAILED(d3d->CreateDevice(0, D3DDEVTYPE_HAL, window.hwnd, D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp,
                                     &device)))
            device = nullptr;
    }
    ~BenchDevice() {
        releaseAndClear(device);
        releaseAndClear(d3d);
    }
};

// One frame: cleared target and depth, the scenario's work, and for the last frame the back
// buffer's pixels. Returns the units done, or -1 when a step failed.
int64_t runFrame(IDirect3DDevice9* device, Scenario& scenario, int index, std::vector<uint32_t>* pixels) {
    if (FAILED(device->Clear(0, nullptr, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xFF000000, 1.0f, 0)) ||
        FAILED(device->BeginScene()))
        return -1;
    const int64_t units = scenario.frame(device, index);
    if (FAILED(device->EndScene()) || units < 0) return -1;
    // DISCARD leaves the back buffer undefined after Present: read it before.
    if (pixels && (*pixels = readBackBuffer(device)).size() != size_t(kBenchSize) * kBenchSize) return -1;
    return FAILED(device->Present(nullptr, nullptr, nullptr, nullptr)) ? -1 : units;
}

bool runScenario(IDirect3DDevice9* device, Scenario& scenario, const BenchOptions& options,
                 BenchResult& result) {
    if (!scenario.setup(device)) {
        scenario.teardown(device); // releases what was made before the failing step
        return false;
    }
    bool ok = true;
    for (int f = 0; f < options.warmup && ok; ++f)
        ok = runFrame(device, scenario, f, nullptr) >= 0;
    LARGE_INTEGER frequency, start, end;
    QueryPerformanceFrequency(&frequency);
    QueryPerformanceCounter(&start);
    int64_t units = 0;
    std::vector<uint32_t> pixels;
    WindowRates windows(options.window, scenario.unit(), stderr);
    for (int f = 0; f < options.frames && ok; ++f) {
        const bool last = f + 1 == options.frames;
        const int64_t done = runFrame(device, scenario, options.warmup + f, last ? &pixels : nullptr);
        ok = done >= 0;
        units += done;
        if (ok && options.window) {
            LARGE_INTEGER now;
            QueryPerformanceCounter(&now);
            windows.frameDone(f, double(now.QuadPart - start.QuadPart) / double(frequency.QuadPart), done);
        }
    }
    QueryPerformanceCounter(&end);
    scenario.teardown(device);
    if (!ok) return false;
    const double seconds = double(end.QuadPart - start.QuadPart) / double(frequency.QuadPart);
    result.perSecond = seconds > 0 ? double(units) / seconds : 0;
    benchSummarise(pixels, scenario.extraChecksum(), result);
    return true;
}

} // namespace

int main(int argc, char** argv) {
    BenchOptions options;
    if (!parseBenchOptions(argc, argv, options)) {
        std::fprintf(stderr, "usage: d3d9_bench [--frames N] [--warmup N] [--window N] "
                             "[draws|instancing|queries|state_churn ...]\n");
        return 2;
    }
    BenchDevice bench;
    if (!bench.device) {
        std::printf("d3d9_bench: no device\n");
        return 1;
    }
    std::unique_ptr<Scenario> scenarios[] = {makeDrawsScenario(), makeInstancingScenario(),
                                             makeQueriesScenario(), makeStateChurnScenario()};
    int status = 0;
    for (auto& scenario : scenarios) {
        if (!options.wants(scenario->name())) continue;
        BenchResult result;
        if (!runScenario(bench.device, *scenario, options, result)) {
            std::printf("%-12s FAILED\n", scenario->name());
            status = 1;
            continue;
        }
        printBenchLine(scenario->name(), scenario->unit(), result);
    }
    return status;
}

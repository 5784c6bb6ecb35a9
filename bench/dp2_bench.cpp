// DP2 throughput: a large command buffer of state tokens (RENDERSTATE, TEXTURESTAGESTATE,
// stream setters, shader constants) executed through ddivk_DrawPrimitives2 on a real context,
// beside memcpy of the same buffer measured in the same run. Target (issue: foundation): at
// least a quarter of memcpy's bytes per second.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <memory>
#include <random>
#include <vector>

#include "ddivk/d3d9_enums.h"
#include "ddivk/ddivk.h"
#include "ddivk/dp2_payloads.h"

using namespace ddivk;

namespace {

constexpr size_t kBufferBytes = 16u << 20; // beyond last-level caches of most machines

// A buffer of state tokens shaped like a D3D9 game's stream: mostly render and texture stage
// states, a stream change and vertex and pixel constants every few tokens.
struct StateStream {
    std::vector<std::byte> bytes;
    uint64_t tokens = 0;

    template <class T> void put(const T& v) {
        const auto* p = reinterpret_cast<const std::byte*>(&v);
        bytes.insert(bytes.end(), p, p + sizeof(T));
    }
    void command(uint8_t op, uint16_t count) {
        D3DHAL_DP2COMMAND c{};
        c.bCommand = op;
        c.wStateCount = count;
        put(c);
        ++tokens;
    }

    StateStream() {
        bytes.reserve(kBufferBytes + 4096);
        std::mt19937 engine(1234);
        auto rng = [&engine] { return uint32_t(engine()); };
        static constexpr uint32_t kStates[] = {D3DRS_ZENABLE,   D3DRS_ZWRITEENABLE,  D3DRS_ALPHATESTENABLE,
                                               D3DRS_SRCBLEND,  D3DRS_DESTBLEND,     D3DRS_CULLMODE,
                                               D3DRS_ZFUNC,     D3DRS_ALPHAREF,      D3DRS_ALPHABLENDENABLE,
                                               D3DRS_FOGENABLE, D3DRS_STENCILENABLE, D3DRS_COLORWRITEENABLE};
        const float constants[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
        while (bytes.size() < kBufferBytes) {
            command(D3DDP2OP_RENDERSTATE, 6);
            for (int i = 0; i < 6; ++i) {
                D3DHAL_DP2RENDERSTATE rs{};
                rs.RenderState = kStates[rng() % std::size(kStates)];
                rs.dwState = rng() & 3;
                put(rs);
            }
            command(D3DDP2OP_TEXTURESTAGESTATE, 4);
            for (uint16_t i = 0; i < 4; ++i)
                put(D3DHAL_DP2TEXTURESTAGESTATE{uint16_t(rng() % 8), uint16_t(D3DTSS_COLOROP), 4});
            command(D3DDP2OP_SETSTREAMSOURCE2, 1);
            put(D3DHAL_DP2SETSTREAMSOURCE2{rng() % 4, 0, (rng() % 64) * 32, 32});
            command(D3DDP2OP_SETVERTEXSHADERCONST, 1);
            put(D3DHAL_DP2SETVERTEXSHADERCONST{rng() % 200, 4});
            put(constants);
            command(D3DDP2OP_SETPIXELSHADERCONST, 1);
            put(D3DHAL_DP2SETPIXELSHADERCONST{rng() % 200, 2});
            for (int i = 0; i < 8; ++i)
                put(constants[i]);
        }
    }
};

struct Fixture {
    ddivk_device* device = nullptr;
    uint32_t target = 0;
    uintptr_t context = 0;
    DDIVK_DP2BUFFER* buffer = nullptr;
    StateStream stream;

    Fixture() {
        if (ddivk_device_create(nullptr, &device) != S_OK) return;
        ddivk_surface_desc rt{64, 64, D3DFMT_X8R8G8B8, DDIVK_SURFACE_RENDERTARGET};
        ddivk_surface_create(device, &rt, &target);
        ddivk_context_create(device, target, 0, &context);
        ddivk_dp2_buffer_create(uint32_t(stream.bytes.size()), DDIVK_DP2BUFFER_COMMANDS, &buffer);
        std::memcpy(buffer->lpMemory, stream.bytes.data(), stream.bytes.size());
    }
    ~Fixture() {
        ddivk_dp2_buffer_destroy(buffer);
        ddivk_context_destroy(context);
        ddivk_device_destroy(device);
    }
};

Fixture& fixture() {
    static Fixture f;
    return f;
}

void BM_Memcpy(benchmark::State& state) {
    const StateStream& s = fixture().stream;
    std::vector<std::byte> dst(s.bytes.size());
    for (auto _ : state) {
        std::memcpy(dst.data(), s.bytes.data(), s.bytes.size());
        benchmark::DoNotOptimize(dst.data());
        benchmark::ClobberMemory();
    }
    state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(s.bytes.size()));
}
BENCHMARK(BM_Memcpy)->Unit(benchmark::kMillisecond);

// Seconds per memcpy of `bytes`, best of a few runs: the baseline for the ratio counter.
double memcpySeconds(const std::vector<std::byte>& bytes) {
    std::vector<std::byte> dst(bytes.size());
    double best = 1e30;
    for (int i = 0; i < 8; ++i) {
        auto begin = std::chrono::steady_clock::now();
        std::memcpy(dst.data(), bytes.data(), bytes.size());
        benchmark::DoNotOptimize(dst.data());
        benchmark::ClobberMemory();
        best =
            std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count());
    }
    return best;
}

void BM_DP2StateTokens(benchmark::State& state) {
    Fixture& f = fixture();
    if (!f.context) {
        state.SkipWithError("no Vulkan device");
        return;
    }
    double dp2Seconds = 1e30; // best single call, compared with the best memcpy
    for (auto _ : state) {
        auto begin = std::chrono::steady_clock::now();
        D3DHAL_DRAWPRIMITIVES2DATA data{};
        data.dwhContext = f.context;
        data.dwFlags = D3DHALDP2_USERMEMVERTICES;
        data.dwVertexType = 0x44; // D3DFVF_XYZRHW | D3DFVF_DIFFUSE
        data.lpDDCommands = f.buffer;
        data.dwCommandLength = uint32_t(f.stream.bytes.size());
        ddivk_DrawPrimitives2(&data);
        dp2Seconds = std::min(
            dp2Seconds, std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count());
        if (data.ddrval != S_OK) {
            state.SkipWithError("DP2 call failed");
            return;
        }
    }
    // The target of the foundation issue: at least 0.25 of memcpy's bytes per second.
    state.counters["vs_memcpy"] = memcpySeconds(f.stream.bytes) / dp2Seconds;
    state.SetBytesProcessed(int64_t(state.iterations()) * int64_t(f.stream.bytes.size()));
    state.SetItemsProcessed(int64_t(state.iterations()) * int64_t(f.stream.tokens));
    state.counters["tokens"] = double(f.stream.tokens);
}
BENCHMARK(BM_DP2StateTokens)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();

// Queries under load (issue 5): frames of 500 occlusion queries, each around one tiny draw,
// through the DP2 door with the responses read back from the command buffer. Reports the CPU
// cost per query (process CPU time, which on lavapipe includes its rasteriser threads, beside
// the same frames without queries measured in the same run) and the issue-to-data latency
// (from the DP2 call that issued a query to the call that answered it).
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstring>
#include <ctime>
#include <vector>

#include "ddivk/d3d9_enums.h"
#include "ddivk/ddivk.h"
#include "ddivk/dp2_payloads.h"
#include "ddivk/fvf.h"

using namespace ddivk;

namespace {

constexpr uint32_t kQueries = 500; // per frame
constexpr uint32_t kSets = 3;      // query ids rotate over frames in flight

struct Vertex {
    float x, y, z, rhw;
    uint32_t diffuse;
};

struct Stream {
    std::vector<std::byte> bytes;
    template <class T> void put(const T& v) {
        const auto* p = reinterpret_cast<const std::byte*>(&v);
        bytes.insert(bytes.end(), p, p + sizeof(T));
    }
    void command(uint8_t op, uint16_t count) {
        D3DHAL_DP2COMMAND c{};
        c.bCommand = op;
        c.wStateCount = count;
        put(c);
    }
};

double cpuSeconds() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

struct QueryScene {
    ddivk_device* device = nullptr;
    uint32_t target = 0;
    uintptr_t context = 0;
    DDIVK_DP2BUFFER* buffer = nullptr;
    std::vector<Stream> frames; // per set, with queries
    Stream plain;               // the same draws without queries
    std::vector<Vertex> vertices;
    std::vector<uint64_t> issuedAt; // per query id: steady_clock ns of the issuing call
    double latencySum = 0;
    uint64_t answers = 0;

    QueryScene() {
        if (failed(ddivk_device_create(nullptr, &device))) return;
        ddivk_surface_desc rt{64, 64, D3DFMT_X8R8G8B8, DDIVK_SURFACE_RENDERTARGET};
        if (failed(ddivk_surface_create(device, &rt, &target))) return;
        if (failed(ddivk_context_create(device, target, 0, &context))) return;
        Stream create;
        for (uint32_t id = 1; id <= kSets * kQueries; ++id) {
            create.command(D3DDP2OP_CREATEQUERY, 1);
            create.put(D3DHAL_DP2CREATEQUERY{id, D3DQUERYTYPE_OCCLUSION});
        }
        for (uint32_t i = 0; i < kQueries; ++i) {
            const float x = float(i % 32) * 2, y = float(i / 32) * 2;
            for (Vertex v :
                 {Vertex{x, y, 0.5f, 1, ~0u}, Vertex{x + 2, y, 0.5f, 1, ~0u}, Vertex{x, y + 2, 0.5f, 1, ~0u}})
                vertices.push_back(v);
        }
        frames.resize(kSets);
        for (uint32_t set = 0; set < kSets; ++set) {
            for (uint32_t i = 0; i < kQueries; ++i) {
                const uint32_t id = set * kQueries + i + 1;
                frames[set].command(D3DDP2OP_ISSUEQUERY, 1);
                frames[set].put(D3DHAL_DP2ISSUEQUERY{id, D3DISSUE_BEGIN});
                frames[set].command(D3DDP2OP_TRIANGLELIST, 1);
                frames[set].put(D3DHAL_DP2TRIANGLELIST{uint16_t(3 * i)});
                frames[set].command(D3DDP2OP_ISSUEQUERY, 1);
                frames[set].put(D3DHAL_DP2ISSUEQUERY{id, D3DISSUE_END});
            }
        }
        for (uint32_t i = 0; i < kQueries; ++i) {
            plain.command(D3DDP2OP_TRIANGLELIST, 1);
            plain.put(D3DHAL_DP2TRIANGLELIST{uint16_t(3 * i)});
        }
        issuedAt.assign(kSets * kQueries + 1, 0);
        if (failed(ddivk_dp2_buffer_create(uint32_t(frames[0].bytes.size() + 64 * 1024),
                                           DDIVK_DP2BUFFER_COMMANDS, &buffer)))
            return;
        if (failed(run(create.bytes))) context = 0;
    }
    ~QueryScene() {
        if (buffer) ddivk_dp2_buffer_destroy(buffer);
        if (device) ddivk_device_destroy(device);
    }

    // One DP2 call; records the answers' latency.
    HRESULT run(const std::vector<std::byte>& bytes) {
        std::memcpy(buffer->lpMemory, bytes.data(), bytes.size());
        D3DHAL_DRAWPRIMITIVES2DATA data{};
        data.dwhContext = context;
        data.dwFlags = D3DHALDP2_USERMEMVERTICES;
        data.dwVertexType = D3DFVF_XYZRHW | D3DFVF_DIFFUSE;
        data.lpDDCommands = buffer;
        data.dwCommandLength = uint32_t(bytes.size());
        data.lpVertices = vertices.data();
        data.dwVertexLength = uint32_t(vertices.size());
        do { // a call refused while the previous flip is in progress is retried, as the runtime does
            data.dwVertexSize = sizeof(Vertex);
            ddivk_DrawPrimitives2(&data);
        } while (data.ddrval == DDERR_WASSTILLDRAWING);
        const uint64_t now = uint64_t(std::chrono::steady_clock::now().time_since_epoch().count());
        // Responses: header, then (id, size, data) entries.
        const auto* p = static_cast<const std::byte*>(buffer->lpMemory);
        size_t at = 0;
        while (data.ddrval == S_OK && at + sizeof(D3DHAL_DP2RESPONSE) <= data.dwErrorOffset) {
            D3DHAL_DP2RESPONSE header;
            std::memcpy(&header, p + at, sizeof header);
            size_t q = at + sizeof header;
            for (uint16_t i = 0; header.bCommand == D3DDP2OP_RESPONSEQUERY && i < header.wStateCount; ++i) {
                D3DHAL_DP2RESPONSEQUERY r;
                std::memcpy(&r, p + q, sizeof r);
                if (r.dwQueryID < issuedAt.size() && issuedAt[r.dwQueryID]) {
                    latencySum += double(now - issuedAt[r.dwQueryID]) * 1e-9;
                    ++answers;
                }
                q += sizeof r + r.dwSize;
            }
            if (header.dwTotalSize == 0) break;
            at += header.dwTotalSize;
        }
        return data.ddrval;
    }
};

QueryScene& scene() {
    static QueryScene s;
    return s;
}

void frameLoop(benchmark::State& state, bool queries) {
    QueryScene& s = scene();
    if (!s.context) {
        state.SkipWithError("no Vulkan device");
        return;
    }
    s.latencySum = 0;
    s.answers = 0;
    uint64_t frame = 0;
    const double cpuBegin = cpuSeconds();
    for (auto _ : state) {
        const uint32_t set = uint32_t(frame++ % kSets);
        if (queries) {
            const uint64_t now = uint64_t(std::chrono::steady_clock::now().time_since_epoch().count());
            for (uint32_t i = 1; i <= kQueries; ++i)
                s.issuedAt[set * kQueries + i] = now;
        }
        if (failed(s.run(queries ? s.frames[set].bytes : s.plain.bytes)) ||
            failed(ddivk_surface_flip(s.device, s.target))) {
            state.SkipWithError("DP2 call failed");
            return;
        }
    }
    const double cpu = cpuSeconds() - cpuBegin;
    state.counters["cpu_us_per_frame"] = cpu / double(state.iterations()) * 1e6;
    if (queries) {
        state.counters["queries"] = double(kQueries);
        state.counters["latency_ms"] = s.answers ? s.latencySum / double(s.answers) * 1e3 : 0.0;
        state.counters["answered"] = double(s.answers) / double(state.iterations() * kQueries);
    }
}

// The frame without queries: the baseline of the CPU cost.
void BM_Frame500Draws(benchmark::State& state) {
    frameLoop(state, false);
}
BENCHMARK(BM_Frame500Draws)->Unit(benchmark::kMillisecond);

// The same frame with an occlusion query around each draw. CPU cost per query:
// (cpu_us_per_frame - BM_Frame500Draws's) / 500.
void BM_Frame500OcclusionQueries(benchmark::State& state) {
    frameLoop(state, true);
}
BENCHMARK(BM_Frame500OcclusionQueries)->Unit(benchmark::kMillisecond);

} // namespace

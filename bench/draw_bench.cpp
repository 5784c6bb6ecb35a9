// Draws through the DP2 door (issue 4's speed targets), each beside its baseline in the same run:
// - BM_Draws2000: a frame of 2000 small draws from a vertex buffer with a vs_3_0 / ps_3_0 pair,
//   a vertex shader constant change before each draw and a blend state change every 10, beside
//   the plain Vulkan program recording the same frame (plain_vulkan_scene.h). Counters: CPU
//   nanoseconds per draw on the calling thread for both, and their ratio (target: <= 1.5).
// - BM_Draws2000SoftwareRegisters: the same frame on a device with software vertex processing's
//   register files (a MIXED or SOFTWARE D3D9 device) whose vertex shader also reads c300, so it
//   reads its constants from storage buffers; CPU nanoseconds per draw beside the hardware
//   device's in the same run.
// - BM_Instancing10000: one indexed draw of 10 000 instances (stream 0 INDEXEDDATA, stream 1
//   INSTANCEDATA) on the divisor path and on the shader-fetch fallback; wall time per frame
//   (recording, submission and the GPU) and their ratio (target: <= 1.25).
// - BM_SamplerLookup: the device's sampler cache asked for 4 keys in turn (a draw asks for each
//   bound texture's sampler), which its memo of recent answers holds, beside 12 keys in turn,
//   which miss the memo every time and take its map; nanoseconds per lookup and their ratio.
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstring>
#include <vector>

#include "ddivk/d3d9_decl.h"
#include "ddivk/d3d9_enums.h"
#include "ddivk/ddivk.h"
#include "ddivk/dp2_payloads.h"
#include "device/device.h"
#include "device/handles.h"
#include "draw/sampler_state.h"
#include "plain_vulkan_scene.h"
#include "shader/assembler.h"

using namespace ddivk;

namespace {

struct Stream {
    std::vector<std::byte> bytes;
    template <class T> Stream& put(const T& v) {
        const auto* p = reinterpret_cast<const std::byte*>(&v);
        bytes.insert(bytes.end(), p, p + sizeof(T));
        return *this;
    }
    template <class T> Stream& putAll(const std::vector<T>& v) {
        const auto* p = reinterpret_cast<const std::byte*>(v.data());
        bytes.insert(bytes.end(), p, p + v.size() * sizeof(T));
        return *this;
    }
    Stream& command(uint8_t op, uint16_t count) {
        D3DHAL_DP2COMMAND c{};
        c.bCommand = op;
        c.wStateCount = count;
        return put(c);
    }
};

constexpr const char* kVs = R"(vs_3_0
dcl_position v0
dcl_texcoord v1
dcl_position o0
dcl_color o1
add r0, v0, v1
mov o0, r0
mov o1, c4
)";
constexpr const char* kPs = "ps_3_0\ndcl_color v0\nmov oC0, v0\n";
// kVs reading c300 too (never written: 0), which only software vertex processing's files have.
constexpr const char* kSoftwareVs = R"(vs_3_0
dcl_position v0
dcl_texcoord v1
dcl_position o0
dcl_color o1
add r0, v0, v1
mov o0, r0
add o1, c4, c300
)";

// A device, a 256x256 target, a context with the shaders and a vertex buffer of one small
// triangle (stream 0) and 10 000 instance offsets (stream 1).
struct DrawScene {
    ddivk_device* device = nullptr;
    uint32_t target = 0;
    uintptr_t context = 0;
    DDIVK_DP2BUFFER* buffer = nullptr;
    uint32_t offsetsBuffer = 0; // stream 1: 10 000 instance offsets
    bool ok = false;

    // deviceFlags: DDIVK_DEVICE_*; vsText: the vertex shader (kVs or kSoftwareVs).
    DrawScene(uint32_t deviceFlags = 0, const char* vsText = kVs) {
        const ddivk_device_desc desc{nullptr, deviceFlags};
        if (failed(ddivk_device_create(&desc, &device))) return;
        ddivk_surface_desc rt{256, 256, D3DFMT_X8R8G8B8, DDIVK_SURFACE_RENDERTARGET};
        if (failed(ddivk_surface_create(device, &rt, &target))) return;
        if (failed(ddivk_context_create(device, target, 0, &context))) return;
        if (failed(ddivk_dp2_buffer_create(1u << 20, DDIVK_DP2BUFFER_COMMANDS, &buffer))) return;
        const auto& umd = *ddivk_umd_draw_functions();
        HANDLE hDevice = reinterpret_cast<HANDLE>(context);
        auto buffer = [&](const void* data, uint32_t bytes, uint32_t flags) {
            D3DDDI_SURFACEINFO info{bytes, 1, 1, data, 0, 0};
            D3DDDIARG_CREATERESOURCE args{};
            args.Format = flags & D3DDDI_RESOURCE_INDEXBUFFER ? D3DFMT_INDEX16 : D3DFMT_VERTEXDATA;
            args.pSurfList = &info;
            args.SurfCount = 1;
            args.Flags.Value = flags;
            return failed(umd.pfnCreateResource(hDevice, &args)) ? 0u : uint32_t(uintptr_t(args.hResource));
        };
        const float tri[12] = {-0.01f, -0.01f, 0.5f, 1, 0.01f, -0.01f, 0.5f, 1, -0.01f, 0.01f, 0.5f, 1};
        std::vector<float> offsets;
        for (uint32_t i = 0; i < 10000; ++i) {
            offsets.push_back(float(i % 100) / 50.0f - 0.99f);
            offsets.push_back(float(i / 100) / 50.0f - 0.99f);
            offsets.push_back(0);
            offsets.push_back(0);
        }
        const uint16_t indices[3] = {0, 1, 2};
        const uint32_t vb = buffer(tri, sizeof tri, D3DDDI_RESOURCE_VERTEXBUFFER);
        const uint32_t ob = buffer(offsets.data(), uint32_t(offsets.size() * 4), D3DDDI_RESOURCE_VERTEXBUFFER);
        const uint32_t ib = buffer(indices, sizeof indices, D3DDDI_RESOURCE_INDEXBUFFER);
        auto vs =
            shader::assemble(vsText, {deviceFlags & DDIVK_DEVICE_SOFTWARE_VERTEX_REGISTERS ? true : false});
        auto ps = shader::assemble(kPs);
        if (!vb || !ob || !ib || !vs || !ps) return;
        offsetsBuffer = ob;
        const std::vector<D3DVERTEXELEMENT9> decl = {{0, 0, D3DDECLTYPE_FLOAT4, 0, D3DDECLUSAGE_POSITION, 0},
                                                     {1, 0, D3DDECLTYPE_FLOAT4, 0, D3DDECLUSAGE_TEXCOORD, 0}};
        Stream s;
        s.command(D3DDP2OP_CREATEVERTEXSHADERFUNC, 1).put(D3DHAL_DP2CREATEVERTEXSHADERFUNC{1, uint32_t(vs->size() * 4)});
        s.putAll(*vs);
        s.command(D3DDP2OP_CREATEPIXELSHADER, 1).put(D3DHAL_DP2CREATEPIXELSHADER{2, uint32_t(ps->size() * 4)});
        s.putAll(*ps);
        s.command(D3DDP2OP_CREATEVERTEXSHADERDECL, 1).put(D3DHAL_DP2CREATEVERTEXSHADERDECL{3, 2}).putAll(decl);
        s.command(D3DDP2OP_SETVERTEXSHADERDECL, 1).put(D3DHAL_DP2VERTEXSHADER{3});
        s.command(D3DDP2OP_SETVERTEXSHADERFUNC, 1).put(D3DHAL_DP2VERTEXSHADER{1});
        s.command(D3DDP2OP_SETPIXELSHADER, 1).put(D3DHAL_DP2PIXELSHADER{2});
        s.command(D3DDP2OP_SETSTREAMSOURCE2, 1).put(D3DHAL_DP2SETSTREAMSOURCE2{0, vb, 0, 16});
        s.command(D3DDP2OP_SETSTREAMSOURCE2, 1).put(D3DHAL_DP2SETSTREAMSOURCE2{1, ob, 0, 16});
        s.command(D3DDP2OP_SETINDICES, 1).put(D3DHAL_DP2SETINDICES{ib, 2});
        s.command(D3DDP2OP_RENDERSTATE, 2);
        s.put(D3DHAL_DP2RENDERSTATE{D3DRS_SRCBLEND, {.dwState = D3DBLEND_SRCALPHA}});
        s.put(D3DHAL_DP2RENDERSTATE{D3DRS_DESTBLEND, {.dwState = D3DBLEND_INVSRCALPHA}});
        ok = succeeded(run(s));
    }
    ~DrawScene() {
        if (buffer) ddivk_dp2_buffer_destroy(buffer);
        if (device) ddivk_device_destroy(device);
    }
    HRESULT run(const Stream& s) {
        std::memcpy(buffer->lpMemory, s.bytes.data(), s.bytes.size());
        D3DHAL_DRAWPRIMITIVES2DATA data{};
        data.dwhContext = context;
        data.lpDDCommands = buffer;
        data.dwCommandLength = uint32_t(s.bytes.size());
        do {
            ddivk_DrawPrimitives2(&data);
        } while (data.ddrval == DDERR_WASSTILLDRAWING);
        return data.ddrval;
    }
    device::Device& driver() { return device::deviceOf(device); }
};

DrawScene& scene() {
    static DrawScene s;
    return s;
}

constexpr uint32_t kDraws = 2000;
constexpr uint32_t kStateEvery = 10;

// The DP2 frame: per draw a constant (c4, the colour) and a draw; every 10 draws a blend toggle.
Stream drawFrame(uint32_t offsetsBuffer) {
    Stream s;
    s.command(D3DDP2OP_SETSTREAMSOURCEFREQ, 2);
    s.put(D3DHAL_DP2SETSTREAMSOURCEFREQ{0, 1}).put(D3DHAL_DP2SETSTREAMSOURCEFREQ{1, 1});
    s.command(D3DDP2OP_SETSTREAMSOURCE2, 1).put(D3DHAL_DP2SETSTREAMSOURCE2{1, offsetsBuffer, 0, 16});
    for (uint32_t i = 0; i < kDraws; ++i) {
        if (i % kStateEvery == 0) {
            s.command(D3DDP2OP_RENDERSTATE, 1);
            s.put(D3DHAL_DP2RENDERSTATE{D3DRS_ALPHABLENDENABLE, {.dwState = (i / kStateEvery) & 1}});
        }
        const float c[4] = {float(i & 255) / 255.0f, 0.5f, 0.25f, 1.0f};
        s.command(D3DDP2OP_SETVERTEXSHADERCONST, 1).put(D3DHAL_DP2SETVERTEXSHADERCONST{4, 1}).put(c);
        s.command(D3DDP2OP_DRAWPRIMITIVE, 1).put(D3DHAL_DP2DRAWPRIMITIVE{D3DPT_TRIANGLELIST, 0, 1});
    }
    return s;
}

void BM_Draws2000(benchmark::State& state) {
    DrawScene& s = scene();
    static bench::PlainVulkanScene plain;
    if (!s.ok || !plain.ok()) {
        state.SkipWithError("no Vulkan device");
        return;
    }
    const Stream frame = drawFrame(s.offsetsBuffer);
    double ours = 0, vulkan = 0;
    for (auto _ : state) {
        const double begin = bench::threadCpuSeconds();
        if (failed(s.run(frame)) || failed(ddivk_surface_flip(s.device, s.target))) {
            state.SkipWithError("DP2 call failed");
            return;
        }
        ours += bench::threadCpuSeconds() - begin;
        s.driver().vulkan().queue().waitIdle();
        vulkan += plain.frame(kDraws, kStateEvery);
    }
    const double frames = double(state.iterations());
    state.counters["ddivk_ns_per_draw"] = ours / frames / kDraws * 1e9;
    state.counters["vulkan_ns_per_draw"] = vulkan / frames / kDraws * 1e9;
    state.counters["ratio"] = vulkan > 0 ? ours / vulkan : 0;
}
BENCHMARK(BM_Draws2000)->Unit(benchmark::kMillisecond);

void BM_Draws2000SoftwareRegisters(benchmark::State& state) {
    DrawScene& hardware = scene();
    static DrawScene software(DDIVK_DEVICE_SOFTWARE_VERTEX_REGISTERS, kSoftwareVs);
    if (!hardware.ok || !software.ok) {
        state.SkipWithError("no Vulkan device");
        return;
    }
    DrawScene* scenes[2] = {&hardware, &software};
    double seconds[2] = {0, 0};
    for (auto _ : state) {
        for (int i = 0; i < 2; ++i) {
            const Stream frame = drawFrame(scenes[i]->offsetsBuffer);
            const double begin = bench::threadCpuSeconds();
            if (failed(scenes[i]->run(frame)) ||
                failed(ddivk_surface_flip(scenes[i]->device, scenes[i]->target))) {
                state.SkipWithError("DP2 call failed");
                return;
            }
            seconds[i] += bench::threadCpuSeconds() - begin;
            scenes[i]->driver().vulkan().queue().waitIdle();
        }
    }
    const double frames = double(state.iterations());
    state.counters["hardware_ns_per_draw"] = seconds[0] / frames / kDraws * 1e9;
    state.counters["software_ns_per_draw"] = seconds[1] / frames / kDraws * 1e9;
    state.counters["ratio"] = seconds[0] > 0 ? seconds[1] / seconds[0] : 0;
}
BENCHMARK(BM_Draws2000SoftwareRegisters)->Unit(benchmark::kMillisecond);

// One indexed draw of 10 000 instances of the triangle, each at its own offset.
void BM_Instancing10000(benchmark::State& state) {
    DrawScene& s = scene();
    if (!s.ok) {
        state.SkipWithError("no Vulkan device");
        return;
    }
    Stream frame;
    frame.command(D3DDP2OP_SETSTREAMSOURCE2, 1).put(D3DHAL_DP2SETSTREAMSOURCE2{1, s.offsetsBuffer, 0, 16});
    frame.command(D3DDP2OP_SETSTREAMSOURCEFREQ, 2);
    frame.put(D3DHAL_DP2SETSTREAMSOURCEFREQ{0, D3DSTREAMSOURCE_INDEXEDDATA | 10000});
    frame.put(D3DHAL_DP2SETSTREAMSOURCEFREQ{1, D3DSTREAMSOURCE_INSTANCEDATA | 1});
    frame.command(D3DDP2OP_DRAWINDEXEDPRIMITIVE, 1)
        .put(D3DHAL_DP2DRAWINDEXEDPRIMITIVE{D3DPT_TRIANGLELIST, 0, 0, 3, 0, 1});
    double seconds[2] = {0, 0};
    vk::Queue& queue = s.driver().vulkan().queue();
    for (auto _ : state) {
        for (int fallback = 0; fallback < 2; ++fallback) {
            s.driver().drawOptions().forceFetchFallback = fallback == 1;
            const auto begin = std::chrono::steady_clock::now();
            if (failed(s.run(frame)) || failed(ddivk_surface_flip(s.device, s.target))) {
                state.SkipWithError("DP2 call failed");
                return;
            }
            queue.waitIdle();
            seconds[fallback] += std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
        }
    }
    s.driver().drawOptions().forceFetchFallback = false;
    const double frames = double(state.iterations());
    state.counters["divisor_ms"] = seconds[0] / frames * 1e3;
    state.counters["fetch_ms"] = seconds[1] / frames * 1e3;
    state.counters["ratio"] = seconds[0] > 0 ? seconds[1] / seconds[0] : 0;
}
BENCHMARK(BM_Instancing10000)->Unit(benchmark::kMillisecond);

void BM_SamplerLookup(benchmark::State& state) {
    DrawScene& s = scene();
    if (!s.ok) {
        state.SkipWithError("no Vulkan device");
        return;
    }
    draw::SamplerCache& cache = s.driver().samplers();
    std::vector<draw::SamplerKey> keys(12);
    for (size_t i = 0; i < keys.size(); ++i) { // distinct keys: filters x U address x LOD
        keys[i].magFilter = i & 1 ? VK_FILTER_LINEAR : VK_FILTER_NEAREST;
        keys[i].addressU = i & 2 ? VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE : VK_SAMPLER_ADDRESS_MODE_REPEAT;
        keys[i].minLod = keys[i].maxLod = float(i / 4);
    }
    constexpr int kLookups = 1200; // a multiple of 4 and of 12
    double seconds[2] = {0, 0};
    uintptr_t sum = 0;
    for (auto _ : state) {
        for (int wide = 0; wide < 2; ++wide) {
            const size_t count = wide ? 12 : 4;
            const auto begin = std::chrono::steady_clock::now();
            for (int i = 0; i < kLookups; ++i)
                sum += uintptr_t(cache.get(keys[size_t(i) % count]));
            seconds[wide] += std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
        }
    }
    benchmark::DoNotOptimize(sum);
    const double lookups = double(state.iterations()) * kLookups;
    state.counters["memo_ns"] = seconds[0] / lookups * 1e9;
    state.counters["map_ns"] = seconds[1] / lookups * 1e9;
    state.counters["ratio"] = seconds[0] > 0 ? seconds[1] / seconds[0] : 0;
}
BENCHMARK(BM_SamplerLookup)->Unit(benchmark::kMicrosecond);

} // namespace

// ddivk-demo: the main job of the README. Renders a small scene through the DP2 door on a
// headless device (clears, a Gouraud-shaded strip, a fan, an indexed list, alpha blending and
// a depth-tested pair), writes the last frame as a PNG and prints what it did, ending with a
// table of every D3D10 query type measured over one more frame (docs/queries.md).
//
//   ddivk-demo [--png OUT.png] [--frames N]
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "ddivk/d3d10_query.h"
#include "ddivk/d3d9_enums.h"
#include "ddivk/ddivk.h"
#include "ddivk/dp2_payloads.h"
#include "ddivk/fvf.h"
#include "util/png.h"
#include "demo_commands.h"
#include "demo_stream_output.h"

using namespace ddivk;
using demo::Commands;

namespace {

constexpr uint32_t kWidth = 320, kHeight = 240;

struct Vertex {
    float x, y, z, rhw;
    uint32_t diffuse;
};
constexpr uint32_t kFvf = D3DFVF_XYZRHW | D3DFVF_DIFFUSE;

uint32_t rgb(float r, float g, float b, float a = 1.0f) {
    auto q = [](float c) { return uint32_t(std::lround(std::fmin(std::fmax(c, 0.0f), 1.0f) * 255.0f)); };
    return q(a) << 24 | q(r) << 16 | q(g) << 8 | q(b);
}

// One frame: returns the command bytes and fills the vertices the legacy tokens read.
Commands buildFrame(int frame, std::vector<Vertex>& v) {
    v.clear();
    Commands c;
    c.clear(D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xFF101828, 1.0f);
    c.renderState(D3DRS_CULLMODE, D3DCULL_NONE);

    // Sky gradient: a strip of two triangles across the top half.
    uint32_t start = uint32_t(v.size());
    v.push_back({0, 0, 0.9f, 1, rgb(0.1f, 0.2f, 0.5f)});
    v.push_back({0, 140, 0.9f, 1, rgb(0.9f, 0.5f, 0.3f)});
    v.push_back({kWidth, 0, 0.9f, 1, rgb(0.1f, 0.2f, 0.5f)});
    v.push_back({kWidth, 140, 0.9f, 1, rgb(0.9f, 0.5f, 0.3f)});
    c.cmd(D3DDP2OP_TRIANGLESTRIP, 2).put(D3DHAL_DP2TRIANGLESTRIP{uint16_t(start)});

    // The sun: a fan of 24 triangles, moving with the frame.
    start = uint32_t(v.size());
    const float cx = 80.0f + float(frame % 120), cy = 90.0f, r = 28.0f;
    v.push_back({cx, cy, 0.8f, 1, rgb(1.0f, 0.95f, 0.6f)});
    for (int i = 0; i <= 24; ++i) {
        float a = float(i) * 6.2831853f / 24.0f;
        v.push_back({cx + r * std::cos(a), cy + r * std::sin(a), 0.8f, 1, rgb(1.0f, 0.6f, 0.2f)});
    }
    c.cmd(D3DDP2OP_TRIANGLEFAN, 24).put(D3DHAL_DP2TRIANGLEFAN{uint16_t(start)});

    // Ground: an indexed list of two triangles.
    start = uint32_t(v.size());
    v.push_back({0, 140, 0.5f, 1, rgb(0.1f, 0.45f, 0.15f)});
    v.push_back({kWidth, 140, 0.5f, 1, rgb(0.1f, 0.45f, 0.15f)});
    v.push_back({kWidth, kHeight, 0.5f, 1, rgb(0.05f, 0.2f, 0.05f)});
    v.push_back({0, kHeight, 0.5f, 1, rgb(0.05f, 0.2f, 0.05f)});
    c.cmd(D3DDP2OP_INDEXEDTRIANGLELIST2, 2).put(D3DHAL_DP2STARTVERTEX{uint16_t(start)});
    c.put(D3DHAL_DP2INDEXEDTRIANGLELIST2{0, 1, 2}).put(D3DHAL_DP2INDEXEDTRIANGLELIST2{0, 2, 3});

    // Two mountains that cross in depth: the depth test sorts them.
    start = uint32_t(v.size());
    v.push_back({60, 180, 0.3f, 1, rgb(0.35f, 0.3f, 0.4f)});
    v.push_back({150, 60, 0.45f, 1, rgb(0.8f, 0.8f, 0.85f)});
    v.push_back({240, 180, 0.3f, 1, rgb(0.35f, 0.3f, 0.4f)});
    v.push_back({130, 170, 0.4f, 1, rgb(0.25f, 0.25f, 0.3f)});
    v.push_back({220, 80, 0.2f, 1, rgb(0.7f, 0.7f, 0.75f)});
    v.push_back({310, 170, 0.4f, 1, rgb(0.25f, 0.25f, 0.3f)});
    c.cmd(D3DDP2OP_TRIANGLELIST, 2).put(D3DHAL_DP2TRIANGLELIST{uint16_t(start)});

    // Mist: a translucent band blended over everything.
    start = uint32_t(v.size());
    v.push_back({0, 150, 0.1f, 1, rgb(0.9f, 0.9f, 1.0f, 0.0f)});
    v.push_back({0, 200, 0.1f, 1, rgb(0.9f, 0.9f, 1.0f, 0.5f)});
    v.push_back({kWidth, 150, 0.1f, 1, rgb(0.9f, 0.9f, 1.0f, 0.0f)});
    v.push_back({kWidth, 200, 0.1f, 1, rgb(0.9f, 0.9f, 1.0f, 0.5f)});
    c.renderState(D3DRS_ALPHABLENDENABLE, 1)
        .renderState(D3DRS_SRCBLEND, D3DBLEND_SRCALPHA)
        .renderState(D3DRS_DESTBLEND, D3DBLEND_INVSRCALPHA);
    c.cmd(D3DDP2OP_TRIANGLESTRIP, 2).put(D3DHAL_DP2TRIANGLESTRIP{uint16_t(start)});
    c.renderState(D3DRS_ALPHABLENDENABLE, 0);
    return c;
}

HRESULT g_queryError = S_OK;
void DDIVK_APIENTRY queryError(D3D10DDI_HRTDEVICE, HRESULT hr) {
    g_queryError = hr;
}

// Every D3D10DDI_QUERY type around one frame (`draw` runs it), through the D3D10 query door:
// one line per type, the measured data or why it is not available.
void printQueryTable(ddivk_device* device, const std::function<HRESULT(D3D10DDI_HDEVICE)>& draw) {
    const DDIVK_D3D10DDI_RUNTIME_CALLBACKS callbacks{queryError};
    D3D10DDI_HDEVICE d10{};
    if (failed(ddivk_d3d10_device_open(device, &callbacks, {}, &d10))) return;
    const DDIVK_D3D10DDI_QUERYFUNCS& f = *ddivk_d3d10_query_functions();
    struct Row {
        D3D10DDI_QUERY type;
        const char* name;
        bool bracketed;
        std::vector<uint8_t> memory;
        HRESULT created = S_OK;
    };
    std::vector<Row> rows = {
        {D3D10DDI_QUERY_EVENT, "EVENT", false, {}},
        {D3D10DDI_QUERY_OCCLUSION, "OCCLUSION", true, {}},
        {D3D10DDI_QUERY_TIMESTAMP, "TIMESTAMP", false, {}},
        {D3D10DDI_QUERY_TIMESTAMPDISJOINT, "TIMESTAMPDISJOINT", true, {}},
        {D3D10DDI_QUERY_PIPELINESTATS, "PIPELINESTATS", true, {}},
        {D3D10DDI_QUERY_OCCLUSIONPREDICATE, "OCCLUSIONPREDICATE", true, {}},
        {D3D10DDI_QUERY_STREAMOUTPUTSTATS, "STREAMOUTPUTSTATS", true, {}},
        {D3D10DDI_QUERY_STREAMOVERFLOWPREDICATE, "STREAMOVERFLOWPREDICATE", true, {}},
        {D3D11DDI_QUERY_PIPELINESTATS, "D3D11 PIPELINESTATS", true, {}},
        {D3D11DDI_QUERY_STREAMOUTPUTSTATS_STREAM0, "SO STATS STREAM0", true, {}},
        {D3D11DDI_QUERY_STREAMOUTPUTSTATS_STREAM1, "SO STATS STREAM1", true, {}},
        {D3D11DDI_QUERY_STREAMOUTPUTSTATS_STREAM2, "SO STATS STREAM2", true, {}},
        {D3D11DDI_QUERY_STREAMOUTPUTSTATS_STREAM3, "SO STATS STREAM3", true, {}},
        {D3D11DDI_QUERY_STREAMOVERFLOWPREDICATE_STREAM0, "SO OVERFLOW STREAM0", true, {}},
        {D3D11DDI_QUERY_STREAMOVERFLOWPREDICATE_STREAM1, "SO OVERFLOW STREAM1", true, {}},
        {D3D11DDI_QUERY_STREAMOVERFLOWPREDICATE_STREAM2, "SO OVERFLOW STREAM2", true, {}},
        {D3D11DDI_QUERY_STREAMOVERFLOWPREDICATE_STREAM3, "SO OVERFLOW STREAM3", true, {}},
        {D3D10DDI_COUNTER_GPU_IDLE, "COUNTER_GPU_IDLE", true, {}},
    };
    auto handle = [](Row& r) { return D3D10DDI_HQUERY{r.memory.data()}; };
    for (Row& r : rows) {
        D3D10DDIARG_CREATEQUERY args{r.type, 0};
        r.memory.resize(f.pfnCalcPrivateQuerySize(d10, &args));
        g_queryError = S_OK;
        f.pfnCreateQuery(d10, &args, handle(r), {});
        r.created = g_queryError;
        if (r.created == S_OK && r.bracketed) f.pfnQueryBegin(d10, handle(r));
    }
    HRESULT hr = draw(d10);
    for (Row& r : rows)
        if (r.created == S_OK) f.pfnQueryEnd(d10, handle(r));

    std::printf("\nqueries over one frame (D3D10 query DDI; docs/queries.md)\n");
    for (Row& r : rows) {
        std::printf("  %-24s ", r.name);
        if (r.created != S_OK || failed(hr)) {
            std::printf("not available (0x%08x)\n", uint32_t(failed(hr) ? hr : r.created));
            continue;
        }
        uint8_t data[128] = {};
        uint32_t size = 0;
        const bool soStats = r.type == D3D10DDI_QUERY_STREAMOUTPUTSTATS ||
                             (r.type >= D3D11DDI_QUERY_STREAMOUTPUTSTATS_STREAM0 &&
                              r.type <= D3D11DDI_QUERY_STREAMOUTPUTSTATS_STREAM3);
        const bool soOverflow = r.type == D3D10DDI_QUERY_STREAMOVERFLOWPREDICATE ||
                                (r.type >= D3D11DDI_QUERY_STREAMOVERFLOWPREDICATE_STREAM0 &&
                                 r.type <= D3D11DDI_QUERY_STREAMOVERFLOWPREDICATE_STREAM3);
        switch (r.type) {
        case D3D10DDI_QUERY_EVENT:
        case D3D10DDI_QUERY_OCCLUSIONPREDICATE:
            size = sizeof(BOOL);
            break;
        case D3D10DDI_QUERY_TIMESTAMPDISJOINT:
            size = sizeof(D3D10_DDI_QUERY_DATA_TIMESTAMP_DISJOINT);
            break;
        case D3D10DDI_QUERY_PIPELINESTATS:
            size = sizeof(D3D10_DDI_QUERY_DATA_PIPELINE_STATISTICS);
            break;
        case D3D11DDI_QUERY_PIPELINESTATS:
            size = sizeof(D3D11_DDI_QUERY_DATA_PIPELINE_STATISTICS);
            break;
        case D3D10DDI_COUNTER_GPU_IDLE:
            size = sizeof(float); // counters are FLOAT32
            break;
        default:
            size = soStats ? sizeof(D3D10_DDI_QUERY_DATA_SO_STATISTICS)
                   : soOverflow ? sizeof(BOOL)
                                : sizeof(uint64_t);
            break;
        }
        do {
            g_queryError = S_OK;
            f.pfnQueryGetData(d10, handle(r), data, size, 0);
        } while (g_queryError == DXGI_DDI_ERR_WASSTILLDRAWING);
        if (g_queryError != S_OK) {
            std::printf("error 0x%08x\n", uint32_t(g_queryError));
            continue;
        }
        uint64_t u64 = 0;
        BOOL b = 0;
        std::memcpy(&u64, data, sizeof u64);
        std::memcpy(&b, data, sizeof b);
        if (soStats) {
            D3D10_DDI_QUERY_DATA_SO_STATISTICS so;
            std::memcpy(&so, data, sizeof so);
            std::printf("%llu primitives written, %llu needed\n", (unsigned long long)so.NumPrimitivesWritten,
                        (unsigned long long)so.PrimitivesStorageNeeded);
            continue;
        }
        if (soOverflow) {
            std::printf("%s\n", b ? "TRUE (overflowed)" : "FALSE");
            continue;
        }
        switch (r.type) {
        case D3D10DDI_QUERY_EVENT:
            std::printf("%s\n", b ? "TRUE" : "FALSE");
            break;
        case D3D10DDI_QUERY_OCCLUSION:
            std::printf("%llu samples\n", (unsigned long long)u64);
            break;
        case D3D10DDI_QUERY_OCCLUSIONPREDICATE:
            std::printf("%s\n", b ? "TRUE (visible)" : "FALSE");
            break;
        case D3D10DDI_QUERY_TIMESTAMP:
            std::printf("%llu ticks\n", (unsigned long long)u64);
            break;
        case D3D10DDI_COUNTER_GPU_IDLE: {
            float idle = 0;
            std::memcpy(&idle, data, sizeof idle);
            std::printf("%.3f of the frame idle\n", double(idle));
            break;
        }
        case D3D10DDI_QUERY_TIMESTAMPDISJOINT: {
            D3D10_DDI_QUERY_DATA_TIMESTAMP_DISJOINT d;
            std::memcpy(&d, data, sizeof d);
            std::printf("Frequency %llu Hz, Disjoint %s\n", (unsigned long long)d.Frequency,
                        d.Disjoint ? "TRUE" : "FALSE");
            break;
        }
        default: {
            D3D11_DDI_QUERY_DATA_PIPELINE_STATISTICS st{};
            std::memcpy(&st, data, size);
            std::printf("IA %llu vertices %llu primitives, VS %llu, GS %llu/%llu, C %llu/%llu, PS %llu",
                        (unsigned long long)st.IAVertices, (unsigned long long)st.IAPrimitives,
                        (unsigned long long)st.VSInvocations, (unsigned long long)st.GSInvocations,
                        (unsigned long long)st.GSPrimitives, (unsigned long long)st.CInvocations,
                        (unsigned long long)st.CPrimitives, (unsigned long long)st.PSInvocations);
            if (r.type == D3D11DDI_QUERY_PIPELINESTATS)
                std::printf(", HS %llu, DS %llu, CS %llu", (unsigned long long)st.HSInvocations,
                            (unsigned long long)st.DSInvocations, (unsigned long long)st.CSInvocations);
            std::printf("\n");
            break;
        }
        }
    }
    for (Row& r : rows)
        f.pfnDestroyQuery(d10, handle(r));
    ddivk_d3d10_device_close(d10);
}

int fail(const char* what, HRESULT hr) {
    std::fprintf(stderr, "ddivk-demo: %s failed: 0x%08x\n", what, uint32_t(hr));
    return 1;
}

} // namespace

int main(int argc, char** argv) {
    std::string pngPath = "ddivk-demo.png";
    int frames = 60;
    for (int i = 1; i < argc; ++i) {
        std::string a = argv[i];
        if (a == "--png" && i + 1 < argc)
            pngPath = argv[++i];
        else if (a == "--frames" && i + 1 < argc)
            frames = std::max(1, std::atoi(argv[++i]));
        else {
            std::fprintf(stderr, "usage: ddivk-demo [--png OUT.png] [--frames N]\n");
            return 2;
        }
    }

    ddivk_device* device = nullptr;
    if (HRESULT hr = ddivk_device_create(nullptr, &device); failed(hr)) return fail("device creation", hr);
    // Destroys the device (and its contexts) on every way out.
    std::unique_ptr<ddivk_device, void (*)(ddivk_device*)> deviceGuard(device, ddivk_device_destroy);
    std::printf("device: %s\n", ddivk_device_name(device));

    uint32_t target = 0, depth = 0;
    ddivk_surface_desc rt{kWidth, kHeight, D3DFMT_X8R8G8B8, DDIVK_SURFACE_RENDERTARGET};
    ddivk_surface_desc ds{kWidth, kHeight, D3DFMT_D24S8, DDIVK_SURFACE_DEPTHSTENCIL};
    if (HRESULT hr = ddivk_surface_create(device, &rt, &target); failed(hr)) return fail("render target", hr);
    if (HRESULT hr = ddivk_surface_create(device, &ds, &depth); failed(hr)) return fail("depth surface", hr);
    uintptr_t context = 0;
    if (HRESULT hr = ddivk_context_create(device, target, depth, &context); failed(hr))
        return fail("context", hr);

    std::vector<Vertex> vertices;
    uint64_t tokensBytes = 0;
    // One frame through the DP2 door.
    auto runFrame = [&](int frame) -> HRESULT {
        Commands c = buildFrame(frame, vertices);
        if (HRESULT hr = demo::execute(context, c, vertices.data(), uint32_t(vertices.size()), sizeof(Vertex), kFvf);
            failed(hr)) {
            std::fprintf(stderr, "ddivk-demo: frame %d failed\n", frame);
            return hr;
        }
        tokensBytes += c.bytes().size();
        return ddivk_surface_flip(device, target);
    };
    auto begin = std::chrono::steady_clock::now();
    for (int frame = 0; frame < frames; ++frame)
        if (failed(runFrame(frame))) return 1;

    std::vector<uint8_t> bgra(size_t(kWidth) * kHeight * 4);
    if (HRESULT hr = ddivk_surface_read(device, target, bgra.data(), kWidth * 4, bgra.size()); failed(hr))
        return fail("read back", hr);
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();

    std::vector<uint8_t> rgba(bgra.size());
    for (size_t i = 0; i < bgra.size(); i += 4) {
        rgba[i + 0] = bgra[i + 2];
        rgba[i + 1] = bgra[i + 1];
        rgba[i + 2] = bgra[i + 0];
        rgba[i + 3] = 0xFF;
    }
    if (!png::writeRgba8(pngPath, kWidth, kHeight, rgba.data())) {
        std::fprintf(stderr, "ddivk-demo: cannot write %s\n", pngPath.c_str());
        return 1;
    }
    std::printf("frames: %d (%llu bytes of DP2 commands) in %.3f s, %.1f frames/s\n", frames,
                (unsigned long long)tokensBytes, seconds, double(frames) / seconds);
    std::printf("last frame: %s (%ux%u)\n", pngPath.c_str(), kWidth, kHeight);
    // The query frame: the scene, then sparks whose positions stream out (more than fit).
    printQueryTable(device, [&](D3D10DDI_HDEVICE d10) {
        HRESULT hr = runFrame(frames - 1);
        return failed(hr) ? hr : demo::drawCapturedSparks(context, d10, kWidth, kHeight);
    });

    return 0;
}

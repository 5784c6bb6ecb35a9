// ddivk-replay FILE [--png OUT] [--partial]: runs a DP2 capture (docs/dp2-capture.md, "Replay")
// on a headless device through the public API, prints each call's result and a hash of the
// render target. Exit codes: 0 done, 1 usage, 2 unreadable or malformed capture, 3 device
// failure, 4 PNG not written.
#include <algorithm>
#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "capture/pixels.h"
#include "capture/reader.h"
#include "capture/surface_formats.h"
#include "ddivk/ddivk.h"
#include "util/png.h"

namespace {

using namespace ddivk;
using namespace ddivk::capture;

constexpr int kExitUsage = 1;
constexpr int kExitCapture = 2;
constexpr int kExitDevice = 3;
constexpr int kExitOutput = 4;

struct Options {
    const char* file = nullptr;
    const char* png = nullptr;
    bool partial = false;
};

bool parseArgs(int argc, char** argv, Options& options) {
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--png" && i + 1 < argc)
            options.png = argv[++i];
        else if (arg == "--partial")
            options.partial = true;
        else if (arg.starts_with("-") || options.file)
            return false;
        else
            options.file = argv[i];
    }
    return options.file != nullptr;
}

int captureError(const Options& options, const ReadError& error) {
    std::fprintf(stderr, "ddivk-replay: %s: %s\n", options.file, error.message().c_str());
    const bool endedEarly = error.kind == ErrorKind::MissingEnd || error.kind == ErrorKind::Truncated;
    if (endedEarly && !error.record.empty() && !options.partial)
        std::fprintf(stderr,
                     "ddivk-replay: the capture ends early; --partial replays its complete submissions\n");
    return kExitCapture;
}

int deviceError(const char* what, HRESULT hr) {
    std::fprintf(stderr, "ddivk-replay: %s failed: HRESULT 0x%08x\n", what, uint32_t(hr));
    return kExitDevice;
}

// The device, surfaces and context a replay draws with; destroyed in reverse order.
struct Session {
    ddivk_device* device = nullptr;
    uint32_t renderTarget = 0;
    uint32_t depthStencil = 0;
    uintptr_t context = 0;
    ~Session() {
        if (context) ddivk_context_destroy(context);
        if (depthStencil) ddivk_surface_destroy(device, depthStencil);
        if (renderTarget) ddivk_surface_destroy(device, renderTarget);
        if (device) ddivk_device_destroy(device);
    }
};

int openSession(const RenderTargetDesc& target, Session& s) {
    const ddivk_device_desc desc{
        nullptr, target.softwareVertexRegisters ? DDIVK_DEVICE_SOFTWARE_VERTEX_REGISTERS : 0u};
    if (HRESULT hr = ddivk_device_create(&desc, &s.device); failed(hr))
        return deviceError("ddivk_device_create", hr);
    std::fprintf(stderr, "ddivk-replay: device %s\n", ddivk_device_name(s.device));
    const ddivk_surface_desc rt{target.width, target.height, target.format, DDIVK_SURFACE_RENDERTARGET};
    if (HRESULT hr = ddivk_surface_create(s.device, &rt, &s.renderTarget); failed(hr))
        return deviceError("render-target creation", hr);
    if (target.depthStencilFormat != 0) {
        const ddivk_surface_desc ds{target.width, target.height, target.depthStencilFormat,
                                    DDIVK_SURFACE_DEPTHSTENCIL};
        if (HRESULT hr = ddivk_surface_create(s.device, &ds, &s.depthStencil); failed(hr))
            return deviceError("depth-stencil creation", hr);
    }
    if (HRESULT hr = ddivk_context_create(s.device, s.renderTarget, s.depthStencil, &s.context); failed(hr))
        return deviceError("ddivk_context_create", hr);
    return 0;
}

// The memory one recorded buffer replays from: a DP2 buffer or user memory.
struct ReplayBuffer {
    DDIVK_DP2BUFFER* dp2 = nullptr;
    std::vector<uint8_t> user;
    ~ReplayBuffer() {
        if (dp2) ddivk_dp2_buffer_destroy(dp2);
    }

    // Allocates the recorded size and copies the stored bytes to its start; the rest is zero.
    HRESULT create(const BufferCapture& b, uint32_t dp2Flags) {
        if (b.source == BufferSource::UserMemory) {
            user.assign(b.size > 0 ? b.size : 1, 0); // a non-null pointer, as the runtime passed
            std::copy(b.bytes.begin(), b.bytes.end(), user.begin());
            return S_OK;
        }
        if (b.source != BufferSource::Dp2Buffer) return S_OK;
        if (HRESULT hr = ddivk_dp2_buffer_create(b.size, dp2Flags, &dp2); failed(hr)) return hr;
        if (dp2->dwSize < b.size || (b.size > 0 && !dp2->lpMemory)) return E_FAIL;
        uint8_t* memory = static_cast<uint8_t*>(dp2->lpMemory);
        if (b.size > 0) std::fill(std::copy(b.bytes.begin(), b.bytes.end(), memory), memory + b.size, 0);
        return S_OK;
    }
};

// Runs one submission and prints its line.
int replaySubmission(const Session& s, uint32_t index, const Submission& sub, uint32_t* renderStates) {
    ReplayBuffer commands, vertices;
    if (HRESULT hr = commands.create(sub.commands, DDIVK_DP2BUFFER_COMMANDS); failed(hr))
        return deviceError("command buffer creation", hr);
    if (HRESULT hr = vertices.create(sub.vertices, DDIVK_DP2BUFFER_VERTICES); failed(hr))
        return deviceError("vertex buffer creation", hr);
    D3DHAL_DRAWPRIMITIVES2DATA data{};
    data.dwhContext = s.context;
    data.dwFlags = sub.dwFlags;
    data.dwVertexType = sub.dwVertexType;
    data.lpDDCommands = commands.dp2;
    data.dwCommandOffset = sub.dwCommandOffset;
    data.dwCommandLength = sub.dwCommandLength;
    if (sub.vertices.source == BufferSource::UserMemory)
        data.lpVertices = vertices.user.data();
    else
        data.lpDDVertex = vertices.dp2;
    data.dwVertexOffset = sub.dwVertexOffset;
    data.dwVertexLength = sub.dwVertexLength;
    data.dwReqVertexBufSize = sub.dwReqVertexBufSize;
    data.dwReqCommandBufSize = sub.dwReqCommandBufSize;
    data.lpdwRStates = renderStates;
    data.dwVertexSize = sub.dwVertexSize;
    const uint32_t rc = ddivk_DrawPrimitives2(&data);
    std::printf("submission %u: return=%u ddrval=0x%08x dwErrorOffset=%u\n", index, rc, uint32_t(data.ddrval),
                data.dwErrorOffset);
    return 0;
}

// Reads the render target back, prints its hash, writes the PNG.
int finish(const Options& options, const RenderTargetDesc& target, const Session& s) {
    const SurfaceFormatInfo* info = findSurfaceFormat(target.format, SurfaceKind::RenderTarget);
    const uint32_t pitch = target.width * info->bytesPerPixel;
    std::vector<uint8_t> pixels(uint64_t(pitch) * target.height);
    if (HRESULT hr = ddivk_surface_read(s.device, s.renderTarget, pixels.data(), pitch, pixels.size());
        failed(hr))
        return deviceError("ddivk_surface_read", hr);
    std::printf("rt fnv1a64=0x%016" PRIx64 "\n", fnv1a64(pixels));
    if (!options.png) return 0;
    std::vector<uint8_t> rgba;
    if (!toRgba8(target.format, target.width, target.height, pixels, rgba)) {
        std::fprintf(stderr, "ddivk-replay: --png: no RGBA conversion for render-target format %s\n",
                     info->name);
        return kExitOutput;
    }
    if (!png::writeRgba8(options.png, target.width, target.height, rgba.data())) {
        std::fprintf(stderr, "ddivk-replay: cannot write %s: %s\n", options.png, std::strerror(errno));
        return kExitOutput;
    }
    return 0;
}

int run(const Options& options) {
    Expected<std::unique_ptr<ByteSource>> source = FileSource::open(options.file);
    if (!source) return captureError(options, source.error());
    Expected<CaptureReader> reader =
        CaptureReader::open(std::move(source.value()), {.allowIncomplete = options.partial});
    if (!reader) return captureError(options, reader.error());

    // Validate the whole file before touching the device: a malformed capture replays nothing.
    Submission sub;
    CaptureReader::Step step;
    while ((step = reader->next(sub, false)) == CaptureReader::Step::Submission) {
    }
    if (step == CaptureReader::Step::Error) return captureError(options, reader->error());
    if (!reader->complete()) {
        std::fprintf(stderr,
                     "ddivk-replay: %s: incomplete capture (%s); replaying its %u complete submissions\n",
                     options.file, reader->error().message().c_str(), reader->submissionsRead());
    }

    Session session;
    if (int rc = openSession(reader->target(), session)) return rc;
    std::vector<uint32_t> renderStates(D3DHAL_MAX_RSTATES, 0);
    reader->rewind();
    for (uint32_t index = 0; (step = reader->next(sub)) == CaptureReader::Step::Submission; ++index) {
        if (int rc = replaySubmission(session, index, sub, renderStates.data())) return rc;
    }
    if (step == CaptureReader::Step::Error) return captureError(options, reader->error());
    return finish(options, reader->target(), session);
}

} // namespace

int main(int argc, char** argv) {
    Options options;
    if (!parseArgs(argc, argv, options)) {
        std::fprintf(stderr, "usage: ddivk-replay FILE [--png OUT] [--partial]\n");
        return kExitUsage;
    }
    std::setvbuf(stdout, nullptr, _IOLBF, 0); // a line per call survives a driver crash
    return run(options);
}

// d3d9_demo [--frames N] [--png PATH]: renders N frames (default 120) of the scene of demo.h on a
// visible 640x480 windowed device, presenting each; reads the last frame back with
// GetRenderTargetData before its Present and writes it as a PNG (default d3d9_demo.png). Prints
// the adapter, the frames per second, the cube's occlusion-query count (which must equal the
// cube's pixels in the read-back) and the PNG's path. Exits 1 when any step fails.
#include "demo.h"
#include "util/png.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

struct Options {
    int frames = 120;
    std::string png = "d3d9_demo.png";
};

bool parseOptions(int argc, char** argv, Options& options) {
    for (int i = 1; i < argc; ++i) {
        const bool hasValue = i + 1 < argc;
        if (!std::strcmp(argv[i], "--frames") && hasValue)
            options.frames = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--png") && hasValue)
            options.png = argv[++i];
        else
            return false;
    }
    return options.frames > 0;
}

// A visible, captioned window with a 640x480 client area.
struct DemoWindow {
    HWND hwnd = nullptr;
    DemoWindow() {
        WNDCLASSW c{};
        c.lpfnWndProc = DefWindowProcW;
        c.hInstance = GetModuleHandleW(nullptr);
        c.lpszClassName = L"ddivk_d3d9_demo";
        RegisterClassW(&c);
        const DWORD style = WS_OVERLAPPED | WS_CAPTION | WS_SYSMENU | WS_MINIMIZEBOX;
        RECT r{0, 0, demo::kWidth, demo::kHeight};
        AdjustWindowRect(&r, style, FALSE);
        hwnd = CreateWindowW(c.lpszClassName, L"ddivk: d3d9.dll demo", style, CW_USEDEFAULT, CW_USEDEFAULT,
                             r.right - r.left, r.bottom - r.top, nullptr, nullptr, c.hInstance, nullptr);
        if (hwnd) ShowWindow(hwnd, SW_SHOW);
    }
    ~DemoWindow() {
        if (hwnd) DestroyWindow(hwnd);
    }
    // Handles the window's messages so it stays responsive.
    void pump() {
        MSG message;
        while (PeekMessageW(&message, nullptr, 0, 0, PM_REMOVE)) {
            TranslateMessage(&message);
            DispatchMessageW(&message);
        }
    }
};

// Pixels of the viewport whose RGB is not the clear colour: what the part drawn there covered.
long long coveredPixels(const std::vector<uint32_t>& pixels, const D3DVIEWPORT9& vp) {
    long long covered = 0;
    for (DWORD y = vp.Y; y < vp.Y + vp.Height; ++y)
        for (DWORD x = vp.X; x < vp.X + vp.Width; ++x)
            covered += ((pixels[y * demo::kWidth + x] ^ demo::kClearColour) & 0x00FFFFFFu) != 0;
    return covered;
}

bool writePng(const std::string& path, const std::vector<uint32_t>& pixels) {
    std::vector<uint8_t> rgba(pixels.size() * 4);
    for (size_t i = 0; i < pixels.size(); ++i) {
        rgba[i * 4 + 0] = uint8_t(pixels[i] >> 16);
        rgba[i * 4 + 1] = uint8_t(pixels[i] >> 8);
        rgba[i * 4 + 2] = uint8_t(pixels[i]);
        rgba[i * 4 + 3] = 0xFF; // X8R8G8B8: the X byte is undefined
    }
    return ddivk::png::writeRgba8(path, demo::kWidth, demo::kHeight, rgba.data());
}

int fail(const char* what) {
    std::printf("d3d9_demo: FAILED: %s\n", what);
    return 1;
}

} // namespace

int main(int argc, char** argv) {
    Options options;
    if (!parseOptions(argc, argv, options)) {
        std::fprintf(stderr, "usage: d3d9_demo [--frames N] [--png PATH]\n");
        return 2;
    }
    DemoWindow window;
    IDirect3D9* d3d = Direct3DCreate9(D3D_SDK_VERSION);
    if (!window.hwnd || !d3d) return fail("no window or no IDirect3D9");
    D3DADAPTER_IDENTIFIER9 adapter{};
    d3d->GetAdapterIdentifier(0, 0, &adapter);
    D3DPRESENT_PARAMETERS pp = windowedParameters(window.hwnd, demo::kWidth, demo::kHeight, true);
    pp.PresentationInterval = D3DPRESENT_INTERVAL_IMMEDIATE; // frames per second of the work, not of vsync
    IDirect3DDevice9* device = nullptr;
    if (FAILED(d3d->CreateDevice(0, D3DDEVTYPE_HAL, window.hwnd, D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp,
                                 &device))) {
        demo::release(d3d);
        return fail("CreateDevice");
    }
    std::printf("d3d9_demo: %s, %dx%d, %d frames\n", adapter.Description, demo::kWidth, demo::kHeight,
                options.frames);
    int status = 0;
    {
        std::unique_ptr<demo::Cube> cube = demo::makeCube();
        std::unique_ptr<demo::Part> parts[] = {demo::makePinwheel(), demo::makeField(), demo::makeBanner()};
        bool ok = cube->setup(device);
        for (auto& part : parts)
            if (ok && !part->setup(device))
                ok = false, std::printf("d3d9_demo: %s: setup failed\n", part->name());
        std::vector<uint32_t> pixels;
        LARGE_INTEGER frequency, start, end;
        QueryPerformanceFrequency(&frequency);
        QueryPerformanceCounter(&start);
        for (int f = 0; f < options.frames && ok; ++f) {
            window.pump();
            ok = SUCCEEDED(device->SetViewport(&demo::kFullViewport)) &&
                 SUCCEEDED(device->Clear(0, nullptr, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, demo::kClearColour,
                                         1.0f, 0)) &&
                 SUCCEEDED(device->BeginScene()) && cube->draw(device, f, options.frames);
            for (auto& part : parts)
                if (ok && !part->draw(device, f, options.frames))
                    ok = false, std::printf("d3d9_demo: %s: frame %d failed\n", part->name(), f);
            ok = ok && SUCCEEDED(device->EndScene());
            // DISCARD leaves the back buffer undefined after Present: read the last frame before.
            if (ok && f + 1 == options.frames)
                ok = (pixels = readBackBuffer(device)).size() == size_t(demo::kWidth) * demo::kHeight;
            ok = ok && SUCCEEDED(device->Present(nullptr, nullptr, nullptr, nullptr));
        }
        QueryPerformanceCounter(&end);
        if (!ok) {
            status = fail("a frame (or the read-back of the last one) failed");
        } else {
            const double seconds = double(end.QuadPart - start.QuadPart) / double(frequency.QuadPart);
            std::printf("frames: %d in %.2f s: %.1f frames/s\n", options.frames, seconds,
                        seconds > 0 ? options.frames / seconds : 0.0);
            // The cube is convex and back faces are culled: each covered pixel passes one sample.
            const long long samples = cube->lastSamples(),
                            covered = coveredPixels(pixels, demo::kCubeViewport);
            std::printf("occlusion query: %lld samples passed by the cube; %lld pixels covered by it\n",
                        samples, covered);
            if (samples != covered || samples <= 0)
                status = fail("the occlusion count is not the cube's pixels");
            if (!writePng(options.png, pixels))
                status = fail("writing the PNG");
            else
                std::printf("png: %s\n", options.png.c_str());
        }
    }
    demo::release(device);
    demo::release(d3d);
    return status;
}

// Devices for the wine tests: a window of a given client size, a windowed IDirect3DDevice9 on
// it, and the render target read back (GetRenderTargetData into a system-memory surface), so
// tests compare the pixels a program would see with values they compute.
#pragma once

#include "d3d9/win32.h"

#include <cstdint>
#include <vector>

// A top-level window whose client area is width x height, at (x, y) with `style` (hidden
// and frameless by default); destroyed with the object.
struct TestWindow {
    HWND hwnd = nullptr;
    TestWindow(int width, int height, DWORD style = WS_POPUP, int x = 0, int y = 0);
    ~TestWindow();
    TestWindow(const TestWindow&) = delete;
    TestWindow& operator=(const TestWindow&) = delete;
};

// Windowed presentation parameters for a back buffer of width x height (X8R8G8B8), with an
// automatic D24S8 depth buffer when `depth`.
D3DPRESENT_PARAMETERS windowedParameters(HWND window, UINT width, UINT height, bool depth);

// A device of windowedParameters on its own window, and the IDirect3D9 that made it.
struct TestDevice {
    IDirect3D9* d3d = nullptr;
    IDirect3DDevice9* device = nullptr;
    HRESULT created = E_FAIL;
    TestWindow window;
    TestDevice(UINT width, UINT height, bool depth = false,
               DWORD flags = D3DCREATE_HARDWARE_VERTEXPROCESSING);
    ~TestDevice();
    TestDevice(const TestDevice&) = delete;
    TestDevice& operator=(const TestDevice&) = delete;
    IDirect3DDevice9* operator->() const { return device; }
};

// Releases each object that is not null (the program's references a test took).
template <class... T> void releaseAll(T*... objects) {
    ((objects ? void(objects->Release()) : void()), ...);
}

// The pixels of a render target as bytes, row after row (bytesPerPixel each, the layout of its
// format), read back through GetRenderTargetData into a system-memory surface of its format;
// empty when a step fails.
std::vector<uint8_t> readBytes(IDirect3DDevice9* device, IDirect3DSurface9* target, UINT bytesPerPixel);
// The pixels of a render target of format X8R8G8B8 or A8R8G8B8, row by row (0xAARRGGBB), read
// back through GetRenderTargetData; empty when a step fails.
std::vector<uint32_t> readPixels(IDirect3DDevice9* device, IDirect3DSurface9* target);
// The pixels of render target 0.
std::vector<uint32_t> readBackBuffer(IDirect3DDevice9* device);

// A pretransformed (XYZRHW | DIFFUSE) vertex.
struct ScreenVertex {
    float x, y, z, rhw;
    DWORD color;
};
constexpr DWORD kScreenFvf = D3DFVF_XYZRHW | D3DFVF_DIFFUSE;

// The two triangles (a triangle list) of the screen rectangle [x0, x1) x [y0, y1) at depth z.
// D3D9 samples pixels at integer coordinates, so the rectangle's edges lie half a pixel before
// x0 and x1: it covers pixel columns x0 .. x1 - 1 exactly, whatever the rasterizer's tie rule.
std::vector<ScreenVertex> screenRect(int x0, int y0, int x1, int y1, float z, DWORD color);

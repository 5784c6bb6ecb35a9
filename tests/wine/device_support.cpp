#include "device_support.h"

#include <cstring>

TestWindow::TestWindow(int width, int height, DWORD style, int x, int y) {
    static const wchar_t* className = [] {
        WNDCLASSW c{};
        c.lpfnWndProc = DefWindowProcW;
        c.hInstance = GetModuleHandleW(nullptr);
        c.lpszClassName = L"ddivk_wine_test";
        RegisterClassW(&c);
        return L"ddivk_wine_test";
    }();
    RECT r{0, 0, width, height};
    AdjustWindowRect(&r, style, FALSE);
    hwnd = CreateWindowW(className, L"ddivk test", style, x, y, r.right - r.left, r.bottom - r.top, nullptr,
                         nullptr, GetModuleHandleW(nullptr), nullptr);
}

TestWindow::~TestWindow() {
    if (hwnd) DestroyWindow(hwnd);
}

D3DPRESENT_PARAMETERS windowedParameters(HWND window, UINT width, UINT height, bool depth) {
    D3DPRESENT_PARAMETERS pp{};
    pp.BackBufferWidth = width;
    pp.BackBufferHeight = height;
    pp.BackBufferFormat = D3DFMT_X8R8G8B8;
    pp.BackBufferCount = 1;
    pp.SwapEffect = D3DSWAPEFFECT_DISCARD;
    pp.hDeviceWindow = window;
    pp.Windowed = TRUE;
    pp.EnableAutoDepthStencil = depth;
    pp.AutoDepthStencilFormat = depth ? D3DFMT_D24S8 : D3DFMT_UNKNOWN;
    return pp;
}

TestDevice::TestDevice(UINT width, UINT height, bool depth, DWORD flags) : window(int(width), int(height)) {
    d3d = Direct3DCreate9(D3D_SDK_VERSION);
    if (!d3d) return;
    D3DPRESENT_PARAMETERS pp = windowedParameters(window.hwnd, width, height, depth);
    created = d3d->CreateDevice(0, D3DDEVTYPE_HAL, window.hwnd, flags, &pp, &device);
}

TestDevice::~TestDevice() {
    if (device) device->Release();
    if (d3d) d3d->Release();
}

std::vector<uint8_t> readBytes(IDirect3DDevice9* device, IDirect3DSurface9* target, UINT bytesPerPixel) {
    D3DSURFACE_DESC desc{};
    if (!target || FAILED(target->GetDesc(&desc))) return {};
    IDirect3DSurface9* copy = nullptr;
    if (FAILED(device->CreateOffscreenPlainSurface(desc.Width, desc.Height, desc.Format, D3DPOOL_SYSTEMMEM,
                                                   &copy, nullptr)))
        return {};
    std::vector<uint8_t> bytes;
    D3DLOCKED_RECT locked{};
    if (SUCCEEDED(device->GetRenderTargetData(target, copy)) &&
        SUCCEEDED(copy->LockRect(&locked, nullptr, D3DLOCK_READONLY))) {
        const size_t rowBytes = size_t{desc.Width} * bytesPerPixel;
        bytes.resize(rowBytes * desc.Height);
        for (UINT y = 0; y < desc.Height; ++y)
            memcpy(bytes.data() + y * rowBytes, static_cast<const BYTE*>(locked.pBits) + y * locked.Pitch,
                   rowBytes);
        copy->UnlockRect();
    }
    copy->Release();
    return bytes;
}

std::vector<uint32_t> readPixels(IDirect3DDevice9* device, IDirect3DSurface9* target) {
    const std::vector<uint8_t> bytes = readBytes(device, target, 4);
    std::vector<uint32_t> pixels(bytes.size() / 4);
    memcpy(pixels.data(), bytes.data(), pixels.size() * 4);
    return pixels;
}

std::vector<uint32_t> readBackBuffer(IDirect3DDevice9* device) {
    IDirect3DSurface9* target = nullptr;
    if (FAILED(device->GetRenderTarget(0, &target))) return {};
    std::vector<uint32_t> pixels = readPixels(device, target);
    target->Release();
    return pixels;
}

std::vector<ScreenVertex> screenRect(int x0, int y0, int x1, int y1, float z, DWORD color) {
    const float l = float(x0) - 0.5f, t = float(y0) - 0.5f, r = float(x1) - 0.5f, b = float(y1) - 0.5f;
    return {{l, t, z, 1, color}, {r, t, z, 1, color}, {l, b, z, 1, color},
            {r, t, z, 1, color}, {r, b, z, 1, color}, {l, b, z, 1, color}};
}

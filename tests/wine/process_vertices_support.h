// Shared by the ProcessVertices wine tests: source and output vertex layouts, matrices, buffers
// made with D3DUSAGE_SOFTWAREPROCESSING and read back, and a software-processing device.
#pragma once

#include "device_support.h"

#include <cmath>
#include <cstring>
#include <initializer_list>
#include <vector>

namespace process_vertices {

struct SourceVertex {
    float x, y, z;
    DWORD color;
    float u, v;
};
constexpr DWORD kSourceFvf = D3DFVF_XYZ | D3DFVF_DIFFUSE | D3DFVF_TEX1;
struct OutputVertex {
    float x, y, z, rhw;
    DWORD color;
    float u, v;
};
constexpr DWORD kOutputFvf = D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_TEX1;

inline D3DMATRIX matrix(std::initializer_list<float> values) {
    D3DMATRIX m{};
    float* out = &m._11;
    for (float v : values)
        *out++ = v;
    return m;
}

// Row vector (x, y, z, 1) times world, view and projection.
inline void transform(const D3DMATRIX* chain[3], const float in[3], float out[4]) {
    float v[4] = {in[0], in[1], in[2], 1.0f};
    for (int i = 0; i < 3; ++i) {
        float r[4];
        for (int c = 0; c < 4; ++c)
            r[c] = v[0] * chain[i]->m[0][c] + v[1] * chain[i]->m[1][c] + v[2] * chain[i]->m[2][c] +
                   v[3] * chain[i]->m[3][c];
        memcpy(v, r, sizeof v);
    }
    memcpy(out, v, sizeof v);
}

// A buffer holding `bytes` of `data` (or zeros), made with `fvf`.
inline IDirect3DVertexBuffer9* buffer(IDirect3DDevice9* device, UINT bytes, DWORD fvf, const void* data) {
    IDirect3DVertexBuffer9* vb = nullptr;
    if (FAILED(device->CreateVertexBuffer(bytes, D3DUSAGE_SOFTWAREPROCESSING, fvf, D3DPOOL_DEFAULT, &vb,
                                          nullptr)))
        return nullptr;
    void* p = nullptr;
    if (FAILED(vb->Lock(0, 0, &p, 0))) {
        vb->Release();
        return nullptr;
    }
    if (data)
        memcpy(p, data, bytes);
    else
        memset(p, 0, bytes);
    vb->Unlock();
    return vb;
}

// The first `count` vertices of type T in a buffer; empty when the lock fails.
template <typename T> std::vector<T> readVertices(IDirect3DVertexBuffer9* vb, UINT count) {
    std::vector<T> out(count);
    void* p = nullptr;
    if (FAILED(vb->Lock(0, count * sizeof(T), &p, D3DLOCK_READONLY))) return {};
    memcpy(out.data(), p, count * sizeof(T));
    vb->Unlock();
    return out;
}

inline std::vector<OutputVertex> contents(IDirect3DVertexBuffer9* vb, UINT count) {
    return readVertices<OutputVertex>(vb, count);
}

// Overwrites the start of a buffer with `bytes` of `data`; false when the lock fails.
inline bool overwrite(IDirect3DVertexBuffer9* vb, const void* data, UINT bytes) {
    void* p = nullptr;
    if (FAILED(vb->Lock(0, bytes, &p, 0))) return false;
    memcpy(p, data, bytes);
    vb->Unlock();
    return true;
}

// A software-processing device with lighting off (ProcessVertices copies colours, it does not
// light) and the source vertices on stream 0.
struct ProcessingDevice : TestDevice {
    IDirect3DVertexBuffer9* source = nullptr;
    ProcessingDevice(const SourceVertex* vertices, UINT count)
        : TestDevice(64, 64, false, D3DCREATE_SOFTWARE_VERTEXPROCESSING) {
        if (!device) return;
        device->SetRenderState(D3DRS_LIGHTING, FALSE);
        source = buffer(device, count * sizeof(SourceVertex), kSourceFvf, vertices);
        device->SetFVF(kSourceFvf);
        device->SetStreamSource(0, source, 0, sizeof(SourceVertex));
    }
    ~ProcessingDevice() {
        if (device) device->SetStreamSource(0, nullptr, 0, 0);
        if (source) source->Release();
    }
};

// Clears render target 0 to black, draws `primitives` of `type` from vertex 0 of the current
// streams in a scene and reads the target back (empty when a step fails).
inline std::vector<uint32_t> drawAndRead(IDirect3DDevice9* device, D3DPRIMITIVETYPE type, UINT primitives) {
    if (FAILED(device->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF000000, 1.0f, 0)) ||
        FAILED(device->BeginScene()))
        return {};
    const HRESULT drawn = device->DrawPrimitive(type, 0, primitives);
    if (FAILED(device->EndScene()) || FAILED(drawn)) return {};
    return readBackBuffer(device);
}

// Pixels of a 64 x 64 read-back whose RGB is not `colour` inside [x0, x1) x [y0, y1) and black
// outside; all of them when the read-back failed.
inline int rectMismatches(const std::vector<uint32_t>& pixels, int x0, int y0, int x1, int y1, DWORD colour) {
    if (pixels.size() != 64 * 64) return 64 * 64;
    int wrong = 0;
    for (int y = 0; y < 64; ++y)
        for (int x = 0; x < 64; ++x) {
            const bool inside = x >= x0 && x < x1 && y >= y0 && y < y1;
            wrong += (pixels[y * 64 + x] & 0xFFFFFF) != (inside ? (colour & 0xFFFFFF) : 0u);
        }
    return wrong;
}

// A float render state's DWORD.
inline DWORD asDword(float f) {
    DWORD d;
    memcpy(&d, &f, sizeof d);
    return d;
}

inline bool approx(float a, float b) {
    return std::fabs(a - b) <= 1e-4f * (1.0f + std::fabs(b));
}

} // namespace process_vertices

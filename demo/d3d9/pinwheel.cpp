// The pinwheel: a triangle fan of twelve blades drawn by a vs_3_0 / ps_3_0 pair written here as
// tokens. The vertex shader transforms by the matrix in c0-c3 (a rotation, and a scale that keeps
// the wheel round in its viewport); the pixel shader multiplies the interpolated colour by c0, a
// tint that pulses over the frames.
#include "demo.h"
#include "shader_support.h"

#include <cmath>
#include <vector>

namespace demo {
namespace {

// Encoding as in tests/wine/shader_support.h (opcode | length << 24; parameters with bit 31 set).
const DWORD kVs[] = {
    0xFFFE0300,                                     // vs_3_0
    0x0200001F, 0x80000000, 0x900F0000,             // dcl_position v0
    0x0200001F, 0x8000000A, 0x900F0001,             // dcl_color v1
    0x0200001F, 0x80000000, 0xE00F0000,             // dcl_position o0
    0x0200001F, 0x8000000A, 0xE00F0001,             // dcl_color o1
    0x03000009, 0xE0010000, 0x90E40000, 0xA0E40000, // dp4 o0.x, v0, c0
    0x03000009, 0xE0020000, 0x90E40000, 0xA0E40001, // dp4 o0.y, v0, c1
    0x03000009, 0xE0040000, 0x90E40000, 0xA0E40002, // dp4 o0.z, v0, c2
    0x03000009, 0xE0080000, 0x90E40000, 0xA0E40003, // dp4 o0.w, v0, c3
    0x02000001, 0xE00F0001, 0x90E40001,             // mov o1, v1
    0x0000FFFF,                                     // end
};
const DWORD kPs[] = {
    0xFFFF0300,                                     // ps_3_0
    0x0200001F, 0x8000000A, 0x900F0000,             // dcl_color v0
    0x03000005, 0x800F0800, 0x90E40000, 0xA0E40000, // mul oC0, v0, c0
    0x0000FFFF,                                     // end
};

struct WheelVertex {
    float x, y, z, w;
    DWORD colour;
};

constexpr int kBlades = 12;

class Pinwheel final : public Part {
  public:
    ~Pinwheel() override {
        release(vertices_);
        release(declaration_);
        release(vs_);
        release(ps_);
    }
    const char* name() const override { return "pinwheel"; }

    bool setup(IDirect3DDevice9* device) override {
        static const D3DVERTEXELEMENT9 elements[] = {
            {0, 0, D3DDECLTYPE_FLOAT4, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0},
            {0, 16, D3DDECLTYPE_D3DCOLOR, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_COLOR, 0},
            D3DDECL_END()};
        static const DWORD rim[3] = {0xFFFF4040, 0xFF40FF40, 0xFF4080FF};
        // The centre, then the rim: each blade's outer corner reaches radius 0.9, its inner one 0.45.
        std::vector<WheelVertex> fan = {{0, 0, 0.5f, 1, 0xFFFFFFFF}};
        for (int i = 0; i <= 2 * kBlades; ++i) {
            const float angle = float(i) * 3.14159265f / kBlades, radius = i % 2 ? 0.45f : 0.9f;
            fan.push_back({radius * std::cos(angle), radius * std::sin(angle), 0.5f, 1, rim[(i / 2) % 3]});
        }
        vertices_ = filledVertexBuffer(device, fan.data(), UINT(fan.size() * sizeof(WheelVertex)));
        return vertices_ && SUCCEEDED(device->CreateVertexDeclaration(elements, &declaration_)) &&
               SUCCEEDED(device->CreateVertexShader(kVs, &vs_)) &&
               SUCCEEDED(device->CreatePixelShader(kPs, &ps_));
    }

    bool draw(IDirect3DDevice9* device, int frame, int) override {
        const float aspect = float(kPinwheelViewport.Width) / float(kPinwheelViewport.Height);
        const Matrix m = Matrix::rotationZ(float(frame) * -0.05f) * Matrix::scaling(1 / aspect, 1, 1);
        const float pulse = 0.75f + 0.25f * std::sin(float(frame) * 0.1f);
        const float tint[4] = {pulse, 1.0f, 1.5f - pulse, 1.0f};
        // dp4 with c0..c3 gives v * M when the registers hold M's columns.
        const Matrix columns = m.transposed();
        return SUCCEEDED(device->SetViewport(&kPinwheelViewport)) &&
               SUCCEEDED(device->SetRenderState(D3DRS_ZENABLE, D3DZB_FALSE)) &&
               SUCCEEDED(device->SetRenderState(D3DRS_CULLMODE, D3DCULL_NONE)) &&
               SUCCEEDED(device->SetRenderState(D3DRS_ALPHABLENDENABLE, FALSE)) &&
               SUCCEEDED(device->SetVertexDeclaration(declaration_)) &&
               SUCCEEDED(device->SetVertexShader(vs_)) && SUCCEEDED(device->SetPixelShader(ps_)) &&
               SUCCEEDED(device->SetVertexShaderConstantF(0, &columns.m[0][0], 4)) &&
               SUCCEEDED(device->SetPixelShaderConstantF(0, tint, 1)) &&
               SUCCEEDED(device->SetStreamSource(0, vertices_, 0, sizeof(WheelVertex))) &&
               SUCCEEDED(device->DrawPrimitive(D3DPT_TRIANGLEFAN, 0, 2 * kBlades));
    }

  private:
    IDirect3DVertexBuffer9* vertices_ = nullptr;
    IDirect3DVertexDeclaration9* declaration_ = nullptr;
    IDirect3DVertexShader9* vs_ = nullptr;
    IDirect3DPixelShader9* ps_ = nullptr;
};

} // namespace

std::unique_ptr<Part> makePinwheel() {
    return std::make_unique<Pinwheel>();
}

} // namespace demo

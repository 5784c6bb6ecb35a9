// The field: one DrawIndexedPrimitive of 250 instances of a 10x10-pixel quad (hardware
// instancing: stream 0 D3DSTREAMSOURCE_INDEXEDDATA, stream 1 D3DSTREAMSOURCE_INSTANCEDATA with
// an offset and a colour per instance), drawn by the vs_3_0 / ps_3_0 pair of the wine tests.
// The instance colours, a travelling wave, are rewritten every frame through a DISCARD lock of
// a dynamic buffer.
#include "demo.h"
#include "shader_support.h"

#include <cmath>
#include <cstring>

namespace demo {
namespace {

constexpr int kColumns = 50, kRows = 5, kInstances = kColumns * kRows;
constexpr int kOriginX = 20, kOriginY = 408, kPitch = 12, kQuad = 10;

struct Instance {
    float dx, dy;
    DWORD colour;
};

DWORD waveColour(int column, int row, int frame) {
    const float phase = float(column) * 0.25f + float(row) * 0.6f - float(frame) * 0.15f;
    const auto channel = [&](float shift) { return DWORD(127.5f + 127.0f * std::sin(phase + shift)); };
    return 0xFF000000u | channel(0) << 16 | channel(2.1f) << 8 | channel(4.2f);
}

class Field final : public Part {
  public:
    ~Field() override {
        release(quad_);
        release(instances_);
        release(indices_);
        release(declaration_);
        release(vs_);
        release(ps_);
    }
    const char* name() const override { return "field"; }

    bool setup(IDirect3DDevice9* device) override {
        static const D3DVERTEXELEMENT9 elements[] = {
            {0, 0, D3DDECLTYPE_FLOAT4, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0},
            {1, 0, D3DDECLTYPE_FLOAT2, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_TEXCOORD, 0},
            {1, 8, D3DDECLTYPE_D3DCOLOR, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_COLOR, 0},
            D3DDECL_END()};
        // The first instance's quad, edges half a pixel before its first and past its last pixel.
        const float l = ndcX(kOriginX - 0.5f, kWidth), r = ndcX(kOriginX + kQuad - 0.5f, kWidth);
        const float t = ndcY(kOriginY - 0.5f, kHeight), b = ndcY(kOriginY + kQuad - 0.5f, kHeight);
        const float quad[] = {l, t, 0.5f, 1, r, t, 0.5f, 1, l, b, 0.5f, 1, r, b, 0.5f, 1};
        static const WORD indices[] = {0, 1, 2, 2, 1, 3};
        quad_ = filledVertexBuffer(device, quad, sizeof(quad));
        void* memory = nullptr;
        if (!quad_ ||
            FAILED(device->CreateVertexBuffer(kInstances * sizeof(Instance),
                                              D3DUSAGE_DYNAMIC | D3DUSAGE_WRITEONLY, 0, D3DPOOL_DEFAULT,
                                              &instances_, nullptr)) ||
            FAILED(device->CreateIndexBuffer(sizeof(indices), D3DUSAGE_WRITEONLY, D3DFMT_INDEX16,
                                             D3DPOOL_DEFAULT, &indices_, nullptr)) ||
            FAILED(indices_->Lock(0, 0, &memory, 0)))
            return false;
        std::memcpy(memory, indices, sizeof(indices));
        return SUCCEEDED(indices_->Unlock()) &&
               SUCCEEDED(device->CreateVertexDeclaration(elements, &declaration_)) &&
               SUCCEEDED(device->CreateVertexShader(shader_code::kOffsetVs30, &vs_)) &&
               SUCCEEDED(device->CreatePixelShader(shader_code::kColourPs30, &ps_));
    }

    bool draw(IDirect3DDevice9* device, int frame, int) override {
        void* memory = nullptr;
        if (FAILED(instances_->Lock(0, 0, &memory, D3DLOCK_DISCARD))) return false;
        auto* instances = static_cast<Instance*>(memory);
        for (int i = 0; i < kInstances; ++i) {
            const int column = i % kColumns, row = i / kColumns;
            instances[i] = {float(column * kPitch) * 2.0f / kWidth, -float(row * kPitch) * 2.0f / kHeight,
                            waveColour(column, row, frame)};
        }
        const bool drawn =
            SUCCEEDED(instances_->Unlock()) && SUCCEEDED(device->SetViewport(&kFullViewport)) &&
            SUCCEEDED(device->SetRenderState(D3DRS_ZENABLE, D3DZB_FALSE)) &&
            SUCCEEDED(device->SetRenderState(D3DRS_CULLMODE, D3DCULL_NONE)) &&
            SUCCEEDED(device->SetRenderState(D3DRS_ALPHABLENDENABLE, FALSE)) &&
            SUCCEEDED(device->SetVertexDeclaration(declaration_)) &&
            SUCCEEDED(device->SetVertexShader(vs_)) && SUCCEEDED(device->SetPixelShader(ps_)) &&
            SUCCEEDED(device->SetStreamSource(0, quad_, 0, 4 * sizeof(float))) &&
            SUCCEEDED(device->SetStreamSource(1, instances_, 0, sizeof(Instance))) &&
            SUCCEEDED(device->SetIndices(indices_)) &&
            SUCCEEDED(device->SetStreamSourceFreq(0, D3DSTREAMSOURCE_INDEXEDDATA | kInstances)) &&
            SUCCEEDED(device->SetStreamSourceFreq(1, D3DSTREAMSOURCE_INSTANCEDATA | 1u)) &&
            SUCCEEDED(device->DrawIndexedPrimitive(D3DPT_TRIANGLELIST, 0, 0, 4, 0, 2));
        // Back to plain (non-instanced) fetching for the parts drawn after.
        return SUCCEEDED(device->SetStreamSourceFreq(0, 1)) && SUCCEEDED(device->SetStreamSourceFreq(1, 1)) &&
               SUCCEEDED(device->SetStreamSource(1, nullptr, 0, 0)) && drawn;
    }

  private:
    IDirect3DVertexBuffer9* quad_ = nullptr;
    IDirect3DVertexBuffer9* instances_ = nullptr;
    IDirect3DIndexBuffer9* indices_ = nullptr;
    IDirect3DVertexDeclaration9* declaration_ = nullptr;
    IDirect3DVertexShader9* vs_ = nullptr;
    IDirect3DPixelShader9* ps_ = nullptr;
};

} // namespace

std::unique_ptr<Part> makeField() {
    return std::make_unique<Field>();
}

} // namespace demo

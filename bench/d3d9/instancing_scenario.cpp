// instancing: 4 DrawIndexedPrimitive calls a frame, each of 10000 instances of a one-pixel quad
// (SetStreamSourceFreq: stream 0 INDEXEDDATA, stream 1 INSTANCEDATA with an offset and a
// colour per instance). The instances tile a 100 x 100 grid of 2 x 2 pixel cells; draw d fills
// pixel (d % 2, d / 2) of every cell, so the four draws cover a 200 x 200 square
// (scenario_layout.h).
#include "bench.h"
#include "shader_support.h"

#include <cstring>

namespace {

using namespace instancing_layout;

class InstancingScenario final : public Scenario {
  public:
    const char* name() const override { return "instancing"; }
    const char* unit() const override { return "instances"; }

    bool setup(IDirect3DDevice9* device) override {
        static const D3DVERTEXELEMENT9 elements[] = {
            {0, 0, D3DDECLTYPE_FLOAT4, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0},
            {1, 0, D3DDECLTYPE_FLOAT2, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_TEXCOORD, 0},
            {1, 8, D3DDECLTYPE_D3DCOLOR, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_COLOR, 0},
            D3DDECL_END()};
        // Pixel (kOrigin, kOrigin) of the grid's first cell.
        float quad[16];
        instancing_layout::quad(quad);
        const std::vector<Instance> instances = instancing_layout::instances();
        quad_ = filledVertexBuffer(device, quad, sizeof(quad));
        instances_ = filledVertexBuffer(device, instances.data(), UINT(instances.size() * sizeof(Instance)));
        void* memory = nullptr;
        if (!quad_ || !instances_ ||
            FAILED(device->CreateIndexBuffer(sizeof(kIndices), D3DUSAGE_WRITEONLY, D3DFMT_INDEX16,
                                             D3DPOOL_DEFAULT, &indices_, nullptr)) ||
            FAILED(indices_->Lock(0, 0, &memory, 0)))
            return false;
        std::memcpy(memory, kIndices, sizeof(kIndices));
        indices_->Unlock();
        return useShaders(device, elements, shader_code::kOffsetVs30, shader_code::kColourPs30) &&
               device->SetStreamSource(0, quad_, 0, 4 * sizeof(float)) == D3D_OK &&
               device->SetIndices(indices_) == D3D_OK &&
               device->SetStreamSourceFreq(0, D3DSTREAMSOURCE_INDEXEDDATA | kInstances) == D3D_OK &&
               device->SetStreamSourceFreq(1, D3DSTREAMSOURCE_INSTANCEDATA | 1u) == D3D_OK &&
               device->SetRenderState(D3DRS_ZENABLE, D3DZB_FALSE) == D3D_OK;
    }

    int64_t frame(IDirect3DDevice9* device, int) override {
        for (int d = 0; d < kDraws; ++d)
            if (FAILED(device->SetStreamSource(1, instances_, UINT(d * kInstances * sizeof(Instance)),
                                               sizeof(Instance))) ||
                FAILED(device->DrawIndexedPrimitive(D3DPT_TRIANGLELIST, 0, 0, 4, 0, 2)))
                return -1;
        return int64_t{kDraws} * kInstances;
    }

    void teardown(IDirect3DDevice9* device) override {
        device->SetStreamSourceFreq(0, 1);
        device->SetStreamSourceFreq(1, 1);
        device->SetStreamSource(0, nullptr, 0, 0);
        device->SetStreamSource(1, nullptr, 0, 0);
        device->SetIndices(nullptr);
        device->SetVertexShader(nullptr);
        device->SetPixelShader(nullptr);
        device->SetVertexDeclaration(nullptr);
        device->SetRenderState(D3DRS_ZENABLE, D3DZB_TRUE);
        releaseAndClear(quad_);
        releaseAndClear(instances_);
        releaseAndClear(indices_);
    }

  private:
    IDirect3DVertexBuffer9* quad_ = nullptr;
    IDirect3DVertexBuffer9* instances_ = nullptr;
    IDirect3DIndexBuffer9* indices_ = nullptr;
};

} // namespace

std::unique_ptr<Scenario> makeInstancingScenario() {
    return std::make_unique<InstancingScenario>();
}

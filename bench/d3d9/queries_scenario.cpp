// queries: 400 occlusion queries a frame, each around one small draw (Issue BEGIN, an 8 x 8
// quad, Issue END), all polled at the frame's end with GetData(D3DGETDATA_FLUSH). An occluder
// at depth 0.5 covers the left half first; the quads alternate between depth 0.25 (in front)
// and 0.75 (behind it), so a quad counts 64 samples unless it lies behind the occluder. The
// counts are checked against that rule and go into the checksum.
#include "bench.h"
#include "shader_support.h"

namespace {

constexpr int kGrid = 20, kQueries = kGrid * kGrid, kCell = 12, kSide = 8, kOrigin = 8;

int quadX(int i) {
    return kOrigin + (i % kGrid) * kCell;
}
int quadY(int i) {
    return kOrigin + (i / kGrid) * kCell;
}
float quadZ(int i) {
    return (i + i / kGrid) % 2 ? 0.75f : 0.25f;
}

class QueriesScenario final : public Scenario {
  public:
    const char* name() const override { return "queries"; }
    const char* unit() const override { return "queries"; }

    bool setup(IDirect3DDevice9* device) override {
        std::vector<ScreenVertex> vertices = screenRect(0, 0, kBenchSize / 2, kBenchSize, 0.5f, 0xFF808080);
        for (int i = 0; i < kQueries; ++i) {
            const auto quad = screenRect(quadX(i), quadY(i), quadX(i) + kSide, quadY(i) + kSide, quadZ(i),
                                         benchColour(uint32_t(i), 7));
            vertices.insert(vertices.end(), quad.begin(), quad.end());
        }
        vertices_ = filledVertexBuffer(device, vertices.data(), UINT(vertices.size() * sizeof(ScreenVertex)));
        if (!vertices_) return false;
        queries_.assign(kQueries, nullptr);
        for (auto& q : queries_)
            if (FAILED(device->CreateQuery(D3DQUERYTYPE_OCCLUSION, &q))) return false;
        counts_.assign(kQueries, 0);
        // Colour from the vertices alone (no texture is bound).
        return device->SetFVF(kScreenFvf) == D3D_OK &&
               device->SetStreamSource(0, vertices_, 0, sizeof(ScreenVertex)) == D3D_OK &&
               device->SetTextureStageState(0, D3DTSS_COLOROP, D3DTOP_SELECTARG1) == D3D_OK &&
               device->SetTextureStageState(0, D3DTSS_COLORARG1, D3DTA_DIFFUSE) == D3D_OK &&
               device->SetRenderState(D3DRS_ZENABLE, D3DZB_TRUE) == D3D_OK &&
               device->SetRenderState(D3DRS_CULLMODE, D3DCULL_NONE) == D3D_OK;
    }

    int64_t frame(IDirect3DDevice9* device, int) override {
        if (FAILED(device->DrawPrimitive(D3DPT_TRIANGLELIST, 0, 2))) return -1;
        for (int i = 0; i < kQueries; ++i)
            if (FAILED(queries_[i]->Issue(D3DISSUE_BEGIN)) ||
                FAILED(device->DrawPrimitive(D3DPT_TRIANGLELIST, UINT(6 + 6 * i), 2)) ||
                FAILED(queries_[i]->Issue(D3DISSUE_END)))
                return -1;
        for (int i = 0; i < kQueries; ++i) {
            HRESULT hr;
            while ((hr = queries_[i]->GetData(&counts_[i], sizeof(DWORD), D3DGETDATA_FLUSH)) == S_FALSE) {
            }
            if (hr != S_OK) return -1;
        }
        for (int i = 0; i < kQueries; ++i) {
            const bool hidden = quadX(i) + kSide <= kBenchSize / 2 && quadZ(i) > 0.5f;
            if (counts_[i] != (hidden ? 0u : DWORD(kSide * kSide))) return -1;
        }
        return kQueries;
    }

    uint64_t extraChecksum() const override {
        uint64_t sum = 0;
        for (int i = 0; i < kQueries; ++i)
            sum = sum * 31 + counts_[i];
        return sum;
    }

    void teardown(IDirect3DDevice9* device) override {
        device->SetStreamSource(0, nullptr, 0, 0);
        device->SetTextureStageState(0, D3DTSS_COLOROP, D3DTOP_MODULATE);
        device->SetTextureStageState(0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
        device->SetRenderState(D3DRS_CULLMODE, D3DCULL_CCW);
        for (auto& q : queries_)
            releaseAndClear(q);
        releaseAndClear(vertices_);
    }

  private:
    IDirect3DVertexBuffer9* vertices_ = nullptr;
    std::vector<IDirect3DQuery9*> queries_;
    std::vector<DWORD> counts_;
};

} // namespace

std::unique_ptr<Scenario> makeQueriesScenario() {
    return std::make_unique<QueriesScenario>();
}

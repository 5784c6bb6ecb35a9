// draws: 2000 small quads a frame, each its own DrawPrimitive with a vertex-constant change (the
// matrix placing the unit quad) and a pixel-constant change (its colour), through a vs_3_0 /
// ps_3_0 pair. The quads tile a 50 x 40 grid of 5 x 6 pixel cells, each covering 4 x 5 pixels
// (scenario_layout.h).
#include "bench.h"
#include "shader_support.h"

namespace {

using namespace draws_layout;

class DrawsScenario final : public Scenario {
  public:
    const char* name() const override { return "draws"; }
    const char* unit() const override { return "draws"; }

    bool setup(IDirect3DDevice9* device) override {
        static const D3DVERTEXELEMENT9 elements[] = {
            {0, 0, D3DDECLTYPE_FLOAT4, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0}, D3DDECL_END()};
        // The unit square as a strip; the matrix in c0..c3 moves and scales it.
        quad_ = filledVertexBuffer(device, kUnitSquare, sizeof(kUnitSquare));
        return quad_ &&
               useShaders(device, elements, shader_code::kTransformVs30, shader_code::kConstantColourPs30) &&
               device->SetStreamSource(0, quad_, 0, 4 * sizeof(float)) == D3D_OK &&
               device->SetRenderState(D3DRS_ZENABLE, D3DZB_FALSE) == D3D_OK;
    }

    int64_t frame(IDirect3DDevice9* device, int index) override {
        for (int i = 0; i < kDraws; ++i) {
            float matrix[16], colour[4];
            draws_layout::matrix(i, matrix);
            draws_layout::colour(i, index, colour);
            if (FAILED(device->SetVertexShaderConstantF(0, matrix, 4)) ||
                FAILED(device->SetPixelShaderConstantF(0, colour, 1)) ||
                FAILED(device->DrawPrimitive(D3DPT_TRIANGLESTRIP, 0, 2)))
                return -1;
        }
        return kDraws;
    }

    void teardown(IDirect3DDevice9* device) override {
        device->SetStreamSource(0, nullptr, 0, 0);
        device->SetVertexShader(nullptr);
        device->SetPixelShader(nullptr);
        device->SetVertexDeclaration(nullptr);
        device->SetRenderState(D3DRS_ZENABLE, D3DZB_TRUE);
        releaseAndClear(quad_);
    }

  private:
    IDirect3DVertexBuffer9* quad_ = nullptr;
};

} // namespace

std::unique_ptr<Scenario> makeDrawsScenario() {
    return std::make_unique<DrawsScenario>();
}

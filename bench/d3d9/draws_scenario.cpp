// draws: 2000 small quads a frame, each its own DrawPrimitive with a vertex-constant change (the
// matrix placing the unit quad) and a pixel-constant change (its colour), through a vs_3_0 /
// ps_3_0 pair. The quads tile a 50 x 40 grid of 5 x 6 pixel cells, each covering 4 x 5 pixels.
#include "bench.h"
#include "shader_support.h"

namespace {

constexpr int kColumns = 50, kRows = 40, kCellW = 5, kCellH = 6;

class DrawsScenario final : public Scenario {
  public:
    const char* name() const override { return "draws"; }
    const char* unit() const override { return "draws"; }

    bool setup(IDirect3DDevice9* device) override {
        static const D3DVERTEXELEMENT9 elements[] = {
            {0, 0, D3DDECLTYPE_FLOAT4, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0}, D3DDECL_END()};
        // The unit square as a strip; the matrix in c0..c3 moves and scales it.
        static const float square[] = {0, 0, 0, 1, 1, 0, 0, 1, 0, 1, 0, 1, 1, 1, 0, 1};
        quad_ = filledVertexBuffer(device, square, sizeof(square));
        return quad_ &&
               useShaders(device, elements, shader_code::kTransformVs30, shader_code::kConstantColourPs30) &&
               device->SetStreamSource(0, quad_, 0, 4 * sizeof(float)) == D3D_OK &&
               device->SetRenderState(D3DRS_ZENABLE, D3DZB_FALSE) == D3D_OK;
    }

    int64_t frame(IDirect3DDevice9* device, int index) override {
        for (int i = 0; i < kColumns * kRows; ++i) {
            const float x0 = float(2 + (i % kColumns) * kCellW) - 0.5f,
                        y0 = float(4 + (i / kColumns) * kCellH) - 0.5f;
            const float left = benchNdcX(x0), top = benchNdcY(y0);
            const float width = benchNdcX(x0 + kCellW - 1) - left, height = benchNdcY(y0 + kCellH - 1) - top;
            const float matrix[16] = {width, 0, 0, left, 0, height, 0, top, 0, 0, 0, 0.5f, 0, 0, 0, 1};
            const DWORD c = benchColour(uint32_t(i), uint32_t(index));
            const float colour[4] = {float((c >> 16) & 0xFF) / 255.0f, float((c >> 8) & 0xFF) / 255.0f,
                                     float(c & 0xFF) / 255.0f, 1.0f};
            if (FAILED(device->SetVertexShaderConstantF(0, matrix, 4)) ||
                FAILED(device->SetPixelShaderConstantF(0, colour, 1)) ||
                FAILED(device->DrawPrimitive(D3DPT_TRIANGLESTRIP, 0, 2)))
                return -1;
        }
        return kColumns * kRows;
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

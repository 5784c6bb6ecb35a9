// The banner: a pretransformed (XYZRHW) rectangle of white at alpha 0x80, blended over the clear
// colour with SRCALPHA / INVSRCALPHA through the fixed-function stage 0 (diffuse selected, no
// texture): the pixels must be 128/255 white + 127/255 clear colour.
#include "demo.h"

namespace demo {
namespace {

class Banner final : public Part {
  public:
    const char* name() const override { return "banner"; }
    bool setup(IDirect3DDevice9*) override { return true; }

    bool draw(IDirect3DDevice9* device, int, int) override {
        const std::vector<ScreenVertex> rect =
            screenRect(kBanner.left, kBanner.top, kBanner.right, kBanner.bottom, 0.5f, kBannerColour);
        return SUCCEEDED(device->SetViewport(&kFullViewport)) &&
               SUCCEEDED(device->SetVertexShader(nullptr)) && SUCCEEDED(device->SetPixelShader(nullptr)) &&
               SUCCEEDED(device->SetTexture(0, nullptr)) &&
               SUCCEEDED(device->SetTextureStageState(0, D3DTSS_COLOROP, D3DTOP_SELECTARG1)) &&
               SUCCEEDED(device->SetTextureStageState(0, D3DTSS_COLORARG1, D3DTA_DIFFUSE)) &&
               SUCCEEDED(device->SetTextureStageState(0, D3DTSS_ALPHAOP, D3DTOP_SELECTARG1)) &&
               SUCCEEDED(device->SetTextureStageState(0, D3DTSS_ALPHAARG1, D3DTA_DIFFUSE)) &&
               SUCCEEDED(device->SetRenderState(D3DRS_LIGHTING, FALSE)) &&
               SUCCEEDED(device->SetRenderState(D3DRS_ZENABLE, D3DZB_FALSE)) &&
               SUCCEEDED(device->SetRenderState(D3DRS_CULLMODE, D3DCULL_NONE)) &&
               SUCCEEDED(device->SetRenderState(D3DRS_ALPHABLENDENABLE, TRUE)) &&
               SUCCEEDED(device->SetRenderState(D3DRS_SRCBLEND, D3DBLEND_SRCALPHA)) &&
               SUCCEEDED(device->SetRenderState(D3DRS_DESTBLEND, D3DBLEND_INVSRCALPHA)) &&
               SUCCEEDED(device->SetFVF(kScreenFvf)) &&
               SUCCEEDED(device->DrawPrimitiveUP(D3DPT_TRIANGLELIST, 2, rect.data(), sizeof(ScreenVertex)));
    }
};

} // namespace

std::unique_ptr<Part> makeBanner() {
    return std::make_unique<Banner>();
}

} // namespace demo

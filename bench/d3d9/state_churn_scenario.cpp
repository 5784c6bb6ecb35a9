// state_churn: 300 textured quads a frame (fixed function, pretransformed), each after a change
// of alpha blending (additive ONE/ONE, on or off), cull mode, depth function, texture (one of
// two solid textures), magnification filter and address mode. Each quad has its own depth and
// winding, so culling and the depth test decide what stays; the textures are solid and the
// blend additive, so the result is exact in every implementation (scenario_layout.h).
#include "bench.h"
#include "shader_support.h"

namespace {

using namespace churn_layout;

constexpr DWORD kTexturedFvf = D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_TEX1; // churn_layout::Vertex
// churn_layout's states as D3D9 values, indexed by their enums.
constexpr DWORD kCullModes[] = {D3DCULL_NONE, D3DCULL_CW, D3DCULL_CCW};
constexpr DWORD kDepthFuncs[] = {D3DCMP_LESSEQUAL, D3DCMP_ALWAYS, D3DCMP_GREATER, D3DCMP_LESS};

class StateChurnScenario final : public Scenario {
  public:
    const char* name() const override { return "state_churn"; }
    const char* unit() const override { return "draws"; }

    bool setup(IDirect3DDevice9* device) override {
        const std::vector<Vertex> vertices = churn_layout::vertices();
        vertices_ = filledVertexBuffer(device, vertices.data(), UINT(vertices.size() * sizeof(Vertex)));
        if (!vertices_) return false;
        if (!(textures_[0] = solidTexture(device, kTextureColours[0])) ||
            !(textures_[1] = solidTexture(device, kTextureColours[1])))
            return false;
        return device->SetFVF(kTexturedFvf) == D3D_OK &&
               device->SetStreamSource(0, vertices_, 0, sizeof(Vertex)) == D3D_OK &&
               device->SetRenderState(D3DRS_SRCBLEND, D3DBLEND_ONE) == D3D_OK &&
               device->SetRenderState(D3DRS_DESTBLEND, D3DBLEND_ONE) == D3D_OK &&
               device->SetRenderState(D3DRS_ZENABLE, D3DZB_TRUE) == D3D_OK;
    }

    int64_t frame(IDirect3DDevice9* device, int) override {
        for (int i = 0; i < kDraws; ++i) {
            const State state = churn_layout::state(i);
            if (FAILED(device->SetRenderState(D3DRS_ALPHABLENDENABLE, state.blend)) ||
                FAILED(device->SetRenderState(D3DRS_CULLMODE, kCullModes[int(state.cull)])) ||
                FAILED(device->SetRenderState(D3DRS_ZFUNC, kDepthFuncs[int(state.depth)])) ||
                FAILED(device->SetTexture(0, textures_[state.texture])) ||
                FAILED(device->SetSamplerState(0, D3DSAMP_MAGFILTER,
                                               state.linearMag ? D3DTEXF_LINEAR : D3DTEXF_POINT)) ||
                FAILED(device->SetSamplerState(0, D3DSAMP_ADDRESSU,
                                               state.wrapU ? D3DTADDRESS_WRAP : D3DTADDRESS_CLAMP)) ||
                FAILED(device->DrawPrimitive(D3DPT_TRIANGLELIST, UINT(6 * i), 2)))
                return -1;
        }
        return kDraws;
    }

    void teardown(IDirect3DDevice9* device) override {
        device->SetTexture(0, nullptr);
        device->SetStreamSource(0, nullptr, 0, 0);
        device->SetRenderState(D3DRS_ALPHABLENDENABLE, FALSE);
        device->SetRenderState(D3DRS_SRCBLEND, D3DBLEND_ONE);
        device->SetRenderState(D3DRS_DESTBLEND, D3DBLEND_ZERO);
        device->SetRenderState(D3DRS_CULLMODE, D3DCULL_CCW);
        device->SetRenderState(D3DRS_ZFUNC, D3DCMP_LESSEQUAL);
        device->SetSamplerState(0, D3DSAMP_MAGFILTER, D3DTEXF_POINT);
        device->SetSamplerState(0, D3DSAMP_ADDRESSU, D3DTADDRESS_WRAP);
        releaseAndClear(textures_[0]);
        releaseAndClear(textures_[1]);
        releaseAndClear(vertices_);
    }

  private:
    // A 4 x 4 X8R8G8B8 texture of one colour (managed pool).
    static IDirect3DTexture9* solidTexture(IDirect3DDevice9* device, DWORD colour) {
        IDirect3DTexture9* texture = nullptr;
        D3DLOCKED_RECT locked{};
        if (FAILED(device->CreateTexture(4, 4, 1, 0, D3DFMT_X8R8G8B8, D3DPOOL_MANAGED, &texture, nullptr)))
            return nullptr;
        if (FAILED(texture->LockRect(0, &locked, nullptr, 0))) {
            texture->Release();
            return nullptr;
        }
        for (int y = 0; y < 4; ++y)
            for (int x = 0; x < 4; ++x)
                static_cast<DWORD*>(locked.pBits)[y * locked.Pitch / 4 + x] = colour;
        texture->UnlockRect(0);
        return texture;
    }

    IDirect3DVertexBuffer9* vertices_ = nullptr;
    IDirect3DTexture9* textures_[2] = {};
};

} // namespace

std::unique_ptr<Scenario> makeStateChurnScenario() {
    return std::make_unique<StateChurnScenario>();
}

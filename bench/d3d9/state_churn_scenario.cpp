// state_churn: 300 textured quads a frame (fixed function, pretransformed), each after a change
// of alpha blending (additive ONE/ONE, on or off), cull mode, depth function, texture (one of
// two solid textures), magnification filter and address mode. Each quad has its own depth and
// winding, so culling and the depth test decide what stays; the textures are solid and the
// blend additive, so the result is exact in every implementation.
#include "bench.h"
#include "shader_support.h"

namespace {

constexpr int kColumns = 20, kDraws = 300, kStep = 12, kSide = 20;

struct TexturedVertex {
    float x, y, z, rhw;
    DWORD colour;
    float u, v;
};
constexpr DWORD kTexturedFvf = D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_TEX1;

// The quad of draw i as a triangle list, wound clockwise or counterclockwise on screen.
void appendQuad(std::vector<TexturedVertex>& out, int i) {
    const float l = float(4 + (i % kColumns) * kStep) - 0.5f, t = float(4 + (i / kColumns) * 16) - 0.5f;
    const float r = l + kSide, b = t + kSide, z = float((i * 37) % kDraws + 1) / 512.0f;
    const TexturedVertex lt{l, t, z, 1, 0xFFFFFFFF, 0, 0}, rt{r, t, z, 1, 0xFFFFFFFF, 1, 0};
    const TexturedVertex lb{l, b, z, 1, 0xFFFFFFFF, 0, 1}, rb{r, b, z, 1, 0xFFFFFFFF, 1, 1};
    if ((i / 3) % 2)
        out.insert(out.end(), {lt, rt, lb, rt, rb, lb}); // clockwise (y down)
    else
        out.insert(out.end(), {lt, lb, rt, rt, lb, rb});
}

class StateChurnScenario final : public Scenario {
  public:
    const char* name() const override { return "state_churn"; }
    const char* unit() const override { return "draws"; }

    bool setup(IDirect3DDevice9* device) override {
        std::vector<TexturedVertex> vertices;
        for (int i = 0; i < kDraws; ++i)
            appendQuad(vertices, i);
        vertices_ =
            filledVertexBuffer(device, vertices.data(), UINT(vertices.size() * sizeof(TexturedVertex)));
        if (!vertices_) return false;
        if (!(textures_[0] = solidTexture(device, 0x00402010)) ||
            !(textures_[1] = solidTexture(device, 0x00103050)))
            return false;
        return device->SetFVF(kTexturedFvf) == D3D_OK &&
               device->SetStreamSource(0, vertices_, 0, sizeof(TexturedVertex)) == D3D_OK &&
               device->SetRenderState(D3DRS_SRCBLEND, D3DBLEND_ONE) == D3D_OK &&
               device->SetRenderState(D3DRS_DESTBLEND, D3DBLEND_ONE) == D3D_OK &&
               device->SetRenderState(D3DRS_ZENABLE, D3DZB_TRUE) == D3D_OK;
    }

    int64_t frame(IDirect3DDevice9* device, int) override {
        static const DWORD culls[] = {D3DCULL_NONE, D3DCULL_CW, D3DCULL_CCW};
        static const DWORD zfuncs[] = {D3DCMP_LESSEQUAL, D3DCMP_ALWAYS, D3DCMP_GREATER, D3DCMP_LESS};
        for (int i = 0; i < kDraws; ++i)
            if (FAILED(device->SetRenderState(D3DRS_ALPHABLENDENABLE, i % 2)) ||
                FAILED(device->SetRenderState(D3DRS_CULLMODE, culls[i % 3])) ||
                FAILED(device->SetRenderState(D3DRS_ZFUNC, zfuncs[i % 4])) ||
                FAILED(device->SetTexture(0, textures_[(i / 2) % 2])) ||
                FAILED(
                    device->SetSamplerState(0, D3DSAMP_MAGFILTER, i % 5 ? D3DTEXF_POINT : D3DTEXF_LINEAR)) ||
                FAILED(device->SetSamplerState(0, D3DSAMP_ADDRESSU,
                                               i % 3 ? D3DTADDRESS_CLAMP : D3DTADDRESS_WRAP)) ||
                FAILED(device->DrawPrimitive(D3DPT_TRIANGLELIST, UINT(6 * i), 2)))
                return -1;
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

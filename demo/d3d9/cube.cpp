// The cube: fixed-function transform and lighting (one directional light, a material with
// ambient), a checkerboard texture made here and modulated by the lit colour, depth testing
// and back-face culling, confined to its viewport. An occlusion query counts its samples.
#include "demo.h"
#include "shader_support.h"
#include "texture_support.h"

#include <chrono>
#include <cstring>
#include <thread>
#include <vector>

namespace demo {
namespace {

struct CubeVertex {
    float x, y, z;
    float nx, ny, nz;
    float u, v;
};
constexpr DWORD kCubeFvf = D3DFVF_XYZ | D3DFVF_NORMAL | D3DFVF_TEX1;

// Six faces of four corners each. Seen from outside, with `right` = up x (-normal), the corners
// run top-left, top-right, bottom-right, bottom-left: clockwise, D3D9's front face.
void addFace(std::vector<CubeVertex>& vertices, std::vector<WORD>& indices, const float n[3],
             const float up[3]) {
    const float right[3] = {-(up[1] * n[2] - up[2] * n[1]), -(up[2] * n[0] - up[0] * n[2]),
                            -(up[0] * n[1] - up[1] * n[0])};
    const float corners[4][2] = {{-1, 1}, {1, 1}, {1, -1}, {-1, -1}};
    const WORD first = WORD(vertices.size());
    for (const auto& c : corners) {
        CubeVertex v{};
        v.x = n[0] + c[0] * right[0] + c[1] * up[0];
        v.y = n[1] + c[0] * right[1] + c[1] * up[1];
        v.z = n[2] + c[0] * right[2] + c[1] * up[2];
        v.nx = n[0], v.ny = n[1], v.nz = n[2];
        v.u = (c[0] + 1) / 2, v.v = (1 - c[1]) / 2;
        vertices.push_back(v);
    }
    for (WORD i : {0, 1, 2, 0, 2, 3})
        indices.push_back(WORD(first + i));
}

class CubePart final : public Cube {
  public:
    ~CubePart() override {
        release(vertices_);
        release(indices_);
        release(texture_);
        release(query_);
    }
    const char* name() const override { return "cube"; }

    bool setup(IDirect3DDevice9* device) override {
        std::vector<CubeVertex> vertices;
        std::vector<WORD> indices;
        const float faces[6][2][3] = {{{0, 0, -1}, {0, 1, 0}}, {{0, 0, 1}, {0, 1, 0}},
                                      {{-1, 0, 0}, {0, 1, 0}}, {{1, 0, 0}, {0, 1, 0}},
                                      {{0, 1, 0}, {0, 0, 1}},  {{0, -1, 0}, {0, 0, -1}}};
        for (const auto& f : faces)
            addFace(vertices, indices, f[0], f[1]);
        vertices_ = filledVertexBuffer(device, vertices.data(), UINT(vertices.size() * sizeof(CubeVertex)));
        // An 8x8 checkerboard of orange and near-white squares, 8 texels each.
        texture_ = filledTexture(
            device, 64, 64, [](int x, int y) { return ((x / 8 + y / 8) % 2) ? 0xFFE09030u : 0xFFF0F0E0u; });
        void* memory = nullptr;
        if (!vertices_ || !texture_ ||
            FAILED(device->CreateIndexBuffer(UINT(indices.size() * sizeof(WORD)), D3DUSAGE_WRITEONLY,
                                             D3DFMT_INDEX16, D3DPOOL_DEFAULT, &indices_, nullptr)) ||
            FAILED(indices_->Lock(0, 0, &memory, 0)))
            return false;
        std::memcpy(memory, indices.data(), indices.size() * sizeof(WORD));
        return SUCCEEDED(indices_->Unlock()) &&
               SUCCEEDED(device->CreateQuery(D3DQUERYTYPE_OCCLUSION, &query_));
    }

    bool draw(IDirect3DDevice9* device, int frame, int) override {
        const float t = float(frame) * 0.03f;
        const Matrix world =
            Matrix::rotationY(t + 0.7f) * Matrix::rotationX(-0.5f); // spin, tilt: the top shows
        const Matrix view = Matrix::translation(0, 0, 4.2f);
        const float aspect = float(kCubeViewport.Width) / float(kCubeViewport.Height);
        const Matrix projection = Matrix::perspective(0.9f, aspect, 1.0f, 10.0f);
        D3DMATERIAL9 material{};
        material.Diffuse = {1, 1, 1, 1};
        material.Ambient = {1, 1, 1, 1};
        D3DLIGHT9 light{};
        light.Type = D3DLIGHT_DIRECTIONAL;
        light.Diffuse = {0.9f, 0.9f, 0.9f, 1};
        light.Direction = {0.4f, -0.6f, 1.0f};
        const bool set = SUCCEEDED(device->SetViewport(&kCubeViewport)) &&
                         SUCCEEDED(device->SetTransform(D3DTS_WORLD, world.d3d())) &&
                         SUCCEEDED(device->SetTransform(D3DTS_VIEW, view.d3d())) &&
                         SUCCEEDED(device->SetTransform(D3DTS_PROJECTION, projection.d3d())) &&
                         SUCCEEDED(device->SetMaterial(&material)) &&
                         SUCCEEDED(device->SetLight(0, &light)) && SUCCEEDED(device->LightEnable(0, TRUE)) &&
                         SUCCEEDED(device->SetRenderState(D3DRS_LIGHTING, TRUE)) &&
                         SUCCEEDED(device->SetRenderState(D3DRS_AMBIENT, 0xFF404040)) &&
                         SUCCEEDED(device->SetRenderState(D3DRS_ZENABLE, D3DZB_TRUE)) &&
                         SUCCEEDED(device->SetRenderState(D3DRS_CULLMODE, D3DCULL_CCW)) &&
                         SUCCEEDED(device->SetRenderState(D3DRS_ALPHABLENDENABLE, FALSE)) &&
                         SUCCEEDED(device->SetTexture(0, texture_)) &&
                         SUCCEEDED(device->SetTextureStageState(0, D3DTSS_COLOROP, D3DTOP_MODULATE)) &&
                         SUCCEEDED(device->SetTextureStageState(0, D3DTSS_COLORARG1, D3DTA_TEXTURE)) &&
                         SUCCEEDED(device->SetTextureStageState(0, D3DTSS_COLORARG2, D3DTA_DIFFUSE)) &&
                         SUCCEEDED(device->SetSamplerState(0, D3DSAMP_MINFILTER, D3DTEXF_LINEAR)) &&
                         SUCCEEDED(device->SetSamplerState(0, D3DSAMP_MAGFILTER, D3DTEXF_LINEAR)) &&
                         SUCCEEDED(device->SetVertexShader(nullptr)) &&
                         SUCCEEDED(device->SetPixelShader(nullptr)) && SUCCEEDED(device->SetFVF(kCubeFvf)) &&
                         SUCCEEDED(device->SetStreamSource(0, vertices_, 0, sizeof(CubeVertex))) &&
                         SUCCEEDED(device->SetIndices(indices_));
        return set && SUCCEEDED(query_->Issue(D3DISSUE_BEGIN)) &&
               SUCCEEDED(device->DrawIndexedPrimitive(D3DPT_TRIANGLELIST, 0, 0, 24, 0, 12)) &&
               SUCCEEDED(query_->Issue(D3DISSUE_END));
    }

    long long lastSamples() override {
        DWORD samples = 0;
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
        HRESULT hr;
        while ((hr = query_->GetData(&samples, sizeof(samples), D3DGETDATA_FLUSH)) == S_FALSE &&
               std::chrono::steady_clock::now() < deadline)
            std::this_thread::yield();
        return hr == S_OK ? (long long)samples : -1;
    }

  private:
    IDirect3DVertexBuffer9* vertices_ = nullptr;
    IDirect3DIndexBuffer9* indices_ = nullptr;
    IDirect3DTexture9* texture_ = nullptr;
    IDirect3DQuery9* query_ = nullptr;
};

} // namespace

std::unique_ptr<Cube> makeCube() {
    return std::make_unique<CubePart>();
}

} // namespace demo

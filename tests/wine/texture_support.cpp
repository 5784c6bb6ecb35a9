#include "texture_support.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>

std::vector<TexVertex> texturedRect(int x0, int y0, int x1, int y1, DWORD color) {
    const float l = float(x0) - 0.5f, t = float(y0) - 0.5f, r = float(x1) - 0.5f, b = float(y1) - 0.5f;
    return {{l, t, 0, 1, color, 0, 0},
            {r, t, 0, 1, color, 1, 0},
            {l, b, 0, 1, color, 0, 1},
            {r, b, 0, 1, color, 1, 1}};
}

bool fillLevel(IDirect3DTexture9* texture, UINT level, const std::function<uint32_t(int, int)>& texel) {
    D3DSURFACE_DESC desc{};
    D3DLOCKED_RECT locked{};
    if (FAILED(texture->GetLevelDesc(level, &desc)) || FAILED(texture->LockRect(level, &locked, nullptr, 0)))
        return false;
    for (UINT y = 0; y < desc.Height; ++y) {
        auto* row = reinterpret_cast<uint32_t*>(static_cast<BYTE*>(locked.pBits) + y * locked.Pitch);
        for (UINT x = 0; x < desc.Width; ++x)
            row[x] = texel(int(x), int(y));
    }
    return SUCCEEDED(texture->UnlockRect(level));
}

std::vector<IDirect3DTexture9*> bigTargetTextures(IDirect3DDevice9* device, int count) {
    std::vector<IDirect3DTexture9*> textures;
    for (int i = 0; i < count; ++i) {
        IDirect3DTexture9* texture = nullptr;
        if (device->CreateTexture(1024, 1024, 1, D3DUSAGE_RENDERTARGET, D3DFMT_X8R8G8B8, D3DPOOL_DEFAULT,
                                  &texture, nullptr) != D3D_OK)
            break;
        textures.push_back(texture);
    }
    return textures;
}

IDirect3DTexture9* filledTexture(IDirect3DDevice9* device, UINT width, UINT height,
                                 const std::function<uint32_t(int, int)>& texel) {
    IDirect3DTexture9* texture = nullptr;
    if (FAILED(
            device->CreateTexture(width, height, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &texture, nullptr)))
        return nullptr;
    if (!fillLevel(texture, 0, texel)) {
        texture->Release();
        return nullptr;
    }
    return texture;
}

std::vector<uint32_t> lockedPixels(IDirect3DSurface9* surface, int width, int height) {
    D3DLOCKED_RECT locked{};
    if (FAILED(surface->LockRect(&locked, nullptr, D3DLOCK_READONLY))) return {};
    std::vector<uint32_t> pixels(size_t(width) * height);
    for (int y = 0; y < height; ++y)
        std::memcpy(&pixels[size_t(y) * width], static_cast<const BYTE*>(locked.pBits) + y * locked.Pitch,
                    size_t(width) * 4);
    surface->UnlockRect();
    return pixels;
}

int mismatchedPixels(const std::vector<uint32_t>& pixels, int width, int height,
                     const std::function<uint32_t(int, int)>& expected, int tolerance) {
    if (pixels.size() != size_t(width) * height) return width * height;
    int wrong = 0;
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            const uint32_t got = pixels[size_t(y) * width + x], want = expected(x, y);
            for (int shift = 0; shift < 24; shift += 8)
                if (std::abs(int((got >> shift) & 0xFF) - int((want >> shift) & 0xFF)) > tolerance) {
                    ++wrong;
                    break;
                }
        }
    return wrong;
}

void selectTexture(IDirect3DDevice9* device) {
    device->SetTextureStageState(0, D3DTSS_COLOROP, D3DTOP_SELECTARG1);
    device->SetTextureStageState(0, D3DTSS_COLORARG1, D3DTA_TEXTURE);
    device->SetTextureStageState(0, D3DTSS_ALPHAOP, D3DTOP_SELECTARG1);
    device->SetTextureStageState(0, D3DTSS_ALPHAARG1, D3DTA_TEXTURE);
    device->SetSamplerState(0, D3DSAMP_MINFILTER, D3DTEXF_POINT);
    device->SetSamplerState(0, D3DSAMP_MAGFILTER, D3DTEXF_POINT);
    device->SetSamplerState(0, D3DSAMP_MIPFILTER, D3DTEXF_NONE);
}

// BT.601 (studio range): Y' = (Y - 16) / 219, Pb, Pr = (U or V - 128) / 224; R = Y' + 1.402 Pr,
// B = Y' + 1.772 Pb, G = (Y' - 0.299 R - 0.114 B) / 0.587.
const BYTE kVideoPairs[4][4] = {
    {16, 128, 235, 128}, {81, 90, 145, 240}, {41, 240, 210, 110}, {126, 60, 180, 200}};

uint32_t bt601(int x) {
    const BYTE* p = kVideoPairs[(x / 2) % 4];
    const double y = ((x & 1 ? p[2] : p[0]) - 16) / 219.0, pb = (p[1] - 128) / 224.0,
                 pr = (p[3] - 128) / 224.0;
    const double r = y + 1.402 * pr, b = y + 1.772 * pb, g = (y - 0.299 * r - 0.114 * b) / 0.587;
    auto byte = [](double v) { return uint32_t(std::lround(std::min(1.0, std::max(0.0, v)) * 255.0)); };
    return byte(r) << 16 | byte(g) << 8 | byte(b);
}

void videoPairBytes(int k, bool yuy2, BYTE out[4]) {
    const BYTE* p = kVideoPairs[k];
    const BYTE bytes[4] = {yuy2 ? p[0] : p[1], yuy2 ? p[1] : p[0], yuy2 ? p[2] : p[3], yuy2 ? p[3] : p[2]};
    std::memcpy(out, bytes, 4);
}

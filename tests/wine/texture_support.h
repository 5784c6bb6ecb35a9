// Helpers of the texture tests: textured pretransformed quads, filling texture levels through
// LockRect, and comparing read-back pixels with what a test computes.
#pragma once

#include "d3d9/win32.h"

#include <cstdint>
#include <functional>
#include <vector>

// A pretransformed vertex with a diffuse colour and one 2D texture coordinate.
struct TexVertex {
    float x, y, z, rhw;
    DWORD color;
    float u, v;
};
constexpr DWORD kTexFvf = D3DFVF_XYZRHW | D3DFVF_DIFFUSE | D3DFVF_TEX1;

// A pretransformed vertex with a 3D texture coordinate (cube and volume textures).
struct Tex3Vertex {
    float x, y, z, rhw;
    float s, t, r;
};
constexpr DWORD kTex3Fvf = D3DFVF_XYZRHW | D3DFVF_TEX1 | D3DFVF_TEXCOORDSIZE3(0);

// The triangle strip of pixels [x0, x1) x [y0, y1) (edges half a pixel before, as D3D9's pixel
// centres are integers) with texture coordinates (0, 0) .. (1, 1) at its corners.
std::vector<TexVertex> texturedRect(int x0, int y0, int x1, int y1, DWORD color);

// Fills level `level` of a lockable 32-bit 2D texture with `texel(x, y)`; false when a step fails.
bool fillLevel(IDirect3DTexture9* texture, UINT level, const std::function<uint32_t(int, int)>& texel);

// A managed one-level A8R8G8B8 texture of width x height filled with `texel(x, y)`; null when a
// step fails.
IDirect3DTexture9* filledTexture(IDirect3DDevice9* device, UINT width, UINT height,
                                 const std::function<uint32_t(int, int)>& texel);

// `count` default-pool 1024 x 1024 X8R8G8B8 render-target textures (4 MiB each), fewer when
// creation fails; the caller releases them.
std::vector<IDirect3DTexture9*> bigTargetTextures(IDirect3DDevice9* device, int count);

// The pixels of a lockable 32-bit surface of width x height, row by row, read under a READONLY
// lock of the whole surface; empty when the lock fails.
std::vector<uint32_t> lockedPixels(IDirect3DSurface9* surface, int width, int height);

// Pixels whose RGB (alpha ignored) differ from `expected(x, y)` by more than `tolerance` in any
// channel; every pixel when the read-back failed.
int mismatchedPixels(const std::vector<uint32_t>& pixels, int width, int height,
                     const std::function<uint32_t(int, int)>& expected, int tolerance = 0);

// Stage 0 samples its texture alone (COLOROP SELECTARG1 of TEXTURE), with POINT filters.
void selectTexture(IDirect3DDevice9* device);

// YUY2 / UYVY texels for the video tests: the pair (Y0, U, Y1, V) of pixels 2k and 2k+1 of every
// row (k = 0..3, repeating).
extern const BYTE kVideoPairs[4][4];
// The colour ITU-R BT.601 (studio range) gives pixel x of such a row.
uint32_t bt601(int x);
// The bytes of a YUY2 (Y0 U Y1 V) or UYVY (U Y0 V Y1) pair holding kVideoPairs[k].
void videoPairBytes(int k, bool yuy2, BYTE out[4]);

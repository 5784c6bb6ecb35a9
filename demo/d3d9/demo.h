// d3d9_demo (docs/d3d9-dll.md, "The D3D9 demo"): a plain D3D9 program that shows what d3d9.dll
// does. The screen is split into fixed regions, each drawn by one part and by no other, so the
// last frame can be checked pixel by pixel:
//   banner   [16, 624) x [16, 56)   alpha-blended overlay over the clear colour
//   cube     [16, 320) x [72, 392)  fixed function: lit, textured, rotating, depth-tested
//   pinwheel [336, 624) x [72, 392) vs_3_0 / ps_3_0 (hand-assembled), rotating, tinted
//   field    [20, 620) x [408, 468) 250 instanced quads (SetStreamSourceFreq), colours
//                                   rewritten every frame through a DISCARD lock
#pragma once

#include "device_support.h"

#include <memory>

namespace demo {

constexpr int kWidth = 640, kHeight = 480;
constexpr DWORD kClearColour = 0xFF203050;
// The banner: white at alpha 0x80 blended (SRCALPHA, INVSRCALPHA) over the clear colour.
constexpr DWORD kBannerColour = 0x80FFFFFF;
constexpr RECT kBanner{16, 16, 624, 56};
constexpr D3DVIEWPORT9 kCubeViewport{16, 72, 304, 320, 0.0f, 1.0f};
constexpr D3DVIEWPORT9 kPinwheelViewport{336, 72, 288, 320, 0.0f, 1.0f};
constexpr D3DVIEWPORT9 kFullViewport{0, 0, kWidth, kHeight, 0.0f, 1.0f};

// One part of the scene. setup() makes its resources; draw() sets every state it relies on
// (the parts share one device) and records its draws between BeginScene and EndScene.
class Part {
  public:
    virtual ~Part() = default;
    virtual const char* name() const = 0;
    virtual bool setup(IDirect3DDevice9* device) = 0;
    virtual bool draw(IDirect3DDevice9* device, int frame, int frames) = 0;
};

// The cube also counts the samples its draw passes with an occlusion query.
class Cube : public Part {
  public:
    // The samples of the last frame's cube (D3DQUERYTYPE_OCCLUSION), waited for with
    // D3DGETDATA_FLUSH; -1 when the query failed or did not answer within ~5 s.
    virtual long long lastSamples() = 0;
};

std::unique_ptr<Cube> makeCube();
std::unique_ptr<Part> makePinwheel();
std::unique_ptr<Part> makeField();
std::unique_ptr<Part> makeBanner();

// Row-vector 4x4 matrices, as D3D9's fixed function multiplies them (v' = v * M).
struct Matrix {
    float m[4][4]{};
    static Matrix identity();
    static Matrix rotationX(float angle);
    static Matrix rotationY(float angle);
    static Matrix rotationZ(float angle);
    static Matrix scaling(float x, float y, float z);
    static Matrix translation(float x, float y, float z);
    // Left-handed perspective (D3DXMatrixPerspectiveFovLH): depth 0 at zn, 1 at zf.
    static Matrix perspective(float fovY, float aspect, float zn, float zf);
    Matrix operator*(const Matrix& o) const;
    Matrix transposed() const;
    const D3DMATRIX* d3d() const { return reinterpret_cast<const D3DMATRIX*>(m); }
};

// Releases a COM object and clears the pointer.
template <class T> void release(T*& object) {
    if (object) object->Release();
    object = nullptr;
}

} // namespace demo

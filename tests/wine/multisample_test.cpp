// Multisampling as a D3D9 program uses it: a 4-sample back buffer and depth buffer (Vulkan
// requires 4 samples of every device for these formats), a triangle drawn into them and resolved
// with StretchRect into a plain render target, and each pixel compared with the coverage
// computed here at the standard 4-sample positions; D3D9's rules for multisampled surfaces
// (no lock, no GetRenderTargetData; StretchRect in and out of them, and a multisampled depth
// buffer into a plain one) and for the present parameters that ask for them.
#include "check.h"
#include "device_support.h"
#include "support.h"
#include "texture_support.h"

#include <cmath>
#include <cstdio>
#include <cstring>

namespace {

// Offsets of samples 0..3 from a pixel's top-left corner (the standard 4-sample pattern).
constexpr float kSamplePositions[4][2] = {
    {0.375f, 0.125f}, {0.875f, 0.375f}, {0.125f, 0.625f}, {0.625f, 0.875f}};

constexpr int kWidth = 48, kHeight = 40;

// Corners on a 1/16 grid, exact in every device's sub-pixel precision; no sample lies on an
// edge (coveredSamples checks).
const ScreenVertex kTriangle[3] = {{2.3125f, 1.6875f, 0.5f, 1.0f, 0xFFFFFFFF},
                                   {45.0625f, 9.3125f, 0.5f, 1.0f, 0xFFFFFFFF},
                                   {13.875f, 37.5625f, 0.5f, 1.0f, 0xFFFFFFFF}};

float edge(const ScreenVertex& a, const ScreenVertex& b, float px, float py) {
    return (b.x - a.x) * (py - a.y) - (b.y - a.y) * (px - a.x);
}

// The samples of pixel (x, y) the triangle covers (bit i: sample i); D3D9's pixel (x, y) spans
// [x - 0.5, x + 0.5).
unsigned coveredSamples(int x, int y) {
    const ScreenVertex* t = kTriangle;
    const float area = edge(t[0], t[1], t[2].x, t[2].y);
    unsigned mask = 0;
    for (int i = 0; i < 4; ++i) {
        const float px = float(x) - 0.5f + kSamplePositions[i][0],
                    py = float(y) - 0.5f + kSamplePositions[i][1];
        const float w[3] = {edge(t[1], t[2], px, py), edge(t[2], t[0], px, py), edge(t[0], t[1], px, py)};
        bool inside = true;
        for (float e : w) {
            CHECK(std::fabs(e) > 1e-3f);
            inside = inside && (area > 0 ? e > 0 : e < 0);
        }
        if (inside) mask |= 1u << i;
    }
    return mask;
}

// The resolved pixel of a white triangle over black when the samples in `mask` may be written.
uint32_t expectedPixel(int x, int y, unsigned mask) {
    const unsigned n = unsigned(__builtin_popcount(coveredSamples(x, y) & mask));
    const uint32_t c = uint32_t(std::lround(255.0 * n / 4.0));
    return c << 16 | c << 8 | c;
}

D3DPRESENT_PARAMETERS multisampledParameters(HWND window) {
    D3DPRESENT_PARAMETERS pp = windowedParameters(window, kWidth, kHeight, true);
    pp.MultiSampleType = D3DMULTISAMPLE_4_SAMPLES;
    pp.MultiSampleQuality = 0;
    return pp;
}

// A windowed device with a 4-sample back buffer and depth buffer.
struct MultisampledDevice {
    D3D9 d3d;
    TestWindow window{kWidth, kHeight};
    IDirect3DDevice9* device = nullptr;
    MultisampledDevice() {
        D3DPRESENT_PARAMETERS pp = multisampledParameters(window.hwnd);
        if (d3d.d3d)
            d3d->CreateDevice(0, D3DDEVTYPE_HAL, window.hwnd, D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp,
                              &device);
    }
    ~MultisampledDevice() {
        if (device) device->Release();
    }
    IDirect3DDevice9* operator->() const { return device; }
};

// Clears to black (depth 1) and draws the white triangle with the depth test on.
bool drawTriangle(IDirect3DDevice9* device) {
    return SUCCEEDED(device->Clear(0, nullptr, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xFF000000, 1.0f, 0)) &&
           SUCCEEDED(device->SetRenderState(D3DRS_CULLMODE, D3DCULL_NONE)) &&
           SUCCEEDED(device->SetRenderState(D3DRS_ZENABLE, D3DZB_TRUE)) &&
           SUCCEEDED(device->SetFVF(kScreenFvf)) && SUCCEEDED(device->BeginScene()) &&
           SUCCEEDED(device->DrawPrimitiveUP(D3DPT_TRIANGLELIST, 1, kTriangle, sizeof(ScreenVertex))) &&
           SUCCEEDED(device->EndScene());
}

IDirect3DSurface9* plainTarget(IDirect3DDevice9* device) {
    IDirect3DSurface9* s = nullptr;
    device->CreateRenderTarget(kWidth, kHeight, D3DFMT_X8R8G8B8, D3DMULTISAMPLE_NONE, 0, FALSE, &s, nullptr);
    return s;
}

// The multisampled surface resolved into a plain target by StretchRect, read back.
std::vector<uint32_t> resolvedPixels(IDirect3DDevice9* device, IDirect3DSurface9* multisampled) {
    IDirect3DSurface9* plain = plainTarget(device);
    if (!plain) return {};
    std::vector<uint32_t> pixels;
    if (SUCCEEDED(device->StretchRect(multisampled, nullptr, plain, nullptr, D3DTEXF_NONE)))
        pixels = readPixels(device, plain);
    plain->Release();
    return pixels;
}

int mismatchedCoverage(const std::vector<uint32_t>& pixels, unsigned mask) {
    // Resolves may round either way: one step of tolerance.
    return mismatchedPixels(
        pixels, kWidth, kHeight, [&](int x, int y) { return expectedPixel(x, y, mask); }, 1);
}

} // namespace

TEST(CheckDeviceMultiSampleType, AnswersWhatTheDeviceRenders) {
    D3D9 d3d;
    REQUIRE(d3d.d3d != nullptr);
    auto check = [&](D3DFORMAT format, D3DMULTISAMPLE_TYPE type, DWORD* levels) {
        return d3d->CheckDeviceMultiSampleType(0, D3DDEVTYPE_HAL, format, TRUE, type, levels);
    };
    DWORD levels = 0;
    CHECK_EQ(check(D3DFMT_X8R8G8B8, D3DMULTISAMPLE_NONE, &levels), D3D_OK);
    CHECK_EQ(levels, 1);
    levels = 0;
    CHECK_EQ(check(D3DFMT_X8R8G8B8, D3DMULTISAMPLE_4_SAMPLES, &levels), D3D_OK);
    CHECK_EQ(levels, 1);
    CHECK_EQ(check(D3DFMT_D24S8, D3DMULTISAMPLE_4_SAMPLES, nullptr), D3D_OK);
    // Vulkan counts are powers of two: 3 samples never.
    CHECK_EQ(check(D3DFMT_X8R8G8B8, D3DMULTISAMPLE_3_SAMPLES, &levels), D3DERR_NOTAVAILABLE);
    // NONMASKABLE: one quality level per count the format has.
    int counts = 0;
    for (D3DMULTISAMPLE_TYPE t : {D3DMULTISAMPLE_2_SAMPLES, D3DMULTISAMPLE_4_SAMPLES,
                                  D3DMULTISAMPLE_8_SAMPLES, D3DMULTISAMPLE_16_SAMPLES})
        counts += check(D3DFMT_X8R8G8B8, t, nullptr) == D3D_OK;
    levels = 0;
    CHECK_EQ(check(D3DFMT_X8R8G8B8, D3DMULTISAMPLE_NONMASKABLE, &levels), D3D_OK);
    CHECK_EQ(levels, counts);
    CHECK_EQ(check(D3DFMT_DXT1, D3DMULTISAMPLE_4_SAMPLES, nullptr), D3DERR_NOTAVAILABLE); // not a target
    CHECK_EQ(check(D3DFMT_X8R8G8B8, D3DMULTISAMPLE_TYPE(17), &levels), D3DERR_INVALIDCALL);
}

TEST(Multisample, BackBufferResolvesEachPixelToItsCoverage) {
    MultisampledDevice t;
    REQUIRE(t.device != nullptr);
    IDirect3DSurface9* back = nullptr;
    REQUIRE(t->GetBackBuffer(0, 0, D3DBACKBUFFER_TYPE_MONO, &back) == D3D_OK);
    D3DSURFACE_DESC desc{};
    CHECK_EQ(back->GetDesc(&desc), D3D_OK);
    CHECK_EQ(desc.MultiSampleType, D3DMULTISAMPLE_4_SAMPLES);
    CHECK_EQ(desc.MultiSampleQuality, 0);
    IDirect3DSurface9* depth = nullptr;
    if (t->GetDepthStencilSurface(&depth) == D3D_OK) {
        CHECK_EQ(depth->GetDesc(&desc), D3D_OK);
        CHECK_EQ(desc.MultiSampleType, D3DMULTISAMPLE_4_SAMPLES);
        depth->Release();
    }
    REQUIRE(drawTriangle(t.device));
    const std::vector<uint32_t> pixels = resolvedPixels(t.device, back);
    CHECK_EQ(mismatchedCoverage(pixels, 0xF), 0);
    // Partly covered pixels, which one sample per pixel cannot give, are there.
    int partial = 0;
    for (uint32_t p : pixels)
        partial += (p & 0xFF) != 0 && (p & 0xFF) != 0xFF;
    CHECK(partial > 30);
    CHECK_EQ(t->Present(nullptr, nullptr, nullptr, nullptr), D3D_OK);
    back->Release();
}

TEST(Multisample, SampleMaskChoosesTheSamplesWritten) {
    MultisampledDevice t;
    REQUIRE(t.device != nullptr);
    IDirect3DSurface9* back = nullptr;
    REQUIRE(t->GetBackBuffer(0, 0, D3DBACKBUFFER_TYPE_MONO, &back) == D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_MULTISAMPLEMASK, 0x6), D3D_OK); // samples 1 and 2
    REQUIRE(drawTriangle(t.device));
    CHECK_EQ(mismatchedCoverage(resolvedPixels(t.device, back), 0x6), 0);
    back->Release();
}

// D3D9: multisampled surfaces are not locked or read directly; StretchRect resolves them, and
// writes them from any colour surface, scaled or not.
TEST(Multisample, SurfaceRulesFollowD3D9) {
    MultisampledDevice t;
    REQUIRE(t.device != nullptr);
    IDirect3DSurface9* back = nullptr;
    REQUIRE(t->GetBackBuffer(0, 0, D3DBACKBUFFER_TYPE_MONO, &back) == D3D_OK);
    REQUIRE(drawTriangle(t.device));

    IDirect3DSurface9* sysmem = nullptr;
    REQUIRE(t->CreateOffscreenPlainSurface(kWidth, kHeight, D3DFMT_X8R8G8B8, D3DPOOL_SYSTEMMEM, &sysmem,
                                           nullptr) == D3D_OK);
    CHECK_EQ(t->GetRenderTargetData(back, sysmem), D3DERR_INVALIDCALL);
    CHECK_EQ(t->UpdateSurface(sysmem, nullptr, back, nullptr), D3DERR_INVALIDCALL);

    // A lockable multisampled target is made, and refuses the lock.
    IDirect3DSurface9* lockable = nullptr;
    REQUIRE(t->CreateRenderTarget(kWidth, kHeight, D3DFMT_X8R8G8B8, D3DMULTISAMPLE_4_SAMPLES, 0, TRUE,
                                  &lockable, nullptr) == D3D_OK);
    D3DLOCKED_RECT locked{};
    CHECK_EQ(lockable->LockRect(&locked, nullptr, D3DLOCK_READONLY), D3DERR_INVALIDCALL);
    // A copy between multisampled surfaces keeps the samples: its resolve is the original's.
    CHECK_EQ(t->StretchRect(back, nullptr, lockable, nullptr, D3DTEXF_NONE), D3D_OK);
    CHECK_EQ(mismatchedCoverage(resolvedPixels(t.device, lockable), 0xF), 0);
    // Scaled between multisampled surfaces: the source's resolve, stretched (Wine's
    // test_multisample_stretch_rect: Windows takes it). The back buffer's top-left quarter
    // doubled with POINT: pixel (x, y) of the copy is resolved pixel (x / 2, y / 2).
    const RECT quarter{0, 0, kWidth / 2, kHeight / 2};
    CHECK_EQ(t->StretchRect(back, &quarter, lockable, nullptr, D3DTEXF_POINT), D3D_OK);
    CHECK_EQ(mismatchedPixels(
                 resolvedPixels(t.device, lockable), kWidth, kHeight,
                 [](int x, int y) { return expectedPixel(x / 2, y / 2, 0xF); }, 1),
             0);
    // Into a multisampled surface from a plain one, here halved: every sample of the rectangle
    // takes the colour, and the triangle stays outside it.
    IDirect3DSurface9* plain = plainTarget(t.device);
    REQUIRE(plain != nullptr);
    CHECK_EQ(t->ColorFill(plain, nullptr, 0xFFFF0000), D3D_OK);
    CHECK_EQ(t->StretchRect(plain, nullptr, back, &quarter, D3DTEXF_LINEAR), D3D_OK);
    CHECK_EQ(mismatchedPixels(
                 resolvedPixels(t.device, back), kWidth, kHeight,
                 [](int x, int y) {
                     return x < kWidth / 2 && y < kHeight / 2 ? 0xFF0000u : expectedPixel(x, y, 0xF);
                 },
                 1),
             0);
    // A scaled resolve into a plain target of half the size is allowed.
    IDirect3DSurface9* small = nullptr;
    REQUIRE(t->CreateRenderTarget(kWidth / 2, kHeight / 2, D3DFMT_X8R8G8B8, D3DMULTISAMPLE_NONE, 0, FALSE,
                                  &small, nullptr) == D3D_OK);
    CHECK_EQ(t->StretchRect(back, nullptr, small, nullptr, D3DTEXF_LINEAR), D3D_OK);
    // ColorFill writes every sample.
    CHECK_EQ(t->ColorFill(lockable, nullptr, 0xFF00FF00), D3D_OK);
    CHECK_EQ(mismatchedPixels(resolvedPixels(t.device, lockable), kWidth, kHeight,
                              [](int, int) { return 0x00FF00u; }),
             0);

    // Creation refuses what CheckDeviceMultiSampleType does not offer.
    IDirect3DSurface9* s = nullptr;
    CHECK_EQ(t->CreateRenderTarget(16, 16, D3DFMT_X8R8G8B8, D3DMULTISAMPLE_3_SAMPLES, 0, FALSE, &s, nullptr),
             D3DERR_INVALIDCALL); // (Windows' answer: Wine's test_multisample_init)
    CHECK_EQ(t->CreateRenderTarget(16, 16, D3DFMT_X8R8G8B8, D3DMULTISAMPLE_4_SAMPLES, 1, FALSE, &s, nullptr),
             D3DERR_INVALIDCALL); // one quality level
    CHECK(s == nullptr);
    CHECK_EQ(
        t->CreateDepthStencilSurface(16, 16, D3DFMT_D24S8, D3DMULTISAMPLE_4_SAMPLES, 0, FALSE, &s, nullptr),
        D3D_OK);
    if (s) {
        D3DSURFACE_DESC desc{};
        CHECK_EQ(s->GetDesc(&desc), D3D_OK);
        CHECK_EQ(desc.MultiSampleType, D3DMULTISAMPLE_4_SAMPLES);
        s->Release();
    }
    small->Release();
    plain->Release();
    lockable->Release();
    sysmem->Release();
    back->Release();
}

// StretchRect of the multisampled depth buffer into a plain one of its size and format resolves
// it (Wine's multisampled_depth_buffer_test): each pixel takes sample 0's depth. A white quad at
// z = 0.75 drawn with LESS over it then shows where sample 0 lay outside the triangle (z = 0.5).
TEST(Multisample, StretchRectResolvesTheDepthBufferIntoAPlainOne) {
    MultisampledDevice t;
    REQUIRE(t.device != nullptr);
    IDirect3DSurface9* depth = nullptr;
    REQUIRE(t->GetDepthStencilSurface(&depth) == D3D_OK);
    REQUIRE(drawTriangle(t.device));
    IDirect3DSurface9* plainDepth = nullptr;
    REQUIRE(t->CreateDepthStencilSurface(kWidth, kHeight, D3DFMT_D24S8, D3DMULTISAMPLE_NONE, 0, FALSE,
                                         &plainDepth, nullptr) == D3D_OK);
    CHECK_EQ(t->StretchRect(depth, nullptr, plainDepth, nullptr, D3DTEXF_NONE), D3D_OK);
    // Not the other way: nothing writes the samples of a depth buffer from a plain one.
    CHECK_EQ(t->StretchRect(plainDepth, nullptr, depth, nullptr, D3DTEXF_NONE), D3DERR_INVALIDCALL);

    IDirect3DSurface9* plain = plainTarget(t.device);
    REQUIRE(plain != nullptr);
    CHECK_EQ(t->SetRenderTarget(0, plain), D3D_OK);
    CHECK_EQ(t->SetDepthStencilSurface(plainDepth), D3D_OK);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF000000, 0.0f, 0), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_ZFUNC, D3DCMP_LESS), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_ZWRITEENABLE, FALSE), D3D_OK);
    const float w = float(kWidth), h = float(kHeight);
    const ScreenVertex quad[4] = {{0.0f, 0.0f, 0.75f, 1.0f, 0xFFFFFFFF},
                                  {w, 0.0f, 0.75f, 1.0f, 0xFFFFFFFF},
                                  {0.0f, h, 0.75f, 1.0f, 0xFFFFFFFF},
                                  {w, h, 0.75f, 1.0f, 0xFFFFFFFF}};
    CHECK_EQ(t->BeginScene(), D3D_OK);
    CHECK_EQ(t->DrawPrimitiveUP(D3DPT_TRIANGLESTRIP, 2, quad, sizeof(ScreenVertex)), D3D_OK);
    CHECK_EQ(t->EndScene(), D3D_OK);
    CHECK_EQ(mismatchedPixels(readPixels(t.device, plain), kWidth, kHeight,
                              [](int x, int y) { return coveredSamples(x, y) & 1 ? 0u : 0xFFFFFFu; }),
             0);
    plain->Release();
    plainDepth->Release();
    depth->Release();
}

TEST(Multisample, PresentParametersFollowD3D9) {
    D3D9 d3d;
    REQUIRE(d3d.d3d != nullptr);
    TestWindow window(kWidth, kHeight);
    auto create = [&](D3DPRESENT_PARAMETERS pp) {
        IDirect3DDevice9* device = nullptr;
        const HRESULT hr = d3d->CreateDevice(0, D3DDEVTYPE_HAL, window.hwnd,
                                             D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp, &device);
        if (device) device->Release();
        return hr;
    };
    D3DPRESENT_PARAMETERS pp = multisampledParameters(window.hwnd);
    pp.SwapEffect = D3DSWAPEFFECT_COPY; // only DISCARD back buffers are multisampled
    CHECK_EQ(create(pp), D3DERR_INVALIDCALL);
    pp = multisampledParameters(window.hwnd);
    pp.Flags |= D3DPRESENTFLAG_LOCKABLE_BACKBUFFER;
    CHECK_EQ(create(pp), D3DERR_INVALIDCALL);
    pp = multisampledParameters(window.hwnd);
    pp.MultiSampleQuality = 1;
    CHECK_EQ(create(pp), D3DERR_INVALIDCALL);
    pp = multisampledParameters(window.hwnd);
    pp.MultiSampleType = D3DMULTISAMPLE_3_SAMPLES;
    CHECK_EQ(create(pp), D3DERR_NOTAVAILABLE);
    pp = multisampledParameters(window.hwnd);
    pp.MultiSampleType = D3DMULTISAMPLE_NONMASKABLE; // quality 0: the smallest count
    CHECK_EQ(create(pp), D3D_OK);

    // Reset moves between multisampled and plain back buffers.
    IDirect3DDevice9* device = nullptr;
    pp = multisampledParameters(window.hwnd);
    REQUIRE(d3d->CreateDevice(0, D3DDEVTYPE_HAL, window.hwnd, D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp,
                              &device) == D3D_OK);
    D3DPRESENT_PARAMETERS plain = windowedParameters(window.hwnd, kWidth, kHeight, true);
    CHECK_EQ(device->Reset(&plain), D3D_OK);
    IDirect3DSurface9* back = nullptr;
    D3DSURFACE_DESC desc{};
    if (device->GetBackBuffer(0, 0, D3DBACKBUFFER_TYPE_MONO, &back) == D3D_OK) {
        CHECK_EQ(back->GetDesc(&desc), D3D_OK);
        CHECK_EQ(desc.MultiSampleType, D3DMULTISAMPLE_NONE);
        back->Release();
    }
    pp = multisampledParameters(window.hwnd);
    CHECK_EQ(device->Reset(&pp), D3D_OK);
    if (device->GetBackBuffer(0, 0, D3DBACKBUFFER_TYPE_MONO, &back) == D3D_OK) {
        CHECK_EQ(back->GetDesc(&desc), D3D_OK);
        CHECK_EQ(desc.MultiSampleType, D3DMULTISAMPLE_4_SAMPLES);
        CHECK(drawTriangle(device));
        CHECK_EQ(mismatchedCoverage(resolvedPixels(device, back), 0xF), 0);
        back->Release();
    }
    CHECK_EQ(device->Present(nullptr, nullptr, nullptr, nullptr), D3D_OK);
    device->Release();
}

// ---- The vendors' alpha-to-coverage (docs/d3d9-dll.md, "Vendor extras") ----
namespace {

constexpr D3DFORMAT kAtoc = D3DFORMAT(MAKEFOURCC('A', 'T', 'O', 'C'));
constexpr DWORD kA2m1 = MAKEFOURCC('A', '2', 'M', '1'), kA2m0 = MAKEFOURCC('A', '2', 'M', '0');

// What every colour channel of a band's resolved pixels may read. Half alpha covers one to three
// of the four samples: Vulkan leaves the count to the device, alpha 0 covering none and 1 all.
struct Range {
    int lo, hi;
};
constexpr Range kNone{0, 0}, kSome{63, 192}, kAll{255, 255};

// Clears to black and draws white bands of alpha 0, 0x80 and 0xFF over columns 0..15, 16..31
// and 32..47.
bool drawAlphaBands(IDirect3DDevice9* device) {
    std::vector<ScreenVertex> v;
    const DWORD alphas[3] = {0x00, 0x80, 0xFF};
    for (int b = 0; b < 3; ++b) {
        const std::vector<ScreenVertex> rect =
            screenRect(16 * b, 0, 16 * (b + 1), kHeight, 0.5f, alphas[b] << 24 | 0xFFFFFF);
        v.insert(v.end(), rect.begin(), rect.end());
    }
    return SUCCEEDED(device->Clear(0, nullptr, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xFF000000, 1.0f, 0)) &&
           SUCCEEDED(device->SetRenderState(D3DRS_CULLMODE, D3DCULL_NONE)) &&
           SUCCEEDED(device->SetRenderState(D3DRS_ZENABLE, D3DZB_FALSE)) &&
           SUCCEEDED(device->SetFVF(kScreenFvf)) && SUCCEEDED(device->BeginScene()) &&
           SUCCEEDED(device->DrawPrimitiveUP(D3DPT_TRIANGLELIST, 6, v.data(), sizeof(ScreenVertex))) &&
           SUCCEEDED(device->EndScene());
}

// Resolved pixels outside their band's range (every pixel when the read-back failed). The ring
// of outermost pixels is left out: the view volume ends at their centres (D3D9's viewport), so
// the bands cover them only in part.
int pixelsOutsideBands(const std::vector<uint32_t>& pixels, Range a, Range b, Range c) {
    if (pixels.size() != size_t(kWidth) * kHeight) return kWidth * kHeight;
    const Range bands[3] = {a, b, c};
    int wrong = 0;
    for (int y = 1; y + 1 < kHeight; ++y)
        for (int x = 1; x + 1 < kWidth; ++x) {
            const Range r = bands[x / 16];
            const uint32_t p = pixels[size_t(y) * kWidth + x];
            for (int shift = 0; shift < 24; shift += 8) {
                const int v = int(p >> shift & 0xFF);
                if (v < r.lo || v > r.hi) {
                    if (++wrong <= 4) std::printf("  pixel (%d, %d): 0x%08X\n", x, y, p);
                    break;
                }
            }
        }
    return wrong;
}

} // namespace

// NVIDIA's switch (ADAPTIVETESS_Y = ATOC, with the alpha test, in its place) and AMD's
// (POINTSIZE = A2M1 / A2M0, no point size) on a 4-sample back buffer, directly and through a
// recorded state block.
TEST(AlphaToCoverage, VendorSwitchesCoverByAlphaOnMultisampledTargets) {
    MultisampledDevice t;
    REQUIRE(t.device != nullptr);
    // NVIDIA's is advertised as a surface "format"; it is nothing else.
    CHECK_EQ(t.d3d->CheckDeviceFormat(0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, 0, D3DRTYPE_SURFACE, kAtoc),
             D3D_OK);
    CHECK_EQ(t.d3d->CheckDeviceFormat(0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, 0, D3DRTYPE_TEXTURE, kAtoc),
             D3DERR_NOTAVAILABLE);
    IDirect3DSurface9* back = nullptr;
    REQUIRE(t->GetBackBuffer(0, 0, D3DBACKBUFFER_TYPE_MONO, &back) == D3D_OK);
    auto bands = [&] {
        CHECK(drawAlphaBands(t.device));
        return resolvedPixels(t.device, back);
    };

    // NVIDIA: the alpha test (which fails alpha 0x80) is replaced while ATOC is set.
    CHECK_EQ(t->SetRenderState(D3DRS_ALPHATESTENABLE, TRUE), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_ALPHAFUNC, D3DCMP_GREATEREQUAL), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_ALPHAREF, 0xC0), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_ADAPTIVETESS_Y, kAtoc), D3D_OK);
    CHECK_EQ(pixelsOutsideBands(bands(), kNone, kSome, kAll), 0);
    CHECK_EQ(t->SetRenderState(D3DRS_ADAPTIVETESS_Y, 0), D3D_OK);
    CHECK_EQ(pixelsOutsideBands(bands(), kNone, kNone, kAll), 0);

    // AMD: A2M1 without the alpha test; the point size set before stays.
    CHECK_EQ(t->SetRenderState(D3DRS_ALPHATESTENABLE, FALSE), D3D_OK);
    const float four = 4.0f;
    DWORD fourBits = 0;
    std::memcpy(&fourBits, &four, 4);
    CHECK_EQ(t->SetRenderState(D3DRS_POINTSIZE, fourBits), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_POINTSIZE, kA2m1), D3D_OK);
    DWORD pointSize = 0;
    CHECK_EQ(t->GetRenderState(D3DRS_POINTSIZE, &pointSize), D3D_OK);
    CHECK_EQ(pointSize, fourBits);
    CHECK_EQ(pixelsOutsideBands(bands(), kNone, kSome, kAll), 0);
    CHECK_EQ(t->SetRenderState(D3DRS_POINTSIZE, kA2m0), D3D_OK);
    CHECK_EQ(pixelsOutsideBands(bands(), kAll, kAll, kAll), 0);

    // Recorded, the switch acts only once the block is applied.
    IDirect3DStateBlock9* block = nullptr;
    CHECK_EQ(t->BeginStateBlock(), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_POINTSIZE, kA2m1), D3D_OK);
    CHECK_EQ(t->EndStateBlock(&block), D3D_OK);
    REQUIRE(block != nullptr);
    CHECK_EQ(pixelsOutsideBands(bands(), kAll, kAll, kAll), 0);
    CHECK_EQ(block->Apply(), D3D_OK);
    CHECK_EQ(pixelsOutsideBands(bands(), kNone, kSome, kAll), 0);
    block->Release();
    back->Release();
}

// ---- RESZ: the multisampled depth buffer copied into an INTZ texture ("Vendor extras") ----

// The vendors' sequence: an INTZ texture of the depth buffer's size at sampler 0, a dummy point
// drawn with every write off, POINTSIZE = RESZ_CODE, then POINTSIZE = 0. The texture then holds
// sample 0 of each pixel's depth, which a textured rectangle shows in every channel.
TEST(Resz, CopiesTheMultisampledDepthBufferIntoIntz) {
    MultisampledDevice t;
    REQUIRE(t.device != nullptr);
    constexpr D3DFORMAT kResz = D3DFORMAT(MAKEFOURCC('R', 'E', 'S', 'Z'));
    constexpr D3DFORMAT kIntz = D3DFORMAT(MAKEFOURCC('I', 'N', 'T', 'Z'));
    constexpr DWORD kReszCode = 0x7fa05000;
    CHECK_EQ(t.d3d->CheckDeviceFormat(0, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, D3DUSAGE_RENDERTARGET,
                                      D3DRTYPE_SURFACE, kResz),
             D3D_OK);

    // Depth 0.25 in the left half, 0.75 in the right, a border of one pixel left at the cleared
    // 1 (the view volume ends at the outermost pixels' centres); colour writes off.
    std::vector<ScreenVertex> halves = screenRect(1, 1, kWidth / 2, kHeight - 1, 0.25f, 0xFFFFFFFF);
    const std::vector<ScreenVertex> right =
        screenRect(kWidth / 2, 1, kWidth - 1, kHeight - 1, 0.75f, 0xFFFFFFFF);
    halves.insert(halves.end(), right.begin(), right.end());
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xFF000000, 1.0f, 0), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_ZENABLE, D3DZB_TRUE), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_ZFUNC, D3DCMP_ALWAYS), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_CULLMODE, D3DCULL_NONE), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_COLORWRITEENABLE, 0), D3D_OK);
    CHECK_EQ(t->SetFVF(kScreenFvf), D3D_OK);
    CHECK_EQ(t->BeginScene(), D3D_OK);
    CHECK_EQ(t->DrawPrimitiveUP(D3DPT_TRIANGLELIST, 4, halves.data(), sizeof(ScreenVertex)), D3D_OK);

    IDirect3DTexture9* intz = nullptr;
    REQUIRE(t->CreateTexture(kWidth, kHeight, 1, D3DUSAGE_DEPTHSTENCIL, kIntz, D3DPOOL_DEFAULT, &intz,
                             nullptr) == D3D_OK);
    CHECK_EQ(t->SetTexture(0, intz), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_ZENABLE, D3DZB_FALSE), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_ZWRITEENABLE, FALSE), D3D_OK);
    const ScreenVertex dummy{0, 0, 0, 1, 0};
    CHECK_EQ(t->DrawPrimitiveUP(D3DPT_POINTLIST, 1, &dummy, sizeof(ScreenVertex)), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_POINTSIZE, kReszCode), D3D_OK);
    // GetRenderState answers the code until POINTSIZE is set again (Wine's resz_test on Windows).
    DWORD pointSize = 0;
    CHECK_EQ(t->GetRenderState(D3DRS_POINTSIZE, &pointSize), D3D_OK);
    CHECK_EQ(pointSize, kReszCode);
    CHECK_EQ(t->SetRenderState(D3DRS_POINTSIZE, 0), D3D_OK);
    CHECK_EQ(t->GetRenderState(D3DRS_POINTSIZE, &pointSize), D3D_OK);
    CHECK_EQ(pointSize, 0u);
    CHECK_EQ(t->SetRenderState(D3DRS_COLORWRITEENABLE, 0xF), D3D_OK);

    // The texture drawn over a plain target, point-sampled: the depth in every channel.
    IDirect3DSurface9* plain = plainTarget(t.device);
    REQUIRE(plain != nullptr);
    CHECK_EQ(t->SetRenderTarget(0, plain), D3D_OK);
    CHECK_EQ(t->SetDepthStencilSurface(nullptr), D3D_OK);
    selectTexture(t.device);
    const std::vector<TexVertex> rect = texturedRect(0, 0, kWidth, kHeight, 0xFFFFFFFF);
    CHECK_EQ(t->SetFVF(kTexFvf), D3D_OK);
    CHECK_EQ(t->DrawPrimitiveUP(D3DPT_TRIANGLESTRIP, 2, rect.data(), sizeof(TexVertex)), D3D_OK);
    CHECK_EQ(t->EndScene(), D3D_OK);
    CHECK_EQ(mismatchedPixels(
                 readPixels(t.device, plain), kWidth, kHeight,
                 [](int x, int y) {
                     if (x == 0 || y == 0 || x == kWidth - 1 || y == kHeight - 1) return 0xFFFFFFu;
                     return x < kWidth / 2 ? 0x404040u : 0xBFBFBFu;
                 },
                 1),
             0);
    plain->Release();
    intz->Release();
}

// Without multisampling the quality is ignored: Windows makes a depth surface of D3DMULTISAMPLE_NONE
// and quality 1, and depth tests against it (Wine's test_multisample_mismatch).
TEST(Multisample, DepthSurfacesWithoutSamplesIgnoreTheQuality) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DSurface9* depth = nullptr;
    REQUIRE(t->CreateDepthStencilSurface(16, 16, D3DFMT_D24X8, D3DMULTISAMPLE_NONE, 1, FALSE, &depth,
                                         nullptr) == D3D_OK);
    CHECK_EQ(t->SetDepthStencilSurface(depth), D3D_OK);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xFF0000FF, 0.5f, 0), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_ZENABLE, D3DZB_TRUE), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_ZFUNC, D3DCMP_LESS), D3D_OK);
    CHECK_EQ(t->SetFVF(kScreenFvf), D3D_OK);
    const std::vector<ScreenVertex> nearer = screenRect(0, 0, 8, 16, 0.25f, 0xFF00FF00);
    const std::vector<ScreenVertex> farther = screenRect(8, 0, 16, 16, 0.75f, 0xFFFF0000);
    CHECK_EQ(t->BeginScene(), D3D_OK);
    CHECK_EQ(t->DrawPrimitiveUP(D3DPT_TRIANGLELIST, 2, nearer.data(), sizeof(ScreenVertex)), D3D_OK);
    CHECK_EQ(t->DrawPrimitiveUP(D3DPT_TRIANGLELIST, 2, farther.data(), sizeof(ScreenVertex)), D3D_OK);
    CHECK_EQ(t->EndScene(), D3D_OK);
    CHECK_EQ(mismatchedPixels(readBackBuffer(t.device), 16, 16,
                              [](int x, int) { return x < 8 ? 0x00FF00u : 0x0000FFu; }),
             0);
    CHECK_EQ(t->SetDepthStencilSurface(nullptr), D3D_OK);
    depth->Release();
}

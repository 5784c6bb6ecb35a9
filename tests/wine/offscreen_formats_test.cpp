// Default-pool offscreen plain surfaces of formats the device samples but does not render to:
// the YUY2 / UYVY frames video players lock and StretchRect onto the back buffer, and DXT
// surfaces programs fill with UpdateSurface. They lock in whole blocks (2x1 pairs, 4x4 blocks),
// take ColorFill in whole blocks, and copy out converted. Pixels are read back and compared
// with colours computed here from BT.601's and DXT's definitions.
#include <cmath>
#include <cstring>

#include "check.h"
#include "device_support.h"
#include "texture_support.h"

namespace {

// The YUY2 / UYVY pair of an RGB colour by Rec. 601's 8-bit studio-range table.
void rec601Pair(D3DCOLOR c, bool yuy2, BYTE out[4]) {
    const double r = ((c >> 16) & 0xFF) / 255.0, g = ((c >> 8) & 0xFF) / 255.0, b = (c & 0xFF) / 255.0;
    const BYTE y = BYTE(std::lround(16 + 65.481 * r + 128.553 * g + 24.966 * b));
    const BYTE cb = BYTE(std::lround(128 - 37.797 * r - 74.203 * g + 112.0 * b));
    const BYTE cr = BYTE(std::lround(128 + 112.0 * r - 93.786 * g - 18.214 * b));
    const BYTE bytes[4] = {yuy2 ? y : cb, yuy2 ? cb : y, yuy2 ? y : cr, yuy2 ? cr : y};
    std::memcpy(out, bytes, 4);
}

bool lockFails(IDirect3DSurface9* surface, const RECT& rect) {
    D3DLOCKED_RECT locked{};
    const HRESULT hr = surface->LockRect(&locked, &rect, 0);
    if (SUCCEEDED(hr)) surface->UnlockRect();
    return FAILED(hr);
}

// A DXT1 block of one opaque colour: both endpoints its R5G6B5, every index 0.
void solidDxt1(uint16_t rgb565, BYTE out[8]) {
    const BYTE block[8] = {
        BYTE(rgb565 & 0xFF), BYTE(rgb565 >> 8), BYTE(rgb565 & 0xFF), BYTE(rgb565 >> 8), 0, 0, 0, 0};
    std::memcpy(out, block, 8);
}

} // namespace

// A video frame in a YUY2 or UYVY surface: locked and written, stretched twice as large onto the
// back buffer with POINT filtering (BT.601 colours), then ColorFill'ed and stretched again.
TEST(OffscreenFormats, VideoSurfacesStretchOntoTheBackBuffer) {
    TestDevice t(16, 8);
    REQUIRE(t.device != nullptr);
    IDirect3DSurface9* back = nullptr;
    REQUIRE(t->GetBackBuffer(0, 0, D3DBACKBUFFER_TYPE_MONO, &back) == D3D_OK);
    for (const bool yuy2 : {true, false}) {
        const D3DFORMAT format = yuy2 ? D3DFMT_YUY2 : D3DFMT_UYVY;
        REQUIRE(t.d3d->CheckDeviceFormat(D3DADAPTER_DEFAULT, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, 0,
                                         D3DRTYPE_SURFACE, format) == D3D_OK);
        IDirect3DSurface9* frame = nullptr;
        REQUIRE(t->CreateOffscreenPlainSurface(8, 4, format, D3DPOOL_DEFAULT, &frame, nullptr) == D3D_OK);
        D3DSURFACE_DESC desc{};
        CHECK_EQ(frame->GetDesc(&desc), D3D_OK);
        CHECK(desc.Format == format && desc.Pool == D3DPOOL_DEFAULT && desc.Usage == 0 && desc.Width == 8 &&
              desc.Height == 4);
        IDirect3DDevice9* container = nullptr;
        CHECK_EQ(frame->GetContainer(__uuidof(IDirect3DDevice9), reinterpret_cast<void**>(&container)),
                 D3D_OK);
        CHECK(container == t.device);
        if (container) container->Release();
        // Half a pair does not lock; a whole one does.
        CHECK(lockFails(frame, RECT{1, 0, 2, 1}));
        CHECK(lockFails(frame, RECT{0, 0, 3, 1}));
        CHECK(!lockFails(frame, RECT{2, 1, 4, 2}));

        D3DLOCKED_RECT locked{};
        REQUIRE(frame->LockRect(&locked, nullptr, 0) == D3D_OK);
        for (int y = 0; y < 4; ++y)
            for (int k = 0; k < 4; ++k)
                videoPairBytes(k, yuy2, static_cast<BYTE*>(locked.pBits) + y * locked.Pitch + 4 * k);
        CHECK_EQ(frame->UnlockRect(), D3D_OK);
        CHECK_EQ(t->StretchRect(frame, nullptr, back, nullptr, D3DTEXF_POINT), D3D_OK);
        CHECK_EQ(mismatchedPixels(
                     readBackBuffer(t.device), 16, 8, [](int x, int) { return bt601(x / 2); }, 2),
                 0);

        // ColorFill: whole pairs only; the lock shows Rec. 601's bytes, the back buffer the colour.
        const RECT halfPair{1, 0, 4, 4};
        CHECK_EQ(t->ColorFill(frame, &halfPair, 0xFFFFFFFF), D3DERR_INVALIDCALL);
        constexpr D3DCOLOR kOrange = 0xFFC08040;
        CHECK_EQ(t->ColorFill(frame, nullptr, kOrange), D3D_OK);
        BYTE want[4];
        rec601Pair(kOrange, yuy2, want);
        REQUIRE(frame->LockRect(&locked, nullptr, D3DLOCK_READONLY) == D3D_OK);
        for (int y = 0; y < 4; ++y)
            CHECK_EQ(std::memcmp(static_cast<BYTE*>(locked.pBits) + y * locked.Pitch + 4, want, 4), 0);
        CHECK_EQ(frame->UnlockRect(), D3D_OK);
        CHECK_EQ(t->StretchRect(frame, nullptr, back, nullptr, D3DTEXF_LINEAR), D3D_OK);
        CHECK_EQ(mismatchedPixels(
                     readBackBuffer(t.device), 16, 8, [](int, int) { return kOrange & 0xFFFFFF; }, 3),
                 0);
        frame->Release();
    }
    // Odd widths are whole frames too (the last pair is cut by the edge).
    IDirect3DSurface9* odd = nullptr;
    CHECK_EQ(t->CreateOffscreenPlainSurface(5, 1, D3DFMT_YUY2, D3DPOOL_DEFAULT, &odd, nullptr), D3D_OK);
    if (odd) {
        CHECK(!lockFails(odd, RECT{4, 0, 5, 1}));
        const RECT lastPair{4, 0, 5, 1};
        CHECK_EQ(t->ColorFill(odd, &lastPair, 0xFF000000), D3D_OK);
        odd->Release();
    }
    back->Release();
}

// A DXT1 surface: made in whole blocks only, filled by ColorFill and UpdateSurface in whole
// blocks, locked in whole blocks, and copied onto the back buffer.
TEST(OffscreenFormats, DxtSurfacesFillAndCopyInWholeBlocks) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DSurface9* dxt = nullptr;
    CHECK_EQ(t->CreateOffscreenPlainSurface(6, 4, D3DFMT_DXT1, D3DPOOL_DEFAULT, &dxt, nullptr),
             D3DERR_INVALIDCALL);
    REQUIRE(t->CreateOffscreenPlainSurface(8, 8, D3DFMT_DXT1, D3DPOOL_DEFAULT, &dxt, nullptr) == D3D_OK);
    // Green everywhere, then red in the bottom-right block.
    CHECK_EQ(t->ColorFill(dxt, nullptr, 0xFF00FF00), D3D_OK);
    const RECT across{5, 5, 7, 7}, corner{4, 4, 8, 8};
    CHECK_EQ(t->ColorFill(dxt, &across, 0xFFFFFFFF), D3DERR_INVALIDCALL);
    CHECK_EQ(t->ColorFill(dxt, &corner, 0xFFFF0000), D3D_OK);
    // Blue into the bottom-left block from system memory.
    IDirect3DSurface9* memory = nullptr;
    REQUIRE(t->CreateOffscreenPlainSurface(4, 4, D3DFMT_DXT1, D3DPOOL_SYSTEMMEM, &memory, nullptr) == D3D_OK);
    D3DLOCKED_RECT locked{};
    REQUIRE(memory->LockRect(&locked, nullptr, 0) == D3D_OK);
    solidDxt1(0x001F, static_cast<BYTE*>(locked.pBits));
    CHECK_EQ(memory->UnlockRect(), D3D_OK);
    const POINT bottomLeft{0, 4};
    CHECK_EQ(t->UpdateSurface(memory, nullptr, dxt, &bottomLeft), D3D_OK);

    CHECK(lockFails(dxt, RECT{0, 0, 2, 2}));
    REQUIRE(dxt->LockRect(&locked, nullptr, D3DLOCK_READONLY) == D3D_OK);
    const uint16_t blocks[2][2] = {{0x07E0, 0x07E0}, {0x001F, 0xF800}}; // R5G6B5: green, blue, red
    for (int by = 0; by < 2; ++by)
        for (int bx = 0; bx < 2; ++bx) {
            BYTE want[8];
            solidDxt1(blocks[by][bx], want);
            CHECK_EQ(std::memcmp(static_cast<BYTE*>(locked.pBits) + by * locked.Pitch + 8 * bx, want, 8), 0);
        }
    CHECK_EQ(dxt->UnlockRect(), D3D_OK);

    IDirect3DSurface9* back = nullptr;
    REQUIRE(t->GetBackBuffer(0, 0, D3DBACKBUFFER_TYPE_MONO, &back) == D3D_OK);
    REQUIRE(t.d3d->CheckDeviceFormatConversion(D3DADAPTER_DEFAULT, D3DDEVTYPE_HAL, D3DFMT_DXT1,
                                               D3DFMT_X8R8G8B8) == D3D_OK);
    CHECK_EQ(t->StretchRect(dxt, nullptr, back, nullptr, D3DTEXF_POINT), D3D_OK);
    const auto expected = [](int x, int y) -> uint32_t {
        if (y < 8) return 0x00FF00;
        return x < 8 ? 0x0000FF : 0xFF0000;
    };
    CHECK_EQ(mismatchedPixels(readBackBuffer(t.device), 16, 16, expected), 0);
    back->Release();
    memory->Release();
    dxt->Release();
}

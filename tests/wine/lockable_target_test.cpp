// Lockable render targets: CreateRenderTarget's Lockable and D3DPRESENTFLAG_LOCKABLE_BACKBUFFER.
// LockRect shows what was rendered before it (read back after the recorded work); what the
// program writes reaches the target at UnlockRect (not with D3DLOCK_READONLY); a rectangle
// locks its part of the surface; targets made without the flag refuse the lock.
#include <cstdlib>

#include "check.h"
#include "device_support.h"
#include "texture_support.h"

namespace {

constexpr DWORD kRgb = 0x00FFFFFF; // X8R8G8B8: the X byte is undefined

// The pixel at (x, y) of a locked 32-bit surface.
DWORD lockedPixel(const D3DLOCKED_RECT& locked, int x, int y) {
    return reinterpret_cast<const DWORD*>(static_cast<const BYTE*>(locked.pBits) + y * locked.Pitch)[x];
}

void setLockedPixel(const D3DLOCKED_RECT& locked, int x, int y, DWORD value) {
    reinterpret_cast<DWORD*>(static_cast<BYTE*>(locked.pBits) + y * locked.Pitch)[x] = value;
}

IDirect3DSurface9* renderTarget(IDirect3DDevice9* device, UINT w, UINT h, BOOL lockable) {
    IDirect3DSurface9* s = nullptr;
    device->CreateRenderTarget(w, h, D3DFMT_X8R8G8B8, D3DMULTISAMPLE_NONE, 0, lockable, &s, nullptr);
    return s;
}

} // namespace

TEST(LockableTarget, LockShowsTheRenderingAndUnlockWritesBack) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DSurface9* target = renderTarget(t.device, 12, 10, TRUE);
    REQUIRE(target != nullptr);
    REQUIRE(t->SetRenderTarget(0, target) == D3D_OK);
    const D3DRECT band{0, 0, 12, 4};
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF204060, 1.0f, 0), D3D_OK);
    CHECK_EQ(t->Clear(1, &band, D3DCLEAR_TARGET, 0xFFA0B0C0, 1.0f, 0), D3D_OK);

    D3DLOCKED_RECT locked{};
    REQUIRE(target->LockRect(&locked, nullptr, 0) == D3D_OK);
    CHECK(locked.Pitch >= 12 * 4);
    int wrong = 0;
    for (int y = 0; y < 10; ++y)
        for (int x = 0; x < 12; ++x)
            if ((lockedPixel(locked, x, y) & kRgb) != (y < 4 ? 0xA0B0C0u : 0x204060u)) ++wrong;
    CHECK_EQ(wrong, 0);
    CHECK_EQ(target->LockRect(&locked, nullptr, 0), D3DERR_INVALIDCALL); // already locked
    for (int x = 0; x < 12; ++x)
        setLockedPixel(locked, x, 7, 0x00123456);
    CHECK_EQ(target->UnlockRect(), D3D_OK);
    CHECK_EQ(target->UnlockRect(), D3DERR_INVALIDCALL); // not locked

    // Row 7 is what the program wrote, the rest what was rendered; a draw after the unlock
    // lands on top of the written pixels.
    const D3DRECT corner{0, 6, 3, 9};
    CHECK_EQ(t->Clear(1, &corner, D3DCLEAR_TARGET, 0xFF0000FF, 1.0f, 0), D3D_OK);
    CHECK_EQ(mismatchedPixels(readPixels(t.device, target), 12, 10,
                              [](int x, int y) -> uint32_t {
                                  return (x < 3 && y >= 6 && y < 9) ? 0x0000FF
                                         : y == 7                   ? 0x123456
                                         : y < 4                    ? 0xA0B0C0
                                                                    : 0x204060;
                              }),
             0);
    target->Release();
}

TEST(LockableTarget, RectangleLockAndReadOnlyLock) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DSurface9* target = renderTarget(t.device, 8, 8, TRUE);
    REQUIRE(target != nullptr);
    REQUIRE(t->SetRenderTarget(0, target) == D3D_OK);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF101010, 1.0f, 0), D3D_OK);

    // A rectangle: pBits is its top-left pixel, rows a pitch apart.
    const RECT part{2, 3, 6, 5};
    D3DLOCKED_RECT locked{};
    REQUIRE(target->LockRect(&locked, &part, 0) == D3D_OK);
    for (int y = 0; y < 2; ++y)
        for (int x = 0; x < 4; ++x)
            setLockedPixel(locked, x, y, 0x00C08040);
    CHECK_EQ(target->UnlockRect(), D3D_OK);

    // Read only: what is written into the copy is not written back.
    REQUIRE(target->LockRect(&locked, nullptr, D3DLOCK_READONLY) == D3D_OK);
    CHECK_EQ(lockedPixel(locked, 2, 3) & kRgb, 0xC08040u);
    CHECK_EQ(lockedPixel(locked, 1, 3) & kRgb, 0x101010u);
    setLockedPixel(locked, 0, 0, 0x00FFFFFF);
    CHECK_EQ(target->UnlockRect(), D3D_OK);

    CHECK_EQ(mismatchedPixels(readPixels(t.device, target), 8, 8,
                              [](int x, int y) {
                                  const bool inPart = x >= 2 && x < 6 && y >= 3 && y < 5;
                                  return inPart ? 0xC08040u : 0x101010u;
                              }),
             0);

    // Rectangles outside the surface, or empty, are refused and lock nothing.
    const RECT outside{4, 4, 9, 6}, empty{3, 3, 3, 5};
    CHECK_EQ(target->LockRect(&locked, &outside, 0), D3DERR_INVALIDCALL);
    CHECK_EQ(target->LockRect(&locked, &empty, 0), D3DERR_INVALIDCALL);
    CHECK_EQ(target->UnlockRect(), D3DERR_INVALIDCALL);
    target->Release();
}

TEST(LockableTarget, OnlyLockableTargetsLock) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DSurface9* plain = renderTarget(t.device, 8, 8, FALSE);
    REQUIRE(plain != nullptr);
    D3DLOCKED_RECT locked{};
    CHECK_EQ(plain->LockRect(&locked, nullptr, 0), D3DERR_INVALIDCALL);
    CHECK_EQ(plain->UnlockRect(), D3DERR_INVALIDCALL);
    plain->Release();
    // The default back buffer is not lockable.
    IDirect3DSurface9* back = nullptr;
    REQUIRE(t->GetBackBuffer(0, 0, D3DBACKBUFFER_TYPE_MONO, &back) == D3D_OK);
    CHECK_EQ(back->LockRect(&locked, nullptr, 0), D3DERR_INVALIDCALL);
    back->Release();
}

TEST(LockableTarget, LockableBackBufferLocks) {
    TestWindow window(16, 16);
    IDirect3D9* d3d = Direct3DCreate9(D3D_SDK_VERSION);
    REQUIRE(d3d != nullptr);
    D3DPRESENT_PARAMETERS pp = windowedParameters(window.hwnd, 16, 16, false);
    pp.Flags |= D3DPRESENTFLAG_LOCKABLE_BACKBUFFER;
    IDirect3DDevice9* device = nullptr;
    REQUIRE(d3d->CreateDevice(D3DADAPTER_DEFAULT, D3DDEVTYPE_HAL, window.hwnd,
                              D3DCREATE_HARDWARE_VERTEXPROCESSING, &pp, &device) == D3D_OK);
    CHECK_EQ(device->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF336699, 1.0f, 0), D3D_OK);
    IDirect3DSurface9* back = nullptr;
    REQUIRE(device->GetBackBuffer(0, 0, D3DBACKBUFFER_TYPE_MONO, &back) == D3D_OK);
    D3DLOCKED_RECT locked{};
    REQUIRE(back->LockRect(&locked, nullptr, D3DLOCK_READONLY) == D3D_OK);
    CHECK_EQ(lockedPixel(locked, 15, 15) & kRgb, 0x336699u);
    CHECK_EQ(back->UnlockRect(), D3D_OK);
    back->Release();
    device->Release();
    d3d->Release();
}

// D16_LOCKABLE: a depth surface programs lock, as 16-bit integers (depth * 65535). Clears to
// 0.25 and, inside a rectangle, 0.75 read back as those depths; D16 does not lock.
TEST(LockableTarget, D16LockableDepthLocksAsIntegers) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    CHECK_EQ(t.d3d->CheckDeviceFormat(D3DADAPTER_DEFAULT, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8,
                                      D3DUSAGE_DEPTHSTENCIL, D3DRTYPE_SURFACE, D3DFMT_D16_LOCKABLE),
             D3D_OK);
    IDirect3DSurface9* depth = nullptr;
    REQUIRE(t->CreateDepthStencilSurface(8, 8, D3DFMT_D16_LOCKABLE, D3DMULTISAMPLE_NONE, 0, FALSE, &depth,
                                         nullptr) == D3D_OK);
    IDirect3DSurface9* target = renderTarget(t.device, 8, 8, FALSE);
    REQUIRE(target != nullptr);
    CHECK_EQ(t->SetRenderTarget(0, target), D3D_OK);
    CHECK_EQ(t->SetDepthStencilSurface(depth), D3D_OK);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_ZBUFFER, 0, 0.25f, 0), D3D_OK);
    const D3DRECT inner{2, 2, 6, 6};
    CHECK_EQ(t->Clear(1, &inner, D3DCLEAR_ZBUFFER, 0, 0.75f, 0), D3D_OK);
    D3DLOCKED_RECT locked{};
    REQUIRE(depth->LockRect(&locked, nullptr, D3DLOCK_READONLY) == D3D_OK);
    int wrong = 0;
    for (int y = 0; y < 8; ++y)
        for (int x = 0; x < 8; ++x) {
            const int value =
                reinterpret_cast<const WORD*>(static_cast<const BYTE*>(locked.pBits) + y * locked.Pitch)[x];
            const bool in = x >= 2 && x < 6 && y >= 2 && y < 6;
            const int want = in ? 49151 : 16384; // 0.75 * 65535 = 49151.25, 0.25 * 65535 = 16383.75
            wrong += std::abs(value - want) > 1;
        }
    CHECK_EQ(wrong, 0);
    CHECK_EQ(depth->UnlockRect(), D3D_OK);
    IDirect3DSurface9* d16 = nullptr;
    REQUIRE(t->CreateDepthStencilSurface(8, 8, D3DFMT_D16, D3DMULTISAMPLE_NONE, 0, FALSE, &d16, nullptr) ==
            D3D_OK);
    CHECK_EQ(d16->LockRect(&locked, nullptr, D3DLOCK_READONLY), D3DERR_INVALIDCALL);
    d16->Release();
    CHECK_EQ(t->SetDepthStencilSurface(nullptr), D3D_OK);
    depth->Release();
    target->Release();
}

// D3DFMT_NULL, the memoryless render target NVIDIA and AMD offer for depth-only passes: what
// CheckDeviceFormat offers, CreateRenderTarget makes (Wine's test_surface_format_null records
// Windows): it binds, clears, locks with memory and a pitch, and a pass drawn into it writes
// the depth buffer, which a later pass into the back buffer tests against.
TEST(LockableTarget, NullFormatTargetTakesDepthOnlyPasses) {
    TestDevice t(64, 64, true);
    REQUIRE(t.device != nullptr);
    const D3DFORMAT null = D3DFORMAT(MAKEFOURCC('N', 'U', 'L', 'L'));
    REQUIRE(t.d3d->CheckDeviceFormat(D3DADAPTER_DEFAULT, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8,
                                     D3DUSAGE_RENDERTARGET, D3DRTYPE_SURFACE, null) == D3D_OK);
    CHECK_EQ(t.d3d->CheckDepthStencilMatch(D3DADAPTER_DEFAULT, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, null,
                                           D3DFMT_D24S8),
             D3D_OK);
    IDirect3DSurface9 *target = nullptr, *back = nullptr;
    CHECK_EQ(t->CreateRenderTarget(64, 64, null, D3DMULTISAMPLE_NONE, 0, TRUE, &target, nullptr), D3D_OK);
    REQUIRE(target != nullptr);
    D3DSURFACE_DESC desc{};
    CHECK_EQ(target->GetDesc(&desc), D3D_OK);
    CHECK(desc.Width == 64 && desc.Height == 64 && desc.Format == null &&
          desc.Usage == D3DUSAGE_RENDERTARGET);
    D3DLOCKED_RECT locked{};
    CHECK_EQ(target->LockRect(&locked, nullptr, 0), D3D_OK);
    CHECK(locked.pBits != nullptr && locked.Pitch != 0);
    CHECK_EQ(target->UnlockRect(), D3D_OK);

    REQUIRE(t->GetRenderTarget(0, &back) == D3D_OK);
    CHECK_EQ(t->SetRenderTarget(0, target), D3D_OK);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET | D3DCLEAR_ZBUFFER, 0xFFFFFFFF, 1.0f, 0), D3D_OK);
    CHECK_EQ(t->SetFVF(kScreenFvf), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_LIGHTING, FALSE), D3D_OK);
    CHECK_EQ(t->SetRenderState(D3DRS_ZFUNC, D3DCMP_LESS), D3D_OK);
    const std::vector<ScreenVertex> nearer = screenRect(0, 0, 32, 64, 0.25f, 0xFFFF0000);
    CHECK_EQ(t->BeginScene(), D3D_OK);
    CHECK_EQ(t->DrawPrimitiveUP(D3DPT_TRIANGLELIST, 2, nearer.data(), sizeof(ScreenVertex)), D3D_OK);
    CHECK_EQ(t->SetRenderTarget(0, back), D3D_OK);
    CHECK_EQ(t->Clear(0, nullptr, D3DCLEAR_TARGET, 0xFF000000, 1.0f, 0), D3D_OK);
    const std::vector<ScreenVertex> farther = screenRect(0, 0, 64, 64, 0.5f, 0xFF00FF00);
    CHECK_EQ(t->DrawPrimitiveUP(D3DPT_TRIANGLELIST, 2, farther.data(), sizeof(ScreenVertex)), D3D_OK);
    CHECK_EQ(t->EndScene(), D3D_OK);
    // Left half: behind the depth the NULL pass wrote; right half: drawn.
    CHECK_EQ(mismatchedPixels(readBackBuffer(t.device), 64, 64,
                              [](int x, int) { return x < 32 ? 0x000000u : 0x00FF00u; }),
             0);
    releaseAll(back, target);
}

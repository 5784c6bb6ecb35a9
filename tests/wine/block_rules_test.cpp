// Sizes and locks of block-compressed surfaces and textures, by pool, as Windows' D3D9 runtime
// has them (Wine's d3d9 tests test_surface_blocks and test_lockrect_offset record them): DXT1-5
// are whole 4x4 blocks in every pool and resource type, while ATI2 is not size-checked; a
// rectangle that cuts a block locks in the scratch, system-memory and managed pools, its pointer
// being the block that holds its top-left texel, but not in the default pool, where only a level's
// own edge may cut a block.
#include <cstring>

#include "check.h"
#include "device_support.h"
#include "texture_support.h"

namespace {

constexpr uint16_t kBlue565 = 0x001F, kRed565 = 0xF800;

// A DXT1 block of one colour: both endpoints the R5G6B5 colour, every index 0.
void writeSolidDxt1(void* at, uint16_t rgb565) {
    BYTE block[8]{};
    std::memcpy(block, &rgb565, 2);
    std::memcpy(block + 2, &rgb565, 2);
    std::memcpy(at, block, sizeof block);
}

uint16_t firstEndpoint(const BYTE* block) {
    uint16_t v = 0;
    std::memcpy(&v, block, 2);
    return v;
}

// Every block of DXT1 level 0 (width x height texels) in blue.
bool fillBlue(IDirect3DTexture9* texture, UINT width, UINT height) {
    D3DLOCKED_RECT whole{};
    if (FAILED(texture->LockRect(0, &whole, nullptr, 0))) return false;
    for (UINT by = 0; by < height / 4; ++by)
        for (UINT bx = 0; bx < width / 4; ++bx)
            writeSolidDxt1(static_cast<BYTE*>(whole.pBits) + by * whole.Pitch + bx * 8, kBlue565);
    return SUCCEEDED(texture->UnlockRect(0));
}

// The first endpoint of each block of a DXT1 level, row by row, read under a whole lock.
std::vector<uint16_t> blockColours(IDirect3DTexture9* texture, UINT width, UINT height) {
    std::vector<uint16_t> out;
    D3DLOCKED_RECT whole{};
    if (FAILED(texture->LockRect(0, &whole, nullptr, D3DLOCK_READONLY))) return out;
    for (UINT by = 0; by < height / 4; ++by)
        for (UINT bx = 0; bx < width / 4; ++bx)
            out.push_back(firstEndpoint(static_cast<const BYTE*>(whole.pBits) + by * whole.Pitch + bx * 8));
    texture->UnlockRect(0);
    return out;
}

} // namespace

TEST(BlockRules, DxtSizesAreWholeBlocksInEveryPool) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    const D3DPOOL pools[] = {D3DPOOL_DEFAULT, D3DPOOL_MANAGED, D3DPOOL_SYSTEMMEM, D3DPOOL_SCRATCH};
    const SIZE cut[] = {{2, 2}, {5, 4}, {4, 6}, {1, 8}};
    for (D3DFORMAT format : {D3DFMT_DXT1, D3DFMT_DXT5}) {
        for (D3DPOOL pool : pools) {
            for (SIZE s : cut) {
                IDirect3DTexture9* texture = reinterpret_cast<IDirect3DTexture9*>(1);
                CHECK_EQ(t->CreateTexture(s.cx, s.cy, 1, 0, format, pool, &texture, nullptr),
                         D3DERR_INVALIDCALL);
                CHECK(texture == nullptr);
            }
            IDirect3DTexture9* texture = nullptr;
            CHECK_EQ(t->CreateTexture(8, 12, 1, 0, format, pool, &texture, nullptr), D3D_OK);
            if (texture) texture->Release();
            IDirect3DCubeTexture9* cube = nullptr;
            CHECK_EQ(t->CreateCubeTexture(6, 1, 0, format, pool, &cube, nullptr), D3DERR_INVALIDCALL);
            CHECK_EQ(t->CreateCubeTexture(8, 1, 0, format, pool, &cube, nullptr), D3D_OK);
            if (cube) cube->Release();
            if (pool == D3DPOOL_MANAGED) continue; // plain surfaces are never managed
            IDirect3DSurface9* surface = nullptr;
            CHECK_EQ(t->CreateOffscreenPlainSurface(5, 4, format, pool, &surface, nullptr),
                     D3DERR_INVALIDCALL);
            CHECK_EQ(t->CreateOffscreenPlainSurface(8, 4, format, pool, &surface, nullptr), D3D_OK);
            if (surface) surface->Release();
        }
    }
    // ATI2 (3Dc) has 4x4 blocks too, but D3D9 does not check its sizes.
    if (t.d3d->CheckDeviceFormat(D3DADAPTER_DEFAULT, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, 0, D3DRTYPE_TEXTURE,
                                 D3DFORMAT(MAKEFOURCC('A', 'T', 'I', '2'))) == D3D_OK) {
        IDirect3DTexture9* texture = nullptr;
        CHECK_EQ(t->CreateTexture(6, 5, 1, 0, D3DFORMAT(MAKEFOURCC('A', 'T', 'I', '2')), D3DPOOL_MANAGED,
                                  &texture, nullptr),
                 D3D_OK);
        if (texture) texture->Release();
    }
}

// A lock of {6, 5, 7, 8}, inside block (1, 1) and cutting it on every side, writes that block:
// a whole lock reads it back and the texture draws it (POINT filtering, each texel one pixel).
TEST(BlockRules, PartialBlockLocksWriteTheirBlockOutsideTheDefaultPool) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    selectTexture(t.device);
    REQUIRE(t->SetFVF(kTexFvf) == D3D_OK);
    for (D3DPOOL pool : {D3DPOOL_MANAGED, D3DPOOL_SYSTEMMEM, D3DPOOL_SCRATCH}) {
        IDirect3DTexture9* texture = nullptr;
        REQUIRE(t->CreateTexture(16, 16, 1, 0, D3DFMT_DXT1, pool, &texture, nullptr) == D3D_OK);
        REQUIRE(fillBlue(texture, 16, 16));
        const RECT partial{6, 5, 7, 8};
        D3DLOCKED_RECT locked{};
        REQUIRE(texture->LockRect(0, &locked, &partial, 0) == D3D_OK);
        CHECK_EQ(locked.Pitch, 4 * 8); // four blocks of 8 bytes a row
        writeSolidDxt1(locked.pBits, kRed565);
        CHECK_EQ(texture->UnlockRect(0), D3D_OK);
        std::vector<uint16_t> expected(16, kBlue565);
        expected[1 * 4 + 1] = kRed565;
        CHECK(blockColours(texture, 16, 16) == expected);

        // What the program sees: the managed texture drawn, the system-memory one through
        // UpdateTexture into a default-pool texture (scratch textures never bind).
        IDirect3DTexture9* shown = texture;
        if (pool == D3DPOOL_SCRATCH) {
            texture->Release();
            continue;
        }
        if (pool == D3DPOOL_SYSTEMMEM) {
            shown = nullptr;
            REQUIRE(t->CreateTexture(16, 16, 1, 0, D3DFMT_DXT1, D3DPOOL_DEFAULT, &shown, nullptr) == D3D_OK);
            CHECK_EQ(t->UpdateTexture(texture, shown), D3D_OK);
        }
        CHECK_EQ(t->SetTexture(0, shown), D3D_OK);
        const std::vector<TexVertex> quad = texturedRect(0, 0, 16, 16, 0xFFFFFFFF);
        CHECK_EQ(t->DrawPrimitiveUP(D3DPT_TRIANGLESTRIP, 2, quad.data(), sizeof(TexVertex)), D3D_OK);
        CHECK_EQ(
            mismatchedPixels(readBackBuffer(t.device), 16, 16,
                             [](int x, int y) { return x / 4 == 1 && y / 4 == 1 ? 0xFF0000u : 0x0000FFu; }),
            0);
        CHECK_EQ(t->SetTexture(0, nullptr), D3D_OK);
        if (shown != texture) shown->Release();
        texture->Release();
    }
}

// Plain surfaces in system memory and scratch lock part of a block the same way.
TEST(BlockRules, PartialBlockLocksOfPlainSurfacesPointAtTheirBlock) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    for (D3DPOOL pool : {D3DPOOL_SYSTEMMEM, D3DPOOL_SCRATCH}) {
        IDirect3DSurface9* surface = nullptr;
        REQUIRE(t->CreateOffscreenPlainSurface(8, 8, D3DFMT_DXT1, pool, &surface, nullptr) == D3D_OK);
        D3DLOCKED_RECT whole{};
        REQUIRE(surface->LockRect(&whole, nullptr, 0) == D3D_OK);
        std::memset(whole.pBits, 0, size_t(whole.Pitch) * 2);
        BYTE* const base = static_cast<BYTE*>(whole.pBits);
        CHECK_EQ(surface->UnlockRect(), D3D_OK);
        const RECT partial{5, 6, 7, 8}; // inside block (1, 1)
        D3DLOCKED_RECT locked{};
        REQUIRE(surface->LockRect(&locked, &partial, 0) == D3D_OK);
        // test_lockrect_offset: (top / 4) * pitch + (left / 4) * block bytes.
        CHECK(static_cast<BYTE*>(locked.pBits) == base + whole.Pitch + 8);
        CHECK_EQ(locked.Pitch, whole.Pitch);
        CHECK_EQ(surface->UnlockRect(), D3D_OK);
        surface->Release();
    }
}

// The default pool locks whole blocks; only a level's edge may cut one, as in the 2x2 level of a
// 4x4 texture, which locks whole but not as a 4x4 rectangle.
TEST(BlockRules, DefaultPoolLocksWholeBlocksUpToTheLevelsEdge) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DTexture9* texture = nullptr;
    REQUIRE(t->CreateTexture(4, 4, 2, D3DUSAGE_DYNAMIC, D3DFMT_DXT1, D3DPOOL_DEFAULT, &texture, nullptr) ==
            D3D_OK);
    D3DLOCKED_RECT locked{};
    for (RECT cuts : {RECT{2, 0, 4, 4}, RECT{0, 0, 2, 4}, RECT{0, 2, 4, 4}, RECT{0, 0, 4, 2}}) {
        CHECK_EQ(texture->LockRect(0, &locked, &cuts, 0), D3DERR_INVALIDCALL);
    }
    const RECT block{0, 0, 4, 4}, smallLevel{0, 0, 2, 2};
    CHECK_EQ(texture->LockRect(0, &locked, &block, 0), D3D_OK);
    CHECK_EQ(texture->UnlockRect(0), D3D_OK);
    CHECK_EQ(texture->LockRect(1, &locked, nullptr, 0), D3D_OK);
    CHECK_EQ(texture->UnlockRect(1), D3D_OK);
    CHECK_EQ(texture->LockRect(1, &locked, &smallLevel, 0), D3D_OK);
    CHECK_EQ(texture->UnlockRect(1), D3D_OK);
    CHECK_EQ(texture->LockRect(1, &locked, &block, 0), D3DERR_INVALIDCALL);
    texture->Release();
}

// Volumes: DXT width and height are whole blocks in every pool (the depth is not checked), and
// even scratch volumes lock whole blocks only (Wine's test_volume_blocks).
TEST(BlockRules, DxtVolumesAreWholeBlocksAndLockThem) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    for (D3DPOOL pool : {D3DPOOL_DEFAULT, D3DPOOL_MANAGED, D3DPOOL_SYSTEMMEM, D3DPOOL_SCRATCH}) {
        if (pool != D3DPOOL_SCRATCH &&
            t.d3d->CheckDeviceFormat(D3DADAPTER_DEFAULT, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, 0,
                                     D3DRTYPE_VOLUMETEXTURE, D3DFMT_DXT1) != D3D_OK)
            continue;
        IDirect3DVolumeTexture9* volume = reinterpret_cast<IDirect3DVolumeTexture9*>(1);
        CHECK_EQ(t->CreateVolumeTexture(5, 4, 2, 1, 0, D3DFMT_DXT1, pool, &volume, nullptr),
                 D3DERR_INVALIDCALL);
        CHECK(volume == nullptr);
        CHECK_EQ(t->CreateVolumeTexture(4, 2, 2, 1, 0, D3DFMT_DXT1, pool, &volume, nullptr),
                 D3DERR_INVALIDCALL);
        CHECK_EQ(t->CreateVolumeTexture(4, 8, 3, 1, 0, D3DFMT_DXT1, pool, &volume, nullptr), D3D_OK);
        if (volume) volume->Release();
    }
    IDirect3DVolumeTexture9* volume = nullptr;
    REQUIRE(t->CreateVolumeTexture(8, 8, 1, 1, 0, D3DFMT_DXT1, D3DPOOL_SCRATCH, &volume, nullptr) == D3D_OK);
    D3DLOCKED_BOX locked{};
    for (D3DBOX cuts : {D3DBOX{2, 0, 4, 4, 0, 1}, D3DBOX{0, 0, 2, 4, 0, 1}, D3DBOX{0, 2, 4, 4, 0, 1},
                        D3DBOX{0, 0, 4, 2, 0, 1}})
        CHECK_EQ(volume->LockBox(0, &locked, &cuts, 0), D3DERR_INVALIDCALL);
    const D3DBOX block{4, 4, 8, 8, 0, 1};
    CHECK_EQ(volume->LockBox(0, &locked, &block, 0), D3D_OK);
    CHECK_EQ(volume->UnlockBox(0), D3D_OK);
    volume->Release();
}

// Block formats outside the default pool lock any rectangle: empty, inverted or past the level
// (Wine's test_surface_blocks records Windows taking all twelve of its cases; Command & Conquer 3
// locks its small DXT levels with rectangles larger than they are). Where the rectangle's corner
// is inside the level the pointer is its block, as for a valid rectangle; where it is outside,
// ours is the nearest block (Windows' pointer there is not recorded), so writes stay in the level.
// The default pool still refuses them.
TEST(BlockRules, InvalidRectanglesLockOutsideTheDefaultPool) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    struct Case {
        RECT rect;
        int blockX, blockY; // the block the pointer names
    };
    const Case cases[] = {
        {{12, 12, 20, 16}, 3, 3}, // past the right edge
        {{8, 8, 4, 12}, 2, 2},    // inverted
        {{4, 4, 4, 8}, 1, 1},     // empty
        {{-4, 5, 4, 8}, 0, 1},    // left of the level
        {{20, 20, 24, 24}, 3, 3}, // wholly outside
        {{4, -8, 8, -4}, 1, 0},   // above the level
    };
    for (D3DPOOL pool : {D3DPOOL_MANAGED, D3DPOOL_SYSTEMMEM, D3DPOOL_SCRATCH}) {
        IDirect3DTexture9* texture = nullptr;
        REQUIRE(t->CreateTexture(16, 16, 1, 0, D3DFMT_DXT1, pool, &texture, nullptr) == D3D_OK);
        IDirect3DSurface9* plain = nullptr;
        if (pool != D3DPOOL_MANAGED)
            REQUIRE(t->CreateOffscreenPlainSurface(16, 16, D3DFMT_DXT1, pool, &plain, nullptr) == D3D_OK);
        IDirect3DSurface9* level = nullptr;
        REQUIRE(texture->GetSurfaceLevel(0, &level) == D3D_OK);
        for (IDirect3DSurface9* surface : {level, plain}) {
            if (!surface) continue;
            D3DLOCKED_RECT whole{};
            REQUIRE(surface->LockRect(&whole, nullptr, D3DLOCK_READONLY) == D3D_OK);
            const BYTE* base = static_cast<const BYTE*>(whole.pBits);
            CHECK_EQ(surface->UnlockRect(), D3D_OK);
            for (const Case& c : cases) {
                D3DLOCKED_RECT locked{};
                CHECK_EQ(surface->LockRect(&locked, &c.rect, 0), D3D_OK);
                CHECK(static_cast<const BYTE*>(locked.pBits) == base + c.blockY * whole.Pitch + c.blockX * 8);
                CHECK_EQ(locked.Pitch, whole.Pitch);
                CHECK_EQ(surface->UnlockRect(), D3D_OK);
            }
        }
        if (plain) plain->Release();
        level->Release();
        texture->Release();
    }
    IDirect3DTexture9* dynamic = nullptr;
    REQUIRE(t->CreateTexture(16, 16, 1, D3DUSAGE_DYNAMIC, D3DFMT_DXT1, D3DPOOL_DEFAULT, &dynamic, nullptr) ==
            D3D_OK);
    for (const Case& c : cases) {
        D3DLOCKED_RECT locked{};
        CHECK_EQ(dynamic->LockRect(0, &locked, &c.rect, 0), D3DERR_INVALIDCALL);
    }
    dynamic->Release();
    // Other formats refuse them in every pool (Wine's test_lockrect_invalid).
    IDirect3DTexture9* argb = nullptr;
    REQUIRE(t->CreateTexture(16, 16, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &argb, nullptr) == D3D_OK);
    for (const Case& c : cases) {
        D3DLOCKED_RECT locked{};
        CHECK_EQ(argb->LockRect(0, &locked, &c.rect, 0), D3DERR_INVALIDCALL);
    }
    argb->Release();
}

// A write through such a lock reaches what is drawn: the managed level is uploaded again whole.
TEST(BlockRules, WritesThroughAnInvalidRectangleAreDrawn) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    selectTexture(t.device);
    REQUIRE(t->SetFVF(kTexFvf) == D3D_OK);
    IDirect3DTexture9* texture = nullptr;
    REQUIRE(t->CreateTexture(16, 16, 1, 0, D3DFMT_DXT1, D3DPOOL_MANAGED, &texture, nullptr) == D3D_OK);
    REQUIRE(fillBlue(texture, 16, 16));
    CHECK_EQ(t->SetTexture(0, texture), D3D_OK);
    const std::vector<TexVertex> quad = texturedRect(0, 0, 16, 16, 0xFFFFFFFF);
    CHECK_EQ(t->DrawPrimitiveUP(D3DPT_TRIANGLESTRIP, 2, quad.data(), sizeof(TexVertex)), D3D_OK);
    const RECT pastTheEdge{12, 8, 20, 12};
    D3DLOCKED_RECT locked{};
    REQUIRE(texture->LockRect(0, &locked, &pastTheEdge, 0) == D3D_OK);
    writeSolidDxt1(locked.pBits, kRed565);
    CHECK_EQ(texture->UnlockRect(0), D3D_OK);
    CHECK_EQ(t->DrawPrimitiveUP(D3DPT_TRIANGLESTRIP, 2, quad.data(), sizeof(TexVertex)), D3D_OK);
    CHECK_EQ(mismatchedPixels(readBackBuffer(t.device), 16, 16,
                              [](int x, int y) { return x / 4 == 3 && y / 4 == 2 ? 0xFF0000u : 0x0000FFu; }),
             0);
    CHECK_EQ(t->SetTexture(0, nullptr), D3D_OK);
    texture->Release();
}

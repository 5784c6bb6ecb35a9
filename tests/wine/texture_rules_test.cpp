// The texture API's rules, as Microsoft's D3D9 documentation gives them: argument checks of the
// Create methods, level counts and descriptions, locks, reference counting of levels, binding.
#include "check.h"
#include "device_support.h"
#include "texture_support.h"

// Levels 0: the full chain down to 1x1 (max(width, height) 20 -> 20, 10, 5, 2, 1); each level's
// size is max(1, size >> level).
TEST(TextureRules, LevelsZeroMakesTheFullChain) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DTexture9* texture = nullptr;
    REQUIRE(t->CreateTexture(20, 6, 0, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &texture, nullptr) == D3D_OK);
    CHECK_EQ(texture->GetLevelCount(), 5u);
    D3DSURFACE_DESC d{};
    CHECK_EQ(texture->GetLevelDesc(3, &d), D3D_OK);
    CHECK_EQ(d.Width, 2u);
    CHECK_EQ(d.Height, 1u);
    CHECK_EQ(d.Format, D3DFMT_A8R8G8B8);
    CHECK_EQ(d.Pool, D3DPOOL_MANAGED);
    CHECK_EQ(d.Type, D3DRTYPE_SURFACE);
    CHECK_EQ(texture->GetLevelDesc(5, &d), D3DERR_INVALIDCALL);
    CHECK_EQ(texture->GetType(), D3DRTYPE_TEXTURE);
    texture->Release();
    IDirect3DVolumeTexture9* volume = nullptr;
    REQUIRE(t->CreateVolumeTexture(4, 2, 16, 0, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &volume, nullptr) ==
            D3D_OK);
    CHECK_EQ(volume->GetLevelCount(), 5u);
    D3DVOLUME_DESC v{};
    CHECK_EQ(volume->GetLevelDesc(2, &v), D3D_OK);
    CHECK_EQ(v.Width, 1u);
    CHECK_EQ(v.Depth, 4u);
    volume->Release();
}

TEST(TextureRules, CreateRefusesWhatD3D9Refuses) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DTexture9* texture = reinterpret_cast<IDirect3DTexture9*>(1);
    auto create = [&](UINT w, UINT h, UINT levels, DWORD usage, D3DFORMAT format, D3DPOOL pool) {
        texture = reinterpret_cast<IDirect3DTexture9*>(1);
        return t->CreateTexture(w, h, levels, usage, format, pool, &texture, nullptr);
    };
    CHECK_EQ(create(0, 8, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED), D3DERR_INVALIDCALL);
    CHECK(texture == nullptr); // the output is cleared on failure
    CHECK_EQ(create(8, 8, 5, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED), D3DERR_INVALIDCALL); // 8x8 has 4 levels
    CHECK_EQ(create(8, 8, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL(7)), D3DERR_INVALIDCALL);
    // Render-target and depth textures are in the default pool; dynamic ones never managed.
    CHECK_EQ(create(8, 8, 1, D3DUSAGE_RENDERTARGET, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED), D3DERR_INVALIDCALL);
    CHECK_EQ(create(8, 8, 1, D3DUSAGE_RENDERTARGET, D3DFMT_A8R8G8B8, D3DPOOL_SYSTEMMEM), D3DERR_INVALIDCALL);
    CHECK_EQ(create(8, 8, 1, D3DUSAGE_DYNAMIC, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED), D3DERR_INVALIDCALL);
    // Nor dynamic render-target or depth textures (Wine's test_resource_access).
    CHECK_EQ(create(8, 8, 1, D3DUSAGE_DYNAMIC | D3DUSAGE_RENDERTARGET, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT),
             D3DERR_INVALIDCALL);
    CHECK_EQ(create(8, 8, 1, D3DUSAGE_DYNAMIC | D3DUSAGE_DEPTHSTENCIL, D3DFMT_D24S8, D3DPOOL_DEFAULT),
             D3DERR_INVALIDCALL);
    // Buffers are never render targets or depth buffers.
    IDirect3DVertexBuffer9* vb = nullptr;
    CHECK_EQ(t->CreateVertexBuffer(64, D3DUSAGE_RENDERTARGET, 0, D3DPOOL_DEFAULT, &vb, nullptr),
             D3DERR_INVALIDCALL);
    IDirect3DIndexBuffer9* ib = nullptr;
    CHECK_EQ(t->CreateIndexBuffer(64, D3DUSAGE_DEPTHSTENCIL, D3DFMT_INDEX16, D3DPOOL_SYSTEMMEM, &ib, nullptr),
             D3DERR_INVALIDCALL);
    // Formats the device cannot sample (CheckDeviceFormat refuses them) or does not know.
    CHECK_EQ(create(8, 8, 1, 0, D3DFMT_UNKNOWN, D3DPOOL_MANAGED), D3DERR_INVALIDCALL);
    CHECK_EQ(create(8, 8, 1, 0, D3DFMT_INDEX16, D3DPOOL_MANAGED), D3DERR_INVALIDCALL);
    CHECK_EQ(create(8, 8, 1, D3DUSAGE_DEPTHSTENCIL, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT), D3DERR_INVALIDCALL);
    // AUTOGENMIPMAP: Levels 0 or 1, not in system memory.
    CHECK_EQ(create(8, 8, 2, D3DUSAGE_AUTOGENMIPMAP, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED), D3DERR_INVALIDCALL);
    CHECK_EQ(create(8, 8, 0, D3DUSAGE_AUTOGENMIPMAP, D3DFMT_A8R8G8B8, D3DPOOL_SYSTEMMEM), D3DERR_INVALIDCALL);
    IDirect3DCubeTexture9* cube = nullptr;
    CHECK_EQ(t->CreateCubeTexture(0, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &cube, nullptr),
             D3DERR_INVALIDCALL);
    // WRITEONLY is a buffer usage (Wine's test_lockrect_invalid, test_lockbox_invalid).
    for (D3DPOOL pool : {D3DPOOL_MANAGED, D3DPOOL_SYSTEMMEM, D3DPOOL_SCRATCH}) {
        CHECK_EQ(create(128, 128, 1, D3DUSAGE_WRITEONLY, D3DFMT_A8R8G8B8, pool), D3DERR_INVALIDCALL);
        CHECK_EQ(t->CreateCubeTexture(128, 1, D3DUSAGE_WRITEONLY, D3DFMT_A8R8G8B8, pool, &cube, nullptr),
                 D3DERR_INVALIDCALL);
    }
    IDirect3DVolumeTexture9* volume = nullptr;
    CHECK_EQ(t->CreateVolumeTexture(4, 4, 2, 1, D3DUSAGE_WRITEONLY, D3DFMT_A8R8G8B8, D3DPOOL_SCRATCH, &volume,
                                    nullptr),
             D3DERR_INVALIDCALL);
    CHECK_EQ(t->CreateVolumeTexture(4, 4, 4, 1, D3DUSAGE_RENDERTARGET, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT,
                                    &volume, nullptr),
             D3DERR_INVALIDCALL);
    // Dynamic volumes are neither managed nor scratch (Wine's test_volume_locking).
    for (D3DPOOL pool : {D3DPOOL_MANAGED, D3DPOOL_SCRATCH})
        CHECK_EQ(
            t->CreateVolumeTexture(4, 4, 4, 1, D3DUSAGE_DYNAMIC, D3DFMT_A8R8G8B8, pool, &volume, nullptr),
            D3DERR_INVALIDCALL);
    // A failed LockBox leaves no pointer (test_volume_locking: a default-pool volume that is not
    // dynamic does not lock).
    REQUIRE(t->CreateVolumeTexture(4, 4, 4, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT, &volume, nullptr) ==
            D3D_OK);
    D3DLOCKED_BOX box{};
    box.pBits = reinterpret_cast<void*>(0xdeadbeef);
    CHECK_EQ(volume->LockBox(0, &box, nullptr, 0), D3DERR_INVALIDCALL);
    CHECK(box.pBits == nullptr);
    volume->Release();
    CHECK_EQ(t->CreateTexture(8, 8, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, nullptr, nullptr),
             D3DERR_INVALIDCALL);
    // What the device does create: an INTZ depth texture, a scratch texture of any known format.
    if (t.d3d->CheckDeviceFormat(D3DADAPTER_DEFAULT, D3DDEVTYPE_HAL, D3DFMT_X8R8G8B8, D3DUSAGE_DEPTHSTENCIL,
                                 D3DRTYPE_TEXTURE, D3DFORMAT(MAKEFOURCC('I', 'N', 'T', 'Z'))) == D3D_OK) {
        CHECK_EQ(create(8, 8, 1, D3DUSAGE_DEPTHSTENCIL, D3DFORMAT(MAKEFOURCC('I', 'N', 'T', 'Z')),
                        D3DPOOL_DEFAULT),
                 D3D_OK);
        if (texture) texture->Release();
    }
    CHECK_EQ(create(8, 8, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_SCRATCH), D3D_OK);
    if (texture) texture->Release();
}

// An AUTOGENMIPMAP texture shows the program one level (the driver makes the others:
// Texture.AutomaticMipmapsAreMadeFromTheTopLevel), and keeps the filter it is given.
TEST(TextureRules, AutoGenMipMapTextureShowsOneLevel) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DTexture9* texture = nullptr;
    REQUIRE(t->CreateTexture(16, 16, 0, D3DUSAGE_AUTOGENMIPMAP, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &texture,
                             nullptr) == D3D_OK);
    CHECK_EQ(texture->GetLevelCount(), 1u);
    CHECK_EQ(texture->GetAutoGenFilterType(), D3DTEXF_LINEAR); // the default
    CHECK_EQ(texture->SetAutoGenFilterType(D3DTEXF_POINT), D3D_OK);
    CHECK_EQ(texture->GetAutoGenFilterType(), D3DTEXF_POINT);
    CHECK_EQ(texture->SetAutoGenFilterType(D3DTEXF_NONE), D3DERR_INVALIDCALL);
    texture->GenerateMipSubLevels();
    texture->Release();
    // A texture without AUTOGENMIPMAP takes a filter too (Wine's test_generate_mipmap records
    // Windows' D3D_OK for a render-target texture).
    REQUIRE(t->CreateTexture(16, 16, 0, D3DUSAGE_RENDERTARGET, D3DFMT_X8R8G8B8, D3DPOOL_DEFAULT, &texture,
                             nullptr) == D3D_OK);
    CHECK_EQ(texture->SetAutoGenFilterType(D3DTEXF_LINEAR), D3D_OK);
    texture->Release();
}

// GetSurfaceLevel / GetCubeMapSurface / GetVolumeLevel add a reference to the texture, and a
// level's AddRef / Release count on it; GetContainer of a level gives the texture.
TEST(TextureRules, LevelsCountTheirReferencesOnTheTexture) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DTexture9* texture = nullptr;
    REQUIRE(t->CreateTexture(8, 8, 2, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &texture, nullptr) == D3D_OK);
    IDirect3DSurface9* level = nullptr;
    REQUIRE(texture->GetSurfaceLevel(1, &level) == D3D_OK);
    CHECK_EQ(texture->AddRef(), 3u);
    CHECK_EQ(level->AddRef(), 4u);
    CHECK_EQ(level->Release(), 3u);
    CHECK_EQ(texture->Release(), 2u);
    IDirect3DTexture9* container = nullptr;
    CHECK_EQ(level->GetContainer(__uuidof(IDirect3DTexture9), reinterpret_cast<void**>(&container)), D3D_OK);
    CHECK(container == texture);
    if (container) container->Release();
    D3DSURFACE_DESC d{};
    CHECK_EQ(level->GetDesc(&d), D3D_OK);
    CHECK_EQ(d.Width, 4u);
    CHECK_EQ(level->Release(), 1u);
    level = reinterpret_cast<IDirect3DSurface9*>(1);
    CHECK_EQ(texture->GetSurfaceLevel(2, &level), D3DERR_INVALIDCALL);
    CHECK(level == nullptr);
    CHECK_EQ(texture->Release(), 0u);

    IDirect3DCubeTexture9* cube = nullptr;
    REQUIRE(t->CreateCubeTexture(4, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &cube, nullptr) == D3D_OK);
    REQUIRE(cube->GetCubeMapSurface(D3DCUBEMAP_FACE_NEGATIVE_Y, 0, &level) == D3D_OK);
    CHECK_EQ(cube->AddRef(), 3u);
    CHECK_EQ(cube->Release(), 2u);
    CHECK_EQ(cube->GetCubeMapSurface(D3DCUBEMAP_FACES(6), 0, &level), D3DERR_INVALIDCALL);
    CHECK_EQ(cube->Release(), 1u);
    IDirect3DSurface9* face = nullptr;
    REQUIRE(cube->GetCubeMapSurface(D3DCUBEMAP_FACE_NEGATIVE_Y, 0, &face) == D3D_OK);
    face->Release();
    CHECK_EQ(cube->Release(), 0u);

    IDirect3DVolumeTexture9* volume = nullptr;
    REQUIRE(t->CreateVolumeTexture(4, 4, 4, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &volume, nullptr) ==
            D3D_OK);
    IDirect3DVolume9* slice = nullptr;
    REQUIRE(volume->GetVolumeLevel(0, &slice) == D3D_OK);
    CHECK_EQ(volume->AddRef(), 3u);
    CHECK_EQ(slice->Release(), 2u);
    CHECK_EQ(volume->Release(), 1u);
    CHECK_EQ(volume->Release(), 0u);
}

// Locks: a level in range, a rectangle inside it, not twice; default-pool textures lock only
// when dynamic, render-target textures never.
TEST(TextureRules, LockRectChecksLevelsRectanglesAndPools) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DTexture9* texture = nullptr;
    REQUIRE(t->CreateTexture(8, 8, 2, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &texture, nullptr) == D3D_OK);
    D3DLOCKED_RECT locked{};
    CHECK_EQ(texture->LockRect(2, &locked, nullptr, 0), D3DERR_INVALIDCALL);
    const RECT outside{0, 0, 5, 4}; // level 1 is 4x4
    CHECK_EQ(texture->LockRect(1, &locked, &outside, 0), D3DERR_INVALIDCALL);
    const RECT empty{2, 2, 2, 3};
    CHECK_EQ(texture->LockRect(1, &locked, &empty, 0), D3DERR_INVALIDCALL);
    CHECK_EQ(texture->UnlockRect(0), D3D_OK); // not locked: D3D_OK on Windows, see below
    // A rectangle's pointer is its first texel: write one there, read it back through a whole lock.
    const RECT one{2, 3, 3, 4};
    REQUIRE(texture->LockRect(0, &locked, &one, 0) == D3D_OK);
    *static_cast<uint32_t*>(locked.pBits) = 0xFFABCDEF;
    D3DLOCKED_RECT again{};
    CHECK_EQ(texture->LockRect(0, &again, nullptr, 0), D3DERR_INVALIDCALL); // locked already
    CHECK_EQ(texture->UnlockRect(0), D3D_OK);
    REQUIRE(texture->LockRect(0, &locked, nullptr, D3DLOCK_READONLY) == D3D_OK);
    CHECK_EQ(reinterpret_cast<uint32_t*>(static_cast<BYTE*>(locked.pBits) + 3 * locked.Pitch)[2],
             0xFFABCDEFu);
    CHECK_EQ(texture->UnlockRect(0), D3D_OK);
    texture->Release();

    IDirect3DTexture9 *plain = nullptr, *dynamic = nullptr, *target = nullptr;
    REQUIRE(t->CreateTexture(8, 8, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT, &plain, nullptr) == D3D_OK);
    REQUIRE(t->CreateTexture(8, 8, 1, D3DUSAGE_DYNAMIC, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT, &dynamic,
                             nullptr) == D3D_OK);
    REQUIRE(t->CreateTexture(8, 8, 1, D3DUSAGE_RENDERTARGET, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT, &target,
                             nullptr) == D3D_OK);
    CHECK_EQ(plain->LockRect(0, &locked, nullptr, 0), D3DERR_INVALIDCALL);
    CHECK_EQ(target->LockRect(0, &locked, nullptr, 0), D3DERR_INVALIDCALL);
    CHECK_EQ(dynamic->LockRect(0, &locked, nullptr, D3DLOCK_DISCARD), D3D_OK);
    CHECK_EQ(dynamic->UnlockRect(0), D3D_OK);
    plain->Release();
    dynamic->Release();
    target->Release();
}

// SetTexture binds samplers 0-15 and the vertex samplers; GetTexture gives the bound texture
// with a reference (NULL for an empty sampler); a bound texture the program released stays
// usable; scratch textures are never bound.
TEST(TextureRules, SetTextureBindsAndKeepsTheTextureAlive) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DTexture9* texture = filledTexture(t.device, 4, 4, [](int, int) { return 0xFF00FF80u; });
    REQUIRE(texture != nullptr);
    CHECK_EQ(t->SetTexture(16, texture), D3DERR_INVALIDCALL);
    CHECK_EQ(t->SetTexture(D3DVERTEXTEXTURESAMPLER0 + 4, texture), D3DERR_INVALIDCALL);
    CHECK_EQ(t->SetTexture(D3DVERTEXTEXTURESAMPLER3, texture), D3D_OK);
    CHECK_EQ(t->SetTexture(0, texture), D3D_OK);
    IDirect3DBaseTexture9* got = nullptr;
    CHECK_EQ(t->GetTexture(0, &got), D3D_OK);
    CHECK(got == texture);
    if (got) got->Release();
    CHECK_EQ(t->GetTexture(1, &got), D3D_OK);
    CHECK(got == nullptr);
    CHECK_EQ(texture->Release(), 0u); // the device's binding is private
    selectTexture(t.device);
    CHECK_EQ(t->SetFVF(kTexFvf), D3D_OK);
    const std::vector<TexVertex> quad = texturedRect(0, 0, 16, 16, 0xFFFFFFFF);
    CHECK_EQ(t->DrawPrimitiveUP(D3DPT_TRIANGLESTRIP, 2, quad.data(), sizeof(TexVertex)), D3D_OK);
    CHECK_EQ(mismatchedPixels(readBackBuffer(t.device), 16, 16, [](int, int) { return 0x00FF80u; }), 0);
    CHECK_EQ(t->SetTexture(0, nullptr), D3D_OK);
    CHECK_EQ(t->SetTexture(D3DVERTEXTEXTURESAMPLER3, nullptr), D3D_OK);
    IDirect3DTexture9* scratch = nullptr;
    REQUIRE(t->CreateTexture(4, 4, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_SCRATCH, &scratch, nullptr) == D3D_OK);
    CHECK_EQ(t->SetTexture(0, scratch), D3DERR_INVALIDCALL);
    scratch->Release();
}

// SetLOD / GetLOD: managed textures only (others answer 0); priority likewise; private data.
TEST(TextureRules, LodAndPriorityAreForManagedTexturesOnly) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DTexture9 *managed = nullptr, *plain = nullptr;
    REQUIRE(t->CreateTexture(8, 8, 0, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &managed, nullptr) == D3D_OK);
    REQUIRE(t->CreateTexture(8, 8, 0, 0, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT, &plain, nullptr) == D3D_OK);
    CHECK_EQ(managed->SetLOD(2), 0u);
    CHECK_EQ(managed->GetLOD(), 2u);
    CHECK_EQ(managed->SetLOD(1), 2u);
    CHECK_EQ(plain->SetLOD(2), 0u);
    CHECK_EQ(plain->GetLOD(), 0u);
    CHECK_EQ(managed->SetPriority(5), 0u);
    CHECK_EQ(managed->GetPriority(), 5u);
    CHECK_EQ(plain->SetPriority(5), 0u);
    const GUID guid = {0x12345678, 0x1234, 0x1234, {1, 2, 3, 4, 5, 6, 7, 8}};
    const DWORD value = 0xCAFE;
    CHECK_EQ(managed->SetPrivateData(guid, &value, sizeof value, 0), D3D_OK);
    DWORD read = 0, size = sizeof read;
    CHECK_EQ(managed->GetPrivateData(guid, &read, &size), D3D_OK);
    CHECK_EQ(read, value);
    managed->Release();
    plain->Release();
}

// D3D9's Reset fails while default-pool textures live; managed ones survive it, unbound.
TEST(TextureRules, ResetWaitsForDefaultPoolTexturesAndUnbindsTheRest) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DTexture9 *target = nullptr, *managed = nullptr;
    REQUIRE(t->CreateTexture(8, 8, 1, D3DUSAGE_RENDERTARGET, D3DFMT_X8R8G8B8, D3DPOOL_DEFAULT, &target,
                             nullptr) == D3D_OK);
    REQUIRE(t->CreateTexture(4, 4, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &managed, nullptr) == D3D_OK);
    REQUIRE(fillLevel(managed, 0, [](int, int) { return 0xFF20A040u; }));
    CHECK_EQ(t->SetTexture(0, managed), D3D_OK);
    D3DPRESENT_PARAMETERS pp = windowedParameters(t.window.hwnd, 16, 16, false);
    CHECK_EQ(t->Reset(&pp), D3DERR_INVALIDCALL);
    target->Release();
    CHECK_EQ(t->Reset(&pp), D3D_OK);
    IDirect3DBaseTexture9* bound = reinterpret_cast<IDirect3DBaseTexture9*>(1);
    CHECK_EQ(t->GetTexture(0, &bound), D3D_OK);
    CHECK(bound == nullptr);
    selectTexture(t.device);
    CHECK_EQ(t->SetTexture(0, managed), D3D_OK);
    CHECK_EQ(t->SetFVF(kTexFvf), D3D_OK);
    const std::vector<TexVertex> quad = texturedRect(0, 0, 16, 16, 0xFFFFFFFF);
    CHECK_EQ(t->DrawPrimitiveUP(D3DPT_TRIANGLESTRIP, 2, quad.data(), sizeof(TexVertex)), D3D_OK);
    CHECK_EQ(mismatchedPixels(readBackBuffer(t.device), 16, 16, [](int, int) { return 0x20A040u; }), 0);
    t->SetTexture(0, nullptr);
    CHECK_EQ(managed->Release(), 0u);
}

// A state block captures the bound texture and binds it again when applied, holding it alive.
TEST(TextureRules, StateBlockRebindsItsTexture) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DTexture9* texture = nullptr;
    REQUIRE(t->CreateTexture(4, 4, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &texture, nullptr) == D3D_OK);
    CHECK_EQ(t->BeginStateBlock(), D3D_OK);
    CHECK_EQ(t->SetTexture(2, texture), D3D_OK);
    IDirect3DStateBlock9* block = nullptr;
    REQUIRE(t->EndStateBlock(&block) == D3D_OK);
    IDirect3DBaseTexture9* bound = nullptr;
    CHECK_EQ(t->GetTexture(2, &bound), D3D_OK);
    CHECK(bound == nullptr); // recorded, not set
    CHECK_EQ(block->Apply(), D3D_OK);
    CHECK_EQ(t->GetTexture(2, &bound), D3D_OK);
    CHECK(bound == texture);
    if (bound) bound->Release();
    block->Release();
    CHECK_EQ(t->SetTexture(2, nullptr), D3D_OK);
    CHECK_EQ(texture->Release(), 0u);
}

// Wine's test_lockrect_invalid and test_lockbox_invalid record Windows unlocking what is not
// locked: a 2D texture's level answers D3D_OK, through the texture and through the level's
// surface; a cube texture's too through the cube texture, but its face's surface refuses, as do
// an offscreen plain surface and a volume texture's level.
TEST(TextureRules, UnlockingWhatIsNotLockedDependsOnTheResource) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DTexture9* texture = nullptr;
    IDirect3DCubeTexture9* cube = nullptr;
    IDirect3DVolumeTexture9* volume = nullptr;
    IDirect3DSurface9 *offscreen = nullptr, *level = nullptr, *face = nullptr;
    REQUIRE(t->CreateTexture(8, 8, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_SYSTEMMEM, &texture, nullptr) == D3D_OK);
    REQUIRE(t->CreateCubeTexture(8, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &cube, nullptr) == D3D_OK);
    REQUIRE(t->CreateVolumeTexture(4, 4, 2, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_SCRATCH, &volume, nullptr) ==
            D3D_OK);
    REQUIRE(t->CreateOffscreenPlainSurface(8, 8, D3DFMT_A8R8G8B8, D3DPOOL_SCRATCH, &offscreen, nullptr) ==
            D3D_OK);
    REQUIRE(texture->GetSurfaceLevel(0, &level) == D3D_OK);
    REQUIRE(cube->GetCubeMapSurface(D3DCUBEMAP_FACE_NEGATIVE_X, 0, &face) == D3D_OK);
    D3DLOCKED_RECT locked{};
    D3DLOCKED_BOX box{};
    REQUIRE(texture->LockRect(0, &locked, nullptr, 0) == D3D_OK);
    CHECK_EQ(texture->UnlockRect(0), D3D_OK);
    CHECK_EQ(texture->UnlockRect(0), D3D_OK);
    CHECK_EQ(level->UnlockRect(), D3D_OK);
    CHECK_EQ(texture->UnlockRect(1), D3DERR_INVALIDCALL); // no such level
    REQUIRE(cube->LockRect(D3DCUBEMAP_FACE_NEGATIVE_X, 0, &locked, nullptr, 0) == D3D_OK);
    CHECK_EQ(cube->UnlockRect(D3DCUBEMAP_FACE_NEGATIVE_X, 0), D3D_OK);
    CHECK_EQ(cube->UnlockRect(D3DCUBEMAP_FACE_NEGATIVE_X, 0), D3D_OK);
    CHECK_EQ(face->UnlockRect(), D3DERR_INVALIDCALL);
    REQUIRE(offscreen->LockRect(&locked, nullptr, 0) == D3D_OK);
    CHECK_EQ(offscreen->UnlockRect(), D3D_OK);
    CHECK_EQ(offscreen->UnlockRect(), D3DERR_INVALIDCALL);
    REQUIRE(volume->LockBox(0, &box, nullptr, 0) == D3D_OK);
    CHECK_EQ(volume->UnlockBox(0), D3D_OK);
    CHECK_EQ(volume->UnlockBox(0), D3DERR_INVALIDCALL);
    // The level still locks and unlocks as before.
    REQUIRE(level->LockRect(&locked, nullptr, 0) == D3D_OK);
    CHECK_EQ(texture->LockRect(0, &locked, nullptr, 0), D3DERR_INVALIDCALL); // locked through the surface
    CHECK_EQ(level->UnlockRect(), D3D_OK);
    // A level that cannot be locked at all (default pool, not dynamic) does not unlock either
    // (Wine's test_resource_access records Windows).
    IDirect3DTexture9 *video = nullptr, *target = nullptr;
    REQUIRE(t->CreateTexture(8, 8, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT, &video, nullptr) == D3D_OK);
    REQUIRE(t->CreateTexture(8, 8, 1, D3DUSAGE_RENDERTARGET, D3DFMT_A8R8G8B8, D3DPOOL_DEFAULT, &target,
                             nullptr) == D3D_OK);
    CHECK_EQ(video->UnlockRect(0), D3DERR_INVALIDCALL);
    CHECK_EQ(target->UnlockRect(0), D3DERR_INVALIDCALL);
    releaseAll(target, video, face, level, offscreen, volume, cube, texture);
}

// Wine's test_mipmap_lock: two levels of a system-memory texture lock at once; UpdateSurface
// refuses a locked source level, UpdateTexture does not look at its levels' locks.
TEST(TextureRules, UpdateSurfaceRefusesALockedSource) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DTexture9 *system = nullptr, *video = nullptr;
    REQUIRE(t->CreateTexture(4, 4, 2, 0, D3DFMT_X8R8G8B8, D3DPOOL_SYSTEMMEM, &system, nullptr) == D3D_OK);
    REQUIRE(t->CreateTexture(4, 4, 2, 0, D3DFMT_X8R8G8B8, D3DPOOL_DEFAULT, &video, nullptr) == D3D_OK);
    IDirect3DSurface9 *from0 = nullptr, *from1 = nullptr, *to0 = nullptr, *to1 = nullptr;
    REQUIRE(system->GetSurfaceLevel(0, &from0) == D3D_OK);
    REQUIRE(system->GetSurfaceLevel(1, &from1) == D3D_OK);
    REQUIRE(video->GetSurfaceLevel(0, &to0) == D3D_OK);
    REQUIRE(video->GetSurfaceLevel(1, &to1) == D3D_OK);
    D3DLOCKED_RECT locked{};
    CHECK_EQ(system->LockRect(0, &locked, nullptr, 0), D3D_OK);
    CHECK_EQ(system->LockRect(1, &locked, nullptr, 0), D3D_OK);
    CHECK_EQ(system->UnlockRect(0), D3D_OK);
    CHECK_EQ(t->UpdateSurface(from0, nullptr, to0, nullptr), D3D_OK);
    CHECK_EQ(t->UpdateSurface(from1, nullptr, to1, nullptr), D3DERR_INVALIDCALL);
    CHECK_EQ(t->UpdateTexture(system, video), D3D_OK);
    CHECK_EQ(system->UnlockRect(1), D3D_OK);
    CHECK_EQ(t->UpdateSurface(from1, nullptr, to1, nullptr), D3D_OK);
    releaseAll(from0, from1, to0, to1, system, video);
}

// Wine's test_get_set_texture: Windows never calls through the program's texture pointer in
// SetTexture, so a texture whose vtable the program overwrote (or cleared) still binds and
// unbinds.
TEST(TextureRules, SetTextureNeverCallsThroughTheProgramsPointer) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DTexture9* texture = nullptr;
    REQUIRE(t->CreateTexture(16, 16, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_MANAGED, &texture, nullptr) == D3D_OK);
    void** vtable = reinterpret_cast<void**>(texture);
    void* const saved = *vtable;
    for (void* bad : {reinterpret_cast<void*>(uintptr_t(0xDEADBEEF)), static_cast<void*>(nullptr)}) {
        *vtable = bad;
        CHECK_EQ(t->SetTexture(0, reinterpret_cast<IDirect3DBaseTexture9*>(texture)), D3D_OK);
        CHECK_EQ(t->SetTexture(0, nullptr), D3D_OK);
        *vtable = saved;
    }
    // Not one of this device's textures: a pointer to something else is refused, not read.
    void* notATexture[4] = {};
    CHECK_EQ(t->SetTexture(0, reinterpret_cast<IDirect3DBaseTexture9*>(notATexture)), D3DERR_INVALIDCALL);
    CHECK_EQ(texture->Release(), 0u);
}

// Wine's test_vidmem_accounting records Windows: GetAvailableTextureMem goes down by what
// default-pool textures take (20 render-target textures of 4 MiB each: more than 40 MB), and up
// again when they go.
TEST(TextureRules, AvailableTextureMemoryCountsDefaultPoolTextures) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    const UINT before = t->GetAvailableTextureMem();
    const std::vector<IDirect3DTexture9*> textures = bigTargetTextures(t.device, 20);
    REQUIRE(textures.size() == 20);
    const UINT during = t->GetAvailableTextureMem();
    CHECK(during < before);
    CHECK(before - during >= 20u * 4u * 1024u * 1024u);
    for (IDirect3DTexture9* texture : textures)
        texture->Release();
    CHECK_EQ(t->GetAvailableTextureMem(), before);
}

// AddDirtyRect takes null (the whole texture) or a rectangle inside level 0; Windows refuses one
// past an edge, inverted or empty (Wine's add_dirty_rect_test), and AddDirtyBox likewise.
TEST(TextureRules, DirtyRectanglesLieInsideTheTopLevel) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    IDirect3DTexture9* texture = nullptr;
    REQUIRE(t->CreateTexture(256, 256, 1, 0, D3DFMT_X8R8G8B8, D3DPOOL_SYSTEMMEM, &texture, nullptr) ==
            D3D_OK);
    CHECK_EQ(texture->AddDirtyRect(nullptr), D3D_OK);
    const RECT part{96, 96, 160, 160};
    CHECK_EQ(texture->AddDirtyRect(&part), D3D_OK);
    const RECT outside[] = {{0, 0, 200, 300},   {0, 0, 300, 200},     {100, 100, 10, 10},
                            {200, 300, 10, 10}, {300, 200, 310, 210}, {0, 0, 0, 0}};
    for (const RECT& r : outside)
        CHECK_EQ(texture->AddDirtyRect(&r), D3DERR_INVALIDCALL);
    texture->Release();
    IDirect3DVolumeTexture9* volume = nullptr;
    REQUIRE(t->CreateVolumeTexture(8, 8, 4, 1, 0, D3DFMT_A8R8G8B8, D3DPOOL_SYSTEMMEM, &volume, nullptr) ==
            D3D_OK);
    const D3DBOX inside{0, 0, 8, 8, 0, 4}, deep{0, 0, 8, 8, 0, 5};
    CHECK_EQ(volume->AddDirtyBox(&inside), D3D_OK);
    CHECK_EQ(volume->AddDirtyBox(&deep), D3DERR_INVALIDCALL);
    volume->Release();
}

// The levels of a managed, system-memory or scratch texture lie one after another in one block
// of memory, and a cube map's faces too, each face's chain starting on 16 bytes (Wine's
// test_miptree_layout records Windows so; programs that write a whole mip chain through level
// 0's pointer rely on it).
TEST(TextureRules, MipLevelsAndCubeFacesAreContiguous) {
    TestDevice t(16, 16);
    REQUIRE(t.device != nullptr);
    for (D3DPOOL pool : {D3DPOOL_MANAGED, D3DPOOL_SYSTEMMEM, D3DPOOL_SCRATCH}) {
        for (D3DFORMAT format : {D3DFMT_A8R8G8B8, D3DFMT_A8}) {
            IDirect3DTexture9* texture = nullptr;
            REQUIRE(t->CreateTexture(64, 64, 0, 0, format, pool, &texture, nullptr) == D3D_OK);
            const BYTE* base = nullptr;
            size_t offset = 0;
            for (UINT level = 0; level < texture->GetLevelCount(); ++level) {
                D3DLOCKED_RECT locked{};
                REQUIRE(texture->LockRect(level, &locked, nullptr, D3DLOCK_READONLY) == D3D_OK);
                if (!base) base = static_cast<const BYTE*>(locked.pBits);
                CHECK(static_cast<const BYTE*>(locked.pBits) == base + offset);
                offset += size_t(64 >> level) * locked.Pitch;
                CHECK_EQ(texture->UnlockRect(level), D3D_OK);
            }
            texture->Release();

            IDirect3DCubeTexture9* cube = nullptr;
            REQUIRE(t->CreateCubeTexture(10, 0, 0, format, pool, &cube, nullptr) == D3D_OK);
            base = nullptr;
            offset = 0;
            for (UINT face = 0; face < 6; ++face) {
                for (UINT level = 0; level < cube->GetLevelCount(); ++level) {
                    D3DLOCKED_RECT locked{};
                    REQUIRE(cube->LockRect(D3DCUBEMAP_FACES(face), level, &locked, nullptr,
                                           D3DLOCK_READONLY) == D3D_OK);
                    if (!base) base = static_cast<const BYTE*>(locked.pBits);
                    CHECK(static_cast<const BYTE*>(locked.pBits) == base + offset);
                    offset += size_t(std::max(1, 10 >> level)) * locked.Pitch;
                    CHECK_EQ(cube->UnlockRect(D3DCUBEMAP_FACES(face), level), D3D_OK);
                }
                offset = (offset + 15) & ~size_t{15};
            }
            cube->Release();
        }
    }
}

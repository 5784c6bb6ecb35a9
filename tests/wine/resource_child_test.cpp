// What every object a device makes shares (src/d3d9/device_child.h, resource_child.h), checked
// on each kind: QueryInterface (IUnknown::QueryInterface's rules), GetDevice, private data
// (IDirect3DResource9::SetPrivateData / GetPrivateData / FreePrivateData), priorities
// (IDirect3DResource9::SetPriority: "returns 0 on non-managed resources") and GetType.
#include "check.h"
#include "shader_support.h"

#include <cstdio>
#include <cstring>
#include <initializer_list>
#include <tuple>
#include <utility>
#include <vector>

namespace {

// A failed expectation, named after the object kind it was checked on.
void expect(bool ok, const char* kind, const char* what, int line) {
    if (ok) return;
    char text[200];
    std::snprintf(text, sizeof text, "%s: %s", kind, what);
    wine_check::fail(__FILE__, line, text);
}
#define EXPECT(cond, kind) expect((cond), (kind), #cond, __LINE__)

ULONG references(IUnknown* object) {
    object->AddRef();
    return object->Release();
}

// An interface of the test's own, whose count tells what the runtime holds on it. COM
// interfaces have no virtual destructor (the DLL's build turns this warning off too).
#pragma GCC diagnostic ignored "-Wnon-virtual-dtor"
struct CountedUnknown final : IUnknown {
    ULONG count = 1;
    HRESULT STDMETHODCALLTYPE QueryInterface(REFIID, void** out) override {
        *out = nullptr;
        return E_NOINTERFACE;
    }
    ULONG STDMETHODCALLTYPE AddRef() override { return ++count; }
    ULONG STDMETHODCALLTYPE Release() override { return --count; }
};

// A device and one object of every kind it makes (swap chains aside), released at the end.
struct Objects {
    TestDevice t{16, 16};
    IDirect3DVertexBuffer9* vertices = nullptr;
    IDirect3DIndexBuffer9* indices = nullptr;
    IDirect3DTexture9* texture = nullptr;
    IDirect3DCubeTexture9* cube = nullptr;
    IDirect3DVolumeTexture9* volumeTexture = nullptr;
    IDirect3DSurface9* plain = nullptr;  // offscreen, system memory
    IDirect3DSurface9* target = nullptr; // render target
    IDirect3DSurface9* level = nullptr;  // level 0 of `texture`
    IDirect3DVolume9* volume = nullptr;  // level 0 of `volumeTexture`
    IDirect3DVertexShader9* vs = nullptr;
    IDirect3DPixelShader9* ps = nullptr;
    IDirect3DVertexDeclaration9* declaration = nullptr;
    IDirect3DQuery9* query = nullptr;
    IDirect3DStateBlock9* block = nullptr;
    bool ok = false;

    // Buffers and textures in `pool` (D3DPOOL_DEFAULT or D3DPOOL_MANAGED).
    explicit Objects(D3DPOOL pool) {
        const D3DVERTEXELEMENT9 elements[] = {
            {0, 0, D3DDECLTYPE_FLOAT3, D3DDECLMETHOD_DEFAULT, D3DDECLUSAGE_POSITION, 0}, D3DDECL_END()};
        IDirect3DDevice9* d = t.device;
        ok =
            d && d->CreateVertexBuffer(64, 0, 0, pool, &vertices, nullptr) == D3D_OK &&
            d->CreateIndexBuffer(64, 0, D3DFMT_INDEX16, pool, &indices, nullptr) == D3D_OK &&
            d->CreateTexture(8, 8, 1, 0, D3DFMT_A8R8G8B8, pool, &texture, nullptr) == D3D_OK &&
            d->CreateCubeTexture(8, 1, 0, D3DFMT_A8R8G8B8, pool, &cube, nullptr) == D3D_OK &&
            d->CreateVolumeTexture(4, 4, 4, 1, 0, D3DFMT_A8R8G8B8, pool, &volumeTexture, nullptr) == D3D_OK &&
            d->CreateOffscreenPlainSurface(8, 8, D3DFMT_A8R8G8B8, D3DPOOL_SYSTEMMEM, &plain, nullptr) ==
                D3D_OK &&
            d->CreateRenderTarget(8, 8, D3DFMT_X8R8G8B8, D3DMULTISAMPLE_NONE, 0, FALSE, &target, nullptr) ==
                D3D_OK &&
            texture->GetSurfaceLevel(0, &level) == D3D_OK &&
            volumeTexture->GetVolumeLevel(0, &volume) == D3D_OK &&
            d->CreateVertexShader(shader_code::kColourVs30, &vs) == D3D_OK &&
            d->CreatePixelShader(shader_code::kColourPs30, &ps) == D3D_OK &&
            d->CreateVertexDeclaration(elements, &declaration) == D3D_OK &&
            d->CreateQuery(D3DQUERYTYPE_EVENT, &query) == D3D_OK &&
            d->CreateStateBlock(D3DSBT_ALL, &block) == D3D_OK;
    }
    ~Objects() {
        for (IUnknown* o :
             std::initializer_list<IUnknown*>{vertices, indices, level, volume, texture, cube, volumeTexture,
                                              plain, target, vs, ps, declaration, query, block})
            if (o) o->Release();
    }
    Objects(const Objects&) = delete;
    Objects& operator=(const Objects&) = delete;
};

// Each object, the interfaces it is (IUnknown first), and one it is not.
struct InterfaceRow {
    const char* kind;
    IUnknown* object;
    std::vector<IID> answered;
    IID refused;
};

std::vector<InterfaceRow> interfaceRows(const Objects& o) {
    const IID unknown = __uuidof(IUnknown), resource = __uuidof(IDirect3DResource9),
              base = __uuidof(IDirect3DBaseTexture9), surface = __uuidof(IDirect3DSurface9),
              texture = __uuidof(IDirect3DTexture9), vertices = __uuidof(IDirect3DVertexBuffer9),
              indices = __uuidof(IDirect3DIndexBuffer9), vs = __uuidof(IDirect3DVertexShader9),
              ps = __uuidof(IDirect3DPixelShader9), cube = __uuidof(IDirect3DCubeTexture9);
    return {
        {"vertex buffer", o.vertices, {unknown, resource, vertices}, indices},
        {"index buffer", o.indices, {unknown, resource, indices}, vertices},
        {"texture", o.texture, {unknown, resource, base, texture}, cube},
        {"cube texture", o.cube, {unknown, resource, base, cube}, texture},
        {"volume texture",
         o.volumeTexture,
         {unknown, resource, base, __uuidof(IDirect3DVolumeTexture9)},
         __uuidof(IDirect3DVolume9)},
        {"plain surface", o.plain, {unknown, resource, surface}, base},
        {"render target", o.target, {unknown, resource, surface}, base},
        {"texture level", o.level, {unknown, resource, surface}, texture},
        // IDirect3DVolume9 derives from IUnknown, not from IDirect3DResource9.
        {"volume", o.volume, {unknown, __uuidof(IDirect3DVolume9)}, resource},
        {"vertex shader", o.vs, {unknown, vs}, ps},
        {"pixel shader", o.ps, {unknown, ps}, vs},
        {"declaration", o.declaration, {unknown, __uuidof(IDirect3DVertexDeclaration9)}, resource},
        {"query", o.query, {unknown, __uuidof(IDirect3DQuery9)}, resource},
        {"state block", o.block, {unknown, __uuidof(IDirect3DStateBlock9)}, resource},
    };
}

// The resources (surfaces included), by name, with the type GetType answers.
struct ResourceRow {
    const char* kind;
    IDirect3DResource9* resource;
    D3DRESOURCETYPE type;
};

std::vector<ResourceRow> resources(const Objects& o) {
    return {{"vertex buffer", o.vertices, D3DRTYPE_VERTEXBUFFER},
            {"index buffer", o.indices, D3DRTYPE_INDEXBUFFER},
            {"texture", o.texture, D3DRTYPE_TEXTURE},
            {"cube texture", o.cube, D3DRTYPE_CUBETEXTURE},
            {"volume texture", o.volumeTexture, D3DRTYPE_VOLUMETEXTURE},
            {"plain surface", o.plain, D3DRTYPE_SURFACE},
            {"render target", o.target, D3DRTYPE_SURFACE},
            {"texture level", o.level, D3DRTYPE_SURFACE}};
}

// SetPrivateData / GetPrivateData / FreePrivateData with plain bytes on `object`.
template <class T> void checkPrivateBytes(const char* kind, T* object) {
    const GUID guid = {0x5D1E5A9B, 0x0C11, 0x4A6E, {0x91, 0x2F, 0x3C, 0x44, 0x5B, 0x60, 0x71, 0x82}};
    const DWORD value[2] = {0x01234567, 0x89ABCDEF};
    EXPECT(object->SetPrivateData(guid, value, sizeof value, 0) == D3D_OK, kind);
    DWORD read[2] = {}, size = sizeof read;
    EXPECT(object->GetPrivateData(guid, read, &size) == D3D_OK, kind);
    EXPECT(size == sizeof value && std::memcmp(read, value, sizeof value) == 0, kind);
    // Too small: D3DERR_MOREDATA and the size needed; no buffer: D3D_OK and the size (Wine's
    // test_private_data).
    size = 4;
    EXPECT(object->GetPrivateData(guid, read, &size) == D3DERR_MOREDATA && size == sizeof value, kind);
    size = 1;
    EXPECT(object->GetPrivateData(guid, nullptr, &size) == D3D_OK && size == sizeof value, kind);
    const GUID other = {0x5D1E5A9C, 0x0C11, 0x4A6E, {0x91, 0x2F, 0x3C, 0x44, 0x5B, 0x60, 0x71, 0x82}};
    EXPECT(object->GetPrivateData(other, nullptr, nullptr) == D3DERR_NOTFOUND, kind);
    EXPECT(object->FreePrivateData(guid) == D3D_OK, kind);
    size = sizeof read;
    EXPECT(object->GetPrivateData(guid, read, &size) == D3DERR_NOTFOUND, kind);
    EXPECT(object->FreePrivateData(guid) == D3DERR_NOTFOUND, kind);
}

// D3DSPD_IUNKNOWN: the data is the interface pointer itself, with its pointer's size (Wine's
// test_private_data records Windows; a program passing its device pointer so must not crash). A
// reference is held until the data is replaced or freed; GetPrivateData writes the pointer and
// adds one.
template <class T> void checkPrivateInterface(const char* kind, T* object) {
    const GUID guid = {0x7F0A2C31, 0x5B4D, 0x4E2A, {0x8C, 0x19, 0x2D, 0x3E, 0x4F, 0x50, 0x61, 0x72}};
    CountedUnknown counted;
    IUnknown* pointer = &counted;
    EXPECT(object->SetPrivateData(guid, pointer, sizeof pointer - 1, D3DSPD_IUNKNOWN) == D3DERR_INVALIDCALL,
           kind);
    EXPECT(object->SetPrivateData(guid, pointer, 2 * sizeof pointer, D3DSPD_IUNKNOWN) == D3DERR_INVALIDCALL,
           kind);
    EXPECT(counted.count == 1, kind);
    EXPECT(object->SetPrivateData(guid, pointer, sizeof pointer, D3DSPD_IUNKNOWN) == D3D_OK, kind);
    EXPECT(counted.count == 2, kind);
    IUnknown* read[2] = {};
    DWORD size = sizeof read;
    EXPECT(object->GetPrivateData(guid, read, &size) == D3D_OK && read[0] == pointer &&
               size == sizeof pointer,
           kind);
    EXPECT(counted.count == 3, kind);
    counted.Release();
    const DWORD bytes = 7; // replacing the data releases the interface
    EXPECT(object->SetPrivateData(guid, &bytes, sizeof bytes, 0) == D3D_OK, kind);
    EXPECT(counted.count == 1, kind);
    EXPECT(object->SetPrivateData(guid, pointer, sizeof pointer, D3DSPD_IUNKNOWN) == D3D_OK, kind);
    EXPECT(object->FreePrivateData(guid) == D3D_OK, kind);
    EXPECT(counted.count == 1, kind);
}

} // namespace

// IUnknown::QueryInterface: S_OK with the same object and one more reference for each interface
// the object is; E_NOINTERFACE with the output null (and no reference) for another; E_POINTER
// for a null output.
TEST(ResourceChild, QueryInterfaceAnswersEveryInterfaceTheObjectIsAndNoOther) {
    Objects o(D3DPOOL_DEFAULT);
    REQUIRE(o.ok);
    for (const InterfaceRow& row : interfaceRows(o)) {
        const ULONG before = references(row.object);
        for (const IID& iid : row.answered) {
            void* out = nullptr;
            EXPECT(row.object->QueryInterface(iid, &out) == S_OK && out == row.object, row.kind);
            EXPECT(references(row.object) == before + 1, row.kind);
            if (out) static_cast<IUnknown*>(out)->Release();
        }
        void* out = reinterpret_cast<void*>(1);
        EXPECT(row.object->QueryInterface(row.refused, &out) == E_NOINTERFACE && out == nullptr, row.kind);
        EXPECT(row.object->QueryInterface(row.answered.back(), nullptr) == E_POINTER, row.kind);
        EXPECT(references(row.object) == before, row.kind);
    }
}

// GetDevice: the device, with a reference for the caller; D3DERR_INVALIDCALL for a null output.
TEST(ResourceChild, GetDeviceGivesTheDeviceWithAReference) {
    Objects o(D3DPOOL_DEFAULT);
    REQUIRE(o.ok);
    IDirect3DDevice9* const own = o.t.device;
    const ULONG before = references(own);
    auto check = [&](const char* kind, auto* object) {
        IDirect3DDevice9* device = nullptr;
        EXPECT(object->GetDevice(&device) == D3D_OK && device == own, kind);
        EXPECT(references(own) == before + 1, kind);
        if (device) device->Release();
        EXPECT(object->GetDevice(nullptr) == D3DERR_INVALIDCALL, kind);
    };
    for (const ResourceRow& row : resources(o))
        check(row.kind, row.resource);
    // The other kinds, each of its own interface type.
    std::apply([&](auto... named) { (check(named.first, named.second), ...); },
               std::tuple{std::pair{"volume", o.volume}, std::pair{"vertex shader", o.vs},
                          std::pair{"pixel shader", o.ps}, std::pair{"declaration", o.declaration},
                          std::pair{"query", o.query}, std::pair{"state block", o.block}});
}

// Private data round-trips on every resource kind, texture levels and volumes included.
TEST(ResourceChild, PrivateDataRoundTripsOnEveryResourceKind) {
    Objects o(D3DPOOL_MANAGED);
    REQUIRE(o.ok);
    for (const ResourceRow& row : resources(o))
        checkPrivateBytes(row.kind, row.resource);
    checkPrivateBytes("volume", o.volume);
}

// D3DSPD_IUNKNOWN: "Direct3D automatically calls AddRef ... and Release when the private data is
// destroyed" (replaced, freed, or the object released); GetPrivateData adds a reference.
TEST(ResourceChild, PrivateInterfaceIsHeldUntilReplacedFreedOrReleased) {
    CountedUnknown counted;
    IUnknown* pointer = &counted;
    const GUID guid = {0x2B3C4D5E, 0x6F70, 0x4182, {0x93, 0xA4, 0xB5, 0xC6, 0xD7, 0xE8, 0xF9, 0x0A}};
    {
        Objects o(D3DPOOL_MANAGED);
        REQUIRE(o.ok);
        for (const ResourceRow& row : resources(o))
            checkPrivateInterface(row.kind, row.resource);
        checkPrivateInterface("volume", o.volume);
        // Held by each object until it goes (levels go with their textures).
        for (const ResourceRow& row : resources(o))
            EXPECT(row.resource->SetPrivateData(guid, pointer, sizeof pointer, D3DSPD_IUNKNOWN) == D3D_OK,
                   row.kind);
        CHECK_EQ(o.volume->SetPrivateData(guid, pointer, sizeof pointer, D3DSPD_IUNKNOWN), D3D_OK);
        CHECK_EQ(counted.count, 1u + resources(o).size() + 1u);
    }
    CHECK_EQ(counted.count, 1u);
}

// SetPriority answers the previous priority and GetPriority the priority for managed resources;
// both answer 0, and nothing is kept, for the others.
TEST(ResourceChild, OnlyManagedResourcesKeepAPriority) {
    Objects managed(D3DPOOL_MANAGED), plain(D3DPOOL_DEFAULT);
    REQUIRE(managed.ok && plain.ok);
    for (const ResourceRow& row : resources(managed)) {
        // Surfaces of their own are never managed; a level's priority D3D9 does not document.
        if (row.type == D3DRTYPE_SURFACE) continue;
        IDirect3DResource9* r = row.resource;
        EXPECT(r->GetPriority() == 0, row.kind); // "Managed resources have a default priority of 0"
        EXPECT(r->SetPriority(7) == 0 && r->GetPriority() == 7, row.kind);
        EXPECT(r->SetPriority(9) == 7 && r->GetPriority() == 9, row.kind);
    }
    for (const ResourceRow& row : resources(plain)) {
        if (row.resource == plain.level) continue; // a level: as above
        IDirect3DResource9* r = row.resource;
        EXPECT(r->SetPriority(7) == 0 && r->GetPriority() == 0, row.kind);
        EXPECT(r->SetPriority(9) == 0, row.kind);
    }
}

// GetType names the kind of each resource.
TEST(ResourceChild, GetTypeNamesTheResourceKind) {
    Objects o(D3DPOOL_MANAGED);
    REQUIRE(o.ok);
    for (const ResourceRow& row : resources(o))
        EXPECT(row.resource->GetType() == row.type, row.kind);
}

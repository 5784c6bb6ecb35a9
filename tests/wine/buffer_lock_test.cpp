// What a buffer's lock flags do where D3D9 gives them less than their name (docs/d3d9-dll.md,
// "Devices"): Windows' answers as Wine's test_pinned_buffers and test_vb_lock_flags record them.
#include "check.h"
#include "device_support.h"

#include <vector>

namespace {

struct Xyz {
    float x, y, z;
};
constexpr UINT kVertices = 1024;

// Fills a buffer of kVertices vertices {i, 2i, 3i} under a DISCARD lock, draws two triangles
// from it, and locks it with `secondFlags` (DISCARD unless told): true when that lock gave every
// vertex as written.
bool discardKeepsTheContents(IDirect3DDevice9* device, D3DPOOL pool, DWORD usage, void** first, void** second,
                             DWORD secondFlags = D3DLOCK_DISCARD) {
    IDirect3DVertexBuffer9* vb = nullptr;
    if (device->CreateVertexBuffer(kVertices * sizeof(Xyz), usage, 0, pool, &vb, nullptr) != D3D_OK)
        return false;
    D3DVERTEXBUFFER_DESC desc{};
    bool same = vb->GetDesc(&desc) == D3D_OK && desc.Pool == pool && desc.Usage == usage;
    Xyz* v = nullptr;
    if (vb->Lock(0, kVertices * sizeof(Xyz), reinterpret_cast<void**>(&v), D3DLOCK_DISCARD) != D3D_OK) {
        vb->Release();
        return false;
    }
    *first = v;
    for (UINT i = 0; i < kVertices; ++i)
        v[i] = {float(i), float(2 * i), float(3 * i)};
    same = same && vb->Unlock() == D3D_OK;
    same = same && device->SetFVF(D3DFVF_XYZ) == D3D_OK &&
           device->SetStreamSource(0, vb, 0, sizeof(Xyz)) == D3D_OK && device->BeginScene() == D3D_OK &&
           device->DrawPrimitive(D3DPT_TRIANGLELIST, 0, 2) == D3D_OK && device->EndScene() == D3D_OK;
    if (vb->Lock(0, kVertices * sizeof(Xyz), reinterpret_cast<void**>(&v), secondFlags) == D3D_OK) {
        *second = v;
        for (UINT i = 0; i < kVertices; ++i)
            same = same && v[i].x == float(i) && v[i].y == float(2 * i) && v[i].z == float(3 * i);
        same = same && vb->Unlock() == D3D_OK;
    } else {
        same = false;
    }
    device->SetStreamSource(0, nullptr, 0, 0);
    vb->Release();
    return same;
}

} // namespace

// DISCARD renames only default-pool buffers of devices that process vertices in hardware: a
// managed or system-memory buffer, or a software device's default-pool one (whose memory
// Windows keeps in system memory), keeps its pointer and its contents.
TEST(BufferLocks, DiscardKeepsBuffersWindowsDoesNotRename) {
    const struct {
        DWORD device;
        D3DPOOL pool;
        DWORD usage;
    } cases[] = {
        {D3DCREATE_SOFTWARE_VERTEXPROCESSING, D3DPOOL_DEFAULT, D3DUSAGE_DYNAMIC | D3DUSAGE_WRITEONLY},
        {D3DCREATE_HARDWARE_VERTEXPROCESSING, D3DPOOL_MANAGED, 0},
        {D3DCREATE_HARDWARE_VERTEXPROCESSING, D3DPOOL_SYSTEMMEM, 0},
    };
    for (const auto& c : cases) {
        TestDevice t(64, 64, false, c.device);
        REQUIRE(t.device != nullptr);
        void *first = nullptr, *second = nullptr;
        CHECK(discardKeepsTheContents(t.device, c.pool, c.usage, &first, &second));
        CHECK(first == second);
    }
}

// NOOVERWRITE | DISCARD is a NOOVERWRITE lock: even a buffer DISCARD would rename keeps its
// memory, unsynchronised with the draws that read it (Wine's test_map_synchronisation: Windows'
// in-flight draw sees what the lock wrote).
TEST(BufferLocks, NoOverwriteDiscardIsANoOverwrite) {
    TestDevice t(64, 64);
    REQUIRE(t.device != nullptr);
    void *first = nullptr, *second = nullptr;
    CHECK(discardKeepsTheContents(t.device, D3DPOOL_DEFAULT, D3DUSAGE_DYNAMIC | D3DUSAGE_WRITEONLY, &first,
                                  &second, D3DLOCK_NOOVERWRITE | D3DLOCK_DISCARD));
    CHECK(first == second);
}

// A hardware device's dynamic default-pool buffer is renamed: the earlier draw keeps its
// vertices and the new memory need not hold them (render_test.cpp draws what each lock wrote).
// READONLY | DISCARD is taken as a read-only lock, as Windows XP took it (Windows 7 refuses it;
// Wine's test_vb_lock_flags accepts both, and notes a game that needs XP's answer).
TEST(BufferLocks, ReadOnlyDiscardIsARead) {
    TestDevice t(64, 64);
    REQUIRE(t.device != nullptr);
    IDirect3DVertexBuffer9* vb = nullptr;
    REQUIRE(t->CreateVertexBuffer(1024, D3DUSAGE_DYNAMIC, 0, D3DPOOL_DEFAULT, &vb, nullptr) == D3D_OK);
    BYTE* p = nullptr;
    REQUIRE(vb->Lock(0, 0, reinterpret_cast<void**>(&p), D3DLOCK_DISCARD) == D3D_OK);
    for (int i = 0; i < 1024; ++i)
        p[i] = BYTE(i * 7);
    CHECK_EQ(vb->Unlock(), D3D_OK);
    CHECK_EQ(vb->Lock(0, 0, reinterpret_cast<void**>(&p), D3DLOCK_READONLY | D3DLOCK_DISCARD), D3D_OK);
    bool kept = p != nullptr;
    for (int i = 0; kept && i < 1024; ++i)
        kept = p[i] == BYTE(i * 7);
    CHECK(kept);
    CHECK_EQ(vb->Unlock(), D3D_OK);
    for (DWORD flags : {DWORD(D3DLOCK_READONLY), DWORD(D3DLOCK_NOOVERWRITE | D3DLOCK_DISCARD),
                        DWORD(D3DLOCK_NOOVERWRITE | D3DLOCK_READONLY)}) {
        CHECK_EQ(vb->Lock(0, 0, reinterpret_cast<void**>(&p), flags), D3D_OK);
        CHECK_EQ(vb->Unlock(), D3D_OK);
    }
    vb->Release();
}

// A hardware device's dynamic default-pool buffer, locked with DISCARD after a draw read it and
// released with the device: the renamed memory outlives the recorded draw (no validation
// message; every Wine test runs with the validation layer).
TEST(BufferLocks, DiscardAfterADrawThenReleaseIsClean) {
    TestDevice t(64, 64);
    REQUIRE(t.device != nullptr);
    void *first = nullptr, *second = nullptr;
    discardKeepsTheContents(t.device, D3DPOOL_DEFAULT, D3DUSAGE_DYNAMIC | D3DUSAGE_WRITEONLY, &first,
                            &second);
    CHECK(second != nullptr);
}

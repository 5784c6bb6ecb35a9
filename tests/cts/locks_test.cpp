// Locks through the UMD door while the GPU still reads the old contents: DISCARD renames the
// buffer (earlier draws keep the old data), NOOVERWRITE hands out the memory at once, and
// neither waits: the queue is held for the whole scene, so a lock that waited would deadlock
// (the queue's test gate turns that wait into an error). D3D9's rule (IDirect3DVertexBuffer9::
// Lock): DISCARD "the application discards all memory within the locked region"; NOOVERWRITE
// "the application promises not to overwrite any data in the vertex buffer" that is in use.
#include "cts/cts_fixture.h"

#include "device/device.h"
#include "vk/queue.h"

namespace ddivk::test {
namespace {

struct Point {
    float x, y;
    uint32_t color;
};

// The coloured-point program of cts_fixture.h.
constexpr const char* kVs = kColorPointVs;
constexpr const char* kPs = kColorPointPs;
const std::vector<D3DVERTEXELEMENT9> kDecl = colorPointDeclaration();

class Locks : public Cts {
  protected:
    void SetUp() override {
        Cts::SetUp();
        CommandStream s;
        clear(s, D3DCLEAR_TARGET, kCtsBackground);
        run(s);
        setProgram(kVs, kPs, kDecl);
        setPixelToClip();
    }
    HRESULT lock(uint32_t buffer, uint32_t flags, void** data, uint32_t offset = 0, uint32_t size = 0) {
        D3DDDIARG_LOCK a{};
        a.hResource = reinterpret_cast<HANDLE>(uintptr_t(buffer));
        a.Flags.Value = flags | (size ? uint32_t(D3DDDI_LOCK_RANGEVALID) : 0u);
        a.Range = {offset, size};
        const HRESULT hr = umd().pfnLock(dev(), &a);
        *data = a.pSurfData;
        return hr;
    }
    void unlock(uint32_t buffer) {
        D3DDDIARG_UNLOCK a{reinterpret_cast<HANDLE>(uintptr_t(buffer)), 0, 0};
        ASSERT_EQ(umd().pfnUnlock(dev(), &a), S_OK);
    }
    static vk::Queue& queue() { return driverDevice().vulkan().queue(); }
    uint32_t pixel(int x, int y) { return readTarget()[y * kWidth + x]; }
};

TEST_F(Locks, DiscardRenamesWhileTheGpuReadsTheOldData) {
    const uint32_t vb = createBuffer(nullptr, 4 * sizeof(Point), false, D3DDDI_RESOURCE_DYNAMIC);
    void* data = nullptr;
    ASSERT_EQ(lock(vb, D3DDDI_LOCK_DISCARD, &data), S_OK);
    static_cast<Point*>(data)[0] = {5, 5, 0xFFFF0000};
    unlock(vb);
    setStream(Door::Umd, 0, vb, 0, sizeof(Point));

    queue().holdQueueForTesting();
    ASSERT_EQ(drawPrimitive(Door::Umd, D3DPT_POINTLIST, 0, 1), S_OK);
    driverDevice().commands().flush(); // submitted, and held: the GPU has not read it yet
    ASSERT_EQ(lock(vb, D3DDDI_LOCK_DISCARD, &data), S_OK) << "a DISCARD lock must not wait";
    static_cast<Point*>(data)[0] = {9, 5, 0xFF00FF00};
    unlock(vb);
    ASSERT_EQ(drawPrimitive(Door::Dp2, D3DPT_POINTLIST, 0, 1), S_OK);
    queue().releaseQueueForTesting();

    EXPECT_EQ(pixel(5, 5), 0xFFFF0000u) << "the first draw reads the data it was recorded with";
    EXPECT_EQ(pixel(9, 5), 0xFF00FF00u);
}

// A buffer destroyed after a DISCARD lock renamed it away from a recorded draw: the old memory
// stays until that draw has run (the fixture fails on any validation message, such as a command
// buffer ended with a destroyed buffer bound), and the draw reads what it was recorded with.
TEST_F(Locks, DestroyAfterARenameWaitsForTheRenamedMemory) {
    const uint32_t vb = createBuffer(nullptr, 4 * sizeof(Point), false, D3DDDI_RESOURCE_DYNAMIC);
    void* data = nullptr;
    ASSERT_EQ(lock(vb, D3DDDI_LOCK_DISCARD, &data), S_OK);
    static_cast<Point*>(data)[0] = {6, 4, 0xFF0000FF};
    unlock(vb);
    setStream(Door::Umd, 0, vb, 0, sizeof(Point));
    ASSERT_EQ(drawPrimitive(Door::Umd, D3DPT_POINTLIST, 0, 1), S_OK); // recorded, not submitted
    ASSERT_EQ(lock(vb, D3DDDI_LOCK_DISCARD, &data), S_OK);            // renames: the draw reads the old
    unlock(vb);
    setStream(Door::Umd, 0, 0, 0, 0);
    ASSERT_EQ(umd().pfnDestroyResource(dev(), reinterpret_cast<HANDLE>(uintptr_t(vb))), S_OK);
    EXPECT_EQ(pixel(6, 4), 0xFF0000FFu);
}

TEST_F(Locks, NoOverwriteNeverWaits) {
    const uint32_t vb = createBuffer(nullptr, 4 * sizeof(Point), false, D3DDDI_RESOURCE_DYNAMIC);
    void* data = nullptr;
    ASSERT_EQ(lock(vb, 0, &data), S_OK);
    static_cast<Point*>(data)[0] = {3, 2, 0xFF0000FF};
    unlock(vb);
    setStream(Door::Umd, 0, vb, 0, sizeof(Point));

    queue().holdQueueForTesting();
    ASSERT_EQ(drawPrimitive(Door::Umd, D3DPT_POINTLIST, 0, 1), S_OK);
    driverDevice().commands().flush();
    // Appending after the data in use, as NOOVERWRITE promises.
    ASSERT_EQ(lock(vb, D3DDDI_LOCK_NOOVERWRITE, &data, sizeof(Point), sizeof(Point)), S_OK);
    *static_cast<Point*>(data) = {4, 2, 0xFFFFFF00};
    unlock(vb);
    ASSERT_EQ(drawPrimitive(Door::Umd, D3DPT_POINTLIST, 1, 1), S_OK);
    // A plain lock would wait for the GPU: with DONOTWAIT it answers WASSTILLDRAWING instead.
    EXPECT_EQ(lock(vb, D3DDDI_LOCK_DONOTWAIT, &data), D3DERR_WASSTILLDRAWING);
    queue().releaseQueueForTesting();

    EXPECT_EQ(pixel(3, 2), 0xFF0000FFu);
    EXPECT_EQ(pixel(4, 2), 0xFFFFFF00u);
}

TEST_F(Locks, PlainLockSeesTheBufferAfterEarlierDraws) {
    const uint32_t vb = createBuffer(nullptr, 4 * sizeof(Point));
    void* data = nullptr;
    ASSERT_EQ(lock(vb, 0, &data), S_OK);
    static_cast<Point*>(data)[0] = {1, 1, 0xFF00FFFF};
    unlock(vb);
    setStream(Door::Dp2, 0, vb, 0, sizeof(Point));
    ASSERT_EQ(drawPrimitive(Door::Dp2, D3DPT_POINTLIST, 0, 1), S_OK);
    // Waits for that draw, then the new contents feed the next one only.
    ASSERT_EQ(lock(vb, 0, &data), S_OK);
    static_cast<Point*>(data)[0] = {2, 1, 0xFFFF00FF};
    unlock(vb);
    ASSERT_EQ(drawPrimitive(Door::Dp2, D3DPT_POINTLIST, 0, 1), S_OK);
    EXPECT_EQ(pixel(1, 1), 0xFF00FFFFu);
    EXPECT_EQ(pixel(2, 1), 0xFFFF00FFu);
}

TEST_F(Locks, DiscardMemoryStaysBoundedOverManyFrames) {
    const uint32_t vb = createBuffer(nullptr, 4 * sizeof(Point), false, D3DDDI_RESOURCE_DYNAMIC);
    setStream(Door::Umd, 0, vb, 0, sizeof(Point));
    for (int frame = 0; frame < 200; ++frame) {
        void* data = nullptr;
        ASSERT_EQ(lock(vb, D3DDDI_LOCK_DISCARD, &data), S_OK);
        static_cast<Point*>(data)[0] = {float(frame % 8), 7, 0xFF808080};
        unlock(vb);
        ASSERT_EQ(drawPrimitive(Door::Umd, D3DPT_POINTLIST, 0, 1), S_OK);
        // A frame of 10 draws, presented and waited for as a vsynced program would be.
        if (frame % 10 == 9) queue().wait(driverDevice().commands().flush());
    }
    // Ten renames a frame at most, reused frame after frame: memory does not grow.
    EXPECT_LE(driverDevice().findResource(vb)->bufferVersions(), 11u);
}

TEST_F(Locks, BadLocksChangeNothing) {
    const uint32_t vb = createBuffer(nullptr, 64);
    void* data = nullptr;
    EXPECT_EQ(lock(vb, D3DDDI_LOCK_READONLY | D3DDDI_LOCK_DISCARD, &data), D3DERR_INVALIDCALL);
    EXPECT_EQ(lock(vb, 0, &data, 60, 8), D3DERR_INVALIDCALL) << "a range past the end";
    EXPECT_EQ(lock(12345, 0, &data), D3DERR_INVALIDCALL);
    ASSERT_EQ(lock(vb, 0, &data), S_OK);
    EXPECT_EQ(lock(vb, 0, &data), D3DERR_INVALIDCALL) << "already locked";
    unlock(vb);
    D3DDDIARG_UNLOCK a{reinterpret_cast<HANDLE>(uintptr_t(vb)), 0, 0};
    EXPECT_EQ(umd().pfnUnlock(dev(), &a), D3DERR_INVALIDCALL) << "not locked";
}

} // namespace
} // namespace ddivk::test

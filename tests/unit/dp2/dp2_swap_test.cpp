// D3DHALDP2_SWAPCOMMANDBUFFER / SWAPVERTEXBUFFER: renaming through the buffer pool, never a
// stall; and the pool's create/destroy API.
#include "dp2_fixture.h"

namespace ddivk::dp2::test {
namespace {

// Pool-made command and vertex buffers, and a stream with one TRIANGLELIST over 3 vertices.
struct Pooled {
    Dp2BufferPool& pool;
    DDIVK_DP2BUFFER* commands = pool.create(4096, DDIVK_DP2BUFFER_COMMANDS);
    DDIVK_DP2BUFFER* vertices = pool.create(4096, DDIVK_DP2BUFFER_VERTICES);
    CommandStream stream;
    explicit Pooled(Dp2BufferPool& p) : pool(p) {
        stream.cmd(D3DDP2OP_TRIANGLELIST, 1).put(D3DHAL_DP2STARTVERTEX{0});
    }
    ~Pooled() {
        pool.destroy(commands);
        pool.destroy(vertices);
    }
};

TEST_F(DP2, PoolCreatesAlignedBuffersOfAtLeastTheRequestedSize) {
    Dp2BufferPool& pool = contexts.bufferPool();
    DDIVK_DP2BUFFER* b = pool.create(100, DDIVK_DP2BUFFER_COMMANDS);
    ASSERT_NE(b, nullptr);
    EXPECT_GE(b->dwSize, 100u);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(b->lpMemory) % Dp2BufferPool::kAlignment, 0u);
    EXPECT_EQ(b->dwFlags, DDIVK_DP2BUFFER_COMMANDS);
    EXPECT_TRUE(pool.owns(*b));
    pool.destroy(b);
    EXPECT_EQ(pool.freeBlockCount(), 1u); // its memory is kept for reuse
    pool.destroy(nullptr);
}

TEST_F(DP2, SwapCommandBufferRenamesWithoutStall) {
    Pooled p(contexts.bufferPool());
    void* before = p.commands->lpMemory;
    runPooled(p.stream, p.commands, p.vertices, D3DHALDP2_SWAPCOMMANDBUFFER);
    ASSERT_EQ(data.ddrval, S_OK);
    EXPECT_EQ(data.lpDDCommands, p.commands); // the runtime's buffer object stays
    EXPECT_NE(p.commands->lpMemory, before);  // its memory is fresh
    EXPECT_GE(p.commands->dwSize, 4096u);
    EXPECT_EQ(target.calls.size(), 1u);     // executed before the rename
    EXPECT_EQ(p.pool.freeBlockCount(), 1u); // the old memory was recycled at once
}

TEST_F(DP2, RenamedBuffersAreRecycled) {
    Pooled p(contexts.bufferPool());
    void* first = p.commands->lpMemory;
    runPooled(p.stream, p.commands, p.vertices, D3DHALDP2_SWAPCOMMANDBUFFER);
    void* second = p.commands->lpMemory;
    runPooled(p.stream, p.commands, p.vertices, D3DHALDP2_SWAPCOMMANDBUFFER);
    EXPECT_EQ(p.commands->lpMemory, first); // ping-pong between two blocks, no growth
    runPooled(p.stream, p.commands, p.vertices, D3DHALDP2_SWAPCOMMANDBUFFER);
    EXPECT_EQ(p.commands->lpMemory, second);
    EXPECT_EQ(p.pool.freeBlockCount(), 1u);
    EXPECT_EQ(target.calls.size(), 3u);
}

TEST_F(DP2, SwapCommandBufferHonoursRequestedSize) {
    Pooled p(contexts.bufferPool());
    runPooled(p.stream, p.commands, p.vertices, D3DHALDP2_SWAPCOMMANDBUFFER | D3DHALDP2_REQCOMMANDBUFSIZE,
              1u << 20);
    ASSERT_EQ(data.ddrval, S_OK);
    EXPECT_GE(p.commands->dwSize, 1u << 20);
}

TEST_F(DP2, SwapVertexBufferHonoursRequestedSize) {
    Pooled p(contexts.bufferPool());
    void* before = p.vertices->lpMemory;
    runPooled(p.stream, p.commands, p.vertices, D3DHALDP2_SWAPVERTEXBUFFER | D3DHALDP2_REQVERTEXBUFSIZE, 0,
              200000);
    ASSERT_EQ(data.ddrval, S_OK);
    EXPECT_NE(p.vertices->lpMemory, before);
    EXPECT_GE(p.vertices->dwSize, 200000u);
    EXPECT_EQ(data.lpDDVertex, p.vertices);
}

TEST_F(DP2, SwapVertexBufferIsIgnoredForUserMemoryVertices) {
    CommandStream s;
    s.cmd(D3DDP2OP_TRIANGLELIST, 1).put(D3DHAL_DP2STARTVERTEX{0});
    run(s, {.flags = D3DHALDP2_USERMEMVERTICES | D3DHALDP2_SWAPVERTEXBUFFER,
            .vertices = vertices.data(),
            .vertexCount = 3});
    EXPECT_EQ(data.ddrval, S_OK);
    EXPECT_EQ(data.lpVertices, vertices.data());
}

TEST_F(DP2, RequestedSizeWithoutSwapChangesNothing) {
    Pooled p(contexts.bufferPool());
    void* before = p.commands->lpMemory;
    runPooled(p.stream, p.commands, p.vertices, D3DHALDP2_REQCOMMANDBUFSIZE, 1u << 20);
    EXPECT_EQ(data.ddrval, S_OK);
    EXPECT_EQ(p.commands->lpMemory, before);
}

TEST_F(DP2, NoSwapWhenTheCallFails) {
    Pooled p(contexts.bufferPool());
    target.failMethod = "drawLegacy";
    void* before = p.commands->lpMemory;
    runPooled(p.stream, p.commands, p.vertices, D3DHALDP2_SWAPCOMMANDBUFFER);
    EXPECT_EQ(data.ddrval, E_FAIL);
    EXPECT_EQ(p.commands->lpMemory, before);
}

TEST_F(DP2, SwapOfAForeignBufferIsRejected) {
    CommandStream s;
    s.cmd(D3DDP2OP_ZRANGE, 1).put(D3DHAL_DP2ZRANGE{0.f, 1.f});
    run(s, {.flags = D3DHALDP2_SWAPCOMMANDBUFFER}); // the fixture's own (non-pool) buffer
    EXPECT_EQ(data.ddrval, D3DERR_INVALIDCALL);
    EXPECT_EQ(data.dwErrorOffset, s.size()); // every command ran; the rename failed
    EXPECT_EQ(target.calls.size(), 1u);
}

TEST_F(DP2, VideoMemoryFlagsAreNeverReported) {
    Pooled p(contexts.bufferPool());
    runPooled(p.stream, p.commands, p.vertices,
              D3DHALDP2_SWAPCOMMANDBUFFER | D3DHALDP2_VIDMEMCOMMANDBUF | D3DHALDP2_VIDMEMVERTEXBUF);
    EXPECT_EQ(data.ddrval, S_OK);
    EXPECT_EQ(data.dwFlags & (D3DHALDP2_VIDMEMCOMMANDBUF | D3DHALDP2_VIDMEMVERTEXBUF), 0u);
}

} // namespace
} // namespace ddivk::dp2::test

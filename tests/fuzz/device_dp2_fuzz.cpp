// libFuzzer over the whole DP2 door on a real device: arbitrary command bytes, vertex bytes and
// call fields go through ddivk_DrawPrimitives2 into a Context that records Vulkan commands on
// lavapipe. Finds what the executor's mock-target fuzzer cannot: device-side checks (draw
// ranges against the vertex data, clear rectangles, state-cache indices).
//
// Input layout: u32 flags, u32 vertex type, u16 vertex count, u16 vertex size, u16 split, then
// bytes; the first `split` bytes (clamped) are the vertex data, the rest the commands.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "ddivk/ddivk.h"
#include "device_dp2_cost.h"

using namespace ddivk;

namespace {

struct Harness {
    ddivk_device* device = nullptr;
    uint32_t target = 0, depth = 0;
    uint32_t multisampledTarget = 0, multisampledDepth = 0;
    uint64_t runs = 0;

    Harness() {
        if (ddivk_device_create(nullptr, &device) != S_OK) __builtin_trap();
        ddivk_surface_desc rt{32, 32, D3DFMT_X8R8G8B8, DDIVK_SURFACE_RENDERTARGET};
        ddivk_surface_desc ds{32, 32, D3DFMT_D24S8, DDIVK_SURFACE_DEPTHSTENCIL};
        if (ddivk_surface_create(device, &rt, &target) != S_OK) __builtin_trap();
        if (ddivk_surface_create(device, &ds, &depth) != S_OK) __builtin_trap();
        // Handles 3 and 4: a 4-sample target and depth buffer (every Vulkan device has 4), for
        // the multisampled paths of SETRENDERTARGET, draws, clears, BLT and COLORFILL.
        ddivk_surface_desc msRt{32, 32, D3DFMT_X8R8G8B8, DDIVK_SURFACE_RENDERTARGET, 4};
        ddivk_surface_desc msDs{16, 16, D3DFMT_D24S8, DDIVK_SURFACE_DEPTHSTENCIL, 4};
        if (ddivk_surface_create(device, &msRt, &multisampledTarget) != S_OK) __builtin_trap();
        if (ddivk_surface_create(device, &msDs, &multisampledDepth) != S_OK) __builtin_trap();
    }
};

template <class T> T take(const uint8_t*& data, size_t& size) {
    T v{};
    if (size >= sizeof(T)) {
        std::memcpy(&v, data, sizeof(T));
        data += sizeof(T);
        size -= sizeof(T);
    }
    return v;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static Harness h;
    const uint32_t flags = take<uint32_t>(data, size) & 0xFF;
    const uint32_t vertexType = take<uint32_t>(data, size);
    uint16_t vertexCount = take<uint16_t>(data, size);
    const uint16_t vertexSize = take<uint16_t>(data, size);
    const size_t split = std::min<size_t>(take<uint16_t>(data, size), size);
    // The runtime guarantees dwVertexLength * dwVertexSize bytes at lpVertices; so do we.
    if (vertexSize && size_t(vertexCount) * vertexSize > split) vertexCount = uint16_t(split / vertexSize);

    // Exact-size copies, so AddressSanitizer sees any read past either buffer.
    std::vector<uint8_t> vertices(data, data + split);
    DDIVK_DP2BUFFER* commands = nullptr;
    if (ddivk_dp2_buffer_create(uint32_t(size - split), DDIVK_DP2BUFFER_COMMANDS, &commands) != S_OK)
        return 0;
    if (size > split) std::memcpy(commands->lpMemory, data + split, size - split);

    D3DHAL_DRAWPRIMITIVES2DATA call{};
    // User-memory vertices always: the fuzzer owns no vertex DP2 buffer. Swap flags are kept.
    call.dwFlags = (flags & ~uint32_t(0x80)) | D3DHALDP2_USERMEMVERTICES;
    call.dwVertexType = vertexType;
    call.lpDDCommands = commands;
    call.dwCommandLength = uint32_t(size - split);
    call.lpVertices = vertices.data();
    call.dwVertexLength = vertexCount;
    call.dwVertexSize = vertexSize;
    uint32_t renderStates[256] = {};
    call.lpdwRStates = renderStates;
    if (fuzz::tooSlowForLavapipe(fuzz::estimateCost(call))) {
        ddivk_dp2_buffer_destroy(commands);
        return -1; // valid, but hours of CPU rendering: not kept in the corpus
    }

    // A fresh context per input: every run starts from the default state.
    uintptr_t context = 0;
    if (ddivk_context_create(h.device, h.target, (flags & 0x80) ? h.depth : 0, &context) != S_OK)
        __builtin_trap();
    call.dwhContext = context;
    ddivk_DrawPrimitives2(&call);

    ddivk_context_destroy(context);
    // A swap may have renamed the buffer: destroy what the call handed back.
    ddivk_dp2_buffer_destroy(call.lpDDCommands);
    // Let the GPU catch up now and then, so recorded work really executes.
    if (++h.runs % 256 == 0) {
        uint32_t pixels[32 * 32];
        ddivk_surface_read(h.device, h.target, pixels, 32 * 4, sizeof(pixels));
    }
    return 0;
}

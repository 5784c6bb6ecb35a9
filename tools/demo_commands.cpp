#include "demo_commands.h"

#include <cstdio>
#include <cstring>

#include "ddivk/ddivk.h"

namespace ddivk::demo {

HRESULT execute(uintptr_t context, const Commands& commands, const void* vertices, uint32_t vertexCount,
                uint32_t vertexSize, uint32_t fvf) {
    DDIVK_DP2BUFFER* buffer = nullptr;
    const uint32_t size = uint32_t(commands.bytes().size());
    if (HRESULT hr = ddivk_dp2_buffer_create(size, DDIVK_DP2BUFFER_COMMANDS, &buffer); failed(hr)) return hr;
    std::memcpy(buffer->lpMemory, commands.bytes().data(), size);
    D3DHAL_DRAWPRIMITIVES2DATA data{};
    data.dwhContext = context;
    data.dwFlags = D3DHALDP2_USERMEMVERTICES;
    data.dwVertexType = fvf;
    data.lpDDCommands = buffer;
    data.dwCommandLength = size;
    data.lpVertices = const_cast<void*>(vertices);
    data.dwVertexLength = vertexCount;
    // As the runtime does: a call refused while the previous flip is in progress is retried.
    // dwVertexSize shares storage with ddrval, so it is set again before every try.
    do {
        data.dwVertexSize = vertexSize;
        ddivk_DrawPrimitives2(&data);
    } while (data.ddrval == DDERR_WASSTILLDRAWING);
    ddivk_dp2_buffer_destroy(buffer);
    if (failed(data.ddrval))
        std::fprintf(stderr, "ddivk-demo: ddrval 0x%08x at command offset %u\n", uint32_t(data.ddrval),
                     data.dwErrorOffset);
    return data.ddrval;
}

} // namespace ddivk::demo

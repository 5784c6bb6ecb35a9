// libFuzzer target for the DP2 executor: arbitrary bytes become the argument block (flags, FVF,
// vertex size and count, offsets), a command buffer and vertex data, each in an allocation of
// exactly its size, run against a target that reads every byte it is handed. AddressSanitizer
// then catches any read outside the buffers, UBSan any misaligned or undefined access.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <memory>

#include "ddivk/dp2.h"
#include "dp2/executor.h"
#include "recording_target.h"

namespace {

using namespace ddivk;

// The first bytes of an input; missing bytes read as zero.
struct Header {
    uint32_t flags;
    uint32_t fvf;
    uint16_t vertexSize;
    uint16_t vertexLength;
    uint16_t commandLength; // bytes of the rest that form the command buffer
    uint8_t commandOffset;
    uint8_t vertexOffset;
    uint8_t mode; // bit 0: parse callback, 1: pool command buffer, 2: lpdwRStates, 3..7: fail method
    uint8_t reserved[3];
};

// Resumes bReserved & 15 bytes past the token header: sometimes valid, sometimes not.
HRESULT DDIVK_STDCALL parseUnknown(void* command, void** resume) {
    auto* token = static_cast<unsigned char*>(command);
    if (token[1] & 0x80) return D3DERR_INVALIDCALL;
    *resume = token + 4 + (token[1] & 15);
    return S_OK;
}

const char* const kFailable[] = {"renderStates",  "drawLegacy",        "setShaderConstF",
                                 "clear",         "setLight",          "createPixelShader",
                                 "drawPrimitive", "textureStageStates"};

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* input, size_t size) {
    Header header{};
    std::memcpy(&header, input, std::min(size, sizeof header));
    const uint8_t* rest = size > sizeof header ? input + sizeof header : input + size;
    const size_t restSize = size > sizeof header ? size - sizeof header : 0;
    const size_t commandBytes = std::min<size_t>(header.commandLength, restSize);
    const size_t vertexBytes = restSize - commandBytes;

    dp2::ContextTable contexts;
    dp2::test::RecordingTarget target;
    if ((header.mode >> 3) < std::size(kFailable)) target.failMethod = kFailable[header.mode >> 3];
    const uintptr_t handle = contexts.add(target);
    if (header.mode & 1) contexts.setParseUnknownCommand(parseUnknown);

    // Command buffer: exactly commandOffset + commandBytes bytes (or a pool buffer).
    const size_t commandSize = header.commandOffset + commandBytes;
    std::unique_ptr<std::byte[]> commandMemory(new std::byte[commandSize ? commandSize : 1]);
    std::memset(commandMemory.get(), 0xCD, header.commandOffset);
    if (commandBytes) std::memcpy(commandMemory.get() + header.commandOffset, rest, commandBytes);
    DDIVK_DP2BUFFER ownCommands{commandMemory.get(), static_cast<uint32_t>(commandSize), 0, nullptr};
    DDIVK_DP2BUFFER* commands = &ownCommands;
    if (header.mode & 2) {
        commands = contexts.bufferPool().create(static_cast<uint32_t>(commandSize), DDIVK_DP2BUFFER_COMMANDS);
        if (!commands) return 0;
        if (commandSize) std::memcpy(commands->lpMemory, commandMemory.get(), commandSize);
    }

    // Vertex data: exactly vertexOffset + vertexBytes bytes.
    const size_t vertexSize = header.vertexOffset + vertexBytes;
    std::unique_ptr<std::byte[]> vertexMemory(new std::byte[vertexSize ? vertexSize : 1]);
    if (vertexBytes) std::memcpy(vertexMemory.get() + header.vertexOffset, rest + commandBytes, vertexBytes);
    DDIVK_DP2BUFFER vertexBuffer{vertexMemory.get(), static_cast<uint32_t>(vertexSize), 0, nullptr};

    uint32_t renderStates[D3DHAL_MAX_RSTATES] = {};
    D3DHAL_DRAWPRIMITIVES2DATA data{};
    data.dwhContext = handle;
    data.dwFlags = header.flags;
    data.dwVertexType = header.fvf;
    data.lpDDCommands = commands;
    data.dwCommandOffset = header.commandOffset;
    data.dwCommandLength = static_cast<uint32_t>(commandBytes);
    data.dwVertexOffset = header.vertexOffset;
    data.dwVertexLength = header.vertexLength;
    data.dwVertexSize = header.vertexSize;
    data.dwReqCommandBufSize = header.commandLength;
    data.dwReqVertexBufSize = header.vertexLength;
    data.lpdwRStates = (header.mode & 4) ? renderStates : nullptr;
    if (header.flags & D3DHALDP2_USERMEMVERTICES) {
        // User memory has no size in the DDI: the runtime guarantees dwVertexLength vertices.
        data.lpVertices = vertexMemory.get();
        const size_t fits = header.vertexSize ? vertexBytes / header.vertexSize : header.vertexLength;
        data.dwVertexLength = static_cast<uint32_t>(std::min<size_t>(header.vertexLength, fits));
    } else {
        data.lpDDVertex = &vertexBuffer;
    }

    dp2::drawPrimitives2(contexts, &data);

    if (commands != &ownCommands) contexts.bufferPool().destroy(commands);
    return 0;
}

// The DrawPrimitives2 boundary: context and flip checks, buffer resolution, the token loop,
// the parse-unknown-command callback, buffer renaming, and the conversion of every failure
// (including exceptions) into ddrval + dwErrorOffset.
#include "dp2/executor.h"

#include <new>

#include "dp2/decoder.h"
#include "util/log.h"

namespace ddivk::dp2 {

namespace {

using detail::Cmd;
using detail::Exec;

// The DP2 vertex data of a call. Problems are recorded, not fatal: only tokens that use the
// data fail (d3ddrawprimitives2.txt: locate the vertices only when a token needs them).
ExecuteInfo resolveVertices(const D3DHAL_DRAWPRIMITIVES2DATA& data, uint32_t vertexSize) {
    ExecuteInfo info;
    info.flags = data.dwFlags;
    info.vertexType = data.dwVertexType;
    info.vertexSize = vertexSize;
    info.vertexCount = data.dwVertexLength; // vertices, not bytes (D3DHAL_DRAWPRIMITIVES2DATA docs)
    info.userMemory = (data.dwFlags & D3DHALDP2_USERMEMVERTICES) != 0;
    if (data.dwVertexLength == 0) return info;

    const uint64_t bytes = uint64_t{data.dwVertexLength} * vertexSize;
    const std::byte* base = nullptr;
    uint64_t limit = 0;
    if (info.userMemory) {
        base = static_cast<const std::byte*>(data.lpVertices);
        limit = UINTPTR_MAX - reinterpret_cast<uintptr_t>(base); // user memory: trust its extent
    } else if (data.lpDDVertex) {
        base = static_cast<const std::byte*>(data.lpDDVertex->lpMemory);
        limit = data.lpDDVertex->dwSize;
    }
    if (!base || uint64_t{data.dwVertexOffset} + bytes > limit) {
        info.vertexError = D3DERR_INVALIDCALL;
        return info;
    }
    info.vertices = std::span<const std::byte>(base + data.dwVertexOffset, static_cast<size_t>(bytes));
    return info;
}

// Renames a DP2 buffer on D3DHALDP2_SWAP*BUFFER; the old memory is free once we return.
HRESULT swapBuffers(Dp2BufferPool& pool, D3DHAL_DRAWPRIMITIVES2DATA& data) {
    const uint32_t flags = data.dwFlags;
    if ((flags & D3DHALDP2_SWAPCOMMANDBUFFER) && data.lpDDCommands) {
        const uint32_t need = (flags & D3DHALDP2_REQCOMMANDBUFSIZE) ? data.dwReqCommandBufSize : 0;
        const HRESULT hr = pool.rename(*data.lpDDCommands, need);
        if (failed(hr)) return hr;
    }
    if ((flags & D3DHALDP2_SWAPVERTEXBUFFER) && !(flags & D3DHALDP2_USERMEMVERTICES) && data.lpDDVertex) {
        const uint32_t need = (flags & D3DHALDP2_REQVERTEXBUFSIZE) ? data.dwReqVertexBufSize : 0;
        const HRESULT hr = pool.rename(*data.lpDDVertex, need);
        if (failed(hr)) return hr;
    }
    return S_OK;
}

// An unknown opcode: the runtime's D3dParseUnknownCommand handles it and returns where to
// resume, which must lie past this token header and inside the command data.
// (Rule DP2.UnknownOpcodeGoesToParseCallbackAndResumes.)
HRESULT parseUnknown(PFND3DPARSEUNKNOWNCOMMAND parse, const Exec& exec, size_t& offset) {
    if (!parse) return D3DERR_COMMAND_UNPARSED;
    auto* command = const_cast<std::byte*>(exec.commands + offset);
    void* resume = nullptr;
    const HRESULT hr = parse(command, &resume);
    if (failed(hr)) return hr;
    const auto at = reinterpret_cast<uintptr_t>(resume);
    const auto here = reinterpret_cast<uintptr_t>(command);
    const auto end = reinterpret_cast<uintptr_t>(exec.commands) + exec.end;
    if (at < here + sizeof(D3DHAL_DP2COMMAND) || at > end) return D3DERR_COMMAND_UNPARSED;
    offset += at - here;
    return S_OK;
}

// The hot path's view of a fixed-size payload: `count` T in place at `p`. False when the
// payload is truncated or misaligned: the opcode's general decoder then handles the token
// (and reports the truncation, or copies the items into the scratch arena).
template <class T> bool inPlace(const std::byte* p, size_t avail, uint64_t count, std::span<const T>& out) {
    if (count * sizeof(T) > avail || reinterpret_cast<uintptr_t>(p) % alignof(T) != 0) return false;
    out = std::span<const T>(reinterpret_cast<const T*>(p), static_cast<size_t>(count));
    return true;
}

// A token no fast path took: its decoder in the opcode table, or the parse callback. Out of
// line, so that the loop keeps its variables in registers. Sets `next` on success.
[[gnu::noinline]] HRESULT decodeGeneral(Exec& exec, PFND3DPARSEUNKNOWNCOMMAND parse, D3DHAL_DP2COMMAND token,
                                        size_t at, size_t& next) {
    exec.arena.reset();
    next = at;
    if (const detail::Handler handler = detail::kDispatch[token.bCommand])
        return handler(exec, Cmd{token.bCommand, token.wStateCount, at}, next);
    return parseUnknown(parse, exec, next);
}

// The token loop. Returns S_OK, or the failure with `offset` at the failing token.
// The state tokens of state-heavy streams take a fast path that decodes in place (same
// checks, same single target call as their decoders); anything unusual about them (a zero
// count, a truncated or misaligned payload, several constant blocks, render state write-back)
// falls through to the opcode table.
HRESULT run(Exec& exec, PFND3DPARSEUNKNOWNCOMMAND parse, size_t& offset) {
    const std::byte* const base = exec.commands;
    const size_t end = exec.end;
    Target& target = exec.target;
    size_t at = offset; // `offset` follows it: an exception leaves it at the failing token
    while (at < end) {
        offset = at;
        const size_t left = end - at;
        if (left < sizeof(D3DHAL_DP2COMMAND)) return detail::kTruncated;
        D3DHAL_DP2COMMAND token;
        std::memcpy(&token, base + at, sizeof token);
        const size_t body = at + sizeof token;
        const std::byte* const p = base + body;
        const size_t avail = left - sizeof token;
        const uint16_t count = token.wStateCount;
        HRESULT hr = S_OK;
        size_t bytes = SIZE_MAX; // payload bytes when a fast path took the token
        switch (token.bCommand) {
        case D3DDP2OP_RENDERSTATE: {
            std::span<const D3DHAL_DP2RENDERSTATE> items;
            if (count != 0 && !exec.writeBackRenderStates && inPlace(p, avail, count, items)) {
                hr = target.renderStates(items);
                bytes = items.size_bytes();
            }
            break;
        }
        case D3DDP2OP_TEXTURESTAGESTATE: {
            std::span<const D3DHAL_DP2TEXTURESTAGESTATE> items;
            if (count != 0 && inPlace(p, avail, count, items)) {
                hr = target.textureStageStates(items);
                bytes = items.size_bytes();
            }
            break;
        }
        case D3DDP2OP_SETSTREAMSOURCE2: {
            std::span<const D3DHAL_DP2SETSTREAMSOURCE2> items;
            if (count != 0 && inPlace(p, avail, count, items)) {
                hr = target.setStreamSource2(items);
                bytes = items.size_bytes();
            }
            break;
        }
        case D3DDP2OP_SETVERTEXSHADERCONST:
        case D3DDP2OP_SETPIXELSHADERCONST: { // one block (the common token): no scratch memory
            D3DHAL_DP2SETVERTEXSHADERCONST header;
            std::span<const float> values;
            if (count != 1 || avail < sizeof header) break;
            std::memcpy(&header, p, sizeof header);
            if (!inPlace(p + sizeof header, avail - sizeof header, uint64_t{header.dwCount} * 4, values))
                break;
            const FloatConstants block{header.dwRegister, header.dwCount, values};
            const bool vs = token.bCommand == D3DDP2OP_SETVERTEXSHADERCONST;
            hr = target.setShaderConstF(vs ? ShaderStage::Vertex : ShaderStage::Pixel,
                                        Items<FloatConstants>(&block, 1));
            bytes = sizeof header + values.size_bytes();
            break;
        }
        default:
            break;
        }
        if (bytes == SIZE_MAX) [[unlikely]] { // not a fast path
            size_t next;
            hr = decodeGeneral(exec, parse, token, at, next);
            bytes = next - body; // wraps on failure; unused then
        }
        if (failed(hr)) [[unlikely]]
            return hr;
        at = body + bytes;
    }
    offset = at;
    return S_OK;
}

// DX9 asynchronous queries: responses overwrite the command buffer, from dwCommandOffset, in
// the memory the command buffer has after any rename (docs/queries.md).
HRESULT writeResponses(Target& target, const D3DHAL_DRAWPRIMITIVES2DATA& data, uint32_t& written) {
    written = 0;
    const DDIVK_DP2BUFFER* commands = data.lpDDCommands;
    if (!commands || !commands->lpMemory || data.dwCommandOffset >= commands->dwSize) return S_OK;
    std::span<std::byte> out(static_cast<std::byte*>(commands->lpMemory) + data.dwCommandOffset,
                             commands->dwSize - data.dwCommandOffset);
    try {
        written = target.writeResponses(out);
    } catch (const std::bad_alloc&) {
        return E_OUTOFMEMORY;
    } catch (...) {
        DDIVK_ERROR("dp2: exception while writing query responses");
        return E_FAIL;
    }
    return S_OK;
}

} // namespace

uint32_t drawPrimitives2(ContextTable& contexts, D3DHAL_DRAWPRIMITIVES2DATA* data) {
    if (!data) return DDHAL_DRIVER_NOTHANDLED;
    const uint32_t vertexSize = data->dwVertexSize; // shares storage with ddrval: read first

    // (Rule DP2.InvalidContextHandleIsRejected.)
    ContextTable::Entry* entry = contexts.find(data->dwhContext);
    if (!entry) {
        data->ddrval = D3DHAL_CONTEXT_BAD;
        return DDHAL_DRIVER_HANDLED;
    }
    Target& target = *entry->target;
    // (Rule DP2.FlipInProgressReturnsWasStillDrawing.)
    if (target.flipInProgress()) {
        data->ddrval = DDERR_WASSTILLDRAWING;
        return DDHAL_DRIVER_HANDLED;
    }
    // Our buffers are system memory: never report video-memory swap buffers.
    data->dwFlags &= ~(D3DHALDP2_VIDMEMVERTEXBUF | D3DHALDP2_VIDMEMCOMMANDBUF);

    size_t offset = data->dwCommandOffset; // dwErrorOffset is relative to the buffer start
    const uint64_t end = uint64_t{data->dwCommandOffset} + data->dwCommandLength;
    const DDIVK_DP2BUFFER* commands = data->lpDDCommands;
    if (data->dwCommandLength != 0 && (!commands || !commands->lpMemory || end > commands->dwSize)) {
        data->ddrval = D3DERR_INVALIDCALL;
        data->dwErrorOffset = data->dwCommandOffset;
        return DDHAL_DRIVER_HANDLED;
    }

    Exec exec{target, entry->scratch};
    exec.commands = commands ? static_cast<const std::byte*>(commands->lpMemory) : nullptr;
    exec.end = static_cast<size_t>(end);
    exec.info = resolveVertices(*data, vertexSize);
    exec.writeBackRenderStates = (data->dwFlags & D3DHALDP2_EXECUTEBUFFER) != 0;
    exec.renderStates = exec.writeBackRenderStates ? data->lpdwRStates : nullptr;

    HRESULT hr = S_OK;
    bool begun = false;
    try {
        hr = target.beginExecute(exec.info);
        begun = succeeded(hr);
        if (begun) hr = run(exec, contexts.parseUnknownCommand(), offset);
    } catch (const std::bad_alloc&) {
        hr = E_OUTOFMEMORY;
    } catch (...) {
        DDIVK_ERROR("dp2: exception while executing the command at offset %llu",
                    static_cast<unsigned long long>(offset));
        hr = E_FAIL;
    }
    if (begun) target.endExecute();

    if (succeeded(hr)) {
        offset = exec.end;
        hr = swapBuffers(contexts.bufferPool(), *data);
    }
    uint32_t responses = 0;
    if (succeeded(hr)) hr = writeResponses(target, *data, responses);
    data->ddrval = hr;
    // On success dwErrorOffset is the size of the query responses (0: none).
    data->dwErrorOffset = succeeded(hr) ? responses : static_cast<uint32_t>(offset);
    return DDHAL_DRIVER_HANDLED;
}

} // namespace ddivk::dp2

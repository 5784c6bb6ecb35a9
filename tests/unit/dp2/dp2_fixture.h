// Shared fixture of the DP2 executor tests: one context with a recording target, and helpers
// that run a command stream with the DrawPrimitives2 argument block filled in.
#pragma once

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "command_stream.h"
#include "ddivk/dp2.h"
#include "ddivk/dp2_payloads.h"
#include "ddivk/fvf.h"
#include "dp2/executor.h"
#include "recording_target.h"

namespace ddivk::dp2::test {

// A pre-transformed vertex of FVF kTLFvf; `color` identifies it in the tests.
struct TLVertex {
    float x, y, z, rhw;
    uint32_t color;
};
constexpr uint32_t kTLFvf = D3DFVF_XYZRHW | D3DFVF_DIFFUSE;
static_assert(sizeof(TLVertex) == fvfVertexSize(kTLFvf));

inline std::vector<TLVertex> makeVertices(uint32_t count) {
    std::vector<TLVertex> v(count);
    for (uint32_t i = 0; i < count; ++i)
        v[i] = TLVertex{float(i), float(i) * 2, 0.5f, 1.0f, 0xFF000000u | i};
    return v;
}

inline uint32_t colorOf(const std::vector<std::byte>& vertex) {
    TLVertex v;
    std::memcpy(&v, vertex.data(), sizeof v);
    return v.color;
}

struct RunOptions {
    uint32_t flags = 0;
    uint32_t fvf = kTLFvf;
    uint32_t vertexSize = sizeof(TLVertex);
    uint32_t vertexOffset = 0;
    uint32_t commandOffset = 0;       // the stream is placed this many bytes into the buffer
    const void* vertices = nullptr;   // with D3DHALDP2_USERMEMVERTICES, else copied to a buffer
    uint32_t vertexCount = 0;         // dwVertexLength
    uint32_t* renderStates = nullptr; // lpdwRStates
};

// The fixture of every DP2 rule test, so the tests read DP2.<Rule>.
class DP2 : public ::testing::Test {
  protected:
    ContextTable contexts;
    RecordingTarget target;
    uintptr_t handle = contexts.add(target);
    D3DHAL_DRAWPRIMITIVES2DATA data{};
    DDIVK_DP2BUFFER commandBuffer{};
    DDIVK_DP2BUFFER vertexBuffer{};
    std::vector<std::byte> commandMemory;
    std::vector<std::byte> vertexMemory;

    // Runs `stream` through drawPrimitives2; the result is in `data`.
    uint32_t run(const std::vector<std::byte>& stream, const RunOptions& options = {}) {
        commandMemory.assign(options.commandOffset, std::byte{0xCD});
        commandMemory.insert(commandMemory.end(), stream.begin(), stream.end());
        commandBuffer =
            DDIVK_DP2BUFFER{commandMemory.data(), static_cast<uint32_t>(commandMemory.size()), 0, nullptr};
        data = D3DHAL_DRAWPRIMITIVES2DATA{};
        data.dwhContext = handle;
        data.dwFlags = options.flags;
        data.dwVertexType = options.fvf;
        data.lpDDCommands = &commandBuffer;
        data.dwCommandOffset = options.commandOffset;
        data.dwCommandLength = static_cast<uint32_t>(stream.size());
        data.dwVertexOffset = options.vertexOffset;
        data.dwVertexLength = options.vertexCount;
        data.dwVertexSize = options.vertexSize;
        data.lpdwRStates = options.renderStates;
        if (options.flags & D3DHALDP2_USERMEMVERTICES) {
            data.lpVertices = const_cast<void*>(options.vertices);
        } else if (options.vertices) {
            const size_t bytes =
                size_t{options.vertexOffset} + size_t{options.vertexCount} * options.vertexSize;
            const auto* p = static_cast<const std::byte*>(options.vertices);
            vertexMemory.assign(options.vertexOffset, std::byte{0xEE});
            vertexMemory.insert(vertexMemory.end(), p, p + (bytes - options.vertexOffset));
            vertexBuffer =
                DDIVK_DP2BUFFER{vertexMemory.data(), static_cast<uint32_t>(vertexMemory.size()), 0, nullptr};
            data.lpDDVertex = &vertexBuffer;
        }
        data.dwErrorOffset = 0xFFFFFFFF;
        return drawPrimitives2(contexts, &data);
    }
    uint32_t run(CommandStream& stream, const RunOptions& options = {}) {
        return run(stream.bytes(), options);
    }

    // Legacy draws: 16 vertices in a (non user-memory) vertex buffer.
    std::vector<TLVertex> vertices = makeVertices(16);
    RunOptions vb(uint32_t count = 16) {
        return RunOptions{.vertices = vertices.data(), .vertexCount = count};
    }
    const RecordedDraw& onlyDraw() {
        EXPECT_EQ(target.calls.size(), 1u);
        EXPECT_EQ(target.calls.at(0).draws.size(), 1u);
        return target.calls.at(0).draws.at(0);
    }

    // Runs `stream` from pool-made command and vertex buffers (3 TL vertices).
    void runPooled(CommandStream& stream, DDIVK_DP2BUFFER* commands, DDIVK_DP2BUFFER* vertexBuffer,
                   uint32_t flags, uint32_t reqCommands = 0, uint32_t reqVertices = 0) {
        const auto& bytes = stream.bytes();
        std::memcpy(commands->lpMemory, bytes.data(), bytes.size());
        std::memcpy(vertexBuffer->lpMemory, vertices.data(), 3 * sizeof(TLVertex));
        data = D3DHAL_DRAWPRIMITIVES2DATA{};
        data.dwhContext = handle;
        data.dwFlags = flags;
        data.dwVertexType = kTLFvf;
        data.lpDDCommands = commands;
        data.dwCommandLength = static_cast<uint32_t>(bytes.size());
        data.lpDDVertex = vertexBuffer;
        data.dwVertexLength = 3;
        data.dwVertexSize = sizeof(TLVertex);
        data.dwReqCommandBufSize = reqCommands;
        data.dwReqVertexBufSize = reqVertices;
        drawPrimitives2(contexts, &data);
    }
};

} // namespace ddivk::dp2::test

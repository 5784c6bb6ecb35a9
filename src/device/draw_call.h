// One draw as every door describes it (DP2 DRAWPRIMITIVE / DRAWPRIMITIVE2 / DRAWINDEXEDPRIMITIVE
// / DRAWINDEXEDPRIMITIVE2 and the legacy primitive tokens, the UMD DrawPrimitive family): the
// primitives, where the vertices start, and where the indices come from.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>

namespace ddivk::device {

struct DrawCall {
    uint32_t type = 0; // D3DPRIMITIVETYPE
    uint32_t primitiveCount = 0;
    bool indexed = false;
    uint32_t startVertex = 0; // non-indexed: the first vertex (StartVertex / VStart)
    int32_t baseVertex = 0;   // indexed: added to every index (BaseVertexIndex)
    uint32_t startIndex = 0;  // indexed: the first index, in indices
    uint32_t minIndex = 0;    // indexed: the range of indices the draw promises to use
    uint32_t numVertices = 0;
    // The *2 forms: a byte offset into stream 0 (FirstVertexOffset, BaseVertexOffset).
    uint32_t stream0Bytes = 0;
    // Indices passed with the call (UMD DrawIndexedPrimitive2), else the index buffer's.
    const std::byte* userIndices = nullptr;
    uint64_t userIndexBytes = 0;
    uint32_t userIndexSize = 0; // 2 or 4
    // Stream 0 from memory the call passes, in place of the stream 0 source (the legacy DP2
    // tokens: the DP2 vertex data or the IMM vertices in the command buffer): vertex 0 at
    // `vertices`, `vertexBytes` readable there. Never instanced (stream 0's frequency does not
    // apply). Null: the state's stream 0.
    const std::byte* vertices = nullptr;
    uint64_t vertexBytes = 0;
    uint32_t vertexStride = 0;
    // The vertex layout as an FVF in place of the state's declaration or FVF (the legacy DP2
    // tokens' dwVertexType).
    std::optional<uint32_t> fvf;
};

} // namespace ddivk::device

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

    // DrawPrimitive (DP2 DRAWPRIMITIVE, UMD DrawPrimitive).
    static DrawCall primitive(uint32_t type, uint32_t startVertex, uint32_t primitiveCount) {
        DrawCall c;
        c.type = type;
        c.primitiveCount = primitiveCount;
        c.startVertex = startVertex;
        return c;
    }
    // DrawIndexedPrimitive (DP2 DRAWINDEXEDPRIMITIVE, UMD DrawIndexedPrimitive).
    static DrawCall indexedPrimitive(uint32_t type, int32_t baseVertex, uint32_t minIndex, uint32_t numVertices,
                                     uint32_t startIndex, uint32_t primitiveCount) {
        DrawCall c;
        c.type = type;
        c.primitiveCount = primitiveCount;
        c.indexed = true;
        c.baseVertex = baseVertex;
        c.startIndex = startIndex;
        c.minIndex = minIndex;
        c.numVertices = numVertices;
        return c;
    }
    // DrawPrimitive2 (DP2 DRAWPRIMITIVE2, UMD DrawPrimitive2): a byte offset into stream 0.
    static DrawCall primitive2(uint32_t type, uint32_t firstVertexOffset, uint32_t primitiveCount) {
        DrawCall c = primitive(type, 0, primitiveCount);
        c.stream0Bytes = firstVertexOffset;
        return c;
    }
};

} // namespace ddivk::device

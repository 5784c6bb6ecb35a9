// Legacy primitive tokens (POINTS ... LINELIST_IMM) resolved to LegacyDraw, and the patch
// tokens. Every vertex and index a draw references is checked against dwVertexLength (or the
// IMM data in the command buffer) before the target sees the token.
#include "ddivk/fvf.h"
#include "dp2/decoder.h"

namespace ddivk::dp2::detail {

namespace {

// d3ddrawprimitives2.txt: fail when D3DFVF_XYZRHW is not set, D3DFVF_NORMAL is set, or a
// reserved bit is set. "XYZRHW set" is read as the position field being XYZRHW: XYZB1/B3/B5
// share its bit but are untransformed formats. Applies to the legacy tokens, the only users
// of dwVertexType (docs/dp2.md). (Rule DP2.LegacyDrawRejectsFvf*.)
bool legacyFvfValid(uint32_t fvf) {
    if ((fvf & D3DFVF_POSITION_MASK) != D3DFVF_XYZRHW) return false;
    if (fvf & D3DFVF_NORMAL) return false;
    if (fvf & (D3DFVF_RESERVED0 | D3DFVF_RESERVED2)) return false;
    return fvfVertexSize(fvf) != 0;
}

uint64_t verticesFor(D3DPRIMITIVETYPE type, uint64_t primitives) {
    switch (type) {
    case D3DPT_POINTLIST:
        return primitives;
    case D3DPT_LINELIST:
        return primitives * 2;
    case D3DPT_LINESTRIP:
        return primitives + 1;
    case D3DPT_TRIANGLELIST:
        return primitives * 3;
    case D3DPT_TRIANGLESTRIP:
    case D3DPT_TRIANGLEFAN:
        return primitives + 2;
    }
    return 0;
}

// Every vertex the draw references lies below vertexCount.
bool drawInRange(const LegacyDraw& draw) {
    if (draw.indices.empty())
        return uint64_t{draw.firstVertex} + verticesFor(draw.type, draw.primitiveCount) <= draw.vertexCount;
    for (const uint16_t index : draw.indices)
        if (uint64_t{draw.firstVertex} + index >= draw.vertexCount) return false;
    return true;
}

// Shape of each legacy opcode's payload.
enum class Shape {
    Points,       // wPrimitiveCount D3DHAL_DP2POINTS
    Start,        // one WORD start vertex, non-indexed
    IndexPairs,   // wPrimitiveCount index pairs, base 0 (INDEXEDLINELIST)
    Start2Pairs,  // start vertex + wPrimitiveCount index pairs (INDEXEDLINELIST2)
    IndexQuads,   // wPrimitiveCount {v1, v2, v3, flags}, base 0 (INDEXEDTRIANGLELIST)
    StartTriples, // start vertex + wPrimitiveCount index triples (INDEXEDTRIANGLELIST2)
    StartIndices, // start vertex + wPrimitiveCount + extra indices (indexed strips and fans)
    FanImm,       // edge flags + wPrimitiveCount + 2 immediate vertices
    LinesImm,     // wPrimitiveCount * 2 immediate vertices
};

struct LegacyOp {
    D3DPRIMITIVETYPE type;
    Shape shape;
};

LegacyOp legacyOp(uint8_t op) {
    switch (op) {
    case D3DDP2OP_POINTS:
        return {D3DPT_POINTLIST, Shape::Points};
    case D3DDP2OP_LINELIST:
        return {D3DPT_LINELIST, Shape::Start};
    case D3DDP2OP_LINESTRIP:
        return {D3DPT_LINESTRIP, Shape::Start};
    case D3DDP2OP_TRIANGLELIST:
        return {D3DPT_TRIANGLELIST, Shape::Start};
    case D3DDP2OP_TRIANGLESTRIP:
        return {D3DPT_TRIANGLESTRIP, Shape::Start};
    case D3DDP2OP_TRIANGLEFAN:
        return {D3DPT_TRIANGLEFAN, Shape::Start};
    case D3DDP2OP_INDEXEDLINELIST:
        return {D3DPT_LINELIST, Shape::IndexPairs};
    case D3DDP2OP_INDEXEDLINELIST2:
        return {D3DPT_LINELIST, Shape::Start2Pairs};
    case D3DDP2OP_INDEXEDTRIANGLELIST:
        return {D3DPT_TRIANGLELIST, Shape::IndexQuads};
    case D3DDP2OP_INDEXEDTRIANGLELIST2:
        return {D3DPT_TRIANGLELIST, Shape::StartTriples};
    case D3DDP2OP_INDEXEDLINESTRIP:
        return {D3DPT_LINESTRIP, Shape::StartIndices};
    case D3DDP2OP_INDEXEDTRIANGLESTRIP:
        return {D3DPT_TRIANGLESTRIP, Shape::StartIndices};
    case D3DDP2OP_INDEXEDTRIANGLEFAN:
        return {D3DPT_TRIANGLEFAN, Shape::StartIndices};
    case D3DDP2OP_TRIANGLEFAN_IMM:
        return {D3DPT_TRIANGLEFAN, Shape::FanImm};
    default:
        return {D3DPT_LINELIST, Shape::LinesImm};
    }
}

// Immediate vertices: at the next DWORD boundary, `count` vertices; the next token starts at
// the DWORD boundary after them (clamped to the end of the command data).
HRESULT immediateVertices(Exec& exec, Payload& payload, LegacyDraw& draw, uint64_t count, size_t& next) {
    const std::byte* data;
    if (!payload.alignToDword() || !payload.bytes(count * draw.stride, data)) return kTruncated;
    draw.vertices = data;
    draw.vertexCount = static_cast<uint32_t>(count);
    next = payload.alignToDword() ? payload.position() : exec.end;
    return S_OK;
}

} // namespace

HRESULT legacyPrimitive(Exec& exec, const Cmd& cmd, size_t& next) {
    const LegacyOp op = legacyOp(cmd.op);
    const uint32_t n = cmd.count;
    Payload payload(exec, cmd);
    const ExecuteInfo& info = exec.info;

    LegacyDraw draw;
    draw.type = op.type;
    draw.primitiveCount = n;
    draw.fvf = info.vertexType;
    draw.stride = fvfVertexSize(info.vertexType);
    draw.vertices = info.vertices.data();
    draw.vertexCount = info.vertices.empty() ? 0 : info.vertexCount;
    LegacyDraw* draws = &draw;
    size_t drawCount = 1;

    D3DHAL_DP2STARTVERTEX start{0};
    std::span<const uint16_t> indices;
    switch (op.shape) {
    case Shape::Points: {
        std::span<const D3DHAL_DP2POINTS> points;
        if (!payload.array(n, points)) return kTruncated;
        draws = exec.arena.allocateArray<LegacyDraw>(n);
        drawCount = 0;
        for (const D3DHAL_DP2POINTS& p : points) {
            if (p.wCount == 0) continue;
            LegacyDraw& d = draws[drawCount++];
            d = draw;
            d.primitiveCount = p.wCount;
            d.firstVertex = p.wVStart;
        }
        break;
    }
    case Shape::Start:
        if (!payload.value(start)) return kTruncated;
        break;
    case Shape::IndexPairs:
        if (!payload.array(uint64_t{n} * 2, indices)) return kTruncated;
        break;
    case Shape::Start2Pairs:
        if (!payload.value(start) || !payload.array(uint64_t{n} * 2, indices)) return kTruncated;
        break;
    case Shape::IndexQuads: {
        std::span<const D3DHAL_DP2INDEXEDTRIANGLELIST> triangles;
        if (!payload.array(n, triangles)) return kTruncated;
        uint16_t* copy = exec.arena.allocateArray<uint16_t>(size_t{n} * 3);
        for (uint32_t i = 0; i < n; ++i) { // drop the wFlags edge flags
            copy[i * 3 + 0] = triangles[i].wV1;
            copy[i * 3 + 1] = triangles[i].wV2;
            copy[i * 3 + 2] = triangles[i].wV3;
        }
        indices = std::span<const uint16_t>(copy, size_t{n} * 3);
        break;
    }
    case Shape::StartTriples:
        if (!payload.value(start) || !payload.array(uint64_t{n} * 3, indices)) return kTruncated;
        break;
    case Shape::StartIndices:
        if (!payload.value(start) || !payload.array(verticesFor(op.type, n), indices)) return kTruncated;
        break;
    case Shape::FanImm:
        if (!payload.value(draw.edgeFlags)) return kTruncated;
        break;
    case Shape::LinesImm:
        break;
    }
    draw.firstVertex = start.wVStart; // 0 for the shapes without a start vertex
    draw.indices = indices;

    // The token is complete; now its meaning. FVF first: it gives the IMM vertex size.
    if (!legacyFvfValid(info.vertexType)) return kInvalid;
    if (op.shape == Shape::FanImm || op.shape == Shape::LinesImm) {
        const HRESULT hr = immediateVertices(exec, payload, draw, verticesFor(op.type, n), next);
        if (failed(hr)) return hr;
    } else {
        next = payload.position();
        if (info.vertexError != S_OK) return info.vertexError;
        if (info.vertexCount != 0 && info.vertexSize != draw.stride) return kInvalid;
    }
    if (draws == &draw && draw.primitiveCount == 0) drawCount = 0;
    for (size_t i = 0; i < drawCount; ++i)
        if (!drawInRange(draws[i])) return kInvalid;
    if (drawCount == 0) return S_OK;
    return exec.target.drawLegacy(Items<LegacyDraw>(draws, drawCount));
}

namespace {
// DRAWRECTPATCH / DRAWTRIPATCH: wStateCount items of {handle, flags}, each followed by the
// segment floats (RTPATCHFLAG_HASSEGS) and then the patch info (RTPATCHFLAG_HASINFO).
template <class Patch, class Info, uint32_t SegmentCount>
HRESULT patches(Exec& exec, const Cmd& cmd, size_t& next, HRESULT (Target::*method)(Items<Patch>)) {
    Payload payload(exec, cmd);
    Patch* items = exec.arena.allocateArray<Patch>(cmd.count);
    for (uint32_t i = 0; i < cmd.count; ++i) {
        D3DHAL_DP2DRAWRECTPATCH header; // same layout as D3DHAL_DP2DRAWTRIPATCH
        if (!payload.value(header)) return kTruncated;
        items[i].handle = header.Handle;
        items[i].flags = header.Flags;
        if (header.Flags & RTPATCHFLAG_HASSEGS) {
            std::span<const float> segments;
            if (!payload.array(SegmentCount, segments)) return kTruncated;
            items[i].segments = segments.data();
        }
        if ((header.Flags & RTPATCHFLAG_HASINFO) && !payload.object<Info>(items[i].info)) return kTruncated;
    }
    next = payload.position();
    if (cmd.count == 0) return S_OK;
    return (exec.target.*method)(Items<Patch>(items, cmd.count));
}
} // namespace

HRESULT drawRectPatch(Exec& exec, const Cmd& cmd, size_t& next) {
    return patches<RectPatch, D3DRECTPATCH_INFO, 4>(exec, cmd, next, &Target::drawRectPatch);
}

HRESULT drawTriPatch(Exec& exec, const Cmd& cmd, size_t& next) {
    return patches<TriPatch, D3DTRIPATCH_INFO, 3>(exec, cmd, next, &Target::drawTriPatch);
}

} // namespace ddivk::dp2::detail

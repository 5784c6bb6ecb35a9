// What a device_dp2_fuzz input would make lavapipe execute, estimated before it runs, so the
// fuzzer skips inputs that are valid but would take minutes on the CPU: a DRAWPRIMITIVE of
// sixteen million lines over an empty declaration, a clipped fan or an instanced draw of as many
// vertices, or shaders nesting loops of 255 iterations.
// A GPU runs such work in milliseconds; lavapipe can neither do that nor be interrupted (CI
// once spent 29 minutes waiting for one batch). The estimate runs the same bytes through the
// DP2 executor against the recording target, so it sees exactly the tokens the device would.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>

#include "dp2/context_table.h"
#include "dp2/executor.h"
#include "draw/primitive.h"
#include "recording_target.h"

namespace ddivk::fuzz {

struct InputCost {
    uint64_t vertices = 0;    // vertices (or indices) of every draw token, times its instances
    uint32_t vertexLoops = 0; // most loop/rep instructions in one vertex shader it creates
    uint32_t pixelLoops = 0;  // ... in one pixel shader
};

// Instruction tokens with the loop (27) or rep (38) opcode. Parameter tokens have bit 31 set;
// def values may look like instructions, which only overcounts (and skips more).
inline uint32_t loopInstructions(const std::vector<uint32_t>& words) {
    uint32_t n = 0;
    for (uint32_t w : words)
        if (!(w & 0x80000000u) && ((w & 0xFFFF) == 27 || (w & 0xFFFF) == 38)) ++n;
    return n;
}

inline InputCost estimateCost(D3DHAL_DRAWPRIMITIVES2DATA call) {
    dp2::ContextTable contexts;
    dp2::test::RecordingTarget target;
    call.dwhContext = contexts.add(target);
    // No renaming: the command buffer belongs to the device's pool, not to this table's.
    call.dwFlags &= ~(D3DHALDP2_SWAPCOMMANDBUFFER | D3DHALDP2_SWAPVERTEXBUFFER);
    uint32_t renderStates[D3DHAL_MAX_RSTATES] = {};
    call.lpdwRStates = renderStates; // the real call's array stays as it was
    dp2::drawPrimitives2(contexts, &call);

    InputCost cost;
    // SETSTREAMSOURCEFREQ's INDEXEDDATA count instances every later draw (counted for all of
    // them: an overestimate only skips more). Dividers keep the low 30 bits.
    uint64_t instances = 1;
    auto add = [&](uint64_t vertices) { // saturating: counts may multiply past 64 bits
        const uint64_t total = vertices > UINT64_MAX / instances ? UINT64_MAX : vertices * instances;
        cost.vertices = total > UINT64_MAX - cost.vertices ? UINT64_MAX : cost.vertices + total;
    };
    for (const dp2::test::Call& c : target.calls) {
        for (size_t i = 0; i < c.items; ++i) {
            if (c.method == "setStreamSourceFreq") {
                const auto f = c.item<D3DHAL_DP2SETSTREAMSOURCEFREQ>(i);
                if (f.dwDivider & (1u << 30))
                    instances = std::max<uint64_t>(instances, f.dwDivider & 0x3FFFFFFFu);
            } else if (c.method == "clippedTriangleFan") {
                const auto d = c.item<D3DHAL_CLIPPEDTRIANGLEFAN>(i);
                add(draw::verticesForPrimitives(D3DPT_TRIANGLEFAN, d.PrimitiveCount));
            } else if (c.method == "drawPrimitive") {
                const auto d = c.item<D3DHAL_DP2DRAWPRIMITIVE>(i);
                add(draw::verticesForPrimitives(d.primType, d.PrimitiveCount));
            } else if (c.method == "drawPrimitive2") {
                const auto d = c.item<D3DHAL_DP2DRAWPRIMITIVE2>(i);
                add(draw::verticesForPrimitives(d.primType, d.PrimitiveCount));
            } else if (c.method == "drawIndexedPrimitive") {
                const auto d = c.item<D3DHAL_DP2DRAWINDEXEDPRIMITIVE>(i);
                add(draw::verticesForPrimitives(d.primType, d.PrimitiveCount));
            } else if (c.method == "drawIndexedPrimitive2") {
                const auto d = c.item<D3DHAL_DP2DRAWINDEXEDPRIMITIVE2>(i);
                add(draw::verticesForPrimitives(d.primType, d.PrimitiveCount));
            } else if (c.method == "drawLegacy") {
                const dp2::LegacyDraw& d = c.draws[i].draw;
                add(draw::verticesForPrimitives(d.type, d.primitiveCount));
            } else if (c.method == "createPixelShader" && i < c.words.size()) {
                cost.pixelLoops = std::max(cost.pixelLoops, loopInstructions(c.words[i]));
            } else if ((c.method == "createVertexShaderFunc" || c.method == "createVertexShader") &&
                       i < c.words.size()) {
                cost.vertexLoops = std::max(cost.vertexLoops, loopInstructions(c.words[i]));
            }
        }
    }
    return cost;
}

// Loops run at most 255 times, so a shader with n loop instructions runs its body at most 255^n
// times (nesting, through calls too, never repeats one loop instruction: no recursion). The
// target is 32 x 32, so a draw covers at most 1024 pixels per primitive.
inline bool tooSlowForLavapipe(const InputCost& cost) {
    constexpr uint64_t kMaxVertices = 1 << 16;
    constexpr uint64_t kMaxVertexIterations = 1 << 22;
    if (cost.vertices > kMaxVertices || cost.vertexLoops > 2 || cost.pixelLoops > 1) return true;
    uint64_t perVertex = 1;
    for (uint32_t i = 0; i < cost.vertexLoops; ++i)
        perVertex *= 255;
    if (cost.vertices * perVertex > kMaxVertexIterations) return true;
    // A looping pixel shader: few primitives, each at most the whole target.
    return cost.pixelLoops && cost.vertices > 64;
}

} // namespace ddivk::fuzz

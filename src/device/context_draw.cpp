// Context: the drawing half of the DP2 target. Every draw token (the DRAWPRIMITIVE family and
// the legacy primitive tokens) becomes a DrawCall for drawProgram (context_program_draw.cpp);
// clears become vkCmdClearAttachments.
#include <algorithm>
#include <array>
#include <span>
#include <vector>

#include "device/context.h"
#include "device/ddi_boundary.h"
#include "device/draw_area.h"
#include "draw/primitive.h"

namespace ddivk::device {
bool Context::sampleFlipInProgress() {
    sampledFlip_ = -1;
    sampledFlip_ = flipInProgress() ? 1 : 0;
    return sampledFlip_ == 1;
}

bool Context::flipInProgress() {
    if (sampledFlip_ >= 0) return sampledFlip_ == 1;
    Surface* target = device_.findSurface(state_.renderTarget(0));
    return target && device_.flipInProgress(*target);
}

HRESULT Context::beginExecute(const dp2::ExecuteInfo& info) {
    execute_ = info;
    executing_ = true;
    return S_OK;
}

void Context::endExecute() {
    // The DP2 vertex data is the runtime's again once the call returns.
    execute_ = {};
    executing_ = false;
}

// The legacy primitive tokens (POINTS ... LINELIST_IMM) draw as D3D9 draws them, with vertex
// processing: dwVertexType is the FVF of their vertices (the DP2 vertex data, or the IMM
// vertices in the command buffer), which are stream 0 for the draw, in place of the state's
// stream 0, declaration and FVF; the bound programs and render states apply as to any draw. The
// call starts at the first vertex the draw reads (firstVertex, plus the smallest index for the
// indexed tokens, whose 16-bit indices then count from there), so only the vertices read are
// copied. The edge flags (TRIANGLEFAN_IMM's dwEdgeFlags; INDEXEDTRIANGLELIST's wFlags, which
// the executor drops) only say which edges D3DFILL_WIREFRAME draws; they are ignored, so a
// wireframe fan or list draws every edge of its triangles.
HRESULT Context::drawLegacy(dp2::Items<dp2::LegacyDraw> draws) {
    return guarded("drawLegacy", [&] {
        for (const dp2::LegacyDraw& d : draws) {
            DrawCall call;
            call.type = d.type;
            call.primitiveCount = d.primitiveCount;
            call.fvf = d.fvf;
            call.vertexStride = d.stride;
            uint32_t first = d.firstVertex;
            if (!d.indices.empty()) {
                const uint64_t count = draw::verticesForPrimitives(d.type, d.primitiveCount);
                if (d.indices.size() < count) return D3DERR_INVALIDCALL;
                const uint16_t lowest = *std::min_element(d.indices.begin(), d.indices.begin() + count);
                first += lowest;
                call.indexed = true;
                call.baseVertex = -int32_t(lowest);
                call.userIndices = reinterpret_cast<const std::byte*>(d.indices.data());
                call.userIndexBytes = count * sizeof(uint16_t);
                call.userIndexSize = sizeof(uint16_t);
            }
            if (!d.vertices || first > d.vertexCount) return D3DERR_INVALIDCALL;
            call.vertices = d.vertices + uint64_t(first) * d.stride;
            call.vertexBytes = uint64_t(d.vertexCount - first) * d.stride;
            if (HRESULT hr = draw(call); failed(hr)) return hr;
        }
        return S_OK;
    });
}

HRESULT Context::drawPrimitive(dp2::Items<D3DHAL_DP2DRAWPRIMITIVE> items) {
    return guarded("drawPrimitive", [&] {
        for (const auto& d : items) {
            if (HRESULT hr = draw(DrawCall::primitive(d.primType, d.VStart, d.PrimitiveCount)); failed(hr))
                return hr;
        }
        return S_OK;
    });
}

HRESULT Context::drawPrimitive2(dp2::Items<D3DHAL_DP2DRAWPRIMITIVE2> items) {
    return guarded("drawPrimitive2", [&] {
        for (const auto& d : items) {
            if (HRESULT hr = draw(DrawCall::primitive2(d.primType, d.FirstVertexOffset, d.PrimitiveCount)); failed(hr))
                return hr;
        }
        return S_OK;
    });
}

// D3DDP2OP_CLIPPEDTRIANGLEFAN (DirectX 8 on, for fans the runtime clipped itself): a fan of
// PrimitiveCount triangles from FirstVertexOffset bytes into stream 0, as DRAWPRIMITIVE2 draws
// one. The edge flags only say which edges D3DFILL_WIREFRAME draws; as for TRIANGLEFAN_IMM they
// are ignored (drawLegacy).
HRESULT Context::clippedTriangleFan(dp2::Items<D3DHAL_CLIPPEDTRIANGLEFAN> items) {
    return guarded("clippedTriangleFan", [&] {
        for (const auto& f : items) {
            if (HRESULT hr =
                    draw(DrawCall::primitive2(D3DPT_TRIANGLEFAN, f.FirstVertexOffset, f.PrimitiveCount));
                failed(hr))
                return hr;
        }
        return S_OK;
    });
}

HRESULT Context::drawIndexedPrimitive(dp2::Items<D3DHAL_DP2DRAWINDEXEDPRIMITIVE> items) {
    return guarded("drawIndexedPrimitive", [&] {
        for (const auto& d : items) {
            const DrawCall call = DrawCall::indexedPrimitive(d.primType, d.BaseVertexIndex, d.MinIndex,
                                                             d.NumVertices, d.StartIndex, d.PrimitiveCount);
            if (HRESULT hr = draw(call); failed(hr)) return hr;
        }
        return S_OK;
    });
}

HRESULT Context::drawIndexedPrimitive2(dp2::Items<D3DHAL_DP2DRAWINDEXEDPRIMITIVE2> items) {
    return guarded("drawIndexedPrimitive2", [&] {
        for (const auto& d : items) {
            DrawCall call;
            call.type = d.primType;
            call.primitiveCount = d.PrimitiveCount;
            call.indexed = true;
            call.minIndex = d.MinIndex;
            call.numVertices = d.NumVertices;
            // Byte offsets: the base vertex into stream 0, the first index into the index buffer.
            const uint32_t stride = state_.streamSource(0).stride;
            if (d.BaseVertexOffset >= 0)
                call.stream0Bytes = uint32_t(d.BaseVertexOffset);
            else if (stride && d.BaseVertexOffset % int32_t(stride) == 0)
                call.baseVertex = d.BaseVertexOffset / int32_t(stride);
            else
                return D3DERR_INVALIDCALL;
            const uint32_t indexSize = state_.indices().stride;
            if (indexSize == 0 || d.StartIndexOffset % indexSize) return D3DERR_INVALIDCALL;
            call.startIndex = d.StartIndexOffset / indexSize;
            if (HRESULT hr = draw(call); failed(hr)) return hr;
        }
        return S_OK;
    });
}

HRESULT Context::draw(const DrawCall& call) {
    return drawProgram(call);
}

// D3D9 Clear: the rectangles (or the whole viewport when there are none) inside the viewport
// and, with D3DRS_SCISSORTESTENABLE, the scissor rectangle; D3DCLEAR_TARGET fills every bound
// render target (Wine's multiple_rendertargets_test records Windows doing so). Each surface is
// cleared as far as it reaches: surfaces of different sizes (a viewport may reach past the
// smaller) each take the area inside themselves (Wine's test_clear_different_size_surfaces).
HRESULT Context::clear(const dp2::ClearArgs& args) {
    return guarded("clear", [&]() -> HRESULT {
        const state::DeviceState& s = state_.state();
        // With D3DRS_SRGBWRITEENABLE the colour is encoded to sRGB as a draw's would be (Wine's
        // clear_test: 0x7f clears to 0xbb), through the views the draws after it take.
        PassTargets targets = boundTargets(device_, s);
        targets.srgb = s.renderStates[D3DRS_SRGBWRITEENABLE] != 0;
        Surface* color = targets.colors[0];
        Surface* depth = device_.findSurface(s.depthStencil);
        bool wantColor = args.flags & D3DCLEAR_TARGET;
        const bool wantDepth = args.flags & D3DCLEAR_ZBUFFER;
        const bool wantStencil = args.flags & D3DCLEAR_STENCIL;
        if (wantColor && !color) return D3DERR_INVALIDCALL;
        if ((wantDepth || wantStencil) && !depth) return D3DERR_INVALIDCALL;
        if (wantStencil && !(vk::formatAspects(depth->vkFormat()) & VK_IMAGE_ASPECT_STENCIL_BIT))
            return D3DERR_INVALIDCALL;
        wantColor = wantColor && targets.anyColorImage(); // a NULL render target has nothing to clear
        if (!wantColor && !wantDepth && !wantStencil) return S_OK;

        // The rectangles inside a surface of width x height.
        auto rectsWithin = [&](uint32_t width, uint32_t height) {
            const Rect area = drawableArea(s, width, height);
            std::vector<VkClearRect> rects;
            auto add = [&](Rect r) {
                r = intersect(r, area);
                if (!r.empty()) rects.push_back({toVkRect(r), 0, 1});
            };
            if (args.rects.empty()) add(area);
            for (const RECT& r : args.rects)
                add({r.left, r.top, r.right, r.bottom});
            return rects;
        };
        // Predication decided on the CPU skips clears too (on the GPU, conditional rendering
        // covers vkCmdClearAttachments).
        if (device_.queries().renderingSkipped()) return S_OK;

        const uint32_t c = args.fillColor;
        auto colorClear = [&](const Surface& target, uint32_t attachment) {
            VkClearAttachment a{VK_IMAGE_ASPECT_COLOR_BIT, attachment, {}};
            a.clearValue.color.float32[0] = float((c >> 16) & 0xFF) / 255.0f;
            a.clearValue.color.float32[1] = float((c >> 8) & 0xFF) / 255.0f;
            a.clearValue.color.float32[2] = float(c & 0xFF) / 255.0f;
            // X formats keep alpha at 1 (see Device::createSurface).
            a.clearValue.color.float32[3] = target.format().ignoresAlpha ? 1.0f : float(c >> 24) / 255.0f;
            return a;
        };
        VkClearAttachment depthClear{VkImageAspectFlags((wantDepth ? VK_IMAGE_ASPECT_DEPTH_BIT : 0) |
                                                        (wantStencil ? VK_IMAGE_ASPECT_STENCIL_BIT : 0)),
                                     0,
                                     {}};
        depthClear.clearValue.depthStencil = {std::clamp(args.fillDepth, 0.0f, 1.0f),
                                              args.fillStencil & 0xFF};
        CommandContext& cmds = device_.commands();
        auto clearIn = [&](const PassTargets& pass, std::span<const VkClearAttachment> attachments,
                           const std::vector<VkClearRect>& rects) {
            if (attachments.empty() || rects.empty()) return;
            cmds.beginRendering(pass);
            vkCmdClearAttachments(cmds.commands(), uint32_t(attachments.size()), attachments.data(),
                                  uint32_t(rects.size()), rects.data());
        };

        // One pass, the one the draws after it take, when every surface in it has one size and
        // the depth buffer can share it.
        const Surface* sizer = color ? color : depth; // (one of them is there: checked above)
        const VkExtent2D first{sizer->width(), sizer->height()};
        bool oneSize = targets.depth == depth;
        for (const Surface* t : targets.colors)
            if (t && (t->width() != first.width || t->height() != first.height)) oneSize = false;
        if (depth && (depth->width() != first.width || depth->height() != first.height)) oneSize = false;
        if (oneSize) {
            std::array<VkClearAttachment, draw::kColorAttachments + 1> attachments;
            uint32_t count = 0;
            if (wantColor)
                for (uint32_t n = 0; n < draw::kColorAttachments; ++n)
                    if (targets.colors[n] && targets.colors[n]->hasImage())
                        attachments[count++] = colorClear(*targets.colors[n], n);
            if (wantDepth || wantStencil) attachments[count++] = depthClear;
            clearIn(targets, {attachments.data(), count}, rectsWithin(first.width, first.height));
            return S_OK;
        }
        // Otherwise a pass for each surface, inside itself.
        if (wantColor)
            for (Surface* t : targets.colors) {
                if (!t || !t->hasImage()) continue;
                PassTargets alone;
                alone.colors[0] = t;
                alone.srgb = targets.srgb;
                const VkClearAttachment a = colorClear(*t, 0);
                clearIn(alone, {&a, 1}, rectsWithin(t->width(), t->height()));
            }
        if (wantDepth || wantStencil) {
            PassTargets alone;
            alone.depth = depth;
            clearIn(alone, {&depthClear, 1}, rectsWithin(depth->width(), depth->height()));
        }
        return S_OK;
    });
}

} // namespace ddivk::device

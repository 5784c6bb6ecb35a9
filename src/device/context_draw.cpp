// Context: the drawing half of the DP2 target. Pre-transformed (XYZRHW) vertices from the DP2
// vertex data or the user-memory stream are copied to the upload ring and drawn with the
// pipeline their render states select; clears become vkCmdClearAttachments.
#include <algorithm>
#include <cstring>

#include "ddivk/fvf.h"
#include "device/context.h"
#include "device/ddi_boundary.h"
#include "device/draw_area.h"
#include "draw/dynamic_state.h"
#include "draw/pipeline_state.h"
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

HRESULT Context::drawLegacy(dp2::Items<dp2::LegacyDraw> draws) {
    return guarded("drawLegacy", [&] {
        for (const dp2::LegacyDraw& d : draws) {
            HRESULT hr = drawRun({d.type, d.primitiveCount, d.vertices, d.vertexCount, d.stride, d.fvf,
                                  d.firstVertex, d.indices});
            if (failed(hr)) return hr;
        }
        return S_OK;
    });
}

HRESULT Context::drawPrimitive(dp2::Items<D3DHAL_DP2DRAWPRIMITIVE> items) {
    return guarded("drawPrimitive", [&] {
        for (const auto& d : items) {
            DrawCall call;
            call.type = d.primType;
            call.primitiveCount = d.PrimitiveCount;
            call.startVertex = d.VStart;
            if (HRESULT hr = draw(call); failed(hr)) return hr;
        }
        return S_OK;
    });
}

HRESULT Context::drawPrimitive2(dp2::Items<D3DHAL_DP2DRAWPRIMITIVE2> items) {
    return guarded("drawPrimitive2", [&] {
        for (const auto& d : items) {
            DrawCall call;
            call.type = d.primType;
            call.primitiveCount = d.PrimitiveCount;
            call.stream0Bytes = d.FirstVertexOffset;
            if (HRESULT hr = draw(call); failed(hr)) return hr;
        }
        return S_OK;
    });
}

HRESULT Context::drawIndexedPrimitive(dp2::Items<D3DHAL_DP2DRAWINDEXEDPRIMITIVE> items) {
    return guarded("drawIndexedPrimitive", [&] {
        for (const auto& d : items) {
            DrawCall call;
            call.type = d.primType;
            call.primitiveCount = d.PrimitiveCount;
            call.indexed = true;
            call.baseVertex = d.BaseVertexIndex;
            call.startIndex = d.StartIndex;
            call.minIndex = d.MinIndex;
            call.numVertices = d.NumVertices;
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

HRESULT Context::drawRun(const VertexRun& run) {
    auto layout = draw::pretransformedLayout(run.fvf);
    if (!layout) {
        DDIVK_WARN_ONCE("FVF 0x%x: only pre-transformed (XYZRHW) vertices draw until vertex processing lands",
                   run.fvf);
        return E_NOTIMPL;
    }
    layout->stride = run.stride;
    const state::DeviceState& s = state_.state();
    Surface* color = device_.findSurface(s.renderTargets[0]);
    Surface* depth = device_.findSurface(s.depthStencil);
    if (!color) return D3DERR_INVALIDCALL;

    const uint64_t count = draw::verticesForPrimitives(run.type, run.primitiveCount);
    if (count == 0) return S_OK;

    // The vertices the draw reads: [first, first + count) or [min index, max index].
    uint32_t lo = run.first, hi = 0;
    if (run.indices.empty()) {
        if (run.first > run.available || count > run.available - run.first) return D3DERR_INVALIDCALL;
        hi = uint32_t(run.first + count - 1);
    } else {
        if (run.indices.size() < count) return D3DERR_INVALIDCALL;
        auto [mn, mx] = std::minmax_element(run.indices.begin(), run.indices.begin() + count);
        lo = run.first + *mn;
        hi = run.first + *mx;
        if (uint64_t(run.first) + *mx >= run.available) return D3DERR_INVALIDCALL;
    }

    // Predication decided on the CPU (SetPredication): the draw is skipped.
    if (device_.queries().renderingSkipped()) return S_OK;
    CommandContext& cmds = device_.commands();
    cmds.beginRendering(color, depth);
    VkCommandBuffer cb = cmds.commands();

    draw::PipelineKey key = draw::pipelineStateKey(s, run.type, color->vkFormat(), color->format().ignoresAlpha,
                                                   depth ? depth->vkFormat() : VK_FORMAT_UNDEFINED,
                                                   device_.vulkan().caps().coreFeatures.fillModeNonSolid);
    draw::setPretransformedLayout(key, *layout);
    key.bresenhamLines = draw::bresenhamLinesFor(key, device_.vulkan().caps().bresenhamLines);
    vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_GRAPHICS, device_.pipelines().get(key));
    cmds.setBinder(nullptr); // the draw path of drawProgram rebinds after this
    draw::recordDynamicState(cb, draw::dynamicState(s, VkFormat(key.depthFormat)));

    // Copy exactly the vertices read; the runtime may reuse its memory when the call returns.
    const uint64_t vertexBytes = uint64_t(hi - lo) * run.stride + fvfVertexSize(run.fvf);
    vk::UploadSlice vertices = cmds.uploads().allocate(vertexBytes, 16);
    std::memcpy(vertices.data, run.vertices + uint64_t(lo) * run.stride, vertexBytes);
    VkBuffer buffers[2] = {vertices.buffer, cmds.attributeDefaults()};
    VkDeviceSize offsets[2] = {vertices.offset, 0};
    vkCmdBindVertexBuffers(cb, 0, 2, buffers, offsets);

    VkViewport viewport{0, 0, float(color->width()), float(color->height()), 0.0f, 1.0f};
    vkCmdSetViewport(cb, 0, 1, &viewport);
    VkRect2D scissor = toVkRect(drawableArea(s, color->width(), color->height()));
    vkCmdSetScissor(cb, 0, 1, &scissor);

    draw::PretransformedPushConstants pc{};
    pc.scale[0] = 2.0f / float(color->width());
    pc.scale[1] = 2.0f / float(color->height());
    // Screen x maps to NDC (x + 0.5) * 2 / width - 1: D3D9 centres pixels on integers.
    pc.offset[0] = 0.5f * pc.scale[0] - 1.0f;
    pc.offset[1] = 0.5f * pc.scale[1] - 1.0f;
    pc.specularEnable = s.renderStates[D3DRS_SPECULARENABLE] ? 1 : 0;
    vkCmdPushConstants(cb, device_.pipelines().layout(), VK_SHADER_STAGE_VERTEX_BIT, 0, 16, &pc);
    vkCmdPushConstants(cb, device_.pipelines().layout(), VK_SHADER_STAGE_FRAGMENT_BIT, 16, 4,
                       &pc.specularEnable);

    if (run.indices.empty()) {
        vkCmdDraw(cb, uint32_t(count), 1, 0, 0);
    } else {
        vk::UploadSlice indices = cmds.uploads().allocate(count * sizeof(uint16_t), 4);
        std::memcpy(indices.data, run.indices.data(), count * sizeof(uint16_t));
        vkCmdBindIndexBuffer(cb, indices.buffer, indices.offset, VK_INDEX_TYPE_UINT16);
        // Index i reads vertex first + i, which sits at (first + i - lo) in the copy.
        vkCmdDrawIndexed(cb, uint32_t(count), 1, 0, int32_t(run.first) - int32_t(lo), 0);
    }
    cmds.countDraw();
    ++drawCount_;
    // Everything the draw reads is in the upload ring already, so submitting here is safe, and
    // keeps one huge DP2 call from holding unbounded upload memory.
    if (cmds.draws() >= kDrawsPerSubmission) cmds.flush();
    return S_OK;
}

// D3D9 Clear: the rectangles (or the whole viewport when there are none) inside the viewport
// and, with D3DRS_SCISSORTESTENABLE, the scissor rectangle.
HRESULT Context::clear(const dp2::ClearArgs& args) {
    return guarded("clear", [&]() -> HRESULT {
        const state::DeviceState& s = state_.state();
        Surface* color = device_.findSurface(s.renderTargets[0]);
        Surface* depth = device_.findSurface(s.depthStencil);
        const bool wantColor = args.flags & D3DCLEAR_TARGET;
        const bool wantDepth = args.flags & D3DCLEAR_ZBUFFER;
        const bool wantStencil = args.flags & D3DCLEAR_STENCIL;
        if (wantColor && !color) return D3DERR_INVALIDCALL;
        if ((wantDepth || wantStencil) && !depth) return D3DERR_INVALIDCALL;
        if (wantStencil && !(vk::formatAspects(depth->vkFormat()) & VK_IMAGE_ASPECT_STENCIL_BIT))
            return D3DERR_INVALIDCALL;
        if (!wantColor && !wantDepth && !wantStencil) return S_OK;

        Surface* sized = color ? color : depth;
        uint32_t width = sized->width(), height = sized->height();
        if (color && depth) {
            width = std::min(width, depth->width());
            height = std::min(height, depth->height());
        }
        const Rect area = drawableArea(s, width, height);
        std::vector<VkClearRect> rects;
        auto add = [&](Rect r) {
            r = intersect(r, area);
            if (!r.empty()) rects.push_back({toVkRect(r), 0, 1});
        };
        if (args.rects.empty()) add(area);
        for (const RECT& r : args.rects)
            add({r.left, r.top, r.right, r.bottom});
        if (rects.empty()) return S_OK;
        // Predication decided on the CPU skips clears too (on the GPU, conditional rendering
        // covers vkCmdClearAttachments).
        if (device_.queries().renderingSkipped()) return S_OK;

        CommandContext& cmds = device_.commands();
        cmds.beginRendering(color, depth);
        VkClearAttachment attachments[2];
        uint32_t n = 0;
        if (wantColor) {
            VkClearAttachment& a = attachments[n++];
            a = {VK_IMAGE_ASPECT_COLOR_BIT, 0, {}};
            const uint32_t c = args.fillColor;
            a.clearValue.color.float32[0] = float((c >> 16) & 0xFF) / 255.0f;
            a.clearValue.color.float32[1] = float((c >> 8) & 0xFF) / 255.0f;
            a.clearValue.color.float32[2] = float(c & 0xFF) / 255.0f;
            // X formats keep alpha at 1 (see Device::createSurface).
            a.clearValue.color.float32[3] = color->format().ignoresAlpha ? 1.0f : float(c >> 24) / 255.0f;
        }
        if (wantDepth || wantStencil) {
            VkClearAttachment& a = attachments[n++];
            a = {VkImageAspectFlags((wantDepth ? VK_IMAGE_ASPECT_DEPTH_BIT : 0) |
                                    (wantStencil ? VK_IMAGE_ASPECT_STENCIL_BIT : 0)),
                 0,
                 {}};
            a.clearValue.depthStencil = {std::clamp(args.fillDepth, 0.0f, 1.0f), args.fillStencil & 0xFF};
        }
        vkCmdClearAttachments(cmds.commands(), n, attachments, uint32_t(rects.size()), rects.data());
        return S_OK;
    });
}

} // namespace ddivk::device

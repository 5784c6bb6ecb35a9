// ProcessVertices' capture (include/ddivk/umd_process_vertices.h): the current vertex shader's
// outputs, named by semantic, written into a buffer by transform feedback during a point-list
// draw that rasterises nothing. It uses the draw path itself (Context::drawProgram), so the
// shader runs exactly as in a draw: the same translation, stream plan, constants and samplers.
// The capture has a StreamOutput object of its own, so the D3D10 door's declaration and targets
// stay as they were.
#include <algorithm>
#include <array>

#include "ddivk/ddivk.h"
#include "ddivk/umd_process_vertices.h"
#include "device/stream_output.h"
#include "device/umd_call.h"
#include "util/log.h"

using namespace ddivk;

namespace ddivk::device {
namespace {

constexpr uint32_t kMaxStride = 2048; // as the D3D10 door's (D3D11_SO_BUFFER_MAX_STRIDE_IN_BYTES)

// The declaration of the capture's elements, all in slot 0; false for a bad element.
bool captureDeclaration(const DDIVK_PROCESSVERTICES& args, const vk::Caps& caps,
                        StreamOutputDeclaration* out) {
    if (!args.pElements || args.NumElements == 0 ||
        args.NumElements > shader::TranslationKey::kStreamOutputEntries)
        return false;
    const uint32_t maxStride = std::min(kMaxStride, caps.maxTransformFeedbackBufferDataStride);
    if (args.DestStride == 0 || args.DestStride % 4 || args.DestStride > maxStride) return false;
    std::array<DDIVK_CAPTUREELEMENT, shader::TranslationKey::kStreamOutputEntries> sorted{};
    uint32_t bytes = 0;
    for (uint32_t i = 0; i < args.NumElements; ++i) {
        const DDIVK_CAPTUREELEMENT& e = args.pElements[i];
        if (e.Usage > 15 || e.UsageIndex > 15 || e.Components == 0 || e.Components > 4 || e.Reserved ||
            e.Offset % 4 || e.Offset + 4u * e.Components > args.DestStride)
            return false;
        sorted[i] = e;
        bytes += 4u * e.Components;
    }
    // Vulkan forbids transform-feedback outputs that overlap in a buffer.
    std::sort(
        sorted.begin(), sorted.begin() + args.NumElements,
        [](const DDIVK_CAPTUREELEMENT& a, const DDIVK_CAPTUREELEMENT& b) { return a.Offset < b.Offset; });
    for (uint32_t i = 1; i < args.NumElements; ++i)
        if (sorted[i - 1].Offset + 4u * sorted[i - 1].Components > sorted[i].Offset) return false;
    if (bytes > caps.maxTransformFeedbackBufferDataSize || bytes > caps.maxTransformFeedbackStreamDataSize)
        return false;
    StreamOutputDeclaration d;
    for (uint32_t i = 0; i < args.NumElements; ++i) {
        const DDIVK_CAPTUREELEMENT& e = args.pElements[i];
        d.entries[i] = shader::streamOutputSemanticEntry(e.Usage, e.UsageIndex, 0, e.Components, 0, e.Offset);
    }
    d.strides[0] = uint16_t(args.DestStride);
    d.slotMask = 1;
    *out = d;
    return true;
}

} // namespace

HRESULT Context::processVertices(const DDIVK_PROCESSVERTICES& args) {
    StreamOutput* capture = device_.processVerticesCapture();
    if (!capture || !device_.programPipelines()) return D3DERR_NOTAVAILABLE;
    StreamOutputDeclaration declaration;
    if (!captureDeclaration(args, device_.vulkan().caps(), &declaration)) return D3DERR_INVALIDCALL;
    const uintptr_t handle = reinterpret_cast<uintptr_t>(args.hDestBuffer);
    Resource* dest = handle > UINT32_MAX ? nullptr : device_.findResource(uint32_t(handle));
    if (!dest || !dest->isBuffer() || args.DestOffset % 4) return D3DERR_INVALIDCALL;
    const uint64_t end = args.DestOffset + uint64_t(args.VertexCount) * args.DestStride;
    if (args.DestOffset > dest->size() || end > dest->size()) return D3DERR_INVALIDCALL;
    if (!state_.state().vertexShader) return D3DERR_INVALIDCALL; // fixed function is the runtime's
    if (args.VertexCount == 0) return S_OK;

    CommandContext& cmds = device_.commands();
    capture->setDeclaration(declaration);
    capture->setTarget(0, dest, args.DestOffset, cmds);
    // The draw sees capture_ only for itself, whatever happens inside it.
    struct Restore {
        Context& c;
        StreamOutput& so;
        Resource& dest;
        ~Restore() {
            c.capture_ = nullptr;
            so.setTarget(0, nullptr, 0, c.device_.commands());
            so.forget(&dest); // frees its counter slot
        }
    } restore{*this, *capture, *dest};
    capture_ = capture;
    const uint64_t drawsBefore = drawCount_;
    const HRESULT hr =
        drawProgram(DrawCall::primitive(D3DPT_POINTLIST, args.SrcStartIndex, args.VertexCount));
    if (failed(hr)) return hr;
    if (drawCount_ == drawsBefore) {
        // The draw path records nothing for an empty viewport: no vertex was processed.
        DDIVK_WARN_ONCE("ProcessVertices captured nothing: the viewport is empty");
        return D3DERR_INVALIDCALL;
    }
    return S_OK;
}

} // namespace ddivk::device

extern "C" HRESULT ddivk_umd_process_vertices(HANDLE hDevice, const DDIVK_PROCESSVERTICES* args) {
    if (!args) return D3DERR_INVALIDCALL;
    return device::umdCall(device::umdHandle(hDevice), "ProcessVertices",
                           [&](device::Context& c) { return c.processVertices(*args); });
}

// IDirect3DDevice9::ProcessVertices with a vertex shader. The driver runs the shader on the GPU
// (ddivk_umd_process_vertices: a draw that rasterises nothing and captures the outputs by
// transform feedback), so it runs exactly as in a draw; here the captured floats become the
// destination's vertices: oPos through the perspective divide and the viewport (clip
// coordinates kept for a vertex outside the view volume while clipping is on), each other
// output the shader writes into the destination element of its semantic, converted to its type
// (packField). Elements of semantics the shader does not write are left as they were.
// Driver headers before <d3d9.h>.
#include "ddivk/ddivk.h"
#include "ddivk/umd_process_vertices.h"
#include "draw/vertex_decl.h"
#include "shader/decoder.h"
#include "shader/output_semantics.h"
#include "util/unimplemented.h"

#include "d3d9/device9.h"

#include "d3d9/buffer9.h"
#include "d3d9/shader9.h"
#include "d3d9/vertex_declaration9.h"
#include "d3d9/vertex_processing.h"

#include <algorithm>
#include <cstring>

namespace ddivk::d3d9 {
namespace {

// Components of a destination element the capture fills: FLOAT1..3 their floats, every other
// type packed from four (packField); 0 for D3DDECLTYPE_UNUSED and unknown types.
uint8_t capturedComponents(uint8_t type) {
    if (type <= ::D3DDECLTYPE_FLOAT3) return uint8_t(type + 1);
    return draw::declTypeInfo(type) ? 4 : 0;
}

bool isPosition(const VertexField& f) {
    return f.usageIndex == 0 && f.type == ::D3DDECLTYPE_FLOAT4 &&
           (f.usage == ::D3DDECLUSAGE_POSITIONT || f.usage == ::D3DDECLUSAGE_POSITION);
}

} // namespace

HRESULT Device9::processVerticesWithShader(UINT sourceStart, UINT destinationIndex, UINT count,
                                           IDirect3DVertexBuffer9* destination,
                                           IDirect3DVertexDeclaration9* outputDeclaration, DWORD flags) {
    constexpr DWORD kLockFlags = D3DLOCK_DISCARD | D3DLOCK_NOOVERWRITE | D3DLOCK_NOSYSLOCK;
    auto* out = static_cast<VertexBuffer9*>(destination);
    auto* shaderObject = registry_->find<VertexShader9>(ObjectKind::VertexShader, state_.vertexShader());
    if (!shaderObject) return D3DERR_INVALIDCALL;
    const std::vector<DWORD>& code = shaderObject->code();
    std::vector<uint32_t> tokens(code.begin(), code.end());
    const auto program = shader::decode(tokens, {softwareVertexRegisters()});
    if (!program) return D3DERR_INVALIDCALL; // (CreateVertexShader decoded it already)
    const std::vector<shader::OutputSemantic> written = shader::writtenOutputs(*program);

    // The destination's layout: the FVF's elements, or for vs_3_0 the output declaration's
    // ("must be present" with a vs_3_0 shader), inside the FVF's vertex size.
    const UINT stride = ddivk::fvfVertexSize(out->desc().FVF);
    std::vector<VertexField> fields;
    if (program->major >= 3) {
        auto* declaration = static_cast<VertexDeclaration9*>(outputDeclaration);
        if (!declaration) return D3DERR_INVALIDCALL;
        D3DVERTEXELEMENT9 elements[MAXD3DDECLLENGTH + 1];
        UINT elementCount = MAXD3DDECLLENGTH + 1;
        if (FAILED(declaration->GetDeclaration(elements, &elementCount))) return D3DERR_INVALIDCALL;
        for (const VertexField& f : declarationFields(elements, elementCount))
            if (f.stream == 0) fields.push_back(f);
    } else {
        fields = fvfFields(out->desc().FVF);
    }
    // What the driver captures: the position first, then each element of a written semantic.
    std::vector<DDIVK_CAPTUREELEMENT> capture;
    std::vector<VertexField> targets; // the destination element of each capture element
    const VertexField* position = nullptr;
    for (const VertexField& f : fields) {
        const draw::DeclTypeInfo* type = draw::declTypeInfo(f.type);
        if (type && f.offset + type->size > stride) return D3DERR_INVALIDCALL;
        if (isPosition(f) && !position) {
            position = &f;
            continue;
        }
        const shader::OutputSemantic semantic{f.usage, f.usageIndex};
        if (std::find(written.begin(), written.end(), semantic) == written.end()) continue;
        const uint8_t components = capturedComponents(f.type);
        // (A declaration holds no other types or usages: CreateVertexDeclaration checks them.)
        if (components == 0 || f.usage > 15 || f.usageIndex > 15) return D3DERR_INVALIDCALL;
        targets.push_back(f);
        capture.push_back(ddivk::DDIVK_CAPTUREELEMENT{f.usage, f.usageIndex, components, 0, 0});
    }
    if (!position) return D3DERR_INVALIDCALL;
    capture.insert(capture.begin(),
                   ddivk::DDIVK_CAPTUREELEMENT{uint8_t(::D3DDECLUSAGE_POSITION), 0, 4, 0, 0});
    targets.insert(targets.begin(), *position);
    if (capture.size() > 16) return D3DERR_INVALIDCALL;
    for (size_t i = 0; i < capture.size(); ++i)
        capture[i].Offset = uint32_t(16 * i);
    const uint32_t captureStride = uint32_t(16 * capture.size());

    // The source: the current FVF or declaration. Each stream it reads is set and holds the
    // vertices (as without a shader); on a mixed-mode device software vertex processing reads
    // only buffers made with D3DUSAGE_SOFTWAREPROCESSING.
    const std::vector<VertexField> inFields = processingSourceFields();
    if (inFields.empty()) return D3DERR_INVALIDCALL;
    for (const VertexField& f : inFields) {
        const draw::DeclTypeInfo* type = draw::declTypeInfo(f.type);
        if (!type || !processingSource(f, sourceStart, count, type->size)) return D3DERR_INVALIDCALL;
    }
    if (count == 0) return D3D_OK;

    // The driver writes the outputs into a scratch buffer, in order with what is recorded.
    const uint64_t scratchBytes = uint64_t(count) * captureStride;
    if (scratchBytes > UINT32_MAX) return D3DERR_INVALIDCALL;
    uint32_t scratchHandle = 0;
    if (FAILED(BufferStorage::create(*this, UINT(scratchBytes), D3DUSAGE_DYNAMIC, ::D3DFMT_VERTEXDATA, true,
                                     ::D3DPOOL_SYSTEMMEM, &scratchHandle)))
        return D3DERR_OUTOFVIDEOMEMORY;
    BufferStorage scratch(*this, scratchHandle, UINT(scratchBytes), ::D3DPOOL_SYSTEMMEM);
    ddivk::DDIVK_PROCESSVERTICES args{};
    args.SrcStartIndex = sourceStart;
    args.VertexCount = count;
    args.hDestBuffer = reinterpret_cast<ddivk::HANDLE>(uintptr_t{scratchHandle});
    args.DestOffset = 0;
    args.DestStride = captureStride;
    args.pElements = capture.data();
    args.NumElements = uint32_t(capture.size());
    ddivk::HRESULT hr = D3DERR_INVALIDCALL;
    stream_->call([&] { hr = ddivk_umd_process_vertices(reinterpret_cast<ddivk::HANDLE>(context_), &args); });
    if (hr == D3DERR_NOTAVAILABLE) {
        DDIVK_UNIMPLEMENTED("ProcessVertices with a vertex shader on a device without transform feedback");
        return D3DERR_INVALIDCALL;
    }
    if (hr != S_OK) return D3DERR_INVALIDCALL;

    void* captured = nullptr;
    if (FAILED(scratch.lock(0, 0, &captured, D3DLOCK_READONLY))) return D3DERR_INVALIDCALL;
    void* mapped = nullptr;
    if (FAILED(out->Lock(destinationIndex * stride, count * stride, &mapped, flags & kLockFlags))) {
        scratch.unlock();
        return D3DERR_INVALIDCALL;
    }
    const ddivk::D3DVIEWPORT9 vp = state_.viewport();
    ScreenTransform t{};
    t.x = float(vp.X), t.y = float(vp.Y), t.width = float(vp.Width), t.height = float(vp.Height);
    t.minZ = vp.MinZ, t.maxZ = vp.MaxZ;
    const bool clipping = state_.renderState(ddivk::D3DRS_CLIPPING) != 0;
    DWORD clipUnion = 0, clipIntersection = ~0u;
    for (UINT i = 0; i < count; ++i) {
        const auto* values = static_cast<const float*>(captured) + size_t(i) * (captureStride / 4);
        uint8_t* vertex = static_cast<uint8_t*>(mapped) + size_t(i) * stride;
        const ProjectedVertex v = fromClip(values);
        clipUnion |= v.clipCode;
        clipIntersection &= v.clipCode;
        float screen[4];
        processedPosition(t, v, clipping, screen);
        std::memcpy(vertex + targets[0].offset, screen, sizeof screen);
        for (size_t e = 1; e < capture.size(); ++e)
            packField(targets[e].type, values + 4 * e, vertex + targets[e].offset);
    }
    out->Unlock();
    scratch.unlock();
    recordClipCodes(clipping, clipUnion, clipIntersection);
    return D3D_OK;
}

} // namespace ddivk::d3d9

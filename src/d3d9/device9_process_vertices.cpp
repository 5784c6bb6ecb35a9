// IDirect3DDevice9::ProcessVertices without a vertex shader, on the CPU (with one:
// device9_process_vertices_shader.cpp): the current streams, read through the current
// FVF or vertex declaration, transformed by world * view * projection and the viewport into the
// destination buffer's D3DFVF_XYZRHW vertices, with colours and texture coordinates copied
// (docs/d3d9-dll.md, "Other device methods"), with vertex blending and lighting
// (vertex_lighting.h) as the draws' fixed-function stage does them. What it would compute beyond
// that (tweening, texture transforms and generation) is refused with D3DERR_INVALIDCALL and
// counted as unimplemented, never approximated.
// Driver headers before <d3d9.h>: device9.h first.
#include "d3d9/device9.h"

#include "util/unimplemented.h"

#include "d3d9/buffer9.h"
#include "d3d9/vertex_declaration9.h"
#include "d3d9/vertex_lighting.h"
#include "d3d9/vertex_processing.h"

#include "shader/ff/ff_vertex_state.h"

#include <cmath>
#include <cstring>

namespace ddivk::d3d9 {
namespace {

// A locked source stream; unlocked when it goes.
struct LockedStream {
    VertexBuffer9* buffer = nullptr;
    const uint8_t* data = nullptr;
    UINT offset = 0, stride = 0;
    ~LockedStream() {
        if (data) buffer->Unlock();
    }
};

void multiply(const ddivk::D3DMATRIX& a, const ddivk::D3DMATRIX& b, float out[4][4]) {
    for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 4; ++c)
            out[r][c] =
                a.m[r][0] * b.m[0][c] + a.m[r][1] * b.m[1][c] + a.m[r][2] * b.m[2][c] + a.m[r][3] * b.m[3][c];
}

// The fixed-function work this CPU path does not do, by name; null when there is none.
const char* unsupportedWork(const state::StateCache& s, const std::vector<VertexField>& out) {
    if (s.renderState(ddivk::D3DRS_VERTEXBLEND) == D3DVBF_TWEENING) return "ProcessVertices with tweening";
    for (uint8_t set = 0; set < state::kTextureStages; ++set) {
        if (!findField(out, ::D3DDECLUSAGE_TEXCOORD, set)) continue;
        if (s.textureStageState(set, ddivk::D3DTSS_TEXCOORDINDEX) != set ||
            s.textureStageState(set, ddivk::D3DTSS_TEXTURETRANSFORMFLAGS) != D3DTTFF_DISABLE)
            return "ProcessVertices with texture coordinate generation or transforms";
    }
    return nullptr;
}

DWORD readColour(const uint8_t* bytes) {
    DWORD c;
    std::memcpy(&c, bytes, sizeof c);
    return c;
}

// D3DCOLOR (A8R8G8B8) to float RGBA in [0, 1] (packColour, vertex_processing.h, goes back).
void unpackColour(DWORD c, float out[4]) {
    out[0] = float((c >> 16) & 0xFF) / 255.0f;
    out[1] = float((c >> 8) & 0xFF) / 255.0f;
    out[2] = float(c & 0xFF) / 255.0f;
    out[3] = float(c >> 24) / 255.0f;
}

// The blend weights (FLOAT1..4) and indices (UBYTE4 bytes in order; D3DCOLOR as its R, G, B, A
// components, bytes 2, 1, 0, 3) of a vertex; null bytes: none.
VertexBlend blendOf(const uint8_t* weightBytes, const std::optional<VertexField>& weights,
                    const uint8_t* indexBytes, const std::optional<VertexField>& indices) {
    VertexBlend b;
    if (weightBytes) std::memcpy(b.weights, weightBytes, readableFieldSize(weights->type));
    if (indexBytes) {
        static constexpr int kColourOrder[4] = {2, 1, 0, 3}, kByteOrder[4] = {0, 1, 2, 3};
        const int* order = indices->type == ::D3DDECLTYPE_D3DCOLOR ? kColourOrder : kByteOrder;
        for (int k = 0; k < 4; ++k)
            b.indices[k] = indexBytes[order[k]];
    }
    return b;
}

} // namespace

std::vector<VertexField> Device9::processingSourceFields() {
    if (state_.fvf()) return fvfFields(state_.fvf());
    auto* declaration =
        registry_->find<VertexDeclaration9>(ObjectKind::VertexDeclaration, state_.vertexDeclaration());
    if (!declaration) return {};
    D3DVERTEXELEMENT9 elements[MAXD3DDECLLENGTH + 1];
    UINT elementCount = MAXD3DDECLLENGTH + 1;
    if (FAILED(declaration->GetDeclaration(elements, &elementCount))) return {};
    return declarationFields(elements, elementCount);
}

void Device9::recordClipCodes(bool clipping, DWORD clipUnion, DWORD clipIntersection) {
    // D3D9: the clip status gathers the clip codes while clipping is on, and is zero when off.
    if (clipping) {
        clipStatus_.ClipUnion |= clipUnion;
        clipStatus_.ClipIntersection &= clipIntersection;
    } else {
        clipStatus_ = {0, 0};
    }
}

HRESULT STDMETHODCALLTYPE Device9::ProcessVertices(UINT sourceStart, UINT destinationIndex, UINT count,
                                                   IDirect3DVertexBuffer9* destination,
                                                   IDirect3DVertexDeclaration9* outputDeclaration,
                                                   DWORD flags) {
    constexpr DWORD kLockFlags = D3DLOCK_DISCARD | D3DLOCK_NOOVERWRITE | D3DLOCK_NOSYSLOCK;
    if (!destination || (flags & ~(D3DPV_DONOTCOPYDATA | kLockFlags))) return D3DERR_INVALIDCALL;
    auto* out = static_cast<VertexBuffer9*>(destination);
    // D3D9: the destination buffer is made with a nonzero FVF, which names its elements. The
    // output declaration argument only matters for vs_3_0 shaders.
    const DWORD outFvf = out->desc().FVF;
    const std::vector<VertexField> outFields = fvfFields(outFvf);
    const UINT outStride = ddivk::fvfVertexSize(outFvf);
    if (outFields.empty() || (outFvf & D3DFVF_POSITION_MASK) != D3DFVF_XYZRHW) {
        if (outFvf && !outFields.empty()) DDIVK_UNIMPLEMENTED("ProcessVertices into untransformed vertices");
        return D3DERR_INVALIDCALL;
    }
    if ((uint64_t(destinationIndex) + count) * outStride > out->desc().Size) return D3DERR_INVALIDCALL;

    auto guard = lock();
    if (state_.vertexShader())
        return processVerticesWithShader(sourceStart, destinationIndex, count, destination, outputDeclaration,
                                         flags);
    if (const char* work = unsupportedWork(state_, outFields)) {
        DDIVK_UNIMPLEMENTED(work);
        return D3DERR_INVALIDCALL;
    }
    // The source: the current FVF or declaration (a draw's rule: one of them is set).
    const std::vector<VertexField> inFields = processingSourceFields();
    const std::optional<VertexField> position = findField(inFields, ::D3DDECLUSAGE_POSITION, 0);
    if (!position || position->type != ::D3DDECLTYPE_FLOAT3) return D3DERR_INVALIDCALL;
    if (count == 0) return D3D_OK;

    // Lock every stream a field reads, checking that the vertices lie inside it.
    std::array<LockedStream, state::kMaxStreams> streams;
    std::vector<VertexField> copied; // the fields besides the position that reach the output
    // Lighting computes the output's colours from the normal and the vertex colours; they are
    // what the operation changes, so D3DPV_DONOTCOPYDATA does not skip them.
    const std::optional<VertexField> outDiffuse = findField(outFields, ::D3DDECLUSAGE_COLOR, 0);
    const std::optional<VertexField> outSpecular = findField(outFields, ::D3DDECLUSAGE_COLOR, 1);
    const bool lit = state_.renderState(ddivk::D3DRS_LIGHTING) && (outDiffuse || outSpecular);
    const bool blending = state_.renderState(ddivk::D3DRS_VERTEXBLEND) != D3DVBF_DISABLE;
    std::optional<VertexField> normal, inDiffuse, inSpecular; // read for lighting
    std::optional<VertexField> weights, indices;              // read for blending
    for (const VertexField& f : inFields) {
        const bool colour = f.usage == ::D3DDECLUSAGE_COLOR;
        const bool blendInput =
            blending && f.usageIndex == 0 &&
            (f.usage == ::D3DDECLUSAGE_BLENDWEIGHT || f.usage == ::D3DDECLUSAGE_BLENDINDICES);
        const bool lightingInput =
            lit && ((colour && f.usageIndex < 2) || (f.usage == ::D3DDECLUSAGE_NORMAL && f.usageIndex == 0));
        const bool copiedField = !(flags & D3DPV_DONOTCOPYDATA) && !(lit && colour) &&
                                 findField(outFields, f.usage, f.usageIndex) &&
                                 (colour || f.usage == ::D3DDECLUSAGE_TEXCOORD);
        const bool wanted = f.usage == ::D3DDECLUSAGE_POSITION || lightingInput || blendInput || copiedField;
        if (!wanted || (f.usage == ::D3DDECLUSAGE_POSITION && f.usageIndex != 0)) continue;
        // Colours are read as D3DCOLOR, normals, weights and coordinates as floats, indices as
        // UBYTE4 or D3DCOLOR: other source types would need a conversion D3D9 does not describe
        // for this method.
        const bool expectedType = colour                                  ? f.type == ::D3DDECLTYPE_D3DCOLOR
                                  : f.usage == ::D3DDECLUSAGE_NORMAL      ? f.type == ::D3DDECLTYPE_FLOAT3
                                  : f.usage == ::D3DDECLUSAGE_BLENDWEIGHT ? f.type <= ::D3DDECLTYPE_FLOAT4
                                  : f.usage == ::D3DDECLUSAGE_BLENDINDICES
                                      ? f.type == ::D3DDECLTYPE_UBYTE4 || f.type == ::D3DDECLTYPE_D3DCOLOR
                                      : true;
        if (!expectedType) {
            DDIVK_UNIMPLEMENTED("ProcessVertices of colours, normals, blend weights or indices, or texture "
                                "coordinates of other types");
            return D3DERR_INVALIDCALL;
        }
        const uint32_t size = readableFieldSize(f.type);
        if (size == 0 || f.stream >= state::kMaxStreams) return D3DERR_INVALIDCALL;
        LockedStream& s = streams[f.stream];
        if (!s.data) {
            const state::StreamSource source = state_.streamSource(f.stream);
            s.buffer = streams_[f.stream].get();
            if (!s.buffer) return D3DERR_INVALIDCALL;
            // D3D9: ProcessVertices runs in software, and on a mixed-mode device software
            // vertex processing reads only buffers made with D3DUSAGE_SOFTWAREPROCESSING.
            if ((creation_.flags & D3DCREATE_MIXED_VERTEXPROCESSING) &&
                !(s.buffer->desc().Usage & D3DUSAGE_SOFTWAREPROCESSING))
                return D3DERR_INVALIDCALL;
            void* data = nullptr;
            if (FAILED(s.buffer->Lock(0, 0, &data, D3DLOCK_READONLY))) return D3DERR_INVALIDCALL;
            s.data = static_cast<const uint8_t*>(data);
            s.offset = source.offset;
            s.stride = source.stride;
        }
        const uint64_t end = s.offset + (uint64_t(sourceStart) + count - 1) * s.stride + f.offset + size;
        if (end > s.buffer->desc().Size) return D3DERR_INVALIDCALL;
        if (copiedField) copied.push_back(f);
        if (lightingInput && f.usage == ::D3DDECLUSAGE_NORMAL) normal = f;
        if (lightingInput && colour) (f.usageIndex == 0 ? inDiffuse : inSpecular) = f;
        if (blendInput) (f.usage == ::D3DDECLUSAGE_BLENDWEIGHT ? weights : indices) = f;
    }
    // The packed state of the draws' fixed-function vertex stage: its blend matrices, camera
    // space, lights, material and colour sources (which vertex colours the format has).
    shader::ff::FfVertexState ff{};
    if (lit || blending) {
        shader::ff::FfVertexKey key;
        if (normal) key.add(shader::abi::kFfInNormal);
        if (inDiffuse) key.add(shader::abi::kFfInDiffuse);
        if (inSpecular) key.add(shader::abi::kFfInSpecular);
        ff = shader::ff::packFfVertexState(state_.state(), state_.lights(), key);
    }

    ScreenTransform t{};
    float worldView[4][4];
    multiply(state_.transform(D3DTS_WORLDMATRIX(0)), state_.transform(D3DTS_VIEW), worldView);
    ddivk::D3DMATRIX wv;
    std::memcpy(wv.m, worldView, sizeof worldView);
    multiply(wv, state_.transform(D3DTS_PROJECTION), t.m);
    const ddivk::D3DVIEWPORT9 vp = state_.viewport();
    t.x = float(vp.X), t.y = float(vp.Y), t.width = float(vp.Width), t.height = float(vp.Height);
    t.minZ = vp.MinZ, t.maxZ = vp.MaxZ;
    // Blended vertices reach camera space through their own matrices: then only the projection.
    ScreenTransform fromCamera = t;
    std::memcpy(fromCamera.m, ff.projection, sizeof fromCamera.m);
    const bool clipping = state_.renderState(ddivk::D3DRS_CLIPPING) != 0;

    void* mapped = nullptr;
    if (FAILED(out->Lock(destinationIndex * outStride, count * outStride, &mapped, flags & kLockFlags)))
        return D3DERR_INVALIDCALL;
    auto* outBytes = static_cast<uint8_t*>(mapped);
    DWORD clipUnion = 0, clipIntersection = ~0u;
    for (UINT i = 0; i < count; ++i) {
        auto in = [&](const VertexField& f) {
            const LockedStream& s = streams[f.stream];
            return s.data + s.offset + size_t(sourceStart + i) * s.stride + f.offset;
        };
        uint8_t* vertex = outBytes + size_t(i) * outStride;
        float p[3];
        std::memcpy(p, in(*position), sizeof p);
        CameraVertex camera{};
        if (lit || blending) {
            const float none[3] = {0, 0, 0};
            float n[3];
            if (normal) std::memcpy(n, in(*normal), sizeof n);
            toCamera(
                ff, p, normal ? n : none,
                blendOf(weights ? in(*weights) : nullptr, weights, indices ? in(*indices) : nullptr, indices),
                camera);
        }
        const ProjectedVertex v = blending ? project(fromCamera, camera.position) : project(t, p);
        clipUnion |= v.clipCode;
        clipIntersection &= v.clipCode;
        float screen[4];
        processedPosition(t, v, clipping, screen);
        std::memcpy(vertex, screen, sizeof screen);
        if (lit) {
            unpackColour(inDiffuse ? readColour(in(*inDiffuse)) : 0xFFFFFFFF, camera.diffuse);
            unpackColour(inSpecular ? readColour(in(*inSpecular)) : 0, camera.specular);
            const LitColours colours = lightVertex(ff, camera);
            const DWORD diffuse = packColour(colours.diffuse), specular = packColour(colours.specular);
            if (outDiffuse) std::memcpy(vertex + outDiffuse->offset, &diffuse, 4);
            if (outSpecular) std::memcpy(vertex + outSpecular->offset, &specular, 4);
        }
        if (flags & D3DPV_DONOTCOPYDATA) continue;
        // Colours the source lacks are D3D9's defaults: opaque white diffuse, black specular.
        const DWORD white = 0xFFFFFFFF, black = 0;
        if (outDiffuse && !lit) std::memcpy(vertex + outDiffuse->offset, &white, 4);
        if (outSpecular && !lit) std::memcpy(vertex + outSpecular->offset, &black, 4);
        for (const VertexField& f : copied) {
            const VertexField o =
                *findField(outFields, f.usage, f.usageIndex); // a copy: the optional is a temporary
            // Texture coordinates: the components both have; the output's others stay unchanged.
            const uint32_t bytes = std::min(readableFieldSize(f.type), readableFieldSize(o.type));
            std::memcpy(vertex + o.offset, in(f), bytes);
        }
    }
    out->Unlock();
    recordClipCodes(clipping, clipUnion, clipIntersection);
    return D3D_OK;
}

} // namespace ddivk::d3d9

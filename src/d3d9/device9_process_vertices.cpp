// IDirect3DDevice9::ProcessVertices without a vertex shader, on the CPU (with one:
// device9_process_vertices_shader.cpp): the current streams, read through the current
// FVF or vertex declaration, transformed by world * view * projection and the viewport into the
// destination buffer's D3DFVF_XYZRHW vertices, with colours and texture coordinates copied
// (docs/d3d9-dll.md, "Other device methods"), with vertex blending, lighting (vertex_lighting.h),
// texture coordinate generation and transforms and vertex fog (vertex_texgen_fog.h) as the draws'
// fixed-function stage does them, tweening included.
// Driver headers before <d3d9.h>: device9.h first.
#include "d3d9/device9.h"

#include "util/unimplemented.h"

#include "d3d9/buffer9.h"
#include "d3d9/vertex_declaration9.h"
#include "d3d9/vertex_lighting.h"
#include "d3d9/vertex_processing.h"
#include "d3d9/vertex_texgen_fog.h"

#include "shader/ff/ff_vertex_state.h"

#include <algorithm>
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

// An output texture coordinate set: output set n is stage n's coordinate, the one a draw of
// the source gives the stage (docs/d3d9-dll.md, "Other device methods").
struct TexOutput {
    VertexField out;
    uint32_t sourceSet; // the vertex's set the stage reads; kNoSet when generated
    bool computed;      // generated or transformed
};
constexpr uint32_t kNoSet = ~0u;

// The output sets ProcessVertices writes: the computed ones, and the copied ones unless
// D3DPV_DONOTCOPYDATA.
std::vector<TexOutput> texOutputsOf(const shader::ff::FfVertexState& ff,
                                    const std::vector<VertexField>& outFields, bool copying) {
    std::vector<TexOutput> texOutputs;
    for (const VertexField& o : outFields) {
        if (o.usage != ::D3DDECLUSAGE_TEXCOORD || o.usageIndex >= shader::ff::kFfStages) continue;
        const uint32_t stage = o.usageIndex;
        const bool computed = stageComputes(ff, stage);
        if (!computed && !copying) continue;
        texOutputs.push_back({o, ff.stage[stage][1] == 0 ? ff.stage[stage][0] : kNoSet, computed});
    }
    return texOutputs;
}

// "POSITION = POSITION1 * (1.0 - TWEENFACTOR) + POSITION2 * TWEENFACTOR", the same for normals.
void tween(float value[3], const uint8_t* second, float factor) {
    float v[3];
    std::memcpy(v, second, sizeof v);
    for (int c = 0; c < 3; ++c)
        value[c] = value[c] * (1.0f - factor) + v[c] * factor;
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

VertexBuffer9* Device9::processingSource(const VertexField& f, UINT sourceStart, UINT count, uint32_t bytes) {
    VertexBuffer9* buffer = f.stream < state::kMaxStreams ? streams_[f.stream].get() : nullptr;
    if (!buffer) return nullptr;
    // D3D9: ProcessVertices runs in software, and on a mixed-mode device software vertex
    // processing reads only buffers made with D3DUSAGE_SOFTWAREPROCESSING.
    if ((creation_.flags & D3DCREATE_MIXED_VERTEXPROCESSING) &&
        !(buffer->desc().Usage & D3DUSAGE_SOFTWAREPROCESSING))
        return nullptr;
    const state::StreamSource s = state_.streamSource(f.stream);
    const uint64_t end =
        s.offset + (uint64_t(sourceStart) + std::max(count, 1u) - 1) * s.stride + f.offset + bytes;
    return end <= buffer->desc().Size ? buffer : nullptr;
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
    if (outFields.empty()) return D3DERR_INVALIDCALL;
    if ((uint64_t(destinationIndex) + count) * outStride > out->desc().Size) return D3DERR_INVALIDCALL;

    auto guard = lock();
    // "Position type is always D3DFVF_XYZRHW" for fixed-function processing ("FVF Usage Settings
    // for Destination Vertex Buffers"): others are invalid there. What a shader's outputs would
    // make of untransformed destinations is not described: not done.
    if ((outFvf & D3DFVF_POSITION_MASK) != D3DFVF_XYZRHW) {
        if (state_.vertexShader())
            DDIVK_UNIMPLEMENTED("ProcessVertices with a vertex shader into untransformed vertices");
        return D3DERR_INVALIDCALL;
    }
    if (state_.vertexShader())
        return processVerticesWithShader(sourceStart, destinationIndex, count, destination, outputDeclaration,
                                         flags);
    // The source: the current FVF or declaration (a draw's rule: one of them is set).
    const std::vector<VertexField> inFields = processingSourceFields();
    const std::optional<VertexField> position = findField(inFields, ::D3DDECLUSAGE_POSITION, 0);
    if (!position || position->type != ::D3DDECLTYPE_FLOAT3) return D3DERR_INVALIDCALL;
    if (count == 0) return D3D_OK;

    // The packed state of the draws' fixed-function vertex stage: blend matrices, camera space,
    // lights, material and colour sources (which vertex colours the format has), texture stages
    // and fog.
    shader::ff::FfVertexKey key;
    if (findField(inFields, ::D3DDECLUSAGE_NORMAL, 0)) key.add(shader::abi::kFfInNormal);
    if (findField(inFields, ::D3DDECLUSAGE_COLOR, 0)) key.add(shader::abi::kFfInDiffuse);
    if (findField(inFields, ::D3DDECLUSAGE_COLOR, 1)) key.add(shader::abi::kFfInSpecular);
    const shader::ff::FfVertexState ff = shader::ff::packFfVertexState(state_.state(), state_.lights(), key);

    // What the operation computes, which D3DPV_DONOTCOPYDATA does not skip ("Fixed Function
    // Vertex Processing"): the diffuse colour with lighting, the specular with lighting and
    // SPECULARENABLE, its alpha the fog factor with a vertex fog mode, the texture coordinates
    // of stages that generate or transform them. The rest is copied unless the flag is set.
    const bool copying = !(flags & D3DPV_DONOTCOPYDATA);
    const std::optional<VertexField> outDiffuse = findField(outFields, ::D3DDECLUSAGE_COLOR, 0);
    const std::optional<VertexField> outSpecular = findField(outFields, ::D3DDECLUSAGE_COLOR, 1);
    const bool lit = state_.renderState(ddivk::D3DRS_LIGHTING) != 0;
    const bool litDiffuse = lit && outDiffuse, litSpecular = lit && ff.specularEnable && outSpecular;
    const bool fogged = ff.fogMode != D3DFOG_NONE && outSpecular;
    // Tweening ("Vertex Tweening") blends POSITION0 / POSITION1 and NORMAL0 / NORMAL1 by
    // TWEENFACTOR before everything else; it excludes blending with weights.
    const DWORD vertexBlend = state_.renderState(ddivk::D3DRS_VERTEXBLEND);
    const bool tweening = vertexBlend == D3DVBF_TWEENING;
    const bool blending = vertexBlend != D3DVBF_DISABLE && !tweening;
    const std::vector<TexOutput> texOutputs = texOutputsOf(ff, outFields, copying);
    // Every generation mode but the camera-space position reads the normal.
    const bool generatedFromNormal =
        std::any_of(texOutputs.begin(), texOutputs.end(), [&](const TexOutput& t) {
            const uint32_t mode = ff.stage[t.out.usageIndex][1];
            return mode != 0 && mode != 2;
        });
    const bool cameraSpace =
        litDiffuse || litSpecular || fogged || blending || generatedFromNormal ||
        std::any_of(texOutputs.begin(), texOutputs.end(), [](const TexOutput& t) { return t.computed; });

    // Lock every stream a field reads, checking that the vertices lie inside it.
    std::array<LockedStream, state::kMaxStreams> streams;
    std::optional<VertexField> normal, inDiffuse, inSpecular; // read for lighting or copied
    std::optional<VertexField> position1, normal1;            // read for tweening
    std::optional<VertexField> weights, indices;              // read for blending
    std::array<std::optional<VertexField>, shader::ff::kFfStages> inSets; // read by a TexOutput
    for (const VertexField& f : inFields) {
        const bool colour = f.usage == ::D3DDECLUSAGE_COLOR && f.usageIndex < 2;
        // Both vertex colours feed lighting (as material sources); each is copied to its own.
        const bool colourWanted = litDiffuse || litSpecular ||
                                  (copying && (f.usageIndex == 0 ? outDiffuse : outSpecular).has_value());
        const bool blendInput =
            blending && f.usageIndex == 0 &&
            (f.usage == ::D3DDECLUSAGE_BLENDWEIGHT || f.usage == ::D3DDECLUSAGE_BLENDINDICES);
        const bool normalInput = f.usage == ::D3DDECLUSAGE_NORMAL && (f.usageIndex == 0 || tweening) &&
                                 f.usageIndex < 2 && (litDiffuse || litSpecular || generatedFromNormal);
        const bool positionInput =
            f.usage == ::D3DDECLUSAGE_POSITION && (f.usageIndex == 0 || (tweening && f.usageIndex == 1));
        const bool texInput = f.usage == ::D3DDECLUSAGE_TEXCOORD &&
                              std::any_of(texOutputs.begin(), texOutputs.end(),
                                          [&](const TexOutput& t) { return t.sourceSet == f.usageIndex; });
        const bool wanted =
            positionInput || (colour && colourWanted) || blendInput || normalInput || texInput;
        if (!wanted) continue;
        // Colours are read as D3DCOLOR, normals, weights and coordinates as floats, indices as
        // UBYTE4 or D3DCOLOR: other source types would need a conversion D3D9 does not describe
        // for this method.
        const bool expectedType = colour                                  ? f.type == ::D3DDECLTYPE_D3DCOLOR
                                  : f.usage == ::D3DDECLUSAGE_POSITION    ? f.type == ::D3DDECLTYPE_FLOAT3
                                  : f.usage == ::D3DDECLUSAGE_NORMAL      ? f.type == ::D3DDECLTYPE_FLOAT3
                                  : f.usage == ::D3DDECLUSAGE_BLENDWEIGHT ? f.type <= ::D3DDECLTYPE_FLOAT4
                                  : f.usage == ::D3DDECLUSAGE_TEXCOORD    ? f.type <= ::D3DDECLTYPE_FLOAT4
                                  : f.usage == ::D3DDECLUSAGE_BLENDINDICES
                                      ? f.type == ::D3DDECLTYPE_UBYTE4 || f.type == ::D3DDECLTYPE_D3DCOLOR
                                      : true;
        if (!expectedType) {
            DDIVK_UNIMPLEMENTED("ProcessVertices of colours, normals, blend weights or indices, or texture "
                                "coordinates of other types");
            return D3DERR_INVALIDCALL;
        }
        const uint32_t size = readableFieldSize(f.type);
        VertexBuffer9* buffer = size ? processingSource(f, sourceStart, count, size) : nullptr;
        if (!buffer) return D3DERR_INVALIDCALL;
        LockedStream& s = streams[f.stream];
        if (!s.data) {
            void* data = nullptr;
            if (FAILED(buffer->Lock(0, 0, &data, D3DLOCK_READONLY))) return D3DERR_INVALIDCALL;
            const state::StreamSource source = state_.streamSource(f.stream);
            s.buffer = buffer;
            s.data = static_cast<const uint8_t*>(data);
            s.offset = source.offset;
            s.stride = source.stride;
        }
        if (normalInput) (f.usageIndex == 0 ? normal : normal1) = f;
        if (positionInput && f.usageIndex == 1) position1 = f;
        if (colour) (f.usageIndex == 0 ? inDiffuse : inSpecular) = f;
        if (blendInput) (f.usage == ::D3DDECLUSAGE_BLENDWEIGHT ? weights : indices) = f;
        if (texInput) inSets[f.usageIndex] = f;
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
        float p[3], n[3] = {0, 0, 0}; // the normal is zero when absent
        std::memcpy(p, in(*position), sizeof p);
        if (normal) std::memcpy(n, in(*normal), sizeof n);
        if (position1) tween(p, in(*position1), ff.tweenFactor);
        if (normal1) tween(n, in(*normal1), ff.tweenFactor);
        CameraVertex camera{};
        if (cameraSpace) {
            toCamera(
                ff, p, n,
                blendOf(weights ? in(*weights) : nullptr, weights, indices ? in(*indices) : nullptr, indices),
                camera);
        }
        const ProjectedVertex v = blending ? project(fromCamera, camera.position) : project(t, p);
        clipUnion |= v.clipCode;
        clipIntersection &= v.clipCode;
        float screen[4];
        processedPosition(t, v, clipping, screen);
        std::memcpy(vertex, screen, sizeof screen);

        // Colours the source lacks are D3D9's defaults: opaque white diffuse, black specular.
        const DWORD diffuseIn = inDiffuse ? readColour(in(*inDiffuse)) : 0xFFFFFFFF;
        const DWORD specularIn = inSpecular ? readColour(in(*inSpecular)) : 0;
        DWORD diffuse = diffuseIn, specular = specularIn;
        if (litDiffuse || litSpecular) {
            unpackColour(diffuseIn, camera.diffuse);
            unpackColour(specularIn, camera.specular);
            const LitColours colours = lightVertex(ff, camera);
            diffuse = packColour(colours.diffuse);
            if (litSpecular) specular = packColour(colours.specular);
        }
        if (outDiffuse && (litDiffuse || copying)) std::memcpy(vertex + outDiffuse->offset, &diffuse, 4);
        if (outSpecular && (litSpecular || copying)) std::memcpy(vertex + outSpecular->offset, &specular, 4);
        if (fogged) {
            // "The results stored in the alpha component's specular color value."
            const float factor[4] = {0, 0, 0, vertexFog(ff, camera.position)};
            vertex[outSpecular->offset + 3] = uint8_t(packColour(factor) >> 24);
        }
        for (const TexOutput& o : texOutputs) {
            const std::optional<VertexField>& set =
                o.sourceSet < inSets.size() ? inSets[o.sourceSet] : std::nullopt;
            const uint32_t outFloats = readableFieldSize(o.out.type) / 4;
            if (!o.computed) {
                // A copy: the components both have; the output's others stay unchanged.
                if (set)
                    std::memcpy(vertex + o.out.offset, in(*set),
                                4 * std::min(readableFieldSize(set->type) / 4, outFloats));
                continue;
            }
            float source[4];
            if (set) std::memcpy(source, in(*set), readableFieldSize(set->type));
            const StageCoordinate c = stageCoordinate(ff, o.out.usageIndex, camera, set ? source : nullptr,
                                                      set ? readableFieldSize(set->type) / 4 : 0);
            std::memcpy(vertex + o.out.offset, c.value, 4 * std::min(c.floats, outFloats));
        }
    }
    out->Unlock();
    recordClipCodes(clipping, clipUnion, clipIntersection);
    return D3D_OK;
}

} // namespace ddivk::d3d9

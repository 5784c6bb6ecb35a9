// A Target for the tests and the fuzzer: records every call (copies of what it received),
// reads every byte it was handed (so a span outside the buffers faults on a guard page or
// under AddressSanitizer), and can be told to fail one method.
#pragma once

#include <cstring>
#include <string>
#include <vector>

#include "dp2/target.h"

namespace ddivk::dp2::test {

struct RecordedDraw {
    LegacyDraw draw;                // pointers valid only during the call
    std::vector<uint16_t> indices;  // copy
    std::vector<std::byte> vertex0; // copy of the first referenced vertex
};

struct Call {
    std::string method;
    size_t items = 0;
    std::vector<std::byte> raw;               // fixed-size items, as received
    std::vector<uint32_t> head;               // per item: handle / register / light index
    std::vector<std::vector<uint32_t>> words; // per item: variable data as DWORDs
    std::vector<RecordedDraw> draws;          // drawLegacy
    ShaderStage stage = ShaderStage::Vertex;

    template <class T> T item(size_t i) const {
        T value;
        std::memcpy(&value, raw.data() + i * sizeof(T), sizeof(T));
        return value;
    }
};

class RecordingTarget : public Target {
  public:
    std::vector<Call> calls;
    ExecuteInfo lastInfo;
    int begins = 0, ends = 0;
    bool flipping = false;
    std::string failMethod;    // fail this method...
    HRESULT failWith = E_FAIL; // ...with this
    HRESULT beginResult = S_OK;
    uint64_t sink = 0;  // sum of every byte touched
    int misaligned = 0; // spans that were not aligned for their type

    bool flipInProgress() override { return flipping; }
    HRESULT beginExecute(const ExecuteInfo& info) override {
        ++begins;
        lastInfo = info;
        touch(info.vertices.data(), info.vertices.size());
        return beginResult;
    }
    void endExecute() override { ++ends; }

    std::vector<std::string> methods() const {
        std::vector<std::string> names;
        for (const Call& call : calls)
            names.push_back(call.method);
        return names;
    }

#define DDIVK_FIXED(method, T)                                                                               \
    HRESULT method(Items<T> items) override {                                                                \
        return fixed(#method, items);                                                                        \
    }
    DDIVK_FIXED(renderStates, D3DHAL_DP2RENDERSTATE)
    DDIVK_FIXED(textureStageStates, D3DHAL_DP2TEXTURESTAGESTATE)
    DDIVK_FIXED(viewportInfo, D3DHAL_DP2VIEWPORTINFO)
    DDIVK_FIXED(wInfo, D3DHAL_DP2WINFO)
    DDIVK_FIXED(zRange, D3DHAL_DP2ZRANGE)
    DDIVK_FIXED(setMaterial, D3DHAL_DP2SETMATERIAL)
    DDIVK_FIXED(createLight, D3DHAL_DP2CREATELIGHT)
    DDIVK_FIXED(setTransform, D3DHAL_DP2SETTRANSFORM)
    DDIVK_FIXED(multiplyTransform, D3DHAL_DP2MULTIPLYTRANSFORM)
    DDIVK_FIXED(setClipPlane, D3DHAL_DP2SETCLIPPLANE)
    DDIVK_FIXED(setScissorRect, D3DHAL_DP2SETSCISSORRECT)
    DDIVK_FIXED(stateSet, D3DHAL_DP2STATESET)
    DDIVK_FIXED(setVertexShader, D3DHAL_DP2VERTEXSHADER)
    DDIVK_FIXED(deleteVertexShader, D3DHAL_DP2VERTEXSHADER)
    DDIVK_FIXED(setVertexShaderDecl, D3DHAL_DP2VERTEXSHADER)
    DDIVK_FIXED(deleteVertexShaderDecl, D3DHAL_DP2VERTEXSHADER)
    DDIVK_FIXED(setVertexShaderFunc, D3DHAL_DP2VERTEXSHADER)
    DDIVK_FIXED(deleteVertexShaderFunc, D3DHAL_DP2VERTEXSHADER)
    DDIVK_FIXED(setPixelShader, D3DHAL_DP2PIXELSHADER)
    DDIVK_FIXED(deletePixelShader, D3DHAL_DP2PIXELSHADER)
    DDIVK_FIXED(setStreamSource, D3DHAL_DP2SETSTREAMSOURCE)
    DDIVK_FIXED(setStreamSource2, D3DHAL_DP2SETSTREAMSOURCE2)
    DDIVK_FIXED(setStreamSourceUM, D3DHAL_DP2SETSTREAMSOURCEUM)
    DDIVK_FIXED(setStreamSourceFreq, D3DHAL_DP2SETSTREAMSOURCEFREQ)
    DDIVK_FIXED(setIndices, D3DHAL_DP2SETINDICES)
    DDIVK_FIXED(drawPrimitive, D3DHAL_DP2DRAWPRIMITIVE)
    DDIVK_FIXED(drawPrimitive2, D3DHAL_DP2DRAWPRIMITIVE2)
    DDIVK_FIXED(drawIndexedPrimitive, D3DHAL_DP2DRAWINDEXEDPRIMITIVE)
    DDIVK_FIXED(drawIndexedPrimitive2, D3DHAL_DP2DRAWINDEXEDPRIMITIVE2)
    DDIVK_FIXED(clippedTriangleFan, D3DHAL_CLIPPEDTRIANGLEFAN)
    DDIVK_FIXED(setRenderTarget, D3DHAL_DP2SETRENDERTARGET)
    DDIVK_FIXED(setRenderTarget2, D3DHAL_DP2SETRENDERTARGET2)
    DDIVK_FIXED(setDepthStencil, D3DHAL_DP2SETDEPTHSTENCIL)
    DDIVK_FIXED(colorFill, D3DHAL_DP2COLORFILL)
    DDIVK_FIXED(texBlt, D3DHAL_DP2TEXBLT)
    DDIVK_FIXED(volumeBlt, D3DHAL_DP2VOLUMEBLT)
    DDIVK_FIXED(bufferBlt, D3DHAL_DP2BUFFERBLT)
    DDIVK_FIXED(blt, D3DHAL_DP2BLT)
    DDIVK_FIXED(surfaceBlt, D3DHAL_DP2SURFACEBLT)
    DDIVK_FIXED(composeRects, D3DHAL_DP2COMPOSERECTS)
    DDIVK_FIXED(addDirtyRect, D3DHAL_DP2ADDDIRTYRECT)
    DDIVK_FIXED(addDirtyBox, D3DHAL_DP2ADDDIRTYBOX)
    DDIVK_FIXED(setPriority, D3DHAL_DP2SETPRIORITY)
    DDIVK_FIXED(setTexLod, D3DHAL_DP2SETTEXLOD)
    DDIVK_FIXED(generateMipSubLevels, D3DHAL_DP2GENERATEMIPSUBLEVELS)
    DDIVK_FIXED(setPalette, D3DHAL_DP2SETPALETTE)
    DDIVK_FIXED(createQuery, D3DHAL_DP2CREATEQUERY)
    DDIVK_FIXED(deleteQuery, D3DHAL_DP2DELETEQUERY)
    DDIVK_FIXED(issueQuery, D3DHAL_DP2ISSUEQUERY)
#undef DDIVK_FIXED

    HRESULT setLight(Items<LightUpdate> lights) override {
        Call call = begin("setLight", lights.size());
        for (const LightUpdate& light : lights) {
            call.head.push_back(light.index);
            call.words.push_back(light.light ? words(light.light, sizeof(D3DLIGHT7))
                                             : std::vector<uint32_t>{});
            call.words.back().insert(call.words.back().begin(), light.dataType);
        }
        return finish(std::move(call));
    }
    HRESULT createVertexShader(Items<VertexShaderCreate> shaders) override {
        Call call = begin("createVertexShader", shaders.size());
        for (const VertexShaderCreate& shader : shaders) {
            call.head.push_back(shader.handle);
            auto decl = words(shader.declaration.data(), shader.declaration.size_bytes());
            auto code = words(shader.code.data(), shader.code.size_bytes());
            decl.push_back(0xDEC1E9D);
            decl.insert(decl.end(), code.begin(), code.end());
            call.words.push_back(decl);
        }
        return finish(std::move(call));
    }
    HRESULT createVertexShaderDecl(Items<VertexDeclCreate> decls) override {
        Call call = begin("createVertexShaderDecl", decls.size());
        for (const VertexDeclCreate& decl : decls) {
            call.head.push_back(decl.handle);
            call.words.push_back(words(decl.elements.data(), decl.elements.size_bytes()));
        }
        return finish(std::move(call));
    }
    HRESULT createVertexShaderFunc(Items<ShaderCode> code) override {
        return shaderCode("createVertexShaderFunc", code);
    }
    HRESULT createPixelShader(Items<ShaderCode> code) override {
        return shaderCode("createPixelShader", code);
    }
    HRESULT setShaderConstF(ShaderStage stage, Items<FloatConstants> blocks) override {
        return constants("setShaderConstF", stage, blocks);
    }
    HRESULT setShaderConstI(ShaderStage stage, Items<IntConstants> blocks) override {
        return constants("setShaderConstI", stage, blocks);
    }
    HRESULT setShaderConstB(ShaderStage stage, Items<BoolConstants> blocks) override {
        return constants("setShaderConstB", stage, blocks);
    }
    HRESULT drawRectPatch(Items<RectPatch> patches) override {
        return patchCall("drawRectPatch", patches, 4);
    }
    HRESULT drawTriPatch(Items<TriPatch> patches) override {
        return patchCall("drawTriPatch", patches, 3);
    }
    HRESULT drawLegacy(Items<LegacyDraw> draws) override {
        Call call = begin("drawLegacy", draws.size());
        for (const LegacyDraw& draw : draws) {
            RecordedDraw recorded{draw, {draw.indices.begin(), draw.indices.end()}, {}};
            touch(draw.indices.data(), draw.indices.size_bytes());
            const uint64_t vertices = draw.indices.empty() ? referencedVertices(draw) : 0;
            for (uint64_t v = 0; v < vertices; ++v)
                touch(draw.vertices + (draw.firstVertex + v) * draw.stride, draw.stride);
            for (const uint16_t index : draw.indices)
                touch(draw.vertices + (uint64_t{draw.firstVertex} + index) * draw.stride, draw.stride);
            const uint64_t first =
                draw.indices.empty() ? draw.firstVertex : draw.firstVertex + draw.indices[0];
            const std::byte* v0 = draw.vertices + first * draw.stride;
            recorded.vertex0.assign(v0, v0 + draw.stride);
            call.draws.push_back(std::move(recorded));
        }
        return finish(std::move(call));
    }
    HRESULT clear(const ClearArgs& args) override {
        Call call = begin("clear", args.rects.size());
        call.head = {args.flags, args.fillColor, bitsOf(args.fillDepth), args.fillStencil};
        call.words.push_back(words(args.rects.data(), args.rects.size_bytes()));
        return finish(std::move(call));
    }
    HRESULT setConvolutionKernelMono(const ConvolutionKernel& kernel) override {
        Call call = begin("setConvolutionKernelMono", 1);
        call.head = {kernel.width, kernel.height, kernel.flags};
        call.words.push_back(words(kernel.rowWeights.data(), kernel.rowWeights.size_bytes()));
        call.words.push_back(words(kernel.columnWeights.data(), kernel.columnWeights.size_bytes()));
        return finish(std::move(call));
    }
    HRESULT updatePalette(const PaletteUpdate& update) override {
        Call call = begin("updatePalette", update.entries.size());
        call.head = {update.paletteHandle, update.startIndex};
        call.words.push_back(words(update.entries.data(), update.entries.size_bytes()));
        return finish(std::move(call));
    }

    // Vertices a non-indexed legacy draw reads, from firstVertex.
    static uint64_t referencedVertices(const LegacyDraw& draw) {
        const uint64_t n = draw.primitiveCount;
        switch (draw.type) {
        case D3DPT_POINTLIST:
            return n;
        case D3DPT_LINELIST:
            return n * 2;
        case D3DPT_LINESTRIP:
            return n + 1;
        case D3DPT_TRIANGLELIST:
            return n * 3;
        default:
            return n + 2;
        }
    }

  private:
    static uint32_t bitsOf(float f) {
        uint32_t u;
        std::memcpy(&u, &f, 4);
        return u;
    }
    void touch(const void* data, size_t bytes) {
        const auto* p = static_cast<const volatile unsigned char*>(data);
        for (size_t i = 0; i < bytes; ++i)
            sink += p[i];
    }
    std::vector<uint32_t> words(const void* data, size_t bytes) {
        touch(data, bytes);
        std::vector<uint32_t> out((bytes + 3) / 4, 0);
        if (bytes) std::memcpy(out.data(), data, bytes);
        return out;
    }
    Call begin(const char* method, size_t items) {
        Call call;
        call.method = method;
        call.items = items;
        return call;
    }
    HRESULT finish(Call call) {
        const bool fail = call.method == failMethod;
        calls.push_back(std::move(call));
        return fail ? failWith : S_OK;
    }
    template <class T> HRESULT fixed(const char* method, Items<T> items) {
        Call call = begin(method, items.size());
        if (reinterpret_cast<uintptr_t>(items.data()) % alignof(T) != 0) ++misaligned;
        touch(items.data(), items.size_bytes());
        const auto* p = reinterpret_cast<const std::byte*>(items.data());
        call.raw.assign(p, p + items.size_bytes());
        return finish(std::move(call));
    }
    HRESULT shaderCode(const char* method, Items<ShaderCode> shaders) {
        Call call = begin(method, shaders.size());
        for (const ShaderCode& shader : shaders) {
            call.head.push_back(shader.handle);
            call.words.push_back(words(shader.code.data(), shader.code.size_bytes()));
        }
        return finish(std::move(call));
    }
    template <class T>
    HRESULT constants(const char* method, ShaderStage stage, Items<ConstantBlock<T>> blocks) {
        Call call = begin(method, blocks.size());
        call.stage = stage;
        for (const ConstantBlock<T>& block : blocks) {
            call.head.push_back(block.startRegister);
            call.words.push_back(words(block.values.data(), block.values.size_bytes()));
        }
        return finish(std::move(call));
    }
    template <class Patch> HRESULT patchCall(const char* method, Items<Patch> patches, size_t segments) {
        Call call = begin(method, patches.size());
        for (const Patch& patch : patches) {
            call.head.push_back(patch.handle);
            std::vector<uint32_t> data = {patch.flags};
            if (patch.segments) {
                auto s = words(patch.segments, segments * sizeof(float));
                data.insert(data.end(), s.begin(), s.end());
            }
            if (patch.info) {
                auto s = words(patch.info, sizeof(*patch.info));
                data.insert(data.end(), s.begin(), s.end());
            }
            call.words.push_back(data);
        }
        return finish(std::move(call));
    }
};

} // namespace ddivk::dp2::test

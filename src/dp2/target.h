// The device side of the DP2 executor: an abstract target with one method per opcode (or
// opcode group). The executor (executor.h) decodes and validates every token completely, then
// makes exactly one call per token; a failing HRESULT stops execution at that token.
//
// What every method may rely on:
//  - every span and pointer lies inside the command buffer (or the DP2 vertex data) of the
//    current call and is aligned for its type; counts are the decoded counts;
//  - the data is only valid during the call: copy what must outlive it (the executor recycles
//    the buffers as soon as DrawPrimitives2 returns, see docs/dp2.md);
//  - tokens whose count is 0 are consumed without a call (CLEAR and UPDATEPALETTE excepted).
// A method that fails should leave the device as it was (the token is not half applied).
#pragma once

#include <cstdint>
#include <span>

#include "ddivk/d3d9_types.h"
#include "ddivk/dp2.h"
#include "ddivk/dp2_payloads.h"
#include "ddivk/hresult.h"

namespace ddivk::dp2 {

// What a target returns for an opcode it does not implement (the defaults below).
constexpr HRESULT kNotImplemented = D3DERR_COMMAND_UNPARSED;

// The DP2 vertex data of one call, resolved once (beginExecute). SETSTREAMSOURCEUM binds this
// data; DRAWPRIMITIVE and friends on a user-memory stream must be validated against it.
struct ExecuteInfo {
    uint32_t flags = 0;                  // dwFlags of the call
    uint32_t vertexType = 0;             // dwVertexType (FVF of legacy and IMM vertices)
    uint32_t vertexSize = 0;             // dwVertexSize: bytes per vertex of `vertices`
    uint32_t vertexCount = 0;            // dwVertexLength: vertices of valid data
    bool userMemory = false;             // D3DHALDP2_USERMEMVERTICES: from lpVertices, else lpDDVertex
    std::span<const std::byte> vertices; // from dwVertexOffset, vertexCount * vertexSize bytes
    HRESULT vertexError = S_OK;          // why `vertices` is empty although vertexCount > 0
};

// A legacy primitive token (POINTS ... LINELIST_IMM) resolved to one draw. Every vertex it
// references lies inside [vertices, vertices + vertexCount * stride).
struct LegacyDraw {
    D3DPRIMITIVETYPE type = D3DPT_POINTLIST;
    uint32_t primitiveCount = 0;         // > 0
    const std::byte* vertices = nullptr; // vertex 0 (DP2 vertex data, or IMM data in the commands)
    uint32_t vertexCount = 0;            // vertices available at `vertices`
    uint32_t stride = 0;                 // bytes per vertex (the FVF's size)
    uint32_t fvf = 0;                    // dwVertexType
    uint32_t firstVertex = 0;            // non-indexed: first vertex; indexed: added to every index
    std::span<const uint16_t> indices;   // empty for non-indexed draws
    uint32_t edgeFlags = 0;              // TRIANGLEFAN_IMM's dwEdgeFlags, else 0
};

enum class ShaderStage : uint32_t { Vertex, Pixel };

// One register block of SET{VERTEX,PIXEL}SHADERCONST{,I,B}: 4 values per register for float
// and int constants, 1 (a BOOL DWORD) for bool constants.
template <class T> struct ConstantBlock {
    uint32_t startRegister = 0;
    uint32_t count = 0; // registers
    std::span<const T> values;
};
using FloatConstants = ConstantBlock<float>;
using IntConstants = ConstantBlock<int32_t>;
using BoolConstants = ConstantBlock<uint32_t>;

struct VertexShaderCreate { // CREATEVERTEXSHADER (DX8): declaration and function tokens
    uint32_t handle = 0;
    std::span<const uint32_t> declaration;
    std::span<const uint32_t> code;
};
struct ShaderCode { // CREATEPIXELSHADER, CREATEVERTEXSHADERFUNC
    uint32_t handle = 0;
    std::span<const uint32_t> code;
};
struct VertexDeclCreate { // CREATEVERTEXSHADERDECL
    uint32_t handle = 0;
    std::span<const D3DVERTEXELEMENT9> elements;
};
struct LightUpdate { // SETLIGHT
    uint32_t index = 0;
    uint32_t dataType = 0;            // D3DHAL_SETLIGHT_*
    const D3DLIGHT7* light = nullptr; // set iff dataType == D3DHAL_SETLIGHT_DATA
};
struct ClearArgs {      // CLEAR
    uint32_t flags = 0; // D3DCLEAR_*
    uint32_t fillColor = 0;
    float fillDepth = 0;
    uint32_t fillStencil = 0;
    std::span<const RECT> rects; // empty: the whole target
};
struct PaletteUpdate { // UPDATEPALETTE
    uint32_t paletteHandle = 0;
    uint32_t startIndex = 0;
    std::span<const uint32_t> entries;
};
struct RectPatch { // DRAWRECTPATCH
    uint32_t handle = 0, flags = 0;
    const float* segments = nullptr;         // 4 floats with RTPATCHFLAG_HASSEGS
    const D3DRECTPATCH_INFO* info = nullptr; // with RTPATCHFLAG_HASINFO
};
struct TriPatch { // DRAWTRIPATCH
    uint32_t handle = 0, flags = 0;
    const float* segments = nullptr;        // 3 floats with RTPATCHFLAG_HASSEGS
    const D3DTRIPATCH_INFO* info = nullptr; // with RTPATCHFLAG_HASINFO
};
struct ConvolutionKernel { // SETCONVOLUTIONKERNELMONO
    uint32_t width = 0, height = 0, flags = 0;
    std::span<const float> rowWeights;    // width floats with D3DHAL_ROW_WEIGHTS, else empty
    std::span<const float> columnWeights; // height floats with D3DHAL_COL_WEIGHTS, else empty
};

template <class T> using Items = std::span<const T>;

class Target {
  protected:
    // The answer for an opcode this target does not implement (kNotImplemented), with one
    // warning per method per process: never a silent fallback.
    static HRESULT notImplemented(const char* method);

  public:
    virtual ~Target() = default;

    // --- Per call -----------------------------------------------------------------------
    // True while a flip involving this context's drawing surface is in progress: the call
    // then returns DDERR_WASSTILLDRAWING and executes nothing.
    virtual bool flipInProgress() { return false; }
    // Before the first command of a call; a failure fails the call before any command.
    virtual HRESULT beginExecute(const ExecuteInfo&) { return S_OK; }
    // After the last command executed (also after a failing one), before the buffers recycle.
    virtual void endExecute() {}
    // After a successful call (and its buffer renames): write responses to queries issued
    // earlier (D3DDP2OP_RESPONSEQUERY / RESPONSECONTINUE tokens) into `out`, the command
    // memory from dwCommandOffset on; returns the bytes written (dwErrorOffset), 0 for none.
    virtual uint32_t writeResponses(std::span<std::byte> /*out*/) { return 0; }

    // --- State --------------------------------------------------------------------------
    virtual HRESULT renderStates(Items<D3DHAL_DP2RENDERSTATE>) { return notImplemented(__func__); }
    virtual HRESULT textureStageStates(Items<D3DHAL_DP2TEXTURESTAGESTATE>) { return notImplemented(__func__); }
    virtual HRESULT viewportInfo(Items<D3DHAL_DP2VIEWPORTINFO>) { return notImplemented(__func__); }
    virtual HRESULT wInfo(Items<D3DHAL_DP2WINFO>) { return notImplemented(__func__); }
    virtual HRESULT zRange(Items<D3DHAL_DP2ZRANGE>) { return notImplemented(__func__); }
    virtual HRESULT setMaterial(Items<D3DHAL_DP2SETMATERIAL>) { return notImplemented(__func__); }
    virtual HRESULT createLight(Items<D3DHAL_DP2CREATELIGHT>) { return notImplemented(__func__); }
    virtual HRESULT setLight(Items<LightUpdate>) { return notImplemented(__func__); }
    virtual HRESULT setTransform(Items<D3DHAL_DP2SETTRANSFORM>) { return notImplemented(__func__); }
    virtual HRESULT multiplyTransform(Items<D3DHAL_DP2MULTIPLYTRANSFORM>) { return notImplemented(__func__); }
    virtual HRESULT setClipPlane(Items<D3DHAL_DP2SETCLIPPLANE>) { return notImplemented(__func__); }
    virtual HRESULT setScissorRect(Items<D3DHAL_DP2SETSCISSORRECT>) { return notImplemented(__func__); }
    virtual HRESULT stateSet(Items<D3DHAL_DP2STATESET>) { return notImplemented(__func__); }

    // --- Shaders and constants ------------------------------------------------------------
    virtual HRESULT createVertexShader(Items<VertexShaderCreate>) { return notImplemented(__func__); }
    virtual HRESULT setVertexShader(Items<D3DHAL_DP2VERTEXSHADER>) { return notImplemented(__func__); }
    virtual HRESULT deleteVertexShader(Items<D3DHAL_DP2VERTEXSHADER>) { return notImplemented(__func__); }
    virtual HRESULT createVertexShaderDecl(Items<VertexDeclCreate>) { return notImplemented(__func__); }
    virtual HRESULT setVertexShaderDecl(Items<D3DHAL_DP2VERTEXSHADER>) { return notImplemented(__func__); }
    virtual HRESULT deleteVertexShaderDecl(Items<D3DHAL_DP2VERTEXSHADER>) { return notImplemented(__func__); }
    virtual HRESULT createVertexShaderFunc(Items<ShaderCode>) { return notImplemented(__func__); }
    virtual HRESULT setVertexShaderFunc(Items<D3DHAL_DP2VERTEXSHADER>) { return notImplemented(__func__); }
    virtual HRESULT deleteVertexShaderFunc(Items<D3DHAL_DP2VERTEXSHADER>) { return notImplemented(__func__); }
    virtual HRESULT createPixelShader(Items<ShaderCode>) { return notImplemented(__func__); }
    virtual HRESULT setPixelShader(Items<D3DHAL_DP2PIXELSHADER>) { return notImplemented(__func__); }
    virtual HRESULT deletePixelShader(Items<D3DHAL_DP2PIXELSHADER>) { return notImplemented(__func__); }
    virtual HRESULT setShaderConstF(ShaderStage, Items<FloatConstants>) { return notImplemented(__func__); }
    virtual HRESULT setShaderConstI(ShaderStage, Items<IntConstants>) { return notImplemented(__func__); }
    virtual HRESULT setShaderConstB(ShaderStage, Items<BoolConstants>) { return notImplemented(__func__); }

    // --- Streams and draws ----------------------------------------------------------------
    virtual HRESULT setStreamSource(Items<D3DHAL_DP2SETSTREAMSOURCE>) { return notImplemented(__func__); }
    virtual HRESULT setStreamSource2(Items<D3DHAL_DP2SETSTREAMSOURCE2>) { return notImplemented(__func__); }
    // Binds the ExecuteInfo vertex data of this call.
    virtual HRESULT setStreamSourceUM(Items<D3DHAL_DP2SETSTREAMSOURCEUM>) { return notImplemented(__func__); }
    virtual HRESULT setStreamSourceFreq(Items<D3DHAL_DP2SETSTREAMSOURCEFREQ>) { return notImplemented(__func__); }
    virtual HRESULT setIndices(Items<D3DHAL_DP2SETINDICES>) { return notImplemented(__func__); }
    virtual HRESULT drawPrimitive(Items<D3DHAL_DP2DRAWPRIMITIVE>) { return notImplemented(__func__); }
    virtual HRESULT drawPrimitive2(Items<D3DHAL_DP2DRAWPRIMITIVE2>) { return notImplemented(__func__); }
    virtual HRESULT drawIndexedPrimitive(Items<D3DHAL_DP2DRAWINDEXEDPRIMITIVE>) { return notImplemented(__func__); }
    virtual HRESULT drawIndexedPrimitive2(Items<D3DHAL_DP2DRAWINDEXEDPRIMITIVE2>) { return notImplemented(__func__); }
    virtual HRESULT clippedTriangleFan(Items<D3DHAL_CLIPPEDTRIANGLEFAN>) { return notImplemented(__func__); }
    virtual HRESULT drawRectPatch(Items<RectPatch>) { return notImplemented(__func__); }
    virtual HRESULT drawTriPatch(Items<TriPatch>) { return notImplemented(__func__); }
    // All draws of one legacy primitive token (several for POINTS, else one).
    virtual HRESULT drawLegacy(Items<LegacyDraw>) { return notImplemented(__func__); }

    // --- Targets, clears, resources -------------------------------------------------------
    virtual HRESULT setRenderTarget(Items<D3DHAL_DP2SETRENDERTARGET>) { return notImplemented(__func__); }
    virtual HRESULT setRenderTarget2(Items<D3DHAL_DP2SETRENDERTARGET2>) { return notImplemented(__func__); }
    virtual HRESULT setDepthStencil(Items<D3DHAL_DP2SETDEPTHSTENCIL>) { return notImplemented(__func__); }
    virtual HRESULT clear(const ClearArgs&) { return notImplemented(__func__); }
    virtual HRESULT colorFill(Items<D3DHAL_DP2COLORFILL>) { return notImplemented(__func__); }
    virtual HRESULT texBlt(Items<D3DHAL_DP2TEXBLT>) { return notImplemented(__func__); }
    virtual HRESULT volumeBlt(Items<D3DHAL_DP2VOLUMEBLT>) { return notImplemented(__func__); }
    virtual HRESULT bufferBlt(Items<D3DHAL_DP2BUFFERBLT>) { return notImplemented(__func__); }
    virtual HRESULT blt(Items<D3DHAL_DP2BLT>) { return notImplemented(__func__); }
    virtual HRESULT surfaceBlt(Items<D3DHAL_DP2SURFACEBLT>) { return notImplemented(__func__); }
    virtual HRESULT composeRects(Items<D3DHAL_DP2COMPOSERECTS>) { return notImplemented(__func__); }
    virtual HRESULT setConvolutionKernelMono(const ConvolutionKernel&) { return notImplemented(__func__); }
    virtual HRESULT addDirtyRect(Items<D3DHAL_DP2ADDDIRTYRECT>) { return notImplemented(__func__); }
    virtual HRESULT addDirtyBox(Items<D3DHAL_DP2ADDDIRTYBOX>) { return notImplemented(__func__); }
    virtual HRESULT setPriority(Items<D3DHAL_DP2SETPRIORITY>) { return notImplemented(__func__); }
    virtual HRESULT setTexLod(Items<D3DHAL_DP2SETTEXLOD>) { return notImplemented(__func__); }
    virtual HRESULT generateMipSubLevels(Items<D3DHAL_DP2GENERATEMIPSUBLEVELS>) { return notImplemented(__func__); }
    virtual HRESULT setPalette(Items<D3DHAL_DP2SETPALETTE>) { return notImplemented(__func__); }
    virtual HRESULT updatePalette(const PaletteUpdate&) { return notImplemented(__func__); }

    // --- Queries --------------------------------------------------------------------------
    virtual HRESULT createQuery(Items<D3DHAL_DP2CREATEQUERY>) { return notImplemented(__func__); }
    virtual HRESULT deleteQuery(Items<D3DHAL_DP2DELETEQUERY>) { return notImplemented(__func__); }
    virtual HRESULT issueQuery(Items<D3DHAL_DP2ISSUEQUERY>) { return notImplemented(__func__); }
};

} // namespace ddivk::dp2

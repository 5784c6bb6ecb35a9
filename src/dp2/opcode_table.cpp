// The DP2 door in one table: every DX9 opcode, its decoder, and the Target method it calls.
// An opcode missing here is unknown and goes to the runtime's D3dParseUnknownCommand.
#include <array>

#include "dp2/decoder.h"
#include "dp2/executor.h"

namespace ddivk::dp2 {

namespace detail {
namespace {

using T = Target;
constexpr auto V = ShaderStage::Vertex;
constexpr auto P = ShaderStage::Pixel;

struct Row {
    uint8_t op;
    const char* name;
    Handler handler;
    const char* calls; // the Target method, for readers and logs
};

// clang-format off
constexpr Row kRows[] = {
    {D3DDP2OP_POINTS,                  "POINTS",                  legacyPrimitive, "drawLegacy"},
    {D3DDP2OP_INDEXEDLINELIST,         "INDEXEDLINELIST",         legacyPrimitive, "drawLegacy"},
    {D3DDP2OP_INDEXEDTRIANGLELIST,     "INDEXEDTRIANGLELIST",     legacyPrimitive, "drawLegacy"},
    {D3DDP2OP_RENDERSTATE,             "RENDERSTATE",             renderState, "renderStates"},
    {D3DDP2OP_LINELIST,                "LINELIST",                legacyPrimitive, "drawLegacy"},
    {D3DDP2OP_LINESTRIP,               "LINESTRIP",               legacyPrimitive, "drawLegacy"},
    {D3DDP2OP_INDEXEDLINESTRIP,        "INDEXEDLINESTRIP",        legacyPrimitive, "drawLegacy"},
    {D3DDP2OP_TRIANGLELIST,            "TRIANGLELIST",            legacyPrimitive, "drawLegacy"},
    {D3DDP2OP_TRIANGLESTRIP,           "TRIANGLESTRIP",           legacyPrimitive, "drawLegacy"},
    {D3DDP2OP_INDEXEDTRIANGLESTRIP,    "INDEXEDTRIANGLESTRIP",    legacyPrimitive, "drawLegacy"},
    {D3DDP2OP_TRIANGLEFAN,             "TRIANGLEFAN",             legacyPrimitive, "drawLegacy"},
    {D3DDP2OP_INDEXEDTRIANGLEFAN,      "INDEXEDTRIANGLEFAN",      legacyPrimitive, "drawLegacy"},
    {D3DDP2OP_TRIANGLEFAN_IMM,         "TRIANGLEFAN_IMM",         legacyPrimitive, "drawLegacy"},
    {D3DDP2OP_LINELIST_IMM,            "LINELIST_IMM",            legacyPrimitive, "drawLegacy"},
    {D3DDP2OP_TEXTURESTAGESTATE,       "TEXTURESTAGESTATE",       fixedArray<D3DHAL_DP2TEXTURESTAGESTATE, &T::textureStageStates>, "textureStageStates"},
    {D3DDP2OP_INDEXEDTRIANGLELIST2,    "INDEXEDTRIANGLELIST2",    legacyPrimitive, "drawLegacy"},
    {D3DDP2OP_INDEXEDLINELIST2,        "INDEXEDLINELIST2",        legacyPrimitive, "drawLegacy"},
    {D3DDP2OP_VIEWPORTINFO,            "VIEWPORTINFO",            fixedArray<D3DHAL_DP2VIEWPORTINFO, &T::viewportInfo>, "viewportInfo"},
    {D3DDP2OP_WINFO,                   "WINFO",                   fixedArray<D3DHAL_DP2WINFO, &T::wInfo>, "wInfo"},
    {D3DDP2OP_SETPALETTE,              "SETPALETTE",              fixedArray<D3DHAL_DP2SETPALETTE, &T::setPalette>, "setPalette"},
    {D3DDP2OP_UPDATEPALETTE,           "UPDATEPALETTE",           updatePalette, "updatePalette"},
    {D3DDP2OP_ZRANGE,                  "ZRANGE",                  fixedArray<D3DHAL_DP2ZRANGE, &T::zRange>, "zRange"},
    {D3DDP2OP_SETMATERIAL,             "SETMATERIAL",             fixedArray<D3DHAL_DP2SETMATERIAL, &T::setMaterial>, "setMaterial"},
    {D3DDP2OP_SETLIGHT,                "SETLIGHT",                setLight, "setLight"},
    {D3DDP2OP_CREATELIGHT,             "CREATELIGHT",             fixedArray<D3DHAL_DP2CREATELIGHT, &T::createLight>, "createLight"},
    {D3DDP2OP_SETTRANSFORM,            "SETTRANSFORM",            fixedArray<D3DHAL_DP2SETTRANSFORM, &T::setTransform>, "setTransform"},
    {D3DDP2OP_TEXBLT,                  "TEXBLT",                  fixedArray<D3DHAL_DP2TEXBLT, &T::texBlt>, "texBlt"},
    {D3DDP2OP_STATESET,                "STATESET",                fixedArray<D3DHAL_DP2STATESET, &T::stateSet>, "stateSet"},
    {D3DDP2OP_SETPRIORITY,             "SETPRIORITY",             fixedArray<D3DHAL_DP2SETPRIORITY, &T::setPriority>, "setPriority"},
    {D3DDP2OP_SETRENDERTARGET,         "SETRENDERTARGET",         fixedArray<D3DHAL_DP2SETRENDERTARGET, &T::setRenderTarget>, "setRenderTarget"},
    {D3DDP2OP_CLEAR,                   "CLEAR",                   clear, "clear"},
    {D3DDP2OP_SETTEXLOD,               "SETTEXLOD",               fixedArray<D3DHAL_DP2SETTEXLOD, &T::setTexLod>, "setTexLod"},
    {D3DDP2OP_SETCLIPPLANE,            "SETCLIPPLANE",            fixedArray<D3DHAL_DP2SETCLIPPLANE, &T::setClipPlane>, "setClipPlane"},
    {D3DDP2OP_CREATEVERTEXSHADER,      "CREATEVERTEXSHADER",      createVertexShader, "createVertexShader"},
    {D3DDP2OP_DELETEVERTEXSHADER,      "DELETEVERTEXSHADER",      fixedArray<D3DHAL_DP2VERTEXSHADER, &T::deleteVertexShader>, "deleteVertexShader"},
    {D3DDP2OP_SETVERTEXSHADER,         "SETVERTEXSHADER",         fixedArray<D3DHAL_DP2VERTEXSHADER, &T::setVertexShader>, "setVertexShader"},
    {D3DDP2OP_SETVERTEXSHADERCONST,    "SETVERTEXSHADERCONST",    shaderConstF<V>, "setShaderConstF(Vertex)"},
    {D3DDP2OP_SETSTREAMSOURCE,         "SETSTREAMSOURCE",         fixedArray<D3DHAL_DP2SETSTREAMSOURCE, &T::setStreamSource>, "setStreamSource"},
    {D3DDP2OP_SETSTREAMSOURCEUM,       "SETSTREAMSOURCEUM",       fixedArray<D3DHAL_DP2SETSTREAMSOURCEUM, &T::setStreamSourceUM>, "setStreamSourceUM"},
    {D3DDP2OP_SETINDICES,              "SETINDICES",              fixedArray<D3DHAL_DP2SETINDICES, &T::setIndices>, "setIndices"},
    {D3DDP2OP_DRAWPRIMITIVE,           "DRAWPRIMITIVE",           fixedArray<D3DHAL_DP2DRAWPRIMITIVE, &T::drawPrimitive>, "drawPrimitive"},
    {D3DDP2OP_DRAWINDEXEDPRIMITIVE,    "DRAWINDEXEDPRIMITIVE",    fixedArray<D3DHAL_DP2DRAWINDEXEDPRIMITIVE, &T::drawIndexedPrimitive>, "drawIndexedPrimitive"},
    {D3DDP2OP_CREATEPIXELSHADER,       "CREATEPIXELSHADER",       createPixelShader, "createPixelShader"},
    {D3DDP2OP_DELETEPIXELSHADER,       "DELETEPIXELSHADER",       fixedArray<D3DHAL_DP2PIXELSHADER, &T::deletePixelShader>, "deletePixelShader"},
    {D3DDP2OP_SETPIXELSHADER,          "SETPIXELSHADER",          fixedArray<D3DHAL_DP2PIXELSHADER, &T::setPixelShader>, "setPixelShader"},
    {D3DDP2OP_SETPIXELSHADERCONST,     "SETPIXELSHADERCONST",     shaderConstF<P>, "setShaderConstF(Pixel)"},
    {D3DDP2OP_CLIPPEDTRIANGLEFAN,      "CLIPPEDTRIANGLEFAN",      fixedArray<D3DHAL_CLIPPEDTRIANGLEFAN, &T::clippedTriangleFan>, "clippedTriangleFan"},
    {D3DDP2OP_DRAWPRIMITIVE2,          "DRAWPRIMITIVE2",          fixedArray<D3DHAL_DP2DRAWPRIMITIVE2, &T::drawPrimitive2>, "drawPrimitive2"},
    {D3DDP2OP_DRAWINDEXEDPRIMITIVE2,   "DRAWINDEXEDPRIMITIVE2",   fixedArray<D3DHAL_DP2DRAWINDEXEDPRIMITIVE2, &T::drawIndexedPrimitive2>, "drawIndexedPrimitive2"},
    {D3DDP2OP_DRAWRECTPATCH,           "DRAWRECTPATCH",           drawRectPatch, "drawRectPatch"},
    {D3DDP2OP_DRAWTRIPATCH,            "DRAWTRIPATCH",            drawTriPatch, "drawTriPatch"},
    {D3DDP2OP_VOLUMEBLT,               "VOLUMEBLT",               fixedArray<D3DHAL_DP2VOLUMEBLT, &T::volumeBlt>, "volumeBlt"},
    {D3DDP2OP_BUFFERBLT,               "BUFFERBLT",               fixedArray<D3DHAL_DP2BUFFERBLT, &T::bufferBlt>, "bufferBlt"},
    {D3DDP2OP_MULTIPLYTRANSFORM,       "MULTIPLYTRANSFORM",       fixedArray<D3DHAL_DP2MULTIPLYTRANSFORM, &T::multiplyTransform>, "multiplyTransform"},
    {D3DDP2OP_ADDDIRTYRECT,            "ADDDIRTYRECT",            fixedArray<D3DHAL_DP2ADDDIRTYRECT, &T::addDirtyRect>, "addDirtyRect"},
    {D3DDP2OP_ADDDIRTYBOX,             "ADDDIRTYBOX",             fixedArray<D3DHAL_DP2ADDDIRTYBOX, &T::addDirtyBox>, "addDirtyBox"},
    {D3DDP2OP_CREATEVERTEXSHADERDECL,  "CREATEVERTEXSHADERDECL",  createVertexShaderDecl, "createVertexShaderDecl"},
    {D3DDP2OP_DELETEVERTEXSHADERDECL,  "DELETEVERTEXSHADERDECL",  fixedArray<D3DHAL_DP2VERTEXSHADER, &T::deleteVertexShaderDecl>, "deleteVertexShaderDecl"},
    {D3DDP2OP_SETVERTEXSHADERDECL,     "SETVERTEXSHADERDECL",     fixedArray<D3DHAL_DP2VERTEXSHADER, &T::setVertexShaderDecl>, "setVertexShaderDecl"},
    {D3DDP2OP_CREATEVERTEXSHADERFUNC,  "CREATEVERTEXSHADERFUNC",  createVertexShaderFunc, "createVertexShaderFunc"},
    {D3DDP2OP_DELETEVERTEXSHADERFUNC,  "DELETEVERTEXSHADERFUNC",  fixedArray<D3DHAL_DP2VERTEXSHADER, &T::deleteVertexShaderFunc>, "deleteVertexShaderFunc"},
    {D3DDP2OP_SETVERTEXSHADERFUNC,     "SETVERTEXSHADERFUNC",     fixedArray<D3DHAL_DP2VERTEXSHADER, &T::setVertexShaderFunc>, "setVertexShaderFunc"},
    {D3DDP2OP_SETVERTEXSHADERCONSTI,   "SETVERTEXSHADERCONSTI",   shaderConstI<V>, "setShaderConstI(Vertex)"},
    {D3DDP2OP_SETSCISSORRECT,          "SETSCISSORRECT",          fixedArray<D3DHAL_DP2SETSCISSORRECT, &T::setScissorRect>, "setScissorRect"},
    {D3DDP2OP_SETSTREAMSOURCE2,        "SETSTREAMSOURCE2",        fixedArray<D3DHAL_DP2SETSTREAMSOURCE2, &T::setStreamSource2>, "setStreamSource2"},
    {D3DDP2OP_BLT,                     "BLT",                     fixedArray<D3DHAL_DP2BLT, &T::blt>, "blt"},
    {D3DDP2OP_COLORFILL,               "COLORFILL",               fixedArray<D3DHAL_DP2COLORFILL, &T::colorFill>, "colorFill"},
    {D3DDP2OP_SETVERTEXSHADERCONSTB,   "SETVERTEXSHADERCONSTB",   shaderConstB<V>, "setShaderConstB(Vertex)"},
    {D3DDP2OP_CREATEQUERY,             "CREATEQUERY",             fixedArray<D3DHAL_DP2CREATEQUERY, &T::createQuery>, "createQuery"},
    {D3DDP2OP_SETRENDERTARGET2,        "SETRENDERTARGET2",        fixedArray<D3DHAL_DP2SETRENDERTARGET2, &T::setRenderTarget2>, "setRenderTarget2"},
    {D3DDP2OP_SETDEPTHSTENCIL,         "SETDEPTHSTENCIL",         fixedArray<D3DHAL_DP2SETDEPTHSTENCIL, &T::setDepthStencil>, "setDepthStencil"},
    {D3DDP2OP_RESPONSECONTINUE,        "RESPONSECONTINUE",        responseToken, "(rejected: response buffers only)"},
    {D3DDP2OP_RESPONSEQUERY,           "RESPONSEQUERY",           responseToken, "(rejected: response buffers only)"},
    {D3DDP2OP_GENERATEMIPSUBLEVELS,    "GENERATEMIPSUBLEVELS",    fixedArray<D3DHAL_DP2GENERATEMIPSUBLEVELS, &T::generateMipSubLevels>, "generateMipSubLevels"},
    {D3DDP2OP_DELETEQUERY,             "DELETEQUERY",             fixedArray<D3DHAL_DP2DELETEQUERY, &T::deleteQuery>, "deleteQuery"},
    {D3DDP2OP_ISSUEQUERY,              "ISSUEQUERY",              fixedArray<D3DHAL_DP2ISSUEQUERY, &T::issueQuery>, "issueQuery"},
    {D3DDP2OP_SETPIXELSHADERCONSTI,    "SETPIXELSHADERCONSTI",    shaderConstI<P>, "setShaderConstI(Pixel)"},
    {D3DDP2OP_SETPIXELSHADERCONSTB,    "SETPIXELSHADERCONSTB",    shaderConstB<P>, "setShaderConstB(Pixel)"},
    {D3DDP2OP_SETSTREAMSOURCEFREQ,     "SETSTREAMSOURCEFREQ",     fixedArray<D3DHAL_DP2SETSTREAMSOURCEFREQ, &T::setStreamSourceFreq>, "setStreamSourceFreq"},
    {D3DDP2OP_SURFACEBLT,              "SURFACEBLT",              fixedArray<D3DHAL_DP2SURFACEBLT, &T::surfaceBlt>, "surfaceBlt"},
    {D3DDP2OP_SETCONVOLUTIONKERNELMONO, "SETCONVOLUTIONKERNELMONO", setConvolutionKernelMono, "setConvolutionKernelMono"},
    {D3DDP2OP_COMPOSERECTS,            "COMPOSERECTS",            fixedArray<D3DHAL_DP2COMPOSERECTS, &T::composeRects>, "composeRects"},
};
// clang-format on

struct Lookup {
    std::array<Handler, 256> handler{};
    std::array<const Row*, 256> row{};
};

constexpr Lookup makeLookup() {
    Lookup lookup;
    for (const Row& row : kRows) {
        lookup.handler[row.op] = row.handler;
        lookup.row[row.op] = &row;
    }
    return lookup;
}

constexpr Lookup kLookup = makeLookup();

} // namespace

extern const std::array<Handler, 256> kDispatch = kLookup.handler;

} // namespace detail

const char* opcodeName(uint32_t op) {
    if (op > 255 || !detail::kLookup.row[op]) return nullptr;
    return detail::kLookup.row[op]->name;
}

const char* opcodeTargetMethod(uint32_t op) {
    if (op > 255 || !detail::kLookup.row[op]) return nullptr;
    return detail::kLookup.row[op]->calls;
}

size_t knownOpcodeCount() {
    return std::size(detail::kRows);
}

} // namespace ddivk::dp2

// The UMD door for state (include/ddivk/umd_state.h). Each entry point turns its argument struct
// into the item of the equivalent DP2 token and calls the Context method that token calls, under
// the device lock: one implementation, two doors, the same checks and errors. What this file adds
// is what only this door has: HANDLEs (wider than the tokens' DWORDs), objects whose handles the
// driver chooses, and the check that a shader or declaration it is asked to set exists.
#include <atomic>
#include <cstring>

#include "ddivk/ddivk.h"
#include "ddivk/umd_state.h"
#include "device/umd_call.h"

using namespace ddivk;

namespace {

using device::Context;
using device::umdCall;
using device::umdHandle;
using device::umdHandle32;
using shader::ShaderType;

template <class T> dp2::Items<T> one(const T& item) {
    return dp2::Items<T>(&item, 1);
}

// Handles of the shaders, declarations and state blocks this door creates: counted up from
// 0x80000000 (the runtime's DP2 handles are small numbers counted from 1), process-wide, skipping
// any handle an object of the same kind already holds on the context (a DP2 CREATE may have
// chosen it). 0 is never handed out: it means "none".
std::atomic<uint32_t> nextObjectHandle{0x80000000u};

template <class InUse> uint32_t newObjectHandle(InUse&& inUse) {
    for (;;) {
        const uint32_t h = nextObjectHandle.fetch_add(1, std::memory_order_relaxed);
        if (h != 0 && h != UINT32_MAX && !inUse(h)) return h;
    }
}

HANDLE handleOf(uint32_t h) {
    return reinterpret_cast<HANDLE>(uintptr_t(h));
}

// --- Render, texture stage and sampler states -------------------------------------------------

HRESULT DDIVK_APIENTRY setRenderState(HANDLE hDevice, const D3DDDIARG_RENDERSTATE* a) {
    if (!a) return D3DERR_INVALIDCALL;
    return umdCall(umdHandle(hDevice), "SetRenderState", [&](Context& c) {
        D3DHAL_DP2RENDERSTATE rs{};
        rs.RenderState = a->State;
        rs.dwState = a->Value;
        return c.renderStates(one(rs));
    });
}

HRESULT DDIVK_APIENTRY setTextureStageState(HANDLE hDevice, const D3DDDIARG_TEXTURESTAGESTATE* a) {
    // The token's stage and state are 16 bits; wider values are out of range, not truncated.
    if (!a || a->Stage > UINT16_MAX || a->State > UINT16_MAX) return D3DERR_INVALIDCALL;
    return umdCall(umdHandle(hDevice), "SetTextureStageState", [&](Context& c) {
        return c.textureStageStates(
            one(D3DHAL_DP2TEXTURESTAGESTATE{uint16_t(a->Stage), uint16_t(a->State), a->Value}));
    });
}

// --- Viewport, depth range, W range, scissor, clip planes -------------------------------------

HRESULT DDIVK_APIENTRY setViewport(HANDLE hDevice, const D3DDDIARG_VIEWPORTINFO* a) {
    if (!a) return D3DERR_INVALIDCALL;
    return umdCall(umdHandle(hDevice), "SetViewport", [&](Context& c) {
        return c.viewportInfo(one(D3DHAL_DP2VIEWPORTINFO{a->X, a->Y, a->Width, a->Height}));
    });
}

HRESULT DDIVK_APIENTRY setZRange(HANDLE hDevice, const D3DDDIARG_ZRANGE* a) {
    if (!a) return D3DERR_INVALIDCALL;
    return umdCall(umdHandle(hDevice), "SetZRange", [&](Context& c) {
        return c.zRange(one(D3DHAL_DP2ZRANGE{a->MinZ, a->MaxZ}));
    });
}

HRESULT DDIVK_APIENTRY updateWInfo(HANDLE hDevice, const D3DDDIARG_WINFO* a) {
    if (!a) return D3DERR_INVALIDCALL;
    return umdCall(umdHandle(hDevice), "UpdateWInfo", [&](Context& c) {
        return c.wInfo(one(D3DHAL_DP2WINFO{a->WNear, a->WFar}));
    });
}

HRESULT DDIVK_APIENTRY setScissorRect(HANDLE hDevice, const RECT* r) {
    if (!r) return D3DERR_INVALIDCALL;
    return umdCall(umdHandle(hDevice), "SetScissorRect",
                   [&](Context& c) { return c.setScissorRect(one(*r)); });
}

HRESULT DDIVK_APIENTRY setClipPlane(HANDLE hDevice, const D3DDDIARG_SETCLIPPLANE* a) {
    if (!a) return D3DERR_INVALIDCALL;
    return umdCall(umdHandle(hDevice), "SetClipPlane", [&](Context& c) {
        D3DHAL_DP2SETCLIPPLANE p{a->Index, {}};
        std::memcpy(p.plane, a->Plane, sizeof(p.plane));
        return c.setClipPlane(one(p));
    });
}

// --- Transforms, material, lights -------------------------------------------------------------

HRESULT DDIVK_APIENTRY setTransform(HANDLE hDevice, const D3DDDIARG_SETTRANSFORM* a) {
    if (!a) return D3DERR_INVALIDCALL;
    return umdCall(umdHandle(hDevice), "SetTransform", [&](Context& c) {
        return c.setTransform(one(D3DHAL_DP2SETTRANSFORM{a->TransformType, a->Matrix}));
    });
}

HRESULT DDIVK_APIENTRY multiplyTransform(HANDLE hDevice, const D3DDDIARG_MULTIPLYTRANSFORM* a) {
    if (!a) return D3DERR_INVALIDCALL;
    return umdCall(umdHandle(hDevice), "MultiplyTransform", [&](Context& c) {
        return c.multiplyTransform(one(D3DHAL_DP2MULTIPLYTRANSFORM{a->TransformType, a->Matrix}));
    });
}

HRESULT DDIVK_APIENTRY setMaterial(HANDLE hDevice, const D3DDDIARG_SETMATERIAL* a) {
    if (!a) return D3DERR_INVALIDCALL;
    return umdCall(umdHandle(hDevice), "SetMaterial", [&](Context& c) {
        D3DHAL_DP2SETMATERIAL m; // the same five members in the same order (umd_state.h)
        std::memcpy(&m, a, sizeof(m));
        return c.setMaterial(one(m));
    });
}

HRESULT DDIVK_APIENTRY setLight(HANDLE hDevice, const D3DDDIARG_SETLIGHT* a, const D3DDDI_LIGHT* data) {
    if (!a || (a->DataType == D3DDDI_SETLIGHT_DATA && !data)) return D3DERR_INVALIDCALL;
    return umdCall(umdHandle(hDevice), "SetLight", [&](Context& c) {
        D3DLIGHT7 light{}; // D3DDDI_LIGHT's layout (umd_state.h)
        if (data) std::memcpy(&light, data, sizeof(light));
        const bool withData = a->DataType == D3DDDI_SETLIGHT_DATA;
        return c.setLight(one(dp2::LightUpdate{a->Index, a->DataType, withData ? &light : nullptr}));
    });
}

HRESULT DDIVK_APIENTRY createLight(HANDLE hDevice, const D3DDDIARG_CREATELIGHT* a) {
    if (!a) return D3DERR_INVALIDCALL;
    return umdCall(umdHandle(hDevice), "CreateLight",
                   [&](Context& c) { return c.createLight(one(D3DHAL_DP2CREATELIGHT{a->Index})); });
}

// D3D9 has no call that removes a light, so nothing can observe one after DestroyLight: the
// runtime names only lights it created, and the light's slot goes with the context (as with DP2,
// which has no such token). An index never created is a bad handle.
HRESULT DDIVK_APIENTRY destroyLight(HANDLE hDevice, const D3DDDIARG_DESTROYLIGHT* a) {
    if (!a) return D3DERR_INVALIDCALL;
    return umdCall(umdHandle(hDevice), "DestroyLight", [&](Context& c) -> HRESULT {
        return c.state().light(a->Index) ? S_OK : D3DERR_INVALIDCALL;
    });
}

// --- Shader objects and vertex declarations ----------------------------------------------------

// CreateVertexShaderFunc / CreatePixelShader: the bytecode is checked and translated as the DP2
// CREATE token's is; the new handle is returned only when the shader was made.
template <class Args, uint32_t Args::*Size>
HRESULT createShader(HANDLE hDevice, Args* a, const uint32_t* code, ShaderType type, const char* what,
                     HRESULT (Context::*create)(dp2::Items<dp2::ShaderCode>)) {
    // A size that is not whole DWORDs is invalid, as in the token.
    if (!a || !code || a->*Size == 0 || a->*Size % 4 != 0) return D3DERR_INVALIDCALL;
    return umdCall(umdHandle(hDevice), what, [&](Context& c) -> HRESULT {
        const uint32_t h =
            newObjectHandle([&](uint32_t used) { return c.shaders().find(type, used) != nullptr; });
        const dp2::ShaderCode item{h, std::span<const uint32_t>(code, a->*Size / 4)};
        if (HRESULT hr = (c.*create)(one(item)); failed(hr)) return hr;
        a->ShaderHandle = handleOf(h);
        return S_OK;
    });
}

HRESULT DDIVK_APIENTRY createVertexShaderFunc(HANDLE hDevice, D3DDDIARG_CREATEVERTEXSHADERFUNC* a,
                                              const uint32_t* code) {
    return createShader<D3DDDIARG_CREATEVERTEXSHADERFUNC, &D3DDDIARG_CREATEVERTEXSHADERFUNC::Size>(
        hDevice, a, code, ShaderType::Vertex, "CreateVertexShaderFunc", &Context::createVertexShaderFunc);
}

HRESULT DDIVK_APIENTRY createPixelShader(HANDLE hDevice, D3DDDIARG_CREATEPIXELSHADER* a,
                                         const uint32_t* code) {
    return createShader<D3DDDIARG_CREATEPIXELSHADER, &D3DDDIARG_CREATEPIXELSHADER::CodeSize>(
        hDevice, a, code, ShaderType::Pixel, "CreatePixelShader", &Context::createPixelShader);
}

// Delete* and Set* of a shader or declaration: the DP2 token's item ({handle}) to the token's
// method. The handles this door sets were handed out by the driver, so Set of a handle no object
// of that kind holds fails at once (a DP2 SET token stores any DWORD and the draw checks it).
template <class Item>
HRESULT deleteObject(HANDLE hDevice, HANDLE hObject, const char* what,
                     HRESULT (Context::*remove)(dp2::Items<Item>)) {
    return umdCall(umdHandle(hDevice), what,
                   [&](Context& c) { return (c.*remove)(one(Item{umdHandle32(hObject)})); });
}

template <class Item>
HRESULT setObject(HANDLE hDevice, HANDLE hObject, const char* what, bool (*exists)(const Context&, uint32_t),
                  HRESULT (Context::*set)(dp2::Items<Item>)) {
    return umdCall(umdHandle(hDevice), what, [&](Context& c) -> HRESULT {
        const uint32_t h = umdHandle32(hObject);
        if (h != 0 && !exists(c, h)) return D3DERR_INVALIDCALL;
        return (c.*set)(one(Item{h}));
    });
}

bool vertexShaderExists(const Context& c, uint32_t h) {
    return c.shaders().find(ShaderType::Vertex, h) != nullptr;
}
bool pixelShaderExists(const Context& c, uint32_t h) {
    return c.shaders().find(ShaderType::Pixel, h) != nullptr;
}
bool declarationExists(const Context& c, uint32_t h) {
    return c.declarations().find(h) != nullptr;
}

HRESULT DDIVK_APIENTRY deleteVertexShaderFunc(HANDLE hDevice, HANDLE hShader) {
    return deleteObject(hDevice, hShader, "DeleteVertexShaderFunc", &Context::deleteVertexShaderFunc);
}

HRESULT DDIVK_APIENTRY deletePixelShader(HANDLE hDevice, HANDLE hShader) {
    return deleteObject(hDevice, hShader, "DeletePixelShader", &Context::deletePixelShader);
}

HRESULT DDIVK_APIENTRY deleteVertexShaderDecl(HANDLE hDevice, HANDLE hDecl) {
    return deleteObject(hDevice, hDecl, "DeleteVertexShaderDecl", &Context::deleteVertexShaderDecl);
}

HRESULT DDIVK_APIENTRY setVertexShaderFunc(HANDLE hDevice, HANDLE hShader) {
    return setObject(hDevice, hShader, "SetVertexShaderFunc", vertexShaderExists,
                     &Context::setVertexShaderFunc);
}

HRESULT DDIVK_APIENTRY setPixelShader(HANDLE hDevice, HANDLE hShader) {
    return setObject(hDevice, hShader, "SetPixelShader", pixelShaderExists, &Context::setPixelShader);
}

HRESULT DDIVK_APIENTRY setVertexShaderDecl(HANDLE hDevice, HANDLE hDecl) {
    return setObject(hDevice, hDecl, "SetVertexShaderDecl", declarationExists, &Context::setVertexShaderDecl);
}

HRESULT DDIVK_APIENTRY createVertexShaderDecl(HANDLE hDevice, D3DDDIARG_CREATEVERTEXSHADERDECL* a,
                                              const D3DDDIVERTEXELEMENT* elements) {
    if (!a || (a->NumVertexElements && !elements)) return D3DERR_INVALIDCALL;
    return umdCall(umdHandle(hDevice), "CreateVertexShaderDecl", [&](Context& c) -> HRESULT {
        const uint32_t h =
            newObjectHandle([&](uint32_t used) { return c.declarations().find(used) != nullptr; });
        const dp2::VertexDeclCreate item{h,
                                         std::span<const D3DVERTEXELEMENT9>(elements, a->NumVertexElements)};
        if (HRESULT hr = c.createVertexShaderDecl(one(item)); failed(hr)) return hr;
        a->ShaderHandle = handleOf(h);
        return S_OK;
    });
}

// --- Shader constants ----------------------------------------------------------------------------

// One register block of float, integer or BOOL constants (ValuesPerRegister values a register),
// as the SET*SHADERCONST* token's single block.
template <class T, uint32_t ValuesPerRegister>
HRESULT setConstants(HANDLE hDevice, const D3DDDIARG_SETVERTEXSHADERCONST* a, const void* values,
                     dp2::ShaderStage stage, const char* what,
                     HRESULT (Context::*set)(dp2::ShaderStage, dp2::Items<dp2::ConstantBlock<T>>)) {
    if (!a || (a->Count && !values)) return D3DERR_INVALIDCALL;
    return umdCall(umdHandle(hDevice), what, [&](Context& c) {
        const dp2::ConstantBlock<T> block{
            a->Register, a->Count,
            std::span<const T>(static_cast<const T*>(values), size_t(a->Count) * ValuesPerRegister)};
        return (c.*set)(stage, one(block));
    });
}

constexpr auto kVertex = dp2::ShaderStage::Vertex;
constexpr auto kPixel = dp2::ShaderStage::Pixel;

HRESULT DDIVK_APIENTRY setVertexShaderConst(HANDLE hDevice, const D3DDDIARG_SETVERTEXSHADERCONST* a,
                                            const void* values) {
    return setConstants<float, 4>(hDevice, a, values, kVertex, "SetVertexShaderConst",
                                  &Context::setShaderConstF);
}

HRESULT DDIVK_APIENTRY setVertexShaderConstI(HANDLE hDevice, const D3DDDIARG_SETVERTEXSHADERCONSTI* a,
                                             const int32_t* values) {
    return setConstants<int32_t, 4>(hDevice, a, values, kVertex, "SetVertexShaderConstI",
                                    &Context::setShaderConstI);
}

// BOOL is a 32-bit int; the state cache keeps BOOL registers as DWORDs.
HRESULT DDIVK_APIENTRY setVertexShaderConstB(HANDLE hDevice, const D3DDDIARG_SETVERTEXSHADERCONSTB* a,
                                             const int32_t* values) {
    return setConstants<uint32_t, 1>(hDevice, a, values, kVertex, "SetVertexShaderConstB",
                                     &Context::setShaderConstB);
}

HRESULT DDIVK_APIENTRY setPixelShaderConst(HANDLE hDevice, const D3DDDIARG_SETPIXELSHADERCONST* a,
                                           const float* values) {
    return setConstants<float, 4>(hDevice, a, values, kPixel, "SetPixelShaderConst",
                                  &Context::setShaderConstF);
}

HRESULT DDIVK_APIENTRY setPixelShaderConstI(HANDLE hDevice, const D3DDDIARG_SETPIXELSHADERCONSTI* a,
                                            const int32_t* values) {
    return setConstants<int32_t, 4>(hDevice, a, values, kPixel, "SetPixelShaderConstI",
                                    &Context::setShaderConstI);
}

HRESULT DDIVK_APIENTRY setPixelShaderConstB(HANDLE hDevice, const D3DDDIARG_SETPIXELSHADERCONSTB* a,
                                            const int32_t* values) {
    return setConstants<uint32_t, 1>(hDevice, a, values, kPixel, "SetPixelShaderConstB",
                                     &Context::setShaderConstB);
}

// --- Targets and clears ---------------------------------------------------------------------------

// Render targets are surfaces, or subresources of render-target textures: subresource i of
// texture h is the surface h + 1 + i, the handle DP2 names it by (device_target_textures.cpp).
// Surfaces have one subresource. nullopt: no such subresource.
std::optional<uint32_t> targetHandle(Context& c, HANDLE resource, uint32_t subresource) {
    const uint32_t h = umdHandle32(resource);
    if (h == 0) return subresource == 0 ? std::optional<uint32_t>(0) : std::nullopt; // unbinds
    device::Device& device = c.device(); // (umdCall holds its lock)
    if (device::Resource* r = device.findResource(h)) {
        device::Surface* s = device.textureSurface(*r, subresource);
        return s ? std::optional<uint32_t>(s->handle()) : std::nullopt;
    }
    return subresource == 0 ? std::optional<uint32_t>(h) : std::nullopt;
}

HRESULT DDIVK_APIENTRY setRenderTarget(HANDLE hDevice, const D3DDDIARG_SETRENDERTARGET* a) {
    if (!a) return D3DERR_INVALIDCALL;
    return umdCall(umdHandle(hDevice), "SetRenderTarget", [&](Context& c) {
        const std::optional<uint32_t> target = targetHandle(c, a->hRenderTarget, a->SubResourceIndex);
        if (!target) return D3DERR_INVALIDCALL;
        return c.setRenderTarget2(one(D3DHAL_DP2SETRENDERTARGET2{a->RenderTargetIndex, *target}));
    });
}

// A depth texture binds its top level (the argument names no subresource).
HRESULT DDIVK_APIENTRY setDepthStencil(HANDLE hDevice, const D3DDDIARG_SETDEPTHSTENCIL* a) {
    if (!a) return D3DERR_INVALIDCALL;
    return umdCall(umdHandle(hDevice), "SetDepthStencil", [&](Context& c) {
        const std::optional<uint32_t> target = targetHandle(c, a->hZBuffer, 0);
        if (!target) return D3DERR_INVALIDCALL;
        return c.setDepthStencil(one(D3DHAL_DP2SETDEPTHSTENCIL{*target}));
    });
}

HRESULT DDIVK_APIENTRY clear(HANDLE hDevice, const D3DDDIARG_CLEAR* a, uint32_t numRects, const RECT* rects) {
    if (!a || (numRects && !rects)) return D3DERR_INVALIDCALL;
    return umdCall(umdHandle(hDevice), "Clear", [&](Context& c) {
        return c.clear(dp2::ClearArgs{a->Flags, a->FillColor, a->FillDepth, a->FillStencil,
                                      std::span<const RECT>(rects, numRects)});
    });
}

// --- State blocks -------------------------------------------------------------------------------

// BEGIN and CREATE make a block under a new handle, returned in hStateSet; the other operations
// name one. The state cache applies the DP2 STATESET rules (docs/state.md).
HRESULT DDIVK_APIENTRY stateSet(HANDLE hDevice, D3DDDIARG_STATESET* a) {
    if (!a) return D3DERR_INVALIDCALL;
    return umdCall(umdHandle(hDevice), "StateSet", [&](Context& c) -> HRESULT {
        const bool creates = a->Operation == D3DHAL_STATESETBEGIN || a->Operation == D3DHAL_STATESETCREATE;
        const uint32_t h =
            creates ? newObjectHandle([&](uint32_t used) { return c.state().stateBlock(used) != nullptr; })
                    : umdHandle32(a->hStateSet);
        if (HRESULT hr = c.stateSet(one(D3DHAL_DP2STATESET{a->Operation, h, a->StateBlockType})); failed(hr))
            return hr;
        if (creates) a->hStateSet = handleOf(h);
        return S_OK;
    });
}

constexpr DDIVK_D3DDDI_STATEFUNCS kFunctions = {
    setRenderState,         // -> Context::renderStates (RENDERSTATE)
    updateWInfo,            // -> Context::wInfo (WINFO)
    setTextureStageState,   // -> Context::textureStageStates (TEXTURESTAGESTATE)
    setPixelShader,         // -> Context::setPixelShader (SETPIXELSHADER), handle checked
    setPixelShaderConst,    // -> Context::setShaderConstF (SETPIXELSHADERCONST)
    stateSet,               // -> Context::stateSet (STATESET), new handles for BEGIN / CREATE
    clear,                  // -> Context::clear (CLEAR)
    setVertexShaderConst,   // -> Context::setShaderConstF (SETVERTEXSHADERCONST)
    multiplyTransform,      // -> Context::multiplyTransform (MULTIPLYTRANSFORM)
    setTransform,           // -> Context::setTransform (SETTRANSFORM)
    setViewport,            // -> Context::viewportInfo (VIEWPORTINFO)
    setZRange,              // -> Context::zRange (ZRANGE)
    setMaterial,            // -> Context::setMaterial (SETMATERIAL)
    setLight,               // -> Context::setLight (SETLIGHT)
    createLight,            // -> Context::createLight (CREATELIGHT)
    destroyLight,           // checks only: D3D9 never removes a light
    setClipPlane,           // -> Context::setClipPlane (SETCLIPPLANE)
    createVertexShaderFunc, // -> Context::createVertexShaderFunc (CREATEVERTEXSHADERFUNC), new handle
    deleteVertexShaderFunc, // -> Context::deleteVertexShaderFunc (DELETEVERTEXSHADERFUNC)
    setVertexShaderFunc,    // -> Context::setVertexShaderFunc (SETVERTEXSHADERFUNC), handle checked
    createVertexShaderDecl, // -> Context::createVertexShaderDecl (CREATEVERTEXSHADERDECL), new handle
    deleteVertexShaderDecl, // -> Context::deleteVertexShaderDecl (DELETEVERTEXSHADERDECL)
    setVertexShaderDecl,    // -> Context::setVertexShaderDecl (SETVERTEXSHADERDECL), handle checked
    setVertexShaderConstI,  // -> Context::setShaderConstI (SETVERTEXSHADERCONSTI)
    setVertexShaderConstB,  // -> Context::setShaderConstB (SETVERTEXSHADERCONSTB)
    setScissorRect,         // -> Context::setScissorRect (SETSCISSORRECT)
    setRenderTarget,        // -> Context::setRenderTarget2 (SETRENDERTARGET2)
    setDepthStencil,        // -> Context::setDepthStencil (SETDEPTHSTENCIL)
    setPixelShaderConstI,   // -> Context::setShaderConstI (SETPIXELSHADERCONSTI)
    setPixelShaderConstB,   // -> Context::setShaderConstB (SETPIXELSHADERCONSTB)
    createPixelShader,      // -> Context::createPixelShader (CREATEPIXELSHADER), new handle
    deletePixelShader,      // -> Context::deletePixelShader (DELETEPIXELSHADER)
};

} // namespace

extern "C" const DDIVK_D3DDDI_STATEFUNCS* ddivk_umd_state_functions(void) {
    return &kFunctions;
}

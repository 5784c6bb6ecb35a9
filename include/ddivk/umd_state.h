// The D3D9 user-mode driver (UMD) door for state, shaped after d3dumddi.h: render, texture
// stage and sampler states, shaders and vertex declarations, shader constants, viewport, depth
// range, scissor, clears, render targets, transforms, material, lights, clip planes and state
// blocks, with their argument structs. Layouts are d3dumddi.h's, pinned below for Windows x64 /
// LP64. The table comes from ddivk_umd_state_functions() (ddivk/ddivk.h); hDevice is a DP2
// context handle, as for the draw door (umd_draw.h).
//
// Object handles (shaders, declarations, state blocks): the driver chooses them and returns them
// in the create call's args; they are numbers in the same namespace as the handles DP2 tokens
// carry, so an object made through one door is set, deleted or drawn with through the other
// (docs/draw-translator.md, "The UMD door's state setters").
#pragma once

#include <cstddef>
#include <cstdint>

#include "ddivk/d3d9_types.h"
#include "ddivk/dp2_payloads.h"
#include "ddivk/umd.h"
#include "ddivk/umd_query.h"

namespace ddivk {

struct D3DDDIARG_RENDERSTATE {
    uint32_t State; // D3DDDIRENDERSTATETYPE (the D3DRS_* values)
    uint32_t Value;
};

// Stage and State as the DDI numbers them (D3DDDITSS_*: TEXTUREMAP 0, the sampler states
// ADDRESSU 13 ... as in D3DDP2OP_TEXTURESTAGESTATE).
struct D3DDDIARG_TEXTURESTAGESTATE {
    uint32_t Stage;
    uint32_t State;
    uint32_t Value;
};

struct D3DDDIARG_WINFO {
    float WNear;
    float WFar;
};

struct D3DDDIARG_VIEWPORTINFO {
    uint32_t X, Y, Width, Height;
};

struct D3DDDIARG_ZRANGE {
    float MinZ;
    float MaxZ;
};

// Flags: D3DCLEAR_TARGET, ZBUFFER, STENCIL; the rects come with the call.
struct D3DDDIARG_CLEAR {
    uint32_t Flags;
    uint32_t FillColor;
    float FillDepth;
    uint32_t FillStencil;
};

// Register and Count of float (4 per register), integer (4 per register) and BOOL constants;
// the values come with the call.
struct D3DDDIARG_SETVERTEXSHADERCONST {
    uint32_t Register;
    uint32_t Count;
};
using D3DDDIARG_SETVERTEXSHADERCONSTI = D3DDDIARG_SETVERTEXSHADERCONST;
using D3DDDIARG_SETVERTEXSHADERCONSTB = D3DDDIARG_SETVERTEXSHADERCONST;
using D3DDDIARG_SETPIXELSHADERCONST = D3DDDIARG_SETVERTEXSHADERCONST;
using D3DDDIARG_SETPIXELSHADERCONSTI = D3DDDIARG_SETVERTEXSHADERCONST;
using D3DDDIARG_SETPIXELSHADERCONSTB = D3DDDIARG_SETVERTEXSHADERCONST;

struct D3DDDIARG_SETTRANSFORM {
    uint32_t TransformType; // D3DTRANSFORMSTATETYPE
    D3DMATRIX Matrix;
};
using D3DDDIARG_MULTIPLYTRANSFORM = D3DDDIARG_SETTRANSFORM;

struct D3DDDIARG_SETMATERIAL {
    D3DCOLORVALUE Diffuse, Ambient, Specular, Emissive;
    float Power;
};

// D3DDDI_SETLIGHT_TYPE: DataType of D3DDDIARG_SETLIGHT (D3DDDI_LIGHT comes with DATA).
enum : uint32_t {
    D3DDDI_SETLIGHT_ENABLE = 0,
    D3DDDI_SETLIGHT_DISABLE = 1,
    D3DDDI_SETLIGHT_DATA = 2,
};
struct D3DDDIARG_SETLIGHT {
    uint32_t Index;
    uint32_t DataType;
};
struct D3DDDI_LIGHT {
    uint32_t Type; // D3DLIGHTTYPE
    D3DCOLORVALUE Diffuse, Specular, Ambient;
    D3DVECTOR Position, Direction;
    float Range, Falloff, Attenuation0, Attenuation1, Attenuation2, Theta, Phi;
};
struct D3DDDIARG_CREATELIGHT {
    uint32_t Index;
};
struct D3DDDIARG_DESTROYLIGHT {
    uint32_t Index;
};

struct D3DDDIARG_SETCLIPPLANE {
    uint32_t Index;
    float Plane[4];
};

// d3dumddi.h's D3DDDIVERTEXELEMENT is D3DVERTEXELEMENT9 member for member.
using D3DDDIVERTEXELEMENT = D3DVERTEXELEMENT9;

struct D3DDDIARG_CREATEVERTEXSHADERDECL {
    uint32_t NumVertexElements; // in (the end marker may be counted or not)
    HANDLE ShaderHandle;        // out
};
struct D3DDDIARG_CREATEVERTEXSHADERFUNC {
    uint32_t Size;       // in: bytes of code
    HANDLE ShaderHandle; // out
};
struct D3DDDIARG_CREATEPIXELSHADER {
    uint32_t CodeSize;   // in: bytes of code
    HANDLE ShaderHandle; // out
};

struct D3DDDIARG_SETRENDERTARGET {
    uint32_t RenderTargetIndex;
    HANDLE hRenderTarget; // null unbinds (not target 0)
    uint32_t SubResourceIndex;
};
struct D3DDDIARG_SETDEPTHSTENCIL {
    HANDLE hZBuffer; // null: none
};

// Operation: D3DHAL_STATESET* (d3d9_enums.h). hStateSet is out for BEGIN and CREATE (a new
// handle), in for END (the block BEGIN returned), DELETE, EXECUTE and CAPTURE.
struct D3DDDIARG_STATESET {
    uint32_t Operation;
    uint32_t StateBlockType; // D3DSTATEBLOCKTYPE, for CREATE
    HANDLE hStateSet;
};

using PFND3DDDI_SETRENDERSTATE = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice, const D3DDDIARG_RENDERSTATE*);
using PFND3DDDI_UPDATEWINFO = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice, const D3DDDIARG_WINFO*);
using PFND3DDDI_SETTEXTURESTAGESTATE = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice,
                                                                const D3DDDIARG_TEXTURESTAGESTATE*);
using PFND3DDDI_SETPIXELSHADER = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice, HANDLE hShader);
using PFND3DDDI_SETPIXELSHADERCONST = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice,
                                                               const D3DDDIARG_SETPIXELSHADERCONST*,
                                                               const float*);
using PFND3DDDI_STATESET = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice, D3DDDIARG_STATESET*);
using PFND3DDDI_CLEAR = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice, const D3DDDIARG_CLEAR*, uint32_t NumRect,
                                                 const RECT*);
using PFND3DDDI_SETVERTEXSHADERCONST = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice,
                                                                const D3DDDIARG_SETVERTEXSHADERCONST*,
                                                                const void*);
using PFND3DDDI_MULTIPLYTRANSFORM = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice,
                                                             const D3DDDIARG_MULTIPLYTRANSFORM*);
using PFND3DDDI_SETTRANSFORM = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice, const D3DDDIARG_SETTRANSFORM*);
using PFND3DDDI_SETVIEWPORT = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice, const D3DDDIARG_VIEWPORTINFO*);
using PFND3DDDI_SETZRANGE = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice, const D3DDDIARG_ZRANGE*);
using PFND3DDDI_SETMATERIAL = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice, const D3DDDIARG_SETMATERIAL*);
using PFND3DDDI_SETLIGHT = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice, const D3DDDIARG_SETLIGHT*,
                                                    const D3DDDI_LIGHT*);
using PFND3DDDI_CREATELIGHT = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice, const D3DDDIARG_CREATELIGHT*);
using PFND3DDDI_DESTROYLIGHT = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice, const D3DDDIARG_DESTROYLIGHT*);
using PFND3DDDI_SETCLIPPLANE = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice, const D3DDDIARG_SETCLIPPLANE*);
using PFND3DDDI_CREATEVERTEXSHADERFUNC = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice,
                                                                  D3DDDIARG_CREATEVERTEXSHADERFUNC*,
                                                                  const uint32_t* pCode);
using PFND3DDDI_DELETEVERTEXSHADERFUNC = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice, HANDLE hShader);
using PFND3DDDI_SETVERTEXSHADERFUNC = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice, HANDLE hShader);
using PFND3DDDI_CREATEVERTEXSHADERDECL = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice,
                                                                  D3DDDIARG_CREATEVERTEXSHADERDECL*,
                                                                  const D3DDDIVERTEXELEMENT*);
using PFND3DDDI_DELETEVERTEXSHADERDECL = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice, HANDLE hShader);
using PFND3DDDI_SETVERTEXSHADERDECL = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice, HANDLE hShader);
using PFND3DDDI_SETVERTEXSHADERCONSTI = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice,
                                                                 const D3DDDIARG_SETVERTEXSHADERCONSTI*,
                                                                 const int32_t*);
using PFND3DDDI_SETVERTEXSHADERCONSTB = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice,
                                                                 const D3DDDIARG_SETVERTEXSHADERCONSTB*,
                                                                 const int32_t* /* BOOL */);
using PFND3DDDI_SETSCISSORRECT = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice, const RECT*);
using PFND3DDDI_SETRENDERTARGET = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice, const D3DDDIARG_SETRENDERTARGET*);
using PFND3DDDI_SETDEPTHSTENCIL = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice, const D3DDDIARG_SETDEPTHSTENCIL*);
using PFND3DDDI_SETPIXELSHADERCONSTI = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice,
                                                                const D3DDDIARG_SETPIXELSHADERCONSTI*,
                                                                const int32_t*);
using PFND3DDDI_SETPIXELSHADERCONSTB = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice,
                                                                const D3DDDIARG_SETPIXELSHADERCONSTB*,
                                                                const int32_t* /* BOOL */);
using PFND3DDDI_CREATEPIXELSHADER = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice, D3DDDIARG_CREATEPIXELSHADER*,
                                                             const uint32_t* pCode);
using PFND3DDDI_DELETEPIXELSHADER = HRESULT(DDIVK_APIENTRY*)(HANDLE hDevice, HANDLE hShader);

// The state entry points of D3DDDI_DEVICEFUNCS that this door offers, in that table's order.
struct DDIVK_D3DDDI_STATEFUNCS {
    PFND3DDDI_SETRENDERSTATE pfnSetRenderState;
    PFND3DDDI_UPDATEWINFO pfnUpdateWInfo;
    PFND3DDDI_SETTEXTURESTAGESTATE pfnSetTextureStageState;
    PFND3DDDI_SETPIXELSHADER pfnSetPixelShader;
    PFND3DDDI_SETPIXELSHADERCONST pfnSetPixelShaderConst;
    PFND3DDDI_STATESET pfnStateSet;
    PFND3DDDI_CLEAR pfnClear;
    PFND3DDDI_SETVERTEXSHADERCONST pfnSetVertexShaderConst;
    PFND3DDDI_MULTIPLYTRANSFORM pfnMultiplyTransform;
    PFND3DDDI_SETTRANSFORM pfnSetTransform;
    PFND3DDDI_SETVIEWPORT pfnSetViewport;
    PFND3DDDI_SETZRANGE pfnSetZRange;
    PFND3DDDI_SETMATERIAL pfnSetMaterial;
    PFND3DDDI_SETLIGHT pfnSetLight;
    PFND3DDDI_CREATELIGHT pfnCreateLight;
    PFND3DDDI_DESTROYLIGHT pfnDestroyLight;
    PFND3DDDI_SETCLIPPLANE pfnSetClipPlane;
    PFND3DDDI_CREATEVERTEXSHADERFUNC pfnCreateVertexShaderFunc;
    PFND3DDDI_DELETEVERTEXSHADERFUNC pfnDeleteVertexShaderFunc;
    PFND3DDDI_SETVERTEXSHADERFUNC pfnSetVertexShaderFunc;
    PFND3DDDI_CREATEVERTEXSHADERDECL pfnCreateVertexShaderDecl;
    PFND3DDDI_DELETEVERTEXSHADERDECL pfnDeleteVertexShaderDecl;
    PFND3DDDI_SETVERTEXSHADERDECL pfnSetVertexShaderDecl;
    PFND3DDDI_SETVERTEXSHADERCONSTI pfnSetVertexShaderConstI;
    PFND3DDDI_SETVERTEXSHADERCONSTB pfnSetVertexShaderConstB;
    PFND3DDDI_SETSCISSORRECT pfnSetScissorRect;
    PFND3DDDI_SETRENDERTARGET pfnSetRenderTarget;
    PFND3DDDI_SETDEPTHSTENCIL pfnSetDepthStencil;
    PFND3DDDI_SETPIXELSHADERCONSTI pfnSetPixelShaderConstI;
    PFND3DDDI_SETPIXELSHADERCONSTB pfnSetPixelShaderConstB;
    PFND3DDDI_CREATEPIXELSHADER pfnCreatePixelShader;
    PFND3DDDI_DELETEPIXELSHADER pfnDeletePixelShader;
};

static_assert(sizeof(D3DDDIARG_RENDERSTATE) == 8 && sizeof(D3DDDIARG_TEXTURESTAGESTATE) == 12);
static_assert(sizeof(D3DDDIARG_VIEWPORTINFO) == 16 && sizeof(D3DDDIARG_ZRANGE) == 8);
static_assert(sizeof(D3DDDIARG_CLEAR) == 16 && offsetof(D3DDDIARG_CLEAR, FillDepth) == 8);
static_assert(sizeof(D3DDDIARG_SETTRANSFORM) == 68 && offsetof(D3DDDIARG_SETTRANSFORM, Matrix) == 4);
static_assert(sizeof(D3DDDIARG_SETMATERIAL) == 68 && sizeof(D3DDDI_LIGHT) == 104);
static_assert(sizeof(D3DDDIARG_SETCLIPPLANE) == 20 && sizeof(D3DDDIVERTEXELEMENT) == 8);
static_assert(sizeof(D3DDDI_LIGHT) == sizeof(D3DLIGHT7) &&
              sizeof(D3DDDIARG_SETMATERIAL) == sizeof(D3DMATERIAL7));
#if UINTPTR_MAX == UINT64_MAX
static_assert(sizeof(D3DDDIARG_CREATEVERTEXSHADERFUNC) == 16 &&
              offsetof(D3DDDIARG_CREATEVERTEXSHADERFUNC, ShaderHandle) == 8);
static_assert(sizeof(D3DDDIARG_CREATEVERTEXSHADERDECL) == 16 && sizeof(D3DDDIARG_CREATEPIXELSHADER) == 16);
static_assert(sizeof(D3DDDIARG_SETRENDERTARGET) == 24 &&
              offsetof(D3DDDIARG_SETRENDERTARGET, hRenderTarget) == 8 &&
              offsetof(D3DDDIARG_SETRENDERTARGET, SubResourceIndex) == 16);
static_assert(sizeof(D3DDDIARG_STATESET) == 16 && offsetof(D3DDDIARG_STATESET, hStateSet) == 8);
static_assert(sizeof(DDIVK_D3DDDI_STATEFUNCS) == 32 * 8);
#elif UINTPTR_MAX == UINT32_MAX
// 32-bit Windows (the i686 d3d9.dll): 4-byte handles and function pointers.
static_assert(sizeof(D3DDDIARG_CREATEVERTEXSHADERFUNC) == 8 &&
              offsetof(D3DDDIARG_CREATEVERTEXSHADERFUNC, ShaderHandle) == 4);
static_assert(sizeof(D3DDDIARG_CREATEVERTEXSHADERDECL) == 8 && sizeof(D3DDDIARG_CREATEPIXELSHADER) == 8);
static_assert(sizeof(D3DDDIARG_SETRENDERTARGET) == 12 && offsetof(D3DDDIARG_SETRENDERTARGET, hRenderTarget) == 4 &&
              offsetof(D3DDDIARG_SETRENDERTARGET, SubResourceIndex) == 8);
static_assert(sizeof(D3DDDIARG_STATESET) == 12 && offsetof(D3DDDIARG_STATESET, hStateSet) == 8);
static_assert(sizeof(DDIVK_D3DDDI_STATEFUNCS) == 32 * 4);
#endif

} // namespace ddivk

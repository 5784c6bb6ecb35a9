// Each group of caps names where the behaviour it promises lives; a flag is set only for what
// the driver does today.
// The driver's limits before d3d9.h: its macros (D3DTS_WORLDMATRIX, ...) would break the
// driver's own D3D9 enums, which live in namespace ddivk.
#include "state/device_state.h"

#include "d3d9/caps9.h"

#include <algorithm>
#include <cfloat>

namespace ddivk::d3d9 {
namespace {

// Every D3DCMP_* (NEVER .. ALWAYS): depth, alpha and stencil tests map to VkCompareOp.
constexpr DWORD kAllCompares = D3DPCMPCAPS_NEVER | D3DPCMPCAPS_LESS | D3DPCMPCAPS_EQUAL | D3DPCMPCAPS_LESSEQUAL |
                               D3DPCMPCAPS_GREATER | D3DPCMPCAPS_NOTEQUAL | D3DPCMPCAPS_GREATEREQUAL |
                               D3DPCMPCAPS_ALWAYS;

// src/draw/state_mapping.cpp kBlendFactors; SRCCOLOR2 needs Vulkan's dualSrcBlend.
DWORD blendCaps(const Adapter& a) {
    DWORD caps = D3DPBLENDCAPS_ZERO | D3DPBLENDCAPS_ONE | D3DPBLENDCAPS_SRCCOLOR | D3DPBLENDCAPS_INVSRCCOLOR |
                 D3DPBLENDCAPS_SRCALPHA | D3DPBLENDCAPS_INVSRCALPHA | D3DPBLENDCAPS_DESTALPHA |
                 D3DPBLENDCAPS_INVDESTALPHA | D3DPBLENDCAPS_DESTCOLOR | D3DPBLENDCAPS_INVDESTCOLOR |
                 D3DPBLENDCAPS_SRCALPHASAT | D3DPBLENDCAPS_BOTHSRCALPHA | D3DPBLENDCAPS_BOTHINVSRCALPHA |
                 D3DPBLENDCAPS_BLENDFACTOR;
    if (a.caps.coreFeatures.dualSrcBlend) caps |= D3DPBLENDCAPS_SRCCOLOR2 | D3DPBLENDCAPS_INVSRCCOLOR2;
    return caps;
}

// src/draw/sampler_state.cpp: point, linear, anisotropic (linear with samplerAnisotropy).
DWORD filterCaps(const Adapter& a) {
    DWORD caps = D3DPTFILTERCAPS_MINFPOINT | D3DPTFILTERCAPS_MINFLINEAR | D3DPTFILTERCAPS_MIPFPOINT |
                 D3DPTFILTERCAPS_MIPFLINEAR | D3DPTFILTERCAPS_MAGFPOINT | D3DPTFILTERCAPS_MAGFLINEAR;
    if (a.caps.coreFeatures.samplerAnisotropy) caps |= D3DPTFILTERCAPS_MINFANISOTROPIC | D3DPTFILTERCAPS_MAGFANISOTROPIC;
    return caps;
}

DWORD addressCaps(const Adapter& a) {
    DWORD caps = D3DPTADDRESSCAPS_WRAP | D3DPTADDRESSCAPS_MIRROR | D3DPTADDRESSCAPS_CLAMP |
                 D3DPTADDRESSCAPS_BORDER | D3DPTADDRESSCAPS_INDEPENDENTUV;
    if (a.caps.samplerMirrorClampToEdge) caps |= D3DPTADDRESSCAPS_MIRRORONCE;
    return caps;
}

// The texture-stage operations of the fixed-function pixel stage (docs/fixed-function.md;
// PREMODULATE is not among them).
constexpr DWORD kTextureOps =
    D3DTEXOPCAPS_DISABLE | D3DTEXOPCAPS_SELECTARG1 | D3DTEXOPCAPS_SELECTARG2 | D3DTEXOPCAPS_MODULATE |
    D3DTEXOPCAPS_MODULATE2X | D3DTEXOPCAPS_MODULATE4X | D3DTEXOPCAPS_ADD | D3DTEXOPCAPS_ADDSIGNED |
    D3DTEXOPCAPS_ADDSIGNED2X | D3DTEXOPCAPS_SUBTRACT | D3DTEXOPCAPS_ADDSMOOTH | D3DTEXOPCAPS_BLENDDIFFUSEALPHA |
    D3DTEXOPCAPS_BLENDTEXTUREALPHA | D3DTEXOPCAPS_BLENDFACTORALPHA | D3DTEXOPCAPS_BLENDTEXTUREALPHAPM |
    D3DTEXOPCAPS_BLENDCURRENTALPHA | D3DTEXOPCAPS_MODULATEALPHA_ADDCOLOR | D3DTEXOPCAPS_MODULATECOLOR_ADDALPHA |
    D3DTEXOPCAPS_MODULATEINVALPHA_ADDCOLOR | D3DTEXOPCAPS_MODULATEINVCOLOR_ADDALPHA | D3DTEXOPCAPS_BUMPENVMAP |
    D3DTEXOPCAPS_BUMPENVMAPLUMINANCE | D3DTEXOPCAPS_DOTPRODUCT3 | D3DTEXOPCAPS_MULTIPLYADD | D3DTEXOPCAPS_LERP;

void shaderCaps(D3DCAPS9& c) {
    // src/shader: vs_3_0 / ps_3_0 bytecode translated to SPIR-V, with the register files of
    // src/state/device_state.h. The translator sets no instruction limit: the largest slot counts.
    c.VertexShaderVersion = D3DVS_VERSION(3, 0);
    c.PixelShaderVersion = D3DPS_VERSION(3, 0);
    c.MaxVertexShaderConst = state::kVsConstF;
    c.PixelShader1xMaxValue = FLT_MAX; // ps_1_x arithmetic runs in 32-bit floats, unclamped
    c.VS20Caps.Caps = D3DVS20CAPS_PREDICATION;
    c.VS20Caps.DynamicFlowControlDepth = D3DVS20_MAX_DYNAMICFLOWCONTROLDEPTH;
    c.VS20Caps.NumTemps = D3DVS20_MAX_NUMTEMPS;
    c.VS20Caps.StaticFlowControlDepth = D3DVS20_MAX_STATICFLOWCONTROLDEPTH;
    c.PS20Caps.Caps = D3DPS20CAPS_ARBITRARYSWIZZLE | D3DPS20CAPS_GRADIENTINSTRUCTIONS | D3DPS20CAPS_PREDICATION |
                      D3DPS20CAPS_NODEPENDENTREADLIMIT | D3DPS20CAPS_NOTEXINSTRUCTIONLIMIT;
    c.PS20Caps.DynamicFlowControlDepth = D3DPS20_MAX_DYNAMICFLOWCONTROLDEPTH;
    c.PS20Caps.NumTemps = D3DPS20_MAX_NUMTEMPS;
    c.PS20Caps.StaticFlowControlDepth = D3DPS20_MAX_STATICFLOWCONTROLDEPTH;
    c.PS20Caps.NumInstructionSlots = D3DPS20_MAX_NUMINSTRUCTIONSLOTS;
    c.MaxVShaderInstructionsExecuted = 0xFFFFFFFF;
    c.MaxPShaderInstructionsExecuted = 0xFFFFFFFF;
    c.MaxVertexShader30InstructionSlots = D3DMAX30SHADERINSTRUCTIONS;
    c.MaxPixelShader30InstructionSlots = D3DMAX30SHADERINSTRUCTIONS;
    // Vertex texture fetch: vs_3_0 samplers s0..s3 read what the pixel samplers read.
    c.VertexTextureFilterCaps = D3DPTFILTERCAPS_MINFPOINT | D3DPTFILTERCAPS_MINFLINEAR | D3DPTFILTERCAPS_MAGFPOINT |
                                D3DPTFILTERCAPS_MAGFLINEAR;
}

void rasterCaps(const Adapter& a, D3DCAPS9& c) {
    // src/draw/pipeline_state.cpp and dynamic_state.cpp: depth bias (constant and slope), scissor,
    // fill modes, separate alpha blending with every blend op, colour write masks per target.
    // Multiple render targets (src/device/pass_targets.h): one blend state for all, oCn into
    // target n, a write mask each (COLORWRITEENABLE1..3), formats of any size together.
    c.PrimitiveMiscCaps = D3DPMISCCAPS_MASKZ | D3DPMISCCAPS_CULLNONE | D3DPMISCCAPS_CULLCW |
                          D3DPMISCCAPS_CULLCCW | D3DPMISCCAPS_COLORWRITEENABLE | D3DPMISCCAPS_TSSARGTEMP |
                          D3DPMISCCAPS_BLENDOP | D3DPMISCCAPS_INDEPENDENTWRITEMASKS |
                          D3DPMISCCAPS_PERSTAGECONSTANT | D3DPMISCCAPS_FOGANDSPECULARALPHA |
                          D3DPMISCCAPS_SEPARATEALPHABLEND | D3DPMISCCAPS_MRTINDEPENDENTBITDEPTHS |
                          D3DPMISCCAPS_MRTPOSTPIXELSHADERBLENDING | D3DPMISCCAPS_FOGVERTEXCLAMPED |
                          D3DPMISCCAPS_POSTBLENDSRGBCONVERT;
    // Pre-transformed vertices outside [0, 1] in z: clamped (depthClamp), as Windows does without
    // this cap; clipped, and the cap claimed, on a device without it.
    if (!a.caps.coreFeatures.depthClamp) c.PrimitiveMiscCaps |= D3DPMISCCAPS_CLIPTLVERTS;
    c.RasterCaps = D3DPRASTERCAPS_ZTEST | D3DPRASTERCAPS_FOGVERTEX | D3DPRASTERCAPS_FOGTABLE |
                   D3DPRASTERCAPS_MIPMAPLODBIAS | D3DPRASTERCAPS_ZFOG | D3DPRASTERCAPS_WFOG |
                   D3DPRASTERCAPS_FOGRANGE | D3DPRASTERCAPS_SCISSORTEST | D3DPRASTERCAPS_SLOPESCALEDEPTHBIAS |
                   D3DPRASTERCAPS_DEPTHBIAS | D3DPRASTERCAPS_COLORPERSPECTIVE;
    if (a.caps.coreFeatures.samplerAnisotropy) c.RasterCaps |= D3DPRASTERCAPS_ANISOTROPY;
    c.ZCmpCaps = kAllCompares;
    c.AlphaCmpCaps = kAllCompares;
    c.SrcBlendCaps = blendCaps(a);
    c.DestBlendCaps = blendCaps(a);
    c.ShadeCaps = D3DPSHADECAPS_COLORGOURAUDRGB | D3DPSHADECAPS_SPECULARGOURAUDRGB |
                  D3DPSHADECAPS_ALPHAGOURAUDBLEND | D3DPSHADECAPS_FOGGOURAUD;
    c.LineCaps = D3DLINECAPS_TEXTURE | D3DLINECAPS_ZTEST | D3DLINECAPS_BLEND | D3DLINECAPS_ALPHACMP |
                 D3DLINECAPS_FOG;
    c.StencilCaps = D3DSTENCILCAPS_KEEP | D3DSTENCILCAPS_ZERO | D3DSTENCILCAPS_REPLACE | D3DSTENCILCAPS_INCRSAT |
                    D3DSTENCILCAPS_DECRSAT | D3DSTENCILCAPS_INVERT | D3DSTENCILCAPS_INCR | D3DSTENCILCAPS_DECR |
                    D3DSTENCILCAPS_TWOSIDED;
    c.NumSimultaneousRTs = simultaneousTargets(a);
    // BLT scales with vkCmdBlitImage, nearest or linear.
    c.StretchRectFilterCaps = D3DPTFILTERCAPS_MINFPOINT | D3DPTFILTERCAPS_MAGFPOINT | D3DPTFILTERCAPS_MINFLINEAR |
                              D3DPTFILTERCAPS_MAGFLINEAR;
}

void textureCaps(const Adapter& a, D3DCAPS9& c) {
    const VkPhysicalDeviceLimits& l = a.properties.limits;
    // 2D, cube and volume textures with mip chains of any size (no power-of-two rules).
    c.TextureCaps = D3DPTEXTURECAPS_ALPHA | D3DPTEXTURECAPS_PERSPECTIVE | D3DPTEXTURECAPS_PROJECTED |
                    D3DPTEXTURECAPS_MIPMAP | D3DPTEXTURECAPS_CUBEMAP | D3DPTEXTURECAPS_MIPCUBEMAP |
                    D3DPTEXTURECAPS_VOLUMEMAP | D3DPTEXTURECAPS_MIPVOLUMEMAP |
                    D3DPTEXTURECAPS_TEXREPEATNOTSCALEDBYSIZE;
    c.TextureFilterCaps = filterCaps(a);
    c.CubeTextureFilterCaps = filterCaps(a);
    c.VolumeTextureFilterCaps = filterCaps(a);
    c.TextureAddressCaps = addressCaps(a);
    c.VolumeTextureAddressCaps = addressCaps(a);
    c.MaxTextureWidth = c.MaxTextureHeight = std::min(l.maxImageDimension2D, l.maxImageDimensionCube);
    c.MaxVolumeExtent = l.maxImageDimension3D;
    c.MaxTextureRepeat = 0x8000;        // Vulkan sets no repeat limit; the largest value SM3 parts report
    c.MaxTextureAspectRatio = c.MaxTextureWidth;
    c.MaxAnisotropy = a.caps.coreFeatures.samplerAnisotropy ? DWORD(l.maxSamplerAnisotropy) : 1;
    c.TextureOpCaps = kTextureOps;
    c.MaxTextureBlendStages = state::kTextureStages;
    c.MaxSimultaneousTextures = state::kTextureStages;
}

void vertexCaps(const Adapter& a, D3DCAPS9& c) {
    const VkPhysicalDeviceLimits& l = a.properties.limits;
    // Fixed-function vertex pipeline (docs/fixed-function.md): 8 lights, 4 blend matrices with
    // the indexed palette WORLDMATRIX(0..7), 8 texture coordinate sets, point size per vertex.
    c.VertexProcessingCaps = D3DVTXPCAPS_TEXGEN | D3DVTXPCAPS_TEXGEN_SPHEREMAP | D3DVTXPCAPS_MATERIALSOURCE7 |
                             D3DVTXPCAPS_DIRECTIONALLIGHTS | D3DVTXPCAPS_POSITIONALLIGHTS |
                             D3DVTXPCAPS_LOCALVIEWER | D3DVTXPCAPS_TWEENING;
    c.MaxActiveLights = 8;
    c.MaxVertexBlendMatrices = 4;
    c.MaxVertexBlendMatrixIndex = 7;
    c.FVFCaps = D3DFVFCAPS_PSIZE | 8; // low bits: texture coordinate sets
    // User clip planes are gl_ClipDistance: none without shaderClipDistance.
    c.MaxUserClipPlanes = a.caps.coreFeatures.shaderClipDistance ? state::kMaxClipPlanes : 0;
    c.MaxPointSize = maxPointSize(a);
    // A triangle list's vertex count (3 per primitive) must fit the 32-bit count of vkCmdDraw.
    c.MaxPrimitiveCount = 0x55555555;
    c.MaxVertexIndex = a.caps.coreFeatures.fullDrawIndexUint32 ? 0xFFFFFFFF : l.maxDrawIndexedIndexValue;
    c.MaxStreams = state::kMaxStreams;
    c.MaxStreamStride = l.maxVertexInputBindingStride;
    c.MaxVertexW = 1e10f;
    // src/draw/vertex_decl.cpp: every D3DDECLTYPE of D3D9.
    c.DeclTypes = D3DDTCAPS_UBYTE4 | D3DDTCAPS_UBYTE4N | D3DDTCAPS_SHORT2N | D3DDTCAPS_SHORT4N |
                  D3DDTCAPS_USHORT2N | D3DDTCAPS_USHORT4N | D3DDTCAPS_UDEC3 | D3DDTCAPS_DEC3N |
                  D3DDTCAPS_FLOAT16_2 | D3DDTCAPS_FLOAT16_4;
    // Vulkan clips to the view volume and rasterizes anywhere in the viewport bounds.
    c.GuardBandLeft = c.GuardBandTop = l.viewportBoundsRange[0];
    c.GuardBandRight = c.GuardBandBottom = l.viewportBoundsRange[1];
}

} // namespace

DWORD simultaneousTargets(const Adapter& adapter) {
    return std::min<DWORD>(state::kMaxRenderTargets, adapter.properties.limits.maxColorAttachments);
}

float maxPointSize(const Adapter& adapter) {
    return adapter.caps.coreFeatures.largePoints ? adapter.properties.limits.pointSizeRange[1] : 1.0f;
}

D3DCAPS9 deviceCaps(const Adapter& adapter, UINT ordinal) {
    D3DCAPS9 c{};
    c.DeviceType = D3DDEVTYPE_HAL;
    c.AdapterOrdinal = ordinal;
    c.MasterAdapterOrdinal = ordinal;
    c.AdapterOrdinalInGroup = 0;
    c.NumberOfAdaptersInGroup = 1;
    // Automatic mipmaps: the driver blits them (GENERATEMIPSUBLEVELS; CheckDeviceFormat says for
    // which formats).
    c.Caps2 = D3DCAPS2_DYNAMICTEXTURES | D3DCAPS2_CANAUTOGENMIPMAP;
    // Full-screen presents go through the gamma ramp (device9_gamma.cpp), on push descriptors.
    if (adapter.caps.pushDescriptor) c.Caps2 |= D3DCAPS2_FULLSCREENGAMMA;
    c.PresentationIntervals = D3DPRESENT_INTERVAL_IMMEDIATE | D3DPRESENT_INTERVAL_ONE;
    c.CursorCaps = 0;
    c.DevCaps = D3DDEVCAPS_EXECUTESYSTEMMEMORY | D3DDEVCAPS_EXECUTEVIDEOMEMORY | D3DDEVCAPS_TLVERTEXSYSTEMMEMORY |
                D3DDEVCAPS_TLVERTEXVIDEOMEMORY | D3DDEVCAPS_TEXTUREVIDEOMEMORY | D3DDEVCAPS_DRAWPRIMTLVERTEX |
                D3DDEVCAPS_CANRENDERAFTERFLIP | D3DDEVCAPS_DRAWPRIMITIVES2 | D3DDEVCAPS_DRAWPRIMITIVES2EX |
                D3DDEVCAPS_HWTRANSFORMANDLIGHT | D3DDEVCAPS_HWRASTERIZATION | D3DDEVCAPS_PUREDEVICE;
    // Stream offsets and instancing (docs/stream-frequency.md); BLT from texture levels.
    c.DevCaps2 = D3DDEVCAPS2_STREAMOFFSET | D3DDEVCAPS2_VERTEXELEMENTSCANSHARESTREAMOFFSET |
                 D3DDEVCAPS2_CAN_STRETCHRECT_FROM_TEXTURES;
    rasterCaps(adapter, c);
    textureCaps(adapter, c);
    vertexCaps(adapter, c);
    shaderCaps(c);
    return c;
}

} // namespace ddivk::d3d9
